// Why this file is long: one byte format and the algorithm that writes it: steps 1–4 below share
// the codes and private types (`RegionForm`, `Scratch`, `Namer`) and are read against those steps;
// `unpack` reads the same bytes back; the end of the file is its tests.
//! The canonical form of a land: one byte string for all the ways of writing it.
//!
//! A land may be written with its regions in any order, the boundaries of a region in any
//! order, each boundary starting anywhere, each region walked in either direction (a region and
//! its mirror image are the same game, and the direction of one region does not bind another:
//! regions meet only at spots), and its letters named anyhow. The canonical form picks one:
//!
//! 1. Each boundary, in each direction, is read from the start that makes it smallest, its
//!    lower-case letters (both sightings on it) named in order of first sighting and letters
//!    seen in two regions written as one placeholder.
//! 2. Each region is its boundaries so read, sorted, in the direction that makes it smallest;
//!    the regions are sorted.
//! 3. Refinement: each letter seen in two regions gets a class — its previous class and what
//!    it sees from each of its sightings (the form of the region, and its boundary read from
//!    the letter on, in the direction that reads smaller) — and is written by its class; steps
//!    1–2 are redone until no class splits (colour refinement, as graph canonisers do).
//!    Classes depend only on the land, not on its writing, so the form stays shared while
//!    most ties are broken.
//! 4. The letters seen in two regions are named in order of first sighting. Where several
//!    writings still tie (equal regions, equal boundaries, a boundary or region equal to
//!    itself turned), they are searched depth first for the smallest, with two cuts that keep
//!    the search exact: of the boundaries that may fill a place only those that read smallest
//!    there are tried (every writing puts a boundary of the same length there), and when a
//!    writing repeats the best one by other choices, the two differ by an automorphism of the
//!    land, so the subtree where they part holds nothing smaller and is left (the cut of
//!    graph canonisers such as McKay's nauty). The search writes at most [`MAX_NODES`]
//!    boundaries; beyond that the form is still a faithful writing of the land, only perhaps
//!    not shared by all its writings.
//!
//! Bytes: spots `0 1 2` as themselves, `3` for a dead spot (when dead spots are kept),
//! lower-case letters from [`FIRST_LETTER`] (local to their boundary), upper-case letters from
//! [`FIRST_UPPER`], each boundary ended by [`BEND`] and each region by [`REND`].

use super::land::{BEND, FIRST_LETTER, FIRST_UPPER, Land, REND, is_letter};

/// The most boundaries written in the search over tied writings (step 4).
pub const MAX_NODES: usize = 4096;
/// The most rounds of refinement.
const MAX_ROUNDS: usize = 8;

/// Where a letter is seen: region, boundary and place on the boundary.
type Sighting = (u16, u16, u16);

/// Placeholder of a letter seen in two regions while boundaries and regions are ordered.
const WIDE: u8 = FIRST_UPPER;
/// One past the last placeholder code.
const END_CODES: u8 = super::land::END_LETTER;

/// The spot `t` places on from `start` around boundary `b`, walking forwards or backwards.
#[inline]
fn spot_at(b: &[u8], reversed: bool, start: usize, t: usize) -> u8 {
    let k = b.len();
    if reversed {
        b[(start + k - t) % k]
    } else {
        b[(start + t) % k]
    }
}

/// A boundary read in one direction from one start: its bytes with local letters named and
/// wide letters written as their placeholder `codes[v]` (nonzero exactly for wide letters).
fn read(b: &[u8], reversed: bool, start: usize, codes: &[u8; 256], out: &mut Vec<u8>) {
    let k = b.len();
    let mut names = [0u8; 256];
    let mut next = FIRST_LETTER;
    for s in 0..k {
        let v = spot_at(b, reversed, start, s);
        out.push(if is_letter(v) {
            let c = codes[v as usize];
            if c != 0 {
                c
            } else {
                if names[v as usize] == 0 {
                    names[v as usize] = next;
                    next += 1;
                }
                names[v as usize]
            }
        } else {
            v
        });
    }
}

