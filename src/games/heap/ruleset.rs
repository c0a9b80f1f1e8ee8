//! Rulesets of heap games as data: take-and-break codes (octal and hexadecimal), subtraction games
//! with finite or infinite sets, all-but games, and their names; one parser and one printer.
//!
//! # Notation (Winning Ways, ch. 4)
//! A code `d0.d1d2d3…` lists, for each `k`, which moves remove `k` counters from one heap: digit `dk`
//! is a sum of bits, `1` = the heap may be removed whole when it has exactly `k` counters, `2` = take
//! `k` leaving one (nonempty) heap, `4` = take `k` and split the rest into two nonempty heaps, `8` =
//! into three (hexadecimal digits `8`–`f`). `d0` counts moves that take nothing, so only its bits
//! `4` and `8` are allowed (`4.` = split a heap without taking; bits `1`/`2` would be loopy).
//! A `!` marks *unequal* splits: the heaps left by a split must be pairwise different (Grundy's game
//! is `4!.0`: split one heap into two unequal heaps).
//!
//! `sub:1,3,4` takes 1, 3 or 4; `sub:squares`, `sub:primes`, `sub:powers-of-2`, `sub:fibonacci`
//! are infinite subtraction sets; `allbut:1,2` takes any positive number except 1 and 2.
//! Names: `nim`, `kayles` (`0.77`), `dawsons-kayles` (`0.07`), `treblecross` (`0.007`),
//! `guiles` (`0.15`), `grundys-game` (`4!.0`).
//!
//! ```
//! use grundy::games::heap::Ruleset;
//! let k: Ruleset = "kayles".parse().unwrap();
//! assert_eq!(k.to_string(), "0.77");
//! assert_eq!("0.77".parse::<Ruleset>().unwrap(), k);
//! let e = "0.7x".parse::<Ruleset>().unwrap_err();
//! assert_eq!(e.column(), 4);
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The most digits after the point a code may have.
pub const MAX_DIGITS: usize = 256;

/// A parse error in a ruleset, naming the (1-based, in characters) column where it was found.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RulesetError {
    /// Nothing was given.
    #[error(
        "empty ruleset; expected an octal code like 0.77, sub:1,3,4, allbut:1,2 or a name (nim, kayles, dawsons-kayles, treblecross, guiles, grundys-game)"
    )]
    Empty,
    /// A word that is neither a code nor a known name.
    #[error(
        "unknown ruleset '{name}' at column {column}; expected an octal code like 0.77, sub:1,3,4, allbut:1,2 or a name (nim, kayles, dawsons-kayles, treblecross, guiles, grundys-game)"
    )]
    UnknownName {
        /// The name as written.
        name: String,
        /// The column (1-based).
        column: usize,
    },
    /// A character that is not a hexadecimal digit where a code digit was expected.
    #[error("column {column}: '{found}' is not a code digit (0-9, a-f)")]
    BadDigit {
        /// The character found.
        found: char,
        /// The column (1-based).
        column: usize,
    },
    /// A character out of place in a code.
    #[error("column {column}: unexpected '{found}' in a code ({why})")]
    Unexpected {
        /// The character found.
        found: char,
        /// The column (1-based).
        column: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// The digit before the point allows a move that takes nothing and leaves the heap (loopy).
    #[error(
        "column {column}: the digit before the point may only use bits 4 and 8 (split without taking); '{found}' has bit 1 or 2, a move that takes nothing and leaves the heap as it was"
    )]
    LoopyZeroDigit {
        /// The character found.
        found: char,
        /// The column (1-based).
        column: usize,
    },
    /// More than [`MAX_DIGITS`] digits after the point.
    #[error("column {column}: a code may have at most {MAX_DIGITS} digits after the point")]
    TooManyDigits {
        /// The column (1-based).
        column: usize,
    },
    /// `sub:` or `allbut:` with nothing after it where a list is required.
    #[error(
        "column {column}: the subtraction set is empty; list at least one positive number (e.g. sub:1,2) or a named set (squares, primes, powers-of-2, fibonacci)"
    )]
    EmptySet {
        /// The column (1-based).
        column: usize,
    },
    /// A list element that is not a positive integer.
    #[error("column {column}: '{text}' is not a positive integer{hint}")]
    BadNumber {
        /// The text as written.
        text: String,
        /// The column (1-based).
        column: usize,
        /// A hint at the fix (may be empty).
        hint: &'static str,
    },
    /// An unknown named infinite set.
    #[error(
        "column {column}: unknown subtraction set '{name}' (known: squares, primes, powers-of-2, fibonacci)"
    )]
    UnknownSet {
        /// The name as written.
        name: String,
        /// The column (1-based).
        column: usize,
    },
}

