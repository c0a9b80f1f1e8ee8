//! Misère quotients against the truth: exhaustive misère search of every sum of heaps of small
//! total size, published quotients, and the monoid laws.

use std::collections::HashMap;

use grundy::Outcome;
use grundy::games::heap::Ruleset;
use grundy::misere::monoid::Monoid;
use grundy::misere::{Quotient, Settings};
use grundy::progress::Silent;

/// Exhaustive misère outcomes of sums of heaps (sorted multisets, no empty heaps), memoised.
struct Brute {
    r: Ruleset,
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn new(r: &Ruleset) -> Brute {
        Brute {
            r: r.clone(),
            memo: HashMap::new(),
        }
    }

    fn after(heaps: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
        let mut v: Vec<u64> = heaps
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &h)| h)
            .chain(left.iter().copied())
            .filter(|&h| h > 0)
            .collect();
        v.sort_unstable();
        v
    }

    /// True when the player to move wins (misère: a player with no move has won).
    fn is_n(&mut self, heaps: &[u64]) -> bool {
        if let Some(&b) = self.memo.get(heaps) {
            return b;
        }
        let mut any_move = false;
        let mut win = false;
        let mut opts = Vec::new();
        'outer: for i in 0..heaps.len() {
            self.r.moves(heaps[i], &mut opts);
            let list = opts.clone();
            for left in &list {
                any_move = true;
                let next = Brute::after(heaps, i, left);
                if !self.is_n(&next) {
                    win = true;
                    break 'outer;
                }
            }
        }
        let b = !any_move || win;
        self.memo.insert(heaps.to_vec(), b);
        b
    }

    fn winning_moves(&mut self, heaps: &[u64]) -> Vec<(usize, Vec<u64>)> {
        let mut out = Vec::new();
        let mut opts = Vec::new();
        for i in 0..heaps.len() {
            self.r.moves(heaps[i], &mut opts);
            for left in opts.clone() {
                if !self.is_n(&Brute::after(heaps, i, &left)) {
                    out.push((i, left));
                }
            }
        }
        out
    }
}

