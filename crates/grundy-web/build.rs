//! The page's module gets an 8 MiB stack (wasm-ld's default is 1 MiB): the search engine runs on
//! the module's own stack in the browser (no thread with a larger one can start there), one frame
//! per level of its depth-first search.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg=-zstack-size=8388608");
    }
}
