//! Tables of parametrised games, solved by the library, for `pattern` to read (docs/pattern.md):
//! one row a line, the parameters then the value.
//!
//! ```text
//! game_tables subtraction MAX S1 S2 ...   a pile of n <= MAX, a move takes one of S1, S2, ...:
//!                                         rows `n W|L` (with --grundy, `n value`)
//! game_tables two_heaps MAX S1 S2 ...     two such piles a, b <= MAX, a move on one of them: `a b W|L`
//! game_tables wythoff MAX                 two piles, take any number from one or the same from both
//! game_tables move_or_block MAX           move_or_block's (l, r, c) model, each count <= MAX: `l r c W|L|D`
//! game_tables cutcake MAX                 Cutcake on an m x n cake, m, n <= MAX: `m n value`
//! game_tables toads_frogs MAX             Toads and Frogs on T^a .^b F^c, a, b, c <= MAX: `a b c value`
//! ```
//!
//! MAX is at most 10^6, 1000, 300, 100, 64 and 5 respectively; a bad argument is one `error:` line,
//! exit 2, and so is memory that cannot be had: each impartial table's need (the moves laid out,
//! the solver's, the lines) is checked before it is taken ([`check_memory`]), and the partizan
//! tables' forms as they are made.
//!
//! The impartial games are written with the forward API ([`ForwardGame`]: the moves out of each
//! state) and solved with [`try_solve`], or [`try_loopy_values`] for `--grundy`; move_or_block's
//! model is the library's own. The partizan ones (Cutcake: Left cuts a piece along a line between
//! two of its columns, Right between two of its rows; Toads and Frogs as examples/toads_frogs.rs
//! plays it) are valued by [`Evaluator`]: the value is the canonical form in CGSuite's notation,
//! without spaces, or with `--outcome` who wins (`Left`, `Right`, `First`, `Second`).

use graph_games::forward::{self, ForwardGame};
use graph_games::games::move_or_block::model::CountsGame;
use graph_games::games::move_or_block::Counts;
use graph_games::memory::check_memory;
use graph_games::partizan::{Evaluator, FormId, Forms, Rules, Side};
use graph_games::solver::{
    search_bytes_per_state, try_loopy_values, try_solve, values_bytes, Game, Outcome, Start, Value,
};
use std::io::Write;

/// The most bytes a line of a table takes in the text, counting the text's doubling.
const LINE_BYTES: u128 = 32;

/// Checks that a table of `lines` lines, of a forward game of `states` states whose rules are
/// `rules`, can be had: the moves laid out, the search's (or with `grundy` the values') need, and
/// the text.
fn check_forward(
    states: usize,
    rules: &impl Fn(usize, &mut Vec<usize>),
    grundy: bool,
    lines: usize,
) -> Result<(), String> {
    // The rules listed once to count the moves (the game lists them again as it is laid out).
    let (mut moves, mut max_moves, mut list) = (0, 0, Vec::new());
    for s in 0..states {
        list.clear();
        rules(s, &mut list);
        moves += list.len();
        max_moves = max_moves.max(list.len());
    }
    let max_moves = max_moves.min(u32::MAX as usize - 1) as u32;
    let solver = if grundy {
        values_bytes(states, moves, max_moves)
    } else {
        search_bytes_per_state(max_moves, false) * states as u128
    };
    let need = forward::peak_bytes(states, moves) + solver + LINE_BYTES * lines as u128;
    check_memory(need, format_args!("a game of {states} states and {moves} moves")).map_err(|e| e.to_string())
}

fn token(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "W",
        Outcome::Lose => "L",
        Outcome::Draw => "D",
    }
}

fn numbers(args: &[String]) -> Result<Vec<usize>, String> {
    args.iter().map(|a| a.parse::<usize>().map_err(|_| format!("`{a}` is not a count"))).collect()
}

/// Cutcake's rules on a sum of cakes `(rows, columns)`, kept sorted, 1 x 1 pieces dropped (no one
/// can cut them).
struct Cutcake;

impl Rules for Cutcake {
    type Position = Vec<(u8, u8)>;

