//! The clock the library's deadlines and timings read: `std::time::Instant`, except in the browser
//! (`wasm32-unknown-unknown`), where `std`'s panics and `web-time` reads `performance.now()`.
//!
//! ```
//! let start = grundy::time::Instant::now();
//! assert!(start.elapsed() < std::time::Duration::from_secs(3600));
//! ```

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::Instant;
