//! A Sprouts position as an explicit plane drawing, and its moves made by drawing.
//!
//! The drawing lives on the sphere. Spots are numbered `0, 1, 2, …` in the order they were drawn
//! and never renumbered; each has a degree (curve ends at it, 0..=3; a loop counts twice). Every
//! move draws one curve with a new spot on it, which we keep as two edges `(a, z)` and `(z, b)`
//! (`a == b` for a loop); no edge ever joins a spot to itself.
//!
//! The faces are kept as lists of boundary walks. A face of a drawing with several connected
//! components is bounded by one closed walk per component that touches it. A walk is the cyclic
//! list of the *corners* it passes, a corner being an occurrence of a spot between two consecutive
//! curve ends around it (the single corner of an isolated spot is a walk of its own, of length 1).
//! Every walk of every face is written in the same direction: the face is on the left of the
//! walker. A spot of degree `d` has `max(d, 1)` corners in all.
//!
//! A move draws a curve inside a face between two corners whose spots have lives left
//! (lives = 3 − degree), of two distinct spots, or from a corner back to itself (a loop) at a spot
//! with at least 2 lives, and puts a new spot `z` (degree 2) on it:
//!
//! * both corners on the same walk `x_0 … x_{m-1}` (positions `p`, `q`): the curve cuts the face
//!   in two. One side is bounded by `x_p … x_q` then back along the curve through `z`, the other
//!   by `x_q … x_p` then through `z`; for a loop (`p == q`) one side is the corner alone
//!   (`x_p z`, the inside of the loop) and the other is the whole walk with `x_p` met twice
//!   (`x_p x_{p+1} … x_{p-1} x_p z`), or just `x_p z` when the spot was isolated. Each of the
//!   other `k` walks of the face goes to either side: the `2^k` ways are `2^k` moves.
//! * the corners on two different walks: the curve joins two components; the face stays one face
//!   and the two walks become one, `a_i … a_{i-1} a_i z b_j … b_{j-1} b_j z` (an isolated spot is
//!   passed once only, since one curve end leaves it with a single corner).
//!
//! [`Drawing::notation`] prints the position in the string notation of Applegate, Jacobson and
//! Sleator; [`Drawing::check_invariants`] checks the drawing against itself.

use std::collections::HashMap;

/// A spot's number (spots are numbered in the order they are drawn).
pub type Spot = u8;

/// One move, described on the drawing it is made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The face the curve is drawn in.
    pub face: usize,
    /// The corner the curve starts at: (walk of the face, position in the walk).
    pub from: (usize, usize),
    /// The corner the curve ends at (equal to `from` for a loop).
    pub to: (usize, usize),
    /// When both corners are on one walk: bit `j` set sends the `j`-th other walk of the face
    /// (walks of the face in order, the split walk skipped) to the side bounded by the arc
    /// `from … to`; clear sends it to the other side. Zero when the curve joins two walks.
    pub inside: u64,
}

/// A Sprouts position as a plane drawing (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Drawing {
    /// Curve ends at each spot.
    degree: Vec<u8>,
    /// Every edge drawn; two per move.
    edges: Vec<(Spot, Spot)>,
    /// Faces, each a list of boundary walks, each walk the cyclic list of its corners' spots.
    faces: Vec<Vec<Vec<Spot>>>,
}

impl Drawing {
    /// The starting position: `n` isolated spots, all in the one face of the empty drawing.
    pub fn spots(n: usize) -> Drawing {
        assert!(n <= 40, "too many spots for this oracle");
        Drawing {
            degree: vec![0; n],
            edges: Vec::new(),
            faces: vec![(0..n).map(|v| vec![v as Spot]).collect()],
        }
    }

    /// Number of spots drawn (live or dead).
    pub fn spot_count(&self) -> usize {
        self.degree.len()
    }

    /// Degree (curve ends) of every spot.
    pub fn degrees(&self) -> &[u8] {
        &self.degree
    }

    /// Lives left at a spot: `3 − degree`.
    pub fn lives(&self, v: Spot) -> u8 {
        3 - self.degree[v as usize]
    }

    /// Lives left in the whole position; every move takes exactly one.
    pub fn total_lives(&self) -> u32 {
        self.degree.iter().map(|&d| 3 - u32::from(d)).sum()
    }

    /// Number of curves drawn (moves made).
    pub fn curve_count(&self) -> usize {
        self.edges.len() / 2
    }

    /// The edges (two per curve).
    pub fn edges(&self) -> &[(Spot, Spot)] {
        &self.edges
    }

    /// The faces: each a list of walks, each walk a cyclic list of corners (spot numbers), the
    /// face on the left.
    pub fn faces(&self) -> &[Vec<Vec<Spot>>] {
        &self.faces
    }

