//! Cram by brute force — the reference the tests trust: the plain mex rule over whole positions,
//! written as bit masks, every domino tried, memoised. No components, no canonical forms, no
//! theorem, nothing of the engines; exponential, for boards of a few dozen cells at most.
//!
//! ```
//! use std::collections::HashMap;
//! use grundy::games::cram::brute;
//! // the empty 2 × 3 board: cells 0..6, bit r·3 + c
//! assert_eq!(brute::value(0b111_111, 3, 2, &mut HashMap::new()), 1);
//! // a 1 × 4 strip is Dawson's Kayles (0.07) on four pins: *2
//! assert_eq!(brute::value(0b1111, 4, 1, &mut HashMap::new()), 2);
//! ```

use std::collections::HashMap;

/// The Grundy value of the empty cells `bits` of a `w × h` board (cell `(r, c)` at bit
/// `r·w + c`, `w·h ≤ 128`): `mex` over every domino on two adjacent empty cells, each position
/// looked up in `memo` first.
pub fn value(bits: u128, w: usize, h: usize, memo: &mut HashMap<u128, u8>) -> u8 {
    if let Some(&v) = memo.get(&bits) {
        return v;
    }
    let mut seen = 0u128;
    for a in 0..w * h {
        if bits >> a & 1 == 0 {
            continue;
        }
        if a % w + 1 < w && bits >> (a + 1) & 1 == 1 {
            seen |= 1 << value(bits & !(3 << a), w, h, memo);
        }
        if a + w < w * h && bits >> (a + w) & 1 == 1 {
            seen |= 1 << value(bits & !(1 << a) & !(1 << (a + w)), w, h, memo);
        }
    }
    let v = (!seen).trailing_zeros() as u8;
    memo.insert(bits, v);
    v
}
