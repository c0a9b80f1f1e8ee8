//! Test oracles for the counting tests: retrograde analysis of finite game graphs with draws.
#![allow(dead_code)]

use grundy::{LoopyValue, Nimber, Outcome};

/// Win/lose/draw of every state of a finite game graph (moves given as successor lists), by
/// retrograde analysis: a state with no move is P; a state with a move to P is N; a state whose
/// moves all lead to N is P; what is never labelled is a draw.
pub fn retrograde(succ: &[Vec<usize>]) -> Vec<Outcome> {
    let n = succ.len();
    let mut pred = vec![Vec::new(); n];
    for (s, list) in succ.iter().enumerate() {
        for &t in list {
            pred[t].push(s);
        }
    }
    let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut out = vec![Outcome::D; n];
    let mut done = vec![false; n];
    let mut queue: Vec<usize> = (0..n).filter(|&s| left[s] == 0).collect();
    for &s in &queue {
        out[s] = Outcome::P;
        done[s] = true;
    }
    while let Some(s) = queue.pop() {
        for &t in &pred[s] {
            if done[t] {
                continue;
            }
            if out[s] == Outcome::P {
                out[t] = Outcome::N;
                done[t] = true;
                queue.push(t);
            } else {
                left[t] -= 1;
                if left[t] == 0 {
                    out[t] = Outcome::P;
                    done[t] = true;
                    queue.push(t);
                }
            }
        }
    }
    out
}

/// Generalized Sprague–Grundy values by their defining property: `γ(u) = g` finite iff the sum
/// `u + *g` is a P-position, and `γ(u) = ∞(S)` with `S = {n : u + *n is N}` otherwise. The sums
/// `u + *n` are solved by [`retrograde`] with the Nim heap bounded by `V + 1` (every finite value
/// and every element of `S` is at most the number of vertices).
pub fn loopy_values(vertices: usize, edges: &[(usize, usize)]) -> Vec<LoopyValue> {
    let m = vertices + 2; // heap sizes 0..m
    let id = |u: usize, h: usize| u * m + h;
    let mut succ = vec![Vec::new(); vertices * m];
    for &(u, v) in edges {
        for h in 0..m {
            succ[id(u, h)].push(id(v, h));
        }
    }
    for u in 0..vertices {
        for h in 0..m {
            for h2 in 0..h {
                succ[id(u, h)].push(id(u, h2));
            }
        }
    }
    let out = retrograde(&succ);
    (0..vertices)
        .map(|u| {
            let p: Vec<usize> = (0..m).filter(|&h| out[id(u, h)] == Outcome::P).collect();
            match p.as_slice() {
                [g] => LoopyValue::Finite(Nimber(*g as u64)),
                [] => LoopyValue::infinite(
                    (0..m)
                        .filter(|&h| out[id(u, h)] == Outcome::N)
                        .map(|h| h as u64)
                        .collect(),
                ),
                _ => panic!("vertex {u} equals two different nimbers"),
            }
        })
        .collect()
}

/// Outcomes of every ordered placement of `k` tokens (index = base-`V` digits, token 0 lowest),
/// by retrograde analysis of the product game (a move takes one token along one edge).
pub fn token_outcomes(vertices: usize, edges: &[(usize, usize)], k: u32) -> Vec<Outcome> {
    let states = vertices.pow(k);
    let mut adj = vec![Vec::new(); vertices];
    for &(u, v) in edges {
        adj[u].push(v);
    }
    let mut succ = vec![Vec::new(); states];
    for (s, list) in succ.iter_mut().enumerate() {
        let mut place = 1;
        for _ in 0..k {
            let u = (s / place) % vertices;
            for &v in &adj[u] {
                list.push(s - u * place + v * place);
            }
            place *= vertices;
        }
    }
    retrograde(&succ)
}

/// A tiny deterministic pseudo-random generator (xorshift), for reproducible random graphs.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random digraph on `vertices` vertices with about `edges` edges (self-loops and parallel
/// edges allowed), acyclic (`u < v` only) when asked.
pub fn random_graph(
    rng: &mut Rng,
    vertices: usize,
    edges: usize,
    acyclic: bool,
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for _ in 0..edges {
        let u = rng.below(vertices as u64) as usize;
        let v = rng.below(vertices as u64) as usize;
        if acyclic {
            if u < v {
                out.push((u, v));
            }
        } else {
            out.push((u, v));
        }
    }
    out
}