impl RulesetError {
    /// The 1-based column of the error (0 for an empty ruleset).
    pub fn column(&self) -> usize {
        match self {
            RulesetError::Empty => 0,
            RulesetError::UnknownName { column, .. }
            | RulesetError::BadDigit { column, .. }
            | RulesetError::Unexpected { column, .. }
            | RulesetError::LoopyZeroDigit { column, .. }
            | RulesetError::TooManyDigits { column }
            | RulesetError::EmptySet { column }
            | RulesetError::BadNumber { column, .. }
            | RulesetError::UnknownSet { column, .. } => *column,
        }
    }
}

/// A take-and-break code `d0.d1d2…` (octal or hexadecimal digits), possibly with unequal splits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// `digits[k]` is the digit for taking `k` counters; `digits[0]` uses only bits 4 and 8.
    /// Never ends in a zero digit past index 0.
    digits: Vec<u8>,
    /// Splits must leave pairwise unequal heaps (`!`).
    unequal: bool,
}

impl Code {
    /// A code from its digits (`digits[0]` = d0) and the unequal-split flag; `None` when d0 uses
    /// bit 1 or 2, a digit exceeds 15, or there are more than [`MAX_DIGITS`] digits after the point.
    pub fn new(digits: &[u8], unequal: bool) -> Option<Code> {
        let mut d = digits.to_vec();
        if d.is_empty() {
            d.push(0);
        }
        if d[0] & 3 != 0 || d.iter().any(|&x| x > 15) {
            return None;
        }
        while d.len() > 1 && *d.last().unwrap_or(&1) == 0 {
            d.pop();
        }
        if d.len() > MAX_DIGITS + 1 {
            return None;
        }
        Some(Code { digits: d, unequal })
    }

    /// The digits, `digits()[k]` for taking `k` (index 0 is the digit before the point).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The digit for taking `k` (0 beyond the last).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// True when splits must leave pairwise unequal heaps.
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// Position of the last nonzero digit (`t` in the periodicity theorem; 0 if none).
    pub fn last_nonzero(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// True when some digit allows leaving two or more heaps.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|&d| d & 12 != 0)
    }
}

/// A subtraction set: the amounts a move may take from one heap (leaving the rest as one heap).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SubtractionSet {
    /// A finite set, sorted, without duplicates, all positive.
    Finite(Vec<u64>),
    /// 1, 4, 9, 16, …
    Squares,
    /// 2, 3, 5, 7, 11, …
    Primes,
    /// 1, 2, 4, 8, …
    PowersOfTwo,
    /// 1, 2, 3, 5, 8, … (the distinct Fibonacci numbers)
    Fibonacci,
}

impl SubtractionSet {
    /// The members `<= max`, increasing.
    pub fn members_up_to(&self, max: u64) -> Vec<u64> {
        match self {
            SubtractionSet::Finite(v) => v.iter().copied().filter(|&s| s <= max).collect(),
            SubtractionSet::Squares => (1u64..)
                .map_while(|i| i.checked_mul(i).filter(|&s| s <= max))
                .collect(),
            SubtractionSet::PowersOfTwo => (0u32..64)
                .map(|i| 1u64 << i)
                .take_while(|&s| s <= max)
                .collect(),
            SubtractionSet::Fibonacci => {
                let mut v = Vec::new();
                let (mut a, mut b) = (1u64, 2u64);
                while a <= max {
                    v.push(a);
                    let Some(c) = a.checked_add(b) else { break };
                    a = b;
                    b = c;
                }
                v
            }
            SubtractionSet::Primes => primes_up_to(max),
        }
    }

    /// True for the infinite named sets.
    pub fn is_infinite(&self) -> bool {
        !matches!(self, SubtractionSet::Finite(_))
    }
}

