// Why this file is long: it is one engine: the private recursive `Searcher` and the public `Search`
// that runs it at the root on several threads share private state (`Halt`, `Live`, the searcher's
// fields), and the module docs describe both halves as one method.
//! The depth-first search for the value of one component, with its pruning.
//!
//! **Plain search.** `G(c) = mex { G(m) : m a move of c }`, where a move that splits the
//! component is worth the XOR of its parts (Sprague–Grundy). Every part is searched on its own
//! and its exact value kept in the [`Table`].
//!
//! **Candidate sets** (Beling and Rogalski, *On pruning search trees of impartial games*,
//! Artificial Intelligence 283, 2020). The search answers a weaker question, "is `G(c)` in the
//! set `R`, and if so what is it?". A component with `n` moves has its value in
//! `P = {0, …, n}`; each move whose value `v` is found removes `v` from `P` — or, when `v` is not
//! in `P`, the largest element of `P`, since with `r` moves left the mex is among the `r + 1`
//! smallest candidates. So a move need only be asked whether its value lies in `P` without its
//! largest element (and not above `max R`): when it does not, the largest candidate goes. As soon
//! as `P ∩ R` is empty the answer is "not in `R`" and the other moves are never searched. A
//! move that is a sum `a + b + …` is asked by computing all parts but the largest exactly and
//! asking the largest whether its value lies in the set shifted by their XOR.
//!
//! **Aspiration at the root** (Lemoine and Viennot, *Nimbers are inevitable*, Theoretical
//! Computer Science 462, 2012, and Beling's aspiration sets). `G(c) = k` iff no move is worth
//! `k` and every smaller value is — and "is a move worth `k`?" is the outcome question for
//! `m + *k`, the cheapest question there is. The root tries `k = 0, 1, 2, …`, asking each move
//! about `k` alone (`R = {k}`); exact answers found on the way are remembered, so a move is
//! searched once per round at most, and the first `k` no move has is the value.
//!
//! **Bounds in the table.** A candidate-set search that answers "not in `R`" has learnt a true
//! fact, `G(c) ∉ R`, and most searches end that way (the first move found worth the one value
//! asked settles them). The table keeps such facts beside the exact values, as the set of
//! values below 32 the component does not have; a later search of the component drops those
//! values from its `R`, and when nothing is left answers at once: many searches ask only about
//! values an earlier search had excluded ([`Config::bounds`] turns this off).
//!
//! **Enhanced transposition cut-off.** Before any move is searched, every move whose parts are
//! all in the table (or known to the game) is settled, so cheap information shrinks `P` first.
//!
//! **Move ordering.** Moves whose largest unknown part is smallest go first: they are cheap and
//! their values shrink the candidate set for the dear ones.
//!
//! **Two cores.** The root's moves of each round are shared among the threads through one
//! atomic counter; the table is shared, so each thread's finished components serve the others.
//! When one thread finds a move worth the round's `k`, the others abandon their move (nothing
//! half-searched is ever stored) and the next round begins. Root moves that leave the same
//! parts (a move and its mirror image on a symmetric board) are searched once, so the threads
//! never search one position side by side; root moves the table, the game or a theorem settles
//! (the central domino of an even × odd Cram board, whose mirror strategy wins) are settled
//! before the first round.
//!
//! Every switch is in [`Config`], so the tests compare each method with the plain search.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, DefaultHasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::distributed::busy::{Board, Busy};
use super::distributed::remote::RemoteValues;
use super::table::Learnt;
use super::{Moves, NimSet, Probe, SearchGame, Table};

/// The most moves a node searched by candidate sets may have (its value is then at most 127:
/// [`NimSet`]); a node with more moves is searched value by value (aspiration), which holds
/// any value up to 127.
pub const MAX_MOVES: usize = 127;

/// The search's switches.
#[derive(Clone, Debug)]
pub struct Config {
    /// Beling–Rogalski candidate sets (`false`: the plain mex of every move's exact value).
    pub pruning: bool,
    /// The root asks "is a move worth `k`?" for `k = 0, 1, …` (Lemoine–Viennot).
    pub aspiration: bool,
    /// Moves with smaller parts first.
    pub ordering: bool,
    /// Inner nodes by aspiration too (value by value up to the largest value asked for) instead
    /// of candidate sets.
    pub inner_aspiration: bool,
    /// Keep and use the transposition table (`false`: every component is searched each time).
    pub table: bool,
    /// Keep in the table what a candidate-set search that failed learnt — the values a
    /// component does not have — and narrow (or skip) later searches of it by them.
    pub bounds: bool,
    /// Write a node's moves one at a time, so that the transposition cut-off can answer
    /// before the others are written (games with [`SearchGame::move_handles`]; `false`: every
    /// move written first).
    pub lazy_moves: bool,
    /// Threads at the root (1 or more).
    pub threads: usize,
    /// When a thread finds a root move worth the round's value, the others abandon their move
    /// at once (`false`: they finish it).
    pub abort_round: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            pruning: true,
            aspiration: true,
            ordering: true,
            inner_aspiration: false,
            table: true,
            bounds: true,
            lazy_moves: true,
            threads: 1,
            abort_round: true,
        }
    }
}

/// Why a search stopped without an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The caller asked it to stop.
    #[error("the search was cancelled")]
    Cancelled,
    /// A component has more moves than the search's value sets hold.
    #[error(
        "a component has {moves} moves whose values take every value up to {MAX_MOVES}: its value exceeds what the search holds"
    )]
    TooManyMoves {
        /// The number of moves.
        moves: usize,
    },
    /// A line of play is longer than the search follows.
    #[error("a line of play is longer than {depth} moves, more than the search follows")]
    TooDeep {
        /// The depth reached.
        depth: usize,
    },
}

