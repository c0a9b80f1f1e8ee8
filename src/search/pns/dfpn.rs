// Why this file is long: it holds `Dfpn`'s one-thread search (MID, expansion) and both threaded
// drivers (`prove_shared`, `prove_together`), which build `Dfpn`s from its private fields; issue 50
// moves the two drivers to `pns/threads.rs`, beside `shared.rs`, with those fields `pub(super)`.
//! df-pn on "component + `*k`" nodes, with the choices the field settled on.
//!
//! **Numbers.** Impartial games need one kind of node (negamax form): `φ(n)`, the proof number,
//! is the least number of leaves to expand to prove that the player to move wins `n`; `δ(n)`,
//! the disproof number, to prove they lose. With the children `c` of `n`:
//! `φ(n) = min δ(c)` (one child lost by the opponent suffices) and `δ(n) = Σ φ(c)` (every child
//! must be won by the opponent). A node with no move has `φ = ∞, δ = 0`; a fresh node `1, 1`.
//!
//! **Thresholds** (Nagai, *Df-pn algorithm for searching AND/OR trees and its applications*,
//! 2002). `MID(n, φt, δt)` works below `n` until `φ(n) ≥ φt` or `δ(n) ≥ δt`. It enters the
//! child `c₁` with the least `δ`, with thresholds `φt(c₁) = δt − δ(n) + φ(c₁)` and
//! `δt(c₁) = min(φt, δ₂ + 1)`, `δ₂` the second least `δ`: it leaves `c₁` as soon as another child
//! looks cheaper. The root is called with infinite thresholds and returns proved or disproved.
//!
//! **The 1 + ε trick** (Pawlewicz and Lew, *Improving depth-first PN-search: 1 + ε trick*,
//! CG 2006): `δt(c₁) = min(φt, max(δ₂ + 1, ⌈δ₂ (1 + ε)⌉))` stays longer in the chosen child,
//! so fewer re-expansions are paid when two children are close ([`DfpnConfig::epsilon`]).
//!
//! **Fresh numbers** ([`DfpnConfig::mobility`]). A node df-pn has not searched starts at
//! `φ = 1, δ = m`, `m` its number of moves ([`crate::search::SearchGame::mobility`], counted
//! without writing them; `k` more for the heap `*k`): to prove it lost every move must be
//! refuted, to prove it won one suffices (Allis, *Searching for solutions in games and
//! artificial intelligence*, 1994, the mobility initialisation; Nagai's df-pn+ generalises it to
//! any evaluation). A parent then first tries the children with fewest moves, and its `δ`
//! counts its children's moves, not just its children; on Cram this about halves the
//! expansions against `1, 1`. Games that cannot count their moves cheaply (Sprouts) start at
//! `1, 1`.
//!
//! **Memory.** An expansion probes the value table for every part of every move and the
//! proof-number table for every child: both tables are far larger than the cache, so the
//! buckets are prefetched for all the moves first and looked up after, and the misses overlap.
//! A child settled in the value table after its node was written is found so when it is
//! entered, not by probing every child's value at every turn of the loop
//! ([`DfpnConfig::watch_values`] off; which needs fewer iterations depends on the game, so each
//! game says).
//!
//! **Transpositions.** Components are canonical and nodes keyed by the component's key and
//! `k`, so transpositions share an entry; the game graph is a DAG (no game of this engine
//! repeats a position), where summing `φ` over children may count a shared subtree twice —
//! df-pn then overestimates, which costs time, never correctness (Kishimoto–Müller's cures for
//! cycles are not needed). Proved and disproved nodes go to the shared value table as values
//! or excluded values, which no replacement in the proof-number table can lose.
//!
//! **Bounded memory.** The proof-number table ([`super::PnTable`]) has a fixed size and keeps
//! the entries that cost most work; a node whose entry was replaced is searched again from
//! `1, 1` — correct, only slower.
//!
//! **Threads: one table** ([`Dfpn::prove_together`]). Every thread runs df-pn from the root over
//! one proof-number table ([`super::SharedPnTable`], a sequence lock a bucket) and the shared
//! value table — the scheme of Kaneko (*Parallel depth first proof number search*, AAAI 2010)
//! and Pawlewicz and Hayward's SPDFPN (*Scalable parallel DFPN search*, CG 2013). Threads that
//! followed the same numbers would search the same nodes; so a thread counts itself in every node
//! it is inside (a busy mark), and a thread choosing among children sees a child that `t` others
//! are in with a *virtual* disproof number `δ + t·⌈δ/4⌉` (Kaneko's virtual proof numbers, which
//! add the threads at work below a node as a likely increase; a share of `δ` rather than `t`
//! itself, as numbers in the thousands would not notice a `+1`). The virtual numbers only choose
//! the child (and the second-best `δ` that bounds the stay in it); the numbers stored, and those
//! tested against the thresholds, are the real ones, and a thread goes into the busy child after
//! all when the sibling it would take is over its threshold. The first thread to settle the root
//! stops the others. On an N-position whose winning move df-pn finds soon, two threads make
//! about as many expansions in all as one thread alone (figures: the benchmarks chapter,
//! `docs/src/benchmarks.md`, section *Outcomes: df-pn against the value search*).
//!
//! **Threads: root children** ([`Dfpn::prove_shared`]), for games that say so
//! ([`crate::search::SearchGame::dfpn_tuning`]): one thread runs df-pn from the root alone,
//! the others settle the root's children from the large end with tables of their own. It wastes
//! the helpers' work on an N-root whose winning move is found soon (slower than one thread
//! there), and wins where every child of the root must be settled, as on Sprouts P-positions,
//! where it makes fewer expansions in all than both threads over one table or one thread alone.

