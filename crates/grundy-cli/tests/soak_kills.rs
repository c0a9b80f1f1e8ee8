//! Soak test of the long runs' resumption: `seq --checkpoint`, `retro --out` (single-machine, and
//! on timely dataflow with two workers), `survey --out` and `search --table-dir` are killed
//! (SIGKILL) at random moments, resumed (killed again, some rounds), and finished; the files they
//! leave and their answers must equal those of an uninterrupted run: byte for byte for the seq
//! checkpoint and the tier databases, for the survey's game records all but the CPU seconds each
//! game took (which no two runs share), by name for the search's table snapshot. Whatever a kill left must be refused or resumed from, never read as data:
//! every resumed run must succeed with the same answer.
//!
//! Bounded: `SOAK_ROUNDS` rounds per command (default 6), each killing up to 3 times; the seed of
//! each round is printed (`SOAK_SEED=N` replays one; default: from the clock).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GRUNDY: &str = env!("CARGO_BIN_EXE_grundy");

/// xorshift64*: the test's only randomness, from the printed seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn rounds() -> u64 {
    std::env::var("SOAK_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6)
}

fn base_seed() -> u64 {
    std::env::var("SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
                | 1
        })
}

/// Run to the end; stdout parsed as JSON.
fn finish(args: &[&str]) -> serde_json::Value {
    let out = Command::new(GRUNDY).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Start, and SIGKILL after `after` (or let it finish first).
fn kill_after(args: &[&str], after: Duration) -> bool {
    let mut child = Command::new(GRUNDY)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while start.elapsed() < after {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    true
}

/// Every file under `dir` by relative path, temporary files of killed writers left out (they
/// are never read: every file is written under a temporary name and renamed).
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if !p.file_name().unwrap().to_string_lossy().contains(".tmp") {
                out.insert(
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                );
            }
        }
    }
    out
}

/// One command's soak: a reference run, then rounds of kills and a resume.
fn soak(
    name: &str,
    args: impl Fn(&Path) -> Vec<String>,
    answer: impl Fn(&serde_json::Value) -> serde_json::Value,
    contents: impl Fn(&Path) -> BTreeMap<PathBuf, Vec<u8>>,
) {
    let tmp = tempfile::tempdir().unwrap();
    let reference = tmp.path().join("reference");
    let a = args(&reference);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let start = Instant::now();
    let want = answer(&finish(&a));
    let mut took = start.elapsed();
    let want_files = contents(&reference);
    // The kills fall within the first three quarters of an uninterrupted run, the shorter of two
    // (the first one also loads the program).
    let again = tmp.path().join("again");
    let a2 = args(&again);
    let a2: Vec<&str> = a2.iter().map(String::as_str).collect();
    let start = Instant::now();
    assert_eq!(answer(&finish(&a2)), want, "{name}: two uninterrupted runs");
    took = took.min(start.elapsed());
    assert!(!want_files.is_empty());
    let seed = base_seed();
    let mut killed = 0;
    for round in 0..rounds() {
        let round_seed = seed.wrapping_add(round.wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1;
        println!("soak {name}: round {round}, SOAK_SEED={round_seed}");
        let mut rng = Rng(round_seed);
        let place = tmp.path().join(format!("round{round}"));
        let a = args(&place);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        for _ in 0..1 + rng.below(3) {
            let after = Duration::from_micros(rng.below(took.as_micros() as u64 * 3 / 4 + 1));
            killed += u32::from(kill_after(&a, after));
        }
        let got = answer(&finish(&a));
        assert_eq!(
            got, want,
            "{name}: the answer after kills (SOAK_SEED={round_seed})"
        );
        let got_files = contents(&place);
        assert_eq!(
            got_files.keys().collect::<Vec<_>>(),
            want_files.keys().collect::<Vec<_>>(),
            "{name}: files (SOAK_SEED={round_seed})"
        );
        for (path, bytes) in &got_files {
            assert!(
                *bytes == want_files[path],
                "{name}: {} differs after kills (SOAK_SEED={round_seed})",
                path.display()
            );
        }
    }
    println!(
        "soak {name}: {} rounds, {killed} kills (runs of {} ms)",
        rounds(),
        took.as_millis()
    );
}

fn without(v: &serde_json::Value, keys: &[&str]) -> serde_json::Value {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        for k in keys {
            o.remove(*k);
        }
    }
    v
}

#[test]
fn seq_checkpoint_survives_random_kills() {
    soak(
        "seq",
        |p| {
            let p = p.display().to_string();
            ["seq", "0.6", "--to", "120000", "--checkpoint", &p]
                .iter()
                .map(|s| s.to_string())
                .chain(
                    ["--checkpoint-secs", "0", "--threads", "1", "-q", "--json"].map(String::from),
                )
                .collect()
        },
        |v| without(v, &["seconds", "time", "resumed_from"]),
        |p| BTreeMap::from([(PathBuf::from("checkpoint"), std::fs::read(p).unwrap())]),
    );
}