/// The deepest line of play the search follows (its threads have stacks for it).
pub const MAX_DEPTH: usize = 50_000;

/// The stack of each search thread.
pub(crate) const STACK_BYTES: usize = 512 << 20;

/// Counters of a search (all threads together).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Components searched (nodes of the search tree).
    pub nodes: u64,
    /// Components whose value was read from the table.
    pub table_hits: u64,
    /// Components whose value the game knew without search (tiny parts, endgame table, theorems).
    pub known: u64,
    /// Searches the table's bounds answered without a node ("not among the values asked").
    pub bound_hits: u64,
    /// Components whose value a remote database gave ([`Search::with_remote`]).
    pub remote_hits: u64,
}

/// Live counters for a progress display, updated while the search runs (and the threads'
/// board of components being searched).
#[derive(Debug)]
pub struct Live {
    /// Nodes so far (flushed every few thousand nodes).
    pub nodes: AtomicU64,
    /// Root moves settled so far in the current component.
    pub root_done: AtomicU64,
    /// Root moves of the current component.
    pub root_total: AtomicU64,
    /// The value the root is trying now (aspiration round).
    pub round: AtomicU64,
    /// Components of the position finished.
    pub components_done: AtomicU64,
    /// Components some thread is searching now (near the root), by fingerprint: another thread
    /// that meets one leaves it for last, by when it is usually in the table (the "exclusive
    /// search" of Weill's ABDADA, *ICCA Journal* 19, 1996).
    busy: Board,
}

/// Depths (from a root move) at which components are announced on the busy board.
const BUSY_DEPTH: usize = 6;
/// Depths (from a root move) at which components are announced on a busy board shared with
/// other searches ([`Search::with_busy`]; a board seen across processes needs only the large
/// components, and the keys of every move deeper down would cost more time than it saves).
const SHARED_BUSY_DEPTH: usize = 2;

impl Default for Live {
    fn default() -> Self {
        Live {
            nodes: AtomicU64::new(0),
            root_done: AtomicU64::new(0),
            root_total: AtomicU64::new(0),
            round: AtomicU64::new(0),
            components_done: AtomicU64::new(0),
            busy: Board::default(),
        }
    }
}

impl Live {
    #[inline]
    fn claim(&self, key: super::Key) -> Option<usize> {
        self.busy.claim(Busy::fingerprint(key))
    }

    #[inline]
    fn release(&self, slot: usize) {
        self.busy.release(slot);
    }

    #[inline]
    fn is_busy(&self, key: super::Key) -> bool {
        self.busy.holds(Busy::fingerprint(key))
    }
}

#[derive(Debug)]
enum Halt {
    Stop,
    TooMany(usize),
    TooDeep,
}

type Res<T> = Result<T, Halt>;

/// One thread's search state: buffers per depth and counters.
struct Searcher<'a, G: SearchGame> {
    game: &'a G,
    table: &'a Table,
    cfg: &'a Config,
    stop: &'a AtomicBool,
    round: Option<&'a AtomicBool>,
    /// Set when the root move this searcher works on is settled by another thread.
    task: Option<&'a AtomicBool>,
    live: &'a Live,
    pool: Vec<Moves<G::Component>>,
    orders: Vec<Vec<Pending>>,
    handles: Vec<Vec<u32>>,
    depth: usize,
    stats: Stats,
    unflushed: u64,
    /// Called with the live counters every few thousand nodes ([`Search::with_pulse`]).
    pulse: Option<&'a Pulse<'a>>,
    /// Asked before a large component is searched ([`Search::with_remote`]).
    remote: Option<&'a dyn RemoteValues>,
    /// A busy board shared with other searches ([`Search::with_busy`]).
    busy: Option<&'a Busy>,
}

impl<'a, G: SearchGame> Searcher<'a, G> {
    fn new(
        game: &'a G,
        table: &'a Table,
        cfg: &'a Config,
        stop: &'a AtomicBool,
        round: Option<&'a AtomicBool>,
        live: &'a Live,
    ) -> Self {
        Searcher {
            game,
            table,
            cfg,
            stop,
            round,
            task: None,
            live,
            pool: Vec::new(),
            orders: Vec::new(),
            handles: Vec::new(),
            depth: 0,
            stats: Stats::default(),
            unflushed: 0,
            pulse: None,
            remote: None,
            busy: None,
        }
    }

    #[inline]
    fn halted(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.round.is_some_and(|r| r.load(Ordering::Relaxed))
            || self.task.is_some_and(|t| t.load(Ordering::Relaxed))
    }

    /// The value of `c` without search, if the game or the table has it.
    #[inline]
    fn lookup(&mut self, c: &G::Component) -> Option<u8> {
        if let Some(v) = self.game.known_value(c) {
            self.stats.known += 1;
            return Some(v);
        }
        if self.cfg.table
            && let Some(v) = self.table.get(self.game.key(c))
        {
            self.stats.table_hits += 1;
            return Some(v);
        }
        None
    }

    /// The exact value of `c`.
    fn value(&mut self, c: &G::Component) -> Res<u8> {
        if let Some(v) = self.lookup(c) {
            return Ok(v);
        }
        if self.cfg.aspiration && self.cfg.pruning {
            return self.aspire(c);
        }
        Ok(self
            .search(c, NimSet::ALL)?
            .expect("a search for every value finds the value"))
    }

