//! A game's entry in the catalogue ([`GameInfo`]): its names, rules, notation, parameters and
//! engines, the builder of its tier game, its search settings. Each game declares its own
//! entry beside its rules; [`super::registry`] lists them. A leaf module: the games and the
//! registry both read it.

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
                    word_list(&flags, "and"),
                    word_list(owners, "and")
                )
            }
            TierBuildError::Game(e) => e.clone(),
        }
    }
}

/// `a`, `a and b`, `a, b and c` (or with another `conjunction`).
pub(super) fn word_list<S: AsRef<str>>(items: &[S], conjunction: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(|s| s.as_ref()).collect();
            format!("{} {conjunction} {}", init.join(", "), last.as_ref())
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
}
