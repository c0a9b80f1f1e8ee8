//! Position benchmarks (custom harness, prints medians and ratios in one run):
//!
//! 1. normal play: the Sprague–Grundy analysis of a mixed sum vs a brute-force search of the whole
//!    sum as one game (the reference: what one would do without the theorem);
//! 2. misère Nim: the closed-form rule vs an exact search of the same position;
//! 3. misère play on a mixed sum: memoised search vs retrograde analysis (both exact), with the
//!    positions stored and the search speed.
//!
//! Run: `cargo bench --profile release --bench position` (or `benches/position.sh`).

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::games::heap::Ruleset;
use grundy::games::nim::Nim;
use grundy::position::extra::HeapRules;
use grundy::position::packed::Packed;
use grundy::position::{Engine, Position, Rules};
use grundy::solve::memo::Solver;
use grundy::solve::outcomes::{OutcomeSolver, Play, retrograde};

fn median<F: FnMut()>(runs: usize, mut f: F) -> Duration {
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort();
    t[runs / 2]
}

fn show(name: &str, d: Duration) {
    println!("{name:<58} median {:>12.3} ms", d.as_secs_f64() * 1e3);
}

fn main() {
    // 1. Normal play.
    let kayles: Ruleset = "kayles".parse().unwrap();
    let p = Position::new(
        vec![
            Rules::Nim,
            Rules::Heap(Arc::new(HeapRules::new(kayles, 7))),
            Rules::Staircase,
            Rules::Coins { length: 7 },
        ],
        vec![vec![2, 3, 4], vec![7], vec![0, 2, 1], vec![2, 5]],
    );
    let sg = median(21, || {
        let a = Engine::new(p.sum.clone(), Play::Normal)
            .analyse(&p.state)
            .unwrap();
        black_box(a);
    });
    let mut stored = 0;
    let brute = median(3, || {
        let mut s = Solver::new(Packed { sum: p.sum.clone() });
        let key = s.game().pack(&p.state);
        black_box(s.grundy(&key).unwrap());
        stored = s.positions_stored();
    });
    println!("1. normal play, nim 2 3 4 + kayles 7 + staircase 0 2 1 + coins 7:[2,5]");
    show(
        "   Sprague–Grundy analysis (value + every winning move)",
        sg,
    );
    show(
        &format!("   reference: whole-sum memo search ({stored} positions)"),
        brute,
    );
    println!(
        "   ratio ours/reference: {:.2e}",
        sg.as_secs_f64() / brute.as_secs_f64()
    );

    // 2. Misère Nim.
    let heaps = vec![6u64, 7, 9, 11];
    let nim = Position::new(vec![Rules::Nim], vec![heaps.clone()]);
    let rule = median(21, || {
        let a = Engine::new(nim.sum.clone(), Play::Misere)
            .analyse(&nim.state)
            .unwrap();
        black_box(a);
    });
    let search = median(5, || {
        let mut s = OutcomeSolver::new(Nim, Play::Misere);
        black_box(s.winning_moves(&heaps).unwrap());
    });
    println!("2. misère Nim 6 7 9 11 (outcome + every winning move)");
    show("   misère Nim rule", rule);
    show("   reference: exact memo search", search);
    println!(
        "   ratio ours/reference: {:.2e}",
        rule.as_secs_f64() / search.as_secs_f64()
    );

    // 3. Misère play on a mixed sum: both exact engines.
    let m = Position::new(
        vec![Rules::Nim, Rules::Staircase, Rules::Coins { length: 10 }],
        vec![vec![5, 6, 7], vec![0, 3, 2, 3], vec![3, 7, 9]],
    );
    let mut positions = 0;
    let memo = median(5, || {
        let mut s = OutcomeSolver::new(Packed { sum: m.sum.clone() }, Play::Misere);
        let key = s.game().pack(&m.state);
        black_box(s.outcome(&key).unwrap());
        positions = s.positions_stored();
    });
    let mut reachable = 0;
    let retro = median(3, || {
        let packed = Packed { sum: m.sum.clone() };
        let key = packed.pack(&m.state);
        let t = retrograde(&packed, key, Play::Misere, 50_000_000).unwrap();
        reachable = t.len();
        black_box(t);
    });
    println!("3. misère nim 5 6 7 + staircase 0 3 2 3 + coins 10:[3,7,9] (outcome)");
    show(
        &format!("   memoised search with cut-offs ({positions} positions stored)"),
        memo,
    );
    show(
        &format!("   reference: retrograde analysis ({reachable} positions)"),
        retro,
    );
    println!(
        "   ratio ours/reference: {:.3}; search speed {:.2} M positions/s",
        memo.as_secs_f64() / retro.as_secs_f64(),
        positions as f64 / memo.as_secs_f64() / 1e6
    );
}
