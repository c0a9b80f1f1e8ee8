//! Random sums of small components checked against a brute-force search of the whole sum, played
//! as ONE game (no decomposition): outcome and the exact set of winning moves, normal and misère.

use std::collections::BTreeSet;
use std::sync::Arc;

use grundy::families::chips::ChipGame;
use grundy::families::digraph::Digraph;
use grundy::families::heap::Ruleset;
use grundy::position::extra::{ChipRules, GraphRules, HeapRules};
use grundy::position::{Engine, Move, Position, Rules, State, Sum};
use grundy::solve::memo::Solver;
use grundy::solve::misere::{Play, retrograde};
use grundy::{ImpartialGame, LoopyValue, Outcome};
use proptest::prelude::*;

fn component() -> impl Strategy<Value = (Rules, State)> {
    prop_oneof![
        proptest::collection::vec(0u64..4, 0..3).prop_map(|h| (Rules::Nim, h)),
        proptest::collection::vec(0u64..3, 1..4).prop_map(|s| (Rules::Staircase, s)),
        (0u64..6).prop_flat_map(|n| {
            proptest::sample::subsequence((1..=n).collect::<Vec<_>>(), 0..=n as usize)
                .prop_map(move |cells| (Rules::Coins { length: n }, cells))
        }),
    ]
}

const RULESETS: &[&str] = &[
    "kayles",
    "0.07",
    "0.137",
    "sub:1,3,4",
    "grundys-game",
    "allbut:2",
    "0.6",
    "4.07",
    "0.1234",
];

fn heap_component() -> impl Strategy<Value = (Rules, State)> {
    (0..RULESETS.len(), proptest::collection::vec(0u64..7, 0..3)).prop_map(|(r, heaps)| {
        let ruleset: Ruleset = RULESETS[r].parse().unwrap();
        let max = heaps.iter().copied().max().unwrap_or(0);
        (Rules::Heap(Arc::new(HeapRules::new(ruleset, max))), heaps)
    })
}

/// Small graphs with cycles, self-loops and parallel edges; one or two tokens.
fn graph_component() -> impl Strategy<Value = (Rules, State)> {
    (1u32..6).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n), 0..9),
            proptest::collection::vec(0..n as u64, 1..3),
        )
            .prop_map(move |(edges, tokens)| {
                let g = Digraph::from_edges(n as usize, &edges).unwrap();
                (
                    Rules::Graph(Arc::new(GraphRules::new("g".into(), g))),
                    tokens,
                )
            })
    })
}

/// Small chip games: DAGs with edges u -> v for u < v, K from 0 to 2, up to 2 chips a vertex.
fn chips_component() -> impl Strategy<Value = (Rules, State)> {
    (1u32..5).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n), 0..6),
            proptest::collection::vec(0u32..3, n as usize),
            proptest::collection::vec(0u64..3, n as usize),
        )
            .prop_map(move |(pairs, k, chips)| {
                let edges: Vec<(u32, u32)> = pairs
                    .into_iter()
                    .filter(|(a, b)| a != b)
                    .map(|(a, b)| (a.min(b), a.max(b)))
                    .collect();
                let game = ChipGame::new(n as usize, &edges, k).unwrap();
                (
                    Rules::Chips(Arc::new(ChipRules::new("dag".into(), game).unwrap())),
                    chips,
                )
            })
    })
}

fn any_component() -> impl Strategy<Value = (Rules, State)> {
    prop_oneof![
        component(),
        heap_component(),
        graph_component(),
        chips_component()
    ]
}

/// Sums mixing every kind: nim, staircase, coins, heap games, graphs.
fn mixed(max: usize) -> impl Strategy<Value = Position> {
    proptest::collection::vec(any_component(), 0..=max).prop_map(|cs| {
        let (rules, state): (Vec<_>, Vec<_>) = cs.into_iter().unzip();
        Position::new(rules, state)
    })
}

fn position(max: usize) -> impl Strategy<Value = Position> {
    proptest::collection::vec(component(), 0..=max).prop_map(|cs| {
        let (rules, state): (Vec<_>, Vec<_>) = cs.into_iter().unzip();
        Position::new(rules, state)
    })
}

fn nim_position() -> impl Strategy<Value = Position> {
    proptest::collection::vec(proptest::collection::vec(0u64..5, 0..3), 0..3).prop_map(|cs| {
        let rules = vec![Rules::Nim; cs.len()];
        Position::new(rules, cs)
    })
}

/// A position with the heaps of heap games sorted: they form a multiset (the order of Nim heaps
/// and tokens is kept, as moves on equal heaps or tokens are reported separately).
fn canonical(sum: &Sum, state: Vec<State>) -> Vec<State> {
    state
        .into_iter()
        .zip(&sum.components)
        .map(|(mut s, r)| {
            if matches!(r, Rules::Heap(_)) {
                s.sort_unstable();
            }
            s
        })
        .collect()
}

