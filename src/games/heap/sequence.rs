//! A nim-sequence under computation: picks the method for the ruleset, grows in chunks (so a
//! caller can report progress and write checkpoints), resumes from a saved prefix, and fills the
//! rest by copying once a period is proved.
//!
//! # Filling by a proved period
//! While extending, the values so far are checked for a period certified by a theorem
//! ([`periodicity::proved`]: the octal periodicity theorem, or the window criterion for finite
//! subtraction games) at growing checkpoints: every `len / 4` values (at least 256), and exactly
//! at the length where the least candidate period seen in the tail would become certified. Once
//! period `p` is proved from `n0`, `G(n) = G(n - p)` holds for every `n >= n0 + p`, so the rest
//! of the requested range is filled by copying in `O(n)`; the values are exactly those of the full
//! computation. The checks cost `O(len)` each, `O(n)` in all.

use super::naive;
use super::periodicity::{self, Period};
use super::ruleset::{Kind, Ruleset};
use super::sparse::Sparse;
use super::subtraction;
use super::three_heap::ThreeHeap;
use crate::Nimber;
use crate::progress::{Progress, Silent};

/// The largest heap whose value [`Sequencer`] and `grundy seq` will compute: the values take 2–4
/// bytes per heap, so this bounds the memory to a few GiB.
pub const MAX_TO: usize = 500_000_000;

enum Inner {
    /// Sparse space on `u16` values.
    Sparse(Box<Sparse>),
    /// Any method on `u32` values.
    Plain(Vec<u32>),
    /// Three-heap splits through bitsets of two-heap split values.
    Three(Box<ThreeHeap>),
    /// `u16` values extended only by a proved period (what `Sparse` leaves once one is proved).
    Small(Vec<u16>),
}

/// Fewest values before the first check for a proved period.
const FIRST_CHECK: usize = 256;

/// The sparse-space (rare/common) split of the values, as the sparse engine last chose it
/// (see [`super::sparse`]): a value is *rare* when it lies outside the heavy set, which for a mask
/// `m` is `popcount(v & m)` even (Flammenkamp's classification).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SparseSplit {
    /// The mask `m`, when the heavy set was cut from a mask's odd-parity class.
    pub mask: Option<u16>,
    /// How many heaps `>= 1` have a rare value.
    pub rare_count: usize,
    /// The largest heap with a rare value.
    pub last_rare: Option<usize>,
}

/// A growing nim-sequence `G(0..len)` of one ruleset.
///
/// ```
/// use grundy::games::heap::{Ruleset, sequence::Sequencer};
/// let r: Ruleset = "0.07".parse().unwrap();
/// let mut s = Sequencer::new(&r);
/// s.extend_to(100);
/// let again = Sequencer::resume(&r, s.values_u32()[..40].to_vec());
/// let mut again = again;
/// again.extend_to(100);
/// assert_eq!(again.values_u32(), s.values_u32());
/// ```
pub struct Sequencer {
    ruleset: Ruleset,
    inner: Inner,
    /// A period proved on the values so far (then every later value is copied).
    proof: Option<Period>,
    /// The length at which the values started to be filled by `proof`.
    filled_from: Option<usize>,
    /// Length at which to check next for a proved period (`usize::MAX`: no theorem applies).
    next_check: usize,
    /// Whether to fill by a proved period (else every value is computed; see [`Sequencer::set_fill`]).
    fill: bool,
    /// The sparse split when the sparse engine was set aside for filling.
    split_at_fill: Option<SparseSplit>,
}

impl Sequencer {
    /// An empty sequence for `r`, using the fastest method that applies.
    pub fn new(r: &Ruleset) -> Sequencer {
        Sequencer::resume(r, Vec::new())
    }

