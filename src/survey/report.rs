//! A survey's report: the records with their equivalence classes, written as `survey.json` (one
//! object per code, in code order), `survey.csv`, and `survey.md` — trivial games with their
//! nim-sequences, the non-trivial solved games, the open games, the classes and their
//! justifications, and the pairs that are only "equal as far as computed".
//!
//! # Classes
//! Codes are grouped (see [`super::equivalence`]) when they have the same canonical code (the
//! reduction rule and the redundant-move rules, proved there), or when their reduced sequences
//! are both proved periodic and equal through both proof windows. In a class every code has an
//! offset `j` (the number of reductions) and the same reduced sequence `F`: `G_code(n) = F(n − j)`. The representative is
//! the member with the least offset (the first in code order among those), and a code's `shift` is
//! its offset minus the representative's.
//!
//! # Conventions
//! `preperiod` is the first heap of the periodic part: `G(n + p) = G(n)` for all `n >= preperiod`,
//! so the last exceptional heap is `preperiod − 1`. Published tables (e.g. Flammenkamp's, and the
//! independent recomputation by T. Czajka) give the figures of the *reduced* sequence, whose
//! preperiod is `max(preperiod − j, 0)`; `survey.md` shows both.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::SurveyError;
use super::codes::SurveyCode;
use super::equivalence::{self, Known};
use super::game::{Ending, GameResult, Status};
use super::record::Record;
use super::store;
use crate::games::heap::periodicity;

/// Solved games whose period is proved from at most this many values are *trivial*.
pub const TRIVIAL_HEAPS: usize = 1000;

/// Why the members of a class are equivalent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Justification {
    /// These codes have the same canonical code (the reduction rule and the redundant-move
    /// rules of [`super::equivalence`]).
    SameReducedCode {
        /// The canonical code.
        reduced: String,
        /// The codes.
        codes: Vec<String>,
    },
    /// The reduced sequences of these two codes are both proved periodic and agree through both
    /// proof windows.
    ProvedEqual {
        /// One code.
        a: String,
        /// The other code.
        b: String,
    },
}

/// An equivalence class of the survey.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Class {
    /// The representative.
    pub representative: String,
    /// Every member with its shift, in code order.
    pub members: Vec<(String, usize)>,
    /// Why they are equivalent (empty for a class of one).
    pub justifications: Vec<Justification>,
}

/// Two classes whose reduced sequences agree as far as both are known, without a proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AsFarAsComputed {
    /// The representative of one class.
    pub a: String,
    /// The representative of the other class.
    pub b: String,
    /// Their reduced sequences agree on heaps `0..through` (all that is known of at least one).
    pub through: usize,
}

/// A survey's records and classes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// One record per code, in code order.
    pub records: Vec<Record>,
    /// The classes, by representative in code order.
    pub classes: Vec<Class>,
    /// Pairs of classes equal as far as computed (not proved equal).
    pub as_far_as_computed: Vec<AsFarAsComputed>,
}

struct Dsu(Vec<usize>);

impl Dsu {
    fn find(&mut self, x: usize) -> usize {
        let mut r = x;
        while self.0[r] != r {
            r = self.0[r];
        }
        let mut y = x;
        while self.0[y] != r {
            let next = self.0[y];
            self.0[y] = r;
            y = next;
        }
        r
    }
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
        self.0[hi] = lo;
        true
    }
}

fn known(r: &GameResult) -> Known<'_> {
    Known {
        values: &r.values,
        period: r.preperiod.zip(r.period),
    }
}

/// Values of the reduced sequence used to bucket candidates for comparison.
const BUCKET: usize = 64;

fn bucket_key(r: &GameResult, j: usize) -> Option<Vec<u32>> {
    let k = known(r);
    (0..BUCKET).map(|n| k.get(n + j)).collect()
}

