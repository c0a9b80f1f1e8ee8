//! CLI tests for `grundy guess`: the rule, its certainty stated every time (proved only for a
//! ruleset whose period a theorem proves), predictions, JSON, and bad input named by its line
//! with exit code 2 (1 for an unreadable file).

use std::io::Write;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

fn json(args: &[&str]) -> Value {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn fails_with(args: &[&str], code: i32, needle: &str) {
    grundy()
        .args(args)
        .assert()
        .code(code)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(needle));
}

#[test]
fn kayles_computed_by_the_ruleset_is_proved() {
    let v = json(&[
        "guess",
        "kayles",
        "--to",
        "1000",
        "--at",
        "1000000000000",
        "--json",
    ]);
    assert_eq!(v["found"], true);
    assert_eq!(v["class"], "periodic");
    assert_eq!(v["proved"], true);
    assert_eq!(v["from"], 71);
    assert_eq!(v["total"], 1001);
    assert_eq!(v["predictions"][0]["at"], 1_000_000_000_000u64);
    assert_eq!(v["predictions"][0]["value"], 1);
    assert_eq!(v["predictions"][0]["outcome"], "N");
    assert!(v["certainty"].as_str().unwrap().starts_with("proved"));
}

#[test]
fn values_read_off_a_file_are_consistent_not_proved() {
    let values: Vec<String> = (0..120).map(|n| (n % 3).to_string()).collect();
    let f = file(&values.join(" "));
    let path = f.path().to_str().unwrap();
    grundy()
        .args(["guess", "--values", path, "--at", "1000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("rule: G(n) = n mod 3"))
        .stdout(predicate::str::contains(
            "certainty: consistent with all 120 values (a rule read off the data, not proved)",
        ))
        .stdout(predicate::str::contains("G(1000) = 1 (N-position)"));
    let v = json(&["guess", "--values", path, "--json"]);
    assert_eq!(v["proved"], false);
    assert_eq!(v["explains"], 120);
}

#[test]
fn values_come_from_stdin_too() {
    let out = grundy()
        .args(["guess", "--values", "-", "--json"])
        .write_stdin("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n")
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rule"], "G(n) = n");
}

#[test]
fn a_table_of_two_nim_heaps_is_their_xor() {
    let mut text = String::new();
    for x in 0..16 {
        for y in 0..16 {
            text.push_str(&format!("{x} {y} {}\n", x ^ y));
        }
    }
    let f = file(&text);
    let v = json(&[
        "guess",
        "--table",
        f.path().to_str().unwrap(),
        "--at",
        "1000,24",
        "--json",
    ]);
    assert_eq!(v["rule"], "T(x, y) = x ⊕ y");
    assert_eq!(v["predictions"][0]["at"], serde_json::json!([1000, 24]));
    assert_eq!(v["predictions"][0]["value"], 1000 ^ 24);
}

#[test]
fn sterns_diatomic_sequence_is_k_regular() {
    let mut s = vec![0u64, 1];
    for n in 2..1000 {
        s.push(if n % 2 == 0 {
            s[n / 2]
        } else {
            s[n / 2] + s[n / 2 + 1]
        });
    }
    let values: Vec<String> = s.iter().map(u64::to_string).collect();
    let f = file(&values.join("\n"));
    let v = json(&[
        "guess",
        "--values",
        f.path().to_str().unwrap(),
        "--at",
        "1000000000007",
        "--json",
    ]);
    assert_eq!(v["class"], "k-regular");
    assert_eq!(
        v["rule"],
        "G(2n) = G(n), G(2n + 1) = G(n) + G(n + 1) for arguments >= 3; G(0), …, G(2) = (0 1 1)"
    );
    assert_eq!(v["proved"], false);
    assert_eq!(v["predictions"][0]["value"], 4_931_639);
}

#[test]
fn a_table_of_rows_with_cells_missing_predicts_them() {
    // row x: a period of its own (a block with no closed form); one cell in eight missing
    let mut text = String::new();
    let blocks: [&[u64]; 3] = [&[1, 0, 2], &[3, 3, 0, 1], &[0, 2]];
    for (x, b) in blocks.iter().enumerate() {
        for y in 0..80usize {
            if (x * 80 + y) % 8 != 5 {
                text.push_str(&format!("{x} {y} {}\n", b[y % b.len()]));
            }
        }
    }
    let f = file(&text);
    // (0, 5) is missing: block [1, 0, 2] at 5 mod 3 = 2
    let v = json(&[
        "guess",
        "--table",
        f.path().to_str().unwrap(),
        "--at",
        "0,5",
        "--json",
    ]);
    assert_eq!(v["class"], "rows");
    assert_eq!(v["predictions"][0]["value"], 2);
}

#[test]
fn noise_gives_no_rule_and_says_so() {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let values: Vec<String> = (0..500)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % 9).to_string()
        })
        .collect();
    let f = file(&values.join("\n"));
    let path = f.path().to_str().unwrap();
    let v = json(&["guess", "--values", path, "--at", "7", "--json"]);
    assert_eq!(v["found"], false);
    assert_eq!(v["rule"], Value::Null);
    assert_eq!(v["predictions"][0]["value"], Value::Null);
    grundy()
        .args(["guess", "--values", path])
        .assert()
        .success()
        .stdout(predicate::str::contains("rule: none found"))
        .stdout(predicate::str::contains("certainty: no rule found"));
}

