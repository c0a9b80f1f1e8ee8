//! `grundy survey`: outputs, resume after a kill, shards and merge, and bad input (exit 2; 1 for
//! I/O), with no finished record lost.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn records(dir: &Path) -> Vec<Value> {
    let text = fs::read_to_string(dir.join("survey.json")).unwrap();
    serde_json::from_str::<Value>(&text)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// The records without the run-dependent fields (time, and which code of a rule class was
/// computed).
fn essential(dir: &Path) -> Vec<Value> {
    records(dir)
        .into_iter()
        .map(|mut r| {
            let o = r.as_object_mut().unwrap();
            for k in [
                "seconds",
                "derived_from",
                "computed_to",
                "largest_at",
                "rare_count",
                "last_rare",
                "rare_mask",
                "ending",
            ] {
                o.remove(k);
            }
            r
        })
        .collect()
}

fn game_files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    if let Ok(rd) = fs::read_dir(dir.join("games")) {
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".game") {
                out.insert(name, fs::read(e.path()).unwrap());
            }
        }
    }
    out
}

#[test]
fn a_small_survey_writes_json_csv_and_markdown() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s");
    let out = grundy()
        .args([
            "survey", "--digits", "1", "--prefix", "all", "--to", "5000", "-q", "--json", "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sum: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(sum["total"], 14);
    assert_eq!(sum["computed"], 14);
    let recs = records(&dir);
    assert_eq!(recs.len(), 14);
    let codes: Vec<&str> = recs.iter().map(|r| r["code"].as_str().unwrap()).collect();
    assert_eq!(codes[..3], [".1", ".2", ".3"]);
    assert_eq!(codes[7], "4.1");
    // .6 is open (published), the others are solved.
    for r in &recs {
        let open = r["code"] == ".6";
        assert_eq!(r["status"], if open { "open" } else { "solved" }, "{r}");
        assert_eq!(r["proved"], !open);
        assert_eq!(r["period"].is_null(), open);
        for k in [
            "class",
            "shift",
            "preperiod",
            "computed_to",
            "seconds",
            "largest_value",
            "largest_at",
            "rare_mask",
            "rare_count",
            "last_rare",
        ] {
            assert!(r.get(k).is_some(), "{k} in {r}");
        }
    }
    let csv = fs::read_to_string(dir.join("survey.csv")).unwrap();
    assert_eq!(csv.lines().count(), 15);
    assert!(csv.starts_with("code,class,shift,status,preperiod,period,proved,computed_to"));
    let md = fs::read_to_string(dir.join("survey.md")).unwrap();
    for section in [
        "## Trivial games",
        "## Non-trivial solved games",
        "## Open games",
        "## Equivalence classes",
    ] {
        assert!(md.contains(section), "{section}");
    }
    // 4.4 is Kayles on heaps one larger (published: 4.4 → .77).
    assert!(md.contains(".1      01(0)"), "{md}");
    let r44 = recs.iter().find(|r| r["code"] == "4.4").unwrap();
    assert_eq!(
        (r44["preperiod"].as_u64(), r44["period"].as_u64()),
        (Some(72), Some(12))
    );
    // Text summary.
    grundy()
        .args([
            "survey", "--digits", "1", "--prefix", "all", "--to", "5000", "-q", "--out",
        ])
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "games: 14 (computed now: 0, finished before: 14)",
        ))
        .stdout(predicate::str::contains(
            "solved: 13 (period proved), open: 1",
        ));
}

const SLOW: &[&str] = &[
    "survey",
    "--codes",
    ".6,.07,.14,.16,.36,.56,.64,.74,.77,.137",
    "--to",
    "60000",
    "--max-seconds",
    "600",
    "--threads",
    "1",
    "-q",
];

#[test]
fn a_killed_survey_resumes_without_recomputing_finished_games() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = tmp.path().join("whole");
    grundy()
        .args(SLOW)
        .arg("--out")
        .arg(&whole)
        .assert()
        .success();

    let dir = tmp.path().join("killed");
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let mut child = StdCommand::new(&bin)
        .args(SLOW)
        .arg("--out")
        .arg(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while game_files(&dir).len() < 2 && t.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = game_files(&dir);
    assert!(before.len() >= 2, "{:?}", before.keys());
    // Killed in the middle: the first games take a good part of a second each.
    assert!(before.len() < 10, "the survey finished before the kill");
    // Rerun: finishes, keeps the finished games byte for byte, same report as the whole run.
    let out = grundy()
        .args(SLOW)
        .arg("--out")
        .arg(&dir)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sum: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(sum["total"], 10);
    assert_eq!(
        sum["computed"].as_u64().unwrap() as usize,
        10 - before.len()
    );
    let after = game_files(&dir);
    for (name, bytes) in &before {
        assert_eq!(&after[name], bytes, "{name} was rewritten");
    }
    assert_eq!(after.len(), 10);
    let strip = |d: &Path| -> Vec<Value> {
        records(d)
            .into_iter()
            .map(|mut r| {
                r.as_object_mut().unwrap().remove("seconds");
                r
            })
            .collect()
    };
    assert_eq!(strip(&dir), strip(&whole));
}

