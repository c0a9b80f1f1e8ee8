//! Periods of nim-sequences, and the theorems that turn finitely many computed values into a proof
//! that the sequence is periodic for ever.
//!
//! A sequence has period `p` from `n0` (its preperiod) when `G(n + p) = G(n)` for all `n >= n0`;
//! it is *arithmetic-periodic* with saltus `s > 0` when `G(n + p) = G(n) + s` for all `n >= n0`.
//!
//! # The periodicity theorems used (all indices are heap sizes)
//! Write `n1 = max(n0, 1)`, `t` for the position of the last nonzero digit of a code, `t2` (`t3`)
//! for the last digit with bit 4 (bit 8), i.e. splits into two (three) heaps. If
//! `G(n + p) = G(n)` holds for every `n0 <= n < N`, with
//!
//! * `N = max(n0 + t, t + 1)` for the moves leaving at most one heap, and also
//! * `N >= 2·n1 + p + t2` when two-heap splits are allowed (Guy–Smith: `2·n0 + p + t`), or
//!   `2·n1 + 2p + t2` when the split heaps must differ (`!`),
//! * `N >= 3·n1 + 2p + t3` when three-heap splits are allowed, or `3·n1 + 5p + t3` with `!`,
//!
//! then it holds for all `n >= n0`. Proof (induction on `n >= N`, assuming it below `n`): a move
//! from `n + p` taking `k` and leaving parts `x <= y (<= z)` has its largest part at least
//! `(n + p - k)/2` (resp. `/3`), which the bound makes `>= n1 + p`; subtracting `p` from it gives a
//! move from `n` with the same value (`G(z - p) = G(z)` by the hypothesis, as `n0 <= z - p < n`).
//! With `!` the shifted part may collide with another part; then `p` is subtracted from the next
//! part instead (for three parts in arithmetic progression `x, x+p, x+2p`, from `x`, which needs
//! `x - p >= n1`, i.e. `n >= 3·n1 + 5p + k`). Conversely a move from `n` leaving parts with largest
//! part `z >= (n - k)/3 >= n0` maps to the move from `n + p` with `z + p`, the same value; moves
//! leaving one heap `n - k >= n0` (or none, `n > t`) map directly. So `n` and `n + p` have the same
//! option values and `G(n + p) = G(n)`.
//!
//! For a **finite subtraction game** with largest element `m` (the window criterion): if
//! `G(n + p) = G(n)` for the `m` consecutive `n0 <= n < n0 + m`, then for all `n >= n0`, since
//! `G(n) = mex { G(n - s) }` only looks `m` back.
//!
//! For an **all-but game** (subtract any `k >= 1` except the finite set `E`, `e = max E`), whose
//! values grow without bound, an *arithmetic* period (saltus `s`) is certified as follows (our
//! derivation; Siegel proved that every all-but game is eventually arithmetic-periodic, without a
//! finite check). Let `Y = { G(i) : i < n0 + p }`, `Z = { G(i) : i < n0 }`,
//! `P = { G(i) : n0 <= i < n0 + p }`, and suppose
//! (A1) `0, 1, …, s − 1 ∈ Y`; (A2) every `z ∈ Z` has `z + s ∈ Y` or `z ∈ P`; (B) some `N1 >= n0`
//! has `G(i) + s > max Y` for `N1 <= i < N1 + p`; and (C) `G(n + p) = G(n) + s` for
//! `n0 <= n < N* = max(n0 + p + e, N1)`. Then `G(n + p) = G(n) + s` for all `n >= n0`.
//! Proof, by induction on `N >= N*` (the relation assumed for `n0 <= n < N`): the options of `N`
//! are the `G(j)`, `j < N`, `N − j ∉ E`. As `N >= n0 + e`, every `j < n0` is an option of `N` and
//! every `j < n0 + p` one of `N + p`; the others pair up, `j ↦ j + p`, with values `+ s`. So with
//! `O = { G(j) : n0 <= j < N, N − j ∉ E }` (which contains `P`, as `N >= n0 + p + e`), the options
//! are `Z ∪ O` for `N` and `Y ∪ (O + s)` for `N + p`. Let `g = mex(Z ∪ O) = G(N)`. Every
//! `v < g + s` is an option of `N + p`: if `v < s` by (A1); else `u = v − s < g` lies in `O`
//! (then `v ∈ O + s`) or in `Z ∖ O`, hence not in `P`, so `v ∈ Y` by (A2). And `g + s` is not: not
//! in `O + s` as `g ∉ O`, not in `Y` by (B) — directly for `N < N1 + p`, else because
//! `G(N) = G(N − p) + s >= G(N − p)` and (B) holds at `N − p` by induction. So
//! `G(N + p) = g + s`.
//!
//! Infinite subtraction sets get no proof, and `proved` is never true without one of the theorems
//! above.
//!
//! An *apparent* period is one seen at least three full times in the computed values, whose
//! repeating stretch also covers at least half of them ([`is_apparent`]).
//!
//! ```
//! use grundy::games::heap::{Ruleset, periodicity};
//! let kayles: Ruleset = "kayles".parse().unwrap();
//! let g: Vec<u64> = kayles.values(200).iter().map(|v| v.0).collect();
//! let p = periodicity::find(&kayles, &g).unwrap();
//! assert_eq!((p.period, p.preperiod, p.proved), (12, 71, true));
//! ```

