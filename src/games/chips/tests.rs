//! Tests of the chip game: samples, the three value methods against each other, and values and
//! moves against a search of whole chip positions.

use super::*;
use crate::solve::memo::Solver;
use proptest::prelude::*;

fn sample_games() -> Vec<ChipGame> {
    vec![
        ChipGame::new(3, &[(1, 0), (2, 0), (1, 2)], vec![0, 2, 2]).unwrap(),
        ChipGame::new(4, &[(0, 1), (1, 2), (2, 3)], vec![3, 2, 1, 0]).unwrap(),
    ]
}

#[test]
fn seed_sample_rounds() {
    let games = sample_games();
    let rounds: [&[[u64; 4]]; 2] = [
        &[
            [3, 0, 0, 0],
            [4, 1, 0, 0],
            [5, 0, 1, 0],
            [1, 1, 1, 0],
            [2, 2, 2, 0],
        ],
        &[
            [0, 0, 0, 0],
            [0, 0, 0, 1],
            [0, 0, 1, 0],
            [0, 1, 0, 0],
            [1, 0, 0, 0],
        ],
    ];
    let expected = [
        [false, true, true, true, false],
        [false, false, true, true, false],
    ];
    for (g, (rs, want)) in games.iter().zip(rounds.iter().zip(expected)) {
        for (r, w) in rs.iter().zip(want) {
            let chips = &r[..g.vertices()];
            assert_eq!(!g.position_value(chips).unwrap().is_zero(), w, "{chips:?}");
        }
    }
}

#[test]
fn k_zero_with_an_edge_is_one_and_sinks_are_zero() {
    let g = ChipGame::new(2, &[(0, 1)], vec![0, 5]).unwrap();
    assert_eq!(g.values().unwrap(), vec![Nimber(1), Nimber(0)]);
}

#[test]
fn errors_name_the_edge() {
    assert_eq!(
        ChipGame::new(2, &[(0, 2)], vec![1, 1]).unwrap_err(),
        ChipError::VertexOutOfRange {
            index: 0,
            from: 0,
            to: 2,
            vertex: 2,
            vertices: 2
        }
    );
    assert_eq!(
        ChipGame::new(2, &[(0, 1), (1, 1)], vec![1, 1]).unwrap_err(),
        ChipError::SelfLoop {
            index: 1,
            vertex: 1
        }
    );
    let e = ChipGame::new(4, &[(3, 0), (0, 1), (1, 2), (2, 0)], vec![1; 4]).unwrap_err();
    match &e {
        ChipError::Cycle { edges, vertices } => {
            let mut sorted = edges.clone();
            sorted.sort();
            assert_eq!(sorted, vec![1, 2, 3]);
            assert_eq!(vertices.first(), vertices.last());
            assert_eq!(vertices.len(), 4);
        }
        other => panic!("expected a cycle, got {other:?}"),
    }
    assert!(e.to_string().contains("has a cycle"), "{e}");
    assert!(matches!(
        ChipGame::new(2, &[], vec![1]),
        Err(ChipError::KCount { .. })
    ));
}

#[test]
fn deep_chains_need_no_recursion() {
    let n = 200_000u32;
    // numbered backwards, to need the topological sort
    let edges: Vec<(u32, u32)> = (1..n).map(|i| (i, i - 1)).collect();
    let g = ChipGame::new(n as usize, &edges, vec![1; n as usize]).unwrap();
    let v = g.values().unwrap();
    assert!(v.iter().enumerate().all(|(i, x)| x.0 == (i as u64 & 1)));
}

#[test]
fn values_double_on_complete_dags_up_to_128_bits() {
    let complete = |n: u32| -> Vec<(u32, u32)> {
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    };
    // vertex n-1 is a sink; with K even and large, G(i) = 2^(n-2-i).
    let g = ChipGame::new(129, &complete(129), vec![200; 129]).unwrap();
    assert_eq!(g.wide_values()[0], 1u128 << 127);
    assert_eq!(g.wide_values()[127], 1);
    assert!(matches!(
        g.values(),
        Err(ChipError::TooLarge { vertex: 0, .. })
    ));
    assert_eq!(
        ChipGame::new(130, &complete(130), vec![200; 130]).unwrap_err(),
        ChipError::Overflow { vertex: 0 }
    );
    // Many successors with K below their number and huge values: refused, not guessed.
    let mut k = vec![200; 130];
    k[0] = 30;
    let e = ChipGame::new(130, &complete(130)[..], k);
    assert!(matches!(
        e,
        Err(ChipError::Overflow { .. } | ChipError::Unsupported { .. })
    ));
    let mut k = vec![200; 100];
    k[0] = 30;
    assert!(matches!(
        ChipGame::new(100, &complete(100), k),
        Err(ChipError::Unsupported { vertex: 0, .. })
    ));
}

#[test]
fn many_successors_with_huge_values_and_small_k_use_small_subsets() {
    // A chain 1 -> 2 -> ... -> 99 with K even and large doubles the values (up to 2^97); vertex 0
    // points at all of them with K = 1 or 2.
    for k0 in [1u32, 2] {
        let mut edges: Vec<(u32, u32)> = (1..99)
            .flat_map(|i| (i + 1..100).map(move |j| (i, j)))
            .collect();
        edges.extend((1..100).map(|j| (0, j)));
        let mut k = vec![200u32; 100];
        k[0] = k0;
        let g = ChipGame::new(100, &edges, k).unwrap();
        let v = g.wide_values();
        assert_eq!(v[1], 1u128 << 97);
        // Successor values {0, 1, 2, 4, ..., 2^97}. K = 1: the options are those values, mex 3.
        // K = 2: 0 and the XORs of two of them, which give 0..=6 but not 7 = 1 ^ 2 ^ 4.
        assert_eq!(v[0], if k0 == 1 { 3 } else { 7 });
    }
}

