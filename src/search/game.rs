//! What the search needs of a game: its positions as sums of canonical *components*, and for each
//! component its moves, each move itself a sum of components.
//!
//! By the Sprague–Grundy theorem a position that falls apart into independent regions is worth
//! the XOR of their values, so the search never looks at a sum as a whole: a game hands it each
//! move already split into components, each in a canonical form (equal components — up to the
//! game's symmetries — written the same way, so they share one table entry).
//!
//! Two games are built in ([`crate::games::cram`], [`crate::games::kayles`]); any
//! [`crate::ImpartialGame`] can be searched through [`super::adapter`].

use std::hash::Hash;

/// The key of a component in the transposition table: 64 bits and a 16-bit tag (for example a
/// bounding box). Games whose components fit are keyed exactly; the others by a 64-bit
/// fingerprint of their canonical form (with a tag bit of the game's choosing that says which).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The component's bits, or a fingerprint.
    pub bits: u64,
    /// Extra bits that tell components apart (shape, size); at most 15 bits are used.
    pub tag: u16,
}

/// The moves of one component, written flat: each move is a run of components (its independent
/// parts after the move) ended by [`Moves::end_move`].
#[derive(Clone, Debug)]
pub struct Moves<C> {
    parts: Vec<C>,
    ends: Vec<u32>,
}

impl<C> Default for Moves<C> {
    fn default() -> Self {
        Moves {
            parts: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<C> Moves<C> {
    /// Forget every move (keeping the memory).
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
    }

    /// Add a part of the move being written.
    #[inline]
    pub fn push_part(&mut self, c: C) {
        self.parts.push(c);
    }

    /// End the move being written (a move with no parts leads to a terminal position, `*0`).
    #[inline]
    pub fn end_move(&mut self) {
        self.ends.push(self.parts.len() as u32);
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The parts of move `i`.
    #[inline]
    pub fn parts(&self, i: usize) -> &[C] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.parts[start..self.ends[i] as usize]
    }
}

/// An impartial game as the search sees it.
pub trait SearchGame: Sync {
    /// An indivisible part of a position, in the game's canonical form.
    type Component: Clone + Eq + Hash + Send + Sync + std::fmt::Debug;

    /// A name that identifies the game's components and keys (a persisted table is only read
    /// back by a game with the same name).
    fn id(&self) -> String;

    /// Write every move of `c` into `out` (which is empty), each split into canonical
    /// components. Parts worth `*0` for sure (a Cram cell with no empty neighbour) may be left
    /// out.
    fn moves(&self, c: &Self::Component, out: &mut Moves<Self::Component>);

    /// Cheap handles of the moves of `c` (say, where a domino goes), in the order the game
    /// would write them, for a search that writes a move only when it needs it
    /// ([`SearchGame::move_of`]): a node whose answer is settled by its first moves never pays
    /// for splitting and canonicalising the others. Returns `false` (the default) when the game
    /// only writes all its moves at once ([`SearchGame::moves`]).
    fn move_handles(&self, _c: &Self::Component, _out: &mut Vec<u32>) -> bool {
        false
    }

    /// Write the move of `c` with handle `h` (from [`SearchGame::move_handles`]) into `out`: its
    /// parts, then [`Moves::end_move`]. Only called on games whose `move_handles` returns `true`;
    /// the move must be the same as the one [`SearchGame::moves`] writes for it.
    fn move_of(&self, _c: &Self::Component, _h: u32, _out: &mut Moves<Self::Component>) {
        unreachable!("move_of is only called when move_handles returns true")
    }

    /// The table key of `c`.
    fn key(&self, c: &Self::Component) -> Key;

    /// A size for move ordering and for the table's replacement policy (cells, vertices).
    fn size(&self, c: &Self::Component) -> u32;

    /// The value of `c` when the game knows it without search (tiny components, a built-in
    /// endgame table, a theorem); `None` otherwise.
    fn known_value(&self, _c: &Self::Component) -> Option<u8> {
        None
    }

    /// The value of `c` by a theorem that costs more than a look-up (the mirror strategy of a
    /// symmetric region): asked once, when `c` is about to be searched, and the answer stored.
    fn theorem_value(&self, _c: &Self::Component) -> Option<u8> {
        None
    }

    /// The game's settings of proof-number search ([`DfpnTuning`]: which parts the value
    /// search settles, when parts are valued, whether children are watched in the value table,
    /// how threads share the work): where one choice starts paying more than the other depends
    /// on the game, so each game may measure its own. The default suits the board games.
    fn dfpn_tuning(&self) -> DfpnTuning {
        DfpnTuning::default()
    }

    /// The number of moves of `c`, counted without writing them: df-pn starts a fresh node
    /// `c + *k` at `φ = 1, δ = mobility(c) + k` (a lost node must refute every move; Allis's
    /// mobility initialisation, *Searching for solutions in games and artificial
    /// intelligence*, 1994). `None` (the default): plain `φ = δ = 1`.
    fn mobility(&self, _c: &Self::Component) -> Option<u32> {
        None
    }
}

/// A game's settings of proof-number search ([`SearchGame::dfpn_tuning`]), measured per game;
/// the front ends copy them into [`super::pns::DfpnConfig`] ([`super::pns::DfpnConfig::tuned`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DfpnTuning {
    /// The largest [`SearchGame::size`] of a part that proof-number search values with the
    /// value search when a move splits it off (larger parts by its own outcome questions;
    /// [`super::pns::DfpnConfig::small`]).
    pub small: u32,
    /// Value the parts a move splits off only when the search first enters that child (as
    /// SPOTS's multi-land nodes), rather than when it expands the node
    /// ([`super::pns::DfpnConfig::lazy_parts`]).
    pub lazy_parts: bool,
    /// Look a node's children up in the value table at every turn of its loop
    /// ([`super::pns::DfpnConfig::watch_values`]): pays where the value search settles small
    /// parts by the thousand.
    pub watch_values: bool,
    /// Threads all search from the root over one shared proof-number table (`true`), or one
    /// searches from the root while the others settle the root's children
    /// ([`super::pns::DfpnConfig::shared_table`]).
    pub shared_table: bool,
}

impl Default for DfpnTuning {
    /// Parts of at most 12, valued when the node is expanded, no watch of the value table, one
    /// shared table: the settings of the board games.
    fn default() -> Self {
        DfpnTuning {
            small: 12,
            lazy_parts: false,
            watch_values: false,
            shared_table: true,
        }
    }
}
