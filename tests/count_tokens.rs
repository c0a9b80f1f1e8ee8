//! Token counts on small random digraphs (cyclic and acyclic) against two independent oracles:
//! enumeration with Smith's sum rules, and retrograde analysis of the whole product game.

mod count_support;

use count_support::{Rng, loopy_values, random_graph, token_outcomes};
use grundy::count::{Arithmetic, tokens};
use grundy::{LoopyValue, Outcome};
use num_bigint::BigUint;
use proptest::prelude::*;

fn tally(outcomes: impl IntoIterator<Item = Outcome>) -> [u64; 3] {
    let mut t = [0u64; 3];
    for o in outcomes {
        t[match o {
            Outcome::P => 0,
            Outcome::N => 1,
            Outcome::D => 2,
        }] += 1;
    }
    t
}

fn check(values: &[LoopyValue], k: u32, multiset: bool, want: [u64; 3], p: u64) {
    let arith = if p == 0 {
        Arithmetic::Exact
    } else {
        Arithmetic::Modulo(p)
    };
    let c = tokens::count_tokens_of(values, u128::from(k), multiset, arith).unwrap();
    let m = |x: u64| BigUint::from(if p == 0 { x } else { x % p });
    let got = [&c.p_positions, &c.n_positions, &c.d_positions];
    assert_eq!(
        got,
        [&m(want[0]), &m(want[1]), &m(want[2])],
        "k={k} multiset={multiset} p={p} values={values:?}"
    );
    assert_eq!(c.total, m(want.iter().sum()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn counts_match_sum_rule_enumeration(
        seed in 1u64..u64::MAX, vertices in 1usize..7, density in 0usize..14, acyclic: bool,
        k in 0u32..5, multiset: bool,
        p in prop::sample::select(vec![0u64, 3, 5, 7, 1_000_000_007]),
    ) {
        let mut rng = Rng(seed);
        let edges = random_graph(&mut rng, vertices, density, acyclic);
        let values = loopy_values(vertices, &edges);
        if acyclic {
            prop_assert!(values.iter().all(LoopyValue::is_finite));
        }
        let want = tokens::brute_force(&values, k, multiset);
        check(&values, k, multiset, want, p);
    }

    #[test]
    fn counts_match_retrograde_analysis_of_the_product_game(
        seed in 1u64..u64::MAX, vertices in 1usize..6, density in 0usize..12, k in 1u32..4,
    ) {
        let mut rng = Rng(seed);
        let edges = random_graph(&mut rng, vertices, density, false);
        let values = loopy_values(vertices, &edges);
        let outcomes = token_outcomes(vertices, &edges, k);
        check(&values, k, false, tally(outcomes.iter().copied()), 0);
        // Multisets: the placements whose digits are non-decreasing (token order is irrelevant).
        let sorted = (0..outcomes.len()).filter(|&s| {
            let digits: Vec<usize> = (0..k).map(|i| (s / vertices.pow(i)) % vertices).collect();
            digits.windows(2).all(|w| w[0] <= w[1])
        });
        check(&values, k, true, tally(sorted.map(|s| outcomes[s])), 0);
    }
}

#[test]
fn the_oracle_sees_draws_and_infinite_winners() {
    // 0 -> 0 (self-loop), 1 -> 0, 1 -> 2, 2 sink.
    let values = loopy_values(3, &[(0, 0), (1, 0), (1, 2)]);
    assert_eq!(
        values,
        vec![
            LoopyValue::infinite(vec![]),
            LoopyValue::infinite(vec![0]),
            LoopyValue::Finite(grundy::Nimber(0))
        ]
    );
    // Two tokens: (2,2) P; (1,2), (2,1) N; everything with 0 or two on 1 draws... (1,1): ∞+∞ = D.
    check(&values, 2, false, [1, 2, 6], 0);
}

#[test]
fn huge_token_counts_are_residues() {
    let mut rng = Rng(42);
    let edges = random_graph(&mut rng, 30, 70, false);
    let values = loopy_values(30, &edges);
    let p = 1_000_000_007u64;
    let k = 1_000_000_000_000_000_000u128;
    for multiset in [false, true] {
        let c = tokens::count_tokens_of(&values, k, multiset, Arithmetic::Modulo(p)).unwrap();
        let sum = (&c.p_positions + &c.n_positions + &c.d_positions) % p;
        assert_eq!(sum, c.total);
    }
    // V^K mod p by Fermat: K mod (p - 1).
    let c = tokens::count_tokens_of(&values, k, false, Arithmetic::Modulo(p)).unwrap();
    let e = (k % u128::from(p - 1)) as u64;
    assert_eq!(
        c.total,
        BigUint::from(30u32).modpow(&BigUint::from(e), &BigUint::from(p))
    );
}