// Why this function is long: to be split (issue 50): its passes over one union-find (same reduced
// code, proof windows, classes and representatives, equal as far as computed) become a function
// each over the union-find and the offsets.
/// Classify `results` (in code order; one per code) and build the records.
pub fn build(results: &[GameResult]) -> Report {
    let n = results.len();
    let codes: Vec<Option<SurveyCode>> = results.iter().map(|r| r.code.parse().ok()).collect();
    let mut offset = vec![0usize; n];
    let mut dsu = Dsu((0..n).collect());
    let mut by_reduced: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, c) in codes.iter().enumerate() {
        let Some(c) = c else { continue };
        let (red, j) = equivalence::canonical(c.code());
        offset[i] = j;
        by_reduced
            .entry(SurveyCode::new(red).to_string())
            .or_default()
            .push(i);
    }
    let mut justifications: Vec<(usize, Justification)> = Vec::new();
    let mut reduced_groups: Vec<(&String, &Vec<usize>)> = by_reduced.iter().collect();
    reduced_groups.sort_by_key(|(_, v)| v[0]);
    for (red, members) in reduced_groups {
        for &m in &members[1..] {
            dsu.union(members[0], m);
        }
        if members.len() > 1 {
            justifications.push((
                members[0],
                Justification::SameReducedCode {
                    reduced: red.clone(),
                    codes: members.iter().map(|&i| results[i].code.clone()).collect(),
                },
            ));
        }
    }
    // Proof windows: one solved witness per group, bucketed by the start of its reduced sequence.
    let mut witness: HashMap<usize, usize> = HashMap::new();
    for (i, r) in results.iter().enumerate() {
        if r.status == Status::Solved {
            let root = dsu.find(i);
            witness.entry(root).or_insert(i);
        }
    }
    let mut buckets: HashMap<Vec<u32>, Vec<usize>> = HashMap::new();
    let mut ws: Vec<usize> = witness.values().copied().collect();
    ws.sort_unstable();
    for &w in &ws {
        if let Some(key) = bucket_key(&results[w], offset[w]) {
            buckets.entry(key).or_default().push(w);
        }
    }
    let mut bucket_list: Vec<&Vec<usize>> = buckets.values().collect();
    bucket_list.sort_by_key(|v| v[0]);
    for b in bucket_list {
        for x in 0..b.len() {
            for y in x + 1..b.len() {
                let (a, c) = (b[x], b[y]);
                if dsu.find(a) == dsu.find(c) {
                    continue;
                }
                let eq = equivalence::proved_equal(
                    &known(&results[a]),
                    offset[a],
                    &known(&results[c]),
                    offset[c],
                );
                if eq == Some(true) {
                    dsu.union(a, c);
                    justifications.push((
                        a,
                        Justification::ProvedEqual {
                            a: results[a].code.clone(),
                            b: results[c].code.clone(),
                        },
                    ));
                }
            }
        }
    }
    // Representatives: least offset, then first in code order.
    let mut members: HashMap<usize, Vec<usize>> = HashMap::new();
    for i in 0..n {
        let root = dsu.find(i);
        members.entry(root).or_default().push(i);
    }
    let mut rep_of = vec![0usize; n];
    let mut classes = Vec::new();
    let mut roots: Vec<usize> = members.keys().copied().collect();
    roots.sort_unstable();
    let mut class_index: HashMap<usize, usize> = HashMap::new();
    for root in roots {
        let ms = &members[&root];
        let rep = *ms
            .iter()
            .min_by_key(|&&i| (offset[i], i))
            .expect("nonempty");
        for &i in ms {
            rep_of[i] = rep;
        }
        class_index.insert(root, classes.len());
        classes.push(Class {
            representative: results[rep].code.clone(),
            members: ms
                .iter()
                .map(|&i| (results[i].code.clone(), offset[i] - offset[rep]))
                .collect(),
            justifications: Vec::new(),
        });
    }
    for (i, j) in justifications {
        let root = dsu.find(i);
        classes[class_index[&root]].justifications.push(j);
    }
    let records = (0..n)
        .map(|i| {
            let rep = rep_of[i];
            Record::new(
                &results[i],
                results[rep].code.clone(),
                offset[i] - offset[rep],
            )
        })
        .collect();
    // Equal as far as computed: one witness per class (solved if any, else the longest known).
    let mut best: HashMap<usize, usize> = HashMap::new();
    for i in 0..n {
        let root = dsu.find(i);
        let better = |a: usize, b: usize| -> bool {
            let ka = known(&results[a])
                .known_len()
                .map(|l| l.saturating_sub(offset[a]));
            let kb = known(&results[b])
                .known_len()
                .map(|l| l.saturating_sub(offset[b]));
            match (ka, kb) {
                (None, Some(_)) => true,
                (Some(x), Some(y)) => x > y,
                _ => false,
            }
        };
        match best.get(&root) {
            Some(&b) if !better(i, b) => {}
            _ => {
                best.insert(root, i);
            }
        }
    }
    let mut buckets: HashMap<Vec<u32>, Vec<usize>> = HashMap::new();
    let mut wit: Vec<usize> = best.values().copied().collect();
    wit.sort_unstable();
    for &w in &wit {
        if let Some(key) = bucket_key(&results[w], offset[w]) {
            buckets.entry(key).or_default().push(w);
        }
    }
    let mut as_far = Vec::new();
    for b in buckets.values() {
        for x in 0..b.len() {
            for y in x + 1..b.len() {
                let (a, c) = (b[x], b[y]);
                if results[a].status == Status::Solved && results[c].status == Status::Solved {
                    continue; // both proved and not equal (else merged above)
                }
                if let Ok(through) = equivalence::agreement(
                    &known(&results[a]),
                    offset[a],
                    &known(&results[c]),
                    offset[c],
                ) {
                    let (ra, rc) = (&results[rep_of[a]].code, &results[rep_of[c]].code);
                    as_far.push(AsFarAsComputed {
                        a: ra.clone(),
                        b: rc.clone(),
                        through,
                    });
                }
            }
        }
    }
    let order: HashMap<&str, usize> = results
        .iter()
        .enumerate()
        .map(|(i, r)| (r.code.as_str(), i))
        .collect();
    as_far.sort_by_key(|p| (order[p.a.as_str()], order[p.b.as_str()]));
    classes.sort_by_key(|c| order[c.representative.as_str()]);
    Report {
        records,
        classes,
        as_far_as_computed: as_far,
    }
}