use std::sync::atomic::{AtomicBool, Ordering};

use super::table::NodeKey;
use super::{PnTable, SharedPnTable};
use crate::Outcome;
use crate::search::{Config, DfpnTuning, Probe, Search, SearchError, SearchGame, Table};

/// Infinity for proof numbers.
const INF: u32 = u32::MAX;
/// Proof numbers saturate below infinity.
const CAP: u64 = INF as u64 - 1;

/// The switches of df-pn.
#[derive(Clone, Debug)]
pub struct DfpnConfig {
    /// Components of at most this size ([`SearchGame::size`]) are valued by the value search
    /// when a move splits them off; larger ones by df-pn (the front ends take the game's
    /// [`SearchGame::dfpn_tuning`]).
    pub small: u32,
    /// The ε of the 1 + ε trick (0: plain df-pn).
    pub epsilon: f64,
    /// Bytes of the proof-number table of each thread (threads sharing one table: that many
    /// bytes a thread, in the one table).
    pub pn_bytes: u64,
    /// Value the parts a move splits off when the search first enters the child, not when
    /// the node is expanded (the front ends take the game's [`SearchGame::dfpn_tuning`]).
    pub lazy_parts: bool,
    /// Threads: with more than one, they search together ([`Dfpn::outcome`]).
    pub threads: usize,
    /// Start a fresh node at the game's mobility (`φ = 1`, `δ` its moves:
    /// [`SearchGame::mobility`]) rather than at `1, 1` (see the module's docs).
    pub mobility: bool,
    /// Look every child up in the value table as well as in the proof-number table at every
    /// turn of a node's loop, to see children that the value search (small parts) or another
    /// thread on a table of its own settled meanwhile (the front ends take the game's
    /// [`SearchGame::dfpn_tuning`]; a thread searching from the root while helpers
    /// settle its children, [`Dfpn::prove_shared`], always does).
    pub watch_values: bool,
    /// How more than one thread search: all from the root over one shared proof-number table
    /// ([`Dfpn::prove_together`]), or one from the root while the others settle the root's
    /// children ([`Dfpn::prove_shared`]) (the front ends take the game's
    /// [`SearchGame::dfpn_tuning`]).
    pub shared_table: bool,
}

impl DfpnConfig {
    /// These settings with a game's own ([`SearchGame::dfpn_tuning`]).
    pub fn tuned(self, t: DfpnTuning) -> DfpnConfig {
        DfpnConfig {
            small: t.small,
            lazy_parts: t.lazy_parts,
            watch_values: t.watch_values,
            shared_table: t.shared_table,
            ..self
        }
    }
}

impl Default for DfpnConfig {
    /// One thread, 64 MiB of proof numbers, ε = 1/4, mobility, and the default
    /// [`DfpnTuning`].
    fn default() -> Self {
        DfpnConfig {
            small: 0,
            lazy_parts: false,
            epsilon: 0.25,
            pn_bytes: 64 << 20,
            threads: 1,
            shared_table: false,
            mobility: true,
            watch_values: false,
        }
        .tuned(DfpnTuning::default())
    }
}

/// Counters of a df-pn run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DfpnStats {
    /// Node expansions (children generated).
    pub expansions: u64,
    /// Calls of `MID` (visits of a node below its thresholds).
    pub iterations: u64,
    /// Nimbers of components found by df-pn's own outcome questions.
    pub nimbers: u64,
    /// The root's proof and disproof numbers after the last question (∞ as `u32::MAX`).
    pub root: (u32, u32),
}

/// Live counters of a df-pn run for a progress display on another thread.
#[derive(Debug, Default)]
pub struct DfpnLive {
    /// The root's proof number now (`u32::MAX` for ∞).
    pub phi: std::sync::atomic::AtomicU32,
    /// The root's disproof number now.
    pub delta: std::sync::atomic::AtomicU32,
    /// Expansions so far (all threads; flushed now and then).
    pub expansions: std::sync::atomic::AtomicU64,
}

/// A child of a node: settled without search, "component + `*k`", or several parts whose
/// values are not known yet.
enum Child<C> {
    /// A position whose outcome the table gives: `true` when lost by the player to move.
    Settled(bool),
    Node {
        c: C,
        k: u8,
        key: NodeKey,
        size: u32,
    },
    /// Parts (equal ones cancelled, known values in `k`) of which all but the largest must
    /// be valued before the child is one node: valued only when the search enters the child
    /// ([`Dfpn::open`]), as SPOTS's multi-land nodes are — a won node is usually proved by one
    /// child, and the parts of the others need never be valued.
    Lands { parts: Vec<C>, k: u8, size: u32 },
}

