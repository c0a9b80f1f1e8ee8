//! Guessing the rule of a sequence `G(0), G(1), …, G(N − 1)`.
//!
//! The last quarter of the values is kept back: every detector sees only the first three
//! quarters (the *training* values) and proposes at most one rule, which may fail at finitely many
//! heaps before the point `from` where it starts to hold without exception (at most half-way into
//! the training values); those heaps become a list of exceptions. A rule is kept only if it then
//! predicts every held-out value, and it is accepted only if, exceptions included, it is much
//! shorter than the data ([`super::description_length::much_shorter`]); of the rules kept the
//! shortest wins. Random values give no rule: a rule that memorises them is as long as they are,
//! and a short one fails on the held-out values.
//!
//! When no rule gives the values, the same is tried for the outcomes alone (which heaps are
//! P-positions): a periodic pattern of P-positions, or `P ⇔ e(n) = 0` for a closed form `e`.
//!
//! A rule read off values is *consistent with them*, not proved. It is proved only when the
//! values come with a theorem: a proved period of the ruleset that computed them (the periodicity
//! theorems of [`crate::games::heap::periodicity`]); then a periodic or arithmetic-periodic
//! rule with the same slope that agrees with the values over a full common period from where both
//! hold is the proved sequence itself.

use super::arithmetic::{self, Arithmetic};
use super::binary::{self, Binary};
use super::description_length as dl;
use super::formula::{self, Bank, Expr};
use super::identify::{Identified, identify};
use super::k_regular::{self, Regular};
use super::kernel::{self, Kernel};
use super::periodic::{self, Periodic};
use super::residue::{self, Residues};
use crate::games::heap::Period;

/// A rule for a sequence: the values, or (the last two) only which heaps are P-positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeqRule {
    /// `G(n) = B[n mod p]` ([`periodic`]).
    Periodic(Periodic),
    /// `G(n + p) = G(n) + s` ([`arithmetic`]).
    Arithmetic(Arithmetic),
    /// `G(mk + r) = a_r·k + b_r` ([`residue`]).
    Residues(Residues),
    /// `lowbit`, `v₂`, `popcount`, odious/evil, `xor` ([`binary`]).
    Binary(Binary),
    /// A recursion on the `k`-kernel ([`kernel`]).
    Kernel(Kernel),
    /// A `k`-regular sequence: a recursion on shifts or a linear representation ([`k_regular`]).
    Regular(Regular),
    /// A closed form ([`formula`]).
    Formula(Expr),
    /// P-positions by a periodic pattern: `block[n mod p] = 1` for a P-position.
    PPeriodic(Periodic),
    /// P-positions where a closed form vanishes.
    PZeros(Expr),
}

impl SeqRule {
    /// The rule's value at `n`; for the outcome rules, 1 for a P-position and 0 otherwise.
    pub fn value(&self, n: u64) -> Option<u128> {
        match self {
            SeqRule::Periodic(r) | SeqRule::PPeriodic(r) => r.value(n),
            SeqRule::Arithmetic(r) => r.value(n),
            SeqRule::Residues(r) => r.value(n),
            SeqRule::Binary(r) => r.value(n),
            SeqRule::Kernel(r) => r.value(n),
            SeqRule::Regular(r) => r.value(n),
            SeqRule::Formula(e) => e.eval(&[n]).and_then(|v| u128::try_from(v).ok()),
            SeqRule::PZeros(e) => Some(u128::from(e.eval(&[n]) == Some(0))),
        }
    }

    /// The rule's values at `0..len` computed in one pass, for the rules where that is much
    /// faster than [`SeqRule::value`] at each (a recursion on shifts); `None` for the others.
    pub fn prefix(&self, len: usize) -> Option<Vec<Option<u128>>> {
        match self {
            SeqRule::Regular(r) if r.has_shifts() => Some(r.prefix(len)),
            _ => None,
        }
    }

    /// Whether the rule gives only outcomes.
    pub fn outcome_only(&self) -> bool {
        matches!(self, SeqRule::PPeriodic(_) | SeqRule::PZeros(_))
    }

