//! Multisets of components: the generating function `[t^K] (1 - t)^{-a} (1 + t)^{-c}`.
//!
//! Choosing a multiset of components (sizes `s` with multiplicities `m_s >= 0`, `Σ m_s = K`), the
//! copies of one component cancel in pairs, so its contribution to the XOR is `(m_s mod 2) G(s)`.
//! In `t` (counting components) and `x` (the XOR value), component `s` contributes
//! `Σ_m t^m x^{(m mod 2) G(s)}`. Under the character `χ_w` of the Walsh–Hadamard transform
//! (`x^v ↦ ε = (-1)^{popcount(v & w)}`) this is `Σ_m (ε t)^m = 1 / (1 - ε t)`, so the transform of
//! the distribution of XOR values of `K`-multisets at `w` is
//!
//! `F_w = [t^K] (1 - t)^{-a} (1 + t)^{-c}`, `a = #{s : χ_w(G(s)) = +1}`, `c = N - a`.
//!
//! With `h = max(a, c)`, `d = |a - c|` and `σ = +1` if `a >= c` else `-1`, the product equals
//! `(1 + σ t)^d (1 - t^2)^{-h}`, whence the finite sum (at most `d / 2 + 1` terms)
//!
//! `F_w = Σ_{i ≡ K (mod 2), 0 <= i <= min(d, K)} σ^i C(d, i) C(h - 1 + (K - i)/2, h - 1)`.
//!
//! Exactly, consecutive terms differ by a small rational factor, so each costs `O(digits)`.
//! Modulo a prime `P`: `C(d, i)` from factorial tables (with Lucas' theorem when `P <= N`), and
//! `C(n, h - 1)` for huge `n` by Lucas' theorem, which reduces it to `C(n mod P, h - 1)` when
//! `h - 1 < P`; as `n` steps down by one, `C(n - 1, k) = C(n, k) (n - k) / n` and
//! `C(P - 1, k) = (-1)^k`, so every `K` (up to `2^128 - 1`) costs `O(N log P)` per character.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

use super::arithmetic::Residues;

/// `[t^K] (1 - t)^{-a} (1 + t)^{-c}` exactly: the signed count of `K`-multisets drawn from `a`
/// "even" and `c` "odd" kinds, each multiset weighted by `(-1)^{(number drawn from odd kinds)}`.
///
/// ```
/// use grundy::count::multiset::coefficient_exact;
/// use num_bigint::BigInt;
/// // a = 3, c = 0: multisets of size 2 from 3 kinds: C(4, 2) = 6.
/// assert_eq!(coefficient_exact(3, 0, 2), BigInt::from(6));
/// // a = 1, c = 1: (1 - t^2)^{-1}: 1, 0, 1, 0, ...
/// assert_eq!(coefficient_exact(1, 1, 7), BigInt::from(0));
/// ```
pub fn coefficient_exact(a: u64, c: u64, k: u128) -> BigInt {
    let Some(shape) = Shape::new(a, c, k) else {
        return BigInt::from(u8::from(k == 0));
    };
    let Shape { h, d, negative } = shape;
    let mut i = (k % 2) as u64;
    if u128::from(i) > k || i > d {
        return BigInt::zero();
    }
    let mut m = (k - u128::from(i)) / 2;
    // First term: C(d, i) C(h - 1 + m, h - 1).
    let mut term: BigUint = if i == 0 {
        BigUint::one()
    } else {
        BigUint::from(d)
    };
    term *= binomial_exact(u128::from(h - 1) + m, u128::from(h - 1));
    let mut sum = BigInt::zero();
    loop {
        let signed = BigInt::from(term.clone());
        if negative && i % 2 == 1 {
            sum -= signed;
        } else {
            sum += signed;
        }
        if u128::from(i) + 2 > k || i + 2 > d {
            break;
        }
        // term(i + 2) / term(i) = (d - i)(d - i - 1) m / ((i + 1)(i + 2)(h - 1 + m)).
        term *= BigUint::from(d - i);
        term *= BigUint::from(d - i - 1);
        term *= BigUint::from(m);
        let den =
            BigUint::from(i + 1) * BigUint::from(i + 2) * BigUint::from(u128::from(h - 1) + m);
        term /= den;
        i += 2;
        m -= 1;
    }
    sum
}

/// `C(n, k)` exactly: `n (n-1) … (n-k'+1) / k'!` with `k' = min(k, n - k)`, both products by
/// balanced product trees (so big factors meet big factors), then one exact division.
pub fn binomial_exact(n: u128, k: u128) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    if k == 0 {
        return BigUint::one();
    }
    range_product(n - k + 1, n + 1) / range_product(1, k + 1)
}

