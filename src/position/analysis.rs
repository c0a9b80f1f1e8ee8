//! The analysis of a position under normal or misère play: value, outcome, every winning move.
//!
//! - Normal play: the Sprague–Grundy theorem ([`super::Sum::value`],
//!   [`super::Sum::winning_moves`]); no search, any size.
//! - Misère play, every component Nim or over: the misère Nim rule
//!   ([`crate::solve::outcomes::nim_outcome`]) on all their heaps together — exact, any size.
//! - Misère play, every component a heap game of one ruleset whose misère quotient is final, or
//!   partial but covering every heap present ([`crate::misere`]): the outcome and every winning
//!   move from the quotient — exact, any heap size.
//! - Misère play otherwise: an exact search of the whole sum ([`OutcomeSolver`]) storing at most
//!   [`Engine::limit`] positions (default [`DEFAULT_LIMIT`] = 2,000,000), and refusing at once a
//!   position with more moves than that. When a loopy graph component makes a position repeat,
//!   retrograde analysis of the reachable positions of the whole sum ([`retrograde`]), with draws,
//!   within the same limit. Beyond the limit: [`AnalysisError::TooLarge`], never a guess.

use serde::Serialize;
use thiserror::Error;

use super::packed::{Key, Packed};
use super::{Move, Rules, State, Sum};
use crate::remoteness::{self, Remoteness};
use crate::solve::outcomes::{
    self, DEFAULT_LIMIT, OutcomeError, OutcomeSolver, OutcomeTable, Play, retrograde,
};
use crate::{LoopyValue, Outcome};

/// The most positions of a whole loopy sum that play analyses retrogradely to find the fastest
/// win (200,000); beyond it the computer takes the first winning move.
pub const DEPTH_LIMIT: usize = 200_000;

/// Why a position could not be analysed exactly.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// Misère play needs a search of the whole sum, and it is too large.
    #[error(
        "exact misère analysis of this position needs more than {limit} positions of the whole sum (the limit): it is too large (the misère Nim rule covers sums of Nim components of any size)"
    )]
    TooLarge {
        /// The limit on stored positions.
        limit: usize,
    },
}

/// How the answer was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Normal play: the Sprague–Grundy theorem (XOR of the components' values).
    SpragueGrundy,
    /// Misère play: the misère Nim rule.
    MisereNim,
    /// Misère play: memoised search of the whole sum.
    Search,
    /// Misère play with loops: retrograde analysis of the whole sum, with draws.
    Retrograde,
    /// Misère play, heaps of one game: its misère quotient (Plambeck–Siegel).
    MisereQuotient,
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The convention.
    pub play: Play,
    /// Normal play only: the value of the sum (`None` under misère play, which has no values).
    pub value: Option<LoopyValue>,
    /// Normal play only: the value of each component (empty under misère play).
    pub components: Vec<LoopyValue>,
    /// P, N or D.
    pub outcome: Outcome,
    /// Every winning move (empty unless the outcome is N).
    pub winning_moves: Vec<Move>,
    /// How the answer was found.
    pub method: Method,
}

/// Analyse a position once (see the module docs for the methods and limits).
pub fn analyse(p: &super::Position, play: Play) -> Result<Analysis, AnalysisError> {
    Engine::new(p.sum.clone(), play).analyse(&p.state)
}

/// Analyses positions of one sum under one convention, keeping what it learns (for play).
pub struct Engine {
    solver: OutcomeSolver<Packed>,
    /// Misère play with loops: the retrograde table of the whole sum.
    table: Option<OutcomeTable<Key>>,
    /// Normal play with a loopy graph: the retrograde table, for the depth of wins (play only).
    normal_table: Option<OutcomeTable<Key>>,
    /// A depth table was tried and the sum was too large for it.
    depth_failed: bool,
    /// A finite sum: the outcome and remoteness of every position reachable from the first one
    /// asked about ([`Engine::remoteness`]).
    remote: Option<OutcomeTable<Key>>,
    /// The material of the last position whose remoteness table was too large: positions with
    /// more than three quarters as much are not tried again.
    remote_failed_at: Option<u128>,
    limit: usize,
    /// Misère play, heaps of one ruleset: its quotient, once computed (`Some(None)`: not usable).
    quotient: Option<Option<std::sync::Arc<crate::misere::Quotient>>>,
}

