// Why this file is long: one on-disk format, read against the tables below: the tier file's
// encoder, checked decoder and reader, the manifest, and the database over them; its code is under
// the limit, the rest is tests (round trips, the documented layout, damaged files refused).
//! The tier database: one checksummed file per solved tier plus a manifest, in a directory.
//!
//! # Tier file `tier-TTTTT.bin` (version 1, all integers little-endian)
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GRUNDYTB` |
//! | 4 | format version (`1`) |
//! | 4 | length `L` of the game id |
//! | L | game id, UTF-8 (the game and its parameters, e.g. `chomp rows=3 cols=4`) |
//! | 4 | tier |
//! | 8 | number of positions `n` |
//! | 1 | bits per value code `bv` |
//! | 1 | bits per remoteness code `br` |
//! | 1 | flags: bit 0 = some value is infinite, bit 1 = some position is a draw |
//! | 1 | 0 |
//! | 8 | the value code of an infinite value (0 when none) |
//! | 8 | the remoteness code of a draw (0 when none) |
//! | 8 | byte length `V` of the packed values |
//! | 8 | byte length `R` of the packed remoteness |
//! | V | `n` value codes of `bv` bits ([`super::packed`]: LSB first, then 8 zero bytes) |
//! | R | `n` remoteness codes of `br` bits, same packing |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! A finite value `v` has code `v`; an infinite value `∞(K)` has the code *largest finite value
//! of the tier + 1* (its set `K` is not stored: it is the set of finite values among the
//! options, read back when asked). Remoteness `r` has code `r`; a draw has the code *largest
//! remoteness + 1*. Widths are as small as the tier's largest code needs. The file is a
//! deterministic function of the game and the tier, so two engines (threads, processes) that
//! solve the same tier write identical bytes and the same checksum.
//!
//! # Manifest `manifest.json`
//!
//! `{"format": "grundy tier database", "version": 1, "game": ID, "tiers": T, "finished": [{"tier",
//! "file", "positions", "crc32", "counts": {"P","N","D"}, "largest_value"}, ...]}`, the finished
//! tiers in order from tier 0. Tier files and the manifest are written to a temporary name,
//! synced, then renamed: a kill at any moment leaves every listed tier whole, and a rerun resumes
//! at the first tier the manifest does not list. Loading checks the magic, the version, the game
//! id, the tier, the size and the checksum of every file: a database of another game, or a
//! damaged one, is refused with a message naming the file.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::TierError;
use super::packed::{self, MAX_BITS};
use crate::{LoopyValue, Nimber, Outcome};

/// The magic bytes at the start of a tier file.
pub const MAGIC: &[u8; 8] = b"GRUNDYTB";
/// The version of the tier file and manifest format.
pub const VERSION: u32 = 1;
/// The manifest's file name inside the database directory.
pub const MANIFEST: &str = "manifest.json";
/// The `format` field of the manifest.
const FORMAT: &str = "grundy tier database";

/// The file name of a tier.
pub fn tier_file_name(tier: u32) -> String {
    format!("tier-{tier:05}.bin")
}

/// Value marker used by the engine before packing: an infinite value.
pub const INFINITE: u32 = u32::MAX;
/// Remoteness marker used by the engine before packing: a draw.
pub const DRAW: u32 = u32::MAX;

enum Backing {
    Owned(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl Backing {
    fn bytes(&self) -> &[u8] {
        match self {
            Backing::Owned(v) => v,
            Backing::Mapped(m) => m,
        }
    }
}

/// One solved tier: the packed value and remoteness of every position, exactly as in its file
/// (kept in memory, or memory-mapped from the file).
pub struct SolvedTier {
    tier: u32,
    count: u64,
    value_bits: u32,
    remoteness_bits: u32,
    infinite_code: Option<u64>,
    draw_code: Option<u64>,
    values_at: usize,
    remoteness_at: usize,
    crc32: u32,
    bytes: Backing,
}

/// Position counts by outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// P-positions (value 0).
    #[serde(rename = "P")]
    pub p: u64,
    /// N-positions.
    #[serde(rename = "N")]
    pub n: u64,
    /// Draws.
    #[serde(rename = "D")]
    pub d: u64,
}

/// Counts and value distribution of a set of positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions.
    pub positions: u64,
    /// By outcome.
    pub counts: Counts,
    /// Number of positions of each finite value.
    pub values: BTreeMap<u64, u64>,
    /// Number of positions with an infinite value.
    pub infinite: u64,
}

impl Stats {
    /// The largest finite value (None when there is none).
    pub fn largest_value(&self) -> Option<u64> {
        self.values.keys().next_back().copied()
    }

    fn add(&mut self, other: &Stats) {
        self.positions += other.positions;
        self.counts.p += other.counts.p;
        self.counts.n += other.counts.n;
        self.counts.d += other.counts.d;
        for (&v, &c) in &other.values {
            *self.values.entry(v).or_default() += c;
        }
        self.infinite += other.infinite;
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    path: &'a Path,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<&[u8], TierError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(corrupt(
                self.path,
                format!("the file ends inside the {what} (offset {})", self.at),
            ));
        };
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u8(&mut self, what: &str) -> Result<u8, TierError> {
        Ok(self.take(1, what)?[0])
    }
    fn u32(&mut self, what: &str) -> Result<u32, TierError> {
        Ok(u32::from_le_bytes(
            self.take(4, what)?.try_into().expect("4"),
        ))
    }
    fn u64(&mut self, what: &str) -> Result<u64, TierError> {
        Ok(u64::from_le_bytes(
            self.take(8, what)?.try_into().expect("8"),
        ))
    }
}

fn corrupt(path: &Path, reason: impl Into<String>) -> TierError {
    TierError::Corrupt {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

fn io_error(path: &Path, e: std::io::Error) -> TierError {
    TierError::Io {
        path: path.display().to_string(),
        error: e,
    }
}

impl SolvedTier {
    /// Encode a solved tier: `values[i]` is the value of position `i` ([`INFINITE`] for ∞),
    /// `remoteness[i]` its remoteness ([`DRAW`] for a draw). The bytes are those of its file.
    pub fn encode(game_id: &str, tier: u32, values: &[u32], remoteness: &[u32]) -> SolvedTier {
        assert_eq!(values.len(), remoteness.len());
        let count = values.len() as u64;
        let max_finite = values.iter().filter(|&&v| v != INFINITE).max().copied();
        let has_inf = values.contains(&INFINITE);
        let infinite_code = has_inf.then(|| max_finite.map_or(0, |m| m as u64 + 1));
        let max_r = remoteness.iter().filter(|&&r| r != DRAW).max().copied();
        let has_draw = remoteness.contains(&DRAW);
        let draw_code = has_draw.then(|| max_r.map_or(0, |m| m as u64 + 1));
        let code = |x: u32, special: Option<u64>, marker: u32| {
            if x == marker {
                special.expect("a code for the marker")
            } else {
                x as u64
            }
        };
        let vcodes: Vec<u64> = values
            .iter()
            .map(|&v| code(v, infinite_code, INFINITE))
            .collect();
        let rcodes: Vec<u64> = remoteness
            .iter()
            .map(|&r| code(r, draw_code, DRAW))
            .collect();
        let vb = packed::bits_for(vcodes.iter().copied().max().unwrap_or(0));
        let rb = packed::bits_for(rcodes.iter().copied().max().unwrap_or(0));
        let pv = packed::pack(&vcodes, vb);
        drop(vcodes);
        let pr = packed::pack(&rcodes, rb);
        drop(rcodes);
        let mut b = Vec::with_capacity(80 + game_id.len() + pv.len() + pr.len());
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&(game_id.len() as u32).to_le_bytes());
        b.extend_from_slice(game_id.as_bytes());
        b.extend_from_slice(&tier.to_le_bytes());
        b.extend_from_slice(&count.to_le_bytes());
        b.push(vb as u8);
        b.push(rb as u8);
        b.push(u8::from(has_inf) | (u8::from(has_draw) << 1));
        b.push(0);
        b.extend_from_slice(&infinite_code.unwrap_or(0).to_le_bytes());
        b.extend_from_slice(&draw_code.unwrap_or(0).to_le_bytes());
        b.extend_from_slice(&(pv.len() as u64).to_le_bytes());
        b.extend_from_slice(&(pr.len() as u64).to_le_bytes());
        let values_at = b.len();
        b.extend_from_slice(&pv);
        let remoteness_at = b.len();
        b.extend_from_slice(&pr);
        let crc32 = crc32fast::hash(&b);
        b.extend_from_slice(&crc32.to_le_bytes());
        SolvedTier {
            tier,
            count,
            value_bits: vb,
            remoteness_bits: rb,
            infinite_code,
            draw_code,
            values_at,
            remoteness_at,
            crc32,
            bytes: Backing::Owned(b),
        }
    }

    /// Parse and check a tier file's bytes (the whole file).
    fn decode(
        bytes: Backing,
        path: &Path,
        game_id: &str,
        tier: u32,
        count: u64,
    ) -> Result<SolvedTier, TierError> {
        let all = bytes.bytes();
        if all.len() < 4 {
            return Err(corrupt(path, "the file is too short to be a tier file"));
        }
        let (body, tail) = all.split_at(all.len() - 4);
        let stored = u32::from_le_bytes(tail.try_into().expect("4"));
        let mut r = Reader {
            bytes: body,
            at: 0,
            path,
        };
        if r.take(8, "magic")? != MAGIC {
            return Err(corrupt(path, "not a grundy tier file (wrong magic bytes)"));
        }
        let version = r.u32("version")?;
        if version != VERSION {
            return Err(corrupt(
                path,
                format!("format version {version}, this program reads version {VERSION}"),
            ));
        }
        let len = r.u32("game id length")? as usize;
        let id = r.take(len, "game id")?;
        if id != game_id.as_bytes() {
            return Err(TierError::OtherGame {
                path: path.display().to_string(),
                found: String::from_utf8_lossy(id).into_owned(),
                expected: game_id.to_string(),
            });
        }
        let t = r.u32("tier")?;
        if t != tier {
            return Err(corrupt(
                path,
                format!("holds tier {t}, expected tier {tier}"),
            ));
        }
        let n = r.u64("count")?;
        if n != count {
            return Err(corrupt(
                path,
                format!("holds {n} positions, tier {tier} has {count}"),
            ));
        }
        let vb = r.u8("value width")? as u32;
        let rb = r.u8("remoteness width")? as u32;
        let flags = r.u8("flags")?;
        let _ = r.u8("reserved byte")?;
        let inf = r.u64("infinite code")?;
        let draw = r.u64("draw code")?;
        let vlen = r.u64("values length")?;
        let rlen = r.u64("remoteness length")?;
        if vb > MAX_BITS || rb > MAX_BITS || flags > 3 {
            return Err(corrupt(path, "impossible header fields"));
        }
        if Some(vlen as usize) != packed::packed_len(n, vb)
            || Some(rlen as usize) != packed::packed_len(n, rb)
        {
            return Err(corrupt(path, "section lengths disagree with the header"));
        }
        let values_at = r.at;
        r.take(vlen as usize, "packed values")?;
        let remoteness_at = r.at;
        r.take(rlen as usize, "packed remoteness")?;
        if r.at != body.len() {
            return Err(corrupt(path, "trailing bytes after the packed data"));
        }
        let crc32 = crc32fast::hash(body);
        if crc32 != stored {
            return Err(corrupt(
                path,
                format!("checksum mismatch (stored {stored:08x}, computed {crc32:08x})"),
            ));
        }
        Ok(SolvedTier {
            tier,
            count: n,
            value_bits: vb,
            remoteness_bits: rb,
            infinite_code: (flags & 1 != 0).then_some(inf),
            draw_code: (flags & 2 != 0).then_some(draw),
            values_at,
            remoteness_at,
            crc32,
            bytes,
        })
    }

    /// Read (memory-map) and check the file of a tier.
    pub fn open(
        path: &Path,
        game_id: &str,
        tier: u32,
        count: u64,
    ) -> Result<SolvedTier, TierError> {
        let file = File::open(path).map_err(|e| io_error(path, e))?;
        let len = file.metadata().map_err(|e| io_error(path, e))?.len();
        let bytes = if len == 0 {
            Backing::Owned(Vec::new())
        } else if cfg!(miri) {
            // Miri cannot map files: the same bytes, read (the decoding is what its tests check).
            let mut b = Vec::new();
            std::io::Read::read_to_end(&mut &file, &mut b).map_err(|e| io_error(path, e))?;
            Backing::Owned(b)
        } else {
            // SAFETY: the map is read-only and lives as long as the `SolvedTier` (it owns it).
            // The database files are written once (to a temporary name, synced, renamed) and never
            // modified in place, so the mapped bytes do not change under the `&[u8]` views of
            // them; a file truncated by someone else would raise SIGBUS, not a wrong read.
            Backing::Mapped(unsafe { memmap2::Mmap::map(&file) }.map_err(|e| io_error(path, e))?)
        };
        SolvedTier::decode(bytes, path, game_id, tier, count)
    }

    /// Write the tier's file into `dir` atomically (temporary name, sync, rename).
    pub fn write(&self, dir: &Path) -> Result<PathBuf, TierError> {
        let path = dir.join(tier_file_name(self.tier));
        write_atomically(&path, self.bytes.bytes())?;
        Ok(path)
    }

    /// Write the tier's bytes to `path` atomically (a shard of a distributed database is a tier
    /// file of a range of positions, under its own name).
    pub fn write_to(&self, path: &Path) -> Result<(), TierError> {
        write_atomically(path, self.bytes.bytes())
    }

    /// The tier.
    pub fn tier(&self) -> u32 {
        self.tier
    }

    /// The number of positions.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// True for an empty tier.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The CRC-32 of the tier file (its last four bytes).
    pub fn crc32(&self) -> u32 {
        self.crc32
    }

    /// Bits per value code and per remoteness code.
    pub fn widths(&self) -> (u32, u32) {
        (self.value_bits, self.remoteness_bits)
    }

    /// The finite value of position `i`, or `None` when it is infinite.
    #[inline]
    pub fn value(&self, i: u64) -> Option<u64> {
        let c = packed::get(&self.bytes.bytes()[self.values_at..], self.value_bits, i);
        if Some(c) == self.infinite_code {
            None
        } else {
            Some(c)
        }
    }

    /// The value code of position `i` as the engine uses it ([`INFINITE`] for ∞).
    #[inline]
    pub fn value_marker(&self, i: u64) -> u32 {
        self.value(i).map_or(INFINITE, |v| v as u32)
    }

    /// The remoteness of position `i`, or `None` for a draw.
    #[inline]
    pub fn remoteness(&self, i: u64) -> Option<u64> {
        let c = packed::get(
            &self.bytes.bytes()[self.remoteness_at..],
            self.remoteness_bits,
            i,
        );
        if Some(c) == self.draw_code {
            None
        } else {
            Some(c)
        }
    }

    /// The remoteness as the engine uses it ([`DRAW`] for a draw).
    #[inline]
    pub fn remoteness_marker(&self, i: u64) -> u32 {
        self.remoteness(i).map_or(DRAW, |r| r as u32)
    }

    /// The outcome of position `i`: P iff its value is 0, D iff it is a draw, N otherwise.
    pub fn outcome(&self, i: u64) -> Outcome {
        match (self.value(i), self.remoteness(i)) {
            (Some(0), _) => Outcome::P,
            (_, None) => Outcome::D,
            _ => Outcome::N,
        }
    }

    /// Counts and value distribution of the tier (one scan).
    pub fn stats(&self) -> Stats {
        let mut s = Stats {
            positions: self.count,
            ..Stats::default()
        };
        let mut small = vec![0u64; 256];
        for i in 0..self.count {
            match self.outcome(i) {
                Outcome::P => s.counts.p += 1,
                Outcome::N => s.counts.n += 1,
                Outcome::D => s.counts.d += 1,
            }
            match self.value(i) {
                Some(v) if v < 256 => small[v as usize] += 1,
                Some(v) => *s.values.entry(v).or_default() += 1,
                None => s.infinite += 1,
            }
        }
        for (v, &c) in small.iter().enumerate() {
            if c > 0 {
                *s.values.entry(v as u64).or_default() += c;
            }
        }
        s
    }
}

/// Write `bytes` to `path` atomically: a temporary file in the same directory, synced, renamed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), TierError> {
    let tmp = path.with_extension("tmp");
    let mut f = File::create(&tmp).map_err(|e| io_error(&tmp, e))?;
    f.write_all(bytes)
        .and_then(|()| f.sync_all())
        .map_err(|e| io_error(&tmp, e))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| io_error(path, e))
}

