//! Token-on-digraph values against independent retrograde analysis (win/lose/draw by counting,
//! no Sprague–Grundy theory), on thousands of small random graphs with cycles, self-loops and
//! parallel edges.

use std::collections::BTreeSet;

use grundy::games::digraph::{Digraph, acyclic, loopy, sum::TokenMove, sum::analyze, values};
use grundy::progress::Silent;
use grundy::{LoopyValue, Outcome};
use proptest::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Res {
    Win,
    Lose,
    Draw,
}

/// Retrograde analysis of an explicit game graph given by its move lists.
fn retrograde(moves: &[Vec<usize>]) -> Vec<Res> {
    let n = moves.len();
    let mut preds = vec![Vec::new(); n];
    for (s, m) in moves.iter().enumerate() {
        for &t in m {
            preds[t].push(s);
        }
    }
    let mut res: Vec<Option<Res>> = vec![None; n];
    let mut left: Vec<usize> = moves.iter().map(Vec::len).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&s| left[s] == 0).collect();
    for &s in &queue {
        res[s] = Some(Res::Lose);
    }
    while let Some(t) = queue.pop() {
        for &s in &preds[t] {
            if res[s].is_some() {
                continue;
            }
            if res[t] == Some(Res::Lose) {
                res[s] = Some(Res::Win);
                queue.push(s);
            } else {
                left[s] -= 1;
                if left[s] == 0 {
                    res[s] = Some(Res::Lose);
                    queue.push(s);
                }
            }
        }
    }
    res.into_iter().map(|r| r.unwrap_or(Res::Draw)).collect()
}

fn graph(n: usize, edges: &[(u32, u32)]) -> Digraph {
    let e: Vec<(u32, u32)> = edges
        .iter()
        .map(|&(a, b)| (a % n as u32, b % n as u32))
        .collect();
    Digraph::from_edges(n, &e).unwrap()
}

/// The game "token at u + Nim heap of size h", h in 0..=bound, as an explicit graph.
fn token_plus_heap(g: &Digraph, bound: usize) -> Vec<Res> {
    let n = g.vertex_count();
    let id = |u: usize, h: usize| u * (bound + 1) + h;
    let mut moves = vec![Vec::new(); n * (bound + 1)];
    for u in 0..n {
        for h in 0..=bound {
            let m = &mut moves[id(u, h)];
            m.extend(g.successors(u as u32).iter().map(|&w| id(w as usize, h)));
            m.extend((0..h).map(|k| id(u, k)));
        }
    }
    retrograde(&moves)
}

fn check_values_against_heap_oracle(g: &Digraph) -> Result<(), TestCaseError> {
    let vals = values(g, &Silent);
    let bound = (0..g.vertex_count() as u32)
        .map(|v| g.out_degree(v))
        .max()
        .unwrap_or(0)
        + 1;
    let oracle = token_plus_heap(g, bound);
    for u in 0..g.vertex_count() {
        let val = vals.get(u as u32);
        for h in 0..=bound {
            let expect = match &val {
                LoopyValue::Finite(x) if x.0 == h as u64 => Res::Lose,
                LoopyValue::Finite(_) => Res::Win,
                LoopyValue::Infinite(k) if k.contains(&(h as u64)) => Res::Win,
                LoopyValue::Infinite(_) => Res::Draw,
            };
            prop_assert_eq!(
                oracle[u * (bound + 1) + h],
                expect,
                "vertex {} value {} heap {} in {:?}",
                u,
                val,
                h,
                g
            );
        }
        let single = match vals.outcome(u as u32) {
            Outcome::P => Res::Lose,
            Outcome::N => Res::Win,
            Outcome::D => Res::Draw,
        };
        prop_assert_eq!(oracle[u * (bound + 1)], single);
    }
    Ok(())
}

/// Every ordered tuple of token vertices, analysed by retrograde analysis of the product graph;
/// the outcome and the set of winning moves from `start` must match `analyze`.
fn check_tokens_against_product(g: &Digraph, k: usize) -> Result<(), TestCaseError> {
    let n = g.vertex_count();
    let states = n.pow(k as u32);
    let decode = |mut s: usize| {
        let mut t = vec![0usize; k];
        for slot in t.iter_mut() {
            *slot = s % n;
            s /= n;
        }
        t
    };
    let encode = |t: &[usize]| t.iter().rev().fold(0, |acc, &x| acc * n + x);
    let mut moves = vec![Vec::new(); states];
    for (s, m) in moves.iter_mut().enumerate() {
        let t = decode(s);
        for i in 0..k {
            for &w in g.successors(t[i] as u32) {
                let mut t2 = t.clone();
                t2[i] = w as usize;
                m.push(encode(&t2));
            }
        }
    }
    let res = retrograde(&moves);
    let vals = values(g, &Silent);
    for (s, r) in res.iter().enumerate() {
        let t = decode(s);
        let tokens: Vec<u32> = t.iter().map(|&x| x as u32).collect();
        let a = analyze(g, &vals, &tokens).unwrap();
        let expect = match r {
            Res::Lose => Outcome::P,
            Res::Win => Outcome::N,
            Res::Draw => Outcome::D,
        };
        prop_assert_eq!(a.outcome, expect, "tokens {:?} in {:?}", &tokens, g);
        let mut winning = BTreeSet::new();
        for i in 0..k {
            for &w in g.successors(t[i] as u32) {
                let mut t2 = t.clone();
                t2[i] = w as usize;
                if res[encode(&t2)] == Res::Lose {
                    winning.insert(TokenMove {
                        token: i,
                        from: t[i] as u32,
                        to: w,
                    });
                }
            }
        }
        let got: BTreeSet<TokenMove> = a.winning_moves.iter().copied().collect();
        prop_assert_eq!(got.len(), a.winning_moves.len(), "duplicate moves");
        prop_assert_eq!(got, winning, "tokens {:?} in {:?}", &tokens, g);
    }
    Ok(())
}

