//! `grundy retro` end to end: the report and its JSON form, answers from a finished database,
//! resuming after a stop and after a real `kill -9`, and every bad option with exit code 2.

use std::path::Path;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = grundy()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn chomp_report_in_json() {
    let v = json(&["retro", "chomp", "--rows", "3", "--cols", "4", "--json"]);
    assert_eq!(v["game"], "chomp rows=3 cols=4");
    assert_eq!(v["positions"], 34); // C(7, 3) - 1
    assert_eq!(v["tiers"], 12);
    let c = &v["counts"];
    assert_eq!(
        c["P"].as_u64().unwrap() + c["N"].as_u64().unwrap() + c["D"].as_u64().unwrap(),
        34
    );
    assert_eq!(c["D"], 0);
    let total: u64 = v["values"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(total, 34);
    assert_eq!(v["values"]["0"], c["P"]);
    let p = &v["position"];
    assert_eq!(p["text"], "4,4,4");
    assert_eq!(p["outcome"], "N");
    assert!(p["remoteness"].as_u64().unwrap() % 2 == 1);
    assert!(!p["winning_moves"].as_array().unwrap().is_empty());
    assert!(v["seconds"].as_f64().is_some());
}

#[test]
fn a_two_row_position_has_the_winning_move_to_a_row_one_longer() {
    let v = json(&[
        "retro",
        "chomp",
        "--rows",
        "2",
        "--cols",
        "6",
        "--position",
        "6,2",
        "--json",
    ]);
    assert_eq!(v["position"]["winning_moves"], serde_json::json!(["3,2"]));
    grundy()
        .args([
            "retro",
            "chomp",
            "--rows",
            "2",
            "--cols",
            "6",
            "--position",
            "4,3",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome: P"))
        .stdout(predicate::str::contains("winning moves: none"));
}

#[test]
fn fair_shares_reports_draws_and_infinite_values() {
    let v = json(&["retro", "fair-shares", "--coins", "12", "--json"]);
    assert_eq!(v["tiers"], 1);
    assert_eq!(v["positions"], 77); // p(12)
    assert!(v["counts"]["D"].as_u64().unwrap() > 0);
    assert!(v["values"]["inf"].as_u64().unwrap() > 0);
    assert_eq!(v["position"]["text"], "12");
    // ∞(K) is written as in `grundy graph`
    assert!(v["position"]["value"]["inf"].is_array());
    let d = json(&[
        "retro",
        "fair-shares",
        "--coins",
        "12",
        "--position",
        "4,4,3,1",
        "--json",
    ]);
    if d["position"]["outcome"] == "D" {
        assert!(d["position"]["remoteness"].is_null());
        assert_eq!(d["position"]["winning_moves"], serde_json::json!([]));
    }
}

#[test]
fn cram_text_report() {
    grundy()
        .args(["retro", "cram", "--rows", "2", "--cols", "2", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("position: ../.."))
        .stdout(predicate::str::contains("outcome: P"));
}

#[test]
fn a_finished_database_answers_positions_without_solving() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let first = json(&[
        "retro", "chomp", "--rows", "4", "--cols", "4", "--out", d, "--json",
    ]);
    assert_eq!(first["solved_tiers"], 16);
    let again = json(&[
        "retro",
        "chomp",
        "--rows",
        "4",
        "--cols",
        "4",
        "--out",
        d,
        "--position",
        "3,2,1",
        "--json",
    ]);
    assert_eq!(again["solved_tiers"], 0);
    assert_eq!(again["counts"], first["counts"]);
    assert_eq!(again["position"]["text"], "3,2,1");
    let fresh = json(&[
        "retro",
        "chomp",
        "--rows",
        "4",
        "--cols",
        "4",
        "--position",
        "3,2,1",
        "--json",
    ]);
    assert_eq!(again["position"], fresh["position"]);
}

#[test]
fn a_stopped_run_resumes_to_the_same_database() {
    let fresh = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let args = |d: &Path| -> Vec<String> {
        [
            "retro", "cram", "--rows", "3", "--cols", "4", "--quiet", "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([d.to_str().unwrap().to_string()])
        .collect()
    };
    grundy().args(args(fresh.path())).assert().success();
    grundy()
        .args(args(dir.path()))
        .args(["--stop-after-tiers", "5"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("stopped"));
    grundy()
        .args(args(dir.path()))
        .assert()
        .success()
        .stdout(predicate::str::contains("8 solved now, 5 read"));
    assert_eq!(files(dir.path()), files(fresh.path()));
}

#[test]
fn a_run_killed_by_sigkill_resumes_to_the_same_database() {
    let fresh = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let args = |d: &Path| -> Vec<String> {
        [
            "retro",
            "chomp",
            "--rows",
            "10",
            "--cols",
            "11",
            "--quiet",
            "--threads",
            "1",
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([d.to_str().unwrap().to_string()])
        .collect()
    };
    let mut child = std::process::Command::new(&bin)
        .args(args(dir.path()))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // wait until some tiers are finished, then kill -9 in the middle of the run
    let manifest = dir.path().join("manifest.json");
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if let Ok(text) = std::fs::read_to_string(&manifest)
            && let Ok(m) = serde_json::from_str::<serde_json::Value>(&text)
            && m["finished"].as_array().is_some_and(|a| a.len() >= 40)
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let out = grundy().args(args(dir.path())).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    grundy().args(args(fresh.path())).assert().success();
    assert_eq!(files(dir.path()), files(fresh.path()));
    // the rerun read the tiers finished before the kill (at least 40) and solved only the rest
    let line = text.lines().find(|l| l.starts_with("positions:")).unwrap();
    let counts: Vec<u32> = line
        .split(['(', ','])
        .filter_map(|w| {
            let w = w.trim();
            w.strip_suffix(" solved now")
                .or_else(|| w.strip_suffix(" read from the database)"))
                .map(|n| n.parse().unwrap())
        })
        .collect();
    assert_eq!(counts.len(), 2, "{text}");
    assert!(counts[1] >= 40 && counts[0] + counts[1] == 110, "{text}");
}

#[test]
fn bad_options_exit_with_code_2_and_a_clear_message() {
    let cases: &[(&[&str], &str)] = &[
        (&["chomp", "--rows", "0", "--cols", "3"], "at least 1"),
        (
            &["chomp", "--rows", "20", "--cols", "20"],
            "too many for the index",
        ),
        (
            &["chomp", "--rows", "300", "--cols", "1"],
            "too large for the index",
        ),
        (&["chomp", "--rows", "3"], "needs --cols"),
        (
            &["chomp", "--rows", "3", "--cols", "3", "--coins", "4"],
            "--coins",
        ),
        (
            &["cram", "--rows", "6", "--cols", "6"],
            "too large for the index",
        ),
        (&["fair-shares", "--coins", "0"], "at least one coin"),
        (
            &["fair-shares", "--coins", "101"],
            "too large for the index",
        ),
        (
            &["fair-shares", "--coins", "5", "--rows", "2"],
            "not of fair-shares",
        ),
        (&["fair-shares"], "needs --coins"),
        (
            &["chomp", "--rows", "3", "--cols", "4", "--position", "2,3"],
            "longer than the row above",
        ),
        (
            &["chomp", "--rows", "3", "--cols", "4", "--position", "5"],
            "4 columns",
        ),
        (
            &[
                "chomp",
                "--rows",
                "3",
                "--cols",
                "4",
                "--position",
                "1,1,1,1",
            ],
            "4 rows",
        ),
        (
            &["chomp", "--rows", "3", "--cols", "4", "--position", "0"],
            "poisoned corner",
        ),
        (
            &["chomp", "--rows", "3", "--cols", "4", "--position", "x"],
            "not a row length",
        ),
        (
            &["cram", "--rows", "2", "--cols", "2", "--position", ".x/.."],
            "neither",
        ),
        (
            &[
                "cram",
                "--rows",
                "2",
                "--cols",
                "2",
                "--position",
                "../../..",
            ],
            "3 rows",
        ),
        (
            &["fair-shares", "--coins", "6", "--position", "3,2"],
            "5 coins",
        ),
        (
            &["fair-shares", "--coins", "6", "--position", "3,0,3"],
            "empty",
        ),
        (
            &["chomp", "--rows", "2", "--cols", "2", "--threads", "0"],
            "--threads 0",
        ),
    ];
    for (args, message) in cases {
        grundy()
            .arg("retro")
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*message));
    }
    // clap's own errors (an unknown game) are exit 2 as well
    grundy().args(["retro", "go"]).assert().code(2);
}

#[test]
fn a_database_of_another_game_or_a_damaged_one_exits_with_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    grundy()
        .args(["retro", "chomp", "--rows", "3", "--cols", "3", "--out", d])
        .assert()
        .success();
    grundy()
        .args(["retro", "chomp", "--rows", "3", "--cols", "4", "--out", d])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("chomp rows=3 cols=3"));
    let tier = dir.path().join("tier-00004.bin");
    let mut bytes = std::fs::read(&tier).unwrap();
    let at = bytes.len() - 13;
    bytes[at] ^= 1;
    std::fs::write(&tier, bytes).unwrap();
    grundy()
        .args(["retro", "chomp", "--rows", "3", "--cols", "3", "--out", d])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tier-00004.bin"));
}