/// Primes up to `max` (sieve for small `max`, trial division beyond).
fn primes_up_to(max: u64) -> Vec<u64> {
    if max < 2 {
        return Vec::new();
    }
    if let Ok(m) = usize::try_from(max)
        && m <= 1 << 31
    {
        let mut composite = vec![false; m + 1];
        let mut out = Vec::new();
        for i in 2..=m {
            if !composite[i] {
                out.push(i as u64);
                let mut j = i.saturating_mul(i);
                while j <= m {
                    composite[j] = true;
                    j += i;
                }
            }
        }
        return out;
    }
    (2..=max).filter(|&k| is_prime(k)).collect()
}

fn is_prime(k: u64) -> bool {
    if k < 2 {
        return false;
    }
    let mut d = 2u64;
    while d.saturating_mul(d) <= k {
        if k.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

/// What kind of heap game a [`Ruleset`] is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A take-and-break code (octal or hexadecimal).
    Code(Code),
    /// A subtraction game.
    Subtraction(SubtractionSet),
    /// Take any positive number except the listed ones (sorted, deduplicated); `nim` when empty.
    AllBut(Vec<u64>),
}

/// The rules of a heap game. Parse it from text (`"0.77"`, `"sub:1,3,4"`, `"kayles"`, …); print it
/// back in canonical form (`Display`), which parses to an equal ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    kind: Kind,
}

impl Ruleset {
    /// The ruleset of a take-and-break code.
    pub fn code(code: Code) -> Ruleset {
        Ruleset {
            kind: Kind::Code(code),
        }
    }

    /// A subtraction game; a finite set is sorted and deduplicated. `None` if a finite set is empty
    /// or contains 0.
    pub fn subtraction(set: SubtractionSet) -> Option<Ruleset> {
        let set = match set {
            SubtractionSet::Finite(mut v) => {
                v.sort_unstable();
                v.dedup();
                if v.is_empty() || v[0] == 0 {
                    return None;
                }
                SubtractionSet::Finite(v)
            }
            s => s,
        };
        Some(Ruleset {
            kind: Kind::Subtraction(set),
        })
    }

    /// The all-but game excluding `excluded` (sorted, deduplicated); `None` if it contains 0.
    pub fn all_but(mut excluded: Vec<u64>) -> Option<Ruleset> {
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return None;
        }
        Some(Ruleset {
            kind: Kind::AllBut(excluded),
        })
    }

    /// What kind of game this is.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// The traditional name of the game, if it has one.
    pub fn name(&self) -> Option<&'static str> {
        NAMES
            .iter()
            .find(|(_, text)| text.parse::<Ruleset>().is_ok_and(|r| r == *self))
            .map(|(n, _)| *n)
    }
}

/// Names and the codes they stand for.
pub const NAMES: &[(&str, &str)] = &[
    ("nim", "allbut:"),
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("treblecross", "0.007"),
    ("guiles", "0.15"),
    ("grundys-game", "4!.0"),
];

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Code(c) => {
                write!(f, "{:x}", c.digits[0])?;
                if c.unequal {
                    f.write_str("!")?;
                }
                f.write_str(".")?;
                if c.digits.len() == 1 {
                    f.write_str("0")?;
                }
                for d in &c.digits[1..] {
                    write!(f, "{d:x}")?;
                }
                Ok(())
            }
            Kind::Subtraction(s) => {
                f.write_str("sub:")?;
                match s {
                    SubtractionSet::Finite(v) => write_list(f, v),
                    SubtractionSet::Squares => f.write_str("squares"),
                    SubtractionSet::Primes => f.write_str("primes"),
                    SubtractionSet::PowersOfTwo => f.write_str("powers-of-2"),
                    SubtractionSet::Fibonacci => f.write_str("fibonacci"),
                }
            }
            Kind::AllBut(v) if v.is_empty() => f.write_str("nim"),
            Kind::AllBut(v) => {
                f.write_str("allbut:")?;
                write_list(f, v)
            }
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, v: &[u64]) -> fmt::Result {
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

impl FromStr for Ruleset {
    type Err = RulesetError;

    fn from_str(s: &str) -> Result<Ruleset, RulesetError> {
        let lead = s.chars().take_while(|c| c.is_whitespace()).count();
        let t = s.trim();
        if t.is_empty() {
            return Err(RulesetError::Empty);
        }
        let col0 = lead + 1;
        let lower = t.to_ascii_lowercase();
        if let Some((_, code)) = NAMES.iter().find(|(n, _)| *n == lower) {
            return code.parse();
        }
        if let Some(rest) = strip_prefix_ci(t, "sub:") {
            return parse_sub(rest, col0 + 4);
        }
        if let Some(rest) = strip_prefix_ci(t, "allbut:") {
            if rest.trim().is_empty() {
                return Ok(Ruleset {
                    kind: Kind::AllBut(Vec::new()),
                });
            }
            let v = parse_list(rest, col0 + 7)?;
            return Ok(Ruleset::all_but(v).expect("list elements are positive"));
        }
        if t.contains('.') {
            return parse_code(t, col0);
        }
        Err(RulesetError::UnknownName {
            name: t.chars().take(40).collect(),
            column: col0,
        })
    }
}

fn strip_prefix_ci<'a>(t: &'a str, prefix: &str) -> Option<&'a str> {
    if t.len() >= prefix.len()
        && t.is_char_boundary(prefix.len())
        && t[..prefix.len()].eq_ignore_ascii_case(prefix)
    {
        Some(&t[prefix.len()..])
    } else {
        None
    }
}

