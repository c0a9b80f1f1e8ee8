//! Heap games: octal and hexadecimal take-and-break games, subtraction games, all-but games and
//! Grundy's game — their nim-sequences `G(0), G(1), …`, periods and proofs of periodicity.
//!
//! A position is a multiset of heaps; by the Sprague–Grundy theorem its value is the XOR of the
//! values `G(n)` of its heaps, so everything rests on the nim-sequence of one heap.
//!
//! * [`ruleset`]: the rules as data, one parser (`FromStr`) and printer (`Display`);
//! * [`naive`]: the straightforward mex over every move — the cross-check;
//! * [`sparse`]: the sparse-space (rare/common) method for codes, `u16` values, rayon for long scans;
//! * [`subtraction`]: subtraction and all-but games;
//! * [`sequence`]: [`Sequencer`] (resumable, chunked, picks the method, fills the rest by a
//!   period once proved) and [`Analysis`] (values, period, [`Analysis::value_at`] for any heap
//!   when the period is proved);
//! * [`periodicity`]: period detection and the theorems that prove it;
//! * [`one_heap`]: the value of one heap of any size through a proved period;
//! * [`checkpoint`]: atomic, checksummed checkpoints.
//!
//! ```
//! use grundy::{Nimber, games::heap::Ruleset};
//! let kayles: Ruleset = "kayles".parse().unwrap();
//! let g = kayles.values(12);
//! assert_eq!(g[..6], [0, 1, 2, 3, 1, 4].map(Nimber));
//! let mut moves = Vec::new();
//! kayles.moves(3, &mut moves); // take 1 or 2 counters, from the end or the middle
//! assert_eq!(moves, vec![vec![1], vec![1, 1], vec![2]]);
//! // Kayles is periodic (period 12 from heap 71), which 300 values prove:
//! let a = kayles.analyse(300);
//! let p = a.period().unwrap();
//! assert_eq!((p.period, p.preperiod, p.proved), (12, 71, true));
//! assert_eq!(a.value_at(10u64.pow(12)), a.value_at(10u64.pow(12) - 12));
//! ```

pub mod checkpoint;
pub mod naive;
pub mod one_heap;
pub mod periodicity;
pub mod ruleset;
pub mod sequence;
pub mod sparse;
pub mod spin_pool;
pub mod subtraction;
pub mod three_heap;

pub use periodicity::Period;
pub use ruleset::{Code, Kind, Ruleset, RulesetError, SubtractionSet};
pub use sequence::{Analysis, MAX_TO, Sequencer};

use crate::{ImpartialGame, Nimber};

impl Ruleset {
    /// `G(0..=to)`, the nim-sequence of single heaps, by the fastest correct method.
    ///
    /// ```
    /// use grundy::{Nimber, games::heap::Ruleset};
    /// let s: Ruleset = "sub:2,3,7".parse().unwrap();
    /// assert_eq!(s.values(9), [0, 0, 1, 1, 2, 0, 0, 1, 1, 2].map(Nimber));
    /// ```
    pub fn values(&self, to: usize) -> Vec<Nimber> {
        self.values_u32(to)
            .into_iter()
            .map(|v| Nimber(u64::from(v)))
            .collect()
    }

    /// `G(0..=to)` as plain integers, by the fastest method that applies: sparse space for codes
    /// with at most two-heap splits (falling back to the naive scan if a value passes 16 bits),
    /// the incremental mex for all-but games, the direct recurrence for subtraction games.
    pub(crate) fn values_u32(&self, to: usize) -> Vec<u32> {
        let mut s = Sequencer::new(self);
        s.extend_to(to);
        s.values_u32()
    }

