// Why this file is long: it holds the configuration and answer types, a hand-written wire codec
// (`Record`), the coordinator, and each process's job threads and rounds; issue 50 splits it into
// search/{config, record, coordinator}.rs beside the process loop.
//! One search on many processes: the search engine of [`grundy::search`] shared by processes
//! that talk through timely dataflow, with a shared nimber database, restartable.
//!
//! The design is SPOTS's two levels (Čížek, Balko and Schmid, 2025), on the job granularity of
//! Lemoine and Viennot's nimbers:
//!
//! - **The root's questions** ([`grundy::search::distributed::split`]) are listed by every process the same
//!   way from the same arguments: a job — "is this move worth `*k`?", Lemoine and Viennot's
//!   aspiration question — is named by two numbers and no component ever travels. Process 0,
//!   the **coordinator**, hands the questions of each open aspiration round out (smallest
//!   moves first, as the engine orders them) to whichever process asks for work, cancels the
//!   questions a *yes* made moot, values the root as answers arrive, and stops everyone when
//!   it is decided (an outcome question as soon as one move is known to be worth `*0`).
//! - **Workers**: each process runs `threads` job threads on one transposition table; each job
//!   is today's engine ([`grundy::search::Search::value_in`]: candidate sets, table, pruning),
//!   so one process with one thread asks the questions the single-machine engine asks, in
//!   its order. With [`SearchCluster::dfpn`] a job is df-pn's instead ([`grundy::search::pns`],
//!   as one machine answers Sprouts): "is the sum worth `*k`?" is "is the sum `+ *k` lost for
//!   the player to move?", each job thread keeping one df-pn (its proof-number table) for all
//!   its jobs; the nimbers it proves are table values like the value search's, so they are
//!   shared the same way.
//! - **The young brothers wait** with several processes and value jobs
//!   ([`grundy::search::distributed::split::Split::eldest_first`]): a round's first question alone, the
//!   rest once it has said *no*, so that few questions are asked beside a *yes* and cancelled;
//!   round 0's questions one at a time until their *no*s have cost
//!   [`SearchCluster::patience`] nodes; in the other rounds [`SearchCluster::brothers`] young
//!   brothers (one by default) go out beside the eldest, so that a second process is not idle
//!   while the eldest is asked.
//! - **A question asked by its moves**: while a question about `*0` is the only one in play
//!   and a process has nothing to do, the coordinator splits it ([`Split::beneath`]) and hands
//!   out its moves' questions instead (a job then names the root question too); its answers are
//!   kept with the others, so that a dear *yes* after cheap *no*s in round 0 is searched by
//!   every process and no question is cancelled.
//! - **A shared nimber database**: every exact value a process stores whose search took at
//!   least `share_nodes` nodes ([`grundy::search::Table::journal_from`]) is sent to every other
//!   process, which puts it in its table before its next round of work: no two processes
//!   prove a component twice once one has finished it. From one node by default: the cheap
//!   values are most of what two processes under moves that share sub-positions would
//!   otherwise search twice (an exact value travels in 13 bytes). Bounds (values a component
//!   does not have) are not shared: they would save some nodes for many times the bytes and
//!   more time. Broadcast by default;
//!   [`Database::Partitioned`] sends each value to one process, its owner by hash, and a value
//!   search asks the owner about every large component its table lacks
//!   ([`grundy::search::distributed::remote`]), waiting a round of messages for the answer. It sends fewer
//!   bytes but searches more nodes and takes more time than broadcast: the values that spare
//!   work are the many middle-sized ones, which a look-up per component would make wait, and
//!   few look-ups find a value (figures: the benchmarks chapter, `docs/src/benchmarks.md`,
//!   section *One search on many processes*).
//! - **The busy board** ([`grundy::search::distributed::busy`], [`SearchCluster::busy_board`]): each
//!   process tells the others, in every round where it changed, the components its job threads
//!   are searching within two moves of their jobs' roots; a search that meets a move into one
//!   of them leaves it for last (Weill's ABDADA across processes), by when its value has
//!   usually come through the database. It saves a few nodes from four processes on, none on
//!   two.
//! - **Rounds**: the processes exchange letters in rounds (the mailbox of `dataflow.rs`), every
//!   few milliseconds while they work; a round carries requests for work, jobs, answers and
//!   shared nimbers.
//! - **Restart, not loss**: with a table directory, the coordinator writes every answer it has
//!   to `split-answers.bin` atomically (a temporary file, synced and renamed; with a CRC-32 and
//!   the split's fingerprint) in the round it arrives, and each process keeps its table in
//!   `process-I/` of that directory. A killed process makes the others stop (timely has no
//!   fault tolerance); a rerun with the same arguments replays the answers and asks only the
//!   questions that are left.
//!
//! ```
//! use std::sync::Arc;
//! use grundy::games::kayles::GridKayles;
//! use grundy_timely::search::{SearchCluster, search};
//! let game = GridKayles::default();
//! let parts = game.components(&game.grid(3, 5).unwrap());
//! let cfg = SearchCluster { threads: 2, ..SearchCluster::default() };
//! let answer = search(Arc::new(game), parts, Vec::new(), &cfg).unwrap().unwrap();
//! assert_eq!(answer.value, Some(3)); // Node-Kayles on the 3 × 5 grid is *3
//! ```

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use grundy::search::distributed::busy::Busy;
use grundy::search::distributed::remote::RemoteValues;
use grundy::search::distributed::split::{self, Job, Split};
use grundy::search::pns::{Dfpn, DfpnConfig};
use grundy::search::table::{Learnt, persist};
use grundy::search::{
    Config, Key, MAX_MOVES, NimSet, Probe, Search, SearchError, SearchGame, Table,
};

use crate::ProgressSink;
use crate::dataflow::mailbox::{self, Cluster, Mailbox};

/// How to run a search on several processes.
#[derive(Clone, Debug)]
pub struct SearchCluster {
    /// Job threads in this process (at least 1).
    pub threads: usize,
    /// `host:port` of every process, in order (empty for one process).
    pub addresses: Vec<String>,
    /// This process, `0..processes`.
    pub process: usize,
    /// Values whose search took at least this many nodes go to the shared nimber database.
    pub share_nodes: u64,
    /// Where that database lives: on every process, or partitioned by hash.
    pub database: Database,
    /// Bytes of this process's transposition table.
    pub memory: u64,
    /// The engine's settings for each job (its `threads` is ignored: a job is one thread).
    pub engine: Config,
    /// Answer each job by df-pn with these settings (its `threads` is ignored) — "is the sum
    /// worth `*k`?" as "is the sum `+ *k` lost for the player to move?" — rather than by the
    /// value search (`None`).
    pub dfpn: Option<DfpnConfig>,
    /// Ask only the outcome: stop as soon as it is known (every process must be given the
    /// same).
    pub outcome_only: bool,
    /// A directory for the coordinator's answers and each process's table (`None`: memory
    /// only).
    pub dir: Option<PathBuf>,
    /// Seconds between two snapshots of this process's table (with `dir`).
    pub save_every: Duration,
    /// Stop when a round waits longer than this for the other processes.
    pub silence_limit: Duration,
    /// Progress (on the coordinator): jobs done and open, database size, messages per second.
    pub progress: ProgressSink,
    /// Nodes of answers *no* round 0's young brothers wait for ([`Split::patience`]).
    pub patience: u64,
    /// Young brothers asked beside the eldest while they wait ([`Split::brothers`]).
    pub brothers: usize,
    /// Announce the components each process works on near its jobs' roots, so that the
    /// others leave them for last ([`grundy::search::distributed::busy`]: ABDADA across processes).
    pub busy_board: bool,
    /// Fault injection for tests: the coordinator stops (with [`ClusterError::Stopped`]) once
    /// it has this many answers, as a killed process would.
    pub stop_after_answers: Option<u64>,
}