/// The proof-number table of a thread: its own, or one all threads share.
enum Pn<'a> {
    Own(PnTable),
    Shared(&'a SharedPnTable),
}

impl Pn<'_> {
    #[inline]
    fn get(&self, key: NodeKey) -> Option<(u32, u32)> {
        match self {
            Pn::Own(t) => t.get(key),
            Pn::Shared(t) => t.get(key),
        }
    }

    #[inline]
    fn prefetch(&self, key: NodeKey) {
        match self {
            Pn::Own(t) => t.prefetch(key),
            Pn::Shared(t) => t.prefetch(key),
        }
    }

    #[inline]
    fn put(&mut self, key: NodeKey, phi: u32, delta: u32, work: u64) {
        match self {
            Pn::Own(t) => t.put(key, phi, delta, work),
            Pn::Shared(t) => t.put(key, phi, delta, work),
        }
    }
}

/// Df-pn over a game, with a value table shared with the value search.
pub struct Dfpn<'a, G: SearchGame> {
    game: &'a G,
    table: &'a Table,
    values: Search<'a, G>,
    pn: Pn<'a>,
    cfg: DfpnConfig,
    stop: Option<&'a AtomicBool>,
    /// A second flag that stops the search (the other threads' "root settled").
    halt: Option<&'a AtomicBool>,
    live: Option<&'a DfpnLive>,
    /// Called every 256 expansions ([`Dfpn::with_pulse`]).
    pulse: Option<&'a DfpnPulse<'a>>,
    stats: DfpnStats,
}

/// What [`Dfpn::with_pulse`] calls.
pub type DfpnPulse<'a> = dyn Fn() + Sync + 'a;

impl<'a, G: SearchGame> Dfpn<'a, G> {
    /// Df-pn for `game`, keeping values in `table` (shared with the value search, whose
    /// switches are `values`).
    pub fn new(game: &'a G, table: &'a Table, values: Config, cfg: DfpnConfig) -> Self {
        Dfpn {
            game,
            table,
            values: Search::new(
                game,
                table,
                Config {
                    threads: 1,
                    ..values
                },
            ),
            pn: Pn::Own(PnTable::with_bytes(cfg.pn_bytes)),
            cfg,
            stop: None,
            halt: None,
            live: None,
            pulse: None,
            stats: DfpnStats::default(),
        }
    }

    /// Report the root's numbers and the expansions to `live` while searching.
    pub fn with_live(mut self, live: &'a DfpnLive) -> Self {
        self.live = Some(live);
        self
    }

    /// Call `pulse` every 256 expansions, on the searching thread, after the live counters are
    /// brought up to date: where no thread watches them (the browser), it shows progress and
    /// sets the stop flag.
    pub fn with_pulse(mut self, pulse: &'a DfpnPulse<'a>) -> Self {
        self.pulse = Some(pulse);
        self
    }

    /// Stop (with [`SearchError::Cancelled`]) once `flag` turns true.
    pub fn with_stop(mut self, flag: &'a AtomicBool) -> Self {
        self.stop = Some(flag);
        self
    }

    /// The counters so far.
    pub fn stats(&self) -> DfpnStats {
        self.stats
    }

    /// Nodes the value search expanded for small parts.
    pub fn value_nodes(&self) -> u64 {
        self.values.stats().nodes
    }

    /// The proof-number table (`None` while the threads share one).
    pub fn pn_table(&self) -> Option<&PnTable> {
        match &self.pn {
            Pn::Own(t) => Some(t),
            Pn::Shared(_) => None,
        }
    }

    /// The outcome of the sum of `parts`: all but the largest valued, the largest asked whether
    /// its value is their XOR (on a search thread: call from one, e.g. by
    /// [`Search::on_search_thread`]).
    pub fn outcome(&mut self, parts: &[G::Component]) -> Result<Outcome, SearchError> {
        let Some(largest) = (0..parts.len()).max_by_key(|&i| self.game.size(&parts[i])) else {
            // nothing to move: lost, with no search
            self.stats.root = (INF, 0);
            return Ok(Outcome::P);
        };
        let mut x = 0u8;
        for (i, p) in parts.iter().enumerate() {
            if i != largest {
                x ^= self.exact(p)?;
            }
        }
        let lost = self.prove_on_threads(&parts[largest], x)?;
        // the root's numbers say the outcome also when the table settled it without a search
        self.stats.root = if lost { (INF, 0) } else { (0, INF) };
        Ok(if lost { Outcome::P } else { Outcome::N })
    }