impl Engine {
    /// An engine with the default limit [`DEFAULT_LIMIT`].
    pub fn new(sum: Sum, play: Play) -> Engine {
        Engine::with_limit(sum, play, DEFAULT_LIMIT)
    }

    /// An engine storing at most `limit` positions in misère searches.
    pub fn with_limit(sum: Sum, play: Play, limit: usize) -> Engine {
        Engine {
            solver: OutcomeSolver::with_limit(Packed { sum }, play, limit),
            table: None,
            normal_table: None,
            depth_failed: false,
            remote: None,
            remote_failed_at: None,
            limit,
            quotient: None,
        }
    }

    /// The sum being played.
    pub fn sum(&self) -> &Sum {
        &self.solver.game().sum
    }

    /// The convention.
    pub fn play(&self) -> Play {
        self.solver.play()
    }

    /// The limit on stored positions for misère searches.
    pub fn limit(&self) -> usize {
        self.limit
    }

    fn too_large(&self) -> AnalysisError {
        AnalysisError::TooLarge { limit: self.limit }
    }

    /// The outcome of `state` and how it was found.
    pub fn outcome_with_method(
        &mut self,
        state: &[State],
    ) -> Result<(Outcome, Method), AnalysisError> {
        if self.play() == Play::Normal {
            return Ok((self.sum().value(state).outcome(), Method::SpragueGrundy));
        }
        if self.sum().is_nim_like(state) {
            return Ok((
                outcomes::nim_outcome(&nim_heaps(self.sum(), state)),
                Method::MisereNim,
            ));
        }
        if let Some(q) = self.heap_quotient(state) {
            let heaps = all_heaps(state);
            if let Ok(o) = q.outcome(&heaps) {
                return Ok((o, Method::MisereQuotient));
            }
        }
        if self.sum().move_bound(state) > self.limit as u128 {
            return Err(self.too_large());
        }
        let key = self.solver.game().pack(state);
        if let Some(o) = self.table.as_ref().and_then(|t| t.get(&key)) {
            return Ok((o, Method::Retrograde));
        }
        if self.table.is_none() {
            match self.solver.outcome(&key) {
                Ok(o) => return Ok((o, Method::Search)),
                Err(OutcomeError::TooLarge { .. }) => return Err(self.too_large()),
                Err(OutcomeError::Loopy) => {}
            }
        }
        let table = retrograde(self.solver.game(), key.clone(), Play::Misere, self.limit)
            .map_err(|_| self.too_large())?;
        let o = table.get(&key).expect("the start is reached");
        self.table = Some(table);
        Ok((o, Method::Retrograde))
    }

    /// The outcome of `state` (P, N or D).
    pub fn outcome(&mut self, state: &[State]) -> Result<Outcome, AnalysisError> {
        Ok(self.outcome_with_method(state)?.0)
    }

    /// Every winning move from `state`: the moves to a P-position of the whole sum.
    pub fn winning_moves(&mut self, state: &[State]) -> Result<Vec<Move>, AnalysisError> {
        if self.play() == Play::Normal {
            return Ok(self.sum().winning_moves(state));
        }
        if self.sum().is_nim_like(state) {
            return Ok(misere_nim_moves(self.sum(), state));
        }
        if let Some(q) = self.heap_quotient(state)
            && let Ok(rest) = q.complements(&all_heaps(state))
        {
            return Ok(self.quotient_moves(&q, state, &rest));
        }
        if self.sum().move_bound(state) > self.limit as u128 {
            return Err(self.too_large());
        }
        let mut all = Vec::new();
        self.sum().moves(state, &mut all);
        let mut wins = Vec::new();
        for m in all {
            let next = self
                .sum()
                .apply(state, &m)
                .expect("generated moves are legal");
            if self.outcome(&next)? == Outcome::P {
                wins.push(m);
            }
        }
        Ok(wins)
    }