use serde::Serialize;

use super::ruleset::{Kind, Ruleset, SubtractionSet};

/// A period of a nim-sequence: `G(n + period) = G(n) + saltus` for all `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// The period `p`.
    pub period: usize,
    /// The least `n0` from which it holds.
    pub preperiod: usize,
    /// The saltus `s` (0 for an ordinary period).
    pub saltus: u64,
    /// True when a theorem certifies it for all heaps; false when only apparent in the values.
    pub proved: bool,
}

/// The end `N` of the range of `n` over which `G(n + p) = G(n)` must be checked (`n0 <= n < N`)
/// for the theorem (module docs) to certify period `p` from `n0`; `None` when no theorem applies.
///
/// ```
/// use grundy::games::heap::{Ruleset, periodicity::certificate_end};
/// let kayles: Ruleset = "0.77".parse().unwrap();
/// assert_eq!(certificate_end(&kayles, 12, 71), Some(2 * 71 + 12 + 2));
/// let s: Ruleset = "sub:2,3,7".parse().unwrap();
/// assert_eq!(certificate_end(&s, 5, 0), Some(7));
/// ```
pub fn certificate_end(r: &Ruleset, p: usize, n0: usize) -> Option<usize> {
    match r.kind() {
        Kind::Code(c) => {
            let t = c.last_nonzero();
            let n1 = n0.max(1);
            let mut end = (n0 + t).max(t + 1);
            let d = c.digits();
            if let Some(t2) = d.iter().rposition(|&x| x & 4 != 0) {
                let e = if c.unequal() {
                    2 * n1 + 2 * p + t2
                } else {
                    2 * n1 + p + t2
                };
                end = end.max(e);
            }
            if let Some(t3) = d.iter().rposition(|&x| x & 8 != 0) {
                let e = if c.unequal() {
                    3 * n1 + 5 * p + t3
                } else {
                    3 * n1 + 2 * p + t3
                };
                end = end.max(e);
            }
            Some(end)
        }
        Kind::Subtraction(SubtractionSet::Finite(v)) => {
            let m = *v.last()? as usize;
            Some(n0 + m)
        }
        Kind::Subtraction(_) | Kind::AllBut(_) => None,
    }
}

/// Least `n0` with `g[n + p] == g[n]` for all `n0 <= n < g.len() - p`, scanning down from `start`
/// (all `n > start` are known to match).
fn plain_start<T: Copy + PartialEq>(g: &[T], p: usize, start: usize) -> usize {
    let mut n = start + 1;
    while n > 0 && g[n - 1 + p] == g[n - 1] {
        n -= 1;
    }
    n
}

/// Least `n0` with `g[n + p] - g[n] == s` for all `n0 <= n < len - p`, and `s = g[len-1] -
/// g[len-1-p]` (if positive).
fn arithmetic_start<T: Copy + Into<u64>>(g: &[T], p: usize) -> Option<(usize, u64)> {
    let last = g.len() - 1;
    let (a, b) = (g[last].into(), g[last - p].into());
    if a <= b {
        return None;
    }
    let s = a - b;
    let mut n = last - p + 1;
    while n > 0 && g[n - 1 + p].into() == g[n - 1].into().wrapping_add(s) {
        n -= 1;
    }
    Some((n, s))
}