/// The starts that make boundary `b` smallest in one direction, and that smallest reading.
///
/// Each start's reading is written one spot at a time and left at the first spot where it
/// reads larger than the best so far (most starts lose at their first or second spot), so a
/// boundary of `k` spots costs about `k` steps, not `k²`.
#[allow(clippy::needless_range_loop)] // `t` walks the boundary and indexes the best reading alike
fn best_starts(
    b: &[u8],
    reversed: bool,
    codes: &[u8; 256],
    scratch: &mut Scratch,
) -> (Vec<u8>, Vec<usize>) {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let k = b.len();
    if k == 0 {
        return (Vec::new(), vec![0]);
    }
    let mut best: Vec<u8> = Vec::with_capacity(k);
    let mut starts = Vec::new();
    let Scratch { cur, names, named } = scratch;
    for s in 0..k {
        cur.clear();
        let mut next = FIRST_LETTER;
        let mut ord = if starts.is_empty() { Less } else { Equal };
        for t in 0..k {
            let v = spot_at(b, reversed, s, t);
            let sym = if is_letter(v) {
                match codes[v as usize] {
                    0 => {
                        if names[v as usize] == 0 {
                            names[v as usize] = next;
                            named.push(v);
                            next += 1;
                        }
                        names[v as usize]
                    }
                    c => c,
                }
            } else {
                v
            };
            if ord == Equal {
                ord = sym.cmp(&best[t]);
                if ord == Greater {
                    break;
                }
            }
            cur.push(sym);
        }
        for &v in named.iter() {
            names[v as usize] = 0;
        }
        named.clear();
        match ord {
            Less => {
                std::mem::swap(&mut best, cur);
                starts.clear();
                starts.push(s);
            }
            Equal => starts.push(s),
            Greater => {}
        }
    }
    (best, starts)
}

/// Buffers [`best_starts`] reuses from one boundary to the next: a canonical form reads every
/// boundary in both directions in each round of refinement, and allocating them for each
/// reading cost a few per cent of a Sprouts search.
struct Scratch {
    /// The reading of the start being tried.
    cur: Vec<u8>,
    /// The local name of each lower-case letter met so far (0: none yet).
    names: [u8; 256],
    /// The letters named, to clear `names` after each start.
    named: Vec<u8>,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            cur: Vec::new(),
            names: [0; 256],
            named: Vec::new(),
        }
    }
}

/// One boundary of a region in the chosen direction.
struct Slot {
    boundary: usize,
    form: Vec<u8>,
    starts: Vec<usize>,
    has_wide: bool,
}

/// One region: for each direction that gives its smallest form, its boundaries sorted.
struct RegionForm {
    region: usize,
    form: Vec<u8>,
    /// `(reversed, slots)` for each direction tied for the smallest form.
    directions: Vec<(bool, Vec<Slot>)>,
    has_wide: bool,
}

/// The canonical bytes of `land` (letters unique in the working form of [`super::land`]).
/// With `symmetric` false the land is written as it is (regions, boundaries and starts as
/// given, letters named in order), which is a faithful but not a shared form.
pub fn canonical(land: &Land, symmetric: bool) -> Box<[u8]> {
    match canonical_by(land, symmetric, true, &mut |_| None::<()>) {
        Form::New { form, .. } => form,
        Form::Known(()) => unreachable!("nothing is known"),
    }
}

/// What [`canonical_or`] found.
pub enum Form<T> {
    /// What `known` returned for the land's first writing.
    Known(T),
    /// The canonical bytes, computed; with the first writing when `known` was asked about it.
    New {
        /// The canonical bytes.
        form: Box<[u8]>,
        /// The first writing asked about (`None` when the land was written without a search).
        first: Option<Vec<u8>>,
    },
}

/// [`canonical`], but a land whose writing is not settled by steps 1–2 (ties left) is first
/// written once more, cheaply: each region in its first smallest direction, each boundary
/// from its first smallest start, regions and boundaries that tie in input order, the letters
/// seen in two regions named in order of first sighting — its **first writing**. It is a
/// faithful writing of the land (only regions, boundaries, starts, directions and names were
/// chosen), and it is the same for every writing of the land that differs by the order of
/// regions and boundaries that do not tie, by starts and directions that do not tie, or by the
/// names of letters. `known` is asked about it before the refinement and the search of steps
/// 3–4: a memo of canonical forms by first writing skips them for a land met before in
/// another writing (in a Sprouts search, three canonical forms in four are of lands already
/// met, written otherwise by the move that made them).
pub fn canonical_or<T>(land: &Land, known: &mut dyn FnMut(&[u8]) -> Option<T>) -> Form<T> {
    canonical_by(land, true, true, known)
}

