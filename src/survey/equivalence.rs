//! Equivalent octal games: the *reduction* rule (a game where a heap of one counter is dead equals
//! another game with every heap one smaller), and classes of codes whose nim-sequences are
//! identical or identical after a shift of heap sizes — each justified, never guessed from a
//! prefix.
//!
//! # The reduction rule (heaps of one are dead)
//! Let `C = d0.d1d2…` be an octal code (digits `0..=7`, `d0 ∈ {0, 4}`, equal splits allowed) whose
//! digit `d1` lacks bit 1, i.e. a heap of one counter cannot be removed. No other move applies to
//! a heap of one (taking 1 would leave nothing, a split needs two counters), so `G_C(1) = 0` and a
//! heap of one is as good as no heap. Define `S(C) = 0.d'1d'2…` by
//!
//! `d'k = [bit 1 of d(k+1)]·1 | [bit 2 of dk]·3 | [bit 4 of d(k−1)]·7`   (with `d(−1) = 0`).
//!
//! **Theorem.** `G_C(n + 1) = G_S(C)(n)` for every `n >= 0`.
//!
//! *Proof* (induction on `n`). A heap of `n + 1` in `C` corresponds to a heap of `n` in `S(C)`;
//! a position of heaps `a_i >= 1` of `C` to the heaps `a_i − 1` of `S(C)` (zero heaps dropped), of
//! the same value by induction (heaps of one have value 0 on the left, vanish on the right).
//! A move of `C` taking `k` from `n + 1` and leaving `j` nonempty heaps `a_i` becomes a move of
//! `S(C)` from `n` leaving the `j` heaps `a_i − 1 >= 0`, which takes `k' = k + j − 1`:
//! * `j = 0` (bit 1 of `dk`, `n + 1 = k`): take `k − 1` leaving nothing — bit 1 of `d'(k−1)`;
//! * `j = 1` (bit 2 of `dk`): take `k` leaving one heap `>= 0` — bits 1 and 2 of `d'k`;
//! * `j = 2` (bit 4 of `dk`, also `k = 0` with `d0 = 4`): take `k + 1` leaving two heaps `>= 0` —
//!   bits 1, 2 and 4 of `d'(k+1)`.
//!
//! Conversely each bit of `d'k` comes from one of these sources, and every move of `S(C)` that the
//! bit allows is the image of a move of `C` allowed by that source (read the list backwards: add
//! one counter to every heap left, including the empty ones). So the options of `n + 1` in `C` and
//! of `n` in `S(C)` have the same values, hence the same mex. `d'0 = 0` always (bit 1 of `d1` is
//! clear, bit 2 of `d0` too), so `S(C)` is again a code with prefix `0`. ∎
//!
//! Repeating while the heap of one is dead gives the *reduced code* `R(C) = S^j(C)` with its
//! *offset* `j`: `G_C(n) = G_R(C)(n − j)` for `n >= j` and `G_C(n) = 0` for `n < j`. (The chain
//! ends: each step moves the first bit 1 one digit left or creates one.) Codes with the same
//! reduced code are therefore equivalent, shifted by the difference of their offsets: this is the
//! rule behind the published lookup tables ("a game in which taking a one-counter heap is not
//! allowed is equivalent to the game with all heaps reduced by one"). Example: `.07` (Dawson's
//! Kayles) reduces to `.137`, and `.4` to `.07` then `.137`.
//!
//! # Redundant moves
//! Some moves of a code never change the nim-sequence: every position they reach has the value of
//! a position another move reaches. Write `C − b·k` for `C` with bit `b` of `dk` cleared.
//!
//! **Lemma.** Let `C'` be `C` without some moves, such that for every heap `n` each option of `n`
//! in `C` that `C'` lacks has, computed with `G_C'`, the value of some option of `n` in `C'`. Then
//! `G_C = G_C'`. *Proof* (induction on `n`): if `G_C = G_C'` below `n`, the options of `n` in `C`
//! have the values of those in `C'` plus values already among them, so the mex is the same. ∎
//!
//! **Rule A (taking the whole heap).** Bit 1 of `dk` (`k >= 1`) only adds, to the heap of `k`
//! alone, an option of value 0. So `G_C = G_{C − 1·k}` **if and only if** `G_{C − 1·k}(k) ≠ 0`
//! (the heap of `k` already has an option of value 0 exactly when its value is not 0; if it is 0,
//! adding the option makes `G_C(k) ≠ 0`, a difference). Example: `.761` equals `.76`.
//!
//! **Rule B (leaving one heap, simulated by a split off a zero heap).** Bit 2 of `dk` adds, to
//! each heap `n > k`, the option `n − k`. If some `z`, `1 <= z <= k`, has `G_{C − 2·k}(z) = 0` and
//! bit 4 of `d(k−z)` set (for `k = z`: `d0 = 4`), then `C − 2·k` has from `n` the option "take
//! `k − z` and split the rest into `n − k` and `z`", of value `G(n − k) ⊕ G(z) = G(n − k)` (by
//! induction `G_C(z) = G_{C − 2·k}(z) = 0`, as `z <= k < n`): the lemma applies, `G_C =
//! G_{C − 2·k}`. Example: `.762` equals `.76` (`z = 2`: `G_.76(2) = 0`, and `d1 = 7` splits).
//!
//! A code is *simplified* by clearing such bits while one of the rules applies (each step an
//! identity of nim-sequences, checked on the sequence of the current code by the naive mex up to
//! heap `k`); the *canonical code* `K(C)` with offset `j` alternates simplification and reduction
//! until neither applies, so `G_C(n) = G_K(C)(n − j)` for `n >= j`, `0` below. Codes with the same
//! canonical code are equivalent, shifted by the difference of their offsets. This covers the
//! identities of the published lookup tables among codes of up to two digits (`.61`, `.62`, `.63`
//! → `.6`; `.65`, `.66`, `.67` → `.64`; `.46` → `.44`) and, in the three-digit survey, identities
//! such as `.76 = .761 = .762 = .763` that would otherwise be "equal as far as computed".
//!
//! # Equal by proof windows
//! Two sequences each *proved* periodic — `F1` with period `p1` from `m1`, `F2` with `p2` from
//! `m2` — are both periodic with period `L = lcm(p1, p2)` from `m = max(m1, m2)`, so they are
//! equal for ever once they agree on `0..m + L` (every later value repeats one of those). The
//! classes compare reduced sequences this way; a mere agreement of computed prefixes is reported
//! only as "equal as far as computed".
//!
//! ```
//! use grundy::survey::{codes::SurveyCode, equivalence};
//! let dawson: SurveyCode = ".07".parse().unwrap();
//! let s = equivalence::shift_image(dawson.code()).unwrap();
//! assert_eq!(SurveyCode::new(s).to_string(), ".137");
//! let (r, j) = equivalence::reduce(".4".parse::<SurveyCode>().unwrap().code());
//! assert_eq!((SurveyCode::new(r).to_string(), j), (".137".to_string(), 2));
//! ```

