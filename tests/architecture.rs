//! The shape of the source tree, as CONTRIBUTING.md states it: no two sibling modules import each
//! other (shared types live in leaf modules), a file over 800 lines or a function over 120 lines
//! says in its first comment why it must be, and every game of the catalogue is a module of
//! `src/games/`.
//!
//! The sources are read as text: a module is a file, an import is a `crate::…`, `super::…` or
//! `self::…` path outside comments and outside `#[cfg(test)]` code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The module path of a file under `root` (`games/heap/sparse/scan.rs` → `games::heap::sparse::scan`).
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("lib" | "main" | "mod")
    ) {
        parts.pop();
    }
    parts
}

/// The code of a file without comments and without its `#[cfg(test)]` part.
fn code(text: &str) -> Vec<String> {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or("").to_string())
        .collect()
}

/// An identifier at `s[*i..]` (letters, digits, `_`), skipping white space before it.
fn ident(s: &[u8], i: &mut usize) -> String {
    while *i < s.len() && s[*i].is_ascii_whitespace() {
        *i += 1;
    }
    let start = *i;
    while *i < s.len() && (s[*i].is_ascii_alphanumeric() || s[*i] == b'_') {
        *i += 1;
    }
    String::from_utf8_lossy(&s[start..*i]).into_owned()
}

/// The paths of a use tree (or of a plain path) starting at `s[*i..]` below `prefix`:
/// `a::b::{c, d::{e, self}}` gives `a::b::c`, `a::b::d::e` and `a::b::d`.
fn tree(s: &[u8], i: &mut usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    loop {
        let id = ident(s, i);
        if id.is_empty() {
            break;
        }
        if id != "self" {
            prefix.push(id);
        }
        while *i < s.len() && s[*i].is_ascii_whitespace() {
            *i += 1;
        }
        if !s[*i..].starts_with(b"::") {
            break;
        }
        *i += 2;
        while *i < s.len() && s[*i].is_ascii_whitespace() {
            *i += 1;
        }
        if s.get(*i) == Some(&b'{') {
            *i += 1;
            loop {
                tree(s, i, prefix.clone(), out);
                while *i < s.len() && s[*i].is_ascii_whitespace() {
                    *i += 1;
                }
                match s.get(*i) {
                    Some(b',') => *i += 1,
                    Some(b'}') => {
                        *i += 1;
                        break;
                    }
                    _ => break,
                }
            }
            return;
        }
    }
    out.push(prefix);
}

/// The modules a file's code names (`crate::a::b`, `super::c`, `self::d`, use trees with braces
/// included), resolved against the modules that exist, longest first; ancestors left out (a
/// child reading its parent's items is the tree, not a circle).
fn imports(
    me: &[String],
    lines: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> BTreeSet<Vec<String>> {
    let text = lines.join("\n");
    let s = text.as_bytes();
    let mut out = BTreeSet::new();
    let mut at = 0;
    while at < s.len() {
        let word_start = at == 0
            || !(s[at - 1].is_ascii_alphanumeric() || s[at - 1] == b'_' || s[at - 1] == b':');
        let base = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|w| word_start && s[at..].starts_with(w.as_bytes()));
        let Some(base) = base else {
            at += 1;
            continue;
        };
        // `super::super::x`: climb, then read the tree below
        let mut start: Vec<String> = match base {
            "crate::" => Vec::new(),
            _ => me.to_vec(),
        };
        let mut i = at + base.len();
        if base == "super::" {
            start.pop();
            while s[i..].starts_with(b"super::") {
                start.pop();
                i += "super::".len();
            }
        }
        let mut paths = Vec::new();
        while i < s.len() && s[i].is_ascii_whitespace() {
            i += 1;
        }
        if s.get(i) == Some(&b'{') {
            // `super::{a, b}`: the trees inside the braces, below the base
            let mut j = i + 1;
            loop {
                tree(s, &mut j, start.clone(), &mut paths);
                while j < s.len() && s[j].is_ascii_whitespace() {
                    j += 1;
                }
                match s.get(j) {
                    Some(b',') => j += 1,
                    Some(b'}') => {
                        j += 1;
                        break;
                    }
                    _ => break,
                }
            }
            i = j;
        } else {
            tree(s, &mut i, start.clone(), &mut paths);
        }
        for mut target in paths {
            while !target.is_empty() && !modules.contains(&target) {
                target.pop();
            }
            if !target.is_empty() && !me.starts_with(&target) {
                out.insert(target);
            }
        }
        at = i.max(at + 1);
    }
    out
}

