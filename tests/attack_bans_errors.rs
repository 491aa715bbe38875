//! An attack on the errors of games with bans (docs/scores.md, the rustdoc of `ScoredGame`,
//! `Stand` and `with_bans`): bans as many as the moves or more, bans on an end, `with_bans` of
//! the wrong length, a game that lies about its moves. Each must be an error (naming the state
//! where the docs say so) or, where the docs leave the totals unspecified, an answer: never a
//! panic, never a hang (each run in a thread with a deadline).

use graph_games::scores::{self, solve, solve_totals, ForwardScored, ScoreGraph, ScoredGame, Side, Stand};
use std::cell::Cell;
use std::sync::mpsc;
use std::time::Duration;

/// A game told by hand: its starts as given (possibly too many or too few) and the moves into
/// each state; `flip` makes its answers change from one ask to the next.
#[derive(Clone)]
struct Liar {
    n: usize,
    starts: Vec<(Side, Stand)>,
    into: Vec<Vec<(usize, i64)>>,
    flip: bool,
    asked: Cell<u64>,
}

impl ScoredGame for Liar {
    fn num_states(&self) -> usize {
        self.n
    }
    fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
        for &(side, stand) in &self.starts {
            visit(side, stand);
        }
    }
    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, s: usize, mut visit: F) {
        self.asked.set(self.asked.get() + 1);
        let odd = self.flip && self.asked.get() % 2 == 1;
        for &(p, w) in self.into.get(s).map(|v| &v[..]).unwrap_or(&[]) {
            visit(p, w);
            if odd {
                visit(p, w);
            }
        }
    }
}

/// What each of the three searches says: `Ok(())` or the error's message. Panics and hangs fail.
fn run_all(name: &str, game: Liar) -> Vec<Result<(), String>> {
    let (send, receive) = mpsc::channel();
    let case = name.to_string();
    std::thread::spawn(move || {
        let mut results = Vec::new();
        for ender in [Side::Min, Side::Max] {
            let full = solve(&game, ender);
            if let Ok(totals) = &full {
                // The move to play must not panic on the user's game either.
                for p in 0..game.n {
                    let _ = totals.best_move(&game, p);
                    let _ = totals.line(&game, p);
                }
            }
            results.push(full.map(|_| ()).map_err(|e| e.message().to_string()));
            results.push(solve_totals(&game, ender).map(|_| ()).map_err(|e| e.message().to_string()));
            results.push(scores::plain::solve(&game, ender).map(|_| ()).map_err(|e| e.message().to_string()));
        }
        let _ = send.send(results);
    });
    match receive.recv_timeout(Duration::from_secs(20)) {
        Ok(results) => results,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{case}: hangs"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{case}: panics"),
    }
}

fn liar(starts: Vec<(Side, Stand)>, into: Vec<Vec<(usize, i64)>>) -> Liar {
    Liar { n: 5, starts, into, flip: false, asked: Cell::new(0) }
}

/// Five states: 0 an end, 1 and 2 Min's, 3 as given, 4 Max's; 1, 2, 3 and 4 each move to 0.
fn with_state_3(stand: Stand, moves_of_3: usize) -> Liar {
    let open = |k| (Side::Min, Stand::Open(k));
    let starts =
        vec![(Side::Min, Stand::End(0)), open(1), open(1), (Side::Max, stand), (Side::Max, Stand::Open(1))];
    let mut into0 = vec![(1, 1), (2, 2), (4, 3)];
    into0.extend(std::iter::repeat((3, 4)).take(moves_of_3));
    liar(starts, vec![into0, vec![], vec![], vec![], vec![]])
}

fn all_err_naming(name: &str, game: Liar, state: &str) {
    for r in run_all(name, game) {
        let message = r.expect_err(name);
        assert!(message.contains(state), "{name}: the error does not name {state}: {message}");
    }
}