    /// The full analysis of `state`.
    pub fn analyse(&mut self, state: &[State]) -> Result<Analysis, AnalysisError> {
        let (outcome, method) = self.outcome_with_method(state)?;
        let winning_moves = if outcome == Outcome::N {
            self.winning_moves(state)?
        } else {
            Vec::new()
        };
        let (value, components) = match self.play() {
            Play::Normal => {
                let values = self.sum().values(state);
                (Some(LoopyValue::sum(values.iter().cloned())), values)
            }
            Play::Misere => (None, Vec::new()),
        };
        Ok(Analysis {
            play: self.play(),
            value,
            components,
            outcome,
            winning_moves,
            method,
        })
    }
}

/// Seconds a misère analysis spends computing a quotient before falling back to exact search.
pub const QUOTIENT_SECONDS: f64 = 1.0;

impl Engine {
    /// Misère play with every component a heap game of one ruleset (moves leaving at most two
    /// heaps): the quotient of that ruleset, computed once — up to the largest heap present when
    /// it is at most 200 (exact for those heaps, final or not), else up to heap 200 and used only
    /// when final; at most [`QUOTIENT_SECONDS`] are spent, then exact search takes over.
    fn heap_quotient(
        &mut self,
        state: &[State],
    ) -> Option<std::sync::Arc<crate::misere::Quotient>> {
        if self.play() != Play::Misere {
            return None;
        }
        let biggest = state.iter().flatten().copied().max().unwrap_or(0);
        if self.quotient.is_none() {
            let mut ruleset = None;
            for r in &self.sum().components {
                match r {
                    Rules::Heap(h) if ruleset.is_none_or(|x| x == &h.ruleset) => {
                        ruleset = Some(&h.ruleset);
                    }
                    _ => {
                        ruleset = None;
                        break;
                    }
                }
            }
            let settings = crate::misere::Settings {
                max_heap: biggest.clamp(1, 200) as usize,
                deadline: Some(
                    crate::time::Instant::now()
                        + std::time::Duration::from_secs_f64(QUOTIENT_SECONDS),
                ),
            };
            let q = ruleset.and_then(|r| {
                crate::misere::Quotient::compute(r, &settings, &crate::progress::Silent).ok()
            });
            self.quotient = Some(q.map(|c| std::sync::Arc::new(c.quotient)));
        }
        let q = self.quotient.clone().flatten()?;
        (q.is_final() || biggest <= q.heaps() as u64).then_some(q)
    }

    /// The winning moves by the quotient: every move of the sum (as [`Sum::moves`] lists them)
    /// whose result is in `P`, `rest[j]` being the element of all heaps but the `j`-th (flat).
    fn quotient_moves(
        &self,
        q: &crate::misere::Quotient,
        state: &[State],
        rest: &[u32],
    ) -> Vec<Move> {
        let mut first = Vec::with_capacity(state.len());
        let mut j = 0;
        for s in state {
            first.push(j);
            j += s.len();
        }
        let mut all = Vec::new();
        self.sum().moves(state, &mut all);
        all.into_iter()
            .filter(|m| match &m.action {
                super::Action::Heap { heap, to, .. } => q
                    .element_of(to)
                    .is_ok_and(|x| q.is_p(q.multiply(rest[first[m.component] + heap], x))),
                _ => false,
            })
            .collect()
    }

    /// The retrograde table with depths covering `state`, when the sum is loopy and small enough.
    fn ensure_depth_table(&mut self, state: &[State]) -> bool {
        if !self.is_loopy() || self.depth_failed {
            return false;
        }
        let key = self.solver.game().pack(state);
        let play = self.play();
        let slot = match play {
            Play::Normal => &mut self.normal_table,
            Play::Misere => &mut self.table,
        };
        if slot.as_ref().is_none_or(|t| t.get(&key).is_none()) {
            *slot = retrograde(self.solver.game(), key, play, DEPTH_LIMIT.min(self.limit)).ok();
        }
        self.depth_failed = slot.is_none();
        !self.depth_failed
    }

