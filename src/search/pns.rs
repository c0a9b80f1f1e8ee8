//! Outcome-first search: depth-first proof-number search (df-pn) with nimbers.
//!
//! The value search ([`super::value`]) answers every question by computing values depth-first.
//! Most open questions are *outcome* questions on trees so unbalanced that a depth-first search
//! spends its time proving what a best-first search never visits. Proof-number search (Allis,
//! *Searching for solutions in games and artificial intelligence*, 1994) grows the tree where
//! the least work is left to prove or disprove the root; df-pn (Nagai, 2002) does so
//! depth-first in bounded memory, with thresholds.
//!
//! **Nimbers inside** (Lemoine and Viennot, *Nimbers are inevitable*, 2012; Čížek, Balko and
//! Schmid's SPOTS, 2025): a node is a component `G` with a nim-heap `*k` beside it, and it is
//! a loss for the player to move (P) exactly when `G(G) = k`. A move in `G` that splits it
//! into parts leaves the parts but the largest to be valued exactly — they join the heap —
//! so every node stays "one component + `*k`"; a move on the heap goes to `G + *j`, `j < k`.
//! With [`DfpnConfig::lazy_parts`] the parts are valued only when the search first enters that
//! child, as SPOTS's multi-land nodes are: a won node is usually proved by one child, and the
//! split-off parts of its other children need never be valued, which pays on Sprouts. Valuing
//! them at once settles children before any is entered, which pays on Cram, so each game says
//! which it takes ([`super::SearchGame::dfpn_tuning`]).
//! Nimbers of parts come from the value table shared with the value search, from the value
//! search itself for small parts ([`DfpnConfig::small`]), and otherwise from df-pn again: the
//! nimber of `G` is the first `k` for which `G + *k` is P. Every answer df-pn proves is also a
//! fact about a value — `G + *k` P means `G(G) = k`, N means `G(G) ≠ k` — and goes into the
//! shared table, where both searches use it.
//!
//! See [`dfpn`] for the algorithm and its choices.

pub mod dfpn;
pub mod shared;
pub mod table;

pub use dfpn::{Dfpn, DfpnConfig, DfpnLive, DfpnPulse, DfpnStats};
pub use shared::SharedPnTable;
pub use table::PnTable;
