//! The games of a survey: every octal code `d0.d1…dk` with `1 <= k <= D` digits after the point,
//! last digit nonzero, `d0 = 0` (prefix `0`), `d0 = 4` (prefix `4`: a heap may also be split in two
//! without taking anything) or both; and the deterministic split of a survey into shards.
//!
//! There are `7·8^(k-1)` codes with exactly `k` digits (the last one nonzero), so `8^D − 1` per
//! prefix: 7, 63, 511 for `D = 1, 2, 3`.
//!
//! Codes are ordered by prefix (`0` first), then by the number of digits, then digit by digit:
//! `.1 … .7, .01 … .77, .001 …`, then `4.1 …` — the order of the published tables.
//!
//! ```
//! use grundy::survey::codes::{self, Prefix, Shard};
//! let two = codes::enumerate(2, Prefix::Zero).unwrap();
//! assert_eq!(two.len(), 63);
//! assert_eq!(two[0].to_string(), ".1");
//! assert_eq!(two[7].to_string(), ".01");
//! assert_eq!(codes::enumerate(1, Prefix::All).unwrap().last().unwrap().to_string(), "4.7");
//! let shard: Shard = "2/3".parse().unwrap();
//! assert!(shard.contains(1) && !shard.contains(2));
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::SurveyError;
use crate::games::heap::{Code, Kind, Ruleset};

/// The most digits after the point a survey enumerates (`--digits`).
pub const MAX_DIGITS: usize = 8;

/// Which integer parts (`d0`) a survey enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Prefix {
    /// `0.…`: every move takes at least one counter.
    #[serde(rename = "0")]
    Zero,
    /// `4.…`: a heap may also be split into two nonempty heaps without taking anything.
    #[serde(rename = "4")]
    Four,
    /// Both.
    All,
}

impl Prefix {
    fn digits0(self) -> &'static [u8] {
        match self {
            Prefix::Zero => &[0],
            Prefix::Four => &[4],
            Prefix::All => &[0, 4],
        }
    }
}

impl fmt::Display for Prefix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Prefix::Zero => "0",
            Prefix::Four => "4",
            Prefix::All => "all",
        })
    }
}

impl FromStr for Prefix {
    type Err = SurveyError;
    fn from_str(s: &str) -> Result<Prefix, SurveyError> {
        match s.trim() {
            "0" => Ok(Prefix::Zero),
            "4" => Ok(Prefix::Four),
            "all" | "ALL" | "All" => Ok(Prefix::All),
            other => Err(SurveyError::BadPrefix(other.chars().take(20).collect())),
        }
    }
}

/// One game of a survey: a take-and-break code, printed without a leading `0` (`.77`, `4.12`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SurveyCode(Code);

impl SurveyCode {
    /// Wrap a code.
    pub fn new(code: Code) -> SurveyCode {
        SurveyCode(code)
    }

    /// The code.
    pub fn code(&self) -> &Code {
        &self.0
    }

    /// The ruleset of the code (for the engines).
    pub fn ruleset(&self) -> Ruleset {
        Ruleset::code(self.0.clone())
    }

    /// A file-name-safe form of the code (`0.77`, `4.12`, `4u.0` for `4!.0`).
    pub fn file_stem(&self) -> String {
        self.ruleset().to_string().replace('!', "u")
    }
}

impl Ord for SurveyCode {
    fn cmp(&self, other: &SurveyCode) -> Ordering {
        let (a, b) = (self.0.digits(), other.0.digits());
        (a[0], self.0.unequal(), a.len(), a).cmp(&(b[0], other.0.unequal(), b.len(), b))
    }
}

impl PartialOrd for SurveyCode {
    fn partial_cmp(&self, other: &SurveyCode) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for SurveyCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.ruleset().to_string();
        match s.strip_prefix("0.") {
            Some(rest) => write!(f, ".{rest}"),
            None => f.write_str(&s),
        }
    }
}

