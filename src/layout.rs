//! The predecessor lists of a large graph laid out in two cache-friendly passes instead of one
//! pass of random writes: [`lay_out_in_buckets`], the speed trick beside
//! [`crate::graph::GraphBuilder::try_build`]'s plain counting sort, which it must always agree with
//! (the tests below check it against a plain layout of their own).
//!
//! The plain sort writes each edge's source at its target's cursor: a write to a random place of
//! an array of `4m` bytes, and a count at a random place of one of `4n`, for every edge. Here the
//! targets are cut into buckets of `2^low` consecutive vertices, where `low` is what a `u32` has
//! left beside a vertex number, so that an edge fits in one `u32` as `source << low | target's
//! place in its bucket`. Pass 1 writes each edge so packed at its bucket's cursor, in the bucket's
//! part of the predecessor array (the parts in the order of the buckets, each as long as the edges
//! into its vertices): as many write streams as buckets, each one sequential. Pass 2 takes the
//! buckets one by one, copies a bucket's part aside and sorts it back in place by target, in
//! input order within each target: the counts and the writes of a bucket stay within a few
//! hundred KiB, in the cache. Invariant: after pass 1, each bucket's part holds exactly the edges
//! into its vertices, in input order; after pass 2 the arrays are those of the plain sort.

/// At most this many buckets (their cursors stay in the first-level cache): beyond it, on graphs
/// of more than about 4 million vertices, a bucket would hold too few vertices to gain.
const MAX_BUCKETS: usize = 1 << 12;

/// At most this many edges into one bucket: the copy pass 2 makes of a bucket (1 MiB). More (a
/// few vertices with most of the edges): the plain sort.
const MAX_BUCKET_EDGES: usize = 1 << 18;

