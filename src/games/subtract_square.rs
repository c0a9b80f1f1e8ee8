//! Subtract-a-square (Golomb 1966; *Winning Ways* ch. 3): one heap of counters; a move takes a
//! nonzero square number of them (1, 4, 9, 16, …); who cannot move loses.
//!
//! The catalogue's smallest game, and the one CONTRIBUTING.md ("Adding a game") adds step by
//! step: its rules and notation (a position is the heap's size, `20`), a brute force the tests
//! trust ([`values`]: the mex rule, heap by heap), its [`TieredGame`] — tier `n` is the heap of
//! `n`, one position each, every move to a lower tier — and its line in the registry, which
//! makes it `grundy retro subtract-square --coins N` and Python's
//! `grundy.retro("subtract-square", coins=N)`.
//!
//! Its P-positions are OEIS A030193: 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, … They are
//! never periodic: no two of them differ by a square (from the larger one a move would reach the
//! smaller), so by the Furstenberg–Sárközy theorem they have density zero, while a periodic set
//! with infinitely many elements has positive density. And there are infinitely many: were `P`
//! the largest, every heap `n > P` would be an N-position, so `n = p + k²` for one of the
//! finitely many P-positions `p` — but at most `O(√X)` heaps below `X` are of that form.
//!
//! ```
//! use grundy::games::subtract_square::{SubtractSquare, values};
//! use grundy::tier::{SolveOptions, TieredGame, solve};
//! let game = SubtractSquare::new(30).unwrap();
//! let db = solve(&game, &SolveOptions::default()).unwrap();
//! let a = db.analyse(&game, game.parse("20").unwrap()).unwrap();
//! assert_eq!(a.value.to_string(), "0"); // 20 is a P-position
//! assert_eq!(values(5), [0, 1, 0, 1, 2, 0]);
//! ```

use crate::mex::mex;
use crate::tier::{Tiered, TieredGame};

/// The largest heap the tier engine is given (one tier a heap).
pub const MAX_HEAP: u32 = 100_000;

/// Subtract-a-square on heaps of at most `max` counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SubtractSquare {
    max: u32,
}

impl SubtractSquare {
    /// Heaps of at most `max` counters (`max ≤` [`MAX_HEAP`]); the start is the heap of `max`.
    pub fn new(max: u32) -> Result<SubtractSquare, String> {
        if max > MAX_HEAP {
            return Err(format!(
                "a heap of {max} is larger than the {MAX_HEAP} the tier engine is given"
            ));
        }
        Ok(SubtractSquare { max })
    }
}

/// The Grundy values of the heaps `0..=n` by the mex rule: `G(n) = mex { G(n − k²) : 1 ≤ k²
/// ≤ n }` — the brute force the tests compare the engines with.
pub fn values(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    for h in 0..=n {
        let options: Vec<u64> = (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= h)
            .map(|s| g[h - s])
            .collect();
        g.push(mex(options));
    }
    g
}

impl TieredGame for SubtractSquare {
    fn id(&self) -> String {
        format!("{NAME} coins={}", self.max)
    }

    fn tiers(&self) -> u32 {
        self.max + 1
    }

    fn size(&self, _tier: u32) -> u64 {
        1
    }

    fn options(&self, tier: u32, _index: u64, out: &mut Vec<Tiered>) {
        let squares = (1u32..).map(|k| k * k).take_while(|&s| s <= tier);
        out.extend(squares.map(|s| Tiered::new(tier - s, 0)));
    }

    fn parse(&self, text: &str) -> Result<Tiered, String> {
        let n: u32 = text
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a heap size"))?;
        if n > self.max {
            return Err(format!(
                "a heap of {n} is larger than the game's {}",
                self.max
            ));
        }
        Ok(Tiered::new(n, 0))
    }

    fn format(&self, p: Tiered) -> String {
        p.tier.to_string()
    }

    fn start(&self) -> Tiered {
        Tiered::new(self.max, 0)
    }
}

/// The name of Subtract-a-square on the command line, in Python and in the page's URLs.
pub const NAME: &str = "subtract-square";

/// Subtract-a-square in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Subtract-a-square",
    rules: "Take a nonzero square number of counters from the heap; who cannot, loses.",
    notation: "the heap's size, e.g. 20",
    parameters: &[crate::games::entry::Parameter {
        name: "coins",
        help: "the largest heap (the start)",
    }],
    engines: &[crate::games::entry::Engine::Tier],
    commands: &["grundy retro subtract-square"],
    module: "grundy::games::subtract_square",
    search: None,
    tier: Some(|s| {
        SubtractSquare::new(s.coins.unwrap_or(0)).map(|g| Box::new(g) as Box<dyn TieredGame + Send>)
    }),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tier::{SolveOptions, solve};
    use proptest::prelude::*;

    #[test]
    fn p_positions_are_oeis_a030193() {
        let published = [
            0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85,
        ];
        let g = values(85);
        let p: Vec<usize> = (0..=85).filter(|&n| g[n] == 0).collect();
        assert_eq!(p, published);
    }

    proptest! {
        /// The tier engine's value of every heap equals the mex rule's.
        #[test]
        fn the_tier_engine_agrees_with_the_mex_rule(max in 0u32..200) {
            let game = SubtractSquare::new(max).unwrap();
            let db = solve(&game, &SolveOptions::default()).unwrap();
            let g = values(max as usize);
            for n in 0..=max {
                let a = db.analyse(&game, Tiered::new(n, 0)).unwrap();
                prop_assert_eq!(a.value.to_string(), g[n as usize].to_string());
            }
        }
    }

    #[test]
    fn a_heap_beyond_the_game_is_refused() {
        let game = SubtractSquare::new(10).unwrap();
        assert_eq!(
            game.parse("11").unwrap_err(),
            "a heap of 11 is larger than the game's 10"
        );
        assert!(game.parse("x").is_err());
        assert!(SubtractSquare::new(MAX_HEAP + 1).is_err());
    }
}
