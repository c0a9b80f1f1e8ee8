//! The partition of a tier's index range across workers and processes, by index blocks.
//!
//! With `G = processes × workers` workers, global worker `g` (process `g / workers`) owns the
//! positions `⌊S·g/G⌋ .. ⌊S·(g+1)/G⌋` of a tier of `S` positions; a process owns the union of
//! its workers' blocks, which is one contiguous range (its shard).
//!
//! ```
//! use grundy_timely::Partition;
//! let p = Partition::new(2, 3); // 2 processes × 3 workers
//! assert_eq!(p.worker_range(60, 4), 40..50);
//! assert_eq!(p.process_range(60, 1), 30..60);
//! assert_eq!(p.owner(60, 45), 4);
//! ```

use std::ops::Range;

/// The partition for `processes × workers` workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Processes.
    pub processes: usize,
    /// Workers per process.
    pub workers: usize,
}

impl Partition {
    /// The partition of `processes` processes with `workers` workers each.
    pub fn new(processes: usize, workers: usize) -> Partition {
        Partition { processes, workers }
    }

    /// All workers.
    pub fn total(&self) -> usize {
        self.processes * self.workers
    }

    fn cut(&self, size: u64, g: usize) -> u64 {
        match size.checked_mul(g as u64) {
            Some(p) => p / self.total() as u64,
            None => ((size as u128 * g as u128) / self.total() as u128) as u64,
        }
    }

    /// The block of global worker `g` in a tier of `size` positions.
    pub fn worker_range(&self, size: u64, g: usize) -> Range<u64> {
        self.cut(size, g)..self.cut(size, g + 1)
    }

    /// The most positions any worker holds in a tier of `size` positions (every worker runs as
    /// many rounds as the largest block needs).
    pub fn largest_block(&self, size: u64) -> u64 {
        (0..self.total())
            .map(|g| {
                let r = self.worker_range(size, g);
                r.end - r.start
            })
            .max()
            .unwrap_or(0)
    }

    /// The shard of process `p` in a tier of `size` positions.
    pub fn process_range(&self, size: u64, p: usize) -> Range<u64> {
        self.cut(size, p * self.workers)..self.cut(size, (p + 1) * self.workers)
    }

    /// The global worker that owns position `index < size`.
    pub fn owner(&self, size: u64, index: u64) -> usize {
        let total = self.total();
        // (64-bit arithmetic when the product fits: this runs once per option looked up)
        let mut g = match index.checked_mul(total as u64) {
            Some(p) => (p / size.max(1)) as usize,
            None => ((index as u128 * total as u128) / size.max(1) as u128) as usize,
        };
        g = g.min(total - 1);
        while g + 1 < total && self.cut(size, g + 1) <= index {
            g += 1;
        }
        while g > 0 && self.cut(size, g) > index {
            g -= 1;
        }
        g
    }

    /// The process that owns position `index < size`.
    pub fn owner_process(&self, size: u64, index: u64) -> usize {
        self.owner(size, index) / self.workers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_position_has_exactly_the_owner_whose_block_holds_it(
            size in 0u64..500, processes in 1usize..5, workers in 1usize..4,
        ) {
            let p = Partition::new(processes, workers);
            let mut next = 0;
            for g in 0..p.total() {
                let r = p.worker_range(size, g);
                prop_assert_eq!(r.start, next);
                next = r.end;
                for i in r {
                    prop_assert_eq!(p.owner(size, i), g);
                    prop_assert_eq!(p.owner_process(size, i), g / workers);
                    prop_assert!(p.process_range(size, g / workers).contains(&i));
                }
            }
            prop_assert_eq!(next, size);
        }

        #[test]
        fn owners_are_right_where_products_overflow_64_bits(
            size in (u64::MAX / 8)..u64::MAX, at in 0.0f64..1.0, processes in 1usize..9, workers in 1usize..9,
        ) {
            let p = Partition::new(processes, workers);
            let index = ((size as f64 * at) as u64).min(size - 1);
            let g = p.owner(size, index);
            // the same block by the 128-bit definition
            let cut = |g: usize| ((size as u128 * g as u128) / p.total() as u128) as u64;
            prop_assert!(cut(g) <= index && index < cut(g + 1));
            prop_assert!(p.worker_range(size, g).contains(&index));
        }
    }
}
