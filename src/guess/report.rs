//! The report of `grundy guess --json` (and of the Python `Guess.to_dict()`):
//! `{"found", "rule", "class", "proved", "proved_by", "certainty", "outcome_only", "explains",
//! "total", "from", "exceptions", "predictions": [{"at", "value", "outcome"}]}` — `at` is `n` or
//! `[x, y]`, `from` is `n` (the rule holds from there on) or `d` (every cell with
//! `max(x, y) >= d`), `value` is `null` for an outcome rule or where the rule says nothing;
//! `identified` is the known game the values are consistent with ([`super::identify`]), `null`
//! when none: `{"ruleset", "name", "agrees", "also", "proved_by", "certainty", "predictions":
//! [{"at", "value"}]}` — `proved_by` the theorem proving that game's period (its predictions are
//! then proved *for that game*), `value` `null` where that game's value is not known.
//! `identified_factors`, for a table all of whose cells are `f(x) ⊕ g(y)` (a sum of two games,
//! [`super::nim_sum::identify_factors`]), `null` otherwise or when neither factor matches a game:
//! `{"rows", "columns", "predictions": [{"at": [x, y], "value"}]}` — `rows` the game `f` is
//! consistent with and `columns` that of `g` (each as `identified`, its predictions at the `x`
//! resp. `y` of the cells asked, or `null`), `value` `f(x) ⊕ g(y)` for those games (a factor
//! matching none: its value read off the table), `null` where either is not known.

use serde::Serialize;

use super::identify::{Identified, MIN_VALUES};
use super::nim_sum::{FactorSource, IdentifiedFactors};
use super::{Guess, Prediction};

/// One prediction.
#[derive(Clone, Debug, Serialize)]
pub struct PredictionReport {
    /// `n`, or `[x, y]`.
    pub at: serde_json::Value,
    /// The value, if the rule gives it.
    pub value: Option<u128>,
    /// `"P"` or `"N"`, if known.
    pub outcome: Option<String>,
}

impl From<&Prediction> for PredictionReport {
    fn from(p: &Prediction) -> PredictionReport {
        let at = match p.at.as_slice() {
            [n] => serde_json::json!(n),
            v => serde_json::json!(v),
        };
        PredictionReport {
            at,
            value: p.value,
            outcome: p.outcome.map(|o| o.to_string()),
        }
    }
}

/// The known game the values are consistent with (module docs).
#[derive(Clone, Debug, Serialize)]
pub struct IdentifiedReport {
    /// Its canonical code.
    pub ruleset: String,
    /// Its traditional name, if any.
    pub name: Option<&'static str>,
    /// On how many values it agrees (all those given).
    pub agrees: usize,
    /// The other games that agree on every value.
    pub also: Vec<String>,
    /// The theorem proving the game's period, if one does.
    pub proved_by: Option<&'static str>,
    /// How sure, in words.
    pub certainty: String,
    /// The game's values at the positions asked.
    pub predictions: Vec<IdentifiedPrediction>,
}

/// The identified game's value at a heap.
#[derive(Clone, Debug, Serialize)]
pub struct IdentifiedPrediction {
    /// The heap.
    pub at: u64,
    /// The game's value there, if known (computed, or given by its proved period).
    pub value: Option<u64>,
}

impl IdentifiedReport {
    /// The report of a game found, with its values at the heaps `at`.
    pub fn new(id: &Identified, at: &[u64]) -> IdentifiedReport {
        IdentifiedReport {
            ruleset: id.ruleset.to_string(),
            name: id.name,
            agrees: id.agrees,
            also: id.also.iter().map(|r| r.to_string()).collect(),
            proved_by: id.proved_by(),
            certainty: id.certainty(),
            predictions: at
                .iter()
                .map(|&n| IdentifiedPrediction {
                    at: n,
                    value: id.value_at(n),
                })
                .collect(),
        }
    }
}

