//! The report of a nim-sequence: the ruleset, the values `G(0..=to)`, the period (proved or
//! apparent, with its saltus), the largest value, the P-positions and a checksum.

use serde::Serialize;
use serde::ser::SerializeSeq;

use crate::games::heap::{Analysis, Kind, Period, Ruleset};

/// The values serialized as a JSON array without another copy.
#[derive(Clone, Copy, Debug)]
pub struct ValueList<'a>(pub &'a Analysis);

impl Serialize for ValueList<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for v in self.0.iter_u64() {
            seq.serialize_element(&v)?;
        }
        seq.end()
    }
}

/// `{"ruleset", "name", "to", "values", "period", "preperiod", "saltus", "proved",
/// ["filled_from"], "largest", "p_positions", "checksum"}`.
///
/// ```
/// use grundy::games::heap::Ruleset;
/// use grundy::report::seq::SeqReport;
/// let a = "kayles".parse::<Ruleset>().unwrap().analyse(300);
/// let json = serde_json::to_value(SeqReport::new(&a)).unwrap();
/// assert_eq!((json["period"].as_u64(), json["preperiod"].as_u64()), (Some(12), Some(71)));
/// assert_eq!(json["proved"], true);
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct SeqReport<'a> {
    /// The ruleset's code (`0.77`, `sub:1,3,4`, ...).
    pub ruleset: String,
    /// Its name, for the named games.
    pub name: Option<&'static str>,
    /// The largest heap computed.
    pub to: usize,
    /// `G(0..=to)`.
    pub values: ValueList<'a>,
    /// The period, if one shows.
    pub period: Option<usize>,
    /// The preperiod.
    pub preperiod: Option<usize>,
    /// The saltus (0 for an ordinary period).
    pub saltus: Option<u64>,
    /// True when a theorem proves the period.
    pub proved: bool,
    /// Values from this heap on were filled by the proved period.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filled_from: Option<usize>,
    /// The largest value.
    pub largest: u64,
    /// How many heaps have value 0.
    pub p_positions: usize,
    /// CRC-32 of the values as `u32` LE, in hexadecimal.
    pub checksum: String,
}

impl<'a> SeqReport<'a> {
    /// The report of a computed nim-sequence.
    pub fn new(a: &'a Analysis) -> SeqReport<'a> {
        let p = a.period();
        SeqReport {
            ruleset: a.ruleset().to_string(),
            name: a.ruleset().name(),
            to: a.len() - 1,
            values: ValueList(a),
            period: p.map(|p| p.period),
            preperiod: p.map(|p| p.preperiod),
            saltus: p.map(|p| p.saltus),
            proved: p.is_some_and(|p| p.proved),
            filled_from: a.filled_from(),
            largest: a.largest().0,
            p_positions: a.p_positions(),
            checksum: format!("{:08x}", a.checksum()),
        }
    }
}

/// The title of the plot of `G(n)`: the ruleset, its name, the range and the period, e.g.
/// `0.77 (kayles): G(n) for n ≤ 300 — period 12 from 71 (proved)`.
pub fn plot_title(a: &Analysis) -> String {
    let r = a.ruleset();
    let name = r.name().map(|n| format!(" ({n})")).unwrap_or_default();
    let per = match a.period() {
        None => "no period seen".to_string(),
        Some(Period {
            period,
            preperiod,
            saltus,
            proved,
        }) => {
            let kind = if *proved { "proved" } else { "apparent" };
            if *saltus > 0 {
                format!("arithmetic period {period} from {preperiod}, saltus {saltus} ({kind})")
            } else {
                format!("period {period} from {preperiod} ({kind})")
            }
        }
    };
    format!("{r}{name}: G(n) for n ≤ {} — {per}", a.len() - 1)
}

/// The theorem that proves a period of `r`'s games, as `grundy seq` names it.
pub fn theorem(r: &Ruleset) -> &'static str {
    match r.kind() {
        Kind::Code(c) if c.digits().iter().any(|&d| d & 8 != 0) => {
            "the octal periodicity theorem (Guy–Smith), extended to three-heap splits"
        }
        Kind::Code(c) if c.unequal() => {
            "the octal periodicity theorem (Guy–Smith), extended to unequal splits"
        }
        Kind::Code(_) => "the octal periodicity theorem (Guy–Smith)",
        Kind::Subtraction(_) => "the window criterion for finite subtraction games",
        Kind::AllBut(_) => {
            "the arithmetic-periodicity certificate for all-but games (our derivation, in periodicity.rs)"
        }
    }
}

/// The period line of `grundy seq`: the period and preperiod (or their absence), with the
/// theorem that proves it or "apparent ... not proved".
pub fn describe(a: &Analysis) -> String {
    match a.period() {
        None => "no period visible in the values computed".to_string(),
        Some(p) if p.saltus > 0 && p.proved => format!(
            "arithmetic period {} from heap {} with saltus {} (G(n+{}) = G(n)+{}) — proved by {}",
            p.period,
            p.preperiod,
            p.saltus,
            p.period,
            p.saltus,
            theorem(a.ruleset())
        ),
        Some(p) if p.saltus > 0 => format!(
            "apparent arithmetic period {} from heap {} with saltus {} (G(n+{}) = G(n)+{}; not proved)",
            p.period, p.preperiod, p.saltus, p.period, p.saltus
        ),
        Some(p) if p.proved => format!(
            "{} from heap {} — proved by {}",
            p.period,
            p.preperiod,
            theorem(a.ruleset())
        ),
        Some(p) => format!(
            "apparent {} from heap {} (seen {} times; not proved)",
            p.period,
            p.preperiod,
            (a.len() - p.preperiod) / p.period
        ),
    }
}
