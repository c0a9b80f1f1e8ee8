//! Lands, regions and boundaries as the engine holds them while it works, and the codes of
//! their spots.
//!
//! A land being worked on is a list of regions, a region a list of boundaries, a boundary the
//! cyclic list of the spots met around it. Spots are bytes: [`V0`], [`V1`], [`V2`] (no curve,
//! one curve end, two curve ends seen once), [`DEAD`] (three curve ends, about to be dropped),
//! and a letter id from [`FIRST_LETTER`] on for a spot of one life seen twice — in the working
//! form every letter id is unique in its land, so a spot is found wherever it is seen. The
//! canonical form ([`super::canonical`]) packs a land into one byte string, where the names of
//! lower-case letters are local to their boundary.

/// A spot with no curve: 3 lives.
pub const V0: u8 = 0;
/// A spot with one curve end: 2 lives.
pub const V1: u8 = 1;
/// A spot with two curve ends seen once: 1 life.
pub const V2: u8 = 2;
/// A spot with three curve ends (no life): dropped by the reductions.
pub const DEAD: u8 = 3;
/// The first letter id (spots of one life seen twice).
pub const FIRST_LETTER: u8 = 4;
/// The first code of an upper-case letter in the canonical form (lower-case letters, local
/// to their boundary, take the codes below).
pub const FIRST_UPPER: u8 = 124;
/// One past the last letter id.
pub const END_LETTER: u8 = 250;
/// Temporary marks of the two ends of the curve being drawn.
pub const MARK_A: u8 = 250;
/// The second end (see [`MARK_A`]).
pub const MARK_B: u8 = 251;
/// The end of a boundary in the canonical bytes.
pub const BEND: u8 = 254;
/// The end of a region in the canonical bytes.
pub const REND: u8 = 255;

/// The most spots that may ever exist in a position the engine takes (letters of a land must
/// fit the canonical codes): live spots now plus the moves still possible.
pub const MAX_SPOTS: usize = (FIRST_UPPER - FIRST_LETTER) as usize;
/// The most letters a land may have.
pub const MAX_LETTERS: usize = MAX_SPOTS;

/// A boundary: the spots met around one piece of the drawing.
pub type Boundary = Vec<u8>;
/// A region (face): its boundaries.
pub type Region = Vec<Boundary>;
/// A land: regions linked by spots seen in two of them.
pub type Land = Vec<Region>;

/// Whether `v` is a letter.
#[inline]
pub fn is_letter(v: u8) -> bool {
    (FIRST_LETTER..END_LETTER).contains(&v)
}

/// The lives of a spot (a letter has one, wherever it is seen).
#[inline]
pub fn lives_of(v: u8) -> u32 {
    match v {
        V0 => 3,
        V1 => 2,
        V2 => 1,
        v if is_letter(v) => 1,
        _ => 0,
    }
}

/// Sum `f` over the spots seen on `boundaries`, each letter once however often it is seen.
fn sum_spots<'a>(boundaries: impl Iterator<Item = &'a Boundary>, f: impl Fn(u8) -> u32) -> u32 {
    let mut seen = [0u64; 4];
    let mut sum = 0;
    for b in boundaries {
        for &v in b {
            if is_letter(v) {
                let (w, bit) = ((v >> 6) as usize, v & 63);
                if seen[w] >> bit & 1 == 1 {
                    continue;
                }
                seen[w] |= 1 << bit;
            }
            sum += f(v);
        }
    }
    sum
}

/// The lives of a region: a letter seen twice in it counts once.
pub fn region_lives(r: &Region) -> u32 {
    sum_spots(r.iter(), lives_of)
}

/// The lives of a land (each spot counted once).
pub fn land_lives(l: &Land) -> u32 {
    sum_spots(l.iter().flatten(), lives_of)
}

/// The live spots of a land (each counted once).
pub fn land_spots(l: &Land) -> usize {
    sum_spots(l.iter().flatten(), |v| (lives_of(v) > 0) as u32) as usize
}