/// Whether the all-but theorem (module docs) certifies `G(n + p) = G(n) + s` for all `n >= n0`,
/// given that the values `g` satisfy it on `n0 <= n < len − p` (from [`arithmetic_start`]): the
/// conditions are tried with starts `n0' = n0, …, n0 + 15` (a later start also proves it from `n0`,
/// the relation being known on the values between).
fn all_but_certified<T: Copy + Into<u64>>(
    excluded: &[u64],
    g: &[T],
    p: usize,
    n0: usize,
    s: u64,
) -> bool {
    let len = g.len();
    let e = usize::try_from(excluded.iter().copied().max().unwrap_or(0)).unwrap_or(usize::MAX);
    for start in n0..(n0 + 16).min(len) {
        // N* + p values are needed for (C), so stop once N* alone passes the end.
        if start.saturating_add(p).saturating_add(e).saturating_add(p) > len {
            break;
        }
        // (ordered sets: the same steps on every run, which the fuzzers' coverage sees)
        let y: std::collections::BTreeSet<u64> = g[..start + p].iter().map(|&v| v.into()).collect();
        let period: std::collections::BTreeSet<u64> =
            g[start..start + p].iter().map(|&v| v.into()).collect();
        // (A1) and (A2).
        if (0..s).any(|v| !y.contains(&v)) {
            continue;
        }
        if g[..start].iter().any(|&z| {
            let z: u64 = z.into();
            !period.contains(&z) && z.checked_add(s).is_none_or(|w| !y.contains(&w))
        }) {
            continue;
        }
        // (B): the first run of p values above max Y − s, from `start`.
        let max_y = y.iter().copied().max().unwrap_or(0);
        let mut run = 0;
        let mut n1 = None;
        for (i, &v) in g.iter().enumerate().skip(start) {
            let v: u64 = v.into();
            if v.saturating_add(s) > max_y {
                run += 1;
                if run == p {
                    n1 = Some(i + 1 - p);
                    break;
                }
            } else {
                run = 0;
            }
        }
        let Some(n1) = n1 else {
            continue;
        };
        // (C): the relation is known on start <= n < len − p, so N* + p <= len suffices.
        let n_star = (start + p + e).max(n1);
        if n_star + p <= len {
            return true;
        }
    }
    false
}

/// The least period certified by a theorem on the computed values `g = G(0..len)`, with its least
/// preperiod; `None` when no period is certified yet (or no theorem applies to `r`).
///
/// This is the check a computation uses to stop early: every later value is then proved to be
/// `G(n) = G(n - p)`. It costs `O(len)` (a short tail comparison per candidate `p`).
///
/// ```
/// use grundy::games::heap::{Ruleset, periodicity};
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let g: Vec<u64> = kayles.values(200).iter().map(|v| v.0).collect();
/// assert_eq!(periodicity::proved(&kayles, &g).map(|p| (p.period, p.preperiod)), Some((12, 71)));
/// assert!(periodicity::proved(&kayles, &g[..120]).is_none());
/// ```
pub fn proved<T: Copy + PartialEq + Into<u64>>(r: &Ruleset, g: &[T]) -> Option<Period> {
    proved_or_needed(r, g).0
}

/// [`proved`], and when nothing is proved yet, the least length of the values at which a
/// candidate period (one matching the tail, with its preperiod on the values so far) would become
/// certified if it went on; `None` for that when no candidate shows or no theorem applies.
pub fn proved_or_needed<T: Copy + PartialEq + Into<u64>>(
    r: &Ruleset,
    g: &[T],
) -> (Option<Period>, Option<usize>) {
    if certificate_end(r, 1, 0).is_none() {
        return (None, None);
    }
    let (p, _, needed) = scan(r, g, false);
    (p, needed)
}

/// Whether a stretch from `n0` repeating with period `p` within `len` computed values is evidence
/// enough for an *apparent* period: at least three full repeats (`len - n0 >= 3p`), and the
/// repeating stretch covers at least half of the values (`n0 <= len / 2`), so that a few
/// coincidences at the end of a short computation (e.g. Grundy's game up to 30) are not reported.
pub fn is_apparent(len: usize, p: usize, n0: usize) -> bool {
    n0 <= len && len - n0 >= 3 * p && 2 * n0 <= len
}

/// The periods `p = 1, 2, ...` (increasing) with `g[len - 1 - p] == g[len - 1]`: the values are
/// compared a block of 64 at a time into a bit mask (which the compiler vectorizes), so the
/// periods whose last value does not match cost a fraction of a comparison each.
fn tail_matches<T: Copy + PartialEq>(g: &[T]) -> impl Iterator<Item = usize> + '_ {
    let len = g.len();
    let last = g[len - 1];
    // Block `b` holds the values `g[start..end]`, `end = len - 1 - 64 b`: period `p = len - 1 - i`
    // for the value at `i`, so the highest bit is the least period.
    g[..len - 1]
        .rchunks(64)
        .scan(len - 1, move |end, block| {
            let start = *end - block.len();
            *end = start;
            let mut mask = 0u64;
            for (j, &v) in block.iter().enumerate() {
                mask |= u64::from(v == last) << j;
            }
            Some((start, mask))
        })
        .flat_map(move |(start, mut mask)| {
            std::iter::from_fn(move || {
                if mask == 0 {
                    return None;
                }
                let j = 63 - mask.leading_zeros() as usize;
                mask &= !(1u64 << j);
                Some(len - 1 - (start + j))
            })
        })
}

