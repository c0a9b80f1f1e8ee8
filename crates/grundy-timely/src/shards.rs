//! The shards of a database solved by several processes, and their merge.
//!
//! Process `p` of `n` writes the positions of its block of tier `t` ([`crate::Partition`]) as
//! `tier-TTTTT.pPPP-of-NNN.bin` — a tier file in the format of [`grundy::tier::database`] whose
//! positions are the block's — and lists its finished tiers in `shards-pPPP-of-NNN.json`:
//! `{"format": "grundy tier shards", "version": 1, "game", "tiers", "processes", "process",
//! "workers", "finished": [{"tier", "first", "positions", "file", "crc32"}, ...]}`. Both are
//! written atomically (temporary name, sync, rename), the manifest after the file.
//!
//! [`merge`] reads a directory holding the shards of every process (copied together, or a
//! shared directory) and writes the single-machine database: `tier-TTTTT.bin` and
//! `manifest.json`, byte for byte what the single-machine engine writes.

use std::path::{Path, PathBuf};

use grundy::tier::database::{Manifest, write_atomically};
use grundy::tier::{SolvedTier, TierError, TieredGame};
use serde::{Deserialize, Serialize};

use crate::Partition;

const FORMAT: &str = "grundy tier shards";
const VERSION: u32 = 1;

/// The file name of process `p`'s shard of tier `t`, `n` processes.
pub fn shard_file_name(tier: u32, p: usize, n: usize) -> String {
    format!("tier-{tier:05}.p{p:03}-of-{n:03}.bin")
}

/// The file name of process `p`'s shard manifest, `n` processes.
pub fn manifest_file_name(p: usize, n: usize) -> String {
    format!("shards-p{p:03}-of-{n:03}.json")
}

/// One finished shard.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ShardEntry {
    /// The tier.
    pub tier: u32,
    /// The index of its first position in the tier.
    pub first: u64,
    /// Its number of positions.
    pub positions: u64,
    /// Its file, relative to the directory.
    pub file: String,
    /// CRC-32 of the file, 8 hex digits.
    pub crc32: String,
}

/// A process's shard manifest.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ShardManifest {
    /// Always `grundy tier shards`.
    pub format: String,
    /// The format version.
    pub version: u32,
    /// The game id.
    pub game: String,
    /// The game's number of tiers.
    pub tiers: u32,
    /// Processes of the run.
    pub processes: usize,
    /// This process.
    pub process: usize,
    /// Workers per process (the partition depends on processes × workers).
    pub workers: usize,
    /// The finished shards, tier 0 first.
    pub finished: Vec<ShardEntry>,
}

fn io(path: &Path, e: std::io::Error) -> TierError {
    TierError::Io {
        path: path.display().to_string(),
        error: e,
    }
}

fn corrupt(path: &Path, reason: String) -> TierError {
    TierError::Corrupt {
        path: path.display().to_string(),
        reason,
    }
}

impl ShardManifest {
    /// An empty manifest.
    pub fn new(game: &str, tiers: u32, part: Partition, process: usize) -> ShardManifest {
        ShardManifest {
            format: FORMAT.into(),
            version: VERSION,
            game: game.into(),
            tiers,
            processes: part.processes,
            process,
            workers: part.workers,
            finished: Vec::new(),
        }
    }

    /// Read `path`; `None` when it does not exist.
    pub fn read(path: &Path) -> Result<Option<ShardManifest>, TierError> {
        let text = match std::fs::read(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io(path, e)),
        };
        let m: ShardManifest = serde_json::from_slice(&text)
            .map_err(|e| corrupt(path, format!("not a valid shard manifest: {e}")))?;
        if m.format != FORMAT || m.version != VERSION {
            return Err(corrupt(
                path,
                format!("format '{}' version {}", m.format, m.version),
            ));
        }
        if let Some((i, e)) = m.finished.iter().enumerate().find(|(i, e)| {
            e.tier as usize != *i || e.file != shard_file_name(e.tier, m.process, m.processes)
        }) {
            return Err(corrupt(
                path,
                format!("entry {i} lists tier {} as file '{}'", e.tier, e.file),
            ));
        }
        Ok(Some(m))
    }

    /// Write it into `dir` atomically.
    pub fn write(&self, dir: &Path) -> Result<(), TierError> {
        let mut text = serde_json::to_vec_pretty(self).expect("a manifest serializes");
        text.push(b'\n');
        write_atomically(
            &dir.join(manifest_file_name(self.process, self.processes)),
            &text,
        )
    }

    /// Open and check (size, checksum) the shard of entry `e`.
    pub fn open(&self, dir: &Path, e: &ShardEntry) -> Result<SolvedTier, TierError> {
        let path = dir.join(&e.file);
        let t = SolvedTier::open(&path, &self.game, e.tier, e.positions)?;
        if format!("{:08x}", t.crc32()) != e.crc32 {
            return Err(corrupt(
                &path,
                format!(
                    "checksum {:08x} differs from the shard manifest's {}",
                    t.crc32(),
                    e.crc32
                ),
            ));
        }
        Ok(t)
    }
}

