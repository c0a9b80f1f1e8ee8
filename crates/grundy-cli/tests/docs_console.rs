//! Every console example of the README, CONTRIBUTING.md and the user guide (`docs/src/**/*.md`) runs and
//! prints what the page shows.
//!
//! A ```` ```console ```` block holds commands (`$ cmd`) each followed by its expected output.
//! Each command runs through `sh -c` (stderr merged into stdout) with the built `grundy` first on
//! `PATH`, in a scratch directory per page that starts with the example files of
//! `examples/data/` and `docs/data/` (blocks of one page share it, in order: one block can write
//! a file that a later one reads). Masks: a line `...` matches any number of lines; `[..]` inside a
//! line matches any text (times, memory, byte counts). Other blocks (`sh`, `text`, `python`) are
//! not run. A difference fails with the page, the line of the command and both outputs.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ cmd` line of a console block and the lines expected after it.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// README.md, then every Markdown page of the guide, sorted.
fn pages(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    let mut out = vec![root.join("README.md"), root.join("CONTRIBUTING.md")];
    walk(&root.join("docs/src"), &mut out);
    out
}

/// The examples of the console blocks of one page, in order.
fn examples(page: &Path, text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        if in_console || in_other {
            if fence == "```" {
                in_console = false;
                in_other = false;
            } else if in_console {
                if let Some(cmd) = line.strip_prefix("$ ") {
                    out.push(Example {
                        line: i + 1,
                        command: cmd.to_string(),
                        expected: Vec::new(),
                    });
                } else {
                    let ex = out.last_mut().unwrap_or_else(|| {
                        panic!(
                            "{}:{}: a console block must start with a `$ ` command line",
                            page.display(),
                            i + 1
                        )
                    });
                    ex.expected.push(line.to_string());
                }
            }
        } else if let Some(info) = fence.strip_prefix("```") {
            in_console = info.trim() == "console";
            in_other = !in_console;
        }
    }
    assert!(
        !in_console && !in_other,
        "{}: a code block is not closed",
        page.display()
    );
    out
}

/// Does `actual` match `pattern`, where `[..]` matches any text?
fn line_matches(pattern: &str, actual: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Do the lines of `actual` match the lines of `pattern`, where a line `...` matches any number
/// of lines?
fn lines_match(pattern: &[String], actual: &[&str]) -> bool {
    match pattern.split_first() {
        None => actual.is_empty(),
        Some((p, rest)) if p == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((p, rest)) => {
            !actual.is_empty() && line_matches(p, actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

/// A scratch directory holding the example files.
fn scratch(root: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for data in ["examples/data", "docs/data"] {
        let Ok(entries) = std::fs::read_dir(root.join(data)) else {
            continue;
        };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_file() {
                std::fs::copy(&p, dir.path().join(p.file_name().unwrap())).unwrap();
            }
        }
    }
    dir
}

#[test]
fn masks_match_as_documented() {
    let p = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(line_matches("time: [..] s", "time: 0.002 s"));
    assert!(line_matches("[..]", ""));
    assert!(line_matches("a[..]b[..]c", "a1b2c"));
    assert!(!line_matches("a[..]b[..]c", "a1c2b"));
    assert!(!line_matches("ab[..]ba", "aba"));
    assert!(lines_match(&p(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(lines_match(&p(&["a", "...", "b"]), &["a", "b"]));
    assert!(lines_match(&p(&["..."]), &[]));
    assert!(!lines_match(&p(&["a", "b"]), &["a", "b", "c"]));
    assert!(!lines_match(&p(&["a", "...", "d"]), &["a", "b", "c"]));
}

#[test]
fn every_console_example_prints_what_the_docs_show() {
    let root = repo_root();
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let bin_dir = bin.parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = String::new();
    let mut count = 0;
    for page in pages(&root) {
        let text = std::fs::read_to_string(&page).unwrap();
        let examples = examples(&page, &text);
        if examples.is_empty() {
            continue;
        }
        let dir = scratch(&root);
        let shown = page.strip_prefix(&root).unwrap_or(&page).display();
        for ex in examples {
            count += 1;
            let start = std::time::Instant::now();
            let out = Command::new("sh")
                .arg("-c")
                .arg(format!("exec 2>&1\n{}", ex.command))
                .current_dir(dir.path())
                .env("PATH", &path)
                .env("COLUMNS", "100")
                .output()
                .unwrap();
            let seconds = start.elapsed().as_secs_f64();
            let actual = String::from_utf8_lossy(&out.stdout);
            let lines: Vec<&str> = if actual.is_empty() {
                Vec::new()
            } else {
                actual
                    .strip_suffix('\n')
                    .unwrap_or(&actual)
                    .split('\n')
                    .collect()
            };
            if !lines_match(&ex.expected, &lines) {
                let _ = writeln!(
                    failures,
                    "\n{shown}:{}: `$ {}` ({}) printed something else.\n--- expected (the docs)\n{}\n--- actual\n{}",
                    ex.line,
                    ex.command,
                    out.status,
                    ex.expected.join("\n"),
                    lines.join("\n")
                );
            }
            if seconds > 20.0 {
                let _ = writeln!(
                    failures,
                    "\n{shown}:{}: `$ {}` took {seconds:.1} s: keep the examples quick",
                    ex.line, ex.command
                );
            }
        }
    }
    assert!(count >= 20, "only {count} console examples found");
    assert!(
        failures.is_empty(),
        "console examples differ from the docs:{failures}"
    );
}

#[test]
fn the_readme_starts_with_the_two_setup_commands() {
    let text = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let first: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("```"))
        .take(4)
        .collect();
    assert_eq!(first[0], "```sh", "the README's first block is the set-up");
    assert!(first[1].starts_with("cargo run --release "), "{}", first[1]);
    assert!(first[2].starts_with("./run-tests "), "{}", first[2]);
    assert_eq!(first[3], "```");
}
