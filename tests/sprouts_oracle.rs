//! The Sprouts engine (`grundy::games::sprouts`) against the brute force over explicit plane
//! drawings (`tests/sprouts_support`), which shares no code with it: no lands, no reductions, no
//! canonical form, a plain memoised mex over whole drawings. Every drawing is handed to the
//! engine as its printed notation (`Drawing::notation`, the SPOTS style), which the engine reads,
//! reduces, splits into lands and writes in canonical form.
//!
//! What is compared: nimbers on every position reachable from 0*1 … 0*4; the winning moves of
//! thousands of positions, both ways; values and misère outcomes of random positions; every
//! reduction and the canonical form switched off; the published outcomes of 0*n in normal play
//! (Applegate, Jacobson and Sleator 1991) and misère play (OEIS A164950); and the notation's
//! errors. Every test is bounded by construction (fixed positions, fixed seeds, fixed `n`).
//!
//! Times are for `cargo test --release --test sprouts_oracle` on a shared 2-core machine, each
//! test alone (the longest, 0*1…0*8 in normal play, about 26 s; the whole file about 100 s on
//! two test threads).

mod sprouts_support;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use grundy::Outcome;
use grundy::games::sprouts::{Position, Reductions, Sprouts, SproutsConfig};
use grundy::search::pns::{Dfpn, DfpnConfig};
use grundy::search::{Config, Search, SearchGame, Table, misere_outcome};
use proptest::prelude::*;
use sprouts_support::{Drawing, Oracle, SplitMix64, random_position, reachable, sample_reachable};

/// The engine's position for a drawing: its notation as the engine reads it.
fn engine_position(game: &Sprouts, d: &Drawing) -> Position {
    let text = d.notation();
    game.parse(&text)
        .unwrap_or_else(|e| panic!("the engine cannot read the drawing {text:?}: {e}"))
}

/// A fresh table for the normal-play search (a misère search gets its own: the two store
/// different things under their keys).
fn table() -> Table {
    Table::with_bytes(1 << 26)
}

fn value(s: &Search<'_, Sprouts>, p: &Position, text: &str) -> u8 {
    s.value(p)
        .unwrap_or_else(|e| panic!("the engine could not value {text:?}: {e}"))
}

/// Panics with the first disagreements when there are any.
fn assert_none(what: &str, found: &[String]) {
    if !found.is_empty() {
        let shown: Vec<&str> = found.iter().take(20).map(String::as_str).collect();
        panic!("{} {what}:\n  {}", found.len(), shown.join("\n  "));
    }
}

/// The positions of the winning-move tests: every position reachable from 0*1, 0*2 and 0*3
/// (3 981), and the positions of 400 random games from 0*4 (seed fixed; 2 118 positions).
fn winning_move_positions() -> Vec<Drawing> {
    let mut all: Vec<Drawing> = (1..=3).flat_map(reachable).collect();
    all.extend(sample_reachable(4, 400, 0x5752_4F55_4E44_5931));
    all
}

// ---------------------------------------------------------------------------------------------
// 1. Values
// ---------------------------------------------------------------------------------------------

/// The nimber of every position reachable from 0*1, 0*2, 0*3 and 0*4 (3 + 76 + 3 902 +
/// 296 553 drawings, one per notation), by the engine and by the brute force. About 20 s with
/// a core to itself (5 s to list 0*4's positions, 10 s for the brute force to value them, 4 s
/// for the engine), up to 40 s on busy cores.
#[test]
fn engine_values_equal_brute_force_on_every_position_reachable_from_small_starts() {
    let game = Sprouts::default();
    let t = table();
    let s = Search::new(&game, &t, Config::default());
    let mut oracle = Oracle::new();
    let mut sizes = Vec::new();
    let mut wrong = Vec::new();
    for n in 1..=4 {
        let all = reachable(n);
        sizes.push(all.len());
        for d in &all {
            let text = d.notation();
            let p = engine_position(&game, d);
            let (e, o) = (value(&s, &p, &text), oracle.value(d));
            if e != o {
                wrong.push(format!(
                    "{text:?} (engine reads {:?}): engine {e}, drawing {o}",
                    game.text(&p)
                ));
            }
        }
    }
    assert_eq!(sizes, [3, 76, 3902, 296_553]);
    assert_none("values differ", &wrong);
}

