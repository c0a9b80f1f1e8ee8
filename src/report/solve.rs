//! The report of a solved position file: the play convention, the value (normal play), the
//! outcome, each component's kind and value, and every winning move with the method used.

use serde::Serialize;

use crate::position::{Analysis, Method, Move, Position};
use crate::remoteness::{Remoteness, TooLarge};
use crate::{LoopyValue, Outcome};

/// One component of the sum: its kind (`"nim"`, `"heap"`, ...) and, under normal play, its value.
#[derive(Clone, Debug, Serialize)]
pub struct ComponentReport {
    /// The component's kind, as written in the position file.
    pub kind: &'static str,
    /// Its value (absent under misère play, where components have no value of their own).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<LoopyValue>,
}

/// `{"play", "value", "outcome", "components": [{"kind", "value"}], "winning_move_count",
/// "winning_moves", "method"}`.
///
/// ```
/// use grundy::position::{analyse, parse_position};
/// use grundy::report::solve::SolveReport;
/// use grundy::solve::outcomes::Play;
/// let p = parse_position("[[component]]\nkind = \"nim\"\nheaps = [1, 1]\n", ".".as_ref()).unwrap();
/// let a = analyse(&p, Play::Misere).unwrap();
/// let json = serde_json::to_value(SolveReport::new(&p, &a)).unwrap();
/// assert_eq!(json["play"], "misere");
/// assert_eq!(json["outcome"], "N"); // misère Nim: two heaps of 1, the player to move wins
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport<'a> {
    /// `"normal"` or `"misere"`.
    pub play: &'static str,
    /// The value of the sum (normal play only).
    pub value: Option<&'a LoopyValue>,
    /// The outcome of the whole sum.
    pub outcome: Outcome,
    /// Each component, in file order.
    pub components: Vec<ComponentReport>,
    /// The number of winning moves.
    pub winning_move_count: usize,
    /// Every winning move.
    pub winning_moves: &'a [Move],
    /// How the position was solved.
    pub method: Method,
    /// The remoteness, when asked for ([`SolveReport::with_remoteness`]; absent otherwise).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<RemotenessReport>,
}

/// `{"remoteness": N}` (moves to the end when the winner hurries and the loser delays, see
/// [`crate::remoteness`]), `{"remoteness": null}` for a draw, or `{"remoteness": null,
/// "remoteness_note": WHY}` when the search it needs is too large.
#[derive(Clone, Debug, Serialize)]
pub struct RemotenessReport {
    /// The remoteness (`null` for a draw or when unknown).
    pub remoteness: Option<u64>,
    /// Why the remoteness is unknown (absent when it is known, or the position is a draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness_note: Option<String>,
}

impl RemotenessReport {
    /// The report of [`crate::position::Engine::remoteness`]'s answer.
    pub fn new(r: &Result<Remoteness, TooLarge>) -> RemotenessReport {
        match r {
            Ok(r) => RemotenessReport {
                remoteness: r.remoteness,
                remoteness_note: None,
            },
            Err(e) => RemotenessReport {
                remoteness: None,
                remoteness_note: Some(e.to_string()),
            },
        }
    }
}

impl<'a> SolveReport<'a> {
    /// The report of `a`, the analysis of position `p`.
    pub fn new(p: &Position, a: &'a Analysis) -> SolveReport<'a> {
        let components = p
            .sum
            .components
            .iter()
            .enumerate()
            .map(|(i, r)| ComponentReport {
                kind: r.kind(),
                value: a.components.get(i).cloned(),
            })
            .collect();
        SolveReport {
            play: a.play.name(),
            value: a.value.as_ref(),
            outcome: a.outcome,
            components,
            winning_move_count: a.winning_moves.len(),
            winning_moves: &a.winning_moves,
            method: a.method,
            remoteness: None,
        }
    }

    /// The report with the remoteness of the position (`grundy solve --remoteness`).
    ///
    /// ```
    /// use grundy::position::{Engine, parse_position};
    /// use grundy::report::solve::SolveReport;
    /// use grundy::solve::outcomes::Play;
    /// let p = parse_position("[[component]]\nkind = \"nim\"\nheaps = [2, 2]\n", ".".as_ref()).unwrap();
    /// let mut e = Engine::new(p.sum.clone(), Play::Normal);
    /// let a = e.analyse(&p.state).unwrap();
    /// let r = e.remoteness(&p.state);
    /// let json = serde_json::to_value(SolveReport::new(&p, &a).with_remoteness(&r)).unwrap();
    /// assert_eq!(json["outcome"], "P");
    /// assert_eq!(json["remoteness"], 4); // lost, but the loser holds out for four moves
    /// ```
    pub fn with_remoteness(mut self, r: &Result<Remoteness, TooLarge>) -> SolveReport<'a> {
        self.remoteness = Some(RemotenessReport::new(r));
        self
    }
}
