//! `grundy graph` end to end: answers, JSON form, stdin, the binary form, and every bad input
//! with its line number and exit code.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn file_with(text: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(text).unwrap();
    f
}

const LOOPY: &str = "# 2-cycle with an exit, and a self-loop\n0 1\n1 0\n0 2\n3 3\n";

#[test]
fn json_report_for_a_draw_and_values() {
    let out = grundy()
        .args(["graph", "-", "--tokens", "0,3", "--values", "--json"])
        .write_stdin(LOOPY)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["vertices"], 4);
    assert_eq!(v["edges"], 4);
    assert_eq!(v["acyclic"], false);
    assert_eq!(v["value"], serde_json::json!({"inf": []}));
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_eq!(v["values"], serde_json::json!([1, 0, 0, {"inf": []}]));
}

#[test]
fn winning_moves_of_a_sum_with_one_infinite_token() {
    // 0 -> 0 (loop), 0 -> 1 (sink): γ(0) = ∞(0) (N: move to the sink), γ(1) = 0.
    let f = file_with(b"0 0\n0 1\n");
    grundy()
        .args([
            "graph",
            f.path().to_str().unwrap(),
            "--tokens",
            "0,1",
            "--json",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            r#""value":{"inf":[0]},"outcome":"N","winning_moves":[{"token":0,"from":0,"to":1}]"#,
        ));
    grundy()
        .args([
            "graph",
            f.path().to_str().unwrap(),
            "--tokens",
            "0,1",
            "--values",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: ∞(0)"))
        .stdout(predicate::str::contains("token 0: 0 -> 1"))
        .stdout(predicate::str::contains("vertex 0: ∞(0)"));
}

#[test]
fn binary_form_round_trips_and_gives_the_same_answer() {
    let text = file_with(LOOPY.as_bytes());
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("g.bin");
    grundy()
        .args(["graph", text.path().to_str().unwrap(), "--write-binary"])
        .arg(&bin)
        .assert()
        .success()
        .stdout(predicate::str::contains("4 vertices, 4 edges"));
    let run = |p: &std::path::Path| {
        grundy()
            .args([
                "graph",
                p.to_str().unwrap(),
                "--tokens",
                "0,2,3",
                "--values",
                "--json",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    assert_eq!(run(text.path()), run(&bin));
    // the binary form also comes through standard input
    let from_stdin = grundy()
        .args(["graph", "-", "--tokens", "0,2,3", "--values", "--json"])
        .write_stdin(std::fs::read(&bin).unwrap())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(from_stdin, run(&bin));
    // corrupt one byte: a checksum error, exit 2
    let mut bytes = std::fs::read(&bin).unwrap();
    let last = bytes.len() - 6;
    bytes[last] ^= 1;
    std::fs::write(&bin, &bytes).unwrap();
    grundy()
        .args(["graph", bin.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("checksum"));
}

#[test]
fn bad_input_names_the_line_and_exits_2() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "0 1\n1 x\n",
            &[],
            "line 2, column 3: 'x' is not a vertex id",
        ),
        ("0 1\n\n-1 2\n", &[], "line 3, column 1: '-1' is negative"),
        (
            "0 1 2\n",
            &[],
            "line 1, column 5: unexpected third column '2'",
        ),
        (
            "# c\n0 9\n",
            &["--vertices", "5"],
            "line 2, column 3: vertex 9 is beyond the 5 vertices",
        ),
        (
            "0 1\n",
            &["--tokens", "0,2"],
            "token 1 is on vertex 2, but the graph has only 2 vertices",
        ),
        (
            "7\n",
            &[],
            "line 1, column 2: the edge has no target vertex",
        ),
        ("0 1\n", &["--tokens", "a"], "not a non-negative integer"),
        ("0 1\n", &["--vertices", "-3"], "negative"),
    ];
    for (text, extra, msg) in cases {
        grundy()
            .args(["graph", "-"])
            .args(*extra)
            .write_stdin(*text)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*msg));
    }
}

#[test]
fn an_unreadable_file_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    grundy()
        .args(["graph"])
        .arg(dir.path().join("missing.txt"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("missing.txt"));
    // a directory cannot be read as a graph either
    grundy().args(["graph"]).arg(dir.path()).assert().code(1);
}

#[test]
fn closed_stdout_does_not_panic() {
    let mut text = String::new();
    for i in 0..200_000u32 {
        text.push_str(&format!("{} {}\n", i, i + 1));
    }
    let f = file_with(text.as_bytes());
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["graph", f.path().to_str().unwrap(), "--values", "--quiet"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success() || out.status.code() == Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panick"));
}
