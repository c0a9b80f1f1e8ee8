//! The Walsh–Hadamard transform: XOR convolution becomes pointwise multiplication.
//!
//! For `a` of length `2^b`, `â[w] = Σ_v (-1)^{popcount(v & w)} a[v]`. The characters
//! `χ_w(v) = (-1)^{popcount(v & w)}` satisfy `χ_w(u ⊕ v) = χ_w(u) χ_w(v)`, so the XOR convolution
//! `(a ∗ c)[x] = Σ_{u ⊕ v = x} a[u] c[v]` transforms to `â · ĉ`, and the `K`-fold power `a^{∗K}` to
//! `â^K` (fast exponentiation per coordinate: `K = 10^18` costs `O(log K)` multiplications each).
//! The transform is its own inverse up to the factor `2^b`: `a = (â)^ / 2^b`.

use super::arithmetic::Ring;

/// The in-place Walsh–Hadamard transform (unnormalised) over any [`Ring`].
///
/// # Panics
/// When the length is not a power of two (a programming error; [`padded_len`] gives the length).
///
/// ```
/// use grundy::count::{arithmetic::Exact, transform::wht};
/// use num_bigint::BigInt;
/// let mut a: Vec<BigInt> = [1, 2, 3, 4].into_iter().map(BigInt::from).collect();
/// wht(&Exact, &mut a);
/// assert_eq!(a, [10, -2, -4, 0].map(BigInt::from));
/// ```
pub fn wht<R: Ring>(ring: &R, a: &mut [R::Elem]) {
    assert!(a.len().is_power_of_two(), "transform length must be 2^b");
    let mut h = 1;
    while h < a.len() {
        for block in a.chunks_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                let s = ring.add(x, y);
                let d = ring.sub(x, y);
                *x = s;
                *y = d;
            }
        }
        h *= 2;
    }
}

/// The Walsh–Hadamard transform of small integers (counts), exactly, in `i128`.
///
/// Entries stay within `Σ |a[v]|` in absolute value, so counts below `2^64` never overflow.
///
/// # Panics
/// When the length is not a power of two.
pub fn wht_i128(a: &mut [i128]) {
    assert!(a.len().is_power_of_two(), "transform length must be 2^b");
    let mut h = 1;
    while h < a.len() {
        for block in a.chunks_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        h *= 2;
    }
}

/// The inverse transform: [`wht`] followed by division by `2^b`.
pub fn inverse_wht<R: Ring>(ring: &R, a: &mut [R::Elem]) {
    wht(ring, a);
    let bits = a.len().trailing_zeros();
    for x in a.iter_mut() {
        *x = ring.div_pow2(x, bits);
    }
}

/// The smallest power of two `>= max(n, 1)`.
pub fn padded_len(n: usize) -> usize {
    n.max(1).next_power_of_two()
}

fn padded<R: Ring>(ring: &R, a: &[R::Elem], len: usize) -> Vec<R::Elem> {
    let mut v = a.to_vec();
    v.resize(len, ring.of_i128(0));
    v
}

/// The XOR convolution `(a ∗ c)[x] = Σ_{u ⊕ v = x} a[u] c[v]`, by transform.
///
/// ```
/// use grundy::count::{arithmetic::Residues, transform::xor_convolve};
/// let r = Residues::new(101).unwrap();
/// // one way to make 0 (0^0), two ways to make 1 (0^1, 1^0), one way to make 0 (1^1): [2, 2]
/// assert_eq!(xor_convolve(&r, &[1, 1], &[1, 1]), vec![2, 2]);
/// ```
pub fn xor_convolve<R: Ring>(ring: &R, a: &[R::Elem], c: &[R::Elem]) -> Vec<R::Elem> {
    let len = padded_len(a.len().max(c.len()));
    let mut x = padded(ring, a, len);
    let mut y = padded(ring, c, len);
    wht(ring, &mut x);
    wht(ring, &mut y);
    for (u, v) in x.iter_mut().zip(&y) {
        *u = ring.mul(u, v);
    }
    inverse_wht(ring, &mut x);
    x
}