    /// Bits of the rule.
    pub fn bits(&self) -> f64 {
        match self {
            SeqRule::Periodic(r) => r.bits(),
            SeqRule::PPeriodic(r) => dl::TAG + dl::nat(u128::from(r.period)) + r.period as f64,
            SeqRule::Arithmetic(r) => r.bits(),
            SeqRule::Residues(r) => r.bits(),
            SeqRule::Binary(r) => r.bits(),
            SeqRule::Kernel(r) => r.bits(),
            SeqRule::Regular(r) => r.bits(),
            SeqRule::Formula(e) | SeqRule::PZeros(e) => dl::TAG + e.bits(),
        }
    }

    /// The class of the rule, as the JSON's `"class"`.
    pub fn class(&self) -> &'static str {
        match self {
            SeqRule::Periodic(_) => "periodic",
            SeqRule::Arithmetic(_) => "arithmetic-periodic",
            SeqRule::Residues(_) => "residue-classes",
            SeqRule::Binary(_) => "binary",
            SeqRule::Kernel(_) => "k-kernel-recursion",
            SeqRule::Regular(_) => "k-regular",
            SeqRule::Formula(_) => "closed-form",
            SeqRule::PPeriodic(_) | SeqRule::PZeros(_) => "p-positions",
        }
    }

    /// The rule in the field's notation.
    pub fn text(&self) -> String {
        match self {
            SeqRule::Periodic(r) => r.text(),
            SeqRule::Arithmetic(r) => r.text(),
            SeqRule::Residues(r) => r.text(),
            SeqRule::Binary(r) => r.text(),
            SeqRule::Kernel(r) => r.text(),
            SeqRule::Regular(r) => r.text(),
            SeqRule::Formula(e) => format!("G(n) = {}", e.text(&["n"])),
            SeqRule::PPeriodic(r) => {
                let res: Vec<usize> = (0..r.block.len()).filter(|&i| r.block[i] == 1).collect();
                match res.len() {
                    0 => "no P-positions (G(n) ≠ 0 for every n)".to_string(),
                    _ if r.period == 1 => "every heap is a P-position (G(n) = 0)".to_string(),
                    _ => format!(
                        "P-positions (G(n) = 0): n ≡ {} (mod {})",
                        periodic::list(&res).replace(' ', ", "),
                        r.period
                    ),
                }
            }
            SeqRule::PZeros(e) => format!("P-positions (G(n) = 0): n with {} = 0", e.text(&["n"])),
        }
    }

    /// `(p, s)` when the rule is arithmetic-periodic: `value(n + p) = value(n) + s` for every `n`.
    pub fn shape(&self) -> Option<(u64, u64)> {
        match self {
            SeqRule::Periodic(r) => Some((r.period, 0)),
            SeqRule::Arithmetic(r) => Some((r.period, r.saltus)),
            SeqRule::Residues(r) => r
                .slopes
                .iter()
                .all(|&a| a == r.slopes[0])
                .then_some((r.modulus, r.slopes[0])),
            _ => None,
        }
    }
}

/// A rule with its finite list of exceptions, all before `from`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fitted {
    /// The rule.
    pub rule: SeqRule,
    /// The heaps where the rule fails, with their values (for an outcome rule: 1 for P).
    pub exceptions: Vec<(u64, u64)>,
    /// The rule holds for every heap from here on (as far as the data go).
    pub from: u64,
}

impl Fitted {
    /// The value at `n`: an exception's, else the rule's.
    pub fn value(&self, n: u64) -> Option<u128> {
        match self.exceptions.binary_search_by_key(&n, |e| e.0) {
            Ok(i) => Some(u128::from(self.exceptions[i].1)),
            Err(_) => self.rule.value(n),
        }
    }

    /// Bits of the rule and its exceptions.
    pub fn bits(&self) -> f64 {
        self.rule.bits() + dl::exceptions(&self.exceptions)
    }

    /// The rule, where it holds, and its exceptions.
    pub fn text(&self) -> String {
        let mut s = self.rule.text();
        if !self.exceptions.is_empty() {
            let outcome = self.rule.outcome_only();
            let shown: Vec<String> = self
                .exceptions
                .iter()
                .take(40)
                .map(|&(n, v)| match outcome {
                    true => format!("{n} is {}", if v == 1 { "P" } else { "N" }),
                    false => format!("G({n}) = {v}"),
                })
                .collect();
            let more = match self.exceptions.len() {
                k if k > 40 => format!(", … ({k} in all)"),
                _ => String::new(),
            };
            s.push_str(&format!(
                "; holds from n = {} on; exceptions: {}{more}",
                self.from,
                shown.join(", ")
            ));
        }
        s
    }
}

