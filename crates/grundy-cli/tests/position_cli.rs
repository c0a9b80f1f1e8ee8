//! `grundy solve` on position files: output formats, and clear errors (exit 2) for bad files.

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;
use tempfile::TempDir;

fn write(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

const MIXED: &str = r#"
[[component]]
kind = "nim"
heaps = [3, 4, 5]

[[component]]
kind = "staircase"
steps = [0, 3, 1, 4]

[[component]]
kind = "coins"
length = 9
cells = [2, 5, 7]
"#;

#[test]
fn solve_prints_values_outcome_and_every_winning_move() {
    let dir = TempDir::new().unwrap();
    let f = write(&dir, "p.toml", MIXED);
    let out = grundy()
        .arg("solve")
        .arg(&f)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], 5); // 2 ⊕ 7 ⊕ 0
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["components"][1]["value"], 7);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(
        moves[0],
        serde_json::json!({"component": 0, "kind": "nim", "heap": 1, "from": 4, "to": 1})
    );
    assert_eq!(
        moves[2],
        serde_json::json!({"component": 1, "kind": "staircase", "step": 3, "count": 3})
    );
    grundy()
        .arg("solve")
        .arg(&f)
        .assert()
        .success()
        .stdout(predicate::str::contains("0. nim: 3 4 5"))
        .stdout(predicate::str::contains("value: 2 ⊕ 7 ⊕ 0 = 5"));
}

#[test]
fn solve_reads_standard_input() {
    grundy()
        .args(["solve", "-", "--json"])
        .write_stdin("[[component]]\nkind = \"coins\"\nlength = 5\ncells = [4]\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            r#""winning_moves":[{"component":0,"kind":"coins","from":4,"to":1}]"#,
        ));
}

#[test]
fn misere_never_prints_a_normal_play_value() {
    let dir = TempDir::new().unwrap();
    let f = write(
        &dir,
        "p.toml",
        "[[component]]\nkind = \"nim\"\nheaps = [1, 1, 1]\n",
    );
    let out = grundy()
        .arg("solve")
        .arg(&f)
        .args(["--json", "--misere"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["play"], "misere");
    assert_eq!(v["value"], serde_json::Value::Null);
    assert_eq!(v["outcome"], "P"); // normal play would say N (value 1)
    assert_eq!(v["components"][0].get("value"), None);
}

#[test]
fn misere_too_large_is_a_clear_error() {
    let dir = TempDir::new().unwrap();
    let f = write(
        &dir,
        "p.toml",
        "[[component]]\nkind = \"staircase\"\nsteps = [0, 100000, 100000, 100000]\n\n[[component]]\nkind = \"nim\"\nheaps = [1000000, 2000000, 3000000]\n",
    );
    grundy()
        .arg("solve")
        .arg(&f)
        .arg("--misere")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("too large"));
}

fn bad(text: &str, expected: &[&str]) {
    let dir = TempDir::new().unwrap();
    let f = write(&dir, "bad.toml", text);
    let mut a = grundy().arg("solve").arg(&f).assert().code(2).stdout("");
    for e in expected {
        a = a.stderr(predicate::str::contains(*e));
    }
}

#[test]
fn bad_files_name_the_component_and_exit_2() {
    bad(
        "[[component]]\nkind = \"nim\"\nheaps = [1]\n[[component]]\nkind = \"chess\"\n",
        &["component 1", "unknown kind \"chess\"", "line 5"],
    );
    bad(
        "[[component]]\nkind = \"nim\"\nheaps = [3, -4]\n",
        &[
            "component 0",
            "field \"heaps\"",
            "element 1 is -4",
            "non-negative",
        ],
    );
    bad(
        "[[component]]\nkind = \"coins\"\nlength = 9\ncells = [2, 5, 2]\n",
        &["component 0", "field \"cells\"", "two coins on cell 2"],
    );
    bad(
        "[[component]]\nkind = \"nim\"\nheaps = [3\n",
        &["invalid TOML", "line"],
    );
    bad(
        "[[component]]\nkind = \"nim\"\nheap = [3]\n",
        &["component 0", "field \"heap\"", "unknown field"],
    );
    bad(
        "[[component]]\nkind = \"nim\"\n",
        &["component 0", "field \"heaps\"", "missing field"],
    );
    bad(
        "[[components]]\nkind = \"nim\"\n",
        &["unknown top-level key \"components\""],
    );
    bad("", &["no [[component]] tables"]);
    bad(
        "[[component]]\nkind = \"coins\"\nlength = 3\ncells = [4]\n",
        &["component 0", "outside the strip"],
    );
    bad(
        "[[component]]\nkind = \"nim\"\nheaps = [18446744073709551616]\n",
        &["too large"],
    );
}

