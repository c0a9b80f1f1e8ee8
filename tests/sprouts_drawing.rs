//! Self-checks of the brute-force Sprouts oracle (`tests/sprouts_support`) on its own: the
//! notation of small drawings written out by hand, move counts, the invariants of the drawing on
//! every reachable position, symmetries that must not change a value, and the published outcomes
//! of `n` isolated spots in normal and misère play. The engine in `src/games/sprouts` is not used
//! here; other tests compare it with this oracle.

mod sprouts_support;

use std::collections::HashMap;

use sprouts_support::{
    Drawing, Oracle, SplitMix64, misere_wins, random_position, reachable, sample_reachable,
};

fn notations(ds: &[Drawing]) -> Vec<String> {
    let mut v: Vec<String> = ds.iter().map(Drawing::notation).collect();
    v.sort();
    v
}

/// Everything a check of one drawing and its children looks at.
fn check_position(d: &Drawing) {
    if let Err(e) = d.check_invariants() {
        panic!("{}: {e}\n{d:?}", d.notation());
    }
    let text = d.notation();
    let count = |c: char| text.chars().filter(|&x| x == c).count();
    let deg = d.degrees();
    assert_eq!(
        count('0'),
        deg.iter().filter(|&&g| g == 0).count(),
        "{text}"
    );
    assert_eq!(
        count('1'),
        deg.iter().filter(|&&g| g == 1).count(),
        "{text}"
    );
    assert_eq!(
        count('2'),
        0,
        "{text}: a degree-2 spot always has two corners"
    );
    let mut letters: HashMap<char, usize> = HashMap::new();
    for c in text.chars().filter(char::is_ascii_alphabetic) {
        *letters.entry(c).or_default() += 1;
    }
    assert_eq!(
        letters.len(),
        deg.iter().filter(|&&g| g == 2).count(),
        "{text}"
    );
    assert!(
        letters.values().all(|&k| k == 2),
        "{text}: a letter twice per spot"
    );
    let lives = d.total_lives();
    for c in d.moves() {
        assert_eq!(c.total_lives() + 1, lives, "{text} -> {}", c.notation());
        assert_eq!(c.spot_count(), d.spot_count() + 1);
        assert_eq!(c.curve_count(), d.curve_count() + 1);
    }
}

#[test]
fn notation_of_small_drawings() {
    assert_eq!(Drawing::spots(0).notation(), "");
    assert_eq!(Drawing::spots(1).notation(), "0");
    assert_eq!(Drawing::spots(3).notation(), "0.0.0");

    // One spot: a loop, then the only curve left, then nothing.
    let one = Drawing::spots(1);
    assert_eq!(notations(&one.moves()), ["AB|AB"]);
    let loop_ = &one.moves()[0];
    assert_eq!(notations(&loop_.moves()), ["A|A", "A|A"]);
    assert!(loop_.moves().iter().all(|c| c.moves().is_empty()));

    // Two spots: a loop at either (the other spot inside or outside), or a curve between them.
    assert_eq!(
        notations(&Drawing::spots(2).moves()),
        ["1a1a", "AB.0|AB", "AB.0|AB", "AB|AB.0", "AB|AB.0"]
    );

    // Three spots: the curve between the first two, the third spot beside the path.
    let three = Drawing::spots(3).moves();
    assert!(three.iter().any(|c| c.notation() == "1a1a.0"));
    // A loop at one spot: the other two both inside, both outside, or one each (two ways).
    let loops: Vec<Drawing> = three
        .iter()
        .filter(|c| c.faces().len() == 2)
        .cloned()
        .collect();
    assert_eq!(loops.len(), 12);
    let at_first: Vec<Drawing> = loops
        .iter()
        .filter(|c| c.degrees()[0] == 2)
        .cloned()
        .collect();
    assert_eq!(
        notations(&at_first),
        ["AB.0.0|AB", "AB.0|AB.0", "AB.0|AB.0", "AB|AB.0.0"]
    );
}