impl FromStr for SurveyCode {
    type Err = SurveyError;
    /// A code as `grundy seq` reads it (`.77`, `0.77`, `4.12`, `kayles`); subtraction and all-but
    /// games are refused.
    fn from_str(s: &str) -> Result<SurveyCode, SurveyError> {
        let r: Ruleset = s.parse().map_err(|e| SurveyError::BadCode {
            text: s.chars().take(40).collect(),
            source: e,
        })?;
        match r.kind() {
            Kind::Code(c) => Ok(SurveyCode(c.clone())),
            _ => Err(SurveyError::NotACode(s.chars().take(40).collect())),
        }
    }
}

/// Number of codes with `1..=digits` digits after the point, for one prefix: `8^digits − 1`.
pub fn count_per_prefix(digits: usize) -> u64 {
    8u64.pow(digits as u32) - 1
}

/// Every code of the survey, in order (module docs). `digits` must be in `1..=MAX_DIGITS`.
pub fn enumerate(digits: usize, prefix: Prefix) -> Result<Vec<SurveyCode>, SurveyError> {
    if !(1..=MAX_DIGITS).contains(&digits) {
        return Err(SurveyError::BadDigits(digits as u64));
    }
    let per = count_per_prefix(digits) as usize;
    let mut out = Vec::with_capacity(per * prefix.digits0().len());
    for &d0 in prefix.digits0() {
        for len in 1..=digits {
            // All digit strings of length `len` with a nonzero last digit, in lexicographic order.
            let total = 8usize.pow(len as u32);
            for x in 0..total {
                let mut d = vec![d0];
                for pos in (0..len).rev() {
                    d.push(((x >> (3 * pos)) & 7) as u8);
                }
                if d[len] == 0 {
                    continue;
                }
                let code = Code::new(&d, false).expect("octal digits with d0 in {0, 4}");
                out.push(SurveyCode(code));
            }
        }
    }
    Ok(out)
}