// ---------------------------------------------------------------------------------------------
// 2. Winning moves
// ---------------------------------------------------------------------------------------------

/// The engine with its search, and what it learnt of which positions are the same game.
struct Engine<'a> {
    game: &'a Sprouts,
    s: Search<'a, Sprouts>,
    same: RefCell<HashMap<(String, String), bool>>,
}

impl Engine<'_> {
    fn read(&self, text: &str) -> Position {
        self.game
            .parse(text)
            .unwrap_or_else(|e| panic!("the engine cannot read its own {text:?}: {e}"))
    }

    /// Whether two positions are the same game: each move of one leads to the same game as
    /// some move of the other, and back (the game trees are equal once equal options are
    /// merged, so the two are equal in any play convention). Checked by the engine's moves,
    /// which the other tests check against the drawings; the values prune.
    fn same_game(&self, a: &Position, b: &Position) -> bool {
        let (ta, tb) = (self.game.text(a), self.game.text(b));
        if ta == tb {
            return true;
        }
        let lives = |p: &Position| -> u32 { p.iter().map(|l| self.game.lives(l)).sum() };
        if lives(a) != lives(b) || value(&self.s, a, &ta) != value(&self.s, b, &tb) {
            return false;
        }
        let key = if ta < tb { (ta, tb) } else { (tb, ta) };
        if let Some(&same) = self.same.borrow().get(&key) {
            return same;
        }
        let (ma, mb) = (self.game.position_moves(a), self.game.position_moves(b));
        let same = ma.iter().all(|x| mb.iter().any(|y| self.same_game(x, y)))
            && mb.iter().all(|y| ma.iter().any(|x| self.same_game(x, y)));
        self.same.borrow_mut().insert(key, same);
        same
    }
}

/// The moves of one position as both sides see them, each position after a move written by the
/// engine (the drawing's by `game.text(game.parse(child.notation()))`), with its value by that
/// side (the engine's search, the brute force).
struct Children {
    /// The position, as the drawing prints it.
    text: String,
    engine: BTreeMap<String, u8>,
    drawing: BTreeMap<String, u8>,
}

impl Children {
    fn of(e: &Engine<'_>, oracle: &mut Oracle, d: &Drawing, merged: &mut Vec<String>) -> Children {
        let text = d.notation();
        let p = engine_position(e.game, d);
        let engine: BTreeMap<String, u8> = e
            .game
            .position_moves(&p)
            .into_iter()
            .map(|c| {
                let t = e.game.text(&c);
                let v = value(&e.s, &c, &t);
                (t, v)
            })
            .collect();
        let mut drawing: BTreeMap<String, u8> = BTreeMap::new();
        for c in d.moves() {
            let t = e.game.text(&engine_position(e.game, &c));
            let v = oracle.value(&c);
            if let Some(&w) = drawing.get(&t)
                && w != v
            {
                merged.push(format!(
                    "{text:?}: the engine writes the child {:?} as {t:?}, like another child, but the brute force values them {v} and {w}",
                    c.notation()
                ));
            }
            drawing.entry(t).or_insert(v);
        }
        Children {
            text,
            engine,
            drawing,
        }
    }
}

/// What the comparison of winning moves found.
#[derive(Default)]
struct Found {
    /// Winning moves on one side that the other side has, with another value, or has not at all
    /// (not even as another writing of the same game).
    wrong: Vec<String>,
    /// Writings of one side with no equal writing on the other side but a writing of the same
    /// game there ([`Engine::same_game`]): (this side's, the other side's) → how many positions
    /// showed it, and the first.
    writings: BTreeMap<(String, String), (usize, String)>,
    /// Positions looked at, and winning moves.
    positions: usize,
    winning: usize,
}

