//! One game of a survey: its nim-sequence computed until the period is **proved** (the theorems of
//! [`crate::games::heap::periodicity`], as in `grundy seq`) or the budget — a number of heaps
//! and a number of seconds — ends.
//!
//! The time budget is the CPU time of the thread computing the game ([`super::clock`]), so a busy
//! machine gives the same records. It is checked between steps of a few heaps, and the steps adapt
//! so that each takes a fraction of a second: a game whose values pass what the fast engine handles (the sparse
//! engine hands over to the naive mex) ends at its time limit, with `computed_to` saying how far it
//! got.
//!
//! ```
//! use grundy::survey::{codes::SurveyCode, game::{self, Budget, Status}};
//! let kayles: SurveyCode = ".77".parse().unwrap();
//! let r = game::analyse(&kayles, &Budget { to: 1 << 20, max_seconds: 60.0 });
//! assert_eq!(r.status, Status::Solved);
//! assert_eq!((r.preperiod, r.period), (Some(71), Some(12)));
//! assert_eq!(r.values.len(), 71 + 12); // the values that determine the whole sequence
//! ```

use serde::{Deserialize, Serialize};

use super::clock::GameClock;
use super::codes::SurveyCode;
use crate::games::heap::Sequencer;

/// How far one game may be computed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Budget {
    /// At most the heaps `0..=to`.
    pub to: usize,
    /// At most this many seconds of the game thread's CPU time (checked between steps; see
    /// [`super::clock`]).
    pub max_seconds: f64,
}

/// Whether a game's period is proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The period is proved by a theorem: the nim-sequence is known for every heap.
    Solved,
    /// No period proved within the budget.
    Open,
}

/// What ended the computation of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A period was proved.
    Proved,
    /// The heap limit `--to` was reached.
    HeapLimit,
    /// The time limit `--max-seconds` was reached.
    TimeLimit,
}

/// Values of an open game kept for comparisons with the other games.
pub const OPEN_VALUES_KEPT: usize = 1 << 16;

/// The outcome of one game: what a survey saves (one file per game) and reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The code, printed without the leading `0` (`.77`, `4.12`).
    pub code: String,
    /// Solved (period proved) or open.
    pub status: Status,
    /// What ended the computation.
    pub ending: Ending,
    /// First heap of the periodic part (`G(n + p) = G(n)` for all `n >= preperiod`), when solved.
    pub preperiod: Option<usize>,
    /// The period, when solved.
    pub period: Option<usize>,
    /// The last heap whose value was computed (later ones, if any, follow from the proved period).
    pub computed_to: usize,
    /// Seconds spent: CPU time of the game's thread (see [`super::clock`]).
    pub seconds: f64,
    /// The largest value among the heaps computed (for a solved game: of all heaps).
    pub largest_value: u64,
    /// The first heap with that value.
    pub largest_at: usize,
    /// The sparse-space split: the mask `m` (a value is rare when `popcount(v & m)` is even).
    pub rare_mask: Option<u16>,
    /// Heaps `>= 1` with a rare value.
    pub rare_count: Option<usize>,
    /// The last heap with a rare value.
    pub last_rare: Option<usize>,
    /// `G(0..preperiod + period)` when solved (they determine every value); else the first
    /// [`OPEN_VALUES_KEPT`] values at most.
    pub values: Vec<u32>,
    /// When the values were not computed for this code but derived by the equivalence rules from
    /// this code's result (see [`derive()`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub derived_from: Option<String>,
}

