//! Cram (Gardner 1974; *Winning Ways* ch. 24 — impartial Domineering): a move places a domino on
//! two adjacent empty cells, horizontally or vertically; the player who cannot place one loses.
//!
//! A position is the set of empty cells of a board, written row by row, `.` empty and `#` filled,
//! rows joined by `/` (`..#/...`; [`crate::games::grid`] reads and writes it). Every set of cells
//! is a position (Cram on a board with some squares blocked).
//!
//! - [`search`]: Cram for the search engine ([`crate::search::SearchGame`]) on boards of up to
//!   128 cells, each component a bounding-box [`Region`](crate::games::grid::region::Region) in
//!   canonical form, with the theorems that give values without search (Dawson's Kayles on
//!   snakes, the mirror theorem) and an endgame table from the tier engine;
//! - [`framed`]: the same game on boards of at most 64 cells, each component one word of the
//!   board's own [`Frame`](crate::games::grid::frame::Frame), with the star, bridge and diagonal
//!   reductions;
//! - [`brute`]: the plain mex rule over whole boards, the reference the tests trust;
//! - [`tier`]: every position of an `R × C` board (at most 32 cells) as a
//!   [`crate::tier::TieredGame`], for the tier engine (and the endgame table above).
//!
//! ```
//! use grundy::games::cram::Cram;
//! use grundy::search::{Config, Search, Table};
//! let game = Cram::default();
//! let table = Table::with_bytes(1 << 20);
//! let board = game.board(4, 5).unwrap();
//! let s = Search::new(&game, &table, Config::default());
//! assert_eq!(s.value(&game.components(&board)).unwrap(), 2); // 4 × 5 Cram is *2
//! ```

pub mod brute;
pub mod framed;
pub mod search;
pub mod tier;

pub use framed::FramedCram;
pub use search::{Cram, CramConfig, domino_moves};

/// The name of Cram on the command line, in Python and in the page's URLs.
pub const NAME: &str = "cram";

/// Cram in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Cram",
    rules: "Place a domino on two adjacent empty cells; who cannot, loses.",
    notation: "rows of . (empty) and # (filled) joined by /, e.g. ...#/..../....",
    parameters: &[
        crate::games::entry::Parameter {
            name: "rows",
            help: "rows of the board",
        },
        crate::games::entry::Parameter {
            name: "cols",
            help: "columns of the board",
        },
    ],
    engines: &[
        crate::games::entry::Engine::Search,
        crate::games::entry::Engine::Tier,
    ],
    commands: &["grundy search cram", "grundy retro cram"],
    module: "grundy::games::cram",
    search: Some(crate::games::entry::SearchInfo {
        dfpn_by_default: false,
        size_unit: "empty cells",
        page_limit: 36,
    }),
    tier: Some(|s| {
        tier::Cram::new(s.rows.unwrap_or(0), s.cols.unwrap_or(0))
            .map(|g| Box::new(g) as Box<dyn crate::tier::TieredGame + Send>)
    }),
};
