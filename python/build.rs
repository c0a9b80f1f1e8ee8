//! Empty: the crate has a build script only so that its `[build-dependencies]` (Cargo.toml's
//! workspace hack) take part in feature resolution.

fn main() {}