#[test]
fn bad_values_are_named_by_their_line() {
    let f = file("0 1 2\n3 x 5\n");
    fails_with(
        &["guess", "--values", f.path().to_str().unwrap()],
        2,
        "line 2: 'x' is not a non-negative integer",
    );
    let f = file("0 1\n\n-3\n");
    fails_with(
        &["guess", "--values", f.path().to_str().unwrap()],
        2,
        "line 3: '-3' is negative",
    );
    let f = file("1 99999999999999999999999\n");
    fails_with(
        &["guess", "--values", f.path().to_str().unwrap()],
        2,
        "line 1: 99999999999999999999999 is too large",
    );
    let f = file("# nothing\n\n");
    fails_with(
        &["guess", "--values", f.path().to_str().unwrap()],
        2,
        "no values: the input is empty",
    );
}

#[test]
fn bad_tables_are_named_by_their_line() {
    let f = file("0 0 0\n0 1 1\n0 0 1\n");
    fails_with(
        &["guess", "--table", f.path().to_str().unwrap()],
        2,
        "line 3: cell (0, 0) is given twice (first on line 1)",
    );
    let f = file("0 0 0\n1 1\n");
    fails_with(
        &["guess", "--table", f.path().to_str().unwrap()],
        2,
        "line 2: expected three numbers",
    );
    let f = file("0 100000 0\n");
    fails_with(
        &["guess", "--table", f.path().to_str().unwrap()],
        2,
        "line 1: y = 100000 is too large",
    );
}

#[test]
fn bad_positions_and_usage_exit_with_two() {
    let f = file("0 1 2 0 1 2 0 1 2 0 1 2");
    let path = f.path().to_str().unwrap();
    fails_with(&["guess", "--values", path, "--at", "-5"], 2, "negative");
    fails_with(
        &["guess", "--values", path, "--at", "3,4"],
        2,
        "the data are a sequence, so give one heap N",
    );
    fails_with(
        &["guess", "--values", path, "--at", "1,2,3"],
        2,
        "two numbers at most",
    );
    fails_with(&["guess"], 2, "give the data");
    fails_with(&["guess", "kayles"], 2, "a ruleset needs --to N");
    fails_with(&["guess", "sub:0", "--to", "10"], 2, "ruleset 'sub:0'");
}

#[test]
fn an_unreadable_file_exits_with_one() {
    fails_with(
        &["guess", "--values", "/nonexistent/values.txt"],
        1,
        "/nonexistent/values.txt",
    );
}

/// G(0..=63) of Kayles (0.77): its period 12 starts only at 71.
const KAYLES_64: &str = "0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,6,7,4,1,2,3,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,4,2,7,4,1,2,8";

