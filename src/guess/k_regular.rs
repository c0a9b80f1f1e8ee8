// Why this file is long: one detector: the rule (`Regular`: values, text, description length), the
// linear algebra modulo a Mersenne prime it solves with, and the search for both forms of rule; its
// code is under the limit, the rest is tests (property tests on random sequences).
//! `k`-regular sequences (Allouche and Shallit 1992): `G` is `k`-regular when its `k`-kernel, the
//! subsequences `n ↦ G(k^e·n + r)` (`e >= 0`, `0 <= r < k^e`), spans a finite-dimensional space
//! over the rationals. Then `G` has a *linear representation*: kernel subsequences
//! `F₀ = G, F₁, …, F_{d−1}` with `F_i(kn + b) = Σ_j A_b[i][j]·F_j(n)` for every digit `b < k`, so
//! that `G(n)` is read off the digits of `n` in base `k` by `d × d` matrix products from the
//! vector `F(0)`. Stern's diatomic sequence, the ruler function, `popcount`, `n`, every eventually
//! periodic sequence and the nim-sequences of many games defined by halving are `k`-regular.
//!
//! **Detection** (the method of Allouche and Shallit, *The ring of k-regular sequences*, §6, as
//! in Sage's `kRegularSequenceSpace.guess`): a basis of the kernel is grown breadth first from
//! `G`: each child `F_i(kn + b)` of a basis element is tested against the basis by linear algebra
//! over the rationals on the values the data give it (modulo the prime `2^61 − 1`, the
//! coefficients recovered as fractions by rational reconstruction and then checked exactly on
//! every value); a child in the span gives a row of `A_b`, any other joins the basis. The basis
//! may have at most [`MAX_DIM`] elements, and every relation must be checked on at least
//! `2d + 8` values (`d` the size of the basis), so that random data never close the basis: their
//! children are all independent until the data run out. The bases `k = 2, 3, 5, 6, 7` are tried.
//!
//! **The rule.** When the same data also satisfy a *recursion on shifts*,
//! `G(kn + b) = Σ_{j <= J} c_{b,j}·G(n + j) + β_b·n + γ_b` with integer coefficients (found the
//! same way, `J <= 2`), that recursion is the rule, written as such — for Stern's sequence
//! `G(2n) = G(n), G(2n + 1) = G(n) + G(n + 1)`; otherwise the rule is the linear representation,
//! written as relations between named kernel subsequences. Either way the caller's held-out
//! values test it, and its description length (coefficients, addresses of the basis, initial
//! values) must be much shorter than the data.
//!
//! ```
//! use grundy::guess::k_regular::detect;
//! // Stern's diatomic sequence: s(0) = 0, s(1) = 1, s(2n) = s(n), s(2n + 1) = s(n) + s(n + 1)
//! let mut s = vec![0u64, 1];
//! for n in 2..600 {
//!     s.push(if n % 2 == 0 { s[n / 2] } else { s[n / 2] + s[n / 2 + 1] });
//! }
//! let rule = detect(&s).unwrap();
//! assert_eq!(
//!     rule.text(),
//!     "G(2n) = G(n), G(2n + 1) = G(n) + G(n + 1) for arguments >= 3; G(0), …, G(2) = (0 1 1)"
//! );
//! assert_eq!(rule.value(10u64.pow(12) + 7), Some(4_931_639));
//! ```

use super::description_length as dl;
use super::periodic::list;

/// The most kernel subsequences in a basis.
pub const MAX_DIM: usize = 8;
/// The bases tried (4 is left out: a sequence is 4-regular exactly when it is 2-regular).
const BASES: [u64; 5] = [2, 3, 5, 6, 7];
/// Values a relation is checked on beyond the `2d` it needs: `w >= 2d + MARGIN`.
const MARGIN: usize = 8;
/// The most shifts `G(n + j)` in a recursion on shifts.
const MAX_SHIFT: usize = 2;

/// A `k`-regular rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regular {
    /// The base `k >= 2`.
    pub k: u64,
    /// How the values are computed.
    pub form: Form,
}