/// One finished tier in the manifest.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ManifestTier {
    /// The tier.
    pub tier: u32,
    /// Its file, relative to the directory.
    pub file: String,
    /// Its number of positions.
    pub positions: u64,
    /// CRC-32 of the file, 8 hex digits.
    pub crc32: String,
    /// Outcome counts.
    pub counts: Counts,
    /// The largest finite value.
    pub largest_value: Option<u64>,
}

/// The manifest: which tiers of which game are finished.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Manifest {
    /// Always `grundy tier database`.
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The game id.
    pub game: String,
    /// The game's number of tiers.
    pub tiers: u32,
    /// The finished tiers, from tier 0 up.
    pub finished: Vec<ManifestTier>,
}

impl Manifest {
    /// An empty manifest for a game.
    pub fn new(game: &str, tiers: u32) -> Manifest {
        Manifest {
            format: FORMAT.into(),
            version: VERSION,
            game: game.into(),
            tiers,
            finished: Vec::new(),
        }
    }

    /// Read the manifest of `dir`, `None` when there is none.
    pub fn read(dir: &Path) -> Result<Option<Manifest>, TierError> {
        let path = dir.join(MANIFEST);
        let text = match std::fs::read(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error(&path, e)),
        };
        let m: Manifest = serde_json::from_slice(&text)
            .map_err(|e| corrupt(&path, format!("not a valid manifest: {e}")))?;
        if m.format != FORMAT || m.version != VERSION {
            return Err(corrupt(
                &path,
                format!(
                    "format '{}' version {}, expected '{FORMAT}' version {VERSION}",
                    m.format, m.version
                ),
            ));
        }
        if let Some((i, t)) = m
            .finished
            .iter()
            .enumerate()
            .find(|(i, t)| t.tier as usize != *i || t.file != tier_file_name(t.tier))
        {
            return Err(corrupt(
                &path,
                format!("entry {i} lists tier {} as file '{}'", t.tier, t.file),
            ));
        }
        Ok(Some(m))
    }

    /// Write the manifest into `dir` atomically.
    pub fn write(&self, dir: &Path) -> Result<(), TierError> {
        let mut text = serde_json::to_vec_pretty(self).expect("a manifest serializes");
        text.push(b'\n');
        write_atomically(&dir.join(MANIFEST), &text)
    }

    /// The entry of a tier just solved.
    pub fn entry(t: &SolvedTier, stats: &Stats) -> ManifestTier {
        ManifestTier {
            tier: t.tier,
            file: tier_file_name(t.tier),
            positions: t.count,
            crc32: format!("{:08x}", t.crc32),
            counts: stats.counts,
            largest_value: stats.largest_value(),
        }
    }
}

