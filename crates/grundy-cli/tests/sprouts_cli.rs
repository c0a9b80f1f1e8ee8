//! `grundy search sprouts` from the outside: values and outcomes of the starts `0*n`, the
//! outcome-only mode, winning moves that each lead to a P-position (checked by running the
//! command again on each), both separator styles, misère play, and bad input (exit 2 with the
//! place named).

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// `grundy search sprouts ARGS --json --threads 1`, which must succeed: its JSON.
fn sprouts(args: &[&str]) -> serde_json::Value {
    let out = grundy()
        .args(["search", "sprouts", "--json", "--threads", "1"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn five_spots_are_star_1_in_json() {
    let v = sprouts(&["--spots", "5"]);
    for key in [
        "game",
        "position",
        "components",
        "value",
        "outcome",
        "winning_moves",
        "nodes",
        "table_entries",
        "table_hits",
        "table_bytes",
        "resumed_entries",
        "threads",
        "seconds",
        "peak_bytes",
    ] {
        assert!(v.get(key).is_some(), "{key} missing from {v}");
    }
    assert_eq!(v["game"], "sprouts");
    assert_eq!(v["position"], "0.0.0.0.0");
    assert_eq!(v["components"], 1);
    assert_eq!(v["value"], 1);
    assert_eq!(v["outcome"], "N");
    assert!(v["winning_moves"].is_null());
}

#[test]
fn the_starts_follow_the_conjecture_up_to_seven_spots() {
    // n mod 6 in {3, 4, 5}: the first player wins
    for n in 0..=7usize {
        let v = sprouts(&["--spots", &n.to_string()]);
        let want = if [3, 4, 5].contains(&(n % 6)) {
            "N"
        } else {
            "P"
        };
        assert_eq!(v["outcome"], want, "0*{n}: {v}");
        assert_eq!(v["value"] != 0, want == "N", "0*{n}: {v}");
    }
    // no spot at all: the position with no land
    assert_eq!(sprouts(&["--spots", "0"])["position"], "!");
}

#[test]
fn outcome_only_gives_six_spots_p_and_no_value() {
    let v = sprouts(&["--spots", "6", "--outcome"]);
    assert_eq!(v["outcome"], "P");
    assert!(v["value"].is_null(), "{v}");
    grundy()
        .args(["search", "sprouts", "--spots", "6", "--outcome", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: (--outcome: outcome only)"))
        .stdout(predicate::str::contains("outcome: P"));
    // and on the other games
    let out = grundy()
        .args([
            "search",
            "cram",
            "--rows",
            "4",
            "--cols",
            "5",
            "--outcome",
            "--moves",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["value"].is_null(), "{v}");
    assert_eq!(v["outcome"], "N");
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    let v = sprouts(&["--spots", "4", "--outcome"]);
    assert_eq!(v["outcome"], "N");
}

/// Every winning move of `args` leads to a position the command finds P (value 0, and P by
/// `--outcome` too); at least one is listed.
fn winning_moves_lead_to_p(args: &[&str]) -> Vec<String> {
    let mut all = args.to_vec();
    all.push("--moves");
    let v = sprouts(&all);
    assert_eq!(v["outcome"], "N", "{v}");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{v}");
    let mut positions = Vec::new();
    for m in moves {
        assert!(m["move"].as_str().unwrap().starts_with("land "), "{m}");
        let after = m["position"].as_str().unwrap();
        let w = sprouts(&["--position", after]);
        assert_eq!(w["value"], 0, "{after}: {w}");
        assert_eq!(
            w["position"], after,
            "the canonical text reads back as itself"
        );
        assert_eq!(sprouts(&["--position", after, "--outcome"])["outcome"], "P");
        positions.push(after.to_string());
    }
    positions
}

#[test]
fn winning_moves_each_lead_to_a_p_position() {
    // three spots: the loop round one spot is the winning move, 0.AB|AB.0 in its SPOTS form
    let three = winning_moves_lead_to_p(&["--spots", "3"]);
    assert!(three.contains(&"0.AB|0.AB".to_string()), "{three:?}");
    let p = sprouts(&["--position", "0.AB|AB.0", "--moves"]);
    assert_eq!(p["position"], "0.AB|0.AB");
    assert_eq!(p["outcome"], "P");
    assert_eq!(p["winning_moves"], serde_json::json!([]));
    winning_moves_lead_to_p(&["--spots", "5"]);
    // two lands: the move names the land it is played in
    winning_moves_lead_to_p(&["--position", "0.0.0+0.0"]);
    grundy()
        .args(["search", "sprouts", "--spots", "4", "--moves", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves (2):"))
        .stdout(predicate::str::contains(
            "  land 1: 0.0.AB|0.AB -> 0.0.AB|0.AB",
        ));
}

#[test]
fn glop_style_reads_like_spots_style() {
    let glop = sprouts(&["--position", "0.0.}]!"]);
    assert_eq!(glop["position"], "0.0");
    assert_eq!(glop["value"], 0);
    let short = sprouts(&["--position", "0*2"]);
    assert_eq!(short["position"], "0.0");
    // two lands in Glop style, one in SPOTS style
    let a = sprouts(&["--position", "0.}]0.0.0.}]!"]);
    let b = sprouts(&["--position", "0+0.0.0"]);
    assert_eq!(a["position"], b["position"]);
    assert_eq!(a["components"], 2);
    assert_eq!(a["value"], b["value"]);
}

#[test]
fn misere_outcomes_of_the_starts_match_brute_force() {
    // the player to move, misère play, 0*1 .. 0*5 (tests/sprouts_drawing.rs brute force)
    for (n, want) in [(1, "N"), (2, "P"), (3, "P"), (4, "P"), (5, "N")] {
        let v = sprouts(&["--misere", "--spots", &n.to_string()]);
        assert_eq!(v["outcome"], want, "misère 0*{n}: {v}");
        assert!(v["value"].is_null());
    }
    grundy()
        .args(["search", "sprouts", "--misere", "--spots", "2", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "value: (misère play: outcome only)",
        ))
        .stdout(predicate::str::contains("outcome: P"));
    // 0*1: the loop is the only move up to symmetry, and the winning one in misère play
    let v = sprouts(&["--misere", "--spots", "1", "--moves"]);
    assert!(!v["winning_moves"].as_array().unwrap().is_empty(), "{v}");
}

#[test]
fn every_switch_keeps_the_answer() {
    let want = sprouts(&["--spots", "4"])["value"].clone();
    for switch in [
        "--no-reductions",
        "--no-symmetry",
        "--no-decompose",
        "--no-pruning",
        "--no-aspiration",
        "--no-ordering",
        "--inner-aspiration",
        "--no-lazy-moves",
        "--no-bounds",
    ] {
        let v = sprouts(&["--spots", "4", switch]);
        assert_eq!(v["value"], want, "{switch}: {v}");
    }
    // the lands the text writes apart stay apart; without the split a land that falls apart
    // by a move stays one component, so the answers agree
    let two = sprouts(&["--position", "0.0.0+0.0", "--moves"]);
    let whole = sprouts(&["--position", "0.0.0+0.0", "--moves", "--no-reductions"]);
    assert_eq!(two["value"], whole["value"]);
    assert_eq!(two["components"], 2);
}

#[test]
fn a_table_dir_resumes_sprouts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let first = sprouts(&["--spots", "6", "--table-dir", d]);
    let second = sprouts(&["--spots", "6", "--table-dir", d]);
    assert_eq!(first["value"], 0);
    assert_eq!(second["value"], 0);
    assert!(second["resumed_entries"].as_u64().unwrap() > 0);
}

#[test]
fn bad_input_names_the_place_and_exits_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--position", "0.0.x"], "column 5"),
        (&["--position", "0.0?"], "column 4"),
        (&["--position", "01"], "column"),
        (&["--spots", "31"], "0*30 is the largest start"),
        (&["--spots", "3", "--position", "0"], "cannot be used with"),
        (&["--spots", "-1"], "-1"),
        (&[], "--spots"),
        (&["--spots", "3", "--memory", "12Q"], "--memory"),
        (&["--spots", "3", "--threads", "0"], "--threads"),
    ];
    for (args, msg) in cases {
        grundy()
            .args(["search", "sprouts"])
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*msg));
    }
}

/// The root's proof numbers at the end say the outcome — a lost root `[null, 0]` (φ ∞, δ 0), a
/// won one `[0, null]` — also when no search was needed (the empty position) and for the value.
#[test]
fn root_proof_numbers_say_the_outcome() {
    for (args, numbers) in [
        (&["--position", "!"][..], serde_json::json!([null, 0])),
        (
            &["--position", "!", "--outcome"][..],
            serde_json::json!([null, 0]),
        ),
        (
            &["--spots", "2", "--outcome"][..],
            serde_json::json!([null, 0]),
        ),
        (
            &["--spots", "3", "--outcome"][..],
            serde_json::json!([0, null]),
        ),
        (&["--spots", "3"][..], serde_json::json!([0, null])),
    ] {
        let v = sprouts(args);
        assert_eq!(v["proof_numbers"], numbers, "{args:?}");
        assert_eq!(v["algorithm"], "dfpn", "{args:?}");
    }
}
