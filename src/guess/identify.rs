//! Recognising a known game from its values: the pasted sequence `G(0), G(1), …` is looked up
//! among the heap games the project computes.
//!
//! **What is searched** ([`candidates`]): every take-and-break code `d0.d1d2d3` with `d0` 0 or 4
//! (a 4 lets a heap split in two without taking) and octal digits `d1`, `d2`, `d3` in `0..=7`,
//! each also with unequal splits (`!`) where it splits; the subtraction games `sub:S` for every
//! nonempty `S ⊆ {1, …, 6}`; the all-but games `allbut:E` for every `E ⊆ {1, …, 5}` (`E` empty
//! is Nim). Codes that are the same ruleset (`0.70` is `0.7`) are one candidate; a game with no
//! move at all (`0.0`) is left out.
//!
//! **How**: every candidate's values are computed one heap at a time ([`naive::extend`]) and
//! compared with the data; a candidate is dropped at its first mismatch, so a wrong one costs a
//! few heaps. Past [`PREFIX`] values the few candidates left are computed by the fast sequencer
//! ([`Ruleset::analyse`]) and compared on all the data. The candidates that agree on every value
//! are listed in a fixed order (a game with a traditional name first, then the shorter canonical
//! code, then octal codes, subtraction and all-but games, then alphabetically): the first is
//! reported, the others are its *ties* (`also`) — games whose values equal the data as far as
//! they go, which the data cannot tell apart (`sub:1,2` and `0.33` are even the same game).
//!
//! **Certainty.** A match says only that the data are *consistent* with the game's first values,
//! never that they *are* that game: another game (outside the list, or in it beyond the data)
//! may agree as far as the data go. What is proved is about the game itself: where the
//! periodicity theorems of [`crate::games::heap::periodicity`] prove its period, its value at
//! any heap is proved — for that game.
//!
//! ```
//! use grundy::guess::identify::identify;
//! // the first 64 values of Kayles, before its period starts (at 71)
//! let kayles: grundy::games::heap::Ruleset = "kayles".parse().unwrap();
//! let g: Vec<u64> = kayles.analyse(63).iter_u64().collect();
//! let found = identify(&g).unwrap();
//! assert_eq!(found.text(), "0.77 (kayles)");
//! assert_eq!(found.agrees, 64);
//! // taking all of a heap of 3 too (0.771) changes no value: a tie, the same game
//! assert_eq!(found.also, vec!["0.771".parse().unwrap()]);
//! // Kayles' period 12 from 71 on is proved, so its value at any heap is
//! assert_eq!(found.value_at(10u64.pow(12)), Some(1));
//! assert_eq!(found.proved_by(), Some("the octal periodicity theorem (Guy–Smith)"));
//! ```

use crate::games::heap::{Analysis, Code, Kind, Ruleset, SubtractionSet, naive};

/// Fewest values looked up: shorter data match too many games to say anything.
pub const MIN_VALUES: usize = 10;

/// Values compared heap by heap; beyond, the candidates left are computed by the sequencer.
pub const PREFIX: usize = 256;

/// Heaps computed for the game found, to prove its period (the data's length if larger).
pub const PROVE_TO: usize = 4096;

/// The largest subtraction amount and the largest excluded amount searched.
pub const MAX_SUBTRACT: u64 = 6;
/// The largest amount an all-but game searched excludes.
pub const MAX_EXCLUDED: u64 = 5;

/// The game the data are consistent with, and its ties.
#[derive(Clone, Debug)]
pub struct Identified {
    /// The game reported (the first match in the order of the module docs).
    pub ruleset: Ruleset,
    /// Its traditional name, if it has one.
    pub name: Option<&'static str>,
    /// On how many values it agrees (all those given).
    pub agrees: usize,
    /// The other games that agree on every value, in the same order.
    pub also: Vec<Ruleset>,
    /// The game's values computed (at least [`PROVE_TO`] heaps) and its period.
    pub analysis: Analysis,
}

impl Identified {
    /// `code (name)`, or the code alone.
    pub fn text(&self) -> String {
        match self.name {
            Some(n) => format!("{} ({n})", self.ruleset),
            None => self.ruleset.to_string(),
        }
    }

    /// The theorem that proves the game's period, when one does.
    pub fn proved_by(&self) -> Option<&'static str> {
        self.analysis
            .period()
            .filter(|p| p.proved)
            .map(|_| super::theorem(&self.ruleset))
    }

    /// The game's value at heap `n`: computed, or given by its proved period; `None` beyond the
    /// computed heaps without a proof.
    pub fn value_at(&self, n: u64) -> Option<u64> {
        self.analysis.value_at(n).map(|v| v.0)
    }

    /// How sure, in words: consistency with the data, never identity.
    pub fn certainty(&self) -> String {
        format!(
            "the {} values are consistent with {} (they agree with its first values; that does not prove the data are this game)",
            self.agrees, self.ruleset
        )
    }
}

