// Why this file is long: one type, `Split`, whose rounds and young-brothers rules share its private
// per-part state, and its answers file; its code is under the limit, the rest is its tests
// (property tests against a brute force, tests of the young brothers and of the answers file).
//! The root of a search split into **jobs**, for a search shared by many processes.
//!
//! A distributed search (`grundy-timely`'s `search`) hands questions out, not positions: a
//! *job* is "is this sum of components worth `*k`?" — the outcome of `S + *k`, the question
//! Lemoine and Viennot's aspiration asks at the root — which any process answers with today's
//! engine ([`crate::search::Search::value_in`]). Every process lists the same sums in the same order
//! from the same arguments, so a job is named by two numbers and no component ever travels:
//!
//! 1. The **sums**: the moves of each of the root's parts (each move a sum of components), in
//!    the order the game writes them; then, when every winning move is asked for, the
//!    positions after the root's moves.
//! 2. **Aspiration rounds**, part by part and all parts at once (the parts are independent):
//!    round `k` of a part asks its moves "are you worth `*k`?", those whose largest part is
//!    smallest first, as the engine orders them; twins (moves that leave the same parts, as a
//!    move and its mirror image do on a symmetric board) are asked once. The first *yes* ends the round (the questions still out are moot: the
//!    coordinator cancels them) and round `k + 1` starts; a round where every move says *no*
//!    values the part: `G(part) = k`, the mex of its moves' values (a move found worth `j`
//!    is never asked again; one known not to be worth `k` is not asked `k`).
//! 3. The root is worth the XOR of its parts (the Sprague–Grundy theorem). When only the
//!    outcome is asked and the root is one part, round 0 alone decides it: a first-player win
//!    exactly when some move is worth `*0`. The winning moves, when asked, are the sums after
//!    the root's moves that answer *yes* to "worth `*0`?", asked once the root is known to be
//!    a first-player win.
//!
//! With one process and one thread the jobs run one at a time in the engine's own order, so
//! the distributed search does the single-machine search's work at the root; with more, the
//! questions of a round are answered side by side, and what one process asks beyond the
//! first *yes* is the *search overhead* (measured in `benches/search-cluster.sh` as nodes).
//!
//! **The young brothers wait** ([`Split::eldest_first`], for several processes; Feldmann's
//! *Young Brothers Wait Concept* of parallel αβ, 1993). A round's questions past its first are
//! a bet that no earlier move says *yes*: a *yes* makes the rest of its round moot and their
//! work lost. The engine's order puts the likeliest *yes* first, so a split that waits asks a
//! round's first question alone and the rest side by side once it has said *no*: where a
//! round's first move is the winning one, processes that do not wait can lose more nodes in
//! moot questions than the whole search takes on one process.
//!
//! Round 0 waits longer ([`Split::patience`]): its questions go out one at a time until their
//! *no*s have cost enough nodes, since on a first-player win round 0 ends with a *yes*, and
//! the *no*s before it are cheap.
//!
//! **A question asked by its moves** ([`Split::beneath`]): "is the sum `S` worth `*t`?" is
//! itself a split — the aspiration rounds of `S`'s moves, up to `t` — so that a question alone
//! in play (the young brothers waiting) can still be shared: its moves' questions go to the
//! processes instead of the question to one ([`Split::verdict`] reads the answer back).
//!
//! The coordinator keeps every answer it has in a file ([`save_answers`], atomic, with a
//! CRC-32 and the split's [`Split::fingerprint`]), so a rerun with the same arguments replays
//! them and does not ask a finished question again.
//!
//! ```
//! use grundy::search::distributed::split::Split;
//! use grundy::search::{Config, NimSet, Search, Table};
//! use grundy::games::kayles::GridKayles;
//! let game = GridKayles::default();
//! let parts = game.components(&game.grid(3, 4).unwrap());
//! let mut split = Split::new(&game, &parts, &[], false).unwrap();
//! let table = Table::with_bytes(1 << 20);
//! let search = Search::new(&game, &table, Config::default());
//! while !split.is_done() {
//!     for job in split.next_jobs(usize::MAX) {
//!         let v = search.value_in(split.sum(job.sum), NimSet::single(job.target)).unwrap();
//!         split.record(job, v); // its value, when the engine knows it
//!     }
//! }
//! assert_eq!(split.root_value(), Some(search.value(&parts).unwrap()));
//! ```

use std::collections::{HashMap, HashSet};
use std::path::Path;

use crate::search::{MAX_MOVES, Moves, SearchGame};

/// Sums at most in a split (the root's moves and the positions after them).
pub const MAX_SUMS: usize = 1 << 20;

/// A question: is sum `sum` worth `*target`?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Job {
    /// The sum asked about (its number in the split).
    pub sum: u32,
    /// The value asked.
    pub target: u8,
}

/// One part of the root and its aspiration rounds.
#[derive(Clone, Debug)]
struct Part {
    /// Its moves: sums `first..first + n`, asked in the order of `order`.
    first: u32,
    order: Vec<u32>,
    /// The exact value of each move, once found.
    known: Vec<Option<u8>>,
    /// The values each move is known not to have (bit `v`; values above 127 are never asked).
    not: Vec<u128>,
    /// The round: the value asked now.
    k: u8,
    /// The part's value, once known.
    value: Option<u8>,
    /// Nodes the answers *no* of the open round have cost (what the young brothers of round 0
    /// wait for, [`Split::patience`]).
    no_cost: u64,
}