    fn moves(&self, cakes: &Vec<(u8, u8)>, side: Side, list: &mut Vec<Vec<(u8, u8)>>) {
        if let [(m, n)] = cakes[..] {
            // Left cuts between columns, Right between rows.
            let length = if side == Side::Left { n } else { m };
            for k in 1..length {
                let halves = if side == Side::Left { [(m, k), (m, n - k)] } else { [(k, n), (m - k, n)] };
                let mut pieces: Vec<(u8, u8)> = halves.iter().copied().filter(|&p| p != (1, 1)).collect();
                pieces.sort_unstable();
                list.push(pieces);
            }
        }
    }

    fn split(&self, cakes: &Vec<(u8, u8)>, parts: &mut Vec<Vec<(u8, u8)>>) {
        if cakes.len() >= 2 {
            parts.extend(cakes.iter().map(|&cake| vec![cake]));
        }
    }
}

/// Toads and Frogs on a strip (`T`, `F`, `.`): toads go right, frogs left, one cell or over one
/// creature of the other kind (docs/problems/toads_frogs.md).
struct ToadsFrogs;

impl Rules for ToadsFrogs {
    type Position = Vec<u8>;

    fn moves(&self, strip: &Vec<u8>, side: Side, list: &mut Vec<Vec<u8>>) {
        let (mine, theirs) = if side == Side::Left { (b'T', b'F') } else { (b'F', b'T') };
        let cell = |i: Option<usize>| i.and_then(|i| strip.get(i).copied());
        for i in 0..strip.len() {
            let ahead =
                |steps: usize| if side == Side::Left { Some(i + steps) } else { i.checked_sub(steps) };
            if strip[i] != mine {
                continue;
            }
            let to = match cell(ahead(1)) {
                Some(b'.') => ahead(1),
                Some(c) if c == theirs && cell(ahead(2)) == Some(b'.') => ahead(2),
                _ => None,
            };
            if let Some(to) = to {
                let mut after = strip.clone();
                after[i] = b'.';
                after[to] = mine;
                list.push(after);
            }
        }
    }
}

/// A row's value: the form, or with `outcome` who wins it.
fn partizan_token(forms: &mut Forms, g: FormId, outcome: bool) -> Result<String, String> {
    if outcome {
        Ok(forms.winner(g).map_err(|e| e.to_string())?.name().to_string())
    } else {
        forms.try_show(g).map_err(|e| e.to_string())
    }
}