/// Compares the winning moves of `winning_move_positions()` one way: from the engine's side to
/// the drawing's (`engine_side`) or the converse.
fn compare_winning_moves(engine_side: bool) -> Found {
    let game = Sprouts::default();
    let t = table();
    let e = Engine {
        game: &game,
        s: Search::new(&game, &t, Config::default()),
        same: RefCell::new(HashMap::new()),
    };
    let mut oracle = Oracle::new();
    let mut found = Found::default();
    let mut merged = Vec::new();
    let (this, other) = if engine_side {
        ("engine", "drawing")
    } else {
        ("drawing", "engine")
    };
    for d in winning_move_positions() {
        let c = Children::of(&e, &mut oracle, &d, &mut merged);
        let (from, to) = if engine_side {
            (&c.engine, &c.drawing)
        } else {
            (&c.drawing, &c.engine)
        };
        found.positions += 1;
        for (k, _) in from.iter().filter(|&(_, &v)| v == 0) {
            found.winning += 1;
            match to.get(k) {
                Some(0) => {}
                Some(v) => found.wrong.push(format!(
                    "{:?}: the move to {k:?} wins for the {this} (value 0) but the {other} values it {v}",
                    c.text
                )),
                None => {
                    // the same game written otherwise? a winning move of the other side to
                    // the same game
                    let p = e.read(k);
                    let alike = to
                        .iter()
                        .filter(|&(u, &v)| v == 0 && !from.contains_key(u))
                        .chain(to.iter().filter(|&(u, &v)| v == 0 && from.contains_key(u)))
                        .map(|(u, _)| u)
                        .find(|u| e.same_game(&p, &e.read(u)));
                    match alike {
                        Some(u) => {
                            let entry = found
                                .writings
                                .entry((k.clone(), u.clone()))
                                .or_insert((0, c.text.clone()));
                            entry.0 += 1;
                        }
                        None => found.wrong.push(format!(
                            "{:?}: the {this}'s winning move to {k:?} is no winning move of the {other}, not even as another writing of the same game; the {other}'s moves: {to:?}",
                            c.text
                        )),
                    }
                }
            }
        }
    }
    assert_none("children written alike with different values", &merged);
    found
}

/// Prints the writings found, fails on anything wrong, and checks the test looked at enough.
fn report_winning_moves(found: Found, this: &str, other: &str) {
    // One game with two writings is a finding, printed here, not a failure: the canonical form
    // is best-effort beyond its ties, and the reductions do not rewrite every land that is the
    // same game as a smaller one. The pair is checked to be the same game (equal game trees)
    // instead of the same text. Found so far: `AB|AB` and `22` (one move, then none), alone and
    // in sums (`0+AB|AB+AB|AB` / `0+22+AB|AB`, `1a2a+AB|AB` / `1a2a+22`, …), and one land
    // written two ways by the canonical form past its tie limit, `AB.CD|AB.EF|EF|CG|DG` and
    // `AB.CD|AB.EF|CD|EG|FG` (rename C↔E, D↔F).
    for ((k, u), (n, first)) in &found.writings {
        eprintln!(
            "one game, two writings: the {this} writes {k:?} where the {other} writes {u:?} ({n} positions, first {first:?})"
        );
    }
    assert_none(
        "winning moves that are not winning moves of the other side",
        &found.wrong,
    );
    eprintln!(
        "{} positions, {} winning moves, {} pairs of writings",
        found.positions,
        found.winning,
        found.writings.len()
    );
    assert!(found.positions > 4000, "{} positions", found.positions);
    assert!(found.winning > 1000, "only {} winning moves", found.winning);
}