#[test]
fn kayles_is_identified_from_its_first_64_values_as_consistent_not_proved() {
    let f = file(KAYLES_64);
    let path = f.path().to_str().unwrap();
    grundy()
        .args(["guess", "--values", path, "--at", "1000000000000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("rule: none found"))
        .stdout(predicate::str::contains(
            "identified: 0.77 (kayles), agreeing on all 64 values\nalso: 0.771\n",
        ))
        .stdout(predicate::str::contains(
            "identified certainty: the 64 values are consistent with 0.77 (they agree with its first values; that does not prove the data are this game)",
        ))
        .stdout(predicate::str::contains(
            "if it is 0.77: G(1000000000000) = 1 (proved for 0.77 by the octal periodicity theorem (Guy–Smith))",
        ));
    let v = json(&["guess", "--values", path, "--at", "1000000000000", "--json"]);
    assert_eq!(v["found"], false);
    assert_eq!(v["proved"], false);
    let id = &v["identified"];
    assert_eq!(id["ruleset"], "0.77");
    assert_eq!(id["name"], "kayles");
    assert_eq!(id["agrees"], 64);
    assert_eq!(id["also"], serde_json::json!(["0.771"]));
    assert_eq!(id["proved_by"], "the octal periodicity theorem (Guy–Smith)");
    assert_eq!(id["predictions"][0]["at"], 1_000_000_000_000u64);
    assert_eq!(id["predictions"][0]["value"], 1);
}

#[test]
fn values_of_no_known_game_identify_nothing() {
    // G(0) = 0 as in every game, then digits of π: no game searched has these values
    let f = file("0 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4");
    let path = f.path().to_str().unwrap();
    let v = json(&["guess", "--values", path, "--json"]);
    assert_eq!(v["identified"], Value::Null);
    grundy()
        .args(["guess", "--values", path])
        .assert()
        .success()
        .stdout(predicate::str::contains("rule: none found"))
        .stdout(predicate::str::contains("identified").not());
    // a rule and a game at once: n mod 3 is take 1 or 2 counters, also sub:1,2 and its ties
    let values: Vec<String> = (0..60).map(|n| (n % 3).to_string()).collect();
    let g = file(&values.join(" "));
    let v = json(&["guess", "--values", g.path().to_str().unwrap(), "--json"]);
    assert_eq!(v["rule"], "G(n) = n mod 3");
    assert_eq!(v["identified"]["ruleset"], "0.33");
    assert_eq!(
        v["identified"]["also"],
        serde_json::json!(["sub:1,2", "sub:1,2,4", "sub:1,2,5", "sub:1,2,4,5"])
    );
    // values a ruleset computed are not looked up: their game is known
    let v = json(&["guess", "kayles", "--to", "100", "--json"]);
    assert_eq!(v["identified"], Value::Null);
}

/// The cells `x y v` of Kayles (heap x < 40) plus take 1, 2 or 3 (heap y < 30, values y mod 4),
/// those with (3x + 5y) mod 7 = 1 missing.
fn kayles_plus_take_three() -> String {
    let k: Vec<u64> = KAYLES_64.split(',').map(|v| v.parse().unwrap()).collect();
    let mut text = String::new();
    for (x, a) in k.iter().take(40).enumerate() {
        for y in 0..30u64 {
            if (3 * x as u64 + 5 * y) % 7 != 1 {
                text.push_str(&format!("{x} {y} {}\n", a ^ (y % 4)));
            }
        }
    }
    text
}

#[test]
fn kayles_plus_subtraction_table_names_both_factors_as_consistent_not_proved() {
    let f = file(&kayles_plus_take_three());
    let path = f.path().to_str().unwrap();
    let at = "1000000000000,1000003";
    grundy()
        .args(["guess", "--table", path, "--at", at])
        .assert()
        .success()
        .stdout(predicate::str::contains("class: nim-sum"))
        .stdout(predicate::str::contains(
            "identified: T(x, y) = f(x) ⊕ g(y) with f(0) = g(0) = 0 on all 1029 cells, as for a sum of two games",
        ))
        .stdout(predicate::str::contains(
            "identified rows: f(x) = 0.77 (kayles), agreeing on all 40 values\nalso: 0.771\n",
        ))
        .stdout(predicate::str::contains(
            "identified rows certainty: the 40 values are consistent with 0.77 (they agree with its first values; that does not prove the data are this game)",
        ))
        // y mod 4: the shortest code with these values is 0.73; sub:1,2,3 is among its ties
        .stdout(predicate::str::contains(
            "identified columns: g(y) = 0.73, agreeing on all 30 values\nalso: 0.333, ",
        ))
        .stdout(predicate::str::contains(
            "if the rows are 0.77 and the columns are 0.73: T(1000000000000, 1000003) = f(1000000000000) ⊕ g(1000003) = 1 ⊕ 3 = 2 (f(1000000000000) proved for 0.77 by the octal periodicity theorem (Guy–Smith); g(1000003) proved for 0.73 by the octal periodicity theorem (Guy–Smith))",
        ));
    let v = json(&["guess", "--table", path, "--at", at, "--json"]);
    // the table's own rule says nothing at the far cell (Kayles' values are not guessed from 40)
    assert_eq!(v["predictions"][0]["value"], Value::Null);
    assert_eq!(v["identified"], Value::Null);
    let id = &v["identified_factors"];
    assert_eq!(id["rows"]["ruleset"], "0.77");
    assert_eq!(id["rows"]["name"], "kayles");
    assert_eq!(id["rows"]["agrees"], 40);
    assert_eq!(id["rows"]["also"], serde_json::json!(["0.771"]));
    assert_eq!(id["rows"]["predictions"][0]["at"], 1_000_000_000_000u64);
    assert_eq!(id["rows"]["predictions"][0]["value"], 1);
    assert_eq!(id["columns"]["ruleset"], "0.73");
    assert_eq!(id["columns"]["agrees"], 30);
    let also = id["columns"]["also"].as_array().unwrap();
    assert_eq!(also.len(), 19);
    assert!(also.contains(&Value::from("sub:1,2,3")));
    assert_eq!(
        id["columns"]["proved_by"],
        "the octal periodicity theorem (Guy–Smith)"
    );
    assert_eq!(id["columns"]["predictions"][0]["value"], 3);
    assert_eq!(
        id["predictions"][0]["at"],
        serde_json::json!([1_000_000_000_000u64, 1_000_003])
    );
    assert_eq!(id["predictions"][0]["value"], 2);
}

#[test]
fn sums_of_no_known_games_identify_no_factor() {
    // f and g: G(0) = 0, then digits of π and of e: a sum, of no game searched
    let f = [0u64, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3];
    let g = [0u64, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5];
    let mut text = String::new();
    for (x, a) in f.iter().enumerate() {
        for (y, b) in g.iter().enumerate() {
            text.push_str(&format!("{x} {y} {}\n", a ^ b));
        }
    }
    let t = file(&text);
    let path = t.path().to_str().unwrap();
    let v = json(&["guess", "--table", path, "--json"]);
    assert_eq!(v["class"], "nim-sum");
    assert_eq!(v["identified_factors"], Value::Null);
    grundy()
        .args(["guess", "--table", path])
        .assert()
        .success()
        .stdout(predicate::str::contains("identified").not());
}
