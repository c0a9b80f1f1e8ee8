//! Staircase Nim (seed 003 §4): coins on steps `0..=k`; a move carries `c >= 1` coins from step
//! `i >= 1` down to step `i - 1`. Step 0 is the floor, where coins no longer move.
//!
//! Theorem: the Grundy value is the nim-sum of the odd-numbered steps, `X = s_1 ⊕ s_3 ⊕ s_5 ⊕ …`.
//! Proof by induction: moves from odd steps are Nim moves on those heaps, so every value below `X`
//! is reachable; a move from an even step raises one odd step and a move from an odd step lowers one,
//! so no option keeps `X`. Hence `G = mex = X` exactly (and the outcome is N iff `X != 0`). The
//! winning moves are exactly the moves to a position with `X = 0`:
//! - from an odd step `i`: lower `s_i` to `s_i ⊕ X` (when smaller), carrying the difference down;
//! - from an even step `i >= 2`: raise the odd step `i-1` to `s_{i-1} ⊕ X` (when larger), if step
//!   `i` holds enough coins.

use serde::Serialize;

use crate::{ImpartialGame, Nimber, Outcome};

/// A staircase move: carry `count` coins from step `step` to step `step - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct StairMove {
    /// The step the coins leave (`>= 1`).
    pub step: usize,
    /// How many coins move (`>= 1`).
    pub count: u64,
}

/// The nim-sum of the odd-numbered steps (`steps[0]` is the floor).
///
/// ```
/// use grundy::{Nimber, games::staircase};
/// // steps 1 and 3 hold 3 and 4 coins
/// assert_eq!(staircase::value(&[0, 3, 1, 4]), Nimber(7));
/// ```
pub fn value(steps: &[u64]) -> Nimber {
    Nimber(steps.iter().skip(1).step_by(2).fold(0, |x, &s| x ^ s))
}

/// P iff the nim-sum of the odd steps is zero.
pub fn outcome(steps: &[u64]) -> Outcome {
    Outcome::of(value(steps))
}

/// Every winning move, ordered by step.
///
/// ```
/// use grundy::games::staircase::{winning_moves, StairMove};
/// // Odd steps hold 3 and 4 (X = 7): carry step 2's coin onto step 1 (3 -> 4), or lower step 3
/// // from 4 to 3. Lowering step 1 to 3 ⊕ 7 = 4 is not a lowering.
/// assert_eq!(
///     winning_moves(&[0, 3, 1, 4]),
///     vec![StairMove { step: 2, count: 1 }, StairMove { step: 3, count: 1 }]
/// );
/// ```
pub fn winning_moves(steps: &[u64]) -> Vec<StairMove> {
    moves_to_value(steps, 0)
}

/// Every move to a position of value `target` (no move keeps the value, so `target` must differ
/// from the current value for any move to exist). Used for winning moves inside sums.
pub fn moves_to_value(steps: &[u64], target: u64) -> Vec<StairMove> {
    let d = value(steps).0 ^ target;
    if d == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for i in 1..steps.len() {
        if i % 2 == 1 {
            let t = steps[i] ^ d;
            if t < steps[i] {
                moves.push(StairMove {
                    step: i,
                    count: steps[i] - t,
                });
            }
        } else {
            let below = steps[i - 1];
            let t = below ^ d;
            if t > below && t - below <= steps[i] {
                moves.push(StairMove {
                    step: i,
                    count: t - below,
                });
            }
        }
    }
    moves
}

/// Apply a move, returning the new steps, or `None` if it is illegal.
pub fn apply(steps: &[u64], m: StairMove) -> Option<Vec<u64>> {
    if m.step == 0 || m.step >= steps.len() || m.count == 0 || m.count > steps[m.step] {
        return None;
    }
    let mut s = steps.to_vec();
    s[m.step] -= m.count;
    s[m.step - 1] = s[m.step - 1].checked_add(m.count)?;
    Some(s)
}

/// Staircase Nim as an [`ImpartialGame`] (whole positions, no decomposition): the brute-force oracle.
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl ImpartialGame for Staircase {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 1..p.len() {
            for c in 1..=p[i] {
                out.push(apply(p, StairMove { step: i, count: c }).expect("legal"));
            }
        }
    }
}

/// The name of Staircase Nim on the command line, in Python and in the page's URLs.
pub const NAME: &str = "staircase";

/// Staircase Nim in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Staircase Nim",
    rules: "Carry any number of coins from a step down to the step below; coins on the floor no longer move.",
    notation: "coins on steps 0 (the floor), 1, 2, …",
    parameters: &[],
    engines: &[
        crate::games::entry::Engine::ClosedForm,
        crate::games::entry::Engine::PositionFile,
    ],
    commands: &["grundy staircase"],
    module: "grundy::games::staircase",
    search: None,
    tier: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::memo::Solver;
    use proptest::prelude::*;

    #[test]
    fn floor_coins_do_not_matter() {
        assert_eq!(outcome(&[100]), Outcome::P);
        assert_eq!(outcome(&[7, 0, 5]), Outcome::P);
    }

    #[test]
    fn even_step_move_can_win() {
        assert_eq!(
            winning_moves(&[0, 1, 0]),
            vec![StairMove { step: 1, count: 1 }]
        );
        // X = 2 ^ 1 = 3: step 1 goes 2 -> 1; step 3 would go 1 -> 2 (a raise, impossible).
        assert_eq!(
            winning_moves(&[0, 2, 3, 1]),
            vec![StairMove { step: 1, count: 1 }]
        );
        // X = 1: step 2 raises step 1 from 0 to 1, or step 3 drops from 1 to 0.
        assert_eq!(
            winning_moves(&[0, 0, 5, 1]),
            vec![
                StairMove { step: 2, count: 1 },
                StairMove { step: 3, count: 1 }
            ]
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn moves_to_value_reach_exactly_that_value(steps in proptest::collection::vec(0u64..5, 1..5), t in 0u64..8) {
            let mut found: Vec<Vec<u64>> = moves_to_value(&steps, t).into_iter()
                .map(|m| apply(&steps, m).unwrap()).collect();
            let mut all = Vec::new();
            Staircase.options(&steps, &mut all);
            let mut expected: Vec<Vec<u64>> = all.into_iter().filter(|q| value(q).0 == t).collect();
            found.sort();
            expected.sort();
            prop_assert_eq!(found, expected);
        }

        #[test]
        fn odd_steps_theorem_matches_search(steps in proptest::collection::vec(0u64..4, 1..5)) {
            let mut s = Solver::new(Staircase);
            prop_assert_eq!(s.grundy(&steps).unwrap(), value(&steps));
            let mut searched: Vec<Vec<u64>> = s.winning_moves(&steps).unwrap();
            let mut ours: Vec<Vec<u64>> =
                winning_moves(&steps).into_iter().map(|m| apply(&steps, m).unwrap()).collect();
            searched.sort();
            ours.sort();
            prop_assert_eq!(ours, searched);
        }
    }
}