/// The two ways of writing a `k`-regular rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// `G(kn + b) = Σ_j shifts[b][j]·G(n + j) + beta[b]·n + gamma[b]` for `kn + b >= base.len()`;
    /// `G(n) = base[n]` below.
    Shifts {
        /// `c_{b,j}` for `j = 0..=J`.
        shifts: Vec<Vec<i128>>,
        /// `β_b`.
        beta: Vec<i128>,
        /// `γ_b`.
        gamma: Vec<i128>,
        /// `G(0..L)`, where `L` is the least argument from which every `n + j` on the right is
        /// below the argument on the left.
        base: Vec<u64>,
    },
    /// A linear representation: `F_i(n) = G(k^e_i·n + r_i)` for `basis[i] = (e_i, r_i)`
    /// (`basis[0] = (0, 0)`: `F₀ = G`), `F_i(kn + b) = Σ_j num[b][i][j]·F_j(n) / den[b][i]`, and
    /// `F(0) = init`.
    Linear {
        /// The kernel addresses `(e, r)` of the basis.
        basis: Vec<(u32, u64)>,
        /// Numerators of the rows of `A_b`.
        num: Vec<Vec<Vec<i128>>>,
        /// The common denominator of each row of `A_b` (`>= 1`).
        den: Vec<Vec<i128>>,
        /// `F(0)`.
        init: Vec<i128>,
    },
}

impl Regular {
    /// The value at `n` (`None` where the rule leaves the nonnegative integers or overflows).
    pub fn value(&self, n: u64) -> Option<u128> {
        let v = match &self.form {
            Form::Shifts { .. } => self.shift_value(n)?,
            Form::Linear { .. } => self.linear_value(n)?,
        };
        u128::try_from(v).ok()
    }

    /// Whether the rule is a recursion on shifts.
    pub fn has_shifts(&self) -> bool {
        matches!(self.form, Form::Shifts { .. })
    }

    /// The values at `0..len`: [`Regular::value`] at each, a recursion on shifts computing them
    /// in one pass from the smaller ones.
    pub fn prefix(&self, len: usize) -> Vec<Option<u128>> {
        let Form::Shifts {
            shifts,
            beta,
            gamma,
            base,
        } = &self.form
        else {
            return (0..len as u64).map(|n| self.value(n)).collect();
        };
        // validated by value() at the last argument (same shapes): fall back when it fails
        let k = self.k as usize;
        if len == 0 || self.shift_value(0).is_none() {
            return (0..len as u64).map(|n| self.value(n)).collect();
        }
        let mut out: Vec<Option<i128>> = Vec::with_capacity(len);
        for x in 0..len {
            let v = if x < base.len() {
                Some(i128::from(base[x]))
            } else {
                let (m, b) = (x / k, x % k);
                let mut s = beta[b]
                    .checked_mul(m as i128)
                    .and_then(|v| v.checked_add(gamma[b]));
                for (j, &c) in shifts[b].iter().enumerate() {
                    if c != 0 {
                        let g = out.get(m + j).copied().flatten();
                        s = s.and_then(|s| s.checked_add(c.checked_mul(g?)?));
                    }
                }
                s
            };
            out.push(v);
        }
        out.into_iter()
            .map(|v| v.and_then(|v| u128::try_from(v).ok()))
            .collect()
    }