impl Default for SearchCluster {
    fn default() -> Self {
        SearchCluster {
            threads: 1,
            addresses: Vec::new(),
            process: 0,
            share_nodes: 1,
            database: Database::Broadcast,
            memory: 1 << 26,
            engine: Config::default(),
            dfpn: None,
            outcome_only: false,
            dir: None,
            save_every: Duration::from_secs(60),
            silence_limit: Duration::from_secs(600),
            progress: ProgressSink::default(),
            patience: 1 << 18,
            brothers: 1,
            busy_board: true,
            stop_after_answers: None,
        }
    }
}

/// Where the shared nimber database lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Database {
    /// Every shared value is sent to every process, which keeps it in its table: no search
    /// ever waits for the network.
    Broadcast,
    /// Every shared value is sent to one process, its *owner*, named by the hash of its key;
    /// a value search that meets a component of at least `min_size` its own table lacks asks
    /// the owner and waits for the answer (a round of messages:
    /// [`grundy::search::distributed::remote`]). Fewer bytes with many processes, a wait per look-up. Value
    /// jobs only: df-pn's jobs do not ask.
    Partitioned {
        /// The smallest component asked about ([`grundy::search::SearchGame::size`]).
        min_size: u32,
    },
}

/// The process that owns `key` in a partitioned database of `peers` processes.
fn owner(key: Key, peers: usize) -> u32 {
    let mut x = key.bits ^ (key.tag as u64).rotate_left(48);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    (x % peers.max(1) as u64) as u32
}

impl SearchCluster {
    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.addresses.len().max(1)
    }
}

/// What the coordinator learns.
#[derive(Clone, Debug, PartialEq)]
pub struct ClusterAnswer {
    /// The root's value (`None` when only the outcome was asked and the search stopped early).
    pub value: Option<u8>,
    /// True when the first player wins.
    pub first_player_wins: bool,
    /// For each position after a root move (the `after` given): whether it is a P-position
    /// (the move wins), when known.
    pub winning: Vec<Option<bool>>,
    /// Sums the split lists (the moves of the root's parts, the positions after its moves).
    pub sums: u64,
    /// Questions answered before this run (read back from the directory).
    pub jobs_resumed: u64,
    /// Questions answered in this run.
    pub jobs_run: u64,
    /// Questions cancelled (made moot by another answer, or split).
    pub jobs_cancelled: u64,
    /// Root questions asked by their moves' questions ([`Split::beneath`]: a question about
    /// `*0` alone in play while a process had nothing to do).
    pub jobs_split: u64,
    /// Nimbers each process sent to the shared database.
    pub shared_nimbers: Vec<u64>,
    /// Bytes each process sent to the others.
    pub bytes_sent: Vec<u64>,
    /// Nodes each process searched.
    pub nodes: Vec<u64>,
    /// Of those, the nodes of questions cancelled before their answer (made moot by another
    /// answer, or by the end of the search): the speculative part of the search overhead.
    pub nodes_cancelled: Vec<u64>,
    /// Look-ups each process sent to a partitioned database's owners
    /// ([`Database::Partitioned`]).
    pub lookups: Vec<u64>,
    /// Of those, the look-ups answered with a value.
    pub lookup_hits: Vec<u64>,
    /// Seconds each process's job threads waited for look-ups (all threads together).
    pub lookup_wait: Vec<f64>,
    /// Rounds of messages.
    pub rounds: u64,
    /// Seconds until every process was connected (timely's listener polls once a second, so
    /// a process that starts before the others waits up to a second more).
    pub connect_seconds: f64,
    /// Entries read back into this process's table at the start.
    pub resumed_entries: u64,
}

/// Why a search on several processes failed.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// A bad setting.
    #[error("{0}")]
    Config(String),
    /// The root could not be split.
    #[error(transparent)]
    Split(#[from] split::SplitError),
    /// A job failed in the engine (on some process).
    #[error("{0}")]
    Search(String),
    /// The answers file.
    #[error(transparent)]
    Answers(#[from] split::AnswersError),
    /// A table snapshot.
    #[error(transparent)]
    Persist(#[from] persist::PersistError),
    /// Another process failed or vanished.
    #[error("{0}; every answered job is kept: rerun the same command on every process to resume")]
    Peer(String),
    /// Stopped by [`SearchCluster::stop_after_answers`].
    #[error("stopped after {0} answers (as asked)")]
    Stopped(u64),
}

impl ClusterError {
    /// True for an I/O or network failure (exit code 1), false for bad input (exit 2).
    pub fn is_io(&self) -> bool {
        matches!(
            self,
            ClusterError::Peer(_)
                | ClusterError::Stopped(_)
                | ClusterError::Answers(split::AnswersError::Io { .. })
                | ClusterError::Persist(persist::PersistError::Io { .. })
        )
    }
}

// Records of a letter: a tag, then fixed fields (little-endian).
const HELLO: u8 = 0; // fingerprint u64
const WANT: u8 = 1; // slots u32
const JOB: u8 = 2; // a question (QUESTION_BYTES)
const ANSWER: u8 = 3; // a question, found u8 (NOT: not the target, value unknown), nodes u64
const LEARNT: u8 = 4; // bits u64, tag u16, value u8 (NOT: a bound), cost u8, excluded u32
const DONE: u8 = 5; // nothing
const FAIL: u8 = 6; // length u32, text
const STATS_TAG: u8 = 7; // [u64; STATS]
const CANCEL: u8 = 8; // a question
const ASK: u8 = 9; // id u32, bits u64, tag u16
const TELL: u8 = 10; // id u32, value u8 (NOT: unknown), cost u8
const NIMBER: u8 = 11; // bits u64, tag u16, value u8, cost u8 (a Learnt exact value, no bound)
const BUSY: u8 = 12; // count u32, fingerprints u64 (what the sender's searches work on now)
const NOT: u8 = 0xff;

/// A record read from a letter.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Record {
    Hello(u64),
    Want(u32),
    Job(Question),
    Answer(Question, Option<u8>, u64),
    Learnt(Learnt),
    Done,
    Fail(String),
    Stats([u64; STATS]),
    Cancel(Question),
    Ask(u32, Key),
    Tell(u32, Option<(u8, u8)>),
    Busy(Vec<u64>),
}

/// The figures of a STATS record: nodes, nimbers shared, bytes sent, nodes of cancelled
/// questions, look-ups, look-ups answered, nanoseconds waited for look-ups.
const STATS: usize = 7;

/// A question on the wire: its sum u32 and target u8, then whether it is asked beneath a
/// root question (u8: 0 or 1) and that question's sum u32 and target u8.
const QUESTION_BYTES: usize = 11;

/// A question handed out: one of the root split's (`under` is `None`), or one asked by the
/// split beneath root question `under` ([`Split::beneath`]), numbered in that split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Question {
    under: Option<Job>,
    job: Job,
}

impl Question {
    fn root(job: Job) -> Question {
        Question { under: None, job }
    }
}

fn put_job(out: &mut Vec<u8>, tag: u8, q: &Question) {
    out.push(tag);
    out.extend_from_slice(&q.job.sum.to_le_bytes());
    out.push(q.job.target);
    let (flag, u) = match q.under {
        Some(u) => (1, u),
        None => (0, Job { sum: 0, target: 0 }),
    };
    out.push(flag);
    out.extend_from_slice(&u.sum.to_le_bytes());
    out.push(u.target);
}

