//! An explicit directed graph in compact arrays, and the game of moving a token along its edges.
//!
//! [`Graph`] keeps, for every vertex, its out-degree and its predecessors (the sources of the edges
//! into it, one entry per edge) in one flat array: `4 * (2n + m)` bytes for `n` vertices and `m`
//! edges. [`GraphGame`] plays on it: a vertex with moves is open, and a vertex without moves ends
//! the game with a result the caller chooses (normal play: the player to move loses).

use crate::input::{out_of_memory, Error};
use crate::layout::lay_out_in_buckets;
use crate::memory::{try_grow_within, zeroed_in_huge_pages};
use crate::prefetch::{populate, prefetch};
use crate::solver::{Game, Start, Upcoming};

#[derive(Debug, Clone)]
pub struct Graph {
    out_degree: Vec<u32>,
    /// The predecessors of `v` are `predecessors[pred_start[v]..pred_start[v + 1]]`.
    pred_start: Vec<u32>,
    predecessors: Vec<u32>,
    max_out_degree: u32,
}

impl Graph {
    /// Builds the graph on vertices `0..n` with edges `sources[i] -> targets[i]`.
    pub fn from_edges(n: usize, sources: &[u32], targets: &[u32]) -> Graph {
        assert_eq!(sources.len(), targets.len());
        let mut builder = GraphBuilder::new(n, sources.len());
        for (&u, &v) in sources.iter().zip(targets) {
            builder.add_edge(u, v);
        }
        builder.build()
    }

    pub fn num_vertices(&self) -> usize {
        self.out_degree.len()
    }

    pub fn num_edges(&self) -> usize {
        self.predecessors.len()
    }

    pub fn out_degree(&self, v: usize) -> u32 {
        self.out_degree[v]
    }

    /// The sources of the edges into `v`, once per edge, in input order.
    pub fn predecessors(&self, v: usize) -> &[u32] {
        &self.predecessors[self.pred_start[v] as usize..self.pred_start[v + 1] as usize]
    }
}

/// Collects edges one at a time, then lays out the graph.
///
/// The edge arrays grow with the edges actually added (doubling, but never past the expected
/// count), so an expected count read from untrusted input costs nothing until edges arrive.
/// Edge lists often come grouped by source in increasing order; while they do, the sources are
/// not stored at all (the out-degrees say which edges belong to which source), which saves a
/// third of the builder's memory and time. The first edge out of order writes them out.
///
/// ```
/// use graph_games::graph::{GraphBuilder, GraphGame};
/// use graph_games::solver::{solve, Outcome, Start};
///
/// // The moves as a judge's input gives them, 1-based: 1 -> 2, 2 -> 3, 3 -> 1, 3 -> 4.
/// let input = [(1, 2), (2, 3), (3, 1), (3, 4)];
/// let mut builder = GraphBuilder::new(4, input.len());
/// for &(u, v) in &input {
///     builder.add_edge(u - 1, v - 1);
/// }
/// let graph = builder.build();
/// assert_eq!((graph.num_vertices(), graph.num_edges(), graph.out_degree(2)), (4, 4, 2));
/// assert_eq!(graph.predecessors(0), &[2]);
///
/// // Normal play: a player on a vertex without moves (4) loses. From 3 the player to move goes
/// // there and wins; 2 must move to 3 and loses; 1 wins by moving to 2.
/// let solution = solve(&GraphGame::new(&graph, |_| Start::Lose));
/// let outcomes: Vec<Outcome> = (0..4).map(|v| solution.outcome(v)).collect();
/// assert_eq!(outcomes, [Outcome::Win, Outcome::Lose, Outcome::Win, Outcome::Lose]);
/// ```
pub struct GraphBuilder {
    expected_edges: usize,
    targets: Vec<u32>,
    out_degree: Vec<u32>,
    /// `None` while the sources come in increasing order.
    sources: Option<Vec<u32>>,
    last_source: u32,
}

/// What the builder's errors name.
const ARRAYS: &str = "the graph's arrays";

/// The fewest edges laid out by buckets (`crate::layout`): 16 MiB of predecessor lists.
const BUCKETS_FROM_EDGES: usize = 1 << 22;

/// How many edges ahead the layout loops prefetch the counters they will touch.
const AHEAD: usize = 16;