    /// The exact value of `c` by aspiration: for `k = 0, 1, …` every move not yet settled is
    /// asked whether it is worth `k`; the first `k` no move has is the value.
    fn aspire(&mut self, c: &G::Component) -> Res<u8> {
        Ok(self
            .node(c, NimSet::ALL, true)?
            .expect("aspiration up to 127 finds the value"))
    }

    /// The value of the node whose moves are `moves` by aspiration, when it is at most `limit`;
    /// `None` when it is larger.
    fn aspire_moves(
        &mut self,
        c: &G::Component,
        source: MoveSource<'_>,
        moves: &mut Moves<G::Component>,
        order: &mut Vec<Pending>,
        limit: u8,
    ) -> Res<Option<u8>> {
        let n = source.len(moves);
        let mut known = NimSet::EMPTY;
        self.settle(c, source, moves, order, &mut |v| {
            known = known.with(v);
            true
        });
        // the value is at most n; values above 127 are not held (a component with more moves
        // than that is asked value by value, and fails only if it has every value to 127)
        let top = n.min(MAX_MOVES) as u8;
        for k in 0..=top.min(limit) {
            if known.contains(k) {
                continue;
            }
            let mut found = false;
            let mut i = 0;
            while i < order.len() {
                let p = order[i];
                let parts = moves.parts(p.index as usize);
                match self.parts_in(parts, p.x, p.unknown, NimSet::single(k))? {
                    Some(v) => {
                        order.remove(i);
                        known = known.with(v);
                        if v == k {
                            found = true;
                            break;
                        }
                    }
                    None => i += 1,
                }
            }
            if !found {
                return Ok(Some(k));
            }
        }
        if limit >= top && n > MAX_MOVES {
            return Err(Halt::TooMany(n));
        }
        Ok(None)
    }

    /// `G(c)` when it lies in `want` (or whenever the search happened to settle it); `None`
    /// means `G(c) ∉ want`. The table and the game's knowledge are not consulted for `c` itself.
    fn search(&mut self, c: &G::Component, want: NimSet) -> Res<Option<u8>> {
        self.node(c, want, self.cfg.inner_aspiration)
    }

    // Why this function is long: the per-depth buffers and busy claims taken before the recursion
    // must be given back after it, in the same frame; to be split (issue 50): the probes that
    // answer without a search (the table's bound, a remote value) move to a function.
    /// [`Searcher::search`] by candidate sets, or by aspiration (value by value up to the
    /// largest value of `want`) when `aspire` is set.
    fn node(&mut self, c: &G::Component, mut want: NimSet, aspire: bool) -> Res<Option<u8>> {
        if self.halted() {
            return Err(Halt::Stop);
        }
        // what the table's bound says: values `c` does not have need no asking
        let mut excluded = 0u32;
        let bounds = !aspire && self.cfg.bounds && self.cfg.table && self.cfg.pruning;
        if bounds {
            match self.table.probe(self.game.key(c)) {
                Probe::Excluded(ex) => {
                    excluded = ex;
                    want = NimSet(want.0 & !(ex as u128));
                    if want.is_empty() {
                        self.stats.bound_hits += 1;
                        return Ok(None);
                    }
                }
                Probe::Exact(v) => {
                    self.stats.table_hits += 1;
                    return Ok(want.contains(v).then_some(v));
                }
                Probe::Miss => {}
            }
        }
        // a large component: another machine may have its value (a round trip, not a search)
        if let Some(r) = self.remote
            && self.cfg.table
            && self.game.size(c) >= r.min_size()
        {
            let key = self.game.key(c);
            // (a node searched without the bounds' probe may have its value here already)
            if let Some(v) = self.table.get(key) {
                self.stats.table_hits += 1;
                return Ok(want.contains(v).then_some(v));
            }
            if let Some((v, cost)) = r.lookup(key) {
                self.stats.remote_hits += 1;
                self.table.learn(&Learnt {
                    key,
                    value: Some(v),
                    excluded: 0,
                    cost,
                });
                return Ok(want.contains(v).then_some(v));
            }
        }
        self.stats.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= 4096 {
            self.live.nodes.fetch_add(self.unflushed, Ordering::Relaxed);
            self.unflushed = 0;
            if let Some(pulse) = self.pulse {
                pulse(self.live);
            }
        }
        let start = self.stats.nodes;
        let d = self.depth;
        if d >= MAX_DEPTH {
            return Err(Halt::TooDeep);
        }
        if let Some(v) = self.game.theorem_value(c) {
            self.stats.known += 1;
            if self.cfg.table {
                self.table.put(self.game.key(c), v, 1);
            }
            return Ok(Some(v));
        }
        if self.pool.len() <= d {
            self.pool.push(Moves::default());
            self.orders.push(Vec::new());
            self.handles.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.pool[d]);
        let mut order = std::mem::take(&mut self.orders[d]);
        let mut handles = std::mem::take(&mut self.handles[d]);
        moves.clear();
        order.clear();
        handles.clear();
        let claimed = if self.cfg.threads > 1 && d < BUSY_DEPTH {
            self.live.claim(self.game.key(c))
        } else {
            None
        };
        let announced = match self.busy {
            Some(b) if d < SHARED_BUSY_DEPTH => b.claim(self.game.key(c)),
            _ => None,
        };
        let source = if self.cfg.lazy_moves && self.game.move_handles(c, &mut handles) {
            MoveSource::Lazy(&handles)
        } else {
            self.game.moves(c, &mut moves);
            MoveSource::Written
        };
        self.depth += 1;
        // candidate sets hold values up to 127: a node with more moves is asked value by value
        let r = if aspire || source.len(&moves) > MAX_MOVES {
            let limit = want.max().unwrap_or(0);
            self.aspire_moves(c, source, &mut moves, &mut order, limit)
                .map(|v| v.map(|v| (v, true)))
        } else {
            self.mex_in(c, source, &mut moves, &mut order, want)
        };
        if let Some(slot) = claimed {
            self.live.release(slot);
        }
        if let (Some(slot), Some(b)) = (announced, self.busy) {
            b.release(slot);
        }
        self.depth -= 1;
        self.pool[d] = moves;
        self.orders[d] = order;
        self.handles[d] = handles;
        let r = r?;
        match r {
            Some((v, true)) if self.cfg.table => {
                self.table
                    .put(self.game.key(c), v, self.stats.nodes - start + 1);
            }
            None if bounds => self.table.put_excluded(
                self.game.key(c),
                want.0 as u32 | excluded,
                self.stats.nodes - start + 1,
            ),
            _ => {}
        }
        Ok(r.map(|(v, _)| v))
    }

