//! The report of a misère quotient (Plambeck–Siegel): final or partial, its order, P-portion,
//! period of the pretending function, tameness, presentation, and the history of its growth.

use serde::Serialize;

use crate::games::heap::Ruleset;
use crate::misere::{Computation, HistoryEntry};

/// `{"ruleset", "final", "heaps", "order", "p_portion_size", "period", "preperiod", "tame",
/// "tame_index", "presentation", "p_portion", "pretending", "history", ["stopped"]}`.
///
/// ```
/// use grundy::games::heap::Ruleset;
/// use grundy::misere::{Quotient, Settings};
/// use grundy::report::misere::MisereReport;
/// let r: Ruleset = "0.75".parse().unwrap();
/// let settings = Settings { max_heap: 200, deadline: None };
/// let c = Quotient::compute(&r, &settings, &grundy::progress::Silent).unwrap();
/// let json = serde_json::to_value(MisereReport::new(&r, &c)).unwrap();
/// assert_eq!((json["final"].as_bool(), json["order"].as_u64()), (Some(true), Some(8)));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct MisereReport<'a> {
    /// The ruleset's code.
    pub ruleset: String,
    /// True when the pretending function is proved periodic (the quotient is final).
    #[serde(rename = "final")]
    pub is_final: bool,
    /// The heaps `0..=heaps` the quotient covers.
    pub heaps: usize,
    /// `|Q|`.
    pub order: usize,
    /// `|P|`.
    pub p_portion_size: usize,
    /// The period of Φ, when proved.
    pub period: Option<usize>,
    /// Its preperiod.
    pub preperiod: Option<usize>,
    /// True when the quotient is that of misère Nim on some heaps (tame).
    pub tame: bool,
    /// `k` of the tame quotient `T_k`.
    pub tame_index: Option<u32>,
    /// Generators and relations.
    pub presentation: String,
    /// The P-portion's elements as words in the generators.
    pub p_portion: Vec<String>,
    /// Φ(n) for `n = 0..=heaps`, as words.
    pub pretending: Vec<String>,
    /// Each heap where `|Q|` or `|P|` changed.
    pub history: &'a [HistoryEntry],
    /// Why the computation stopped early, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl<'a> MisereReport<'a> {
    /// The report of `c`, the quotient computation of `ruleset`.
    pub fn new(ruleset: &Ruleset, c: &'a Computation) -> MisereReport<'a> {
        let q = &c.quotient;
        MisereReport {
            ruleset: ruleset.to_string(),
            is_final: q.is_final(),
            heaps: q.heaps(),
            order: q.order(),
            p_portion_size: q.p_portion_size(),
            period: q.period().map(|p| p.1),
            preperiod: q.period().map(|p| p.0),
            tame: q.tame().is_some(),
            tame_index: q.tame(),
            presentation: q.presentation().to_string(),
            p_portion: q.p_portion().into_iter().map(|x| q.word(x)).collect(),
            pretending: (0..=q.heaps() as u64)
                .map(|h| q.phi(h).map(|x| q.word(x)).unwrap_or_default())
                .collect(),
            history: &c.history,
            stopped: c.stopped.as_ref().map(|e| e.to_string()),
        }
    }
}
