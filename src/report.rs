//! Machine-readable reports: the answers of each analysis as one serde structure, so every front
//! end prints the same thing — the command-line tool's `--json` output and the dicts of the Python
//! package are these structures serialized by `serde_json`.
//!
//! Each report borrows the analysis it describes (no copy of long value lists) and serializes its
//! fields in a fixed order; changing a field changes every front end at once.
//!
//! ```
//! use grundy::report::nim::NimReport;
//! let json = serde_json::to_string(&NimReport::new(&[3, 4, 5])).unwrap();
//! assert_eq!(
//!     json,
//!     r#"{"heaps":[3,4,5],"value":2,"outcome":"N","winning_move_count":1,"winning_moves":[{"heap":0,"from":3,"to":1}]}"#
//! );
//! ```

pub mod count;
pub mod graph;
pub mod misere;
pub mod nim;
pub mod retro;
pub mod search;
pub mod seq;
pub mod solve;
