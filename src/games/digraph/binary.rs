//! The compact binary graph file, for graphs written once and read many times
//! (`grundy graph convert IN OUT`).
//!
//! Layout (all integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `GRUNDYGR` |
//! | 4 | format version, `1` |
//! | 4 | flags, `0` |
//! | 8 | vertex count `n` |
//! | 8 | edge count `m` |
//! | 4·(n+1) | CSR offsets (`u32`, first 0, non-decreasing, last `m`) |
//! | 4·m | CSR targets (`u32`, each `< n`) |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! Reading checks the magic, version, the counts against the limits (and against the file length
//! when it is known) before allocating, the checksum, and every CSR invariant; arrays grow only as
//! bytes actually arrive, never by a size read from the file.

use std::io::{Read, Write};

use super::csr::{Digraph, MAX_EDGES, MAX_VERTICES};
use super::edge_list::read_full;

/// The first eight bytes of a binary graph file.
pub const MAGIC: &[u8; 8] = b"GRUNDYGR";
/// The format version written and read.
pub const VERSION: u32 = 1;
const HEADER: usize = 32;

/// A binary graph file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum BinaryError {
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The file does not start with [`MAGIC`].
    #[error("not a grundy binary graph (bad magic bytes)")]
    BadMagic,
    /// An unknown version.
    #[error("unsupported binary graph version {0} (this build reads version {VERSION})")]
    Version(u32),
    /// Counts beyond the limits or the file length.
    #[error("header claims {vertices} vertices and {edges} edges: {why}")]
    BadCounts {
        /// Claimed vertex count.
        vertices: u64,
        /// Claimed edge count.
        edges: u64,
        /// Why it is rejected.
        why: String,
    },
    /// The file ended early.
    #[error("the file is truncated (expected {expected} bytes, found {found})")]
    Truncated {
        /// Bytes expected.
        expected: u64,
        /// Bytes present.
        found: u64,
    },
    /// Bytes after the checksum.
    #[error("unexpected bytes after the checksum")]
    TrailingBytes,
    /// The checksum does not match.
    #[error(
        "checksum mismatch (stored {stored:08x}, computed {computed:08x}): the file is corrupt"
    )]
    Checksum {
        /// Stored CRC.
        stored: u32,
        /// Computed CRC.
        computed: u32,
    },
    /// The arrays break a CSR invariant.
    #[error("invalid graph data: {0}")]
    Invalid(String),
}

/// Write `g` in the binary form.
///
/// ```
/// use grundy::games::digraph::{Digraph, binary};
/// let g = Digraph::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
/// let mut bytes = Vec::new();
/// binary::write(&g, &mut bytes).unwrap();
/// assert_eq!(&bytes[..8], b"GRUNDYGR");
/// assert_eq!(binary::read(&bytes[..], Some(bytes.len() as u64)).unwrap(), g);
/// bytes[40] ^= 1;
/// assert!(binary::read(&bytes[..], None).is_err());
/// ```
pub fn write<W: Write>(g: &Digraph, w: &mut W) -> std::io::Result<()> {
    let mut crc = crc32fast::Hasher::new();
    let mut put = |w: &mut W, b: &[u8]| -> std::io::Result<()> {
        crc.update(b);
        w.write_all(b)
    };
    let mut header = Vec::with_capacity(HEADER);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&0u32.to_le_bytes());
    header.extend_from_slice(&(g.vertex_count() as u64).to_le_bytes());
    header.extend_from_slice(&(g.edge_count() as u64).to_le_bytes());
    put(w, &header)?;
    let mut buf = Vec::with_capacity(1 << 16);
    for arr in [g.offsets(), g.targets()] {
        for block in arr.chunks(1 << 14) {
            buf.clear();
            for x in block {
                buf.extend_from_slice(&x.to_le_bytes());
            }
            put(w, &buf)?;
        }
    }
    let sum = crc.finalize();
    w.write_all(&sum.to_le_bytes())
}

