//! Play: the computer (`Engine::best_move`) wins every game it can win, against every reply, in
//! normal and misère play; and the `grundy play` command works through a pipe.

use std::collections::HashSet;
use std::sync::Arc;

use assert_cmd::Command;
use grundy::Outcome;
use grundy::games::chips::ChipGame;
use grundy::games::digraph::Digraph;
use grundy::games::heap::Ruleset;
use grundy::position::extra::{ChipRules, GraphRules, HeapRules};
use grundy::position::{Engine, Move, Position, Rules, State};
use grundy::solve::outcomes::{Play, retrograde};
use predicates::prelude::*;
use proptest::prelude::*;

fn component() -> impl Strategy<Value = (Rules, State)> {
    prop_oneof![
        (0usize..4, proptest::collection::vec(0u64..6, 0..3)).prop_map(|(r, heaps)| {
            let ruleset: Ruleset = ["kayles", "0.07", "sub:1,3,4", "grundys-game"][r]
                .parse()
                .unwrap();
            let max = heaps.iter().copied().max().unwrap_or(0);
            (Rules::Heap(Arc::new(HeapRules::new(ruleset, max))), heaps)
        }),
        (1u32..5).prop_flat_map(|n| {
            (
                proptest::collection::vec((0..n, 0..n), 0..8),
                proptest::collection::vec(0..n as u64, 1..3),
            )
                .prop_map(move |(edges, tokens)| {
                    let g = Digraph::from_edges(n as usize, &edges).unwrap();
                    (
                        Rules::Graph(Arc::new(GraphRules::new("g".into(), g))),
                        tokens,
                    )
                })
        }),
        (1u32..4).prop_flat_map(|n| {
            (
                proptest::collection::vec((0..n, 0..n), 0..5),
                proptest::collection::vec(0u32..3, n as usize),
                proptest::collection::vec(0u64..2, n as usize),
            )
                .prop_map(move |(pairs, k, chips)| {
                    let edges: Vec<(u32, u32)> = pairs
                        .into_iter()
                        .filter(|(a, b)| a != b)
                        .map(|(a, b)| (a.min(b), a.max(b)))
                        .collect();
                    let game = ChipGame::new(n as usize, &edges, k).unwrap();
                    let rules = ChipRules::new("dag".into(), game).unwrap();
                    (Rules::Chips(Arc::new(rules)), chips)
                })
        }),
        proptest::collection::vec(0u64..4, 0..3).prop_map(|h| (Rules::Nim, h)),
        proptest::collection::vec(0u64..3, 1..4).prop_map(|s| (Rules::Staircase, s)),
        (0u64..6).prop_flat_map(|n| {
            proptest::sample::subsequence((1..=n).collect::<Vec<_>>(), 0..=n as usize)
                .prop_map(move |cells| (Rules::Coins { length: n }, cells))
        }),
    ]
}

fn position() -> impl Strategy<Value = Position> {
    proptest::collection::vec(component(), 1..=3).prop_map(|cs| {
        let (rules, state): (Vec<_>, Vec<_>) = cs.into_iter().unzip();
        Position::new(rules, state)
    })
}

