//! Exact outcomes under misère play (the last player to move **loses**), and exact outcomes with
//! draws for loopy games under either convention.
//!
//! Misère play has no Sprague–Grundy theory for sums: the misère outcome of `G + H` is not a
//! function of the misère outcomes (or normal values) of `G` and `H`. So this module offers:
//!
//! - [`nim_outcome`] / [`nim_winning_moves`]: the closed form for **Nim** (Bouton 1901): if every
//!   heap has at most one counter, the player to move wins iff the number of 1-heaps is even;
//!   otherwise (some heap has 2 or more) iff the XOR of the heaps is nonzero.
//! - [`OutcomeSolver`]: a memoised, iterative search of the whole game for outcome classes under
//!   either [`Play`] convention, with a stated limit on stored positions
//!   ([`DEFAULT_LIMIT`]). It stops at the first P option (a position is N iff some option is P), so
//!   it often visits far fewer positions than exist. A line of play that repeats a position gives
//!   [`OutcomeError::Loopy`]; then use [`retrograde`].
//! - [`retrograde`]: retrograde analysis of the whole reachable position graph, exact for loopy
//!   games: terminal positions are P (normal) or N (misère); a position with a P option is N; a
//!   position all of whose options are N is P; what remains is D (a draw: play can go on forever).

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::Hash;

use thiserror::Error;

use crate::{ImpartialGame, Outcome};

/// The play convention: who wins when the player to move has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Play {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (the last player to move loses).
    Misere,
}

impl Play {
    /// The outcome class of a terminal position (no options).
    pub fn terminal(self) -> Outcome {
        match self {
            Play::Normal => Outcome::P,
            Play::Misere => Outcome::N,
        }
    }

    /// `"normal"` or `"misere"`.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

type Build = std::hash::RandomState;
type Map<K, V> = HashMap<K, V, Build>;
type Set<K> = HashSet<K, Build>;

/// The number of positions an exact search stores by default before giving up (2,000,000).
pub const DEFAULT_LIMIT: usize = 2_000_000;

/// Why an exact outcome search could not finish.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum OutcomeError {
    /// A position repeats along a line of play (use [`retrograde`]).
    #[error("the game is loopy: a position repeats along a line of play")]
    Loopy,
    /// More positions than the limit would have to be stored.
    #[error(
        "exact search needs more than {limit} positions of the whole game (the limit); the position is too large for exact misère analysis"
    )]
    TooLarge {
        /// The limit that was hit.
        limit: usize,
    },
}

/// The misère outcome of a Nim position.
///
/// Bouton's misère rule: with every heap at most 1, the player to move wins iff the number of
/// 1-heaps is even (in particular with no counters left: the player to move cannot move, so the
/// opponent moved last and lost); with some heap of 2 or more, iff the XOR of the heaps is nonzero.
///
/// ```
/// use grundy::Outcome;
/// use grundy::solve::outcomes::nim_outcome;
/// assert_eq!(nim_outcome(&[1, 1, 1]), Outcome::P); // odd number of 1-heaps: the mover loses
/// assert_eq!(nim_outcome(&[1, 1]), Outcome::N);
/// assert_eq!(nim_outcome(&[]), Outcome::N);
/// assert_eq!(nim_outcome(&[2, 2]), Outcome::P); // as in normal play
/// ```
pub fn nim_outcome(heaps: &[u64]) -> Outcome {
    let big = heaps.iter().any(|&h| h >= 2);
    if big {
        Outcome::of(crate::games::nim::value(heaps))
    } else {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        if ones % 2 == 0 {
            Outcome::N
        } else {
            Outcome::P
        }
    }
}

/// Every winning move of a Nim position under misère play, as `(heap, to)` pairs ordered by heap.
///
/// A move reduces heap `i` from `a` to `t < a`; it wins iff the result is a misère P-position. By
/// the rule in [`nim_outcome`], a P result with some heap `>= 2` has XOR 0, which forces `t = a ⊕ X`;
/// a P result with all heaps `<= 1` has `t <= 1`. So the candidates `{a ⊕ X, 0, 1} ∩ [0, a)` are
/// tested with the rule.
///
/// ```
/// use grundy::solve::outcomes::nim_winning_moves;
/// assert_eq!(nim_winning_moves(&[1, 1]), vec![(0, 0), (1, 0)]);
/// assert_eq!(nim_winning_moves(&[3, 1]), vec![(0, 0)]); // leave an odd number of 1-heaps
/// assert_eq!(nim_winning_moves(&[2, 3]), vec![(1, 2)]); // as in normal play
/// ```
pub fn nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let x = crate::games::nim::value(heaps).0;
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let mut moves = Vec::new();
    for (i, &a) in heaps.iter().enumerate() {
        let mut cands = [a ^ x, 0, 1];
        cands.sort_unstable();
        let mut last = None;
        for t in cands {
            if t >= a || last == Some(t) {
                continue;
            }
            last = Some(t);
            // The result: heap i becomes t.
            let big_after = big - usize::from(a >= 2) + usize::from(t >= 2);
            let ones_after = ones - usize::from(a == 1) + usize::from(t == 1);
            let p = if big_after > 0 {
                x ^ a ^ t == 0
            } else {
                ones_after % 2 == 1
            };
            if p {
                moves.push((i, t));
            }
        }
    }
    moves
}

