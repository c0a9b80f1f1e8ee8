//! `grundy search GAME … --processes N --process I --hostfile FILE`: real processes on
//! 127.0.0.1 (ports picked at run time) give the single-machine report's answers; a killed
//! process makes the other stop, and a rerun resumes from the answers kept on disk.

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

fn spawn(game: &[&str], n: usize, process: usize, hosts: &Path, extra: &[&str]) -> Child {
    Command::new(BIN)
        .arg("search")
        .args(game)
        .args(["--json", "--quiet", "--threads", "1"])
        .args([
            "--processes",
            &n.to_string(),
            "--process",
            &process.to_string(),
        ])
        .arg("--hostfile")
        .arg(hosts)
        .args(["--silence-limit", "60"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Run `n` processes; process 0's report (the others must print nothing and succeed).
fn run_cluster(game: &[&str], n: usize, dir: &Path, extra: &[&str]) -> Value {
    let hosts = hostfile(dir, n);
    let children: Vec<Child> = (0..n).map(|p| spawn(game, n, p, &hosts, extra)).collect();
    let mut outs = children.into_iter().map(|c| c.wait_with_output().unwrap());
    let o0 = outs.next().unwrap();
    assert!(
        o0.status.success(),
        "{}",
        String::from_utf8_lossy(&o0.stderr)
    );
    for o in outs {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(o.stdout.is_empty(), "only process 0 prints");
    }
    serde_json::from_slice(&o0.stdout).expect("JSON on stdout")
}

fn single(game: &[&str], extra: &[&str]) -> Value {
    let o = Command::new(BIN)
        .arg("search")
        .args(game)
        .args(["--json", "--quiet"])
        .args(extra)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The answers of a report: value, outcome, the winning moves (sorted).
fn answers(v: &Value) -> (Value, Value, Vec<String>) {
    let mut moves: Vec<String> = v["winning_moves"]
        .as_array()
        .map(|a| a.iter().map(|m| m.to_string()).collect())
        .unwrap_or_default();
    moves.sort();
    (v["value"].clone(), v["outcome"].clone(), moves)
}

#[test]
fn three_processes_report_what_one_machine_reports() {
    let dir = tempfile::tempdir().unwrap();
    for game in [
        &["node-kayles", "--grid", "3x6"][..],
        &["cram", "--board", "...../..#../....."][..],
        &["sprouts", "--spots", "5"][..],
        &["sprouts", "--spots", "4", "--algorithm", "value"][..],
        &["cram", "--board", "..../..../...#", "--algorithm", "dfpn"][..],
    ] {
        let c = run_cluster(game, 3, dir.path(), &["--moves"]);
        assert_eq!(
            answers(&c),
            answers(&single(game, &["--moves"])),
            "{game:?}"
        );
        assert_eq!(c["cluster"]["processes"], 3);
        assert!(c["cluster"]["jobs_run"].as_u64().unwrap() > 0);
        // the single machine's pick: df-pn for Sprouts, unless asked otherwise
        let dfpn = game.contains(&"dfpn") || (game[0] == "sprouts" && !game.contains(&"value"));
        assert_eq!(
            c["algorithm"],
            if dfpn { "dfpn" } else { "value" },
            "{game:?}"
        );
    }
}

#[test]
fn two_processes_with_a_partitioned_database_and_no_busy_board_report_what_one_machine_reports() {
    let dir = tempfile::tempdir().unwrap();
    let game = &["cram", "--board", "....../..#.../......"][..];
    let extra = [
        "--moves",
        "--database",
        "partitioned",
        "--lookup-size",
        "4",
        "--share-nodes",
        "1",
        "--no-busy-board",
    ];
    let c = run_cluster(game, 2, dir.path(), &extra);
    assert_eq!(answers(&c), answers(&single(game, &["--moves"])));
    assert_eq!(c["cluster"]["database"], "partitioned");
    let (asked, hits) = (
        c["cluster"]["lookups"].as_u64().unwrap(),
        c["cluster"]["lookup_hits"].as_u64().unwrap(),
    );
    assert!(hits <= asked, "{asked} look-ups, {hits} answered");
    assert!(c["cluster"]["lookup_wait_seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn two_processes_find_the_outcome_of_sprouts_start_positions_by_dfpn() {
    let dir = tempfile::tempdir().unwrap();
    for spots in [6, 7, 8] {
        let spots = spots.to_string();
        let game = &["sprouts", "--spots", &spots][..];
        let c = run_cluster(game, 2, dir.path(), &["--outcome"]);
        assert_eq!(c["algorithm"], "dfpn");
        assert_eq!(c["value"], Value::Null);
        assert_eq!(
            c["outcome"],
            single(game, &["--outcome"])["outcome"],
            "0*{spots}"
        );
    }
}

#[test]
fn a_killed_process_stops_the_other_and_a_rerun_resumes() {
    let game = &["cram", "--rows", "5", "--cols", "8"][..];
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("table");
    let extra = ["--table-dir", table.to_str().unwrap()];
    let hosts = hostfile(dir.path(), 2);
    let p0 = spawn(game, 2, 0, &hosts, &extra);
    let mut p1 = spawn(game, 2, 1, &hosts, &extra);
    // wait for the first answers on disk, then kill process 1
    let answers_file = table.join("split-answers.bin");
    let begun = Instant::now();
    while !answers_file.exists() {
        assert!(begun.elapsed() < Duration::from_secs(120), "no progress");
        std::thread::sleep(Duration::from_millis(10));
    }
    p1.kill().unwrap();
    p1.wait().unwrap();
    let o0 = p0.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&o0.stderr);
    assert!(!o0.status.success(), "process 0 must fail");
    assert_eq!(o0.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("rerun the same command"), "{stderr}");
    assert!(o0.stdout.is_empty());
    // rerun both: the answers kept are not asked again
    let v = run_cluster(game, 2, dir.path(), &extra);
    assert!(v["cluster"]["jobs_resumed"].as_u64().unwrap() >= 1, "{v}");
    assert_eq!(answers(&v), answers(&single(game, &[])));
}

#[test]
fn cluster_flags_that_cannot_work_are_errors_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hostfile(dir.path(), 2);
    let hosts = hosts.to_str().unwrap();
    let grid = ["search", "node-kayles", "--grid", "3x3"];
    for (args, says) in [
        (&["--processes", "2"][..], "--hostfile"),
        (&["--processes", "1", "--misere"][..], "misère"),
        (
            &["--processes", "2", "--process", "5", "--hostfile", hosts][..],
            "--process 5",
        ),
        (
            &["--processes", "3", "--process", "0", "--hostfile", hosts][..],
            "lists 2",
        ),
        (&["--process", "1"][..], "--processes"),
        (&["--database", "partitioned"][..], "--processes"),
        (
            &[
                "--processes",
                "1",
                "--database",
                "partitioned",
                "--algorithm",
                "dfpn",
            ][..],
            "--database",
        ),
    ] {
        let o = Command::new(BIN).args(grid).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
