//! Criterion benchmarks of the heap-game engines: sparse space against the naive scan on the same
//! games (run `cargo bench --bench heap`; the side-by-side comparison with ogsolve is
//! `benches/ogsolve.sh`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::games::heap::{
    Kind, Ruleset, naive, sparse::Sparse, subtraction, three_heap::ThreeHeap,
};

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("heap");
    group.sample_size(10);
    for (code, to) in [
        ("0.16", 20_000usize),
        ("0.56", 20_000),
        ("0.376", 10_000),
        ("0.007", 5_000),
    ] {
        let r: Ruleset = code.parse().expect("a valid code");
        group.bench_function(format!("sparse {code} to {to}"), |b| {
            b.iter(|| {
                let mut s = Sparse::for_ruleset(&r).expect("a two-heap code");
                s.extend_to(black_box(to)).expect("values fit 16 bits");
                s.values().len()
            })
        });
        group.bench_function(format!("naive {code} to {to}"), |b| {
            b.iter(|| naive::values(&r, black_box(to)).len())
        });
    }
    // Three-heap splits: bitsets of two-heap split values against every triple.
    let r: Ruleset = "0.08".parse().expect("a valid code");
    let Kind::Code(code) = r.kind() else {
        unreachable!("a code")
    };
    group.bench_function("three-heap bitsets 0.08 to 1500", |b| {
        b.iter(|| {
            let mut t = ThreeHeap::new(code).expect("a three-heap code");
            assert!(t.extend_to(black_box(1500)));
            t.values().len()
        })
    });
    group.bench_function("naive 0.08 to 1500", |b| {
        b.iter(|| naive::values(&r, black_box(1500)).len())
    });
    group.bench_function("all-but 1,2,5 to 100000 (incremental mex)", |b| {
        b.iter(|| subtraction::all_but_values(&[1, 2, 5], black_box(100_000)).len())
    });
    group.finish();
}

criterion_group!(benches, engines);
criterion_main!(benches);
