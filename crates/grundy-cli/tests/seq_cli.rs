//! `grundy seq`: published facts, JSON shape, invalid input (exit 2), plots, checkpoints
//! (resume, corruption, mismatch, kill -9).

use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use grundy::games::heap::Ruleset;
use predicates::prelude::*;
use serde_json::Value;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = grundy()
        .args(args)
        .arg("--json")
        .arg("-q")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn values(v: &Value) -> Vec<u64> {
    v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn kayles_period_is_proved() {
    let v = json(&["seq", "kayles", "--to", "300"]);
    assert_eq!(v["ruleset"], "0.77");
    assert_eq!(v["period"], 12);
    assert_eq!(v["preperiod"], 71);
    assert_eq!(v["proved"], true);
    assert_eq!(values(&v).len(), 301);
    assert_eq!(values(&v)[..8], [0, 1, 2, 3, 1, 4, 3, 2]);
}

#[test]
fn kayles_with_too_few_values_is_not_proved() {
    let v = json(&["seq", "kayles", "--to", "150"]);
    assert_eq!(v["proved"], false);
}

#[test]
fn dawsons_kayles_and_subtraction_periods() {
    let v = json(&["seq", "dawsons-kayles", "--to", "500"]);
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(34), Some(53))
    );
    assert_eq!(v["proved"], true);
    let v = json(&["seq", "sub:2,3,7", "--to", "100"]);
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(5), Some(0))
    );
    assert_eq!(v["proved"], true);
}

#[test]
fn grundys_game_first_values() {
    // OEIS A002188.
    let v = json(&["seq", "grundys-game", "--to", "40"]);
    assert_eq!(
        values(&v),
        [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1
        ]
    );
}

#[test]
fn octal_016_and_056_periods_are_proved() {
    grundy()
        .args(["seq", "0.16", "--to", "700000", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "period: 149459 from heap 105351 — proved",
        ));
    grundy()
        .args(["seq", "0.56", "--to", "660000", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "period: 144 from heap 326640 — proved",
        ));
}

#[test]
fn proved_periods_fill_the_rest_of_the_range() {
    let v = json(&["seq", "kayles", "--to", "100000"]);
    let from = v["filled_from"].as_u64().unwrap();
    assert!(from < 1000, "{from}");
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    let g = values(&v);
    assert_eq!(g.len(), 100_001);
    assert!((83..g.len()).all(|n| g[n] == g[n - 12]));
    grundy()
        .args(["seq", "kayles", "--to", "100000", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "filled: heaps {from}..=100000 copied by the proved period"
        )));
    // Nothing proved, nothing filled.
    let v = json(&["seq", "sub:squares", "--to", "2000"]);
    assert!(v.get("filled_from").is_none());
}

#[test]
fn checkpoints_of_filled_runs_resume() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("k.ckpt");
    let ck = ck.to_str().unwrap();
    let fresh = json(&["seq", "dawsons-kayles", "--to", "50000"]);
    let first = json(&["seq", "dawsons-kayles", "--to", "5000", "--checkpoint", ck]);
    assert_eq!(values(&first)[..], values(&fresh)[..5001]);
    let resumed = json(&["seq", "dawsons-kayles", "--to", "50000", "--checkpoint", ck]);
    assert_eq!(values(&resumed), values(&fresh));
    assert_eq!(resumed["period"], 34);
    assert_eq!(resumed["preperiod"], 53);
    assert_eq!(resumed["filled_from"], 5001);
}

#[test]
fn grundys_game_shows_no_apparent_period() {
    for to in ["30", "100", "1000"] {
        grundy()
            .args(["seq", "grundys-game", "--to", to, "-q"])
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "period: no period visible in the values computed",
            ));
    }
    grundy()
        .args(["seq", "allbut:1,2", "--to", "100", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "arithmetic period 3 from heap 0 with saltus 1 (G(n+3) = G(n)+1) — proved by the arithmetic-periodicity certificate for all-but games",
        ));
}

#[test]
fn nim_is_reported_as_arithmetic_periodic() {
    // Nim is the all-but game excluding nothing: G(n) = n, proved.
    grundy()
        .args(["seq", "nim", "--to", "50"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "arithmetic period 1 from heap 0 with saltus 1 (G(n+1) = G(n)+1) — proved",
        ));
    let v = json(&["seq", "nim", "--to", "50"]);
    assert_eq!(v["saltus"], 1);
    assert_eq!(v["proved"], true);
}

