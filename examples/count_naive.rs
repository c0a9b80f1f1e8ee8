//! The naive way to count P-positions of `K` heaps: enumerate every ordered tuple (or every
//! multiset `a <= b <= ...`) of sizes in `0..=B` and XOR the heap values. The reference that
//! `benches/count.sh` times against `grundy count heaps`.
//!
//! Usage: `cargo run --release --example count_naive -- <RULESET> <K> <B> [multiset]`

use grundy::Nimber;
use grundy::games::heap::Ruleset;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: count_naive <RULESET> <K> <B> [multiset]");
        std::process::exit(2);
    }
    let ruleset: Ruleset = match args[0].parse() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let (Ok(k), Ok(b)) = (args[1].parse::<usize>(), args[2].parse::<usize>()) else {
        eprintln!("error: K and B must be non-negative integers");
        std::process::exit(2);
    };
    let multiset = args.get(3).is_some_and(|s| s == "multiset");
    let values = ruleset.values(b);
    let (mut p, mut total) = (0u128, 0u128);
    // Odometer over index tuples; for multisets, each digit starts at the previous one.
    let mut idx = vec![0usize; k];
    loop {
        total += 1;
        if idx.iter().fold(Nimber(0), |x, &i| x + values[i]).is_zero() {
            p += 1;
        }
        let mut j = k;
        loop {
            if j == 0 {
                println!(
                    "P-positions: {p}\nN-positions: {}\ntotal: {total}",
                    total - p
                );
                return;
            }
            j -= 1;
            if idx[j] < b {
                idx[j] += 1;
                let start = idx[j];
                for x in idx.iter_mut().skip(j + 1) {
                    *x = if multiset { start } else { 0 };
                }
                break;
            }
        }
    }
}
