//! The record of one code in a survey's report (`survey.json`, one object per code in code
//! order; `survey.csv` has the same columns).
//!
//! ```
//! use grundy::survey::{codes::SurveyCode, game::{self, Budget}, record::Record};
//! let c: SurveyCode = ".77".parse().unwrap();
//! let r = game::analyse(&c, &Budget { to: 1 << 20, max_seconds: 60.0 });
//! let rec = Record::new(&r, ".77".to_string(), 0);
//! let json = serde_json::to_string(&rec).unwrap();
//! assert!(json.starts_with(r#"{"code":".77","class":".77","shift":0,"status":"solved","preperiod":71,"period":12,"proved":true,"#));
//! ```

use serde::{Deserialize, Serialize};

use super::game::{Ending, GameResult, Status};

/// One code's row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The code without the leading `0` (`.77`, `4.12`).
    pub code: String,
    /// The representative of its equivalence class.
    pub class: String,
    /// Heap-size offset to the class representative: `G_code(n) = G_class(n − shift)` for
    /// `n >= shift`, and `G_code(n) = 0` for `n < shift` (those heaps are dead).
    pub shift: usize,
    /// Solved (period proved) or open.
    pub status: Status,
    /// First heap of the periodic part (null when open).
    pub preperiod: Option<usize>,
    /// The period (null when open).
    pub period: Option<usize>,
    /// Whether the period is proved (true exactly when solved).
    pub proved: bool,
    /// The last heap whose value was computed.
    pub computed_to: usize,
    /// Seconds spent on the game.
    pub seconds: f64,
    /// The largest value computed.
    pub largest_value: u64,
    /// The first heap with the largest value.
    pub largest_at: usize,
    /// Sparse-space mask `m` (a value `v` is rare when `popcount(v & m)` is even), if one was used.
    pub rare_mask: Option<u16>,
    /// Heaps `>= 1` with a rare value (null when the sparse engine did not compute the game).
    pub rare_count: Option<usize>,
    /// Last heap with a rare value.
    pub last_rare: Option<usize>,
    /// What ended the computation: `proved`, `heap_limit` or `time_limit`.
    pub ending: Ending,
    /// The code whose computed values this code's were derived from by the equivalence rules
    /// (null when computed for this code).
    pub derived_from: Option<String>,
}

impl Record {
    /// The record of a game result in its class.
    pub fn new(r: &GameResult, class: String, shift: usize) -> Record {
        Record {
            code: r.code.clone(),
            class,
            shift,
            status: r.status,
            preperiod: r.preperiod,
            period: r.period,
            proved: r.status == Status::Solved,
            computed_to: r.computed_to,
            seconds: (r.seconds * 1000.0).round() / 1000.0,
            largest_value: r.largest_value,
            largest_at: r.largest_at,
            rare_mask: r.rare_mask,
            rare_count: r.rare_count,
            last_rare: r.last_rare,
            ending: r.ending,
            derived_from: r.derived_from.clone(),
        }
    }

    /// The CSV header line (without newline).
    pub const CSV_HEADER: &'static str = "code,class,shift,status,preperiod,period,proved,computed_to,seconds,largest_value,largest_at,rare_mask,rare_count,last_rare,ending,derived_from";

    /// The record as a CSV line (without newline). Codes contain no commas or quotes.
    pub fn csv(&self) -> String {
        fn opt<T: ToString>(x: Option<T>) -> String {
            x.map(|v| v.to_string()).unwrap_or_default()
        }
        let status = match self.status {
            Status::Solved => "solved",
            Status::Open => "open",
        };
        let ending = match self.ending {
            Ending::Proved => "proved",
            Ending::HeapLimit => "heap_limit",
            Ending::TimeLimit => "time_limit",
        };
        format!(
            "{},{},{},{status},{},{},{},{},{:.3},{},{},{},{},{},{ending},{}",
            self.code,
            self.class,
            self.shift,
            opt(self.preperiod),
            opt(self.period),
            self.proved,
            self.computed_to,
            self.seconds,
            self.largest_value,
            self.largest_at,
            opt(self.rare_mask),
            opt(self.rare_count),
            opt(self.last_rare),
            self.derived_from.as_deref().unwrap_or(""),
        )
    }
}