#[test]
fn infinite_sets_are_never_proved() {
    for r in [
        "sub:squares",
        "sub:powers-of-2",
        "sub:fibonacci",
        "sub:primes",
    ] {
        let v = json(&["seq", r, "--to", "3000"]);
        assert_eq!(v["proved"], false, "{r}");
    }
}

#[test]
fn values_flag_prints_every_heap() {
    grundy()
        .args(["seq", "sub:1,2", "--to", "5", "--values"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\n0 0\n1 1\n2 2\n3 0\n4 1\n5 2\n"));
}

#[test]
fn invalid_input_is_exit_2_with_a_clear_message() {
    let cases: &[(&[&str], &str)] = &[
        (&["seq", "0.7x", "--to", "5"], "column 4"),
        (&["seq", "sub:", "--to", "5"], "empty"),
        (&["seq", "sub:0", "--to", "5"], "'0'"),
        (&["seq", "sub:-1", "--to", "5"], "negative"),
        (&["seq", "0.07", "--to", "-5"], "negative"),
        (&["seq", "0.07", "--to", "1000000000000000"], "limit"),
        (
            &["seq", "0.07", "--to", "99999999999999999999999"],
            "too large",
        ),
        (&["seq", "", "--to", "5"], "empty ruleset"),
        (&["seq", "frobnicate", "--to", "5"], "unknown ruleset"),
        (&["seq", "1.7", "--to", "5"], "bit 1 or 2"),
        (
            &["seq", "0.7", "--to", "5", "--plot", "x.txt"],
            ".svg or .png",
        ),
        (
            &["seq", "0.7", "--to", "5", "--threads", "0"],
            "at least one",
        ),
    ];
    for (args, msg) in cases {
        grundy()
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*msg));
    }
}

#[test]
fn plots_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("k.svg");
    let png = dir.path().join("k.png");
    grundy()
        .args(["seq", "kayles", "--to", "300", "-q", "--plot"])
        .arg(&svg)
        .assert()
        .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg") && text.contains("period 12 from 71 (proved)"));
    grundy()
        .args(["seq", "0.16", "--to", "20000", "-q", "--plot"])
        .arg(&png)
        .assert()
        .success();
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
}

fn checksum_line(out: &[u8]) -> String {
    String::from_utf8_lossy(out)
        .lines()
        .find(|l| l.starts_with("checksum"))
        .unwrap()
        .to_string()
}

#[test]
fn checkpoint_resume_gives_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("c.ckpt");
    let fresh = json(&["seq", "0.16", "--to", "3000"]);
    let half = json(&[
        "seq",
        "0.16",
        "--to",
        "1500",
        "--checkpoint",
        ck.to_str().unwrap(),
    ]);
    assert_eq!(values(&half)[..], values(&fresh)[..1501]);
    let resumed = json(&[
        "seq",
        "0.16",
        "--to",
        "3000",
        "--checkpoint",
        ck.to_str().unwrap(),
    ]);
    assert_eq!(values(&resumed), values(&fresh));
    // A shorter run from a longer checkpoint uses its prefix.
    let short = json(&[
        "seq",
        "0.16",
        "--to",
        "100",
        "--checkpoint",
        ck.to_str().unwrap(),
    ]);
    assert_eq!(values(&short)[..], values(&fresh)[..101]);
}

#[test]
fn corrupt_or_foreign_checkpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("c.ckpt");
    grundy()
        .args(["seq", "0.16", "--to", "2000", "-q", "--checkpoint"])
        .arg(&ck)
        .assert()
        .success();
    grundy()
        .args(["seq", "0.56", "--to", "2000", "-q", "--checkpoint"])
        .arg(&ck)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is for ruleset '0.16'"));
    let mut bytes = std::fs::read(&ck).unwrap();
    let last = bytes.len() - 2;
    bytes[last] ^= 1;
    std::fs::write(&ck, &bytes).unwrap();
    grundy()
        .args(["seq", "0.16", "--to", "2000", "-q", "--checkpoint"])
        .arg(&ck)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("corrupt"));
    std::fs::write(&ck, b"hello\n").unwrap();
    grundy()
        .args(["seq", "0.16", "--to", "2000", "-q", "--checkpoint"])
        .arg(&ck)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a grundy seq checkpoint"));
}

