//! A survey's folder: a descriptor naming the survey (so that a resumed run, or a merge, refuses a
//! different survey), one file per finished game, and the reports.
//!
//! Every file is written atomically (a temporary file in the same folder, flushed to disk, then
//! renamed over the old one) and framed by a header line `<magic> 1 <length> <crc32>` checked
//! when read: a kill at any moment leaves each file either whole and valid or absent, and a damaged
//! file is refused with its name, never silently used or deleted.
//!
//! Layout: `DIR/survey-descriptor.json`, `DIR/games/<code>.game` (e.g. `0.77.game`),
//! `DIR/survey.json`, `DIR/survey.csv`, `DIR/survey.md`.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::SurveyError;
use super::clock::ClockKind;
use super::codes::{Prefix, Shard, SurveyCode};
use super::game::{Budget, GameResult, OPEN_VALUES_KEPT, Status};
use crate::games::heap::MAX_TO;

const GAME_MAGIC: &str = "grundy-survey-game";
const DESCRIPTOR_MAGIC: &str = "grundy-survey-descriptor";
/// The descriptor's file name.
pub const DESCRIPTOR: &str = "survey-descriptor.json";
/// The folder of the per-game files.
pub const GAMES: &str = "games";
/// Largest file read back (a game keeps at most a few million values).
const MAX_FILE: u64 = 1 << 30;

/// Which games a survey covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Selection {
    /// Every code with at most `digits` digits and the given prefix.
    Digits {
        /// At most this many digits after the point.
        digits: usize,
        /// The digit before the point.
        prefix: Prefix,
    },
    /// Exactly these codes (`--codes`), in code order.
    Codes {
        /// The codes.
        codes: Vec<String>,
    },
}

/// What identifies a survey: the games, the budget, and (for one part) the shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Descriptor {
    /// The games.
    pub selection: Selection,
    /// The per-game budget.
    pub budget: Budget,
    /// The part of the survey this folder holds (`None`: all of it).
    pub shard: Option<Shard>,
    /// The clock of the time budget (a folder whose descriptor names none was timed by the wall
    /// clock).
    #[serde(default)]
    pub clock: ClockKind,
}

impl Descriptor {
    /// Whether two folders hold parts of the same survey (same games and budget).
    pub fn same_survey(&self, other: &Descriptor) -> bool {
        self.selection == other.selection
            && self.budget == other.budget
            && self.clock == other.clock
    }

    /// A one-line description.
    pub fn describe(&self) -> String {
        let sel = match &self.selection {
            Selection::Digits { digits, prefix } => {
                format!("codes with up to {digits} digits, prefix {prefix}")
            }
            Selection::Codes { codes } => format!("codes {}", codes.join(",")),
        };
        let shard = self
            .shard
            .map(|s| format!(", shard {s}"))
            .unwrap_or_default();
        format!(
            "{sel}; at most heap {} and {} {} per game{shard}",
            self.budget.to,
            self.budget.max_seconds,
            self.clock.unit()
        )
    }
}

fn crc(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> SurveyError + '_ {
    move |source| SurveyError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Write `body` framed by a checksummed header, atomically.
fn write_framed(path: &Path, magic: &str, body: &[u8]) -> Result<(), SurveyError> {
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let write = || -> io::Result<()> {
        let mut f = File::create(&tmp)?;
        writeln!(f, "{magic} 1 {} {:08x}", body.len(), crc(body))?;
        f.write_all(body)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io_err(path)(e)
    })
}

/// Write a plain file (a report) atomically.
pub fn write_atomic(path: &Path, body: &[u8]) -> Result<(), SurveyError> {
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let write = || -> io::Result<()> {
        let mut f = File::create(&tmp)?;
        f.write_all(body)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io_err(path)(e)
    })
}