/// The pairs of modules of a crate that import each other.
fn circles(root: &Path) -> Vec<String> {
    let files = sources(root);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(root, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for f in &files {
        let me = module_of(root, f);
        let lines = code(&std::fs::read_to_string(f).unwrap());
        edges.insert(me.clone(), imports(&me, &lines, &modules));
    }
    let mut out = Vec::new();
    for (a, targets) in &edges {
        for b in targets {
            if a < b && edges.get(b).is_some_and(|t| t.contains(a)) {
                out.push(format!("{} <-> {}", a.join("::"), b.join("::")));
            }
        }
    }
    out
}

#[test]
fn no_two_modules_import_each_other() {
    for krate in [
        "src",
        "crates/grundy-cli/src",
        "crates/grundy-timely/src",
        "crates/grundy-web/src",
        "python/src",
    ] {
        let found = circles(&repo().join(krate));
        assert!(
            found.is_empty(),
            "{krate}: modules that import each other: {found:?}"
        );
    }
}

/// The first comment lines of a file or above an item must say why it is long.
fn says_why(lines: &[&str], at: usize, what: &str) -> bool {
    // the comment block above `at` (doc comments, attributes and plain comments), or the
    // file's first lines
    let mut i = at;
    while i > 0 {
        let l = lines[i - 1].trim_start();
        if l.starts_with("//") || l.starts_with("#[") {
            i -= 1;
        } else {
            break;
        }
    }
    lines[i..=at.min(lines.len() - 1)]
        .iter()
        .any(|l| l.contains(&format!("Why this {what} is long")))
}

#[test]
fn long_files_and_functions_say_why() {
    let mut missing = Vec::new();
    for krate in ["src", "crates", "python/src"] {
        for f in sources(&repo().join(krate)) {
            let text = std::fs::read_to_string(&f).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let name = f.strip_prefix(repo()).unwrap().display().to_string();
            if name.contains("/tests/") || name.contains("/target/") {
                continue;
            }
            if lines.len() > 820
                && !lines
                    .iter()
                    .take(5)
                    .any(|l| l.contains("Why this file is long"))
            {
                missing.push(format!("{name}: {} lines", lines.len()));
            }
            let mut i = 0;
            while i < lines.len() {
                let l = lines[i];
                let indent = l.len() - l.trim_start().len();
                let t = l.trim_start();
                // a function's header: `fn name`, after qualifiers only (`pub(crate)`, `const`, …:
                // lower-case words and parentheses, no `=`, no comment)
                let is_fn = t.starts_with("fn ")
                    || t.split_once(" fn ").is_some_and(|(quals, _)| {
                        quals.split_whitespace().all(|w| {
                            w.chars()
                                .all(|c| c.is_ascii_lowercase() || c == '(' || c == ')')
                        })
                    });
                if is_fn && !t.ends_with(';') {
                    let end = (i + 1..lines.len()).find(|&j| {
                        lines[j].len() - lines[j].trim_start().len() == indent
                            && lines[j].trim() == "}"
                    });
                    if let Some(end) = end {
                        if end - i + 1 > 130 && !says_why(&lines, i, "function") {
                            missing.push(format!(
                                "{name}:{}: a function of {} lines",
                                i + 1,
                                end - i + 1
                            ));
                        }
                        i = end;
                    }
                }
                i += 1;
            }
        }
    }
    assert!(
        missing.is_empty(),
        "long and not saying why (CONTRIBUTING.md): {missing:#?}"
    );
}

#[test]
fn every_game_of_the_catalogue_is_a_module_of_src_games() {
    for g in grundy::games::registry::GAMES {
        let module = g
            .module
            .strip_prefix("grundy::games::")
            .expect("a module of grundy::games");
        let file = repo().join("src/games").join(format!("{module}.rs"));
        assert!(file.exists(), "{}: no {}", g.name, file.display());
    }
}
