//! Node-Kayles (a move picks a vertex and removes it with its neighbours; Schaefer 1978) and
//! Arc-Kayles (a move picks an edge and removes both ends with every edge at them) for the search.
//!
//! A position is a graph; its components are the connected components of the graph. Two forms:
//! - [`GridKayles`]: Node-Kayles on induced subgraphs of the square grid, as [`Region`]s — the
//!   grid's symmetries give canonical forms cheaply (the 3 × n grid of OEIS A316632).
//! - [`GraphKayles`]: either game on any graph of at most 127 vertices, components in the
//!   canonical labelling of [`super::graph`].
//!
//! Arc-Kayles on the grid graph is Cram (a domino is an edge of the grid), which the tests use to
//! check the two engines against each other.
//!
//! Known values without search: one vertex is `*1` in Node-Kayles (one move, to the empty
//! graph); a complete graph is `*1` (every move ends the game); a path of `n` vertices is
//! Dawson's chess (octal game `0.137`), tabled; in Arc-Kayles a graph with at most three
//! vertices or a star is `*1`; and the mirror theorem of [`crate::games::grid::region`] for grid regions (a
//! region symmetric under `σ` with no vertex `v` such that `σ(v)` is `v` or a neighbour of `v`).
//!
//! ```
//! use grundy::search::{Config, Search, Table};
//! use grundy::games::kayles::{GraphKayles, Rule};
//! use grundy::games::kayles::graph::Graph;
//! let game = GraphKayles::new(Rule::Vertex);
//! let table = Table::with_bytes(1 << 20);
//! let s = Search::new(&game, &table, Config::default());
//! // the 5-cycle: any move leaves a path of two vertices (*1), so its value is *0
//! let c5 = Graph::from_edges(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]).unwrap();
//! assert_eq!(s.value(&game.components(&c5)).unwrap(), 0);
//! ```

use super::graph::Graph;
use crate::games::grid::region::{MAX_CELLS, Region, low};
use crate::search::{Key, Moves, SearchGame};

/// Dawson's chess as Node-Kayles on the path `P_n`: a vertex `i` leaves paths of `i − 1` and
/// `n − i − 2` vertices (fewer at the ends).
fn path_values(max: usize) -> Vec<u8> {
    let mut g = vec![0u8; max + 1];
    for n in 1..=max {
        let mut seen = 0u128;
        for i in 0..n {
            let left = i.saturating_sub(1);
            let right = (n - i).saturating_sub(2);
            seen |= 1u128 << (g[left] ^ g[right]);
        }
        g[n] = (!seen).trailing_zeros() as u8;
    }
    g
}

/// The switches shared by the Kayles games.
#[derive(Clone, Debug)]
pub struct KaylesConfig {
    /// Split positions into connected components.
    pub decompose: bool,
    /// Canonical forms (grid symmetries, or graph isomorphism); translation always for grids.
    pub symmetry: bool,
    /// The mirror theorem for symmetric grid regions.
    pub mirror: bool,
}

impl Default for KaylesConfig {
    fn default() -> Self {
        KaylesConfig {
            decompose: true,
            symmetry: true,
            mirror: true,
        }
    }
}

/// Node-Kayles on induced subgraphs of the square grid.
pub struct GridKayles {
    cfg: KaylesConfig,
    path: Vec<u8>,
}

impl Default for GridKayles {
    fn default() -> Self {
        GridKayles::new(KaylesConfig::default())
    }
}

/// Whether some vertex of `r` is its own image or a neighbour of it under `sigma`.
fn vertex_meets_image(r: &Region, sigma: &dyn Fn(usize) -> usize) -> bool {
    let w = r.w as usize;
    let mut b = r.bits;
    while b != 0 {
        let a = b.trailing_zeros() as usize;
        b &= b - 1;
        let s = sigma(a);
        let (ra, ca, rs, cs) = (a / w, a % w, s / w, s % w);
        if ra.abs_diff(rs) + ca.abs_diff(cs) <= 1 {
            return true;
        }
    }
    false
}

impl GridKayles {
    /// Node-Kayles on grid regions with the given switches.
    pub fn new(cfg: KaylesConfig) -> GridKayles {
        GridKayles {
            cfg,
            path: path_values(MAX_CELLS),
        }
    }