/// Read a framed file back, checking its header, length and checksum.
fn read_framed(path: &Path, magic: &str) -> Result<Vec<u8>, SurveyError> {
    let damaged = |why: &str| SurveyError::Damaged {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    let f = File::open(path).map_err(io_err(path))?;
    let len = f.metadata().map_err(io_err(path))?.len();
    if len > MAX_FILE {
        return Err(damaged("too large"));
    }
    let mut all = Vec::with_capacity(len as usize);
    f.take(MAX_FILE)
        .read_to_end(&mut all)
        .map_err(io_err(path))?;
    let nl = all
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| damaged("no header line"))?;
    let head = std::str::from_utf8(&all[..nl]).map_err(|_| damaged("header is not text"))?;
    let fields: Vec<&str> = head.split(' ').collect();
    if fields.len() != 4 || fields[0] != magic {
        return Err(damaged(&format!("not a {magic} file")));
    }
    if fields[1] != "1" {
        return Err(damaged("unknown format version"));
    }
    let body = &all[nl + 1..];
    let want_len: usize = fields[2].parse().map_err(|_| damaged("bad length field"))?;
    if body.len() != want_len {
        return Err(damaged("length does not match the header (truncated?)"));
    }
    let sum = u32::from_str_radix(fields[3], 16).map_err(|_| damaged("bad checksum field"))?;
    if crc(body) != sum {
        return Err(damaged("checksum mismatch"));
    }
    Ok(body.to_vec())
}

/// The descriptor of the survey in `dir`, if there is one.
pub fn read_descriptor(dir: &Path) -> Result<Option<Descriptor>, SurveyError> {
    let path = dir.join(DESCRIPTOR);
    if !path.exists() {
        return Ok(None);
    }
    let body = read_framed(&path, DESCRIPTOR_MAGIC)?;
    serde_json::from_slice(&body)
        .map(Some)
        .map_err(|e| SurveyError::Damaged {
            path,
            why: format!("not a survey descriptor: {e}"),
        })
}

/// Prepare `dir` for the survey `d`: create it, and write the descriptor — or check that the one
/// there describes the same survey (else [`SurveyError::OtherSurvey`]).
pub fn open(dir: &Path, d: &Descriptor) -> Result<(), SurveyError> {
    fs::create_dir_all(dir.join(GAMES)).map_err(io_err(dir))?;
    match read_descriptor(dir)? {
        Some(found) if found == *d => Ok(()),
        Some(found) => Err(SurveyError::OtherSurvey {
            path: dir.to_path_buf(),
            found: found.describe(),
            wanted: d.describe(),
        }),
        None => {
            let body = serde_json::to_vec_pretty(d).expect("a descriptor serializes");
            write_framed(&dir.join(DESCRIPTOR), DESCRIPTOR_MAGIC, &body)
        }
    }
}

/// The file of one game.
pub fn game_path(dir: &Path, code: &SurveyCode) -> PathBuf {
    dir.join(GAMES).join(format!("{}.game", code.file_stem()))
}

/// The saved result of `code` in `dir`, if finished.
pub fn load_game(dir: &Path, code: &SurveyCode) -> Result<Option<GameResult>, SurveyError> {
    let path = game_path(dir, code);
    if !path.exists() {
        return Ok(None);
    }
    let body = read_framed(&path, GAME_MAGIC)?;
    let r: GameResult = serde_json::from_slice(&body).map_err(|e| SurveyError::Damaged {
        path: path.clone(),
        why: format!("not a game record: {e}"),
    })?;
    if r.code != code.to_string() {
        return Err(SurveyError::Damaged {
            path,
            why: format!("holds game {}, not {code}", r.code),
        });
    }
    if let Err(why) = check_record(&r) {
        return Err(SurveyError::Damaged { path, why });
    }
    Ok(Some(r))
}