// Why this function is long: it runs steps 1–4 of the module docs in order, with their early exits
// (no symmetry, no wide letter, a first writing already known); to be split (issue 50): the
// refinement loop of step 3 and the writing without symmetry become functions.
/// [`canonical_or`], with `untied_fast` false always by the search of step 4 (the tests
/// compare).
fn canonical_by<T>(
    land: &Land,
    symmetric: bool,
    untied_fast: bool,
    known: &mut dyn FnMut(&[u8]) -> Option<T>,
) -> Form<T> {
    // letters seen on two boundaries are "wide" (upper case)
    let mut wide = [false; 256];
    {
        let mut seen_in = [u32::MAX; 256];
        let mut id = 0u32;
        for r in land {
            for b in r {
                for &v in b {
                    if is_letter(v) {
                        let s = &mut seen_in[v as usize];
                        if *s == u32::MAX {
                            *s = id;
                        } else if *s != id {
                            wide[v as usize] = true;
                        }
                    }
                }
                id += 1;
            }
        }
    }
    let mut codes = [0u8; 256];
    for (v, &w) in wide.iter().enumerate() {
        if w {
            codes[v] = WIDE;
        }
    }
    if !symmetric {
        let mut out = Vec::new();
        let mut names = [0u8; 256];
        let mut next = FIRST_UPPER;
        for r in land {
            for b in r {
                let start = out.len();
                read(b, false, 0, &codes, &mut out);
                for (i, &v) in b.iter().enumerate() {
                    if is_letter(v) && wide[v as usize] {
                        if names[v as usize] == 0 {
                            names[v as usize] = next;
                            next += 1;
                        }
                        out[start + i] = names[v as usize];
                    }
                }
                out.push(BEND);
            }
            out.push(REND);
        }
        return Form::New {
            form: out.into_boxed_slice(),
            first: None,
        };
    }
    // letters seen in two regions: where each is seen, as (region, boundary, place)
    let mut sight: Vec<(u8, [Sighting; 2])> = Vec::new();
    {
        let mut at = [usize::MAX; 256];
        for (q, r) in land.iter().enumerate() {
            for (bi, b) in r.iter().enumerate() {
                for (t, &v) in b.iter().enumerate() {
                    if is_letter(v) && wide[v as usize] {
                        let here = (q as u16, bi as u16, t as u16);
                        match at[v as usize] {
                            usize::MAX => {
                                at[v as usize] = sight.len();
                                sight.push((v, [here, here]));
                            }
                            i => sight[i].1[1] = here,
                        }
                    }
                }
            }
        }
    }
    let mut scratch = Scratch::new();
    let mut forms: Vec<RegionForm> = land
        .iter()
        .enumerate()
        .map(|(q, r)| region_form(q, r, &codes, &wide, &mut scratch))
        .collect();
    let any_wide = !sight.is_empty();
    if !any_wide {
        forms.sort_by(|a, b| a.form.cmp(&b.form));
        let mut out = Vec::new();
        for f in &forms {
            out.extend_from_slice(&f.form);
        }
        return Form::New {
            form: out.into_boxed_slice(),
            first: None,
        };
    }
    // the first writing (see `canonical_or`), asked about when ties are left
    let mut first = None;
    if tied(&forms) {
        let mut order: Vec<&RegionForm> = forms.iter().collect();
        order.sort_by(|a, b| a.form.cmp(&b.form)); // stable: ties in input order
        let w = untied(land, order);
        if let Some(t) = known(&w) {
            return Form::Known(t);
        }
        first = Some(w);
    }
    // refinement (colour refinement on the letters seen in two regions): a letter's class is
    // its previous class and what it sees from each of its two sightings — the form of the
    // region and the boundary read from the letter on, in the direction that reads smaller;
    // letters are then written by their class and the forms redone, until no class splits
    let mut class: Vec<u32> = vec![0; sight.len()];
    let mut classes = 1usize;
    let mut views: Vec<(u32, [Vec<u8>; 2], usize)> = Vec::with_capacity(sight.len());
    for _round in 0..MAX_ROUNDS {
        if !tied(&forms) {
            break;
        }
        views.clear();
        let mut back = Vec::new();
        for (i, (_, at)) in sight.iter().enumerate() {
            let mut seen: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
            for (j, &(q, bi, t)) in at.iter().enumerate() {
                let f = &forms[q as usize];
                let bnd = &land[q as usize][bi as usize];
                let out = &mut seen[j];
                out.extend_from_slice(&f.form);
                let mark = out.len();
                read(bnd, false, t as usize, &codes, out);
                back.clear();
                read(bnd, true, t as usize, &codes, &mut back);
                if back[..] < out[mark..] {
                    out.truncate(mark);
                    out.extend_from_slice(&back);
                }
            }
            seen.sort();
            views.push((class[i], seen, i));
        }
        views.sort_unstable();
        let mut c = 0u32;
        for k in 0..views.len() {
            if k > 0 && (views[k].0, &views[k].1) != (views[k - 1].0, &views[k - 1].1) {
                c += 1;
            }
            class[views[k].2] = c;
        }
        let n = c as usize + 1;
        if n == classes {
            break;
        }
        classes = n;
        let top = (END_CODES - FIRST_UPPER - 1) as u32;
        for (i, &(v, _)) in sight.iter().enumerate() {
            codes[v as usize] = FIRST_UPPER + class[i].min(top) as u8;
        }
        forms = land
            .iter()
            .enumerate()
            .map(|(q, r)| region_form(q, r, &codes, &wide, &mut scratch))
            .collect();
    }
    forms.sort_by(|a, b| a.form.cmp(&b.form));
    if untied_fast {
        for f in forms.iter_mut() {
            if f.directions.len() == 2 && f.has_wide {
                let r = &land[f.region];
                if same_choices(r, &f.directions[0], &f.directions[1], &wide) {
                    // the other direction offers the search the same wide letters in the same
                    // places: the same writings, nothing to choose
                    f.directions.pop();
                }
            }
        }
    }
    let form = if untied_fast && !tied(&forms) {
        untied(land, &forms)
    } else {
        namer(land, &forms)
    };
    Form::New {
        form: form.into_boxed_slice(),
        first,
    }
}