    /// Continue from known values `G(0..values.len())` (which must be this ruleset's).
    pub fn resume(r: &Ruleset, values: Vec<u32>) -> Sequencer {
        let inner = match r.kind() {
            Kind::Code(c) if values.iter().all(|&v| v < u16::MAX as u32) => {
                let small: Vec<u16> = values.iter().map(|&v| v as u16).collect();
                match Sparse::resume(c, small) {
                    Some(s) => Inner::Sparse(Box::new(s)),
                    None => match ThreeHeap::resume(c, values.clone()) {
                        Some(t) => Inner::Three(Box::new(t)),
                        None => Inner::Plain(values),
                    },
                }
            }
            _ => Inner::Plain(values),
        };
        let len = match &inner {
            Inner::Sparse(s) => s.values().len(),
            Inner::Plain(v) => v.len(),
            Inner::Three(t) => t.values().len(),
            Inner::Small(v) => v.len(),
        };
        let next_check = if periodicity::certificate_end(r, 1, 0).is_some() {
            len.max(FIRST_CHECK)
        } else {
            usize::MAX
        };
        Sequencer {
            ruleset: r.clone(),
            inner,
            proof: None,
            filled_from: None,
            next_check,
            fill: true,
            split_at_fill: None,
        }
    }

    /// Whether values beyond a proved period are copied (the default) or computed like the others
    /// (for cross-checks and timing the engines alone; the values are the same either way).
    pub fn set_fill(&mut self, fill: bool) {
        self.fill = fill;
    }

    /// The period proved so far by the checks made while extending, if any (not necessarily the
    /// least one on all the values; see [`Sequencer::period`] for that).
    pub fn proof(&self) -> Option<Period> {
        self.proof
    }

