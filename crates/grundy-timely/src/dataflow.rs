// Why this file is long: it holds the workers' start-up and shard loading, the round primitive
// (`Rounds`), the tier loop, the acyclic pass by lookups and the loopy tier's rounds; issue 50
// splits it into dataflow/{rounds, acyclic, loopy}.rs beside `mailbox.rs`.
//! Everything that touches timely (pinned `=0.32.0`): the workers, their one dataflow, rounds.
//!
//! Each worker runs one small dataflow of two streams: a mailbox, where messages
//! `(destination worker, tag, a, b, c)` are exchanged to their destination's mailbox, and a
//! lookup service, where a batch of positions (`REQUEST`, [`crate::wire`]) is exchanged to the
//! worker that owns them, answered from the process's shards and sent back (`REPLY`). A *round* is one timestamp: a worker sends its
//! messages at time `r`, advances its input to `r + 1` and steps (parking, never spinning) until
//! the probe says time `r` is complete everywhere — then every answer of the round has arrived.
//! Every worker takes part in every round (with nothing to send if need be), so the rounds are
//! the exact boundaries the algorithms need.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use grundy::tier::database::{DRAW, INFINITE, Manifest, tier_file_name};
use grundy::tier::engine::{BLOCK, Scratch, solve_block};
use grundy::tier::{Analysis, SolvedTier, Stats, TierError, Tiered, TieredGame};
use grundy::{LoopyValue, Nimber, Outcome};
use timely::dataflow::channels::pact::Exchange as ExchangePact;
use timely::dataflow::channels::pact::Pipeline;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Exchange, Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;
use timely::{CommunicationConfig, WorkerConfig};

use crate::loopy::{Block, External, Labels, Note, Remoteness};
use crate::shards::{ShardEntry, ShardManifest, shard_file_name};
use crate::{Config, Error, Partition, Summary};

pub(crate) mod mailbox;

/// `(destination worker, tag, a, b, c)`.
type Msg = (u32, u8, u32, u64, u64);
/// A batch: `(destination worker, tag, source worker, bytes)`; a lookup's request and reply
/// ([`crate::wire`]).
type Bulk = (u32, u8, u32, Vec<u8>);
const REQUEST: u8 = 0; // bulk: the positions wanted (wire::encode_request)
const REPLY: u8 = 1; // bulk: their values and remoteness, in the request's order
const EDGE: u8 = 2; // an in-tier edge u -> v, to the owner of v: b = v, c = u
const STAT: u8 = 3; // a = kind, b = key, c = count
const FLAG: u8 = 4; // a = kind, b = number
const NOTE: u8 = 5; // a loopy tier's note (crate::loopy): a = kind, b = position, c = round
/// Bytes of one message on the wire (bincode, without framing).
const MSG_BYTES: u64 = 4 + 1 + 4 + 8 + 8;
/// Bytes of a batch's header on the wire (its three numbers and the length of its bytes).
const BULK_BYTES: u64 = 4 + 1 + 4 + 8;
/// Positions per worker per round in the lookup path (and when a loopy tier lists its edges).
const CHUNK: u64 = 1 << 15;

const FLAG_FINISHED: u32 = 0;
const FLAG_FAILED: u32 = 1;
const FLAG_BUSY: u32 = 2;
const FLAG_LEFT: u32 = 3;
const FLAG_NEXT: u32 = 4;
const NOTE_LABELLED: u32 = 0;
const NOTE_BLOCKED: u32 = 1;
const NOTE_LOST: u32 = 2;
const NOTE_WON: u32 = 3;
const STAT_POSITIONS: u32 = 0;
const STAT_P: u32 = 1;
const STAT_N: u32 = 2;
const STAT_D: u32 = 3;
const STAT_INFINITE: u32 = 4;
const STAT_VALUE: u32 = 5;
const STAT_VISITS: u32 = 6;

/// The finished tiers of this process: its shard of each (the whole tier with one process).
#[derive(Default)]
struct Shards {
    tiers: Vec<SolvedTier>,
    firsts: Vec<u64>,
}

impl Shards {
    /// (Runs for every option listed in this process's blocks: written without a closure and
    /// forced inline, as a call it weighed heavily in a process's profile.)
    #[inline(always)]
    fn lookup(&self, t: Tiered) -> Option<(u32, u32)> {
        let st = self.tiers.get(t.tier as usize)?;
        let i = t.index.checked_sub(self.firsts[t.tier as usize])?;
        if i < st.len() {
            Some((st.value_marker(i), st.remoteness_marker(i)))
        } else {
            None
        }
    }
}

/// A worker's part of a tier: its first index, values and remoteness.
type Part = (u64, Vec<u32>, Vec<u32>);

/// Answers of a lookup round, and the round's other messages.
type Looked = (Vec<(u32, u32)>, Vec<Msg>);

/// State shared by the workers of this process.
struct Shared {
    store: RwLock<Shards>,
    /// Each local worker's part of the tier being solved: (first, values, remoteness).
    parts: Mutex<Vec<Option<Part>>>,
    error: Mutex<Option<TierError>>,
    /// Finished tiers found in this process's directory.
    found: u32,
    manifest: Mutex<Option<ShardManifest>>,
    single: Mutex<Option<Manifest>>,
    bytes_sent: AtomicU64,
    /// Milliseconds since `epoch` when a round last completed (for the watchdog).
    heartbeat: AtomicU64,
    epoch: Instant,
    done: AtomicBool,
}

