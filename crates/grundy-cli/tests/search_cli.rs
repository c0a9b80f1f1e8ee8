//! `grundy search` from the outside: answers, JSON shape, every winning move, bad input (exit 2
//! with the place named), and a table directory that a second run reads back.

/// `--processes`: the search shared by several processes.
#[path = "search_cli/cluster.rs"]
mod cluster;

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// `grundy search cram --rows R --cols C --json --table-dir DIR`, which must succeed: its JSON.
fn cram_with_table(rows: u32, cols: u32, dir: &std::path::Path) -> serde_json::Value {
    let out = grundy()
        .args(["search", "cram", "--json", "--rows"])
        .arg(rows.to_string())
        .arg("--cols")
        .arg(cols.to_string())
        .arg("--table-dir")
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn cram_4x5_is_star_2_with_its_winning_moves() {
    let out = grundy()
        .args([
            "search", "cram", "--rows", "4", "--cols", "5", "--moves", "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "game",
        "value",
        "outcome",
        "winning_moves",
        "nodes",
        "table_entries",
        "seconds",
        "peak_bytes",
    ] {
        assert!(v.get(key).is_some(), "{key} missing from {v}");
    }
    assert_eq!(v["value"], 2);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    // each winning move leads to a P-position: check one by searching the board after it
    let after = moves[0]["position"].as_str().unwrap();
    grundy()
        .args(["search", "cram", "--board", after, "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"value\":0"));
}

#[test]
fn node_kayles_reads_an_edge_list_and_a_grid() {
    grundy()
        .args(["search", "node-kayles", "--grid", "3x12"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: *5"));
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("c5.txt");
    std::fs::write(
        &f,
        "# a 5-cycle and a lone vertex\n0 1\n1 2\n2 3\n3 4\n4 0\n5\n",
    )
    .unwrap();
    grundy()
        .args(["search", "node-kayles", "--edges"])
        .arg(&f)
        .arg("--moves")
        .assert()
        .success()
        .stdout(predicate::str::contains("value: *1"))
        .stdout(predicate::str::contains("winning moves (6)"));
    grundy()
        .args(["search", "arc-kayles", "--edges", "-"])
        .write_stdin("0 1\n1 2\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("value: *1"));
}

#[test]
fn node_and_arc_kayles_read_a_board() {
    // a full board is the grid: the same value, moves and positions written as on the grid
    let board = |game: &str, how: &[&str]| -> serde_json::Value {
        let out = grundy()
            .args(["search", game, "--moves", "--json"])
            .args(how)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    for game in ["node-kayles", "arc-kayles"] {
        let grid = board(game, &["--grid", "2x4"]);
        let full = board(game, &["--board", "..../...."]);
        assert_eq!(grid["value"], full["value"], "{game}");
        assert_eq!(grid["winning_moves"], full["winning_moves"], "{game}");
    }
    // holes: a path of three cells in an L (Node-Kayles: *2 by the middle; a lone cell *1)
    let holed = board("node-kayles", &["--board", "..#./.###"]);
    assert_eq!(holed["position"], "..#./.###");
    assert_eq!(holed["value"], 3);
    grundy()
        .args(["search", "node-kayles", "--board", "..x/..."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--board: row 1, column 3"));
    grundy()
        .args(["search", "arc-kayles", "--board", "..", "--grid", "1x2"])
        .assert()
        .code(2);
}

#[test]
fn misere_play_gives_the_outcome() {
    grundy()
        .args(["search", "node-kayles", "--grid", "1x1", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome: P"));
}

#[test]
fn bad_input_names_the_place_and_exits_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["search", "cram", "--rows", "0", "--cols", "4"],
            "no cells",
        ),
        (
            &["search", "cram", "--rows", "12", "--cols", "12"],
            "more than the 128",
        ),
        (&["search", "cram", "--board", "../.x"], "row 2, column 2"),
        (
            &["search", "cram", "--board", "../..."],
            "row 2 has 3 cells",
        ),
        (
            &[
                "search", "cram", "--rows", "3", "--cols", "3", "--memory", "12Q",
            ],
            "--memory",
        ),
        (
            &[
                "search",
                "cram",
                "--rows",
                "3",
                "--cols",
                "3",
                "--threads",
                "0",
            ],
            "--threads",
        ),
        (
            &[
                "search",
                "cram",
                "--rows",
                "3",
                "--cols",
                "3",
                "--endgame",
                "9x9",
            ],
            "--endgame",
        ),
        (&["search", "node-kayles", "--grid", "3y4"], "--grid"),
    ];
    for (args, msg) in cases {
        grundy()
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*msg));
    }
    for (text, msg) in [
        ("0 0\n", "line 1: edge 0 0 is a self-loop"),
        ("0 1\n1 -2\n", "line 2: vertex -2 is negative"),
        ("0 1\n1 999\n", "line 2: vertex 999 is beyond"),
        ("0 1 2\n", "line 1"),
        ("a b\n", "line 1"),
    ] {
        grundy()
            .args(["search", "node-kayles", "--edges", "-"])
            .write_stdin(text)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(msg));
    }
    grundy()
        .args(["search", "node-kayles", "--edges", "/no/such/file"])
        .assert()
        .code(1);
}

#[test]
fn an_empty_graph_and_a_full_board_are_zero() {
    grundy()
        .args(["search", "node-kayles", "--edges", "-"])
        .write_stdin("# nothing\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("value: *0"));
    grundy()
        .args(["search", "cram", "--board", "###/###"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: *0"));
}

#[test]
fn a_table_dir_resumes_and_a_damaged_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let run = || cram_with_table(4, 7, dir.path());
    let first = run();
    let second = run();
    assert_eq!(first["value"], 3);
    assert_eq!(second["value"], 3);
    assert!(second["resumed_entries"].as_u64().unwrap() > 0);
    assert!(second["nodes"].as_u64().unwrap() < first["nodes"].as_u64().unwrap());
    // a torn or altered snapshot is refused, never read as values
    let f = dir.path().join("table.bin");
    let mut bytes = std::fs::read(&f).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    std::fs::write(&f, &bytes).unwrap();
    grundy()
        .args([
            "search",
            "cram",
            "--rows",
            "4",
            "--cols",
            "7",
            "--table-dir",
        ])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("checksum"));
}

#[test]
fn a_killed_run_resumes_from_its_last_snapshot() {
    // a run snapshotting every second, killed after a few seconds, then resumed to the end
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let mut child = std::process::Command::new(&bin)
        .args([
            "search",
            "cram",
            "--rows",
            "5",
            "--cols",
            "7",
            "--quiet",
            "--threads",
            "1",
        ])
        .args(["--save-every", "1", "--table-dir"])
        .arg(dir.path())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // wait for a first snapshot, then kill
    let f = dir.path().join("table.bin");
    for _ in 0..600 {
        if f.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    let v = cram_with_table(5, 7, dir.path());
    assert_eq!(v["value"], 1);
}