/// A complete database: every tier of one game, solved.
pub struct Database {
    game_id: String,
    tiers: Vec<SolvedTier>,
    stats: Vec<Stats>,
    solved_now: u32,
    visits: u64,
}

/// Everything about one position: value, outcome, remoteness and every winning move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position.
    pub position: super::Tiered,
    /// Its (generalized) Sprague–Grundy value.
    pub value: LoopyValue,
    /// Its outcome.
    pub outcome: Outcome,
    /// Moves to the end under optimal play (the winner hurries, the loser delays); `None` for
    /// a draw.
    pub remoteness: Option<u64>,
    /// Every option that is a P-position (empty unless the outcome is N), sorted, no repeats.
    pub winning_moves: Vec<super::Tiered>,
}

impl Database {
    pub(crate) fn new(
        game_id: String,
        tiers: Vec<SolvedTier>,
        stats: Vec<Stats>,
        solved_now: u32,
        visits: u64,
    ) -> Database {
        Database {
            game_id,
            tiers,
            stats,
            solved_now,
            visits,
        }
    }

    /// The number of options this run enumerated while solving (0 when every tier was read).
    pub fn option_visits(&self) -> u64 {
        self.visits
    }

    /// The game id.
    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    /// The solved tiers, tier 0 first.
    pub fn tiers(&self) -> &[SolvedTier] {
        &self.tiers
    }

