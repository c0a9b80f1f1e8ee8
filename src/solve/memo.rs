//! Memoised Grundy values of a finite impartial game, by iterative depth-first search.
//!
//! `G(p) = mex { G(q) : q an option of p }`; terminal positions get `mex ∅ = 0`, so they are P, and a
//! position is N exactly when some option is P (seed 003's rule of thumb). When the game splits a
//! position into independent parts, `G(a + b + …) = G(a) ⊕ G(b) ⊕ …` (Sprague–Grundy theorem).
//!
//! The search keeps its own stack, so a game whose play can last 10^6 moves needs no deep call stack.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use crate::mex::MexSet;
use crate::{ImpartialGame, Nimber, Outcome};

/// Why a search could not finish.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// A position can be reached from itself: the game is not finite (see the loopy engines).
    #[error(
        "the game is loopy: a position repeats along a line of play, so it has no finite Grundy value"
    )]
    Loopy,
    /// More positions than the configured limit would have to be stored.
    #[error(
        "the search needs more than {limit} positions (the limit); the position is too large for exhaustive search"
    )]
    TooLarge {
        /// The limit that was hit.
        limit: usize,
    },
}

enum Work<P> {
    /// Collect option values, then take the mex.
    Mex { items: Vec<P>, next: usize },
    /// Collect part values, then XOR them.
    Sum {
        items: Vec<P>,
        next: usize,
        acc: Nimber,
    },
}

struct Frame<P> {
    pos: P,
    work: Work<P>,
    /// For Mex frames: the option values seen so far.
    seen: Vec<u64>,
}

/// A memoising solver for one game. Values computed once are reused by later queries.
pub struct Solver<G: ImpartialGame> {
    game: G,
    memo: HashMap<G::Position, Nimber>,
    limit: usize,
    set: MexSet,
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver with no limit on stored positions (beyond memory).
    pub fn new(game: G) -> Self {
        Solver {
            game,
            memo: HashMap::new(),
            limit: usize::MAX,
            set: MexSet::new(),
        }
    }

