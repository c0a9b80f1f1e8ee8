//! Random sums of small components checked against a brute-force search of the whole sum, played
//! as ONE game (no decomposition): outcome and the exact set of winning moves, normal and misère.

use std::collections::BTreeSet;
use std::sync::Arc;

use grundy::games::chips::ChipGame;
use grundy::games::digraph::Digraph;
use grundy::games::heap::Ruleset;
use grundy::position::extra::{ChipRules, GraphRules, HeapRules};
use grundy::position::{Action, Engine, Move, Position, Rules, State, Sum};
use grundy::solve::memo::Solver;
use grundy::solve::outcomes::{Play, retrograde};
use grundy::{LoopyValue, Outcome};
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

/// Every action of one component, enumerated here from the rules alone (independently of
/// `Rules::moves`): a move is an action, so equal heaps, tokens on one vertex and chip moves to
/// different successors are each their own move.
fn every_action(r: &Rules, s: &[u64]) -> Vec<Action> {
    let mut out = Vec::new();
    match r {
        Rules::Nim => {
            for (heap, &from) in s.iter().enumerate() {
                out.extend((0..from).map(|to| Action::Nim { heap, from, to }));
            }
        }
        Rules::Heap(h) => {
            for (heap, &from) in s.iter().enumerate() {
                let mut options = Vec::new();
                h.ruleset.moves(from, &mut options);
                out.extend(
                    options
                        .into_iter()
                        .map(|to| Action::Heap { heap, from, to }),
                );
            }
        }
        Rules::Staircase => {
            for (step, &c) in s.iter().enumerate().skip(1) {
                out.extend((1..=c).map(|count| Action::Staircase { step, count }));
            }
        }
        Rules::Coins { .. } => {
            for (i, &c) in s.iter().enumerate() {
                let free = if i == 0 { 1 } else { s[i - 1] + 1 };
                out.extend((free..c).map(|to| Action::Coins { from: c, to }));
            }
        }
        Rules::Graph(g) => {
            for (token, &from) in s.iter().enumerate() {
                for to in 0..g.graph.vertex_count() as u64 {
                    if g.graph.successors(from as u32).contains(&(to as u32)) {
                        out.push(Action::Graph { token, from, to });
                    }
                }
            }
        }
        Rules::Chips(c) => {
            // Every sorted list of K successors (a multiset), by brute recursion.
            fn lists(
                succ: &[u32],
                k: usize,
                from: usize,
                cur: &mut Vec<u64>,
                out: &mut Vec<Vec<u64>>,
            ) {
                if cur.len() == k {
                    out.push(cur.clone());
                    return;
                }
                for i in from..succ.len() {
                    cur.push(succ[i] as u64);
                    lists(succ, k, i, cur, out);
                    cur.pop();
                }
            }
            for (u, &n) in s.iter().enumerate() {
                let succ = c.game.successors(u as u32);
                if n == 0 || succ.is_empty() {
                    continue;
                }
                let mut all = Vec::new();
                lists(succ, c.game.k()[u] as usize, 0, &mut Vec::new(), &mut all);
                out.extend(all.into_iter().map(|targets| Action::Chips {
                    vertex: u as u64,
                    targets,
                }));
            }
        }
    }
    out
}

/// The listed moves as a set, checking that none is listed twice.
fn listed(moves: &[Move]) -> BTreeSet<Move> {
    let set: BTreeSet<Move> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "a move is listed twice: {moves:?}");
    set
}

