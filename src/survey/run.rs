//! Running a survey: the games of the survey (or of one shard) that are not finished yet are
//! computed on several threads — one game per thread at a time, each game on one thread, so that
//! its budget's clock (the thread's CPU time, [`super::clock`]) measures the game alone — each
//! saved atomically as soon as it is finished; then the report is written. Rerunning the same
//! survey in the same folder skips the finished games.
//!
//! Codes with the same canonical code ([`super::equivalence::canonical`]) are computed once. The
//! computations are started longest first, as far as a cheap probe tells: the games whose period
//! is not proved within the first [`PROBE_HEAPS`] heaps (the long ones, whatever their end) start
//! before the others, so the many short games fill the threads at the end instead of one long
//! game running alone. The probe only orders the work; it never changes a record.
//!
//! ```
//! use grundy::survey::{run::{self, Survey, Silent}, codes::Prefix, game::Budget};
//! let dir = std::env::temp_dir().join(format!("grundy-survey-doc-{}", std::process::id()));
//! let s = Survey::from_digits(1, Prefix::Zero, Budget { to: 3000, max_seconds: 10.0 }, None).unwrap();
//! let sum = run::run(&s, &dir, 2, &Silent).unwrap();
//! assert_eq!((sum.total, sum.computed), (7, 7));
//! assert_eq!(sum.solved + sum.open, 7);
//! // Again: nothing is recomputed.
//! assert_eq!(run::run(&s, &dir, 2, &Silent).unwrap().computed, 0);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use super::SurveyError;
use super::clock::ClockKind;
use super::codes::{self, Prefix, Shard, SurveyCode};
use super::equivalence;
use super::game::{self, Budget, GameResult, Status};
use super::report;
use super::store::{self, Descriptor, Selection};

/// Receives progress from a survey run. Every method defaults to doing nothing.
pub trait Observer: Sync {
    /// `total` games in this run's part, `finished` of them already saved.
    fn begin(&self, _total: usize, _finished: usize) {}
    /// A worker starts computing `code`.
    fn game_started(&self, _code: &str) {}
    /// A game is finished and saved; `finished` games of the part are now done.
    fn game_finished(&self, _result: &GameResult, _finished: usize) {}
    /// The report is being written.
    fn end(&self) {}
}

/// The observer that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Observer for Silent {}

/// A survey: its games (the whole survey, in code order) and its descriptor.
#[derive(Clone, Debug)]
pub struct Survey {
    /// Every game of the survey, in code order (all shards together).
    pub codes: Vec<SurveyCode>,
    /// What identifies it (games, budget, shard).
    pub descriptor: Descriptor,
}

/// Check a budget: `to` within the engines' limit, a positive finite number of seconds.
pub fn check_budget(b: &Budget) -> Result<(), SurveyError> {
    if b.to > crate::games::heap::MAX_TO {
        return Err(SurveyError::BadBudget(format!(
            "--to {} is beyond the supported limit {}",
            b.to,
            crate::games::heap::MAX_TO
        )));
    }
    if !(b.max_seconds.is_finite() && b.max_seconds > 0.0 && b.max_seconds <= 1e7) {
        return Err(SurveyError::BadBudget(format!(
            "--max-seconds {}: expected a positive number of seconds (at most 10000000)",
            b.max_seconds
        )));
    }
    Ok(())
}

impl Survey {
    /// Every code with up to `digits` digits and the given prefix.
    pub fn from_digits(
        digits: usize,
        prefix: Prefix,
        budget: Budget,
        shard: Option<Shard>,
    ) -> Result<Survey, SurveyError> {
        check_budget(&budget)?;
        let codes = codes::enumerate(digits, prefix)?;
        Ok(Survey {
            codes,
            descriptor: Descriptor {
                selection: Selection::Digits { digits, prefix },
                budget,
                shard,
                clock: ClockKind::current(),
            },
        })
    }