/// Step 4 when nothing ties: one writing — each region in its one smallest direction, each
/// boundary from its one smallest start — with the wide letters named in order of first
/// sighting. (The search of [`Namer`] has exactly this one path then.)
fn untied<'f>(land: &Land, forms: impl IntoIterator<Item = &'f RegionForm>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut names = [0u8; 256];
    let mut next = FIRST_UPPER;
    for f in forms {
        if !f.has_wide {
            out.extend_from_slice(&f.form);
            continue;
        }
        let (reversed, ref slots) = f.directions[0];
        let region = &land[f.region];
        for slot in slots {
            let mark = out.len();
            out.extend_from_slice(&slot.form);
            if slot.has_wide {
                let b = &region[slot.boundary];
                let (k, st) = (b.len(), slot.starts[0]);
                for t in 0..k {
                    if out[mark + t] < FIRST_UPPER {
                        continue;
                    }
                    let v = spot_at(b, reversed, st, t) as usize;
                    if names[v] == 0 {
                        names[v] = next;
                        next += 1;
                    }
                    out[mark + t] = names[v];
                }
            }
            out.push(BEND);
        }
        out.push(REND);
    }
    out
}

/// Step 4 by the search over tied writings ([`Namer`]).
fn namer(land: &Land, forms: &[RegionForm]) -> Vec<u8> {
    let mut n = Namer {
        land,
        forms,
        used_region: vec![false; forms.len()],
        out: Vec::new(),
        names: [0u8; 256],
        named: Vec::new(),
        next: FIRST_UPPER,
        best: None,
        nodes: 0,
        path: Vec::new(),
        best_path: Vec::new(),
        jump: None,
    };
    n.regions(0);
    n.best.expect("one writing at least")
}

/// Whether a land's region forms leave more than one writing: equal regions with wide letters,
/// a region tied in its two directions, equal boundaries with wide letters in one region, or a
/// boundary with wide letters tied between starts.
fn tied(forms: &[RegionForm]) -> bool {
    let mut sorted: Vec<&RegionForm> = forms.iter().filter(|f| f.has_wide).collect();
    sorted.sort_by(|a, b| a.form.cmp(&b.form));
    if sorted.windows(2).any(|w| w[0].form == w[1].form) {
        return true;
    }
    sorted.iter().any(|f| {
        f.directions.len() > 1
            || f.directions[0]
                .1
                .iter()
                .any(|s| s.has_wide && s.starts.len() > 1)
            || f.directions[0]
                .1
                .windows(2)
                .any(|w| w[0].has_wide && w[0].form == w[1].form)
    })
}

