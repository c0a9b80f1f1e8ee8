//! Sequences of every class the detectors look for, with random parameters, for the tests: each
//! detector must find its own class and must not fire wrongly on the others (a rule it gives must
//! predict the sequence far beyond the data) nor on random values.

use proptest::prelude::*;

use super::formula::{Expr, Op};
use super::kernel::Kernel;

/// A generated sequence: its value at any `n` (`None` where it overflows).
#[derive(Clone, Debug)]
pub enum Class {
    /// `head[n]`, then `block[n mod p]`.
    Periodic { head: Vec<u64>, block: Vec<u64> },
    /// `offsets[n mod p] + s·⌊n/p⌋`.
    Arithmetic { offsets: Vec<u64>, saltus: u64 },
    /// `slopes[r]·k + intercepts[r]` for `n = mk + r`.
    Residues {
        slopes: Vec<u64>,
        intercepts: Vec<u64>,
    },
    /// `lowbit(n + a) + b` (0), `popcount(n + a) + b` (1), `v₂(n + 1 + a) + b` (2),
    /// `2n + b + [popcount(n) even]` (3), `n xor b` (4).
    Binary { family: u8, a: u64, b: u64 },
    /// An affine recursion on the 2-kernel.
    Kernel(Kernel),
    /// `n op c` (or `c op n`) for an operation of the grammar.
    Formula(Expr),
    /// `⌊n·√m⌋` (`m` not a square), or `⌊n·φ⌋` for `m = 5`.
    Beatty { m: u64 },
    /// Stern's diatomic sequence.
    Stern,
    /// `λ·v(n)` with `v(0) = e₀`, `v(kn + b) = A_b·v(n)`: a random linear representation.
    Regular {
        k: u64,
        lambda: Vec<u64>,
        a: Vec<Vec<Vec<u64>>>,
    },
}

fn isqrt(v: u128) -> u128 {
    let mut x = (v as f64).sqrt() as u128;
    while x * x > v {
        x -= 1;
    }
    while (x + 1) * (x + 1) <= v {
        x += 1;
    }
    x
}

impl Class {
    /// The value at `n`.
    pub fn value(&self, n: u64) -> Option<u128> {
        let n128 = u128::from(n);
        match self {
            Class::Periodic { head, block } => Some(u128::from(match head.get(n as usize) {
                Some(&v) => v,
                None => block[(n % block.len() as u64) as usize],
            })),
            Class::Arithmetic { offsets, saltus } => {
                let p = offsets.len() as u64;
                Some(
                    u128::from(offsets[(n % p) as usize]) + u128::from(*saltus) * u128::from(n / p),
                )
            }
            Class::Residues { slopes, intercepts } => {
                let m = slopes.len() as u64;
                let r = (n % m) as usize;
                Some(u128::from(slopes[r]) * u128::from(n / m) + u128::from(intercepts[r]))
            }
            Class::Binary { family, a, b } => {
                let m = n.checked_add(*a)?;
                Some(match family {
                    0 => u128::from(m & m.wrapping_neg()) + u128::from(*b),
                    1 => u128::from(m.count_ones()) + u128::from(*b),
                    2 => u128::from(m.checked_add(1)?.trailing_zeros()) + u128::from(*b),
                    3 => 2 * n128 + u128::from(*b) + u128::from(n.count_ones().is_multiple_of(2)),
                    _ => u128::from(n ^ *b),
                })
            }
            Class::Kernel(k) => k.value(n),
            Class::Formula(e) => e.eval(&[n]).and_then(|v| u128::try_from(v).ok()),
            Class::Beatty { m: 5 } => Some((n128 + isqrt(5 * n128 * n128)) / 2),
            Class::Beatty { m } => Some(isqrt(u128::from(*m) * n128 * n128)),
            Class::Stern => {
                // (s(m), s(m + 1)) down the binary digits of n
                let (mut a, mut b) = (0u128, 1u128);
                for i in (0..64 - n.leading_zeros()).rev() {
                    if n >> i & 1 == 0 {
                        b = a.checked_add(b)?;
                    } else {
                        a = a.checked_add(b)?;
                    }
                }
                Some(a)
            }
            Class::Regular { k, lambda, a } => {
                let d = lambda.len();
                let mut digits = Vec::new();
                let mut m = n;
                while m > 0 {
                    digits.push((m % k) as usize);
                    m /= k;
                }
                let mut v: Vec<u128> = (0..d).map(|i| u128::from(i == 0)).collect();
                for &b in digits.iter().rev() {
                    let mut next = vec![0u128; d];
                    for (i, x) in next.iter_mut().enumerate() {
                        for (j, &vj) in v.iter().enumerate() {
                            *x = x.checked_add(u128::from(a[b][i][j]).checked_mul(vj)?)?;
                        }
                    }
                    v = next;
                }
                let mut s = 0u128;
                for (l, x) in lambda.iter().zip(&v) {
                    s = s.checked_add(u128::from(*l).checked_mul(*x)?)?;
                }
                (s < 1 << 100).then_some(s)
            }
        }
    }

    /// `G(0..len)` (`None` if a value does not fit in a `u64`).
    pub fn values(&self, len: usize) -> Option<Vec<u64>> {
        (0..len as u64)
            .map(|n| self.value(n).and_then(|v| u64::try_from(v).ok()))
            .collect()
    }

