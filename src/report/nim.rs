//! The report of a Nim position (Bouton 1901): the nim-sum of the heaps, the outcome, and every
//! winning move (reduce a heap `h` to `h ⊕ X` when that is smaller, `X` the nim-sum).

use serde::Serialize;

use crate::games::nim::{self, NimMove};
use crate::{Nimber, Outcome};

/// `{"heaps", "value", "outcome", "winning_move_count", "winning_moves": [{"heap","from","to"}]}`.
///
/// ```
/// use grundy::{Nimber, Outcome, report::nim::NimReport};
/// let r = NimReport::new(&[1, 2, 3]);
/// assert_eq!((r.value, r.outcome, r.winning_move_count), (Nimber(0), Outcome::P, 0));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct NimReport<'a> {
    /// The heap sizes, as given.
    pub heaps: &'a [u64],
    /// The nim-sum of the heaps.
    pub value: Nimber,
    /// P iff the value is 0.
    pub outcome: Outcome,
    /// The number of winning moves.
    pub winning_move_count: usize,
    /// Every winning move, by heap.
    pub winning_moves: Vec<NimMove>,
}

impl<'a> NimReport<'a> {
    /// Analyse the heaps.
    pub fn new(heaps: &'a [u64]) -> NimReport<'a> {
        let value = nim::value(heaps);
        let winning_moves = nim::winning_moves(heaps);
        NimReport {
            heaps,
            value,
            outcome: Outcome::of(value),
            winning_move_count: winning_moves.len(),
            winning_moves,
        }
    }
}