fn put(out: &mut Vec<u8>, r: &Record) {
    match r {
        Record::Hello(f) => {
            out.push(HELLO);
            out.extend_from_slice(&f.to_le_bytes());
        }
        Record::Want(n) => {
            out.push(WANT);
            out.extend_from_slice(&n.to_le_bytes());
        }
        Record::Job(j) => put_job(out, JOB, j),
        Record::Cancel(j) => put_job(out, CANCEL, j),
        Record::Answer(j, v, nodes) => {
            put_job(out, ANSWER, j);
            out.push(v.unwrap_or(NOT));
            out.extend_from_slice(&nodes.to_le_bytes());
        }
        Record::Learnt(l) => {
            // an exact value (the most of what is shared) in 13 bytes, a bound in 17
            let exact = l.value.is_some_and(|v| v != NOT) && l.excluded == 0;
            out.push(if exact { NIMBER } else { LEARNT });
            out.extend_from_slice(&l.key.bits.to_le_bytes());
            out.extend_from_slice(&l.key.tag.to_le_bytes());
            out.push(l.value.unwrap_or(NOT));
            out.push(l.cost);
            if !exact {
                out.extend_from_slice(&l.excluded.to_le_bytes());
            }
        }
        Record::Done => out.push(DONE),
        Record::Fail(t) => {
            out.push(FAIL);
            out.extend_from_slice(&(t.len() as u32).to_le_bytes());
            out.extend_from_slice(t.as_bytes());
        }
        Record::Stats(figures) => {
            out.push(STATS_TAG);
            for x in figures {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        Record::Ask(id, key) => {
            out.push(ASK);
            out.extend_from_slice(&id.to_le_bytes());
            out.extend_from_slice(&key.bits.to_le_bytes());
            out.extend_from_slice(&key.tag.to_le_bytes());
        }
        Record::Tell(id, v) => {
            out.push(TELL);
            out.extend_from_slice(&id.to_le_bytes());
            let (value, cost) = v.unwrap_or((NOT, 0));
            out.extend_from_slice(&[value, cost]);
        }
        Record::Busy(fingerprints) => {
            out.push(BUSY);
            out.extend_from_slice(&(fingerprints.len() as u32).to_le_bytes());
            for f in fingerprints {
                out.extend_from_slice(&f.to_le_bytes());
            }
        }
    }
}

/// Read every record of a letter (a malformed letter — only possible from a process of
/// another version — is an error naming its sender).
fn records(from: u32, bytes: &[u8]) -> Result<Vec<Record>, ClusterError> {
    let bad = || ClusterError::Peer(format!("process {from} sent a malformed letter"));
    let mut at = 0;
    let mut out = Vec::new();
    let take = |n: usize, at: &mut usize| -> Result<&[u8], ClusterError> {
        let s = bytes.get(*at..*at + n).ok_or_else(bad)?;
        *at += n;
        Ok(s)
    };
    let u32_of = |s: &[u8]| u32::from_le_bytes(s.try_into().expect("4 bytes"));
    let u64_of = |s: &[u8]| u64::from_le_bytes(s.try_into().expect("8 bytes"));
    let job_at = |s: &[u8]| Job {
        sum: u32::from_le_bytes(s[..4].try_into().expect("4 bytes")),
        target: s[4],
    };
    let job_of = |s: &[u8]| -> Result<Question, ClusterError> {
        Ok(Question {
            job: job_at(s),
            under: match s[5] {
                0 => None,
                1 => Some(job_at(&s[6..])),
                _ => return Err(bad()),
            },
        })
    };
    while at < bytes.len() {
        let tag_of_record = bytes[at];
        at += 1;
        out.push(match tag_of_record {
            HELLO => Record::Hello(u64_of(take(8, &mut at)?)),
            WANT => Record::Want(u32_of(take(4, &mut at)?)),
            JOB => Record::Job(job_of(take(QUESTION_BYTES, &mut at)?)?),
            CANCEL => Record::Cancel(job_of(take(QUESTION_BYTES, &mut at)?)?),
            ANSWER => {
                let s = take(QUESTION_BYTES + 9, &mut at)?;
                let found = s[QUESTION_BYTES];
                Record::Answer(
                    job_of(s)?,
                    (found != NOT).then_some(found),
                    u64_of(&s[QUESTION_BYTES + 1..]),
                )
            }
            LEARNT | NIMBER => {
                let bits = u64_of(take(8, &mut at)?);
                let tag = u16::from_le_bytes(take(2, &mut at)?.try_into().expect("2 bytes"));
                let v = take(2, &mut at)?;
                let excluded = match tag_of_record {
                    LEARNT => u32_of(take(4, &mut at)?),
                    _ if v[0] == NOT => return Err(bad()),
                    _ => 0,
                };
                Record::Learnt(Learnt {
                    key: Key { bits, tag },
                    value: (v[0] != NOT).then_some(v[0]),
                    excluded,
                    cost: v[1],
                })
            }
            DONE => Record::Done,
            FAIL => {
                let n = u32_of(take(4, &mut at)?) as usize;
                Record::Fail(String::from_utf8_lossy(take(n, &mut at)?).into_owned())
            }
            STATS_TAG => {
                let mut figures = [0u64; STATS];
                for f in &mut figures {
                    *f = u64_of(take(8, &mut at)?);
                }
                Record::Stats(figures)
            }
            ASK => {
                let id = u32_of(take(4, &mut at)?);
                let bits = u64_of(take(8, &mut at)?);
                let tag = u16::from_le_bytes(take(2, &mut at)?.try_into().expect("2 bytes"));
                Record::Ask(id, Key { bits, tag })
            }
            TELL => {
                let id = u32_of(take(4, &mut at)?);
                let v = take(2, &mut at)?;
                Record::Tell(id, (v[0] != NOT).then_some((v[0], v[1])))
            }
            BUSY => {
                let n = u32_of(take(4, &mut at)?) as usize;
                // the count is checked against the letter before anything is allocated
                let s = take(n.checked_mul(8).ok_or_else(bad)?, &mut at)?;
                Record::Busy(s.chunks_exact(8).map(u64_of).collect())
            }
            _ => return Err(bad()),
        });
    }
    Ok(out)
}

/// Letters being written for the next round, one per destination.
struct Outbox {
    letters: Vec<Vec<u8>>,
}

impl Outbox {
    fn new(peers: usize) -> Outbox {
        Outbox {
            letters: vec![Vec::new(); peers],
        }
    }
    fn to(&mut self, p: u32, r: &Record) {
        put(&mut self.letters[p as usize], r);
    }
    fn is_empty(&self) -> bool {
        self.letters.iter().all(Vec::is_empty)
    }
    fn take(&mut self) -> Vec<(u32, Vec<u8>)> {
        self.letters
            .iter_mut()
            .enumerate()
            .filter(|(_, l)| !l.is_empty())
            .map(|(p, l)| (p as u32, std::mem::take(l)))
            .collect()
    }
}

/// The job threads of one process and what they share with its round loop.
struct Local {
    /// The components the job threads work on near their roots, and those the other
    /// processes announce (`None`: the board is off, [`SearchCluster::busy_board`]).
    busy: Option<Busy>,
    queue: Mutex<VecDeque<Question>>,
    work: Condvar,
    /// Answers not yet sent, with the nodes each cost.
    answers: Mutex<Vec<(Question, Option<u8>, u64)>>,
    /// The jobs being searched now, each with its own stop flag.
    running: Mutex<Vec<(Question, Arc<AtomicBool>)>>,
    /// Set when the search is over: the threads leave, the running jobs are cancelled.
    stop: AtomicBool,
    /// The first engine error.
    error: Mutex<Option<String>>,
    /// Wakes the round loop when an answer is ready.
    event: (Mutex<bool>, Condvar),
    nodes: AtomicU64,
    /// Nodes of the jobs cancelled before their answer.
    nodes_cancelled: AtomicU64,
    /// The job threads' look-ups in a partitioned database.
    lookups: Lookups,
}

/// Look-ups in a partitioned database: asked by the job threads, sent and answered by the
/// round loop.
#[derive(Default)]
struct Lookups {
    /// Questions to send: an id and the component's key.
    outgoing: Mutex<Vec<(u32, Key)>>,
    /// Answers arrived, by id.
    answers: Mutex<HashMap<u32, Option<(u8, u8)>>>,
    arrived: Condvar,
    next: AtomicU32,
    /// Keys asked lately that the owner did not have, and when: not asked again for a while
    /// (a component is often met again while this process still searches it).
    missed: Mutex<HashMap<Key, Instant>>,
    asked: AtomicU64,
    hits: AtomicU64,
    wait_nanos: AtomicU64,
}

/// How long a key the owner lacked is not asked again.
const RETRY_AFTER: Duration = Duration::from_millis(100);

/// A job thread's view of a partitioned database: ask the owner, wait for the round loop to
/// bring its answer.
struct Asker<'a> {
    local: &'a Local,
    me: u32,
    peers: usize,
    min_size: u32,
}

impl RemoteValues for Asker<'_> {
    fn min_size(&self) -> u32 {
        self.min_size
    }

    fn lookup(&self, key: Key) -> Option<(u8, u8)> {
        let at = owner(key, self.peers);
        if at == self.me {
            return None; // this process's table is the owner's, and it has just missed
        }
        let l = &self.local.lookups;
        let now = Instant::now();
        {
            let mut missed = l.missed.lock().unwrap_or_else(|e| e.into_inner());
            if missed
                .get(&key)
                .is_some_and(|t| now.duration_since(*t) < RETRY_AFTER)
            {
                return None;
            }
            if missed.len() > 1 << 16 {
                missed.retain(|_, t| now.duration_since(*t) < RETRY_AFTER);
            }
        }
        let id = l.next.fetch_add(1, Ordering::Relaxed);
        l.outgoing
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((id, key));
        l.asked.fetch_add(1, Ordering::Relaxed);
        self.local.wake();
        let mut answers = l.answers.lock().unwrap_or_else(|e| e.into_inner());
        let answer = loop {
            if let Some(a) = answers.remove(&id) {
                break a;
            }
            if self.local.stop.load(Ordering::Relaxed) {
                break None;
            }
            answers = l
                .arrived
                .wait_timeout(answers, Duration::from_millis(10))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        };
        drop(answers);
        l.wait_nanos
            .fetch_add(now.elapsed().as_nanos() as u64, Ordering::Relaxed);
        match answer {
            Some(a) => {
                l.hits.fetch_add(1, Ordering::Relaxed);
                Some(a)
            }
            None => {
                l.missed
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(key, Instant::now());
                None
            }
        }
    }
}