#[test]
fn bans_as_many_as_moves_are_an_error_naming_the_state() {
    all_err_naming("bans == moves", with_state_3(Stand::Banned { moves: 2, bans: 2 }, 2), "3");
    all_err_naming("bans > moves", with_state_3(Stand::Banned { moves: 2, bans: 7 }, 2), "3");
    all_err_naming("no moves", with_state_3(Stand::Banned { moves: 0, bans: 0 }, 0), "3");
    let huge = Stand::Banned { moves: u32::MAX, bans: u32::MAX };
    all_err_naming("u32::MAX bans", with_state_3(huge, 1), "3");
}

#[test]
fn lies_the_docs_leave_unspecified_end_without_a_panic() {
    // Fewer moves listed than the stand says: unspecified totals, but an answer.
    for (moves, bans) in [(3, 1), (3, 2), (u32::MAX, 0), (u32::MAX, u32::MAX - 1), (u32::MAX, 1 << 31)] {
        let name = format!("Banned {{ moves: {moves}, bans: {bans} }} with 1 listed");
        let _ = run_all(&name, with_state_3(Stand::Banned { moves, bans }, 1));
    }
    // Moves listed out of an end are ignored.
    let mut game = with_state_3(Stand::Banned { moves: 2, bans: 1 }, 2);
    game.into[1].push((0, 1));
    for r in run_all("moves out of an end", game) {
        r.unwrap();
    }
    // Answers that change from one ask to the next (the move to play asks again).
    let mut game = with_state_3(Stand::Banned { moves: 2, bans: 1 }, 2);
    game.flip = true;
    let _ = run_all("a game that changes its answers", game);
}

#[test]
fn other_lies_are_errors() {
    let mut game = with_state_3(Stand::Banned { moves: 2, bans: 1 }, 2);
    game.into[0].push((9, 1));
    for r in run_all("a predecessor out of range", game) {
        assert!(r.unwrap_err().contains('9'));
    }
    let mut game = with_state_3(Stand::Banned { moves: 2, bans: 1 }, 1);
    game.into[0].push((3, -1));
    for r in run_all("a negative weight", game) {
        r.unwrap_err();
    }
    let mut game = with_state_3(Stand::Banned { moves: 2, bans: 1 }, 2);
    game.starts.pop();
    for r in run_all("too few starts", game) {
        r.unwrap_err();
    }
    let mut game = with_state_3(Stand::Banned { moves: 2, bans: 1 }, 2);
    game.starts.push((Side::Min, Stand::Banned { moves: 1, bans: 0 }));
    for r in run_all("too many starts", game) {
        r.unwrap_err();
    }
}

fn graph() -> ScoreGraph {
    // 0: Min with three moves to the ends 1, 2; 3 an end; 2 Max with one move to itself.
    let sides = [Side::Min, Side::Min, Side::Max, Side::Min];
    ScoreGraph::new(&sides, &[0, 1, 5, 9], &[(0, 1, 0), (0, 3, 0), (0, 2, 1), (2, 2, 0)]).unwrap()
}

#[allow(clippy::type_complexity)]
fn forward() -> ForwardScored<impl Fn(usize, &mut Vec<(usize, i64)>)> {
    let out = [vec![(1, 0), (3, 0), (2, 1)], vec![], vec![(2, 0)], vec![]];
    ForwardScored::new(
        4,
        |s| if s == 2 { Side::Max } else { Side::Min },
        move |s, l| l.extend(out[s].iter().cloned()),
        |s| [0, 1, 5, 9][s],
    )
    .unwrap()
}

