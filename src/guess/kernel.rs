//! Recursions on the `k`-kernel: `G(kn + b) = α_b·G(n) + β_b·n + γ_b` for each `b < k`, from
//! some heap on, with the values below it given. Such sequences are `k`-regular (Allouche and
//! Shallit 1992: the `k`-kernel `{G(k^e n + r)}` spans a finitely generated module), and so are
//! many nim-sequences of games defined by halving: *take at most half* (`G(2n) = n`,
//! `G(2n + 1) = G(n)`), the Ruler game (`G(2n) = 2G(n)`, `G(2n + 1) = 1`), `popcount`
//! (`G(2n + 1) = G(n) + 1`), Mock Turtles (`G(2n) = G(n) + 2n`, `G(2n + 1) = 6n + 3 − G(n)`).
//!
//! The detector tries `k = 2, 3`, slopes `α ∈ {−1, 0, 1, 2}`, `β ∈ −8..=8`, fits `γ` to the last
//! value of each branch and checks the branch downwards. At least one `α` is nonzero (a rule with
//! every `α = 0` is a residue-class rule, [`super::residue`]).

use super::description_length as dl;
use super::periodic::list;

/// `G(kn + b) = alpha[b]·G(n) + beta[b]·n + gamma[b]` for `kn + b >= start`; `G(n) = base[n]` below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// `k >= 2`.
    pub k: u64,
    /// `α_b`.
    pub alpha: Vec<i128>,
    /// `β_b`.
    pub beta: Vec<i128>,
    /// `γ_b`.
    pub gamma: Vec<i128>,
    /// `G(0..start)`.
    pub base: Vec<u64>,
}

impl Kernel {
    /// The value at `n` by the recursion (`None` if it goes negative).
    pub fn value(&self, n: u64) -> Option<u128> {
        if (n as u128) < self.base.len() as u128 {
            return Some(u128::from(self.base[n as usize]));
        }
        let (m, b) = (n / self.k, (n % self.k) as usize);
        let g = i128::try_from(self.value(m)?).ok()?;
        let v = self.alpha[b]
            .checked_mul(g)?
            .checked_add(self.beta[b].checked_mul(i128::from(m))?)?
            .checked_add(self.gamma[b])?;
        u128::try_from(v).ok()
    }

    /// Bits: `k`, the coefficients, and the base values.
    pub fn bits(&self) -> f64 {
        let coeffs: f64 = (0..self.alpha.len())
            .map(|b| dl::int(self.alpha[b]) + dl::int(self.beta[b]) + dl::int(self.gamma[b]))
            .sum();
        dl::TAG
            + dl::nat(u128::from(self.k))
            + coeffs
            + dl::nat(self.base.len() as u128)
            + self
                .base
                .iter()
                .map(|&v| dl::nat(u128::from(v)))
                .sum::<f64>()
    }

    /// `G(2n) = n, G(2n + 1) = G(n) for arguments >= 2; G(0), …, G(1) = (0 0)`.
    pub fn text(&self) -> String {
        let k = self.k;
        let branches: Vec<String> = (0..self.alpha.len())
            .map(|b| {
                let lhs = if b == 0 {
                    format!("G({k}n)")
                } else {
                    format!("G({k}n + {b})")
                };
                format!(
                    "{lhs} = {}",
                    affine(self.alpha[b], self.beta[b], self.gamma[b])
                )
            })
            .collect();
        let l = self.base.len();
        match l {
            0 => branches.join(", "),
            1 => format!(
                "{} for arguments >= 1; G(0) = {}",
                branches.join(", "),
                list(&self.base)
            ),
            _ => format!(
                "{} for arguments >= {l}; G(0), …, G({}) = ({})",
                branches.join(", "),
                l - 1,
                list(&self.base)
            ),
        }
    }
}

/// `αG(n) + βn + γ` written plainly: `G(n) + 2n`, `6n + 3 − G(n)`, `1`.
fn affine(alpha: i128, beta: i128, gamma: i128) -> String {
    let mut terms: Vec<(i128, &str)> = Vec::new();
    if beta != 0 {
        terms.push((beta, "n"));
    }
    if alpha != 0 {
        terms.push((alpha, "G(n)"));
    }
    if gamma != 0 || terms.is_empty() {
        terms.push((gamma, ""));
    }
    // a positive term first, if any
    if let Some(i) = terms.iter().position(|t| t.0 > 0) {
        let t = terms.remove(i);
        terms.insert(0, t);
    }
    let mut s = String::new();
    for (i, &(c, x)) in terms.iter().enumerate() {
        let mag = c.unsigned_abs();
        let body = match (mag, x) {
            (_, "") => mag.to_string(),
            (1, x) => x.to_string(),
            (m, x) => format!("{m}{x}"),
        };
        if i == 0 {
            s = if c < 0 { format!("−{body}") } else { body };
        } else {
            s.push_str(if c < 0 { " − " } else { " + " });
            s.push_str(&body);
        }
    }
    s
}