impl Local {
    fn wake(&self) {
        let (m, c) = &self.event;
        *m.lock().unwrap_or_else(|e| e.into_inner()) = true;
        c.notify_one();
    }

    /// Wait up to `limit` for an answer (or an error).
    fn wait_event(&self, limit: Duration) {
        let (m, c) = &self.event;
        let g = m.lock().unwrap_or_else(|e| e.into_inner());
        let (mut g, _) = c
            .wait_timeout_while(g, limit, |ready| !*ready)
            .unwrap_or_else(|e| e.into_inner());
        *g = false;
    }

    /// Jobs queued or running.
    fn busy(&self) -> u32 {
        (self.queue.lock().unwrap_or_else(|e| e.into_inner()).len()
            + self.running.lock().unwrap_or_else(|e| e.into_inner()).len()) as u32
    }

    /// Drop a queued job, or stop it where it runs.
    fn cancel(&self, job: Question) {
        self.queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|j| *j != job);
        for (j, flag) in self
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            if *j == job {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Stop everything.
    fn halt(&self) {
        self.stop.store(true, Ordering::Relaxed);
        for (_, flag) in self
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            flag.store(true, Ordering::Relaxed);
        }
        self.work.notify_all();
    }
}

/// The coordinator's state (process 0).
struct Coordinator<C> {
    split: Split<C>,
    /// Root questions asked by their moves' questions ([`Split::beneath`]), in the order they
    /// were split: each with its split and the nodes its answers have cost.
    beneath: Vec<(Job, Split<C>, u64)>,
    /// Answers beneath root questions read back at the start, for the question they serve
    /// (replayed when it is split again).
    resumed_beneath: HashMap<Job, Vec<(Job, Option<u8>)>>,
    /// Split root questions whose value jobs answer (df-pn's are not split).
    split_questions: bool,
    /// Questions handed out and not answered, with the process asked.
    assigned: HashMap<Question, u32>,
    /// Slots each process asked for and has not been given yet.
    wants: Vec<u32>,
    /// The process last asked about each sum (its table knows the sum best).
    affinity: HashMap<(Option<Job>, u32), u32>,
    resumed: u64,
    run: u64,
    cancelled: u64,
    /// Root questions asked by their moves.
    expanded: u64,
    /// Answers recorded (root and beneath), and how many of them the answers file holds.
    recorded: u64,
    saved: u64,
    failure: Option<String>,
}

impl<C: Clone> Coordinator<C> {
    /// Every question to ask now, in order: those beneath the root questions split (eldest
    /// first), then the root's.
    fn candidates(&self) -> Vec<Question> {
        let mut all = Vec::new();
        for (u, b, _) in &self.beneath {
            all.extend(b.candidates().into_iter().map(|job| Question {
                under: Some(*u),
                job,
            }));
        }
        all.extend(self.split.candidates().into_iter().map(Question::root));
        all
    }

    /// True when `q` was handed out and is still wanted.
    fn is_out(&self, q: Question) -> bool {
        match q.under {
            None => self.split.is_out(q.job),
            Some(u) => self
                .beneath
                .iter()
                .any(|(v, b, _)| *v == u && b.is_out(q.job)),
        }
    }

    /// Split a root question that is the only one in play while a process has nothing to do:
    /// its moves' questions are handed out instead of it (the question's own job, if out, is
    /// cancelled). Only questions about `*0` — where the round is most likely to end with a
    /// *yes*, the question every move of a P-position answers *no* — and only for value jobs.
    fn split_lone_question<G: SearchGame<Component = C>>(
        &mut self,
        game: &G,
        out: &mut Outbox,
        local: &Local,
    ) -> Result<(), ClusterError> {
        if !self.split_questions || !self.beneath.is_empty() {
            return Ok(());
        }
        let idle = (0..self.wants.len())
            .filter(|&p| self.wants[p] > 0 && !self.assigned.values().any(|&q| q as usize == p))
            .count();
        let root_out: Vec<(Question, u32)> = self
            .assigned
            .iter()
            .filter(|(q, _)| q.under.is_none())
            .map(|(q, p)| (*q, *p))
            .collect();
        let offered = self.split.candidates();
        // a question with answers beneath it read back is split again at once; else a
        // question about *0 alone in play, with a process that has nothing to do beside the
        // one asked (two, when nobody is asked yet)
        let (lone, asked) = match offered
            .iter()
            .find(|j| self.resumed_beneath.contains_key(j))
        {
            Some(&j) => (j, None),
            None => match (&offered[..], &root_out[..]) {
                ([j], []) if idle >= 2 => (*j, None),
                ([], [(q, p)]) if idle >= 1 => (q.job, Some((*q, *p))),
                _ => return Ok(()),
            },
        };
        if lone.target != 0 && !self.resumed_beneath.contains_key(&lone) {
            return Ok(());
        }
        let Some(mut b) = Split::beneath(game, self.split.sum(lone.sum), lone.target)? else {
            return Ok(());
        };
        b.eldest_first(true);
        for (j, found) in self.resumed_beneath.remove(&lone).unwrap_or_default() {
            if !b.is_job(j) || found.is_some_and(|v| v as usize > MAX_MOVES) {
                return Err(ClusterError::Answers(split::AnswersError::Refused {
                    path: "the answers file".into(),
                    reason: format!("question {j:?} beneath {lone:?} is not one of its split"),
                }));
            }
            b.record(j, found);
        }
        if let Some((q, p)) = asked {
            self.assigned.remove(&q);
            self.cancelled += 1;
            if p == 0 {
                local.cancel(q);
            } else {
                out.to(p, &Record::Cancel(q));
            }
        } else {
            self.split.hand_out(lone);
        }
        self.expanded += 1;
        match b.verdict() {
            Some(v) => self.record_root(lone, v.found(), 0),
            None => self.beneath.push((lone, b, 0)),
        }
        Ok(())
    }