/// The known games the factors of a sum are consistent with (module docs).
#[derive(Clone, Debug, Serialize)]
pub struct IdentifiedFactorsReport {
    /// The game the row factor `f(x)` is consistent with, its predictions at the `x` asked.
    pub rows: Option<IdentifiedReport>,
    /// The game the column factor `g(y)` is consistent with, its predictions at the `y` asked.
    pub columns: Option<IdentifiedReport>,
    /// `f(x) ⊕ g(y)` for those games at the cells asked.
    pub predictions: Vec<IdentifiedCell>,
}

/// The identified games' sum at a cell.
#[derive(Clone, Debug, Serialize)]
pub struct IdentifiedCell {
    /// `[x, y]`.
    pub at: [u64; 2],
    /// `f(x) ⊕ g(y)`, if both are known.
    pub value: Option<u64>,
}

impl IdentifiedFactorsReport {
    /// The report of the factors found, with their values at the cells `at`.
    pub fn new(id: &IdentifiedFactors, at: &[[u64; 2]]) -> IdentifiedFactorsReport {
        let xs: Vec<u64> = at.iter().map(|p| p[0]).collect();
        let ys: Vec<u64> = at.iter().map(|p| p[1]).collect();
        IdentifiedFactorsReport {
            rows: id.rows.as_ref().map(|r| IdentifiedReport::new(r, &xs)),
            columns: id.columns.as_ref().map(|c| IdentifiedReport::new(c, &ys)),
            predictions: at
                .iter()
                .map(|&[x, y]| IdentifiedCell {
                    at: [x, y],
                    value: id.value_at(x, y),
                })
                .collect(),
        }
    }
}

/// The report (module docs).
///
/// ```
/// use grundy::guess::{Guess, report::GuessReport, sequence};
/// let g = Guess::Sequence(sequence::guess(&(0..100).map(|n| n % 3).collect::<Vec<u64>>()));
/// let p = g.predict(&[1000]).unwrap();
/// let json = serde_json::to_value(GuessReport::new(&g, &[p])).unwrap();
/// assert_eq!(json["rule"], "G(n) = n mod 3");
/// assert_eq!(json["proved"], false);
/// assert_eq!(json["predictions"][0]["value"], 1);
/// assert_eq!(json["identified"]["ruleset"], "0.33"); // take 1 or 2 counters
/// assert_eq!(json["identified"]["predictions"][0]["value"], 1);
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct GuessReport {
    /// Whether a rule was found.
    pub found: bool,
    /// The rule in the field's notation.
    pub rule: Option<String>,
    /// Its class (`periodic`, `closed-form`, `nim-sum`, …).
    pub class: Option<&'static str>,
    /// Whether a theorem proves it.
    pub proved: bool,
    /// The theorem.
    pub proved_by: Option<&'static str>,
    /// How sure, in words.
    pub certainty: String,
    /// Whether the rule gives only outcomes.
    pub outcome_only: bool,
    /// How many values it explains (the others are exceptions).
    pub explains: usize,
    /// How many values were given.
    pub total: usize,
    /// From where it holds without exception.
    pub from: Option<u64>,
    /// The exceptions: `[position, value]`.
    pub exceptions: Vec<(serde_json::Value, u64)>,
    /// The predictions asked for.
    pub predictions: Vec<PredictionReport>,
    /// The known game the values are consistent with, if any.
    pub identified: Option<IdentifiedReport>,
    /// For a table that is a sum of two games, the known games its factors are consistent with.
    pub identified_factors: Option<IdentifiedFactorsReport>,
}

