//! Lookups on the wire: a batch of positions as sorted varint deltas, the answers as varints.
//!
//! A worker that needs the values of positions owned by another worker sends it one request
//! per round: the distinct positions, sorted by `(tier, index)`, written as groups
//! `tier, count, index₀, index₁ − index₀, …` of LEB128 varints (consecutive options of
//! neighbouring positions lie close together, so most deltas take one or two bytes). The owner
//! answers with `value, remoteness` per position, in the request's order, as varints (both are
//! small numbers, except the markers `INFINITE` and `DRAW`, five bytes each). The requester
//! knows the order, so neither side names a slot: about 4 bytes per distinct position for the
//! round trip, against 50 for a record per request and per reply.
//!
//! ```
//! use grundy::tier::Tiered;
//! use grundy_timely::wire::{Reader, encode_request, encode_answers, read_request};
//! let asked = [Tiered::new(2, 7), Tiered::new(2, 9), Tiered::new(5, 1)];
//! let bytes = encode_request(&asked);
//! assert_eq!(read_request(&bytes).unwrap(), asked);
//! let reply = encode_answers([(0, 1), (3, 4), (u32::MAX, u32::MAX)]);
//! let mut r = Reader::new(&reply);
//! assert_eq!((r.pair(), r.pair(), r.pair()), (Some((0, 1)), Some((3, 4)), Some((u32::MAX, u32::MAX))));
//! assert_eq!(r.pair(), None);
//! ```

use grundy::tier::Tiered;

/// Append `x` as an LEB128 varint (7 bits per byte, low first, high bit = more follows).
pub fn put(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// Reads varints from a byte slice; `None` at the end or on a malformed number.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// The next varint.
    #[inline]
    pub fn get(&mut self) -> Option<u64> {
        let mut x = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self.bytes.get(self.at)?;
            self.at += 1;
            if shift == 63 && b > 1 {
                return None; // more than 64 bits
            }
            x |= ((b & 0x7f) as u64) << shift;
            if b < 0x80 {
                return Some(x);
            }
        }
        None
    }

    /// The next `(value, remoteness)` of an answer.
    #[inline]
    pub fn pair(&mut self) -> Option<(u32, u32)> {
        let v = u32::try_from(self.get()?).ok()?;
        let r = u32::try_from(self.get()?).ok()?;
        Some((v, r))
    }

    /// Whether every byte was read.
    pub fn at_end(&self) -> bool {
        self.at == self.bytes.len()
    }
}

/// A request for `asked`, which must be sorted by `(tier, index)` (duplicates are kept).
pub fn encode_request(asked: &[Tiered]) -> Vec<u8> {
    let mut out = Vec::with_capacity(asked.len() * 2 + 8);
    let mut i = 0;
    while i < asked.len() {
        let tier = asked[i].tier;
        let n = asked[i..].iter().take_while(|t| t.tier == tier).count();
        put(&mut out, tier as u64);
        put(&mut out, n as u64);
        let mut last = 0;
        for t in &asked[i..i + n] {
            debug_assert!(t.index >= last, "requests are sorted");
            put(&mut out, t.index - last);
            last = t.index;
        }
        i += n;
    }
    out
}

/// Calls `f` on each position of a request, in order; `None` if the bytes are malformed.
pub fn for_each_requested(bytes: &[u8], mut f: impl FnMut(Tiered)) -> Option<()> {
    let mut r = Reader::new(bytes);
    while !r.at_end() {
        let tier = u32::try_from(r.get()?).ok()?;
        let n = r.get()?;
        let mut index = 0u64;
        for _ in 0..n {
            index = index.checked_add(r.get()?)?;
            f(Tiered::new(tier, index));
        }
    }
    Some(())
}

/// The positions of a request (for tests and diagnostics).
pub fn read_request(bytes: &[u8]) -> Option<Vec<Tiered>> {
    let mut v = Vec::new();
    for_each_requested(bytes, |t| v.push(t))?;
    Some(v)
}

/// The answers `(value, remoteness)`, in order.
pub fn encode_answers(answers: impl IntoIterator<Item = (u32, u32)>) -> Vec<u8> {
    let mut out = Vec::new();
    for (v, r) in answers {
        put(&mut out, v as u64);
        put(&mut out, r as u64);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn small_numbers_take_one_byte_and_the_markers_five() {
        let mut out = Vec::new();
        put(&mut out, 0);
        put(&mut out, 127);
        assert_eq!(out.len(), 2);
        put(&mut out, 128);
        assert_eq!(out.len(), 4);
        let before = out.len();
        put(&mut out, u32::MAX as u64);
        assert_eq!(out.len() - before, 5);
    }

    #[test]
    fn malformed_bytes_are_refused_not_misread() {
        // a varint that never ends, one longer than 64 bits, a count with no positions
        assert_eq!(Reader::new(&[0x80, 0x80]).get(), None);
        assert_eq!(Reader::new(&[0xff; 11]).get(), None);
        assert_eq!(read_request(&[3, 2, 5]), None);
        // an answer above u32
        let mut b = Vec::new();
        put(&mut b, 1 << 40);
        put(&mut b, 0);
        assert_eq!(Reader::new(&b).pair(), None);
    }

    proptest! {
        #[test]
        fn a_sorted_request_reads_back_exactly(
            mut asked in proptest::collection::vec((0u32..6, any::<u64>()), 0..300),
        ) {
            asked.sort_unstable();
            let asked: Vec<Tiered> = asked.into_iter().map(|(t, i)| Tiered::new(t, i)).collect();
            prop_assert_eq!(read_request(&encode_request(&asked)), Some(asked));
        }

        #[test]
        fn answers_read_back_exactly(answers in proptest::collection::vec(any::<(u32, u32)>(), 0..300)) {
            let bytes = encode_answers(answers.iter().copied());
            let mut r = Reader::new(&bytes);
            let back: Vec<(u32, u32)> = std::iter::from_fn(|| r.pair()).collect();
            prop_assert!(r.at_end());
            prop_assert_eq!(back, answers);
        }

        #[test]
        fn close_positions_cost_about_a_byte_each(start in 0u64..1 << 40, gaps in proptest::collection::vec(0u64..128, 1..200)) {
            let mut index = start;
            let asked: Vec<Tiered> = gaps.iter().map(|g| { index += g; Tiered::new(1, index) }).collect();
            let bytes = encode_request(&asked);
            // tier, count (at most 2 bytes), the first index (at most 6), then one byte per gap
            prop_assert!(bytes.len() < 1 + 2 + 6 + asked.len());
        }
    }
}