/// What the reports and the equivalence rules rely on in a game record (a file with a valid
/// checksum can still be hand-made): a solved game has a period of at least one heap and exactly
/// `G(0..preperiod + period)`; an open one none and at most [`OPEN_VALUES_KEPT`] values; heaps
/// are within the supported range.
fn check_record(r: &GameResult) -> Result<(), String> {
    match (r.status, r.preperiod, r.period) {
        (Status::Solved, Some(n0), Some(p)) => {
            if p == 0 {
                return Err("a period of 0 heaps".into());
            }
            if n0.checked_add(p) != Some(r.values.len()) {
                return Err(format!(
                    "{} values, a solved game keeps preperiod + period = {n0} + {p}",
                    r.values.len()
                ));
            }
        }
        (Status::Open, None, None) => {
            if r.values.len() > OPEN_VALUES_KEPT {
                return Err(format!(
                    "{} values, an open game keeps at most {OPEN_VALUES_KEPT}",
                    r.values.len()
                ));
            }
        }
        _ => return Err("the status disagrees with the period fields".into()),
    }
    if r.computed_to > MAX_TO || r.largest_at > MAX_TO {
        return Err(format!("heaps beyond the supported limit {MAX_TO}"));
    }
    if !(r.seconds.is_finite() && r.seconds >= 0.0) {
        return Err(format!("{} seconds", r.seconds));
    }
    Ok(())
}

/// Save one finished game atomically.
pub fn save_game(dir: &Path, code: &SurveyCode, r: &GameResult) -> Result<(), SurveyError> {
    let body = serde_json::to_vec(r).expect("a game result serializes");
    write_framed(&game_path(dir, code), GAME_MAGIC, &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::survey::game::{self, Budget};

    #[test]
    fn a_damaged_game_file_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let d = Descriptor {
            selection: Selection::Digits {
                digits: 1,
                prefix: Prefix::Zero,
            },
            budget: Budget {
                to: 1000,
                max_seconds: 5.0,
            },
            shard: None,
            clock: ClockKind::current(),
        };
        open(dir.path(), &d).unwrap();
        open(dir.path(), &d).unwrap(); // the same survey again
        let mut other = d.clone();
        other.budget.to = 2000;
        assert!(matches!(
            open(dir.path(), &other),
            Err(SurveyError::OtherSurvey { .. })
        ));
        let c: SurveyCode = ".77".parse().unwrap();
        let r = game::analyse(&c, &d.budget);
        save_game(dir.path(), &c, &r).unwrap();
        assert_eq!(load_game(dir.path(), &c).unwrap(), Some(r));
        let path = game_path(dir.path(), &c);
        let good = fs::read(&path).unwrap();
        for i in (0..good.len()).step_by(7) {
            let mut bad = good.clone();
            bad[i] ^= 0x04;
            fs::write(&path, &bad).unwrap();
            let e = load_game(dir.path(), &c).unwrap_err();
            assert!(e.to_string().contains("0.77.game"), "{e}");
        }
        fs::write(&path, &good[..good.len() - 1]).unwrap();
        assert!(matches!(
            load_game(dir.path(), &c),
            Err(SurveyError::Damaged { .. })
        ));
        // Another game's file under this name.
        let k: SurveyCode = ".07".parse().unwrap();
        fs::write(&path, &good).unwrap();
        fs::copy(&path, game_path(dir.path(), &k)).unwrap();
        assert!(load_game(dir.path(), &k).is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// A saved record reads back bit for bit, the timing included (JSON numbers are
        /// printed shortest-round-trip and must be parsed the same way).
        #[test]
        fn a_saved_game_reads_back_exactly(seconds in 0.0f64..1.0e4, bits in proptest::prelude::any::<u64>()) {
            let dir = tempfile::tempdir().unwrap();
            let budget = Budget { to: 300, max_seconds: 5.0 };
            let d = Descriptor {
                selection: Selection::Digits { digits: 2, prefix: Prefix::Zero },
                budget,
                shard: None,
                clock: ClockKind::current(),
            };
            open(dir.path(), &d).unwrap();
            let c: SurveyCode = ".77".parse().unwrap();
            let mut r = game::analyse(&c, &budget);
            r.seconds = seconds;
            save_game(dir.path(), &c, &r).unwrap();
            proptest::prop_assert_eq!(load_game(dir.path(), &c).unwrap(), Some(r.clone()));
            let odd = f64::from_bits(bits);
            if odd.is_finite() && odd >= 0.0 {
                r.seconds = odd;
                save_game(dir.path(), &c, &r).unwrap();
                proptest::prop_assert_eq!(load_game(dir.path(), &c).unwrap(), Some(r));
            }
        }
    }
}