    /// The core of [`Searcher::search`]: `Some((value, true))` when the value is settled
    /// (always exact, and then stored), `None` when it is known not to lie in `want`.
    fn mex_in(
        &mut self,
        c: &G::Component,
        source: MoveSource<'_>,
        moves: &mut Moves<G::Component>,
        order: &mut Vec<Pending>,
        want: NimSet,
    ) -> Res<Option<(u8, bool)>> {
        let n = source.len(moves);
        debug_assert!(n <= MAX_MOVES, "larger nodes go by aspiration");
        let mut cand = NimSet::upto(n as u32);
        // the cut-off may answer before every move is written: then the value is not in `want`
        if !self.settle(c, source, moves, order, &mut |v| {
            cand = remove_value(cand, v);
            !cand.and(want).is_empty()
        }) {
            return Ok(None);
        }
        let moves = &*moves;
        let top = want.max().unwrap_or(0);
        let mut exact = true;
        // with several threads (or a busy board shared with other searches), moves whose main
        // part another thread is searching go last
        let defer = order.len() > 1
            && ((self.cfg.threads > 1 && self.depth <= BUSY_DEPTH)
                || (self.busy.is_some() && self.depth <= SHARED_BUSY_DEPTH));
        let mut later: u128 = 0;
        let n_order = order.len();
        for step in 0..n_order * (1 + defer as usize) {
            let k = step % n_order.max(1);
            if defer {
                let first_pass = step < n_order;
                if first_pass && self.main_part_busy(moves, &order[k]) {
                    if k < 128 {
                        later |= 1 << k;
                        continue;
                    }
                } else if !first_pass && (k >= 128 || later >> k & 1 == 0) {
                    continue;
                }
            }
            let p = &order[k];
            if cand.and(want).is_empty() {
                return Ok(None);
            }
            let parts = moves.parts(p.index as usize);
            if !self.cfg.pruning {
                let v = self
                    .parts_in(parts, p.x, p.unknown, NimSet::ALL)?
                    .expect("exact");
                cand = remove_value(cand, v);
                continue;
            }
            let ask = cand.without_max().at_most(top);
            if ask.is_empty() {
                cand = cand.without_max();
                exact = false;
                continue;
            }
            match self.parts_in(parts, p.x, p.unknown, ask)? {
                Some(v) => cand = remove_value(cand, v),
                None => {
                    cand = cand.without_max();
                    exact = false;
                }
            }
        }
        debug_assert_eq!(cand.len(), 1);
        let e = cand.min().expect("one candidate is left");
        if exact || e <= top {
            Ok(Some((e, true)))
        } else {
            Ok(None)
        }
    }

    /// Whether the largest unknown part of the pending move `p` is being searched by another
    /// thread.
    fn main_part_busy(&self, moves: &Moves<G::Component>, p: &Pending) -> bool {
        let parts = moves.parts(p.index as usize);
        let mut best: Option<(u32, usize)> = None;
        for (j, c) in parts.iter().enumerate() {
            if p.unknown >> j.min(31) & 1 == 1 {
                let s = self.game.size(c);
                if best.is_none_or(|(bs, _)| s > bs) {
                    best = Some((s, j));
                }
            }
        }
        best.is_some_and(|(_, j)| {
            let key = self.game.key(&parts[j]);
            self.live.is_busy(key) || self.busy.is_some_and(|b| b.is_busy(key))
        })
    }

    /// Enhanced transposition cut-off: hand `settled` the value of every move whose parts are
    /// all known; the others go to `order` with the XOR of their known parts and the set of the
    /// unknown ones (equal unknown parts cancel), lighter moves first. `settled` returns whether
    /// to go on: when it says stop, `settle` returns `false` at once (with lazy moves, the rest
    /// are never written).
    fn settle(
        &mut self,
        c: &G::Component,
        source: MoveSource<'_>,
        moves: &mut Moves<G::Component>,
        order: &mut Vec<Pending>,
        settled: &mut dyn FnMut(u8) -> bool,
    ) -> bool {
        let n = source.len(moves);
        for i in 0..n {
            if let MoveSource::Lazy(handles) = source
                && i % LAZY_CHUNK == 0
            {
                // write the next few moves and prefetch the table buckets of their parts
                let first = moves.len();
                for &h in &handles[i..(i + LAZY_CHUNK).min(n)] {
                    self.game.move_of(c, h, moves);
                }
                if self.cfg.table {
                    for j in first..moves.len() {
                        for p in moves.parts(j) {
                            self.table.prefetch(self.game.key(p));
                        }
                    }
                }
            }
            let mut x = 0u8;
            let mut weight = 0u32;
            let mut unknown = 0u32;
            for (j, p) in moves.parts(i).iter().enumerate() {
                match self.lookup(p) {
                    Some(v) => x ^= v,
                    None => {
                        unknown |= 1 << j.min(31);
                        let s = self.game.size(p);
                        weight += s * s;
                    }
                }
            }
            if unknown & unknown.wrapping_sub(1) != 0 {
                unknown = cancel_pairs(moves.parts(i), unknown);
            }
            if unknown == 0 {
                if !settled(x) {
                    return false;
                }
            } else {
                order.push(Pending {
                    weight,
                    index: i as u32,
                    x,
                    unknown,
                });
            }
        }
        if self.cfg.ordering {
            // lighter moves first; among equals, the game's order of moves
            order.sort_unstable_by_key(|p| (p.weight, p.index));
        }
        true
    }

