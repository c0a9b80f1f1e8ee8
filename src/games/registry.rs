//! The one list of games: [`GAMES`]. The command line (`grundy games`, the names `grundy search`
//! and `grundy retro` accept), Python (`grundy.games()`, `grundy.retro`) and the web page (its
//! search limits) learn from it which games exist, what they are called, how their positions are
//! written, which parameters they take and which engines solve them.
//!
//! Each game describes itself in its own module (a `const INFO: GameInfo` beside its rules);
//! this file only lists them. Adding a game is one module and one line here (CONTRIBUTING.md,
//! "Adding a game").
//!
//! ```
//! use grundy::games::registry::{self, Engine};
//! let cram = registry::game("cram").unwrap();
//! assert!(cram.engines.contains(&Engine::Search) && cram.engines.contains(&Engine::Tier));
//! assert_eq!(registry::game("fair_shares").unwrap().name, "fair-shares"); // an alias
//! // every game of the tier engine can be built from its parameters
//! let chomp = registry::game("chomp").unwrap();
//! let g = chomp.tiered(&registry::Sizes { rows: Some(2), cols: Some(4), coins: None }).unwrap();
//! assert_eq!(g.format(g.start()), "4,4");
//! ```

use crate::tier::TieredGame;

pub use super::entry::{
    Engine, GameInfo, Parameter, SearchInfo, Sizes, TierBuildError, TierBuilder,
};

/// The tier engine's side of an entry (here, where the list of tier games is known).
impl GameInfo {
    /// Its tier game with these sizes: every parameter it takes must be given, and no parameter of
    /// another tier game.
    pub fn tiered(&self, sizes: &Sizes) -> Result<Box<dyn TieredGame + Send>, TierBuildError> {
        let build = self
            .tier
            .ok_or_else(|| TierBuildError::Game(format!("{} has no tier engine", self.name)))?;
        let takes = |p: &str| self.parameters.iter().any(|q| q.name == p);
        // a parameter of another tier game names that game, and all its parameters this one
        // does not take (`--rows and --cols are options of chomp and cram`)
        let given_foreign = |q: &Parameter| sizes.get(q.name).is_some() && !takes(q.name);
        let owners: Vec<&'static GameInfo> = with_engine(Engine::Tier)
            .filter(|g| g.parameters.iter().any(given_foreign))
            .collect();
        if !owners.is_empty() {
            let mut parameters: Vec<&'static str> = Vec::new();
            for q in owners.iter().flat_map(|g| g.parameters) {
                if !takes(q.name) && !parameters.contains(&q.name) {
                    parameters.push(q.name);
                }
            }
            return Err(TierBuildError::Foreign {
                game: self.name,
                parameters,
                owners: owners.iter().map(|g| g.name).collect(),
            });
        }
        if let Some(p) = self.parameters.iter().find(|p| sizes.get(p.name).is_none()) {
            return Err(TierBuildError::Missing {
                game: self.name,
                parameter: p.name,
            });
        }
        build(sizes).map_err(TierBuildError::Game)
    }
}

/// Every game of the catalogue, in the order the front ends list them.
pub const GAMES: &[GameInfo] = &[
    super::nim::INFO,
    super::staircase::INFO,
    super::coins::INFO,
    super::heap::INFO,
    super::digraph::INFO,
    super::chips::INFO,
    super::chomp::INFO,
    super::cram::INFO,
    super::kayles::NODE_KAYLES,
    super::kayles::ARC_KAYLES,
    super::sprouts::INFO,
    super::fair_shares::INFO,
    super::subtract_square::INFO,
];

/// The game named `name` (or with that alias).
pub fn game(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.is_named(name))
}

/// The games an engine solves, in catalogue order.
pub fn with_engine(engine: Engine) -> impl Iterator<Item = &'static GameInfo> {
    GAMES.iter().filter(move |g| g.engines.contains(&engine))
}

/// The names of the games an engine solves: `chomp, cram, fair-shares or subtract-square`.
pub fn names_with(engine: Engine) -> String {
    let names: Vec<&str> = with_engine(engine).map(|g| g.name).collect();
    super::entry::word_list(&names, "or")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for g in GAMES {
            for n in std::iter::once(&g.name).chain(g.aliases) {
                assert!(seen.insert(*n), "{n} names two games");
            }
        }
    }

    #[test]
    fn the_search_and_tier_games_say_how_to_reach_them() {
        for g in GAMES {
            assert_eq!(
                g.search.is_some(),
                g.engines.contains(&Engine::Search),
                "{}",
                g.name
            );
            assert_eq!(
                g.tier.is_some(),
                g.engines.contains(&Engine::Tier),
                "{}",
                g.name
            );
            assert!(!g.commands.is_empty() && !g.rules.is_empty(), "{}", g.name);
        }
    }

    #[test]
    fn the_tier_games_are_named_in_catalogue_order() {
        assert_eq!(
            names_with(Engine::Tier),
            "chomp, cram, fair-shares or subtract-square"
        );
    }

    #[test]
    fn a_tier_game_names_what_is_missing_or_foreign() {
        let cram = game("cram").unwrap();
        let flag = |p: &str| format!("--{p}");
        let e = cram
            .tiered(&Sizes {
                rows: Some(2),
                ..Sizes::default()
            })
            .err()
            .unwrap();
        assert_eq!(e.message(flag), "cram needs --cols");
        let sizes = Sizes {
            rows: Some(2),
            cols: Some(2),
            coins: Some(3),
        };
        let e = cram.tiered(&sizes).err().unwrap();
        assert_eq!(
            e.message(flag),
            "--coins is an option of fair-shares and subtract-square, not of cram"
        );
        let shares = game("fair-shares").unwrap();
        let sizes = Sizes {
            rows: Some(2),
            cols: None,
            coins: Some(3),
        };
        let e = shares.tiered(&sizes).err().unwrap();
        assert_eq!(
            e.message(|p| format!("{p}=")),
            "rows= and cols= are options of chomp and cram, not of fair-shares"
        );
    }
}
