//! `grundy::guess` on real games computed here by brute force (the mex over every move): each
//! gets the right rule, checked by predicting values far beyond the data against the known
//! theorem — the proved periods of `Ruleset::value_at` (octal periodicity theorem, window
//! criterion, all-but certificate), Lasker's classes, halving, `lowbit`, the odious numbers,
//! Wythoff's pairs, the Sprague–Grundy sum, and Tartan's theorem for coin-turning products.

use grundy::Nimber;
use grundy::games::heap::Ruleset;
use grundy::guess::table::{Table, guess as guess_table};
use grundy::guess::{Guess, guess_analysis, sequence};

fn mex(seen: &[bool]) -> u64 {
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64
}

/// `G(0..=to)` of a heap game whose options of `n` are listed by `moves` (lists of heaps left).
fn brute(to: usize, moves: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let mut seen = vec![false; 4 * n + 4];
        for opt in moves(n) {
            let v = opt.iter().fold(0, |a, &h| a ^ g[h]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g.push(mex(&seen));
    }
    g
}

/// Octal code moves: digit k (1-based) with bits 1: take all, 2: leave one heap, 4: leave two.
fn octal(digits: &'static [u8]) -> impl Fn(usize) -> Vec<Vec<usize>> {
    move |n| {
        let mut out = Vec::new();
        for (i, &d) in digits.iter().enumerate() {
            let k = i + 1;
            if k > n {
                break;
            }
            let m = n - k;
            if d & 1 != 0 && m == 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && m > 0 {
                out.push(vec![m]);
            }
            if d & 4 != 0 {
                for a in 1..m {
                    out.push(vec![a, m - a]);
                }
            }
        }
        out
    }
}

fn subtraction(set: &'static [usize]) -> impl Fn(usize) -> Vec<Vec<usize>> {
    move |n| {
        set.iter()
            .filter(|&&k| k <= n)
            .map(|&k| vec![n - k])
            .collect()
    }
}

fn value(g: &Guess, n: u64) -> u128 {
    g.predict(&[n]).unwrap().value.unwrap()
}

fn far() -> Vec<u64> {
    vec![
        10u64.pow(9),
        10u64.pow(12) + 7,
        10u64.pow(15) + 3,
        (1 << 50) + 1,
    ]
}

/// The values guessed (no theorem given) predict the proved values of `code` far out.
fn predicts_the_proved_period(code: &str, g: &[u64]) {
    let guess = Guess::Sequence(sequence::guess(g));
    assert!(guess.found(), "{code}: no rule");
    assert!(
        !guess.proved(),
        "{code}: a rule read off values is not proved"
    );
    let r: Ruleset = code.parse().unwrap();
    for n in far() {
        let theorem = r.value_at(n, 5000).expect("proved").0;
        assert_eq!(
            value(&guess, n),
            u128::from(theorem),
            "{code} at {n}: {:?}",
            guess.rule()
        );
    }
}

#[test]
fn subtraction_games_are_periodic_far_beyond_the_data() {
    predicts_the_proved_period("sub:2,3,7", &brute(300, subtraction(&[2, 3, 7])));
    predicts_the_proved_period("sub:1,3,4", &brute(300, subtraction(&[1, 3, 4])));
    let g = Guess::Sequence(sequence::guess(&brute(100, subtraction(&[1, 2]))));
    assert_eq!(g.rule().unwrap(), "G(n) = n mod 3");
}

#[test]
fn all_but_games_are_arithmetic_periodic_far_beyond_the_data() {
    let g = brute(500, |n| {
        (1..=n)
            .filter(|k| ![2, 5, 7, 8].contains(k))
            .map(|k| vec![n - k])
            .collect()
    });
    predicts_the_proved_period("allbut:2,5,7,8", &g);
    let guess = Guess::Sequence(sequence::guess(&g));
    assert_eq!(guess.class(), Some("arithmetic-periodic"));
}

#[test]
fn octal_games_are_periodic_with_their_exceptions() {
    let kayles = brute(400, octal(&[7, 7]));
    predicts_the_proved_period("0.77", &kayles);
    let guess = Guess::Sequence(sequence::guess(&kayles));
    assert_eq!(guess.from(), Some(vec![71]));
    assert!(
        guess
            .rule()
            .unwrap()
            .starts_with("G(n) = (4 1 2 8 1 4 7 2 1 8 2 7)[n mod 12]")
    );
    predicts_the_proved_period("0.07", &brute(600, octal(&[0, 7])));
}

#[test]
fn computed_by_the_ruleset_the_period_is_proved() {
    let a = "dawsons-kayles".parse::<Ruleset>().unwrap().analyse(1000);
    let g = guess_analysis(&a);
    assert!(g.proved());
    assert!(g.certainty().starts_with("proved"));
    assert_eq!(
        value(&g, 10u64.pow(12)),
        u128::from(a.value_at(10u64.pow(12)).unwrap().0)
    );
}

#[test]
fn laskers_nim_has_four_residue_classes() {
    let g = brute(300, |n| {
        let mut o: Vec<Vec<usize>> = (1..=n).map(|k| vec![n - k]).collect();
        o.extend((1..n).map(|a| vec![a, n - a]));
        o
    });
    let guess = Guess::Sequence(sequence::guess(&g));
    assert_eq!(guess.class(), Some("residue-classes"));
    for n in far() {
        let theorem = match n % 4 {
            0 => n - 1,
            3 => n + 1,
            _ => n,
        };
        assert_eq!(value(&guess, n), u128::from(theorem));
    }
}

#[test]
fn take_at_most_half_halves_far_beyond_the_data() {
    let g = brute(600, |n| (1..=n / 2).map(|k| vec![n - k]).collect());
    let guess = Guess::Sequence(sequence::guess(&g));
    fn theorem(n: u64) -> u64 {
        if n.is_multiple_of(2) {
            n / 2
        } else if n == 1 {
            0
        } else {
            theorem(n / 2)
        }
    }
    for n in far() {
        assert_eq!(
            value(&guess, n),
            u128::from(theorem(n)),
            "{:?}",
            guess.rule()
        );
    }
}

/// A coin-turning game by brute force: the value of a single coin (heads) at `n`, the move
/// turning `n` (heads to tails) and the coins of `others(n)` (sets of smaller cells).
fn coin_turning(to: usize, others: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let mut seen = vec![false; 4 * n + 4];
        for set in others(n) {
            let v = set.iter().fold(0, |a, &c| a ^ g[c]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g.push(mex(&seen));
    }
    g
}

#[test]
fn the_ruler_game_is_lowbit() {
    // Ruler (cells 1, 2, ...; cell 0 holds no coin): turn n and any run of cells just below it.
    let g = coin_turning(400, |n| {
        if n == 0 {
            vec![]
        } else {
            (1..=n).map(|a| (a..n).collect()).collect()
        }
    });
    let g: Vec<u64> = g
        .iter()
        .enumerate()
        .map(|(n, &v)| if n == 0 { 0 } else { v })
        .collect();
    let guess = Guess::Sequence(sequence::guess(&g));
    assert!(
        guess.rule().unwrap().starts_with("G(n) = lowbit(n)"),
        "{:?}",
        guess.rule()
    );
    for n in far() {
        assert_eq!(value(&guess, n), u128::from(n & n.wrapping_neg()));
    }
}

#[test]
fn mock_turtles_are_the_odious_numbers() {
    // turn n and at most two smaller cells
    let g = coin_turning(300, |n| {
        let mut o = vec![vec![]];
        for a in 0..n {
            o.push(vec![a]);
            for b in a + 1..n {
                o.push(vec![a, b]);
            }
        }
        o
    });
    let guess = Guess::Sequence(sequence::guess(&g));
    assert_eq!(guess.rule().unwrap(), "G(n) = 2n + [popcount(n) even]");
    for n in far() {
        assert_eq!(
            value(&guess, n),
            u128::from(2 * n + u64::from(n.count_ones().is_multiple_of(2)))
        );
    }
}

#[test]
fn shuffled_values_of_a_real_game_give_no_rule() {
    let mut g = brute(1000, octal(&[0, 7]));
    let mut s = 0x1234_5678_9abc_def1u64;
    for i in (1..g.len()).rev() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        g.swap(i, (s % (i as u64 + 1)) as usize);
    }
    let guess = Guess::Sequence(sequence::guess(&g));
    assert!(!guess.found(), "{:?}", guess.rule());
    assert!(guess.certainty().starts_with("no rule found"));
}

/// A game on two heaps by brute force: options of `(x, y)` listed by `moves`.
fn brute2(n: usize, moves: impl Fn(usize, usize) -> Vec<(usize, usize)>) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for s in 0..2 * n {
        for x in 0..n {
            if s < x || s - x >= n {
                continue;
            }
            let y = s - x;
            let mut seen = vec![false; 4 * n + 4];
            for (a, b) in moves(x, y) {
                let v = t[a][b] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
            t[x][y] = mex(&seen);
        }
    }
    t
}

fn table(t: &[Vec<u64>]) -> Table {
    Table::from_fn(t.len(), t[0].len(), |x, y| t[x as usize][y as usize])
}

#[test]
fn wythoffs_p_positions_are_the_golden_beatty_pairs() {
    let t = brute2(120, |x, y| {
        let mut o: Vec<(usize, usize)> = (1..=x).map(|k| (x - k, y)).collect();
        o.extend((1..=y).map(|k| (x, y - k)));
        o.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
        o
    });
    let guess = Guess::Table(guess_table(&table(&t)));
    assert_eq!(
        guess.class(),
        Some("beatty-p-positions"),
        "{:?}",
        guess.rule()
    );
    assert!(guess.rule().unwrap().contains("Wythoff"));
    for k in [10u64.pow(6), 10u64.pow(9) + 1, 10u64.pow(15)] {
        // Wythoff's theorem: a_k = ⌊kφ⌋, b_k = a_k + k
        let phi = |k: u64| ((k as f64) * (1.0 + 5f64.sqrt()) / 2.0).floor() as u64;
        let (a, b) = (phi(k), phi(k) + k);
        // the f64 value of ⌊kφ⌋ is exact at these k unless kφ is within 1e-3 of an integer
        if ((k as f64) * (1.0 + 5f64.sqrt()) / 2.0).fract() > 0.001 && k < 1 << 40 {
            assert_eq!(
                guess.predict(&[a, b]).unwrap().outcome,
                Some(grundy::Outcome::P)
            );
            assert_eq!(
                guess.predict(&[b, a]).unwrap().outcome,
                Some(grundy::Outcome::P)
            );
            assert_eq!(
                guess.predict(&[a, b + 1]).unwrap().outcome,
                Some(grundy::Outcome::N)
            );
        }
    }
}

#[test]
fn a_sum_of_two_subtraction_games_is_their_nim_sum() {
    let t = brute2(60, |x, y| {
        let mut o: Vec<(usize, usize)> = [1, 2, 3]
            .iter()
            .filter(|&&k| k <= x)
            .map(|&k| (x - k, y))
            .collect();
        o.extend([2, 5].iter().filter(|&&k| k <= y).map(|&k| (x, y - k)));
        o
    });
    let guess = Guess::Table(guess_table(&table(&t)));
    assert_eq!(guess.class(), Some("nim-sum"), "{:?}", guess.rule());
    let s25: Ruleset = "sub:2,5".parse().unwrap();
    for (x, y) in [(10u64.pow(9) + 3, 10u64.pow(9) + 7), (10u64.pow(12), 5)] {
        let theorem = (x % 4) ^ s25.value_at(y, 1000).unwrap().0;
        assert_eq!(
            guess.predict(&[x, y]).unwrap().value,
            Some(u128::from(theorem))
        );
    }
}

#[test]
fn turning_corners_is_the_nim_product() {
    // the coin-turning product of two Nims: turn the corners of a rectangle with (x, y) top right
    let n = 40;
    let mut t = vec![vec![0u64; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut seen = vec![false; 4 * n * n];
            for a in 0..x {
                for b in 0..y {
                    seen[(t[a][b] ^ t[a][y] ^ t[x][b]) as usize] = true;
                }
            }
            t[x][y] = mex(&seen);
        }
    }
    let guess = Guess::Table(guess_table(&table(&t)));
    assert_eq!(guess.rule().unwrap(), "T(x, y) = x ⊗ y");
    for (x, y) in [(10u64.pow(6), 777_777u64), (1 << 40, (1 << 33) + 5)] {
        assert_eq!(
            guess.predict(&[x, y]).unwrap().value,
            Some(u128::from(Nimber(x).nim_mul(Nimber(y)).0))
        );
    }
}

#[test]
fn rugs_is_the_nim_product_of_two_rulers() {
    // Ruler × Ruler: turn every coin of a rectangle whose top right corner is (x, y), cells from 1
    let n = 24;
    let mut t = vec![vec![0u64; n]; n];
    for x in 1..n {
        for y in 1..n {
            let mut seen = vec![false; 1024];
            for a in 1..=x {
                for b in 1..=y {
                    let mut v = 0;
                    for (i, row) in t.iter().enumerate().take(x + 1).skip(a) {
                        for (j, &c) in row.iter().enumerate().take(y + 1).skip(b) {
                            if (i, j) != (x, y) {
                                v ^= c;
                            }
                        }
                    }
                    seen[v as usize] = true;
                }
            }
            t[x][y] = mex(&seen);
        }
    }
    let guess = Guess::Table(guess_table(&table(&t)));
    assert!(guess.found());
    let lowbit = |v: u64| v & v.wrapping_neg();
    for (x, y) in [
        (3u64 << 40, 5u64 << 20),
        (1_000_000, 999_999),
        (48, 1 << 33),
    ] {
        let theorem = Nimber(lowbit(x)).nim_mul(Nimber(lowbit(y))).0;
        assert_eq!(
            guess.predict(&[x, y]).unwrap().value,
            Some(u128::from(theorem)),
            "{:?}",
            guess.rule()
        );
    }
}