/// Whether a solved game's period is proved from its first [`TRIVIAL_HEAPS`] values.
pub fn is_trivial(r: &GameResult) -> bool {
    let (Some(n0), Some(p)) = (r.preperiod, r.period) else {
        return false;
    };
    let Ok(code) = r.code.parse::<SurveyCode>() else {
        return false;
    };
    periodicity::certificate_end(&code.ruleset(), p, n0).is_some_and(|end| end <= TRIVIAL_HEAPS)
}

/// A value as one character: `0`–`9`, then `A`–`Z` for 10–35, `[n]` beyond.
fn symbol(v: u32) -> String {
    match v {
        0..=9 => char::from(b'0' + v as u8).to_string(),
        10..=35 => char::from(b'A' + (v - 10) as u8).to_string(),
        _ => format!("[{v}]"),
    }
}

/// The nim-sequence of a solved game as its prefix then `(period)`: `.77` gives
/// `0123143214…186(741281472182)`.
pub fn sequence_line(r: &GameResult) -> Option<String> {
    let (n0, p) = (r.preperiod?, r.period?);
    let mut s = String::new();
    for &v in &r.values[..n0] {
        s.push_str(&symbol(v));
    }
    s.push('(');
    for &v in &r.values[n0..n0 + p] {
        s.push_str(&symbol(v));
    }
    s.push(')');
    Some(s)
}

fn opt<T: std::fmt::Display>(x: Option<T>) -> String {
    x.map(|v| v.to_string()).unwrap_or_else(|| "–".to_string())
}

fn hex(x: Option<u16>) -> String {
    x.map(|v| format!("{v:x}"))
        .unwrap_or_else(|| "–".to_string())
}

