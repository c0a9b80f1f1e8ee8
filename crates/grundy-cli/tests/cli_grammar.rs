//! One grammar for every command: an unknown flag is reported as an unknown flag (exit 2,
//! "unexpected argument"), never taken for a value of a positional argument; every command takes
//! `--quiet`/`-q` (a no-op where nothing takes long); every command that prints a report takes
//! `--json` and prints one JSON object, and the others refuse it. The commands are listed here
//! and the list is compared with what `grundy help` lists, so a new command cannot be left out.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command as StdCommand, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use assert_cmd::Command;
use predicates::prelude::*;

const BOGUS: &str = "--no-such-flag";
const UNEXPECTED: &str = "unexpected argument '--no-such-flag' found";

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// What a command is, for these checks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A group of commands that runs nothing alone (`count`, `search`).
    Group,
    /// Prints a report: takes `--json`.
    Report,
    /// Prints something that is not a report (a judge's answers, a game, a script, a page): no
    /// `--json`.
    Other,
    /// `serve`: runs until stopped, so it is checked by its first line (no report either).
    Server,
}

/// A command: the words naming it, what it is, the smallest arguments that make it run fast
/// (`NEW` stands for a folder that does not exist yet) and its standard input.
struct Case {
    path: &'static [&'static str],
    kind: Kind,
    args: Vec<String>,
    stdin: &'static str,
}

/// Stands for a fresh folder in the arguments of a case (an output folder that must not exist).
const NEW: &str = "{new}";

/// The input files of the cases, in a scratch folder.
struct Fixture {
    dir: tempfile::TempDir,
    fresh: AtomicUsize,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        std::fs::write(p.join("values.txt"), "0 1 2 0 1 2 0 1 2 0 1 2\n").unwrap();
        std::fs::write(p.join("graph.txt"), "0 1\n1 2\n").unwrap();
        std::fs::write(
            p.join("position.toml"),
            "[[component]]\nkind = \"nim\"\nheaps = [3, 4, 5]\n",
        )
        .unwrap();
        std::fs::create_dir(p.join("page")).unwrap();
        std::fs::write(p.join("page/index.html"), "<!doctype html><p>hi").unwrap();
        // a finished shard (the only one) for `survey merge`
        grundy()
            .args(["survey", "--codes", ".77", "--to", "200", "--threads", "1"])
            .args(["--shard", "1/1", "-q", "--out"])
            .arg(p.join("shard"))
            .assert()
            .success();
        Fixture {
            dir,
            fresh: AtomicUsize::new(0),
        }
    }

    fn path(&self, name: &str) -> String {
        self.dir.path().join(name).to_str().unwrap().to_string()
    }

    /// The arguments of a case, each `NEW` replaced by a folder not used before.
    fn args(&self, case: &Case) -> Vec<String> {
        case.args
            .iter()
            .map(|a| {
                if a == NEW {
                    let n = self.fresh.fetch_add(1, Ordering::Relaxed);
                    self.path(&format!("new{n}"))
                } else {
                    a.clone()
                }
            })
            .collect()
    }

    /// Every command of `grundy`.
    fn cases(&self) -> Vec<Case> {
        let f = |name: &str| self.path(name);
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let case = |path, kind, args: Vec<String>| Case {
            path,
            kind,
            args,
            stdin: "",
        };
        vec![
            case(&["nim"], Kind::Report, words(&["3", "4", "5"])),
            case(&["games"], Kind::Report, vec![]),
            case(&["staircase"], Kind::Report, words(&["0", "3", "1"])),
            case(
                &["coins"],
                Kind::Report,
                words(&["--length", "9", "2", "5", "7"]),
            ),
            Case {
                stdin: "2 1\n1 2\n",
                ..case(&["judge"], Kind::Other, words(&["agc016f"]))
            },
            case(&["seq"], Kind::Report, words(&["kayles", "--to", "20"])),
            case(
                &["guess"],
                Kind::Report,
                vec!["--values".into(), f("values.txt")],
            ),
            case(
                &["graph"],
                Kind::Report,
                vec![f("graph.txt"), "--tokens".into(), "0".into()],
            ),
            case(&["solve"], Kind::Report, vec![f("position.toml")]),
            Case {
                stdin: "quit\n",
                ..case(&["play"], Kind::Other, vec![f("position.toml")])
            },
            case(&["count"], Kind::Group, vec![]),
            case(
                &["count", "heaps"],
                Kind::Report,
                words(&["kayles", "--heaps", "2", "--max", "4"]),
            ),
            case(
                &["count", "graph"],
                Kind::Report,
                vec![f("graph.txt"), "--tokens".into(), "2".into()],
            ),
            case(
                &["retro"],
                Kind::Report,
                words(&["fair-shares", "--coins", "4"]),
            ),
            case(&["search"], Kind::Group, vec![]),
            case(
                &["search", "cram"],
                Kind::Report,
                words(&[
                    "--rows",
                    "2",
                    "--cols",
                    "3",
                    "--threads",
                    "1",
                    "--memory",
                    "16M",
                ]),
            ),
            case(
                &["search", "node-kayles"],
                Kind::Report,
                words(&["--grid", "1x3", "--threads", "1", "--memory", "16M"]),
            ),
            case(
                &["search", "arc-kayles"],
                Kind::Report,
                words(&["--grid", "2x2", "--threads", "1", "--memory", "16M"]),
            ),
            case(
                &["search", "sprouts"],
                Kind::Report,
                words(&["--spots", "2", "--threads", "1", "--memory", "16M"]),
            ),
            case(
                &["survey"],
                Kind::Report,
                words(&[
                    "--codes",
                    ".77",
                    "--to",
                    "200",
                    "--threads",
                    "1",
                    "--out",
                    NEW,
                ]),
            ),
            case(
                &["survey", "merge"],
                Kind::Report,
                vec![f("shard"), "--out".into(), NEW.into()],
            ),
            case(
                &["misere"],
                Kind::Report,
                words(&["nim", "--max-heap", "7"]),
            ),
            case(
                &["serve"],
                Kind::Server,
                vec!["--port".into(), "0".into(), "--dir".into(), f("page")],
            ),
            case(&["completions"], Kind::Other, words(&["bash"])),
            case(&["manpage"], Kind::Other, vec![]),
        ]
    }
}