impl GraphBuilder {
    /// A builder for vertices `0..n` (`n < u32::MAX`), expecting about `expected_edges` edges.
    /// Panics when memory runs out; input-driven code uses [`GraphBuilder::try_new`].
    pub fn new(n: usize, expected_edges: usize) -> GraphBuilder {
        GraphBuilder::try_new(n, expected_edges).unwrap_or_else(|e| panic!("{}", e))
    }

    /// [`GraphBuilder::new`], with memory that cannot be had an [`Error`]: the out-degrees' `4n`
    /// bytes and room for the first `min(expected_edges, 2^16)` edges (the edge arrays grow as
    /// edges arrive).
    pub fn try_new(n: usize, expected_edges: usize) -> Result<GraphBuilder, Error> {
        assert!(n < u32::MAX as usize, "vertices are numbered in u32");
        let out_degree = zeroed(n)?;
        // Room for up to 2^16 edges (256 KiB) up front, the small bound the memory invariant
        // allows: a block that large is a mapping of its own, its pages taken only as edges are
        // written. Grown from nothing, the array went through the heap in doubling steps, whose
        // freed blocks stayed resident there (0.13 MB more peak memory for examples/shiritori).
        let mut targets = Vec::new();
        try_grow_within(&mut targets, expected_edges.min(1 << 16), expected_edges, &ARRAYS)?;
        Ok(GraphBuilder { expected_edges, targets, out_degree, sources: None, last_source: 0 })
    }

    /// Adds the edge `u -> v`; both must be below `n`.
    pub fn add_edge(&mut self, u: u32, v: u32) {
        self.add_edges(&[u, v]);
    }

    /// Adds the edges `edges[2 * i] -> edges[2 * i + 1]` (all below `n`; an odd last number is
    /// ignored). Panics when memory runs out; input-driven code uses
    /// [`GraphBuilder::try_add_edges`].
    pub fn add_edges(&mut self, edges: &[u32]) {
        self.try_add_edges(edges).unwrap_or_else(|e| panic!("{}", e))
    }

    /// [`GraphBuilder::add_edges`], with memory that cannot be had (the edge arrays' growth) an
    /// [`Error`]; the builder is then to be dropped.
    pub fn try_add_edges(&mut self, edges: &[u32]) -> Result<(), Error> {
        let edges = &edges[..edges.len() & !1];
        if self.targets.capacity() - self.targets.len() < edges.len() / 2 {
            self.grow(edges.len() / 2)?;
        }
        if self.sources.is_none() {
            // Counted in one pass, betting on the order; undone if the bet is lost (once per
            // input at most: from then on the sources are stored).
            let (mut last, mut increasing) = (self.last_source, true);
            for edge in edges.chunks_exact(2) {
                increasing &= edge[0] >= last;
                last = edge[0];
                self.out_degree[edge[0] as usize] += 1;
            }
            self.last_source = last;
            if !increasing {
                for edge in edges.chunks_exact(2) {
                    self.out_degree[edge[0] as usize] -= 1;
                }
                self.sources = Some(self.write_out_sources()?);
            }
        }
        if let Some(sources) = &mut self.sources {
            // Counted in `build`, where the counting can prefetch.
            sources.extend(edges.chunks_exact(2).map(|edge| edge[0]));
        }
        self.targets.extend(edges.chunks_exact(2).map(|edge| edge[1]));
        Ok(())
    }

    /// Makes room for `more` edges (see [`try_grow_within`]: doubling, but never past the
    /// expected count until it is reached).
    #[cold]
    fn grow(&mut self, more: usize) -> Result<(), Error> {
        try_grow_within(&mut self.targets, more, self.expected_edges, &ARRAYS)?;
        populate(self.targets.spare_capacity_mut());
        if let Some(sources) = &mut self.sources {
            try_grow_within(sources, more, self.expected_edges, &ARRAYS)?;
            populate(sources.spare_capacity_mut());
        }
        Ok(())
    }

    /// The sources of the edges so far, but for the batch being added (in increasing order, as
    /// they came, the out-degrees telling how many each), with room for as many edges as the
    /// targets; the out-degrees are reset, to be counted from the sources.
    #[cold]
    fn write_out_sources(&mut self) -> Result<Vec<u32>, Error> {
        let mut sources = Vec::new();
        let room = self.targets.capacity();
        try_grow_within(&mut sources, room, room, &ARRAYS)?;
        populate(sources.spare_capacity_mut());
        for (u, degree) in self.out_degree.iter_mut().enumerate() {
            sources.extend(std::iter::repeat(u as u32).take(*degree as usize));
            *degree = 0;
        }
        Ok(sources)
    }