    /// Whether `rule` gives the class's value at `len..2·len` and at a few far points (where the
    /// class's value is known).
    pub fn agrees(&self, len: usize, rule: impl Fn(u64) -> Option<u128>) -> bool {
        let far = [1_000_003u64, (1 << 30) + 1, 3u64.pow(19) + 2];
        (len as u64..2 * len as u64)
            .chain(far)
            .all(|n| self.value(n).is_none_or(|v| rule(n) == Some(v)))
    }
}

/// One of the classes, with random parameters.
pub fn any_class() -> impl Strategy<Value = Class> {
    let periodic = (
        proptest::collection::vec(0u64..30, 0..6),
        proptest::collection::vec(0u64..6, 2..9),
    )
        .prop_filter("not constant", |(_, b)| b.iter().any(|&v| v != b[0]))
        .prop_map(|(head, block)| Class::Periodic { head, block });
    let arithmetic = (proptest::collection::vec(0u64..8, 1..6), 1u64..5)
        .prop_map(|(offsets, saltus)| Class::Arithmetic { offsets, saltus });
    let residues = (
        proptest::collection::vec(0u64..5, 2..7),
        proptest::collection::vec(0u64..10, 7),
    )
        .prop_filter("a slope", |(s, _)| s.iter().any(|&a| a > 0))
        .prop_map(|(slopes, mut intercepts)| {
            intercepts.truncate(slopes.len());
            Class::Residues { slopes, intercepts }
        });
    let binary = (0u8..5, 0u64..4, 0u64..20).prop_map(|(family, a, b)| Class::Binary {
        family,
        a: if family >= 3 { 0 } else { a },
        b,
    });
    let kernel = (
        (0i128..3, 0i128..3, 0i128..4, 0i128..4),
        (0i128..5, 0i128..5, 0u64..5, 0u64..5),
    )
        .prop_filter("a slope", |((a0, a1, ..), _)| a0 + a1 > 0)
        .prop_map(|((a0, a1, b0, b1), (c0, c1, g0, g1))| {
            Class::Kernel(Kernel {
                k: 2,
                alpha: vec![a0, a1],
                beta: vec![b0, b1],
                gamma: vec![c0, c1],
                base: vec![g0, g1],
            })
        });
    // n + c, c·n, ⌊n/c⌋, n mod c, n ⊕ c, n ⊗ c
    let ops = [Op::Add, Op::Mul, Op::Div, Op::Mod, Op::Xor, Op::NimMul];
    let formula = (0usize..6, 2u64..10).prop_map(move |(op, c)| {
        Class::Formula(Expr::Binary(
            ops[op],
            Box::new(Expr::Var(0)),
            Box::new(Expr::Const(c)),
        ))
    });
    let beatty = prop_oneof![Just(2u64), Just(3), Just(5), Just(7), Just(10)]
        .prop_map(|m| Class::Beatty { m });
    let regular = (2u64..4, 1usize..4).prop_flat_map(|(k, d)| {
        (
            proptest::collection::vec(0u64..3, d),
            proptest::collection::vec(
                proptest::collection::vec(proptest::collection::vec(0u64..3, d), d),
                k as usize,
            ),
        )
            .prop_map(move |(lambda, mut a)| {
                // A_0·e₀ = e₀, so that leading zeros do not count
                for (i, row) in a[0].iter_mut().enumerate() {
                    row[0] = u64::from(i == 0);
                }
                Class::Regular { k, lambda, a }
            })
    });
    prop_oneof![
        periodic,
        arithmetic,
        residues,
        binary,
        kernel,
        formula,
        beatty,
        Just(Class::Stern),
        regular,
    ]
}

impl Class {
    /// Whether `G(0..len)` determine the sequence well enough for a guess to be held to it: not
    /// when they are constant on their second half while the sequence is not (a sparse `k`-regular
    /// sequence, nonzero only at 6, 60, 546, … in base 3, is "constant with exceptions" as far as
    /// 400 values tell, and that is the shorter explanation).
    pub fn determined_by(&self, g: &[u64]) -> bool {
        let len = g.len();
        let tail = g[len / 2];
        g[len / 2..].iter().any(|&v| v != tail) || self.agrees(len, |_| Some(u128::from(tail)))
    }
}

/// The cross-class test every sequence detector passes: on the values `G(0..len)` of the class
/// `c`, a rule found must give the class's values far beyond the data (such a sequence is of both
/// classes, e.g. an arithmetic period is a residue-class rule); and on a class that `none_on` says
/// is of no other, nothing may be found at all.
pub fn other_class_gives_no_rule_or_the_right_one(
    c: &Class,
    len: usize,
    detect: impl Fn(&[u64]) -> Option<super::sequence::SeqRule>,
    none_on: impl Fn(&Class) -> bool,
) -> Result<(), TestCaseError> {
    let Some(t) = c.values(len) else {
        return Ok(());
    };
    if !c.determined_by(&t) {
        return Ok(());
    }
    let found = detect(&t);
    if let Some(r) = &found {
        prop_assert!(c.agrees(len, |n| r.value(n)), "{:?}: {}", c, r.text());
    }
    if none_on(c) {
        prop_assert!(found.is_none(), "{:?}: {}", c, found.unwrap().text());
    }
    Ok(())
}

/// Beatty sequences and Stern's, which are of no class but their own among the simple ones.
pub fn beatty_or_stern(c: &Class) -> bool {
    matches!(c, Class::Beatty { .. } | Class::Stern)
}