    /// The value of the sum of `parts` when it lies in `want` (or is settled anyway).
    fn sum_in(&mut self, parts: &[G::Component], want: NimSet) -> Res<Option<u8>> {
        let unknown = if parts.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << parts.len()) - 1
        };
        self.parts_in(parts, 0, unknown, want)
    }

    /// [`Searcher::sum_in`] when the parts outside the bit set `unknown` are already settled and
    /// worth `x` together (parts past the 32nd count as unknown with the 32nd).
    fn parts_in(
        &mut self,
        parts: &[G::Component],
        mut x: u8,
        unknown: u32,
        want: NimSet,
    ) -> Res<Option<u8>> {
        let mut last: Option<(u32, usize)> = None;
        for (j, p) in parts.iter().enumerate() {
            if unknown >> j.min(31) & 1 == 0 {
                continue;
            }
            if let Some(v) = self.lookup(p) {
                x ^= v;
                continue;
            }
            let s = self.game.size(p);
            match last {
                Some((ls, _)) if ls >= s => x ^= self.value(p)?,
                Some((_, lj)) => {
                    x ^= self.value(&parts[lj])?;
                    last = Some((s, j));
                }
                None => last = Some((s, j)),
            }
        }
        match last {
            None => Ok(Some(x)),
            Some((_, lj)) => {
                let p = &parts[lj];
                if want == NimSet::ALL {
                    return Ok(Some(self.search(p, want)?.expect("exact") ^ x));
                }
                Ok(self.search(p, want.xor_each(x))?.map(|v| v ^ x))
            }
        }
    }

    fn flush(&mut self) {
        self.live.nodes.fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }
}

/// Two equal parts of a sum cancel (`G ⊕ G = 0`): clear both from the set `unknown`.
fn cancel_pairs<C: Eq>(parts: &[C], mut unknown: u32) -> u32 {
    let n = parts.len().min(32);
    for j in 0..n {
        if unknown >> j & 1 == 0 {
            continue;
        }
        for l in j + 1..n {
            if unknown >> l & 1 == 1 && parts[j] == parts[l] {
                unknown &= !(1 << j | 1 << l);
                break;
            }
        }
    }
    unknown
}

/// Lazy moves are written this many at a time (their table buckets prefetched together).
const LAZY_CHUNK: usize = 4;

/// Where a node's moves come from: written all at once by [`SearchGame::moves`], or one at a
/// time from their handles by [`SearchGame::move_of`] (the `i`-th handle's move is then the
/// `i`-th move written).
#[derive(Clone, Copy)]
enum MoveSource<'h> {
    Written,
    Lazy(&'h [u32]),
}

impl MoveSource<'_> {
    #[inline]
    fn len<C>(self, moves: &Moves<C>) -> usize {
        match self {
            MoveSource::Written => moves.len(),
            MoveSource::Lazy(h) => h.len(),
        }
    }
}

/// A move of an open node still to be searched.
#[derive(Clone, Copy, Debug)]
struct Pending {
    /// Σ size² of its unknown parts (the ordering key).
    weight: u32,
    /// Its index among the node's moves.
    index: u32,
    /// XOR of its parts already known.
    x: u8,
    /// Bit set of its parts not known when the node began.
    unknown: u32,
}

/// Run `f` on a thread with a stack for [`MAX_DEPTH`] levels.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn on_big_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|sc| {
        std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(sc, f)
            .expect("a search thread starts")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// Run `f` on `threads` search threads at once, each with a stack for [`MAX_DEPTH`] levels, and
/// wait for each to end (`join`: its exit complete, every drop on it done, before this returns,
/// so the same steps run in the same order on every run, which the fuzzers' coverage sees; a
/// panic on a thread goes on on the caller).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn on_big_stacks(threads: usize, f: impl Fn() + Sync) {
    std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(sc, &f)
                    .expect("a search thread starts")
            })
            .collect();
        for h in handles {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

/// In the browser (`wasm32-unknown-unknown`) no thread can start: `f` runs on the calling
/// thread, whose stack is the module's (the page links it large enough for the boards it
/// searches).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn on_big_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    f()
}

/// In the browser the "threads" run one after the other on the calling thread: each takes work
/// from the shared list until none is left, so the first does it all.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn on_big_stacks(threads: usize, f: impl Fn() + Sync) {
    for _ in 0..threads {
        f();
    }
}

/// What [`Search::with_pulse`] calls.
pub type Pulse<'a> = dyn Fn(&Live) + Sync + 'a;

