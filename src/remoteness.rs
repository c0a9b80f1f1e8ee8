//! Remoteness: how many moves a game lasts when the winner hurries and the loser delays.
//!
//! The outcome says *who* wins; the remoteness (Steinhaus 1925; *Winning Ways* ch. 9) says *how
//! soon*. Counting every move of both players:
//!
//! - a terminal position (no move) has remoteness `0`;
//! - a winning position (N) has remoteness `1 + min` of the remoteness of its **P-options** —
//!   the winner takes the quickest sure win;
//! - a losing position (P) has remoteness `1 + max` of the remoteness of **all** its options
//!   (every one is N) — the loser holds out as long as possible;
//! - a draw (D, loopy games only) has no remoteness: play goes on forever.
//!
//! The rule is the same under misère play, whose terminal positions are won by the player to
//! move (N with remoteness 0): only the outcomes differ. In a loopy game the rule is read as a
//! least fixed point — the values retrograde analysis gives, breadth-first from the terminal
//! positions ([`crate::solve::outcomes::retrograde`]); a player who always moves to a P-option of
//! least remoteness then wins for sure, even around cycles.
//!
//! Remoteness is **not** a function of the components of a sum (as the Grundy value is): the
//! remoteness of `G + H` depends on the whole sum (Conway's *On Numbers and Games* ch. 9 gives
//! the rules for the *conjoint* sum, where every component moves at once — not this one). So it
//! is found here by a search of the whole sum: [`of`] for one position of any
//! [`ImpartialGame`], [`table`] for every position reachable from a start, both within a stated
//! limit on stored positions ([`OutcomeError::TooLarge`] beyond it: then the remoteness is
//! unknown, never guessed) — [`table_within`] also bounds the time.
//! [`crate::position::Engine::remoteness`] does it for position files, within
//! [`crate::position::analysis::DEPTH_LIMIT`] positions of the whole sum and [`TIME_LIMIT`].
//!
//! ```
//! use grundy::games::nim::Nim;
//! use grundy::remoteness::{self, Remoteness};
//! use grundy::solve::outcomes::Play;
//! use grundy::Outcome;
//!
//! // Nim 2 2 is lost for the player to move: he takes one counter (the longest defence), the
//! // winner mirrors, and so on — four moves in all.
//! let r = remoteness::of(&Nim, &vec![2, 2], Play::Normal, 1000).unwrap();
//! assert_eq!(r, Remoteness { outcome: Outcome::P, remoteness: Some(4) });
//! // Nim 1 2 3 0 ... : from 1 2 the winner moves to 1 1, then wins with the third move.
//! assert_eq!(remoteness::of(&Nim, &vec![1, 2], Play::Normal, 1000).unwrap().remoteness, Some(3));
//! // Under misère play a lone heap of 3 is won by taking 2 (leaving the last counter to the
//! // opponent, who must take it): two moves.
//! let m = remoteness::of(&Nim, &vec![3], Play::Misere, 1000).unwrap();
//! assert_eq!((m.outcome, m.remoteness), (Outcome::N, Some(2)));
//! ```

use std::cell::Cell;
use std::hash::Hash;
use std::time::Duration;

use serde::Serialize;
use thiserror::Error;

use crate::solve::outcomes::{OutcomeError, OutcomeTable, Play, retrograde};
use crate::time::Instant;
use crate::{ImpartialGame, Outcome};

/// The most time a search for the remoteness of a position file spends listing moves
/// ([`crate::position::Engine::remoteness`]): a quarter of a second, so that play (on a web page
/// too) never waits long for it.
pub const TIME_LIMIT: Duration = Duration::from_millis(250);

/// The outcome of a position and its remoteness (`None` exactly for a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Remoteness {
    /// P, N or D.
    pub outcome: Outcome,
    /// Moves to the end when the winner hurries and the loser delays; `None` for a draw.
    pub remoteness: Option<u64>,
}

/// The remoteness of a position is unknown: the search of the whole game it needs is larger than
/// the limits ([`table_within`]).
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
#[error(
    "remoteness unknown: it needs a search of more than {positions} positions, or more than {millis} ms, of the whole sum (the limits; the remoteness of a sum is not a function of its components)"
)]
pub struct TooLarge {
    /// The limit on stored positions.
    pub positions: usize,
    /// The limit on the time listing moves, in milliseconds.
    pub millis: u128,
}

/// The game `G` with a deadline: once it has passed, every position is given no option (and
/// `over` is set: the search built on it is then thrown away).
struct Deadline<'a, G> {
    game: &'a G,
    deadline: Instant,
    over: Cell<bool>,
}

impl<G: ImpartialGame> ImpartialGame for Deadline<'_, G> {
    type Position = G::Position;
    fn options(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        if self.over.get() {
            return;
        }
        if Instant::now() >= self.deadline {
            self.over.set(true);
            return;
        }
        self.game.options(p, out);
    }
}