    /// Hand questions to the processes that asked, one at a time round the processes; a
    /// process gets, before the next in order, a question about a sum it was asked about
    /// before (its table holds what it learnt of it), and else one no other process knows.
    fn assign(&mut self, out: &mut Outbox, mine: &mut Vec<Question>) {
        loop {
            let mut gave = false;
            for p in 0..self.wants.len() {
                if self.wants[p] == 0 {
                    continue;
                }
                let candidates = self.candidates();
                let place = |q: &Question| (q.under, q.job.sum);
                let pick = candidates
                    .iter()
                    .find(|q| self.affinity.get(&place(q)) == Some(&(p as u32)))
                    .or_else(|| {
                        candidates
                            .iter()
                            .find(|q| !self.affinity.contains_key(&place(q)))
                    })
                    .or(candidates.first());
                let Some(&q) = pick else {
                    return;
                };
                match q.under {
                    None => self.split.hand_out(q.job),
                    Some(u) => {
                        if let Some((_, b, _)) = self.beneath.iter_mut().find(|(v, ..)| *v == u) {
                            b.hand_out(q.job);
                        }
                    }
                }
                self.affinity.insert(place(&q), p as u32);
                self.wants[p] -= 1;
                self.assigned.insert(q, p as u32);
                gave = true;
                if p == 0 {
                    mine.push(q);
                } else {
                    out.to(p as u32, &Record::Job(q));
                }
            }
            if !gave {
                return;
            }
        }
    }

    /// Record the answer to a root question, and drop the splits beneath the questions that
    /// are no longer out.
    fn record_root(&mut self, job: Job, found: Option<u8>, nodes: u64) {
        self.split.record_cost(job, found, nodes);
        let split = &self.split;
        self.beneath.retain(|(u, ..)| split.is_out(*u));
    }

    /// Record an answer (from any process, moot or not) and cancel what it made moot.
    fn answer(
        &mut self,
        q: Question,
        found: Option<u8>,
        nodes: u64,
        out: &mut Outbox,
        local: &Local,
    ) {
        if !self.split.is_job(q.job) && q.under.is_none() {
            return;
        }
        self.assigned.remove(&q);
        self.run += 1;
        match q.under {
            None => {
                self.recorded += 1;
                self.record_root(q.job, found, nodes);
            }
            Some(u) => {
                let Some(at) = self.beneath.iter().position(|(v, ..)| *v == u) else {
                    return; // its root question was answered meanwhile
                };
                let (_, b, cost) = &mut self.beneath[at];
                if !b.is_job(q.job) {
                    return;
                }
                self.recorded += 1;
                b.record_cost(q.job, found, nodes);
                *cost += nodes;
                if let Some(v) = b.verdict() {
                    let cost = *cost;
                    self.record_root(u, v.found(), cost);
                }
            }
        }
        let moot: Vec<Question> = self
            .assigned
            .keys()
            .copied()
            .filter(|q| !self.is_out(*q))
            .collect();
        for j in moot {
            let p = self.assigned.remove(&j).expect("listed");
            self.cancelled += 1;
            if p == 0 {
                local.cancel(j);
            } else {
                out.to(p, &Record::Cancel(j));
            }
        }
    }

    /// What the answers file keeps: the root's answers and those beneath the questions split
    /// now.
    fn kept(&self) -> Vec<split::Kept> {
        let mut all: Vec<split::Kept> = self
            .split
            .answers()
            .iter()
            .map(|&(job, found)| split::Kept {
                under: None,
                job,
                found,
            })
            .collect();
        for (u, b, _) in &self.beneath {
            all.extend(b.answers().iter().map(|&(job, found)| split::Kept {
                under: Some(*u),
                job,
                found,
            }));
        }
        all
    }
}

/// Search the sum of `parts` on every process of `cfg`; `after` are the positions after the
/// root's moves, asked whether they are P-positions once the root is a first-player win
/// (empty when the winning moves are not wanted). The coordinator (process 0) returns the
/// answer, the others `None`. Every process must be called with the same game, parts, `after`
/// and `outcome_only`.
pub fn search<G>(
    game: Arc<G>,
    parts: Vec<G::Component>,
    after: Vec<Vec<G::Component>>,
    cfg: &SearchCluster,
) -> Result<Option<ClusterAnswer>, ClusterError>
where
    G: SearchGame + Send + 'static,
    G::Component: 'static,
{
    let processes = cfg.processes();
    if cfg.threads == 0 {
        return Err(ClusterError::Config(
            "--threads 0: at least one thread is needed".into(),
        ));
    }
    if cfg.process >= processes {
        return Err(ClusterError::Config(format!(
            "--process {}: processes are numbered 0..{processes}",
            cfg.process
        )));
    }
    if cfg.dfpn.is_some() && matches!(cfg.database, Database::Partitioned { .. }) {
        return Err(ClusterError::Config(
            "--database partitioned: df-pn's jobs read the shared nimbers by broadcast only; \
             use --algorithm value or --database broadcast"
                .into(),
        ));
    }
    let split = Split::new(game.as_ref(), &parts, &after, cfg.outcome_only)?;
    let n_after = after.len();
    let cluster = Cluster {
        addresses: if processes > 1 {
            cfg.addresses.clone()
        } else {
            Vec::new()
        },
        process: cfg.process,
        silence_limit: cfg.silence_limit,
        kept: "every answered question is kept",
    };
    let cfg = cfg.clone();
    let result = mailbox::execute(&cluster, move |mb| {
        process(mb, game.as_ref(), split.clone(), n_after, &cfg)
    });
    match result {
        Ok(r) => r,
        Err(e) => Err(ClusterError::Peer(e)),
    }
}