use crate::games::heap::Code;

/// Most reduction steps followed (the chains of codes with at most a few dozen digits are far
/// shorter; this only bounds the work for pathological inputs).
const MAX_STEPS: usize = 512;

/// Whether the reduction rule applies: an octal code (digits `0..=7`, no `!`) whose heap of one
/// counter is dead (bit 1 of `d1` clear), with some move (`4` alone, the game `4.0`, reduces to
/// `.7`; the game without moves is left alone).
pub fn reducible(c: &Code) -> bool {
    let d = c.digits();
    !c.unequal() && d.iter().all(|&x| x < 8) && c.digit(1) & 1 == 0 && d.iter().any(|&x| x != 0)
}

/// `S(C)` of the module docs (`G_C(n + 1) = G_S(C)(n)`), or `None` when the rule does not apply.
pub fn shift_image(c: &Code) -> Option<Code> {
    if !reducible(c) {
        return None;
    }
    let d = c.digits();
    let len = d.len() + 1;
    let mut out = vec![0u8; len];
    for (k, slot) in out.iter_mut().enumerate() {
        let next = c.digit(k + 1);
        let here = c.digit(k);
        let prev = if k == 0 { 0 } else { c.digit(k - 1) };
        let mut v = 0;
        if next & 1 != 0 {
            v |= 1;
        }
        if here & 2 != 0 {
            v |= 3;
        }
        if prev & 4 != 0 {
            v |= 7;
        }
        *slot = v;
    }
    debug_assert_eq!(out[0], 0);
    Code::new(&out, false)
}

