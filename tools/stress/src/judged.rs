//! `stress GAME`: a solution of one of the library's games against its answers, on generated
//! cases within the judge's constraints (unless `--beyond-limits`), small ones then large ones.
//!
//! A failure is shrunk: a time-out first by size ([`crate::by_size`]: the same case's family and seed
//! regenerated at sizes found by bisection, while it still times out, within a budget of runs),
//! then every failure by the game's steps ([`cases::candidates`]) within `--shrink-time`, each
//! step kept if it still fails the same way. Every step keeps the judge's constraints when they
//! hold. The smallest failing input so far is saved at each step, so an interrupted run leaves it
//! saved.

use crate::cases::{self, Case, Rng};
use crate::child::{Limit, Runner};
use crate::games::Subject;
use crate::judge::{seconds, Failure, InProcess, Judge, Trouble};
use crate::options::Options;
use crate::plan::{case_rng, case_size, family_of, Outcome};
use crate::report::{self, check_out, plural, write_files, Found, Progress};
use crate::shrink_file;
use crate::shrinking::{shrink_failure, Shrinking};
use crate::sys::{self, cannot_write};
use graph_games::input::Error;
use std::time::{Duration, Instant};

/// What the options make of a game's settings.
struct Settings {
    /// The judge's constraints hold (a judged problem, without `--beyond-limits`).
    judged: bool,
    largest: usize,
    family: Option<usize>,
    large: u64,
    time_limit: Duration,
}

impl Settings {
    fn of<G: Subject>(options: &Options) -> Result<Settings, Error> {
        let judged = G::STATEMENT.is_some() && !options.beyond_limits;
        let most = match &G::STATEMENT {
            Some(statement) if judged => statement.max_size,
            _ => G::MAX_SIZE,
        };
        let largest = options.size.unwrap_or(G::DEFAULT_SIZE as u64);
        if largest > most as u64 {
            let whose = if judged { " under the judge's constraints (--beyond-limits for more)" } else { "" };
            return Err(Error::new(format!(
                "--size {largest}: {} has at most {most} {}{whose}",
                G::NAME,
                G::SIZE_COUNTS
            )));
        }
        let judge_limit = G::STATEMENT.as_ref().map(|s| Duration::from_millis(s.time_limit_ms));
        let asked = G::STATEMENT.is_some() || options.time_limit.is_some();
        Ok(Settings {
            judged,
            largest: largest as usize,
            family: family_of::<G::Case>(options.family.as_deref(), G::NAME)?,
            large: options.large.unwrap_or(if asked { 3 } else { 0 }),
            time_limit: options.time_limit.or(judge_limit).unwrap_or(Duration::from_secs(2)),
        })
    }
}

/// Case `number`'s input: from `family` (else one drawn at random) at `size`, made to keep the
/// judge's constraints when they hold (an error if it still breaks one: a generator's bug).
fn make<G: Subject>(
    judged: bool,
    family: Option<usize>,
    rng: &mut Rng,
    size: usize,
) -> Result<G::Case, Error> {
    let case = match family {
        Some(family) => G::Case::generate(family, rng, size),
        None => G::Case::random(rng, size),
    };
    if !judged {
        return Ok(case);
    }
    let case = case.fit_judge();
    match case.judge_flaw() {
        None => Ok(case),
        Some(flaw) => {
            Err(Error::new(format!("{}: a generated case breaks the judge's constraints: {flaw}", G::NAME)))
        }
    }
}

/// `--gen`: one input on stdout.
pub fn generate<G: Subject>(options: &Options) -> Result<(), Error> {
    let settings = Settings::of::<G>(options)?;
    let size = settings.largest;
    let case = make::<G>(settings.judged, settings.family, &mut case_rng(options.seed, 0), size)?;
    sys::write_stdout(&case.write()).map_err(|e| cannot_write(&e))
}

