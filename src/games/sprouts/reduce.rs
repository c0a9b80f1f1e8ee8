//! The reductions: rewritings of a land that keep the game the same (the same moves, leading to
//! positions that are again the same), so they keep its value in normal *and* misère play.
//! Each is switchable ([`Reductions`]) so the tests compare the values with and without it.
//!
//! 1. **Dead spots go.** A spot with three curve ends takes part in no move, and no move
//!    depends on where it sits on a boundary: the moves of a region are the pairs of spots with
//!    lives and the sharing of boundaries, all of which the live spots determine. A boundary
//!    with no spot left goes with them. (Off: dead spots stay, written `3`.)
//! 2. **`aa → 2`.** A letter seen twice side by side on one boundary (nothing alive between
//!    its two sightings on one side) is one spot of one life; a curve leaving it from either
//!    sighting cuts the boundary into the same two lists of live spots, or, towards another
//!    boundary, walks the same live spots — and it dies by that move. So the two sightings are
//!    one, a `2`.
//! 3. **Dead regions go.** A region with fewer than two lives (a letter seen twice in it counts
//!    once) has no move; what is seen in it matters only through spots it shares with other
//!    regions, and those keep their lives. A letter whose other sighting went with it is then
//!    seen once: a `2`.
//! 4. **Small regions collapse** (two or three lives). A move in such a region uses two lives
//!    and leaves one new spot `z` seen on both sides of the curve, so the third life, if any,
//!    shares a region with `z` whatever the boundaries looked like: after the first move
//!    exactly one more move is possible there (until the third spot dies elsewhere), and
//!    after it none. So the region's game depends only on which spots with lives it holds,
//!    not on how they sit on its boundaries: it is rewritten as one boundary of those spots,
//!    a letter seen twice in it becoming a `2` (as in Glop and SPOTS).
//! 5. **Lands split.** Regions that share no spot, directly or through other regions, are
//!    independent games: the land falls apart into lands (the search's components, whose
//!    values XOR; off: a position stays one component).

use super::land::{DEAD, FIRST_LETTER, Land, Region, V0, V1, V2, is_letter, region_lives};

/// The switches of the reductions (all on by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reductions {
    /// Drop dead spots and empty boundaries.
    pub dead_spots: bool,
    /// A letter seen twice side by side becomes a `2`.
    pub merge_pairs: bool,
    /// Drop regions with fewer than two lives.
    pub dead_regions: bool,
    /// Rewrite regions of two or three lives as one boundary.
    pub small_regions: bool,
    /// Split into independent lands.
    pub split: bool,
}

impl Default for Reductions {
    fn default() -> Self {
        Reductions {
            dead_spots: true,
            merge_pairs: true,
            dead_regions: true,
            small_regions: true,
            split: true,
        }
    }
}

/// Count of each letter id's sightings in `land`.
fn sightings(land: &Land) -> [u8; 256] {
    let mut n = [0u8; 256];
    for r in land {
        for b in r {
            for &v in b {
                n[v as usize] = n[v as usize].saturating_add(1);
            }
        }
    }
    n
}

/// Apply the reductions to `land` and hand over its lands (none when nothing is left alive).
pub fn reduce(mut land: Land, red: &Reductions, out: &mut Vec<Land>) {
    if red.dead_spots {
        for r in land.iter_mut() {
            for b in r.iter_mut() {
                b.retain(|&v| v != DEAD);
            }
            r.retain(|b| !b.is_empty());
        }
    }
    if red.merge_pairs {
        for r in land.iter_mut() {
            for b in r.iter_mut() {
                merge_pairs(b);
            }
        }
    }
    if red.dead_regions {
        land.retain(|r| region_lives(r) >= 2);
        let n = sightings(&land);
        for r in land.iter_mut() {
            for b in r.iter_mut() {
                for v in b.iter_mut() {
                    if is_letter(*v) && n[*v as usize] == 1 {
                        *v = V2;
                    }
                }
            }
        }
    }
    if red.small_regions {
        let n = sightings(&land);
        for r in land.iter_mut() {
            let lives = region_lives(r);
            if (lives == 2 || lives == 3) && !(r.len() == 1 && r[0].len() <= 1) {
                collapse(r, &n);
            }
        }
    }
    land.retain(|r| !r.is_empty());
    if land.is_empty() {
        return;
    }
    if red.split && land.len() > 1 {
        split(land, out);
    } else {
        out.push(land);
    }
}

/// `aa → 2` on one boundary (cyclically), until no letter is seen twice side by side.
fn merge_pairs(b: &mut Vec<u8>) {
    loop {
        let k = b.len();
        if k < 2 {
            return;
        }
        let Some(i) = (0..k).find(|&i| is_letter(b[i]) && b[i] == b[(i + 1) % k]) else {
            return;
        };
        let j = (i + 1) % k;
        b[i] = V2;
        b.remove(j);
    }
}

/// One boundary of the live spots of `r`: letters seen in other regions stay, letters seen
/// twice here and `2`s become `2`s, `0` and `1` stay.
fn collapse(r: &mut Region, n: &[u8; 256]) {
    let mut spots: Vec<u8> = Vec::new();
    let mut twos = 0usize;
    let mut halves = 0usize;
    for b in r.iter() {
        for &v in b {
            match v {
                V0 | V1 => spots.push(v),
                V2 => twos += 1,
                v if is_letter(v) => {
                    // a letter seen twice in all, both times here, is seen twice in this
                    // region: one life
                    let here = r.iter().flatten().filter(|&&w| w == v).count();
                    if n[v as usize] < 2 {
                        twos += 1;
                    } else if here >= 2 {
                        halves += 1;
                    } else {
                        spots.push(v);
                    }
                }
                _ => {}
            }
        }
    }
    twos += halves / 2;
    spots.extend(std::iter::repeat_n(V2, twos));
    r.clear();
    r.push(spots);
}

/// Split `land` into the groups of regions linked by letters.
fn split(land: Land, out: &mut Vec<Land>) {
    let n = land.len();
    // the region where each letter was first seen
    let mut first = [u16::MAX; 256];
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for (q, r) in land.iter().enumerate() {
        for b in r {
            for &v in b {
                if v >= FIRST_LETTER && is_letter(v) {
                    let f = first[v as usize];
                    if f == u16::MAX {
                        first[v as usize] = q as u16;
                    } else {
                        let (a, c) = (find(&mut parent, f as usize), find(&mut parent, q));
                        if a != c {
                            parent[a] = c;
                        }
                    }
                }
            }
        }
    }
    let roots: Vec<usize> = (0..n).map(|q| find(&mut parent, q)).collect();
    let mut lands: Vec<(usize, Land)> = Vec::new();
    for (q, r) in land.into_iter().enumerate() {
        match lands.iter_mut().find(|(root, _)| *root == roots[q]) {
            Some((_, l)) => l.push(r),
            None => lands.push((roots[q], vec![r])),
        }
    }
    out.extend(lands.into_iter().map(|(_, l)| l));
}
