//! The value of **one** position of a game far too large to enumerate, by depth-first search.
//!
//! The tier engine ([`crate::tier`]) solves every position of a game; that stops near 2^32
//! positions. The questions that remain open in the field are single positions — Cram on a 5 × 13
//! board, Node-Kayles on the 3 × n grid — whose search trees are astronomically large but whose
//! positions fall apart into small independent pieces. This engine works with those pieces:
//!
//! 1. **Components** ([`game`]): a game hands every move over already split into independent
//!    components; by the Sprague–Grundy theorem the move is worth the XOR of their values
//!    (`G(a + b) = G(a) ⊕ G(b)`), so each component is searched and stored on its own.
//! 2. **Canonical forms**: components equal up to the game's symmetries are written the same way
//!    — board regions up to translation, rotation and reflection ([`crate::games::grid::region`]), graphs up to
//!    isomorphism ([`crate::games::kayles::graph`]) — and so share one entry of the table.
//! 3. **A bounded, shared transposition table** ([`table`]) keeps exact values of components,
//!    preferring the expensive ones when full, without locks between threads.
//! 4. **Pruning** ([`value`]): Beling–Rogalski candidate sets, Lemoine–Viennot aspiration at the
//!    root ("is a move worth `*k`?" is the outcome of `m + *k`), enhanced transposition cut-offs,
//!    smaller components first, and the mirror theorem for symmetric regions ([`crate::games::grid::region`]).
//! 5. **Both cores**: the root's moves are shared among threads that share the table.
//! 6. **Persistence** ([`table::persist`]): the table is written atomically to a directory now and
//!    then, so a killed run resumes where it was; small Cram regions come from an endgame table
//!    solved by the tier engine ([`crate::games::cram`]).
//!
//! Games: [`crate::games::cram::Cram`], [`crate::games::kayles::GridKayles`] and
//! [`crate::games::kayles::GraphKayles`] (with
//! Arc-Kayles: [`crate::games::kayles::ArcKayles`]), and any [`crate::ImpartialGame`] through
//! [`adapter::Adapter`]. Misère play has no XOR rule; [`misere_outcome`] decides misère outcomes of
//! whole positions with the same game interface.
//!
//! ```
//! use grundy::search::{Config, Search, Table};
//! use grundy::games::kayles::GridKayles;
//! let game = GridKayles::default();
//! let table = Table::with_bytes(1 << 20);
//! let s = Search::new(&game, &table, Config::default());
//! // Node-Kayles on the 2 × n ladder: 1, 0, 1, 0, …  (n = 1, 2, 3, …)
//! let ladder = |n| s.value(&game.components(&game.grid(2, n).unwrap())).unwrap();
//! assert_eq!((1..=6).map(ladder).collect::<Vec<_>>(), [1, 0, 1, 0, 1, 0]);
//! ```

pub mod adapter;
pub mod distributed;
pub mod game;
pub mod misere_outcome;
pub mod nimset;
pub mod pns;
pub mod table;
pub mod value;

pub use game::{DfpnTuning, Key, Moves, SearchGame};
pub use nimset::NimSet;
pub use table::{Probe, Table};
pub use value::{Config, Live, MAX_MOVES, Pulse, Search, SearchError, Stats};