    /// Exactly the given codes (sorted into code order, duplicates removed).
    pub fn from_codes(
        mut list: Vec<SurveyCode>,
        budget: Budget,
        shard: Option<Shard>,
    ) -> Result<Survey, SurveyError> {
        check_budget(&budget)?;
        list.sort();
        list.dedup();
        if list.is_empty() {
            return Err(SurveyError::EmptyCode);
        }
        let names = list.iter().map(|c| c.to_string()).collect();
        Ok(Survey {
            codes: list,
            descriptor: Descriptor {
                selection: Selection::Codes { codes: names },
                budget,
                shard,
                clock: ClockKind::current(),
            },
        })
    }

    /// The survey a descriptor names (for merging), with the descriptor's clock.
    pub fn from_descriptor(d: &Descriptor) -> Result<Survey, SurveyError> {
        let mut s = match &d.selection {
            Selection::Digits { digits, prefix } => {
                Survey::from_digits(*digits, *prefix, d.budget, d.shard)?
            }
            Selection::Codes { codes } => {
                let list = codes
                    .iter()
                    .map(|c| c.parse())
                    .collect::<Result<Vec<SurveyCode>, _>>()?;
                Survey::from_codes(list, d.budget, d.shard)?
            }
        };
        s.descriptor.clock = d.clock;
        Ok(s)
    }

