//! An attacker's checks of the graph's layout by buckets (src/layout.rs, used by
//! `GraphBuilder::build` from 2^22 edges on), written from its claim alone: whatever the graph,
//! every vertex's predecessors are the sources of the edges into it, in input order, exactly as
//! the plain counting sort gives them.
//!
//! The graphs go through the public builder, at and around 2^22 edges, with `n` where the number
//! of buckets or their width changes (2^16, 2^17, 2^18, 2^20, 2^21, 2^22 and one past each), the
//! sources in increasing order (the builder then keeps no list of them) and not, edges crowding
//! one vertex, the last vertex, one bucket just at and just over 2^18 edges, self-loops, repeated
//! edges and vertices without edges at either end.
//!
//! The oracle, written here and sharing nothing with the library: count the edges into each
//! vertex, give each vertex a start (the counts before it summed), then walk the edges forwards,
//! each at its target's next free place.
//!
//! And the contract (`GraphBuilder::try_build`: memory that cannot be had is an error, never an
//! abort), by an allocator of this file's that refuses every block under 1 MiB (then 8 KiB) while
//! armed: the layout's own small blocks (then only the copy of a bucket) cannot be had, and the
//! build must still end (in a child process, so that an abort is seen as one).

use graph_games::graph::{Graph, GraphBuilder};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The system's allocator, but for blocks under [`REFUSED_UNDER`] bytes while [`ARMED`].
struct SmallBlocksRefused;

static ARMED: AtomicBool = AtomicBool::new(false);
static REFUSED_UNDER: AtomicUsize = AtomicUsize::new(0);

fn refused(size: usize) -> bool {
    ARMED.load(Ordering::SeqCst) && size < REFUSED_UNDER.load(Ordering::SeqCst)
}

// SAFETY: every call goes to the system's allocator, or returns null (a refusal) without one.
unsafe impl GlobalAlloc for SmallBlocksRefused {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if refused(new_size) {
            return std::ptr::null_mut();
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: SmallBlocksRefused = SmallBlocksRefused;

/// xorshift64*, seeded: the same graphs on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32 % bound as u32
    }
}

/// The plain layout: `(starts, lists)`, vertex `v`'s predecessors `lists[starts[v]..starts[v + 1]]`.
fn oracle(n: usize, sources: &[u32], targets: &[u32]) -> (Vec<usize>, Vec<u32>) {
    let mut starts = vec![0usize; n + 1];
    for &t in targets {
        starts[t as usize + 1] += 1;
    }
    for v in 0..n {
        starts[v + 1] += starts[v];
    }
    let mut next = starts.clone();
    let mut lists = vec![u32::MAX; targets.len()];
    for (&s, &t) in sources.iter().zip(targets) {
        lists[next[t as usize]] = s;
        next[t as usize] += 1;
    }
    (starts, lists)
}

/// The graph through the public builder, its edges added in batches.
fn build(n: usize, sources: &[u32], targets: &[u32]) -> Graph {
    let mut builder = GraphBuilder::new(n, sources.len());
    let mut pairs = Vec::with_capacity(2 << 16);
    for (s, t) in sources.chunks(1 << 16).zip(targets.chunks(1 << 16)) {
        pairs.clear();
        for (&u, &v) in s.iter().zip(t) {
            pairs.push(u);
            pairs.push(v);
        }
        builder.add_edges(&pairs);
    }
    builder.build()
}

/// Builds the graph and checks every vertex's list, out-degree and the counts.
fn check(name: &str, n: usize, sources: &[u32], targets: &[u32]) {
    assert_eq!(sources.len(), targets.len());
    if name.contains("increasing") {
        assert!(sources.windows(2).all(|w| w[0] <= w[1]), "{name}: the sources are not in order");
    }
    let graph = build(n, sources, targets);
    let (starts, lists) = oracle(n, sources, targets);
    assert_eq!(graph.num_vertices(), n, "{name}");
    assert_eq!(graph.num_edges(), targets.len(), "{name}");
    let mut out_degree = vec![0u32; n];
    for &s in sources {
        out_degree[s as usize] += 1;
    }
    for v in 0..n {
        let want = &lists[starts[v]..starts[v + 1]];
        assert!(graph.predecessors(v) == want, "{name}: n = {n}, m = {}, vertex {v}", targets.len());
        assert_eq!(graph.out_degree(v), out_degree[v], "{name}: vertex {v}");
    }
}

