//! Values of Sprouts drawings by plain memoised search, and generators of test positions.
//!
//! [`Oracle`] computes the nimber (normal play) of a whole position as the mex of the nimbers of
//! all its children, and the misère outcome as "some child is a misère loss, or there is no
//! move at all", memoised on the printed notation of the drawing. Nothing is split into parts,
//! reduced, or put in canonical form: two drawings share a memo entry only when they print the
//! same string (same faces, walks and corners in the same order, letters given in order of first
//! appearance), and then their move trees are the same.
//!
//! [`reachable`] lists every position reachable from `n` isolated spots (one per notation),
//! [`sample_reachable`] a deterministic random sample of them, and [`random_position`] a
//! position after random play.

use std::collections::{HashMap, HashSet};

use super::drawing::Drawing;
use super::rng::SplitMix64;

/// Memo of normal-play nimbers, normal-play outcomes and misère outcomes, keyed by notation.
#[derive(Default)]
pub struct Oracle {
    normal: HashMap<String, u8>,
    wins: HashMap<String, bool>,
    misere: HashMap<String, bool>,
}

impl Oracle {
    pub fn new() -> Self {
        Self::default()
    }

    /// Positions whose nimber is memoised.
    pub fn normal_len(&self) -> usize {
        self.normal.len()
    }

    /// Positions whose normal-play outcome alone is memoised.
    pub fn wins_len(&self) -> usize {
        self.wins.len()
    }

    /// Positions whose misère outcome is memoised.
    pub fn misere_len(&self) -> usize {
        self.misere.len()
    }

    /// Normal-play nimber of the position: mex of the children's nimbers.
    pub fn value(&mut self, d: &Drawing) -> u8 {
        let key = d.notation();
        if let Some(&v) = self.normal.get(&key) {
            return v;
        }
        let mut seen = 0u64;
        for child in d.moves() {
            let v = self.value(&child);
            assert!(v < 64, "nimber {v} too large for this oracle");
            seen |= 1 << v;
        }
        let v = seen.trailing_ones() as u8;
        self.normal.insert(key, v);
        v
    }

    /// Normal-play outcome: does the player to move win? Searched on its own (a win needs one
    /// losing child only), so it reaches further than [`Oracle::value`]; a nimber already known
    /// is used.
    pub fn first_player_wins(&mut self, d: &Drawing) -> bool {
        let key = d.notation();
        if let Some(&v) = self.normal.get(&key) {
            return v != 0;
        }
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let w = d.moves().iter().any(|c| !self.first_player_wins(c));
        self.wins.insert(key, w);
        w
    }

    /// The children of value 0 (the winning moves in normal play), one per legal move.
    pub fn winning_moves(&mut self, d: &Drawing) -> Vec<Drawing> {
        d.moves()
            .into_iter()
            .filter(|c| self.value(c) == 0)
            .collect()
    }

    /// Misère outcome: does the player to move win when the player making the last move loses?
    /// A position with no move is a win for the player to move.
    pub fn misere_wins(&mut self, d: &Drawing) -> bool {
        let key = d.notation();
        if let Some(&w) = self.misere.get(&key) {
            return w;
        }
        let children = d.moves();
        let w = children.is_empty() || children.iter().any(|c| !self.misere_wins(c));
        self.misere.insert(key, w);
        w
    }
}

/// Misère outcome of one position with a fresh memo (see [`Oracle::misere_wins`]).
pub fn misere_wins(d: &Drawing) -> bool {
    Oracle::new().misere_wins(d)
}

/// Every position reachable from `n` isolated spots, the start included, one drawing per
/// notation, in the order a depth-first walk finds them (deterministic).
pub fn reachable(n: usize) -> Vec<Drawing> {
    let start = Drawing::spots(n);
    let mut seen: HashSet<String> = HashSet::new();
    seen.insert(start.notation());
    let mut out = vec![start.clone()];
    let mut stack = vec![start];
    while let Some(d) = stack.pop() {
        for c in d.moves() {
            if seen.insert(c.notation()) {
                out.push(c.clone());
                stack.push(c);
            }
        }
    }
    out
}

/// A deterministic sample of positions reachable from `n` isolated spots: `games` random games
/// (from `seed`), every position of each kept, deduplicated by notation.
pub fn sample_reachable(n: usize, games: usize, seed: u64) -> Vec<Drawing> {
    let mut rng = SplitMix64::new(seed);
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..games {
        let mut d = Drawing::spots(n);
        loop {
            if seen.insert(d.notation()) {
                out.push(d.clone());
            }
            let children = d.moves();
            if children.is_empty() {
                break;
            }
            let k = rng.below(children.len());
            d = children.into_iter().nth(k).unwrap();
        }
    }
    out
}

/// A position after random play: `k` isolated spots (`1 ≤ k ≤ max_spots`, at random), then a
/// random number of random moves (fewer when the game ends first).
pub fn random_position(rng: &mut SplitMix64, max_spots: usize) -> Drawing {
    let k = 1 + rng.below(max_spots.max(1));
    let mut d = Drawing::spots(k);
    let steps = rng.below(3 * k);
    for _ in 0..steps {
        let children = d.moves();
        if children.is_empty() {
            break;
        }
        let i = rng.below(children.len());
        d = children.into_iter().nth(i).unwrap();
    }
    d
}
