//! A fork-join for tasks of a few microseconds: helper threads spin for a while between tasks
//! (then park), so handing a task over costs a cache-line transfer instead of a thread wake-up.
//! The caller, waiting for the helpers, spins just as briefly and then parks until the last one
//! wakes it: on a machine whose other cores are busy, a descheduled helper can then run on the
//! caller's core at once instead of waiting for its own core's time slice.
//!
//! Rayon's pool is the right tool for coarse work; for one heap of an octal game (10–100 µs) its
//! sleeping workers take about as long to wake as the task takes to run. The helpers here live
//! only for one [`scope`] call, so nothing spins once the computation returns.
//!
//! ```
//! use std::sync::atomic::{AtomicUsize, Ordering};
//! use grundy::games::heap::spin_pool;
//! let sum = AtomicUsize::new(0);
//! spin_pool::scope(3, |pool| {
//!     for _ in 0..100 {
//!         pool.broadcast(&|i| {
//!             sum.fetch_add(i + 1, Ordering::Relaxed);
//!         });
//!     }
//! });
//! assert_eq!(sum.into_inner(), 100 * (1 + 2 + 3));
//! ```

use std::cell::UnsafeCell;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::thread::Thread;

/// How long a helper spins for the next task before parking, and the caller for the helpers before
/// parking too. Waiting threads leave their core to the scheduler after this: on a machine whose
/// other cores are busy (another process), a helper that was descheduled can then run at once on
/// the waiting caller's core, instead of waiting for the busy core's time slice (milliseconds)
/// while the caller spins.
const SPIN: std::time::Duration = std::time::Duration::from_micros(50);

const IDLE: u8 = 0;
const POSTED: u8 = 1;
const DONE: u8 = 2;
const PANICKED: u8 = 3;
const QUIT: u8 = 4;

/// A task as helpers see it: the caller's closure with its lifetime erased; valid while
/// [`SpinPool::broadcast`] waits.
type Task = *const (dyn Fn(usize) + Sync + 'static);

struct Mailbox {
    state: AtomicU8,
    /// The helper is parked (or about to park) waiting for a task.
    sleeping: AtomicBool,
    /// The caller is parked (or about to park) waiting for this helper's task to finish.
    caller_sleeping: AtomicBool,
    task: UnsafeCell<Option<Task>>,
    /// The thread that posted the task (and waits for it).
    caller: UnsafeCell<Option<Thread>>,
}

// SAFETY: `task` and `caller` are written by the caller only while the helper is idle (state
// IDLE/DONE, before the SeqCst store of POSTED) and read by the helper only after its Acquire load
// of POSTED, before it stores DONE.
unsafe impl Sync for Mailbox {}
// SAFETY: the fields are atomics, a `Thread` handle (Send) and a task pointer whose closure is
// `Sync`; moving the mailbox to another thread moves no thread-bound state.
unsafe impl Send for Mailbox {}

/// Helper threads of one [`scope`] (see the module docs).
pub struct SpinPool<'a> {
    boxes: &'a [Mailbox],
    threads: Vec<Thread>,
}