/// Every multiset of heaps `>= 1` with total at most `total`, as sorted vectors.
fn partitions(total: u64) -> Vec<Vec<u64>> {
    fn go(left: u64, max: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(cur.iter().rev().copied().collect());
        for h in (1..=max.min(left)).rev() {
            cur.push(h);
            go(left - h, h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(total, total, &mut Vec::new(), &mut out);
    out
}

fn quotient(code: &str, max_heap: usize) -> Quotient {
    let r: Ruleset = code.parse().unwrap();
    let c = Quotient::compute(
        &r,
        &Settings {
            max_heap,
            deadline: None,
        },
        &Silent,
    )
    .unwrap();
    assert!(c.stopped.is_none(), "{code}: {:?}", c.stopped);
    c.quotient
}

fn agrees_with_exhaustive_search(code: &str, total: u64) {
    let q = quotient(code, total as usize);
    let r: Ruleset = code.parse().unwrap();
    let mut brute = Brute::new(&r);
    for heaps in partitions(total) {
        let truth = if brute.is_n(&heaps) {
            Outcome::N
        } else {
            Outcome::P
        };
        assert_eq!(
            q.outcome(&heaps).unwrap(),
            truth,
            "{code}: outcome of {heaps:?}"
        );
        if truth == Outcome::N {
            assert_eq!(
                q.winning_moves(&heaps).unwrap(),
                brute.winning_moves(&heaps),
                "{code}: winning moves of {heaps:?}"
            );
        } else {
            assert!(q.winning_moves(&heaps).unwrap().is_empty());
        }
    }
}

/// Tame and wild codes, subtraction games included (moves leave at most two heaps).
const CODES: &[&str] = &[
    "nim",
    "0.75",
    "0.77",
    "0.07",
    "0.15",
    "0.71",
    "0.72",
    "0.144",
    "0.31",
    "0.137",
    "0.51",
    "0.52",
    "0.53",
    "0.54",
    "0.56",
    "0.57",
    "0.34",
    "4.7",
    "0.4",
    "0.123",
    "sub:1,2",
    "sub:2,3",
    "sub:1,3,4",
    "0.007",
    "0.26",
    "0.753",
    "0.17",
    "0.32",
    "0.12",
    "0.44",
    "0.152",
    "0.115",
    "4.07",
];

#[test]
fn outcomes_and_every_winning_move_agree_with_exhaustive_search_to_total_size_24() {
    for code in CODES {
        agrees_with_exhaustive_search(code, 24);
    }
}

#[test]
fn quotients_are_commutative_associative_of_even_order_and_satisfy_their_presentation() {
    for code in CODES {
        let q = quotient(code, 24);
        let t = q.table();
        let n = t.size() as u32;
        assert_eq!(n % 2, 0, "{code}: order {n} is odd");
        for x in 0..n {
            assert_eq!(t.mul(0, x), x);
            for y in 0..n {
                assert_eq!(t.mul(x, y), t.mul(y, x), "{code}: not commutative");
                for z in 0..n {
                    assert_eq!(
                        t.mul(t.mul(x, y), z),
                        t.mul(x, t.mul(y, z)),
                        "{code}: not associative"
                    );
                }
            }
        }
        let pres = q.presentation();
        for (l, r) in &pres.relations {
            assert_eq!(
                pres.evaluate(t, l),
                pres.evaluate(t, r),
                "{code}: relation fails"
            );
        }
        for x in 0..n {
            assert_eq!(pres.evaluate(t, &pres.normal_forms[x as usize]), x);
        }
    }
}

fn orders(code: &str, max_heap: usize) -> Vec<(usize, usize)> {
    let r: Ruleset = code.parse().unwrap();
    let c = Quotient::compute(
        &r,
        &Settings {
            max_heap,
            deadline: None,
        },
        &Silent,
    )
    .unwrap();
    c.history.iter().map(|e| (e.heap, e.order)).collect()
}

#[test]
fn quotient_of_0_75_is_plambeck_siegels_order_8_monoid() {
    // Plambeck–Siegel 2008, the running example: Q = <a,b,c | a²=1, b³=b, bc=ab, c²=b²>,
    // P = {a, b²}.
    let q = quotient("0.75", 200);
    assert!(q.is_final());
    assert_eq!((q.order(), q.p_portion_size()), (8, 2));
    assert_eq!(
        q.presentation().to_string(),
        "<a,b,c | a2=1, bc=ab, c2=b2, b3=b>"
    );
    let p: Vec<String> = q.p_portion().into_iter().map(|x| q.word(x)).collect();
    assert_eq!(p, vec!["a", "b2"]);
    assert_eq!(q.tame(), None);
}

#[test]
fn dawsons_kayles_partial_quotients_have_orders_360_at_heap_30_and_638_at_heap_33() {
    // The orders MisereSolver reports for 0.07 (Plambeck–Siegel; issue 12's figures).
    let h = orders("0.07", 33);
    let at = |n: usize| h.iter().rev().find(|&&(heap, _)| heap <= n).unwrap().1;
    assert_eq!(at(30), 360);
    assert_eq!(at(33), 638);
}

#[test]
fn misere_nim_quotients_are_the_tame_quotients_t_k_of_order_2_to_the_k_plus_2() {
    for (heaps, k, order) in [(1, 1, 2), (3, 2, 6), (7, 3, 10), (15, 4, 18)] {
        let q = quotient("nim", heaps);
        assert_eq!(q.order(), order);
        assert_eq!(q.tame(), Some(k));
        assert_eq!(q.p_portion_size(), if k == 1 { 1 } else { 2 });
    }
}

#[test]
fn kayles_quotient_is_final_with_the_normal_play_period_12_after_heap_71() {
    let q = quotient("kayles", 200);
    assert_eq!(q.period(), Some((71, 12)));
    assert_eq!(q.order() % 2, 0);
    // three huge heaps are answered at once, and every listed move does win
    let heaps = [1_000_000, 1_000_001, 1_000_005];
    let moves = q.winning_moves(&heaps).unwrap();
    assert_eq!(q.outcome(&heaps).unwrap() == Outcome::N, !moves.is_empty());
    for (i, left) in moves.iter().take(20) {
        let mut next: Vec<u64> = heaps.to_vec();
        next.remove(*i);
        next.extend(left);
        assert_eq!(q.outcome(&next).unwrap(), Outcome::P);
    }
}

#[test]
fn a_partial_quotient_refuses_heaps_beyond_it() {
    let q = quotient("0.07", 12);
    assert!(!q.is_final());
    assert!(q.element_of(&[12]).is_ok());
    assert!(q.element_of(&[13]).is_err());
}

#[test]
fn solve_uses_the_quotient_for_heap_sums_and_lists_every_winning_move() {
    use grundy::position::{self, Method};
    use grundy::solve::outcomes::Play;
    for code in ["0.77", "0.07", "0.75", "0.137"] {
        let r: Ruleset = code.parse().unwrap();
        let mut brute = Brute::new(&r);
        for heaps in partitions(14).into_iter().filter(|h| h.len() >= 2) {
            // Two components: the first heap alone, the rest together.
            let text = format!(
                "[[component]]\nkind = \"heap\"\nruleset = \"{code}\"\nheaps = [{}]\n\n[[component]]\nkind = \"heap\"\nruleset = \"{code}\"\nheaps = [{}]\n",
                heaps[0],
                heaps[1..]
                    .iter()
                    .map(|h| h.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let p = position::parse_position(&text, std::path::Path::new(".")).unwrap();
            let a = position::analyse(&p, Play::Misere).unwrap();
            // (all heaps of 1 or 2 counters in Dawson's Kayles: the misère Nim rule comes first)
            assert!(
                matches!(a.method, Method::MisereQuotient | Method::MisereNim),
                "{code} {heaps:?}: {:?}",
                a.method
            );
            let truth = if brute.is_n(&heaps) {
                Outcome::N
            } else {
                Outcome::P
            };
            assert_eq!(a.outcome, truth, "{code} {heaps:?}");
            // The positions the listed moves reach (equal heaps may be listed once or per heap,
            // as the sum's move generator does; equal heaps in two components are two moves).
            let mut got: Vec<Vec<u64>> = a
                .winning_moves
                .iter()
                .map(|m| {
                    let next = p.sum.apply(&p.state, m).unwrap();
                    let mut v: Vec<u64> = next.into_iter().flatten().filter(|&h| h > 0).collect();
                    v.sort_unstable();
                    v
                })
                .collect();
            got.sort();
            got.dedup();
            let mut want: Vec<Vec<u64>> = brute
                .winning_moves(&heaps)
                .into_iter()
                .map(|(i, left)| Brute::after(&heaps, i, &left))
                .collect();
            want.sort();
            want.dedup();
            assert_eq!(got, want, "{code} {heaps:?}");
        }
    }
}

#[test]
fn mixed_sums_keep_the_exact_search() {
    use grundy::position::{self, Method};
    use grundy::solve::outcomes::Play;
    let text = "[[component]]\nkind = \"nim\"\nheaps = [1, 2]\n\n[[component]]\nkind = \"heap\"\nruleset = \"kayles\"\nheaps = [5]\n";
    let p = position::parse_position(text, std::path::Path::new(".")).unwrap();
    assert_eq!(
        position::analyse(&p, Play::Misere).unwrap().method,
        Method::Search
    );
}
