//! The one- and two-digit survey against the published tables.
//!
//! Sources: Winning Ways (Berlekamp, Conway, Guy), ch. 4, table of octal games; A. Flammenkamp's
//! octal-games pages; and T. Czajka's independent recomputation (github.com/tczajka/octal-games:
//! `GameLookup.md`, `TrivialGames.md`, `SolvedGames.md`, `UnsolvedGames.md`), which lists for every
//! code its class representative and for each representative the preperiod and period.
//!
//! Conventions. The tables identify a game whose heap of one is dead with the game on heaps one
//! smaller ("reduced"; our reduction rule, `src/survey/equivalence.rs`), and give the figures of
//! the reduced sequence: e.g. `.4` is listed with preperiod 52 and the nim-sequence of `.137`,
//! while `.4` itself is periodic from heap 54 (`.4 → .07 → .137`, two reductions). The one
//! exception is `.45` in the table of non-trivial games, listed with 498, which is `.45`'s own
//! first periodic heap; its reduced game `.177` is periodic from 497 (OEIS A071435: "last
//! exception at n = 496"). Below, every figure is the reduced one: `max(preperiod − j, 0)` with
//! `j` the number of reductions of the code.

use std::collections::HashMap;

use grundy::survey::codes::SurveyCode;
use grundy::survey::equivalence;
use grundy::survey::game::{Budget, Status};
use grundy::survey::record::Record;
use grundy::survey::run::{self, Silent, Survey};

/// Published class representative of every 1- and 2-digit code with prefix 0, and of the
/// 1-digit codes with prefix 4 (`-` in the tables: the code is its own representative; `4` is
/// the game `4.0`, whose reduced sequence is that of `.7`).
const LOOKUP: &[(&str, &str)] = &[
    (".1", ".1"),
    (".2", "4"),
    (".3", "4"),
    (".4", ".4"),
    (".5", "4"),
    (".6", ".6"),
    (".7", "4"),
    ("4.1", ".51"),
    ("4.2", "4"),
    ("4.3", "4.3"),
    ("4.4", ".77"),
    ("4.5", ".51"),
    ("4.6", ".77"),
    ("4.7", ".75"),
    (".01", ".1"),
    (".02", ".02"),
    (".03", ".02"),
    (".04", ".04"),
    (".05", "4"),
    (".06", ".06"),
    (".07", ".4"),
    (".11", ".11"),
    (".12", ".12"),
    (".13", ".02"),
    (".14", ".14"),
    (".15", ".15"),
    (".16", ".16"),
    (".17", ".17"),
    (".21", "4"),
    (".22", ".22"),
    (".23", ".22"),
    (".24", "4"),
    (".25", "4"),
    (".26", ".26"),
    (".27", ".26"),
    (".31", ".31"),
    (".32", ".32"),
    (".33", ".22"),
    (".34", ".34"),
    (".35", ".35"),
    (".36", ".36"),
    (".37", ".6"),
    (".41", ".17"),
    (".42", ".4"),
    (".43", ".17"),
    (".44", ".44"),
    (".45", ".45"),
    (".46", ".44"),
    (".47", ".45"),
    (".51", ".51"),
    (".52", ".52"),
    (".53", ".53"),
    (".54", ".54"),
    (".55", ".51"),
    (".56", ".56"),
    (".57", ".57"),
    (".61", ".6"),
    (".62", ".6"),
    (".63", ".6"),
    (".64", ".64"),
    (".65", ".64"),
    (".66", ".64"),
    (".67", ".64"),
    (".71", ".71"),
    (".72", ".72"),
    (".73", ".26"),
    (".74", ".74"),
    (".75", ".75"),
    (".76", ".76"),
    (".77", ".77"),
];

/// Published (reduced preperiod, period) of the representatives; `None`: open (unsolved).
const FIGURES: &[(&str, Option<(usize, usize)>)] = &[
    ("4", Some((0, 2))),
    (".1", Some((2, 1))),
    (".4", Some((52, 34))),
    (".6", None),
    ("4.3", Some((2, 2))),
    (".02", Some((0, 4))),
    (".04", None),
    (".06", None),
    (".11", Some((3, 1))),
    (".12", Some((1, 4))),
    (".14", None),
    (".15", Some((1, 10))),
    (".16", Some((105_351, 149_459))),
    (".17", Some((33, 34))),
    (".22", Some((0, 3))),
    (".26", Some((0, 4))),
    (".31", Some((3, 2))),
    (".32", Some((1, 3))),
    (".34", Some((7, 8))),
    (".35", Some((1, 6))),
    (".36", None),
    (".44", Some((141, 24))),
    (".45", Some((497, 20))),
    (".51", Some((1, 1))),
    (".52", Some((4, 4))),
    (".53", Some((11, 9))),
    (".54", Some((3, 7))),
    (".56", Some((326_640, 144))),
    (".57", Some((1, 4))),
    (".64", None),
    (".71", Some((3, 2))),
    (".72", Some((1, 4))),
    (".74", None),
    (".75", Some((1, 2))),
    (".76", None),
    (".77", Some((71, 12))),
];

fn offset(code: &str) -> usize {
    equivalence::reduce(code.parse::<SurveyCode>().unwrap().code()).1
}