    /// How many tiers this run solved (the others were read from the directory).
    pub fn solved_now(&self) -> u32 {
        self.solved_now
    }

    /// Counts and value distribution of every position of the game.
    pub fn stats(&self) -> Stats {
        let mut s = Stats::default();
        for t in &self.stats {
            s.add(t);
        }
        s
    }

    /// The CRC-32 of every tier file, tier 0 first.
    pub fn checksums(&self) -> Vec<u32> {
        self.tiers.iter().map(|t| t.crc32).collect()
    }

    fn check(&self, p: super::Tiered) -> Result<&SolvedTier, TierError> {
        self.tiers
            .get(p.tier as usize)
            .filter(|t| p.index < t.count)
            .ok_or_else(|| {
                TierError::Position(format!(
                    "no position {} in tier {} of the database",
                    p.index, p.tier
                ))
            })
    }

    /// The generalized Sprague–Grundy value of `p` (for `∞(K)`, `K` is read from its options).
    pub fn value<G: super::TieredGame + ?Sized>(
        &self,
        game: &G,
        p: super::Tiered,
    ) -> Result<LoopyValue, TierError> {
        let t = self.check(p)?;
        Ok(match t.value(p.index) {
            Some(v) => LoopyValue::Finite(Nimber(v)),
            None => {
                let mut opts = Vec::new();
                game.options(p.tier, p.index, &mut opts);
                let mut k = Vec::new();
                for o in opts {
                    if let Some(v) = self.check(o)?.value(o.index) {
                        k.push(v);
                    }
                }
                LoopyValue::infinite(k)
            }
        })
    }