    fn depth_table(&self) -> Option<&OutcomeTable<Key>> {
        match self.play() {
            Play::Normal => self.normal_table.as_ref(),
            Play::Misere => self.table.as_ref(),
        }
    }

    /// The move a perfect player makes from `state`: a winning move when one exists (the first in
    /// order); from a draw, a move that keeps the draw; otherwise (a lost position) a move that
    /// prolongs the game — among the smallest moves of each component (take one counter, carry
    /// one coin, slide one cell, ...), the one leaving the most material. `None` when no move
    /// exists.
    ///
    /// In a loopy game moving to any P-position is not enough to win (the opponent may steer play
    /// around a cycle), so when a graph component has cycles the engine uses retrograde analysis
    /// of the whole sum (within [`DEPTH_LIMIT`] positions) and moves to a P-position of least
    /// depth, which forces a win; beyond the limit it takes the first winning move (a stubborn
    /// opponent may then be able to keep the game going around a cycle).
    pub fn best_move(&mut self, state: &[State]) -> Result<Option<Move>, AnalysisError> {
        let wins = self.winning_moves(state)?;
        if !wins.is_empty() {
            if self.ensure_depth_table(state) {
                let table = self.depth_table().expect("built");
                let game = self.solver.game();
                let best = wins.iter().min_by_key(|m| {
                    let next = game.sum.apply(state, m).expect("legal");
                    table.depth(&game.pack(&next)).unwrap_or(u32::MAX)
                });
                return Ok(best.cloned());
            }
            return Ok(wins.into_iter().next());
        }
        let outcome = self.outcome(state)?;
        if outcome == Outcome::P
            && self.sum().move_bound(state) <= 100_000
            && self.ensure_depth_table(state)
        {
            // A lost loopy game: delay the end as long as possible.
            let mut all = Vec::new();
            self.sum().moves(state, &mut all);
            let table = self.depth_table().expect("built");
            let game = self.solver.game();
            let best = all.into_iter().max_by_key(|m| {
                let next = game.sum.apply(state, m).expect("legal");
                table.depth(&game.pack(&next)).unwrap_or(0)
            });
            return Ok(best);
        }
        let mut candidates = Vec::new();
        self.sum().small_moves(state, &mut candidates);
        if outcome == Outcome::D && self.sum().move_bound(state) <= 100_000 {
            self.sum().moves(state, &mut candidates);
        }
        let mut best: Option<(bool, u128, Move)> = None;
        for m in candidates {
            let next = self
                .sum()
                .apply(state, &m)
                .expect("generated moves are legal");
            let keeps_draw = outcome == Outcome::D && self.outcome(&next)? == Outcome::D;
            let material = self.sum().material(&next);
            let better = match &best {
                None => true,
                Some((d, mat, _)) => (keeps_draw, material) > (*d, *mat),
            };
            if better {
                best = Some((keeps_draw, material, m));
            }
        }
        Ok(best.map(|(_, _, m)| m))
    }
}

impl Engine {
    fn is_loopy(&self) -> bool {
        self.sum()
            .components
            .iter()
            .any(|r| matches!(r, Rules::Graph(g) if !g.values.is_acyclic()))
    }

