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

use serde::Serialize;

use crate::tier::TieredGame;

/// An engine of grundy: what can be asked of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Engine {
    /// A closed form: values, outcomes and winning moves of any position at once.
    ClosedForm,
    /// Heap sequences: the nim-sequence of a heap game, its period proved ([`crate::games::heap`]).
    HeapSequence,
    /// Loopy values of every position of a finite graph (generalized Sprague–Grundy values).
    Loopy,
    /// The search engine: the value of one position far too large to enumerate
    /// ([`crate::search`]).
    Search,
    /// Tiered retrograde analysis: every position of a bounded game ([`crate::tier`]).
    Tier,
    /// A component of a sum in a position file ([`crate::position`]).
    PositionFile,
}

/// A parameter of a game (the size of a board, a ruleset, …), as the front ends name it: `--NAME`
/// on the command line, `NAME=` in Python and the page's URLs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Parameter {
    /// Its name.
    pub name: &'static str,
    /// What it means.
    pub help: &'static str,
}

/// What the search engine needs to know of a game beyond its [`crate::search::SearchGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SearchInfo {
    /// Whether df-pn answers by default (the games whose trees are the most unbalanced).
    pub dfpn_by_default: bool,
    /// What the size of a position counts (`"empty cells"`, `"vertices"`, `"lives"`).
    pub size_unit: &'static str,
    /// The largest position the web page searches, in that unit (beyond it the page shows the
    /// command instead).
    pub page_limit: usize,
}

/// The sizes a tier game is built from ([`GameInfo::tiered`]); each game reads those it takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    /// Rows of a box or board.
    pub rows: Option<u32>,
    /// Columns of a box or board.
    pub cols: Option<u32>,
    /// Coins.
    pub coins: Option<u32>,
}

impl Sizes {
    /// The size named `name`.
    pub fn get(&self, name: &str) -> Option<u32> {
        match name {
            "rows" => self.rows,
            "cols" => self.cols,
            "coins" => self.coins,
            _ => None,
        }
    }
}

/// Why a tier game could not be built from its sizes. Front ends write a parameter their own way
/// ([`TierBuildError::message`]: `--rows` on the command line, `rows=` in Python).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TierBuildError {
    /// A parameter the game needs is missing.
    Missing {
        /// The game.
        game: &'static str,
        /// The parameter.
        parameter: &'static str,
    },
    /// Parameters given that belong to other games.
    Foreign {
        /// The game.
        game: &'static str,
        /// The parameters given that it does not take.
        parameters: Vec<&'static str>,
        /// The tier games that take them.
        owners: Vec<&'static str>,
    },
    /// The game refused the sizes (too large, empty, …): its message.
    Game(String),
}

impl TierBuildError {
    /// The message, with each parameter written by `flag` (e.g. `|p| format!("--{p}")`).
    pub fn message(&self, flag: impl Fn(&str) -> String) -> String {
        match self {
            TierBuildError::Missing { game, parameter } => {
                format!("{game} needs {}", flag(parameter))
            }
            TierBuildError::Foreign {
                game,
                parameters,
                owners,
            } => {
                let flags: Vec<String> = parameters.iter().map(|p| flag(p)).collect();
                let verb = if flags.len() == 1 {
                    "is an option"
                } else {
                    "are options"
                };
                format!(
                    "{} {verb} of {}, not of {game}",
                    and_list(&flags),
                    and_list(owners)
                )
            }
            TierBuildError::Game(e) => e.clone(),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(|s| s.as_ref()).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// A builder of a tier game from its sizes (called with the sizes it takes, all present).
pub type TierBuilder = fn(&Sizes) -> Result<Box<dyn TieredGame + Send>, String>;

/// One game of the catalogue.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GameInfo {
    /// Its name on the command line, in Python and in the page's URLs (`"node-kayles"`).
    pub name: &'static str,
    /// Other names accepted for it (`"fair_shares"`).
    pub aliases: &'static [&'static str],
    /// Its name in prose (`"Node-Kayles"`).
    pub title: &'static str,
    /// The rules, in a sentence.
    pub rules: &'static str,
    /// How a position is written.
    pub notation: &'static str,
    /// Its parameters.
    pub parameters: &'static [Parameter],
    /// The engines that solve it.
    pub engines: &'static [Engine],
    /// The commands that answer questions about it.
    pub commands: &'static [&'static str],
    /// The module of the library where it lives.
    pub module: &'static str,
    /// Its settings for the search engine, when it has one.
    pub search: Option<SearchInfo>,
    /// Its tier game, when the tier engine solves it.
    #[serde(skip)]
    pub tier: Option<TierBuilder>,
}

impl GameInfo {
    /// Whether `name` names this game (its name or an alias).
    pub fn is_named(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }

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
    match names.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
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