/// The answer of a split [`Split::beneath`] a question "is this sum worth `*t`?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The sum's exact value is known (the question's *yes* when it is `t`).
    Value(u8),
    /// The sum is known not to be worth `t` (its exact value not known).
    NotTarget,
}

impl Verdict {
    /// The answer as the jobs record it: `Some(v)` for an exact value, `None` for *no*.
    pub fn found(self) -> Option<u8> {
        match self {
            Verdict::Value(v) => Some(v),
            Verdict::NotTarget => None,
        }
    }
}

/// The root split into questions (see the module docs).
#[derive(Clone, Debug)]
pub struct Split<C> {
    sums: Vec<Vec<C>>,
    sizes: Vec<u64>,
    parts: Vec<Part>,
    /// The positions after the root's moves: sums `after..`.
    after: u32,
    /// Their answer to "worth `*0`?" (one per distinct position).
    winning: Vec<Option<bool>>,
    /// The distinct position of each position after a root move.
    after_of: Vec<u32>,
    outcome_only: bool,
    /// Ask each round's first question alone ([`Split::eldest_first`]).
    eldest_first: bool,
    /// Nodes of answers *no* round 0's young brothers wait for ([`Split::patience`]).
    patience: u64,
    /// Young brothers asked beside the eldest while they wait ([`Split::brothers`]).
    brothers: usize,
    /// A split beneath one question ([`Split::beneath`]): the value its one part is asked
    /// about, and the XOR of the sum's other parts.
    cap: Option<(u8, u8)>,
    /// Jobs handed out and not answered (nor made moot).
    out: HashSet<Job>,
    /// Answers recorded, in order (what the answers file keeps).
    log: Vec<(Job, Option<u8>)>,
}

/// Why a split could not be built.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SplitError {
    /// Too many sums.
    #[error("the root has more than {MAX_SUMS} moves")]
    TooLarge,
    /// A part has more moves than a value can count.
    #[error("a part of the root has {0} moves: more than the {MAX_MOVES} a value can count")]
    TooManyMoves(usize),
}

impl<C: Clone> Split<C> {
    /// Split the sum of `parts`; `after` are the positions after the root's moves (asked
    /// "worth `*0`?" for the winning moves; empty when they are not wanted). With
    /// `outcome_only`, a root of one part asks round 0 only.
    pub fn new<G: SearchGame<Component = C>>(
        game: &G,
        parts: &[C],
        after: &[Vec<C>],
        outcome_only: bool,
    ) -> Result<Split<C>, SplitError> {
        let mut sums: Vec<Vec<C>> = Vec::new();
        let mut list = Vec::new();
        let mut moves = Moves::default();
        // a sum written as its parts' keys, sorted: twins (moves that leave the same parts, as a
        // move and its mirror image do on a symmetric board) are one sum, asked once
        let keyed = |sum: &[C]| {
            let mut k: Vec<(u64, u16)> = sum
                .iter()
                .map(|c| {
                    let k = game.key(c);
                    (k.bits, k.tag)
                })
                .collect();
            k.sort_unstable();
            k
        };
        for c in parts {
            let first = sums.len() as u32;
            let value = game.known_value(c);
            let mut n = 0;
            if value.is_none() {
                moves.clear();
                game.moves(c, &mut moves);
                if moves.len() > MAX_MOVES {
                    return Err(SplitError::TooManyMoves(moves.len()));
                }
                let mut seen = HashSet::new();
                for m in 0..moves.len() {
                    if seen.insert(keyed(moves.parts(m))) {
                        sums.push(moves.parts(m).to_vec());
                        n += 1;
                    }
                }
            }
            if sums.len() > MAX_SUMS {
                return Err(SplitError::TooLarge);
            }
            list.push(Part {
                first,
                order: Vec::new(),
                known: vec![None; n],
                not: vec![0; n],
                k: 0,
                value,
                no_cost: 0,
            });
        }
        let after_first = sums.len() as u32;
        if sums.len() + after.len() > MAX_SUMS {
            return Err(SplitError::TooLarge);
        }
        let mut first_of = HashMap::new();
        let mut after_of = Vec::with_capacity(after.len());
        for a in after {
            let w = *first_of.entry(keyed(a)).or_insert_with(|| {
                sums.push(a.clone());
                sums.len() as u32 - 1 - after_first
            });
            after_of.push(w);
        }
        let n_after = sums.len() - after_first as usize;
        // the engine's move ordering: the sums whose largest part is smaller first
        let sizes: Vec<u64> = sums
            .iter()
            .map(|s| s.iter().map(|c| game.size(c) as u64).max().unwrap_or(0))
            .collect();
        for p in &mut list {
            let mut order: Vec<u32> = (0..p.known.len() as u32).collect();
            order.sort_by_key(|&i| (sizes[(p.first + i) as usize], i));
            p.order = order;
        }
        let mut s = Split {
            sums,
            sizes,
            parts: list,
            after: after_first,
            after_of,
            winning: vec![None; n_after],
            outcome_only,
            eldest_first: false,
            patience: 0,
            brothers: 0,
            cap: None,
            out: HashSet::new(),
            log: Vec::new(),
        };
        s.advance();
        Ok(s)
    }

    /// From now on, ask the first question of each part's round alone, and the rest of the
    /// round only once it has said *no* (the young brothers wait, see the module docs): for a
    /// search on several processes, where the questions asked beside a *yes* are lost work.
    pub fn eldest_first(&mut self, on: bool) {
        self.eldest_first = on;
    }

