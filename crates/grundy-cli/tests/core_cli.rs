//! CLI tests for `grundy nim`, `grundy staircase`, `grundy coins` and the no-argument demo.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn fails_with(args: &[&str], needle: &str) {
    grundy()
        .args(args)
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(needle));
}

#[test]
fn demo_runs_without_arguments_and_explains_the_winner() {
    grundy()
        .assert()
        .success()
        .stdout(predicate::str::contains("Outcome: N"))
        .stdout(predicate::str::contains("Winning moves"));
}

#[test]
fn nim_three_four_five_json_contract() {
    let v = json(&["nim", "3", "4", "5", "--json"]);
    assert_eq!(v["value"], 2);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"heap": 0, "from": 3, "to": 1}])
    );
}

#[test]
fn nim_p_position_has_no_winning_moves() {
    let v = json(&["nim", "1", "2", "3", "--json"]);
    assert_eq!(v["value"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
}

#[test]
fn nim_handles_the_largest_heaps_exactly() {
    let max = u64::MAX.to_string();
    let v = json(&["nim", &max, "1", "--json"]);
    assert_eq!(v["value"].as_u64(), Some(u64::MAX - 1));
    assert_eq!(v["winning_moves"][0]["to"], 1);
}

#[test]
fn nim_human_output_names_the_move() {
    grundy()
        .args(["nim", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("heap 0: 3 -> 1"));
}

#[test]
fn staircase_json_lists_moves_from_odd_and_even_steps() {
    let v = json(&["staircase", "0", "3", "1", "4", "--json"]);
    assert_eq!(v["value"], 7);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"step": 2, "count": 1}, {"step": 3, "count": 1}])
    );
}

#[test]
fn coins_json_gives_cell_moves() {
    // Coins on 3 and 4 of 5 cells: gaps (from the right) 0 and 2; X = 0 ... steps [1,0,2]: X = 0.
    let v = json(&["coins", "--length", "5", "3", "4", "--json"]);
    assert_eq!(v["outcome"], "P");
    // One coin on cell 4: step 1 holds 3 empty cells; slide it to cell 1.
    let v = json(&["coins", "--length", "6", "4", "--json"]);
    assert_eq!(v["value"], 3);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"from": 4, "to": 1}])
    );
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    fails_with(&["nim", "-3"], "negative");
    fails_with(&["nim", "abc"], "not a non-negative integer");
    fails_with(&["nim", "10000000000000000000000000"], "too large");
    fails_with(&["coins", "--length", "5", "2", "2"], "two coins on cell 2");
    fails_with(&["coins", "--length", "5", "6"], "outside the strip");
    fails_with(&["coins", "--length", "5", "0"], "outside the strip");
    fails_with(&["coins", "2"], "--length");
    fails_with(&["staircase"], "COINS_ON_STEP");
    fails_with(&["frobnicate"], "unrecognized subcommand");
}

#[test]
fn every_command_has_help() {
    for cmd in [
        "nim",
        "staircase",
        "coins",
        "judge",
        "seq",
        "graph",
        "solve",
        "play",
        "count",
    ] {
        grundy()
            .args([cmd, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage"));
    }
}

#[test]
fn closed_stdout_is_not_a_crash() {
    // Writing into a closed pipe must not panic (exit 0 or a clean error).
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .arg("nim")
        .args((0..20_000).map(|i| i.to_string()))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn completions_are_generated_for_each_shell() {
    for (shell, mark) in [
        ("bash", "_grundy()"),
        ("zsh", "#compdef grundy"),
        ("fish", "complete -c grundy"),
    ] {
        Command::cargo_bin("grundy")
            .unwrap()
            .args(["completions", shell])
            .assert()
            .success()
            .stdout(predicate::str::contains(mark))
            .stdout(predicate::str::contains("seq"));
    }
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["completions", "tcsh"])
        .assert()
        .code(2);
}

#[test]
fn the_manual_page_documents_every_command_and_its_options() {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .arg("manpage")
        .output()
        .unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH grundy 1"),
        "{page}"
    );
    for command in ["nim", "seq", "solve", "play", "count", "completions"] {
        assert!(
            page.contains(&format!(
                ".SH \"COMMAND: GRUNDY {}\"",
                command.to_uppercase()
            )),
            "{command}"
        );
    }
    assert!(
        page.contains("\\-\\-budget"),
        "the options of seq are listed"
    );
}
