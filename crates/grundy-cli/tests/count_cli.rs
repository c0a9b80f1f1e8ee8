//! `grundy count heaps|graph`: answers against the library's brute-force enumeration, JSON form,
//! and clear errors with exit code 2.

use assert_cmd::Command;
use grundy::count::{heaps, tokens};
use grundy::games::digraph;
use grundy::games::heap::Ruleset;
use grundy::progress::Silent;
use predicates::prelude::*;
use serde_json::Value;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = grundy().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn heap_counts_match_enumeration() {
    for (rules, lo, hi, k) in [
        ("kayles", 0u64, 9u64, 3u32),
        ("sub:1,3,4", 2, 11, 2),
        ("0.137", 1, 7, 4),
    ] {
        let r: Ruleset = rules.parse().unwrap();
        let values = r.values(hi as usize);
        let family = &values[lo as usize..];
        for multiset in [false, true] {
            let (p, total) = heaps::brute_force(family, k, multiset);
            let (lo_s, hi_s, k_s) = (lo.to_string(), hi.to_string(), k.to_string());
            let mut args = vec![
                "count", "heaps", rules, "--heaps", &k_s, "--min", &lo_s, "--max", &hi_s,
            ];
            if multiset {
                args.push("--multiset");
            }
            let v = json(&args);
            assert_eq!(v["p_positions"], p, "{rules} {multiset}");
            assert_eq!(v["n_positions"], total - p);
            assert_eq!(v["total"], total);
            args.extend(["--mod", "7"]);
            let v = json(&args);
            assert_eq!(v["p_positions"], p % 7);
            assert_eq!(v["modulus"], 7);
        }
    }
}

