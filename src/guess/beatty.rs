//! P-positions on Beatty pairs: the P-positions of the table are `(⌊kα⌋, ⌊kβ⌋)` for
//! `k = 0, 1, 2, …` (and their mirror images `(⌊kβ⌋, ⌊kα⌋)` when the table is symmetric), with
//! `α, β` quadratic irrationals recognised from the data. Wythoff's game is the classic case
//! (Wythoff 1907): `α = φ = (1 + √5)/2`, `β = φ² = φ + 1`; its variants give other quadratic
//! irrationals (e.g. `a`-Wythoff: `β = α + a`).
//!
//! From the P-positions `(a_k, b_k)` above the diagonal, in order, every `k` bounds `α` to
//! `[a_k/k, (a_k + 1)/k)` and `β` likewise. The numbers `(p + √q)/r` (`q <= 30` not a square,
//! `r <= 4`, `|p| <= 6`) in both intervals are tried, fewest bits first, and each is checked
//! exactly: `⌊k(p + √q)/r⌋ = ⌊(kp + ⌊√(k²q)⌋)/r⌋` for integers `k >= 0`, in integer arithmetic,
//! so predictions are exact for any `k` whose `k²q` fits in 128 bits.

use super::description_length as dl;
use super::grid::Table;

/// `(p + √q)/r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quadratic {
    /// `p`.
    pub p: i64,
    /// `q`, not a square.
    pub q: u64,
    /// `r >= 1`.
    pub r: u64,
}

/// `⌊√n⌋`.
pub fn isqrt(n: u128) -> u128 {
    let mut x = (n as f64).sqrt() as u128;
    while x.checked_mul(x).is_none_or(|s| s > n) {
        x -= 1;
    }
    while (x + 1).checked_mul(x + 1).is_some_and(|s| s <= n) {
        x += 1;
    }
    x
}

impl Quadratic {
    /// `⌊kα⌋` exactly (`None` if it does not fit, or is negative).
    pub fn floor_mul(&self, k: u64) -> Option<u128> {
        let k = u128::from(k);
        let s = isqrt(k.checked_mul(k)?.checked_mul(u128::from(self.q))?);
        let num = i128::try_from(s)
            .ok()?
            .checked_add(i128::try_from(k).ok()?.checked_mul(i128::from(self.p))?)?;
        u128::try_from(num.div_euclid(i128::from(self.r))).ok()
    }

    /// The value, approximately.
    pub fn approx(&self) -> f64 {
        (self.p as f64 + (self.q as f64).sqrt()) / self.r as f64
    }

    /// Bits: `p`, `q`, `r`.
    pub fn bits(&self) -> f64 {
        dl::int(i128::from(self.p)) + dl::nat(u128::from(self.q)) + dl::nat(u128::from(self.r))
    }

    /// `φ`, `φ²`, `√2`, `(1 + √5)/2`, `2 + √3`, …
    pub fn text(&self) -> String {
        match (self.p, self.q, self.r) {
            (1, 5, 2) => return "φ".to_string(),
            (3, 5, 2) => return "φ²".to_string(),
            _ => {}
        }
        let root = format!("√{}", self.q);
        let num = match self.p {
            0 => root,
            p if p > 0 => format!("{p} + {root}"),
            p => format!("{root} − {}", -p),
        };
        match self.r {
            1 => num,
            r if self.p == 0 => format!("{num}/{r}"),
            r => format!("({num})/{r}"),
        }
    }
}

/// The quadratic irrationals tried, fewest bits first.
fn candidates() -> Vec<Quadratic> {
    let mut v = Vec::new();
    for q in 2..=30u64 {
        if isqrt(u128::from(q)).pow(2) == u128::from(q) {
            continue;
        }
        for r in 1..=4u64 {
            for p in -6..=6i64 {
                let c = Quadratic { p, q, r };
                if c.approx() > 1.0 {
                    v.push(c);
                }
            }
        }
    }
    v.sort_by(|a, b| a.bits().total_cmp(&b.bits()));
    v
}