fn region_form(
    q: usize,
    r: &[Vec<u8>],
    codes: &[u8; 256],
    wide: &[bool; 256],
    scratch: &mut Scratch,
) -> RegionForm {
    let has_wide = r
        .iter()
        .flatten()
        .any(|&v| is_letter(v) && wide[v as usize]);
    let mut directions: Vec<(bool, Vec<Slot>)> = Vec::new();
    let mut best: Option<Vec<u8>> = None;
    for reversed in [false, true] {
        let mut slots: Vec<Slot> = r
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let (form, starts) = best_starts(b, reversed, codes, scratch);
                let has_wide = b.iter().any(|&v| is_letter(v) && wide[v as usize]);
                Slot {
                    boundary: i,
                    form,
                    starts,
                    has_wide,
                }
            })
            .collect();
        slots.sort_by(|a, b| a.form.cmp(&b.form));
        let mut form = Vec::new();
        for s in &slots {
            form.extend_from_slice(&s.form);
            form.push(BEND);
        }
        form.push(REND);
        match &best {
            Some(b) if form > *b => {}
            Some(b) if form == *b => directions.push((reversed, slots)),
            _ => {
                best = Some(form);
                directions.clear();
                directions.push((reversed, slots));
            }
        }
    }
    RegionForm {
        region: q,
        form: best.expect("two directions tried"),
        directions,
        has_wide,
    }
}

/// The wide letters of boundary `b` read from `start` in one direction.
fn wide_reading<'b>(
    b: &'b [u8],
    reversed: bool,
    start: usize,
    wide: &'b [bool; 256],
) -> impl Iterator<Item = u8> + 'b {
    let k = b.len();
    (0..k)
        .map(move |t| spot_at(b, reversed, start, t))
        .filter(|&v| is_letter(v) && wide[v as usize])
}

/// Whether two directions of region `r` offer the search the same choices ([`choices`]):
/// at once when each slot has one start and no two slots with wide letters are written alike
/// (the common case), else by comparing the choices in full.
fn same_choices(
    r: &[Vec<u8>],
    d0: &(bool, Vec<Slot>),
    d1: &(bool, Vec<Slot>),
    wide: &[bool; 256],
) -> bool {
    let simple = |(_, slots): &(bool, Vec<Slot>)| {
        slots.iter().all(|s| !s.has_wide || s.starts.len() == 1)
            && !slots
                .windows(2)
                .any(|w| w[0].has_wide && w[0].form == w[1].form)
    };
    if simple(d0) && simple(d1) {
        return d0.1.iter().zip(&d1.1).all(|(a, b)| {
            !a.has_wide
                || wide_reading(&r[a.boundary], d0.0, a.starts[0], wide).eq(wide_reading(
                    &r[b.boundary],
                    d1.0,
                    b.starts[0],
                    wide,
                ))
        });
    }
    choices(r, d0, wide) == choices(r, d1, wide)
}

/// What a direction of a region offers the search over tied writings (step 4): for each slot,
/// the wide letters read from each of its smallest starts, in order — each slot's list sorted,
/// and the lists of slots written alike (which the search may interchange) sorted too. Two
/// directions that offer the same lead to the same writings.
fn choices(
    r: &[Vec<u8>],
    (reversed, slots): &(bool, Vec<Slot>),
    wide: &[bool; 256],
) -> Vec<Vec<Vec<u8>>> {
    let mut per_slot: Vec<Vec<Vec<u8>>> = slots
        .iter()
        .map(|slot| {
            let b = &r[slot.boundary];
            let mut reads: Vec<Vec<u8>> = slot
                .starts
                .iter()
                .map(|&st| wide_reading(b, *reversed, st, wide).collect())
                .collect();
            reads.sort();
            reads
        })
        .collect();
    let mut lo = 0;
    while lo < slots.len() {
        let mut hi = lo + 1;
        while hi < slots.len() && slots[hi].form == slots[lo].form {
            hi += 1;
        }
        per_slot[lo..hi].sort();
        lo = hi;
    }
    per_slot
}

/// The search over tied writings for the smallest naming of the wide letters.
struct Namer<'a> {
    land: &'a Land,
    forms: &'a [RegionForm],
    used_region: Vec<bool>,
    out: Vec<u8>,
    names: [u8; 256],
    named: Vec<u8>,
    next: u8,
    best: Option<Vec<u8>>,
    nodes: usize,
    /// The choices made on the way here, and on the way to the best writing.
    path: Vec<u32>,
    best_path: Vec<u32>,
    /// Set when a leaf repeats the best writing: the depth of the choice to move on from.
    jump: Option<usize>,
}

