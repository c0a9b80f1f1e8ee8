//! A scratch folder of this fuzzing process, for the readers that take a path: each input is
//! written to a file there and read back through the real reader.

use std::path::PathBuf;
use std::sync::OnceLock;

/// The folder (created once, under the system temporary folder, named by the process id, written
/// with ten digits: every run reads paths of the same length).
pub fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("grundy-fuzz-{:010}", std::process::id()));
        std::fs::create_dir_all(&d).expect("a scratch folder");
        d
    })
}

/// Write `bytes` to `name` in the scratch folder and return its path.
#[allow(dead_code)]
pub fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir().join(name);
    std::fs::write(&p, bytes).expect("a scratch file");
    p
}