/// Compute one game within `budget`, on the calling thread (its CPU time is the budget's clock).
pub fn analyse(code: &SurveyCode, budget: &Budget) -> GameResult {
    let clock = GameClock::start();
    let rs = code.ruleset();
    let mut seq = Sequencer::new(&rs);
    let mut step = 256usize;
    let ending = loop {
        if seq.proof().is_some() {
            break Ending::Proved;
        }
        if seq.len() > budget.to {
            break Ending::HeapLimit;
        }
        let before = clock.seconds();
        if before >= budget.max_seconds {
            break Ending::TimeLimit;
        }
        let target = (seq.len() + step - 1).min(budget.to);
        seq.extend_to(target);
        // Steps of about 0.05–0.2 s: cheap to check, and the time limit is overshot little.
        let took = clock.seconds() - before;
        if took < 0.05 {
            step = (step * 2).min(1 << 18);
        } else if took > 0.2 {
            step = (step / 2).max(16);
        }
    };
    let computed = seq.filled_from().unwrap_or(seq.len());
    let split = seq.sparse_split();
    let period = if ending == Ending::Proved {
        seq.period().filter(|p| p.proved)
    } else {
        None
    };
    let (mut largest_value, mut largest_at) = (0u64, 0usize);
    for n in 0..computed {
        let v = u64::from(seq.get(n).unwrap_or(0));
        if v > largest_value {
            largest_value = v;
            largest_at = n;
        }
    }
    let keep = match period {
        Some(p) => p.preperiod + p.period,
        None => computed.min(OPEN_VALUES_KEPT),
    };
    let values: Vec<u32> = (0..keep).map(|n| seq.get(n).unwrap_or(0)).collect();
    GameResult {
        code: code.to_string(),
        status: if period.is_some() {
            Status::Solved
        } else {
            Status::Open
        },
        ending: if period.is_some() || ending != Ending::Proved {
            ending
        } else {
            Ending::HeapLimit
        },
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        computed_to: computed.saturating_sub(1),
        seconds: clock.seconds(),
        largest_value,
        largest_at,
        rare_mask: split.and_then(|s| s.mask),
        rare_count: split.map(|s| s.rare_count),
        last_rare: split.and_then(|s| s.last_rare),
        values,
        derived_from: None,
    }
}