impl Namer<'_> {
    /// Whether the writing so far can still beat the best: `false` when its bytes already
    /// exceed the best's.
    fn promising(&self) -> bool {
        match &self.best {
            None => true,
            Some(b) => self.out.as_slice() <= &b[..self.out.len().min(b.len())],
        }
    }

    /// After the child at `depth` returns: whether to leave this node too (a jump to a node
    /// above); a jump to this very node ends there, and the next child is tried.
    fn jumped(&mut self, depth: usize) -> bool {
        match self.jump {
            Some(t) if t < depth => true,
            Some(_) => {
                self.jump = None;
                false
            }
            None => false,
        }
    }

    fn done(&self) -> bool {
        self.nodes >= MAX_NODES
    }

    /// Write the regions from slot `p` on.
    fn regions(&mut self, p: usize) {
        if p == self.forms.len() {
            match &self.best {
                Some(b) if self.out == *b => {
                    // the same writing as the best, by other choices: the two differ by an
                    // automorphism of the land fixing the choices they share, which maps the
                    // (finished) subtree of the best's choice where they part onto the subtree
                    // of this one — nothing smaller is left in the latter
                    let t = self
                        .path
                        .iter()
                        .zip(&self.best_path)
                        .take_while(|(a, b)| a == b)
                        .count();
                    self.jump = Some(t);
                }
                Some(b) if self.out > *b => {}
                _ => {
                    self.best = Some(self.out.clone());
                    self.best_path.clone_from(&self.path);
                }
            }
            return;
        }
        // the region for slot p: any unused region whose form equals slot p's form (only
        // regions with wide letters differ among themselves)
        if !self.forms[p].has_wide {
            // a region without wide letters is its form, and equal ones are the same bytes
            let mark = self.out.len();
            self.out.extend_from_slice(&self.forms[p].form);
            if self.promising() {
                self.regions(p + 1);
            }
            self.out.truncate(mark);
            return;
        }
        // the region for slot p: any unused region whose form equals slot p's form (sorted:
        // they lie next to it)
        let form = &self.forms[p].form;
        let mut lo = p;
        while lo > 0 && self.forms[lo - 1].form == *form {
            lo -= 1;
        }
        let mut hi = p + 1;
        while hi < self.forms.len() && self.forms[hi].form == *form {
            hi += 1;
        }
        for i in lo..hi {
            if self.done() {
                return;
            }
            if self.used_region[i] {
                continue;
            }
            self.used_region[i] = true;
            let nd = self.forms[i].directions.len();
            for d in 0..nd {
                if self.done() {
                    break;
                }
                let mark = self.out.len();
                let depth = self.path.len();
                self.path.push((i as u32) << 1 | d as u32);
                self.boundaries(p, i, d, 0, 0);
                self.path.pop();
                self.out.truncate(mark);
                if self.jumped(depth) {
                    self.used_region[i] = false;
                    return;
                }
                if !self.forms[i].has_wide {
                    break;
                }
            }
            self.used_region[i] = false;
            if !self.forms[i].has_wide {
                // equal regions without wide letters are the same bytes: one is enough
                break;
            }
        }
    }

    /// Write the boundaries of region `i` (direction `d`) from slot `s` on, then go on to the
    /// regions after slot `p`. Of the boundaries and starts that may fill slot `s`, only those
    /// that read smallest are tried: every writing puts a boundary of the same length here, so
    /// one that reads larger than a sibling can never be part of the smallest writing.
    fn boundaries(&mut self, p: usize, i: usize, d: usize, s: usize, used: u128) {
        let (reversed, ref slots) = self.forms[i].directions[d];
        if s == slots.len() {
            self.out.push(REND);
            if self.promising() {
                self.regions(p + 1);
            }
            self.out.pop();
            return;
        }
        self.nodes += 1;
        let form = &slots[s].form;
        let region = &self.land[self.forms[i].region];
        if !slots[s].has_wide {
            // equal boundaries without wide letters are the same bytes: slot s's own will do
            let mark = self.out.len();
            self.out.extend_from_slice(form);
            self.out.push(BEND);
            if self.promising() {
                self.boundaries(p, i, d, s + 1, used | 1 << s);
            }
            self.out.truncate(mark);
            return;
        }
        let mut lo = s;
        while lo > 0 && slots[lo - 1].form == *form {
            lo -= 1;
        }
        let mut hi = s + 1;
        while hi < slots.len() && slots[hi].form == *form {
            hi += 1;
        }
        // every candidate's reading, with the letters it names first; the smallest kept
        let k = form.len();
        let mut best: Vec<u8> = Vec::new();
        let mut cands: Vec<(usize, usize)> = Vec::new();
        let mut seg: Vec<u8> = Vec::with_capacity(k);
        for c in lo..hi {
            if used >> c & 1 == 1 {
                continue;
            }
            let b = &region[slots[c].boundary];
            for &st in &slots[c].starts {
                seg.clear();
                seg.extend_from_slice(form);
                let mut next = self.next;
                let mut fresh = [0u8; 256];
                for (t, x) in seg.iter_mut().enumerate() {
                    if *x < FIRST_UPPER {
                        continue;
                    }
                    let v = spot_at(b, reversed, st, t) as usize;
                    *x = match self.names[v] {
                        0 => {
                            if fresh[v] == 0 {
                                fresh[v] = next;
                                next += 1;
                            }
                            fresh[v]
                        }
                        n => n,
                    };
                }
                if cands.is_empty() || seg < best {
                    best.clone_from(&seg);
                    cands.clear();
                }
                if seg == best {
                    cands.push((c, st));
                }
            }
        }
        let mark = self.out.len();
        self.out.extend_from_slice(&best);
        self.out.push(BEND);
        if self.promising() {
            for (c, st) in cands {
                if self.done() {
                    break;
                }
                let b = &region[slots[c].boundary];
                let next_before = self.next;
                let named_before = self.named.len();
                for (t, &x) in form.iter().enumerate() {
                    if x < FIRST_UPPER {
                        continue;
                    }
                    let v = spot_at(b, reversed, st, t);
                    if self.names[v as usize] == 0 {
                        self.names[v as usize] = self.next;
                        self.next += 1;
                        self.named.push(v);
                    }
                }
                let depth = self.path.len();
                self.path.push((c as u32) << 16 | st as u32);
                self.boundaries(p, i, d, s + 1, used | 1 << c);
                self.path.pop();
                for &v in &self.named[named_before..] {
                    self.names[v as usize] = 0;
                }
                self.named.truncate(named_before);
                self.next = next_before;
                if self.jumped(depth) {
                    break;
                }
            }
        }
        self.out.truncate(mark);
    }
}

