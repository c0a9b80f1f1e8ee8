//! Wythoff's game: a user-defined game solved by the generic memoised solver.
//!
//! Two heaps; a move takes any positive number of counters from one heap, or the same positive
//! number from both. The player who cannot move loses.
//!
//! **Wythoff (1907)**: the P-positions are `(⌊kφ⌋, ⌊kφ²⌋)` and their mirror images, `k = 0, 1, …`,
//! with `φ = (1 + √5)/2`. Since `⌊kφ²⌋ = ⌊kφ⌋ + k`, a position `(a, b)` with `a <= b` is P iff
//! `a = ⌊(b - a)φ⌋`, computed exactly in integers as `(k + ⌊√(5k²)⌋) / 2` (√5 is irrational, so no
//! rounding question arises).
//!
//! Run: `cargo run --release --example wythoff`; test: `cargo test --release --example wythoff`.

use grundy::solve::memo::Solver;
use grundy::{ImpartialGame, Nimber};

struct Wythoff;

impl ImpartialGame for Wythoff {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|d| (a - d, b - d)));
    }
}

/// `⌊√n⌋` exactly.
fn isqrt(n: u128) -> u128 {
    let mut x = (n as f64).sqrt() as u128;
    while x * x > n {
        x -= 1;
    }
    while (x + 1) * (x + 1) <= n {
        x += 1;
    }
    x
}

/// `⌊kφ⌋`, exactly.
fn floor_k_phi(k: u64) -> u64 {
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// Wythoff's theorem: is `(a, b)` a P-position?
fn is_p(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    a == floor_k_phi(b - a)
}

/// Every winning move from `(a, b)` by the theorem.
fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut opts = Vec::new();
    Wythoff.options(&(a, b), &mut opts);
    opts.into_iter().filter(|&(x, y)| is_p(x, y)).collect()
}

fn main() {
    println!("Wythoff's P-positions (k, ⌊kφ⌋, ⌊kφ²⌋):");
    for k in 0..10 {
        let a = floor_k_phi(k);
        println!("  k = {k}: ({a}, {})", a + k);
    }
    let mut s = Solver::new(Wythoff);
    let p = (10, 14);
    let g = s.grundy(&p).expect("finite game");
    println!(
        "position {p:?}: Grundy value {g}; winning moves: {:?}",
        winning_moves(p.0, p.1)
    );
    assert_eq!(g == Nimber(0), is_p(p.0, p.1));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_p_positions() {
        // OEIS A000201 / A001950: the lower and upper Wythoff sequences.
        let lower = [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21];
        for (k, &a) in lower.iter().enumerate() {
            assert_eq!(floor_k_phi(k as u64), a);
            assert!(is_p(a, a + k as u64));
        }
        // Large k stays exact: ⌊10^9 φ⌋ = 1618033988.
        assert_eq!(floor_k_phi(1_000_000_000), 1_618_033_988);
    }

    #[test]
    fn golden_ratio_p_positions_match_search() {
        let mut s = Solver::new(Wythoff);
        for a in 0..60 {
            for b in 0..60 {
                let g = s.grundy(&(a, b)).unwrap();
                assert_eq!(g.is_zero(), is_p(a, b), "({a}, {b})");
                let searched = s.winning_moves(&(a, b)).unwrap();
                assert_eq!(winning_moves(a, b), searched, "({a}, {b})");
            }
        }
    }
}
