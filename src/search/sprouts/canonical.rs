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
//! 3. The letters seen in two regions are named in order of first sighting; where several
//!    writings tie in steps 1–2 (equal regions, equal boundaries, a boundary or region equal to
//!    itself turned), every tie is tried and the smallest writing kept — up to [`MAX_TIES`]
//!    writings, beyond which the first smallest found is kept (the form is then still a
//!    faithful writing of the land, only perhaps not shared by all its writings).
//!
//! Bytes: spots `0 1 2` as themselves, `3` for a dead spot (when dead spots are kept),
//! lower-case letters from [`FIRST_LETTER`] (local to their boundary), upper-case letters from
//! [`FIRST_UPPER`], each boundary ended by [`BEND`] and each region by [`REND`].

use super::land::{BEND, FIRST_LETTER, FIRST_UPPER, Land, REND, is_letter};

/// The most tied writings tried when naming the letters seen in two regions.
pub const MAX_TIES: usize = 64;

/// Placeholder of a letter seen in two regions while boundaries and regions are ordered.
const WIDE: u8 = FIRST_UPPER;
/// One past the last placeholder code.
const END_CODES: u8 = super::land::END_LETTER;

/// A boundary read in one direction from one start: its bytes with local letters named and
/// wide letters written as their placeholder `codes[v]` (nonzero exactly for wide letters).
fn read(b: &[u8], reversed: bool, start: usize, codes: &[u8; 256], out: &mut Vec<u8>) {
    let k = b.len();
    let mut names = [0u8; 256];
    let mut next = FIRST_LETTER;
    for s in 0..k {
        let v = if reversed {
            b[(start + k - s) % k]
        } else {
            b[(start + s) % k]
        };
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
fn best_starts(b: &[u8], reversed: bool, codes: &[u8; 256]) -> (Vec<u8>, Vec<usize>) {
    let k = b.len();
    let mut best: Vec<u8> = Vec::new();
    let mut starts = Vec::new();
    let mut cur = Vec::with_capacity(k);
    for s in 0..k.max(1) {
        cur.clear();
        read(b, reversed, s, codes, &mut cur);
        if starts.is_empty() || cur < best {
            best.clone_from(&cur);
            starts.clear();
            starts.push(s);
        } else if cur == best {
            starts.push(s);
        }
    }
    (best, starts)
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
        return out.into_boxed_slice();
    }
    let mut forms: Vec<RegionForm> = land
        .iter()
        .enumerate()
        .map(|(q, r)| region_form(q, r, &codes, &wide))
        .collect();
    forms.sort_by(|a, b| a.form.cmp(&b.form));
    let any_wide = forms.iter().any(|f| f.has_wide);
    if any_wide && forms.len() > 1 {
        // refinement: a wide letter is written by the class of the region of its other
        // sighting, so regions and boundaries that only looked alike stop tying
        let mut class = vec![0u8; land.len()];
        let mut c = 0u8;
        for i in 0..forms.len() {
            if i > 0 && forms[i].form != forms[i - 1].form {
                c = c.saturating_add(1);
            }
            class[forms[i].region] = c.min(END_CODES - FIRST_UPPER - 1);
        }
        let mut sight = [(u16::MAX, u16::MAX); 256];
        for (q, r) in land.iter().enumerate() {
            for &v in r.iter().flatten() {
                if is_letter(v) && wide[v as usize] {
                    let e = &mut sight[v as usize];
                    if e.0 == u16::MAX {
                        e.0 = q as u16;
                    } else if e.0 != q as u16 {
                        e.1 = q as u16;
                    }
                }
            }
        }
        forms = land
            .iter()
            .enumerate()
            .map(|(q, r)| {
                let mut codes = [0u8; 256];
                for &v in r.iter().flatten() {
                    if is_letter(v) && wide[v as usize] {
                        let (a, b) = sight[v as usize];
                        let other = if a == q as u16 { b } else { a };
                        let cl = class.get(other as usize).copied().unwrap_or(0);
                        codes[v as usize] = FIRST_UPPER + cl;
                    }
                }
                region_form(q, r, &codes, &wide)
            })
            .collect();
        forms.sort_by(|a, b| a.form.cmp(&b.form));
    }
    if !any_wide {
        let mut out = Vec::new();
        for f in &forms {
            out.extend_from_slice(&f.form);
        }
        return out.into_boxed_slice();
    }
    let mut n = Namer {
        land,
        forms: &forms,
        used_region: vec![false; forms.len()],
        out: Vec::new(),
        names: [0u8; 256],
        named: Vec::new(),
        next: FIRST_UPPER,
        best: None,
        leaves: 0,
    };
    n.regions(0);
    n.best.expect("one writing at least").into_boxed_slice()
}

fn region_form(q: usize, r: &[Vec<u8>], codes: &[u8; 256], wide: &[bool; 256]) -> RegionForm {
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
                let (form, starts) = best_starts(b, reversed, codes);
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
    leaves: usize,
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

    fn done(&self) -> bool {
        self.leaves >= MAX_TIES
    }

    /// Write the regions from slot `p` on.
    fn regions(&mut self, p: usize) {
        if p == self.forms.len() {
            self.leaves += 1;
            if self.best.as_ref().is_none_or(|b| self.out < *b) {
                self.best = Some(self.out.clone());
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
                self.boundaries(p, i, d, 0, 0);
                self.out.truncate(mark);
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
    /// regions after slot `p`.
    fn boundaries(&mut self, p: usize, i: usize, d: usize, s: usize, mut used: u128) {
        let (reversed, ref slots) = self.forms[i].directions[d];
        if s == slots.len() {
            self.out.push(REND);
            if self.promising() {
                self.regions(p + 1);
            }
            self.out.pop();
            return;
        }
        let form = &slots[s].form;
        let (lo, hi) = if slots[s].has_wide {
            let mut lo = s;
            while lo > 0 && slots[lo - 1].form == *form {
                lo -= 1;
            }
            let mut hi = s + 1;
            while hi < slots.len() && slots[hi].form == *form {
                hi += 1;
            }
            (lo, hi)
        } else {
            // equal boundaries without wide letters are the same bytes: slot s's own will do
            (s, s + 1)
        };
        #[allow(clippy::needless_range_loop)] // `c` also names the slot in `used`
        for c in lo..hi {
            if self.done() {
                return;
            }
            if used >> c & 1 == 1 {
                continue;
            }
            used |= 1 << c;
            let b = &self.land[self.forms[i].region][slots[c].boundary];
            let n_starts = if slots[c].has_wide {
                slots[c].starts.len()
            } else {
                1
            };
            for si in 0..n_starts {
                let st = slots[c].starts[si];
                let mark = self.out.len();
                let next_before = self.next;
                let named_before = self.named.len();
                // every tied start reads as the slot's form; only the wide letters (written
                // as placeholders there) get their names here
                self.out.extend_from_slice(&slots[c].form);
                if slots[c].has_wide {
                    let k = b.len();
                    for t in 0..k {
                        if slots[c].form[t] < FIRST_UPPER {
                            continue;
                        }
                        let v = if reversed {
                            b[(st + k - t) % k]
                        } else {
                            b[(st + t) % k]
                        };
                        if self.names[v as usize] == 0 {
                            self.names[v as usize] = self.next;
                            self.next += 1;
                            self.named.push(v);
                        }
                        self.out[mark + t] = self.names[v as usize];
                    }
                }
                self.out.push(BEND);
                if self.promising() {
                    self.boundaries(p, i, d, s + 1, used);
                }
                self.out.truncate(mark);
                for &v in &self.named[named_before..] {
                    self.names[v as usize] = 0;
                }
                self.named.truncate(named_before);
                self.next = next_before;
                if self.done() {
                    break;
                }
            }
            used &= !(1 << c);
            if !slots[c].has_wide {
                break;
            }
        }
    }
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
