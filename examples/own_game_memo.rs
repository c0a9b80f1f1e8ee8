//! Your own game, first way: [`ImpartialGame`] and the memoised solver (the guide's chapter
//! "Your own game").
//!
//! **Lasker's Nim** (Lasker 1931; *Winning Ways* ch. 4): heaps of counters; a move either takes
//! any positive number of counters from one heap, or splits one heap into two non-empty heaps.
//! The player who cannot move loses. A position is the multiset of its heaps (sorted, zeros
//! dropped); it decomposes into its heaps, so the solver adds their values by XOR
//! (Sprague–Grundy) instead of searching the sum. The values follow the rule
//! `G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3` — which the test
//! below checks against the solver.
//!
//! Run: `cargo run --release --example own_game_memo`; test: `cargo test --release --example
//! own_game_memo`.

use grundy::solve::memo::Solver;
use grundy::{ImpartialGame, Nimber};

/// Lasker's Nim. A position: the heap sizes, sorted, without empty heaps.
struct LaskersNim;

/// `heaps` sorted, without zeros: one text for one position, so the memo stores it once.
fn normal(mut heaps: Vec<u32>) -> Vec<u32> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

impl ImpartialGame for LaskersNim {
    type Position = Vec<u32>;

    fn options(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &h) in p.iter().enumerate() {
            let others = || {
                p.iter()
                    .enumerate()
                    .filter(move |&(j, _)| j != i)
                    .map(|(_, &x)| x)
            };
            // take t counters from heap i
            for left in 0..h {
                out.push(normal(others().chain([left]).collect()));
            }
            // split heap i into a + b, a <= b
            for a in 1..=h / 2 {
                out.push(normal(others().chain([a, h - a]).collect()));
            }
        }
    }

    fn decompose(&self, p: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
        (p.len() > 1).then(|| p.iter().map(|&h| vec![h]).collect())
    }
}

/// Lasker's rule for one heap.
fn lasker(n: u32) -> u32 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

fn main() {
    let mut solver = Solver::new(LaskersNim);
    let values: Vec<String> = (0..16)
        .map(|n| solver.grundy(&normal(vec![n])).unwrap().0.to_string())
        .collect();
    println!("Lasker's Nim, G(0..16): {}", values.join(" "));
    let rule =
        (0..40).all(|n| solver.grundy(&normal(vec![n])).unwrap() == Nimber(lasker(n) as u64));
    println!("Lasker's rule holds for every heap below 40: {rule}");
    let position = normal(vec![3, 5, 7]);
    let value = solver.grundy(&position).unwrap();
    let outcome = solver.outcome(&position).unwrap();
    println!("heaps 3 5 7: value {value}, outcome {outcome:?}");
    for m in solver.winning_moves(&position).unwrap() {
        println!("  winning move to {m:?}");
    }
    println!("positions stored: {}", solver.positions_stored());
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::Outcome;

    #[test]
    fn the_solver_finds_laskers_rule() {
        let mut solver = Solver::new(LaskersNim);
        for n in 0..40 {
            assert_eq!(
                solver.grundy(&vec![n]).unwrap(),
                Nimber(lasker(n) as u64),
                "heap {n}"
            );
        }
    }

    #[test]
    fn sums_are_nim_sums_and_winning_moves_reach_p_positions() {
        let mut solver = Solver::new(LaskersNim);
        let p = normal(vec![3, 5, 7]);
        // 4 ⊕ 5 ⊕ 8 = 9
        assert_eq!(solver.grundy(&p).unwrap(), Nimber(9));
        let moves = solver.winning_moves(&p).unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            assert_eq!(solver.outcome(&m).unwrap(), Outcome::P, "{m:?}");
            let xor = m.iter().fold(0, |acc, &h| acc ^ lasker(h));
            assert_eq!(xor, 0, "{m:?}");
        }
    }
}