    /// With [`Split::eldest_first`], round 0's young brothers wait longer: its questions go
    /// out one at a time until its answers *no* have cost `nodes` nodes together (0, the
    /// default: until the first *no*). Round 0 is the round most likely to end with a *yes* —
    /// every root that is a first-player win has a move worth `*0` — and its *no*s are cheap
    /// when a *yes* is to come (a move that is not worth `*0` has a move to `*0`, and the
    /// engine's order finds it early), while the *yes* is dear, and every question asked
    /// beside that *yes* is lost. A root whose answers are all *no* (a second-player win)
    /// sends its brothers out as soon as its *no*s turn dear.
    pub fn patience(&mut self, nodes: u64) {
        self.patience = nodes;
    }

    /// With [`Split::eldest_first`], `n` young brothers go out beside the eldest while they
    /// wait for its *no* (not in a patient round 0, whose questions are asked one at a time):
    /// a bet on a round where every move says *no*, that keeps `n` more processes busy.
    pub fn brothers(&mut self, n: usize) {
        self.brothers = n;
    }

    /// The split beneath the question "is the sum `sum` worth `*target`?": the moves of its
    /// one part whose value the game does not know, in aspiration rounds up to the value that
    /// part must have (`target` XOR the other parts' values) — the question answered by its
    /// moves' questions, so that several processes can share one question (see
    /// [`Split::verdict`]). `None` when the sum does not have exactly one such part, or when
    /// the answer is known before any question.
    ///
    /// `G(part) = t` exactly when rounds `0..t` each find a move worth their value and no
    /// move is worth `t`: round `j < t` ending with every move *no* values the part at `j`,
    /// round `t` ending with a *yes* shows it is not `t`.
    pub fn beneath<G: SearchGame<Component = C>>(
        game: &G,
        sum: &[C],
        target: u8,
    ) -> Result<Option<Split<C>>, SplitError> {
        let mut unknown = None;
        let mut x = target;
        for c in sum {
            match game.known_value(c) {
                Some(v) => x ^= v,
                None if unknown.is_none() => unknown = Some(c),
                None => return Ok(None),
            }
        }
        let Some(part) = unknown else {
            return Ok(None);
        };
        if x >= 128 {
            return Ok(None);
        }
        let mut s = Split::new(game, std::slice::from_ref(part), &[], false)?;
        s.cap = Some((x, x ^ target));
        s.advance();
        Ok(s.verdict().is_none().then_some(s))
    }

    /// A split [`Split::beneath`] a question: its answer once known ([`Verdict`]); `None`
    /// while undecided or for a root split.
    pub fn verdict(&self) -> Option<Verdict> {
        let (t, others) = self.cap?;
        let p = &self.parts[0];
        match p.value {
            Some(v) => Some(Verdict::Value(v ^ others)),
            None if p.k > t => Some(Verdict::NotTarget),
            None => None,
        }
    }

    /// True when part `p`'s rounds go past the value a split beneath a question asks about.
    fn past_cap(&self, p: &Part) -> bool {
        self.cap.is_some_and(|(t, _)| p.k > t)
    }

    /// The components of sum `s`.
    pub fn sum(&self, s: u32) -> &[C] {
        &self.sums[s as usize]
    }

    /// The number of sums.
    pub fn len(&self) -> usize {
        self.sums.len()
    }

    /// True when there is no sum (every part of the root is known without search).
    pub fn is_empty(&self) -> bool {
        self.sums.is_empty()
    }

    /// The size of sum `s` (the size of its largest part).
    pub fn size(&self, s: u32) -> u64 {
        self.sizes[s as usize]
    }

    /// True when `job` is a question this split can ask.
    pub fn is_job(&self, job: Job) -> bool {
        (job.sum as usize) < self.sums.len() && job.target as usize <= MAX_MOVES
    }

    /// Which part a sum is a move of, and which move (`None` for the positions after the
    /// root's moves).
    fn owner(&self, sum: u32) -> Option<(usize, usize)> {
        if sum >= self.after {
            return None;
        }
        let p = self.parts.partition_point(|p| p.first <= sum) - 1;
        Some((p, (sum - self.parts[p].first) as usize))
    }

    /// Close every round settled by what is known: a round with a move known to be worth
    /// `k` moves on; a round where every move is known not to be worth `k` values the part.
    fn advance(&mut self) {
        let cap = self.cap.map_or(u8::MAX, |(t, _)| t);
        for p in &mut self.parts {
            while p.value.is_none() && p.k <= cap {
                if p.known.contains(&Some(p.k)) {
                    p.k += 1;
                    p.no_cost = 0;
                    continue;
                }
                let k = p.k;
                let open =
                    (0..p.known.len()).any(|i| p.known[i].is_none() && p.not[i] >> k & 1 == 0);
                if !open {
                    p.value = Some(k);
                }
                break;
            }
        }
        // questions made moot by a closed round
        let parts = &self.parts;
        let after = self.after;
        self.out.retain(|j| {
            if j.sum >= after {
                return true;
            }
            let p = &parts[parts.partition_point(|p| p.first <= j.sum) - 1];
            p.value.is_none() && j.target == p.k
        });
    }

    /// The questions to ask now that are not out yet, at most `n`: the open round of each part
    /// (parts taken in turn, moves smallest first), then the winning moves once the root is
    /// known to be a first-player win.
    pub fn next_jobs(&mut self, n: usize) -> Vec<Job> {
        let jobs: Vec<Job> = self.candidates().into_iter().take(n).collect();
        for &j in &jobs {
            self.hand_out(j);
        }
        jobs
    }

