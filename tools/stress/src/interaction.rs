//! The verdict of an interactive run ([`decide`]), from how each side ended and which ended its
//! output first. Invariant: a verdict names the cause: a jury that fails decides (it is never
//! taken for the player's failure), and so does a jury that gave its verdict before the player's
//! output ended; otherwise the player's limits and exit come first, then the jury's verdict.

use crate::child::{signal_name, Ending, Limit};
use crate::generic::what_it_did;
use crate::greedy::Trouble;
use crate::judge::seconds;
use crate::relay::{Interaction, PlayerEnd};
use graph_games::input::Error;
use std::time::Duration;

/// Why an interactive run fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    WrongAnswer,
    PresentationError,
    RuntimeError(Ending),
    /// Past the CPU limit (or, bytes still flowing, past the whole run's wall limit).
    TimeLimit {
        cpu: Option<Duration>,
        wall: Duration,
    },
    /// Nothing passed either way for this long: killed.
    Idleness(Duration),
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::RuntimeError(_) => "runtime error",
            Verdict::TimeLimit { .. } => "time limit exceeded",
            Verdict::Idleness(_) => "idleness limit exceeded",
        }
    }

    /// The same kind of verdict (what a shrunk input must keep).
    pub fn same_kind(&self, other: &Verdict) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    pub fn detail(&self, run: &Interaction, limit: Limit) -> String {
        match *self {
            Verdict::WrongAnswer | Verdict::PresentationError => {
                format!("the jury says so: {}", what_it_did(run.jury, &run.jury_stderr))
            }
            Verdict::RuntimeError(Ending::Signaled(signal)) => match signal_name(signal) {
                Some(name) => format!("the command was killed by signal {signal} ({name})"),
                None => format!("the command was killed by signal {signal}"),
            },
            Verdict::RuntimeError(Ending::Exited(code)) => format!("the command's exit status {code}"),
            Verdict::RuntimeError(ending) => format!("{ending:?}"),
            Verdict::TimeLimit { cpu: Some(cpu), .. } if cpu > limit.asked() => format!(
                "{} s of CPU time, past the limit of {} s: killed; a second run timed out too",
                seconds(cpu),
                seconds(limit.asked())
            ),
            Verdict::TimeLimit { wall, .. } => format!(
                "still running after {} s of wall time, bytes still passing: killed; a second run timed out too",
                seconds(wall)
            ),
            Verdict::Idleness(idle) => format!(
                "nothing passed either way for {} s (the idle limit, {} times the time limit), both sides \
                 waiting (a line never flushed, or more read than was sent): killed",
                seconds(idle),
                crate::child::WALL_FACTOR
            ),
        }
    }
}

