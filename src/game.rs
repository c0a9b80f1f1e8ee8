//! The [`ImpartialGame`] trait: a game described by its positions and their options.
//!
//! Implement it to analyse your own game with the generic engines in [`crate::solve`]. A game may
//! optionally split a position into independent parts ([`ImpartialGame::decompose`]); the solver
//! then uses the Sprague–Grundy theorem `G(a + b) = G(a) ⊕ G(b)` instead of searching the sum.

use std::hash::Hash;

/// A finite impartial game under normal play.
///
/// ```
/// use grundy::{ImpartialGame, Nimber, solve::memo::Solver};
///
/// /// Subtract 1 or 2 from a single heap.
/// struct OneOrTwo;
/// impl ImpartialGame for OneOrTwo {
///     type Position = u32;
///     fn options(&self, n: &u32, out: &mut Vec<u32>) {
///         out.extend([1, 2].iter().filter(|&&k| k <= *n).map(|k| n - k));
///     }
/// }
/// let mut s = Solver::new(OneOrTwo);
/// assert_eq!(s.grundy(&7).unwrap(), Nimber(1)); // G(n) = n mod 3
/// ```
pub trait ImpartialGame {
    /// A position of the game (hashable, for memoisation).
    type Position: Clone + Eq + Hash;

    /// Append every option (position reachable in one move) of `p` to `out`.
    fn options(&self, p: &Self::Position, out: &mut Vec<Self::Position>);

    /// Split `p` into independent parts whose sum is `p`, or return `None` when `p` is
    /// indivisible. The default never splits (pure game-tree search).
    fn decompose(&self, _p: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// The canonical form of `p`: one representative of the positions that are the same game
    /// up to the rules' symmetries (a board turned or reflected, a graph relabelled), so that a
    /// search stores them once ([`crate::search`]). The default is `p` itself (no symmetry).
    fn canonical(&self, p: &Self::Position) -> Self::Position {
        p.clone()
    }
}