    // Why this function is long: to be split (issue 50): the listing of the root's open children
    // and the helpers' loop become functions; the threads' start and the gathering of results stay.
    /// [`Dfpn::prove`] on [`DfpnConfig::threads`] threads sharing the value table (not the
    /// proof numbers; with [`DfpnConfig::shared_table`] off): one runs df-pn from the root,
    /// exactly as alone; the others take the root's children from the
    /// other end of its list (largest first) and settle each one, each with its own
    /// proof-number table. Every node a helper settles is in the shared table, where the root's
    /// search finds it settled when it gets there. The root is won as soon as a helper finds a
    /// lost child, and otherwise decided by the root's search — so a helper can only save work
    /// (a won root whose winning move df-pn finds at once costs no more than alone, where
    /// splitting the children among the threads would make each settle its share first).
    pub fn prove_shared(&mut self, c: &G::Component, k: u8) -> Result<bool, SearchError> {
        if let Some(lost) = self.settled(c, k) {
            return Ok(lost);
        }
        let start = self.stats.expansions;
        self.stats.expansions += 1;
        let mut moves = crate::search::Moves::default();
        self.game.moves(c, &mut moves);
        // the root's children still open: parts (valued by the helper that takes them) + *k
        let mut todo: Vec<(Vec<G::Component>, u8, u32)> = Vec::new();
        for i in 0..moves.len() {
            match self.child(moves.parts(i), k)? {
                Child::Settled(true) => {
                    self.record(c, k, false, self.stats.expansions - start);
                    return Ok(false);
                }
                Child::Settled(false) => {}
                Child::Node { c, k, size, .. } => todo.push((vec![c], k, size)),
                Child::Lands { parts, k, size } => todo.push((parts, k, size)),
            }
        }
        for j in 0..k {
            match self.settled(c, j) {
                Some(true) => {
                    self.record(c, k, false, self.stats.expansions - start);
                    return Ok(false);
                }
                Some(false) => {}
                None => todo.push((vec![c.clone()], j, self.game.size(c))),
            }
        }
        todo.sort_by_key(|t| t.2);
        let next = std::sync::atomic::AtomicUsize::new(0);
        // set when the root is decided (or on an error): every thread stops
        let done = AtomicBool::new(false);
        // the root's outcome: `Some(true)` lost, `Some(false)` won
        let result: std::sync::Mutex<Option<bool>> = std::sync::Mutex::new(None);
        let error: std::sync::Mutex<Option<SearchError>> = std::sync::Mutex::new(None);
        let totals = std::sync::Mutex::new(DfpnStats::default());
        let threads = self.cfg.threads.min(todo.len() + 1).max(1);
        let (game, table, stop, live, pulse) =
            (self.game, self.table, self.stop, self.live, self.pulse);
        let values = Config {
            threads: 1,
            ..self.values.config().clone()
        };
        let cfg = DfpnConfig {
            threads: 1,
            ..self.cfg.clone()
        };
        let lock = |m: &std::sync::Mutex<Option<bool>>, v: bool| {
            m.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(v);
        };
        std::thread::scope(|sc| {
            for t in 0..threads {
                let (todo, next, done, result, error, totals) =
                    (&todo, &next, &done, &result, &error, &totals);
                let (values, cfg) = (values.clone(), cfg.clone());
                std::thread::Builder::new()
                    .stack_size(crate::search::value::STACK_BYTES)
                    .spawn_scoped(sc, move || {
                        let mut d = Dfpn::new(game, table, values, cfg);
                        d.stop = stop;
                        d.halt = Some(done);
                        let fail = |e: SearchError| {
                            if !(matches!(e, SearchError::Cancelled)
                                && done.load(Ordering::Relaxed))
                            {
                                *error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                            }
                            done.store(true, Ordering::Relaxed);
                        };
                        if t == 0 {
                            // the root's own search (its progress is the one shown)
                            d.live = live;
                            d.pulse = pulse;
                            // the helpers' results reach it only through the value table
                            d.cfg.watch_values |= threads > 1;
                            match d.prove(c, k) {
                                Ok(lost) => {
                                    lock(result, lost);
                                    done.store(true, Ordering::Relaxed);
                                }
                                Err(e) => fail(e),
                            }
                        } else {
                            loop {
                                let i = next.fetch_add(1, Ordering::Relaxed);
                                if i >= todo.len() || done.load(Ordering::Relaxed) {
                                    break;
                                }
                                let (ref parts, k, _) = todo[todo.len() - 1 - i];
                                let lost = match d.open(parts, k) {
                                    Ok(Child::Settled(lost)) => Ok(lost),
                                    Ok(Child::Node { c, k, .. }) => d.prove(&c, k),
                                    Ok(Child::Lands { .. }) => {
                                        unreachable!("an opened child is one node")
                                    }
                                    Err(e) => Err(e),
                                };
                                match lost {
                                    Ok(true) => {
                                        // a move to a lost position: the root is won
                                        lock(result, false);
                                        done.store(true, Ordering::Relaxed);
                                        break;
                                    }
                                    Ok(false) => {}
                                    Err(e) => {
                                        fail(e);
                                        break;
                                    }
                                }
                            }
                        }
                        let mut t = totals.lock().unwrap_or_else(|p| p.into_inner());
                        let s = d.stats();
                        t.expansions += s.expansions;
                        t.iterations += s.iterations;
                        t.nimbers += s.nimbers;
                    })
                    .expect("a search thread starts");
            }
        });
        if let Some(e) = error.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        let t = totals.into_inner().unwrap_or_else(|p| p.into_inner());
        self.stats.expansions += t.expansions;
        self.stats.iterations += t.iterations;
        self.stats.nimbers += t.nimbers;
        let lost = result
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .expect("the root's search or a helper decides the root");
        self.stats.root = if lost { (INF, 0) } else { (0, INF) };
        self.record(c, k, lost, self.stats.expansions - start);
        Ok(lost)
    }