    fn shift_value(&self, n: u64) -> Option<i128> {
        let Form::Shifts {
            shifts,
            beta,
            gamma,
            base,
        } = &self.form
        else {
            return None;
        };
        let (k, l) = (self.k, base.len() as u64);
        let kb = k as usize;
        if k < 2 || [shifts.len(), beta.len(), gamma.len()] != [kb; 3] || shifts[0].is_empty() {
            return None;
        }
        if shifts.iter().any(|c| c.len() != shifts[0].len()) {
            return None;
        }
        let j_max = shifts[0].len() as u64 - 1;
        // the arguments needed, level by level: intervals [lo, hi] of at most WIDTH arguments
        // (hi − lo <= (hi − lo)/k + 1 + J at the next level, so at most 2(J + 1) + 1 <= 7)
        const WIDTH: usize = 16;
        let mut levels = [(0u64, 0u64); 72];
        let mut depth = 0;
        levels[0] = (n, n);
        while levels[depth].1 >= l {
            let (lo, hi) = levels[depth];
            depth += 1;
            if depth == levels.len() {
                return None;
            }
            levels[depth] = (lo / k, hi / k + j_max);
        }
        let mut below = [0i128; WIDTH];
        let mut here = [0i128; WIDTH];
        let mut below_lo = 0u64;
        for &(lo, hi) in levels[..=depth].iter().rev() {
            if hi - lo >= WIDTH as u64 {
                return None;
            }
            for x in lo..=hi {
                here[(x - lo) as usize] = if x < l {
                    i128::from(base[x as usize])
                } else {
                    let (m, b) = (x / k, (x % k) as usize);
                    let mut s = beta[b].checked_mul(i128::from(m))?.checked_add(gamma[b])?;
                    for (j, &c) in shifts[b].iter().enumerate() {
                        if c != 0 {
                            let g = below[(m + j as u64 - below_lo) as usize];
                            s = s.checked_add(c.checked_mul(g)?)?;
                        }
                    }
                    s
                };
            }
            std::mem::swap(&mut below, &mut here);
            below_lo = lo;
        }
        Some(below[0])
    }

    fn linear_value(&self, n: u64) -> Option<i128> {
        let Form::Linear { num, den, init, .. } = &self.form else {
            return None;
        };
        let (d, kb) = (init.len(), self.k as usize);
        if self.k < 2 || d == 0 || d > MAX_DIM || num.len() != kb || den.len() != kb {
            return None;
        }
        if (0..kb).any(|b| num[b].len() != d || den[b].len() != d || den[b].contains(&0)) {
            return None;
        }
        let mut digits = [0u8; 64];
        let mut len = 0;
        let mut m = n;
        while m > 0 {
            digits[len] = (m % self.k) as u8;
            len += 1;
            m /= self.k;
        }
        let mut v = [0i128; MAX_DIM];
        v[..d].copy_from_slice(init);
        for &b in digits[..len].iter().rev() {
            let mut next = [0i128; MAX_DIM];
            for (i, x) in next[..d].iter_mut().enumerate() {
                let mut s = 0i128;
                for (&a, &y) in num[b as usize][i].iter().zip(&v[..d]) {
                    s = s.checked_add(a.checked_mul(y)?)?;
                }
                let q = den[b as usize][i];
                if s % q != 0 {
                    return None;
                }
                *x = s / q;
            }
            v = next;
        }
        Some(v[0])
    }

    /// Bits: the base, the coefficients, and the initial values (and, for a linear
    /// representation, the addresses of its basis).
    pub fn bits(&self) -> f64 {
        let head = dl::TAG + dl::nat(u128::from(self.k));
        match &self.form {
            Form::Shifts {
                shifts,
                beta,
                gamma,
                base,
            } => {
                head + dl::nat(shifts[0].len() as u128)
                    + shifts.iter().flatten().map(|&c| dl::int(c)).sum::<f64>()
                    + beta.iter().chain(gamma).map(|&c| dl::int(c)).sum::<f64>()
                    + base.iter().map(|&v| dl::nat(u128::from(v))).sum::<f64>()
            }
            Form::Linear {
                basis,
                num,
                den,
                init,
            } => {
                let addresses: f64 = basis
                    .iter()
                    .skip(1)
                    .map(|&(e, r)| dl::nat(u128::from(e)) + dl::nat(u128::from(r)))
                    .sum();
                let rows: f64 = num
                    .iter()
                    .flatten()
                    .zip(den.iter().flatten())
                    .map(|(row, &d)| {
                        row.iter().map(|&a| dl::int(a)).sum::<f64>() + dl::nat((d - 1) as u128)
                    })
                    .sum();
                head + dl::nat(basis.len() as u128)
                    + addresses
                    + rows
                    + init.iter().map(|&v| dl::int(v)).sum::<f64>()
            }
        }
    }