/// Every shard manifest in `dir` (sorted by process).
pub fn manifests_in(dir: &Path) -> Result<Vec<ShardManifest>, TierError> {
    let mut out = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(io(dir, e)),
    };
    let mut paths: Vec<PathBuf> = Vec::new();
    for e in entries {
        let e = e.map_err(|e| io(dir, e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with("shards-p") && name.ends_with(".json") {
            paths.push(e.path());
        }
    }
    paths.sort();
    for p in paths {
        if let Some(m) = ShardManifest::read(&p)? {
            out.push(m);
        }
    }
    Ok(out)
}

/// Merge the shards in `dir` into the single-machine database (`tier-TTTTT.bin` +
/// `manifest.json`) for every tier finished on every shard and not yet in `manifest.json`.
/// Returns the number of tiers in `manifest.json` afterwards; `Ok(None)` when `dir` holds no
/// shards. One tier at a time is held in memory.
pub fn merge<G: TieredGame + ?Sized>(game: &G, dir: &Path) -> Result<Option<u32>, TierError> {
    let ms = manifests_in(dir)?;
    let Some((n, workers)) = ms.first().map(|m| (m.processes, m.workers)) else {
        return Ok(None);
    };
    let id = game.id();
    let here = dir.join(manifest_file_name(0, n)).display().to_string();
    for m in &ms {
        if m.game != id {
            return Err(TierError::OtherGame {
                path: dir
                    .join(manifest_file_name(m.process, m.processes))
                    .display()
                    .to_string(),
                found: m.game.clone(),
                expected: id,
            });
        }
        if m.processes != n || m.workers != workers || m.tiers != game.tiers() {
            return Err(corrupt(
                dir,
                "shards of runs with different numbers of processes or workers".into(),
            ));
        }
    }
    let mut present = vec![None; n];
    for m in ms {
        let p = m.process;
        if p < n {
            present[p] = Some(m);
        }
    }
    let missing: Vec<usize> = (0..n).filter(|&p| present[p].is_none()).collect();
    if !missing.is_empty() {
        return Err(TierError::Corrupt {
            path: here,
            reason: format!(
                "the shards of process(es) {missing:?} of {n} are missing: copy every process's \
                 files into this directory"
            ),
        });
    }
    let ms: Vec<ShardManifest> = present.into_iter().map(|m| m.expect("checked")).collect();
    let part = Partition::new(n, workers);
    let finished = ms.iter().map(|m| m.finished.len()).min().unwrap_or(0) as u32;
    let mut manifest = match Manifest::read(dir)? {
        Some(m) if m.game == id => m,
        Some(m) => {
            return Err(TierError::OtherGame {
                path: dir
                    .join(grundy::tier::database::MANIFEST)
                    .display()
                    .to_string(),
                found: m.game,
                expected: id,
            });
        }
        None => Manifest::new(&id, game.tiers()),
    };
    for t in manifest.finished.len() as u32..finished {
        let size = game.size(t);
        let mut values = Vec::with_capacity(size as usize);
        let mut rem = Vec::with_capacity(size as usize);
        for (p, m) in ms.iter().enumerate() {
            let e = &m.finished[t as usize];
            let range = part.process_range(size, p);
            if e.first != range.start || e.positions != range.end - range.start {
                return Err(corrupt(
                    &dir.join(&e.file),
                    format!("holds positions {}.., expected {range:?}", e.first),
                ));
            }
            let shard = m.open(dir, e)?;
            for i in 0..shard.len() {
                values.push(shard.value_marker(i));
                rem.push(shard.remoteness_marker(i));
            }
        }
        let st = SolvedTier::encode(&id, t, &values, &rem);
        drop((values, rem));
        st.write(dir)?;
        manifest.finished.push(Manifest::entry(&st, &st.stats()));
        manifest.write(dir)?;
    }
    Ok(Some(manifest.finished.len() as u32))
}