/// Lays out the predecessor lists of a graph of `n = pred_start.len() - 1` vertices and
/// `targets.len()` edges, edge `i` from `source_of(i)` (called once for each `i`, in increasing
/// order) to `targets[i]`: on return `pred_start` holds every vertex's block start and `m` last,
/// and `predecessors` every vertex's sources, each block in input order, as the plain counting
/// sort gives them. `pred_start` must come all zeros, `predecessors` as long as `targets`.
/// Returns false, having changed nothing in either, where the trick does not apply (fewer than
/// 2^16 vertices, more than 2^12 buckets, a bucket of more than 2^18 edges, or no memory for the
/// buckets' counters or the copy of one): the caller then sorts the plain way.
pub(crate) fn lay_out_in_buckets(
    targets: &[u32],
    pred_start: &mut [u32],
    predecessors: &mut [u32],
    mut source_of: impl FnMut(usize) -> u32,
) -> bool {
    let n = pred_start.len().saturating_sub(1);
    if n < 1 << 16 || n > u32::MAX as usize || predecessors.len() != targets.len() {
        return false;
    }
    // A source is below n, so within `32 - low` bits; a target's place in its bucket within `low`.
    let low = ((n - 1) as u32).leading_zeros();
    let buckets = ((n - 1) >> low) + 1;
    if buckets > MAX_BUCKETS {
        return false;
    }
    let mask = (1u32 << low) - 1;
    // Each bucket's edges counted, then turned into where its part starts. (Reserved checked as
    // the copy below: where even these 16 KiB cannot be had, the plain sort, which needs none.)
    let mut cursor: Vec<u32> = Vec::new();
    if cursor.try_reserve_exact(buckets).is_err() {
        return false;
    }
    cursor.resize(buckets, 0);
    for &t in targets {
        cursor[(t >> low) as usize] += 1;
    }
    let largest = cursor.iter().copied().max().unwrap_or(0) as usize;
    let mut aside: Vec<u32> = Vec::new();
    if largest > MAX_BUCKET_EDGES || aside.try_reserve_exact(largest).is_err() {
        return false;
    }
    let mut start = 0;
    for slot in cursor.iter_mut() {
        let edges = *slot;
        *slot = start;
        start += edges;
    }
    // Pass 1: each edge, packed, at its bucket's cursor; the cursors end where their parts end.
    for (i, &t) in targets.iter().enumerate() {
        let place = &mut cursor[(t >> low) as usize];
        predecessors[*place as usize] = source_of(i) << low | (t & mask);
        *place += 1;
    }
    // Pass 2: a bucket's vertices' ends counted from its part, then the part copied aside and
    // placed back from its last edge to its first, each at its target's end moved back one: the
    // plain sort within the bucket.
    let mut from = 0;
    for (b, &to) in cursor.iter().enumerate() {
        let to = to as usize;
        let first = b << low;
        let ends = &mut pred_start[first..n.min(first + (1 << low))];
        aside.clear();
        aside.extend_from_slice(&predecessors[from..to]);
        for &edge in &aside {
            ends[(edge & mask) as usize] += 1;
        }
        let mut end = from as u32;
        for slot in ends.iter_mut() {
            end += *slot;
            *slot = end;
        }
        for &edge in aside.iter().rev() {
            let place = &mut ends[(edge & mask) as usize];
            *place -= 1;
            predecessors[*place as usize] = edge >> low;
        }
        from = to;
    }
    pred_start[n] = targets.len() as u32;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The layout as a list per vertex, written plainly: `(starts, sources)`.
    fn plain(n: usize, sources: &[u32], targets: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (&s, &t) in sources.iter().zip(targets) {
            lists[t as usize].push(s);
        }
        let mut starts = vec![0u32];
        for list in &lists {
            starts.push(starts.last().unwrap() + list.len() as u32);
        }
        (starts, lists.concat())
    }

    fn in_buckets(n: usize, sources: &[u32], targets: &[u32]) -> Option<(Vec<u32>, Vec<u32>)> {
        let (mut starts, mut lists) = (vec![0; n + 1], vec![0; targets.len()]);
        let mut calls = 0;
        let laid_out = lay_out_in_buckets(targets, &mut starts, &mut lists, |i| {
            assert_eq!(i, calls, "sources asked in increasing order, once each");
            calls += 1;
            sources[i]
        });
        if laid_out {
            assert_eq!(calls, targets.len());
            Some((starts, lists))
        } else {
            assert!(starts.iter().all(|&s| s == 0) && lists.iter().all(|&s| s == 0), "changed nothing");
            None
        }
    }

    #[test]
    fn the_same_lists_as_a_plain_layout() {
        let mut rng = Rng::new(52);
        // Sizes around the powers of two where `low` changes, and the largest n that it takes.
        let sizes = [1 << 16, (1 << 16) + 1, 99_999, (1 << 17) - 1, 1 << 17, 300_001, 1 << 22];
        for (k, &n) in sizes.iter().enumerate() {
            for m in [0, 1, 7, (2 * n + 5).min(700_000)] {
                let below = |rng: &mut Rng, bound: usize| rng.below(bound as u64) as u32;
                // Grouped by source (the usual input), random, and edges into the last vertices
                // (the last bucket, which may be short) and into vertex 0.
                let mut sources: Vec<u32> = (0..m).map(|_| below(&mut rng, n)).collect();
                if k % 2 == 0 {
                    sources.sort_unstable();
                }
                let targets: Vec<u32> = (0..m)
                    .map(|i| match i % 5 {
                        0 => (n - 1 - below(&mut rng, 3) as usize) as u32,
                        1 => 0,
                        _ => below(&mut rng, n),
                    })
                    .collect();
                let got = in_buckets(n, &sources, &targets).expect("the trick applies");
                assert!(got == plain(n, &sources, &targets), "n = {n}, m = {m}");
            }
        }
    }

    #[test]
    fn where_the_trick_does_not_apply_nothing_changes() {
        // Too few vertices; too many buckets; a bucket of more than MAX_BUCKET_EDGES edges.
        assert!(in_buckets(1000, &[1, 2], &[3, 4]).is_none());
        assert!(in_buckets((1 << 22) + 1, &[1, 2], &[3, 4]).is_none());
        let m = MAX_BUCKET_EDGES + 1;
        let (sources, targets): (Vec<u32>, Vec<u32>) = (0..m as u32).map(|i| (i % 70_000, i % 7)).unzip();
        assert!(in_buckets(70_000, &sources, &targets).is_none());
        // One edge fewer into that bucket: laid out.
        let got = in_buckets(70_000, &sources[1..], &targets[1..]).unwrap();
        assert!(got == plain(70_000, &sources[1..], &targets[1..]));
    }
}
