//! A mailbox of rounds for work that is not a tier (the distributed search of
//! [`crate::search`]): one timely worker per process, letters of bytes from any process to
//! any other, delivered round by round.
//!
//! A round is one timestamp, as in the tier engine: each process sends its letters at time
//! `r`, advances its input to `r + 1` and steps (parking, never spinning) until the probe says
//! time `r` is complete everywhere; every letter of the round has then arrived. The caller
//! paces the rounds (the search's workers compute on other threads meanwhile), so a round also
//! tells each process that the others are alive: a process whose rounds stop completing for
//! the silence limit stops with a message (a watchdog), and a lost connection ends the process
//! with one message and exit code 1 (timely's network threads cannot be stopped otherwise).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use timely::dataflow::channels::pact::Exchange as ExchangePact;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;
use timely::{CommunicationConfig, WorkerConfig};

use super::{QuietStdout, install_panic_hook};

/// A letter: `(to, from, bytes)`, processes numbered from 0.
type Letter = (u32, u32, Vec<u8>);

/// Bytes of a letter's header on the wire (its two numbers and the length of its bytes).
const LETTER_BYTES: u64 = 4 + 4 + 8;

/// Where the processes are.
#[derive(Clone, Debug)]
pub(crate) struct Cluster {
    /// `host:port` of every process (empty for one process).
    pub addresses: Vec<String>,
    /// This process.
    pub process: usize,
    /// Stop when a round waits longer than this for the other processes.
    pub silence_limit: Duration,
    /// What a rerun finds after a failure (for the message on a lost connection).
    pub kept: &'static str,
}

/// One process's end of the mailbox.
pub(crate) struct Mailbox<'w> {
    worker: &'w mut Worker,
    input: InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<Letter>>>,
    probe: ProbeHandle<u64>,
    mail: Rc<RefCell<Vec<(u64, Letter)>>>,
    me: u32,
    peers: u32,
    silence: Duration,
    heartbeat: Arc<AtomicU64>,
    epoch: Instant,
    /// Bytes sent to other processes.
    pub bytes_sent: u64,
    /// Rounds completed.
    pub rounds: u64,
    /// Seconds from the start until the first round completed (every process connected).
    pub connected: Option<f64>,
}

impl Mailbox<'_> {
    /// This process.
    pub fn me(&self) -> u32 {
        self.me
    }

    /// The number of processes.
    pub fn peers(&self) -> u32 {
        self.peers
    }

    /// Send `out` (`(to, bytes)`), close the round, and wait until it is complete everywhere;
    /// returns the letters that arrived, `(from, bytes)`, in the order of their senders.
    pub fn round(&mut self, out: Vec<(u32, Vec<u8>)>) -> Result<Vec<(u32, Vec<u8>)>, String> {
        for (to, bytes) in out {
            if to != self.me {
                self.bytes_sent += LETTER_BYTES + bytes.len() as u64;
            }
            self.input.send((to, self.me, bytes));
        }
        let next = *self.input.time() + 1;
        self.input.advance_to(next);
        self.worker.step();
        let start = Instant::now();
        // (the probe's frontier is empty until the dataflow first reports progress)
        while self.probe.less_than(&next) || self.probe.done() {
            self.worker.step_or_park(Some(Duration::from_millis(100)));
            if start.elapsed() > self.silence {
                return Err(format!(
                    "no progress from the other processes for {} s",
                    self.silence.as_secs()
                ));
            }
        }
        self.rounds += 1;
        if self.connected.is_none() {
            self.connected = Some(self.epoch.elapsed().as_secs_f64());
        }
        self.heartbeat
            .store(self.epoch.elapsed().as_millis() as u64, Ordering::Relaxed);
        let mut got = Vec::new();
        self.mail.borrow_mut().retain(|(t, l)| {
            if *t < next {
                got.push((l.1, l.2.clone()));
            }
            *t >= next
        });
        got.sort_by_key(|l| l.0);
        Ok(got)
    }
}

/// Run `f` on this process's end of the mailbox (one worker per process) and return its
/// result.
pub(crate) fn execute<T, F>(cluster: &Cluster, f: F) -> Result<T, String>
where
    T: Send + 'static,
    F: Fn(&mut Mailbox<'_>) -> T + Send + Sync + 'static,
{
    let processes = cluster.addresses.len().max(1);
    let communication = if processes > 1 {
        install_panic_hook(cluster.kept);
        CommunicationConfig::Cluster {
            threads: 1,
            process: cluster.process,
            addresses: cluster.addresses.clone(),
            report: false,
            zerocopy: false,
        }
    } else {
        CommunicationConfig::Thread
    };
    let heartbeat = Arc::new(AtomicU64::new(0));
    let epoch = Instant::now();
    let done = Arc::new(AtomicBool::new(false));
    if processes > 1 {
        let (beat, done, limit, kept) = (
            heartbeat.clone(),
            done.clone(),
            cluster.silence_limit,
            cluster.kept,
        );
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                let last = Duration::from_millis(beat.load(Ordering::Relaxed));
                if !done.load(Ordering::Relaxed) && epoch.elapsed() > last + limit {
                    eprintln!(
                        "error: no progress from the other processes for {} s (a process died, \
                         or never started); {kept}: rerun the same command on every process to \
                         resume",
                        limit.as_secs()
                    );
                    std::process::exit(1);
                }
            }
        });
    }
    let config = timely::Config {
        communication,
        worker: WorkerConfig::default(),
    };
    let silence = cluster.silence_limit;
    let beat = heartbeat.clone();
    let quiet = QuietStdout::new(processes > 1);
    let guards = timely::execute(config, move |worker| {
        let me = worker.index() as u32;
        let peers = worker.peers() as u32;
        let mut input = InputHandle::new();
        let probe = ProbeHandle::new();
        let mail: Rc<RefCell<Vec<(u64, Letter)>>> = Rc::default();
        {
            let mail = mail.clone();
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut input)
                    .container::<Vec<Letter>>()
                    .unary::<timely::container::CapacityContainerBuilder<Vec<Letter>>, _, _, _>(
                        ExchangePact::new(|l: &Letter| l.0 as u64),
                        "Deliver",
                        move |_cap, _info| {
                            move |input, _output| {
                                input.for_each(|cap, data| {
                                    // a faster process's letters of a later round may come early
                                    let Some(&t) = cap.least() else { return };
                                    mail.borrow_mut().extend(data.drain(..).map(|l| (t, l)));
                                });
                            }
                        },
                    )
                    .probe_with(&probe);
            });
        }
        let mut mailbox = Mailbox {
            worker,
            input,
            probe,
            mail,
            me,
            peers,
            silence,
            heartbeat: beat.clone(),
            epoch,
            bytes_sent: 0,
            rounds: 0,
            connected: None,
        };
        f(&mut mailbox)
    });
    drop(quiet);
    let guards = guards.map_err(|e| format!("cannot start the cluster: {e}"))?;
    let mut results = guards.join();
    done.store(true, Ordering::Relaxed);
    match results.pop() {
        Some(Ok(t)) => Ok(t),
        Some(Err(panic)) => Err(format!("the worker stopped: {panic}")),
        None => Err("no worker ran".into()),
    }
}
