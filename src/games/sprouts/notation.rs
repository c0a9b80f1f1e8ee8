//! The standard notation of Sprouts positions (Applegate, Jacobson and Sleator 1991; Lemoine and
//! Viennot's Glop; Čížek, Balko and Schmid's SPOTS), read in both separator styles and written
//! in one.
//!
//! A position is a list of **lands**, a land a list of **regions** (the faces of the drawing), a
//! region a list of **boundaries** (one per connected piece of the drawing that touches the
//! face), and a boundary the cyclic sequence of the spots met walking once around that piece
//! with the face on the same side. Spots are written by their lives:
//!
//! | symbol | spot |
//! |---|---|
//! | `0` | no curve yet: 3 lives; always a boundary of its own |
//! | `1` | one curve end: 2 lives |
//! | `2` | two curve ends, 1 life, seen once in the whole position |
//! | a letter | two curve ends, 1 life, seen twice: both times on one boundary (written in lower case, `a`…`l`, then `m(13)`, …) or in two regions (upper case, `A`…`Y`, then `n(26)`, …) |
//! | `3` | dead (three curve ends); read and dropped |
//!
//! **Separators.** Glop ends every boundary with `.`, every region with `}`, every land with `]`
//! and the position with `!`; SPOTS separates boundaries by `.`, regions by `|` and lands by `+`.
//! Both are read (an empty piece is allowed only where a separator ends the piece before it), as
//! is the shorthand `0*n` for `n` spots with no curve (`0*3` is `0.0.0`). Positions are written
//! in the SPOTS style, which `spots-solver` reads as it is; the position with no land is `!`.
//!
//! **Letters.** A letter seen twice on one boundary names a spot of that boundary (its name is
//! local to the boundary, whatever its case); any other letter names a spot seen once in each of
//! two regions of its land (its name is local to the land). Anything else — a letter seen once
//! or three times, on two boundaries of one region (no drawing has that: a spot lies on one
//! piece of the drawing, and a piece meets a face along one boundary), a `0` beside other spots —
//! is an error naming the place.

use std::collections::HashMap;
use std::fmt::Write;

use super::land::{Boundary, Land, MAX_LETTERS, Region, V0, V1, V2};

/// The longest position text read (bytes, after expanding `0*n`).
pub const MAX_TEXT: usize = 1 << 16;

/// A notation that is not a legal Sprouts position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("sprouts position, {place}: {message}")]
pub struct NotationError {
    /// Where (a column of the text, or a land/region/boundary).
    pub place: String,
    /// What is wrong.
    pub message: String,
}

fn err(place: impl Into<String>, message: impl Into<String>) -> NotationError {
    NotationError {
        place: place.into(),
        message: message.into(),
    }
}

/// One symbol of the text, with its column (1-based, in the text as given).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Spot(u8),
    Dead,
    Letter(u32),
    Boundary,
    Region,
    Land,
    End,
}

/// The symbols of `text`, each with its column; `0*n` expanded.
fn tokens(text: &str) -> Result<Vec<(Tok, usize)>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<(Tok, usize)> = Vec::new();
    let mut i = 0;
    let col = |i: usize| format!("column {}", i + 1);
    while i < chars.len() {
        let c = chars[i];
        let at = i;
        i += 1;
        let tok = match c {
            '0' if chars.get(i) == Some(&'*') => {
                i += 1;
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
                let n: usize = digits.parse().map_err(|_| {
                    err(
                        col(at),
                        "0* must be followed by a number of spots, e.g. 0*12",
                    )
                })?;
                if n > MAX_TEXT / 2 {
                    return Err(err(col(at), format!("0*{n}: too many spots")));
                }
                for k in 0..n {
                    if k > 0 {
                        out.push((Tok::Boundary, at));
                    }
                    out.push((Tok::Spot(V0), at));
                }
                continue;
            }
            '0' => Tok::Spot(V0),
            '1' => Tok::Spot(V1),
            '2' => Tok::Spot(V2),
            '3' => Tok::Dead,
            'm' | 'n' if chars.get(i) == Some(&'(') => {
                i += 1;
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
                if chars.get(i) != Some(&')') {
                    return Err(err(
                        col(at),
                        format!("{c}( must be closed: {c}(k) with k ≥ 1"),
                    ));
                }
                i += 1;
                let k: u32 = digits
                    .parse()
                    .ok()
                    .filter(|&k| (1..100_000).contains(&k))
                    .ok_or_else(|| err(col(at), format!("{c}(k) needs 1 ≤ k < 100000")))?;
                // m(k): the k-th lower-case letter, n(k): the k-th upper-case one
                Tok::Letter(if c == 'm' { k } else { 1_000_000 + k })
            }
            'a'..='z' => Tok::Letter(c as u32 - 'a' as u32 + 1),
            'A'..='Z' => Tok::Letter(1_000_000 + c as u32 - 'A' as u32 + 1),
            '.' => Tok::Boundary,
            '|' | '}' => Tok::Region,
            '+' | ']' => Tok::Land,
            '!' => Tok::End,
            c if c.is_whitespace() && at == 0 => continue,
            c => {
                return Err(err(
                    col(at),
                    format!(
                        "{c:?} is not part of the notation (spots 0 1 2 3, letters, separators . | + or . }} ] !, 0*n)"
                    ),
                ));
            }
        };
        out.push((tok, at));
        if out.len() > MAX_TEXT {
            return Err(err(col(at), "the position is too long"));
        }
    }
    Ok(out)
}

