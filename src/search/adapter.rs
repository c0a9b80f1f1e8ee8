//! Any [`ImpartialGame`] as a [`SearchGame`]: its positions are the components, split by
//! [`ImpartialGame::decompose`] and written in [`ImpartialGame::canonical`] form.
//!
//! The table key of a position is a 64-bit hash of its canonical form (a fingerprint: two
//! different positions share one with probability about `2^-64` per pair looked up, the price
//! of a table of bounded size for positions of any type).
//!
//! ```
//! use grundy::ImpartialGame;
//! use grundy::search::{Config, Search, Table, adapter::Adapter};
//!
//! /// Kayles on a row of `n` pins: knock down one or two adjacent pins.
//! struct Kayles;
//! impl ImpartialGame for Kayles {
//!     type Position = Vec<u32>; // the rows, sorted
//!     fn options(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
//!         let n = p[0];
//!         for take in 1..=2.min(n) {
//!             for left in 0..=(n - take) {
//!                 let mut q = vec![left, n - take - left];
//!                 q.retain(|&r| r > 0);
//!                 out.push(q);
//!             }
//!         }
//!     }
//!     fn decompose(&self, p: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
//!         (p.len() != 1).then(|| p.iter().map(|&r| vec![r]).collect())
//!     }
//! }
//! let game = Adapter::new(Kayles);
//! let table = Table::with_bytes(1 << 20);
//! let s = Search::new(&game, &table, Config::default());
//! // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 (the start of its period-12 sequence)
//! let values: Vec<u8> = (0..12).map(|n| s.value(&game.components(&vec![n])).unwrap()).collect();
//! assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! ```

use std::hash::{DefaultHasher, Hash, Hasher};

use super::{Key, Moves, SearchGame};
use crate::ImpartialGame;

/// An [`ImpartialGame`] seen by the search.
pub struct Adapter<G: ImpartialGame> {
    game: G,
}

impl<G: ImpartialGame> Adapter<G> {
    /// Wrap `game`.
    pub fn new(game: G) -> Self {
        Adapter { game }
    }

    /// The wrapped game.
    pub fn inner(&self) -> &G {
        &self.game
    }

    /// The canonical, indivisible parts of `p` (a part that decomposes is split again).
    pub fn components(&self, p: &G::Position) -> Vec<G::Position> {
        let mut out = Vec::new();
        self.push_parts(p, &mut |c| out.push(c));
        out
    }

    fn push_parts(&self, p: &G::Position, push: &mut dyn FnMut(G::Position)) {
        let mut stack = vec![self.game.canonical(p)];
        let mut guard = 0usize;
        while let Some(q) = stack.pop() {
            guard += 1;
            match self.game.decompose(&q) {
                Some(parts) if !(parts.len() == 1 && parts[0] == q) && guard < 1 << 20 => {
                    stack.extend(parts.iter().map(|x| self.game.canonical(x)));
                }
                _ => push(q),
            }
        }
    }
}

impl<G> SearchGame for Adapter<G>
where
    G: ImpartialGame + Sync,
    G::Position: Send + Sync + std::fmt::Debug,
{
    type Component = G::Position;

    fn id(&self) -> String {
        format!("impartial game {}", std::any::type_name::<G>())
    }

    fn moves(&self, c: &G::Position, out: &mut Moves<G::Position>) {
        let mut opts = Vec::new();
        self.game.options(c, &mut opts);
        for o in &opts {
            self.push_parts(o, &mut |q| out.push_part(q));
            out.end_move();
        }
    }

    fn key(&self, c: &G::Position) -> Key {
        let mut h = DefaultHasher::new();
        c.hash(&mut h);
        Key {
            bits: h.finish(),
            tag: 0x3fff,
        }
    }

    fn size(&self, _c: &G::Position) -> u32 {
        0
    }
}