/// `m` sources in increasing order over most of `0..n`: a walk up from 0..4 in random steps of 1
/// to 3, taken one edge in `2m / n` on average, so that some vertices have many edges, some none.
fn increasing(rng: &mut Rng, n: usize, m: usize) -> Vec<u32> {
    let every = (2 * m / n).max(1);
    let mut source = rng.below(4);
    (0..m)
        .map(|_| {
            if rng.below(every) == 0 {
                source = (source + 1 + rng.below(3)).min(n as u32 - 1);
            }
            source
        })
        .collect()
}

/// The sources' order, as [`check`] reads it from a case's name.
fn order(sorted: bool) -> &'static str {
    if sorted {
        "increasing"
    } else {
        "random"
    }
}

/// `m` sources at random.
fn random(rng: &mut Rng, n: usize, m: usize) -> Vec<u32> {
    (0..m).map(|_| rng.below(n)).collect()
}

const THRESHOLD: usize = 1 << 22;

/// `(n, m, sources in increasing order)`: random targets.
#[test]
fn around_the_threshold_and_where_the_buckets_change() {
    let mut rng = Rng(0x5eed_0001);
    for (n, m, sorted) in [
        // The largest n the buckets take (4096 of 1024 vertices), one short of it, one past it.
        (1 << 22, THRESHOLD - 1, false),
        (1 << 22, THRESHOLD, true),
        (1 << 22, THRESHOLD, false),
        (1 << 22, THRESHOLD + 1, true),
        ((1 << 22) - 1, THRESHOLD, false),
        ((1 << 22) + 1, THRESHOLD, true),
        // One bucket, and four, each over 2^18 edges (the plain sort); 1024 buckets of 2^11.
        (1 << 16, THRESHOLD, true),
        (1 << 17, THRESHOLD, false),
        (1 << 21, THRESHOLD, true),
        // Just past 2^18, 2^20 and 2^21: 33, 513 and 2049 buckets.
        ((1 << 18) + 1, THRESHOLD, false),
        ((1 << 20) + 1, THRESHOLD, true),
        ((1 << 21) + 1, THRESHOLD + 1, false),
    ] {
        let targets: Vec<u32> = (0..m).map(|_| rng.below(n)).collect();
        let sources = if sorted { increasing(&mut rng, n, m) } else { random(&mut rng, n, m) };
        check(&format!("random targets, {}", order(sorted)), n, &sources, &targets);
    }
}

#[test]
fn buckets_at_and_over_their_largest() {
    let mut rng = Rng(0x5eed_0003);
    // n = 2^18: 16 buckets of 2^14 vertices; 16 edges into every vertex fill each to 2^18 edges
    // exactly; one edge more puts one bucket over.
    let n = 1 << 18;
    for m in [THRESHOLD, THRESHOLD + 1] {
        let targets: Vec<u32> = (0..m).map(|i| (i % n) as u32).collect();
        let sorted = m == THRESHOLD;
        let sources = if sorted { increasing(&mut rng, n, m) } else { random(&mut rng, n, m) };
        check(&format!("every bucket full, {m} edges, {}", order(sorted)), n, &sources, &targets);
    }
    // n = 2^20: 256 buckets of 2^12 vertices; bucket 7 gets 2^18 edges (then 2^18 + 1), at random
    // vertices within it, the others share the rest.
    let n = 1 << 20;
    for crowd in [1 << 18, (1 << 18) + 1] {
        let mut targets: Vec<u32> = (0..THRESHOLD)
            .map(|i| {
                if i % 16 == 3 {
                    (7 << 12) + rng.below(1 << 12)
                } else {
                    let v = rng.below(n - (1 << 12));
                    if v >= 7 << 12 {
                        v + (1 << 12)
                    } else {
                        v
                    }
                }
            })
            .collect();
        // i % 16 == 3 for i < 2^22 gives 2^18 edges; the extra one at the end.
        if crowd > 1 << 18 {
            *targets.last_mut().unwrap() = 7 << 12;
        }
        let into_7 = targets.iter().filter(|&&t| t >> 12 == 7).count();
        assert_eq!(into_7, crowd);
        let sorted = crowd > 1 << 18;
        let sources =
            if sorted { increasing(&mut rng, n, THRESHOLD) } else { random(&mut rng, n, THRESHOLD) };
        check(&format!("{crowd} edges into one bucket, {}", order(sorted)), n, &sources, &targets);
    }
}