#[test]
fn move_counts_from_isolated_spots() {
    // n loops, each with the other n - 1 spots on either side, and n(n-1)/2 curves.
    for n in 0..=6usize {
        let want = n * (1 << n.saturating_sub(1)) + n * n.saturating_sub(1) / 2;
        assert_eq!(Drawing::spots(n).moves().len(), want, "0*{n}");
    }
}

#[test]
fn invariants_on_every_reachable_position_up_to_3_spots() {
    let sizes: Vec<usize> = (1..=3).map(|n| reachable(n).len()).collect();
    assert_eq!(sizes, [3, 76, 3902]);
    for n in 1..=3 {
        for d in reachable(n) {
            check_position(&d);
        }
    }
}

/// The 4-spot check is the slow one (296 553 positions, 11–18 s): in `./run-tests --full`; the
/// default suite keeps every position of up to 3 spots and random ones of up to 5.
#[test]
#[ignore = "full: 11-18 s (./run-tests --full)"]
fn invariants_on_every_reachable_position_of_4_spots() {
    let all = reachable(4);
    assert_eq!(all.len(), 296_553);
    for d in &all {
        check_position(d);
    }
}

#[test]
fn invariants_on_random_positions_up_to_5_spots() {
    let mut rng = SplitMix64::new(0x5EED_5EED);
    for _ in 0..2000 {
        check_position(&random_position(&mut rng, 5));
    }
    for d in sample_reachable(5, 200, 7) {
        check_position(&d);
    }
}

#[test]
fn symmetries_keep_values() {
    let mut rng = SplitMix64::new(42);
    let mut oracle = Oracle::new();
    for _ in 0..400 {
        let d = random_position(&mut rng, 4);
        let v = oracle.value(&d);
        for other in [
            d.mirrored(),
            d.shuffled(&mut rng),
            d.mirrored().shuffled(&mut rng),
        ] {
            if let Err(e) = other.check_invariants() {
                panic!("{} -> {}: {e}", d.notation(), other.notation());
            }
            assert_eq!(other.total_lives(), d.total_lives());
            assert_eq!(other.legal_moves().len(), d.legal_moves().len());
            assert_eq!(
                oracle.value(&other),
                v,
                "{} vs {}",
                d.notation(),
                other.notation()
            );
            assert_eq!(oracle.misere_wins(&other), oracle.misere_wins(&d));
        }
    }
}

#[test]
fn normal_play_values_of_isolated_spots() {
    // Published: 0*1 and 0*2 are second-player wins, 0*3, 0*4, 0*5 first-player wins.
    let mut oracle = Oracle::new();
    let values: Vec<u8> = (1..=4).map(|n| oracle.value(&Drawing::spots(n))).collect();
    assert_eq!(values, [0, 0, 1, 1]);
    assert!(oracle.winning_moves(&Drawing::spots(2)).is_empty());
    let wins = oracle.winning_moves(&Drawing::spots(3));
    assert!(!wins.is_empty());
    for w in &wins {
        assert_eq!(oracle.value(w), 0);
        assert!(w.moves().iter().all(|c| oracle.value(c) != 0));
    }
    // 0*5 by outcome search alone (a full nimber search of 0*5 is out of reach here).
    assert!(oracle.first_player_wins(&Drawing::spots(5)));
}

#[test]
fn misere_outcomes_of_isolated_spots() {
    // Published misère outcomes (computed by Applegate, Jacobson and Sleator, 1991): 0*1 and
    // 0*5 first-player wins, 0*2, 0*3, 0*4 second-player wins.
    let mut oracle = Oracle::new();
    let wins: Vec<bool> = (1..=5)
        .map(|n| oracle.misere_wins(&Drawing::spots(n)))
        .collect();
    assert_eq!(wins, [true, false, false, false, true]);
    assert!(
        misere_wins(&Drawing::spots(0)),
        "no move: the player to move wins"
    );
    // One spot by hand: after the loop the second player must draw the last curve, and loses.
    let one = Drawing::spots(1);
    assert!(!misere_wins(&one.moves()[0]));
}
