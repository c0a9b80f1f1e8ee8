//! Misère outcomes of single positions: the player who makes the last move **loses**.
//!
//! There is no XOR rule in misère play (the value of a sum is not a function of the parts'
//! misère values), so a position is searched as a whole — a multiset of canonical components —
//! but the game interface, the canonical forms and a bounded table still serve: a position is
//! stored under a fingerprint of its sorted component keys. A position with no move is a win
//! for the player to move (N); otherwise it is N exactly when some move leads to a P-position.
//! Components without a move take no part in play and are dropped.
//!
//! ```
//! use grundy::Outcome;
//! use grundy::search::{Table, misere_outcome};
//! use grundy::games::kayles::GridKayles;
//! let game = GridKayles::default();
//! let table = Table::with_bytes(1 << 16);
//! // one vertex: the only move is the last one, so it loses
//! let p = game.components(&game.grid(1, 1).unwrap());
//! assert_eq!(misere_outcome::outcome(&game, &table, &p, None).unwrap(), Outcome::P);
//! ```

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Key, Moves, SearchError, SearchGame, Table};
use crate::Outcome;

/// The deepest line of play the misère search follows before it gives up.
pub const MAX_DEPTH: usize = 100_000;

struct State<'a, G: SearchGame> {
    game: &'a G,
    table: &'a Table,
    stop: Option<&'a AtomicBool>,
    nodes: u64,
}

fn position_key<G: SearchGame>(game: &G, parts: &[G::Component]) -> Key {
    let mut keys: Vec<Key> = parts.iter().map(|c| game.key(c)).collect();
    keys.sort_unstable_by_key(|k| (k.bits, k.tag));
    let mut x: u64 = 0x6a09_e667_f3bc_c908 ^ keys.len() as u64;
    for k in keys {
        for w in [k.bits, k.tag as u64] {
            x ^= w;
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            x ^= x >> 31;
        }
    }
    // tag 0x7ffe marks misère positions, apart from every component key of the built-in games
    Key {
        bits: x,
        tag: 0x7ffe,
    }
}

impl<G: SearchGame> State<'_, G> {
    /// True when the player to move wins `parts` in misère play.
    fn wins(&mut self, parts: Vec<G::Component>, depth: usize) -> Result<bool, SearchError> {
        if depth > MAX_DEPTH {
            return Err(SearchError::TooDeep { depth });
        }
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(SearchError::Cancelled);
        }
        let key = position_key(self.game, &parts);
        if let Some(v) = self.table.get(key) {
            return Ok(v == 1);
        }
        self.nodes += 1;
        let start = self.nodes;
        let mut any_move = false;
        let mut win = false;
        let mut moves = Moves::default();
        'all: for i in 0..parts.len() {
            moves.clear();
            self.game.moves(&parts[i], &mut moves);
            for m in 0..moves.len() {
                any_move = true;
                let mut next: Vec<G::Component> = Vec::with_capacity(parts.len() + 2);
                next.extend(parts[..i].iter().cloned());
                next.extend(parts[i + 1..].iter().cloned());
                let mut scratch = Moves::default();
                for q in moves.parts(m) {
                    scratch.clear();
                    self.game.moves(q, &mut scratch);
                    if !scratch.is_empty() {
                        next.push(q.clone());
                    }
                }
                if !self.wins(next, depth + 1)? {
                    win = true;
                    break 'all;
                }
            }
        }
        let win = win || !any_move;
        self.table.put(key, win as u8, self.nodes - start + 1);
        Ok(win)
    }
}

/// The misère outcome of the sum of `parts` (`stop`: cancel when it turns true).
pub fn outcome<G: SearchGame>(
    game: &G,
    table: &Table,
    parts: &[G::Component],
    stop: Option<&AtomicBool>,
) -> Result<Outcome, SearchError> {
    let mut s = State {
        game,
        table,
        stop,
        nodes: 0,
    };
    let mut scratch = Moves::default();
    let live: Vec<G::Component> = parts
        .iter()
        .filter(|c| {
            scratch.clear();
            game.moves(c, &mut scratch);
            !scratch.is_empty()
        })
        .cloned()
        .collect();
    Ok(if s.wins(live, 0)? {
        Outcome::N
    } else {
        Outcome::P
    })
}