/// A boundary as read: its symbols (spots and letter names) and the column where it starts.
struct RawBoundary {
    items: Vec<RawSpot>,
    at: usize,
}

#[derive(Clone, Copy)]
enum RawSpot {
    Kind(u8),
    Letter(u32, usize),
}

type RawRegion = (Vec<RawBoundary>, usize);
type RawLand = (Vec<RawRegion>, usize);

/// Parse a position in either style into its lands (letters resolved, dead spots dropped, no
/// reduction).
pub fn parse(text: &str) -> Result<Vec<Land>, NotationError> {
    let text = text.trim_end();
    let toks = tokens(text)?;
    let mut lands: Vec<RawLand> = Vec::new();
    let mut regions: Vec<RawRegion> = Vec::new();
    let mut boundaries: Vec<RawBoundary> = Vec::new();
    let mut current: Vec<RawSpot> = Vec::new();
    let mut started: Option<usize> = None;
    // the level of the separator just read (0 none, 1 boundary, 2 region, 3 land)
    let mut last_sep = 0u8;
    let mut ended = false;
    let col = |i: usize| format!("column {}", i + 1);
    for &(tok, at) in &toks {
        if ended {
            return Err(err(
                col(at),
                "nothing may follow the end of the position (!)",
            ));
        }
        let level = match tok {
            Tok::Spot(k) => {
                started.get_or_insert(at);
                current.push(RawSpot::Kind(k));
                last_sep = 0;
                continue;
            }
            Tok::Dead => {
                started.get_or_insert(at);
                last_sep = 0;
                continue;
            }
            Tok::Letter(l) => {
                started.get_or_insert(at);
                current.push(RawSpot::Letter(l, at));
                last_sep = 0;
                continue;
            }
            Tok::Boundary => 1,
            Tok::Region => 2,
            Tok::Land => 3,
            Tok::End => 4,
        };
        // close the boundary: an empty one only when a separator just ended the one before
        // (Glop's `.}`), or at the end of an empty position
        if current.is_empty() && started.is_none() {
            let empty_position_end = level == 4 && lands.is_empty() && regions.is_empty();
            // allowed: a separator right after one of a lower level that ended the piece
            // before (Glop's `.}`, `}]`, `]!`), or the end of an empty position
            if !(last_sep >= 1 && last_sep < level || empty_position_end && boundaries.is_empty()) {
                let what = match level {
                    1 => "an empty boundary (two separators with no spot between)",
                    2 => "a region with no boundary",
                    3 => "a land with no region",
                    _ => "an empty part before the end",
                };
                if !(level == 4 && last_sep >= 1) {
                    return Err(err(col(at), what));
                }
            }
        } else {
            boundaries.push(RawBoundary {
                items: std::mem::take(&mut current),
                at: started.take().unwrap_or(at),
            });
        }
        if level >= 2 && !boundaries.is_empty() {
            let at0 = boundaries[0].at;
            regions.push((std::mem::take(&mut boundaries), at0));
        }
        if level >= 3 && !regions.is_empty() {
            let at0 = regions[0].1;
            lands.push((std::mem::take(&mut regions), at0));
        }
        if level == 4 {
            ended = true;
        }
        last_sep = level.min(3);
        started = None;
    }
    if !current.is_empty() {
        boundaries.push(RawBoundary {
            items: std::mem::take(&mut current),
            at: started.unwrap_or(0),
        });
    } else if started.is_some() {
        // only dead spots: a boundary with nothing alive
    }
    if !boundaries.is_empty() {
        let at0 = boundaries[0].at;
        regions.push((std::mem::take(&mut boundaries), at0));
    }
    if !regions.is_empty() {
        let at0 = regions[0].1;
        lands.push((std::mem::take(&mut regions), at0));
    }
    lands
        .into_iter()
        .enumerate()
        .map(|(i, l)| resolve_land(l, i + 1))
        .collect()
}