/// With `r` moves left the value is among the `r + 1` smallest candidates: a move worth `v`
/// removes `v`, or the largest candidate when `v` is not one.
#[inline]
fn remove_value(cand: NimSet, v: u8) -> NimSet {
    if cand.contains(v) {
        cand.without(v)
    } else {
        cand.without_max()
    }
}

/// A search of one game with one table: values of positions given as their components.
///
/// ```
/// use grundy::search::{Config, Search, Table};
/// use grundy::games::cram::Cram;
/// let game = Cram::default();
/// let table = Table::with_bytes(1 << 20);
/// let search = Search::new(&game, &table, Config::default());
/// let board = game.board(4, 7).unwrap(); // 4×7 Cram
/// assert_eq!(search.value(&game.components(&board)).unwrap(), 3);
/// ```
pub struct Search<'a, G: SearchGame> {
    game: &'a G,
    table: &'a Table,
    cfg: Config,
    stop: AtomicBool,
    external_stop: Option<&'a AtomicBool>,
    live: Live,
    stats: Mutex<Stats>,
    pulse: Option<&'a Pulse<'a>>,
    remote: Option<&'a dyn RemoteValues>,
    busy: Option<&'a Busy>,
}

impl<'a, G: SearchGame> Search<'a, G> {
    /// A search of `game` keeping values in `table`.
    pub fn new(game: &'a G, table: &'a Table, cfg: Config) -> Self {
        Search {
            game,
            table,
            cfg,
            stop: AtomicBool::new(false),
            external_stop: None,
            live: Live::default(),
            stats: Mutex::new(Stats::default()),
            pulse: None,
            remote: None,
            busy: None,
        }
    }

    /// Call `pulse` with the live counters every few thousand nodes, on the searching thread:
    /// the progress and the stop request of a search that has no second thread to watch it
    /// (the browser's).
    pub fn with_pulse(mut self, pulse: &'a Pulse<'a>) -> Self {
        self.pulse = Some(pulse);
        self
    }

    /// Ask `remote` for the value of every component of at least its
    /// [`RemoteValues::min_size`] that the table lacks, before searching it (a database
    /// partitioned across processes: [`super::distributed::remote`]).
    pub fn with_remote(mut self, remote: &'a dyn RemoteValues) -> Self {
        self.remote = Some(remote);
        self
    }

    /// Announce the components searched near the root on `busy`, and leave for last the moves
    /// whose main component another search announced there (ABDADA across searches that
    /// share a table or a database: the job threads and processes of a distributed search;
    /// see [`super::distributed::busy`]).
    pub fn with_busy(mut self, busy: &'a Busy) -> Self {
        self.busy = Some(busy);
        self
    }

    /// Stop (with [`SearchError::Cancelled`]) once `flag` turns true.
    pub fn with_stop(mut self, flag: &'a AtomicBool) -> Self {
        self.external_stop = Some(flag);
        self
    }

