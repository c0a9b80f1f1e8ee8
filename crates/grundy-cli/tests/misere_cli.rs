//! `grundy misere`: text and JSON reports, limits and bad input.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn misere_0_75_reports_the_final_quotient() {
    grundy()
        .args(["misere", "0.75", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("final quotient"))
        .stdout(predicate::str::contains("|Q| = 8, |P| = 2"))
        .stdout(predicate::str::contains(
            "presentation: <a,b,c | a2=1, bc=ab, c2=b2, b3=b>",
        ))
        .stdout(predicate::str::contains("tame: no"));
}

#[test]
fn misere_json_has_the_issue_fields() {
    let out = grundy()
        .args(["misere", "nim", "--max-heap", "7", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ruleset"], "nim");
    assert_eq!(v["final"], false);
    assert_eq!(v["heaps"], 7);
    assert_eq!(v["order"], 10);
    assert_eq!(v["p_portion_size"], 2);
    assert_eq!(v["tame"], true);
    assert_eq!(v["pretending"].as_array().unwrap().len(), 8);
    assert_eq!(v["pretending"][0], "1");
    assert_eq!(v["pretending"][1], "a");
    assert!(v["presentation"].as_str().unwrap().starts_with("<a,b"));
    assert_eq!(v["p_portion"].as_array().unwrap().len(), 2);
    let h = v["history"].as_array().unwrap();
    assert_eq!(h.last().unwrap()["order"], 10);
    assert!(v["period"].is_null() && v["preperiod"].is_null());
}

#[test]
fn misere_rejects_three_heap_splits_max_heap_0_and_huge_max_heap() {
    grundy()
        .args(["misere", "0.8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("three heaps"));
    grundy()
        .args(["misere", "0.77", "--max-heap", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--max-heap 0"));
    grundy()
        .args(["misere", "0.77", "--max-heap", "99999999999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("beyond the supported limit"));
    grundy()
        .args(["misere", "0.7x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 4"));
}

#[test]
fn misere_time_limit_ends_with_the_partial_quotient() {
    let out = grundy()
        .args([
            "misere",
            "0.6",
            "--max-heap",
            "100000",
            "--time-limit",
            "1",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["final"], false);
    assert!(v["heaps"].as_u64().unwrap() < 100000);
    assert!(v["stopped"].as_str().unwrap().contains("time limit"));
}

#[test]
fn solve_and_play_misere_say_the_quotient_was_used_for_huge_kayles_heaps() {
    let dir = tempfile::TempDir::new().unwrap();
    let file = dir.path().join("k.toml");
    std::fs::write(
        &file,
        "[[component]]\nkind = \"heap\"\nruleset = \"kayles\"\nheaps = [1000000, 1000001, 1000005]\n",
    )
    .unwrap();
    let out = grundy()
        .args(["solve", file.to_str().unwrap(), "--misere", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["method"], "misere_quotient");
    assert_eq!(v["outcome"], "N");
    assert!(v["winning_move_count"].as_u64().unwrap() > 0);
    grundy()
        .args(["play", file.to_str().unwrap(), "--misere"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("solved by the misère quotient"));
}