/// The reduced code `R(C)` and the offset `j` (module docs): `G_C(n) = G_R(n − j)` for `n >= j`,
/// `0` below.
pub fn reduce(c: &Code) -> (Code, usize) {
    let mut cur = c.clone();
    let mut j = 0;
    while j < MAX_STEPS {
        match shift_image(&cur) {
            Some(next) => {
                cur = next;
                j += 1;
            }
            None => break,
        }
    }
    (cur, j)
}

/// `c` with bit `bit` of digit `k` cleared (`None` if the result is not a code).
fn without(c: &Code, k: usize, bit: u8) -> Option<Code> {
    let mut d = c.digits().to_vec();
    d[k] &= !bit;
    Code::new(&d, c.unequal())
}

/// Whether a code is one the redundant-move rules speak of: octal digits, equal splits allowed.
fn octal(c: &Code) -> bool {
    !c.unequal() && c.digits().iter().all(|&x| x < 8)
}

/// The naive nim-values `G(0..=to)` of a code.
fn naive_values(c: &Code, to: usize) -> Vec<u32> {
    crate::games::heap::naive::values(&crate::games::heap::Ruleset::code(c.clone()), to)
}

/// Rule A of the module docs: `C − 1·k` when bit 1 of `dk` (`k >= 1`) is set and redundant, i.e.
/// `G_{C − 1·k}(k) ≠ 0`; then `G_C = G_{C − 1·k}`.
pub fn redundant_take_all(c: &Code, k: usize) -> Option<Code> {
    if k == 0 || !octal(c) || c.digit(k) & 1 == 0 {
        return None;
    }
    let smaller = without(c, k, 1)?;
    (naive_values(&smaller, k)[k] != 0).then_some(smaller)
}

/// Rule B of the module docs: `C − 2·k` when bit 2 of `dk` (`k >= 1`) is set and some
/// `z in 1..=k` has bit 4 of `d(k−z)` and `G_{C − 2·k}(z) = 0`; then `G_C = G_{C − 2·k}`.
pub fn redundant_leave_one(c: &Code, k: usize) -> Option<Code> {
    if k == 0 || !octal(c) || c.digit(k) & 2 == 0 {
        return None;
    }
    let smaller = without(c, k, 2)?;
    let g = naive_values(&smaller, k);
    (1..=k)
        .any(|z| smaller.digit(k - z) & 4 != 0 && g[z] == 0)
        .then_some(smaller)
}

/// The code with every redundant bit cleared (rules A and B, repeated until neither applies):
/// the same nim-sequence (module docs).
pub fn simplify(c: &Code) -> Code {
    let mut cur = c.clone();
    loop {
        let mut changed = false;
        for k in 1..cur.digits().len() {
            if let Some(s) = redundant_leave_one(&cur, k) {
                cur = s;
                changed = true;
            }
            if let Some(s) = redundant_take_all(&cur, k) {
                cur = s;
                changed = true;
            }
        }
        if !changed {
            return cur;
        }
    }
}