    /// Every option of one heap of `n`: replaces the contents of `out` with the lists of heaps left
    /// by each move (an empty list when the heap vanishes), each list sorted increasingly, the whole
    /// deduplicated and sorted. The number of options is up to `O(n)` (`O(n²)` with three-heap
    /// splits), so call it for heaps you could list.
    ///
    /// ```
    /// use grundy::games::heap::Ruleset;
    /// let g: Ruleset = "grundys-game".parse().unwrap();
    /// let mut out = Vec::new();
    /// g.moves(6, &mut out);
    /// assert_eq!(out, vec![vec![1, 5], vec![2, 4]]); // 3 + 3 is not allowed
    /// ```
    pub fn moves(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        out.clear();
        match self.kind() {
            Kind::Code(c) => {
                let unequal = c.unequal();
                for (k, &d) in c.digits().iter().enumerate() {
                    let k = k as u64;
                    if k > n {
                        break;
                    }
                    let m = n - k;
                    if d & 1 != 0 && m == 0 && k > 0 {
                        out.push(Vec::new());
                    }
                    if d & 2 != 0 && m >= 1 && k > 0 {
                        out.push(vec![m]);
                    }
                    if d & 4 != 0 && m >= 2 {
                        for a in 1..=m / 2 {
                            if !(unequal && 2 * a == m) {
                                out.push(vec![a, m - a]);
                            }
                        }
                    }
                    if d & 8 != 0 && m >= 3 {
                        for a in 1..=m / 3 {
                            for b in a..=(m - a) / 2 {
                                let c3 = m - a - b;
                                if !(unequal && (a == b || b == c3)) {
                                    out.push(vec![a, b, c3]);
                                }
                            }
                        }
                    }
                }
            }
            Kind::Subtraction(s) => {
                for k in s.members_up_to(n) {
                    out.push(if k == n { Vec::new() } else { vec![n - k] });
                }
            }
            Kind::AllBut(excluded) => {
                for k in 1..=n {
                    if excluded.binary_search(&k).is_err() {
                        out.push(if k == n { Vec::new() } else { vec![n - k] });
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// A ruleset is itself an impartial game whose positions are lists of heaps (kept sorted, empty
/// heaps dropped). It does not decompose, so [`crate::solve::memo::Solver`] searches whole
/// positions: the brute-force oracle for the nim-sequences.
///
/// ```
/// use grundy::{Nimber, games::heap::Ruleset, solve::memo::Solver};
/// let kayles: Ruleset = "0.77".parse().unwrap();
/// let mut s = Solver::new(kayles);
/// assert_eq!(s.grundy(&vec![2, 3]).unwrap(), Nimber(2 ^ 3));
/// ```
impl ImpartialGame for Ruleset {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let mut heap_moves = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == h {
                continue;
            }
            self.moves(h, &mut heap_moves);
            for m in &heap_moves {
                let mut q: Vec<u64> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
                q.extend(m.iter().copied().filter(|&x| x > 0));
                q.retain(|&x| x > 0);
                q.sort_unstable();
                out.push(q);
            }
        }
    }
}

/// The name of heap games on the command line, in Python and in the page's URLs.
pub const NAME: &str = "heap";

/// Heap games (octal, hexadecimal, subtraction) in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Heap games (octal, hexadecimal, subtraction)",
    rules: "Take counters from a heap and perhaps split what is left, as the ruleset code allows.",
    notation: "a ruleset code (0.137, 4.07, {1,3,4}) and heap sizes",
    parameters: &[crate::games::entry::Parameter {
        name: "ruleset",
        help: "the ruleset code",
    }],
    engines: &[
        crate::games::entry::Engine::HeapSequence,
        crate::games::entry::Engine::PositionFile,
    ],
    commands: &[
        "grundy seq",
        "grundy guess",
        "grundy misere",
        "grundy count",
        "grundy survey",
    ],
    module: "grundy::games::heap",
    search: None,
    tier: None,
};

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::solve::memo::Solver;

    fn r(s: &str) -> Ruleset {
        s.parse().unwrap()
    }

    fn ints(v: &[Nimber]) -> Vec<u64> {
        v.iter().map(|x| x.0).collect()
    }

    /// Whole-position search (no Sprague–Grundy shortcut) for heaps `0..=to`.
    fn brute(rs: &Ruleset, to: u64) -> Vec<u64> {
        let mut s = Solver::new(rs.clone());
        (0..=to)
            .map(|n| {
                let p = if n == 0 { vec![] } else { vec![n] };
                s.grundy(&p).unwrap().0
            })
            .collect()
    }

    #[test]
    fn published_sequences() {
        // OEIS A002186 (Kayles), A002188 (Grundy's game), A002187 (Dawson's Kayles 0.137).
        assert_eq!(
            ints(&r("kayles").values(27)),
            [
                0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8
            ]
        );
        assert_eq!(
            ints(&r("grundys-game").values(29)),
            [
                0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4,
                1, 2
            ]
        );
        let d137 = ints(&r("0.137").values(20));
        assert_eq!(
            d137,
            [
                0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0
            ]
        );
        // 0.07 is 0.137 shifted by one counter.
        let d07 = ints(&r("dawsons-kayles").values(21));
        assert_eq!(d07[0], 0);
        assert_eq!(d07[1..], d137[..]);
        assert_eq!(ints(&r("nim").values(5)), [0, 1, 2, 3, 4, 5]);
        assert_eq!(
            ints(&r("sub:2,3,7").values(9)),
            [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]
        );
    }

    fn arb_code() -> impl Strategy<Value = Ruleset> {
        (
            prop_oneof![Just(0u8), Just(4), Just(8), Just(12)],
            prop::collection::vec(0u8..16, 0..5),
            any::<bool>(),
        )
            .prop_map(|(d0, rest, unequal)| {
                let mut d = vec![d0];
                d.extend(rest);
                Ruleset::code(Code::new(&d, unequal).unwrap())
            })
    }

    fn arb_ruleset() -> impl Strategy<Value = Ruleset> {
        prop_oneof![
            3 => arb_code(),
            1 => prop::collection::vec(1u64..8, 1..4)
                .prop_map(|v| Ruleset::subtraction(SubtractionSet::Finite(v)).unwrap()),
            1 => prop::collection::vec(1u64..9, 0..4).prop_map(|v| Ruleset::all_but(v).unwrap()),
            1 => prop_oneof![
                Just(SubtractionSet::Squares),
                Just(SubtractionSet::Primes),
                Just(SubtractionSet::PowersOfTwo),
                Just(SubtractionSet::Fibonacci)
            ]
            .prop_map(|s| Ruleset::subtraction(s).unwrap()),
        ]
    }

    fn arb_two_heap_code() -> impl Strategy<Value = Code> {
        (
            prop_oneof![Just(0u8), Just(4)],
            prop::collection::vec(0u8..8, 1..6),
            prop::bool::weighted(0.2),
        )
            .prop_map(|(d0, rest, unequal)| {
                let mut d = vec![d0];
                d.extend(rest);
                Code::new(&d, unequal).unwrap()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn sparse_matches_naive(c in arb_two_heap_code(), to in 0usize..1200, cut in 0usize..1200) {
            let rs = Ruleset::code(c.clone());
            let want: Vec<u16> = naive::values(&rs, to).into_iter().map(|v| v as u16).collect();
            let mut s = sparse::Sparse::new(&c).unwrap();
            s.extend_to(to).unwrap();
            prop_assert_eq!(s.values(), &want[..], "{}", rs);
            // Resuming from a prefix gives the same values.
            let cut = cut.min(to);
            let mut r = sparse::Sparse::resume(&c, want[..cut].to_vec()).unwrap();
            r.extend_to(to).unwrap();
            prop_assert_eq!(r.values(), &want[..], "{} resumed at {}", rs, cut);
            // Parallel scans and batches of heaps (tiny thresholds, two or three threads, in
            // several extensions) give the same values.
            // (Three threads on a small machine are slow: only for short runs.)
            for threads in if to < 300 { &[2, 3][..] } else { &[2][..] } {
                let mut p = sparse::Sparse::new(&c).unwrap();
                p.set_parallel_thresholds(3, 5, 0);
                p.set_batch_threshold(if *threads == 2 { 0 } else { 50 });
                // Epochs of a few heaps: the helpers are switched on and off all along.
                p.set_adaptive_epoch(std::time::Duration::ZERO);
                p.extend_to_threads(cut, *threads).unwrap();
                p.extend_to_threads(to, *threads).unwrap();
                prop_assert_eq!(p.values(), &want[..], "{} with {} threads", rs, threads);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Heaps speculated ahead of the known values (alone: runs of heaps; with 2 or 3
        /// threads: windows, helpers always used, no threshold), the late options inserted in
        /// order — the values of the naive search.
        #[test]
        fn sparse_windows_across_heaps_match_naive(
            c in arb_two_heap_code(),
            to in 0usize..700,
            threads in 1usize..=3,
        ) {
            let rs = Ruleset::code(c.clone());
            let want: Vec<u16> = naive::values(&rs, to).into_iter().map(|v| v as u16).collect();
            let mut p = sparse::Sparse::new(&c).unwrap();
            p.set_parallel_thresholds(3, 5, 0);
            p.set_batch_threshold(0);
            p.set_adaptive_epoch(std::time::Duration::MAX);
            p.extend_to_threads(to / 3, threads).unwrap();
            p.extend_to_threads(to, threads).unwrap();
            prop_assert_eq!(p.values(), &want[..], "{} with {} threads", rs, threads);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Soundness of the periodicity theorems: a period proved from `G(0..=to)` holds on a
        /// sequence three times as long.
        #[test]
        fn proved_periods_hold_further(rs in arb_ruleset(), to in 20usize..300) {
            let short = rs.values_u32(to);
            if let Some(p) = periodicity::find(&rs, &short)
                && p.proved
            {
                let long = rs.values_u32(3 * to + 50);
                let s = p.saltus as u32;
                for n in p.preperiod..long.len() - p.period {
                    prop_assert_eq!(long[n + p.period], long[n] + s, "{} {:?} at {}", rs, p, n);
                }
                if p.preperiod > 0 {
                    prop_assert_ne!(long[p.preperiod - 1 + p.period], long[p.preperiod - 1] + s);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Soundness of the all-but arithmetic-periodicity certificate: what it proves from
        /// `G(0..=to)` holds on a sequence four times as long (and it does prove something for
        /// most sets once enough values are known).
        #[test]
        fn all_but_arithmetic_periods_hold_further(
            ex in prop::collection::vec(1u64..14, 1..6),
            to in 30usize..400,
        ) {
            let rs = Ruleset::all_but(ex).unwrap();
            let short = rs.values_u32(to);
            if let Some(p) = periodicity::find(&rs, &short).filter(|p| p.proved) {
                prop_assert!(p.saltus > 0, "{} {:?}", rs, p);
                let long = rs.values_u32(4 * to + 200);
                for n in p.preperiod..long.len() - p.period {
                    prop_assert_eq!(long[n + p.period], long[n] + p.saltus as u32, "{} {:?} at {}", rs, p, n);
                }
            }
        }
    }

    #[test]
    fn all_but_games_with_two_or_three_exclusions_are_certified_from_3000_values() {
        let mut proved = 0;
        let mut total = 0;
        for a in 1u64..8 {
            for b in a + 1..10 {
                for c in [None, Some(b + 3)] {
                    let mut ex = vec![a, b];
                    ex.extend(c);
                    let rs = Ruleset::all_but(ex).unwrap();
                    total += 1;
                    if periodicity::find(&rs, &rs.values_u32(3000)).is_some_and(|p| p.proved) {
                        proved += 1;
                    }
                }
            }
        }
        assert_eq!(proved, total, "{proved} of {total}");
    }

    fn arb_provable() -> impl Strategy<Value = Ruleset> {
        prop_oneof![
            3 => arb_two_heap_code().prop_map(Ruleset::code),
            2 => prop::collection::vec(1u64..12, 1..5)
                .prop_map(|v| Ruleset::subtraction(SubtractionSet::Finite(v)).unwrap()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]
        /// Filling by a proved period gives exactly the computed values and the same least
        /// period/preperiod, fresh, chunked with a resume, or extended in two steps.
        #[test]
        fn filled_values_equal_naive(rs in arb_provable(), to in 256usize..2500, cut in 0usize..2500) {
            let want = naive::values(&rs, to);
            let mut s = Sequencer::new(&rs);
            s.extend_to(to);
            prop_assert_eq!(s.values_u32(), want.clone(), "{}", rs);
            if let Some(n) = s.filled_from() {
                let p = s.proof().unwrap();
                prop_assert!(p.proved && n >= p.preperiod + p.period && n <= to, "{} {:?} {}", rs, p, n);
            }
            let a = s.analysis();
            prop_assert_eq!(a.period().copied(), periodicity::find(&rs, &want), "{}", rs);
            let cut = cut.min(to);
            let mut r = Sequencer::resume(&rs, want[..cut].to_vec());
            let _ = r.run::<()>(to, &crate::progress::Silent, |_| Ok(()));
            prop_assert_eq!(r.values_u32(), want.clone(), "{} resumed at {}", rs, cut);
            let mut t = Sequencer::new(&rs);
            t.extend_to(cut);
            t.extend_to(to);
            prop_assert_eq!(t.values_u32(), want, "{} in two steps via {}", rs, cut);
        }
    }

    #[test]
    fn proved_periods_fill_the_rest() {
        for (name, p, n0) in [("kayles", 12, 71), ("sub:2,3,7", 5, 0), ("0.137", 34, 52)] {
            let rs = r(name);
            let a = rs.analyse(100_000);
            let from = a.filled_from().expect(name);
            assert!(from < 2_000, "{name} filled from {from}");
            let per = a.period().unwrap();
            assert_eq!(
                (per.period, per.preperiod, per.proved),
                (p, n0, true),
                "{name}"
            );
            let want = naive::values(&rs, 3_000);
            for (n, &v) in want.iter().enumerate() {
                assert_eq!(a.value(n), Some(Nimber(u64::from(v))), "{name} at {n}");
            }
        }
        // No theorem, no filling.
        for name in ["sub:squares", "allbut:1,2", "nim"] {
            assert_eq!(r(name).analyse(3_000).filled_from(), None, "{name}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]
        #[test]
        fn naive_matches_whole_position_search(rs in arb_ruleset()) {
            let to = 11;
            let want = brute(&rs, to);
            let got: Vec<u64> = naive::values(&rs, to as usize).into_iter().map(u64::from).collect();
            prop_assert_eq!(got, want, "{}", rs);
        }

        #[test]
        fn fast_methods_match_naive(rs in arb_ruleset(), to in 0usize..400) {
            let want = naive::values(&rs, to);
            prop_assert_eq!(rs.values_u32(to), want, "{}", rs);
        }

        #[test]
        fn display_round_trips(rs in arb_ruleset()) {
            let text = rs.to_string();
            prop_assert_eq!(text.parse::<Ruleset>().unwrap(), rs);
        }

        #[test]
        fn parser_never_panics(s in "\\PC{0,12}") {
            let _ = s.parse::<Ruleset>();
        }

        #[test]
        fn parser_never_panics_on_near_codes(s in "[0-9a-fA-F.!:,subtlw -]{0,12}") {
            if let Ok(rs) = s.parse::<Ruleset>() {
                prop_assert_eq!(rs.to_string().parse::<Ruleset>().unwrap(), rs);
            }
        }
    }
}