/// P-positions `(⌊kα⌋, ⌊kβ⌋)`, `k >= 0`, and their mirrors if `symmetric`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beatty {
    /// `α`.
    pub alpha: Quadratic,
    /// `β`.
    pub beta: Quadratic,
    /// The mirror images are P-positions too.
    pub symmetric: bool,
}

impl Beatty {
    /// `Some(true)` for a P-position; `None` when beyond exact arithmetic.
    pub fn is_p(&self, x: u64, y: u64) -> Option<bool> {
        Some(self.pair(x, y)? || (self.symmetric && self.pair(y, x)?))
    }

    /// Whether `(x, y) = (⌊kα⌋, ⌊kβ⌋)` for some `k >= 0`.
    fn pair(&self, x: u64, y: u64) -> Option<bool> {
        // ⌊kα⌋ increases with k (α > 1) and is at least k: search k in 0..=x
        let (mut lo, mut hi) = (0u64, x);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.alpha.floor_mul(mid)? < u128::from(x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Some(
            self.alpha.floor_mul(lo)? == u128::from(x) && self.beta.floor_mul(lo)? == u128::from(y),
        )
    }

    /// Bits: the two numbers and the symmetry.
    pub fn bits(&self) -> f64 {
        1.0 + self.alpha.bits() + self.beta.bits()
    }

    /// `P-positions: (⌊kφ⌋, ⌊kφ²⌋) and (⌊kφ²⌋, ⌊kφ⌋), k >= 0 …`.
    pub fn text(&self) -> String {
        // `⌊k(2 + √2)⌋`, not `⌊k2 + √2⌋`
        let factor = |t: String| {
            if t.contains(' ') && !t.starts_with('(') {
                format!("({t})")
            } else {
                t
            }
        };
        let (a, b) = (factor(self.alpha.text()), factor(self.beta.text()));
        let mut s = format!("P-positions (T(x, y) = 0): (⌊k{a}⌋, ⌊k{b}⌋)");
        if self.symmetric {
            s.push_str(&format!(" and (⌊k{b}⌋, ⌊k{a}⌋)"));
        }
        s.push_str(", k >= 0 (Beatty pairs");
        let golden = Quadratic { p: 1, q: 5, r: 2 };
        if self.alpha == golden && self.beta == (Quadratic { p: 3, q: 5, r: 2 }) {
            s.push_str(", φ = (1 + √5)/2: Wythoff's game");
        } else {
            s.push_str(&format!(
                ", {a} ≈ {:.6}, {b} ≈ {:.6}",
                self.alpha.approx(),
                self.beta.approx()
            ));
        }
        s.push(')');
        s
    }
}

/// The cheapest quadratic irrational `c` with `⌊kc⌋ = v_k` for every pair `(k, v_k)`.
fn recognise(seq: &[(u64, u64)]) -> Option<Quadratic> {
    let (mut lo, mut hi) = (1.0f64, f64::INFINITY);
    for &(k, v) in seq {
        lo = lo.max(v as f64 / k as f64);
        hi = hi.min((v + 1) as f64 / k as f64);
    }
    if lo >= hi + 1e-9 {
        return None;
    }
    candidates().into_iter().find(|c| {
        let a = c.approx();
        a >= lo - 1e-9
            && a <= hi + 1e-9
            && seq
                .iter()
                .all(|&(k, v)| c.floor_mul(k) == Some(u128::from(v)))
    })
}

/// The Beatty rule of the table's P-positions, if they are Beatty pairs (at least four of them
/// above the diagonal, within the square part of the table).
pub fn detect(t: &Table) -> Option<Beatty> {
    let s = t.width().min(t.height());
    let mut upper = Vec::new();
    let mut lower = Vec::new();
    for (x, y, v) in t.cells() {
        if v != 0 || x >= s || y >= s {
            continue;
        }
        if x < y {
            upper.push((x as u64, y as u64));
        } else if x > y {
            lower.push((y as u64, x as u64));
        }
    }
    upper.sort_unstable();
    lower.sort_unstable();
    if upper.len() < 4
        || upper
            .windows(2)
            .any(|w| w[1].1 <= w[0].1 || w[1].0 <= w[0].0)
    {
        return None;
    }
    let symmetric = !lower.is_empty();
    if symmetric && lower != upper {
        return None;
    }
    let a: Vec<(u64, u64)> = upper
        .iter()
        .enumerate()
        .map(|(i, p)| (i as u64 + 1, p.0))
        .collect();
    let b: Vec<(u64, u64)> = upper
        .iter()
        .enumerate()
        .map(|(i, p)| (i as u64 + 1, p.1))
        .collect();
    Some(Beatty {
        alpha: recognise(&a)?,
        beta: recognise(&b)?,
        symmetric,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn wythoffs_pairs_begin_as_published() {
        let phi = Quadratic { p: 1, q: 5, r: 2 };
        let phi2 = Quadratic { p: 3, q: 5, r: 2 };
        let a: Vec<u128> = (0..8).map(|k| phi.floor_mul(k).unwrap()).collect();
        let b: Vec<u128> = (0..8).map(|k| phi2.floor_mul(k).unwrap()).collect();
        assert_eq!(a, [0, 1, 3, 4, 6, 8, 9, 11]);
        assert_eq!(b, [0, 2, 5, 7, 10, 13, 15, 18]);
    }

    proptest! {
        #[test]
        fn floor_mul_is_the_floor_of_the_real_product(p in -6i64..=6, q in 2u64..30, r in 1u64..=4, k in 0u64..1_000_000) {
            prop_assume!(isqrt(u128::from(q)).pow(2) != u128::from(q));
            let c = Quadratic { p, q, r };
            prop_assume!(c.approx() > 0.0);
            let exact = c.floor_mul(k).map(|v| v as f64);
            let real = (k as f64 * c.approx()).floor();
            // equal unless the real product is within rounding of an integer
            if (k as f64 * c.approx() - real).abs() > 1e-6 && (k as f64 * c.approx() - real - 1.0).abs() > 1e-6 {
                prop_assert_eq!(exact, Some(real));
            }
        }

        #[test]
        fn random_beatty_pairs_are_recognised(qi in 0usize..4, a in 1u64..4) {
            // a-Wythoff-like pairs: α from a quadratic, β = α + a
            let q = [2u64, 3, 5, 7][qi];
            let alpha = Quadratic { p: 1, q, r: 1 };
            let beta = Quadratic { p: 1 + a as i64, q, r: 1 };
            let rule = Beatty { alpha, beta, symmetric: true };
            let t = Table::from_fn(80, 80, |x, y| u64::from(!rule.is_p(x, y).unwrap()));
            let found = detect(&t).unwrap();
            for k in [1000u64, 123_457] {
                let (x, y) = (alpha.floor_mul(k).unwrap() as u64, beta.floor_mul(k).unwrap() as u64);
                prop_assert_eq!(found.is_p(x, y), Some(true));
                prop_assert_eq!(found.is_p(x, y + 1), Some(false));
            }
        }

        #[test]
        fn random_p_positions_are_not_beatty_pairs(cells in proptest::collection::vec(0u64..4, 40 * 40)) {
            let t = Table::from_fn(40, 40, |x, y| cells[(x * 40 + y) as usize]);
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn the_p_positions_of_a_nim_sum_are_not_beatty_pairs(k in 1u64..4) {
            // T = x ⊕ (y mod (k + 1)): P-positions x = y mod (k + 1), many per row
            let t = Table::from_fn(40, 40, |x, y| x ^ (y % (k + 1)));
            prop_assert!(detect(&t).is_none());
        }
    }
}