    /// The rule in the field's notation (module docs).
    pub fn text(&self) -> String {
        let k = self.k;
        let lhs = |name: &str, b: u64| match b {
            0 => format!("{name}({k}n)"),
            _ => format!("{name}({k}n + {b})"),
        };
        match &self.form {
            Form::Shifts {
                shifts,
                beta,
                gamma,
                base,
            } => {
                let branches: Vec<String> = (0..k as usize)
                    .map(|b| {
                        let mut terms: Vec<(i128, i128, String)> = shifts[b]
                            .iter()
                            .enumerate()
                            .map(|(j, &c)| (c, 1, shifted("G", j)))
                            .collect();
                        terms.push((beta[b], 1, "n".to_string()));
                        terms.push((gamma[b], 1, String::new()));
                        format!("{} = {}", lhs("G", b as u64), combination(&terms))
                    })
                    .collect();
                let l = base.len();
                match l {
                    0 => branches.join(", "),
                    1 => format!(
                        "{} for arguments >= 1; G(0) = {}",
                        branches.join(", "),
                        base[0]
                    ),
                    _ => format!(
                        "{} for arguments >= {l}; G(0), …, G({}) = ({})",
                        branches.join(", "),
                        l - 1,
                        list(base)
                    ),
                }
            }
            Form::Linear {
                basis,
                num,
                den,
                init,
            } => {
                let name = |i: usize| match i {
                    0 => "G".to_string(),
                    _ => format!("H{}", subscript(i)),
                };
                let defs: Vec<String> = basis
                    .iter()
                    .enumerate()
                    .skip(1)
                    .map(|(i, &(e, r))| {
                        let ke = k.pow(e);
                        match r {
                            0 => format!("{}(n) = G({ke}n)", name(i)),
                            _ => format!("{}(n) = G({ke}n + {r})", name(i)),
                        }
                    })
                    .collect();
                let mut rels = Vec::new();
                for i in 0..basis.len() {
                    for b in 0..k as usize {
                        let terms: Vec<(i128, i128, String)> = num[b][i]
                            .iter()
                            .enumerate()
                            .map(|(j, &a)| (a, den[b][i], format!("{}(n)", name(j))))
                            .collect();
                        rels.push(format!(
                            "{} = {}",
                            lhs(&name(i), b as u64),
                            combination(&terms)
                        ));
                    }
                }
                let inits: Vec<String> = init
                    .iter()
                    .enumerate()
                    .map(|(i, v)| format!("{}(0) = {v}", name(i)))
                    .collect();
                format!(
                    "G is {k}-regular: with {}: {}; {}",
                    defs.join(", "),
                    rels.join(", "),
                    inits.join(", ")
                )
            }
        }
    }
}

fn subscript(i: usize) -> String {
    i.to_string()
        .chars()
        .map(|c| char::from_u32(0x2080 + c.to_digit(10).unwrap_or(0)).unwrap_or(c))
        .collect()
}

/// `G(n)`, `G(n + 2)`.
fn shifted(name: &str, j: usize) -> String {
    match j {
        0 => format!("{name}(n)"),
        _ => format!("{name}(n + {j})"),
    }
}

/// `Σ (num/den)·x` written plainly (terms with coefficient 0 left out, a positive term first):
/// `G(n) + G(n + 1)`, `2H₁(n) − G(n)`, `(1/2)G(n) + 3`, `0`.
fn combination(terms: &[(i128, i128, String)]) -> String {
    let mut terms: Vec<&(i128, i128, String)> = terms.iter().filter(|t| t.0 != 0).collect();
    if let Some(i) = terms.iter().position(|t| t.0 > 0) {
        let t = terms.remove(i);
        terms.insert(0, t);
    }
    if terms.is_empty() {
        return "0".to_string();
    }
    let mut s = String::new();
    for (i, &&(c, d, ref x)) in terms.iter().enumerate() {
        let g = gcd(c.unsigned_abs(), d.unsigned_abs()).max(1);
        let (mag, d) = (c.unsigned_abs() / g, d.unsigned_abs() / g);
        let body = match (mag, d, x.is_empty()) {
            (_, 1, true) => mag.to_string(),
            (m, d, true) => format!("{m}/{d}"),
            (1, 1, false) => x.clone(),
            (m, 1, false) => format!("{m}{x}"),
            (m, d, false) => format!("({m}/{d}){x}"),
        };
        match (i, c < 0) {
            (0, true) => s = format!("−{body}"),
            (0, false) => s = body,
            (_, true) => s.push_str(&format!(" − {body}")),
            (_, false) => s.push_str(&format!(" + {body}")),
        }
    }
    s
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

// ---- linear algebra modulo the prime 2^61 − 1 ----

const P: u64 = (1 << 61) - 1;

fn mul(a: u64, b: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(P)) as u64
}