    /// Lays out the predecessor lists (a counting sort by target) and frees the edge arrays.
    ///
    /// The counters are indexed by vertex, in no order the cache can guess, so each loop
    /// prefetches the counter it will touch some edges later.
    ///
    /// Panics when memory runs out; input-driven code uses [`GraphBuilder::try_build`].
    pub fn build(self) -> Graph {
        self.try_build().unwrap_or_else(|e| panic!("{}", e))
    }

    /// [`GraphBuilder::build`], with memory that cannot be had (the predecessor lists and their
    /// starts, `4 * (n + 1 + m)` bytes) an [`Error`].
    pub fn try_build(self) -> Result<Graph, Error> {
        let GraphBuilder { targets, mut out_degree, sources, .. } = self;
        let n = out_degree.len();
        assert!(targets.len() < u32::MAX as usize, "edges are counted in u32");
        if let Some(sources) = &sources {
            count(sources, &mut out_degree);
        }
        let mut pred_start = zeroed(n + 1)?;
        let mut predecessors = zeroed(targets.len())?;
        // With many edges, the lists laid out bucket by bucket (`crate::layout`), where the
        // writes stay in the cache; the same lists as below. (With fewer, the plain sort's writes
        // stay within the cache already: on 10^6 edges the buckets took 2% more time.)
        let in_buckets = targets.len() >= BUCKETS_FROM_EDGES
            && match &sources {
                Some(sources) => {
                    lay_out_in_buckets(&targets, &mut pred_start, &mut predecessors, |i| sources[i])
                }
                None => {
                    // Forwards through the edges is forwards through the sources' groups.
                    let (mut source, mut left) = (0, out_degree.first().copied().unwrap_or(0));
                    lay_out_in_buckets(&targets, &mut pred_start, &mut predecessors, |_| {
                        while left == 0 {
                            source += 1;
                            left = out_degree[source];
                        }
                        left -= 1;
                        source as u32
                    })
                }
            };
        if !in_buckets {
            lay_out(&targets, sources.as_deref(), &out_degree, &mut pred_start, &mut predecessors);
        }
        let max_out_degree = out_degree.iter().copied().max().unwrap_or(0);
        Ok(Graph { out_degree, pred_start, predecessors, max_out_degree })
    }
}

/// The plain counting sort: counts the edges into each vertex, turns the counts into block ends,
/// then places each edge by moving its target's cursor back one slot: afterwards `pred_start[v]`
/// is the start of `v`'s block, and `pred_start[n]` (which counted nothing) the number of edges.
/// Edge `i` goes from `sources[i]`, or without `sources` from the groups `out_degree` gives.
fn lay_out(
    targets: &[u32],
    sources: Option<&[u32]>,
    out_degree: &[u32],
    pred_start: &mut [u32],
    predecessors: &mut [u32],
) {
    let n = out_degree.len();
    count(targets, pred_start);
    let mut end = 0;
    for slot in pred_start.iter_mut() {
        end += *slot;
        *slot = end;
    }
    match sources {
        Some(sources) => scatter(targets, pred_start, predecessors, |i| sources[i]),
        None => {
            // Backwards through the edges is backwards through the sources' groups.
            let (mut source, mut left) = (n, 0);
            scatter(targets, pred_start, predecessors, |_| {
                while left == 0 {
                    source -= 1;
                    left = out_degree[source];
                }
                left -= 1;
                source as u32
            })
        }
    }
}

/// Adds one to `counts[v]` for every `v` in `vertices`.
fn count(vertices: &[u32], counts: &mut [u32]) {
    for (i, &v) in vertices.iter().enumerate() {
        if let Some(&ahead) = vertices.get(i + 4 * AHEAD) {
            prefetch(&counts[ahead as usize]);
        }
        counts[v as usize] += 1;
    }
}

/// `len` zeros, in huge pages where the kernel has them ([`zeroed_in_huge_pages`]): every array
/// made this way is written all over right away, the larger ones at random.
fn zeroed(len: usize) -> Result<Vec<u32>, Error> {
    zeroed_in_huge_pages(len).ok_or_else(|| out_of_memory(4 * len as u128, ARRAYS))
}

