//! Tiered retrograde analysis: every position of a game with a dense index, solved tier by tier,
//! with loops and draws.
//!
//! The tools that solve big games (GamesmanOne, chess endgame tablebases) work backwards over a
//! dense index of positions, tier by tier, and store one small number per position. This module
//! does the same for impartial games and computes their Sprague–Grundy values: the Grundy value
//! of every position of an acyclic game, the generalized Sprague–Grundy value (finite or `∞(K)`,
//! Smith 1966, Fraenkel–Yesha 1986) of every position of a loopy game, and for every game the
//! outcome P/N/D and the remoteness (moves to the end when the winner hurries and the loser
//! delays; Steinhaus 1925, *Winning Ways* ch. 9).
//!
//! - [`game`]: the [`TieredGame`] trait (tiers, sizes, options by index, text notation);
//! - [`engine`]: [`solve`] — acyclic tiers by a parallel pass over the index in blocks, tiers
//!   with inner moves by the phase/counter algorithm on the tier's graph, then remoteness;
//! - [`database`]: the per-tier files (packed values and remoteness, CRC-32) and the manifest;
//!   the checkpoint of a long run and the database that later queries read ([`Database`]);
//! - [`packed`]: fixed-width bit packing (as few bits as the tier's largest code needs);
//! - the games that implement the trait live in the catalogue ([`crate::games`]):
//!   [`crate::games::chomp`], [`crate::games::cram::tier`] and [`crate::games::fair_shares`]
//!   (loopy, with draws).
//!
//! ```
//! use grundy::games::chomp::Chomp;
//! use grundy::tier::{solve, SolveOptions, TieredGame};
//! use grundy::Outcome;
//! let game = Chomp::new(2, 4).unwrap();
//! let db = solve(&game, &SolveOptions::default()).unwrap();
//! assert_eq!(db.stats().positions, 14); // C(6, 2) - 1 diagrams hold the poisoned corner
//! let a = db.analyse(&game, game.start()).unwrap();
//! assert_eq!(a.outcome, Outcome::N); // strategy stealing
//! // the only winning move leaves rows of 4 and 3 (two-row P-positions: a = b + 1)
//! let moves: Vec<String> = a.winning_moves.iter().map(|&p| game.format(p)).collect();
//! assert_eq!(moves, ["4,3"]);
//! ```

pub mod database;
pub mod engine;
pub mod game;
pub mod packed;

pub use database::{Analysis, Database, SolvedTier, Stats};
pub use engine::{SolveOptions, solve};
pub use game::{Tiered, TieredGame};

/// The largest number of positions of a game the engine accepts (`2^36`).
pub const MAX_POSITIONS: u64 = 1 << 36;

/// The largest number of positions of one tier (`2^32 - 2`: values are computed in `u32`s).
pub const MAX_TIER_POSITIONS: u64 = (1 << 32) - 2;

/// Why a tiered solve or a database query failed.
#[derive(Debug, thiserror::Error)]
pub enum TierError {
    /// A file or directory cannot be read or written (exit code 1 at the command line).
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        error: std::io::Error,
    },
    /// A database file is damaged or not a database file.
    #[error("{path}: damaged database: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// The directory holds the database of another game or other parameters.
    #[error(
        "{path}: the database is for '{found}', not '{expected}' (use another --out directory)"
    )]
    OtherGame {
        /// The file.
        path: String,
        /// The game id found.
        found: String,
        /// The game id asked for.
        expected: String,
    },
    /// The game is too large for the index or the engine's limits.
    #[error("too large: {0}")]
    TooLarge(String),
    /// A position that is not one of the game.
    #[error("{0}")]
    Position(String),
    /// The game broke the [`TieredGame`] contract.
    #[error("the game lists, for position {index} of tier {tier}, {reason}")]
    Contract {
        /// The tier of the position.
        tier: u32,
        /// Its index.
        index: u64,
        /// What was wrong.
        reason: String,
    },
    /// The run stopped on request ([`SolveOptions::stop_after`]) with tiers `0..finished` done.
    #[error(
        "stopped on request with {finished} tiers finished (tiers below {finished}); rerun to resume"
    )]
    Stopped {
        /// The number of finished tiers.
        finished: u32,
    },
    /// The progress sink asked to stop ([`crate::progress::Progress::cancelled`], checked before
    /// each tier and after each block of an acyclic tier) with tiers `0..finished` done (and kept
    /// in the database directory, if any).
    #[error("cancelled with {finished} tiers finished (tiers below {finished}); rerun to resume")]
    Cancelled {
        /// The number of finished tiers.
        finished: u32,
    },
}

impl TierError {
    /// True for an I/O failure (exit code 1), false for bad input or a bad database (exit 2).
    pub fn is_io(&self) -> bool {
        matches!(self, TierError::Io { .. })
    }
}