    /// Every legal move, in a fixed order: face by face; in a face, pairs of live corners in the
    /// order the corners are listed (a corner paired with itself is a loop); for a split, every
    /// way of placing the other walks.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for (f, face) in self.faces.iter().enumerate() {
            let corners: Vec<(usize, usize)> = face
                .iter()
                .enumerate()
                .flat_map(|(w, walk)| (0..walk.len()).map(move |i| (w, i)))
                .filter(|&(w, i)| self.lives(face[w][i]) > 0)
                .collect();
            let others = face.len().saturating_sub(1); // the empty drawing's face has no walk
            assert!(others < 64, "too many walks in one face");
            for (s, &c1) in corners.iter().enumerate() {
                for &c2 in &corners[s..] {
                    let (a, b) = (face[c1.0][c1.1], face[c2.0][c2.1]);
                    if c1 == c2 {
                        if self.lives(a) < 2 {
                            continue;
                        }
                    } else if a == b {
                        // Two corners of one spot: it has degree 2, one life, no loop possible.
                        continue;
                    }
                    if c1.0 == c2.0 {
                        for inside in 0..(1u64 << others) {
                            out.push(Move {
                                face: f,
                                from: c1,
                                to: c2,
                                inside,
                            });
                        }
                    } else {
                        out.push(Move {
                            face: f,
                            from: c1,
                            to: c2,
                            inside: 0,
                        });
                    }
                }
            }
        }
        out
    }

    /// The position after `m` (which must be one of [`Drawing::legal_moves`]).
    pub fn apply(&self, m: &Move) -> Drawing {
        let mut d = self.clone();
        assert!(d.degree.len() < usize::from(Spot::MAX), "too many spots");
        let z = d.degree.len() as Spot;
        d.degree.push(2);
        let face = std::mem::take(&mut d.faces[m.face]);
        let ((w1, i1), (w2, i2)) = (m.from, m.to);
        let (a, b) = (face[w1][i1], face[w2][i2]);
        if m.from == m.to {
            assert!(d.lives(a) >= 2, "loop at a spot with under 2 lives");
            d.degree[a as usize] += 2;
        } else {
            assert!(
                a != b && d.lives(a) >= 1 && d.lives(b) >= 1,
                "illegal curve"
            );
            d.degree[a as usize] += 1;
            d.degree[b as usize] += 1;
        }
        d.edges.push((a, z));
        d.edges.push((z, b));

        if w1 == w2 {
            // The curve cuts the face in two.
            let walk = &face[w1];
            let len = walk.len();
            let (side_a, side_b): (Vec<Spot>, Vec<Spot>) = if i1 == i2 {
                if len == 1 {
                    // Loop at an isolated spot: two corners, one inside, one outside.
                    (vec![a, z], vec![a, z])
                } else {
                    // Inside the loop: the corner alone; outside: the whole walk, the spot twice.
                    let mut outside: Vec<Spot> = (0..=len).map(|k| walk[(i1 + k) % len]).collect();
                    outside.push(z);
                    (vec![a, z], outside)
                }
            } else {
                let arc = |from: usize, to: usize| -> Vec<Spot> {
                    let steps = (to + len - from) % len;
                    let mut v: Vec<Spot> = (0..=steps).map(|k| walk[(from + k) % len]).collect();
                    v.push(z);
                    v
                };
                (arc(i1, i2), arc(i2, i1))
            };
            let mut face_a = vec![side_a];
            let mut face_b = vec![side_b];
            let mut j = 0;
            for (w, other) in face.iter().enumerate() {
                if w == w1 {
                    continue;
                }
                if m.inside >> j & 1 == 1 {
                    face_a.push(other.clone());
                } else {
                    face_b.push(other.clone());
                }
                j += 1;
            }
            d.faces[m.face] = face_a;
            d.faces.push(face_b);
        } else {
            // The curve joins two walks (two components) inside one face.
            let around = |walk: &Vec<Spot>, i: usize| -> Vec<Spot> {
                let len = walk.len();
                if len == 1 {
                    vec![walk[0]]
                } else {
                    (0..=len).map(|k| walk[(i + k) % len]).collect()
                }
            };
            let mut merged = around(&face[w1], i1);
            merged.push(z);
            merged.extend(around(&face[w2], i2));
            merged.push(z);
            let first = w1.min(w2);
            let mut new_face = Vec::with_capacity(face.len() - 1);
            for (w, walk) in face.into_iter().enumerate() {
                if w == first {
                    new_face.push(std::mem::take(&mut merged));
                } else if w != w1 && w != w2 {
                    new_face.push(walk);
                }
            }
            d.faces[m.face] = new_face;
        }
        d
    }

    /// Every position one move away (one per legal move; equal positions may repeat).
    pub fn moves(&self) -> Vec<Drawing> {
        self.legal_moves().iter().map(|m| self.apply(m)).collect()
    }

    /// The position in the string notation: faces separated by `|`, the walks of a face by `.`,
    /// a walk written as the corners it meets in order (face on the left), a corner written `0`
    /// (isolated spot), `1` (degree 1), or a letter for a spot of degree 2: lowercase when its
    /// two corners are on the same walk, uppercase when they are in two different faces, one
    /// letter per spot. Dead spots (degree 3) are left out, and so are walks and faces with
    /// nothing left to print; a position with nothing printed is the empty string.
    ///
    /// A degree-2 spot never has its two corners on two different walks of one face: the walks of
    /// one face belong to different connected components (a connected plane drawing has a single
    /// closed walk around each of its faces, so one component meets a face in one walk only),
    /// while both corners of a spot belong to the component of that spot.
    pub fn notation(&self) -> String {
        // Where each spot's corners are: (face, walk) per corner.
        let mut place: Vec<[(usize, usize); 2]> = vec![[(usize::MAX, 0); 2]; self.degree.len()];
        let mut seen = vec![0u8; self.degree.len()];
        for (f, face) in self.faces.iter().enumerate() {
            for (w, walk) in face.iter().enumerate() {
                for &v in walk {
                    let v = v as usize;
                    if self.degree[v] == 2 {
                        assert!(seen[v] < 2, "spot {v} of degree 2 has more than 2 corners");
                        place[v][seen[v] as usize] = (f, w);
                    }
                    seen[v] += 1;
                }
            }
        }
        let mut letter: Vec<Option<u8>> = vec![None; self.degree.len()];
        let mut next_letter = 0u8;
        let mut out = String::new();
        let mut first_face = true;
        for face in &self.faces {
            let mut face_text = String::new();
            for walk in face {
                let mut walk_text = String::new();
                for &v in walk {
                    let v = v as usize;
                    match self.degree[v] {
                        0 => walk_text.push('0'),
                        1 => walk_text.push('1'),
                        2 => {
                            assert_eq!(seen[v], 2, "spot {v} of degree 2 without 2 corners");
                            let [(f1, w1), (f2, w2)] = place[v];
                            let lower = if (f1, w1) == (f2, w2) {
                                true
                            } else if f1 != f2 {
                                false
                            } else {
                                panic!("spot {v}: two corners on two walks of one face")
                            };
                            let l = *letter[v].get_or_insert_with(|| {
                                assert!(next_letter < 26, "more than 26 spots of degree 2");
                                next_letter += 1;
                                next_letter - 1
                            });
                            let base = if lower { b'a' } else { b'A' };
                            walk_text.push((base + l) as char);
                        }
                        _ => {}
                    }
                }
                if !walk_text.is_empty() {
                    if !face_text.is_empty() {
                        face_text.push('.');
                    }
                    face_text.push_str(&walk_text);
                }
            }
            if !face_text.is_empty() {
                if !first_face {
                    out.push('|');
                }
                out.push_str(&face_text);
                first_face = false;
            }
        }
        out
    }

    /// The mirror image: every walk walked the other way (the faces now on the right). Same
    /// game, so same value; a different drawing and usually a different notation.
    pub fn mirrored(&self) -> Drawing {
        let mut d = self.clone();
        for face in &mut d.faces {
            for walk in face {
                walk.reverse();
            }
        }
        d
    }

    /// The same drawing written differently: spots renumbered, faces and the walks of each face
    /// put in another order, each walk started at another corner (all at random from `rng`).
    pub fn shuffled(&self, rng: &mut super::rng::SplitMix64) -> Drawing {
        fn shuffle<T>(v: &mut [T], rng: &mut super::rng::SplitMix64) {
            for i in (1..v.len()).rev() {
                v.swap(i, rng.below(i + 1));
            }
        }
        let n = self.degree.len();
        let mut new_id: Vec<Spot> = (0..n as Spot).collect();
        shuffle(&mut new_id, rng);
        let mut degree = vec![0; n];
        for v in 0..n {
            degree[new_id[v] as usize] = self.degree[v];
        }
        let mut edges: Vec<(Spot, Spot)> = self
            .edges
            .iter()
            .map(|&(a, b)| (new_id[a as usize], new_id[b as usize]))
            .collect();
        shuffle(&mut edges, rng);
        let mut faces = self.faces.clone();
        shuffle(&mut faces, rng);
        for face in &mut faces {
            shuffle(face, rng);
            for walk in face.iter_mut() {
                let k = rng.below(walk.len());
                walk.rotate_left(k);
                for v in walk.iter_mut() {
                    *v = new_id[*v as usize];
                }
            }
        }
        Drawing {
            degree,
            edges,
            faces,
        }
    }

    /// Connected components of the drawing (isolated spots included), by union–find on the edges.
    pub fn component_of(&self) -> Vec<usize> {
        let n = self.degree.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for &(a, b) in &self.edges {
            let (ra, rb) = (find(&mut parent, a as usize), find(&mut parent, b as usize));
            if ra != rb {
                parent[ra] = rb;
            }
        }
        (0..n).map(|v| find(&mut parent, v)).collect()
    }

    /// Number of connected components.
    pub fn component_count(&self) -> usize {
        let comp = self.component_of();
        (0..comp.len()).filter(|&v| comp[v] == v).count()
    }

    /// Checks the drawing against itself: degrees against edges; `max(degree, 1)` corners per
    /// spot; walks of length 1 exactly at isolated spots; every walk step is along an edge, each
    /// edge walked once in each direction (so every face is on the same side of its walks); the
    /// walks of one face in pairwise different components; a degree-2 spot's two corners on one
    /// walk or in two faces; Euler's formula `V − E + F = 1 + C` on the sphere.
    pub fn check_invariants(&self) -> Result<(), String> {
        let n = self.degree.len();
        let mut ends = vec![0u8; n];
        let mut mult: HashMap<(Spot, Spot), i64> = HashMap::new();
        for &(a, b) in &self.edges {
            if a == b {
                return Err(format!("edge from spot {a} to itself"));
            }
            ends[a as usize] += 1;
            ends[b as usize] += 1;
            *mult.entry((a.min(b), a.max(b))).or_default() += 1;
        }
        if !self.edges.len().is_multiple_of(2) {
            return Err("odd number of edges".into());
        }
        #[allow(clippy::needless_range_loop)] // `v` names the spot in the messages
        for v in 0..n {
            if self.degree[v] > 3 {
                return Err(format!("spot {v} has degree {}", self.degree[v]));
            }
            if ends[v] != self.degree[v] {
                return Err(format!(
                    "spot {v}: degree {} but {} edge ends",
                    self.degree[v], ends[v]
                ));
            }
        }
        let mut corners = vec![0u8; n];
        let mut steps: HashMap<(Spot, Spot), i64> = HashMap::new();
        let comp = self.component_of();
        let mut where_: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (f, face) in self.faces.iter().enumerate() {
            let mut comps_here = Vec::new();
            for (w, walk) in face.iter().enumerate() {
                if walk.is_empty() {
                    return Err(format!("empty walk in face {f}"));
                }
                for &v in walk {
                    if v as usize >= n {
                        return Err(format!("walk names spot {v}, only {n} drawn"));
                    }
                    corners[v as usize] += 1;
                    where_[v as usize].push((f, w));
                }
                if walk.len() == 1 {
                    if self.degree[walk[0] as usize] != 0 {
                        return Err(format!(
                            "walk of length 1 at spot {} of degree > 0",
                            walk[0]
                        ));
                    }
                } else {
                    for k in 0..walk.len() {
                        let (u, v) = (walk[k], walk[(k + 1) % walk.len()]);
                        *steps.entry((u, v)).or_default() += 1;
                    }
                }
                let c = comp[walk[0] as usize];
                if walk.iter().any(|&v| comp[v as usize] != c) {
                    return Err(format!("walk {w} of face {f} spans two components"));
                }
                if comps_here.contains(&c) {
                    return Err(format!("face {f} has two walks of one component"));
                }
                comps_here.push(c);
            }
        }
        for v in 0..n {
            let want = self.degree[v].max(1);
            if corners[v] != want {
                return Err(format!(
                    "spot {v} of degree {} has {} corners",
                    self.degree[v], corners[v]
                ));
            }
            if self.degree[v] == 2 {
                let (p, q) = (where_[v][0], where_[v][1]);
                if p != q && p.0 == q.0 {
                    return Err(format!("spot {v}: two corners on two walks of one face"));
                }
            }
        }
        for (&(u, v), &k) in &steps {
            let m = mult.get(&(u.min(v), u.max(v))).copied().unwrap_or(0);
            if k != m {
                return Err(format!(
                    "step {u}->{v} walked {k} times, edge multiplicity {m}"
                ));
            }
        }
        for (&(u, v), &m) in &mult {
            for (x, y) in [(u, v), (v, u)] {
                if steps.get(&(x, y)).copied().unwrap_or(0) != m {
                    return Err(format!("edge {x}-{y} not walked {m} times each way"));
                }
            }
        }
        let (vv, e, f) = (n as i64, self.edges.len() as i64, self.faces.len() as i64);
        let c = self.component_count() as i64;
        if vv - e + f != 1 + c {
            return Err(format!("Euler: V {vv} - E {e} + F {f} != 1 + C {c}"));
        }
        Ok(())
    }
}