#[test]
fn many_successors_with_small_values_use_the_search() {
    // 40 sinks below vertex 0 (values 0) plus 40 vertices of value 1: K = 3.
    let mut edges = Vec::new();
    for i in 1..=40 {
        edges.push((0, i));
        edges.push((0, 40 + i));
        edges.push((40 + i, i));
    }
    let mut k = vec![1u32; 81];
    k[0] = 3;
    let g = ChipGame::new(81, &edges, k).unwrap();
    // options of vertex 0: sizes 1 or 3 from {0 x40, 1 x40}: XORs 0 and 1 -> mex 2
    assert_eq!(g.values().unwrap()[0], Nimber(2));
}

fn small_values() -> impl Strategy<Value = (Vec<u128>, u32)> {
    (proptest::collection::vec(0u128..16, 1..=10), 0u32..12)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Gray-code enumeration, shortest subsets, and (when K >= k) linear algebra agree.
    #[test]
    fn the_methods_agree((d, k) in small_values()) {
        let by_enum = value_by_enumeration(&d, k, &mut Vec::new());
        let mut s = Scratch::default();
        let by_search = value_by_search(&d, k, 4, &mut s);
        prop_assert_eq!(by_enum, by_search);
        prop_assert_eq!(by_enum, value_by_small_subsets(&d, k, &mut Vec::new()));
        prop_assert_eq!(small_subset_count(d.len(), k) as usize,
            (0u32..1 << d.len()).filter(|x| x.count_ones() <= k && (k - x.count_ones()) % 2 == 0).count());
        if k as usize + 1 >= d.len() || k as usize > even_span_rank(&d) {
            prop_assert_eq!(Some(by_enum), value_by_span(&d, k));
        }
    }

    /// Linear algebra on wide values against enumeration.
    #[test]
    fn span_matches_enumeration_on_wide_values(
        d in proptest::collection::vec(any::<u128>().prop_map(|x| x >> 100), 1..=9),
        extra in 0u32..4,
    ) {
        let k = d.len() as u32 + extra;
        prop_assert_eq!(Some(value_by_enumeration(&d, k, &mut Vec::new())), value_by_span(&d, k));
    }
}

/// A random small DAG: vertices numbered in any order (edges between a random permutation),
/// repeated edges allowed.
fn small_game() -> impl Strategy<Value = ChipGame> {
    (1usize..=4).prop_flat_map(|n| {
        let perm = Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle();
        let pairs = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=6);
        let ks = proptest::collection::vec(0u32..=3, n);
        (perm, pairs, ks).prop_map(move |(perm, pairs, ks)| {
            let edges: Vec<(u32, u32)> = pairs
                .into_iter()
                .filter(|(a, b)| a < b)
                .map(|(a, b)| (perm[a as usize], perm[b as usize]))
                .collect();
            ChipGame::new(n, &edges, ks).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Values and positions against a search of whole chip positions.
    #[test]
    fn values_match_position_search(g in small_game(), chips in proptest::collection::vec(0u64..=2, 4)) {
        let n = g.vertices();
        let chips = &chips[..n];
        let mut solver = Solver::with_limit(ChipPositions(&g), 200_000);
        for u in 0..n {
            let mut one = vec![0u64; n];
            one[u] = 1;
            prop_assert_eq!(u128::from(solver.grundy(&one).unwrap().0), g.wide_values()[u]);
        }
        let searched = solver.grundy(&chips.to_vec()).unwrap();
        prop_assert_eq!(searched, g.position_value(chips).unwrap());
    }

    /// Every listed move reaches the target, and every option's class reaching it is listed.
    #[test]
    fn moves_match_the_options(g in small_game(), chips in proptest::collection::vec(0u64..=2, 4), target in 0u64..4) {
        let n = g.vertices();
        let chips = &chips[..n];
        let moves = g.moves_to_value(chips, Nimber(target)).unwrap();
        let mut listed = std::collections::BTreeSet::new();
        for m in &moves {
            let q = g.apply(chips, m).unwrap();
            prop_assert_eq!(g.position_value(&q).unwrap(), Nimber(target));
            prop_assert!(listed.insert((m.vertex, m.targets.clone())), "duplicate class");
        }
        // classes of the brute-force options with the target value
        let mut options = Vec::new();
        ChipPositions(&g).options(&chips.to_vec(), &mut options);
        let mut found = std::collections::BTreeSet::new();
        for q in options {
            if g.position_value(&q).unwrap() != Nimber(target) {
                continue;
            }
            let u = (0..n).find(|&u| q[u] < chips[u]).unwrap() as u32;
            let targets: Vec<u32> = (0..n as u32)
                .filter(|&v| v != u && (q[v as usize] - chips[v as usize]) % 2 == 1)
                .collect();
            found.insert((u, targets));
        }
        prop_assert_eq!(listed, found);
    }
}