    /// The number of values computed before the rest were filled by a proved period (`None` when
    /// every value was computed).
    pub fn filled_from(&self) -> Option<usize> {
        self.filled_from
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The sparse-space split of the values computed by the sparse engine (as it was when the
    /// values started to be filled by a proved period); `None` when another method computed them.
    ///
    /// ```
    /// use grundy::games::heap::{Ruleset, sequence::Sequencer};
    /// let mut s = Sequencer::new(&"0.16".parse::<Ruleset>().unwrap());
    /// s.extend_to(5_000);
    /// let split = s.sparse_split().unwrap();
    /// assert!(split.rare_count > 0 && split.rare_count < 100);
    /// ```
    pub fn sparse_split(&self) -> Option<SparseSplit> {
        match &self.inner {
            Inner::Sparse(s) => Some(SparseSplit {
                mask: s.mask(),
                rare_count: s.rare_count(),
                last_rare: s.last_rare(),
            }),
            Inner::Small(_) => self.split_at_fill,
            Inner::Plain(_) | Inner::Three(_) => None,
        }
    }

    /// Number of values computed.
    pub fn len(&self) -> usize {
        match &self.inner {
            Inner::Sparse(s) => s.values().len(),
            Inner::Plain(v) => v.len(),
            Inner::Three(t) => t.values().len(),
            Inner::Small(v) => v.len(),
        }
    }

    /// True when no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)` for a computed `n`.
    pub fn get(&self, n: usize) -> Option<u32> {
        match &self.inner {
            Inner::Sparse(s) => s.values().get(n).map(|&v| u32::from(v)),
            Inner::Plain(v) => v.get(n).copied(),
            Inner::Three(t) => t.values().get(n).copied(),
            Inner::Small(v) => v.get(n).map(|&x| u32::from(x)),
        }
    }

    /// The values as `u32` (a copy).
    pub fn values_u32(&self) -> Vec<u32> {
        match &self.inner {
            Inner::Sparse(s) => s.values().iter().map(|&v| u32::from(v)).collect(),
            Inner::Plain(v) => v.clone(),
            Inner::Three(t) => t.values().to_vec(),
            Inner::Small(v) => v.iter().map(|&x| u32::from(x)).collect(),
        }
    }

    /// Call `f` with runs of values in order (for writing them out without a copy of the whole).
    pub fn for_each_chunk(&self, mut f: impl FnMut(&[u32])) {
        let small = match &self.inner {
            Inner::Sparse(s) => s.values(),
            Inner::Small(v) => v,
            Inner::Plain(v) => return f(v),
            Inner::Three(t) => return f(t.values()),
        };
        let mut buf = Vec::with_capacity(1 << 16);
        for chunk in small.chunks(1 << 16) {
            buf.clear();
            buf.extend(chunk.iter().map(|&v| u32::from(v)));
            f(&buf);
        }
    }

    /// Compute values up to and including heap `to`; once a period is proved on the values so far
    /// (checked at growing lengths, see the module docs), fill the rest by copying.
    pub fn extend_to(&mut self, to: usize) {
        while self.len() <= to {
            if let Some(p) = self.proof {
                if self.fill {
                    self.fill(p.period, to);
                } else {
                    self.compute_to(to);
                }
                return;
            }
            if self.len() >= self.next_check {
                self.check();
                continue;
            }
            let stop = to.min(self.next_check.saturating_sub(1));
            self.compute_to(stop);
        }
    }

    /// Check the values for a proved period and schedule the next check.
    fn check(&mut self) {
        let len = self.len();
        let (proof, needed) = match &self.inner {
            Inner::Sparse(s) => periodicity::proved_or_needed(&self.ruleset, s.values()),
            Inner::Plain(v) => periodicity::proved_or_needed(&self.ruleset, v),
            Inner::Three(t) => periodicity::proved_or_needed(&self.ruleset, t.values()),
            Inner::Small(v) => periodicity::proved_or_needed(&self.ruleset, v),
        };
        self.proof = proof;
        // Next: after len/4 more values, or exactly when the least candidate would be certified
        // (but not sooner than len/256 more, so stray candidates cannot make the checks dense).
        // A true period shows as a candidate from about `n0 + p` on, while its certificate needs
        // about `2·n0 + 2p` values (octal games), so the exact check is reached without overshoot.
        let far = len + (len / 4).max(FIRST_CHECK);
        let near = len + len / 256 + 1;
        self.next_check = needed.map_or(far, |n| n.clamp(near, far));
    }

    /// Append `G(n) = G(n - p)` up to heap `to` (`p` a proved period, with `len >= n0 + p`).
    fn fill(&mut self, p: usize, to: usize) {
        let len = self.len();
        if len > to {
            return;
        }
        if let Inner::Sparse(_) = self.inner {
            self.split_at_fill = self.sparse_split();
            let Inner::Sparse(s) = std::mem::replace(&mut self.inner, Inner::Small(Vec::new()))
            else {
                unreachable!("matched above")
            };
            self.inner = Inner::Small(s.into_values());
        }
        if let Inner::Three(_) = self.inner {
            let Inner::Three(t) = std::mem::replace(&mut self.inner, Inner::Plain(Vec::new()))
            else {
                unreachable!("matched above")
            };
            self.inner = Inner::Plain(t.into_values());
        }
        fn copy<T: Copy>(v: &mut Vec<T>, p: usize, to: usize) {
            v.reserve(to + 1 - v.len());
            while v.len() <= to {
                let n = v.len();
                let k = p.min(to + 1 - n);
                v.extend_from_within(n - p..n - p + k);
            }
        }
        match &mut self.inner {
            Inner::Plain(v) => copy(v, p, to),
            Inner::Small(v) => copy(v, p, to),
            Inner::Sparse(_) | Inner::Three(_) => unreachable!("replaced above"),
        }
        self.filled_from.get_or_insert(len);
    }

    /// Compute (without period checks) up to heap `to`.
    fn compute_to(&mut self, to: usize) {
        if self.len() > to {
            return;
        }
        if let Inner::Sparse(s) = &mut self.inner {
            if s.extend_to(to).is_ok() {
                return;
            }
            // A value passed 16 bits: continue with the plain method.
            let v: Vec<u32> = s.values().iter().map(|&x| u32::from(x)).collect();
            self.inner = Inner::Plain(v);
        }
        if let Inner::Three(t) = &mut self.inner {
            if t.extend_to(to) {
                return;
            }
            // A value reached the bitsets' range: continue with the plain method.
            let Inner::Three(t) = std::mem::replace(&mut self.inner, Inner::Plain(Vec::new()))
            else {
                unreachable!("matched above")
            };
            self.inner = Inner::Plain(t.into_values());
        }
        if let Inner::Plain(g) = &mut self.inner {
            match self.ruleset.kind() {
                Kind::Code(_) => naive::extend(&self.ruleset, g, to),
                Kind::Subtraction(set) => subtraction::extend(set, g, to),
                Kind::AllBut(ex) => subtraction::all_but_extend(ex, g, to),
            }
        }
    }

    /// Grow to `to` in chunks, reporting progress and calling `at_chunk` after each chunk (e.g. to
    /// write a checkpoint); stops early with the callback's error.
    pub fn run<E>(
        &mut self,
        to: usize,
        progress: &dyn Progress,
        mut at_chunk: impl FnMut(&Sequencer) -> Result<(), E>,
    ) -> Result<(), E> {
        progress.start(to as u64 + 1, "heaps");
        progress.set(self.len() as u64);
        while self.len() <= to {
            let n = self.len();
            // Chunks grow with n so the overhead stays small, but progress still moves.
            let step = (n / 16).clamp(1 << 12, 1 << 18);
            self.extend_to((n + step).min(to));
            progress.set(self.len() as u64);
            at_chunk(self)?;
        }
        progress.finish();
        Ok(())
    }

    /// The period found in the values so far (see [`periodicity::find`]).
    pub fn period(&self) -> Option<Period> {
        match &self.inner {
            Inner::Sparse(s) => periodicity::find(&self.ruleset, s.values()),
            Inner::Plain(v) => periodicity::find(&self.ruleset, v),
            Inner::Three(t) => periodicity::find(&self.ruleset, t.values()),
            Inner::Small(v) => periodicity::find(&self.ruleset, v),
        }
    }

    /// Finish: the values and their period.
    pub fn analysis(self) -> Analysis {
        let period = self.period();
        let filled_from = self.filled_from;
        let values = match self.inner {
            Inner::Sparse(s) => Values::U16(s.into_values()),
            Inner::Small(v) => Values::U16(v),
            Inner::Plain(v) => Values::U32(v),
            Inner::Three(t) => Values::U32(t.into_values()),
        };
        Analysis {
            ruleset: self.ruleset,
            values,
            period,
            filled_from,
        }
    }
}

/// Stored values: 16-bit when they fit.
#[derive(Clone, Debug)]
enum Values {
    U16(Vec<u16>),
    U32(Vec<u32>),
}

/// A computed nim-sequence `G(0..=to)` with its period.
///
/// ```
/// use grundy::{Nimber, games::heap::Ruleset};
/// let a = "kayles".parse::<Ruleset>().unwrap().analyse(300);
/// let p = a.period().unwrap();
/// assert_eq!((p.period, p.preperiod, p.proved), (12, 71, true));
/// // A proved period gives the value of any heap.
/// assert_eq!(a.value_at(1_000_000_000_000), Some(a.value_at(1_000_000_000_000 - 12).unwrap()));
/// assert_eq!(a.value_at(5), Some(Nimber(4)));
/// ```
#[derive(Clone, Debug)]
pub struct Analysis {
    ruleset: Ruleset,
    values: Values,
    period: Option<Period>,
    filled_from: Option<usize>,
}

impl Analysis {
    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The period (proved or apparent), if one shows.
    pub fn period(&self) -> Option<&Period> {
        self.period.as_ref()
    }

    /// The values from this heap on were filled by a proved period instead of being computed
    /// (each is proved equal to the computed one); `None` when all were computed.
    pub fn filled_from(&self) -> Option<usize> {
        self.filled_from
    }

    /// Number of values computed (`to + 1`).
    pub fn len(&self) -> usize {
        match &self.values {
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// True when no value was computed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)` for a computed heap.
    pub fn value(&self, n: usize) -> Option<Nimber> {
        match &self.values {
            Values::U16(v) => v.get(n).map(|&x| Nimber(u64::from(x))),
            Values::U32(v) => v.get(n).map(|&x| Nimber(u64::from(x))),
        }
    }

    /// `G(n)` for any heap: a computed value, or one given by a *proved* period (with its saltus);
    /// `None` beyond the computed values without a proof.
    pub fn value_at(&self, n: u64) -> Option<Nimber> {
        if let Ok(i) = usize::try_from(n)
            && let Some(v) = self.value(i)
        {
            return Some(v);
        }
        let p = self.period.filter(|p| p.proved)?;
        let (n0, per) = (p.preperiod as u64, p.period as u64);
        let off = (n - n0) % per;
        let laps = (n - n0) / per;
        let base = self.value((n0 + off) as usize)?.0;
        Some(Nimber(base.checked_add(p.saltus.checked_mul(laps)?)?))
    }

    /// The values as nimbers, in order.
    pub fn nimbers(&self) -> impl Iterator<Item = Nimber> + '_ {
        (0..self.len()).map(|n| self.value(n).unwrap_or(Nimber(0)))
    }

    /// The values as plain integers, in order.
    pub fn iter_u64(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        match &self.values {
            Values::U16(v) => Box::new(v.iter().map(|&x| u64::from(x))),
            Values::U32(v) => Box::new(v.iter().map(|&x| u64::from(x))),
        }
    }

    /// The largest value.
    pub fn largest(&self) -> Nimber {
        Nimber(match &self.values {
            Values::U16(v) => v.iter().max().map_or(0, |&x| u64::from(x)),
            Values::U32(v) => v.iter().max().map_or(0, |&x| u64::from(x)),
        })
    }

    /// How many heaps have value 0 (P-positions).
    pub fn p_positions(&self) -> usize {
        match &self.values {
            Values::U16(v) => v.iter().filter(|&&x| x == 0).count(),
            Values::U32(v) => v.iter().filter(|&&x| x == 0).count(),
        }
    }

    /// CRC-32 of the values written as little-endian `u32`s: a fingerprint to compare runs.
    pub fn checksum(&self) -> u32 {
        match &self.values {
            Values::U16(v) => crc32_le(v),
            Values::U32(v) => crc32_le(v),
        }
    }
}

/// CRC-32 of `values` written as little-endian `u32`s (a slice at a time: no call per value).
fn crc32_le<T: Copy + Into<u32>>(values: &[T]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in values.chunks(1 << 14) {
        buf.clear();
        for &v in chunk {
            buf.extend_from_slice(&v.into().to_le_bytes());
        }
        h.update(&buf);
    }
    h.finalize()
}

impl Ruleset {
    /// Compute `G(0..=to)` and find its period (proved where a theorem applies).
    pub fn analyse(&self, to: usize) -> Analysis {
        self.analyse_with(to, &Silent)
    }

    /// [`Ruleset::analyse`] reporting progress.
    pub fn analyse_with(&self, to: usize, progress: &dyn Progress) -> Analysis {
        let mut s = Sequencer::new(self);
        let _ = s.run::<()>(to, progress, |_| Ok(()));
        s.analysis()
    }

    /// `G(n)` for a heap of any size `n`: computes `G(0..=to)` (at least up to `n` when `n <=
    /// to`) and extends a proved period; `None` when `n > to` and no period is proved there.
    ///
    /// ```
    /// use grundy::{Nimber, games::heap::Ruleset};
    /// let dk: Ruleset = "dawsons-kayles".parse().unwrap();
    /// assert_eq!(dk.value_at(10u64.pow(12), 500), dk.value_at(10u64.pow(12) - 34, 500));
    /// assert!(dk.value_at(10u64.pow(12), 100).is_none()); // 100 values prove nothing yet
    /// ```
    pub fn value_at(&self, n: u64, to: usize) -> Option<Nimber> {
        let to = match usize::try_from(n) {
            Ok(i) if i <= to => i,
            _ => to,
        };
        self.analyse(to).value_at(n)
    }
}