fn parse_sub(rest: &str, col: usize) -> Result<Ruleset, RulesetError> {
    let word = rest.trim().to_ascii_lowercase();
    let named = match word.as_str() {
        "squares" => Some(SubtractionSet::Squares),
        "primes" => Some(SubtractionSet::Primes),
        "powers-of-2" | "powers-of-two" => Some(SubtractionSet::PowersOfTwo),
        "fibonacci" => Some(SubtractionSet::Fibonacci),
        _ => None,
    };
    if let Some(set) = named {
        return Ok(Ruleset {
            kind: Kind::Subtraction(set),
        });
    }
    if word.is_empty() {
        return Err(RulesetError::EmptySet { column: col });
    }
    if word.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        let lead = rest.chars().take_while(|c| c.is_whitespace()).count();
        return Err(RulesetError::UnknownSet {
            name: word.chars().take(40).collect(),
            column: col + lead,
        });
    }
    let v = parse_list(rest, col)?;
    Ok(Ruleset::subtraction(SubtractionSet::Finite(v)).expect("nonempty positive list"))
}

/// A comma-separated list of positive integers starting at column `col`.
fn parse_list(rest: &str, col: usize) -> Result<Vec<u64>, RulesetError> {
    let mut out = Vec::new();
    let mut c = col;
    for part in rest.split(',') {
        let lead = part.chars().take_while(|ch| ch.is_whitespace()).count();
        let item = part.trim();
        let here = c + lead;
        let hint = if item.starts_with('-') {
            " (negative amounts are not allowed)"
        } else if item.is_empty() {
            " (empty list element)"
        } else if item.chars().all(|ch| ch.is_ascii_digit()) {
            if item.bytes().all(|b| b == b'0') {
                " (0 would be a move that changes nothing)"
            } else {
                " (too large; the largest is 2^64-1)"
            }
        } else {
            ""
        };
        match item.parse::<u64>() {
            Ok(v) if v > 0 && !item.starts_with('+') => out.push(v),
            _ => {
                return Err(RulesetError::BadNumber {
                    text: item.chars().take(40).collect(),
                    column: here,
                    hint,
                });
            }
        }
        c += part.chars().count() + 1;
    }
    Ok(out)
}

fn hex(ch: char) -> Option<u8> {
    ch.to_digit(16).map(|d| d as u8)
}