/// Every game searched, deduplicated, in the order of the module docs.
pub fn candidates() -> Vec<Ruleset> {
    let mut out: Vec<Ruleset> = Vec::new();
    let mut push = |r: Ruleset| {
        if !out.contains(&r) {
            out.push(r);
        }
    };
    for d0 in [0u8, 4] {
        for d in 0u16..512 {
            let digits = [d0, (d >> 6) as u8, ((d >> 3) & 7) as u8, (d & 7) as u8];
            if digits.iter().all(|&x| x == 0) {
                continue;
            }
            for unequal in [false, true] {
                if let Some(c) = Code::new(&digits, unequal)
                    && (!unequal || c.digits().iter().any(|&x| x & 4 != 0))
                {
                    push(Ruleset::code(c));
                }
            }
        }
    }
    for mask in 1u64..1 << MAX_SUBTRACT {
        let set: Vec<u64> = (1..=MAX_SUBTRACT)
            .filter(|k| mask >> (k - 1) & 1 == 1)
            .collect();
        if let Some(r) = Ruleset::subtraction(SubtractionSet::Finite(set)) {
            push(r);
        }
    }
    for mask in 0u64..1 << MAX_EXCLUDED {
        let set: Vec<u64> = (1..=MAX_EXCLUDED)
            .filter(|k| mask >> (k - 1) & 1 == 1)
            .collect();
        if let Some(r) = Ruleset::all_but(set) {
            push(r);
        }
    }
    out.sort_by_cached_key(|r| {
        let rank = match r.kind() {
            Kind::Code(_) => 0,
            Kind::Subtraction(_) => 1,
            Kind::AllBut(_) => 2,
        };
        let text = r.to_string();
        (r.name().is_none(), text.len(), rank, text)
    });
    out
}

/// The game among [`candidates`] whose values are the data `g`, with its ties; `None` when no
/// game agrees on every value or fewer than [`MIN_VALUES`] are given.
pub fn identify(g: &[u64]) -> Option<Identified> {
    if g.len() < MIN_VALUES {
        return None;
    }
    let prefix = g.len().min(PREFIX);
    let to = (g.len() - 1).max(PROVE_TO);
    // Past the prefix, each game left is analysed once, to the data's end and at least to
    // PROVE_TO; the first one's analysis is the one reported.
    let mut found: Vec<(Ruleset, Option<Analysis>)> = candidates()
        .into_iter()
        .filter(|r| agrees_on_prefix(r, &g[..prefix]))
        .map(|r| (r, None))
        .collect();
    if g.len() > prefix {
        found.retain_mut(|(r, analysis)| {
            let a = r.analyse(to);
            let agrees = a.iter_u64().zip(g).all(|(x, &y)| x == y);
            *analysis = Some(a);
            agrees
        });
    }
    if found.is_empty() {
        return None;
    }
    let (ruleset, analysis) = found.remove(0);
    let analysis = analysis.unwrap_or_else(|| ruleset.analyse(to));
    let found: Vec<Ruleset> = found.into_iter().map(|(r, _)| r).collect();
    Some(Identified {
        name: ruleset.name(),
        ruleset,
        agrees: g.len(),
        also: found,
        analysis,
    })
}