/// Every winning move of the engine (a move to a position of value 0, among `position_moves`)
/// is a move of the drawing to a position the brute force values 0 — the same position as the
/// engine writes it, or (printed as a finding) another writing of the same game. 6 099
/// positions, 8 120 winning moves of the engine; about 6 s.
#[test]
fn every_winning_move_of_the_engine_is_a_winning_move_of_the_drawing() {
    report_winning_moves(compare_winning_moves(true), "engine", "drawing");
}

/// The converse: every move of the drawing to a position of brute-force value 0 is, as the
/// engine writes the position after it, one of the engine's moves, of value 0 (or, printed as
/// a finding, a move of the engine to another writing of the same game). 8 236 winning moves
/// of the drawing; about 6 s.
#[test]
fn every_winning_move_of_the_drawing_is_a_winning_move_of_the_engine() {
    report_winning_moves(compare_winning_moves(false), "drawing", "engine");
}

// ---------------------------------------------------------------------------------------------
// 3. Random positions
// ---------------------------------------------------------------------------------------------

/// Random play from 1 to 5 spots (`random_position`, 600 draws from three fixed seeds): the
/// nimber and the misère outcome by the engine and by the brute force. The brute force values a
/// position of 13 lives in about a minute (0*5 itself in about half an hour) and some of 12
/// lives in 15–20 s each, so only the draws with at most 11 lives are compared (565 of the 600,
/// 76 of them from 5 spots); the others are drawn and skipped, which keeps the test the same
/// from run to run. About 12 s.
#[test]
fn random_positions_of_up_to_five_spots_agree() {
    let game = Sprouts::default();
    let t = table();
    let mt = table();
    let s = Search::new(&game, &t, Config::default());
    let mut oracle = Oracle::new();
    let (mut compared, mut five) = (0usize, 0usize);
    let mut wrong = Vec::new();
    for seed in [1u64, 0x5350_524F_5554_5333, 0xDEAD_BEEF] {
        let mut rng = SplitMix64::new(seed);
        for _ in 0..200 {
            let d = random_position(&mut rng, 5);
            if d.total_lives() > 11 {
                continue;
            }
            compared += 1;
            five += usize::from(d.spot_count() - d.curve_count() == 5);
            let text = d.notation();
            let p = engine_position(&game, &d);
            let (e, o) = (value(&s, &p, &text), oracle.value(&d));
            if e != o {
                wrong.push(format!("{text:?}: engine value {e}, drawing {o}"));
            }
            let em = misere_outcome::outcome(&game, &mt, &p, None)
                .unwrap_or_else(|err| panic!("misère outcome of {text:?}: {err}"));
            let om = oracle.misere_wins(&d);
            if (em == Outcome::N) != om {
                wrong.push(format!(
                    "{text:?}: engine misère outcome {em:?}, drawing: the player to move {}",
                    if om { "wins" } else { "loses" }
                ));
            }
        }
    }
    eprintln!("{compared} draws compared, {five} of them from 5 spots");
    assert!(compared >= 300, "only {compared} draws compared");
    assert!(five >= 30, "only {five} draws from 5 spots");
    assert_none("random positions disagree", &wrong);
}

// ---------------------------------------------------------------------------------------------
// 4. Switches
// ---------------------------------------------------------------------------------------------