/// The `K`-fold XOR convolution power `a^{∗K}` (with `a^{∗0} = δ_0`), by pointwise powers in
/// the transform domain.
///
/// ```
/// use grundy::count::{arithmetic::Residues, transform::xor_power};
/// let r = Residues::new(1_000_000_007).unwrap();
/// // K fair coins XOR-ed together: 2^(K-1) ways to each parity.
/// let p = xor_power(&r, &[1, 1], 1_000_000_000_000_000_000);
/// assert_eq!(p[0], p[1]);
/// ```
pub fn xor_power<R: Ring>(ring: &R, a: &[R::Elem], k: u128) -> Vec<R::Elem> {
    let len = padded_len(a.len());
    let mut x = padded(ring, a, len);
    wht(ring, &mut x);
    for u in x.iter_mut() {
        *u = ring.pow(u, k);
    }
    inverse_wht(ring, &mut x);
    x
}

/// The XOR convolution by its definition, `O(n m)`: the reference for tests.
pub fn xor_convolve_naive<R: Ring>(ring: &R, a: &[R::Elem], c: &[R::Elem]) -> Vec<R::Elem> {
    let len = padded_len(a.len().max(c.len()));
    let mut out = vec![ring.of_i128(0); len];
    for (u, x) in a.iter().enumerate() {
        for (v, y) in c.iter().enumerate() {
            let t = ring.mul(x, y);
            out[u ^ v] = ring.add(&out[u ^ v], &t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::arithmetic::{Exact, Residues};
    use num_bigint::BigInt;
    use proptest::prelude::*;

    fn big(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    proptest! {
        #[test]
        fn transform_convolution_matches_definition(
            a in prop::collection::vec(-50i64..50, 1..20),
            c in prop::collection::vec(-50i64..50, 1..20),
        ) {
            let (a, c) = (big(&a), big(&c));
            prop_assert_eq!(xor_convolve(&Exact, &a, &c), xor_convolve_naive(&Exact, &a, &c));
        }

        #[test]
        fn power_matches_repeated_convolution(
            a in prop::collection::vec(0u64..1000, 1..12),
            k in 0u128..7,
            p in prop::sample::select(vec![3u64, 5, 9, 15, 1_000_000_007, 998_244_353]),
        ) {
            let r = Residues::new(p).unwrap();
            let a: Vec<u64> = a.into_iter().map(|x| x % p).collect();
            let mut want = vec![0u64; padded_len(a.len())];
            want[0] = 1 % p;
            for _ in 0..k {
                want = xor_convolve_naive(&r, &want, &a);
            }
            prop_assert_eq!(xor_power(&r, &a, k), want);
        }

        #[test]
        fn exact_power_matches_repeated_convolution(
            a in prop::collection::vec(0i64..30, 1..9),
            k in 0u128..6,
        ) {
            let a = big(&a);
            let mut want = big(&vec![0; padded_len(a.len())]);
            want[0] = BigInt::from(1);
            for _ in 0..k {
                want = xor_convolve_naive(&Exact, &want, &a);
            }
            prop_assert_eq!(xor_power(&Exact, &a, k), want);
        }

        #[test]
        fn integer_transform_agrees_with_ring_transform(a in prop::collection::vec(-1000i64..1000, 1..40)) {
            let len = padded_len(a.len());
            let mut x: Vec<i128> = a.iter().map(|&v| i128::from(v)).collect();
            x.resize(len, 0);
            let mut y = big(&a);
            y.resize(len, BigInt::from(0));
            wht_i128(&mut x);
            wht(&Exact, &mut y);
            prop_assert_eq!(x.into_iter().map(BigInt::from).collect::<Vec<_>>(), y);
        }
    }

    #[test]
    fn huge_exponents_agree_with_fermat() {
        // a^{*K} at K = (p - 1) * m + 1 equals a^{*1} pointwise in the transform domain mod prime p.
        let r = Residues::new(1_000_000_007).unwrap();
        let a = vec![3u64, 1, 4, 1, 5, 9, 2, 6];
        let k = 1_000_000_006u128 * 123_456_789_123 + 1;
        assert_eq!(xor_power(&r, &a, k), xor_power(&r, &a, 1));
    }
}