#[test]
fn crowded_vertices_loops_repeats_and_empty_ends() {
    let mut rng = Rng(0x5eed_0004);
    let n = 1 << 20;
    // Every edge into one vertex; a twentieth into the last vertex.
    let one: Vec<u32> = vec![12_345; THRESHOLD];
    check("all into one vertex, increasing", n, &increasing(&mut rng, n, THRESHOLD), &one);
    let last: Vec<u32> =
        (0..THRESHOLD).map(|i| if i % 20 == 0 { n as u32 - 1 } else { rng.below(n) }).collect();
    check("into the last vertex", n, &random(&mut rng, n, THRESHOLD), &last);
    // Self-loops and repeated edges, the sources in increasing order from vertex 1000 on, targets
    // others below n / 2: vertices without edges at both ends, and without predecessors at the end.
    let n = (1 << 21) + 3;
    let (mut sources, mut targets) = (Vec::new(), Vec::new());
    while sources.len() < THRESHOLD + 5 {
        let u = 1000 + (sources.len() as u32) / 3;
        let v = match rng.below(4) {
            0 => u,
            _ => rng.below(n / 2),
        };
        for _ in 0..1 + rng.below(3) {
            sources.push(u);
            targets.push(v);
        }
    }
    check("loops and repeats, increasing", n, &sources, &targets);
}

#[test]
fn the_build_ends_where_small_blocks_cannot_be_had() {
    const NAME: &str = "the_build_ends_where_small_blocks_cannot_be_had";
    if std::env::var_os("ATTACK_LAYOUT_CHILD").is_none() {
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", NAME, "--test-threads=1"])
            .env("ATTACK_LAYOUT_CHILD", "1")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&child.stdout);
        let stderr = String::from_utf8_lossy(&child.stderr);
        assert!(child.status.success(), "{}: {said}{stderr}", child.status);
        assert!(said.contains("1 passed"), "{said}");
        return;
    }
    // 4096 buckets of 1024 vertices: the layout's small blocks (the buckets' counters, 16 KiB,
    // and a bucket's copy, about 4 KiB) refused, then only the copy; the large arrays (16 MiB
    // each) had.
    let mut rng = Rng(0x5eed_0005);
    let (n, m) = (1 << 22, THRESHOLD);
    let targets: Vec<u32> = (0..m).map(|_| rng.below(n)).collect();
    let sources = random(&mut rng, n, m);
    let (starts, lists) = oracle(n, &sources, &targets);
    let pairs: Vec<u32> = sources.iter().zip(&targets).flat_map(|(&u, &v)| [u, v]).collect();
    for refused_under in [1 << 20, 8 << 10] {
        let mut builder = GraphBuilder::new(n, m);
        builder.add_edges(&pairs);
        REFUSED_UNDER.store(refused_under, Ordering::SeqCst);
        ARMED.store(true, Ordering::SeqCst);
        let built = builder.try_build();
        ARMED.store(false, Ordering::SeqCst);
        // The contract asks an error or a graph, never an abort; the layout's doc says more:
        // where its blocks cannot be had, the plain sort, which needs none.
        let graph = built.expect("laid out the plain way");
        for v in 0..n {
            assert!(graph.predecessors(v) == &lists[starts[v]..starts[v + 1]], "vertex {v}");
        }
    }
}

#[test]
fn huge_page_room_ends_on_whole_2_mib_pages_and_adds_at_most_an_eighth() {
    use graph_games::memory::huge_page_room;
    const HUGE: usize = 2 << 20;
    // What glibc maps for a block of `bytes` (x86-64): 8 bytes of size before it, the chunk
    // rounded up to 16, 8 more of the mapped chunk's header, in whole 4 KiB pages.
    let mapped = |bytes: usize| ((((bytes + 8 + 15) & !15) + 8) + 4095) & !4095;
    let mut rng = Rng(0x5eed_0006);
    let mut lens: Vec<usize> = (0..200usize)
        .flat_map(|k| {
            let at = k * HUGE / 4;
            [at.saturating_sub(7), at.saturating_sub(6), at.saturating_sub(4), at, at + 1, at + 5000]
        })
        .collect();
    lens.extend((0..10_000).map(|_| rng.below(1 << 28) as usize));
    for len in lens {
        let room = huge_page_room::<u32>(len);
        assert!(room >= len && 8 * (room - len) <= len, "{len}: {room}");
        if room > len {
            assert_eq!(mapped(4 * room) % HUGE, 0, "{len}: {room}");
        }
        // A block of 2 MiB and more that a whole 2 MiB page would grow by an eighth at most gets
        // its room.
        let whole = (mapped(4 * len) + HUGE - 1) / HUGE * HUGE;
        if 4 * len >= HUGE && 8 * (whole - 4 * len) < 4 * len {
            assert!(room > len || mapped(4 * len) == whole, "{len}: no room");
        }
    }
}