/// [`table`] within a time too: at most `positions` stored positions, and at most `time` spent
/// listing moves (a game with many moves per position, or costly ones, takes time beyond its
/// positions' count); [`TooLarge`] beyond either, soon after. The answer is exact or none: the
/// time only decides whether there is one (on a slower machine, sooner none).
///
/// ```
/// use std::time::Duration;
/// use grundy::games::nim::Nim;
/// use grundy::remoteness::{self, TooLarge};
/// use grundy::solve::outcomes::Play;
/// let second = Duration::from_secs(1);
/// let t = remoteness::table_within(&Nim, vec![3, 4, 5], Play::Normal, 1000, second).unwrap();
/// assert_eq!(remoteness::read(&t, &vec![3, 4, 5]).unwrap().remoteness, Some(11));
/// let e = remoteness::table_within(&Nim, vec![30, 40, 50], Play::Normal, 1000, second);
/// assert_eq!(e.err(), Some(TooLarge { positions: 1000, millis: 1000 }));
/// ```
pub fn table_within<G: ImpartialGame>(
    game: &G,
    start: G::Position,
    play: Play,
    positions: usize,
    time: Duration,
) -> Result<OutcomeTable<G::Position>, TooLarge> {
    let too_large = TooLarge {
        positions,
        millis: time.as_millis(),
    };
    let timed = Deadline {
        game,
        deadline: Instant::now() + time,
        over: Cell::new(false),
    };
    let t = retrograde(&timed, start, play, positions).map_err(|_| too_large)?;
    if timed.over.get() {
        return Err(too_large);
    }
    Ok(t)
}

/// The outcome and remoteness of every position reachable from `start` (its
/// [`OutcomeTable::depth`] is the remoteness), by retrograde analysis storing at most `limit`
/// positions.
pub fn table<G: ImpartialGame>(
    game: &G,
    start: G::Position,
    play: Play,
    limit: usize,
) -> Result<OutcomeTable<G::Position>, OutcomeError> {
    retrograde(game, start, play, limit)
}

/// The outcome and remoteness of `p`, by a search of every position reachable from it (at most
/// `limit` of them: [`OutcomeError::TooLarge`] beyond).
pub fn of<G: ImpartialGame>(
    game: &G,
    p: &G::Position,
    play: Play,
    limit: usize,
) -> Result<Remoteness, OutcomeError> {
    let t = table(game, p.clone(), play, limit)?;
    Ok(read(&t, p).expect("the start is reached"))
}

/// The outcome and remoteness of `p` in `t` (`None` when `p` was not reached).
pub fn read<P: Eq + Hash>(t: &OutcomeTable<P>, p: &P) -> Option<Remoteness> {
    let outcome = t.get(p)?;
    Some(Remoteness {
        outcome,
        remoteness: t.depth(p).map(u64::from),
    })
}

