//! The clock of a game's time budget: the **CPU time of the thread** computing the game, not the
//! wall clock.
//!
//! A survey runs each game on one thread. On a shared machine a wall-clock limit gives a game
//! whatever share of a core the other processes leave it, so the same survey reaches fewer heaps,
//! and may leave more games open, when the machine is busy. The thread's CPU time counts only the
//! time the game actually ran: a busy machine makes the survey take longer but gives (up to the
//! small effect of shared caches on speed) the same records. On an idle machine the two clocks
//! agree.
//!
//! On Unix the clock is `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` (POSIX); elsewhere it falls back
//! to the wall clock ([`GameClock::is_cpu_time`] says which).
//!
//! ```
//! use grundy::survey::clock::GameClock;
//! let clock = GameClock::start();
//! let mut x = 0u64;
//! for i in 0..1_000_000u64 {
//!     x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
//! }
//! assert!(x != 1);
//! let used = clock.seconds();
//! assert!(used >= 0.0);
//! // Sleeping costs no CPU time.
//! std::thread::sleep(std::time::Duration::from_millis(50));
//! if GameClock::is_cpu_time() {
//!     assert!(clock.seconds() - used < 0.04);
//! }
//! ```

use std::time::Instant;

use serde::{Deserialize, Serialize};

/// Which clock a survey's time budget was measured with (recorded in the survey's descriptor, so
/// that a folder is never resumed, or merged, with the other clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ClockKind {
    /// Wall-clock seconds (the platform has no thread CPU clock; also every survey folder written
    /// before the CPU clock was introduced, whose descriptor names no clock).
    #[default]
    Wall,
    /// CPU seconds of the game's thread.
    ThreadCpu,
}

impl ClockKind {
    /// The clock [`GameClock`] uses on this platform.
    pub fn current() -> ClockKind {
        if GameClock::is_cpu_time() {
            ClockKind::ThreadCpu
        } else {
            ClockKind::Wall
        }
    }

    /// How a budget of this clock reads: `s of CPU time` or `s (wall clock)`.
    pub fn unit(self) -> &'static str {
        match self {
            ClockKind::Wall => "s (wall clock)",
            ClockKind::ThreadCpu => "s of CPU time",
        }
    }
}

/// Seconds of CPU time used by the calling thread so far, when the platform tells.
#[cfg(unix)]
fn thread_cpu_seconds() -> Option<f64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes into it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

#[cfg(not(unix))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

/// A stopwatch of the calling thread's CPU time (the wall clock where the platform has no thread
/// CPU clock). Read it on the thread that started it.
#[derive(Clone, Copy, Debug)]
pub struct GameClock {
    cpu: Option<f64>,
    wall: Instant,
}

impl GameClock {
    /// Start measuring now, on this thread.
    pub fn start() -> GameClock {
        GameClock {
            cpu: thread_cpu_seconds(),
            wall: Instant::now(),
        }
    }

    /// Seconds used since [`start`](Self::start): this thread's CPU time, or wall-clock time
    /// where that is unavailable.
    pub fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu_seconds()) {
            (Some(a), Some(b)) => (b - a).max(0.0),
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }

    /// Whether this platform measures CPU time (else wall-clock time).
    pub fn is_cpu_time() -> bool {
        thread_cpu_seconds().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_grows_with_work_and_not_with_sleep() {
        if !GameClock::is_cpu_time() {
            return;
        }
        let clock = GameClock::start();
        std::thread::sleep(std::time::Duration::from_millis(200));
        let slept = clock.seconds();
        assert!(slept < 0.1, "sleeping used {slept} s of CPU");
        // Spin until the thread has used 0.15 s of CPU (however busy the machine, within a
        // minute of wall-clock time): the clock must get there.
        let wall = Instant::now();
        let mut x = 1u64;
        while clock.seconds() < slept + 0.15 && wall.elapsed().as_secs() < 60 {
            for _ in 0..10_000 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
            }
        }
        assert!(clock.seconds() >= slept + 0.15, "{x}");
    }

    #[test]
    fn each_thread_counts_its_own_time() {
        if !GameClock::is_cpu_time() {
            return;
        }
        let clock = GameClock::start();
        // Another thread works for 0.2 s of its CPU time; this one waits (no CPU).
        std::thread::spawn(|| {
            let (other, wall) = (GameClock::start(), Instant::now());
            let mut x = 1u64;
            while other.seconds() < 0.2 && wall.elapsed().as_secs() < 60 {
                x = x.wrapping_add(x >> 3).wrapping_add(1);
            }
            x
        })
        .join()
        .unwrap();
        assert!(clock.seconds() < 0.1, "{}", clock.seconds());
    }
}