    /// [`Dfpn::prove`] on [`DfpnConfig::threads`] threads that all run df-pn from the root over
    /// one shared proof-number table ([`SharedPnTable`]) and the shared value table; a thread
    /// entering a node marks it busy, and a thread choosing among children sees busy ones
    /// dearer, so the threads spread over the tree. The first thread to settle the root ends
    /// the others.
    pub fn prove_together(&mut self, c: &G::Component, k: u8) -> Result<bool, SearchError> {
        if let Some(lost) = self.settled(c, k) {
            return Ok(lost);
        }
        let threads = self.cfg.threads.max(1);
        let shared = SharedPnTable::with_bytes(self.cfg.pn_bytes.saturating_mul(threads as u64));
        let done = AtomicBool::new(false);
        let result: std::sync::Mutex<Option<bool>> = std::sync::Mutex::new(None);
        let error: std::sync::Mutex<Option<SearchError>> = std::sync::Mutex::new(None);
        let totals = std::sync::Mutex::new(DfpnStats::default());
        let (game, table, stop, live, pulse) =
            (self.game, self.table, self.stop, self.live, self.pulse);
        let values = Config {
            threads: 1,
            ..self.values.config().clone()
        };
        let cfg = DfpnConfig {
            threads: 1,
            ..self.cfg.clone()
        };
        std::thread::scope(|sc| {
            for t in 0..threads {
                let (shared, done, result, error, totals) =
                    (&shared, &done, &result, &error, &totals);
                let (values, cfg) = (values.clone(), cfg.clone());
                std::thread::Builder::new()
                    .stack_size(crate::search::value::STACK_BYTES)
                    .spawn_scoped(sc, move || {
                        let mut d = Dfpn {
                            game,
                            table,
                            values: Search::new(game, table, values),
                            pn: Pn::Shared(shared),
                            cfg,
                            stop,
                            halt: Some(done),
                            live: None,
                            pulse: None,
                            stats: DfpnStats::default(),
                        };
                        if t == 0 {
                            // the progress shown is the first thread's
                            d.live = live;
                            d.pulse = pulse;
                        }
                        match d.prove(c, k) {
                            Ok(lost) => {
                                result
                                    .lock()
                                    .unwrap_or_else(|p| p.into_inner())
                                    .get_or_insert(lost);
                                done.store(true, Ordering::Relaxed);
                            }
                            Err(e) => {
                                if !(matches!(e, SearchError::Cancelled)
                                    && done.load(Ordering::Relaxed))
                                {
                                    *error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                                }
                                done.store(true, Ordering::Relaxed);
                            }
                        }
                        let mut t = totals.lock().unwrap_or_else(|p| p.into_inner());
                        let s = d.stats();
                        t.expansions += s.expansions;
                        t.iterations += s.iterations;
                        t.nimbers += s.nimbers;
                    })
                    .expect("a search thread starts");
            }
        });
        let t = totals.into_inner().unwrap_or_else(|p| p.into_inner());
        self.stats.expansions += t.expansions;
        self.stats.iterations += t.iterations;
        self.stats.nimbers += t.nimbers;
        // an answer found stands even when another thread failed meanwhile
        if let Some(lost) = result.into_inner().unwrap_or_else(|p| p.into_inner()) {
            self.stats.root = if lost { (INF, 0) } else { (0, INF) };
            return Ok(lost);
        }
        Err(error
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .unwrap_or(SearchError::Cancelled))
    }

    /// The value of the sum of `parts`, each part's nimber by outcome questions `G + *k`.
    pub fn value(&mut self, parts: &[G::Component]) -> Result<u8, SearchError> {
        let mut x = 0u8;
        for p in parts {
            x ^= self.nimber(p)?;
        }
        // the root's numbers: those of the whole position's outcome (lost exactly at value 0)
        self.stats.root = if x == 0 { (INF, 0) } else { (0, INF) };
        Ok(x)
    }

    /// What the table or the game says of `c`'s value.
    #[inline]
    fn probe(&self, c: &G::Component) -> Probe {
        if let Some(v) = self.game.known_value(c) {
            return Probe::Exact(v);
        }
        self.table.probe(self.game.key(c))
    }

    /// Whether `c + *k` is lost by the player to move, when the table knows.
    #[inline]
    fn settled(&self, c: &G::Component, k: u8) -> Option<bool> {
        match self.probe(c) {
            Probe::Exact(v) => Some(v == k),
            Probe::Excluded(ex) if k < 32 && ex >> k & 1 == 1 => Some(false),
            _ => None,
        }
    }

    /// The exact value of a part split off by a move.
    fn exact(&mut self, c: &G::Component) -> Result<u8, SearchError> {
        if let Probe::Exact(v) = self.probe(c) {
            return Ok(v);
        }
        if self.game.size(c) <= self.cfg.small {
            return self.values.value_here(std::slice::from_ref(c));
        }
        self.nimber(c)
    }

