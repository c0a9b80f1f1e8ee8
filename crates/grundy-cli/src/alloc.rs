//! The allocator of the `grundy` binary: mimalloc for small blocks, the system's for large ones.
//!
//! The search's games build and drop many small vectors per node (a Sprouts land's moves are
//! hundreds of freshly reduced and canonised lands), where mimalloc's thread-local free lists
//! beat glibc's malloc.
//! Large blocks — the transposition tables, allocated zeroed and touched only where entries
//! are written — stay with the system's allocator, which maps fresh zero pages for them; mimalloc
//! would clear a table of gigabytes that a short run barely uses.

use std::alloc::{GlobalAlloc, Layout, System};

use mimalloc::MiMalloc;

/// Blocks of at least this many bytes go to the system's allocator.
pub const LARGE: usize = 1 << 16;

/// mimalloc below [`LARGE`], the system's allocator from it on. A block is freed by the
/// allocator that gave it: the layout at `dealloc` is the one at `alloc`, so its size routes it
/// the same way; `realloc` across the line allocates anew, copies and frees.
pub struct Allocator;

#[inline]
fn large(size: usize) -> bool {
    size >= LARGE
}

// SAFETY: every method hands the call, with its arguments unchanged, to one of two allocators
// that uphold `GlobalAlloc`'s contract, chosen by the block's size, which is the same at the
// block's allocation and at its release (`Layout` is passed back unchanged by the caller);
// `realloc` across the line gets a new block of the new layout from the other allocator,
// copies the smaller of the two sizes, and frees the old block where it came from.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    // SAFETY: the caller keeps `GlobalAlloc::alloc`'s contract (nonzero size); see the impl.
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if large(layout.size()) {
            // SAFETY: the caller's `layout` has a nonzero size (`alloc`'s contract), passed on.
            unsafe { System.alloc(layout) }
        } else {
            // SAFETY: as above; the block is freed by mimalloc too (same size, same side).
            unsafe { MiMalloc.alloc(layout) }
        }
    }

    #[inline]
    // SAFETY: the caller keeps `alloc_zeroed`'s contract (nonzero size); see the impl.
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if large(layout.size()) {
            // SAFETY: the caller's `layout` has a nonzero size, passed on unchanged.
            unsafe { System.alloc_zeroed(layout) }
        } else {
            // SAFETY: as above; freed on the same side, chosen by the same size.
            unsafe { MiMalloc.alloc_zeroed(layout) }
        }
    }

    #[inline]
    // SAFETY: the caller passes a block of this allocator with its layout; see the impl.
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if large(layout.size()) {
            // SAFETY: `ptr` came from `alloc` with this `layout` (the caller's contract), and
            // a block of this size was allocated by the system's allocator.
            unsafe { System.dealloc(ptr, layout) }
        } else {
            // SAFETY: as above; a block of this size was allocated by mimalloc.
            unsafe { MiMalloc.dealloc(ptr, layout) }
        }
    }

    #[inline]
    // SAFETY: the caller passes a block of this allocator, its layout and a nonzero new size.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match (large(layout.size()), large(new_size)) {
            // SAFETY: `ptr` and `layout` are the system allocator's (the old size is large),
            // and the new size stays on its side; the caller's `new_size` is valid.
            (true, true) => unsafe { System.realloc(ptr, layout, new_size) },
            // SAFETY: likewise on mimalloc's side.
            (false, false) => unsafe { MiMalloc.realloc(ptr, layout, new_size) },
            _ => {
                // SAFETY: the caller guarantees `new_size` is nonzero and, rounded up to
                // `layout.align()`, does not overflow `isize`: what the layout needs.
                let new = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
                // SAFETY: `new` has a nonzero size.
                let out = unsafe { self.alloc(new) };
                if !out.is_null() {
                    // SAFETY: the old block holds `layout.size()` bytes and the new one
                    // `new_size`, distinct blocks; the old one is freed with its own layout,
                    // which routes it to the allocator that gave it.
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, out, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                out
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_their_bytes_across_the_line_both_ways() {
        let a = Allocator;
        let small = Layout::from_size_align(1000, 8).unwrap();
        // SAFETY: every block is used within its size and freed once with its last layout.
        unsafe {
            let p = a.alloc(small);
            assert!(!p.is_null());
            for i in 0..1000 {
                *p.add(i) = (i % 251) as u8;
            }
            // up across the line, then down again
            let q = a.realloc(p, small, LARGE + 5);
            assert!(!q.is_null());
            for i in 0..1000 {
                assert_eq!(*q.add(i), (i % 251) as u8);
            }
            let big = Layout::from_size_align(LARGE + 5, 8).unwrap();
            let r = a.realloc(q, big, 600);
            assert!(!r.is_null());
            for i in 0..600 {
                assert_eq!(*r.add(i), (i % 251) as u8);
            }
            a.dealloc(r, Layout::from_size_align(600, 8).unwrap());
        }
    }

    #[test]
    fn zeroed_blocks_are_zero_on_both_sides() {
        let a = Allocator;
        for size in [64, LARGE - 1, LARGE, 3 * LARGE] {
            let l = Layout::from_size_align(size, 64).unwrap();
            // SAFETY: the block is read within its size and freed once with its layout.
            unsafe {
                let p = a.alloc_zeroed(l);
                assert!(!p.is_null());
                assert_eq!(p as usize % 64, 0);
                assert!((0..size).step_by(4093).all(|i| *p.add(i) == 0));
                assert_eq!(*p.add(size - 1), 0);
                a.dealloc(p, l);
            }
        }
    }
}
