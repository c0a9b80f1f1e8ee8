//! The reports of counts: `{"p_positions", "n_positions", ["d_positions"], "total", ["modulus"]}`
//! with exact JSON numbers of any size. The count structures serialize themselves; they are
//! gathered here so every report has one place.
//!
//! ```
//! use grundy::count::{Arithmetic, heap_family::count_heap_family};
//! use grundy::games::heap::Ruleset;
//! let nim: Ruleset = "nim".parse().unwrap();
//! let c = count_heap_family(&nim, 2, 0, 3, false, Arithmetic::Exact, &mut || false).unwrap();
//! assert_eq!(
//!     serde_json::to_string(&c.counts).unwrap(),
//!     r#"{"p_positions":4,"n_positions":12,"total":16}"#
//! );
//! ```

pub use crate::count::heap_family::HeapFamilyCount;
pub use crate::count::{HeapCounts, TokenCounts};