    /// The nimber of `c`: the first `k` with `c + *k` lost by the player to move.
    pub fn nimber(&mut self, c: &G::Component) -> Result<u8, SearchError> {
        for k in 0..=crate::search::MAX_MOVES as u8 {
            match self.settled(c, k) {
                Some(true) => return Ok(k),
                Some(false) => continue,
                None => {}
            }
            // the questions of a whole component on every thread (a nimber asked inside a
            // search is asked on that search's one thread)
            if self.prove_on_threads(c, k)? {
                self.stats.nimbers += 1;
                return Ok(k);
            }
        }
        Err(SearchError::TooManyMoves {
            moves: crate::search::MAX_MOVES + 1,
        })
    }

    /// [`Dfpn::prove`] on [`DfpnConfig::threads`] threads: over one shared table
    /// ([`Dfpn::prove_together`]) or with helpers settling the root's children
    /// ([`Dfpn::prove_shared`]), as [`DfpnConfig::shared_table`] says; alone on one thread.
    /// (The threads' own searches have one thread each, so this never nests.)
    fn prove_on_threads(&mut self, c: &G::Component, k: u8) -> Result<bool, SearchError> {
        if self.cfg.threads > 1 && self.cfg.shared_table {
            self.prove_together(c, k)
        } else if self.cfg.threads > 1 {
            self.prove_shared(c, k)
        } else {
            self.prove(c, k)
        }
    }

    /// Whether `c + *k` is lost by the player to move, by df-pn from the root.
    pub fn prove(&mut self, c: &G::Component, k: u8) -> Result<bool, SearchError> {
        if let Some(lost) = self.settled(c, k) {
            return Ok(lost);
        }
        let key = node_key(self.game, c, k);
        let (phi, delta) = self.mid(c, k, key, INF, INF, 0)?;
        self.stats.root = (phi, delta);
        debug_assert!(phi == 0 || delta == 0, "the root is settled");
        Ok(delta == 0)
    }

    /// The node for the position `parts + *k` after a move (or `None` when the table settles it).
    fn child(&mut self, parts: &[G::Component], k: u8) -> Result<Child<G::Component>, SearchError> {
        let mut x = k;
        let mut unknown: Vec<&G::Component> = Vec::with_capacity(parts.len());
        for p in parts {
            match self.probe(p) {
                Probe::Exact(v) => x ^= v,
                _ => unknown.push(p),
            }
        }
        // equal parts cancel (G + G = 0)
        if unknown.len() > 1 {
            unknown.sort_by_key(|p| {
                let k = self.game.key(p);
                (k.bits, k.tag)
            });
            let mut kept: Vec<&G::Component> = Vec::with_capacity(unknown.len());
            for p in unknown {
                if kept.last().is_some_and(|q| *q == p) {
                    kept.pop();
                } else {
                    kept.push(p);
                }
            }
            unknown = kept;
        }
        if unknown.len() > 1 && !self.cfg.lazy_parts {
            return self.open(&unknown, x);
        }
        match unknown.len() {
            0 => Ok(Child::Settled(x == 0)),
            1 => self.node(unknown[0], x),
            _ => Ok(Child::Lands {
                size: unknown.iter().map(|p| self.game.size(p)).sum(),
                parts: unknown.into_iter().cloned().collect(),
                k: x,
            }),
        }
    }

    /// The child `parts + *k` as one node: every part but the largest valued exactly.
    fn open<P: std::borrow::Borrow<G::Component>>(
        &mut self,
        parts: &[P],
        k: u8,
    ) -> Result<Child<G::Component>, SearchError> {
        let Some(largest) = (0..parts.len()).max_by_key(|&i| self.game.size(parts[i].borrow()))
        else {
            return Ok(Child::Settled(k == 0));
        };
        let mut x = k;
        for (i, p) in parts.iter().enumerate() {
            if i != largest {
                x ^= self.exact(p.borrow())?;
            }
        }
        self.node(parts[largest].borrow(), x)
    }

    /// The child `c + *x`, settled when the table knows its outcome.
    fn node(&mut self, c: &G::Component, x: u8) -> Result<Child<G::Component>, SearchError> {
        if let Some(lost) = self.settled(c, x) {
            return Ok(Child::Settled(lost));
        }
        Ok(Child::Node {
            c: c.clone(),
            k: x,
            key: node_key(self.game, c, x),
            size: self.game.size(c),
        })
    }

    /// `(φ, δ)` of a child as the tables have it now (`None`: no entry).
    #[inline]
    fn numbers(&self, ch: &Child<G::Component>) -> Option<(u32, u32)> {
        match ch {
            Child::Settled(true) => Some((INF, 0)),
            Child::Settled(false) => Some((0, INF)),
            // a child settled in the value table since it was written is found so when it is
            // entered (`mid_in` asks first): probing both tables for every child at every turn
            // of the loop cost a fifth of the time (but helpers on tables of their own are only
            // heard through the value table)
            Child::Node { c, k, key, .. } if self.cfg.watch_values => match self.settled(c, *k) {
                Some(true) => Some((INF, 0)),
                Some(false) => Some((0, INF)),
                None => self.pn.get(*key),
            },
            Child::Node { key, .. } => self.pn.get(*key),
            Child::Lands { .. } => None,
        }
    }