// Why this function is long: it is the report's template, its sections in the order the reader sees
// them (summary, trivial, solved and open games, classes, equal as far as computed), written
// straight through to be read against its output.
/// The Markdown report.
pub fn markdown(title: &str, results: &[GameResult], report: &Report) -> String {
    let mut md = String::new();
    let solved = results
        .iter()
        .filter(|r| r.status == Status::Solved)
        .count();
    let multi = report
        .classes
        .iter()
        .filter(|c| c.members.len() > 1)
        .count();
    let _ = writeln!(md, "# Octal games survey\n\n{title}\n");
    let _ = writeln!(
        md,
        "{} codes: {} solved (period proved by a theorem), {} open; {} equivalence classes ({} with more than one code).\n",
        results.len(),
        solved,
        results.len() - solved,
        report.classes.len(),
        multi
    );
    let _ = writeln!(
        md,
        "Conventions: `preperiod` is the first heap of the periodic part (the last exceptional heap is one less). \
         `shift` is the heap offset to the class representative: G(n) = G_class(n − shift). \
         Published tables list the reduced sequence (heaps of one that are dead removed, see the classes); \
         its preperiod is shown as `reduced`.\n"
    );
    let rec: HashMap<&str, &Record> = report
        .records
        .iter()
        .map(|r| (r.code.as_str(), r))
        .collect();
    let _ = writeln!(
        md,
        "## Trivial games (period proved within {TRIVIAL_HEAPS} heaps)\n\nG(0), G(1), … with the period in parentheses; digits 0–9, then A–Z for 10–35, [n] beyond.\n\n```"
    );
    for r in results.iter().filter(|r| is_trivial(r)) {
        if let Some(line) = sequence_line(r) {
            let _ = writeln!(md, "{:<7} {line}", r.code);
        }
    }
    let _ = writeln!(md, "```\n\n## Non-trivial solved games\n");
    let _ = writeln!(
        md,
        "| code | class (shift) | preperiod | reduced | period | computed to | largest (at) | rare mask | rare | last rare | seconds |\n|:--|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    );
    let offset = |code: &str| -> usize {
        code.parse::<SurveyCode>()
            .map(|c| equivalence::canonical(c.code()).1)
            .unwrap_or(0)
    };
    for r in results
        .iter()
        .filter(|r| r.status == Status::Solved && !is_trivial(r))
    {
        let c = rec[r.code.as_str()];
        let pre = r.preperiod.unwrap_or(0);
        let _ = writeln!(
            md,
            "| {} | {} ({}) | {} | {} | {} | {} | {} ({}) | {} | {} | {} | {:.2} |",
            r.code,
            c.class,
            c.shift,
            pre,
            pre.saturating_sub(offset(&r.code)),
            opt(r.period),
            r.computed_to,
            r.largest_value,
            r.largest_at,
            hex(r.rare_mask),
            opt(r.rare_count),
            opt(r.last_rare),
            r.seconds
        );
    }
    let _ = writeln!(md, "\n## Open games\n");
    let _ = writeln!(
        md,
        "| code | class (shift) | computed to | ended by | largest (at) | rare mask | rare | last rare | seconds |\n|:--|:--|--:|:--|--:|--:|--:|--:|--:|"
    );
    for r in results.iter().filter(|r| r.status == Status::Open) {
        let c = rec[r.code.as_str()];
        let mut ended = match r.ending {
            Ending::TimeLimit => "time limit",
            Ending::HeapLimit => "heap limit",
            Ending::Proved => "proof",
        }
        .to_string();
        if let Some(h) = &r.derived_from {
            ended.push_str(&format!(" (of {h}, by the equivalence rules)"));
        }
        let _ = writeln!(
            md,
            "| {} | {} ({}) | {} | {ended} | {} ({}) | {} | {} | {} | {:.2} |",
            r.code,
            c.class,
            c.shift,
            r.computed_to,
            r.largest_value,
            r.largest_at,
            hex(r.rare_mask),
            opt(r.rare_count),
            opt(r.last_rare),
            r.seconds
        );
    }
    let _ = writeln!(
        md,
        "\n## Equivalence classes\n\nClasses with more than one code: representative, then every member with its shift, then why \
         (the same canonical code: by the reduction rule — a game whose heap of one is dead equals the game with every heap one smaller — \
         and the redundant-move rules — a move whose every option has the value of another option changes nothing — proved in \
         `src/survey/equivalence.rs`; or both reduced sequences proved periodic and equal through both proof windows).\n"
    );
    for c in report.classes.iter().filter(|c| c.members.len() > 1) {
        let ms: Vec<String> = c
            .members
            .iter()
            .map(|(m, s)| format!("{m} ({s:+})"))
            .collect();
        let why: Vec<String> = c
            .justifications
            .iter()
            .map(|j| match j {
                Justification::SameReducedCode { reduced, codes } => {
                    format!("{} have the canonical code {reduced}", codes.join(", "))
                }
                Justification::ProvedEqual { a, b } => {
                    format!("{a} and {b} proved periodic and equal through both proof windows")
                }
            })
            .collect();
        let _ = writeln!(
            md,
            "- **{}**: {} — {}",
            c.representative,
            ms.join(", "),
            why.join("; ")
        );
    }
    let _ = writeln!(
        md,
        "\n## Equal as far as computed (not proved)\n\nReduced sequences that agree on every heap known of the shorter one; no equivalence is claimed.\n"
    );
    if report.as_far_as_computed.is_empty() {
        let _ = writeln!(md, "None.");
    }
    for p in &report.as_far_as_computed {
        let _ = writeln!(
            md,
            "- {} and {}: equal on the first {} values of their reduced sequences",
            p.a, p.b, p.through
        );
    }
    md
}

/// Write `survey.json`, `survey.csv` and `survey.md` into `dir` (each atomically).
pub fn write(
    dir: &Path,
    title: &str,
    results: &[GameResult],
    report: &Report,
) -> Result<(), SurveyError> {
    let mut json = String::from("[\n");
    for (i, r) in report.records.iter().enumerate() {
        json.push_str(&serde_json::to_string(r).expect("a record serializes"));
        json.push_str(if i + 1 < report.records.len() {
            ",\n"
        } else {
            "\n"
        });
    }
    json.push_str("]\n");
    store::write_atomic(&dir.join("survey.json"), json.as_bytes())?;
    let mut csv = String::from(Record::CSV_HEADER);
    csv.push('\n');
    for r in &report.records {
        csv.push_str(&r.csv());
        csv.push('\n');
    }
    store::write_atomic(&dir.join("survey.csv"), csv.as_bytes())?;
    store::write_atomic(
        &dir.join("survey.md"),
        markdown(title, results, report).as_bytes(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::survey::game::{self, Budget};

    fn run(codes: &[&str], to: usize) -> (Vec<GameResult>, Report) {
        let mut cs: Vec<SurveyCode> = codes.iter().map(|c| c.parse().unwrap()).collect();
        cs.sort();
        let b = Budget {
            to,
            max_seconds: 60.0,
        };
        let results: Vec<GameResult> = cs.iter().map(|c| game::analyse(c, &b)).collect();
        let rep = build(&results);
        (results, rep)
    }

    #[test]
    fn dawsons_kayles_class_by_the_reduction_rule() {
        let (_, rep) = run(&[".4", ".07", ".137", ".77"], 5000);
        let by: HashMap<&str, &Record> = rep.records.iter().map(|r| (r.code.as_str(), r)).collect();
        assert_eq!((by[".137"].class.as_str(), by[".137"].shift), (".137", 0));
        assert_eq!((by[".07"].class.as_str(), by[".07"].shift), (".137", 1));
        assert_eq!((by[".4"].class.as_str(), by[".4"].shift), (".137", 2));
        assert_eq!((by[".77"].class.as_str(), by[".77"].shift), (".77", 0));
        // Preperiods move with the shift: 52, 53, 54.
        assert_eq!(by[".4"].preperiod, Some(54));
        assert_eq!(rep.classes.len(), 2);
        assert!(rep.as_far_as_computed.is_empty());
    }

    #[test]
    fn proof_windows_join_codes_the_rule_does_not() {
        // Published lookup: .201 → .31 (the reduction rule: S(.201) = .31), .241 → .71, where
        // S(.241) = .317 and .317 has the sequence of .71 without a rule relating them.
        let (results, rep) = run(&[".31", ".71", ".201", ".241", ".317"], 5000);
        let by: HashMap<&str, &Record> = rep.records.iter().map(|r| (r.code.as_str(), r)).collect();
        assert_eq!((by[".201"].class.as_str(), by[".201"].shift), (".31", 1));
        assert_eq!((by[".317"].class.as_str(), by[".317"].shift), (".71", 0));
        assert_eq!((by[".241"].class.as_str(), by[".241"].shift), (".71", 1));
        assert_eq!(rep.classes.len(), 2);
        let c71 = rep
            .classes
            .iter()
            .find(|c| c.representative == ".71")
            .unwrap();
        assert!(
            c71.justifications
                .iter()
                .any(|j| matches!(j, Justification::ProvedEqual { .. })),
            "{c71:?}"
        );
        // Every claimed class is true: sequences compared directly through 3000 heaps.
        for r in &rep.records {
            let me = results.iter().find(|x| x.code == r.code).unwrap();
            let cl = results.iter().find(|x| x.code == r.class).unwrap();
            for n in 0..3000 {
                let want = if n < r.shift {
                    0
                } else {
                    known(cl).get(n - r.shift).unwrap()
                };
                assert_eq!(known(me).get(n), Some(want), "{} at {n}", r.code);
            }
        }
    }

    #[test]
    fn games_equal_so_far_but_unproved_are_not_called_equivalent() {
        // 200 heaps: below the first check for a proof, so both are open.
        let (_, rep) = run(&[".71", ".317"], 200);
        assert!(rep.records.iter().all(|r| r.status == Status::Open));
        assert_eq!(rep.classes.len(), 2);
        assert_eq!(
            rep.as_far_as_computed,
            vec![AsFarAsComputed {
                a: ".71".into(),
                b: ".317".into(),
                through: 201
            }]
        );
        // Sequences that differ are not listed.
        let (_, rep) = run(&[".71", ".31"], 200);
        assert!(rep.as_far_as_computed.is_empty());
    }

    #[test]
    fn trivial_lines_read_like_the_published_tables() {
        let (results, _) = run(&[".77", ".1", ".35"], 5000);
        let lines: Vec<String> = results.iter().filter_map(sequence_line).collect();
        assert_eq!(lines[0], "01(0)");
        assert_eq!(lines[1], "0(120102)");
        assert!(lines[2].starts_with("0123143214264127") && lines[2].ends_with("(741281472182)"));
        assert!(results.iter().all(is_trivial));
    }
}
