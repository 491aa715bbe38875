//! A generator for examples/berzerk.rs (Codeforces 786A), for `stress --ref ... --gen ...`: run
//! as `berzerk_gen SEED SIZE`, it prints a circle of 2 to SIZE + 1 objects and each player's set
//! of distinct steps.

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let (mut state, size) = (args[0], args[1].max(1));
    // splitmix64
    let mut next = move |bound: u64| {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce5_e9b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % bound
    };
    let n = 2 + next(size);
    println!("{n}");
    for _ in 0..2 {
        let mut steps: Vec<u64> = (1..n).filter(|_| next(2) == 0).collect();
        if steps.is_empty() {
            steps.push(1 + next(n - 1));
        }
        let steps: Vec<String> = steps.iter().map(u64::to_string).collect();
        println!("{} {}", steps.len(), steps.join(" "));
    }
}