    /// The full `rows × cols` grid.
    pub fn grid(&self, rows: usize, cols: usize) -> Result<Region, String> {
        if rows == 0 || cols == 0 {
            return Err(format!(
                "a {rows}×{cols} grid has no vertices; rows and columns must be at least 1"
            ));
        }
        if rows * cols > MAX_CELLS {
            return Err(format!(
                "a {rows}×{cols} grid has {} vertices, more than the {MAX_CELLS} the search supports",
                rows * cols
            ));
        }
        Ok(Region::new(low(rows * cols), cols, rows))
    }

    fn canon(&self, r: &Region) -> Region {
        if self.cfg.symmetry {
            r.canonical()
        } else {
            r.translated()
        }
    }

    fn split(&self, board: &Region, bits: u128, out: &mut Moves<Region>) {
        if bits == 0 {
            return;
        }
        if !self.cfg.decompose {
            out.push_part(self.canon(&board.trimmed(bits)));
            return;
        }
        board.for_each_component(bits, |comp| out.push_part(self.canon(&board.trimmed(comp))));
    }

    /// The components of a whole grid region.
    pub fn components(&self, board: &Region) -> Vec<Region> {
        let mut m = Moves::default();
        self.split(board, board.bits, &mut m);
        m.end_move();
        m.parts(0).to_vec()
    }

    /// Every move of a whole region: the vertex picked (its bit) and the region after it.
    pub fn board_moves(&self, board: &Region) -> Vec<(usize, Region)> {
        let mut out = Vec::new();
        let mut b = board.bits;
        while b != 0 {
            let a = b.trailing_zeros() as usize;
            b &= b - 1;
            let gone = board.neighbours(1u128 << a) | 1u128 << a;
            out.push((
                a,
                Region {
                    bits: board.bits & !gone,
                    ..*board
                },
            ));
        }
        out
    }
}

impl SearchGame for GridKayles {
    type Component = Region;

    fn id(&self) -> String {
        "node-kayles grid regions v1".into()
    }

    fn moves(&self, c: &Region, out: &mut Moves<Region>) {
        let mut b = c.bits;
        while b != 0 {
            let a = b.trailing_zeros() as usize;
            b &= b - 1;
            let gone = c.neighbours(1u128 << a) | 1u128 << a;
            self.split(c, c.bits & !gone, out);
            out.end_move();
        }
    }

    fn key(&self, c: &Region) -> Key {
        crate::games::cram::search::region_key(c)
    }

    fn size(&self, c: &Region) -> u32 {
        c.cells()
    }

    fn mobility(&self, c: &Region) -> Option<u32> {
        // a move a vertex
        Some(c.cells())
    }

    fn known_value(&self, c: &Region) -> Option<u8> {
        match c.cells() {
            0 => return Some(0),
            1 => return Some(1),
            2 => return Some((c.neighbours(c.bits) & c.bits != 0) as u8),
            _ => {}
        }
        if c.h == 1 && c.bits == c.all() {
            return Some(self.path[c.w as usize]);
        }
        // a path of cells is Dawson's chess; a ring of n has the single option "path of n − 3"
        if self.cfg.decompose {
            let n = c.cells() as usize;
            match c.path_or_cycle() {
                Some(false) => return Some(self.path[n]),
                Some(true) => return Some((self.path[n - 3] == 0) as u8),
                None => {}
            }
        }
        None
    }

    fn theorem_value(&self, c: &Region) -> Option<u8> {
        (self.cfg.mirror && c.mirror_strategy(vertex_meets_image)).then_some(0)
    }
}

/// Which Kayles game [`GraphKayles`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Node-Kayles: pick a vertex, remove it and its neighbours.
    Vertex,
    /// Arc-Kayles: pick an edge, remove both its ends.
    Edge,
}

/// Node-Kayles or Arc-Kayles on any graph.
pub struct GraphKayles {
    rule: Rule,
    cfg: KaylesConfig,
    path: Vec<u8>,
}

/// Arc-Kayles on any graph.
pub type ArcKayles = GraphKayles;

impl GraphKayles {
    /// The game `rule` with every switch on.
    pub fn new(rule: Rule) -> GraphKayles {
        GraphKayles::with_config(rule, KaylesConfig::default())
    }

