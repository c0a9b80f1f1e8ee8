//! Sums of two games: `T(x, y) = f(x) ⊕ g(y)`. By the Sprague–Grundy theorem the value of a
//! sum of independent games is the nim-sum (xor) of their values, so a table of a game on two
//! heaps that do not interact is of this form, with `f` and `g` the nim-sequences of the two
//! games; they are guessed in turn as sequences ([`super::sequence`]).
//!
//! Fitting: `g(y0) = 0` for the first column `y0` with a given cell; then each given cell
//! `(x, y, v)` fixes `f(x) = v ⊕ g(y)` once `g(y)` is known, or `g(y) = v ⊕ f(x)` once `f(x)` is
//! (a search of the graph whose vertices are the rows and columns and whose edges are the given
//! cells), so cells may be missing anywhere as long as every row and column is reached. Every
//! cell then tests the rule. On a full table this is `f(x) = T(x, 0)`, `g(y) = T(0, y) ⊕ T(0, 0)`.
//!
//! **Known games as factors** ([`identify_factors`]). The factors are fixed only up to one
//! nimber `c` (`f ⊕ c`, `g ⊕ c`); for a sum of two heap games `f(0) = g(0) = 0` (an empty heap
//! has value 0) fixes it, so a table whose cells are all `f(x) ⊕ g(y)` with `T(0, 0) = 0` (given
//! or implied) has its row factor `f` and its column factor `g` looked up among the known heap
//! games ([`super::identify`]), each as a sequence — whatever rule the table guess settles on
//! (the closed form `x ⊕ y` of two Nim heaps is also a sum). As for a sequence, a match says only
//! that the factor's values are *consistent* with the game's first values; where a theorem proves
//! that game's period, its value at any heap is proved — for that game — and so is
//! `f(x) ⊕ g(y)` for the two games found.
//!
//! ```
//! use grundy::games::heap::Ruleset;
//! use grundy::guess::nim_sum::identify_factors;
//! use grundy::guess::table::Table;
//! // Kayles (rows) plus take-1-2-or-3 (columns), one cell missing
//! let kayles: Vec<u64> = "kayles".parse::<Ruleset>().unwrap().analyse(39).iter_u64().collect();
//! let t = Table::from_fn(40, 30, |x, y| kayles[x as usize] ^ (y % 4));
//! let mut t2 = Table::new(40, 30);
//! for (x, y, v) in t.cells().filter(|&(x, y, _)| (x, y) != (7, 9)) {
//!     t2.set(x, y, v);
//! }
//! let found = identify_factors(&t2).unwrap();
//! assert_eq!(found.rows.as_ref().unwrap().text(), "0.77 (kayles)");
//! // n mod 4 on the 30 heaps: 0.73 is the shortest code with these values (sub:1,2,3 a tie)
//! assert_eq!(found.columns.as_ref().unwrap().ruleset.to_string(), "0.73");
//! // Kayles' period and that of 0.333 are proved: so is their sum's value anywhere
//! assert_eq!(found.value_at(10u64.pow(12), 10u64.pow(6) + 1), Some(1 ^ 1));
//! ```

use super::formula::Bank;
use super::grid::{Factor, Table};
use super::identify::{Identified, identify};

/// `f(x) ⊕ g(y)`.
pub fn value(f: &Factor, g: &Factor, x: u64, y: u64) -> Option<u128> {
    Some(f.value(x)? ^ g.value(y)?)
}