// Why this function is long: to be split (issue 50): the coordinator's start (replaying the saved
// answers) becomes `Coordinator::resume`, leaving the threads' start and the answer's assembly.
/// One process: the job threads, and the round loop on the mailbox.
fn process<G: SearchGame>(
    mb: &mut Mailbox<'_>,
    game: &G,
    split: Split<G::Component>,
    n_after: usize,
    cfg: &SearchCluster,
) -> Result<Option<ClusterAnswer>, ClusterError> {
    let me = mb.me();
    let peers = mb.peers() as usize;
    let id = game.id();
    let fingerprint = split.fingerprint(game);
    let table = Table::with_bytes(cfg.memory);
    let own_dir = cfg.dir.as_ref().map(|d| d.join(format!("process-{me}")));
    let resumed_entries = match &own_dir {
        Some(d) => persist::load(d, &id, &table)?,
        None => 0,
    };
    table.journal_from(cfg.share_nodes);
    let mut coordinator = if me == 0 {
        let mut split = split.clone();
        let mut resumed = 0;
        let mut resumed_beneath: HashMap<Job, Vec<(Job, Option<u8>)>> = HashMap::new();
        if let Some(dir) = &cfg.dir {
            for a in split::load_answers(dir, &id, fingerprint)? {
                let root = a.under.unwrap_or(a.job);
                if !split.is_job(root) || a.found.is_some_and(|v| v as usize > MAX_MOVES) {
                    return Err(ClusterError::Answers(split::AnswersError::Refused {
                        path: dir.join(split::ANSWERS_FILE).display().to_string(),
                        reason: format!("question {root:?} is not one of this split"),
                    }));
                }
                match a.under {
                    None => split.record(a.job, a.found),
                    Some(u) => resumed_beneath.entry(u).or_default().push((a.job, a.found)),
                }
                resumed += 1;
            }
        }
        // several processes: the young brothers wait (the split's module docs) — for value
        // jobs; df-pn's are outcome questions whose first is often the largest, all needed on a
        // P-position (Sprouts 0*14 on 2 processes waiting: 93 % of the nodes on process 0)
        split.eldest_first(peers > 1 && cfg.dfpn.is_none());
        split.patience(cfg.patience);
        split.brothers(cfg.brothers);
        Some(Coordinator {
            split,
            beneath: Vec::new(),
            resumed_beneath,
            split_questions: cfg.dfpn.is_none(),
            assigned: HashMap::new(),
            wants: vec![0; peers],
            affinity: HashMap::new(),
            resumed,
            run: 0,
            cancelled: 0,
            expanded: 0,
            recorded: resumed,
            saved: resumed,
            failure: None,
        })
    } else {
        None
    };
    let local = Local {
        // (one process with one job thread has nobody to tell)
        busy: (cfg.busy_board && (peers > 1 || cfg.threads > 1)).then(Busy::default),
        queue: Mutex::new(VecDeque::new()),
        work: Condvar::new(),
        answers: Mutex::new(Vec::new()),
        running: Mutex::new(Vec::new()),
        stop: AtomicBool::new(false),
        error: Mutex::new(None),
        event: (Mutex::new(false), Condvar::new()),
        nodes: AtomicU64::new(0),
        nodes_cancelled: AtomicU64::new(0),
        lookups: Lookups::default(),
    };
    let asker = match cfg.database {
        Database::Partitioned { min_size } if peers > 1 => Some(Asker {
            local: &local,
            me,
            peers,
            min_size,
        }),
        _ => None,
    };
    let mut engine = cfg.engine.clone();
    engine.threads = 1;
    let started = Instant::now();
    let figures = std::thread::scope(|sc| {
        for _ in 0..cfg.threads {
            let (local, table, engine, split) = (&local, &table, engine.clone(), &split);
            let dfpn = cfg.dfpn.clone();
            let remote = asker.as_ref().map(|a| a as &dyn RemoteValues);
            // df-pn recurses as deep as the game: the thread has a search thread's stack
            sc.spawn(move || {
                Search::<G>::on_search_thread(|| {
                    job_thread(game, table, engine, dfpn, remote, split, local)
                })
            });
        }
        let r = rounds(
            mb,
            game,
            &local,
            &table,
            coordinator.as_mut(),
            fingerprint,
            cfg,
            own_dir.as_deref(),
            &id,
            started,
        );
        local.halt();
        r
    });
    // the table is kept even when the search stopped: its entries are exact
    if let Some(d) = &own_dir {
        persist::save(d, &id, &table)?;
    }
    let figures = figures?;
    let (Some(f), Some(c)) = (figures, coordinator.as_ref()) else {
        return Ok(None);
    };
    Ok(Some(ClusterAnswer {
        value: c.split.root_value(),
        first_player_wins: c.split.root_wins().unwrap_or(false),
        winning: (0..n_after).map(|w| c.split.winning(w)).collect(),
        sums: c.split.len() as u64,
        jobs_resumed: c.resumed,
        jobs_run: c.run,
        jobs_cancelled: c.cancelled,
        jobs_split: c.expanded,
        shared_nimbers: f.shared,
        bytes_sent: f.bytes,
        nodes: f.nodes,
        nodes_cancelled: f.nodes_cancelled,
        lookups: f.lookups,
        lookup_hits: f.lookup_hits,
        lookup_wait: f.lookup_wait,
        rounds: mb.rounds,
        connect_seconds: mb.connected.unwrap_or_default(),
        resumed_entries,
    }))
}

/// How a job thread answers "is this sum worth `*k`?".
enum Answerer<'a, G: SearchGame> {
    /// The value search: the engine's value of the sum, if it is `k`.
    Value(Search<'a, G>),
    /// df-pn: is `sum + *k` lost for the player to move? `small` values the parts of at most
    /// `cfg.small` (as df-pn values the parts a move splits off).
    Dfpn {
        dfpn: Box<Dfpn<'a, G>>,
        small: Search<'a, G>,
        cfg: DfpnConfig,
    },
}

impl<G: SearchGame> Answerer<'_, G> {
    /// The answer to `job` on `sum`: `Some(target)` when the sum is worth it, `None` when not.
    fn ask(
        &mut self,
        game: &G,
        table: &Table,
        sum: &[G::Component],
        target: u8,
    ) -> Result<Option<u8>, SearchError> {
        match self {
            Answerer::Value(search) => search.value_in(sum, NimSet::single(target)),
            Answerer::Dfpn { dfpn, small, cfg } => {
                let lost = dfpn_lost(game, table, dfpn, small, cfg.small, sum, target)?;
                Ok(lost.then_some(target))
            }
        }
    }

    /// Nodes searched so far: the value search's, or df-pn's expansions and the value
    /// searches' nodes for small parts (as the single-machine report counts them).
    fn nodes(&self) -> u64 {
        match self {
            Answerer::Value(search) => search.stats().nodes,
            Answerer::Dfpn { dfpn, small, .. } => {
                dfpn.stats().expansions + dfpn.value_nodes() + small.stats().nodes
            }
        }
    }
}

/// Whether `parts + *k` is lost for the player to move, by df-pn: every part but the largest
/// valued exactly (from the table, by the value search when it has at most `small` positions'
/// size, else by df-pn's nimber questions), the largest asked whether its value is their XOR
/// with `k` — [`Dfpn::outcome`] with `*k` beside the parts.
fn dfpn_lost<G: SearchGame>(
    game: &G,
    table: &Table,
    dfpn: &mut Dfpn<'_, G>,
    values: &Search<'_, G>,
    small: u32,
    parts: &[G::Component],
    k: u8,
) -> Result<bool, SearchError> {
    let Some(largest) = (0..parts.len()).max_by_key(|&i| game.size(&parts[i])) else {
        // no part: `*k` alone, lost exactly when `k` is 0
        return Ok(k == 0);
    };
    let mut x = k;
    for (i, p) in parts.iter().enumerate() {
        if i == largest {
            continue;
        }
        let known = game
            .known_value(p)
            .or_else(|| match table.probe(game.key(p)) {
                Probe::Exact(v) => Some(v),
                _ => None,
            });
        x ^= match known {
            Some(v) => v,
            None if game.size(p) <= small => values.value_here(std::slice::from_ref(p))?,
            None => dfpn.nimber(p)?,
        };
    }
    dfpn.prove(&parts[largest], x)
}

