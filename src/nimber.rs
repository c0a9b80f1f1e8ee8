//! Nimbers: the values of impartial games, with nim-addition (XOR) and Conway's nim-multiplication.
//!
//! The nimbers below `2^64` form the finite field `GF(2^64)` under nim-addition `⊕` (bitwise XOR)
//! and nim-multiplication `⊗` (Conway, *On Numbers and Games*, ch. 6; Lenstra, "Nim multiplication",
//! 1977). Nim-multiplication is defined by the mex rule
//! `a ⊗ b = mex { (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b }`, and it is computed here by the
//! Fermat-2-power recursion: for `F = 2^(2^k)`, `F ⊗ F = F ⊕ F/2`, while `F ⊗ x = F·x` for `x < F`.

use std::fmt;
use std::ops::{Add, AddAssign, Div, Mul, MulAssign};

use serde::{Deserialize, Serialize};

/// A nimber `*n`: the Grundy value of an impartial game.
///
/// ```
/// use grundy::Nimber;
/// let a = Nimber(3) + Nimber(5);          // nim-sum is XOR
/// assert_eq!(a, Nimber(6));
/// assert_eq!(Nimber(2) * Nimber(2), Nimber(3)); // *2 ⊗ *2 = *3
/// assert_eq!(Nimber(7).to_string(), "*7");
/// assert_eq!((Nimber(9) * Nimber(9).inverse().unwrap()), Nimber(1));
/// ```
#[repr(transparent)]
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The zero nimber: a P-position.
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*` (star).
    pub const STAR: Nimber = Nimber(1);

    /// The underlying integer.
    pub const fn value(self) -> u64 {
        self.0
    }

    /// True for the nimber 0 (a loss for the player to move).
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Nim-multiplication (the field product).
    pub fn nim_mul(self, other: Nimber) -> Nimber {
        Nimber(nim_mul_u64(self.0, other.0))
    }

    /// `self` raised to the `e`-th nim-power.
    pub fn nim_pow(self, mut e: u128) -> Nimber {
        let mut base = self;
        let mut acc = Nimber(1);
        while e > 0 {
            if e & 1 == 1 {
                acc *= base;
            }
            base = base * base;
            e >>= 1;
        }
        acc
    }

    /// The multiplicative inverse in the nim-field, `None` for zero.
    ///
    /// Uses `a^(2^m - 2)` in the smallest subfield `GF(2^m)` (`m` a power of two) holding `a`.
    pub fn inverse(self) -> Option<Nimber> {
        if self.0 == 0 {
            return None;
        }
        let mut m: u32 = 1;
        while m < 64 && self.0 >> m != 0 {
            m *= 2;
        }
        let order: u128 = (1u128 << m) - 2;
        Some(self.nim_pow(order))
    }

    /// Nim-division `self ⊘ other`, `None` when `other` is zero.
    pub fn checked_div(self, other: Nimber) -> Option<Nimber> {
        other.inverse().map(|inv| self * inv)
    }
}

/// Nim-product of two words.
fn nim_mul_u64(a: u64, b: u64) -> u64 {
    nim_mul_half(a, b, 32)
}

/// Nim-product of `a, b < 2^(2h)` where `h` is a power of two (`F = 2^h` is a Fermat 2-power).
fn nim_mul_half(a: u64, b: u64, h: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    if h == 0 {
        return a & b;
    }
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    let hh = h / 2;
    let p11 = nim_mul_half(a1, b1, hh);
    let p00 = nim_mul_half(a0, b0, hh);
    // (a0 ⊕ a1)(b0 ⊕ b1) = p00 ⊕ p11 ⊕ cross (Karatsuba over the nim-field).
    let cross = nim_mul_half(a0 ^ a1, b0 ^ b1, hh) ^ p00;
    // F⊗F = F ⊕ F/2, so a1b1·F² contributes a1b1 to the high half and a1b1⊗(F/2) to the low.
    let high = cross;
    let low = p00 ^ nim_mul_half(p11, 1u64 << (h - 1), hh);
    (high << h) | low
}

/// Nim-addition is XOR.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        self.nim_mul(rhs)
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = self.nim_mul(rhs);
    }
}

impl Div for Nimber {
    type Output = Nimber;
    /// Nim-division. Panics on division by zero, like integer division; use
    /// [`Nimber::checked_div`] to get `None` instead.
    fn div(self, rhs: Nimber) -> Nimber {
        self.checked_div(rhs).expect("nim-division by zero")
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Nimber {
        Nimber(v)
    }
}

impl fmt::Display for Nimber {
    /// `0`, `*`, `*2`, `*3`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => write!(f, "0"),
            1 => write!(f, "*"),
            n => write!(f, "*{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Nim-multiplication from its mex definition, for small arguments.
    fn mex_table(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; 4 * n + 2];
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = (t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as usize;
                        if v < seen.len() {
                            seen[v] = true;
                        }
                    }
                }
                t[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        t
    }

    #[test]
    fn nim_product_matches_mex_definition_below_64() {
        let t = mex_table(64);
        for a in 0..64u64 {
            for b in 0..64u64 {
                assert_eq!(
                    (Nimber(a) * Nimber(b)).0,
                    t[a as usize][b as usize],
                    "{a} x {b}"
                );
            }
        }
    }

    #[test]
    fn fermat_two_powers_square_to_three_halves() {
        // F ⊗ F = 3F/2 for F = 2, 4, 16, 256, 65536, 2^32.
        for k in 0..6 {
            let f = 1u64 << (1u32 << k);
            assert_eq!((Nimber(f) * Nimber(f)).0, f + f / 2);
        }
    }

    #[test]
    fn display_uses_star_notation() {
        assert_eq!(Nimber(0).to_string(), "0");
        assert_eq!(Nimber(1).to_string(), "*");
        assert_eq!(Nimber(12).to_string(), "*12");
    }

    #[test]
    fn zero_has_no_inverse() {
        assert_eq!(Nimber(0).inverse(), None);
        assert_eq!(Nimber(5).checked_div(Nimber(0)), None);
    }

    proptest! {
        #[test]
        fn product_is_associative(a: u64, b: u64, c: u64) {
            let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
            prop_assert_eq!((a * b) * c, a * (b * c));
        }

        #[test]
        fn product_is_commutative_and_distributive(a: u64, b: u64, c: u64) {
            let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
            prop_assert_eq!(a * b, b * a);
            prop_assert_eq!(a * (b + c), a * b + a * c);
        }

        #[test]
        fn nonzero_nimbers_have_inverses(a in 1u64..) {
            let a = Nimber(a);
            let inv = a.inverse().unwrap();
            prop_assert_eq!(a * inv, Nimber(1));
            prop_assert_eq!(Nimber(1) / a, inv);
        }

        #[test]
        fn division_undoes_multiplication(a: u64, b in 1u64..) {
            prop_assert_eq!((Nimber(a) * Nimber(b)) / Nimber(b), Nimber(a));
        }

        #[test]
        fn sum_is_xor(a: u64, b: u64) {
            prop_assert_eq!(Nimber(a) + Nimber(b), Nimber(a ^ b));
        }
    }
}