/// The factors `f` and `g` that the given cells force (module docs), with `g(y0) = 0`; `None`
/// when a row or a column is joined to the others by no chain of given cells.
fn factors(t: &Table) -> Option<(Vec<u64>, Vec<u64>)> {
    let (w, h) = (t.width(), t.height());
    let mut by_row: Vec<Vec<(usize, u64)>> = vec![Vec::new(); w];
    let mut by_col: Vec<Vec<(usize, u64)>> = vec![Vec::new(); h];
    for (x, y, v) in t.cells() {
        by_row[x].push((y, v));
        by_col[y].push((x, v));
    }
    let y0 = (0..h).find(|&y| !by_col[y].is_empty())?;
    let mut f: Vec<Option<u64>> = vec![None; w];
    let mut g: Vec<Option<u64>> = vec![None; h];
    g[y0] = Some(0);
    // vertices: rows 0..w, then columns w..w + h
    let mut stack = vec![w + y0];
    while let Some(n) = stack.pop() {
        if n < w {
            let fx = f[n]?;
            for &(y, v) in &by_row[n] {
                if g[y].is_none() {
                    g[y] = Some(v ^ fx);
                    stack.push(w + y);
                }
            }
        } else {
            let gy = g[n - w]?;
            for &(x, v) in &by_col[n - w] {
                if f[x].is_none() {
                    f[x] = Some(v ^ gy);
                    stack.push(x);
                }
            }
        }
    }
    Some((
        f.into_iter().collect::<Option<_>>()?,
        g.into_iter().collect::<Option<_>>()?,
    ))
}

/// A nim-sum rule `T(x, y) = f(x) ⊕ g(y)`: its factors.
#[derive(Clone, Debug, PartialEq)]
pub struct NimSum {
    /// `f`, the factor of `x`.
    pub f: Factor,
    /// `g`, the factor of `y`.
    pub g: Factor,
}

impl NimSum {
    /// `T(x, y)`.
    pub fn value(&self, x: u64, y: u64) -> Option<u128> {
        value(&self.f, &self.g, x, y)
    }
}

/// The sum rule, if the table is a sum (on every given cell), with its factors guessed.
pub fn detect(t: &Table) -> Option<NimSum> {
    if t.width() < 2 || t.height() < 2 {
        return None;
    }
    let (f, g) = factors(t)?;
    if !t.cells().all(|(x, y, v)| f[x] ^ g[y] == v) {
        return None;
    }
    Some(NimSum {
        f: guess_factor(f),
        g: guess_factor(g),
    })
}

/// A factor guessed as a sequence.
pub(crate) fn guess_factor(v: Vec<u64>) -> Factor {
    Factor::guess(v, None::<&Bank>)
}

/// The known heap games the factors of a sum are consistent with (module docs).
#[derive(Clone, Debug)]
pub struct IdentifiedFactors {
    /// The row factor `f(x)`, `x = 0..width`, with `f(0) = 0`.
    pub f: Vec<u64>,
    /// The column factor `g(y)`, `y = 0..height`, with `g(0) = 0`.
    pub g: Vec<u64>,
    /// The game `f` is consistent with, if any.
    pub rows: Option<Identified>,
    /// The game `g` is consistent with, if any.
    pub columns: Option<Identified>,
    /// How many cells were given (all are `f(x) ⊕ g(y)`).
    pub cells: usize,
}