    /// The outcome and remoteness of `state` ([`crate::remoteness`]: moves to the end when the
    /// winner hurries and the loser delays; none for a draw), by retrograde analysis of every
    /// position of the whole sum reachable from it, within [`DEPTH_LIMIT`] positions (and the
    /// engine's limit) and [`remoteness::TIME_LIMIT`] (a quarter of a second). The table is kept, so the positions of the game that follows are
    /// answered at once; after a failure, positions of more than three quarters as much
    /// [`Sum::material`] are not tried again (each try costs up to the limit).
    ///
    /// ```
    /// use grundy::position::{Engine, Position, Rules};
    /// use grundy::solve::outcomes::Play;
    /// use grundy::Outcome;
    /// let p = Position::new(vec![Rules::Nim], vec![vec![1, 2]]);
    /// let mut e = Engine::new(p.sum.clone(), Play::Normal);
    /// let r = e.remoteness(&p.state).unwrap();
    /// assert_eq!((r.outcome, r.remoteness), (Outcome::N, Some(3))); // to 1 1, then it ends
    /// ```
    pub fn remoteness(&mut self, state: &[State]) -> Result<Remoteness, remoteness::TooLarge> {
        let too_large = remoteness::TooLarge {
            positions: DEPTH_LIMIT.min(self.limit),
            millis: remoteness::TIME_LIMIT.as_millis(),
        };
        let key = self.solver.game().pack(state);
        if self.is_loopy() {
            if !self.ensure_depth_table(state) {
                return Err(too_large);
            }
            let t = self.depth_table().expect("built");
            return remoteness::read(t, &key).ok_or(too_large);
        }
        if let Some(r) = self.remote.as_ref().and_then(|t| remoteness::read(t, &key)) {
            return Ok(r);
        }
        let material = self.sum().material(state);
        if self
            .remote_failed_at
            .is_some_and(|m| material.saturating_mul(4) > m.saturating_mul(3))
        {
            return Err(too_large);
        }
        match remoteness::table_within(
            self.solver.game(),
            key.clone(),
            self.play(),
            too_large.positions,
            remoteness::TIME_LIMIT,
        ) {
            Ok(t) => {
                let r = remoteness::read(&t, &key).expect("the start is reached");
                self.remote = Some(t);
                Ok(r)
            }
            Err(_) => {
                self.remote_failed_at = Some(material);
                Err(too_large)
            }
        }
    }

    /// The move of best play by remoteness, when the remoteness of `state` is known
    /// ([`Engine::remoteness`]) and the position is not a draw: from a win, a move to a
    /// P-position of least remoteness (the quickest sure win); from a loss, a move to a position
    /// of greatest remoteness (the longest defence); the first such in [`Sum::moves`] order.
    /// `None` otherwise (no move, a draw, or the remoteness unknown).
    pub fn remoteness_move(&mut self, state: &[State]) -> Option<Move> {
        let here = self.remoteness(state).ok()?;
        here.remoteness?;
        let mut all = Vec::new();
        self.sum().moves(state, &mut all);
        let mut best: Option<(u64, Move)> = None;
        for m in all {
            let next = self
                .sum()
                .apply(state, &m)
                .expect("generated moves are legal");
            let r = self.remoteness(&next).ok()?;
            let Some(d) = r.remoteness else { continue };
            let score = match (here.outcome, r.outcome) {
                (Outcome::N, Outcome::P) => u64::MAX - d,
                (Outcome::P, _) => d,
                _ => continue,
            };
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, m));
            }
        }
        best.map(|(_, m)| m)
    }
}

/// Every heap of every component, in order (heap components only: see `heap_quotient`).
fn all_heaps(state: &[State]) -> Vec<u64> {
    state.iter().flatten().copied().collect()
}

/// All heaps of the Nim components, in order (components that are over contribute nothing).
fn nim_heaps(sum: &Sum, state: &[State]) -> Vec<u64> {
    sum.components
        .iter()
        .zip(state)
        .filter(|(r, _)| matches!(r, Rules::Nim))
        .flat_map(|(_, s)| s.iter().copied())
        .collect()
}

/// The misère Nim rule's winning moves, mapped back to (component, heap).
fn misere_nim_moves(sum: &Sum, state: &[State]) -> Vec<Move> {
    let mut owner = Vec::new();
    for (i, (r, s)) in sum.components.iter().zip(state).enumerate() {
        if matches!(r, Rules::Nim) {
            owner.extend((0..s.len()).map(|h| (i, h)));
        }
    }
    let heaps = nim_heaps(sum, state);
    outcomes::nim_winning_moves(&heaps)
        .into_iter()
        .map(|(j, to)| {
            let (component, heap) = owner[j];
            Move {
                component,
                action: super::Action::Nim {
                    heap,
                    from: heaps[j],
                    to,
                },
            }
        })
        .collect()
}