/// `lo (lo+1) … (hi-1)`, by halving (recursion depth `log2(hi - lo)`).
fn range_product(lo: u128, hi: u128) -> BigUint {
    if hi <= lo {
        return BigUint::one();
    }
    if hi - lo <= 8 {
        let mut r = BigUint::one();
        for x in lo..hi {
            r *= BigUint::from(x);
        }
        return r;
    }
    let mid = lo + (hi - lo) / 2;
    range_product(lo, mid) * range_product(mid, hi)
}

struct Shape {
    h: u64,
    d: u64,
    negative: bool,
}

impl Shape {
    /// `None` when `a + c = 0` (the empty product, `1`).
    fn new(a: u64, c: u64, _k: u128) -> Option<Shape> {
        if a == 0 && c == 0 {
            return None;
        }
        Some(Shape {
            h: a.max(c),
            d: a.abs_diff(c),
            negative: c > a,
        })
    }
}

/// Binomial coefficients modulo a prime `P`, with factorials tabulated up to `min(limit, P - 1)`.
pub struct BinomialsModP {
    r: Residues,
    fact: Vec<u64>,
    inv_fact: Vec<u64>,
}

impl BinomialsModP {
    /// Tables for `C(n, k)` with `n <= limit` (any `n` once `P - 1 <= limit`, by Lucas).
    /// `P` must be an odd prime (the caller checks; [`super::arithmetic::is_prime`]).
    pub fn new(r: Residues, limit: u64) -> BinomialsModP {
        let top = limit.min(r.p() - 1) as usize;
        let mut fact = Vec::with_capacity(top + 1);
        fact.push(1 % r.p());
        for j in 1..=top {
            fact.push(r.mulmod(fact[j - 1], j as u64));
        }
        let mut inv_fact = vec![0; top + 1];
        inv_fact[top] = r.inverse(fact[top]).unwrap_or(0);
        for j in (1..=top).rev() {
            inv_fact[j - 1] = r.mulmod(inv_fact[j], j as u64);
        }
        BinomialsModP { r, fact, inv_fact }
    }

    fn table_top(&self) -> u64 {
        (self.fact.len() - 1) as u64
    }

    fn complete(&self) -> bool {
        self.table_top() == self.r.p() - 1
    }

    /// `C(n, k) mod P` for digits inside the table (Lucas' theorem digit by digit).
    fn lucas(&self, mut n: u128, mut k: u128) -> u64 {
        let p = u128::from(self.r.p());
        let mut acc = 1 % self.r.p();
        while k > 0 || n > 0 {
            let (nd, kd) = ((n % p) as u64, (k % p) as u64);
            if kd > nd {
                return 0;
            }
            debug_assert!(nd <= self.table_top());
            let c = self.r.mulmod(
                self.fact[nd as usize],
                self.r.mulmod(
                    self.inv_fact[kd as usize],
                    self.inv_fact[(nd - kd) as usize],
                ),
            );
            acc = self.r.mulmod(acc, c);
            n /= p;
            k /= p;
            if acc == 0 {
                return 0;
            }
        }
        acc
    }

    /// `C(n0, k) mod P` for `k <= table top < P` and any `n0 < P`, by the falling factorial.
    fn small_k(&self, n0: u64, k: u64) -> u64 {
        if k > n0 {
            return 0;
        }
        if n0 <= self.table_top() {
            return self.lucas(u128::from(n0), u128::from(k));
        }
        let mut acc = self.inv_fact[k as usize];
        for j in 0..k {
            acc = self.r.mulmod(acc, n0 - j);
        }
        acc
    }

