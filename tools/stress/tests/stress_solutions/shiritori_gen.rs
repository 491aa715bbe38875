//! A generator for examples/shiritori.rs (AtCoder ABC 209 E), for `stress --ref ... --gen ...`:
//! run as `shiritori_gen SEED SIZE`, it prints SIZE words (at least 1) of 3 to 4 letters from a
//! small alphabet, so that words chain into cycles (draws) and dead ends (wins and losses).

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
    println!("{size}");
    for _ in 0..size {
        let letters = 3 + next(2);
        let word: String = (0..letters).map(|_| ['a', 'b', 'A'][next(3) as usize]).collect();
        println!("{word}");
    }
}