// Why this function is long: to be split (issue 50): building the answerer (the value search or
// df-pn) becomes `Answerer::new`, leaving the loop that takes, asks and answers.
/// A job thread (on a search thread's stack): take a question, ask the engine (the value
/// search, or df-pn with `dfpn`), hand the answer over, until stopped.
fn job_thread<G: SearchGame>(
    game: &G,
    table: &Table,
    engine: Config,
    dfpn: Option<DfpnConfig>,
    remote: Option<&dyn RemoteValues>,
    split: &Split<G::Component>,
    local: &Local,
) {
    // the thread's stop flag, armed again for each job (a cancel finds it in `running` only
    // while the job it names runs)
    let flag = Arc::new(AtomicBool::new(false));
    // the splits beneath root questions this thread was asked under, by the root's sum
    let mut beneath: HashMap<u32, Split<G::Component>> = HashMap::new();
    let mut answerer = match dfpn {
        None => {
            let mut search = Search::new(game, table, engine).with_stop(&flag);
            if let Some(b) = &local.busy {
                search = search.with_busy(b);
            }
            Answerer::Value(match remote {
                Some(r) => search.with_remote(r),
                None => search,
            })
        }
        Some(cfg) => Answerer::Dfpn {
            dfpn: Box::new(
                Dfpn::new(
                    game,
                    table,
                    engine.clone(),
                    DfpnConfig {
                        threads: 1,
                        ..cfg.clone()
                    },
                )
                .with_stop(&flag),
            ),
            small: Search::new(game, table, engine).with_stop(&flag),
            cfg,
        },
    };
    loop {
        let job = {
            let mut q = local.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if local.stop.load(Ordering::Relaxed) {
                    return;
                }
                if let Some(j) = q.pop_front() {
                    flag.store(false, Ordering::Relaxed);
                    local
                        .running
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((j, flag.clone()));
                    break j;
                }
                q = local
                    .work
                    .wait_timeout(q, Duration::from_millis(100))
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        };
        // a halt between the look above and the job's entry in `running` stops it too
        if local.stop.load(Ordering::Relaxed) {
            flag.store(true, Ordering::Relaxed);
        }
        let sum = match job.under {
            None => Some(split.sum(job.job.sum)),
            Some(u) => {
                if let std::collections::hash_map::Entry::Vacant(e) = beneath.entry(u.sum) {
                    // the coordinator's split: every process lists a sum's moves the same way
                    if let Ok(Some(b)) = Split::beneath(game, split.sum(u.sum), u.target) {
                        e.insert(b);
                    }
                }
                beneath
                    .get(&u.sum)
                    .filter(|b| b.is_job(job.job))
                    .map(|b| b.sum(job.job.sum))
            }
        };
        // the answer and its nodes, or the error to report (none for a cancelled job)
        let answer = match sum {
            None => Err(Some(format!(
                "question {job:?} is not one this process can list"
            ))),
            Some(sum) => {
                let before = answerer.nodes();
                let r = answerer.ask(game, table, sum, job.job.target);
                let nodes = answerer.nodes() - before;
                local.nodes.fetch_add(nodes, Ordering::Relaxed);
                match r {
                    Ok(found) => Ok((found, nodes)),
                    Err(SearchError::Cancelled) => {
                        local.nodes_cancelled.fetch_add(nodes, Ordering::Relaxed);
                        Err(None)
                    }
                    Err(e) => Err(Some(format!("question {job:?}: {e}"))),
                }
            }
        };
        match answer {
            Ok((found, nodes)) => local
                .answers
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((job, found, nodes)),
            Err(None) => {}
            Err(Some(e)) => {
                let mut g = local.error.lock().unwrap_or_else(|e| e.into_inner());
                g.get_or_insert(e);
            }
        }
        local
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|(j, f)| !(*j == job && Arc::ptr_eq(f, &flag)));
        local.wake();
    }
}

/// Per-process figures the coordinator gathers at the end.
struct Figures {
    shared: Vec<u64>,
    bytes: Vec<u64>,
    nodes: Vec<u64>,
    nodes_cancelled: Vec<u64>,
    lookups: Vec<u64>,
    lookup_hits: Vec<u64>,
    lookup_wait: Vec<f64>,
}

