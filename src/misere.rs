//! Misère quotients of heap games (Plambeck 2005; Plambeck and Siegel 2008): misère play solved
//! for sums of heaps of any size once the quotient is known.
//!
//! Two sums `G`, `H` of heaps of one game are *indistinguishable* when `G + X` and `H + X` have
//! the same misère outcome for every sum `X`; the classes form a commutative monoid `Q` (the
//! **misère quotient**), with the **P-portion** `P ⊆ Q` (the classes of P-positions) and the
//! **pretending function** Φ: heap ↦ its class. A sum is a P-position iff the product of its
//! heaps' Φ lies in `P`. [`solver`] computes `Q` heap by heap (verification against P- and
//! N-failures, recalibration); [`periodicity`] proves when Φ is periodic, making the quotient
//! final; [`Quotient`] answers outcomes and every winning move.
//!
//! ```
//! use grundy::misere::{Quotient, Settings};
//! use grundy::progress::Silent;
//! let c = Quotient::compute(&"0.75".parse().unwrap(), &Settings::default(), &Silent).unwrap();
//! let q = c.quotient;
//! assert!(q.is_final());
//! assert_eq!((q.order(), q.p_portion_size()), (8, 2));
//! assert_eq!(q.tame(), None); // 0.75 is wild
//! ```

pub mod monoid;
pub mod periodicity;
pub mod presentation;
pub mod quotient;
pub mod solver;
pub mod tame;

pub use quotient::{Computation, HistoryEntry, MAX_HEAP, Quotient, QuotientError, Settings};
pub use solver::SolverError;