/// Run `f` with `threads - 1` helper threads (none when `threads <= 1`); they stop when `f`
/// returns.
pub fn scope<R>(threads: usize, f: impl FnOnce(&SpinPool<'_>) -> R) -> R {
    let helpers = threads.max(1) - 1;
    let boxes: Vec<Mailbox> = (0..helpers)
        .map(|_| Mailbox {
            state: AtomicU8::new(IDLE),
            sleeping: AtomicBool::new(false),
            caller_sleeping: AtomicBool::new(false),
            task: UnsafeCell::new(None),
            caller: UnsafeCell::new(None),
        })
        .collect();
    std::thread::scope(|s| {
        let threads: Vec<Thread> = boxes
            .iter()
            .enumerate()
            .map(|(i, mb)| s.spawn(move || helper(mb, i + 1)).thread().clone())
            .collect();
        let pool = SpinPool {
            boxes: &boxes,
            threads,
        };
        let r = catch_unwind(AssertUnwindSafe(|| f(&pool)));
        for (mb, t) in pool.boxes.iter().zip(&pool.threads) {
            mb.state.store(QUIT, Ordering::SeqCst);
            t.unpark();
        }
        match r {
            Ok(r) => r,
            Err(e) => resume_unwind(e),
        }
    })
}

fn helper(mb: &Mailbox, index: usize) {
    loop {
        let mut spin = Spin::new();
        let state = loop {
            let s = mb.state.load(Ordering::Acquire);
            if s == POSTED || s == QUIT {
                break s;
            }
            if spin.more() {
                continue;
            }
            mb.sleeping.store(true, Ordering::SeqCst);
            let s = mb.state.load(Ordering::SeqCst);
            if s != POSTED && s != QUIT {
                std::thread::park();
            }
            mb.sleeping.store(false, Ordering::SeqCst);
            spin = Spin::new();
        };
        if state == QUIT {
            return;
        }
        // SAFETY: POSTED was stored (Release) after the task was written, and the caller keeps
        // the closure alive until this helper stores DONE or PANICKED.
        let task = unsafe { (*mb.task.get()).expect("a posted task") };
        // SAFETY: as for `task`; the caller rewrites it only after this task is DONE.
        let caller = unsafe { (*mb.caller.get()).clone() };
        // SAFETY: the pointer is the caller's `&dyn Fn` (lifetime erased), alive and not moved
        // until this helper stores DONE/PANICKED below, which `broadcast` waits for.
        let ok = catch_unwind(AssertUnwindSafe(|| unsafe { (*task)(index) })).is_ok();
        mb.state
            .store(if ok { DONE } else { PANICKED }, Ordering::SeqCst);
        if mb.caller_sleeping.load(Ordering::SeqCst)
            && let Some(c) = caller
        {
            c.unpark();
        }
    }
}

/// A spin-wait that gives up after [`SPIN`].
struct Spin {
    start: Option<std::time::Instant>,
    count: u32,
}

impl Spin {
    fn new() -> Spin {
        Spin {
            start: None,
            count: 0,
        }
    }

    /// Pause briefly and say whether to keep spinning (the clock is read every 64 pauses).
    fn more(&mut self) -> bool {
        std::hint::spin_loop();
        self.count += 1;
        if !self.count.is_multiple_of(64) {
            return true;
        }
        let now = std::time::Instant::now();
        let start = *self.start.get_or_insert(now);
        now.duration_since(start) < SPIN
    }
}

impl SpinPool<'_> {
    /// Threads taking part in a [`broadcast`](Self::broadcast), the caller's included.
    pub fn threads(&self) -> usize {
        self.boxes.len() + 1
    }

    /// Run `task(0)` on the calling thread and `task(i)` on helper `i` (`1..threads()`), and
    /// return once all have finished. A panic in any of them is raised here.
    pub fn broadcast(&self, task: &(dyn Fn(usize) + Sync)) {
        // SAFETY: only the lifetime is erased; every helper is done with the pointer before this
        // function returns (it waits for DONE/PANICKED below, also when task(0) panics).
        let erased: Task = unsafe {
            std::mem::transmute::<*const (dyn Fn(usize) + Sync + '_), Task>(task as *const _)
        };
        let me = std::thread::current();
        for (mb, t) in self.boxes.iter().zip(&self.threads) {
            // SAFETY: the helper is idle (IDLE or DONE), so it does not read the cells now.
            unsafe {
                *mb.task.get() = Some(erased);
                *mb.caller.get() = Some(me.clone());
            }
            mb.state.store(POSTED, Ordering::SeqCst);
            if mb.sleeping.load(Ordering::SeqCst) {
                t.unpark();
            }
        }
        let mine = catch_unwind(AssertUnwindSafe(|| task(0)));
        let mut panicked = false;
        for mb in self.boxes {
            let mut spin = Spin::new();
            loop {
                match mb.state.load(Ordering::Acquire) {
                    DONE => break,
                    PANICKED => {
                        panicked = true;
                        break;
                    }
                    _ if spin.more() => {}
                    _ => {
                        // Leave the core (see SPIN); the helper unparks us when it is done.
                        mb.caller_sleeping.store(true, Ordering::SeqCst);
                        let s = mb.state.load(Ordering::SeqCst);
                        if s != DONE && s != PANICKED {
                            std::thread::park();
                        }
                        mb.caller_sleeping.store(false, Ordering::SeqCst);
                    }
                }
            }
            mb.state.store(IDLE, Ordering::Relaxed);
        }
        if let Err(e) = mine {
            resume_unwind(e);
        }
        assert!(!panicked, "a helper thread panicked");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Broadcasts per pool in the tests: fewer under Miri (`cargo +nightly miri test --
    /// spin_pool`), which checks the mailboxes' unsafe cells and orderings.
    const ROUNDS: usize = if cfg!(miri) { 20 } else { 1000 };

    #[test]
    fn every_index_runs_once_per_broadcast() {
        for threads in 1..=4 {
            let hits: Vec<AtomicUsize> = (0..threads).map(|_| AtomicUsize::new(0)).collect();
            scope(threads, |pool| {
                assert_eq!(pool.threads(), threads);
                for _ in 0..ROUNDS {
                    pool.broadcast(&|i| {
                        hits[i].fetch_add(1, Ordering::Relaxed);
                    });
                }
            });
            assert!(hits.iter().all(|h| h.load(Ordering::Relaxed) == ROUNDS));
        }
    }

    #[test]
    fn helpers_wake_after_parking() {
        let n = AtomicUsize::new(0);
        scope(2, |pool| {
            pool.broadcast(&|_| {
                n.fetch_add(1, Ordering::Relaxed);
            });
            // Long enough for the helper to give up spinning and park.
            std::thread::sleep(std::time::Duration::from_millis(50));
            pool.broadcast(&|_| {
                n.fetch_add(1, Ordering::Relaxed);
            });
        });
        assert_eq!(n.into_inner(), 4);
    }

    #[test]
    fn a_caller_that_parks_is_woken_by_a_slow_helper() {
        let n = AtomicUsize::new(0);
        scope(3, |pool| {
            for round in 0..20 {
                pool.broadcast(&|i| {
                    // Much longer than SPIN: the caller gives up spinning and parks.
                    if i == 1 + round % 2 {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                    }
                    n.fetch_add(1, Ordering::Relaxed);
                });
            }
        });
        assert_eq!(n.into_inner(), 60);
    }

    #[test]
    fn a_helper_panic_reaches_the_caller() {
        let r = std::panic::catch_unwind(|| {
            scope(2, |pool| {
                pool.broadcast(&|i| {
                    if i == 1 {
                        panic!("helper");
                    }
                });
            })
        });
        assert!(r.is_err());
    }
}