fn sub(a: u64, b: u64) -> u64 {
    if a >= b { a - b } else { a + P - b }
}

fn inv(a: u64) -> u64 {
    // a^(P − 2)
    let (mut r, mut b, mut e) = (1u64, a, P - 2);
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, b);
        }
        b = mul(b, b);
        e >>= 1;
    }
    r
}

fn modp(v: i128) -> u64 {
    v.rem_euclid(i128::from(P)) as u64
}

/// The outcome of solving `Σ_j x_j·cols[j] = rhs` on some rows.
enum Solved {
    /// The columns are independent on the rows and `rhs` is in their span: the unique `x`.
    Unique(Vec<u64>),
    /// `rhs` is not in the span.
    Inconsistent,
    /// The columns are dependent on the rows.
    Deficient,
}

/// Gaussian elimination modulo `P` of the system whose row `n < rows` is
/// `Σ_j x_j·col(j, n) = rhs(n)`.
fn solve(
    d: usize,
    rows: usize,
    col: impl Fn(usize, usize) -> i128,
    rhs: impl Fn(usize) -> i128,
) -> Solved {
    let mut m: Vec<Vec<u64>> = (0..rows)
        .map(|n| {
            (0..d)
                .map(|j| modp(col(j, n)))
                .chain([modp(rhs(n))])
                .collect()
        })
        .collect();
    for c in 0..d {
        let Some(p) = (c..rows).find(|&r| m[r][c] != 0) else {
            return Solved::Deficient;
        };
        m.swap(c, p);
        let iv = inv(m[c][c]);
        for x in m[c].iter_mut() {
            *x = mul(*x, iv);
        }
        let pivot = m[c].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != c && row[c] != 0 {
                let f = row[c];
                for (x, &p) in row.iter_mut().zip(&pivot) {
                    *x = sub(*x, mul(f, p));
                }
            }
        }
    }
    if m[d..].iter().any(|row| row[d] != 0) {
        return Solved::Inconsistent;
    }
    Solved::Unique(m[..d].iter().map(|row| row[d]).collect())
}