    /// Every question to ask now that is not out, in the order [`Split::next_jobs`] hands them
    /// out (a scheduler may pick among them, say to send a move's next question to the process
    /// whose table already knows the move).
    pub fn candidates(&self) -> Vec<Job> {
        let mut jobs = Vec::new();
        let mut cursors: Vec<usize> = vec![0; self.parts.len()];
        let wanted_parts = !(self.outcome_only && self.parts.len() == 1 && self.parts[0].k > 0);
        loop {
            let mut gave = false;
            for (pi, p) in self.parts.iter().enumerate() {
                if !wanted_parts || p.value.is_some() || self.past_cap(p) {
                    continue;
                }
                // the young brothers wait: until one question of the round has said no (in
                // round 0, until its no's have cost `patience` nodes), its questions are
                // asked one at a time
                let k = p.k;
                let waiting = if k == 0 && self.patience > 0 {
                    p.no_cost < self.patience
                } else {
                    p.not.iter().all(|n| n >> k & 1 == 0)
                };
                if self.eldest_first && waiting {
                    // the round's first open questions: the eldest (alone while round 0 is
                    // patient), and `brothers` more otherwise
                    let room = if k == 0 && self.patience > 0 {
                        1
                    } else {
                        self.brothers.saturating_add(1)
                    };
                    let open = p
                        .order
                        .iter()
                        .map(|&i| i as usize)
                        .filter(|&i| p.known[i].is_none() && p.not[i] >> k & 1 == 0)
                        .take(room);
                    for i in open {
                        let job = Job {
                            sum: p.first + i as u32,
                            target: k,
                        };
                        if cursors[pi] == 0 && !self.out.contains(&job) {
                            jobs.push(job);
                        }
                    }
                    cursors[pi] = p.order.len();
                    continue;
                }
                while cursors[pi] < p.order.len() {
                    let i = p.order[cursors[pi]] as usize;
                    cursors[pi] += 1;
                    let job = Job {
                        sum: p.first + i as u32,
                        target: p.k,
                    };
                    if p.known[i].is_none() && p.not[i] >> p.k & 1 == 0 && !self.out.contains(&job)
                    {
                        jobs.push(job);
                        gave = true;
                        break;
                    }
                }
            }
            if !gave {
                break;
            }
        }
        if self.root_wins() == Some(true) {
            for w in 0..self.winning.len() {
                let job = Job {
                    sum: self.after + w as u32,
                    target: 0,
                };
                if self.winning[w].is_none() && !self.out.contains(&job) {
                    jobs.push(job);
                }
            }
        }
        jobs
    }

    /// Mark `job` (one of [`Split::candidates`]) as handed out.
    pub fn hand_out(&mut self, job: Job) {
        self.out.insert(job);
    }

    /// The questions out now that an answer made moot (to cancel); each is out no more.
    pub fn moot(&mut self, asked: &[Job]) -> Vec<Job> {
        asked
            .iter()
            .copied()
            .filter(|j| !self.out.contains(j))
            .collect()
    }

    /// True when `job` was handed out and is still wanted.
    pub fn is_out(&self, job: Job) -> bool {
        self.out.contains(&job)
    }

    /// Record the answer to `job`: `found` is the sum's exact value when known (`*target`
    /// for a *yes*; the engine may know another value from its table), `None` when the sum is
    /// only known not to be worth `*target`. Answers to questions made moot are still facts
    /// and are kept.
    pub fn record(&mut self, job: Job, found: Option<u8>) {
        self.record_cost(job, found, 0);
    }

    /// [`Split::record`], with the nodes the answer cost (what round 0's young brothers wait
    /// for, [`Split::patience`]).
    pub fn record_cost(&mut self, job: Job, found: Option<u8>, nodes: u64) {
        self.out.remove(&job);
        self.log.push((job, found));
        match self.owner(job.sum) {
            Some((p, i)) => {
                let part = &mut self.parts[p];
                if job.target == part.k && found != Some(job.target) {
                    part.no_cost = part.no_cost.saturating_add(nodes);
                }
                match found {
                    Some(v) => part.known[i] = Some(v),
                    None if (job.target as usize) < 128 => part.not[i] |= 1u128 << job.target,
                    None => {}
                }
            }
            None => {
                let w = (job.sum - self.after) as usize;
                match found {
                    Some(v) => self.winning[w] = Some(v == 0),
                    None if job.target == 0 => self.winning[w] = Some(false),
                    None => {}
                }
            }
        }
        self.advance();
    }

    /// The root's value, once every part is valued.
    pub fn root_value(&self) -> Option<u8> {
        self.parts
            .iter()
            .try_fold(0u8, |x, p| p.value.map(|v| x ^ v))
    }

    /// The root's outcome once decided: `Some(true)` when the first player wins. A root of
    /// one part is a first-player win as soon as one move is known to be worth `*0`.
    pub fn root_wins(&self) -> Option<bool> {
        if let Some(v) = self.root_value() {
            return Some(v != 0);
        }
        if let [p] = &self.parts[..]
            && p.known.contains(&Some(0))
        {
            return Some(true);
        }
        None
    }

    /// Whether the position after root move `w` is a P-position (a winning move), once known;
    /// `Some(false)` for every move of a root that is a second-player win.
    pub fn winning(&self, w: usize) -> Option<bool> {
        match self.root_wins() {
            Some(false) => Some(false),
            _ => self.winning[self.after_of[w] as usize],
        }
    }