#[test]
fn the_issue_example_with_heap_and_graph_components() {
    let dir = TempDir::new().unwrap();
    write(&dir, "board.txt", "0 1\n1 2\n2 0\n2 3\n4 5\n5 4\n");
    let f = write(
        &dir,
        "p.toml",
        r#"
[[component]]
kind = "nim"
heaps = [3, 4, 5]

[[component]]
kind = "heap"
ruleset = "kayles"
heaps = [10, 7]

[[component]]
kind = "graph"
file = "board.txt"
vertices = 6
tokens = [1]
"#,
    );
    // Run from another folder: the graph file is found relative to the position file.
    let out = grundy()
        .current_dir(std::env::temp_dir())
        .arg("solve")
        .arg(&f)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["components"][1]["value"], 0); // kayles G(10) = G(7) = 2
    for m in v["winning_moves"].as_array().unwrap() {
        if m["kind"] == "heap" {
            assert!(m["to"].is_array());
            assert_eq!(m["component"], 1);
        }
    }
    // Tokens 4 and 5 sit on a 2-cycle without exit: the graph alone is a draw.
    let g = write(
        &dir,
        "d.toml",
        "[[component]]\nkind = \"graph\"\nfile = \"board.txt\"\ntokens = [4]\n\n[[component]]\nkind = \"nim\"\nheaps = [2]\n",
    );
    let out = grundy()
        .arg("solve")
        .arg(&g)
        .arg("--json")
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["value"], serde_json::json!({"inf": []}));
    assert_eq!(v["winning_moves"], serde_json::json!([]));
}

#[test]
fn bad_heap_and_graph_components_name_the_component() {
    bad(
        "[[component]]\nkind = \"graph\"\nfile = \"nowhere.txt\"\ntokens = [0]\n",
        &[
            "component 0",
            "kind \"graph\"",
            "field \"file\"",
            "nowhere.txt",
        ],
    );
    bad(
        "[[component]]\nkind = \"heap\"\nruleset = \"0.7x\"\nheaps = [3]\n",
        &["component 0", "field \"ruleset\"", "0.7x"],
    );
    bad(
        "[[component]]\nkind = \"heap\"\nruleset = \"kayles\"\nheaps = [100000000]\n",
        &["component 0", "field \"heaps\"", "too large"],
    );
}

#[test]
fn chips_components_solve_the_seed_sample() {
    let dir = TempDir::new().unwrap();
    write(&dir, "dag.txt", "1 0\n2 0\n1 2\n");
    // Seed 001, game 1: K = (0, 2, 2); round 1 is LOSING (3 0 0), round 2 WINNING (5 0 1).
    let losing = write(
        &dir,
        "a.toml",
        "[[component]]\nkind = \"chips\"\nfile = \"dag.txt\"\nk = [0, 2, 2]\nvalues = [3, 0, 0]\n",
    );
    let winning = write(
        &dir,
        "b.toml",
        "[[component]]\nkind = \"chips\"\nfile = \"dag.txt\"\nk = [0, 2, 2]\nvalues = [5, 0, 1]\n",
    );
    let v: serde_json::Value = serde_json::from_slice(
        &grundy()
            .arg("solve")
            .arg(&losing)
            .arg("--json")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert_eq!(v["outcome"], "P");
    let v: serde_json::Value = serde_json::from_slice(
        &grundy()
            .arg("solve")
            .arg(&winning)
            .arg("--json")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert_eq!(v["outcome"], "N");
    // Vertex 2 (value 1) sends its K = 2 chips as a pair onto vertex 0: value 0.
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"component": 0, "kind": "chips", "vertex": 2, "targets": [0, 0]}])
    );
    bad(
        "[[component]]\nkind = \"chips\"\nfile = \"dag.txt\"\nk = [0, 2]\nvalues = [1, 0, 0]\n",
        &["component 0", "field \"values\"", "3 chip counts"],
    );
}

#[test]
fn a_cyclic_chip_game_is_refused() {
    let dir = TempDir::new().unwrap();
    write(&dir, "cyc.txt", "0 1\n1 0\n");
    let f = write(
        &dir,
        "c.toml",
        "[[component]]\nkind = \"chips\"\nfile = \"cyc.txt\"\nk = [1, 1]\nvalues = [1, 0]\n",
    );
    grundy()
        .arg("solve")
        .arg(&f)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("component 0"))
        .stderr(predicate::str::contains("cycle"));
}

#[test]
fn a_missing_position_file_is_an_io_error() {
    grundy()
        .args(["solve", "no/such/file.toml"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn solve_remoteness_by_search_of_the_whole_sum_or_unknown() {
    let dir = TempDir::new().unwrap();
    let f = write(
        &dir,
        "nim.toml",
        "[[component]]\nkind = \"nim\"\nheaps = [2, 2]\n",
    );
    let out = grundy()
        .args(["solve", "--remoteness", "--json"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["remoteness"], 4);
    assert!(v.get("remoteness_note").is_none());
    // without the flag the report is unchanged
    let plain = grundy()
        .arg("solve")
        .arg(&f)
        .arg("--json")
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(v.get("remoteness").is_none());
    // misère: a lone heap of 3 is won by leaving 1 (two moves)
    let m = write(
        &dir,
        "m.toml",
        "[[component]]\nkind = \"nim\"\nheaps = [3]\n",
    );
    grundy()
        .args(["solve", "--remoteness", "--misere"])
        .arg(&m)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "remoteness: 2 — the player to move wins",
        ));
    // too large to search: said so, never guessed
    let big = write(
        &dir,
        "big.toml",
        "[[component]]\nkind = \"nim\"\nheaps = [90, 91, 92, 93, 94]\n",
    );
    let out = grundy()
        .args(["solve", "--remoteness", "--json"])
        .arg(&big)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["remoteness"], serde_json::Value::Null);
    assert!(
        v["remoteness_note"]
            .as_str()
            .unwrap()
            .starts_with("remoteness unknown: ")
    );
}
