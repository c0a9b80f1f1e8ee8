//! The report of `grundy guess --json` (and of the Python `Guess.to_dict()`):
//! `{"found", "rule", "class", "proved", "proved_by", "certainty", "outcome_only", "explains",
//! "total", "from", "exceptions", "predictions": [{"at", "value", "outcome"}]}` — `at` is `n` or
//! `[x, y]`, `from` is `n` (the rule holds from there on) or `d` (every cell with
//! `max(x, y) >= d`), `value` is `null` for an outcome rule or where the rule says nothing;
//! `identified` is the known game the values are consistent with ([`super::identify`]), `null`
//! when none: `{"ruleset", "name", "agrees", "also", "proved_by", "certainty", "predictions":
//! [{"at", "value"}]}` — `proved_by` the theorem proving that game's period (its predictions are
//! then proved *for that game*), `value` `null` where that game's value is not known.

use serde::Serialize;

use super::identify::Identified;
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
        }
    }
}