#[test]
fn with_bans_errors() {
    let cases: [(&[u32], &str); 7] = [
        (&[0, 0, 0], "length"),
        (&[0, 0, 0, 0, 0], "length"),
        (&[], "length"),
        (&[3, 0, 0, 0], "position 0"),
        (&[0, 1, 0, 0], "position 1"),
        (&[0, 0, 1, 0], "position 2"),
        (&[u32::MAX, 0, 0, 0], "position 0"),
    ];
    for (bans, says) in cases.iter() {
        let a = graph().with_bans(bans).map(|_| ()).unwrap_err();
        let b = forward().with_bans(bans).map(|_| ()).unwrap_err();
        assert_eq!(a.message(), b.message());
        if *says != "length" {
            assert!(a.message().contains(says), "{bans:?}: {}", a.message());
        }
        println!("{bans:?}: {}", a.message());
    }
    // Allowed: bans of 0 on an end, k - 1 bans; then the game is solved.
    let g = graph().with_bans(&[2, 0, 0, 0]).unwrap();
    assert_eq!(solve(&g, Side::Min).unwrap().total(0), scores::Total::Never);
    let g = forward().with_bans(&[1, 0, 0, 0]).unwrap();
    assert_eq!(solve(&g, Side::Min).unwrap().total(0), scores::Total::Ends(9));
}

/// The finding of this attack, and the docs' answer. The rustdoc of `ScoredGame` said "more moves
/// listed out of a state than it has" is an error when the search sees it; a banned state listing
/// too many moves (all into the end 0, so all walked back) was never one, and on
/// `Banned { moves: 2, bans: 1 }` with 3 listed (`Side::Max` the ender) `solve` gave an error where
/// `plain::solve` gave totals. The searches keep a count of moves only at the other side's open
/// states; the docs now say so: such a surplus is an error there, and elsewhere unspecified totals
/// or an error, `solve` and `plain::solve` free to differ. Held here: the error where promised,
/// and an end without a panic or a hang everywhere else (`run_all`).
#[test]
fn a_surplus_of_moves_is_an_error_at_the_other_sides_open_state_and_ends_elsewhere() {
    let open = run_all("Open(3), 5 listed", with_state_3(Stand::Open(3), 5));
    assert!(open[..3].iter().all(|r| r.as_ref().unwrap_err().contains("state 3")), "{open:?}");
    for (moves, bans) in [(3, 1), (2, 1), (4, 2)] {
        for listed in [moves as usize + 1, moves as usize + 2] {
            let name = format!("Banned {{ moves: {moves}, bans: {bans} }}, {listed} listed");
            let _ = run_all(&name, with_state_3(Stand::Banned { moves, bans }, listed));
        }
    }
}

/// Random lying games: stands and lists that disagree (too few or too many moves listed, bans
/// out of bounds, predecessors out of range, negative weights, answers that change between
/// asks): every search, and the move to play on its answer, ends without a panic.
#[test]
fn random_lying_games_end_without_a_panic() {
    let mut state = 7u64;
    let mut next = move |bound: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % bound
    };
    let weights = [0i64, 1, 2, -1, i64::MAX, 1 << 62];
    let (mut errors, mut answers) = (0, 0);
    for case in 0..3000 {
        let n = 1 + next(8) as usize;
        let mut starts = Vec::new();
        for _ in 0..n + (next(20) == 0) as usize {
            let side = if next(2) == 0 { Side::Min } else { Side::Max };
            let stand = match next(6) {
                0 => Stand::End(next(5) as i64 - 2),
                1 => Stand::Open(next(4) as u32),
                2 if next(10) == 0 => Stand::Banned { moves: u32::MAX, bans: next(3) as u32 },
                _ => Stand::Banned { moves: next(5) as u32, bans: next(4) as u32 },
            };
            starts.push((side, stand));
        }
        let mut into = vec![Vec::new(); n];
        for list in into.iter_mut() {
            for _ in 0..next(5) {
                let out_of_range = (next(30) == 0) as u64;
                let p = next(n as u64 + out_of_range) as usize;
                let kinds = if next(20) == 0 { 6 } else { 3 };
                let w = weights[next(kinds) as usize];
                list.push((p, if w < 0 && next(3) > 0 { 0 } else { w }));
            }
        }
        let mut game = Liar { n, starts, into, flip: next(4) == 0, asked: Cell::new(0) };
        if next(2) == 0 {
            game.starts.truncate(n);
        }
        for r in run_all(&format!("lying game {case}"), game) {
            match r {
                Ok(()) => answers += 1,
                Err(_) => errors += 1,
            }
        }
    }
    println!("{answers} answers, {errors} errors");
}