/// `grundy PATH... ARGS...`, with the case's standard input.
fn run(case: &Case, args: &[String]) -> assert_cmd::assert::Assert {
    grundy()
        .args(case.path)
        .args(args)
        .write_stdin(case.stdin)
        .assert()
}

/// The commands `grundy help PATH...` lists (without `help` itself).
fn listed(path: &[String]) -> Vec<String> {
    let out = grundy().arg("help").args(path).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let mut names = Vec::new();
    let mut in_commands = false;
    for line in text.lines() {
        if line == "Commands:" {
            in_commands = true;
        } else if in_commands {
            // `  name  description`; a blank line ends the section
            let Some(rest) = line.strip_prefix("  ") else {
                break;
            };
            if rest.starts_with(' ') {
                continue; // a description's continuation line
            }
            let name = rest.split_whitespace().next().unwrap();
            if name != "help" {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// Every command and subcommand `grundy help` lists, as paths of words.
fn help_tree(path: &[String], out: &mut BTreeSet<Vec<String>>) {
    for name in listed(path) {
        let mut sub = path.to_vec();
        sub.push(name);
        help_tree(&sub, out);
        out.insert(sub);
    }
}

#[test]
fn the_commands_checked_here_are_the_commands_grundy_help_lists() {
    let mut listed = BTreeSet::new();
    help_tree(&[], &mut listed);
    let fx = Fixture::new();
    let here: BTreeSet<Vec<String>> = fx
        .cases()
        .iter()
        .map(|c| c.path.iter().map(|w| w.to_string()).collect())
        .collect();
    assert!(listed.contains(&vec!["nim".to_string()]), "{listed:?}");
    assert_eq!(
        here, listed,
        "a command was added to or removed from grundy: list it in Fixture::cases"
    );
}

#[test]
fn an_unknown_flag_is_reported_as_unexpected_by_every_command() {
    let fx = Fixture::new();
    for case in fx.cases() {
        let args = fx.args(&case);
        let mut tries = vec![vec![BOGUS.to_string()]];
        if !args.is_empty() {
            tries.push([args.clone(), vec![BOGUS.to_string()]].concat());
            tries.push([vec![BOGUS.to_string()], args.clone()].concat());
        }
        for t in tries {
            run(&case, &t)
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(UNEXPECTED));
        }
    }
}

#[test]
fn every_command_accepts_quiet_and_q() {
    let fx = Fixture::new();
    for case in fx.cases() {
        for flag in ["--quiet", "-q"] {
            let mut args = fx.args(&case);
            args.push(flag.to_string());
            match case.kind {
                Kind::Group => continue,
                Kind::Server => {
                    let line = first_line(&case, &args);
                    assert!(line.starts_with("serving "), "serve {flag}: {line:?}");
                }
                Kind::Report | Kind::Other => {
                    let out = run(&case, &args).success();
                    assert!(
                        !out.get_output().stdout.is_empty(),
                        "{:?} {flag} printed nothing",
                        case.path
                    );
                }
            }
        }
    }
}

/// The first line `serve` prints; the server is stopped after it.
fn first_line(case: &Case, args: &[String]) -> String {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(case.path)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let read = BufReader::new(child.stdout.take().unwrap()).read_line(&mut line);
    let _ = child.kill();
    let _ = child.wait();
    read.unwrap();
    line
}

#[test]
fn every_report_is_one_json_object_with_json() {
    let fx = Fixture::new();
    for case in fx.cases().iter().filter(|c| c.kind == Kind::Report) {
        for extra in [&["--json"][..], &["--json", "--quiet"][..]] {
            let mut args = fx.args(case);
            args.extend(extra.iter().map(|s| s.to_string()));
            let out = run(case, &args).success();
            let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
            assert_eq!(text.lines().count(), 1, "{:?}: {text}", case.path);
            let v: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{:?} {extra:?}: {e}: {text}", case.path));
            assert!(v.is_object(), "{:?}: {text}", case.path);
        }
    }
}

#[test]
fn commands_without_a_report_refuse_json() {
    let fx = Fixture::new();
    for case in fx.cases() {
        if matches!(case.kind, Kind::Other | Kind::Server) {
            let mut args = fx.args(&case);
            args.push("--json".to_string());
            run(&case, &args).code(2).stderr(predicate::str::contains(
                "unexpected argument '--json' found",
            ));
        }
    }
}

#[test]
fn guess_values_file_with_quiet_is_not_taken_for_a_ruleset() {
    let fx = Fixture::new();
    let values = fx.path("values.txt");
    grundy()
        .args(["guess", "--values", &values, "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("data: 12 values G(0..=11) from"))
        .stdout(predicate::str::contains("rule: "));
    // an unknown flag there is named as one, not as a ruleset in conflict with --values
    grundy()
        .args(["guess", "--values", &values, BOGUS])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(UNEXPECTED))
        .stderr(predicate::str::contains("cannot be used with").not());
}

#[test]
fn values_with_a_leading_hyphen_still_reach_their_parsers() {
    let fx = Fixture::new();
    let values = fx.path("values.txt");
    let survey = fx.path("survey");
    let cases: &[(&[&str], &str)] = &[
        // a ruleset that looks like a negative number is the ruleset's error, not a flag's
        (&["seq", "-1", "--to", "5"], "ruleset '-1'"),
        (&["guess", "-1", "--to", "5"], "ruleset '-1'"),
        (&["misere", "-0.7"], "ruleset '-0.7'"),
        // negative numbers are named as negative, positional or option
        (&["nim", "3", "-3"], "'-3' is negative"),
        (&["staircase", "0", "-1"], "'-1' is negative"),
        (&["coins", "--length", "9", "-2"], "'-2' is negative"),
        (&["seq", "kayles", "--to", "-5"], "'-5' is negative"),
        (&["guess", "kayles", "--to", "-5"], "'-5' is negative"),
        (
            &["guess", "--values", &values, "--at", "-5"],
            "'-5' is negative",
        ),
        (&["misere", "0.77", "--max-heap", "-3"], "'-3' is negative"),
        (
            &["count", "heaps", "kayles", "--heaps", "-2", "--max", "4"],
            "'-2' is negative",
        ),
        (
            &["survey", "--to", "-5", "--out", &survey],
            "'-5' is negative",
        ),
        (
            &["retro", "fair-shares", "--coins", "4", "--position", "-1,2"],
            "--position -1,2",
        ),
    ];
    for (args, msg) in cases {
        grundy()
            .args(*args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(*msg))
            .stderr(predicate::str::contains("unexpected argument").not());
    }
}

#[test]
fn write_binary_has_no_report_so_it_refuses_json() {
    let fx = Fixture::new();
    let out: PathBuf = fx.dir.path().join("g.bin");
    grundy()
        .args(["graph", &fx.path("graph.txt"), "--json", "--write-binary"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    assert!(!out.exists());
}