impl Shared {
    fn fail(&self, e: TierError) {
        let mut g = self.error.lock().expect("no poisoning");
        if g.is_none() {
            *g = Some(e);
        }
    }
    fn beat(&self) {
        self.heartbeat
            .store(self.epoch.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

/// Read the finished tiers of this process's directory (the resume point before agreement).
fn load<G: TieredGame + ?Sized>(
    game: &G,
    cfg: &Config,
    part: Partition,
) -> Result<(Shards, Option<ShardManifest>, Option<Manifest>), TierError> {
    let id = game.id();
    let mut shards = Shards::default();
    let Some(dir) = &cfg.dir else {
        return Ok((shards, None, None));
    };
    if cfg.processes == 1 {
        let mut m = Manifest::new(&id, game.tiers());
        if let Some(found) = Manifest::read(dir)? {
            let mpath = dir
                .join(grundy::tier::database::MANIFEST)
                .display()
                .to_string();
            if found.game != id {
                return Err(TierError::OtherGame {
                    path: mpath,
                    found: found.game,
                    expected: id,
                });
            }
            if found.tiers != game.tiers() || found.finished.len() > game.tiers() as usize {
                return Err(TierError::Corrupt {
                    path: mpath,
                    reason: format!("lists {} tiers, the game has {}", found.tiers, game.tiers()),
                });
            }
            for e in &found.finished {
                let path = dir.join(&e.file);
                let t = SolvedTier::open(&path, &id, e.tier, game.size(e.tier))?;
                if format!("{:08x}", t.crc32()) != e.crc32 {
                    return Err(TierError::Corrupt {
                        path: path.display().to_string(),
                        reason: format!(
                            "checksum {:08x} differs from the manifest's {}",
                            t.crc32(),
                            e.crc32
                        ),
                    });
                }
                shards.tiers.push(t);
                shards.firsts.push(0);
            }
            m = found;
        }
        return Ok((shards, None, Some(m)));
    }
    let path = dir.join(crate::shards::manifest_file_name(
        cfg.process,
        cfg.processes,
    ));
    let mut m = ShardManifest::new(&id, game.tiers(), part, cfg.process);
    if let Some(found) = ShardManifest::read(&path)? {
        if found.game != id {
            return Err(TierError::OtherGame {
                path: path.display().to_string(),
                found: found.game,
                expected: id,
            });
        }
        if found.processes != cfg.processes
            || found.workers != cfg.workers
            || found.process != cfg.process
            || found.tiers != game.tiers()
            || found.finished.len() > game.tiers() as usize
        {
            return Err(TierError::Corrupt {
                path: path.display().to_string(),
                reason: format!(
                    "shards of process {} of a run with {} processes × {} workers; resume with \
                     the same numbers or use another directory",
                    found.process, found.processes, found.workers
                ),
            });
        }
        for e in &found.finished {
            let r = part.process_range(game.size(e.tier), cfg.process);
            if e.first != r.start || e.positions != r.end - r.start {
                return Err(TierError::Corrupt {
                    path: dir.join(&e.file).display().to_string(),
                    reason: format!("holds positions {}.., expected {r:?}", e.first),
                });
            }
            shards.tiers.push(found.open(dir, e)?);
            shards.firsts.push(e.first);
        }
        m = found;
    }
    Ok((shards, Some(m), None))
}

/// Send stdout to stderr while timely connects (it prints "awaiting connections" on stdout,
/// which must stay clean for the report).
#[cfg(unix)]
struct QuietStdout(Option<i32>);

#[cfg(unix)]
impl QuietStdout {
    fn new(active: bool) -> QuietStdout {
        use std::io::Write;
        if !active {
            return QuietStdout(None);
        }
        let _ = std::io::stdout().flush();
        // SAFETY: dup/dup2 take and return plain integers (no memory is passed); descriptors 1
        // and 2 stay open, and the one dup returns is owned here, restored and closed in drop.
        unsafe {
            let saved = libc::dup(1);
            if saved < 0 || libc::dup2(2, 1) < 0 {
                return QuietStdout(None);
            }
            QuietStdout(Some(saved))
        }
    }
}

#[cfg(unix)]
impl Drop for QuietStdout {
    fn drop(&mut self) {
        if let Some(saved) = self.0 {
            // SAFETY: `saved` is the descriptor `new` dup'ed and only this value owns; it is
            // closed once, here.
            unsafe {
                libc::dup2(saved, 1);
                libc::close(saved);
            }
        }
    }
}

#[cfg(not(unix))]
struct QuietStdout;
#[cfg(not(unix))]
impl QuietStdout {
    fn new(_: bool) -> QuietStdout {
        QuietStdout
    }
}

/// Turn timely's panic on a lost connection into one message and exit code 1; `kept` says what
/// a rerun finds (the first caller's text stays).
fn install_panic_hook(kept: &'static str) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(move || {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let text = info.to_string();
            if text.contains("timely communication error") || text.contains("MergeQueue poisoned") {
                // one message, exit code 1 (a network failure): timely's threads cannot be
                // stopped otherwise
                static SAID: AtomicBool = AtomicBool::new(false);
                if SAID.swap(true, Ordering::SeqCst) {
                    return;
                }
                eprintln!(
                    "error: lost the connection to another process ({}); {kept}: rerun the \
                     same command on every process to resume",
                    info.payload()
                        .downcast_ref::<String>()
                        .map(String::as_str)
                        .or_else(|| info.payload().downcast_ref::<&str>().copied())
                        .unwrap_or("connection closed")
                );
                std::process::exit(1);
            } else {
                previous(info);
            }
        }));
    });
}

/// Run the solve on this process's workers.
pub(crate) fn run<G: TieredGame + Send + ?Sized + 'static>(
    game: Arc<G>,
    position: Tiered,
    cfg: Config,
) -> Result<Option<Summary>, Error> {
    let part = Partition::new(cfg.processes, cfg.workers);
    let (shards, manifest, single) = load(game.as_ref(), &cfg, part)?;
    let found = shards.tiers.len() as u32;
    let shared = Arc::new(Shared {
        store: RwLock::new(shards),
        parts: Mutex::new((0..cfg.workers).map(|_| None).collect()),
        error: Mutex::new(None),
        found,
        manifest: Mutex::new(manifest),
        single: Mutex::new(single),
        bytes_sent: AtomicU64::new(0),
        heartbeat: AtomicU64::new(0),
        epoch: Instant::now(),
        done: AtomicBool::new(false),
    });
    let communication = if cfg.processes > 1 {
        install_panic_hook("every finished tier is kept");
        CommunicationConfig::Cluster {
            threads: cfg.workers,
            process: cfg.process,
            addresses: cfg.addresses.clone(),
            report: false,
            zerocopy: false,
        }
    } else if cfg.workers == 1 {
        CommunicationConfig::Thread
    } else {
        CommunicationConfig::Process(cfg.workers)
    };
    // The watchdog: a process whose rounds stop completing (a peer died without closing its
    // connections, or never came) stops with a clear message instead of hanging.
    if cfg.processes > 1 {
        let (s, limit) = (shared.clone(), cfg.silence_limit);
        std::thread::spawn(move || {
            while !s.done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                let last = Duration::from_millis(s.heartbeat.load(Ordering::Relaxed));
                if !s.done.load(Ordering::Relaxed) && s.epoch.elapsed() > last + limit {
                    eprintln!(
                        "error: no progress from the other processes for {} s (a process died, \
                         or never started); every finished tier is kept: rerun the same command \
                         on every process to resume",
                        limit.as_secs()
                    );
                    std::process::exit(1);
                }
            }
        });
    }
    let timely_config = timely::Config {
        communication,
        worker: WorkerConfig::default(),
    };
    let (game2, cfg2, shared2) = (game.clone(), cfg.clone(), shared.clone());
    let quiet = QuietStdout::new(cfg.processes > 1);
    let guards = timely::execute(timely_config, move |worker| {
        work(
            worker,
            game2.as_ref(),
            position,
            &cfg2,
            part,
            shared2.clone(),
        )
    });
    drop(quiet);
    let guards = guards.map_err(|e| Error::Peer(format!("cannot start the cluster: {e}")))?;
    let results = guards.join();
    shared.done.store(true, Ordering::Relaxed);
    if cfg.report_traffic {
        eprintln!(
            "process {}: {} bytes of messages sent to the other processes",
            cfg.process,
            shared.bytes_sent.load(Ordering::Relaxed)
        );
    }
    let mut summary = None;
    let mut first_error = None;
    for r in results {
        match r {
            Ok(Ok(s)) => summary = summary.or(s),
            // a worker's own error rather than a peer's "another process failed" (the barrier
            // hands the shared error to one worker only)
            Ok(Err(e)) if matches!(first_error, None | Some(Error::Peer(_))) => {
                if !matches!(e, Error::Peer(_)) || first_error.is_none() {
                    first_error = Some(e);
                }
            }
            Ok(Err(_)) => {}
            Err(panic) => {
                first_error.get_or_insert(Error::Peer(format!("a worker stopped: {panic}")));
            }
        }
    }
    if let Some(e) = shared.error.lock().expect("no poisoning").take() {
        return Err(e.into());
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok(summary)
}