    /// True when everything asked is known: the root's value (its outcome with
    /// `outcome_only`) and, for a first-player win, every winning move.
    pub fn is_done(&self) -> bool {
        if self.cap.is_some() {
            return self.verdict().is_some();
        }
        let root = if self.outcome_only {
            self.root_wins().is_some()
        } else {
            self.root_value().is_some()
        };
        root && (0..self.after_of.len()).all(|w| self.winning(w).is_some())
    }

    /// The answers recorded so far, in order (what [`save_answers`] keeps).
    pub fn answers(&self) -> &[(Job, Option<u8>)] {
        &self.log
    }

    /// A fingerprint of the split (its sums' sizes and structure, and the question asked): an
    /// answers file is only read back into a split with the same fingerprint.
    pub fn fingerprint<G: SearchGame<Component = C>>(&self, game: &G) -> u64 {
        let mut h = crc32fast::Hasher::new();
        let mut g = crc32fast::Hasher::new_with_initial(0x9e37_79b9);
        for sum in &self.sums {
            h.update(&(sum.len() as u32).to_le_bytes());
            for c in sum {
                let k = game.key(c);
                h.update(&k.bits.to_le_bytes());
                g.update(&k.tag.to_le_bytes());
                g.update(&k.bits.rotate_left(17).to_le_bytes());
            }
        }
        for p in &self.parts {
            g.update(&p.first.to_le_bytes());
            g.update(&[p.value.map_or(255, |v| v)]);
        }
        g.update(&[self.outcome_only as u8]);
        g.update(&self.after.to_le_bytes());
        for w in &self.after_of {
            g.update(&w.to_le_bytes());
        }
        (h.finalize() as u64) << 32 | g.finalize() as u64
    }
}

/// The file name of the coordinator's answers inside a table directory.
pub const ANSWERS_FILE: &str = "split-answers.bin";

const MAGIC: &[u8; 24] = b"grundy split answers v2\n";
/// The first version's files: the root's questions only (6 bytes an answer); still read.
const MAGIC_V1: &[u8; 24] = b"grundy split answers v1\n";

/// An answer the coordinator keeps: the question — the root's own (`under` is `None`), or
/// one asked by the split [`Split::beneath`] root question `under` — and what it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The root question whose split asked it, if any.
    pub under: Option<Job>,
    /// The question, numbered in its split.
    pub job: Job,
    /// Its answer, as [`Split::record`] takes it.
    pub found: Option<u8>,
}

/// The answer byte of "not worth the value asked" (values are at most 127).
const NOT: u8 = 0xff;

/// Why the answers file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum AnswersError {
    /// Reading or writing failed.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        error: String,
    },
    /// The file is damaged or belongs to another search.
    #[error("{path}: {reason}; remove it to start afresh")]
    Refused {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
}

/// Write the answered jobs to `dir/`[`ANSWERS_FILE`], atomically (a temporary file, synced,
/// renamed), with the game, the split's fingerprint and a CRC-32.
pub fn save_answers(
    dir: &Path,
    game_id: &str,
    fingerprint: u64,
    answers: &[Kept],
) -> Result<(), AnswersError> {
    let path = dir.join(ANSWERS_FILE);
    let io = |e: String| AnswersError::Io {
        path: path.display().to_string(),
        error: e,
    };
    std::fs::create_dir_all(dir).map_err(|e| io(e.to_string()))?;
    let mut bytes = Vec::with_capacity(64 + game_id.len() + answers.len() * 12);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(game_id.len() as u32).to_le_bytes());
    bytes.extend_from_slice(game_id.as_bytes());
    bytes.extend_from_slice(&fingerprint.to_le_bytes());
    bytes.extend_from_slice(&(answers.len() as u64).to_le_bytes());
    for a in answers {
        let (tag, under) = match a.under {
            Some(u) => (1, u),
            None => (0, Job { sum: 0, target: 0 }),
        };
        bytes.push(tag);
        bytes.extend_from_slice(&under.sum.to_le_bytes());
        bytes.push(under.target);
        bytes.extend_from_slice(&a.job.sum.to_le_bytes());
        bytes.push(a.job.target);
        bytes.push(a.found.unwrap_or(NOT));
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    crate::tier::database::write_atomically(&path, &bytes).map_err(|e| io(e.to_string()))
}

