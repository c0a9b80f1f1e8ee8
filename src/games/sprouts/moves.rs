//! Every legal move of a land, made on its regions and boundaries.
//!
//! A move draws a curve inside one region between two spots with a life each (or a loop at a
//! spot with two lives) and puts a new spot `z` on it. Walking around every boundary with the
//! region on the same side, let the curve join the spot `x` seen at position `i` of boundary
//! `b` to the spot `y` seen at position `j`:
//!
//! - **Both on one boundary** `b = x_0 … x_{k−1}`: the curve cuts the region in two. One side
//!   is bounded by `x_i … x_j` and the curve back through `z`; the other by
//!   `x_j … x_{k−1} x_0 … x_i` and `z`. A loop (`i = j`) leaves `x_i` alone on one side and the
//!   whole boundary, from `x_i` round to `x_i` again, on the other (a spot with no curve is seen
//!   once on each side). Each **other boundary** of the region lies on one side or the other:
//!   every way of sharing them is a move. Boundaries written alike are interchangeable, so only
//!   how many of each kind go to the first side matters.
//! - **On two boundaries** `b` and `c` of the region: the curve joins two pieces of the
//!   drawing; the region stays one, and the two boundaries become one walk,
//!   `x_i … x_{i−1} x_i z y_j … y_{j−1} y_j z` — each boundary in its own direction, its spot
//!   seen once more where the curve leaves it (a spot with no curve, once in all).
//!
//! The two ends then lose a life each (a loop takes two). A spot seen at several places is
//! the same spot everywhere: a spot with one curve end that gains one is seen twice (a letter);
//! a letter that gains one dies wherever it is seen, in other regions too. `z` has two curve
//! ends and is seen twice (a letter). The reductions and the canonical form come after
//! ([`super::reduce`], [`super::canonical`]).

use super::land::{Boundary, DEAD, Land, MARK_A, MARK_B, Region, V0, V1, is_letter, lives_of};