/// The cases, one by one, until one fails; then its shrink and report.
pub fn stress<G: Subject>(options: &Options) -> Result<Outcome, Error> {
    let settings = Settings::of::<G>(options)?;
    check_out(&options.out)?;
    let (program, args) = options.command.split_first().expect("a command");
    let runner =
        Runner::new(program, args, Limit::of_solution(settings.time_limit)).without_env(&options.env_removed);
    let mut judge = Judge::new(InProcess::<G>::new(), runner);
    if options.shrink.is_some() {
        let judged = settings.judged;
        let case_of = |bytes: &[u8]| -> Result<G::Case, Error> {
            let case = G::Case::parse(bytes)
                .ok_or_else(|| Error::new(format!("not a valid input of {}", G::NAME)))?;
            match case.judge_flaw() {
                Some(flaw) if judged => Err(Error::new(format!(
                    "it breaks the judge's constraints: {flaw} (--beyond-limits to shrink it anyway)"
                ))),
                _ => Ok(case),
            }
        };
        let kind = shrink_file::Kind {
            name: G::NAME,
            case_of: &case_of,
            smaller: &|case: &G::Case, visit: &mut dyn FnMut(G::Case) -> bool| {
                cases::candidates_complete(case, judged, visit)
            },
            write: &|case: &G::Case| case.write(),
            hint: None,
        };
        return shrink_file::shrink_file(options, &mut judge, kind);
    }
    let mut progress = Progress::new(sys::stderr_is_terminal());
    let start = Instant::now();
    let large_family = G::Case::FAMILIES.iter().position(|f| *f == G::LARGE.0);
    let total = options.cases.saturating_add(settings.large);
    for number in 1..=total {
        let large = number > options.cases;
        let (family, size) = match large {
            false => (settings.family, case_size(number, options.cases, settings.largest)),
            true => (large_family, G::LARGE.1),
        };
        progress.case(number, total, size);
        let case = make::<G>(settings.judged, family, &mut case_rng(options.seed, number), size)?;
        let input = case.write();
        let verdict = match judge.judge(&input) {
            Ok(Some(verdict)) => verdict,
            Ok(None) => continue,
            Err(Trouble::Interrupted) => {
                progress.clear();
                let line =
                    format!("{}: interrupted: {} passed before it\n", G::NAME, plural(number - 1, "case"));
                sys::write_stdout(line.as_bytes()).map_err(|e| cannot_write(&e))?;
                return Ok(Outcome::Interrupted);
            }
            Err(Trouble::CannotRun(e)) => return Err(e),
            Err(Trouble::Rejected(e)) | Err(Trouble::Helper(e)) => {
                return Err(Error::new(format!(
                    "the library rejects case {number} (seed {}, size {size}), a generator's bug: {e}",
                    options.seed
                )))
            }
        };
        let found = Found {
            game: G::NAME,
            seed: options.seed,
            cases: options.cases,
            out: &options.out,
            number,
            size,
            large,
            bytes: input.len(),
            hint: None,
            which: None,
        };
        let failure = Failure::of_last_run(&mut judge, case, input, verdict);
        write_files(&options.out, &failure)?;
        // The same case (its seed and family) at another size.
        let mut make = |size: usize| -> Result<(G::Case, Vec<u8>), Trouble> {
            let mut rng = case_rng(options.seed, number);
            let case = make::<G>(settings.judged, family, &mut rng, size).map_err(Trouble::CannotRun)?;
            let input = case.write();
            Ok((case, input))
        };
        let judged = settings.judged;
        let with = Shrinking {
            make: &mut make,
            size,
            smaller: &move |case: &G::Case, visit: &mut dyn FnMut(G::Case) -> bool| {
                cases::candidates_complete(case, judged, visit)
            },
            write: &|case: &G::Case| case.write(),
            budget: options.budget(),
            out: &options.out,
        };
        let (failure, shrunk, by_size) = shrink_failure(&mut judge, failure, with, &mut progress)?;
        progress.clear();
        let mut report = Vec::new();
        report::print(&mut report, &found, &failure, &shrunk, by_size.as_ref()).expect("a write into memory");
        sys::write_stdout(&report).map_err(|e| cannot_write(&e))?;
        return Ok(Outcome::Failed);
    }
    progress.clear();
    let elapsed = start.elapsed();
    let stats = judge.stats();
    let large = match settings.large {
        0 => String::new(),
        n => format!(" and {n} of size {}", G::LARGE.1),
    };
    let within = if settings.judged { ", within the judge's constraints" } else { "" };
    let summary = format!(
        "{}: {} cases passed (seed {}, sizes 1 to {} {}{large}{within}; {} s, {:.0} cases per second, {})\n",
        G::NAME,
        stats.judged,
        options.seed,
        settings.largest,
        G::SIZE_COUNTS,
        seconds(elapsed),
        stats.judged as f64 / elapsed.as_secs_f64().max(1e-9),
        report::slowest(&stats),
    );
    sys::write_stdout(summary.as_bytes()).map_err(|e| cannot_write(&e))?;
    Ok(Outcome::Passed)
}