fn wait_for(path: &Path, limit: Duration) -> bool {
    let t = Instant::now();
    while t.elapsed() < limit {
        if path.exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

#[test]
fn kill_9_then_resume_gives_identical_values() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("t.ckpt");
    let to = 40_000usize;
    let args = [
        "seq",
        "treblecross",
        "--to",
        "40000",
        "-q",
        "--threads",
        "1",
        "--checkpoint-secs",
        "0",
        "--checkpoint",
    ];
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .arg(&ck)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // A generous bound for a loaded machine; the checkpoint normally appears within milliseconds.
    assert!(
        wait_for(&ck, Duration::from_secs(120)),
        "no checkpoint written"
    );
    let _ = child.kill(); // SIGKILL on Unix
    let _ = child.wait();
    let out = grundy().args(args).arg(&ck).output().unwrap();
    assert!(out.status.success());
    let want = "treblecross"
        .parse::<Ruleset>()
        .unwrap()
        .analyse(to)
        .checksum();
    assert_eq!(
        checksum_line(&out.stdout),
        format!("checksum (CRC-32 of the values as u32 LE): {want:08x}")
    );
}

#[test]
fn no_fill_computes_every_value_and_agrees_with_the_filled_run() {
    for (rule, to) in [("kayles", "5000"), ("0.16", "3000"), ("allbut:1,2", "500")] {
        let filled = json(&["seq", rule, "--to", to]);
        let full = json(&["seq", rule, "--to", to, "--no-fill"]);
        assert_eq!(filled["values"], full["values"], "{rule}");
        assert_eq!(filled["period"], full["period"], "{rule}");
        assert_eq!(filled["preperiod"], full["preperiod"], "{rule}");
        assert_eq!(filled["proved"], full["proved"], "{rule}");
        assert!(
            full.get("filled_from").is_none_or(|v| v.is_null()),
            "{rule}: {full}"
        );
    }
    let kayles = json(&["seq", "kayles", "--to", "5000"]);
    assert!(kayles["filled_from"].is_u64(), "{kayles}");
}

#[test]
fn seq_at_gives_kayles_at_ten_to_the_eighteen_through_its_proved_period() {
    // Period 12 from 71; 10^18 ≡ 4 (mod 12), and G(76) = 1.
    grundy()
        .args(["seq", "kayles", "--at", "1000000000000000000"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "value: G(1000000000000000000) = 1\n",
        ))
        .stdout(predicate::str::contains("period 12 from heap 71 — proved"));
    let v = json(&["seq", "kayles", "--at", "1000000000000000000000000000000"]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["reduced"], 76);
    assert_eq!(v["proved"], true);
    // The heap and the laps are exact JSON numbers, not rounded floats.
    assert_eq!(v["heap"].to_string(), "1000000000000000000000000000000");
    assert_eq!(v["laps"].to_string(), "83333333333333333333333333327");
}

#[test]
fn seq_at_gives_an_arithmetic_period_beyond_64_bits() {
    let v = json(&[
        "seq",
        "allbut:2,5,7,8",
        "--at",
        "123456789012345678901234567890",
    ]);
    // G(n + 30) = G(n) + 10 from heap 0, and G(0) = 0: G(30k) = 10k.
    assert_eq!(v["value"].to_string(), "41152263004115226300411522630");
    assert_eq!(v["saltus"], 10);
}

#[test]
fn seq_at_without_a_proved_period_is_a_clear_error() {
    grundy()
        .args([
            "seq",
            "0.007",
            "--at",
            "100000000000",
            "--budget",
            "3000",
            "-q",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no period of 0.007 is proved within heaps 0..=3000, so G(100000000000) is not known",
        ));
    // Within the budget the heap is simply computed.
    let v = json(&["seq", "0.007", "--at", "500"]);
    assert_eq!(v["value"], 8);
    for bad in [
        vec!["seq", "kayles", "--at", "-1"],
        vec!["seq", "kayles", "--at", "1e9"],
        vec!["seq", "kayles", "--at", "5", "--values"],
        vec!["seq", "kayles", "--at", "5", "--to", "9"],
        vec!["seq", "kayles", "--budget", "9", "--to", "9"],
        vec!["seq", "kayles", "--at", "5", "--budget", "600000000"],
        vec!["seq", "kayles"],
    ] {
        grundy().args(&bad).assert().code(2);
    }
}