/// Read the answers kept in `dir` for a split of `game_id` with `fingerprint`: empty when there
/// is no file yet; an error when the file is damaged or from another search.
pub fn load_answers(
    dir: &Path,
    game_id: &str,
    fingerprint: u64,
) -> Result<Vec<Kept>, AnswersError> {
    let path = dir.join(ANSWERS_FILE);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(AnswersError::Io {
                path: path.display().to_string(),
                error: e.to_string(),
            });
        }
    };
    let refuse = |reason: &str| AnswersError::Refused {
        path: path.display().to_string(),
        reason: reason.to_string(),
    };
    if bytes.len() < MAGIC.len() + 4 + 8 + 8 + 4
        || (&bytes[..MAGIC.len()] != MAGIC && &bytes[..MAGIC.len()] != MAGIC_V1)
    {
        return Err(refuse("not an answers file"));
    }
    let v1 = &bytes[..MAGIC.len()] == MAGIC_V1;
    let (body, tail) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(body) != u32::from_le_bytes(tail.try_into().expect("4 bytes")) {
        return Err(refuse("checksum mismatch"));
    }
    let mut at = MAGIC.len();
    let mut take = |n: usize| -> Result<&[u8], AnswersError> {
        let s = body.get(at..at + n).ok_or_else(|| refuse("truncated"))?;
        at += n;
        Ok(s)
    };
    let id_len = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes")) as usize;
    if take(id_len)? != game_id.as_bytes() {
        return Err(refuse(&format!("the answers are not for {game_id:?}")));
    }
    if u64::from_le_bytes(take(8)?.try_into().expect("8 bytes")) != fingerprint {
        return Err(refuse(
            "the answers are for another position or another question (--outcome, --moves, the game's options)",
        ));
    }
    let n = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
    let records = &body[MAGIC.len() + 4 + id_len + 8 + 8..];
    let width = if v1 { 6 } else { 12 };
    if n.checked_mul(width) != Some(records.len() as u64) {
        return Err(refuse("truncated"));
    }
    let job = |r: &[u8]| Job {
        sum: u32::from_le_bytes(r[..4].try_into().expect("4 bytes")),
        target: r[4],
    };
    let mut out = Vec::with_capacity(n as usize);
    for r in records.chunks_exact(width as usize) {
        let (under, r) = match (v1, r[0]) {
            (true, _) => (None, r),
            (false, 0) => (None, &r[6..]),
            (false, 1) => (Some(job(&r[1..6])), &r[6..]),
            _ => return Err(refuse("a malformed answer")),
        };
        out.push(Kept {
            under,
            job: job(r),
            found: (r[5] != NOT).then_some(r[5]),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kayles::graph::Graph;
    use crate::games::kayles::{GraphKayles, Rule};
    use crate::search::{Config, NimSet, Search, Table};
    use proptest::prelude::*;

    /// Answer the split's questions with the engine, `batch` at a time (answers of a batch
    /// in the given order, as processes would), until it is done.
    fn answer_all<G: SearchGame>(
        game: &G,
        split: &mut Split<G::Component>,
        batch: usize,
        reverse: bool,
    ) {
        let table = Table::with_bytes(1 << 20);
        let search = Search::new(game, &table, Config::default());
        while !split.is_done() {
            let mut jobs = split.next_jobs(batch);
            assert!(
                !jobs.is_empty(),
                "a split that is not done has questions to ask"
            );
            if reverse {
                jobs.reverse();
            }
            for j in jobs {
                let v = search
                    .value_in(split.sum(j.sum), NimSet::single(j.target))
                    .unwrap();
                // a made-up cost, for the patience of round 0
                split.record_cost(j, v, (j.sum as u64 * 37 + j.target as u64) % 500);
            }
        }
    }

    /// A plain mex over the graph's vertex sets, sharing nothing with the engine.
    fn brute(rule: Rule, n: usize, edges: &[(usize, usize)]) -> u8 {
        fn go(
            rule: Rule,
            alive: u32,
            n: usize,
            adj: &[u32],
            edges: &[(usize, usize)],
            memo: &mut HashMap<u32, u8>,
        ) -> u8 {
            if let Some(&v) = memo.get(&alive) {
                return v;
            }
            let mut seen = 0u64;
            match rule {
                Rule::Vertex => {
                    for v in 0..n {
                        if alive >> v & 1 == 1 {
                            let next = alive & !(1 << v) & !adj[v];
                            seen |= 1 << go(rule, next, n, adj, edges, memo);
                        }
                    }
                }
                Rule::Edge => {
                    for &(a, b) in edges {
                        if alive >> a & 1 == 1 && alive >> b & 1 == 1 {
                            // the edge's two ends go, and every edge at them
                            let next = alive & !(1 << a) & !(1 << b);
                            seen |= 1 << go(rule, next, n, adj, edges, memo);
                        }
                    }
                }
            }
            let v = (!seen).trailing_zeros() as u8;
            memo.insert(alive, v);
            v
        }
        let mut adj = vec![0u32; n];
        for &(a, b) in edges {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        go(rule, (1u32 << n) - 1, n, &adj, edges, &mut HashMap::new())
    }

    fn graphs() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
        (1usize..=11).prop_flat_map(|n| {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            let m = pairs.len();
            (Just(n), proptest::sample::subsequence(pairs, 0..=m.min(20)))
        })
    }

    /// The graph left after Node-Kayles move `v` (its neighbours go with it).
    fn after_vertex(n: usize, edges: &[(usize, usize)], v: usize) -> (usize, Vec<(usize, usize)>) {
        let mut gone = vec![false; n];
        gone[v] = true;
        for &(a, b) in edges {
            if a == v {
                gone[b] = true;
            }
            if b == v {
                gone[a] = true;
            }
        }
        let keep: Vec<usize> = (0..n).filter(|&u| !gone[u]).collect();
        let rename: HashMap<usize, usize> = keep.iter().enumerate().map(|(i, &u)| (u, i)).collect();
        let e = edges
            .iter()
            .filter_map(|&(a, b)| Some((*rename.get(&a)?, *rename.get(&b)?)))
            .collect();
        (keep.len(), e)
    }

    proptest! {
        /// Whatever the batch of questions asked at once and the order of their answers, the
        /// split values the root as a plain mex over the whole game does.
        #[test]
        fn a_split_values_the_root_as_the_brute_force_does(
            (n, edges) in graphs(),
            batch in 1usize..12,
            edge_rule in any::<bool>(),
            reverse in any::<bool>(),
            wait in any::<bool>(),
            brothers in 0usize..3,
            patience in prop_oneof![Just(0u64), 1u64..2_000],
        ) {
            let rule = if edge_rule { Rule::Edge } else { Rule::Vertex };
            let game = GraphKayles::new(rule);
            let g = Graph::from_edges(n, &edges).unwrap();
            let parts = game.components(&g);
            let want = brute(rule, n, &edges);
            let mut split = Split::new(&game, &parts, &[], false).unwrap();
            split.eldest_first(wait);
            split.brothers(brothers);
            split.patience(patience);
            answer_all(&game, &mut split, batch, reverse);
            prop_assert_eq!(split.root_value(), Some(want));
            prop_assert_eq!(split.root_wins(), Some(want != 0));
            // outcome only: the same outcome
            let mut split = Split::new(&game, &parts, &[], true).unwrap();
            split.eldest_first(wait);
            split.brothers(brothers);
            split.patience(patience);
            answer_all(&game, &mut split, batch, reverse);
            prop_assert_eq!(split.root_wins(), Some(want != 0));
        }

        /// A question answered by its moves' questions says what the brute force says: the
        /// position is worth the value asked exactly when the split beneath it says *yes*, and
        /// an exact value it reports is the position's.
        #[test]
        fn a_question_answered_by_its_moves_agrees_with_the_brute_force(
            (n, edges) in graphs(),
            target in 0u8..4,
            batch in 1usize..12,
            edge_rule in any::<bool>(),
            reverse in any::<bool>(),
            wait in any::<bool>(),
        ) {
            let rule = if edge_rule { Rule::Edge } else { Rule::Vertex };
            let game = GraphKayles::new(rule);
            let parts = game.components(&Graph::from_edges(n, &edges).unwrap());
            let want = brute(rule, n, &edges);
            let unknown: Vec<_> = parts.iter().filter(|c| game.known_value(c).is_none()).collect();
            let others = parts.iter().filter_map(|c| game.known_value(c)).fold(0, |x, v| x ^ v);
            match Split::beneath(&game, &parts, target).unwrap() {
                None => prop_assert!(
                    unknown.len() != 1
                        || Split::new(&game, &[unknown[0].clone()], &[], false)
                            .unwrap()
                            .root_value()
                            .is_some(),
                    "a sum of one unknown part is asked by its moves"
                ),
                Some(mut split) => {
                    prop_assert_eq!(unknown.len(), 1);
                    split.eldest_first(wait);
                    answer_all(&game, &mut split, batch, reverse);
                    match split.verdict().unwrap() {
                        Verdict::Value(v) => prop_assert_eq!(v, want),
                        Verdict::NotTarget => prop_assert_ne!(want, target),
                    }
                    // no round past the value asked
                    prop_assert!(split.answers().iter().all(|(j, _)| j.target <= target ^ others));
                }
            }
        }

        /// The winning moves are the moves to a position worth 0, found by the brute force.
        #[test]
        fn a_split_finds_every_winning_move(
            (n, edges) in graphs(),
            batch in 1usize..12,
        ) {
            let game = GraphKayles::new(Rule::Vertex);
            let g = Graph::from_edges(n, &edges).unwrap();
            let parts = game.components(&g);
            let mut after = Vec::new();
            let mut want = Vec::new();
            for v in 0..n {
                let (m, e) = after_vertex(n, &edges, v);
                want.push(brute(Rule::Vertex, m, &e) == 0);
                after.push(game.components(&Graph::from_edges(m, &e).unwrap()));
            }
            let mut split = Split::new(&game, &parts, &after, false).unwrap();
            answer_all(&game, &mut split, batch, false);
            for (w, &win) in want.iter().enumerate() {
                prop_assert_eq!(split.winning(w), Some(win));
            }
        }
    }

    /// The `r × c` grid graph's edges.
    fn grid_edges(r: usize, c: usize) -> Vec<(usize, usize)> {
        let mut e = Vec::new();
        for i in 0..r {
            for j in 0..c {
                if j + 1 < c {
                    e.push((i * c + j, i * c + j + 1));
                }
                if i + 1 < r {
                    e.push((i * c + j, (i + 1) * c + j));
                }
            }
        }
        e
    }

    #[test]
    fn one_process_asks_what_the_engine_asks_and_a_yes_ends_the_round() {
        // Node-Kayles on the 3 × 5 grid (a first-player win): asked one question at a time,
        // the outcome is settled by the first move found worth *0; every question still out
        // when a round closes is moot
        let game = GraphKayles::new(Rule::Vertex);
        let edges = grid_edges(3, 5);
        assert_ne!(brute(Rule::Vertex, 15, &edges), 0);
        let parts = game.components(&Graph::from_edges(15, &edges).unwrap());
        let mut split = Split::new(&game, &parts, &[], true).unwrap();
        let table = Table::with_bytes(1 << 16);
        let search = Search::new(&game, &table, Config::default());
        let moves = split.len();
        let mut asked = 0;
        while !split.is_done() {
            let jobs = split.next_jobs(2);
            let j = jobs[0];
            let v = search
                .value_in(split.sum(j.sum), NimSet::single(j.target))
                .unwrap();
            let yes = v == Some(j.target);
            split.record(j, v);
            asked += 1;
            if yes {
                assert_eq!(split.moot(&jobs[1..]), jobs[1..].to_vec());
            }
        }
        assert_eq!(split.root_wins(), Some(true));
        assert_eq!(split.root_value(), None);
        assert!(asked < moves, "{asked} questions for {moves} moves");
        // every question was about *0
        assert!(split.answers().iter().all(|(j, _)| j.target == 0));
    }

    #[test]
    fn the_young_brothers_wait_for_the_first_question_of_each_round() {
        // Node-Kayles on the 3 × 5 grid: waiting, a round's first question goes out alone;
        // once it says no, the rest of the round goes out at once
        let game = GraphKayles::new(Rule::Vertex);
        let parts = game.components(&Graph::from_edges(15, &grid_edges(3, 5)).unwrap());
        let mut plain = Split::new(&game, &parts, &[], false).unwrap();
        let mut split = plain.clone();
        split.eldest_first(true);
        let all = plain.next_jobs(usize::MAX);
        assert!(all.len() > 2);
        let first = split.next_jobs(usize::MAX);
        assert_eq!(first, all[..1].to_vec());
        assert!(split.next_jobs(usize::MAX).is_empty(), "the others wait");
        split.record(first[0], None);
        assert_eq!(split.next_jobs(usize::MAX), all[1..].to_vec());
        // a yes closes the round: the next round's first question alone again
        split.record(all[1], Some(0));
        let next = split.next_jobs(usize::MAX);
        assert_eq!(next.len(), 1, "{next:?}");
        assert_eq!(next[0].target, 1);
    }

    #[test]
    fn round_0_waits_for_dear_nos_before_its_brothers_go_out() {
        // Node-Kayles on the 3 × 5 grid with a patience of 100 nodes: cheap no's send the next
        // question out alone; once the no's have cost 100 nodes the rest goes out at once;
        // round 1 waits for its first no only
        let game = GraphKayles::new(Rule::Vertex);
        let parts = game.components(&Graph::from_edges(15, &grid_edges(3, 5)).unwrap());
        let mut plain = Split::new(&game, &parts, &[], false).unwrap();
        let mut split = plain.clone();
        split.eldest_first(true);
        split.patience(100);
        let all = plain.next_jobs(usize::MAX);
        assert!(all.len() > 4);
        assert_eq!(split.next_jobs(usize::MAX), all[..1].to_vec());
        split.record_cost(all[0], None, 60);
        assert_eq!(
            split.next_jobs(usize::MAX),
            all[1..2].to_vec(),
            "60 nodes: still alone"
        );
        split.record_cost(all[1], None, 40);
        assert_eq!(
            split.next_jobs(usize::MAX),
            all[2..].to_vec(),
            "100 nodes: all"
        );
        split.record_cost(all[2], Some(0), 1_000);
        let next = split.next_jobs(usize::MAX);
        assert_eq!(next.len(), 1, "{next:?}");
        assert_eq!(next[0].target, 1);
        split.record_cost(next[0], None, 1);
        assert!(
            split.next_jobs(usize::MAX).len() > 1,
            "round 1: the first no is enough"
        );
    }

    #[test]
    fn one_young_brother_goes_out_beside_the_eldest() {
        // Node-Kayles on the 3 × 5 grid, one brother: a round's first two questions go out
        // together, the rest once one of them says no; round 0 still one at a time when
        // patient
        let game = GraphKayles::new(Rule::Vertex);
        let parts = game.components(&Graph::from_edges(15, &grid_edges(3, 5)).unwrap());
        let mut plain = Split::new(&game, &parts, &[], false).unwrap();
        let mut split = plain.clone();
        split.eldest_first(true);
        split.brothers(1);
        let all = plain.next_jobs(usize::MAX);
        assert!(all.len() > 3);
        assert_eq!(split.next_jobs(usize::MAX), all[..2].to_vec());
        assert!(split.next_jobs(usize::MAX).is_empty(), "the others wait");
        split.record(all[1], None);
        assert_eq!(split.next_jobs(usize::MAX), all[2..].to_vec());
        let mut fresh = Split::new(&game, &parts, &[], false).unwrap();
        fresh.eldest_first(true);
        fresh.brothers(1);
        fresh.patience(1_000);
        assert_eq!(fresh.next_jobs(usize::MAX), all[..1].to_vec());
    }

    #[test]
    fn the_same_arguments_give_the_same_fingerprint() {
        let game = GraphKayles::new(Rule::Vertex);
        let g = Graph::from_edges(12, &grid_edges(3, 4)).unwrap();
        let parts = game.components(&g);
        let a = Split::new(&game, &parts, &[], false).unwrap();
        let b = Split::new(&game, &parts, &[], false).unwrap();
        let c = Split::new(&game, &parts, &[], true).unwrap();
        assert_eq!(a.fingerprint(&game), b.fingerprint(&game));
        assert_ne!(a.fingerprint(&game), c.fingerprint(&game));
    }

    #[test]
    fn answers_survive_a_round_trip_and_refuse_another_split() {
        let dir = tempfile::tempdir().unwrap();
        let job = |sum, target| Job { sum, target };
        let kept = |under, job, found| Kept { under, job, found };
        let answers = vec![
            kept(None, job(3, 1), Some(1)),
            kept(Some(job(9, 0)), job(7, 0), None),
            kept(None, job(12, 5), Some(2)),
        ];
        save_answers(dir.path(), "game", 42, &answers).unwrap();
        assert_eq!(load_answers(dir.path(), "game", 42).unwrap(), answers);
        assert!(matches!(
            load_answers(dir.path(), "game", 43),
            Err(AnswersError::Refused { .. })
        ));
        assert!(matches!(
            load_answers(dir.path(), "other", 42),
            Err(AnswersError::Refused { .. })
        ));
        // a damaged byte is refused, never read as answers
        let p = dir.path().join(ANSWERS_FILE);
        let mut b = std::fs::read(&p).unwrap();
        let last = b.len() - 6;
        b[last] ^= 1;
        std::fs::write(&p, &b).unwrap();
        assert!(matches!(
            load_answers(dir.path(), "game", 42),
            Err(AnswersError::Refused { .. })
        ));
        let empty = tempfile::tempdir().unwrap();
        assert!(load_answers(empty.path(), "game", 42).unwrap().is_empty());
    }
}