/// Places edge `i` (source `source_of(i)`, target `targets[i]`) in its target's block, for `i`
/// from last to first, so that each block keeps the input order. Two prefetches: the cursor, far
/// ahead; then, once it is cached, the slot it points at.
#[inline(always)]
fn scatter(
    targets: &[u32],
    pred_start: &mut [u32],
    predecessors: &mut [u32],
    mut source_of: impl FnMut(usize) -> u32,
) {
    for i in (0..targets.len()).rev() {
        if i >= 8 * AHEAD {
            prefetch(&pred_start[targets[i - 8 * AHEAD] as usize]);
            let near = pred_start[targets[i - 4 * AHEAD] as usize];
            prefetch(predecessors.as_ptr().wrapping_add(near.wrapping_sub(1) as usize));
        }
        let cursor = &mut pred_start[targets[i] as usize];
        *cursor -= 1;
        predecessors[*cursor as usize] = source_of(i);
    }
}

/// Moving a token along the edges of a [`Graph`]; `dead_end(v)` says how the game stands at a
/// vertex `v` without moves (`Start::Lose` for normal play, `Start::Win` for misère).
pub struct GraphGame<'a, F> {
    graph: &'a Graph,
    dead_end: F,
}

impl<'a, F: Fn(usize) -> Start> GraphGame<'a, F> {
    pub fn new(graph: &'a Graph, dead_end: F) -> Self {
        GraphGame { graph, dead_end }
    }
}

impl<F: Fn(usize) -> Start> Game for GraphGame<'_, F> {
    fn num_states(&self) -> usize {
        self.graph.out_degree.len()
    }

    fn max_moves(&self) -> u32 {
        self.graph.max_out_degree
    }

    fn for_each_start<V: FnMut(Start)>(&self, mut visit: V) {
        for (v, &degree) in self.graph.out_degree.iter().enumerate() {
            visit(if degree == 0 { (self.dead_end)(v) } else { Start::Moves(degree) });
        }
    }

    fn for_each_predecessor<V: FnMut(usize)>(&self, v: usize, mut visit: V) {
        for &u in self.graph.predecessors(v) {
            visit(u as usize);
        }
    }

    /// Two stages: a list's place is in `pred_start`, itself a likely cache miss, so that is
    /// loaded far ahead, and the list itself nearer, once `pred_start` has arrived: its first and
    /// its last entry, since a list of a few entries often straddles two cache lines
    /// (`docs/performance.md` has what each costs).
    #[inline(always)]
    fn prefetch<C>(&self, upcoming: &Upcoming<'_, C>) {
        if let Some(far) = upcoming.get(PREFETCH_INDEX_AHEAD) {
            prefetch(self.graph.pred_start.as_ptr().wrapping_add(far));
        }
        if let Some(near) = upcoming.get(PREFETCH_LIST_AHEAD) {
            let list = self.graph.predecessors(near);
            prefetch(list.as_ptr());
            prefetch(list.as_ptr().wrapping_add(list.len()).wrapping_sub(1));
        }
    }
}