/// The verdict of `run`, `None` if accepted; a jury that failed is [`Trouble::Rejected`] with
/// exit status 3 (a bad input, as testlib says it), else [`Trouble::Helper`].
pub fn decide(run: &Interaction, jury_name: &str, idle: Duration) -> Result<Option<Verdict>, Trouble> {
    if run.player == PlayerEnd::Interrupted || run.jury == Ending::Interrupted {
        return Err(Trouble::Interrupted);
    }
    let jury = match run.jury {
        Ending::Exited(0) => Ok(None),
        Ending::Exited(1) => Ok(Some(Verdict::WrongAnswer)),
        Ending::Exited(2) => Ok(Some(Verdict::PresentationError)),
        ending => {
            let did = what_it_did(ending, &run.jury_stderr);
            Err(match ending {
                Ending::Exited(3) => Trouble::Rejected(Error::new(format!("{jury_name} fails on it: {did}"))),
                _ => Trouble::Helper(Error::new(format!("{jury_name} failed: {did}"))),
            })
        }
    };
    // A jury that fails decides (testlib's rule: a judge's failure, whatever the player did), and
    // so does a jury that ended before the player's output did, whatever the player did after.
    if jury.is_err() || run.jury_first && jury.as_ref().map_or(false, Option::is_some) {
        return jury;
    }
    match run.player {
        PlayerEnd::OverCpu | PlayerEnd::OverWall => {
            Ok(Some(Verdict::TimeLimit { cpu: run.cpu, wall: run.wall }))
        }
        PlayerEnd::Idle => Ok(Some(Verdict::Idleness(idle))),
        PlayerEnd::Ended(Ending::Exited(0)) => jury,
        PlayerEnd::Ended(ending) => Ok(Some(Verdict::RuntimeError(ending))),
        PlayerEnd::Interrupted => Err(Trouble::Interrupted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interaction(player: PlayerEnd, jury: Ending, jury_first: bool) -> Interaction {
        Interaction {
            player,
            jury,
            jury_first,
            transcript: Vec::new(),
            jury_stderr: b"why\n".to_vec(),
            player_stderr: Vec::new(),
            cpu: Some(Duration::from_millis(10)),
            wall: Duration::from_millis(20),
        }
    }

    fn verdict(player: PlayerEnd, jury: Ending, jury_first: bool) -> Result<Option<Verdict>, String> {
        let idle = Duration::from_millis(600);
        decide(&interaction(player, jury, jury_first), "the jury", idle).map_err(|trouble| match trouble {
            Trouble::Rejected(e) => format!("rejected: {}", e.message()),
            Trouble::Helper(e) => format!("helper: {}", e.message()),
            Trouble::CannotRun(_) => "cannot run".to_string(),
            Trouble::Interrupted => "interrupted".to_string(),
        })
    }

    #[test]
    fn the_verdict_names_the_cause() {
        let (ok, crashed) = (PlayerEnd::Ended(Ending::Exited(0)), PlayerEnd::Ended(Ending::Signaled(11)));
        assert_eq!(verdict(ok, Ending::Exited(0), false), Ok(None));
        assert_eq!(verdict(ok, Ending::Exited(1), false), Ok(Some(Verdict::WrongAnswer)));
        assert_eq!(verdict(ok, Ending::Exited(2), true), Ok(Some(Verdict::PresentationError)));
        // A wrong answer given before the player failed stays one; a player that failed first,
        // the jury seeing only its output end, is a runtime error.
        assert_eq!(verdict(crashed, Ending::Exited(1), true), Ok(Some(Verdict::WrongAnswer)));
        assert_eq!(
            verdict(crashed, Ending::Exited(1), false),
            Ok(Some(Verdict::RuntimeError(Ending::Signaled(11))))
        );
        // Accepted by the jury, but the player then exits non-zero: a runtime error.
        let failed = PlayerEnd::Ended(Ending::Exited(3));
        assert_eq!(
            verdict(failed, Ending::Exited(0), true),
            Ok(Some(Verdict::RuntimeError(Ending::Exited(3))))
        );
        // Limits: idleness and CPU time, unless the jury had decided first.
        assert_eq!(
            verdict(PlayerEnd::Idle, Ending::Exited(1), false),
            Ok(Some(Verdict::Idleness(Duration::from_millis(600))))
        );
        assert_eq!(verdict(PlayerEnd::Idle, Ending::Exited(1), true), Ok(Some(Verdict::WrongAnswer)));
        let slow = verdict(PlayerEnd::OverCpu, Ending::Exited(1), false);
        assert!(matches!(slow, Ok(Some(Verdict::TimeLimit { .. }))), "{slow:?}");
        // A jury that fails decides, whatever the player did.
        assert_eq!(
            verdict(crashed, Ending::Exited(3), false),
            Err("rejected: the jury fails on it: exit status 3, its stderr: `why`".into())
        );
        assert_eq!(
            verdict(ok, Ending::Signaled(6), true),
            Err("helper: the jury failed: killed by signal 6 (SIGABRT), its stderr: `why`".into())
        );
        assert_eq!(
            verdict(ok, Ending::TimedOut, false),
            Err("helper: the jury failed: still running at its time limit: killed, its stderr: `why`".into())
        );
        assert_eq!(verdict(PlayerEnd::Interrupted, Ending::Exited(1), false), Err("interrupted".into()));
    }
}