// Why this function is long: to be split (issue 50): the letters a round sends, the match over the
// records received and the coordinator's turn become functions over a struct of the loop's state
// (slots asked, busy board, done), and the last round's figures another.
/// The round loop of one process (the coordinator's work included on process 0).
#[allow(clippy::too_many_arguments)]
fn rounds<G: SearchGame>(
    mb: &mut Mailbox<'_>,
    game: &G,
    local: &Local,
    table: &Table,
    mut coordinator: Option<&mut Coordinator<G::Component>>,
    fingerprint: u64,
    cfg: &SearchCluster,
    own_dir: Option<&std::path::Path>,
    id: &str,
    started: Instant,
) -> Result<Option<Figures>, ClusterError> {
    let me = mb.me();
    let peers = mb.peers() as usize;
    let mut out = Outbox::new(peers);
    // round 0: every process names its split; the coordinator checks they agree
    out.to(0, &Record::Hello(fingerprint));
    let mail = mb.round(out.take()).map_err(ClusterError::Peer)?;
    if let Some(c) = coordinator.as_deref_mut() {
        for (from, bytes) in &mail {
            for r in records(*from, bytes)? {
                if r != Record::Hello(fingerprint) {
                    c.failure = Some(format!(
                        "process {from} split the position differently: give every process \
                         the same position and options"
                    ));
                }
            }
        }
    }
    let slots = cfg.threads as u32 + 1; // a question waiting beside each running one
    let mut asked = 0u32; // slots asked for and not yet filled
    let mut shared = 0u64;
    // the busy board: what this process told the others last, and what each of them told
    let mut told: Vec<u64> = Vec::new();
    let mut elsewhere: Vec<Vec<u64>> = vec![Vec::new(); peers];
    let mut last_save = Instant::now();
    let mut done = false;
    let mut failure: Option<String> = None;
    let mut last_progress = Instant::now();
    // a partitioned database's look-ups wait for rounds: they come faster
    let pause = match cfg.database {
        Database::Partitioned { .. } => Duration::from_millis(1),
        Database::Broadcast => Duration::from_millis(20),
    };
    loop {
        // what this process has to say
        let answers = std::mem::take(&mut *local.answers.lock().unwrap_or_else(|e| e.into_inner()));
        if let Some(e) = local.error.lock().unwrap_or_else(|e| e.into_inner()).take() {
            match coordinator.as_deref_mut() {
                Some(c) => {
                    c.failure.get_or_insert(e);
                }
                None => out.to(0, &Record::Fail(e)),
            }
        }
        // what this process works on now, when it changed: the others leave it for last
        if let Some(b) = &local.busy
            && peers > 1
        {
            let mut now = b.mine();
            now.sort_unstable();
            if now != told {
                for p in (0..peers as u32).filter(|&p| p != me) {
                    out.to(p, &Record::Busy(now.clone()));
                }
                told = now;
            }
        }
        // exact values only: sharing the bounds too (measured on Cram 5 × 8 and 4 × 11) saved
        // no nodes and tripled the bytes
        let journal: Vec<Learnt> = table
            .take_journal()
            .into_iter()
            .filter(|l| l.value.is_some())
            .collect();
        if peers > 1 {
            for l in &journal {
                match cfg.database {
                    Database::Broadcast => {
                        for p in 0..peers as u32 {
                            if p != me {
                                out.to(p, &Record::Learnt(*l));
                            }
                        }
                    }
                    // to its owner only (this process's table is its own part)
                    Database::Partitioned { .. } => {
                        let p = owner(l.key, peers);
                        if p != me {
                            out.to(p, &Record::Learnt(*l));
                        }
                    }
                }
            }
            shared += journal.len() as u64;
        }
        let asks = std::mem::take(
            &mut *local
                .lookups
                .outgoing
                .lock()
                .unwrap_or_else(|e| e.into_inner()),
        );
        for (id, key) in asks {
            out.to(owner(key, peers), &Record::Ask(id, key));
        }
        let want = if done {
            0
        } else {
            slots.saturating_sub(local.busy() + asked)
        };
        asked += want;
        let mut mine = Vec::new();
        match coordinator.as_deref_mut() {
            Some(c) => {
                for (j, found, nodes) in answers {
                    c.answer(j, found, nodes, &mut out, local);
                }
                c.wants[0] += want;
            }
            None => {
                for (j, found, nodes) in answers {
                    out.to(0, &Record::Answer(j, found, nodes));
                }
                if want > 0 {
                    out.to(0, &Record::Want(want));
                }
            }
        }
        let mail = mb.round(out.take()).map_err(ClusterError::Peer)?;
        let mut finish = false;
        // whether the round carried work (not only shared nimbers): then the next round
        // follows at once, else after a pause
        let mut moved = false;
        for (from, bytes) in &mail {
            for r in records(*from, bytes)? {
                moved |= !matches!(r, Record::Learnt(..) | Record::Hello(_) | Record::Busy(_));
                match r {
                    Record::Job(j) => mine.push(j),
                    Record::Cancel(j) => local.cancel(j),
                    Record::Learnt(l) => table.learn(&l),
                    Record::Busy(f) => {
                        if let Some(b) = &local.busy
                            && (*from as usize) < elsewhere.len()
                        {
                            elsewhere[*from as usize] = f;
                            b.set_elsewhere(&elsewhere.concat());
                        }
                    }
                    Record::Ask(id, key) => out.to(*from, &Record::Tell(id, table.exact(key))),
                    Record::Tell(id, v) => {
                        let l = &local.lookups;
                        l.answers
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .insert(id, v);
                        l.arrived.notify_all();
                    }
                    Record::Done => finish = true,
                    Record::Answer(j, found, nodes) => {
                        if let Some(c) = coordinator.as_deref_mut() {
                            c.answer(j, found, nodes, &mut out, local);
                        }
                    }
                    Record::Want(n) => {
                        if let Some(c) = coordinator.as_deref_mut() {
                            c.wants[*from as usize] += n;
                        }
                    }
                    Record::Fail(e) => match coordinator.as_deref_mut() {
                        Some(c) => {
                            c.failure.get_or_insert(format!("process {from}: {e}"));
                        }
                        None => {
                            failure.get_or_insert(e);
                        }
                    },
                    Record::Hello(_) | Record::Stats(..) => {}
                }
            }
        }
        if finish {
            break;
        }
        // the coordinator: keep the answers, hand out work, or end the search
        if let Some(c) = coordinator.as_deref_mut() {
            if let Some(dir) = &cfg.dir
                && c.recorded > c.saved
            {
                split::save_answers(dir, id, fingerprint, &c.kept())?;
                c.saved = c.recorded;
            }
            if let Some(k) = cfg.stop_after_answers
                && c.run >= k
            {
                return Err(ClusterError::Stopped(c.run));
            }
            if !done && (c.failure.is_some() || c.split.is_done()) {
                for p in 0..peers as u32 {
                    if let Some(f) = &c.failure
                        && p != 0
                    {
                        out.to(p, &Record::Fail(f.clone()));
                    }
                    out.to(p, &Record::Done);
                }
                done = true;
            } else if !done {
                let mut jobs = Outbox::new(peers);
                c.split_lone_question(game, &mut jobs, local)?;
                c.assign(&mut jobs, &mut mine);
                for (p, l) in jobs.take() {
                    out.letters[p as usize].extend(l);
                }
            }
            if let Some(progress) = &cfg.progress.0
                && last_progress.elapsed() > Duration::from_millis(200)
            {
                let n = c.recorded;
                let secs = started.elapsed().as_secs_f64().max(1e-3);
                progress.start(
                    0,
                    &format!(
                        "{peers} processes · jobs {n} done, {} out · {shared} nimbers shared · {:.0} rounds/s, {:.0} bytes/s sent",
                        c.assigned.len(),
                        mb.rounds as f64 / secs,
                        mb.bytes_sent as f64 / secs,
                    ),
                );
                progress.set(n);
                last_progress = Instant::now();
            }
        }
        asked = asked.saturating_sub(mine.len() as u32);
        if !mine.is_empty() {
            local
                .queue
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend(mine);
            local.work.notify_all();
        }
        if let Some(d) = own_dir
            && last_save.elapsed() >= cfg.save_every
        {
            persist::save(d, id, table)?;
            last_save = Instant::now();
        }
        // pace the rounds: wait for an answer (or a short while) unless work is moving; shared
        // nimbers alone wait (else two processes would spin rounds on the cores the jobs need)
        if !moved && out.is_empty() {
            local.wait_event(pause);
        }
    }
    // the last round: every process reports its figures to the coordinator
    local.halt();
    let l = &local.lookups;
    out.to(
        0,
        &Record::Stats([
            local.nodes.load(Ordering::Relaxed),
            shared,
            mb.bytes_sent,
            local.nodes_cancelled.load(Ordering::Relaxed),
            l.asked.load(Ordering::Relaxed),
            l.hits.load(Ordering::Relaxed),
            l.wait_nanos.load(Ordering::Relaxed),
        ]),
    );
    let mail = mb.round(out.take()).map_err(ClusterError::Peer)?;
    if let Some(progress) = &cfg.progress.0 {
        progress.finish();
    }
    let Some(c) = coordinator else {
        return match failure {
            Some(f) => Err(ClusterError::Search(f)),
            None => Ok(None),
        };
    };
    if let Some(f) = c.failure.take() {
        return Err(ClusterError::Search(f));
    }
    let mut figures = Figures {
        shared: vec![0; peers],
        bytes: vec![0; peers],
        nodes: vec![0; peers],
        nodes_cancelled: vec![0; peers],
        lookups: vec![0; peers],
        lookup_hits: vec![0; peers],
        lookup_wait: vec![0.0; peers],
    };
    for (from, bytes) in &mail {
        for r in records(*from, bytes)? {
            if let Record::Stats([nodes, sh, b, moot, asked, hits, wait]) = r {
                let p = *from as usize;
                figures.shared[p] = sh;
                figures.bytes[p] = b;
                figures.nodes[p] = nodes;
                figures.nodes_cancelled[p] = moot;
                figures.lookups[p] = asked;
                figures.lookup_hits[p] = hits;
                figures.lookup_wait[p] = wait as f64 * 1e-9;
            }
        }
    }
    Ok(Some(figures))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_record_reads_back_as_written() {
        let all = [
            Record::Hello(u64::MAX - 3),
            Record::Want(7),
            Record::Job(Question::root(Job {
                sum: 123_456,
                target: 3,
            })),
            Record::Job(Question {
                under: Some(Job { sum: 77, target: 0 }),
                job: Job { sum: 3, target: 1 },
            }),
            Record::Answer(Question::root(Job { sum: 9, target: 4 }), Some(4), 1 << 40),
            Record::Answer(Question::root(Job { sum: 9, target: 5 }), None, 0),
            Record::Cancel(Question::root(Job { sum: 1, target: 0 })),
            Record::Cancel(Question {
                under: Some(Job { sum: 2, target: 0 }),
                job: Job { sum: 1, target: 0 },
            }),
            Record::Learnt(Learnt {
                key: Key {
                    bits: 0xdead_beef,
                    tag: 0x7abc,
                },
                value: Some(3),
                excluded: 0,
                cost: 40,
            }),
            Record::Learnt(Learnt {
                key: Key { bits: 7, tag: 1 },
                value: None,
                excluded: 0b1011,
                cost: 12,
            }),
            // an exact value with a bound beside it goes as a bound record
            Record::Learnt(Learnt {
                key: Key {
                    bits: u64::MAX,
                    tag: 0,
                },
                value: Some(2),
                excluded: 0b1,
                cost: 1,
            }),
            Record::Done,
            Record::Fail("job 3: too many moves".into()),
            Record::Stats([1, 2, 3, 4, 5, 6, u64::MAX]),
            Record::Ask(
                77,
                Key {
                    bits: u64::MAX - 9,
                    tag: 0x1234,
                },
            ),
            Record::Tell(77, Some((5, 21))),
            Record::Tell(78, None),
            Record::Busy(vec![1, u64::MAX, 0x1234_5678_9abc_def1]),
            Record::Busy(Vec::new()),
        ];
        let mut bytes = Vec::new();
        for r in &all {
            put(&mut bytes, r);
        }
        assert_eq!(records(1, &bytes).unwrap(), all);
        // a cut letter is an error naming its sender, never a panic
        for cut in 0..bytes.len() {
            if let Err(e) = records(5, &bytes[..cut]) {
                assert!(e.to_string().contains("process 5"));
            }
        }
        assert!(records(2, &[99]).is_err());
        // an exact value (what the database mostly sends) takes 13 bytes, a bound 17
        let sizes: Vec<usize> = all[8..11]
            .iter()
            .map(|r| {
                let mut one = Vec::new();
                put(&mut one, r);
                one.len()
            })
            .collect();
        assert_eq!(sizes, [13, 17, 17]);
        // a nimber record that says "no value" is malformed
        let mut bad = Vec::new();
        put(&mut bad, &all[8]);
        bad[11] = NOT;
        assert!(records(3, &bad).is_err());
    }
}
