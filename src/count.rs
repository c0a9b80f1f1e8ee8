//! Counting positions over huge families: how many positions does the first player win?
//!
//! A family of positions is a sum of `K` components, each drawn from a set of single components
//! (heap sizes `A..=B`, vertices of a digraph). Only the *value distribution* of the components
//! matters ([`distribution`]): by the Sprague–Grundy theorem a sum is P exactly when the XOR of its
//! values is 0, so the counts are XOR convolutions of the distribution, computed with the
//! Walsh–Hadamard transform ([`transform`]), where convolution becomes pointwise multiplication:
//! `K = 10^18` heaps cost as little as `K = 2`. Multisets come from a generating function
//! ([`multiset`]); loopy values (`∞(S)`) from Smith's sum rules ([`tokens`]).
//!
//! A new family plugs in by listing its components' values: build a [`ValueDistribution`] (from a
//! slice of [`crate::Nimber`], from `(value, count)` pairs, or from a proved period with
//! [`ValueDistribution::from_periodic`]) or a [`LoopyDistribution`], then ask for
//! [`heaps::count_distribution`] / [`tokens::count_tokens`]. The seed counting problems are not
//! sums over one fixed set of components — seed 000 varies the graph (edge subsets) and seed 004
//! couples the XOR of the odd steps with their *sum* (a composition of the empty cells) — so they
//! have their own exact methods in [`dag_edges`] and [`coin_strip`].
//!
//! Exact answers are refused beyond [`arithmetic::MAX_DIGITS`] digits (and when their tables or
//! series would not fit in memory or a few seconds); counting modulo an odd `P` has no such limit.
//!
//! ```
//! use grundy::count::{Arithmetic, distribution::ValueDistribution};
//! use grundy::Nimber;
//! // Nim heaps 0..=3 (value = size): ordered pairs (a, b) with a ^ b = 0 are the 4 pairs a = b.
//! let heaps: Vec<Nimber> = (0..4).map(Nimber).collect();
//! let d = ValueDistribution::from_nimbers(&heaps).unwrap();
//! let c = d.ordered_sums(2, Arithmetic::Exact).unwrap();
//! assert_eq!(c.p_positions().to_string(), "4");
//! assert_eq!(c.total().to_string(), "16");
//! ```

pub mod arithmetic;
pub mod coin_strip;
pub mod dag_edges;
pub mod distribution;
pub mod heap_family;
pub mod heaps;
pub mod multiset;
pub mod tokens;
pub mod transform;

pub use arithmetic::Arithmetic;
pub use distribution::{LoopyDistribution, SumCounts, ValueDistribution};
pub use heaps::HeapCounts;
pub use tokens::TokenCounts;

use thiserror::Error;

/// Why a count cannot be computed.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum CountError {
    /// `--mod P` with `P < 2`.
    #[error("modulus {modulus} is too small: it must be at least 2")]
    ModulusTooSmall {
        /// The modulus given.
        modulus: u64,
    },
    /// An even modulus: the inverse Walsh–Hadamard transform divides by a power of two.
    #[error(
        "modulus {modulus} is even: the inverse Walsh–Hadamard transform divides by 2^b, so the modulus must be odd"
    )]
    EvenModulus {
        /// The modulus given.
        modulus: u64,
    },
    /// A composite modulus where a division by a factorial is needed.
    #[error(
        "modulus {modulus} is not prime: counting multisets modulo P divides by factorials, so P must be prime (or count exactly without a modulus)"
    )]
    CompositeModulus {
        /// The modulus given.
        modulus: u64,
    },
    /// An exact answer would be absurdly long.
    #[error(
        "the exact answer would have about {digits} decimal digits (more than {max}); use a modulus (--mod P) instead",
        max = arithmetic::MAX_DIGITS
    )]
    TooLargeExact {
        /// The estimated number of digits.
        digits: f64,
    },
    /// Exact counts for every XOR value that would not fit in memory.
    #[error(
        "exact counts for all {entries} XOR values would need about {gib:.1} GiB of memory; use a modulus (--mod P) instead"
    )]
    TooLargeExactTable {
        /// The number of XOR values `2^b`.
        entries: usize,
        /// The estimated memory in GiB.
        gib: f64,
    },
    /// An exact multiset count whose series would take too long.
    #[error(
        "the exact multiset count would take about {work:.1e} big-number word operations (more than {max:.0e}); use a modulus (--mod P) instead",
        max = arithmetic::MAX_EXACT_WORK
    )]
    TooMuchExactWork {
        /// The estimated work.
        work: f64,
    },
    /// A component value too large for a dense transform.
    #[error(
        "component value {value} is too large to count by transform: values must be below 2^{max_bits}"
    )]
    ValueTooLarge {
        /// The offending value.
        value: u64,
        /// The largest supported bit width.
        max_bits: u32,
    },
    /// A family larger than 2^64 components (the distribution counts with `u64`).
    #[error("the family has more than 2^64 - 1 components")]
    FamilyTooLarge,
}