fn survey(codes: &[&str], budget: Budget, dir: &std::path::Path) -> Vec<Record> {
    let list = codes.iter().map(|c| c.parse().unwrap()).collect();
    let s = Survey::from_codes(list, budget, None).unwrap();
    run::run(&s, dir, 2, &Silent).unwrap();
    serde_json::from_str(&std::fs::read_to_string(dir.join("survey.json")).unwrap()).unwrap()
}

#[test]
fn one_and_two_digit_survey_matches_the_published_tables() {
    let figures: HashMap<&str, Option<(usize, usize)>> = FIGURES.iter().copied().collect();
    let solved: Vec<&str> = LOOKUP
        .iter()
        .filter(|(_, rep)| figures[rep].is_some())
        .map(|(c, _)| *c)
        .collect();
    let open_codes: Vec<&str> = LOOKUP
        .iter()
        .filter(|(_, rep)| figures[rep].is_none())
        .map(|(c, _)| *c)
        .collect();
    assert_eq!(solved.len() + open_codes.len(), 70);
    let rep_of: HashMap<&str, &str> = LOOKUP.iter().copied().collect();
    let tmp = tempfile::tempdir().unwrap();

    // Published solved: proved by us at the default budget, with the published figures.
    let budget = Budget {
        to: 1 << 20,
        max_seconds: 300.0,
    };
    let records = survey(&solved, budget, &tmp.path().join("solved"));
    assert_eq!(records.len(), solved.len());
    for r in &records {
        let rep = rep_of[r.code.as_str()];
        let (pre, per) = figures[rep].unwrap();
        assert_eq!(r.status, Status::Solved, "{} (as {rep})", r.code);
        assert_eq!(r.period, Some(per), "{} (as {rep})", r.code);
        let reduced = r.preperiod.unwrap().saturating_sub(offset(&r.code));
        assert_eq!(reduced, pre, "{} (as {rep}): reduced preperiod", r.code);
    }
    // The classes are exactly the published ones.
    let class: HashMap<&str, &str> = records
        .iter()
        .map(|r| (r.code.as_str(), r.class.as_str()))
        .collect();
    for a in &solved {
        for b in &solved {
            assert_eq!(
                rep_of[a] == rep_of[b],
                class[a] == class[b],
                "{a} and {b}: published {} and {}, ours {} and {}",
                rep_of[a],
                rep_of[b],
                class[a],
                class[b]
            );
        }
    }

    // Published open: not proved by us within a short budget either.
    let budget = Budget {
        to: 1 << 20,
        max_seconds: 0.5,
    };
    let records = survey(&open_codes, budget, &tmp.path().join("open"));
    assert_eq!(records.len(), open_codes.len());
    for r in &records {
        assert_eq!(r.status, Status::Open, "{}", r.code);
        assert_eq!((r.preperiod, r.period, r.proved), (None, None, false));
    }
}

#[test]
fn kayles_dawson_and_their_relatives_are_proved_with_their_published_periods() {
    let tmp = tempfile::tempdir().unwrap();
    let budget = Budget {
        to: 1 << 20,
        max_seconds: 60.0,
    };
    let records = survey(&[".77", ".07", ".137", ".177", ".45"], budget, tmp.path());
    let by: HashMap<&str, &Record> = records.iter().map(|r| (r.code.as_str(), r)).collect();
    // Winning Ways: Kayles period 12 from heap 71; Dawson's Kayles (.07) period 34 from 53.
    assert_eq!(
        (by[".77"].preperiod, by[".77"].period),
        (Some(71), Some(12))
    );
    assert_eq!(
        (by[".07"].preperiod, by[".07"].period),
        (Some(53), Some(34))
    );
    assert_eq!(
        (by[".137"].preperiod, by[".137"].period),
        (Some(52), Some(34))
    );
    // OEIS A071435: .177 has period 20, last exception at heap 496; .45 is .177 one heap larger.
    assert_eq!(
        (by[".177"].preperiod, by[".177"].period),
        (Some(497), Some(20))
    );
    assert_eq!((by[".45"].class.as_str(), by[".45"].shift), (".177", 1));
    assert_eq!(by[".45"].preperiod, Some(498));
}

/// `4.344` is listed as unsolved in Czajka's `UnsolvedGames.md`, but its period is proved here
/// (51 from heap 998, certified from 2050 values by the octal periodicity theorem); the naive mex
/// agrees on every heap up to 12000, six times what the proof needs.
#[test]
fn four_344_listed_unsolved_is_proved_and_the_naive_mex_agrees() {
    use grundy::games::heap::{Ruleset, naive};
    let tmp = tempfile::tempdir().unwrap();
    let budget = Budget {
        to: 1 << 20,
        max_seconds: 60.0,
    };
    let r = &survey(&["4.344"], budget, tmp.path())[0];
    assert_eq!(
        (r.status, r.preperiod, r.period),
        (Status::Solved, Some(998), Some(51))
    );
    let rs: Ruleset = "4.344".parse().unwrap();
    let g = naive::values(&rs, 12_000);
    assert!((998..12_000 - 51).all(|n| g[n + 51] == g[n]));
    assert_ne!(g[997 + 51], g[997]);
}
