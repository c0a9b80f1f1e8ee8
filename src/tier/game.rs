//! The [`TieredGame`] trait: an impartial game whose positions have a dense index, tier by tier.
//!
//! Positions fall into tiers `0..tiers()`; inside tier `t` they are numbered `0..size(t)` (a
//! *rank*: the game maps a position to its index and back). Every move goes to a **lower** tier
//! or, when [`TieredGame::moves_within_tier`] is true, possibly stays in the same tier — then
//! the tier may contain cycles (a loopy game) and the engine solves it as a graph. The engine
//! never stores positions themselves, only one small packed value per index, which is what lets
//! it reach billions of positions.
//!
//! ```
//! use grundy::tier::{TieredGame, Tiered, solve, SolveOptions};
//!
//! /// Subtract 1 or 2 from a heap of at most 10: tier = heap size, one position per tier.
//! struct OneOrTwo;
//! impl TieredGame for OneOrTwo {
//!     fn id(&self) -> String { "one-or-two".into() }
//!     fn tiers(&self) -> u32 { 11 }
//!     fn size(&self, _tier: u32) -> u64 { 1 }
//!     fn options(&self, tier: u32, _index: u64, out: &mut Vec<Tiered>) {
//!         out.extend((1..=2).filter(|&k| k <= tier).map(|k| Tiered::new(tier - k, 0)));
//!     }
//!     fn parse(&self, text: &str) -> Result<Tiered, String> {
//!         let n: u32 = text.parse().map_err(|_| format!("'{text}' is not a heap size"))?;
//!         if n > 10 { return Err(format!("heap {n} is larger than 10")); }
//!         Ok(Tiered::new(n, 0))
//!     }
//!     fn format(&self, p: Tiered) -> String { p.tier.to_string() }
//!     fn start(&self) -> Tiered { Tiered::new(10, 0) }
//! }
//! let db = solve(&OneOrTwo, &SolveOptions::default()).unwrap();
//! let a = db.analyse(&OneOrTwo, Tiered::new(7, 0)).unwrap();
//! assert_eq!(a.value.to_string(), "1"); // G(n) = n mod 3
//! assert_eq!(a.remoteness, Some(5)); // 7 -> 6 -> 4 -> 3 -> 1 -> 0: the winner hurries
//! ```

/// A position as the engine sees it: its tier and its index inside the tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tiered {
    /// The tier.
    pub tier: u32,
    /// The index inside the tier, `< size(tier)`.
    pub index: u64,
}

impl Tiered {
    /// The position with index `index` in tier `tier`.
    pub const fn new(tier: u32, index: u64) -> Tiered {
        Tiered { tier, index }
    }
}

/// An impartial game (normal play) with a dense, tiered index of its positions.
///
/// Contract (checked by the engine where it is cheap, and by the tests of every built-in game):
/// `size(t)` is the number of positions of tier `t`; `options` lists every option of a position
/// (repeats allowed: they change nothing), each in a lower tier, or in the same tier only when
/// [`moves_within_tier`](TieredGame::moves_within_tier) is true; `parse` and `format` are
/// inverse to each other on valid positions.
pub trait TieredGame: Sync {
    /// The game and its parameters, e.g. `chomp rows=3 cols=4`: a database is tied to it.
    fn id(&self) -> String;
    /// The number of tiers.
    fn tiers(&self) -> u32;
    /// The number of positions of `tier`.
    fn size(&self, tier: u32) -> u64;
    /// Append every option of the position `index` of `tier` to `out`.
    fn options(&self, tier: u32, index: u64, out: &mut Vec<Tiered>);
    /// True when a move may stay inside its tier (tiers may then hold cycles: a loopy game).
    fn moves_within_tier(&self) -> bool {
        false
    }
    /// The position written as `text` (game-specific notation), or why it is not one.
    fn parse(&self, text: &str) -> Result<Tiered, String>;
    /// The text of a position (the inverse of [`parse`](TieredGame::parse)).
    fn format(&self, p: Tiered) -> String;
    /// The start position (the full board, the whole box, one heap of all the coins...).
    fn start(&self) -> Tiered;
}