/// Read a binary graph. `file_len` (if known) is checked against the header before allocating.
pub fn read<R: Read>(mut r: R, file_len: Option<u64>) -> Result<Digraph, BinaryError> {
    let mut crc = crc32fast::Hasher::new();
    let mut header = [0u8; HEADER];
    let got = read_full(&mut r, &mut header)?;
    if got < 8 || &header[..8] != MAGIC {
        return Err(BinaryError::BadMagic);
    }
    if got < HEADER {
        return Err(BinaryError::Truncated {
            expected: HEADER as u64,
            found: got as u64,
        });
    }
    crc.update(&header);
    let u32_at = |i: usize| u32::from_le_bytes(header[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(header[i..i + 8].try_into().expect("8 bytes"));
    let version = u32_at(8);
    if version != VERSION {
        return Err(BinaryError::Version(version));
    }
    let (vertices, edges) = (u64_at(16), u64_at(24));
    let bad = |why: String| BinaryError::BadCounts {
        vertices,
        edges,
        why,
    };
    if u32_at(12) != 0 {
        return Err(bad("unknown flags".into()));
    }
    if vertices > MAX_VERTICES as u64 {
        return Err(bad(format!("more than {MAX_VERTICES} vertices")));
    }
    if edges > MAX_EDGES as u64 {
        return Err(bad(format!("more than {MAX_EDGES} edges")));
    }
    let expected = HEADER as u64 + 4 * (vertices + 1) + 4 * edges + 4;
    if let Some(len) = file_len {
        if len < expected {
            return Err(BinaryError::Truncated {
                expected,
                found: len,
            });
        }
        if len > expected {
            return Err(BinaryError::TrailingBytes);
        }
    }
    let mut seen = HEADER as u64;
    let offsets = read_u32s(&mut r, vertices as usize + 1, &mut crc, &mut seen, expected)?;
    let targets = read_u32s(&mut r, edges as usize, &mut crc, &mut seen, expected)?;
    let mut tail = [0u8; 4];
    let got = read_full(&mut r, &mut tail)?;
    if got < 4 {
        return Err(BinaryError::Truncated {
            expected,
            found: seen + got as u64,
        });
    }
    let mut extra = [0u8; 1];
    if read_full(&mut r, &mut extra)? != 0 {
        return Err(BinaryError::TrailingBytes);
    }
    let stored = u32::from_le_bytes(tail);
    let computed = crc.finalize();
    if stored != computed {
        return Err(BinaryError::Checksum { stored, computed });
    }
    Digraph::from_csr(offsets, targets).map_err(BinaryError::Invalid)
}

fn read_u32s<R: Read>(
    r: &mut R,
    count: usize,
    crc: &mut crc32fast::Hasher,
    seen: &mut u64,
    expected: u64,
) -> Result<Vec<u32>, BinaryError> {
    let mut out: Vec<u32> = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut left = count * 4;
    while left > 0 {
        let want = left.min(buf.len());
        let got = read_full(r, &mut buf[..want])?;
        *seen += got as u64;
        if got < want {
            return Err(BinaryError::Truncated {
                expected,
                found: *seen,
            });
        }
        crc.update(&buf[..want]);
        out.extend(
            buf[..want]
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes"))),
        );
        left -= want;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes_of(g: &Digraph) -> Vec<u8> {
        let mut b = Vec::new();
        write(g, &mut b).unwrap();
        b
    }

    #[test]
    fn round_trip_and_every_single_byte_corruption_is_caught() {
        let g = Digraph::from_edges(4, &[(0, 1), (1, 1), (3, 0), (0, 1)]).unwrap();
        let b = bytes_of(&g);
        assert_eq!(read(&b[..], None).unwrap(), g);
        for i in 0..b.len() {
            let mut c = b.clone();
            c[i] ^= 0x40;
            assert!(read(&c[..], Some(c.len() as u64)).is_err(), "byte {i}");
            assert!(read(&c[..], None).is_err(), "byte {i}");
        }
        for cut in 0..b.len() {
            assert!(read(&b[..cut], None).is_err());
            assert!(read(&b[..cut], Some(cut as u64)).is_err());
        }
    }

    #[test]
    fn huge_claimed_counts_are_rejected_before_allocating() {
        let mut b = bytes_of(&Digraph::from_edges(1, &[]).unwrap());
        b[16..24].copy_from_slice(&(1u64 << 40).to_le_bytes());
        assert!(matches!(
            read(&b[..], None),
            Err(BinaryError::BadCounts { .. })
        ));
        let mut b = bytes_of(&Digraph::from_edges(1, &[]).unwrap());
        b[24..32].copy_from_slice(&1_000_000u64.to_le_bytes());
        assert!(matches!(
            read(&b[..], Some(b.len() as u64)),
            Err(BinaryError::Truncated { .. })
        ));
        assert!(matches!(
            read(&b[..], None),
            Err(BinaryError::Truncated { .. })
        ));
    }
}