/// Parse `--codes .77,.137,4.12`: sorted into code order, duplicates removed.
pub fn parse_list(list: &str) -> Result<Vec<SurveyCode>, SurveyError> {
    let mut out = Vec::new();
    for part in list.split(',') {
        let t = part.trim();
        if t.is_empty() {
            return Err(SurveyError::EmptyCode);
        }
        out.push(t.parse::<SurveyCode>()?);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Part `index` (1-based) of `count` disjoint parts of a survey: the codes at positions
/// `index − 1, index − 1 + count, …` of the survey's list (a deterministic round-robin, which
/// spreads the costly long codes over the parts).
///
/// A shard read from a survey folder's descriptor is checked as one typed on the command line:
/// `1 <= index <= count <= MAX_SHARDS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ShardFields")]
pub struct Shard {
    /// 1-based part number.
    pub index: usize,
    /// Number of parts.
    pub count: usize,
}

/// The most shards a survey may be split into.
pub const MAX_SHARDS: usize = 100_000;

/// A shard's fields as stored, before [`Shard::new`] checks them.
#[derive(Deserialize)]
struct ShardFields {
    index: usize,
    count: usize,
}

impl TryFrom<ShardFields> for Shard {
    type Error = SurveyError;
    fn try_from(f: ShardFields) -> Result<Shard, SurveyError> {
        Shard::new(f.index, f.count)
    }
}

impl Shard {
    /// Part `index` of `count`, with `1 <= index <= count <= MAX_SHARDS`.
    pub fn new(index: usize, count: usize) -> Result<Shard, SurveyError> {
        if index == 0 || count == 0 || index > count || count > MAX_SHARDS {
            return Err(SurveyError::BadShard(format!("{index}/{count}")));
        }
        Ok(Shard { index, count })
    }

    /// Whether the code at `position` (0-based, in the survey's order) belongs to this shard.
    pub fn contains(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = SurveyError;
    /// `I/K` with `1 <= I <= K <= MAX_SHARDS`.
    fn from_str(s: &str) -> Result<Shard, SurveyError> {
        let bad = || SurveyError::BadShard(s.chars().take(40).collect());
        let (i, k) = s.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = k.trim().parse().map_err(|_| bad())?;
        Shard::new(index, count).map_err(|_| bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_eight_to_the_d_minus_one_codes_per_prefix() {
        for d in 1..=4 {
            for (prefix, k) in [(Prefix::Zero, 1), (Prefix::Four, 1), (Prefix::All, 2)] {
                let all = enumerate(d, prefix).unwrap();
                assert_eq!(
                    all.len() as u64,
                    k * (8u64.pow(d as u32) - 1),
                    "{d} {prefix}"
                );
                // Distinct, in order, last digit nonzero, d0 as asked.
                assert!(all.windows(2).all(|w| w[0] < w[1]), "{d} {prefix}");
                for c in &all {
                    let dig = c.code().digits();
                    assert!(dig.len() >= 2 && dig.len() <= d + 1);
                    assert_ne!(*dig.last().unwrap(), 0);
                    assert!(prefix.digits0().contains(&dig[0]));
                    assert!(dig.iter().all(|&x| x < 8));
                }
            }
        }
        assert_eq!(enumerate(3, Prefix::All).unwrap().len(), 1022);
        // Exactly 7·8^(k-1) codes with k digits.
        let three = enumerate(3, Prefix::Zero).unwrap();
        for (k, want) in [(1, 7), (2, 56), (3, 448)] {
            let n = three
                .iter()
                .filter(|c| c.code().digits().len() == k + 1)
                .count();
            assert_eq!(n, want, "{k} digits");
        }
    }

    #[test]
    fn codes_print_without_the_leading_zero_and_read_back() {
        for c in enumerate(2, Prefix::All).unwrap() {
            let text = c.to_string();
            assert!(text.starts_with('.') || text.starts_with("4."), "{text}");
            assert_eq!(text.parse::<SurveyCode>().unwrap(), c);
        }
        assert_eq!("kayles".parse::<SurveyCode>().unwrap().to_string(), ".77");
        assert_eq!("4!.0".parse::<SurveyCode>().unwrap().file_stem(), "4u.0");
    }

    #[test]
    fn bad_digit_counts_prefixes_shards_and_codes_are_refused() {
        assert!(matches!(
            enumerate(0, Prefix::Zero),
            Err(SurveyError::BadDigits(0))
        ));
        assert!(matches!(
            enumerate(9, Prefix::Zero),
            Err(SurveyError::BadDigits(9))
        ));
        assert!("5".parse::<Prefix>().is_err());
        for s in ["3/2", "0/2", "1/0", "1", "a/b", "2/", "/2", "1/1000000"] {
            assert!(s.parse::<Shard>().is_err(), "{s}");
        }
        assert!(matches!(
            parse_list(".8x"),
            Err(SurveyError::BadCode { .. })
        ));
        assert!(matches!(
            parse_list("sub:1,2"),
            Err(SurveyError::NotACode(_))
        ));
        assert!(matches!(parse_list(".7,,.6"), Err(SurveyError::EmptyCode)));
        let l = parse_list("4.12, .77,.07,.77").unwrap();
        let names: Vec<String> = l.iter().map(|c| c.to_string()).collect();
        assert_eq!(names, [".07", ".77", "4.12"]);
    }

    #[test]
    fn shards_partition_the_survey() {
        let n = 511;
        for k in 1..=7 {
            let mut seen = vec![0; n];
            for i in 1..=k {
                let s: Shard = format!("{i}/{k}").parse().unwrap();
                for (pos, c) in seen.iter_mut().enumerate() {
                    if s.contains(pos) {
                        *c += 1;
                    }
                }
            }
            assert!(seen.iter().all(|&c| c == 1), "{k} shards");
        }
    }
}