/// Scans the periods `p = 1, 2, ...`: returns (the least certified period, the least apparent
/// period seen before it if `want_apparent`, the least length at which a candidate seen would be
/// certified).
fn scan<T: Copy + PartialEq + Into<u64>>(
    r: &Ruleset,
    g: &[T],
    want_apparent: bool,
) -> (Option<Period>, Option<Period>, Option<usize>) {
    let len = g.len();
    if len < 2 {
        return (None, None, None);
    }
    let mut needed: Option<usize> = None;
    let mut apparent: Option<Period> = None;
    // Smallest-start bases found so far: (p, n0(p)). For multiples of p, n >= n0(p) all match.
    let mut bases: Vec<(usize, usize)> = Vec::new();
    for p in tail_matches(g) {
        let top = len - 1 - p; // largest n with n + p < len
        // Quick rejection on the tail: the last value first (in `tail_matches`), then 8.
        let quick = top.min(8);
        if (0..=quick).any(|i| g[top - i + p] != g[top - i]) {
            continue;
        }
        let known = bases
            .iter()
            .filter(|(b, _)| p.is_multiple_of(*b))
            .map(|&(_, n0)| n0)
            .min();
        let n0 = match known {
            Some(0) => 0,
            Some(k) => plain_start(g, p, (k - 1).min(top)),
            None => plain_start(g, p, top),
        };
        // Only long matching runs not already covered by a base help multiples; stray tail
        // matches or every multiple of a period would make this list (and the search above)
        // quadratic on long sequences.
        if known.is_none() && (top + 1 - n0 >= 64 || n0 == 0) {
            bases.push((p, n0));
        }
        if let Some(end) = certificate_end(r, p, n0) {
            // Certified when `g[n + p] == g[n]` is known for every `n < end`.
            let need = end.saturating_sub(1).saturating_add(p).saturating_add(1);
            if need <= len {
                let found = Period {
                    period: p,
                    preperiod: n0,
                    saltus: 0,
                    proved: true,
                };
                return (Some(found), apparent, None);
            }
            needed = Some(needed.map_or(need, |m| m.min(need)));
        }
        if !want_apparent {
            continue;
        }
        if apparent.is_none() && is_apparent(len, p, n0) {
            apparent = Some(Period {
                period: p,
                preperiod: n0,
                saltus: 0,
                proved: false,
            });
        }
        if apparent.is_some() && certificate_end(r, p, 0).is_none() {
            break;
        }
        if 3 * p > len && apparent.is_some() {
            break;
        }
    }
    (None, apparent, needed)
}