#[test]
fn retro_database_survives_random_kills() {
    soak(
        "retro",
        |p| {
            [
                "retro", "chomp", "--rows", "4", "--cols", "8", "--quiet", "--json", "--out",
            ]
            .iter()
            .map(|s| s.to_string())
            .chain([p.display().to_string()])
            .collect()
        },
        |v| {
            without(
                v,
                &[
                    "database",
                    "seconds",
                    "peak_bytes",
                    "solved_tiers",
                    "option_visits",
                ],
            )
        },
        files,
    );
}

#[test]
fn survey_folder_survives_random_kills() {
    soak(
        "survey",
        |p| {
            [
                "survey",
                "--codes",
                ".07,.77,.137,.6,4.12,.16,.05,.31,.53",
                "--to",
                "3000",
                "--max-seconds",
                "20",
                "--threads",
                "1",
                "-q",
                "--json",
                "--out",
            ]
            .iter()
            .map(|s| s.to_string())
            .chain([p.display().to_string()])
            .collect()
        },
        |v| without(v, &["seconds", "computed", "out"]),
        |dir| {
            // The game records, less the CPU seconds each took (and the header, whose length and
            // checksum cover them); the reports, which print the seconds, are not compared.
            files(&dir.join("games"))
                .into_iter()
                .map(|(p, b)| {
                    let text = String::from_utf8(b).unwrap();
                    let body = text.split_once('\n').unwrap().1;
                    let mut v: serde_json::Value = serde_json::from_str(body).unwrap();
                    v.as_object_mut().unwrap().remove("seconds");
                    (p, v.to_string().into_bytes())
                })
                .collect()
        },
    );
}

/// The distributed engine (timely dataflow, two workers in one process) writes the same database
/// as the single-machine engine, and resumes from it the same way.
#[test]
fn retro_on_timely_survives_random_kills() {
    soak(
        "retro --workers 2",
        |p| {
            [
                "retro",
                "chomp",
                "--rows",
                "4",
                "--cols",
                "7",
                "--workers",
                "2",
                "--quiet",
                "--json",
                "--out",
            ]
            .iter()
            .map(|s| s.to_string())
            .chain([p.display().to_string()])
            .collect()
        },
        |v| {
            without(
                v,
                &[
                    "database",
                    "seconds",
                    "peak_bytes",
                    "solved_tiers",
                    "option_visits",
                    "bytes_sent",
                ],
            )
        },
        files,
    );
}

/// A `grundy search` soak: `args` then the table folder and `--json`; the table's snapshots
/// depend on when they were taken, so the files are compared by name only, and the answer
/// leaves out the counters (`ignored` more), which depend on what was already known.
fn search_soak(name: &str, args: &[&str], ignored: &[&str]) {
    let mut left_out = vec![
        "nodes",
        "table_entries",
        "table_hits",
        "table_bytes",
        "resumed_entries",
        "seconds",
        "peak_bytes",
    ];
    left_out.extend_from_slice(ignored);
    soak(
        name,
        |p| {
            let mut a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            a.extend([
                "--table-dir".into(),
                p.display().to_string(),
                "--json".into(),
            ]);
            a
        },
        |v| without(v, &left_out),
        |p| {
            files(p)
                .into_keys()
                .map(|k| (k, Vec::new()))
                .collect::<BTreeMap<_, _>>()
        },
    );
}

/// `search --table-dir`: the answer (value, outcome, components) must be the uninterrupted
/// run's, and every resumed run must accept what the kills left (the snapshot is written under
/// a temporary name, checksummed, and renamed).
#[test]
fn search_table_dir_survives_random_kills() {
    search_soak(
        "search",
        &[
            "search",
            "cram",
            "--rows",
            "4",
            "--cols",
            "9",
            "--save-every",
            "1",
            "--threads",
            "1",
            "--memory",
            "64M",
            "--quiet",
        ],
        &[],
    );
}

/// `search --algorithm dfpn --table-dir`: df-pn stores each node it proves or disproves in the
/// table as a value or an excluded value; killed runs leave snapshots that a resumed run reads,
/// and its outcome must be the uninterrupted run's (the root's numbers and the iterations,
/// which depend on what was already known, are left out).
#[test]
fn dfpn_search_table_dir_survives_random_kills() {
    search_soak(
        "search dfpn",
        &[
            "search",
            "sprouts",
            "--spots",
            "8",
            "--outcome",
            "--algorithm",
            "dfpn",
            "--save-every",
            "0.2",
            "--threads",
            "1",
            "--memory",
            "64M",
            "--quiet",
        ],
        &["iterations", "proof_numbers"],
    );
}