/// The land as it is written, letters renamed in order of first sighting: the same bytes
/// exactly for the same writing (up to the names of letters), so a key for a memo of canonical
/// forms ([`super::cache`]) — one pass, where the canonical form searches.
pub fn plain(land: &Land) -> Box<[u8]> {
    // letter ids lie below MARK_A, so their new names (from FIRST_LETTER, one per id) do too
    let mut names = [0u8; 256];
    let mut next = FIRST_LETTER;
    let mut out =
        Vec::with_capacity(land.iter().flatten().map(|b| b.len() + 1).sum::<usize>() + land.len());
    for r in land {
        for b in r {
            for &v in b {
                out.push(if is_letter(v) {
                    if names[v as usize] == 0 {
                        names[v as usize] = next;
                        next += 1;
                    }
                    names[v as usize]
                } else {
                    v
                });
            }
            out.push(BEND);
        }
        out.push(REND);
    }
    out.into_boxed_slice()
}

/// A land in canonical bytes back in the working form (every letter a unique id), with, for
/// each region, the first boundary written like each boundary (equal boundaries lie next to
/// each other), and the first letter id not used.
pub fn unpack(bytes: &[u8]) -> (Land, Vec<Vec<usize>>, u8) {
    let mut land: Land = Vec::new();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut region: Vec<Vec<u8>> = Vec::new();
    let mut group: Vec<usize> = Vec::new();
    let mut boundary: Vec<u8> = Vec::new();
    let mut upper = [0u8; 256];
    let mut local = [0u8; 256];
    let mut next = FIRST_LETTER;
    let mut start = 0usize;
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            BEND => {
                let this = &bytes[start..i];
                let g = match region.len() {
                    0 => 0,
                    n => {
                        let prev = group[n - 1];
                        if bytes_of_previous(bytes, start) == this {
                            prev
                        } else {
                            n
                        }
                    }
                };
                group.push(g);
                region.push(std::mem::take(&mut boundary));
                local = [0u8; 256];
                start = i + 1;
            }
            REND => {
                land.push(std::mem::take(&mut region));
                groups.push(std::mem::take(&mut group));
                start = i + 1;
            }
            c if c >= FIRST_UPPER && is_letter(c) => {
                if upper[c as usize] == 0 {
                    upper[c as usize] = next;
                    next += 1;
                }
                boundary.push(upper[c as usize]);
            }
            c if is_letter(c) => {
                if local[c as usize] == 0 {
                    local[c as usize] = next;
                    next += 1;
                }
                boundary.push(local[c as usize]);
            }
            c => boundary.push(c),
        }
    }
    (land, groups, next)
}