    /// The numbers a child starts at before the table has any: `φ = 1`, and `δ` the moves of
    /// the node (the game's mobility of the component, and one move a heap `*j`, `j < k`).
    #[inline]
    fn fresh(&self, ch: &Child<G::Component>) -> (u32, u32) {
        match ch {
            Child::Node { c, k, .. } if self.cfg.mobility => match self.game.mobility(c) {
                Some(m) => (1, (m as u64 + *k as u64).clamp(1, CAP) as u32),
                None => (1, 1),
            },
            _ => (1, 1),
        }
    }

    /// Record a settled node in the value table.
    fn record(&mut self, c: &G::Component, k: u8, lost: bool, work: u64) {
        let key = self.game.key(c);
        if lost {
            self.table.put(key, k, work.max(1));
        } else if k < 32 {
            self.table.put_excluded(key, 1 << k, work.max(1));
        }
    }

    /// The children of `c + *k` still open (moves in the component, then moves on the heap),
    /// or `None` when one of them is lost by the opponent (the node is won, and recorded so).
    fn expand(
        &mut self,
        c: &G::Component,
        k: u8,
        key: NodeKey,
        start: u64,
    ) -> Result<Option<Vec<Child<G::Component>>>, SearchError> {
        // the children: moves in the component, then moves on the heap
        let mut moves = crate::search::Moves::default();
        self.game.moves(c, &mut moves);
        // every part's bucket asked for at once, so the table's cache misses overlap
        for i in 0..moves.len() {
            for p in moves.parts(i) {
                self.table.prefetch(self.game.key(p));
            }
        }
        let mut children: Vec<Child<G::Component>> = Vec::with_capacity(moves.len() + k as usize);
        for i in 0..moves.len() {
            let ch = self.child(moves.parts(i), k)?;
            match ch {
                Child::Settled(true) => {
                    // a move to a lost position: won
                    let work = self.stats.expansions - start;
                    self.record(c, k, false, work);
                    self.pn.put(key, 0, INF, work);
                    return Ok(None);
                }
                Child::Settled(false) => {}
                node => children.push(node),
            }
        }
        for j in 0..k {
            match self.settled(c, j) {
                Some(true) => {
                    let work = self.stats.expansions - start;
                    self.record(c, k, false, work);
                    self.pn.put(key, 0, INF, work);
                    return Ok(None);
                }
                Some(false) => {}
                None => children.push(Child::Node {
                    c: c.clone(),
                    k: j,
                    key: node_key(self.game, c, j),
                    size: self.game.size(c),
                }),
            }
        }
        Ok(Some(children))
    }

    /// `MID(n, φt, δt)` on the node `c + *k` (its key `key`); returns its numbers on leaving.
    /// With a shared table the thread is counted in the node meanwhile (its busy mark).
    #[inline]
    fn mid(
        &mut self,
        c: &G::Component,
        k: u8,
        key: NodeKey,
        phi_t: u32,
        delta_t: u32,
        depth: usize,
    ) -> Result<(u32, u32), SearchError> {
        match self.pn {
            Pn::Own(_) => self.mid_in(c, k, key, phi_t, delta_t, depth),
            Pn::Shared(t) => {
                t.enter(key);
                let r = self.mid_in(c, k, key, phi_t, delta_t, depth);
                t.leave(key);
                r
            }
        }
    }