/// The canonical code `K(C)` and offset `j` (module docs): simplification and reduction
/// alternated until neither applies; `G_C(n) = G_K(n − j)` for `n >= j`, `0` below. Codes with
/// the same canonical code are equivalent.
///
/// ```
/// use grundy::survey::{codes::SurveyCode, equivalence};
/// let k = |s: &str| {
///     let (c, j) = equivalence::canonical(s.parse::<SurveyCode>().unwrap().code());
///     (SurveyCode::new(c).to_string(), j)
/// };
/// assert_eq!(k(".763"), (".76".to_string(), 0));
/// assert_eq!(k(".4"), (".137".to_string(), 2));
/// ```
pub fn canonical(c: &Code) -> (Code, usize) {
    let mut cur = simplify(c);
    let mut j = 0;
    while j < MAX_STEPS {
        match shift_image(&cur) {
            Some(next) => {
                cur = simplify(&next);
                j += 1;
            }
            None => break,
        }
    }
    (cur, j)
}

/// A nim-sequence known either through a proved period or as far as computed.
#[derive(Clone, Debug)]
pub struct Known<'a> {
    /// `G(0..values.len())`: at least `preperiod + period` values when periodic.
    pub values: &'a [u32],
    /// `(preperiod, period)` when proved.
    pub period: Option<(usize, usize)>,
}

impl Known<'_> {
    /// `G(n)` if known (any `n` when periodic).
    pub fn get(&self, n: usize) -> Option<u32> {
        if let Some(&v) = self.values.get(n) {
            return Some(v);
        }
        let (n0, p) = self.period?;
        self.values.get(n0 + (n - n0) % p).copied()
    }

    /// Number of known values (`None`: all, by the proved period).
    pub fn known_len(&self) -> Option<usize> {
        match self.period {
            Some(_) => None,
            None => Some(self.values.len()),
        }
    }
}

/// Largest comparison range `m + lcm(p1, p2)` attempted by [`proved_equal`].
pub const MAX_WINDOW: usize = 1 << 24;

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Whether `F1(n) = F2(n)` for **all** `n`, where `Fi(n) = Gi(n + ji)`, both sequences proved
/// periodic: `Some(true)`/`Some(false)` by the proof-window argument of the module docs, `None`
/// when a sequence is not proved periodic or the window exceeds [`MAX_WINDOW`].
pub fn proved_equal(a: &Known, ja: usize, b: &Known, jb: usize) -> Option<bool> {
    let (na, pa) = a.period?;
    let (nb, pb) = b.period?;
    let m = na.saturating_sub(ja).max(nb.saturating_sub(jb));
    let l = (pa / gcd(pa, pb)).checked_mul(pb)?;
    let end = m.checked_add(l)?;
    if end > MAX_WINDOW {
        return None;
    }
    Some((0..end).all(|n| a.get(n + ja) == b.get(n + jb)))
}