/// The fraction `p/q` (`q >= 1`, `|p|, q < 2^30`) congruent to `a` modulo `P`, if any
/// (rational reconstruction by the extended Euclidean algorithm).
fn fraction(a: u64) -> Option<(i128, i128)> {
    let bound = 1i128 << 30;
    let (mut r0, mut r1) = (i128::from(P), i128::from(a));
    let (mut t0, mut t1) = (0i128, 1i128);
    while r1 >= bound {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    if t1 == 0 || t1.abs() >= bound {
        return None;
    }
    let (p, q) = if t1 < 0 { (-r1, -t1) } else { (r1, t1) };
    (mul(modp(q), a) == modp(p)).then_some((p, q))
}

/// Exact coefficients `(numerators, common denominator)` of a solution modulo `P`, if they are
/// small fractions.
fn exact(x: &[u64]) -> Option<(Vec<i128>, i128)> {
    let fr: Vec<(i128, i128)> = x.iter().map(|&a| fraction(a)).collect::<Option<_>>()?;
    let mut den = 1i128;
    for &(_, q) in &fr {
        den = den.checked_mul(q / gcd(den as u128, q as u128) as i128)?;
    }
    let num = fr
        .iter()
        .map(|&(p, q)| p.checked_mul(den / q))
        .collect::<Option<_>>()?;
    Some((num, den))
}

/// Whether `target(n)·den = Σ_j num_j·col(j, n)` for every `n < rows`, exactly.
fn holds(
    num: &[i128],
    den: i128,
    rows: usize,
    col: impl Fn(usize, usize) -> i128,
    target: impl Fn(usize) -> i128,
) -> bool {
    (0..rows).all(|n| {
        let mut s = Some(0i128);
        for (j, &a) in num.iter().enumerate() {
            if a != 0 {
                s = s.and_then(|s| s.checked_add(a.checked_mul(col(j, n))?));
            }
        }
        s.is_some() && s == target(n).checked_mul(den)
    })
}

/// Where `target` stands with respect to the span of `d` columns on `rows` values.
enum Member {
    /// `target = Σ num_j·col_j / den`, checked on every row.
    Yes(Vec<i128>, i128),
    /// Not in the span.
    No,
    /// The rows do not tell (the columns are dependent on them).
    Unknown,
}

/// Decide membership on a few rows first (doubling while they do not tell), then check exactly
/// on all of them.
fn member(
    d: usize,
    rows: usize,
    col: impl Fn(usize, usize) -> i128 + Copy,
    target: impl Fn(usize) -> i128 + Copy,
) -> Member {
    let mut w = rows.min(2 * d + 16);
    loop {
        match solve(d, w, col, target) {
            Solved::Unique(x) => {
                return match exact(&x) {
                    Some((num, den)) if holds(&num, den, rows, col, target) => {
                        Member::Yes(num, den)
                    }
                    _ => Member::No,
                };
            }
            Solved::Inconsistent => return Member::No,
            Solved::Deficient if w == rows => return Member::Unknown,
            Solved::Deficient => w = rows.min(2 * w),
        }
    }
}

// ---- detection ----

/// The best `k`-regular rule for `t` (the cheapest over the bases tried), or `None`.
pub fn detect(t: &[u64]) -> Option<Regular> {
    let mut best: Option<Regular> = None;
    for k in BASES {
        if let Some(r) = detect_k(t, k)
            && best.as_ref().is_none_or(|b| r.bits() < b.bits())
        {
            best = Some(r);
        }
    }
    best
}

/// The `k`-regular rule of `t`: a recursion on shifts if one holds, else the linear
/// representation.
pub fn detect_k(t: &[u64], k: u64) -> Option<Regular> {
    let linear = representation(t, k)?;
    let form = shifts(t, k).unwrap_or(linear);
    Some(Regular { k, form })
}

/// The linear representation of `t` in base `k` (module docs).
fn representation(t: &[u64], k: u64) -> Option<Form> {
    let n = t.len() as u64;
    let len_of = |(e, r): (u32, u64)| -> usize {
        match k.checked_pow(e) {
            Some(ke) if r < n => ((n - 1 - r) / ke + 1) as usize,
            _ => 0,
        }
    };
    if t.iter().all(|&v| v == 0) {
        // the zero sequence: F₀ = G = 0 spans its kernel alone, with A_b = (0)
        return Some(Form::Linear {
            basis: vec![(0, 0)],
            num: vec![vec![vec![0]]; k as usize],
            den: vec![vec![1]; k as usize],
            init: vec![0],
        });
    }
    let at = |(e, r): (u32, u64), m: usize| i128::from(t[(k.pow(e) * m as u64 + r) as usize]);
    let mut basis: Vec<(u32, u64)> = vec![(0, 0)];
    // rel[i][b]: F_i(kn + b) as (numerators over the basis so far, denominator)
    let mut rel: Vec<Vec<(Vec<i128>, i128)>> = Vec::new();
    let mut i = 0;
    while i < basis.len() {
        let (e, r) = basis[i];
        let ke = k.checked_pow(e)?;
        let mut row = Vec::with_capacity(k as usize);
        for b in 0..k {
            let child = (e + 1, r + b * ke);
            let d = basis.len();
            let w = basis
                .iter()
                .map(|&a| len_of(a))
                .chain([len_of(child)])
                .min()?;
            if w < 2 * d + MARGIN {
                return None;
            }
            let snapshot = basis.clone();
            let col = |j: usize, m: usize| at(snapshot[j], m);
            match member(d, w, col, |m| at(child, m)) {
                Member::Yes(num, den) => row.push((num, den)),
                Member::No if d < MAX_DIM => {
                    let mut unit = vec![0; d + 1];
                    unit[d] = 1;
                    basis.push(child);
                    row.push((unit, 1));
                }
                _ => return None,
            }
        }
        rel.push(row);
        i += 1;
    }
    let d = basis.len();
    let mut num = vec![vec![Vec::new(); d]; k as usize];
    let mut den = vec![vec![1; d]; k as usize];
    for (i, row) in rel.into_iter().enumerate() {
        for (b, (mut nu, de)) in row.into_iter().enumerate() {
            nu.resize(d, 0);
            num[b][i] = nu;
            den[b][i] = de;
        }
    }
    let init = basis
        .iter()
        .map(|&(_, r)| i128::from(t[r as usize]))
        .collect();
    Some(Form::Linear {
        basis,
        num,
        den,
        init,
    })
}

/// A recursion on shifts with integer coefficients holding on all of `t`, the fewest shifts
/// first (module docs).
fn shifts(t: &[u64], k: u64) -> Option<Form> {
    let n = t.len();
    let g = |m: usize| i128::from(t[m]);
    for j_max in 0..=MAX_SHIFT {
        // the least L with ⌊x/k⌋ + J < x for every x >= L
        let l = (0..).find(|&x: &usize| x - x / k as usize > j_max)?;
        if 2 * l > n {
            return None;
        }
        let mut shifts = Vec::new();
        let (mut beta, mut gamma) = (Vec::new(), Vec::new());
        for b in 0..k as usize {
            // rows: m with L <= km + b < n
            let m0 = (l.saturating_sub(b)).div_ceil(k as usize);
            if k as usize * m0 + b >= n {
                break;
            }
            let top = (n - 1 - b) / k as usize; // the largest m with km + b < n
            if top + j_max >= n || top + 1 < m0 + 2 * (j_max + 3) + MARGIN {
                break;
            }
            let rows = top + 1 - m0;
            // columns: G(m + j) for j <= J, then 1 and m; those dependent on the earlier ones are
            // left out (their coefficient is 0)
            let all = j_max + 3;
            let column = move |c: usize, i: usize| -> i128 {
                let m = m0 + i;
                match c {
                    c if c <= j_max => g(m + c),
                    c if c == j_max + 1 => 1,
                    _ => m as i128,
                }
            };
            let mut chosen: Vec<usize> = Vec::new();
            for c in 0..all {
                let cols = chosen.clone();
                let dep = member(
                    cols.len(),
                    rows,
                    |j, i| column(cols[j], i),
                    |i| column(c, i),
                );
                match dep {
                    Member::No => chosen.push(c),
                    Member::Yes(..) => {}
                    Member::Unknown => return None,
                }
            }
            let target = |i: usize| g(k as usize * (m0 + i) + b);
            let cols = chosen.clone();
            let Member::Yes(num, 1) = member(cols.len(), rows, |j, i| column(cols[j], i), target)
            else {
                break;
            };
            let mut coef = vec![0i128; all];
            for (&c, &a) in chosen.iter().zip(&num) {
                coef[c] = a;
            }
            gamma.push(coef[j_max + 1]);
            beta.push(coef[j_max + 2]);
            coef.truncate(j_max + 1);
            shifts.push(coef);
        }
        if shifts.len() == k as usize {
            return Some(Form::Shifts {
                shifts,
                beta,
                gamma,
                base: t[..l].to_vec(),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::classes::{Class, any_class};
    use super::*;
    use proptest::prelude::*;

    fn seq(len: usize, f: impl Fn(u64) -> u64) -> Vec<u64> {
        (0..len as u64).map(f).collect()
    }

    #[test]
    fn sterns_diatomic_sequence_is_its_recursion() {
        let t = Class::Stern.values(1000).unwrap();
        let r = detect(&t).unwrap();
        assert_eq!(
            r.text(),
            "G(2n) = G(n), G(2n + 1) = G(n) + G(n + 1) for arguments >= 3; G(0), …, G(2) = (0 1 1)"
        );
        assert!(Class::Stern.agrees(1000, |n| r.value(n)));
    }

    #[test]
    fn the_ruler_function_and_popcount_are_two_regular() {
        // the ruler function: 1 + v₂(n + 1) (1 2 1 3 1 2 1 4 …)
        let ruler = seq(800, |n| 1 + u64::from((n + 1).trailing_zeros()));
        let r = detect(&ruler).unwrap();
        assert_eq!(r.k, 2);
        assert!(
            r.text().starts_with("G(2n) = 1, G(2n + 1) = G(n) + 1"),
            "{}",
            r.text()
        );
        assert_eq!(r.value((1 << 40) - 1), Some(41));
        let pop = seq(800, |n| u64::from(n.count_ones()));
        let r = detect(&pop).unwrap();
        assert!(
            r.text().starts_with("G(2n) = G(n), G(2n + 1) = G(n) + 1"),
            "{}",
            r.text()
        );
        assert_eq!(r.value(u64::MAX >> 1), Some(63));
        // lowbit (the Ruler game)
        let lowbit = seq(800, |n| n & n.wrapping_neg());
        let r = detect(&lowbit).unwrap();
        assert_eq!(r.value(3 << 40), Some(1 << 40));
    }

    #[test]
    fn a_representation_without_a_recursion_on_shifts_is_written_by_its_kernel() {
        // v(2n) = A₀v(n), v(2n + 1) = A₁v(n) with a 3-dimensional state
        let c = Class::Regular {
            k: 2,
            lambda: vec![1, 0, 2],
            a: vec![
                vec![vec![1, 1, 0], vec![0, 0, 1], vec![0, 2, 1]],
                vec![vec![0, 1, 2], vec![1, 0, 0], vec![2, 1, 0]],
            ],
        };
        let t = c.values(1500).unwrap();
        let r = detect(&t).unwrap();
        assert!(c.agrees(1500, |n| r.value(n)), "{}", r.text());
        assert!(r.text().contains("-regular"), "{}", r.text());
    }

    #[test]
    fn the_prefix_is_the_values_one_by_one() {
        for c in [
            Class::Stern,
            Class::Binary {
                family: 1,
                a: 0,
                b: 0,
            },
        ] {
            let t = c.values(700).unwrap();
            let r = detect(&t).unwrap();
            let one_by_one: Vec<Option<u128>> = (0..3000).map(|n| r.value(n)).collect();
            assert_eq!(r.prefix(3000), one_by_one);
        }
    }

    #[test]
    fn fractions_are_recovered_from_their_residues() {
        for (p, q) in [(1i128, 2i128), (-3, 7), (0, 1), (5, 1), (-1, 1)] {
            let a = mul(modp(p), inv(modp(q)));
            assert_eq!(fraction(a), Some((p, q)));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn random_linear_representations_are_found(c in any_class().prop_filter("regular", |c| matches!(c, Class::Regular { .. }))) {
            let t = c.values(1500).unwrap();
            let r = detect(&t);
            prop_assert!(r.is_some(), "{:?}", c);
            let r = r.unwrap();
            prop_assert!(c.agrees(1500, |n| r.value(n)), "{:?}: {}", c, r.text());
        }

        #[test]
        fn other_classes_give_no_rule_or_the_right_one(c in any_class()) {
            // periodic, arithmetic-periodic, residue-class, binary, kernel and many closed-form
            // sequences are k-regular too; Beatty sequences are not
            use super::super::{classes, sequence::SeqRule};
            classes::other_class_gives_no_rule_or_the_right_one(&c, 600, |t| detect(t).map(SeqRule::Regular), |c| matches!(c, classes::Class::Beatty { .. }))?;
        }

        #[test]
        fn random_values_are_not_k_regular(t in proptest::collection::vec(0u64..1000, 20..600)) {
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn random_small_values_are_not_k_regular(t in proptest::collection::vec(0u64..3, 20..600)) {
            prop_assert!(detect(&t).is_none());
        }
    }
}