/// `[d0]['!'].d1d2…['!']`
fn parse_code(t: &str, col0: usize) -> Result<Ruleset, RulesetError> {
    let chars: Vec<char> = t.chars().collect();
    let mut i = 0;
    let mut digits = vec![0u8];
    let mut unequal = false;
    // Integer part: at most one digit.
    if let Some(d) = chars.first().and_then(|&c| hex(c)) {
        if d & 3 != 0 {
            return Err(RulesetError::LoopyZeroDigit {
                found: chars[0],
                column: col0,
            });
        }
        digits[0] = d;
        i = 1;
    }
    if chars.get(i) == Some(&'!') {
        unequal = true;
        i += 1;
    }
    match chars.get(i) {
        Some('.') => i += 1,
        Some(&c) if hex(c).is_some() => {
            return Err(RulesetError::Unexpected {
                found: c,
                column: col0 + i,
                why: "only one digit may stand before the point",
            });
        }
        Some(&c) => {
            return Err(RulesetError::Unexpected {
                found: c,
                column: col0 + i,
                why: "expected '.' after the digit before the point",
            });
        }
        None => {
            return Err(RulesetError::Unexpected {
                found: ' ',
                column: col0 + i,
                why: "missing '.'",
            });
        }
    }
    while i < chars.len() {
        let c = chars[i];
        if c == '!' && i + 1 == chars.len() && !unequal {
            unequal = true;
        } else if let Some(d) = hex(c) {
            if digits.len() > MAX_DIGITS {
                return Err(RulesetError::TooManyDigits { column: col0 + i });
            }
            digits.push(d);
        } else if c == '.' || c == '!' {
            return Err(RulesetError::Unexpected {
                found: c,
                column: col0 + i,
                why: if c == '.' {
                    "a code has one point"
                } else {
                    "'!' may appear once, before the point or at the end"
                },
            });
        } else {
            return Err(RulesetError::BadDigit {
                found: c,
                column: col0 + i,
            });
        }
        i += 1;
    }
    if !chars.iter().any(|&c| hex(c).is_some()) {
        // "." or "!." alone
        return Err(RulesetError::Unexpected {
            found: '.',
            column: col0,
            why: "no digits",
        });
    }
    let code = Code::new(&digits, unequal).expect("digits were checked");
    Ok(Ruleset::code(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Ruleset {
        s.parse().unwrap()
    }

    #[test]
    fn names_and_canonical_forms() {
        assert_eq!(p("kayles").to_string(), "0.77");
        assert_eq!(p(".77"), p("0.77"));
        assert_eq!(p("0.770"), p("0.77"));
        assert_eq!(p("grundys-game").to_string(), "4!.0");
        assert_eq!(p("4.!"), p("4!.0"));
        assert_eq!(p("nim").to_string(), "nim");
        assert_eq!(p("allbut:"), p("nim"));
        assert_eq!(p("sub:4,1,3,1").to_string(), "sub:1,3,4");
        assert_eq!(p("allbut:2,1").to_string(), "allbut:1,2");
        assert_eq!(p("0.F").to_string(), "0.f");
        assert_eq!(p("sub:squares").to_string(), "sub:squares");
        assert_eq!(p("0.77").name(), Some("kayles"));
        assert_eq!(p("0.07").name(), Some("dawsons-kayles"));
    }

    #[test]
    fn invalid_inputs_name_the_column() {
        let cases: &[(&str, usize)] = &[
            ("0.7x", 4),
            ("sub:", 5),
            ("sub:0", 5),
            ("sub:-1", 5),
            ("sub:1,,2", 7),
            ("sub:1, x", 8),
            ("1.7", 1),
            ("2.7", 1),
            ("44.7", 2),
            ("0.7.7", 4),
            ("0.7!7", 4),
            ("foo", 1),
            ("sub:cubes", 5),
            ("allbut:0", 8),
            ("sub:99999999999999999999", 5),
            (".", 1),
        ];
        for &(s, col) in cases {
            let e = s.parse::<Ruleset>().unwrap_err();
            assert_eq!(e.column(), col, "{s}: {e}");
        }
        assert_eq!("".parse::<Ruleset>(), Err(RulesetError::Empty));
        assert_eq!("   ".parse::<Ruleset>(), Err(RulesetError::Empty));
        let long = format!("0.{}", "7".repeat(MAX_DIGITS + 1));
        assert!(matches!(
            long.parse::<Ruleset>(),
            Err(RulesetError::TooManyDigits { .. })
        ));
    }

    #[test]
    fn primes_and_sets() {
        assert_eq!(
            SubtractionSet::Primes.members_up_to(20),
            vec![2, 3, 5, 7, 11, 13, 17, 19]
        );
        assert_eq!(
            SubtractionSet::Fibonacci.members_up_to(13),
            vec![1, 2, 3, 5, 8, 13]
        );
        assert_eq!(SubtractionSet::Squares.members_up_to(16), vec![1, 4, 9, 16]);
        assert_eq!(
            SubtractionSet::PowersOfTwo.members_up_to(9),
            vec![1, 2, 4, 8]
        );
    }
}