/// How far `F1(n) = G1(n + j1)` and `F2(n) = G2(n + j2)` agree: `Ok(len)` when they agree on all
/// `n < len`, the whole common known range; `Err(n)` at the first difference.
pub fn agreement(a: &Known, ja: usize, b: &Known, jb: usize) -> Result<usize, usize> {
    let la = a.known_len().map(|l| l.saturating_sub(ja));
    let lb = b.known_len().map(|l| l.saturating_sub(jb));
    let len = match (la, lb) {
        (Some(x), Some(y)) => x.min(y),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => MAX_WINDOW,
    };
    for n in 0..len {
        if a.get(n + ja) != b.get(n + jb) {
            return Err(n);
        }
    }
    Ok(len)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::games::heap::{Ruleset, naive};
    use crate::survey::codes::{Prefix, SurveyCode, enumerate};

    const RULE_A: usize = 688;
    const RULE_A_NOT: usize = 848;
    const RULE_B: usize = 448;

    fn values(c: &Code, to: usize) -> Vec<u32> {
        naive::values(&Ruleset::code(c.clone()), to)
    }

    /// The reduction rule on every code of the three-digit survey, both prefixes, against
    /// sequences computed by the naive mex.
    #[test]
    fn reduction_rule_holds_on_every_three_digit_code_it_applies_to() {
        let mut applied = 0;
        for sc in enumerate(3, Prefix::All).unwrap() {
            let c = sc.code();
            let Some(s) = shift_image(c) else {
                assert!(c.digit(1) & 1 != 0, "{sc}");
                continue;
            };
            applied += 1;
            let g = values(c, 120);
            let h = values(&s, 119);
            assert_eq!(g[1..], h[..], "{sc} vs {}", SurveyCode::new(s.clone()));
            let (r, j) = reduce(c);
            let gr = values(&r, 120);
            for n in 0..=120 {
                let want = if n < j { 0 } else { gr[n - j] };
                assert_eq!(g[n], want, "{sc} reduced by {j} at {n}");
            }
        }
        // Per prefix: d1 in {2, 4, 6} alone, or d1 in {0, 2, 4, 6} followed by one or two digits
        // (the last nonzero): 3 + 4·7 + 4·8·7 = 255.
        assert_eq!(applied, 2 * 255);
    }

    #[test]
    fn dawsons_kayles_reduces_to_137_and_4_to_07() {
        let p = |s: &str| s.parse::<SurveyCode>().unwrap();
        assert_eq!(
            shift_image(p(".07").code()).unwrap(),
            p(".137").code().clone()
        );
        assert_eq!(
            shift_image(p(".4").code()).unwrap(),
            p(".07").code().clone()
        );
        // 4.07: the split without taking becomes bits 1, 2, 4 of d'1.
        assert_eq!(
            shift_image(p("4.07").code()).unwrap(),
            p(".737").code().clone()
        );
        // .454 reduces to .1777 (OEIS A071509: ".4RZj have values a(n-1)").
        assert_eq!(
            shift_image(p(".454").code()).unwrap(),
            p(".1777").code().clone()
        );
        assert_eq!(shift_image(p(".77").code()), None);
        assert_eq!(reduce(p(".44").code()), (p(".1377").code().clone(), 2));
    }

    /// Rules A and B on every code of the three-digit survey (both prefixes) and every digit they
    /// apply to, against sequences computed by the naive mex; and Rule A's converse: where bit 1
    /// of `dk` is not redundant by the rule, clearing it changes the sequence (at heap `k`).
    #[test]
    fn redundant_move_rules_hold_on_every_three_digit_code_they_apply_to() {
        let (mut a, mut a_not, mut b) = (0, 0, 0);
        for sc in enumerate(3, Prefix::All).unwrap() {
            let c = sc.code();
            let g = values(c, 150);
            for k in 1..c.digits().len() {
                if c.digit(k) & 1 != 0 {
                    let smaller = without(c, k, 1).unwrap();
                    let h = values(&smaller, 150);
                    match redundant_take_all(c, k) {
                        Some(s) => {
                            assert_eq!(s, smaller);
                            assert_eq!(g, h, "{sc}: bit 1 of d{k} (rule A)");
                            a += 1;
                        }
                        None => {
                            assert_ne!(g[k], h[k], "{sc}: bit 1 of d{k} is needed");
                            a_not += 1;
                        }
                    }
                }
                if let Some(s) = redundant_leave_one(c, k) {
                    assert_eq!(s, without(c, k, 2).unwrap());
                    assert_eq!(g, values(&s, 150), "{sc}: bit 2 of d{k} (rule B)");
                    b += 1;
                }
            }
        }
        // Each rule applies often (counts as computed when the rules were written).
        assert_eq!((a, a_not, b), (RULE_A, RULE_A_NOT, RULE_B));
    }

    /// The canonical code and offset of every three-digit code, against the naive mex; and the
    /// offset is the reduction rule's.
    #[test]
    fn canonical_codes_have_the_same_sequence_on_every_three_digit_code() {
        let mut merged = std::collections::HashSet::new();
        for sc in enumerate(3, Prefix::All).unwrap() {
            let c = sc.code();
            let (k, j) = canonical(c);
            let g = values(c, 150);
            let gk = values(&k, 150);
            for n in 0..=150 {
                assert_eq!(
                    g[n],
                    if n < j { 0 } else { gk[n - j] },
                    "{sc} as {j}, at {n}"
                );
            }
            assert_eq!(j, reduce(c).1, "{sc}");
            merged.insert(k);
        }
        // 1022 codes, far fewer canonical codes than reduced codes alone.
        let reduced: std::collections::HashSet<Code> = enumerate(3, Prefix::All)
            .unwrap()
            .iter()
            .map(|c| reduce(c.code()).0)
            .collect();
        assert!(
            merged.len() < reduced.len(),
            "{} {}",
            merged.len(),
            reduced.len()
        );
    }

    #[test]
    fn published_lookups_follow_from_the_redundant_move_rules() {
        let key = |s: &str| {
            let (c, j) = canonical(s.parse::<SurveyCode>().unwrap().code());
            (SurveyCode::new(c).to_string(), j)
        };
        // Winning Ways / Czajka's lookup: .61, .62, .63 → .6; .65, .66, .67 → .64; .46 → .44.
        for (a, b) in [
            (".61", ".6"),
            (".62", ".6"),
            (".63", ".6"),
            (".65", ".64"),
            (".66", ".64"),
            (".67", ".64"),
            (".46", ".44"),
            (".761", ".76"),
            (".762", ".76"),
            (".763", ".76"),
        ] {
            assert_eq!(key(a), key(b), "{a} and {b}");
        }
        // Not every bit is redundant: .143 differs from .142 (the heap of 3 has no 0 option).
        assert_ne!(key(".143"), key(".142"));
        // Czajka: .161 and .36 agree for 518 heaps, yet differ; no rule may join them.
        assert_ne!(key(".161").0, key(".36").0);
    }

    fn arb_octal() -> impl Strategy<Value = Code> {
        (
            prop_oneof![Just(0u8), Just(4)],
            prop::collection::vec(0u8..8, 1..6),
        )
            .prop_map(|(d0, rest)| {
                let mut d = vec![d0];
                d.extend(rest);
                Code::new(&d, false).unwrap()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// The canonical code on random codes of up to five digits, against the naive mex.
        #[test]
        fn canonical_code_matches_computed_sequences(c in arb_octal(), to in 1usize..150) {
            let g = values(&c, to);
            let (k, j) = canonical(&c);
            let gk = values(&k, to);
            for n in 0..=to {
                prop_assert_eq!(g[n], if n < j { 0 } else { gk[n - j] });
            }
        }

        /// The rule on random codes of up to five digits, against the naive mex.
        #[test]
        fn reduction_rule_matches_computed_sequences(c in arb_octal(), to in 1usize..150) {
            let g = values(&c, to);
            if let Some(s) = shift_image(&c) {
                let h = values(&s, to - 1);
                prop_assert_eq!(&g[1..], &h[..]);
            }
            let (r, j) = reduce(&c);
            let gr = values(&r, to);
            for n in 0..=to {
                prop_assert_eq!(g[n], if n < j { 0 } else { gr[n - j] });
            }
        }

        /// The proof-window comparison agrees with a direct comparison far beyond the window.
        #[test]
        fn proved_equal_is_equality_for_ever(
            pre in prop::collection::vec(0u32..3, 0..6),
            per in prop::collection::vec(0u32..3, 1..5),
            reps in 1usize..4,
            pre2 in prop::collection::vec(0u32..3, 0..6),
            per2 in prop::collection::vec(0u32..3, 1..5),
        ) {
            let build = |pre: &[u32], per: &[u32], reps: usize| -> Vec<u32> {
                let mut v = pre.to_vec();
                for _ in 0..reps { v.extend_from_slice(per); }
                v
            };
            let v1 = build(&pre, &per, 1);
            let big = build(&pre, &per, reps); // the same sequence, with a multiple of the period
            let v2 = build(&pre2, &per2, 1);
            let a = Known { values: &v1, period: Some((pre.len(), per.len())) };
            let a2 = Known { values: &big, period: Some((pre.len(), per.len() * reps)) };
            let b = Known { values: &v2, period: Some((pre2.len(), per2.len())) };
            prop_assert_eq!(proved_equal(&a, 0, &a2, 0), Some(true));
            let direct = (0..500).all(|n| a.get(n) == b.get(n));
            prop_assert_eq!(proved_equal(&a, 0, &b, 0), Some(direct));
        }
    }
}
