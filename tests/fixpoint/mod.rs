//! An oracle for win, lose or draw with depths that shares no code with the solver: a naive
//! fixpoint. Every vertex's label (win or lose with a depth, or none yet) is recomputed from all
//! the labels of the step before, until no label changes. A vertex without moves is `lose 0`
//! (`win 0` in misère); a vertex with a move into `lose d` is `win` of 1 + the smallest such `d`;
//! a vertex whose moves all go into wins is `lose` of 1 + the largest of their depths; the rest
//! stay unlabelled, and are draws at the end. Step `k` labels exactly the vertices of depth below
//! `k`, so it stops after the largest depth + 2 steps. Used by `graph_game_move.rs` and
//! `forward.rs`.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

/// The result for the player to move, with the depth for decided vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Win(u32),
    Lose(u32),
    Draw,
}

/// The naive fixpoint of the module doc: `successors[v]` lists the moves out of `v`.
pub fn oracle(successors: &[Vec<usize>], misere: bool) -> Vec<Verdict> {
    let mut labels: Vec<Option<Verdict>> = vec![None; successors.len()];
    for step in 0.. {
        assert!(step <= successors.len() + 1, "the fixpoint does not settle");
        let next: Vec<Option<Verdict>> = successors
            .iter()
            .map(|moves| {
                if moves.is_empty() {
                    return Some(if misere { Verdict::Win(0) } else { Verdict::Lose(0) });
                }
                let losses = moves.iter().filter_map(|&w| match labels[w] {
                    Some(Verdict::Lose(d)) => Some(d),
                    _ => None,
                });
                if let Some(d) = losses.min() {
                    return Some(Verdict::Win(d + 1));
                }
                let wins: Vec<u32> = moves
                    .iter()
                    .filter_map(|&w| match labels[w] {
                        Some(Verdict::Win(d)) => Some(d),
                        _ => None,
                    })
                    .collect();
                if wins.len() == moves.len() {
                    return Some(Verdict::Lose(wins.iter().max().unwrap() + 1));
                }
                None
            })
            .collect();
        if next == labels {
            break;
        }
        labels = next;
    }
    labels.into_iter().map(|x| x.unwrap_or(Verdict::Draw)).collect()
}

/// Whether moving from a vertex of `from` to one of `to` is optimal.
pub fn optimal(from: Verdict, to: Verdict) -> bool {
    match (from, to) {
        (Verdict::Win(d), Verdict::Lose(e)) | (Verdict::Lose(d), Verdict::Win(e)) => e + 1 == d,
        (Verdict::Draw, Verdict::Draw) => true,
        _ => false,
    }
}