/// Brute force over the whole sum: its outcome by retrograde analysis, and every action of every
/// component that leads to a P-position of the whole sum.
fn brute(sum: &Sum, state: &[State], play: Play) -> (Outcome, BTreeSet<Move>) {
    let table = retrograde(sum, state.to_vec(), play, 1_000_000).unwrap();
    let mut wins = BTreeSet::new();
    for (component, (r, s)) in sum.components.iter().zip(state).enumerate() {
        for action in every_action(r, s) {
            let m = Move { component, action };
            let next = sum.apply(state, &m).expect("every action is legal");
            if table.get(&next) == Some(Outcome::P) {
                wins.insert(m);
            }
        }
    }
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
        prop_assert_eq!(listed(&a.winning_moves), wins);
    }

    #[test]
    fn misere_outcome_and_winning_moves_match_retrograde_search(p in position(3)) {
        let mut engine = Engine::new(p.sum.clone(), Play::Misere);
        let a = engine.analyse(&p.state).unwrap();
        prop_assert!(a.value.is_none());
        let (outcome, wins) = brute(&p.sum, &p.state, Play::Misere);
        prop_assert_eq!(a.outcome, outcome);
        prop_assert_eq!(listed(&a.winning_moves), wins);
    }

    #[test]
    fn mixed_sums_with_heaps_and_loopy_graphs_match_retrograde_search(p in mixed(3), misere in any::<bool>()) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut engine = Engine::new(p.sum.clone(), play);
        let a = engine.analyse(&p.state).unwrap();
        let (outcome, wins) = brute(&p.sum, &p.state, play);
        prop_assert_eq!(a.outcome, outcome);
        if play == Play::Normal {
            prop_assert_eq!(a.value.as_ref().unwrap().outcome(), outcome);
        }
        prop_assert_eq!(listed(&a.winning_moves), wins);
    }

    #[test]
    fn misere_nim_rule_across_components_matches_search(p in nim_position()) {
        let mut engine = Engine::new(p.sum.clone(), Play::Misere);
        let a = engine.analyse(&p.state).unwrap();
        prop_assert_eq!(a.method, grundy::position::Method::MisereNim);
        let (outcome, wins) = brute(&p.sum, &p.state, Play::Misere);
        prop_assert_eq!(a.outcome, outcome);
        prop_assert_eq!(listed(&a.winning_moves), wins);
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

/// A heap-game component whose heaps come in equal pairs (`[a, a, b]` or `[a, a]`).
fn equal_heaps() -> impl Strategy<Value = (Rules, State)> {
    (0..RULESETS.len(), 1u64..7, proptest::option::of(0u64..7)).prop_map(|(r, a, b)| {
        let ruleset: Ruleset = RULESETS[r].parse().unwrap();
        let heaps: Vec<u64> = [a, a].into_iter().chain(b).collect();
        let max = heaps.iter().copied().max().unwrap();
        (Rules::Heap(Arc::new(HeapRules::new(ruleset, max))), heaps)
    })
}

/// A staircase with equal numbers of coins on several steps.
fn equal_steps() -> impl Strategy<Value = (Rules, State)> {
    (0u64..3, 1u64..3, 2usize..4).prop_map(|(floor, c, steps)| {
        (
            Rules::Staircase,
            [floor]
                .into_iter()
                .chain(std::iter::repeat_n(c, steps))
                .collect(),
        )
    })
}

/// A graph with every token on one vertex.
fn tokens_on_one_vertex() -> impl Strategy<Value = (Rules, State)> {
    (1u32..6).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n), 1..9),
            0..n as u64,
            2usize..4,
        )
            .prop_map(move |(edges, v, tokens)| {
                let g = Digraph::from_edges(n as usize, &edges).unwrap();
                (
                    Rules::Graph(Arc::new(GraphRules::new("g".into(), g))),
                    vec![v; tokens],
                )
            })
    })
}

/// A second, small component of any kind to add to the one under test.
fn partner() -> impl Strategy<Value = (Rules, State)> {
    prop_oneof![component(), heap_component(), chips_component()]
}

fn sum_of(parts: Vec<(Rules, State)>) -> Position {
    let (rules, state): (Vec<_>, Vec<_>) = parts.into_iter().unzip();
    Position::new(rules, state)
}

/// Every winning move of `p` is listed, each once, in both conventions: the listing equals the
/// brute-force set of actions leading to a P-position of the whole sum.
fn lists_every_winning_action(p: &Position) -> Result<(), TestCaseError> {
    for play in [Play::Normal, Play::Misere] {
        let a = Engine::new(p.sum.clone(), play).analyse(&p.state).unwrap();
        let (outcome, wins) = brute(&p.sum, &p.state, play);
        prop_assert_eq!(a.outcome, outcome);
        prop_assert_eq!(listed(&a.winning_moves), wins, "{:?} play", play);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_move_of_equal_heaps_is_listed(h in equal_heaps(), q in partner()) {
        lists_every_winning_action(&sum_of(vec![h, q]))?;
    }

    #[test]
    fn every_move_of_equal_staircase_steps_is_listed(st in equal_steps(), q in partner()) {
        lists_every_winning_action(&sum_of(vec![st, q]))?;
    }

    #[test]
    fn every_coin_move_is_listed(c in component().prop_filter("coins", |(r, _)| matches!(r, Rules::Coins { .. })), h in equal_heaps()) {
        lists_every_winning_action(&sum_of(vec![c, h]))?;
    }

    #[test]
    fn every_move_of_tokens_on_one_vertex_is_listed(g in tokens_on_one_vertex(), q in partner()) {
        lists_every_winning_action(&sum_of(vec![g, q]))?;
    }

    #[test]
    fn every_way_to_place_paired_chips_is_listed(c in chips_component(), q in partner()) {
        lists_every_winning_action(&sum_of(vec![c, q]))?;
    }
}

/// The case of issue 16: heaps `[2, 2]` of `sub:1,3,4` (value 0) with a staircase `[1, 1]`
/// (value 1): taking one from either heap wins, and both moves are listed.
#[test]
fn both_equal_heaps_of_a_subtraction_game_have_their_winning_move() {
    let ruleset: Ruleset = "sub:1,3,4".parse().unwrap();
    let p = Position::new(
        vec![
            Rules::Heap(Arc::new(HeapRules::new(ruleset, 2))),
            Rules::Staircase,
        ],
        vec![vec![2, 2], vec![1, 1]],
    );
    let a = Engine::new(p.sum.clone(), Play::Normal)
        .analyse(&p.state)
        .unwrap();
    let heap_moves: Vec<usize> = a
        .winning_moves
        .iter()
        .filter_map(|m| match &m.action {
            Action::Heap { heap, from: 2, to } if to == &[1] => Some(*heap),
            _ => None,
        })
        .collect();
    assert_eq!(heap_moves, vec![0, 1]);
    assert_eq!(a.winning_moves.len(), 3);
}