    /// `[t^K] (1 - t)^{-a} (1 + t)^{-c} mod P` (see the module documentation), for `a + c` not above
    /// the table's `limit`.
    ///
    /// ```
    /// use grundy::count::{arithmetic::Residues, multiset::{BinomialsModP, coefficient_exact}};
    /// let b = BinomialsModP::new(Residues::new(1_000_000_007).unwrap(), 10);
    /// // (1 - t)^{-4} (1 + t)^{-3} = (1 + t) (1 - t^2)^{-4}: [t^5] = C(1, 1) C(3 + 2, 3) = 10.
    /// assert_eq!(b.coefficient(4, 3, 5), 10);
    /// assert_eq!(coefficient_exact(4, 3, 5), 10.into());
    /// ```
    pub fn coefficient(&self, a: u64, c: u64, k: u128) -> u64 {
        let r = &self.r;
        let p = r.p();
        let Some(Shape { h, d, negative }) = Shape::new(a, c, k) else {
            return u64::from(k == 0) % p;
        };
        let mut i = (k % 2) as u64;
        if u128::from(i) > k || i > d {
            return 0;
        }
        let mut m = (k - u128::from(i)) / 2;
        let kk = h - 1;
        // The big binomial C(kk + m, kk) mod P as m steps down.
        let complete = self.complete();
        let mut n0 = ((u128::from(kk) + m) % u128::from(p)) as u64;
        let mut big = if complete {
            self.lucas(u128::from(kk) + m, u128::from(kk))
        } else {
            self.small_k(n0, kk)
        };
        let mut sum = 0u64;
        loop {
            let small = self.lucas(u128::from(d), u128::from(i));
            let term = r.mulmod(small, big);
            sum = if negative && i % 2 == 1 {
                crate::count::arithmetic::Ring::sub(r, &sum, &term)
            } else {
                crate::count::arithmetic::Ring::add(r, &sum, &term)
            };
            if u128::from(i) + 2 > k || i + 2 > d {
                break;
            }
            i += 2;
            m -= 1;
            if complete {
                big = self.lucas(u128::from(kk) + m, u128::from(kk));
            } else if n0 == 0 {
                n0 = p - 1;
                big = if kk % 2 == 0 { 1 } else { p - 1 }; // C(P - 1, k) = (-1)^k
            } else {
                if big != 0 {
                    // C(n0 - 1, kk) = C(n0, kk) (n0 - kk) / n0, with 1 <= n0 < P.
                    let inv = r.inverse(n0).unwrap_or(0);
                    big = r.mulmod(r.mulmod(big, n0 - kk), inv);
                }
                n0 -= 1;
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The coefficient by multiplying out truncated power series (the definition).
    fn series(a: u64, c: u64, k: usize) -> i128 {
        let mut f = vec![0i128; k + 1];
        f[0] = 1;
        for (count, eps) in [(a, 1i128), (c, -1i128)] {
            for _ in 0..count {
                // multiply by 1 / (1 - eps t): prefix recurrence g[j] = f[j] + eps g[j-1]
                for j in 1..=k {
                    f[j] += eps * f[j - 1];
                }
            }
        }
        f[k]
    }

    proptest! {
        #[test]
        fn exact_coefficient_matches_series(a in 0u64..7, c in 0u64..7, k in 0usize..12) {
            prop_assert_eq!(coefficient_exact(a, c, k as u128), BigInt::from(series(a, c, k)));
        }

        #[test]
        fn modular_coefficient_matches_exact(
            a in 0u64..40, c in 0u64..40, k in 0u128..200,
            p in prop::sample::select(vec![3u64, 5, 7, 11, 13, 31, 1_000_000_007]),
        ) {
            let b = BinomialsModP::new(Residues::new(p).unwrap(), a + c);
            let pb = BigInt::from(p);
            let want = ((coefficient_exact(a, c, k) % &pb) + &pb) % &pb;
            prop_assert_eq!(BigInt::from(b.coefficient(a, c, k)), want);
        }
    }

    #[test]
    fn huge_k_modulo_a_prime_is_periodic_with_period_2p() {
        // Over F_p, (1 - t)^{-a} (1 + t)^{-c} = g(t) / (1 - t^{2p}) with deg g < 2p.
        let p = 13u64;
        let b = BinomialsModP::new(Residues::new(p).unwrap(), 9);
        for (a, c) in [(4, 5), (9, 0), (0, 9), (3, 3)] {
            for k in 0..60u128 {
                let far = k + 2 * u128::from(p) * 987_654_321_987_654_321;
                assert_eq!(
                    b.coefficient(a, c, far),
                    b.coefficient(a, c, k),
                    "{a} {c} {k}"
                );
            }
        }
        let q = 1_000_000_007u64;
        let b = BinomialsModP::new(Residues::new(q).unwrap(), 9);
        let far = 7 + 2 * u128::from(q) * 55_555;
        assert_eq!(b.coefficient(5, 4, far), b.coefficient(5, 4, 7));
    }

    #[test]
    fn binomials_are_exact() {
        assert_eq!(binomial_exact(50, 25).to_string(), "126410606437752");
        assert_eq!(binomial_exact(3, 5), BigUint::zero());
        for n in 0..40u128 {
            let mut row = BigUint::one();
            for k in 0..=n {
                assert_eq!(binomial_exact(n, k), row, "C({n}, {k})");
                row = row * BigUint::from(n - k) / BigUint::from(k + 1);
            }
        }
    }
}