/// The result of `code` derived from the result `head` of a code with the same canonical code and
/// an offset `shift` smaller (see [`super::equivalence::canonical`]): `G_code(n) = G_head(n − shift)` for
/// `n >= shift`, and `0` below. Nothing is recomputed: the values are shifted, the period is the
/// same, and the least preperiod is found from `preperiod(head) + shift` downwards. The
/// sparse-space fields are the head's split, heaps shifted (the `shift` new heaps of value 0 are
/// rare under a mask, as `popcount(0 & m) = 0`; without a mask they are left unknown).
///
/// ```
/// use grundy::survey::{codes::SurveyCode, game::{self, Budget}};
/// let b = Budget { to: 1 << 20, max_seconds: 60.0 };
/// let c137: SurveyCode = ".137".parse().unwrap();
/// let c07: SurveyCode = ".07".parse().unwrap();
/// let head = game::analyse(&c137, &b);
/// let d = game::derive(&head, &c07, 1);
/// assert_eq!((d.preperiod, d.period), (Some(53), Some(34)));
/// assert_eq!(d.values, game::analyse(&c07, &b).values);
/// ```
pub fn derive(head: &GameResult, code: &SurveyCode, shift: usize) -> GameResult {
    let mut values = vec![0u32; shift];
    values.extend_from_slice(&head.values);
    let (preperiod, period) = match (head.preperiod, head.period) {
        (Some(m), Some(p)) => {
            let mut n0 = m + shift;
            while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
                n0 -= 1;
            }
            values.truncate(n0 + p);
            (Some(n0), Some(p))
        }
        _ => {
            values.truncate(OPEN_VALUES_KEPT);
            (None, None)
        }
    };
    let masked = head.rare_mask.is_some();
    GameResult {
        code: code.to_string(),
        status: head.status,
        ending: head.ending,
        preperiod,
        period,
        computed_to: head.computed_to + shift,
        seconds: 0.0,
        largest_value: head.largest_value,
        largest_at: if head.largest_value == 0 {
            0
        } else {
            head.largest_at + shift
        },
        rare_mask: head.rare_mask,
        rare_count: if masked || shift == 0 {
            head.rare_count.map(|c| c + shift)
        } else {
            None
        },
        last_rare: if masked || shift == 0 {
            head.last_rare
                .map(|l| l + shift)
                .or((shift > 0).then_some(shift))
        } else {
            None
        },
        values,
        derived_from: Some(head.code.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap::{Ruleset, naive};

    fn code(s: &str) -> SurveyCode {
        s.parse().unwrap()
    }

    #[test]
    fn solved_games_keep_the_values_that_determine_them() {
        let b = Budget {
            to: 1 << 20,
            max_seconds: 60.0,
        };
        for (c, n0, p) in [(".07", 53, 34), (".137", 52, 34), (".45", 498, 20)] {
            let r = analyse(&code(c), &b);
            assert_eq!(r.status, Status::Solved, "{c}");
            assert_eq!(r.ending, Ending::Proved);
            assert_eq!((r.preperiod, r.period), (Some(n0), Some(p)), "{c}");
            let rs: Ruleset = code(c).ruleset();
            let want = naive::values(&rs, r.computed_to);
            assert_eq!(r.values[..], want[..n0 + p], "{c}");
            let max = *want.iter().max().unwrap();
            assert_eq!(r.largest_value, u64::from(max), "{c}");
            assert_eq!(
                r.largest_at,
                want.iter().position(|&v| v == max).unwrap(),
                "{c}"
            );
            assert!(r.rare_count.is_some(), "{c}: computed by sparse space");
        }
    }

    /// Derived results equal computed ones (values, period, least preperiod, largest value).
    #[test]
    fn derived_results_equal_computed_ones_on_the_two_digit_codes() {
        use crate::survey::codes::{Prefix, enumerate};
        use crate::survey::equivalence::reduce;
        let b = Budget {
            to: 3000,
            max_seconds: 60.0,
        };
        let all = enumerate(2, Prefix::All).unwrap();
        let mut checked = 0;
        for a in &all {
            for c in &all {
                let (ra, ja) = reduce(a.code());
                let (rc, jc) = reduce(c.code());
                if ra != rc || jc <= ja || a == c {
                    continue;
                }
                let head = analyse(a, &b);
                let direct = analyse(c, &b);
                let d = derive(&head, c, jc - ja);
                assert_eq!(
                    (d.preperiod, d.period),
                    (direct.preperiod, direct.period),
                    "{c} from {a}"
                );
                assert_eq!(d.status, direct.status, "{c} from {a}");
                if d.status == Status::Solved {
                    assert_eq!(d.values, direct.values, "{c} from {a}");
                    assert_eq!(
                        (d.largest_value, d.largest_at),
                        (direct.largest_value, direct.largest_at)
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked}");
    }

    #[test]
    fn the_heap_and_time_limits_end_an_open_game() {
        // .6 is open (published): 2000 heaps prove nothing.
        let r = analyse(
            &code(".6"),
            &Budget {
                to: 2000,
                max_seconds: 60.0,
            },
        );
        assert_eq!((r.status, r.ending), (Status::Open, Ending::HeapLimit));
        assert_eq!(r.computed_to, 2000);
        assert_eq!((r.preperiod, r.period), (None, None));
        assert_eq!(r.values, naive::values(&code(".6").ruleset(), 2000));
        // A zero time limit stops before the first step.
        let r = analyse(
            &code(".6"),
            &Budget {
                to: 1 << 20,
                max_seconds: 0.0,
            },
        );
        assert_eq!((r.status, r.ending), (Status::Open, Ending::TimeLimit));
        // Kayles needs more than 150 heaps for its proof.
        let r = analyse(
            &code(".77"),
            &Budget {
                to: 150,
                max_seconds: 60.0,
            },
        );
        assert_eq!((r.status, r.ending), (Status::Open, Ending::HeapLimit));
    }
}