fn small_graph() -> impl Strategy<Value = Digraph> {
    (
        1usize..=7,
        prop::collection::vec((0u32..7, 0u32..7), 0..=16),
    )
        .prop_map(|(n, e)| graph(n, &e))
}

fn small_dag() -> impl Strategy<Value = Digraph> {
    (
        1usize..=9,
        prop::collection::vec((0u32..9, 0u32..9), 0..=24),
    )
        .prop_map(|(n, e)| {
            let e: Vec<(u32, u32)> = e
                .into_iter()
                .map(|(a, b)| (a % n as u32, b % n as u32))
                .filter(|&(a, b)| a != b)
                .map(|(a, b)| (a.min(b), a.max(b)))
                .collect();
            Digraph::from_edges(n, &e).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn generalized_values_match_token_plus_heap_retrograde(g in small_graph()) {
        check_values_against_heap_oracle(&g)?;
    }

    #[test]
    fn acyclic_fast_path_equals_phase_algorithm_and_oracle(g in small_dag()) {
        let fast = acyclic::grundy_values(&g, &Silent).unwrap();
        prop_assert_eq!(&fast, &loopy::labels(&g, &Silent));
        prop_assert!(values(&g, &Silent).is_acyclic());
        check_values_against_heap_oracle(&g)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn two_tokens_match_product_graph_retrograde(
        n in 1usize..=6,
        e in prop::collection::vec((0u32..6, 0u32..6), 0..=14),
    ) {
        check_tokens_against_product(&graph(n, &e), 2)?;
    }

    #[test]
    fn one_and_three_tokens_match_product_graph_retrograde(
        n in 1usize..=4,
        e in prop::collection::vec((0u32..4, 0u32..4), 0..=9),
    ) {
        let g = graph(n, &e);
        check_tokens_against_product(&g, 1)?;
        check_tokens_against_product(&g, 3)?;
    }
}

/// A dense-ish random graph with larger values than the tiny cases reach.
#[test]
fn larger_random_graphs_match_the_heap_oracle() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..60 {
        let n = 12 + (next() % 20) as usize;
        let m = n * (1 + round % 5);
        let acyclic_only = round % 3 == 0;
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| ((next() % n as u64) as u32, (next() % n as u64) as u32))
            .filter(|&(a, b)| !acyclic_only || a < b)
            .collect();
        let g = Digraph::from_edges(n, &edges).unwrap();
        check_values_against_heap_oracle(&g).unwrap();
    }
}

/// Long chains and cycles: no recursion anywhere (10^7 vertices).
#[test]
fn a_chain_and_a_cycle_of_ten_million_vertices() {
    let n = 10_000_000u32;
    let chain: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    let g = Digraph::from_edges(n as usize, &chain).unwrap();
    let v = values(&g, &Silent);
    assert!(v.is_acyclic());
    // the end is 0; values alternate 1, 0 backwards
    assert_eq!(v.get(n - 1), LoopyValue::Finite(grundy::Nimber(0)));
    assert_eq!(
        v.get(0),
        LoopyValue::Finite(grundy::Nimber(((n - 1) % 2) as u64))
    );
    drop(g);
    let mut cycle = chain;
    cycle.push((n - 1, 0));
    let g = Digraph::from_edges(n as usize, &cycle).unwrap();
    let v = values(&g, &Silent);
    assert!(!v.is_acyclic());
    assert_eq!(v.infinite_count(), n as usize);
    assert_eq!(v.get(5).outcome(), Outcome::D);
    // the cycle with one exit to a sink: values propagate all the way round by counters
    cycle.push((0, n));
    let g = Digraph::from_edges(n as usize + 1, &cycle).unwrap();
    let v = values(&g, &Silent);
    assert_eq!(v.infinite_count(), 0);
    assert_eq!(v.get(n), LoopyValue::Finite(grundy::Nimber(0)));
}