/// The remoteness of a position reached by a move, told from the side of the player making it:
/// `"win in 3"` (the mover wins, with the game's third move from now, this one counted), `"lose
/// in 2"`, `"draw"`, or `None` when the remoteness of the position left is unknown.
///
/// ```
/// use grundy::remoteness::{Remoteness, after_move};
/// use grundy::Outcome;
/// let left = Remoteness { outcome: Outcome::P, remoteness: Some(2) };
/// assert_eq!(after_move(&left).as_deref(), Some("win in 3"));
/// ```
pub fn after_move(left: &Remoteness) -> Option<String> {
    match (left.outcome, left.remoteness) {
        (Outcome::D, _) => Some("draw".into()),
        (Outcome::P, Some(r)) => Some(format!("win in {}", r + 1)),
        (Outcome::N, Some(r)) => Some(format!("lose in {}", r + 1)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::Nim;
    use proptest::prelude::*;

    /// A game on vertices `0..n` with the given successor lists (cycles allowed).
    #[derive(Debug)]
    struct Board(Vec<Vec<usize>>);

    impl ImpartialGame for Board {
        type Position = usize;
        fn options(&self, v: &usize, out: &mut Vec<usize>) {
            out.extend(self.0[*v].iter().copied());
        }
    }

    /// The independent brute force: bounded-depth minimax straight from the definition. The
    /// player to move can force a win within `d` moves (`win[d][v]`) iff `v` is terminal under
    /// misère play, or some option is lost within `d - 1`; is lost within `d` (`lose[d][v]`) iff
    /// `v` is terminal under normal play, or every option is won within `d - 1`. The remoteness
    /// is the least such `d` (found below `n + 1` or never: a draw).
    fn brute(board: &Board, play: Play) -> Vec<Remoteness> {
        let n = board.0.len();
        let terminal_wins = play == Play::Misere;
        let mut win = vec![vec![false; n]; n + 2];
        let mut lose = vec![vec![false; n]; n + 2];
        for v in 0..n {
            if board.0[v].is_empty() {
                win[0][v] = terminal_wins;
                lose[0][v] = !terminal_wins;
            }
        }
        for d in 1..n + 2 {
            for v in 0..n {
                let opts = &board.0[v];
                if opts.is_empty() {
                    win[d][v] = terminal_wins;
                    lose[d][v] = !terminal_wins;
                } else {
                    win[d][v] = opts.iter().any(|&w| lose[d - 1][w]);
                    lose[d][v] = opts.iter().all(|&w| win[d - 1][w]);
                }
            }
        }
        (0..n)
            .map(|v| {
                let first_win = (0..n + 2).find(|&d| win[d][v]);
                let first_lose = (0..n + 2).find(|&d| lose[d][v]);
                match (first_win, first_lose) {
                    (Some(d), None) => Remoteness {
                        outcome: Outcome::N,
                        remoteness: Some(d as u64),
                    },
                    (None, Some(d)) => Remoteness {
                        outcome: Outcome::P,
                        remoteness: Some(d as u64),
                    },
                    (None, None) => Remoteness {
                        outcome: Outcome::D,
                        remoteness: None,
                    },
                    (Some(_), Some(_)) => unreachable!("won and lost"),
                }
            })
            .collect()
    }

    /// Nim by the recursive definition (finite: no draws).
    fn nim_brute(heaps: &[u64], play: Play) -> (Outcome, u64) {
        let mut opts = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for to in 0..h {
                let mut q = heaps.to_vec();
                q[i] = to;
                opts.push(nim_brute(&q, play));
            }
        }
        if opts.is_empty() {
            return (play.terminal(), 0);
        }
        let p_opts = opts.iter().filter(|o| o.0 == Outcome::P).map(|o| o.1);
        match p_opts.min() {
            Some(r) => (Outcome::N, r + 1),
            None => (Outcome::P, 1 + opts.iter().map(|o| o.1).max().unwrap()),
        }
    }

    fn board(max: usize, acyclic: bool) -> impl Strategy<Value = Board> {
        (1..=max)
            .prop_flat_map(move |n| {
                proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n)
            })
            .prop_map(move |succ| {
                Board(
                    succ.into_iter()
                        .enumerate()
                        .map(|(v, s)| {
                            let mut s: Vec<usize> =
                                s.into_iter().filter(|&w| !acyclic || w < v).collect();
                            s.sort_unstable();
                            s.dedup();
                            s
                        })
                        .collect(),
                )
            })
    }

    #[test]
    fn the_rule_on_small_cases() {
        // 2 -> 1 -> 0 and 2 -> 0: 2 wins at once (1 move), 1 wins in 1, 0 is over.
        let b = Board(vec![vec![], vec![0], vec![0, 1]]);
        assert_eq!(of(&b, &2, Play::Normal, 10).unwrap().remoteness, Some(1));
        // Misère: 0 is won by the player to move (0 moves); 1 -> 0 hands it over: lost in 1;
        // 2 moves to 1: won in 2.
        let m = of(&b, &2, Play::Misere, 10).unwrap();
        assert_eq!((m.outcome, m.remoteness), (Outcome::N, Some(2)));
        // A pure cycle is a draw.
        let c = Board(vec![vec![1], vec![0]]);
        let d = of(&c, &0, Play::Normal, 10).unwrap();
        assert_eq!((d.outcome, d.remoteness), (Outcome::D, None));
        assert_eq!(after_move(&d).as_deref(), Some("draw"));
        assert!(matches!(
            of(&Nim, &vec![9, 9, 9], Play::Normal, 50),
            Err(OutcomeError::TooLarge { limit: 50 })
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn table_matches_the_brute_force_on_random_games(
            b in board(9, false),
            misere in any::<bool>(),
        ) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let want = brute(&b, play);
            for (v, w) in want.iter().enumerate() {
                prop_assert_eq!(of(&b, &v, play, 1000).unwrap(), *w, "vertex {}", v);
            }
        }

        #[test]
        fn finite_games_have_no_draws_and_match(b in board(9, true), misere in any::<bool>()) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let want = brute(&b, play);
            let t = table(&b, b.0.len() - 1, play, 1000).unwrap();
            for (v, w) in want.iter().enumerate() {
                if let Some(r) = read(&t, &v) {
                    prop_assert!(r.remoteness.is_some());
                    prop_assert_eq!(r, *w);
                }
            }
        }

        #[test]
        fn nim_matches_the_recursive_definition(
            heaps in proptest::collection::vec(0u64..4, 0..4),
            misere in any::<bool>(),
        ) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let (o, r) = nim_brute(&heaps, play);
            prop_assert_eq!(
                of(&Nim, &heaps, play, 100_000).unwrap(),
                Remoteness { outcome: o, remoteness: Some(r) }
            );
        }
    }
}
