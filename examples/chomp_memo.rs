//! The baseline of `benches/retro.sh`: Chomp in an `R × C` box solved the way a game is solved
//! without the tier engine — `ImpartialGame` (positions are row-length vectors) and the memoising
//! `solve::memo::Solver` (a hash map of every position). Asking for the full box visits every
//! diagram, so it computes the same Grundy values as `grundy retro chomp` (but no remoteness).
//!
//! Usage: `cargo run --release --example chomp_memo -- ROWS COLS`
//! Prints: `positions=N value=V seconds=S`.

use std::time::Instant;

use grundy::ImpartialGame;
use grundy::solve::memo::Solver;

/// Chomp on row lengths (non-increasing; the first row holds the poisoned corner).
struct Chomp;

impl ImpartialGame for Chomp {
    type Position = Vec<u8>;
    fn options(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for i in 0..p.len() {
            for j in 0..p[i] {
                if i == 0 && j == 0 {
                    continue;
                }
                let q: Vec<u8> = p
                    .iter()
                    .enumerate()
                    .map(|(k, &l)| if k >= i { l.min(j) } else { l })
                    .collect();
                out.push(q);
            }
        }
    }
}

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("ROWS and COLS are small integers"))
        .collect();
    let [rows, cols] = args[..] else {
        eprintln!("usage: chomp_memo ROWS COLS");
        std::process::exit(2);
    };
    let started = Instant::now();
    let mut solver = Solver::new(Chomp);
    let value = solver
        .grundy(&vec![cols; rows as usize])
        .expect("Chomp is finite");
    println!(
        "positions={} value={} seconds={:.3}",
        solver.positions_stored(),
        value.0,
        started.elapsed().as_secs_f64()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memo_baseline_visits_every_diagram() {
        let mut s = Solver::new(Chomp);
        s.grundy(&vec![4u8; 3]).unwrap();
        assert_eq!(s.positions_stored(), 34); // C(7, 3) - 1
    }
}