    /// The switches.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The live counters (for a progress display on another thread).
    pub fn live(&self) -> &Live {
        &self.live
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game.
    pub fn game(&self) -> &G {
        self.game
    }

    /// A fresh searcher of this search (`round`: the flag of a root round, if any).
    fn searcher<'s>(&'s self, round: Option<&'s AtomicBool>) -> Searcher<'s, G> {
        let mut s = Searcher::new(
            self.game,
            self.table,
            &self.cfg,
            self.stop_flag(),
            round,
            &self.live,
        );
        s.pulse = self.pulse;
        s.remote = self.remote;
        s.busy = self.busy;
        s
    }

    fn stop_flag(&self) -> &AtomicBool {
        self.external_stop.unwrap_or(&self.stop)
    }

    fn absorb(&self, s: &mut Searcher<'_, G>) {
        s.flush();
        let mut t = self.stats.lock().unwrap_or_else(|e| e.into_inner());
        t.nodes += s.stats.nodes;
        t.table_hits += s.stats.table_hits;
        t.known += s.stats.known;
        t.bound_hits += s.stats.bound_hits;
        t.remote_hits += s.stats.remote_hits;
    }

    fn halt(&self, h: Halt) -> SearchError {
        match h {
            Halt::Stop => SearchError::Cancelled,
            Halt::TooMany(moves) => SearchError::TooManyMoves { moves },
            Halt::TooDeep => SearchError::TooDeep { depth: MAX_DEPTH },
        }
    }

    /// The value of the sum of `parts` (the XOR of the parts' values).
    pub fn value(&self, parts: &[G::Component]) -> Result<u8, SearchError> {
        let mut x = 0;
        for p in parts {
            x ^= self.component_value(p)?;
            self.live.components_done.fetch_add(1, Ordering::Relaxed);
        }
        Ok(x)
    }

    /// The value of the sum of `parts`, searched on the calling thread (one root thread, no
    /// thread started: the caller's stack must hold [`MAX_DEPTH`] levels, as a search thread's
    /// does — see [`Search::on_search_thread`]).
    pub fn value_here(&self, parts: &[G::Component]) -> Result<u8, SearchError> {
        let mut s = self.searcher(None);
        let r = s.sum_in(parts, NimSet::ALL);
        self.absorb(&mut s);
        r.map(|v| v.expect("every value was asked for"))
            .map_err(|h| self.halt(h))
    }

    /// Run `f` on a thread with the stack of a search thread.
    pub fn on_search_thread<R: Send>(f: impl FnOnce() -> R + Send) -> R {
        on_big_stack(f)
    }

    /// The value of the sum of `parts` if it lies in `want`; `None` when it does not.
    pub fn value_in(
        &self,
        parts: &[G::Component],
        want: NimSet,
    ) -> Result<Option<u8>, SearchError> {
        let mut s = self.searcher(None);
        let r = on_big_stack(|| s.sum_in(parts, want));
        self.absorb(&mut s);
        r.map_err(|h| self.halt(h))
    }

    /// For each sum of parts in `sums`, whether its value is `target` — the threads share the
    /// sums (used to list every winning move).
    pub fn which_are(
        &self,
        sums: &[Vec<G::Component>],
        target: u8,
    ) -> Result<Vec<bool>, SearchError> {
        let next = AtomicUsize::new(0);
        let out: Vec<AtomicBool> = sums.iter().map(|_| AtomicBool::new(false)).collect();
        let error: Mutex<Option<Halt>> = Mutex::new(None);
        let threads = self.cfg.threads.max(1).min(sums.len().max(1));
        on_big_stacks(threads, || {
            let mut s = self.searcher(None);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= sums.len() {
                    break;
                }
                match s.sum_in(&sums[i], NimSet::single(target)) {
                    Ok(v) => out[i].store(v == Some(target), Ordering::Relaxed),
                    Err(h) => {
                        *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(h);
                        self.stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
            self.absorb(&mut s);
        });
        if let Some(h) = error.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(self.halt(h));
        }
        Ok(out.into_iter().map(|b| b.into_inner()).collect())
    }

    /// The exact value of one component, its root's moves shared by the threads.
    pub fn component_value(&self, c: &G::Component) -> Result<u8, SearchError> {
        self.component_value_upto(c, MAX_MOVES as u8)?
            .ok_or(SearchError::TooManyMoves {
                moves: MAX_MOVES + 1,
            })
    }

    /// The outcome of the sum of `parts` (P when its value is 0), asking no more than that:
    /// the parts but the largest are valued, and the largest is asked only whether its value is
    /// their XOR — for one component, only whether some move is worth `*0` (the first
    /// aspiration round).
    pub fn outcome(&self, parts: &[G::Component]) -> Result<crate::Outcome, SearchError> {
        let Some(largest) = (0..parts.len()).max_by_key(|&i| self.game.size(&parts[i])) else {
            return Ok(crate::Outcome::P);
        };
        let mut x = 0;
        for (i, p) in parts.iter().enumerate() {
            if i != largest {
                x ^= self.component_value(p)?;
                self.live.components_done.fetch_add(1, Ordering::Relaxed);
            }
        }
        let v = self.component_value_upto(&parts[largest], x)?;
        Ok(if v == Some(x) {
            crate::Outcome::P
        } else {
            crate::Outcome::N
        })
    }

    /// The value of one component when it is at most `limit` (`None` when it is larger): the
    /// aspiration rounds stop after `limit`.
    pub fn component_value_upto(
        &self,
        c: &G::Component,
        limit: u8,
    ) -> Result<Option<u8>, SearchError> {
        {
            let mut s = self.searcher(None);
            let v = s.lookup(c).or_else(|| self.game.theorem_value(c));
            self.absorb(&mut s);
            if let Some(v) = v {
                return Ok((v <= limit).then_some(v));
            }
        }
        let start_nodes = self.stats().nodes;
        let mut moves = Moves::default();
        self.game.moves(c, &mut moves);
        let n = moves.len();
        // values above 127 are not held: a component with more moves is searched as long as
        // some value up to 127 is missing among its moves
        let top = n.min(MAX_MOVES) as u8;
        self.live.root_total.store(n as u64, Ordering::Relaxed);
        self.live.root_done.store(0, Ordering::Relaxed);
        // the value of each move once known
        let settled: Vec<Mutex<Option<u8>>> = (0..n).map(|_| Mutex::new(None)).collect();
        // twins, moves that leave the same parts (on a symmetric board, a move and its mirror
        // image), are searched once: two threads never search one position side by side (a
        // fixed hasher: the same steps on every run, which the fuzzers' coverage sees)
        let twin_of: Vec<usize> = {
            let mut first: HashMap<Vec<G::Component>, usize, BuildHasherDefault<DefaultHasher>> =
                HashMap::with_capacity_and_hasher(n, BuildHasherDefault::default());
            (0..n)
                .map(|i| {
                    let mut parts = moves.parts(i).to_vec();
                    parts.sort_by_key(|p| {
                        let k = self.game.key(p);
                        (k.bits, k.tag)
                    });
                    *first.entry(parts).or_insert(i)
                })
                .collect()
        };
        // moves settled at once by the table, the game's knowledge or a theorem: on a Cram
        // board of even × odd cells the central domino leaves a board the mirror strategy wins,
        // and the first round is over before it starts
        let mut known = NimSet::EMPTY;
        {
            let mut s = self.searcher(None);
            for (i, slot) in settled.iter().enumerate() {
                let v = moves.parts(i).iter().try_fold(0u8, |x, p| {
                    Some(x ^ s.lookup(p).or_else(|| self.game.theorem_value(p))?)
                });
                if let Some(v) = v {
                    *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(v);
                    known = known.with(v);
                    self.live.root_done.fetch_add(1, Ordering::Relaxed);
                }
            }
            self.absorb(&mut s);
        }
        let value = if self.cfg.aspiration {
            let mut found = None;
            for k in 0..=top.min(limit) {
                self.live.round.store(k as u64, Ordering::Relaxed);
                if known.contains(k) {
                    continue;
                }
                let has_k = self.round(&moves, &twin_of, &settled, Some(k))?;
                known = settled
                    .iter()
                    .filter_map(|m| *m.lock().unwrap_or_else(|e| e.into_inner()))
                    .fold(NimSet::EMPTY, NimSet::with);
                if !has_k {
                    found = Some(k);
                    break;
                }
            }
            match found {
                Some(v) => v,
                // every value up to `limit` is among the moves: the value is larger
                None if limit < top => return Ok(None),
                None => return Err(SearchError::TooManyMoves { moves: n }),
            }
        } else {
            self.round(&moves, &twin_of, &settled, None)?;
            let all = settled
                .iter()
                .filter_map(|m| *m.lock().unwrap_or_else(|e| e.into_inner()))
                .fold(NimSet::EMPTY, NimSet::with);
            (0..=top)
                .find(|&k| !all.contains(k))
                .ok_or(SearchError::TooManyMoves { moves: n })?
        };
        if self.cfg.table {
            let nodes = self.stats().nodes - start_nodes;
            self.table.put(self.game.key(c), value, nodes.max(1));
        }
        Ok((value <= limit).then_some(value))
    }

    // Why this function is long: the threads' work closure shares the round's atomics (next move,
    // found, finished, workers, error), which live on this frame; to be split (issue 50): the
    // ordering of the moves beforehand moves to a function.
    /// One round at the root: the unsettled moves shared among the threads, each asked whether
    /// it is worth `k` (or, with `None`, for its exact value). Returns whether a move worth `k`
    /// was found.
    fn round(
        &self,
        moves: &Moves<G::Component>,
        twin_of: &[usize],
        settled: &[Mutex<Option<u8>>],
        k: Option<u8>,
    ) -> Result<bool, SearchError> {
        let mut todo: Vec<usize> = (0..moves.len())
            .filter(|&i| {
                twin_of[i] == i
                    && settled[i]
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .is_none()
            })
            .collect();
        if self.cfg.ordering {
            let mut s = self.searcher(None);
            let mut keyed: Vec<(u32, usize)> = todo
                .iter()
                .map(|&i| {
                    let largest = moves
                        .parts(i)
                        .iter()
                        .filter(|p| s.lookup(p).is_none())
                        .map(|p| self.game.size(p))
                        .max()
                        .unwrap_or(0);
                    (largest, i)
                })
                .collect();
            keyed.sort_unstable();
            todo = keyed.into_iter().map(|(_, i)| i).collect();
            self.absorb(&mut s);
        }
        let next = AtomicUsize::new(0);
        let found = AtomicBool::new(false);
        let error: Mutex<Option<Halt>> = Mutex::new(None);
        let threads = self.cfg.threads.max(1).min(todo.len().max(1));
        let want = k.map_or(NimSet::ALL, NimSet::single);
        // per move of `todo`: settled (by whichever thread first), and the threads on it
        let finished: Vec<AtomicBool> = todo.iter().map(|_| AtomicBool::new(false)).collect();
        let workers: Vec<AtomicUsize> = todo.iter().map(|_| AtomicUsize::new(0)).collect();
        let work = |round_flag: &AtomicBool| {
            let mut s = self.searcher(Some(round_flag));
            loop {
                if round_flag.load(Ordering::Relaxed) || found.load(Ordering::Relaxed) {
                    break;
                }
                // a move no thread has taken yet; when none is left, help with one still being
                // searched (the one with the fewest threads on it): both search it, sharing
                // the table and leaving each other's components for last, and the first to
                // finish settles it and stops the other
                let j = next.fetch_add(1, Ordering::Relaxed);
                let j = if j < todo.len() {
                    j
                } else {
                    match (0..todo.len())
                        .filter(|&j| !finished[j].load(Ordering::Relaxed))
                        .min_by_key(|&j| workers[j].load(Ordering::Relaxed))
                    {
                        Some(j) if threads > 1 => j,
                        _ => break,
                    }
                };
                let i = todo[j];
                workers[j].fetch_add(1, Ordering::Relaxed);
                s.task = Some(&finished[j]);
                let r = s.sum_in(moves.parts(i), want);
                s.task = None;
                workers[j].fetch_sub(1, Ordering::Relaxed);
                match r {
                    Ok(v) => {
                        if finished[j].swap(true, Ordering::Relaxed) {
                            continue; // another thread settled it meanwhile
                        }
                        let Some(v) = v else { continue };
                        *settled[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(v);
                        self.live.root_done.fetch_add(1, Ordering::Relaxed);
                        if Some(v) == k {
                            // the others finish the move they are on (its work is mostly
                            // done, and an exact answer serves the next rounds) but take no
                            // new one
                            if self.cfg.abort_round {
                                round_flag.store(true, Ordering::Relaxed);
                            }
                            found.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    Err(Halt::Stop) if finished[j].load(Ordering::Relaxed) => {}
                    Err(Halt::Stop) if round_flag.load(Ordering::Relaxed) => break,
                    Err(h) => {
                        *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(h);
                        round_flag.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
            self.absorb(&mut s);
        };
        let round_flag = AtomicBool::new(false);
        on_big_stacks(threads, || work(&round_flag));
        // a twin is worth what its first is
        for (i, &t) in twin_of.iter().enumerate() {
            if t != i {
                let v = *settled[t].lock().unwrap_or_else(|e| e.into_inner());
                let mut slot = settled[i].lock().unwrap_or_else(|e| e.into_inner());
                if slot.is_none() && v.is_some() {
                    *slot = v;
                    self.live.root_done.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        if let Some(h) = error.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(self.halt(h));
        }
        if self.stop_flag().load(Ordering::Relaxed) {
            return Err(SearchError::Cancelled);
        }
        Ok(found.into_inner())
    }
}