impl GuessReport {
    /// The report of a guess and its predictions.
    pub fn new(g: &Guess, predictions: &[Prediction]) -> GuessReport {
        GuessReport {
            found: g.found(),
            rule: g.rule(),
            class: g.class(),
            proved: g.proved(),
            proved_by: g.proved_by(),
            certainty: g.certainty(),
            outcome_only: g.outcome_only(),
            explains: g.explains(),
            total: g.total(),
            from: g.from().map(|f| f[0]),
            exceptions: g
                .exceptions()
                .into_iter()
                .map(|(at, v)| match at.as_slice() {
                    [n] => (serde_json::json!(n), v),
                    xy => (serde_json::json!(xy), v),
                })
                .collect(),
            predictions: predictions.iter().map(PredictionReport::from).collect(),
            identified: g.identified().map(|id| {
                let at: Vec<u64> = predictions
                    .iter()
                    .filter_map(|p| match p.at.as_slice() {
                        [n] => Some(*n),
                        _ => None,
                    })
                    .collect();
                IdentifiedReport::new(id, &at)
            }),
            identified_factors: g.identified_factors().map(|id| {
                let at: Vec<[u64; 2]> = predictions
                    .iter()
                    .filter_map(|p| match p.at.as_slice() {
                        &[x, y] => Some([x, y]),
                        _ => None,
                    })
                    .collect();
                IdentifiedFactorsReport::new(id, &at)
            }),
        }
    }
}

/// The answer in words, as `grundy guess` prints it after its `data:` line (and the web page's
/// guess view shows it): the rule, its class, what it explains, the certainty line, each
/// prediction, and the known game the values are consistent with.
///
/// ```
/// use grundy::games::heap::Ruleset;
/// use grundy::guess::{Guess, sequence, report::lines};
/// // the first 64 values of Kayles: before its period starts, so no rule, but a known game
/// let kayles: Ruleset = "0.77".parse().unwrap();
/// let a = kayles.analyse(63);
/// let values: Vec<u64> = (0..64).map(|n| a.value(n).unwrap().0 as u64).collect();
/// let g = Guess::Sequence(sequence::guess(&values));
/// let p = g.predict(&[1000]).unwrap();
/// let words = lines(&g, &[p]);
/// assert!(words.iter().any(|l| l.starts_with("certainty: ")));
/// assert!(words.iter().any(|l| l.starts_with("identified: 0.77 (kayles)")));
/// ```
pub fn lines(guess: &Guess, predictions: &[Prediction]) -> Vec<String> {
    let mut out = Vec::new();
    match guess.rule() {
        Some(rule) => {
            out.push(format!("rule: {rule}"));
            out.push(format!("class: {}", guess.class().unwrap_or("?")));
            let what = if matches!(guess, Guess::Sequence(_)) {
                "values"
            } else {
                "cells"
            };
            let from = guess.from().map_or(0, |f| f[0]);
            let exc = guess.total() - guess.explains();
            let place = match (guess, from) {
                (_, 0) => "everywhere".to_string(),
                (Guess::Sequence(_), f) => format!("without exception from n = {f} on"),
                (Guess::Table(_), f) => format!("wherever max(x, y) >= {f}"),
            };
            let outcome = if guess.outcome_only() {
                "the outcome (P or N) of "
            } else {
                ""
            };
            out.push(format!(
                "explains: {outcome}{} of {} {what} ({place}; {exc} listed as exceptions)",
                guess.explains(),
                guess.total()
            ));
        }
        None => out.push("rule: none found".to_string()),
    }
    out.push(format!("certainty: {}", guess.certainty()));
    for p in predictions {
        out.push(prediction_text(guess, p));
    }
    if let Some(id) = guess.identified() {
        identified_lines(&mut out, id, predictions);
    }
    if let Some(id) = guess.identified_factors() {
        factor_lines(&mut out, id, predictions);
    }
    out
}