/// Fit `rule` to `target(0..len)`: the exceptions, all before the point from which it holds,
/// which must be in the first half; `None` otherwise.
pub(crate) fn fit(rule: SeqRule, len: usize, target: impl Fn(usize) -> u64) -> Option<Fitted> {
    let values = rule.prefix(len);
    let value = |n: usize| match &values {
        Some(v) => v[n],
        None => rule.value(n as u64),
    };
    let holds = |n: usize| value(n) == Some(u128::from(target(n)));
    let mut from = len;
    while from > 0 && holds(from - 1) {
        from -= 1;
    }
    if 2 * from > len {
        return None;
    }
    let exceptions = (0..from)
        .filter(|&n| !holds(n))
        .map(|n| (n as u64, target(n)))
        .collect();
    Some(Fitted {
        rule,
        exceptions,
        from: from as u64,
    })
}

/// A proved period that came with the values: the period and the theorem that proves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The period (`proved` is true).
    pub period: Period,
    /// The theorem, in words.
    pub theorem: &'static str,
}

/// The guess for a sequence.
#[derive(Clone, Debug)]
pub struct SeqGuess {
    /// The rule found, if any.
    pub fitted: Option<Fitted>,
    /// How many values were given.
    pub len: usize,
    /// How many were kept back to test the candidates.
    pub held_out: usize,
    /// The theorem that proves the rule, when one does.
    pub proved_by: Option<&'static str>,
    /// The known game the values are consistent with, if any ([`super::identify`]; looked up by
    /// [`guess`], for values given without their game).
    pub identified: Option<Identified>,
}

/// How many of `len` values are kept back: a quarter, at least one.
pub fn held_out(len: usize) -> usize {
    (len / 4).max(1).min(len)
}

/// The rule of the values `g` (no theorem: at best consistent with them), and the known game
/// they are consistent with ([`super::identify`]).
///
/// ```
/// use grundy::guess::sequence::guess;
/// let g: Vec<u64> = (0..200).map(|n| n % 3).collect();
/// let found = guess(&g).fitted.unwrap();
/// assert_eq!(found.rule.text(), "G(n) = n mod 3");
/// assert_eq!(found.value(10u64.pow(15)), Some(1));
/// ```
pub fn guess(g: &[u64]) -> SeqGuess {
    let mut out = guess_with(g, None, None);
    out.identified = identify(g);
    out
}

/// [`guess`], reusing a bank of closed forms built for [`training_sample`] of the same length
/// (rows of a table share one), and with a proved period if the values came with one.
pub fn guess_with(g: &[u64], bank: Option<&Bank>, proof: Option<Proof>) -> SeqGuess {
    let len = g.len();
    let held = held_out(len);
    let train_len = len - held;
    let mut out = SeqGuess {
        fitted: None,
        len,
        held_out: held,
        proved_by: None,
        identified: None,
    };
    if train_len >= 3 {
        let own;
        let bank = match bank {
            Some(b) => b,
            None => {
                own = Bank::new(1, training_sample(len));
                &own
            }
        };
        out.fitted = best_values(g, train_len, bank);
        if out.fitted.is_none() {
            out.fitted = best_outcomes(g, train_len, bank);
        }
    }
    if let Some(p) = proof {
        prove(&mut out, g, p);
    }
    out
}

/// The sample of closed-form points for `len` values (those of the training part).
pub fn training_sample(len: usize) -> Vec<Vec<u64>> {
    formula::sequence_sample(len - held_out(len))
}

fn keep(best: &mut Option<Fitted>, f: Fitted) {
    if best.as_ref().is_none_or(|b| f.bits() < b.bits()) {
        *best = Some(f);
    }
}