    /// The game `rule` with the given switches.
    pub fn with_config(rule: Rule, cfg: KaylesConfig) -> GraphKayles {
        GraphKayles {
            rule,
            cfg,
            path: path_values(MAX_CELLS),
        }
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    fn canon(&self, g: Graph) -> Graph {
        if self.cfg.symmetry { g.canonical() } else { g }
    }

    fn split(&self, g: &Graph, set: u128, out: &mut Moves<Graph>) {
        let set = match self.rule {
            Rule::Vertex => set,
            // an isolated vertex takes no part in any edge
            Rule::Edge => {
                let mut live = 0u128;
                let mut s = set;
                while s != 0 {
                    let v = s.trailing_zeros() as usize;
                    s &= s - 1;
                    if g.adj[v] & set != 0 {
                        live |= 1u128 << v;
                    }
                }
                live
            }
        };
        if set == 0 {
            return;
        }
        if !self.cfg.decompose {
            out.push_part(self.canon(g.induced(set)));
            return;
        }
        g.for_each_component(set, |comp| out.push_part(self.canon(g.induced(comp))));
    }

    /// The components of a whole graph.
    pub fn components(&self, g: &Graph) -> Vec<Graph> {
        let mut m = Moves::default();
        self.split(g, g.all(), &mut m);
        m.end_move();
        m.parts(0).to_vec()
    }

    /// Every move of a whole graph: the vertex (or edge `(u, v)`, `u < v`) picked and the set of
    /// vertices left.
    pub fn graph_moves(&self, g: &Graph) -> Vec<((usize, Option<usize>), u128)> {
        let all = g.all();
        let mut out = Vec::new();
        for v in 0..g.n() {
            match self.rule {
                Rule::Vertex => out.push(((v, None), all & !g.adj[v] & !(1u128 << v))),
                Rule::Edge => {
                    let mut a = g.adj[v] & !low(v + 1);
                    while a != 0 {
                        let u = a.trailing_zeros() as usize;
                        a &= a - 1;
                        out.push(((v, Some(u)), all & !(1u128 << v) & !(1u128 << u)));
                    }
                }
            }
        }
        out
    }

    /// The components of the vertices `set` of `g`.
    pub fn components_of(&self, g: &Graph, set: u128) -> Vec<Graph> {
        let mut m = Moves::default();
        self.split(g, set, &mut m);
        m.end_move();
        m.parts(0).to_vec()
    }

    fn is_path(g: &Graph) -> bool {
        let n = g.n();
        n >= 1
            && g.edges() == n - 1
            && g.adj.iter().all(|a| a.count_ones() <= 2)
            && g.flood(1, g.all()) == g.all()
    }
}

impl SearchGame for GraphKayles {
    type Component = Graph;

    fn id(&self) -> String {
        match self.rule {
            Rule::Vertex => "node-kayles graphs v1".into(),
            Rule::Edge => "arc-kayles graphs v1".into(),
        }
    }

    fn mobility(&self, c: &Graph) -> Option<u32> {
        Some(match self.rule {
            Rule::Vertex => c.n() as u32,
            Rule::Edge => c.adj.iter().map(|a| a.count_ones()).sum::<u32>() / 2,
        })
    }

    fn moves(&self, c: &Graph, out: &mut Moves<Graph>) {
        let all = c.all();
        for v in 0..c.n() {
            match self.rule {
                Rule::Vertex => {
                    self.split(c, all & !c.adj[v] & !(1u128 << v), out);
                    out.end_move();
                }
                Rule::Edge => {
                    let mut a = c.adj[v] & !low(v + 1);
                    while a != 0 {
                        let u = a.trailing_zeros() as usize;
                        a &= a - 1;
                        self.split(c, all & !(1u128 << v) & !(1u128 << u), out);
                        out.end_move();
                    }
                }
            }
        }
    }

    fn key(&self, c: &Graph) -> Key {
        Key {
            bits: c.fingerprint(),
            tag: c.n() as u16 | (c.edges().min(255) as u16) << 7,
        }
    }

    fn size(&self, c: &Graph) -> u32 {
        c.n() as u32
    }

    fn known_value(&self, c: &Graph) -> Option<u8> {
        let n = c.n();
        match self.rule {
            Rule::Vertex => {
                if n == 0 {
                    return Some(0);
                }
                if c.is_complete() {
                    return Some(1);
                }
                if Self::is_path(c) {
                    return Some(self.path[n]);
                }
            }
            Rule::Edge => {
                let e = c.edges();
                if e == 0 {
                    return Some(0);
                }
                if n <= 3 {
                    return Some(1);
                }
                // a star: one vertex meets every edge
                if c.adj.iter().any(|a| a.count_ones() as usize == e) {
                    return Some(1);
                }
            }
        }
        None
    }
}
