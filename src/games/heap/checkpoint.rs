//! Checkpoints of a nim-sequence computation: written atomically (a temporary file in the same
//! folder, flushed, then renamed over the old one), with a header naming the ruleset and a CRC-32
//! over the header fields and the values, so a resumed run continues from exactly the saved values
//! and a corrupt or foreign file is refused, never silently used.
//!
//! Format: the text line `grundy-seq-checkpoint 1 <ruleset> <count> <crc32 hex>\n`, then `count`
//! values as little-endian `u32`.
//!
//! ```
//! use grundy::games::heap::{Ruleset, Sequencer, checkpoint};
//! let dir = std::env::temp_dir().join(format!("grundy-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("kayles.ckpt");
//! let r: Ruleset = "kayles".parse().unwrap();
//! let mut s = Sequencer::new(&r);
//! s.extend_to(100);
//! checkpoint::save(&path, &s).unwrap();
//! assert_eq!(checkpoint::load(&path, &r).unwrap(), s.values_u32());
//! let other: Ruleset = "0.07".parse().unwrap();
//! assert!(checkpoint::load(&path, &other).is_err());
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::ruleset::Ruleset;
use super::sequence::{MAX_TO, Sequencer};

const MAGIC: &str = "grundy-seq-checkpoint";
const VERSION: &str = "1";

/// Why a checkpoint cannot be used.
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// Reading or writing failed.
    #[error("checkpoint {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// The file is not a checkpoint or is damaged.
    #[error("checkpoint {path} is corrupt: {why}; delete it or choose another file")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The file belongs to another ruleset.
    #[error(
        "checkpoint {path} is for ruleset '{found}', not '{wanted}'; delete it or choose another file"
    )]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The ruleset of the file.
        found: String,
        /// The ruleset of this run.
        wanted: String,
    },
}

fn crc(ruleset: &str, count: u64, data: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(ruleset.as_bytes());
    h.update(&count.to_le_bytes());
    h.update(data);
    h.finalize()
}

/// Write the values of `seq` to `path` atomically.
pub fn save(path: &Path, seq: &Sequencer) -> Result<(), CheckpointError> {
    let io_err = |source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    };
    let ruleset = seq.ruleset().to_string();
    let mut data = Vec::with_capacity(seq.len() * 4);
    seq.for_each_chunk(|c| {
        for v in c {
            data.extend_from_slice(&v.to_le_bytes());
        }
    });
    let count = seq.len() as u64;
    let sum = crc(&ruleset, count, &data);
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let write = || -> io::Result<()> {
        let f = File::create(&tmp)?;
        let mut w = BufWriter::new(f);
        writeln!(w, "{MAGIC} {VERSION} {ruleset} {count} {sum:08x}")?;
        w.write_all(&data)?;
        let f = w.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io_err(e)
    })
}

/// Read the values saved in `path` for `ruleset`. A missing file is an I/O error of kind
/// `NotFound` (callers starting fresh check [`Path::exists`] first).
pub fn load(path: &Path, ruleset: &Ruleset) -> Result<Vec<u32>, CheckpointError> {
    let corrupt = |why: &str| CheckpointError::Corrupt {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    let mut f = File::open(path).map_err(|source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    // Header: at most a few hundred bytes before the newline.
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        let n = f.read(&mut byte).map_err(|source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        if n == 0 {
            return Err(corrupt("no header line"));
        }
        if byte[0] == b'\n' {
            break;
        }
        head.push(byte[0]);
        if head.len() > 4096 {
            return Err(corrupt("header line too long"));
        }
    }
    let head = String::from_utf8(head).map_err(|_| corrupt("header is not text"))?;
    let fields: Vec<&str> = head.split(' ').collect();
    if fields.len() != 5 || fields[0] != MAGIC {
        return Err(corrupt("not a grundy seq checkpoint"));
    }
    if fields[1] != VERSION {
        return Err(corrupt("unknown checkpoint version"));
    }
    let wanted = ruleset.to_string();
    if fields[2] != wanted {
        return Err(CheckpointError::Mismatch {
            path: path.to_path_buf(),
            found: fields[2].chars().take(100).collect(),
            wanted,
        });
    }
    let count: u64 = fields[3].parse().map_err(|_| corrupt("bad value count"))?;
    if count > MAX_TO as u64 + 1 {
        return Err(corrupt("value count beyond the supported limit"));
    }
    let sum = u32::from_str_radix(fields[4], 16).map_err(|_| corrupt("bad checksum field"))?;
    let len = f
        .metadata()
        .map_err(|source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        })?
        .len();
    let expect = count * 4 + head.len() as u64 + 1;
    if len != expect {
        return Err(corrupt("file length does not match the value count"));
    }
    let mut data = Vec::with_capacity(count as usize * 4);
    f.read_to_end(&mut data)
        .map_err(|source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    if data.len() as u64 != count * 4 {
        return Err(corrupt("file length does not match the value count"));
    }
    if crc(&wanted, count, &data) != sum {
        return Err(corrupt("checksum mismatch"));
    }
    Ok(data
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corruption_is_detected() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c");
        let r: Ruleset = "0.16".parse().unwrap();
        let mut s = Sequencer::new(&r);
        s.extend_to(500);
        save(&path, &s).unwrap();
        let good = fs::read(&path).unwrap();
        assert_eq!(load(&path, &r).unwrap(), s.values_u32());
        // Flip each of a sample of bytes: always refused.
        for i in (0..good.len()).step_by(97) {
            let mut bad = good.clone();
            bad[i] ^= 0x10;
            fs::write(&path, &bad).unwrap();
            assert!(load(&path, &r).is_err(), "byte {i}");
        }
        // Truncated.
        fs::write(&path, &good[..good.len() - 3]).unwrap();
        assert!(matches!(
            load(&path, &r),
            Err(CheckpointError::Corrupt { .. })
        ));
        fs::write(&path, b"").unwrap();
        assert!(matches!(
            load(&path, &r),
            Err(CheckpointError::Corrupt { .. })
        ));
    }
}