/// Where one factor's value at a heap comes from.
#[derive(Clone, Copy, Debug)]
pub enum FactorSource<'a> {
    /// Computed for the game identified (within its computed heaps).
    Computed(&'a Identified),
    /// Given by the identified game's proved period, by this theorem.
    Proved(&'a Identified, &'static str),
    /// Read off the table (the factor matches no known game, the heap is in the table).
    Table,
    /// Not known: beyond the identified game's computed heaps with its period unproved, or beyond
    /// the table for a factor that matches no known game.
    Unknown(Option<&'a Identified>),
}

impl IdentifiedFactors {
    /// One factor's value at `n` and where it comes from (`rows`: `f`, else `g`).
    pub fn factor_at(&self, rows: bool, n: u64) -> (Option<u64>, FactorSource<'_>) {
        let (id, data) = match rows {
            true => (self.rows.as_ref(), &self.f),
            false => (self.columns.as_ref(), &self.g),
        };
        match id {
            Some(id) => match id.value_at(n) {
                Some(v) if n < id.analysis.len() as u64 => (Some(v), FactorSource::Computed(id)),
                Some(v) => (
                    Some(v),
                    FactorSource::Proved(id, id.proved_by().unwrap_or("its proved period")),
                ),
                None => (None, FactorSource::Unknown(Some(id))),
            },
            None => match usize::try_from(n).ok().and_then(|i| data.get(i)) {
                Some(&v) => (Some(v), FactorSource::Table),
                None => (None, FactorSource::Unknown(None)),
            },
        }
    }

    /// `f(x) ⊕ g(y)` for the games identified (a factor matching none: its values in the table),
    /// when both values are known.
    pub fn value_at(&self, x: u64, y: u64) -> Option<u64> {
        Some(self.factor_at(true, x).0? ^ self.factor_at(false, y).0?)
    }
}

/// The factors `f`, `g` of a table all of whose given cells are `f(x) ⊕ g(y)`, with
/// `f(0) = g(0) = 0` as for two heap games; `None` when the table is not such a sum.
pub fn game_factors(t: &Table) -> Option<(Vec<u64>, Vec<u64>)> {
    if t.width() < 2 || t.height() < 2 {
        return None;
    }
    let (mut f, mut g) = factors(t)?;
    if !t.cells().all(|(x, y, v)| f[x] ^ g[y] == v) {
        return None;
    }
    let c = f[0];
    f.iter_mut().for_each(|v| *v ^= c);
    g.iter_mut().for_each(|v| *v ^= c);
    (g[0] == 0).then_some((f, g))
}

/// The known heap games the factors of a sum are consistent with (module docs): `None` when the
/// table is not a sum with `T(0, 0) = 0` or neither factor matches a game.
pub fn identify_factors(t: &Table) -> Option<IdentifiedFactors> {
    let (f, g) = game_factors(t)?;
    let rows = identify(&f);
    let columns = identify(&g);
    if rows.is_none() && columns.is_none() {
        return None;
    }
    Some(IdentifiedFactors {
        f,
        g,
        rows,
        columns,
        cells: t.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap::Ruleset;
    use crate::guess::identify::candidates;
    use proptest::prelude::*;

    fn values(game: &str, len: usize) -> Vec<u64> {
        let r: Ruleset = game.parse().unwrap();
        r.analyse(len - 1).iter_u64().collect()
    }

    /// The table of the sum of `rows` (`width` heaps) and `columns` (`height` heaps), with the
    /// cells `(x, y)` where `(3x + 5y) mod gap == 1` missing (none when `gap` is 0; with `gap`
    /// not 5, every row and column keeps cells).
    fn sum_table(rows: &str, width: usize, columns: &str, height: usize, gap: usize) -> Table {
        let (f, g) = (values(rows, width), values(columns, height));
        let mut t = Table::new(width, height);
        for (x, a) in f.iter().enumerate() {
            for (y, b) in g.iter().enumerate() {
                if gap == 0 || (3 * x + 5 * y) % gap != 1 {
                    t.set(x, y, a ^ b);
                }
            }
        }
        t
    }

    fn names(id: &Identified) -> (String, Vec<String>) {
        (id.text(), id.also.iter().map(|r| r.to_string()).collect())
    }

    #[test]
    fn sums_of_two_known_games_name_both_factors_with_their_ties() {
        // (rows, width, columns, height, the rows' game and ties, the columns' game and ties)
        type Case<'a> = (
            &'a str,
            usize,
            &'a str,
            usize,
            &'a str,
            &'a [&'a str],
            &'a str,
            &'a [&'a str],
        );
        let table: &[Case] = &[
            (
                "kayles",
                40,
                "sub:1,2,3",
                30,
                "0.77 (kayles)",
                &["0.771"],
                // n mod 4 on 30 heaps: 0.73 is the shortest code with these values
                "0.73",
                &[
                    "0.333",
                    "0.335",
                    "0.337",
                    "0.731",
                    "0.732",
                    "0.733",
                    "0.734",
                    "0.735",
                    "0.736",
                    "0.737",
                    "0!.337",
                    "0!.731",
                    "0!.733",
                    "0!.735",
                    "0!.737",
                    "sub:1,2,3",
                    "sub:1,2,3,5",
                    "sub:1,2,3,6",
                    "sub:1,2,3,5,6",
                ],
            ),
            (
                "dawsons-kayles",
                50,
                "nim",
                20,
                "0.07 (dawsons-kayles)",
                &["0.071", "0.072", "0.073"],
                "nim (nim)",
                &[],
            ),
            (
                "sub:2,5",
                36,
                "allbut:1",
                24,
                "sub:2,5",
                &[],
                "allbut:1",
                &["allbut:1,3", "allbut:1,4", "allbut:1,5", "allbut:1,3,5"],
            ),
        ];
        for &(r, w, c, h, rows, rows_also, columns, columns_also) in table {
            // one cell in seven missing
            let t = sum_table(r, w, c, h, 7);
            assert!(t.len() < w * h);
            let found = identify_factors(&t).unwrap();
            let (f, g) = (
                found.rows.as_ref().unwrap(),
                found.columns.as_ref().unwrap(),
            );
            assert_eq!(names(f), (rows.to_string(), strings(rows_also)), "{r}");
            assert_eq!(
                names(g),
                (columns.to_string(), strings(columns_also)),
                "{c}"
            );
            assert_eq!((f.agrees, g.agrees), (w, h), "{r} + {c}");
            assert_eq!(
                (found.f.clone(), found.g.clone()),
                (values(r, w), values(c, h))
            );
        }
    }

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn kayles_plus_subtraction_table_names_both_factors() {
        let t = sum_table("kayles", 40, "sub:1,2,3", 30, 6);
        let guess = super::super::table::guess(&t);
        let found = guess.identified.unwrap();
        let (f, g) = (
            found.rows.as_ref().unwrap(),
            found.columns.as_ref().unwrap(),
        );
        assert_eq!(f.name, Some("kayles"));
        assert_eq!(f.agrees, 40);
        assert!(g.also.contains(&"sub:1,2,3".parse().unwrap()));
        assert_eq!(g.agrees, 30);
        assert_eq!(found.cells, t.len());
        // both periods proved: Kayles' 12 from 71 on, and that of 0.73
        assert!(f.proved_by().is_some() && g.proved_by().is_some());
        let (x, y) = (10u64.pow(12) + 1, 10u64.pow(6) + 3);
        assert!(matches!(
            found.factor_at(true, x),
            (Some(4), FactorSource::Proved(..))
        ));
        assert!(matches!(
            found.factor_at(false, y),
            (Some(3), FactorSource::Proved(..))
        ));
        assert_eq!(found.value_at(x, y), Some(4 ^ 3));
        // within the computed heaps, the games' own values
        assert!(matches!(
            found.factor_at(true, 5),
            (Some(4), FactorSource::Computed(_))
        ));
    }

    #[test]
    fn a_known_game_plus_an_unknown_one_names_the_known_factor_only() {
        // columns: values no listed game has (G(0) = 0, then digits of pi)
        let g: Vec<u64> = vec![0, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3];
        let f = values("kayles", 40);
        let t = Table::from_fn(40, g.len(), |x, y| f[x as usize] ^ g[y as usize]);
        let found = identify_factors(&t).unwrap();
        assert_eq!(found.rows.as_ref().unwrap().text(), "0.77 (kayles)");
        assert!(found.columns.is_none());
        // the unknown factor is read off the table where it is given, and not beyond
        let x = 10u64.pow(12);
        assert!(matches!(
            found.factor_at(false, 5),
            (Some(9), FactorSource::Table)
        ));
        assert_eq!(found.value_at(x, 5), Some(1 ^ 9));
        assert!(matches!(
            found.factor_at(false, 16),
            (None, FactorSource::Unknown(None))
        ));
        assert_eq!(found.value_at(x, 16), None);
    }

    #[test]
    fn sums_of_no_known_games_leave_the_guess_as_it_was() {
        // random factors with f(0) = g(0) = 0: a sum, but of no listed game
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % 16
        };
        let mut f: Vec<u64> = (0..32).map(|_| next()).collect();
        let mut g: Vec<u64> = (0..32).map(|_| next()).collect();
        (f[0], g[0]) = (0, 0);
        let t = Table::from_fn(32, 32, |x, y| f[x as usize] ^ g[y as usize]);
        assert_eq!(game_factors(&t), Some((f.clone(), g.clone())));
        assert!(identify_factors(&t).is_none());
        let guess = super::super::table::guess(&t);
        assert!(guess.identified.is_none());
        assert_eq!(guess.fitted.unwrap().rule.class(), "nim-sum");
        // T(0, 0) = 1: not two heap games (an empty heap has value 0)
        let t = Table::from_fn(32, 32, |x, y| f[x as usize] ^ g[y as usize] ^ 1);
        assert!(detect(&t).is_some());
        assert_eq!(game_factors(&t), None);
        // noise is no sum at all
        let t = Table::from_fn(32, 32, |_, _| next());
        assert_eq!(game_factors(&t), None);
        assert!(super::super::table::guess(&t).identified.is_none());
    }

    proptest! {
        // each case builds banks of closed forms: fewer cases than the default 256
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn random_sums_are_found_and_their_factors_kept(
            f in proptest::collection::vec(0u64..64, 16..40),
            g in proptest::collection::vec(0u64..64, 16..40),
        ) {
            let t = Table::from_fn(f.len(), g.len(), |x, y| f[x as usize] ^ g[y as usize]);
            let rule = detect(&t).unwrap();
            for (x, y, v) in t.cells() {
                prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
            }
        }

        #[test]
        fn sums_with_missing_cells_are_found_and_predict_the_missing_ones(
            f in proptest::collection::vec(0u64..64, 16..40),
            g in proptest::collection::vec(0u64..64, 16..40),
            holes in any::<u64>(),
        ) {
            let full = Table::from_fn(f.len(), g.len(), |x, y| f[x as usize] ^ g[y as usize]);
            // about one cell in eight missing (none of the first row, so every column is reached)
            let mut t = Table::new(f.len(), g.len());
            let mut missing = Vec::new();
            for (x, y, v) in full.cells() {
                let h = (holes ^ (x as u64) << 32 ^ y as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                if x > 0 && h >> 61 == 0 {
                    missing.push((x, y, v));
                } else {
                    t.set(x, y, v);
                }
            }
            // every row keeps a cell with high probability; a row with none is not determined
            let reached = (0..f.len()).all(|x| t.cells().any(|c| c.0 == x));
            let rule = detect(&t);
            prop_assert_eq!(rule.is_some(), reached);
            if let Some(rule) = rule {
                for (x, y, v) in full.cells() {
                    prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
                }
                prop_assert!(missing.iter().all(|&(x, y, v)| rule.value(x as u64, y as u64) == Some(u128::from(v))));
            }
        }

        #[test]
        fn random_pairs_of_known_games_are_named_with_their_values(
            i in 0usize..2100,
            j in 0usize..2100,
            width in 12usize..40,
            height in 12usize..40,
            gap in 6usize..12,
        ) {
            let c = candidates();
            let (r, q) = (&c[i % c.len()], &c[j % c.len()]);
            let t = sum_table(&r.to_string(), width, &q.to_string(), height, gap);
            let found = identify_factors(&t).unwrap();
            for (game, id, len) in [(r, &found.rows, width), (q, &found.columns, height)] {
                let id = id.as_ref().unwrap();
                // the game named has the game's values, as far as the data go
                let named: Vec<u64> = id.analysis.iter_u64().take(len).collect();
                prop_assert_eq!(named, game.analyse(len - 1).iter_u64().collect::<Vec<u64>>());
                prop_assert!(id.ruleset == *game || id.also.contains(game), "{} not among {}", game, id.ruleset);
                prop_assert_eq!(id.agrees, len);
            }
        }

        #[test]
        fn products_of_random_values_are_not_sums(
            f in proptest::collection::vec(2u64..64, 8..20),
            g in proptest::collection::vec(2u64..64, 8..20),
        ) {
            let t = Table::from_fn(f.len(), g.len(), |x, y| f[x as usize] * g[y as usize]);
            prop_assert!(detect(&t).is_none());
        }
    }
}