// Why this function is long: to be split (issue 50): the two kinds of move of the module docs (both
// ends on one boundary, ends on two boundaries) become a function each.
/// Calls `f` with the land after each move of region `r` of `land` (before any reduction).
/// `groups[b]` is the first boundary of `r` written like boundary `b` (boundaries written alike
/// lie next to each other), so equal boundaries are not tried twice; `next_id` is a letter id
/// unused in `land` (this move takes at most three from it).
pub fn region_moves(land: &Land, r: usize, groups: &[usize], next_id: u8, f: &mut dyn FnMut(Land)) {
    let region = &land[r];
    let m = region.len();
    // same-boundary moves (splits and loops)
    for t in 0..m {
        if groups[t] != t {
            continue;
        }
        let b = &region[t];
        let k = b.len();
        for i in 0..k {
            let x = b[i];
            let lx = lives_of(x);
            if lx == 0 {
                continue;
            }
            for j in i..k {
                let y = b[j];
                if i == j {
                    if lx < 2 {
                        continue;
                    }
                } else if lives_of(y) == 0 || (is_letter(x) && x == y) {
                    continue;
                }
                // the two arcs, ends marked
                let mut arc1: Boundary = Vec::with_capacity(j - i + 2);
                let mut arc2: Boundary = Vec::with_capacity(k - (j - i) + 3);
                if i == j {
                    arc1.push(MARK_A);
                    arc2.push(MARK_A);
                    if x != V0 {
                        arc2.extend(b[i + 1..].iter().chain(&b[..i]));
                        arc2.push(MARK_A);
                    }
                } else {
                    arc1.push(MARK_A);
                    arc1.extend_from_slice(&b[i + 1..j]);
                    arc1.push(MARK_B);
                    arc2.push(MARK_B);
                    arc2.extend(b[j + 1..].iter().chain(&b[..i]));
                    arc2.push(MARK_A);
                }
                let z = next_id;
                arc1.push(z);
                arc2.push(z);
                let ends = if i == j { (x, 2, x, 0) } else { (x, 1, y, 1) };
                // the other boundaries, group by group: how many of each go with arc 1
                let others: Vec<(usize, usize)> = group_counts(groups, t);
                let mut take = vec![0usize; others.len()];
                loop {
                    let mut side1: Region = vec![arc1.clone()];
                    let mut side2: Region = vec![arc2.clone()];
                    for (g, &(start, count)) in others.iter().enumerate() {
                        // members of the group other than `t` itself
                        let members = (start..m).filter(|&c| groups[c] == start && c != t);
                        for (n, c) in members.enumerate() {
                            if n < take[g] {
                                side1.push(region[c].clone());
                            } else {
                                side2.push(region[c].clone());
                            }
                        }
                        debug_assert!(take[g] <= count);
                    }
                    let mut child: Land = Vec::with_capacity(land.len() + 1);
                    for (q, reg) in land.iter().enumerate() {
                        if q != r {
                            child.push(reg.clone());
                        }
                    }
                    child.push(side1);
                    child.push(side2);
                    f(finish(child, ends, next_id + 1));
                    // next way of sharing
                    let mut g = 0;
                    while g < others.len() {
                        if take[g] < others[g].1 {
                            take[g] += 1;
                            break;
                        }
                        take[g] = 0;
                        g += 1;
                    }
                    if g == others.len() {
                        break;
                    }
                }
            }
        }
    }
    // two-boundary moves
    for t1 in 0..m {
        if groups[t1] != t1 {
            continue;
        }
        for t2 in t1 + 1..m {
            if groups[t2] != t2 && !(groups[t2] == t1 && t2 == t1 + 1) {
                continue;
            }
            let (b, c) = (&region[t1], &region[t2]);
            for (i, &x) in b.iter().enumerate() {
                if lives_of(x) == 0 {
                    continue;
                }
                for (j, &y) in c.iter().enumerate() {
                    if lives_of(y) == 0 {
                        continue;
                    }
                    let z = next_id;
                    let mut walk: Boundary = Vec::with_capacity(b.len() + c.len() + 4);
                    around(b, i, MARK_A, &mut walk);
                    walk.push(z);
                    around(c, j, MARK_B, &mut walk);
                    walk.push(z);
                    let mut merged: Region = Vec::with_capacity(m - 1);
                    merged.push(walk);
                    for (q, bd) in region.iter().enumerate() {
                        if q != t1 && q != t2 {
                            merged.push(bd.clone());
                        }
                    }
                    let mut child: Land = land.clone();
                    child[r] = merged;
                    f(finish(child, (x, 1, y, 1), next_id + 1));
                }
            }
        }
    }
}

/// `(first boundary, members)` of every group of boundaries but `t` itself (a group of which
/// `t` is the only member is left out).
fn group_counts(groups: &[usize], t: usize) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (c, &g) in groups.iter().enumerate() {
        if c == t {
            continue;
        }
        match out.last_mut() {
            Some((start, n)) if *start == g => *n += 1,
            _ => out.push((g, 1)),
        }
    }
    out
}

/// The walk around boundary `b` from position `i` back to it, the spot at `i` written `mark`
/// (once for a spot with no curve, else at both ends).
fn around(b: &Boundary, i: usize, mark: u8, out: &mut Boundary) {
    out.push(mark);
    if b[i] == V0 {
        return;
    }
    out.extend(b[i + 1..].iter().chain(&b[..i]));
    out.push(mark);
}

/// Replace the marks of the curve's ends by what the spots become, and kill what dies.
/// `ends = (spot at A, ends at A, spot at B, ends at B)`.
fn finish(mut child: Land, ends: (u8, u32, u8, u32), mut next: u8) -> Land {
    let (a, ea, b, eb) = ends;
    let mut new_code = |v: u8, e: u32| -> u8 {
        match (v, e) {
            (V0, 1) => V1,
            (V0, 2) | (V1, 1) => {
                next += 1;
                next - 1
            }
            _ => DEAD,
        }
    };
    let ca = new_code(a, ea);
    let cb = if eb > 0 { new_code(b, eb) } else { DEAD };
    let kill_a = is_letter(a);
    let kill_b = eb > 0 && is_letter(b);
    for region in child.iter_mut() {
        for bd in region.iter_mut() {
            for v in bd.iter_mut() {
                *v = match *v {
                    MARK_A => ca,
                    MARK_B => cb,
                    w if (kill_a && w == a) || (kill_b && w == b) => DEAD,
                    w => w,
                };
            }
        }
    }
    child
}
