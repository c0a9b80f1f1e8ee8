//! Play: the computer (`Engine::best_move`) wins every game it can win, against every reply, in
//! normal and misère play; and the `grundy play` command works through a pipe.

use assert_cmd::Command;
use grundy::Outcome;
use grundy::position::{Engine, Move, Position, Rules, State};
use grundy::solve::misere::{Play, retrograde};
use predicates::prelude::*;
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

fn position() -> impl Strategy<Value = Position> {
    proptest::collection::vec(component(), 1..=3).prop_map(|cs| {
        let (rules, state): (Vec<_>, Vec<_>) = cs.into_iter().unzip();
        Position::new(rules, state)
    })
}

/// From an N-position with the computer to move, try every line of the opponent's replies:
/// the computer must win all of them (it moves last in normal play, never in misère play).
fn computer_wins_against_everything(engine: &mut Engine, state: Vec<State>, play: Play) {
    let mut stack = vec![state];
    while let Some(s) = stack.pop() {
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
