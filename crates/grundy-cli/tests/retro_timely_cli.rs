//! `grundy retro … --workers W --processes N --process I --hostfile FILE`: real processes on
//! 127.0.0.1 (ports chosen at run time), compared with the single-machine engine; a killed
//! process makes the other stop quickly, and a rerun resumes.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_grundy");

fn hostfile(dir: &Path, n: usize) -> std::path::PathBuf {
    let listeners: Vec<_> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let text: String = listeners
        .iter()
        .map(|l| format!("127.0.0.1:{}\n", l.local_addr().unwrap().port()))
        .collect();
    drop(listeners);
    let path = dir.join("hosts");
    std::fs::write(&path, text).unwrap();
    path
}

fn spawn(game: &[&str], process: usize, hosts: &Path, out: &Path) -> Child {
    Command::new(BIN)
        .arg("retro")
        .args(game)
        .args(["--json", "--quiet", "--workers", "1", "--processes", "2"])
        .arg("--process")
        .arg(process.to_string())
        .arg("--hostfile")
        .arg(hosts)
        .arg("--out")
        .arg(out)
        .args(["--silence-limit", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The report without the fields that depend on the run (time, memory, directory, work done).
fn answers(stdout: &[u8]) -> Value {
    let mut v: Value = serde_json::from_slice(stdout).expect("JSON on stdout");
    for k in [
        "seconds",
        "peak_bytes",
        "database",
        "option_visits",
        "solved_tiers",
    ] {
        v.as_object_mut().unwrap().remove(k);
    }
    v
}

fn single(game: &[&str]) -> Value {
    let out = Command::new(BIN)
        .arg("retro")
        .args(game)
        .args(["--json", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success());
    answers(&out.stdout)
}

/// Both processes, to the end: (stdout of process 0, stdout of process 1).
fn run_pair(game: &[&str], dir: &Path) -> (Vec<u8>, Vec<u8>) {
    let hosts = hostfile(dir, 2);
    let p1 = spawn(game, 1, &hosts, &dir.join("p1"));
    let p0 = spawn(game, 0, &hosts, &dir.join("p0"));
    let (o0, o1) = (
        p0.wait_with_output().unwrap(),
        p1.wait_with_output().unwrap(),
    );
    assert!(
        o0.status.success(),
        "{}",
        String::from_utf8_lossy(&o0.stderr)
    );
    assert!(
        o1.status.success(),
        "{}",
        String::from_utf8_lossy(&o1.stderr)
    );
    (o0.stdout, o1.stdout)
}

#[test]
fn two_processes_solve_a_loopy_and_an_acyclic_game_as_one_machine_does() {
    for game in [
        &["fair-shares", "--coins", "13"][..],
        &["chomp", "--rows", "4", "--cols", "6"][..],
        &["cram", "--rows", "3", "--cols", "4"][..],
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (o0, o1) = run_pair(game, dir.path());
        assert!(o1.is_empty(), "process 1 prints nothing on stdout");
        assert_eq!(answers(&o0), single(game), "{game:?}");
        // the shards, copied into one directory, are read by the single-machine command
        let all = dir.path().join("all");
        std::fs::create_dir(&all).unwrap();
        for p in ["p0", "p1"] {
            for f in std::fs::read_dir(dir.path().join(p)).unwrap() {
                let f = f.unwrap();
                std::fs::copy(f.path(), all.join(f.file_name())).unwrap();
            }
        }
        let out = Command::new(BIN)
            .arg("retro")
            .args(game)
            .args(["--json", "--quiet", "--out"])
            .arg(&all)
            .output()
            .unwrap();
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["solved_tiers"], 0, "answered from the merged shards");
        assert_eq!(answers(&out.stdout), single(game));
    }
}

#[test]
fn two_processes_in_rounds_of_a_few_options_answer_as_one_machine_does() {
    let game = ["chomp", "--rows", "4", "--cols", "5"];
    let dir = tempfile::tempdir().unwrap();
    let mut small = game.to_vec();
    small.extend(["--options-per-round", "3"]);
    let (o0, _) = run_pair(&small, dir.path());
    assert_eq!(answers(&o0), single(&game));
}

#[test]
fn a_killed_process_stops_the_other_quickly_and_a_rerun_resumes() {
    let game = &["chomp", "--rows", "10", "--cols", "11"][..];
    let dir = tempfile::tempdir().unwrap();
    let hosts = hostfile(dir.path(), 2);
    let mut p1 = spawn(game, 1, &hosts, &dir.path().join("p1"));
    let p0 = spawn(game, 0, &hosts, &dir.path().join("p0"));
    // wait until a few tiers are finished, then kill process 1
    let manifest = dir.path().join("p1").join("shards-p001-of-002.json");
    let begun = Instant::now();
    loop {
        let n = std::fs::read_to_string(&manifest)
            .map(|t| t.matches("\"tier\"").count())
            .unwrap_or(0);
        if n >= 3 {
            break;
        }
        assert!(begun.elapsed() < Duration::from_secs(120), "no progress");
        std::thread::sleep(Duration::from_millis(20));
    }
    p1.kill().unwrap();
    p1.wait().unwrap();
    let killed = Instant::now();
    let o0 = p0.wait_with_output().unwrap();
    let waited = killed.elapsed();
    let stderr = String::from_utf8_lossy(&o0.stderr);
    assert!(!o0.status.success(), "process 0 must fail");
    assert!(
        waited < Duration::from_secs(30),
        "process 0 took {waited:?} to stop"
    );
    assert!(stderr.contains("rerun the same command"), "{stderr}");
    assert!(o0.stdout.is_empty());
    // rerun both: they resume at the first tier not finished on both shards
    let (o0, _) = run_pair(game, dir.path());
    let v: Value = serde_json::from_slice(&o0).unwrap();
    let tiers = v["tiers"].as_u64().unwrap();
    let solved = v["solved_tiers"].as_u64().unwrap();
    assert!(
        solved < tiers - 2,
        "resumed: {solved} of {tiers} tiers solved again"
    );
    assert_eq!(answers(&o0), single(game));
}
