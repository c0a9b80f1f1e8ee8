//! The WebAssembly module of grundy's web page: the library's own answers as JSON for the browser.
//!
//! Each exported function parses its input with the library's parsers, runs the library's
//! analysis and returns the report the command-line tool prints with `--json` (plus the lines the
//! page shows in words), so the page and `grundy … --json` agree by construction. Bad input is
//! never an exception: the answer is `{"error": MESSAGE}` with the CLI's message ([`answer`]).
//!
//! Built for `wasm32-unknown-unknown` by `web/build` (wasm-bindgen); it also builds natively, so
//! its tests run with the rest of the workspace.
//!
//! ```
//! let json: serde_json::Value = serde_json::from_str(&grundy_web::seq::seq("0.77", 300.0)).unwrap();
//! assert_eq!(json["period"], 12);
//! assert_eq!(json["proved"], true);
//! ```

#![warn(missing_docs)]

pub mod answer;
pub mod graph;
pub mod guess;
pub mod misere;
pub mod play;
pub mod search;
pub mod seq;
pub mod table;
