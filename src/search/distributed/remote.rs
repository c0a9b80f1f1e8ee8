//! A value database kept elsewhere: where the search asks, before it searches a large
//! component, whether another machine already knows its value.
//!
//! The distributed search (`grundy-timely`) can keep its shared nimber database *partitioned*
//! (Romein et al.'s transposition-driven scheduling places each position on the process its
//! hash names): each process holds the values of the components its hash names, and a search
//! that meets a large component its own table lacks asks the component's owner for it. A
//! look-up costs a network round trip, so only components of at least
//! [`RemoteValues::min_size`] are asked about — those whose search would cost far more than
//! the trip. The search stores what it is told in its own table, as if it had found it.
//!
//! An answer is an exact value found by a search of the same game: the value the search would
//! have found, so asking never changes a result — only how much is searched.
//!
//! ```
//! use grundy::search::distributed::remote::RemoteValues;
//! use grundy::search::{Config, Key, Search, Table};
//! use grundy::games::cram::Cram;
//! use std::sync::atomic::{AtomicU64, Ordering};
//! /// A database that knows nothing, and counts the questions.
//! struct Empty(AtomicU64);
//! impl RemoteValues for Empty {
//!     fn min_size(&self) -> u32 { 12 }
//!     fn lookup(&self, _key: Key) -> Option<(u8, u8)> {
//!         self.0.fetch_add(1, Ordering::Relaxed);
//!         None
//!     }
//! }
//! let game = Cram::default();
//! let table = Table::with_bytes(1 << 20);
//! let remote = Empty(AtomicU64::new(0));
//! let search = Search::new(&game, &table, Config::default()).with_remote(&remote);
//! let board = game.board(4, 5).unwrap();
//! assert_eq!(search.value(&game.components(&board)).unwrap(), 2); // 4 × 5 Cram is *2
//! assert!(remote.0.load(Ordering::Relaxed) > 0, "components of 12 cells and more were asked");
//! ```

use crate::search::Key;

/// A database of exact values elsewhere (another process's), asked by the search before it
/// searches a component of at least [`RemoteValues::min_size`].
pub trait RemoteValues: Sync {
    /// Components at least this large ([`crate::search::SearchGame::size`]) are asked about.
    fn min_size(&self) -> u32;
    /// The exact value of the component of key `key` and the cost of the search that found it
    /// (the bit length of its nodes, as [`crate::search::table::Learnt::cost`]), if the database has
    /// it. May wait for the answer (a network round trip).
    fn lookup(&self, key: Key) -> Option<(u8, u8)>;
}