struct Frame<P> {
    pos: P,
    /// The options whose outcome was unknown when the frame was made.
    options: Vec<P>,
    next: usize,
    /// Decided at creation: terminal, or a known P option.
    decided: Option<Outcome>,
}

/// Memoised outcome search of a finite game under either convention.
///
/// ```
/// use grundy::{ImpartialGame, Outcome};
/// use grundy::solve::outcomes::{OutcomeSolver, Play};
///
/// /// Subtract 1 or 2 from a heap.
/// struct OneOrTwo;
/// impl ImpartialGame for OneOrTwo {
///     type Position = u32;
///     fn options(&self, n: &u32, out: &mut Vec<u32>) {
///         out.extend([1, 2].iter().filter(|&&k| k <= *n).map(|k| n - k));
///     }
/// }
/// let mut s = OutcomeSolver::new(OneOrTwo, Play::Misere);
/// // misère: the P-positions are n ≡ 1 (mod 3)
/// assert_eq!(s.outcome(&4).unwrap(), Outcome::P);
/// assert_eq!(s.outcome(&3).unwrap(), Outcome::N);
/// ```
pub struct OutcomeSolver<G: ImpartialGame> {
    game: G,
    play: Play,
    limit: usize,
    memo: Map<G::Position, Outcome>,
}

impl<G: ImpartialGame> OutcomeSolver<G> {
    /// A solver storing at most [`DEFAULT_LIMIT`] positions.
    pub fn new(game: G, play: Play) -> Self {
        Self::with_limit(game, play, DEFAULT_LIMIT)
    }