/// Each reduction off alone, the canonical form off, and everything off: the values on every
/// position reachable from 0*3 and on the positions of 40 random games from 0*4 stay those of
/// the default engine, which are the brute force's.
///
/// With everything off the engine keeps dead spots and writes each land as it comes, so
/// positions that differ only in where the dead spots lie are all searched apart: one position
/// of 10 lives from 0*4, `Ab1b.0.0|A`, takes it 70–100 s (68 ms for the default engine), while
/// the positions of at most 9 lives take seconds together. So with everything off the 0*4
/// sample is cut to its positions of at most 9 lives; every other switch gets it whole.
#[test]
fn each_reduction_and_the_canonical_form_switched_off_keep_the_values() {
    let mut positions = reachable(3);
    let from_three = positions.len();
    positions.extend(sample_reachable(4, 40, 0x5357_4954_4348_4553));
    let mut oracle = Oracle::new();
    let default = Sprouts::default();
    let t = table();
    let s = Search::new(&default, &t, Config::default());
    let mut want = Vec::with_capacity(positions.len());
    let mut wrong = Vec::new();
    for d in &positions {
        let text = d.notation();
        let (e, o) = (
            value(&s, &engine_position(&default, d), &text),
            oracle.value(d),
        );
        if e != o {
            wrong.push(format!("{text:?}: default engine {e}, drawing {o}"));
        }
        want.push(o);
    }
    let all_on = Reductions::default();
    let all_off = Reductions {
        dead_spots: false,
        merge_pairs: false,
        dead_regions: false,
        small_regions: false,
        split: false,
    };
    let one_off = |name: &'static str, off: fn(&mut Reductions)| {
        let mut reductions = all_on;
        off(&mut reductions);
        let canonical = true;
        (
            name,
            SproutsConfig {
                reductions,
                canonical,
            },
        )
    };
    let switched = [
        one_off("dead spots off", |r| r.dead_spots = false),
        one_off("merge pairs off", |r| r.merge_pairs = false),
        one_off("dead regions off", |r| r.dead_regions = false),
        one_off("small regions off", |r| r.small_regions = false),
        one_off("split off", |r| r.split = false),
        (
            "canonical form off",
            SproutsConfig {
                reductions: all_on,
                canonical: false,
            },
        ),
        (
            "everything off",
            SproutsConfig {
                reductions: all_off,
                canonical: false,
            },
        ),
    ];
    let mut compared = Vec::new();
    for (name, cfg) in switched {
        let game = Sprouts::new(cfg);
        let t = table();
        let s = Search::new(&game, &t, Config::default());
        let clock = Instant::now();
        let everything_off = !cfg.canonical && cfg.reductions == all_off;
        let mut n = 0usize;
        for (i, (d, &w)) in positions.iter().zip(&want).enumerate() {
            if everything_off && i >= from_three && d.total_lives() > 9 {
                continue;
            }
            n += 1;
            let text = d.notation();
            let p = engine_position(&game, d);
            let v = value(&s, &p, &text);
            if v != w {
                wrong.push(format!(
                    "{name}: {text:?} (read as {:?}): value {v}, default engine and drawing {w}",
                    game.text(&p)
                ));
            }
        }
        eprintln!("{name}: {n} positions in {:.2?}", clock.elapsed());
        compared.push(n);
    }
    assert_none("values change with a switch", &wrong);
    assert!(
        compared.iter().all(|&n| n > 4000),
        "positions compared per switch: {compared:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// 5, 6. Published outcomes of 0*n
// ---------------------------------------------------------------------------------------------

/// Normal play: the player to move wins 0*n exactly when `n mod 6 ∈ {3, 4, 5}` (Applegate,
/// Jacobson and Sleator 1991, proved by computer for n ≤ 11 and since far beyond). n = 1..=8
/// here, by the outcome search: 0*8 takes 22 s with a core to itself (0*7 3 s), the whole test
/// 26 s (38 s on busy cores); 0*9 is left out until the engine is faster.
/// Every writing of a position — spots renamed, faces, walks and starts shuffled, the whole
/// drawing mirrored — is read to the same lands, and the engine's writing reads back to itself.
#[test]
fn every_writing_of_a_position_has_one_canonical_form() {
    let game = Sprouts::default();
    let mut rng = SplitMix64::new(0xC0FF_EE00);
    let mut drawings: Vec<Drawing> = (0..3000).map(|_| random_position(&mut rng, 8)).collect();
    drawings.extend(sample_reachable(10, 60, 11));
    for d in &drawings {
        let p = engine_position(&game, d);
        let written = game.text(&p);
        let again = game
            .parse(&written)
            .expect("the engine reads its own writing");
        assert_eq!(
            game.text(&again),
            written,
            "{} is written unstably",
            d.notation()
        );
        for other in [
            d.mirrored(),
            d.shuffled(&mut rng),
            d.mirrored().shuffled(&mut rng),
        ] {
            assert_eq!(
                game.text(&engine_position(&game, &other)),
                written,
                "{} and {} are one position",
                d.notation(),
                other.notation()
            );
        }
    }
    // a land whose three two-letter regions look alike to every form until their letters are
    // named (found by `mutated_notations_never_panic`)
    let one = game.text(&game.parse("AB.CDEF|EF|CD|AB").unwrap());
    for text in [
        "AB|CD|EF|CD.ABEF",
        "EF|AB.CDEF|CD|AB",
        "CD.ABEF|AB|EF|CD",
        &one,
    ] {
        assert_eq!(game.text(&game.parse(text).unwrap()), one, "{text}");
    }
}

/// The memo of canonical forms (keyed by a land's plain writing) and the memo of moves give
/// what writing afresh gives: one game writes the moves of every land met in a walk over the
/// positions reachable from 0*5, its memos warm with all the lands before; a fresh game (empty
/// memos) writes the moves of each land again.
#[test]
fn memoised_moves_and_forms_are_those_written_afresh() {
    let warm = Sprouts::default();
    let mut queue: Vec<Position> = vec![warm.spots(5).unwrap()];
    let mut seen: std::collections::HashSet<grundy::games::sprouts::LandForm> = Default::default();
    let mut lands = 0;
    while let Some(p) = queue.pop() {
        for l in &p {
            if !seen.insert(l.clone()) {
                continue;
            }
            lands += 1;
            let mut by_warm = warm.land_moves(l);
            let mut afresh = Sprouts::default().land_moves(l);
            by_warm.sort();
            afresh.sort();
            assert_eq!(by_warm, afresh, "the moves of {l}");
            // the search's view, twice: written, then from the memo of moves
            for _ in 0..2 {
                let mut m = grundy::search::Moves::default();
                warm.moves(l, &mut m);
                let mut again: Vec<Vec<_>> = (0..m.len()).map(|i| m.parts(i).to_vec()).collect();
                again.sort();
                assert_eq!(again, afresh, "the moves of {l} as the search sees them");
            }
            if seen.len() < 400 {
                queue.extend(warm.position_moves(std::slice::from_ref(l)));
            }
        }
    }
    assert!(lands >= 400, "{lands} lands met");
}

/// The first player wins 0*n exactly when n mod 6 is 3, 4 or 5 (Applegate, Jacobson and Sleator
/// 1991 for n ≤ 11; Lemoine and Viennot's Glop verified it to n = 44). The value search answers
/// n ≤ 7 (0*8 takes it 30 s), the proof-number search every n ≤ 11 (about 2 s for all, one table).
#[test]
fn published_normal_play_outcomes_follow_the_conjecture() {
    let game = Sprouts::default();
    let conjecture = |n: usize| {
        if matches!(n % 6, 3..=5) {
            Outcome::N
        } else {
            Outcome::P
        }
    };
    let t = Table::with_bytes(1 << 28);
    let s = Search::new(&game, &t, Config::default());
    for n in 1..=7usize {
        let clock = Instant::now();
        let got = s.outcome(&game.spots(n).unwrap()).unwrap();
        eprintln!("0*{n}: {got:?} in {:.2?} (value search)", clock.elapsed());
        assert_eq!(got, conjecture(n), "0*{n} by the value search");
    }
    let t = Table::with_bytes(1 << 28);
    for n in 1..=11usize {
        let clock = Instant::now();
        // the switches `grundy search sprouts` takes
        let cfg = DfpnConfig {
            small: game.dfpn_tuning().small,
            lazy_parts: game.dfpn_tuning().lazy_parts,
            watch_values: game.dfpn_tuning().watch_values,
            ..DfpnConfig::default()
        };
        let mut d = Dfpn::new(&game, &t, Config::default(), cfg);
        let got = d.outcome(&game.spots(n).unwrap()).unwrap();
        eprintln!("0*{n}: {got:?} in {:.2?} (df-pn)", clock.elapsed());
        assert_eq!(got, conjecture(n), "0*{n} by df-pn");
    }
}

/// OEIS A164950, 1 when the player to move wins misère Sprouts from n spots (Lemoine and
/// Viennot's table; terms for n = 1..20: 1,0,0,0,1, 1,0,0,0,1, 1,1,0,0,0, 1,1,1,0,0 — read from
/// oeis.org/A164950). The brute force agrees for n ≤ 5 (tests/sprouts_drawing.rs).
const A164950: [u8; 20] = [1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0];

fn misere_outcome_is_a164950(n: usize) {
    let game = Sprouts::default();
    let t = Table::with_bytes(1 << 28);
    let clock = Instant::now();
    let got = misere_outcome::outcome(&game, &t, &game.spots(n).unwrap(), None).unwrap();
    eprintln!("misère 0*{n}: {got:?} in {:.2?}", clock.elapsed());
    let want = if A164950[n - 1] == 1 {
        Outcome::N
    } else {
        Outcome::P
    };
    assert_eq!(got, want, "misère 0*{n}");
}

/// n = 1..=5 (0*5 under 1 s); 0*6 (15 s) is in `./run-tests --full`, 0*7 out of reach for a test.
#[test]
fn misere_outcomes_match_oeis_a164950() {
    for n in 1..=5 {
        misere_outcome_is_a164950(n);
    }
}

#[test]
#[ignore = "full: 15 s (./run-tests --full)"]
fn misere_outcome_of_six_spots_matches_oeis_a164950() {
    misere_outcome_is_a164950(6);
}

// ---------------------------------------------------------------------------------------------
// 7. The notation's errors
// ---------------------------------------------------------------------------------------------

/// The error for `text`, which must name `column`.
fn error_at(text: &str, column: usize) {
    let game = Sprouts::default();
    match game.parse(text) {
        Ok(p) => panic!("{text:?} was read as {:?}", game.text(&p)),
        Err(e) => {
            let want = format!("column {column}");
            assert_eq!(e.place, want, "{text:?}: {e}");
            assert!(e.to_string().contains(&want), "{text:?}: {e}");
        }
    }
}

#[test]
fn a_letter_seen_three_times_is_an_error_at_its_third_sighting() {
    error_at("A|A|A", 5);
    error_at("1.AB|AB|1A", 10);
}

#[test]
fn a_letter_seen_three_times_on_one_boundary_is_an_error() {
    error_at("1aaa", 2);
}

#[test]
fn a_letter_seen_once_is_an_error_at_its_sighting() {
    error_at("1A1", 2);
    error_at("AB|AB1C", 7);
}

#[test]
fn a_spot_with_no_curve_shares_no_boundary() {
    error_at("01", 1);
    error_at("1a1a.1a0a", 6);
    error_at("0.0.2|1.10", 9);
}

/// Two region separators (or two land separators) in a row leave an empty region (land)
/// between them, in either style; the error names the second separator.
///
/// Fails at the time of writing: the engine reads all six as if the doubled separator were one
/// (`0||0` as `0|0`, written `0+0`). `notation::parse` lets an empty piece through after any
/// separator when the next one is of a higher level than a boundary (`last_sep >= 1 && level >
/// 1`), which is meant for Glop's `.}`, `}]` and `]!` but lets `||`, `++`, `}}` and `]]` through
/// too.
#[test]
fn an_empty_region_between_separators_is_an_error() {
    let game = Sprouts::default();
    let mut accepted = Vec::new();
    for (text, column) in [
        ("0||0", 3),
        ("0|0||", 5),
        ("0++0", 3),
        ("0|0++0", 5),
        ("0.}}0.}]!", 4),
        ("0.}]]0.}]!", 5),
    ] {
        match game.parse(text) {
            Ok(p) => accepted.push(format!("{text:?} is read as {:?}", game.text(&p))),
            Err(e) => assert_eq!(e.place, format!("column {column}"), "{text:?}: {e}"),
        }
    }
    assert_none("texts with an empty region or land are read", &accepted);
}

#[test]
fn an_empty_boundary_is_an_error() {
    error_at("0..0", 3);
    error_at(".0", 1);
}

#[test]
fn characters_outside_the_notation_are_errors_at_their_column() {
    error_at("0.#", 3);
    error_at("0.0 .0", 4);
    error_at("1a1a.é", 6);
    error_at("0?", 2);
}

#[test]
fn zero_star_needs_a_number() {
    error_at("0*", 1);
    error_at("0.0*x", 3);
}

#[test]
fn well_formed_texts_read_in_both_styles() {
    let game = Sprouts::default();
    for (spots, glop) in [
        ("0*3", "0.0.0.}]!"),
        ("1a1a.0", "1a1a.0.}]!"),
        ("0.AB|AB.0", "0.AB.}AB.0.}]!"),
        ("0+0", "0.}]0.}]!"),
    ] {
        let (a, b) = (game.parse(spots).unwrap(), game.parse(glop).unwrap());
        assert_eq!(game.text(&a), game.text(&b), "{spots:?} vs {glop:?}");
    }
    assert_eq!(game.text(&game.parse("").unwrap()), "!");
    assert_eq!(game.text(&game.parse("!").unwrap()), "!");
}

/// What the engine writes of `p` (read from `text`) is read back, and written the same again.
fn reads_back_to_itself(game: &Sprouts, p: &Position, text: &str) -> Result<(), TestCaseError> {
    let written = game.text(p);
    let again = game.parse(&written);
    prop_assert!(
        again.is_ok(),
        "{:?} written {:?} is not read back: {:?}",
        text,
        written,
        again
    );
    prop_assert_eq!(game.text(&again.unwrap()), written, "{:?}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Short strings over the notation's symbols and a few others: reading never panics; what
    /// is read is written, read again to the same position, and has its moves.
    #[test]
    fn random_texts_never_panic(text in "[0123abAB.|+}\\]!*( )mn]{0,14}") {
        let game = Sprouts::default();
        if let Ok(p) = game.parse(&text) {
            reads_back_to_itself(&game, &p, &text)?;
            let _ = game.position_moves(&p);
        }
    }
}

/// The notations of every position reachable from 0*3, listed once.
fn notations_of_three_spots() -> &'static [String] {
    static ALL: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| reachable(3).iter().map(Drawing::notation).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// A drawing's notation with one symbol deleted, replaced or inserted: reading never
    /// panics, and what is read is written, read back to the same writing, and valued.
    #[test]
    fn mutated_notations_never_panic(
        pick in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        op in 0..3u8,
        c in prop::sample::select("0123abcABC.|+}]!*( )mn".chars().collect::<Vec<char>>()),
    ) {
        let all = notations_of_three_spots();
        let mut chars: Vec<char> = pick.get(all).chars().collect();
        let i = at.index(chars.len() + 1);
        match op {
            0 if i < chars.len() => { chars.remove(i); }
            1 if i < chars.len() => chars[i] = c,
            _ => chars.insert(i, c),
        }
        let text: String = chars.into_iter().collect();
        let game = Sprouts::default();
        if let Ok(p) = game.parse(&text) {
            reads_back_to_itself(&game, &p, &text)?;
            let t = Table::with_bytes(1 << 16);
            let s = Search::new(&game, &t, Config::default());
            prop_assert!(s.value(&p).is_ok(), "{:?}", text);
        }
    }
}