    /// The games of this survey's shard (all of them without one), in code order.
    pub fn part(&self) -> Vec<SurveyCode> {
        match self.descriptor.shard {
            None => self.codes.clone(),
            Some(s) => self
                .codes
                .iter()
                .enumerate()
                .filter(|(i, _)| s.contains(*i))
                .map(|(_, c)| c.clone())
                .collect(),
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Summary {
    /// Games in this part of the survey.
    pub total: usize,
    /// Of which solved (period proved).
    pub solved: usize,
    /// Of which open.
    pub open: usize,
    /// Equivalence classes among them.
    pub classes: usize,
    /// Games finished by this run (computed, or derived from a computed one by the equivalence
    /// rules); the others were finished before.
    pub computed: usize,
    /// Wall-clock seconds of this run.
    pub seconds: f64,
}

/// Summarize results and write the report into `dir`.
pub fn finish(
    dir: &Path,
    d: &Descriptor,
    results: &[GameResult],
    computed: usize,
    started: Instant,
) -> Result<Summary, SurveyError> {
    let rep = report::build(results);
    report::write(dir, &d.describe(), results, &rep)?;
    let solved = results
        .iter()
        .filter(|r| r.status == Status::Solved)
        .count();
    Ok(Summary {
        total: results.len(),
        solved,
        open: results.len() - solved,
        classes: rep.classes.len(),
        computed,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// One computation: the head of a group of codes with the same canonical code (see
/// [`equivalence::canonical`]: the one with the least offset, first in code order), and the other members with their shifts, whose results
/// are derived from the head's (see [`game::derive`]).
struct Group {
    head: usize,
    members: Vec<(usize, usize)>,
}

fn groups(part: &[SurveyCode]) -> Vec<Group> {
    let mut by: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
    for (i, c) in part.iter().enumerate() {
        let (red, j) = equivalence::canonical(c.code());
        by.entry(SurveyCode::new(red).to_string())
            .or_default()
            .push((i, j));
    }
    let mut out: Vec<Group> = by
        .into_values()
        .map(|mut v| {
            v.sort_by_key(|&(i, j)| (j, i));
            let (head, jh) = v[0];
            Group {
                head,
                members: v[1..].iter().map(|&(i, j)| (i, j - jh)).collect(),
            }
        })
        .collect();
    out.sort_by_key(|g| g.head);
    out
}

/// Heaps of the probe that orders the computations (see the module docs).
pub const PROBE_HEAPS: usize = 2000;

/// Whether a game looks long: its period is not proved within [`PROBE_HEAPS`] heaps.
pub fn looks_long(code: &SurveyCode) -> bool {
    let probe = Budget {
        to: PROBE_HEAPS,
        max_seconds: 10.0,
    };
    game::analyse(code, &probe).status != Status::Solved
}

/// Order `jobs` longest first as far as [`looks_long`] tells (code order otherwise); the probes
/// run on `threads` threads.
fn order_longest_first(jobs: &mut Vec<Group>, part: &[SurveyCode], threads: usize) {
    use rayon::prelude::*;
    let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() else {
        return; // the order is only a matter of speed
    };
    let long: Vec<bool> =
        pool.install(|| jobs.par_iter().map(|g| looks_long(&part[g.head])).collect());
    let mut keyed: Vec<(bool, Group)> = long.into_iter().zip(jobs.drain(..)).collect();
    keyed.sort_by_key(|(long, g)| (!long, g.head));
    jobs.extend(keyed.into_iter().map(|(_, g)| g));
}

/// Run (or resume) `survey` in `dir` with `threads` threads (at least 1). Games with the same
/// canonical code are computed once: the others are derived by the equivalence rules.
pub fn run(
    survey: &Survey,
    dir: &Path,
    threads: usize,
    obs: &dyn Observer,
) -> Result<Summary, SurveyError> {
    let started = Instant::now();
    let d = &survey.descriptor;
    store::open(dir, d)?;
    let part = survey.part();
    let mut results: Vec<Option<GameResult>> = Vec::with_capacity(part.len());
    for c in &part {
        results.push(store::load_game(dir, c)?);
    }
    let before = results.iter().filter(|r| r.is_some()).count();
    obs.begin(part.len(), before);
    let finished = AtomicUsize::new(before);
    let save_derived = |head: &GameResult,
                        g: &Group,
                        slots: &mut Vec<(usize, GameResult)>|
     -> Result<(), SurveyError> {
        for &(m, shift) in &g.members {
            let r = game::derive(head, &part[m], shift);
            store::save_game(dir, &part[m], &r)?;
            let done = finished.fetch_add(1, Ordering::SeqCst) + 1;
            obs.game_finished(&r, done);
            slots.push((m, r));
        }
        Ok(())
    };
    let mut jobs: Vec<Group> = Vec::new();
    let mut derived_now = 0;
    for mut g in groups(&part) {
        g.members.retain(|&(m, _)| results[m].is_none());
        match &results[g.head] {
            Some(head) if !g.members.is_empty() => {
                let mut got = Vec::new();
                save_derived(head, &g, &mut got)?;
                derived_now += got.len();
                for (m, r) in got {
                    results[m] = Some(r);
                }
            }
            Some(_) => {}
            None => jobs.push(g),
        }
    }
    let computed = derived_now + jobs.iter().map(|g| 1 + g.members.len()).sum::<usize>();
    let threads = threads.max(1);
    order_longest_first(&mut jobs, &part, threads);
    let workers = threads.min(jobs.len()).max(1);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let error: Mutex<Option<SurveyError>> = Mutex::new(None);
    let slots = Mutex::new(results);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let fail = |e: SurveyError| {
                    stop.store(true, Ordering::SeqCst);
                    let mut slot = error.lock().unwrap_or_else(|p| p.into_inner());
                    slot.get_or_insert(e);
                };
                // One thread per game: its engine then computes alone, on this thread.
                let pool = match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
                    Ok(p) => p,
                    Err(e) => return fail(SurveyError::Threads(e.to_string())),
                };
                loop {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(g) = jobs.get(k) else { return };
                    let code = &part[g.head];
                    obs.game_started(&code.to_string());
                    let r = pool.install(|| game::analyse(code, &d.budget));
                    if let Err(e) = store::save_game(dir, code, &r) {
                        return fail(e);
                    }
                    let done = finished.fetch_add(1, Ordering::SeqCst) + 1;
                    obs.game_finished(&r, done);
                    let mut got = Vec::new();
                    if let Err(e) = save_derived(&r, g, &mut got) {
                        return fail(e);
                    }
                    let mut s = slots.lock().unwrap_or_else(|p| p.into_inner());
                    s[g.head] = Some(r);
                    for (m, r) in got {
                        s[m] = Some(r);
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    obs.end();
    let results: Vec<GameResult> = slots
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .flatten()
        .collect();
    finish(dir, d, &results, computed, started)
}
