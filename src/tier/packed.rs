//! Fixed-width bit packing: `n` unsigned codes of `bits` bits each, little-endian bit order
//! (code `i` occupies bits `i·bits .. (i+1)·bits` of the byte string, least significant first),
//! followed by 8 zero bytes so that any code is read with one unaligned 64-bit load.
//!
//! `bits` is as small as the largest code needs ([`bits_for`]); a tier whose codes are all 0
//! takes 0 bits per code. At most [`MAX_BITS`] bits per code (a code then still fits one load
//! after the shift of at most 7 bits).
//!
//! ```
//! use grundy::tier::packed::{bits_for, pack, get};
//! let codes = [3u64, 0, 5, 7, 1];
//! let bits = bits_for(7);
//! assert_eq!(bits, 3);
//! let bytes = pack(&codes, bits);
//! assert_eq!(bytes.len(), 2 + 8); // 15 bits, then the padding
//! assert!((0..5u64).all(|i| get(&bytes, bits, i) == codes[i as usize]));
//! ```

/// The largest supported width of a code.
pub const MAX_BITS: u32 = 57;

/// Padding after the packed codes (zero bytes).
pub const PADDING: usize = 8;

/// The number of bits the code `max` needs (0 for 0).
pub fn bits_for(max: u64) -> u32 {
    64 - max.leading_zeros()
}

/// The byte length of `n` packed codes of `bits` bits, padding included.
pub fn packed_len(n: u64, bits: u32) -> Option<usize> {
    let total_bits = n.checked_mul(bits as u64)?;
    usize::try_from(total_bits.div_ceil(8))
        .ok()?
        .checked_add(PADDING)
}

/// Pack `codes` with `bits` bits each (every code must be `< 2^bits`).
pub fn pack(codes: &[u64], bits: u32) -> Vec<u8> {
    assert!(bits <= MAX_BITS, "at most {MAX_BITS} bits per code");
    let len = packed_len(codes.len() as u64, bits).expect("a packed length that fits memory");
    let mut out = vec![0u8; len];
    if bits == 0 {
        return out;
    }
    let mut acc: u128 = 0;
    let mut filled = 0u32;
    let mut at = 0usize;
    for &c in codes {
        debug_assert!(c < 1u64 << bits);
        acc |= (c as u128) << filled;
        filled += bits;
        while filled >= 8 {
            out[at] = acc as u8;
            at += 1;
            acc >>= 8;
            filled -= 8;
        }
    }
    if filled > 0 {
        out[at] = acc as u8;
    }
    out
}

/// Code `i` of a packed byte string (`bytes` includes the padding).
#[inline]
pub fn get(bytes: &[u8], bits: u32, i: u64) -> u64 {
    if bits == 0 {
        return 0;
    }
    let bit = i * bits as u64;
    let at = (bit / 8) as usize;
    let word = u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    (word >> (bit % 8)) & ((1u64 << bits) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_packed_code_reads_back(codes in prop::collection::vec(any::<u64>(), 0..200), bits in 0u32..=MAX_BITS) {
            let mask = if bits == 0 { 0 } else { (1u64 << bits) - 1 };
            let codes: Vec<u64> = codes.into_iter().map(|c| c & mask).collect();
            let bytes = pack(&codes, bits);
            prop_assert_eq!(bytes.len(), packed_len(codes.len() as u64, bits).unwrap());
            for (i, &c) in codes.iter().enumerate() {
                prop_assert_eq!(get(&bytes, bits, i as u64), c);
            }
        }
    }

    #[test]
    fn widths_are_as_small_as_the_largest_code_needs() {
        assert_eq!(bits_for(0), 0);
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(255), 8);
        assert_eq!(bits_for(256), 9);
    }
}