/// From an N-position with the computer to move, try every line of the opponent's replies:
/// the computer must win all of them (it moves last in normal play, never in misère play). In
/// loopy games it must also make progress: the depth of its positions (moves to the end under
/// best play, by retrograde analysis) strictly decreases, so no cycle can save the opponent.
fn computer_wins_against_everything(engine: &mut Engine, state: Vec<State>, play: Play) {
    let table = retrograde(engine.sum(), state.clone(), play, 1_000_000).unwrap();
    // (Finite games end anyway: there any move to a P-position wins.)
    let loopy = engine
        .sum()
        .components
        .iter()
        .any(|r| matches!(r, Rules::Graph(g) if !g.values.is_acyclic()));
    let mut seen: HashSet<Vec<State>> = HashSet::new();
    let mut stack = vec![state];
    while let Some(s) = stack.pop() {
        if !seen.insert(s.clone()) {
            continue;
        }
        // The computer to move.
        if engine.sum().is_over(&s) {
            assert_eq!(
                play,
                Play::Misere,
                "the computer was left without a move at {s:?}"
            );
            continue;
        }
        let m = engine.best_move(&s).unwrap().unwrap();
        let after = engine.sum().apply(&s, &m).unwrap();
        assert_eq!(
            engine.outcome(&after).unwrap(),
            Outcome::P,
            "{m:?} from {s:?}"
        );
        assert_eq!(table.get(&after), Some(Outcome::P));
        if loopy {
            assert!(
                table.depth(&after).unwrap() < table.depth(&s).unwrap(),
                "{m:?} from {s:?} makes no progress"
            );
        }
        if engine.sum().is_over(&after) {
            assert_eq!(
                play,
                Play::Normal,
                "the computer moved last in misère play at {s:?}"
            );
            continue;
        }
        let mut replies: Vec<Move> = Vec::new();
        engine.sum().moves(&after, &mut replies);
        for r in replies {
            stack.push(engine.sum().apply(&after, &r).unwrap());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn the_computer_wins_every_winnable_game(p in position(), misere in any::<bool>()) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut engine = Engine::new(p.sum.clone(), play);
        let o = engine.outcome(&p.state).unwrap();
        let table = retrograde(&p.sum, p.state.clone(), play, 1_000_000).unwrap();
        prop_assert_eq!(Some(o), table.get(&p.state));
        if o == Outcome::N {
            computer_wins_against_everything(&mut engine, p.state.clone(), play);
        } else if !p.sum.is_over(&p.state) {
            // Lost: it still moves, legally.
            let m = engine.best_move(&p.state).unwrap().unwrap();
            prop_assert!(p.sum.apply(&p.state, &m).is_ok());
        }
    }
}

fn file(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::TempDir::new().unwrap();
    let p = dir.path().join("p.toml");
    std::fs::write(&p, text).unwrap();
    (dir, p)
}

#[test]
fn a_piped_game_runs_to_the_end() {
    let (_d, f) = file("[[component]]\nkind = \"nim\"\nheaps = [1, 2]\n");
    // 1 2 is N; take the 2 to 1: P for the computer, which must take one heap; we take the last.
    Command::cargo_bin("grundy")
        .unwrap()
        .arg("play")
        .arg(&f)
        .write_stdin("help\n0 1 1\n0 0 0\n0 1 0\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("nim: 1 2"))
        .stdout(predicate::str::contains("C HEAP TO"))
        .stdout(predicate::str::contains("computer: "))
        .stdout(predicate::str::contains("No moves left. You win"));
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_undo_and_eof_work() {
    let (_d, f) = file("[[component]]\nkind = \"coins\"\nlength = 9\ncells = [2, 5, 7]\n");
    Command::cargo_bin("grundy")
        .unwrap()
        .arg("play")
        .arg(&f)
        .write_stdin("undo\n0 5 2\n0 5 6\n0 4 3\n1 1 1\nfoo\n0 7 6\nundo\nhint\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Nothing to undo."))
        .stdout(predicate::str::contains(
            "illegal move: the coin on 5 cannot pass or land on the coin on 2",
        ))
        .stdout(predicate::str::contains("illegal move: a coin moves left"))
        .stdout(predicate::str::contains(
            "illegal move: there is no coin on cell 4",
        ))
        .stdout(predicate::str::contains("there is no component 1"))
        .stdout(predicate::str::contains("not understood"))
        .stdout(predicate::str::contains("taken back"))
        .stdout(predicate::str::contains("no move wins"))
        .stdout(predicate::str::contains("End of input"));
}

#[test]
fn the_computer_moving_first_wins_a_misere_game() {
    let (_d, f) = file("[[component]]\nkind = \"nim\"\nheaps = [1, 1]\n");
    // Misère 1 1 is N: the computer takes one heap, we must take the last.
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["play", "--first", "computer", "--misere"])
        .arg(&f)
        .write_stdin("hint\n0 0 0\n0 1 0\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("The computer wins"));
}

#[test]
fn quit_ends_the_game() {
    let (_d, f) = file("[[component]]\nkind = \"nim\"\nheaps = [5]\n");
    Command::cargo_bin("grundy")
        .unwrap()
        .arg("play")
        .arg(&f)
        .write_stdin("quit\n0 0 0\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Bye."))
        .stdout(predicate::str::contains("you:").not());
}

/// A loopy board where the first P-option is a trap: 0 -> {1, 3}, 1 -> 2, 2 -> {1, 3}, 3 a sink.
/// Vertex 1 is P (its only move is to 2, from which 3 wins), 2 is N. Moving to 1 wins "in value"
/// but lets the opponent go 1 -> 2 -> (computer to 1 again) -> ... forever; the engine must head
/// for the sink instead.
#[test]
fn in_a_loopy_game_the_computer_does_not_let_play_cycle() {
    let g = Digraph::from_edges(4, &[(0, 1), (0, 3), (1, 2), (2, 1), (2, 3)]).unwrap();
    let p = Position::new(
        vec![Rules::Graph(Arc::new(GraphRules::new("g".into(), g)))],
        vec![vec![2]],
    );
    let mut engine = Engine::new(p.sum.clone(), Play::Normal);
    let wins = engine.winning_moves(&p.state).unwrap();
    assert_eq!(wins.len(), 2); // to 1 (value 0) and to 3 (value 0)
    let m = engine.best_move(&p.state).unwrap().unwrap();
    assert_eq!(
        m.action,
        grundy::position::Action::Graph {
            token: 0,
            from: 2,
            to: 3
        }
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// What `grundy play` says of a typed move agrees with the listing: every listed winning move,
    /// written in play notation and read back, is legal and leads to a P-position (which `play`
    /// reports as "a winning move"), in normal and misère play.
    #[test]
    fn every_listed_winning_move_typed_in_play_is_a_winning_move(p in position(), misere in any::<bool>()) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut engine = Engine::new(p.sum.clone(), play);
        for m in engine.winning_moves(&p.state).unwrap() {
            let text = grundy::position::notation::format_move(&m);
            let typed = grundy::position::notation::parse_move(&p.sum, &p.state, &text).unwrap();
            let next = p.sum.apply(&p.state, &typed).unwrap();
            prop_assert_eq!(next, p.sum.apply(&p.state, &m).unwrap());
            prop_assert_eq!(engine.outcome(&p.sum.apply(&p.state, &typed).unwrap()).unwrap(), Outcome::P);
        }
    }
}

#[test]
fn play_says_a_move_on_the_second_of_two_equal_heaps_wins() {
    let (_d, f) = file(
        "[[component]]\nkind = \"heap\"\nruleset = \"sub:1,3,4\"\nheaps = [2, 2]\n\n\
         [[component]]\nkind = \"staircase\"\nsteps = [1, 1]\n",
    );
    for (typed, verdict) in [
        ("0 1 1", "heap 1 of 2 into 1   — a winning move"),
        ("0 0 1", "heap 0 of 2 into 1   — a winning move"),
        (
            "1 1 1",
            "carry 1 coin(s) from step 1 to step 0   — a winning move",
        ),
    ] {
        Command::cargo_bin("grundy")
            .unwrap()
            .arg("play")
            .arg(&f)
            .write_stdin(format!("{typed}\nquit\n"))
            .assert()
            .success()
            .stdout(predicate::str::contains(verdict));
    }
}

#[test]
fn play_says_when_a_move_from_an_n_position_does_not_win() {
    let (_d, f) = file("[[component]]\nkind = \"nim\"\nheaps = [1, 2]\n");
    Command::cargo_bin("grundy")
        .unwrap()
        .arg("play")
        .arg(&f)
        .write_stdin("0 0 0\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "heap 0 from 1 to 0   — not a winning move ('hint' shows one)",
        ));
}
