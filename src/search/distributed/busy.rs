//! The **busy board**: the components searches are working on now, near their roots — the
//! "exclusive search" of Weill's ABDADA (*ICCA Journal* 19, 1996).
//!
//! A search that meets a move whose main component is on the board leaves that move for last:
//! by then whoever announced the component has usually finished it, and its value is in the
//! table — or, across processes, in the shared nimber database — when the move's turn comes.
//! The threads of one [`crate::search::Search`] share the board of its [`crate::search::Live`]; a [`Busy`]
//! ([`crate::search::Search::with_busy`]) lets searches that share no `Search` see each other's work:
//! the job threads of one process of a distributed search announce on its `mine` side, and
//! what the other processes announce is copied to its `elsewhere` side
//! ([`Busy::set_elsewhere`]). A slot holds one fingerprint; a collision loses an announcement,
//! which costs at worst a component searched twice, never a wrong value.
//!
//! ```
//! use grundy::search::Key;
//! use grundy::search::distributed::busy::Busy;
//! let b = Busy::default();
//! let k = Key { bits: 42, tag: 1 };
//! assert!(!b.is_busy(k));
//! let slot = b.claim(k).unwrap();
//! assert!(b.is_busy(k));
//! assert_eq!(b.mine(), vec![Busy::fingerprint(k)]);
//! b.release(slot);
//! assert!(b.mine().is_empty());
//! b.set_elsewhere(&[Busy::fingerprint(k)]); // another process searches it
//! assert!(b.is_busy(k));
//! b.set_elsewhere(&[]);
//! assert!(!b.is_busy(k));
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::search::Key;

/// Slots of a board.
const SLOTS: usize = 4096;

/// Fingerprints of components being searched, one per slot (0: a free slot).
#[derive(Debug)]
pub(crate) struct Board {
    slots: Box<[AtomicU64]>,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Board {
    #[inline]
    fn slot(f: u64) -> usize {
        (f >> 20) as usize % SLOTS
    }

    /// Announce fingerprint `f`; returns the slot taken (to release), if it was free.
    #[inline]
    pub(crate) fn claim(&self, f: u64) -> Option<usize> {
        let slot = Self::slot(f);
        self.slots[slot]
            .compare_exchange(0, f, Ordering::Relaxed, Ordering::Relaxed)
            .ok()
            .map(|_| slot)
    }

    #[inline]
    pub(crate) fn release(&self, slot: usize) {
        self.slots[slot].store(0, Ordering::Relaxed);
    }

    #[inline]
    pub(crate) fn holds(&self, f: u64) -> bool {
        self.slots[Self::slot(f)].load(Ordering::Relaxed) == f
    }

    /// Every fingerprint on the board.
    fn all(&self) -> Vec<u64> {
        self.slots
            .iter()
            .map(|s| s.load(Ordering::Relaxed))
            .filter(|&f| f != 0)
            .collect()
    }
}

/// A busy board shared by searches that do not share a [`crate::search::Search`] (see the module
/// docs).
#[derive(Debug, Default)]
pub struct Busy {
    mine: Board,
    elsewhere: Board,
    /// What `elsewhere` holds now (to take it off again).
    listed: Mutex<Vec<u64>>,
}

impl Busy {
    /// The fingerprint of a component's key on a board (never 0).
    #[inline]
    pub fn fingerprint(key: Key) -> u64 {
        let x = key.bits ^ (key.tag as u64).rotate_left(47);
        let x = (x ^ (x >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (x ^ (x >> 29)) | 1
    }

    /// Announce that a search works on `key`; the slot to [`Busy::release`], if one was free.
    #[inline]
    pub fn claim(&self, key: Key) -> Option<usize> {
        self.mine.claim(Self::fingerprint(key))
    }

    /// Take back an announcement.
    #[inline]
    pub fn release(&self, slot: usize) {
        self.mine.release(slot);
    }

    /// True when some search, here or elsewhere, announced `key`.
    #[inline]
    pub fn is_busy(&self, key: Key) -> bool {
        let f = Self::fingerprint(key);
        self.mine.holds(f) || self.elsewhere.holds(f)
    }

    /// The fingerprints announced here now (what the other processes are told).
    pub fn mine(&self) -> Vec<u64> {
        self.mine.all()
    }

    /// What the other processes announce now, in place of what they announced before.
    pub fn set_elsewhere(&self, fingerprints: &[u64]) {
        let mut listed = self.listed.lock().unwrap_or_else(|e| e.into_inner());
        for &f in listed.iter() {
            let s = &self.elsewhere.slots[Board::slot(f)];
            let _ = s.compare_exchange(f, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
        listed.clear();
        for &f in fingerprints {
            if f != 0 {
                self.elsewhere.slots[Board::slot(f)].store(f, Ordering::Relaxed);
                listed.push(f);
            }
        }
    }
}