/// The games a sum's factors are consistent with, and their sum at the cells asked.
fn factor_lines(out: &mut Vec<String>, id: &IdentifiedFactors, predictions: &[Prediction]) {
    out.push(format!(
        "identified: T(x, y) = f(x) ⊕ g(y) with f(0) = g(0) = 0 on all {} cells, as for a sum of two games; each factor looked up among the known games",
        id.cells
    ));
    for (side, f, arg, found, values) in [
        ("rows", "f", "x", &id.rows, &id.f),
        ("columns", "g", "y", &id.columns, &id.g),
    ] {
        let Some(found) = found else {
            let n = values.len();
            out.push(match n < MIN_VALUES {
                true => format!(
                    "identified {side}: none ({f}({arg}) has {n} values, fewer than the {MIN_VALUES} looked up)"
                ),
                false => format!(
                    "identified {side}: none (no known game has the values {f}({arg}) for {arg} = 0..{n})"
                ),
            });
            continue;
        };
        out.push(format!(
            "identified {side}: {f}({arg}) = {}, agreeing on all {} values",
            found.text(),
            found.agrees
        ));
        also_line(out, found);
        out.push(format!(
            "identified {side} certainty: {}",
            found.certainty()
        ));
    }
    let games: Vec<String> = [("rows", &id.rows), ("columns", &id.columns)]
        .iter()
        .filter_map(|(side, g)| g.as_ref().map(|g| format!("{side} are {}", g.ruleset)))
        .collect();
    let label = format!("the {}", games.join(" and the "));
    for p in predictions {
        let &[x, y] = p.at.as_slice() else { continue };
        let (fx, fs) = id.factor_at(true, x);
        let (gy, gs) = id.factor_at(false, y);
        let why = [source_text("f", x, fs), source_text("g", y, gs)].join("; ");
        out.push(match (fx, gy) {
            (Some(a), Some(b)) => format!(
                "if {label}: T({x}, {y}) = f({x}) ⊕ g({y}) = {a} ⊕ {b} = {} ({why})",
                a ^ b
            ),
            _ => format!("if {label}: T({x}, {y}) not known ({why})"),
        });
    }
}

/// Where `f(n)` comes from, in words.
fn source_text(f: &str, n: u64, s: FactorSource<'_>) -> String {
    match s {
        FactorSource::Computed(id) => format!("{f}({n}) computed for {}", id.ruleset),
        FactorSource::Proved(id, t) => format!("{f}({n}) proved for {} by {t}", id.ruleset),
        FactorSource::Table => format!("{f}({n}) read off the table"),
        FactorSource::Unknown(Some(id)) => format!(
            "{f}({n}) not known for {} (beyond the heaps computed; its period is not proved)",
            id.ruleset
        ),
        FactorSource::Unknown(None) => {
            format!("{f}({n}) not known (beyond the table, and no known game has its values)")
        }
    }
}

/// The ties of a game found, when there are any.
fn also_line(out: &mut Vec<String>, id: &Identified) {
    if !id.also.is_empty() {
        let shown: Vec<String> = id.also.iter().take(12).map(|r| r.to_string()).collect();
        let more = match id.also.len() {
            k if k > 12 => format!(", … ({k} in all)"),
            _ => String::new(),
        };
        out.push(format!("also: {}{more}", shown.join(", ")));
    }
}

/// The known game the values are consistent with, its ties, and its values at the heaps asked.
fn identified_lines(out: &mut Vec<String>, id: &Identified, predictions: &[Prediction]) {
    out.push(format!(
        "identified: {}, agreeing on all {} values",
        id.text(),
        id.agrees
    ));
    also_line(out, id);
    out.push(format!("identified certainty: {}", id.certainty()));
    for p in predictions {
        let [n] = p.at.as_slice() else { continue };
        let why = match id.proved_by() {
            _ if *n < id.analysis.len() as u64 => format!("computed for {}", id.ruleset),
            Some(t) => format!("proved for {} by {t}", id.ruleset),
            None => format!("computed for {}", id.ruleset),
        };
        out.push(match id.value_at(*n) {
            Some(v) => format!("if it is {}: G({n}) = {v} ({why})", id.ruleset),
            None => format!(
                "if it is {}: G({n}) not known (beyond the heaps computed; its period is not proved)",
                id.ruleset
            ),
        });
    }
}

fn prediction_text(g: &Guess, p: &Prediction) -> String {
    let at = match p.at.as_slice() {
        [n] => format!("G({n})"),
        v => format!("T({}, {})", v[0], v[1]),
    };
    match (p.value, p.outcome) {
        (Some(v), Some(o)) => format!("{at} = {v} ({o}-position)"),
        (None, Some(o)) => {
            format!("{at}: {o}-position (the rule gives the outcome, not the value)")
        }
        _ if !g.found() => format!("{at}: not predicted (no rule found)"),
        _ => format!("{at}: not predicted (the rule says nothing there)"),
    }
}
