//! `grundy judge`: the seed samples byte for byte, errors (exit 2, nothing on stdout), and the
//! problems' edge cases through the command line.

use assert_cmd::Command;
use predicates::prelude::*;

fn judge(problem: &str, input: &str) -> assert_cmd::assert::Assert {
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", problem])
        .write_stdin(input)
        .assert()
}

const XSY_SAMPLE_IN: &str = "2
3 3
1 0
2 0
1 2
0 2 2
5
3 0 0
4 1 0
5 0 1
1 1 1
2 2 2
4 3
0 1
1 2
2 3
3 2 1 0
5
0 0 0 0
0 0 0 1
0 0 1 0
0 1 0 0
1 0 0 0
";

const XSY_SAMPLE_OUT: &str = "Game#1:
Round#1: LOSING
Round#2: WINNING
Round#3: WINNING
Round#4: WINNING
Round#5: LOSING

Game#2:
Round#1: LOSING
Round#2: LOSING
Round#3: WINNING
Round#4: WINNING
Round#5: LOSING

";

#[test]
fn agc016f_samples() {
    judge("agc016f", "2 1\n1 2\n").success().stdout("1\n");
    judge("agc016f", "3 3\n1 2\n1 3\n2 3\n")
        .success()
        .stdout("6\n");
    judge("agc016f", "4 2\n1 3\n2 4\n").success().stdout("2\n");
    judge("agc016f", "5 6\n1 2\n1 3\n2 4\n3 5\n4 5\n1 5\n")
        .success()
        .stdout("51\n");
}

#[test]
fn agc016f_multigraph_and_small_cases() {
    // two copies of 1 -> 2: first player wins iff at least one is kept (3 of 4 subsets)
    judge("agc016f", "2 2\n1 2\n1 2\n").success().stdout("3\n");
    judge("agc016f", "2 0\n").success().stdout("0\n");
}

#[test]
fn xsy1149_sample() {
    judge("xsy1149", XSY_SAMPLE_IN)
        .success()
        .stdout(XSY_SAMPLE_OUT);
    // The same games with the vertices renumbered (not topological): same answers.
    let renumbered = XSY_SAMPLE_IN.replace(
        "4 3\n0 1\n1 2\n2 3\n3 2 1 0\n5\n0 0 0 0\n0 0 0 1\n0 0 1 0\n0 1 0 0\n1 0 0 0\n",
        "4 3\n3 2\n2 1\n1 0\n0 1 2 3\n5\n0 0 0 0\n1 0 0 0\n0 1 0 0\n0 0 1 0\n0 0 0 1\n",
    );
    assert_ne!(renumbered, XSY_SAMPLE_IN);
    judge("xsy1149", &renumbered)
        .success()
        .stdout(XSY_SAMPLE_OUT);
}

#[test]
fn sdoi2019_samples() {
    judge("sdoi2019", "9 3\n").success().stdout("68\n");
    judge("sdoi2019", "5 2").success().stdout("6\n");
    judge("sdoi2019", "10 4\n").success().stdout("160\n");
    judge("sdoi2019", "20 6\n").success().stdout("33688\n");
    judge("sdoi2019", "1000000 1000000\n")
        .success()
        .stdout("0\n");
}

fn fails(problem: &str, input: &str, message: &str) {
    judge(problem, input)
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message));
}

#[test]
fn bad_inputs_exit_2_and_name_the_line() {
    fails(
        "agc016f",
        "5 1\n1 7\n",
        "agc016f: line 2: vertex 7 out of range 1..=5",
    );
    fails(
        "agc016f",
        "3 2\n1 2\n3 2\n",
        "agc016f: line 3: edge 3 -> 2 needs x < y",
    );
    fails(
        "agc016f",
        "3 1\n2 2\n",
        "line 2: edge 2 -> 2 is a self-loop",
    );
    fails(
        "agc016f",
        "3 2\n1 2\n",
        "agc016f: line 2: expected the edge's tail x, found the end",
    );
    fails("agc016f", "1 0\n", "agc016f: line 1: N = 1");
    fails("agc016f", "21 0\n", "N = 21 is too large (at most 20)");
    fails(
        "agc016f",
        "3 1\n1 x\n",
        "line 2, column 3: expected the edge's head y",
    );
    fails(
        "agc016f",
        "3 0\n1\n",
        "line 2, column 1: unexpected input '1'",
    );
    fails(
        "sdoi2019",
        "4 5\n",
        "sdoi2019: line 1: m = 5 coins do not fit on n = 4 cells",
    );
    fails(
        "sdoi2019",
        "-4 1\n",
        "sdoi2019: line 1, column 1: the strip length n must not be negative",
    );
    fails(
        "sdoi2019",
        "9\n",
        "sdoi2019: line 1: expected the number of coins m, found the end",
    );
    fails(
        "xsy1149",
        "1\n2 2\n0 1\n1 0\n1 1\n0\n",
        "xsy1149: line 4: edge 1 -> 0 closes the cycle",
    );
    fails(
        "xsy1149",
        "1\n2 1\n1 1\n1 1\n0\n",
        "xsy1149: line 3: edge 1 -> 1 is a self-loop",
    );
    fails(
        "xsy1149",
        "1\n2 1\n0 5\n1 1\n0\n",
        "xsy1149: line 3: vertex 5 out of range 0..=1",
    );
    fails(
        "xsy1149",
        "1\n2 1\n0 1\n1 1\n1\n1 two\n",
        "line 6, column 3: expected a chip count",
    );
    fails(
        "xsy1149",
        "2\n1 0\n0\n0\n",
        "expected the number of vertices V, found the end",
    );
    fails(
        "xsy1149",
        "1\n0 0\n\n99999999999\n",
        "xsy1149: line 2: game 1 has V = 0",
    );
}

#[test]
fn unknown_problem_exits_2() {
    judge("agc017a", "")
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("unknown problem 'agc017a'"));
}

#[test]
fn errors_after_good_games_print_nothing() {
    let input = format!("3{}", &XSY_SAMPLE_IN[1..]);
    fails(
        "xsy1149",
        &input,
        "line 23: expected the number of vertices V, found the end",
    );
}