/// Under normal play a chip move is listed once per class of moves with the same effect on values:
/// the vertex losing a chip and the successors receiving an odd number of chips. This projects a
/// chip component's new state onto that class (other components are left as they are).
fn chip_classes(sum: &Sum, before: &[State], after: Vec<State>) -> Vec<State> {
    after
        .into_iter()
        .zip(before)
        .zip(&sum.components)
        .map(|((a, b), r)| {
            if !matches!(r, Rules::Chips(_)) || a == *b {
                return a;
            }
            let u = (0..a.len())
                .find(|&v| a[v] < b[v])
                .expect("a chip left some vertex");
            let mut class = vec![u as u64, u64::MAX];
            for v in 0..a.len() {
                let added = a[v] + u64::from(v == u) - b[v];
                if added % 2 == 1 {
                    class.push(v as u64);
                }
            }
            class
        })
        .collect()
}

/// The states reached by a list of moves (and a check that no move is listed twice).
fn targets(sum: &Sum, state: &[State], moves: &[Move]) -> BTreeSet<Vec<State>> {
    let set: BTreeSet<Vec<State>> = moves
        .iter()
        .map(|m| canonical(sum, sum.apply(state, m).expect("winning moves are legal")))
        .collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "a winning move is listed twice: {moves:?}"
    );
    set
}

/// Brute force: the options of the whole sum that are P, by retrograde analysis.
fn brute(sum: &Sum, state: &[State], play: Play) -> (Outcome, BTreeSet<Vec<State>>) {
    let table = retrograde(sum, state.to_vec(), play, 1_000_000).unwrap();
    let mut opts = Vec::new();
    sum.options(&state.to_vec(), &mut opts);
    let wins = opts
        .into_iter()
        .filter(|o| table.get(o) == Some(Outcome::P))
        .map(|o| canonical(sum, o))
        .collect();
    (table.get(&state.to_vec()).unwrap(), wins)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn normal_play_value_and_winning_moves_match_search(p in position(3)) {
        let sum = &p.sum;
        let mut solver = Solver::new(sum.clone());
        let searched = solver.grundy(&p.state).unwrap();
        prop_assert_eq!(sum.value(&p.state), LoopyValue::Finite(searched));
        let mut engine = Engine::new(sum.clone(), Play::Normal);
        let a = engine.analyse(&p.state).unwrap();
        let (outcome, wins) = brute(sum, &p.state, Play::Normal);
        prop_assert_eq!(a.outcome, outcome);
        prop_assert_eq!(targets(sum, &p.state, &a.winning_moves), wins);
    }

    #[test]
    fn misere_outcome_and_winning_moves_match_retrograde_search(p in position(3)) {
        let mut engine = Engine::new(p.sum.clone(), Play::Misere);
        let a = engine.analyse(&p.state).unwrap();
        prop_assert!(a.value.is_none());
        let (outcome, wins) = brute(&p.sum, &p.state, Play::Misere);
        prop_assert_eq!(a.outcome, outcome);
        prop_assert_eq!(targets(&p.sum, &p.state, &a.winning_moves), wins);
    }

    #[test]
    fn mixed_sums_with_heaps_and_loopy_graphs_match_retrograde_search(p in mixed(3), misere in any::<bool>()) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut engine = Engine::new(p.sum.clone(), play);
        let a = engine.analyse(&p.state).unwrap();
        let (outcome, wins) = brute(&p.sum, &p.state, play);
        prop_assert_eq!(a.outcome, outcome);
        let ours = targets(&p.sum, &p.state, &a.winning_moves);
        if play == Play::Normal {
            prop_assert_eq!(a.value.as_ref().unwrap().outcome(), outcome);
            // Every listed move wins, and every winning class of chip moves is listed once.
            for t in &ours {
                prop_assert!(wins.contains(t), "{:?} is not a winning option", t);
            }
            let project = |set: &BTreeSet<Vec<State>>| -> BTreeSet<Vec<State>> {
                set.iter().map(|t| chip_classes(&p.sum, &p.state, t.clone())).collect()
            };
            let classes = project(&ours);
            prop_assert_eq!(classes.len(), ours.len(), "two listed moves of one class");
            prop_assert_eq!(classes, project(&wins));
        } else {
            prop_assert_eq!(ours, wins);
        }
    }

    #[test]
    fn misere_nim_rule_across_components_matches_search(p in nim_position()) {
        let mut engine = Engine::new(p.sum.clone(), Play::Misere);
        let a = engine.analyse(&p.state).unwrap();
        prop_assert_eq!(a.method, grundy::position::Method::MisereNim);
        let (outcome, wins) = brute(&p.sum, &p.state, Play::Misere);
        prop_assert_eq!(a.outcome, outcome);
        prop_assert_eq!(targets(&p.sum, &p.state, &a.winning_moves), wins);
    }
}

#[test]
fn misere_search_refuses_positions_beyond_its_limit() {
    let p = Position::new(
        vec![Rules::Staircase, Rules::Nim],
        vec![vec![0, 30, 30, 30], vec![40, 50, 60]],
    );
    let mut engine = Engine::with_limit(p.sum.clone(), Play::Misere, 1000);
    let e = engine.analyse(&p.state).unwrap_err();
    assert!(e.to_string().contains("1000"), "{e}");
    // Huge Nim heaps are fine: the misère Nim rule needs no search.
    let big = Position::new(vec![Rules::Nim], vec![vec![u64::MAX, 1, 1]]);
    let a = Engine::new(big.sum.clone(), Play::Misere)
        .analyse(&big.state)
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
}
