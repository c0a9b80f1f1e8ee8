//! Nim: heaps of counters; a move takes any positive number of counters from one heap.
//!
//! Bouton's theorem (1901): the value of a Nim position is the XOR (nim-sum) of its heaps, so the
//! player to move wins iff the XOR `X` is nonzero. The winning moves are exactly the reductions of a
//! heap `a` with `a ⊕ X < a` to `a ⊕ X` (seed 003 §3).

use serde::Serialize;

use crate::solve::memo::Solver;
use crate::{ImpartialGame, Nimber, Outcome};

/// A move in Nim: reduce heap `heap` (0-based) from `from` counters to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
pub struct NimMove {
    /// Index of the heap (0-based).
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Its size after the move (`to < from`).
    pub to: u64,
}

/// The value of a Nim position: the XOR of the heaps.
///
/// ```
/// use grundy::{Nimber, games::nim};
/// assert_eq!(nim::value(&[3, 4, 5]), Nimber(2));
/// assert_eq!(nim::value(&[u64::MAX, u64::MAX]), Nimber(0));
/// ```
pub fn value(heaps: &[u64]) -> Nimber {
    Nimber(heaps.iter().fold(0, |x, &h| x ^ h))
}

/// P if the XOR of the heaps is zero, N otherwise.
pub fn outcome(heaps: &[u64]) -> Outcome {
    Outcome::of(value(heaps))
}

/// Every winning move: each heap `a` with `a ⊕ X < a` is reduced to `a ⊕ X`.
///
/// ```
/// use grundy::games::nim::{winning_moves, NimMove};
/// assert_eq!(winning_moves(&[3, 4, 5]), vec![NimMove { heap: 0, from: 3, to: 1 }]);
/// assert!(winning_moves(&[1, 2, 3]).is_empty());
/// ```
pub fn winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    moves_to_value(heaps, 0)
}

/// Every move to a position of value `target`: heap `a` goes to `a ⊕ d` where `d` = value ⊕ target,
/// when that is smaller. Used for winning moves inside sums.
pub fn moves_to_value(heaps: &[u64], target: u64) -> Vec<NimMove> {
    let d = value(heaps).0 ^ target;
    if d == 0 {
        return Vec::new();
    }
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &a)| a ^ d < a)
        .map(|(heap, &a)| NimMove {
            heap,
            from: a,
            to: a ^ d,
        })
        .collect()
}

/// The number of winning moves: the heaps having a 1 at the top bit of `X`.
pub fn winning_move_count(heaps: &[u64]) -> usize {
    let x = value(heaps).0;
    if x == 0 {
        return 0;
    }
    let top = 63 - x.leading_zeros();
    heaps.iter().filter(|&&a| a >> top & 1 == 1).count()
}

/// Nim as an [`ImpartialGame`] over whole positions (for the generic engines and brute force).
/// It never decomposes: searching it checks Bouton's theorem rather than assuming it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in p.iter().enumerate() {
            for t in 0..h {
                let mut q = p.clone();
                q[i] = t;
                out.push(q);
            }
        }
    }
}

/// Brute-force the winning moves by game-tree search (small heaps only): a test oracle.
pub fn brute_winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    let mut s = Solver::new(Nim);
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for t in 0..h {
            let mut q = heaps.to_vec();
            q[i] = t;
            if s.grundy(&q).expect("nim is finite").is_zero() {
                moves.push(NimMove {
                    heap: i,
                    from: h,
                    to: t,
                });
            }
        }
    }
    moves
}

/// The name of Nim on the command line, in Python and in the page's URLs.
pub const NAME: &str = "nim";

/// Nim in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Nim",
    rules: "Take any number of counters from one heap; who cannot move loses.",
    notation: "heap sizes, e.g. 3 4 5",
    parameters: &[],
    engines: &[
        crate::games::entry::Engine::ClosedForm,
        crate::games::entry::Engine::PositionFile,
    ],
    commands: &["grundy nim"],
    module: "grundy::games::nim",
    search: None,
    tier: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bouton_three_four_five() {
        assert_eq!(value(&[3, 4, 5]), Nimber(2));
        assert_eq!(outcome(&[1, 2, 3]), Outcome::P);
        assert_eq!(winning_move_count(&[3, 4, 5]), 1);
    }

    #[test]
    fn empty_position_is_p() {
        assert_eq!(outcome(&[]), Outcome::P);
        assert!(winning_moves(&[]).is_empty());
    }

    #[test]
    fn huge_heaps_are_exact() {
        let m = u64::MAX;
        assert_eq!(
            winning_moves(&[m, 1]),
            vec![NimMove {
                heap: 0,
                from: m,
                to: 1
            }]
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn bouton_matches_game_tree_search(heaps in proptest::collection::vec(0u64..6, 0..4)) {
            let mut s = Solver::new(Nim);
            let searched = s.grundy(&heaps).unwrap();
            prop_assert_eq!(searched, value(&heaps));
            prop_assert_eq!(winning_moves(&heaps), brute_winning_moves(&heaps));
            prop_assert_eq!(winning_move_count(&heaps), winning_moves(&heaps).len());
        }
    }
}
