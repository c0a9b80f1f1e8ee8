//! Heap counts against a brute-force game search of whole `K`-heap positions (the memo solver
//! takes the mex over options of the entire position: no Sprague–Grundy shortcut).

use grundy::count::{Arithmetic, heaps};
use grundy::solve::memo::Solver;
use grundy::{ImpartialGame, Nimber};
use num_bigint::BigUint;
use proptest::prelude::*;

/// A subtraction game played on several heaps at once; a position is the sorted list of heaps.
struct Subtraction(Vec<u32>);

impl ImpartialGame for Subtraction {
    type Position = Vec<u32>;
    fn options(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for &s in &self.0 {
                if s <= h {
                    let mut next = heaps.clone();
                    next[i] = h - s;
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
    }
}

/// All `k`-tuples of sizes in `lo..=hi` (or the non-decreasing ones), the P ones counted by the
/// whole-position search.
fn search(set: &[u32], lo: u32, hi: u32, k: u32, multiset: bool) -> (u64, u64) {
    let mut solver = Solver::new(Subtraction(set.to_vec()));
    let (mut p, mut total) = (0, 0);
    let width = u64::from(hi - lo + 1);
    for code in 0..width.pow(k) {
        let tuple: Vec<u32> = (0..k)
            .map(|i| lo + ((code / width.pow(i)) % width) as u32)
            .collect();
        if multiset && !tuple.windows(2).all(|w| w[0] <= w[1]) {
            continue;
        }
        total += 1;
        let mut sorted = tuple.clone();
        sorted.sort_unstable();
        if solver.grundy(&sorted).unwrap().is_zero() {
            p += 1;
        }
    }
    (p, total)
}

fn single_heap_values(set: &[u32], lo: u32, hi: u32) -> Vec<Nimber> {
    let mut solver = Solver::new(Subtraction(set.to_vec()));
    (lo..=hi)
        .map(|n| solver.grundy(&vec![n]).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn counts_match_whole_position_search(
        set in prop::collection::btree_set(1u32..6, 1..4),
        lo in 0u32..4, width in 1u32..6, k in 0u32..4, multiset: bool,
        p in prop::sample::select(vec![0u64, 3, 5, 1_000_000_007, 9, 1_000_000_009]),
    ) {
        let set: Vec<u32> = set.into_iter().collect();
        let hi = lo + width - 1;
        let values = single_heap_values(&set, lo, hi);
        let arith = if p == 0 { Arithmetic::Exact } else { Arithmetic::Modulo(p) };
        let got = heaps::count_heaps(&values, u128::from(k), multiset, arith);
        if multiset && p == 9 {
            // Binomial coefficients modulo a composite: refused, never a wrong answer.
            prop_assert!(got.is_err());
            return Ok(());
        }
        let got = got.unwrap();
        let (want_p, want_total) = search(&set, lo, hi, k, multiset);
        let m = |x: u64| BigUint::from(if p == 0 { x } else { x % p });
        prop_assert_eq!(&got.p_positions, &m(want_p));
        prop_assert_eq!(&got.n_positions, &m(want_total - want_p));
        prop_assert_eq!(&got.total, &m(want_total));
        // The enumeration by values agrees too.
        prop_assert_eq!(heaps::brute_force(&values, k, multiset), (want_p, want_total));
    }
}

#[test]
fn exact_answers_beyond_64_bits_are_exact_json_numbers() {
    // Nim heaps 0..=1023 (G(n) = n): ordered 10-tuples of XOR 0 number 1024^9 = 2^90.
    let values: Vec<Nimber> = (0..1024).map(Nimber).collect();
    let c = heaps::count_heaps(&values, 10, false, Arithmetic::Exact).unwrap();
    assert_eq!(c.p_positions, BigUint::from(1u8) << 90);
    let json = serde_json::to_string(&c).unwrap();
    assert!(
        json.starts_with(r#"{"p_positions":1237940039285380274899124224,"#),
        "{json}"
    );
    // Multisets of Nim heaps: k = 2, P iff both equal: 1024 of C(1025, 2) + 1024.
    let c = heaps::count_heaps(&values, 2, true, Arithmetic::Exact).unwrap();
    assert_eq!(c.p_positions, BigUint::from(1024u32));
    assert_eq!(c.total, BigUint::from(1024u32 * 1025 / 2));
}

#[test]
fn huge_k_modulo_a_prime_matches_fermat_reduction() {
    // Ordered: in the transform domain x^K = x^(K mod (p-1)) for x != 0 when K >= 1.
    let values: Vec<Nimber> = (0..50)
        .map(|n| Nimber((n % 3) ^ u64::from(n % 7 == 0)))
        .collect();
    let p = 1_000_000_007u64;
    let k = 1_000_000_000_000_000_000u128;
    let small = k % u128::from(p - 1) + u128::from(p - 1);
    let a = heaps::count_heaps(&values, k, false, Arithmetic::Modulo(p)).unwrap();
    let b = heaps::count_heaps(&values, small, false, Arithmetic::Modulo(p)).unwrap();
    assert_eq!(a, b);
    // Multisets: coefficients are periodic in K with period 2p (see count::multiset).
    let q = 10_007u64;
    let k = 3 + 2 * u128::from(q) * 1_000_000_000_000;
    let a = heaps::count_heaps(&values, k, true, Arithmetic::Modulo(q)).unwrap();
    let b = heaps::count_heaps(&values, 3, true, Arithmetic::Modulo(q)).unwrap();
    assert_eq!(a, b);
    let exact = heaps::count_heaps(&values, 3, true, Arithmetic::Exact).unwrap();
    assert_eq!(b.p_positions, exact.p_positions % q);
}