#[test]
fn exact_json_numbers_exceed_64_bits() {
    let out = grundy()
        .args([
            "count", "heaps", "nim", "--heaps", "10", "--max", "1023", "--json",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // 1024^9 = 2^90 P-positions, printed as a bare JSON number.
    assert!(
        text.starts_with(r#"{"p_positions":1237940039285380274899124224,"#),
        "{text}"
    );
}

#[test]
fn huge_k_modulo_a_prime_is_consistent() {
    let v = json(&[
        "count",
        "heaps",
        "kayles",
        "--heaps",
        "1000000000000000000",
        "--max",
        "2000",
        "--mod",
        "1000000007",
    ]);
    let (p, n, t) = (
        v["p_positions"].as_u64().unwrap(),
        v["n_positions"].as_u64().unwrap(),
        v["total"].as_u64().unwrap(),
    );
    assert_eq!((p + n) % 1_000_000_007, t);
    assert!(t < 1_000_000_007);
}

#[test]
fn text_output_names_the_counts() {
    grundy()
        .args(["count", "heaps", "sub:1,2", "--heaps", "2", "--max", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("P-positions: 12 "))
        .stdout(predicate::str::contains("N-positions: 24 "))
        .stdout(predicate::str::contains("total: 36"));
}

fn graph_file(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.txt");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn graph_counts_match_enumeration_with_sum_rules() {
    // Cycles, a self-loop, parallel edges, a sink.
    let text = "0 1\n1 2\n2 0\n2 3\n3 4\n4 4\n1 5\n5 6\n6 5\n6 3\n3 3\n0 6\n0 6\n";
    let (_dir, path) = graph_file(text);
    let g = digraph::read_graph(&path, None).unwrap();
    let vals = digraph::values(&g, &Silent);
    let values: Vec<_> = (0..vals.len() as u32).map(|v| vals.get(v)).collect();
    assert!(values.iter().any(|v| !v.is_finite()));
    let p = path.to_str().unwrap();
    for k in 0..4u32 {
        for multiset in [false, true] {
            let want = tokens::brute_force(&values, k, multiset);
            let k_s = k.to_string();
            let mut args = vec!["count", "graph", p, "--tokens", &k_s];
            if multiset {
                args.push("--multiset");
            }
            let v = json(&args);
            assert_eq!(
                [&v["p_positions"], &v["n_positions"], &v["d_positions"]],
                [want[0], want[1], want[2]].map(Value::from).each_ref(),
                "k={k} multiset={multiset}"
            );
            assert_eq!(v["total"], want.iter().sum::<u64>());
        }
    }
}

#[test]
fn graph_from_stdin_and_hand_checked_draws() {
    // 0 -> 0 draws forever; 1 -> 0, 1 -> 2 wins by moving to the sink 2.
    grundy()
        .args(["count", "graph", "-", "--tokens", "2", "--json"])
        .write_stdin("0 0\n1 0\n1 2\n")
        .assert()
        .success()
        .stdout(r#"{"p_positions":1,"n_positions":2,"d_positions":6,"total":9}"#.to_owned() + "\n");
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "count", "heaps", "kayles", "--heaps", "2", "--min", "5", "--max", "4",
            ],
            "below --min 5",
        ),
        (
            &[
                "count", "heaps", "kayles", "--heaps", "2", "--max", "4", "--mod", "1",
            ],
            "at least 2",
        ),
        (
            &[
                "count", "heaps", "kayles", "--heaps", "2", "--max", "4", "--mod", "0",
            ],
            "at least 2",
        ),
        (
            &[
                "count", "heaps", "kayles", "--heaps", "2", "--max", "4", "--mod", "10",
            ],
            "odd",
        ),
        (
            &[
                "count",
                "heaps",
                "kayles",
                "--heaps",
                "2",
                "--max",
                "4",
                "--mod",
                "15",
                "--multiset",
            ],
            "not prime",
        ),
        (
            &["count", "heaps", "kayles", "--heaps", "-2", "--max", "4"],
            "negative",
        ),
        (
            &["count", "heaps", "kayles", "--heaps", "2", "--max", "x"],
            "not a non-negative integer",
        ),
        (
            &["count", "heaps", "nosuchgame", "--heaps", "2", "--max", "4"],
            "unknown ruleset",
        ),
        (
            &[
                "count",
                "heaps",
                "sub:squares",
                "--heaps",
                "2",
                "--max",
                "99999999999",
            ],
            "no proved period",
        ),
        (
            &[
                "count",
                "heaps",
                "nim",
                "--heaps",
                "100000000",
                "--max",
                "1000",
            ],
            "--mod",
        ),
        (
            &["count", "graph", "no/such/file.txt", "--tokens", "2"],
            "no/such/file.txt",
        ),
    ];
    for (args, msg) in cases {
        grundy()
            .args(*args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(*msg));
    }
    let (_dir, path) = graph_file("0 1\n1 x\n");
    grundy()
        .args(["count", "graph", path.to_str().unwrap(), "--tokens", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2"));
}

#[test]
fn a_proved_period_extends_the_family_to_any_size() {
    // Beyond 4096 heaps the values come from Kayles' proved period (12 from 71): the counts must
    // equal those over the directly computed values.
    let r: Ruleset = "kayles".parse().unwrap();
    let values = r.values(5000);
    for multiset in [false, true] {
        let (p, total) = heaps::brute_force(&values[4990..], 2, multiset);
        let want = heaps::count_heaps(&values[7..], 3, multiset, grundy::count::Arithmetic::Exact)
            .unwrap();
        let mut args = vec![
            "count", "heaps", "kayles", "--heaps", "3", "--min", "7", "--max", "5000",
        ];
        if multiset {
            args.push("--multiset");
        }
        let v = json(&args);
        assert_eq!(v["p_positions"].to_string(), want.p_positions.to_string());
        assert_eq!(v["total"].to_string(), want.total.to_string());
        let mut args = vec![
            "count", "heaps", "kayles", "--heaps", "2", "--min", "4990", "--max", "5000",
        ];
        if multiset {
            args.push("--multiset");
        }
        let v = json(&args);
        assert_eq!(
            (v["p_positions"].as_u64(), v["total"].as_u64()),
            (Some(p), Some(total))
        );
    }
    grundy()
        .args([
            "count",
            "heaps",
            "kayles",
            "--heaps",
            "3",
            "--max",
            "1000000000000000000",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("period 12 from heap 71 (proved)"))
        .stdout(predicate::str::contains(
            "total: 1000000000000000003000000000000000003000000000000000001",
        ));
}