/// One worker's view: its place, its inputs, its probe, its mailboxes.
struct Rounds<'w> {
    worker: &'w mut Worker,
    input: InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<Msg>>>,
    bulk_input: InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<Bulk>>>,
    probe: ProbeHandle<u64>,
    /// Delivered messages with their round.
    mail: Rc<RefCell<Vec<(u64, Msg)>>>,
    /// Delivered batches with their round.
    bulk_mail: Rc<RefCell<Vec<(u64, Bulk)>>>,
    /// Batches to send with the next round.
    bulk_out: Vec<Bulk>,
    /// Batches delivered in the last round.
    bulk_got: Vec<Bulk>,
    me: u32,
    peers: u32,
    my_process: usize,
    part: Partition,
    shared: &'w Shared,
    silence: Duration,
}

impl Rounds<'_> {
    /// Send `out` and the pending batches (the time of this round), then wait until the round
    /// is complete everywhere; returns what arrived in the mailbox (the batches that arrived
    /// are in `bulk_got`).
    fn round(&mut self, out: &mut Vec<Msg>) -> Result<Vec<Msg>, Error> {
        let time = self.send(out);
        self.wait(time)
    }

    /// Send `out` and the pending batches at the time of this round and close the round;
    /// returns the time [`Rounds::wait`] waits for.
    fn send(&mut self, out: &mut Vec<Msg>) -> u64 {
        let mut remote = 0u64;
        for m in out.drain(..) {
            if m.0 as usize / self.part.workers != self.my_process {
                remote += MSG_BYTES;
            }
            self.input.send(m);
        }
        for b in self.bulk_out.drain(..) {
            if b.0 as usize / self.part.workers != self.my_process {
                remote += BULK_BYTES + b.3.len() as u64;
            }
            self.bulk_input.send(b);
        }
        self.shared.bytes_sent.fetch_add(remote, Ordering::Relaxed);
        let next = *self.input.time() + 1;
        self.input.advance_to(next);
        self.bulk_input.advance_to(next);
        // hand the messages to the network now, not at the next wait
        self.worker.step();
        next
    }

    /// Do the dataflow's pending work (answer requests, pass messages on) without waiting.
    fn poll(&mut self) {
        self.worker.step();
    }

    /// Wait until the round closed by [`Rounds::send`] (before `next`) is complete everywhere;
    /// returns what arrived in the mailbox (the batches that arrived are in `bulk_got`).
    fn wait(&mut self, next: u64) -> Result<Vec<Msg>, Error> {
        let start = Instant::now();
        // (the probe's frontier is empty until the dataflow first reports progress)
        while self.probe.less_than(&next) || self.probe.done() {
            self.worker.step_or_park(Some(Duration::from_millis(100)));
            if start.elapsed() > self.silence {
                return Err(Error::Peer(format!(
                    "no progress from the other workers for {} s",
                    self.silence.as_secs()
                )));
            }
        }
        self.shared.beat();
        let mut got = Vec::new();
        self.mail.borrow_mut().retain(|&(t, m)| {
            if t < next {
                got.push(m);
            }
            t >= next
        });
        self.bulk_got.clear();
        let mut bulk = self.bulk_mail.borrow_mut();
        let mut i = 0;
        while i < bulk.len() {
            if bulk[i].0 < next {
                self.bulk_got.push(bulk.swap_remove(i).1);
            } else {
                i += 1;
            }
        }
        Ok(got)
    }

    /// A barrier round: every worker says whether it failed; if any did, all return the error
    /// (their own, or a peer's).
    fn agree_none_failed(&mut self, out: &mut Vec<Msg>) -> Result<(), Error> {
        let failed = self.shared.error.lock().expect("no poisoning").is_some();
        self.to_all(FLAG, FLAG_FAILED, failed as u64, out);
        let mail = self.round(out)?;
        if mail
            .iter()
            .any(|m| m.1 == FLAG && m.2 == FLAG_FAILED && m.3 != 0)
        {
            return Err(
                match self.shared.error.lock().expect("no poisoning").take() {
                    Some(e) => e.into(),
                    None => Error::Peer("another process failed (see its error)".into()),
                },
            );
        }
        Ok(())
    }

    fn to_all(&self, tag: u8, a: u32, b: u64, out: &mut Vec<Msg>) {
        out.extend((0..self.peers).map(|g| (g, tag, a, b, 0)));
    }

    /// Values and remoteness of `wanted` (lower tiers): from this process's shards when it owns
    /// them, else asked from their owners in one round (one batch per owner: the distinct
    /// positions, sorted, [`crate::wire`]). Every worker must call it together.
    fn lookup<G: TieredGame + ?Sized>(
        &mut self,
        game: &G,
        wanted: &[Tiered],
        route_all: bool,
        extra: &mut Vec<Msg>,
    ) -> Result<Looked, Error> {
        let mut answers = vec![(INFINITE, DRAW); wanted.len()];
        // the distinct options asked from other workers, their owners, and each option's slot
        let mut slots: FxHashMap<Tiered, (u32, u32)> = FxHashMap::default();
        let mut slot_of = vec![u32::MAX; wanted.len()];
        {
            let store = self.shared.store.read().expect("no poisoning");
            let (mut tier, mut size) = (u32::MAX, 0);
            for (k, &o) in wanted.iter().enumerate() {
                if o.tier != tier {
                    (tier, size) = (o.tier, game.size(o.tier));
                }
                if o.index >= size {
                    continue; // reported by the caller as a contract error
                }
                let owner = self.part.owner(size, o.index);
                if !route_all
                    && owner / self.part.workers == self.my_process
                    && let Some(a) = store.lookup(o)
                {
                    answers[k] = a;
                    continue;
                }
                let n = slots.len() as u32;
                slot_of[k] = slots.entry(o).or_insert((owner as u32, n)).1;
            }
        }
        let mut asking = Asking::default();
        let distinct = slots.iter().map(|(&o, &(owner, slot))| (owner, o, slot));
        asking.requests(distinct, self.part, self.me, &mut self.bulk_out);
        let mail = self.round(extra)?;
        let known = asking.known(slots.len(), std::mem::take(&mut self.bulk_got))?;
        for (a, &slot) in answers.iter_mut().zip(&slot_of) {
            if slot != u32::MAX {
                *a = known[slot as usize];
            }
        }
        Ok((answers, mail))
    }
}

fn contract(tier: u32, index: u64, reason: String) -> TierError {
    TierError::Contract {
        tier,
        index,
        reason,
    }
}