    /// A solver that gives up with [`SolveError::TooLarge`] past `limit` stored positions.
    pub fn with_limit(game: G, limit: usize) -> Self {
        Solver {
            limit,
            ..Solver::new(game)
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Number of positions whose value is stored.
    pub fn positions_stored(&self) -> usize {
        self.memo.len()
    }

    fn expand(&self, pos: G::Position) -> Frame<G::Position> {
        match self.game.decompose(&pos) {
            Some(parts) if parts.len() != 1 || parts[0] != pos => Frame {
                pos,
                work: Work::Sum {
                    items: parts,
                    next: 0,
                    acc: Nimber::ZERO,
                },
                seen: Vec::new(),
            },
            _ => {
                let mut items = Vec::new();
                self.game.options(&pos, &mut items);
                Frame {
                    pos,
                    work: Work::Mex { items, next: 0 },
                    seen: Vec::new(),
                }
            }
        }
    }

    /// The Grundy value of `p`.
    pub fn grundy(&mut self, p: &G::Position) -> Result<Nimber, SolveError> {
        if let Some(&v) = self.memo.get(p) {
            return Ok(v);
        }
        let mut on_stack: HashSet<G::Position> = HashSet::new();
        on_stack.insert(p.clone());
        let mut stack = vec![self.expand(p.clone())];
        let mut result = Nimber::ZERO;
        while let Some(top) = stack.last_mut() {
            let (items, next) = match &mut top.work {
                Work::Mex { items, next } => (items, next),
                Work::Sum { items, next, .. } => (items, next),
            };
            if *next < items.len() {
                let child = &items[*next];
                if let Some(&v) = self.memo.get(child) {
                    *next += 1;
                    match &mut top.work {
                        Work::Mex { .. } => top.seen.push(v.0),
                        Work::Sum { acc, .. } => *acc += v,
                    }
                    continue;
                }
                if on_stack.contains(child) {
                    return Err(SolveError::Loopy);
                }
                let child = child.clone();
                on_stack.insert(child.clone());
                let frame = self.expand(child);
                stack.push(frame);
                continue;
            }
            // All children known: finish this frame.
            let frame = stack.pop().expect("non-empty stack");
            let value = match frame.work {
                Work::Sum { acc, .. } => acc,
                Work::Mex { .. } => {
                    for &v in &frame.seen {
                        self.set.insert(v);
                    }
                    let m = self.set.mex();
                    self.set.clear();
                    Nimber(m)
                }
            };
            if self.memo.len() >= self.limit {
                return Err(SolveError::TooLarge { limit: self.limit });
            }
            on_stack.remove(&frame.pos);
            self.memo.insert(frame.pos, value);
            result = value;
            if let Some(parent) = stack.last_mut() {
                match &mut parent.work {
                    Work::Mex { next, .. } => {
                        *next += 1;
                        parent.seen.push(value.0);
                    }
                    Work::Sum { next, acc, .. } => {
                        *next += 1;
                        *acc += value;
                    }
                }
            }
        }
        Ok(result)
    }

    /// The outcome class of `p` (P iff its value is 0).
    pub fn outcome(&mut self, p: &G::Position) -> Result<Outcome, SolveError> {
        Ok(Outcome::of(self.grundy(p)?))
    }

    /// Every option of `p` that is a P-position: the winning moves (empty when `p` is P).
    pub fn winning_moves(&mut self, p: &G::Position) -> Result<Vec<G::Position>, SolveError> {
        let mut opts = Vec::new();
        self.game.options(p, &mut opts);
        let mut wins = Vec::new();
        for o in opts {
            if self.grundy(&o)?.is_zero() {
                wins.push(o);
            }
        }
        Ok(wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take 1 or 2 from a heap; G(n) = n mod 3.
    struct OneOrTwo;
    impl ImpartialGame for OneOrTwo {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            out.extend([1u64, 2].iter().filter(|&&k| k <= *n).map(|k| n - k));
        }
    }

    #[test]
    fn subtraction_one_or_two_is_n_mod_3() {
        let mut s = Solver::new(OneOrTwo);
        for n in 0..100 {
            assert_eq!(s.grundy(&n).unwrap(), Nimber(n % 3));
        }
    }

    #[test]
    fn a_million_move_game_does_not_overflow_the_stack() {
        let mut s = Solver::new(OneOrTwo);
        assert_eq!(s.grundy(&1_000_000).unwrap(), Nimber(1));
    }

    /// A two-cycle: 0 <-> 1.
    struct Cycle;
    impl ImpartialGame for Cycle {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            out.push(1 - p);
        }
    }

    #[test]
    fn loopy_games_are_reported_not_looped() {
        assert_eq!(Solver::new(Cycle).grundy(&0), Err(SolveError::Loopy));
    }

    #[test]
    fn limit_is_enforced() {
        let mut s = Solver::with_limit(OneOrTwo, 10);
        assert_eq!(s.grundy(&100), Err(SolveError::TooLarge { limit: 10 }));
    }

    /// Nim on a vector of heaps, with and without decomposition.
    struct Nim(bool);
    impl ImpartialGame for Nim {
        type Position = Vec<u64>;
        fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..p.len() {
                for t in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = t;
                    out.push(q);
                }
            }
        }
        fn decompose(&self, p: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
            (self.0 && p.len() > 1).then(|| p.iter().map(|&h| vec![h]).collect())
        }
    }

    #[test]
    fn decomposition_agrees_with_whole_game_search() {
        let mut whole = Solver::new(Nim(false));
        let mut split = Solver::new(Nim(true));
        for a in 0..5 {
            for b in 0..5 {
                for c in 0..4 {
                    let p = vec![a, b, c];
                    assert_eq!(whole.grundy(&p).unwrap(), split.grundy(&p).unwrap());
                    assert_eq!(whole.grundy(&p).unwrap(), Nimber(a ^ b ^ c));
                }
            }
        }
    }

    #[test]
    fn winning_moves_reach_p_positions() {
        let mut s = Solver::new(Nim(false));
        let w = s.winning_moves(&vec![3, 4, 5]).unwrap();
        assert_eq!(w, vec![vec![1, 4, 5]]);
        assert!(s.winning_moves(&vec![1, 2, 3]).unwrap().is_empty());
    }
}
