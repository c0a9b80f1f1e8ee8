//! What makes a fuzz target's runs repeatable, so that the gate (`fuzz/run-all`) gives the same
//! verdict on every run: every target includes this module (`#[path = "../common/gate.rs"] mod
//! gate;`) and calls [`init`] first (`fuzz_target!(init: gate::init(), |data: &[u8]| …)`).
//!
//! * **One thread.** Rayon's pool is the fuzzing thread alone: no helper thread runs (and counts
//!   coverage) beside an input, at times that depend on the machine ([`init`]).
//! * **A memory limit by count, not by sampling**: an allocation that would take the bytes this
//!   process holds past [`LIMIT`] fails (Rust then aborts, "memory allocation of N bytes failed",
//!   and libFuzzer saves the input as a crash), whatever the machine's load. libFuzzer's own
//!   `-rss_limit_mb` samples the resident size once a second, so a short peak may pass one run
//!   and fail the next; `-malloc_limit_mb` needs a sanitizer's malloc hooks, which `-s none`
//!   lacks.
//!
//! (Address-space randomisation, which moves the stack depths libFuzzer counts as coverage, is
//! turned off by `fuzz/run-all` with `setarch -R`.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most bytes the targets may hold at once (as libFuzzer's default `-rss_limit_mb=2048`).
pub const LIMIT: usize = 2048 << 20;

/// The bytes held now (requested sizes).
static HELD: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, refusing what would pass [`LIMIT`].
pub struct Limited;

/// Count `more` bytes as held, or refuse them (nothing counted) past the limit.
fn take(more: usize) -> bool {
    HELD.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| {
        held.checked_add(more).filter(|&h| h <= LIMIT)
    })
    .is_ok()
}

fn give(less: usize) {
    HELD.fetch_sub(less, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to `System` with the same arguments; only the count is added.
unsafe impl GlobalAlloc for Limited {
    // SAFETY: callers keep `GlobalAlloc::alloc`'s contract (a layout of nonzero size); it is
    // passed on unchanged to `System`, which keeps the same contract.
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !take(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: `layout` has nonzero size (the caller's contract, passed on).
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            give(layout.size());
        }
        p
    }

    // SAFETY: as `alloc`: the caller's layout (nonzero size) goes to `System` unchanged.
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !take(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: `layout` has nonzero size (the caller's contract, passed on).
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            give(layout.size());
        }
        p
    }

    // SAFETY: callers pass a block this allocator returned with this layout; every block comes
    // from `System`, so it is `System`'s to free.
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was returned by `System` with `layout` (the caller's contract).
        unsafe { System.dealloc(ptr, layout) };
        give(layout.size());
    }

    // SAFETY: callers pass a block this allocator (that is, `System`) returned with `layout`, and
    // a nonzero `new_size` that does not overflow `isize` once aligned: `System`'s contract.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > old && !take(new_size - old) {
            return std::ptr::null_mut();
        }
        // SAFETY: `ptr` was returned by `System` with `layout`, `new_size` is valid for it (the
        // caller's contract).
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            if new_size > old {
                give(new_size - old);
            }
        } else if new_size < old {
            give(old - new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Limited = Limited;

/// Make rayon's global pool the calling thread alone (before any input runs), or, when
/// `RAYON_NUM_THREADS` asks for more (`fuzz/run-all --explore` asks for 2), that many threads
/// with the calling thread among them.
pub fn init() {
    let threads = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1)
        .max(1);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .use_current_thread()
        .build_global()
        .expect("rayon's global pool is built once, before any input");
}