/// The rule of the single-machine engine for one position of an acyclic tier, given the value
/// and remoteness of each option (each in a lower tier: checked while listing): the mex, and
/// the remoteness (the winner hurries, the loser delays).
fn rule(
    tier: u32,
    index: u64,
    known: &[(u32, u32)],
    seen: &mut Vec<bool>,
) -> Result<(u32, u32), TierError> {
    seen.clear();
    seen.resize(known.len() + 1, false);
    let mut fastest_p = u32::MAX;
    let mut slowest = 0u32;
    for &(v, r) in known {
        if v == INFINITE || r == DRAW {
            return Err(contract(
                tier,
                index,
                "an option of infinite value, or beyond its tier, in a game without moves inside a tier".into(),
            ));
        }
        if (v as usize) < seen.len() {
            seen[v as usize] = true;
        }
        if v == 0 {
            fastest_p = fastest_p.min(r);
        }
        slowest = slowest.max(r);
    }
    let m = seen.iter().position(|&s| !s).unwrap_or(known.len()) as u32;
    let rem = if known.is_empty() {
        0
    } else if m != 0 {
        fastest_p + 1
    } else {
        slowest + 1
    };
    Ok((m, rem))
}

fn work<G: TieredGame + ?Sized>(
    worker: &mut Worker,
    game: &G,
    position: Tiered,
    cfg: &Config,
    part: Partition,
    shared: Arc<Shared>,
) -> Result<Option<Summary>, Error> {
    let me = worker.index() as u32;
    let peers = worker.peers() as u32;
    debug_assert_eq!(peers as usize, part.total());
    let local = me as usize % cfg.workers;
    let mut input = InputHandle::new();
    let mut bulk_input = InputHandle::new();
    let probe = ProbeHandle::new();
    let mail: Rc<RefCell<Vec<(u64, Msg)>>> = Rc::default();
    let bulk_mail: Rc<RefCell<Vec<(u64, Bulk)>>> = Rc::default();
    let my_process = cfg.process;
    let workers = cfg.workers;
    {
        let (mail, bulk_mail) = (mail.clone(), bulk_mail.clone());
        let shared_ref = shared.clone();
        worker.dataflow::<u64, _, _>(|scope| {
            // the messages: exchanged to their destination's mailbox
            scope
                .input_from(&mut input)
                .container::<Vec<Msg>>()
                .exchange(|m: &Msg| m.0 as u64)
                .unary::<timely::container::CapacityContainerBuilder<Vec<Msg>>, _, _, _>(
                    Pipeline,
                    "Deliver",
                    move |_cap, _info| {
                        move |input, _output| {
                            input.for_each(|cap, data| {
                                // a faster worker's messages of a later round may come early
                                let Some(&t) = cap.least() else { return };
                                mail.borrow_mut().extend(data.drain(..).map(|m| (t, m)));
                            });
                        }
                    },
                )
                .probe_with(&probe);
            // the batches: requests answered at their owner, replies back to the asker
            scope
                .input_from(&mut bulk_input)
                .container::<Vec<Bulk>>()
                .unary::<timely::container::CapacityContainerBuilder<Vec<Bulk>>, _, _, _>(
                    ExchangePact::new(|b: &Bulk| b.0 as u64),
                    "Serve",
                    move |_cap, _info| {
                        move |input, output| {
                            input.for_each(|cap, data| {
                                let mut session = output.session(&cap);
                                let mut remote = 0u64;
                                for b in data.drain(..) {
                                    if b.1 != REQUEST {
                                        session.give(b);
                                        continue;
                                    }
                                    let store = shared_ref.store.read().expect("no poisoning");
                                    let mut reply = Vec::with_capacity(b.3.len() * 2);
                                    // a malformed request gets a short reply, which its
                                    // asker reports
                                    let _ = crate::wire::for_each_requested(&b.3, |t| {
                                        let (v, r) = store.lookup(t).unwrap_or((INFINITE, DRAW));
                                        crate::wire::put(&mut reply, v as u64);
                                        crate::wire::put(&mut reply, r as u64);
                                    });
                                    if b.2 as usize / workers != my_process {
                                        remote += BULK_BYTES + reply.len() as u64;
                                    }
                                    session.give((b.2, REPLY, b.0, reply));
                                }
                                shared_ref.bytes_sent.fetch_add(remote, Ordering::Relaxed);
                            });
                        }
                    },
                )
                .exchange(|b: &Bulk| b.0 as u64)
                .unary::<timely::container::CapacityContainerBuilder<Vec<Bulk>>, _, _, _>(
                    Pipeline,
                    "DeliverBatches",
                    move |_cap, _info| {
                        move |input, _output| {
                            input.for_each(|cap, data| {
                                let Some(&t) = cap.least() else { return };
                                bulk_mail
                                    .borrow_mut()
                                    .extend(data.drain(..).map(|b| (t, b)));
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
    }
    let mut rounds = Rounds {
        worker,
        input,
        bulk_input,
        probe,
        mail,
        bulk_mail,
        bulk_out: Vec::new(),
        bulk_got: Vec::new(),
        me,
        peers,
        my_process,
        part,
        shared: &shared,
        silence: cfg.silence_limit,
    };
    solve_all(&mut rounds, game, position, cfg, local)
}

// Why this function is long: to be split (issue 50): the resume agreement, the local pass over a
// worker's block and the report (statistics, the position's analysis) become functions; the tier
// loop and its barriers stay.
fn solve_all<G: TieredGame + ?Sized>(
    rounds: &mut Rounds<'_>,
    game: &G,
    position: Tiered,
    cfg: &Config,
    local: usize,
) -> Result<Option<Summary>, Error> {
    let id = game.id();
    let part = rounds.part;
    let me = rounds.me as usize;
    let shared = rounds.shared;
    let mut out = Vec::new();
    // 1. agree on the resume point: the first tier not finished on every shard
    rounds.to_all(FLAG, FLAG_FINISHED, shared.found as u64, &mut out);
    let mail = rounds.round(&mut out)?;
    let start = mail
        .iter()
        .filter(|m| m.1 == FLAG && m.2 == FLAG_FINISHED)
        .map(|m| m.3 as u32)
        .min()
        .unwrap_or(0);
    if local == 0 {
        let mut store = shared.store.write().expect("no poisoning");
        store.tiers.truncate(start as usize);
        store.firsts.truncate(start as usize);
        if let Some(m) = shared.manifest.lock().expect("no poisoning").as_mut() {
            m.finished.truncate(start as usize);
        }
        if let Some(m) = shared.single.lock().expect("no poisoning").as_mut() {
            m.finished.truncate(start as usize);
        }
    }
    rounds.round(&mut out)?;
    let mut visits = 0u64;
    let mut solved_now = 0u32;
    let mut scratch = Scratch::default();
    let progress = cfg.progress.0.as_deref().filter(|_| local == 0);
    // the size and this process's shard of every tier
    let shard_of: Vec<(u64, std::ops::Range<u64>)> = (0..game.tiers())
        .map(|u| (game.size(u), part.process_range(game.size(u), cfg.process)))
        .collect();
    let mut done: u64 = (0..start)
        .map(|t| game.size(t))
        .fold(0, u64::saturating_add);
    if let Some(p) = progress {
        let total = (0..game.tiers())
            .map(|t| game.size(t))
            .fold(0, u64::saturating_add);
        p.start(total, "positions (finished tiers)");
        p.set(done);
    }
    for t in start..game.tiers() {
        if cfg.stop_after == Some(solved_now) {
            return Err(TierError::Stopped { finished: t }.into());
        }
        let size = game.size(t);
        let mine = part.worker_range(size, me);
        let outcome = if game.moves_within_tier() {
            solve_loopy(rounds, game, t, cfg, &mine)
        } else if cfg.processes == 1 && !cfg.route_all_lookups {
            // every lookup is local: the single-machine pass over this worker's block
            let len = (mine.end - mine.start) as usize;
            let (mut values, mut rem) = (vec![0u32; len], vec![0u32; len]);
            let store = shared.store.read().expect("no poisoning");
            let mut result = Ok(0);
            for (b, (vs, rs)) in values
                .chunks_mut(BLOCK)
                .zip(rem.chunks_mut(BLOCK))
                .enumerate()
            {
                let first = mine.start + (b * BLOCK) as u64;
                match solve_block(game, &store.tiers, t, first, vs, rs, &mut scratch) {
                    Ok(v) => visits += v,
                    Err(e) => {
                        result = Err(e.into());
                        break;
                    }
                }
            }
            result.map(|_: u64| (values, rem, 0))
        } else {
            solve_acyclic_by_lookups(rounds, game, t, cfg, &mine, &shard_of)
        };
        match outcome {
            Ok((values, rem, v)) => {
                visits += v;
                shared.parts.lock().expect("no poisoning")[local] = Some((mine.start, values, rem));
            }
            Err(Error::Tier(e)) => shared.fail(e),
            Err(e) => return Err(e),
        }
        // 2. agree that every worker finished the tier
        rounds.agree_none_failed(&mut out)?;
        if local == 0
            && let Err(e) = finish_tier(game, &id, t, cfg, part, shared)
        {
            shared.fail(e);
        }
        // 3. the tier is in the store everywhere (or a process failed to write it)
        rounds.agree_none_failed(&mut out)?;
        solved_now += 1;
        done = done.saturating_add(size);
        if let Some(p) = progress {
            p.set(done);
        }
    }
    // 4. the report: statistics to worker 0, and the position with its options
    if local == 0 {
        let store = shared.store.read().expect("no poisoning");
        let mut s = Stats::default();
        for t in &store.tiers {
            let x = t.stats();
            s.positions += x.positions;
            s.counts.p += x.counts.p;
            s.counts.n += x.counts.n;
            s.counts.d += x.counts.d;
            s.infinite += x.infinite;
            for (v, c) in x.values {
                *s.values.entry(v).or_default() += c;
            }
        }
        for (k, c) in [
            (STAT_POSITIONS, s.positions),
            (STAT_P, s.counts.p),
            (STAT_N, s.counts.n),
            (STAT_D, s.counts.d),
            (STAT_INFINITE, s.infinite),
        ] {
            out.push((0, STAT, k, 0, c));
        }
        out.extend(s.values.iter().map(|(&v, &c)| (0, STAT, STAT_VALUE, v, c)));
    }
    out.push((0, STAT, STAT_VISITS, 0, visits));
    let mut wanted = Vec::new();
    if me == 0 {
        wanted.push(position);
        game.options(position.tier, position.index, &mut wanted);
    }
    let (known, mail) = rounds.lookup(game, &wanted, cfg.route_all_lookups, &mut out)?;
    if me != 0 {
        return Ok(None);
    }
    let mut stats = Stats::default();
    let mut option_visits = 0;
    for m in mail.iter().filter(|m| m.1 == STAT) {
        match m.2 {
            STAT_POSITIONS => stats.positions += m.4,
            STAT_P => stats.counts.p += m.4,
            STAT_N => stats.counts.n += m.4,
            STAT_D => stats.counts.d += m.4,
            STAT_INFINITE => stats.infinite += m.4,
            STAT_VALUE => *stats.values.entry(m.3).or_default() += m.4,
            _ => option_visits += m.4,
        }
    }
    let (v, r) = known[0];
    let opts = &wanted[1..];
    let value = if v == INFINITE {
        LoopyValue::infinite(
            known[1..]
                .iter()
                .filter(|k| k.0 != INFINITE)
                .map(|k| k.0 as u64)
                .collect(),
        )
    } else {
        LoopyValue::Finite(Nimber(v as u64))
    };
    let outcome = if v == 0 {
        Outcome::P
    } else if r == DRAW {
        Outcome::D
    } else {
        Outcome::N
    };
    let mut winning_moves: Vec<Tiered> = opts
        .iter()
        .zip(&known[1..])
        .filter(|(_, k)| k.0 == 0)
        .map(|(&o, _)| o)
        .collect();
    winning_moves.sort_unstable();
    winning_moves.dedup();
    let checksums = shared
        .store
        .read()
        .expect("no poisoning")
        .tiers
        .iter()
        .map(|t| t.crc32())
        .collect();
    Ok(Some(Summary {
        game_id: id,
        stats,
        analysis: Analysis {
            position,
            value,
            outcome,
            remoteness: (r != DRAW).then_some(r as u64),
            winning_moves,
        },
        solved_now,
        option_visits,
        checksums,
        bytes_sent: shared.bytes_sent.load(Ordering::Relaxed),
    }))
}

type Solved = (Vec<u32>, Vec<u32>, u64);

/// Entries of a chunk's cache of recent remote options (a power of two).
const RECENT: usize = 1 << 12;

/// One chunk of a worker's block in the acyclic lookup path. Listing it generates each
/// position's options and reads those in this process's shard at once (as the single-machine
/// engine does); it keeps only the answer of each option (8 bytes: for a remote option its
/// slot until the round's answers are patched in), so a chunk's memory stays small and hot.
#[derive(Default)]
struct Chunk {
    lo: u64,
    hi: u64,
    /// Position `lo + k`'s options are answered in `answers[offsets[k]..offsets[k + 1]]`.
    offsets: Vec<usize>,
    /// The value and remoteness of each option (for a remote one, `(slot, 0)` until patched).
    answers: Vec<(u32, u32)>,
    /// Where the remote options are in `answers`.
    patch: Vec<u32>,
    options: Vec<Tiered>,
    slots: FxHashMap<Tiered, u32>,
    /// A direct-mapped cache in front of `slots`: neighbouring positions share most of their
    /// options, so most repeats are found here, in the first-level cache.
    recent: Vec<(Tiered, u32)>,
    asking: Asking,
}

/// What the acyclic lookup path reads: the tier, its block, and each tier's size and shard.
struct AcyclicTier<'a, G: ?Sized> {
    game: &'a G,
    tier: u32,
    end: u64,
    shard_of: &'a [(u64, std::ops::Range<u64>)],
    route_all: bool,
    chunk_options: usize,
    store: &'a RwLock<Shards>,
}

impl Chunk {
    /// List the options of the positions from `next` on (at most [`CHUNK`] positions and about
    /// [`Config::chunk_options`] options), calling `poll` now and then (so the worker keeps answering
    /// the others' requests meanwhile).
    fn list<G: TieredGame + ?Sized>(
        &mut self,
        b: &AcyclicTier<'_, G>,
        next: &mut u64,
        failure: &mut Option<TierError>,
        mut poll: impl FnMut(),
    ) {
        self.lo = *next;
        self.offsets.clear();
        self.offsets.push(0);
        self.answers.clear();
        self.patch.clear();
        self.slots.clear();
        self.recent.clear();
        self.recent
            .resize(RECENT, (Tiered::new(u32::MAX, u64::MAX), 0));
        if failure.is_some() {
            self.hi = self.lo;
            return;
        }
        let mut store = Some(b.store.read().expect("no poisoning"));
        while *next < b.end && *next - self.lo < CHUNK && self.answers.len() < b.chunk_options {
            self.options.clear();
            b.game.options(b.tier, *next, &mut self.options);
            let shards = store.as_ref().expect("held while listing");
            for &o in &self.options {
                if o.tier >= b.tier {
                    *failure = Some(contract(
                        b.tier,
                        *next,
                        format!(
                            "an option in tier {} (moves must go to a lower tier)",
                            o.tier
                        ),
                    ));
                    self.slots.clear();
                    self.hi = *next;
                    return;
                }
                let a = match b.shard_of.get(o.tier as usize) {
                    Some((size, _)) if o.index >= *size => (INFINITE, DRAW),
                    Some((_, shard)) if shard.contains(&o.index) && !b.route_all => {
                        shards.lookup(o).unwrap_or((INFINITE, DRAW))
                    }
                    Some(_) => {
                        self.patch.push(self.answers.len() as u32);
                        let h = ((o.index ^ ((o.tier as u64) << 40))
                            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                            >> (64 - RECENT.trailing_zeros()))
                            as usize;
                        let e = &mut self.recent[h];
                        if e.0 != o {
                            let n = self.slots.len() as u32;
                            *e = (o, *self.slots.entry(o).or_insert(n));
                        }
                        (e.1, 0)
                    }
                    None => (INFINITE, DRAW),
                };
                self.answers.push(a);
            }
            self.offsets.push(self.answers.len());
            *next += 1;
            if (*next - self.lo).is_multiple_of(256) {
                drop(store.take()); // (the worker's Serve reads the store too)
                poll();
                store = Some(b.store.read().expect("no poisoning"));
            }
        }
        self.hi = *next;
    }
    /// The chunk's requests, one batch per owner.
    fn requests<G: TieredGame + ?Sized>(
        &mut self,
        b: &AcyclicTier<'_, G>,
        part: Partition,
        me: u32,
        out: &mut Vec<Bulk>,
    ) {
        let distinct = self.slots.iter().map(|(&o, &slot)| {
            let owner = part.owner(b.shard_of[o.tier as usize].0, o.index) as u32;
            (owner, o, slot)
        });
        self.asking.requests(distinct, part, me, out);
    }
}

/// A round's questions to the other workers: one batch per owner of the distinct positions
/// asked from it, sorted ([`crate::wire`]), and the slots in the order of its answers.
#[derive(Default)]
struct Asking {
    /// `(owner, tier, index)` packed in one integer (sorted as such, in one comparison), slot.
    by_owner: Vec<(u128, u32)>,
    /// For each global worker, the slots it is asked for, in the order of its answers.
    order: Vec<Vec<u32>>,
    asked: Vec<Tiered>,
}

impl Asking {
    /// Queue the batches for `distinct`: `(owner, position, slot)`, each position once.
    fn requests(
        &mut self,
        distinct: impl Iterator<Item = (u32, Tiered, u32)>,
        part: Partition,
        me: u32,
        out: &mut Vec<Bulk>,
    ) {
        self.order.resize(part.total(), Vec::new());
        for o in self.order.iter_mut() {
            o.clear();
        }
        self.by_owner.clear();
        self.by_owner.extend(distinct.map(|(owner, o, slot)| {
            let key = (owner as u128) << 96 | (o.tier as u128) << 64 | o.index as u128;
            (key, slot)
        }));
        self.by_owner.sort_unstable_by_key(|x| x.0);
        for run in self.by_owner.chunk_by(|x, y| x.0 >> 96 == y.0 >> 96) {
            let owner = (run[0].0 >> 96) as u32;
            self.asked.clear();
            self.asked.extend(
                run.iter()
                    .map(|r| Tiered::new((r.0 >> 64) as u32, r.0 as u64)),
            );
            self.order[owner as usize].extend(run.iter().map(|r| r.1));
            out.push((owner, REQUEST, me, crate::wire::encode_request(&self.asked)));
        }
    }

    /// The answers of the round (`got`), by slot (`slots` of them).
    fn known(&self, slots: usize, got: Vec<Bulk>) -> Result<Vec<(u32, u32)>, Error> {
        let mut known = vec![(INFINITE, DRAW); slots];
        for (_, tag, from, bytes) in got {
            let Some(order) = self.order.get(from as usize).filter(|_| tag == REPLY) else {
                continue;
            };
            let mut reader = crate::wire::Reader::new(&bytes);
            for &slot in order {
                known[slot as usize] = reader
                    .pair()
                    .ok_or_else(|| Error::Peer(format!("worker {from} sent a malformed reply")))?;
            }
        }
        Ok(known)
    }
}

/// An acyclic tier with lookups through the dataflow, one round per chunk of this worker's
/// block (at most [`CHUNK`] positions and about [`Config::chunk_options`] options, so the memory of a
/// round stays small whatever the branching):
///
/// 1. list the chunk's options; those in this process's shard need nothing yet, the others are
///    deduplicated (a position's neighbours share most of their options) and asked from their
///    owners, one batch per owner, sorted ([`crate::wire`]);
/// 2. while the round is in flight, list the next chunk (answering the others' requests now
///    and then), so the network's latency hides behind work;
/// 3. after the round, apply the rule to each position: shard options read directly, the
///    others from the answers.
///
/// Every worker says in each round whether it has more chunks; all stop after the first round
/// in which none has.
fn solve_acyclic_by_lookups<G: TieredGame + ?Sized>(
    rounds: &mut Rounds<'_>,
    game: &G,
    t: u32,
    cfg: &Config,
    mine: &std::ops::Range<u64>,
    shard_of: &[(u64, std::ops::Range<u64>)],
) -> Result<Solved, Error> {
    let part = rounds.part;
    let shared = rounds.shared;
    let len = (mine.end - mine.start) as usize;
    let (mut values, mut rem) = (vec![0u32; len], vec![0u32; len]);
    let mut visits = 0;
    let mut failure: Option<TierError> = None;
    let (mut seen, mut out) = (Vec::new(), Vec::new());
    let block = AcyclicTier {
        game,
        tier: t,
        end: mine.end,
        shard_of,
        route_all: cfg.route_all_lookups,
        chunk_options: cfg.chunk_options,
        store: &shared.store,
    };
    let (mut cur, mut nxt) = (Chunk::default(), Chunk::default());
    let mut next = mine.start;
    cur.list(&block, &mut next, &mut failure, || {});
    loop {
        if failure.is_some() {
            cur.slots.clear();
        }
        cur.requests(&block, part, rounds.me, &mut rounds.bulk_out);
        let more = failure.is_none() && next < mine.end;
        rounds.to_all(FLAG, FLAG_BUSY, more as u64, &mut out);
        let time = rounds.send(&mut out);
        if more {
            nxt.list(&block, &mut next, &mut failure, || rounds.poll());
        }
        let mail = rounds.wait(time)?;
        let any_more = mail
            .iter()
            .any(|m| m.1 == FLAG && m.2 == FLAG_BUSY && m.3 != 0);
        let known = cur
            .asking
            .known(cur.slots.len(), std::mem::take(&mut rounds.bulk_got))?;
        if failure.is_none() {
            for &p in &cur.patch {
                let a = &mut cur.answers[p as usize];
                *a = known[a.0 as usize];
            }
            visits += cur.answers.len() as u64;
            for (k, i) in (cur.lo..cur.hi).enumerate() {
                let known = &cur.answers[cur.offsets[k]..cur.offsets[k + 1]];
                match rule(t, i, known, &mut seen) {
                    Ok((v, r)) => {
                        values[(i - mine.start) as usize] = v;
                        rem[(i - mine.start) as usize] = r;
                    }
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                }
            }
        }
        if !any_more {
            break;
        }
        std::mem::swap(&mut cur, &mut nxt);
        if !more {
            // this worker is done; the others are not
            cur.list(&block, &mut next, &mut failure, || {});
        }
    }
    match failure {
        Some(e) => Err(e.into()),
        None => Ok((values, rem, visits)),
    }
}

// Why this function is long: its four numbered steps are rounds every worker takes in lock step,
// each handing the next its locals (dropped when done); to be split (issue 50): a function per step
// taking `rounds` and returning what the next step needs.
/// A tier with moves inside (loopy): every worker solves its block with the phase/counter
/// algorithm and the remoteness bucket queue of [`crate::loopy`], one wave of notes per round.
///
/// 1. Each worker lists its positions' options, one round per chunk of [`CHUNK`] positions:
///    in-tier edges `u → v` go once to the owner of `v` (who keeps the predecessors of its
///    positions), lower options are looked up (value and remoteness).
/// 2. For each distinct `∞` lower option, its options are looked up too (one more round): their
///    finite values are its set `K`. The round also says whether a worker found a bad option.
/// 3. Phases `i = 0, 1, …`: one round per wave of notes until a round in which no worker sent
///    any, then `∞` labels and one round to agree whether anything is still unlabelled.
/// 4. Remoteness: round `r` settles bucket `r` everywhere; the workers then agree on the next
///    bucket to settle (`r + 1` when notes were in flight), and stop when there is none.
fn solve_loopy<G: TieredGame + ?Sized>(
    rounds: &mut Rounds<'_>,
    game: &G,
    t: u32,
    cfg: &Config,
    mine: &std::ops::Range<u64>,
) -> Result<Solved, Error> {
    let size = game.size(t);
    let part = rounds.part;
    let me = rounds.me as usize;
    let len = (mine.end - mine.start) as usize;
    let mut failure: Option<TierError> = None;
    let mut out = Vec::new();
    // 1. the options, one round per chunk of positions: in-tier edges to the owners of their
    //    heads, lower options looked up
    let longest = part.largest_block(size);
    let mut degree = vec![0u32; len];
    let mut lower: Vec<(u32, Tiered)> = Vec::new();
    let mut known: Vec<(u32, u32)> = Vec::new();
    let mut edges: Vec<(u64, u64)> = Vec::new();
    let mut opts = Vec::new();
    let mut visits = 0u64;
    for c in 0..longest.div_ceil(CHUNK) {
        let lo = (mine.start + c * CHUNK).min(mine.end);
        let hi = (lo + CHUNK).min(mine.end);
        let before = lower.len();
        'positions: for i in lo..hi {
            if failure.is_some() {
                break;
            }
            opts.clear();
            game.options(t, i, &mut opts);
            visits += opts.len() as u64;
            let l = (i - mine.start) as usize;
            for &o in &opts {
                if o.tier == t && o.index < size {
                    degree[l] += 1;
                    let w = part.owner(size, o.index);
                    if w == me {
                        edges.push((i, o.index));
                    } else {
                        out.push((w as u32, EDGE, 0, o.index, i));
                    }
                } else if o.tier < t && o.index < game.size(o.tier) {
                    lower.push((l as u32, o));
                } else {
                    failure = Some(contract(
                        t,
                        i,
                        format!(
                            "an option ({}, {}) outside the lower tiers",
                            o.tier, o.index
                        ),
                    ));
                    break 'positions;
                }
            }
        }
        let wanted: Vec<Tiered> = lower[before..].iter().map(|&(_, o)| o).collect();
        let (answers, mail) = rounds.lookup(game, &wanted, cfg.route_all_lookups, &mut out)?;
        known.extend(answers);
        edges.extend(mail.iter().filter(|m| m.1 == EDGE).map(|m| (m.4, m.3)));
    }
    if failure.is_some() {
        lower.clear();
        known.clear();
        edges.clear();
    }
    // 2. the set K of every ∞ lower option: the finite values of its options
    let mut infinite: Vec<Tiered> = lower
        .iter()
        .zip(&known)
        .filter(|(_, k)| k.0 == INFINITE)
        .map(|(&(_, o), _)| o)
        .collect();
    infinite.sort_unstable();
    infinite.dedup();
    let (mut k_opts, mut k_offsets) = (Vec::new(), vec![0usize]);
    for &o in &infinite {
        opts.clear();
        game.options(o.tier, o.index, &mut opts);
        k_opts.extend(opts.iter().filter(|q| q.tier < t));
        k_offsets.push(k_opts.len());
    }
    rounds.to_all(FLAG, FLAG_FAILED, failure.is_some() as u64, &mut out);
    let (k_known, mail) = rounds.lookup(game, &k_opts, cfg.route_all_lookups, &mut out)?;
    drop(k_opts);
    if mail
        .iter()
        .any(|m| m.1 == FLAG && m.2 == FLAG_FAILED && m.3 != 0)
    {
        // every worker stops here together; the caller's barrier reports the failure
        return match failure {
            Some(e) => Err(e.into()),
            None => Ok((vec![0; len], vec![0; len], 0)),
        };
    }
    let mut k_ids: std::collections::HashMap<Vec<u32>, u32> = Default::default();
    let mut k_sets: Vec<Vec<u32>> = Vec::new();
    let mut k_of: std::collections::HashMap<Tiered, u32> = Default::default();
    for (j, &o) in infinite.iter().enumerate() {
        let mut k: Vec<u32> = k_known[k_offsets[j]..k_offsets[j + 1]]
            .iter()
            .map(|a| a.0)
            .filter(|&v| v != INFINITE)
            .collect();
        k.sort_unstable();
        k.dedup();
        let next = k_sets.len() as u32;
        let id = *k_ids.entry(k.clone()).or_insert(next);
        if id == next {
            k_sets.push(k);
        }
        k_of.insert(o, id);
    }
    drop((k_ids, k_known, infinite));
    let externals: Vec<External> = lower
        .iter()
        .zip(&known)
        .map(|(&(from, o), &(value, remoteness))| External {
            from,
            value,
            remoteness,
            k: (value == INFINITE).then(|| k_of[&o]),
        })
        .collect();
    drop((lower, known, k_of));
    let block = Block::new(part, size, me, &edges);
    drop(edges);
    // 3. the labels, phase by phase
    let mut labels = Labels::new(&block, &degree, &externals, k_sets);
    let mut notes = Vec::new();
    loop {
        labels.begin_phase(&block, &mut notes);
        loop {
            let busy = !notes.is_empty();
            out.extend(notes.drain(..).map(|(w, n)| note_message(w, n)));
            rounds.to_all(FLAG, FLAG_BUSY, busy as u64, &mut out);
            let mail = rounds.round(&mut out)?;
            let mut any = false;
            for m in &mail {
                if m.1 == FLAG && m.2 == FLAG_BUSY {
                    any |= m.3 != 0;
                } else if let Some(n) = message_note(m) {
                    labels.receive(n);
                }
            }
            labels.settle(&block, &mut notes);
            if !any {
                break; // nothing was in flight: the phase is over everywhere
            }
        }
        let left = labels.end_phase();
        rounds.to_all(FLAG, FLAG_LEFT, left as u64, &mut out);
        let mail = rounds.round(&mut out)?;
        if !mail
            .iter()
            .any(|m| m.1 == FLAG && m.2 == FLAG_LEFT && m.3 != 0)
        {
            break;
        }
    }
    let values = labels.into_values();
    // 4. remoteness, one bucket per round
    let mut rem = Remoteness::new(&block, &degree, &externals);
    drop(externals);
    let mut r = 0u32;
    loop {
        rem.settle(&block, r, &mut notes);
        let next = if notes.is_empty() {
            rem.next_bucket().unwrap_or(u32::MAX)
        } else {
            r + 1
        };
        out.extend(notes.drain(..).map(|(w, n)| note_message(w, n)));
        rounds.to_all(FLAG, FLAG_NEXT, next as u64, &mut out);
        let mail = rounds.round(&mut out)?;
        let mut global = u32::MAX;
        for m in &mail {
            if m.1 == FLAG && m.2 == FLAG_NEXT {
                global = global.min(m.3 as u32);
            } else if let Some(n) = message_note(m) {
                rem.receive(&block, n);
            }
        }
        if global == u32::MAX {
            break; // no bucket left anywhere, nothing in flight
        }
        r = global;
    }
    Ok((values, rem.into_remoteness(), visits))
}

fn note_message(to: usize, n: Note) -> Msg {
    let to = to as u32;
    match n {
        Note::Labelled(p) => (to, NOTE, NOTE_LABELLED, p, 0),
        Note::Blocked(q) => (to, NOTE, NOTE_BLOCKED, q, 0),
        Note::Lost(p, r) => (to, NOTE, NOTE_LOST, p, r as u64),
        Note::Won(p, r) => (to, NOTE, NOTE_WON, p, r as u64),
    }
}

fn message_note(m: &Msg) -> Option<Note> {
    if m.1 != NOTE {
        return None;
    }
    Some(match m.2 {
        NOTE_LABELLED => Note::Labelled(m.3),
        NOTE_BLOCKED => Note::Blocked(m.3),
        NOTE_LOST => Note::Lost(m.3, m.4 as u32),
        _ => Note::Won(m.3, m.4 as u32),
    })
}

/// Local worker 0, once every worker of this process has its part of tier `t`: encode the
/// process's shard, write it (and the manifest), put it in the store.
fn finish_tier<G: TieredGame + ?Sized>(
    game: &G,
    id: &str,
    t: u32,
    cfg: &Config,
    part: Partition,
    shared: &Shared,
) -> Result<(), TierError> {
    let range = part.process_range(game.size(t), cfg.process);
    let mut values = Vec::with_capacity((range.end - range.start) as usize);
    let mut rem = Vec::with_capacity(values.capacity());
    {
        let mut parts = shared.parts.lock().expect("no poisoning");
        for p in parts.iter_mut() {
            let (_, v, r) = p.take().expect("every worker left its part");
            values.extend_from_slice(&v);
            rem.extend_from_slice(&r);
        }
    }
    debug_assert_eq!(values.len() as u64, range.end - range.start);
    let mut st = SolvedTier::encode(id, t, &values, &rem);
    drop((values, rem));
    if let Some(dir) = &cfg.dir {
        if cfg.processes == 1 {
            let path = st.write(dir)?;
            debug_assert_eq!(path, dir.join(tier_file_name(t)));
            st = SolvedTier::open(&path, id, t, game.size(t))?;
            let mut m = shared.single.lock().expect("no poisoning");
            let m = m.as_mut().expect("loaded with the directory");
            m.finished.push(Manifest::entry(&st, &st.stats()));
            m.write(dir)?;
        } else {
            let file = shard_file_name(t, cfg.process, cfg.processes);
            let path = dir.join(&file);
            st.write_to(&path)?;
            st = SolvedTier::open(&path, id, t, range.end - range.start)?;
            let mut m = shared.manifest.lock().expect("no poisoning");
            let m = m.as_mut().expect("loaded with the directory");
            m.finished.push(ShardEntry {
                tier: t,
                first: range.start,
                positions: range.end - range.start,
                file,
                crc32: format!("{:08x}", st.crc32()),
            });
            m.write(dir)?;
        }
    }
    let mut store = shared.store.write().expect("no poisoning");
    store.tiers.push(st);
    store.firsts.push(range.start);
    Ok(())
}

/// The descriptor juggling of [`QuietStdout`], small enough for Miri (`cargo +nightly miri test
/// -p grundy-timely --lib -- quiet_stdout`, which checks the libc calls' arguments).
#[cfg(all(test, unix))]
mod quiet_stdout_tests {
    use std::io::Write;

    use super::QuietStdout;

    #[test]
    fn quiet_stdout_saves_restores_and_closes_its_descriptor() {
        assert!(QuietStdout::new(false).0.is_none());
        let q = QuietStdout::new(true);
        let saved = q.0.expect("stdout duplicated");
        assert!(saved > 2);
        // While quiet, stdout writes (to stderr's descriptor) still succeed.
        std::io::stdout().write_all(b"").unwrap();
        drop(q);
        std::io::stdout().flush().unwrap();
        // The saved descriptor was closed: the next duplicate gets the lowest free number again.
        let again = QuietStdout::new(true);
        assert_eq!(again.0, Some(saved));
    }
}