/// The best recursion on the 2- or 3-kernel holding from the first half of `t` on, or `None`.
pub fn detect(t: &[u64]) -> Option<Kernel> {
    let mut best: Option<Kernel> = None;
    for k in 2..=3usize {
        if let Some(r) = detect_k(t, k)
            && best.as_ref().is_none_or(|b| r.bits() < b.bits())
        {
            best = Some(r);
        }
    }
    best
}

fn detect_k(t: &[u64], k: usize) -> Option<Kernel> {
    let len = t.len();
    if len < 4 * k {
        return None;
    }
    let g = |n: usize| i128::from(t[n]);
    let mut alpha = Vec::new();
    let mut beta = Vec::new();
    let mut gamma = Vec::new();
    let mut start = 1usize;
    for b in 0..k {
        let top = (len - 1 - b) / k; // the largest n with kn + b < len
        // (from, bits, α, β, γ) of the best fit of this branch
        let mut fit: Option<(usize, f64, i128, i128, i128)> = None;
        for al in [0i128, 1, -1, 2] {
            for be in -8i128..=8 {
                let ga = g(k * top + b) - al * g(top) - be * top as i128;
                let holds = |n: usize| g(k * n + b) == al * g(n) + be * n as i128 + ga;
                let mut n0 = top;
                while n0 > 0 && holds(n0 - 1) {
                    n0 -= 1;
                }
                let bits = dl::int(al) + dl::int(be) + dl::int(ga);
                if fit.is_none_or(|f| (n0, bits) < (f.0, f.1)) {
                    fit = Some((n0, bits, al, be, ga));
                }
            }
        }
        let (n0, _, al, be, ga) = fit?;
        start = start.max(k * n0 + b);
        alpha.push(al);
        beta.push(be);
        gamma.push(ga);
    }
    if 2 * start > len || alpha.iter().all(|&a| a == 0) {
        return None;
    }
    Some(Kernel {
        k: k as u64,
        alpha,
        beta,
        gamma,
        base: t[..start].to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Take at most half: from a heap of n take k, 1 <= k <= n/2, by brute force.
    fn take_at_most_half(to: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..=to {
            let mut seen = vec![false; n + 2];
            for k in 1..=n / 2 {
                seen[g[n - k] as usize] = true;
            }
            g.push(seen.iter().position(|&s| !s).unwrap() as u64);
        }
        g
    }

    #[test]
    fn take_at_most_half_halves() {
        let r = detect(&take_at_most_half(300)).unwrap();
        assert_eq!(r.k, 2);
        assert!(
            r.text().starts_with("G(2n) = n, G(2n + 1) = G(n)"),
            "{}",
            r.text()
        );
    }

    #[test]
    fn affine_forms_read_naturally() {
        assert_eq!(affine(-1, 6, 3), "6n − G(n) + 3");
        assert_eq!(affine(1, 2, 0), "2n + G(n)");
        assert_eq!(affine(0, 0, 1), "1");
        assert_eq!(affine(2, 0, 0), "2G(n)");
    }

    proptest! {
        #[test]
        fn random_recursions_on_the_two_kernel_are_found(
            a0 in 0i128..3, a1 in 0i128..3, b0 in 0i128..4, b1 in 0i128..4,
            c0 in 0i128..5, c1 in 0i128..5, g0 in 0u64..5, g1 in 0u64..5,
        ) {
            prop_assume!(a0 + a1 > 0);
            let rule = Kernel { k: 2, alpha: vec![a0, a1], beta: vec![b0, b1], gamma: vec![c0, c1], base: vec![g0, g1] };
            let t: Vec<u64> = (0..256).map(|n| rule.value(n).unwrap() as u64).collect();
            let Some(found) = detect(&t) else {
                // declined only when no branch needs G(n) at all (all zeros, say): then each
                // branch G(2n + b) is a line in n, a residue-class rule and no recursion
                for b in 0..2 {
                    let d = t[2 * 65 + b] as i128 - t[2 * 64 + b] as i128;
                    prop_assert!(
                        (64..127).all(|n| t[2 * (n + 1) + b] as i128 - t[2 * n + b] as i128 == d),
                        "a recursion that needs G(n) was not found: {:?}", rule
                    );
                }
                return Ok(());
            };
            for n in (0..1u64 << 20).step_by(997) {
                prop_assert_eq!(found.value(n), rule.value(n));
            }
        }

        #[test]
        fn random_values_have_no_kernel_recursion(t in proptest::collection::vec(0u64..1000, 40..200)) {
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn other_classes_give_no_kernel_recursion_or_the_right_one(c in super::super::classes::any_class()) {
            use super::super::{classes, sequence::SeqRule};
            classes::other_class_gives_no_rule_or_the_right_one(&c, 400, |t| detect(t).map(SeqRule::Kernel), classes::beatty_or_stern)?;
        }

        #[test]
        fn random_small_values_have_no_kernel_recursion(t in proptest::collection::vec(0u64..3, 40..200)) {
            prop_assert!(detect(&t).is_none());
        }
    }
}