fn best_values(g: &[u64], train_len: usize, bank: &Bank) -> Option<Fitted> {
    let t = &g[..train_len];
    // closed forms first: of two rules as short, the closed form is kept
    let mut rules: Vec<SeqRule> = Vec::new();
    let sample: Vec<u64> = bank.points().iter().map(|p| g[p[0] as usize]).collect();
    if let Some(e) = bank.lookup(&sample) {
        rules.push(SeqRule::Formula(e));
    }
    if let Some(r) = periodic::detect(t) {
        rules.push(SeqRule::Periodic(r));
    }
    if let Some(r) = arithmetic::detect(t) {
        rules.push(SeqRule::Arithmetic(r));
    }
    if let Some(r) = residue::detect(t) {
        rules.push(SeqRule::Residues(r));
    }
    if let Some(r) = binary::detect(t) {
        rules.push(SeqRule::Binary(r));
    }
    if let Some(r) = kernel::detect(t) {
        rules.push(SeqRule::Kernel(r));
    }
    if let Some(r) = k_regular::detect(t) {
        rules.push(SeqRule::Regular(r));
    }
    let mut best: Option<Fitted> = None;
    for rule in rules {
        // a rule no shorter than the best fitted one cannot win (its exceptions only add bits):
        // it is not checked on every value (a linear representation costs more to evaluate)
        if best.as_ref().is_some_and(|b| rule.bits() >= b.bits()) {
            continue;
        }
        // the held-out values too (computed in one pass where that is faster)
        let values = rule.prefix(g.len());
        let value = |n: usize| match &values {
            Some(v) => v[n],
            None => rule.value(n as u64),
        };
        if (train_len..g.len())
            .rev()
            .all(|n| value(n) == Some(u128::from(g[n])))
            && let Some(f) = fit(rule, train_len, |n| g[n])
        {
            keep(&mut best, f);
        }
    }
    best.filter(|f| dl::much_shorter(f.bits(), dl::values(g)))
}

fn best_outcomes(g: &[u64], train_len: usize, bank: &Bank) -> Option<Fitted> {
    let z: Vec<u64> = g.iter().map(|&v| u64::from(v == 0)).collect();
    let mut rules: Vec<SeqRule> = Vec::new();
    if let Some(r) = periodic::detect(&z[..train_len]) {
        rules.push(SeqRule::PPeriodic(r));
    }
    let mut mask = 0u64;
    for (j, p) in bank.points().iter().enumerate() {
        if z[p[0] as usize] == 1 {
            mask |= 1 << j;
        }
    }
    if mask != 0
        && let Some(e) = bank.lookup_zeros(mask)
    {
        rules.push(SeqRule::PZeros(e));
    }
    let mut best = None;
    for rule in rules {
        if let Some(f) = fit(rule, train_len, |n| z[n])
            && (train_len..g.len()).all(|n| f.value(n as u64) == Some(u128::from(z[n])))
        {
            keep(&mut best, f);
        }
    }
    let ones = z.iter().filter(|&&v| v == 1).count();
    best.filter(|f| dl::much_shorter(f.bits(), dl::pattern(g.len(), ones)))
}

/// Mark the rule proved when the theorem covers it; when it does not, replace it by the proved
/// period itself (a proved rule is preferred to an unproved one).
fn prove(out: &mut SeqGuess, g: &[u64], proof: Proof) {
    let p = proof.period;
    if !p.proved || p.period == 0 {
        return;
    }
    let len = g.len() as u64;
    let covered = |f: &Fitted| {
        let Some((q, s)) = f.rule.shape() else {
            return false;
        };
        let (pp, n0) = (p.period as u64, p.preperiod as u64);
        // same slope: s/q = saltus/p
        if u128::from(s) * u128::from(pp) != u128::from(p.saltus) * u128::from(q) {
            return false;
        }
        let l = lcm(pp, q);
        f.from.max(n0).checked_add(l).is_some_and(|end| end <= len)
    };
    if let Some(f) = &out.fitted
        && covered(f)
    {
        out.proved_by = Some(proof.theorem);
        return;
    }
    let (pp, n0) = (p.period, p.preperiod);
    if n0 + pp > g.len() {
        return;
    }
    let rule = if p.saltus == 0 {
        SeqRule::Periodic(Periodic {
            period: pp as u64,
            block: (0..pp).map(|r| g[n0 + (r + pp - n0 % pp) % pp]).collect(),
        })
    } else {
        SeqRule::Arithmetic(Arithmetic {
            period: pp as u64,
            saltus: p.saltus,
            offsets: (0..pp)
                .map(|r| {
                    let n = n0 + (r + pp - n0 % pp) % pp;
                    i128::from(g[n]) - i128::from(p.saltus) * (n / pp) as i128
                })
                .collect(),
        })
    };
    let holds = |n: usize| rule.value(n as u64) == Some(u128::from(g[n]));
    if !(n0..g.len()).all(holds) {
        return;
    }
    let exceptions = (0..n0)
        .filter(|&n| !holds(n))
        .map(|n| (n as u64, g[n]))
        .collect::<Vec<_>>();
    let from = exceptions.last().map_or(0, |e| e.0 + 1);
    out.fitted = Some(Fitted {
        rule,
        exceptions,
        from,
    });
    out.proved_by = Some(proof.theorem);
}

fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x).saturating_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn noise_gives_no_rule() {
        // a fixed pseudo-random sequence (xorshift)
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let g: Vec<u64> = (0..5000)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s % 7
            })
            .collect();
        assert!(guess(&g).fitted.is_none());
    }

    #[test]
    fn too_few_values_give_no_rule() {
        assert!(guess(&[0, 0, 0]).fitted.is_none());
        assert!(guess(&[]).fitted.is_none());
    }

    #[test]
    fn a_proved_period_makes_the_rule_proved() {
        let r: crate::games::heap::Ruleset = "kayles".parse().unwrap();
        let a = r.analyse(300);
        let g: Vec<u64> = a.iter_u64().collect();
        let proof = Proof {
            period: *a.period().unwrap(),
            theorem: "the octal periodicity theorem",
        };
        let out = guess_with(&g, None, Some(proof));
        assert_eq!(out.proved_by, Some("the octal periodicity theorem"));
        let f = out.fitted.unwrap();
        assert_eq!(f.from, 71);
        assert_eq!(
            f.value(10u64.pow(12)),
            a.value_at(10u64.pow(12)).map(|v| u128::from(v.0))
        );
    }

    #[test]
    fn sterns_diatomic_sequence_is_k_regular() {
        let g = super::super::classes::Class::Stern.values(1000).unwrap();
        let f = guess(&g).fitted.unwrap();
        assert_eq!(f.rule.class(), "k-regular");
        assert_eq!(
            f.text(),
            "G(2n) = G(n), G(2n + 1) = G(n) + G(n + 1) for arguments >= 3; G(0), …, G(2) = (0 1 1)"
        );
        // s(2^k + 1) = k + 1
        assert_eq!(f.value((1 << 40) + 1), Some(41));
    }

    proptest! {
        // each case builds banks of closed forms: fewer cases than the default 256
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn a_rule_guessed_for_a_sequence_of_any_class_holds_far_beyond_the_data(
            c in super::super::classes::any_class(),
        ) {
            use super::super::classes::Class;
            // a random linear representation in base 3 may need more values than 400 to be
            // pinned down (its kernel's sequences shrink by 3 at each step): as many as the
            // k-regular detector's own test gives it
            let len = if matches!(c, Class::Regular { .. }) { 1500 } else { 400 };
            let Some(g) = c.values(len) else { return Ok(()) };
            prop_assume!(c.determined_by(&g));
            let found = guess(&g).fitted;
            match &found {
                Some(f) if !f.rule.outcome_only() => {
                    prop_assert!(c.agrees(len, |n| f.value(n)), "{:?}: {}", c, f.text());
                }
                _ => {}
            }
            // every class but the Beatty sequences has a rule for its values
            if !matches!(c, Class::Beatty { .. }) {
                prop_assert!(found.is_some_and(|f| !f.rule.outcome_only()), "{:?}", c);
            }
        }

        #[test]
        fn random_values_give_no_rule(g in proptest::collection::vec(0u64..50, 100..400)) {
            prop_assert!(guess(&g).fitted.is_none());
        }

        #[test]
        fn random_p_positions_on_a_period_are_found_when_the_values_have_no_rule(
            pattern in proptest::collection::vec(proptest::bool::ANY, 2..6),
            noise in proptest::collection::vec(1u64..1000, 300),
        ) {
            prop_assume!(pattern.iter().any(|&b| b) && pattern.iter().any(|&b| !b));
            let g: Vec<u64> = (0..300).map(|n| if pattern[n % pattern.len()] { 0 } else { noise[n] }).collect();
            let f = guess(&g).fitted.unwrap();
            prop_assert!(f.rule.outcome_only());
            for n in 0..3000u64 {
                prop_assert_eq!(f.value(n), Some(u128::from(pattern[n as usize % pattern.len()])));
            }
        }
    }
}