/// Give each spot of a land its letter id (boundary-local pairs first, then land-wide pairs),
/// checking what a drawing can have.
fn resolve_land((regions, _at): RawLand, land_no: usize) -> Result<Land, NotationError> {
    let mut next: u32 = 0;
    let mut fresh = |place: &str| -> Result<u8, NotationError> {
        next += 1;
        if next as usize > MAX_LETTERS {
            return Err(err(
                place.to_string(),
                format!("more than {MAX_LETTERS} spots seen twice in one land"),
            ));
        }
        Ok(super::land::FIRST_LETTER + (next - 1) as u8)
    };
    // land-wide letters: name -> (id, (region, boundary) of the first sighting, count)
    let mut wide: HashMap<u32, (u8, usize, usize, usize, usize)> = HashMap::new();
    let mut out: Land = Vec::with_capacity(regions.len());
    for (ri, (bs, _)) in regions.iter().enumerate() {
        let mut region: Region = Vec::with_capacity(bs.len());
        for (bi, b) in bs.iter().enumerate() {
            let place = format!("column {}", b.at + 1);
            let mut count: HashMap<u32, usize> = HashMap::new();
            for s in &b.items {
                if let RawSpot::Letter(l, _) = s {
                    *count.entry(*l).or_default() += 1;
                }
            }
            if b.items.len() > 1 && b.items.iter().any(|s| matches!(s, RawSpot::Kind(V0))) {
                return Err(err(
                    place,
                    "a spot with no curve (0) is a boundary of its own: it cannot share one with other spots",
                ));
            }
            let mut local: HashMap<u32, u8> = HashMap::new();
            let mut boundary: Boundary = Vec::with_capacity(b.items.len());
            for s in &b.items {
                match *s {
                    RawSpot::Kind(k) => boundary.push(k),
                    RawSpot::Letter(l, at) => {
                        let name = letter_name(l);
                        let here = format!("column {}", at + 1);
                        match count[&l] {
                            2 => {
                                let id = match local.get(&l) {
                                    Some(&id) => id,
                                    None => {
                                        let id = fresh(&here)?;
                                        local.insert(l, id);
                                        id
                                    }
                                };
                                boundary.push(id);
                            }
                            1 => {
                                let e = match wide.get_mut(&l) {
                                    Some(e) => e,
                                    None => {
                                        let id = fresh(&here)?;
                                        wide.insert(l, (id, ri, bi, 0, at));
                                        wide.get_mut(&l).expect("just inserted")
                                    }
                                };
                                e.3 += 1;
                                if e.3 > 2 {
                                    return Err(err(
                                        here,
                                        format!(
                                            "letter {name} is seen three times in land {land_no}; a letter names a spot seen twice"
                                        ),
                                    ));
                                }
                                if e.3 == 2 && e.1 == ri {
                                    return Err(err(
                                        here,
                                        format!(
                                            "letter {name} lies on two boundaries of one region, which no drawing has (a spot meets a region along one boundary)"
                                        ),
                                    ));
                                }
                                boundary.push(e.0);
                            }
                            n => {
                                return Err(err(
                                    here,
                                    format!(
                                        "letter {name} is seen {n} times on one boundary; a letter names a spot seen twice"
                                    ),
                                ));
                            }
                        }
                    }
                }
            }
            region.push(boundary);
        }
        out.push(region);
    }
    if let Some((&l, e)) = wide
        .iter()
        .filter(|(_, e)| e.3 == 1)
        .min_by_key(|(_, e)| e.4)
    {
        return Err(err(
            format!("column {}", e.4 + 1),
            format!(
                "letter {} is seen once in land {land_no}; a letter names a spot seen twice (a spot with one life seen once is written 2)",
                letter_name(l)
            ),
        ));
    }
    Ok(out)
}

fn letter_name(l: u32) -> String {
    if l >= 1_000_000 {
        let k = l - 1_000_000;
        if k <= 26 {
            char::from(b'A' + (k - 1) as u8).to_string()
        } else {
            format!("n({k})")
        }
    } else if l <= 26 {
        char::from(b'a' + (l - 1) as u8).to_string()
    } else {
        format!("m({l})")
    }
}

/// Write one land in canonical bytes (see [`super::canonical`]) in the SPOTS style.
pub fn write_land(bytes: &[u8], out: &mut String) {
    use super::land::{BEND, FIRST_UPPER, REND};
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            BEND => {
                // a separator only between boundaries of a region
                if i + 1 < bytes.len() && bytes[i + 1] != REND {
                    out.push('.');
                }
            }
            REND => {
                if i + 1 < bytes.len() {
                    out.push('|');
                }
            }
            0..=2 => {
                out.push(char::from(b'0' + b));
            }
            _ if b >= FIRST_UPPER => {
                let k = (b - FIRST_UPPER) as u32;
                if k < 25 {
                    out.push(char::from(b'A' + k as u8));
                } else {
                    let _ = write!(out, "n({})", k + 1);
                }
            }
            _ => {
                let k = (b - super::land::FIRST_LETTER) as u32;
                if k < 12 {
                    out.push(char::from(b'a' + k as u8));
                } else {
                    let _ = write!(out, "m({})", k + 1);
                }
            }
        }
        i += 1;
    }
}