/// How many states ahead of the walk [`GraphGame`] prefetches a predecessor list's place, and the
/// list itself (measured on the benchmark graph: 24/12, 32/16 and 12/6 are all slower).
const PREFETCH_INDEX_AHEAD: usize = 16;
const PREFETCH_LIST_AHEAD: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Outcome};

    #[test]
    fn large_graphs_laid_out_in_input_order_sorted_or_not() {
        // Large enough for the layout by buckets (crate::layout: 2^22 edges, and buckets of at
        // most 2^18 edges: 245 and 256 buckets here), and one with a vertex that has most edges
        // (the plain sort): every list against one gathered plainly.
        let mut rng = crate::rng::Rng::new(9);
        let cases = [
            (1_000_003, BUCKETS_FROM_EDGES, false),
            (1 << 20, BUCKETS_FROM_EDGES + 7, false),
            (70_000, 600_000, true),
        ];
        for (n, m, crowded) in cases {
            let mut sources: Vec<u32> = (0..m).map(|_| rng.below(n as u64) as u32).collect();
            let targets: Vec<u32> =
                (0..m).map(|i| if crowded && i % 3 > 0 { 5 } else { rng.below(n as u64) as u32 }).collect();
            for sorted in [true, false] {
                if sorted {
                    sources.sort_unstable();
                }
                let mut builder = GraphBuilder::new(n, m);
                for chunk in sources.iter().zip(&targets).collect::<Vec<_>>().chunks(1000) {
                    let pairs: Vec<u32> = chunk.iter().flat_map(|(&u, &v)| [u, v]).collect();
                    builder.add_edges(&pairs);
                }
                let graph = builder.build();
                let mut lists = vec![Vec::new(); n];
                for (&u, &v) in sources.iter().zip(&targets) {
                    lists[v as usize].push(u);
                }
                for (v, list) in lists.iter().enumerate() {
                    assert_eq!(graph.predecessors(v), &list[..], "n = {n}, sorted {sorted}, vertex {v}");
                }
                assert_eq!(graph.num_edges(), m);
            }
        }
    }

    #[test]
    fn predecessors_in_input_order_sorted_or_not() {
        // Sources in increasing order (never written out), then out of order at every point.
        let sources = [0, 0, 1, 1, 1, 3, 4, 4];
        let targets = [1, 4, 0, 2, 1, 3, 1, 4];
        for out_of_order in 0..=sources.len() {
            let mut order: Vec<usize> = (0..sources.len()).collect();
            order[out_of_order..].reverse();
            let s: Vec<u32> = order.iter().map(|&i| sources[i]).collect();
            let t: Vec<u32> = order.iter().map(|&i| targets[i]).collect();
            let g = Graph::from_edges(5, &s, &t);
            for v in 0..5 {
                let want: Vec<u32> =
                    order.iter().filter(|&&i| targets[i] == v).map(|&i| sources[i]).collect();
                assert_eq!(g.predecessors(v as usize), &want[..], "vertex {v}, reversed from {out_of_order}");
                let degree = sources.iter().filter(|&&u| u == v).count() as u32;
                assert_eq!(g.out_degree(v as usize), degree);
            }
        }
    }

    #[test]
    fn predecessors_in_input_order() {
        let g = Graph::from_edges(4, &[0, 2, 0, 3, 0], &[1, 1, 1, 3, 3]);
        assert_eq!(g.predecessors(0), &[] as &[u32]);
        assert_eq!(g.predecessors(1), &[0, 2, 0]);
        assert_eq!(g.predecessors(2), &[] as &[u32]);
        assert_eq!(g.predecessors(3), &[3, 0]);
        assert_eq!((g.out_degree(0), g.out_degree(1), g.num_edges()), (3, 0, 5));
    }

    #[test]
    fn add_edges_in_batches_of_any_size() {
        // Sources in increasing order, then out of order from some edge on; in batches of every
        // size, odd ones included (their last number is ignored).
        let mut rng = crate::rng::Rng::new(7);
        let mut next = |n: u64| rng.below(n) as u32;
        for round in 0..60 {
            let n = 1 + next(40) as usize;
            let m = next(200) as usize;
            let mut edges: Vec<u32> = (0..2 * m).map(|_| next(n as u64)).collect();
            let mut sources: Vec<u32> = edges.iter().step_by(2).copied().collect();
            sources.sort_unstable();
            for (i, &u) in sources.iter().enumerate() {
                edges[2 * i] = u;
            }
            if round % 3 == 0 && m > 0 {
                let from = next(m as u64) as usize;
                edges[2 * from..].reverse();
            }
            let mut batched = GraphBuilder::new(n, m);
            let mut at = 0;
            while at < edges.len() {
                let size = (2 * next(8) as usize + usize::from(round % 2 == 1)).min(edges.len() - at);
                batched.add_edges(&edges[at..at + size]);
                at += size & !1;
            }
            let batched = batched.build();
            for v in 0..n as u32 {
                let into_v = edges.chunks_exact(2).filter(|edge| edge[1] == v).map(|edge| edge[0]);
                assert_eq!(batched.predecessors(v as usize), into_v.collect::<Vec<_>>(), "round {round}");
                let out_of_v = edges.chunks_exact(2).filter(|edge| edge[0] == v).count() as u32;
                assert_eq!(batched.out_degree(v as usize), out_of_v);
            }
        }
    }

    #[test]
    fn normal_and_misere() {
        // 0 -> 1 -> 2; 3 -> 3, 3 -> 0; 4 -> 4 (the example of the graph_game problem, 0-based).
        let g = Graph::from_edges(5, &[0, 1, 3, 3, 4], &[1, 2, 3, 0, 4]);
        use Outcome::*;
        let outcomes = |dead_end| {
            let solution = solve(&GraphGame::new(&g, move |_| dead_end));
            (0..5).map(|v| solution.outcome(v)).collect::<Vec<_>>()
        };
        assert_eq!(outcomes(Start::Lose), [Lose, Win, Lose, Win, Draw]);
        assert_eq!(outcomes(Start::Win), [Win, Lose, Win, Draw, Draw]);
    }
}