#[test]
fn shards_cover_the_survey_and_merge_into_the_same_report() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "survey",
        "--digits",
        "2",
        "--to",
        "3000",
        "--max-seconds",
        "600",
        "-q",
    ];
    let whole = tmp.path().join("whole");
    grundy()
        .args(args)
        .arg("--out")
        .arg(&whole)
        .assert()
        .success();
    let mut parts = Vec::new();
    let mut count = 0;
    for i in 1..=3 {
        let d = tmp.path().join(format!("part{i}"));
        grundy()
            .args(args)
            .args(["--shard", &format!("{i}/3")])
            .arg("--out")
            .arg(&d)
            .assert()
            .success();
        count += game_files(&d).len();
        parts.push(d);
    }
    assert_eq!(count, 63, "the shards are disjoint and cover the survey");
    // Incomplete: refused, exit 2.
    grundy()
        .args(["survey", "merge"])
        .args(&parts[..2])
        .arg("--out")
        .arg(tmp.path().join("half"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("lack"));
    let merged = tmp.path().join("merged");
    grundy()
        .args(["survey", "merge"])
        .args(&parts)
        .arg("--out")
        .arg(&merged)
        .assert()
        .success();
    assert_eq!(essential(&merged), essential(&whole));
    // A shard of another survey (another budget): refused, exit 2.
    let other = tmp.path().join("other");
    grundy()
        .args([
            "survey",
            "--digits",
            "2",
            "--to",
            "4000",
            "--max-seconds",
            "600",
            "-q",
            "--shard",
            "3/3",
        ])
        .arg("--out")
        .arg(&other)
        .assert()
        .success();
    grundy()
        .args(["survey", "merge"])
        .args(&parts[..2])
        .arg(&other)
        .arg("--out")
        .arg(tmp.path().join("mixed"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot merge different surveys"));
    // Rerunning a folder with another survey: refused, exit 2.
    grundy()
        .args(["survey", "--digits", "1", "-q", "--out"])
        .arg(&whole)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds another survey"));
}

#[test]
fn bad_input_is_refused_with_exit_2_and_io_failures_with_exit_1() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s");
    for (args, msg) in [
        (&["--digits", "0"][..], "--digits 0"),
        (&["--digits", "9"][..], "--digits 9"),
        (&["--shard", "3/2"][..], "--shard '3/2'"),
        (&["--codes", ".8x"][..], "'x' is not a code digit"),
        (&["--codes", "sub:1,2"][..], "not a take-and-break code"),
        (&["--prefix", "5"][..], "--prefix '5'"),
        (&["--max-seconds", "-1"][..], "--max-seconds"),
        (&["--to", "999999999999"][..], "beyond the supported limit"),
    ] {
        grundy()
            .arg("survey")
            .args(args)
            .arg("--out")
            .arg(&dir)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(msg))
            // the cause is said once, not repeated by the error chain
            .stderr(predicate::function(|e: &str| e.matches(msg).count() == 1));
    }
    grundy()
        .args(["survey", "--digits", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--out"));
    // A folder that cannot be created (below a regular file): an I/O error, exit 1.
    let file = tmp.path().join("plain-file");
    fs::write(&file, b"x").unwrap();
    grundy()
        .args(["survey", "--digits", "1", "-q", "--out"])
        .arg(file.join("sub"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("plain-file"))
        .stderr(predicate::function(|e: &str| {
            e.matches("os error").count() == 1
        }));
}

#[test]
fn a_damaged_record_is_refused_by_name_and_nothing_is_lost() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s");
    let args = ["survey", "--digits", "1", "--to", "3000", "-q"];
    grundy()
        .args(args)
        .arg("--out")
        .arg(&dir)
        .assert()
        .success();
    let files = game_files(&dir);
    assert_eq!(files.len(), 7);
    let victim = dir.join("games").join("0.4.game");
    let mut bytes = fs::read(&victim).unwrap();
    let k = bytes.len() / 2;
    bytes[k] ^= 0x01;
    fs::write(&victim, &bytes).unwrap();
    grundy()
        .args(args)
        .arg("--out")
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0.4.game").and(predicate::str::contains("damaged")));
    // Nothing was changed: the other records intact, the damaged one still there.
    let after = game_files(&dir);
    assert_eq!(after.len(), 7);
    for (name, b) in &files {
        if name != "0.4.game" {
            assert_eq!(&after[name], b, "{name}");
        }
    }
    assert_eq!(after["0.4.game"], bytes);
    // Deleting it recomputes only that game.
    fs::remove_file(&victim).unwrap();
    grundy()
        .args(args)
        .arg("--out")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "computed now: 1, finished before: 6",
        ));
}