    // Why this function is long: it is Nagai's MID in one body (the checks on entering, then the
    // loop: the children's numbers, the threshold test, the choice of child and its thresholds),
    // read step by step against the module docs' formulas.
    fn mid_in(
        &mut self,
        c: &G::Component,
        k: u8,
        key: NodeKey,
        phi_t: u32,
        delta_t: u32,
        depth: usize,
    ) -> Result<(u32, u32), SearchError> {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.halt.is_some_and(|s| s.load(Ordering::Relaxed))
        {
            return Err(SearchError::Cancelled);
        }
        if depth >= crate::search::value::MAX_DEPTH {
            return Err(SearchError::TooDeep { depth });
        }
        self.stats.iterations += 1;
        // settled meanwhile by another route (a transposition, another thread, the value search)
        if let Some(lost) = self.settled(c, k) {
            let n = if lost { (INF, 0) } else { (0, INF) };
            self.pn.put(key, n.0, n.1, 1);
            return Ok(n);
        }
        // a theorem of the game may give the value before any move is written (on Cram, the
        // mirror strategy of a symmetric board); asked once per visit, kept in the table
        if let Some(v) = self.game.theorem_value(c) {
            self.table.put(self.game.key(c), v, 1);
            let n = if v == k { (INF, 0) } else { (0, INF) };
            self.pn.put(key, n.0, n.1, 1);
            return Ok(n);
        }
        let start = self.stats.expansions;
        self.stats.expansions += 1;
        if self.stats.expansions & 255 == 0 {
            if let Some(live) = self.live {
                live.expansions.fetch_add(256, Ordering::Relaxed);
            }
            if let Some(pulse) = self.pulse {
                pulse();
            }
        }
        let Some(mut children) = self.expand(c, k, key, start)? else {
            return Ok((0, INF));
        };
        // each child's numbers as last seen: refreshed from the table when it has them, kept
        // from the child's own return otherwise (an entry replaced meanwhile must not send
        // the search back into the child with the numbers of a fresh node, for ever)
        for ch in &children {
            if let Child::Node { key, .. } = ch {
                self.pn.prefetch(*key);
            }
        }
        let mut seen: Vec<(u32, u32)> = children.iter().map(|ch| self.fresh(ch)).collect();
        let shared = match self.pn {
            Pn::Shared(t) => Some(t),
            Pn::Own(_) => None,
        };
        loop {
            let mut phi = INF;
            let mut second = INF;
            let mut best = usize::MAX;
            let mut delta: u64 = 0;
            let mut best_size = u32::MAX;
            for (i, ch) in children.iter().enumerate() {
                let (p, d) = match self.numbers(ch) {
                    Some(n) => {
                        seen[i] = n;
                        n
                    }
                    None => seen[i],
                };
                delta = (delta + p as u64).min(CAP);
                let size = match ch {
                    Child::Node { size, .. } | Child::Lands { size, .. } => *size,
                    Child::Settled(_) => 0,
                };
                if d < phi || (d == phi && size < best_size) {
                    second = phi;
                    phi = d;
                    best = i;
                    best_size = size;
                } else if d < second {
                    second = d;
                }
                if d == 0 {
                    break;
                }
            }
            let delta = delta as u32;
            let work = self.stats.expansions - start;
            if phi == 0 || delta == 0 {
                let lost = delta == 0 && phi != 0;
                let (phi, delta) = if lost { (INF, 0) } else { (0, INF) };
                self.record(c, k, lost, work);
                self.pn.put(key, phi, delta, work);
                return Ok((phi, delta));
            }
            if depth == 0
                && let Some(live) = self.live
            {
                live.phi.store(phi, Ordering::Relaxed);
                live.delta.store(delta, Ordering::Relaxed);
            }
            if phi >= phi_t || delta >= delta_t {
                self.pn.put(key, phi, delta, work);
                return Ok((phi, delta));
            }
            // another thread is in the best child: go to the one that looks best with the busy
            // ones dearer, when that one is below the threshold (else the same way as the other)
            if let Some(t) = shared
                && let Child::Node { key: bkey, .. } = &children[best]
                && t.busy(*bkey) > 0
                && let Some((v, s)) = virtual_choice(t, &children, &seen)
                && seen[v].1 < phi_t
            {
                best = v;
                second = s;
            }
            if let Child::Lands { parts, k, .. } = &children[best] {
                // entered for the first time: value its parts, then look again
                let (parts, k) = (parts.clone(), *k);
                children[best] = self.open(&parts, k)?;
                continue;
            }
            let Child::Node {
                c: bc,
                k: bk,
                key: bkey,
                ..
            } = &children[best]
            else {
                unreachable!("a settled child has φ 0 or ∞ and ends the node");
            };
            let (bphi, _) = seen[best];
            let child_phi_t = if delta_t == INF {
                INF
            } else {
                (delta_t as u64 - delta as u64 + bphi as u64).min(CAP) as u32
            };
            let widened = if second == INF {
                INF
            } else {
                let e = (second as f64 * (1.0 + self.cfg.epsilon)).ceil();
                (e.min(CAP as f64) as u32).max(second.saturating_add(1))
            };
            let child_delta_t = phi_t.min(widened);
            let (bc, bk, bkey) = (bc.clone(), *bk, *bkey);
            seen[best] = self.mid(&bc, bk, bkey, child_phi_t, child_delta_t, depth + 1)?;
        }
    }
}

/// The child that looks best when the children that other threads are in look dearer, and the
/// second-least disproof number so seen (the children's numbers are `seen`).
fn virtual_choice<C>(
    t: &SharedPnTable,
    children: &[Child<C>],
    seen: &[(u32, u32)],
) -> Option<(usize, u32)> {
    let (mut least, mut second, mut best, mut best_size) = (INF, INF, None, u32::MAX);
    for (i, ch) in children.iter().enumerate() {
        let d = seen[i].1;
        let (v, size) = match ch {
            Child::Node { key, size, .. } => (virtual_delta(d, t.busy(*key)), *size),
            Child::Lands { size, .. } => (d, *size),
            Child::Settled(_) => (d, 0),
        };
        if v < least || (v == least && size < best_size) {
            second = least;
            least = v;
            best = Some(i);
            best_size = size;
        } else if v < second {
            second = v;
        }
    }
    best.map(|b| (b, second))
}

/// The share of its own disproof number that a busy child looks dearer by, per thread in it.
const VIRTUAL_SHARE: f64 = 0.25;

/// The disproof number a thread sees for a child that `busy` other threads are in (Kaneko's
/// virtual numbers): dearer by a share of itself for each, so that the next thread goes to a
/// sibling unless the busy child is far the best.
#[inline]
fn virtual_delta(d: u32, busy: u32) -> u32 {
    if busy == 0 || d == INF {
        return d;
    }
    let r = VIRTUAL_SHARE;
    let add = ((d as f64 * r).ceil() as u64).max(1) * busy as u64;
    (d as u64 + add).min(CAP) as u32
}

/// The key of node `c + *k` in the proof-number table.
#[inline]
fn node_key<G: SearchGame>(game: &G, c: &G::Component, k: u8) -> NodeKey {
    NodeKey::new(game.key(c), k)
}