    /// A solver that gives up with [`OutcomeError::TooLarge`] past `limit` stored positions.
    pub fn with_limit(game: G, play: Play, limit: usize) -> Self {
        OutcomeSolver {
            game,
            play,
            limit,
            memo: Map::default(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The convention.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Number of positions whose outcome is stored.
    pub fn positions_stored(&self) -> usize {
        self.memo.len()
    }

    fn frame(&self, pos: G::Position) -> Frame<G::Position> {
        let mut options = Vec::new();
        self.game.options(&pos, &mut options);
        let mut decided = None;
        if options.is_empty() {
            decided = Some(self.play.terminal());
        } else if options
            .iter()
            .any(|o| self.memo.get(o) == Some(&Outcome::P))
        {
            // A known P option: N without looking further.
            decided = Some(Outcome::N);
            options.clear();
        } else {
            // Known options are all N: only the unknown ones matter.
            options.retain(|o| !self.memo.contains_key(o));
        }
        Frame {
            pos,
            options,
            next: 0,
            decided,
        }
    }

    /// The outcome class (P or N) of `p`.
    pub fn outcome(&mut self, p: &G::Position) -> Result<Outcome, OutcomeError> {
        if let Some(&o) = self.memo.get(p) {
            return Ok(o);
        }
        let mut on_stack: Set<G::Position> = Set::default();
        on_stack.insert(p.clone());
        let mut stack = vec![self.frame(p.clone())];
        let mut result = Outcome::P;
        while let Some(top) = stack.last_mut() {
            // Scan options: a known P option decides N at once.
            let mut decided: Option<Outcome> = top.decided;
            let mut descend: Option<G::Position> = None;
            while decided.is_none() && descend.is_none() {
                if top.next == top.options.len() {
                    decided = Some(Outcome::P);
                    break;
                }
                let child = &top.options[top.next];
                match self.memo.get(child) {
                    Some(Outcome::P) => decided = Some(Outcome::N),
                    Some(_) => top.next += 1,
                    None => {
                        if on_stack.contains(child) {
                            return Err(OutcomeError::Loopy);
                        }
                        descend = Some(child.clone());
                    }
                }
            }
            if let Some(child) = descend {
                on_stack.insert(child.clone());
                let f = self.frame(child);
                stack.push(f);
                continue;
            }
            let o = decided.expect("decided");
            let frame = stack.pop().expect("non-empty");
            if self.memo.len() >= self.limit {
                return Err(OutcomeError::TooLarge { limit: self.limit });
            }
            on_stack.remove(&frame.pos);
            self.memo.insert(frame.pos, o);
            result = o;
            // The parent re-reads this child from the memo on its next scan.
        }
        Ok(result)
    }

    /// Every option of `p` that is a P-position (empty when `p` is P).
    pub fn winning_moves(&mut self, p: &G::Position) -> Result<Vec<G::Position>, OutcomeError> {
        let mut opts = Vec::new();
        self.game.options(p, &mut opts);
        let mut wins = Vec::new();
        for o in opts {
            if self.outcome(&o)? == Outcome::P {
                wins.push(o);
            }
        }
        Ok(wins)
    }
}

/// Outcome classes of every position reachable from a start, found by [`retrograde`].
pub struct OutcomeTable<P> {
    index: Map<P, u32>,
    outcome: Vec<Outcome>,
    depth: Vec<u32>,
}

impl<P: Eq + Hash> OutcomeTable<P> {
    /// The outcome of a reachable position (`None` when it was not reached from the start).
    pub fn get(&self, p: &P) -> Option<Outcome> {
        self.index.get(p).map(|&i| self.outcome[i as usize])
    }

    /// How many moves remain from a reachable P- or N-position when the winner hurries and the
    /// loser delays (`None` for a draw or an unreached position). A winner who always moves to a
    /// P-option of least depth wins for sure, even in a loopy game.
    pub fn depth(&self, p: &P) -> Option<u32> {
        let i = *self.index.get(p)? as usize;
        (self.outcome[i] != Outcome::D).then_some(self.depth[i])
    }

    /// Number of reachable positions.
    pub fn len(&self) -> usize {
        self.outcome.len()
    }

    /// True when nothing was reached (never: the start is always reached).
    pub fn is_empty(&self) -> bool {
        self.outcome.is_empty()
    }
}

/// Retrograde analysis of every position reachable from `start`, exact for loopy games.
///
/// Terminal positions get [`Play::terminal`]; then, working backwards, a position with a P option
/// is N, and a position all of whose options are N is P. Positions never labelled are D: from
/// them neither player can force a win, so best play goes on forever. Stores at most `limit`
/// positions (error [`OutcomeError::TooLarge`] beyond). Iterative, no recursion.
///
/// ```
/// use grundy::{ImpartialGame, Outcome};
/// use grundy::solve::outcomes::{retrograde, Play};
///
/// /// A token on 0 -> 1 -> 0 (a cycle) and 1 -> 2 (terminal).
/// struct Board;
/// impl ImpartialGame for Board {
///     type Position = u8;
///     fn options(&self, v: &u8, out: &mut Vec<u8>) {
///         match v { 0 => out.push(1), 1 => out.extend([0, 2]), _ => {} }
///     }
/// }
/// let t = retrograde(&Board, 0, Play::Normal, 100).unwrap();
/// assert_eq!(t.get(&1), Some(Outcome::N)); // move to 2
/// assert_eq!(t.get(&0), Some(Outcome::P));
/// let m = retrograde(&Board, 0, Play::Misere, 100).unwrap();
/// assert_eq!(m.get(&1), Some(Outcome::D)); // never move to 2; nor can the opponent escape
/// ```
pub fn retrograde<G: ImpartialGame>(
    game: &G,
    start: G::Position,
    play: Play,
    limit: usize,
) -> Result<OutcomeTable<G::Position>, OutcomeError> {
    let too_large = OutcomeError::TooLarge { limit };
    let mut index: Map<G::Position, u32> = Map::default();
    let mut nodes: Vec<G::Position> = Vec::new();
    let mut edge_start: Vec<usize> = vec![0];
    let mut edges: Vec<u32> = Vec::new();
    index.insert(start.clone(), 0);
    nodes.push(start);
    let mut opts = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        opts.clear();
        game.options(&nodes[i], &mut opts);
        let mut seen_here: Set<u32> = Set::default();
        for o in opts.drain(..) {
            let j = match index.get(&o) {
                Some(&j) => j,
                None => {
                    if nodes.len() >= limit {
                        return Err(too_large);
                    }
                    let j = nodes.len() as u32;
                    index.insert(o.clone(), j);
                    nodes.push(o);
                    j
                }
            };
            if seen_here.insert(j) {
                edges.push(j);
            }
        }
        edge_start.push(edges.len());
        i += 1;
    }
    let n = nodes.len();
    drop(nodes);
    // Reverse edges (CSR).
    let mut rstart = vec![0usize; n + 1];
    for &j in &edges {
        rstart[j as usize + 1] += 1;
    }
    for k in 0..n {
        rstart[k + 1] += rstart[k];
    }
    let mut fill = rstart.clone();
    let mut redges = vec![0u32; edges.len()];
    for u in 0..n {
        for &j in &edges[edge_start[u]..edge_start[u + 1]] {
            redges[fill[j as usize]] = u as u32;
            fill[j as usize] += 1;
        }
    }
    let mut remaining: Vec<usize> = (0..n).map(|u| edge_start[u + 1] - edge_start[u]).collect();
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    // Breadth-first from the terminal positions: positions are labelled in order of depth, so an
    // N-position's first P option is one of least depth, and a P-position's last N option one of
    // greatest depth.
    let mut depth = vec![0u32; n];
    let mut queue: VecDeque<u32> = VecDeque::new();
    for u in 0..n {
        if remaining[u] == 0 {
            outcome[u] = Some(play.terminal());
            queue.push_back(u as u32);
        }
    }
    while let Some(v) = queue.pop_front() {
        let ov = outcome[v as usize].expect("labelled");
        let dv = depth[v as usize].saturating_add(1);
        for &u in &redges[rstart[v as usize]..rstart[v as usize + 1]] {
            let u = u as usize;
            if outcome[u].is_some() {
                continue;
            }
            match ov {
                Outcome::P => {
                    outcome[u] = Some(Outcome::N);
                    depth[u] = dv;
                    queue.push_back(u as u32);
                }
                _ => {
                    remaining[u] -= 1;
                    if remaining[u] == 0 {
                        outcome[u] = Some(Outcome::P);
                        depth[u] = dv;
                        queue.push_back(u as u32);
                    }
                }
            }
        }
    }
    Ok(OutcomeTable {
        index,
        outcome: outcome
            .into_iter()
            .map(|o| o.unwrap_or(Outcome::D))
            .collect(),
        depth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::Nim;
    use proptest::prelude::*;

    #[test]
    fn misere_terminal_is_a_win_for_the_mover() {
        let mut s = OutcomeSolver::new(Nim, Play::Misere);
        assert_eq!(s.outcome(&vec![]).unwrap(), Outcome::N);
        assert_eq!(s.outcome(&vec![1]).unwrap(), Outcome::P);
        let mut n = OutcomeSolver::new(Nim, Play::Normal);
        assert_eq!(n.outcome(&vec![1]).unwrap(), Outcome::N);
    }

    #[test]
    fn limit_is_enforced() {
        let mut s = OutcomeSolver::with_limit(Nim, Play::Misere, 5);
        assert_eq!(
            s.outcome(&vec![5, 6, 7]),
            Err(OutcomeError::TooLarge { limit: 5 })
        );
        assert!(matches!(
            retrograde(&Nim, vec![5, 6, 7], Play::Misere, 5),
            Err(OutcomeError::TooLarge { limit: 5 })
        ));
    }

    struct Cycle;
    impl ImpartialGame for Cycle {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            out.push(1 - p);
        }
    }

    #[test]
    fn depth_counts_moves_to_the_end_under_best_play() {
        // Nim 2 2 (P): the loser delays (take one), the winner hurries: 4 moves in all.
        let t = retrograde(&Nim, vec![2, 2], Play::Normal, 1000).unwrap();
        assert_eq!(t.depth(&vec![2, 2]), Some(4));
        assert_eq!(t.depth(&vec![2, 0]), Some(1));
        assert_eq!(t.depth(&vec![0, 0]), Some(0));
        let c = retrograde(&Cycle, 0, Play::Normal, 10).unwrap();
        assert_eq!(c.depth(&0), None);
    }

    #[test]
    fn pure_cycles_are_draws_and_the_memo_search_says_loopy() {
        let t = retrograde(&Cycle, 0, Play::Misere, 10).unwrap();
        assert_eq!(t.get(&0), Some(Outcome::D));
        assert_eq!(t.get(&1), Some(Outcome::D));
        assert_eq!(
            OutcomeSolver::new(Cycle, Play::Misere).outcome(&0),
            Err(OutcomeError::Loopy)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn misere_nim_rule_matches_search(heaps in proptest::collection::vec(0u64..5, 0..5)) {
            let mut s = OutcomeSolver::new(Nim, Play::Misere);
            prop_assert_eq!(s.outcome(&heaps).unwrap(), nim_outcome(&heaps));
            let mut searched = s.winning_moves(&heaps).unwrap();
            let mut ours: Vec<Vec<u64>> = nim_winning_moves(&heaps).into_iter().map(|(i, t)| {
                let mut q = heaps.clone();
                q[i] = t;
                q
            }).collect();
            searched.sort();
            ours.sort();
            prop_assert_eq!(ours, searched);
        }

        #[test]
        fn retrograde_agrees_with_memo_search_on_finite_games(
            heaps in proptest::collection::vec(0u64..4, 0..4),
            misere in any::<bool>(),
        ) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let t = retrograde(&Nim, heaps.clone(), play, 100_000).unwrap();
            let mut s = OutcomeSolver::new(Nim, play);
            prop_assert_eq!(t.get(&heaps), Some(s.outcome(&heaps).unwrap()));
        }
    }
}