/// The period of the computed values `g = G(0..len)`: the least period certified by a theorem
/// (with its least preperiod); for an all-but game, the least arithmetic period certified by the
/// all-but certificate (module docs); else the least apparent period (see [`is_apparent`]: three
/// full repeats covering at least half of the values), else the least apparent arithmetic period
/// (the same evidence); `None` if none shows.
pub fn find<T: Copy + PartialEq + Into<u64>>(r: &Ruleset, g: &[T]) -> Option<Period> {
    let len = g.len();
    let (proved, apparent, _) = scan(r, g, true);
    if proved.is_some() {
        return proved;
    }
    if apparent.is_some() {
        return apparent;
    }
    if let Kind::AllBut(excluded) = r.kind() {
        for p in 1..=len / 3 {
            if let Some((n0, s)) = arithmetic_start(g, p)
                && all_but_certified(excluded, g, p, n0, s)
            {
                return Some(Period {
                    period: p,
                    preperiod: n0,
                    saltus: s,
                    proved: true,
                });
            }
        }
    }
    for p in 1..=len / 3 {
        if let Some((n0, s)) = arithmetic_start(g, p)
            && is_apparent(len, p, n0)
        {
            return Some(Period {
                period: p,
                preperiod: n0,
                saltus: s,
                proved: false,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rs(s: &str) -> Ruleset {
        s.parse().unwrap()
    }

    fn ints(r: &Ruleset, to: usize) -> Vec<u64> {
        r.values(to).iter().map(|v| v.0).collect()
    }

    #[test]
    fn published_periods() {
        let cases: &[(&str, usize, usize, usize)] = &[
            ("kayles", 300, 12, 71),
            ("dawsons-kayles", 400, 34, 53),
            ("0.137", 400, 34, 52),
            ("sub:2,3,7", 60, 5, 0),
            ("sub:1,2", 10, 3, 0),
        ];
        for &(name, to, p, n0) in cases {
            let r = rs(name);
            let per = find(&r, &ints(&r, to)).unwrap();
            assert_eq!(
                (per.period, per.preperiod, per.proved),
                (p, n0, true),
                "{name}"
            );
        }
    }

    #[test]
    fn a_few_values_at_the_end_are_no_apparent_period() {
        let g = rs("grundys-game");
        for to in [30, 100, 1000] {
            assert_eq!(find(&g, &ints(&g, to)), None, "grundys-game to {to}");
        }
        let a = rs("allbut:1,2");
        for to in [30, 300] {
            let per = find(&a, &ints(&a, to)).unwrap();
            assert_eq!(
                (per.period, per.preperiod, per.saltus, per.proved),
                (3, 0, 1, true)
            );
        }
        // The rule itself: three repeats covering at least half of the values.
        assert!(is_apparent(100, 10, 50) && is_apparent(100, 30, 10));
        assert!(!is_apparent(100, 10, 51) && !is_apparent(100, 34, 0) && !is_apparent(31, 1, 28));
    }

    #[test]
    fn all_but_games_have_proved_arithmetic_periods() {
        // allbut:1 is G(n) = floor(n / 2); allbut:1,2 is floor(n / 3).
        for (name, p, n0, s) in [("allbut:1", 2, 0, 1), ("allbut:1,2", 3, 0, 1)] {
            let r = rs(name);
            let per = find(&r, &ints(&r, 200)).unwrap();
            assert_eq!(
                (per.period, per.preperiod, per.saltus, per.proved),
                (p, n0, s, true),
                "{name}"
            );
        }
        // Too few values for (C): N* + p = n0 + 2p + e values are needed.
        let r = rs("allbut:1,2");
        assert!(!find(&r, &ints(&r, 6)).is_some_and(|p| p.proved));
        // The conditions are checked: values arithmetic-periodic from the start but without a 0
        // (so (A1) fails at every start) are not certified.
        let g: Vec<u64> = (1..40).collect();
        assert!(!all_but_certified(&[1], &g, 1, 0, 1));
        let g: Vec<u64> = (0..40).collect();
        assert!(all_but_certified(&[1], &g, 1, 0, 1));
    }

    #[test]
    fn proved_and_the_length_needed() {
        let k = rs("kayles");
        let g = ints(&k, 400);
        // Certified for period 12 from 71 once g[n + 12] == g[n] is known for n < 2·71 + 12 + 2.
        let need = 2 * 71 + 12 + 2 + 12;
        assert_eq!(proved_or_needed(&k, &g[..need - 1]).0, None);
        assert_eq!(proved_or_needed(&k, &g[..need - 1]).1, Some(need));
        let p = proved(&k, &g[..need]).unwrap();
        assert_eq!((p.period, p.preperiod, p.proved), (12, 71, true));
        assert_eq!(proved_or_needed(&rs("sub:squares"), &g), (None, None));
    }

    #[test]
    fn too_few_values_are_not_a_proof() {
        let r = rs("kayles");
        // Period 12 shows from 71, but 120 values neither prove it nor make it apparent (the
        // repeats cover less than half of them); 150 make it apparent.
        assert_eq!(find(&r, &ints(&r, 120)), None);
        let per = find(&r, &ints(&r, 150)).unwrap();
        assert_eq!((per.period, per.preperiod, per.proved), (12, 71, false));
    }

    #[test]
    fn nim_is_arithmetic_periodic() {
        // Nim is the all-but game excluding nothing (e = 0): G(n) = n, proved.
        let r = rs("nim");
        let per = find(&r, &ints(&r, 30)).unwrap();
        assert_eq!(
            per,
            Period {
                period: 1,
                preperiod: 0,
                saltus: 1,
                proved: true
            }
        );
    }

    #[test]
    fn extension_of_a_proved_period() {
        let r = rs("kayles");
        let long = r.values(400);
        let a = r.analyse(200);
        for n in 0..400u64 {
            assert_eq!(a.value_at(n), Some(long[n as usize]));
        }
        let big = 1_000_000_000_000u64;
        assert_eq!(a.value_at(big), a.value_at(big - 12));
        assert!(rs("kayles").analyse(100).value_at(1000).is_none());
    }
}
