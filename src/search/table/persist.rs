//! The transposition table on disk, so a long search resumes after a kill.
//!
//! A snapshot is one file, `table.bin`, in the directory given: a header naming the format and
//! the game ([`crate::search::SearchGame::id`]), the entries (key bits, tag, value, cost: 12 bytes
//! each) and a CRC-32 of all that. It is written to a temporary file, synced and renamed over
//! the old one, so a kill at any moment leaves either the previous snapshot or the new one —
//! never a torn file; a file whose checksum, header or game differs is refused, never read as
//! values. Every entry of the table is an exact value, so a snapshot taken while the threads
//! run is itself a true table ([`crate::search::table`]).
//!
//! ```
//! use grundy::search::table::persist;
//! use grundy::search::{Key, Table};
//! let dir = tempfile::tempdir().unwrap();
//! let t = Table::with_bytes(1 << 12);
//! t.put(Key { bits: 42, tag: 3 }, 5, 100);
//! persist::save(dir.path(), "my game", &t).unwrap();
//! let u = Table::with_bytes(1 << 12);
//! assert_eq!(persist::load(dir.path(), "my game", &u).unwrap(), 1);
//! assert_eq!(u.get(Key { bits: 42, tag: 3 }), Some(5));
//! assert!(persist::load(dir.path(), "another game", &u).is_err());
//! ```

use std::path::{Path, PathBuf};

use crate::search::{Key, Table};

/// The file name of a snapshot inside its directory.
pub const FILE: &str = "table.bin";

const MAGIC: &[u8; 24] = b"grundy search table v1\n\0";

/// Why a snapshot could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum PersistError {
    /// Reading or writing failed.
    #[error("{path}: {error}")]
    Io {
        /// The file or directory.
        path: String,
        /// The error.
        error: std::io::Error,
    },
    /// The file is not a whole snapshot of this format.
    #[error("{path}: not a search table snapshot ({reason}); remove it to start afresh")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// The snapshot belongs to another game.
    #[error("{path}: the table is for {found:?}, not {expected:?}")]
    OtherGame {
        /// The file.
        path: String,
        /// The game in the file.
        found: String,
        /// The game searched now.
        expected: String,
    },
}

fn io(path: &Path, error: std::io::Error) -> PersistError {
    PersistError::Io {
        path: path.display().to_string(),
        error,
    }
}

/// The snapshot's path in `dir`.
pub fn path(dir: &Path) -> PathBuf {
    dir.join(FILE)
}

/// Write every entry of `table` to `dir` (created if missing), atomically. Returns the number
/// of entries written.
pub fn save(dir: &Path, game_id: &str, table: &Table) -> Result<u64, PersistError> {
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let entries = table.entries();
    let mut bytes = Vec::with_capacity(64 + game_id.len() + entries.len() * 12);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(game_id.len() as u32).to_le_bytes());
    bytes.extend_from_slice(game_id.as_bytes());
    bytes.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    for (k, v, c) in &entries {
        bytes.extend_from_slice(&k.bits.to_le_bytes());
        bytes.extend_from_slice(&k.tag.to_le_bytes());
        bytes.push(*v);
        bytes.push(*c);
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    let p = path(dir);
    crate::tier::database::write_atomically(&p, &bytes).map_err(|e| PersistError::Io {
        path: p.display().to_string(),
        error: std::io::Error::other(e.to_string()),
    })?;
    Ok(entries.len() as u64)
}

/// Read the snapshot in `dir` (if there is one) into `table`. Returns the number of entries
/// read (0 when the directory has no snapshot yet).
pub fn load(dir: &Path, game_id: &str, table: &Table) -> Result<u64, PersistError> {
    let p = path(dir);
    let bytes = match std::fs::read(&p) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(io(&p, e)),
    };
    let corrupt = |reason: &str| PersistError::Corrupt {
        path: p.display().to_string(),
        reason: reason.to_string(),
    };
    if bytes.len() < MAGIC.len() + 4 + 8 + 4 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(corrupt("no header"));
    }
    let (body, tail) = bytes.split_at(bytes.len() - 4);
    let crc = u32::from_le_bytes(tail.try_into().expect("4 bytes"));
    if crc32fast::hash(body) != crc {
        return Err(corrupt("checksum mismatch"));
    }
    let mut at = MAGIC.len();
    let id_len = u32::from_le_bytes(body[at..at + 4].try_into().expect("4 bytes")) as usize;
    at += 4;
    if body.len() < at + id_len + 8 {
        return Err(corrupt("truncated header"));
    }
    let found = String::from_utf8_lossy(&body[at..at + id_len]).into_owned();
    at += id_len;
    if found != game_id {
        return Err(PersistError::OtherGame {
            path: p.display().to_string(),
            found,
            expected: game_id.to_string(),
        });
    }
    let count = u64::from_le_bytes(body[at..at + 8].try_into().expect("8 bytes"));
    at += 8;
    let rest = &body[at..];
    if count.checked_mul(12) != Some(rest.len() as u64) {
        return Err(corrupt("entry count differs from the file's length"));
    }
    let entries: Vec<(Key, u8, u8)> = rest
        .chunks_exact(12)
        .map(|e| {
            (
                Key {
                    bits: u64::from_le_bytes(e[..8].try_into().expect("8 bytes")),
                    tag: u16::from_le_bytes(e[8..10].try_into().expect("2 bytes")),
                },
                e[10],
                e[11],
            )
        })
        .collect();
    table.restore(&entries);
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_snapshot_is_refused_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let t = Table::with_bytes(1 << 12);
        for i in 0..50 {
            t.put(Key { bits: i, tag: 1 }, (i % 7) as u8, i);
        }
        save(dir.path(), "g", &t).unwrap();
        let p = path(dir.path());
        let mut bytes = std::fs::read(&p).unwrap();
        for cut in [0, 10, bytes.len() / 2, bytes.len() - 1] {
            std::fs::write(&p, &bytes[..cut]).unwrap();
            assert!(
                load(dir.path(), "g", &Table::with_bytes(1 << 12)).is_err(),
                "cut {cut}"
            );
        }
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&p, &bytes).unwrap();
        let err = load(dir.path(), "g", &Table::with_bytes(1 << 12)).unwrap_err();
        assert!(err.to_string().contains("checksum"), "{err}");
    }
}