fn tables(args: &[String]) -> Result<String, String> {
    let grundy = args.iter().any(|a| a == "--grundy");
    let outcome = args.iter().any(|a| a == "--outcome");
    let args: Vec<String> = args.iter().filter(|a| *a != "--grundy" && *a != "--outcome").cloned().collect();
    let (game, rest) = args
        .split_first()
        .ok_or("name a game: subtraction, two_heaps, wythoff, move_or_block, cutcake, toads_frogs")?;
    let rest = numbers(rest)?;
    let (&max, moves) = rest.split_first().ok_or("give MAX")?;
    // Each game's MAX keeps its solve within seconds and a few hundred MB.
    let most = match game.as_str() {
        "subtraction" => 1_000_000,
        "two_heaps" => 1000,
        "wythoff" => 300,
        "move_or_block" => 100,
        "cutcake" => 64,
        "toads_frogs" => 5,
        _ => return Err(format!("unknown game `{game}`")),
    };
    if max > most {
        return Err(format!("{game}: MAX is at most {most}"));
    }
    let partizan = matches!(game.as_str(), "cutcake" | "toads_frogs");
    if partizan && grundy {
        return Err(format!("{game} is partizan: no Grundy values (its values are its canonical forms)"));
    }
    if !partizan && outcome {
        return Err(format!("{game}: --outcome is for the partizan games (this table is outcomes already)"));
    }
    if partizan && !moves.is_empty() {
        return Err(format!("{game} takes MAX alone"));
    }
    let mut out = String::new();
    match game.as_str() {
        "subtraction" => {
            let moves = moves.to_vec();
            out.push_str(&format!(
                "# subtraction game {moves:?}: n, then {}\n",
                if grundy { "its Grundy value" } else { "W or L" }
            ));
            let rules = |n: usize, list: &mut Vec<usize>| {
                list.extend(moves.iter().filter(|&&k| k <= n).map(|&k| n - k))
            };
            check_forward(max + 1, &rules, grundy, max + 1)?;
            let game = ForwardGame::new(max + 1, rules, |_| Start::Lose);
            if grundy {
                let values = try_loopy_values(&game).map_err(|e| e.to_string())?;
                for n in 0..=max {
                    match values.value(n) {
                        Value::Finite(v) => out.push_str(&format!("{n} {v}\n")),
                        Value::Infinite => out.push_str(&format!("{n} inf\n")),
                    }
                }
            } else {
                let solution = try_solve(&game).map_err(|e| e.to_string())?;
                for n in 0..=max {
                    out.push_str(&format!("{n} {}\n", token(solution.outcome(n))));
                }
            }
        }
        "two_heaps" | "wythoff" => {
            let wythoff = game == "wythoff";
            let moves = moves.to_vec();
            let side = max + 1;
            let rules = |s: usize, list: &mut Vec<usize>| {
                let (a, b) = (s / side, s % side);
                if wythoff {
                    list.extend((1..=a).map(|k| (a - k) * side + b));
                    list.extend((1..=b).map(|k| a * side + b - k));
                    list.extend((1..=a.min(b)).map(|k| (a - k) * side + b - k));
                } else {
                    list.extend(moves.iter().filter(|&&k| k <= a).map(|&k| (a - k) * side + b));
                    list.extend(moves.iter().filter(|&&k| k <= b).map(|&k| a * side + b - k));
                }
            };
            check_forward(side * side, &rules, false, side * side)?;
            let game = ForwardGame::new(side * side, rules, |_| Start::Lose);
            out.push_str("# a b outcome\n");
            let solution = try_solve(&game).map_err(|e| e.to_string())?;
            for s in 0..side * side {
                out.push_str(&format!("{} {} {}\n", s / side, s % side, token(solution.outcome(s))));
            }
        }
        "move_or_block" => {
            let model = CountsGame::new(3 * max);
            let lines = (max + 1).pow(3);
            let search = search_bytes_per_state(model.max_moves(), false) * model.num_states() as u128;
            check_memory(search + LINE_BYTES * lines as u128, format_args!("the table of {lines} lines"))
                .map_err(|e| e.to_string())?;
            let solution = try_solve(&model).map_err(|e| e.to_string())?;
            out.push_str("# l r c outcome (move_or_block's model)\n");
            for l in 0..=max as u64 {
                for r in 0..=max as u64 {
                    for c in 0..=max as u64 {
                        let state = model.state(Counts { left: l, right: r, elsewhere: c });
                        out.push_str(&format!("{l} {r} {c} {}\n", token(solution.outcome(state))));
                    }
                }
            }
        }
        "cutcake" => {
            let mut forms = Forms::try_new().map_err(|e| e.to_string())?;
            let mut evaluator = Evaluator::new(Cutcake);
            let what = if outcome { "who wins" } else { "its value" };
            out.push_str(&format!("# cutcake: m rows, n columns (Left cuts between columns), {what}\n"));
            for m in 1..=max as u8 {
                for n in 1..=max as u8 {
                    let cake = if (m, n) == (1, 1) { Vec::new() } else { vec![(m, n)] };
                    let g = evaluator.value(&mut forms, cake).map_err(|e| e.to_string())?;
                    out.push_str(&format!("{m} {n} {}\n", partizan_token(&mut forms, g, outcome)?));
                }
            }
        }
        "toads_frogs" => {
            let mut forms = Forms::try_new().map_err(|e| e.to_string())?;
            let mut evaluator = Evaluator::new(ToadsFrogs);
            let what = if outcome { "who wins" } else { "its value" };
            out.push_str(&format!("# toads_frogs: the strip of a toads, b empty cells, c frogs, {what}\n"));
            for a in 0..=max {
                for b in 0..=max {
                    for c in 0..=max {
                        let strip = [vec![b'T'; a], vec![b'.'; b], vec![b'F'; c]].concat();
                        let g = evaluator.value(&mut forms, strip).map_err(|e| e.to_string())?;
                        out.push_str(&format!("{a} {b} {c} {}\n", partizan_token(&mut forms, g, outcome)?));
                    }
                }
            }
        }
        _ => return Err(format!("unknown game `{game}`")),
    }
    Ok(out)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match tables(&args) {
        Ok(text) => {
            // A closed pipe is not an error.
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
        }
        Err(why) => {
            eprintln!("error: {why}");
            std::process::exit(2);
        }
    }
}