/// The bytes of the boundary that ends just before `start` (`start` is just after its
/// [`BEND`]), without the end mark.
fn bytes_of_previous(bytes: &[u8], start: usize) -> &[u8] {
    let end = start - 1;
    let mut s = end;
    while s > 0 && bytes[s - 1] != BEND && bytes[s - 1] != REND {
        s -= 1;
    }
    &bytes[s..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every start read in full and compared: the definition of [`best_starts`].
    fn best_starts_by_every_reading(
        b: &[u8],
        reversed: bool,
        codes: &[u8; 256],
    ) -> (Vec<u8>, Vec<usize>) {
        let readings: Vec<Vec<u8>> = (0..b.len().max(1))
            .map(|s| {
                let mut r = Vec::new();
                read(b, reversed, s, codes, &mut r);
                r
            })
            .collect();
        let best = readings.iter().min().expect("one start at least").clone();
        let starts = (0..readings.len())
            .filter(|&s| readings[s] == best)
            .collect();
        (best, starts)
    }

    /// The canonical bytes by [`canonical_by`], computed in full.
    fn searched(l: &Land, untied_fast: bool) -> Box<[u8]> {
        match canonical_by(l, true, untied_fast, &mut |_| None::<()>) {
            Form::New { form, .. } => form,
            Form::Known(()) => unreachable!("nothing is known"),
        }
    }

    /// Lands as moves write them (before their canonical form), reachable from `0*n`.
    fn written_lands(n: usize, most: usize) -> Vec<Land> {
        use crate::games::sprouts::{Sprouts, moves, reduce};
        let game = Sprouts::default();
        let mut todo: Vec<Box<[u8]>> = game
            .spots(n)
            .unwrap()
            .iter()
            .map(|l| l.bytes().into())
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        while let Some(bytes) = todo.pop() {
            if out.len() >= most || !seen.insert(bytes.clone()) {
                continue;
            }
            let (land, groups, next) = unpack(&bytes);
            for (r, group) in groups.iter().enumerate() {
                moves::region_moves(&land, r, group, next, &mut |child| {
                    let mut lands = Vec::new();
                    reduce::reduce(child, &reduce::Reductions::default(), &mut lands);
                    for l in lands {
                        todo.push(canonical(&l, true));
                        out.push(l);
                    }
                });
            }
        }
        out
    }

    #[test]
    fn the_one_writing_of_an_untied_land_is_the_searched_smallest() {
        let lands = written_lands(7, 20_000);
        assert!(lands.len() >= 20_000, "{} lands", lands.len());
        let mut many_regions = 0;
        for l in &lands {
            many_regions += (l.len() > 1) as usize;
            assert_eq!(searched(l, true), searched(l, false), "{l:?}");
        }
        assert!(
            many_regions > 1000,
            "{many_regions} lands of several regions"
        );
    }

    #[test]
    fn a_first_writing_is_a_writing_of_the_same_land_and_met_again() {
        let lands = written_lands(7, 20_000);
        let (mut asked, mut met) = (0, 0);
        let mut memo: std::collections::HashMap<Vec<u8>, Box<[u8]>> = Default::default();
        for l in &lands {
            match canonical_or(l, &mut |w| memo.get(w).cloned()) {
                Form::Known(form) => {
                    // the memo's form for this first writing is the land's own
                    met += 1;
                    assert_eq!(form, canonical(l, true), "{l:?}");
                }
                Form::New { form, first } => {
                    assert_eq!(form, canonical(l, true));
                    if let Some(w) = first {
                        asked += 1;
                        // a faithful writing: read back, it has the land's canonical form
                        assert_eq!(canonical(&unpack(&w).0, true), form, "{l:?}");
                        memo.insert(w, form);
                    }
                }
            }
        }
        // the memo is met: lands reached by several moves come written otherwise
        assert!(asked > 1000 && met > asked, "{asked} asked, {met} met");
    }

    proptest! {
        #[test]
        fn best_starts_are_the_starts_of_the_smallest_reading(
            spots in prop::collection::vec(0u8..10, 0..14),
            wide in prop::collection::vec(any::<bool>(), 6),
            reversed in any::<bool>(),
        ) {
            // spots 0..=3 as themselves, 4..=9 letters (each seen wherever drawn, so a
            // boundary may repeat one, as a local letter does); some letters wide
            let mut codes = [0u8; 256];
            for (i, &w) in wide.iter().enumerate() {
                if w {
                    codes[FIRST_LETTER as usize + i] = WIDE + (i % 3) as u8;
                }
            }
            let b: Vec<u8> = spots.iter().map(|&v| if v < 4 { v } else { FIRST_LETTER + v - 4 }).collect();
            prop_assert_eq!(
                best_starts(&b, reversed, &codes, &mut Scratch::new()),
                best_starts_by_every_reading(&b, reversed, &codes)
            );
        }
    }
}