    /// The outcome of `p`.
    pub fn outcome(&self, p: super::Tiered) -> Result<Outcome, TierError> {
        Ok(self.check(p)?.outcome(p.index))
    }

    /// The remoteness of `p` (`None` for a draw).
    pub fn remoteness(&self, p: super::Tiered) -> Result<Option<u64>, TierError> {
        Ok(self.check(p)?.remoteness(p.index))
    }

    /// Value, outcome, remoteness and every winning move of `p`.
    pub fn analyse<G: super::TieredGame + ?Sized>(
        &self,
        game: &G,
        p: super::Tiered,
    ) -> Result<Analysis, TierError> {
        let value = self.value(game, p)?;
        let outcome = self.outcome(p)?;
        let remoteness = self.remoteness(p)?;
        let mut opts = Vec::new();
        game.options(p.tier, p.index, &mut opts);
        let mut winning_moves = Vec::new();
        for o in opts {
            if self.outcome(o)? == Outcome::P {
                winning_moves.push(o);
            }
        }
        winning_moves.sort_unstable();
        winning_moves.dedup();
        Ok(Analysis {
            position: p,
            value,
            outcome,
            remoteness,
            winning_moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn marker(x: u32, special: u32) -> u32 {
        if x % 7 == 3 { special } else { x }
    }

    proptest! {
        #[test]
        fn a_tier_file_reads_back_every_value_and_remoteness(
            raw in prop::collection::vec((0u32..300, 0u32..90), 0..300),
        ) {
            let values: Vec<u32> = raw.iter().map(|&(v, _)| marker(v, INFINITE)).collect();
            let rem: Vec<u32> = raw.iter().map(|&(_, r)| marker(r, DRAW)).collect();
            let t = SolvedTier::encode("test game", 3, &values, &rem);
            let dir = tempfile::tempdir().unwrap();
            let path = t.write(dir.path()).unwrap();
            let back = SolvedTier::open(&path, "test game", 3, values.len() as u64).unwrap();
            prop_assert_eq!(back.crc32(), t.crc32());
            prop_assert_eq!(back.widths(), t.widths());
            for i in 0..values.len() {
                prop_assert_eq!(back.value_marker(i as u64), values[i]);
                prop_assert_eq!(back.remoteness_marker(i as u64), rem[i]);
            }
        }
    }

    /// Small enough for Miri (`cargo +nightly miri test -- tier::database`): a tier written,
    /// opened (read back, under Miri; memory-mapped otherwise) and read position by position, and
    /// the same file cut or changed refused.
    #[test]
    fn a_small_tier_round_trips_and_damage_is_refused() {
        let values = [0, 1, 2, 5, INFINITE, 3, 0];
        let rem = [0, 1, 3, DRAW, 2, 7, 0];
        let t = SolvedTier::encode("small", 4, &values, &rem);
        let dir = tempfile::tempdir().unwrap();
        let path = t.write(dir.path()).unwrap();
        let back = SolvedTier::open(&path, "small", 4, values.len() as u64).unwrap();
        for i in 0..values.len() {
            assert_eq!(back.value_marker(i as u64), values[i]);
            assert_eq!(back.remoteness_marker(i as u64), rem[i]);
        }
        assert_eq!(back.stats().infinite, 1);
        let good = std::fs::read(&path).unwrap();
        for i in [0, 9, 20, 30, 50, good.len() - 1] {
            let mut bad = good.clone();
            bad[i] ^= 0x41;
            std::fs::write(&path, &bad).unwrap();
            assert!(SolvedTier::open(&path, "small", 4, 7).is_err(), "byte {i}");
            std::fs::write(&path, &good[..i]).unwrap();
            assert!(
                SolvedTier::open(&path, "small", 4, 7).is_err(),
                "cut at {i}"
            );
        }
    }

    #[test]
    fn the_file_layout_is_the_documented_one() {
        // values 0, 2, ∞ (code 3: 2 bits); remoteness 0, 1, draw (code 2: 2 bits)
        let t = SolvedTier::encode("g", 7, &[0, 2, INFINITE], &[0, 1, DRAW]);
        let b = t.bytes.bytes();
        assert_eq!(&b[..8], MAGIC);
        assert_eq!(u32::from_le_bytes(b[8..12].try_into().unwrap()), VERSION);
        assert_eq!(u32::from_le_bytes(b[12..16].try_into().unwrap()), 1);
        assert_eq!(b[16], b'g');
        assert_eq!(u32::from_le_bytes(b[17..21].try_into().unwrap()), 7); // tier
        assert_eq!(u64::from_le_bytes(b[21..29].try_into().unwrap()), 3); // count
        assert_eq!((b[29], b[30], b[31], b[32]), (2, 2, 3, 0)); // widths, flags
        assert_eq!(u64::from_le_bytes(b[33..41].try_into().unwrap()), 3); // ∞ code
        assert_eq!(u64::from_le_bytes(b[41..49].try_into().unwrap()), 2); // draw code
        assert_eq!(u64::from_le_bytes(b[49..57].try_into().unwrap()), 1 + 8);
        assert_eq!(u64::from_le_bytes(b[57..65].try_into().unwrap()), 1 + 8);
        assert_eq!(b[65], 0b11_10_00); // codes 0, 2, 3, LSB first
        assert_eq!(b[74], 0b10_01_00); // codes 0, 1, 2
        assert_eq!(b.len(), 83 + 4);
        let crc = u32::from_le_bytes(b[83..87].try_into().unwrap());
        assert_eq!(crc, crc32fast::hash(&b[..83]));
    }
}

#[cfg(test)]
mod damage {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A damaged tier file (bytes changed, cut or extended) is refused, never a panic.
        #[test]
        fn damaged_tier_files_are_refused(at in any::<prop::sample::Index>(), flip in 1u8..=255, cut in any::<bool>()) {
            let t = SolvedTier::encode("game", 2, &[0, 1, 2, 5, INFINITE], &[0, 1, 3, DRAW, 2]);
            let mut bytes = t.bytes.bytes().to_vec();
            let i = at.index(bytes.len());
            if cut {
                bytes.truncate(i);
            } else {
                bytes[i] ^= flip;
            }
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("t.bin");
            std::fs::write(&path, &bytes).unwrap();
            prop_assert!(SolvedTier::open(&path, "game", 2, 5).is_err());
        }
    }
}