/// Whether `r`'s values are `g`, computed one heap at a time up to the first mismatch.
fn agrees_on_prefix(r: &Ruleset, g: &[u64]) -> bool {
    let mut values: Vec<u32> = Vec::with_capacity(g.len());
    for (n, &want) in g.iter().enumerate() {
        naive::extend(r, &mut values, n);
        if values.get(n).map(|&v| u64::from(v)) != Some(want) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(code: &str, len: usize) -> Vec<u64> {
        let r: Ruleset = code.parse().unwrap();
        r.analyse(len - 1).iter_u64().collect()
    }

    #[test]
    fn the_candidates_are_distinct_games_of_the_listed_families() {
        let c = candidates();
        // 0.d1d2d3: 511 codes (0.0 left out) as 1-, 2- and 3-digit codes, of which the 448 that
        // split also come with `!`; 4.d1d2d3: 512, all splitting, each twice; 63 + 32 others
        assert_eq!(c.len(), 511 + 448 + 2 * 512 + 63 + 32);
        for (i, r) in c.iter().enumerate() {
            assert!(!c[..i].contains(r), "{r} twice");
        }
        assert_eq!(c[0].name(), Some("nim"));
    }

    #[test]
    fn kayles_is_identified_from_its_first_64_values() {
        let found = identify(&values("kayles", 64)).unwrap();
        assert_eq!(found.ruleset.to_string(), "0.77");
        assert_eq!(found.name, Some("kayles"));
        assert_eq!(found.agrees, 64);
        assert_eq!(found.also, vec!["0.771".parse::<Ruleset>().unwrap()]);
        // Kayles' period 12 from 71 on: G(n) for n ≡ 4 and 5 (mod 12), n ≥ 72
        assert_eq!(found.value_at(10u64.pow(12)), Some(1));
        assert_eq!(found.value_at(10u64.pow(12) + 1), Some(4));
        assert!(found.proved_by().is_some());
    }

    #[test]
    fn every_octal_game_of_up_to_three_digits_is_identified_from_its_first_values() {
        // (code, values given, the other codes that agree on them)
        let table: &[(&str, usize, &[&str])] = &[
            ("0.07", 64, &["0.071", "0.072", "0.073"]),
            ("0.137", 80, &[]),
            ("0.77", 64, &["0.771"]),
            ("0.15", 60, &[]),
            ("0.007", 80, &[]),
            ("0.16", 80, &[]),
            ("4!.0", 60, &["4!.001"]),
            (
                "0.4",
                40,
                &["0.42", "0.401", "0.402", "0.403", "0.421", "0.422", "0.423"],
            ),
            (
                "0.6",
                40,
                &["0.61", "0.62", "0.63", "0.601", "0.611", "0.621", "0.631"],
            ),
        ];
        for &(code, len, also) in table {
            let found = identify(&values(code, len)).unwrap();
            assert_eq!(found.ruleset.to_string(), code, "{code}");
            let also_text: Vec<String> = found.also.iter().map(|r| r.to_string()).collect();
            assert_eq!(also_text, also, "{code}");
        }
    }

    #[test]
    fn every_listed_octal_game_is_found_among_the_games_agreeing_with_its_values() {
        for r in candidates()
            .into_iter()
            .filter(|r| matches!(r.kind(), Kind::Code(c) if c.digits()[0] == 0 && !c.unequal()))
        {
            let g: Vec<u64> = r.analyse(47).iter_u64().collect();
            let found = identify(&g).unwrap();
            assert!(
                found.ruleset == r || found.also.contains(&r),
                "{r}: found {}",
                found.ruleset
            );
            assert_eq!(found.agrees, 48);
        }
    }

    #[test]
    fn games_with_equal_values_on_the_data_are_listed_as_ties() {
        // G(n) = n mod 3: take 1 or 2 (0.33), the same game as sub:1,2; taking 4 or 5 as well
        // changes no value (n - 4 ≡ n - 1, n - 5 ≡ n - 2 mod 3)
        let g: Vec<u64> = (0..60).map(|n| n % 3).collect();
        let found = identify(&g).unwrap();
        assert_eq!(found.ruleset.to_string(), "0.33");
        let also: Vec<String> = found.also.iter().map(|r| r.to_string()).collect();
        assert_eq!(also, ["sub:1,2", "sub:1,2,4", "sub:1,2,5", "sub:1,2,4,5"]);
        // 0.071 (Dawson's Kayles, and taking a whole heap of 3) has Dawson's Kayles' values
        let found = identify(&values("0.071", 50)).unwrap();
        assert_eq!(found.ruleset.to_string(), "0.07");
        assert_eq!(found.name, Some("dawsons-kayles"));
        let also: Vec<String> = found.also.iter().map(|r| r.to_string()).collect();
        assert_eq!(also, ["0.071", "0.072", "0.073"]);
    }

    #[test]
    fn random_values_are_refused() {
        // a fixed pseudo-random sequence (xorshift), with G(0) = 0 as for every game
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut g: Vec<u64> = (0..80)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s % 5
            })
            .collect();
        g[0] = 0;
        assert!(identify(&g).is_none());
    }

    #[test]
    fn too_few_values_are_refused() {
        assert!(identify(&values("kayles", MIN_VALUES - 1)).is_none());
        assert!(identify(&[]).is_none());
    }

    #[test]
    fn long_data_are_compared_on_every_value() {
        let mut g = values("0.07", PREFIX + 100);
        assert_eq!(identify(&g).unwrap().ruleset.to_string(), "0.07");
        let last = g.len() - 1;
        g[last] += 1;
        assert!(identify(&g).is_none());
    }
}
