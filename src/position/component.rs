//! The components of a sum: each is one game of a family, described by its rules (fixed during
//! play) and a state (a list of numbers that moves change).
//!
//! States, per kind: nim — the heap sizes; heap — the heap sizes; staircase — coins on steps 0
//! (the floor), 1, 2, …; coins — the occupied cells, increasing; graph — the token vertices;
//! chips — the number of chips on each vertex.

use crate::games::coins::{CoinMove, Strip};
use crate::games::nim;
use crate::games::staircase::{self, StairMove};
use crate::{LoopyValue, Nimber};

use std::sync::Arc;

use super::Action;
use super::extra::{ChipRules, GraphRules, HeapRules};

/// A component's state: the numbers that moves change (see the module docs).
pub type State = Vec<u64>;

/// The rules of one component (what stays fixed while the position changes).
#[derive(Clone, Debug)]
pub enum Rules {
    /// Nim (Bouton): any number from one heap.
    Nim,
    /// Staircase Nim: coins move down one step at a time; step 0 is the floor.
    Staircase,
    /// Coins on a strip of cells `1..=length`, sliding left.
    Coins {
        /// The strip's length.
        length: u64,
    },
    /// A heap game (octal, hexadecimal, subtraction, ...) and its nim-sequence.
    Heap(Arc<HeapRules>),
    /// Tokens on a directed graph (cycles allowed).
    Graph(Arc<GraphRules>),
    /// The chip game of seed 001 on a DAG.
    Chips(Arc<ChipRules>),
}

impl Rules {
    /// The kind's name as in position files: `"nim"`, `"heap"`, `"staircase"`, ...
    pub fn kind(&self) -> &'static str {
        match self {
            Rules::Nim => "nim",
            Rules::Staircase => "staircase",
            Rules::Coins { .. } => "coins",
            Rules::Heap(_) => "heap",
            Rules::Graph(_) => "graph",
            Rules::Chips(_) => "chips",
        }
    }

    /// True when the order of the state's numbers does not matter (Nim heaps, heaps of a heap
    /// game, tokens on a graph): the state is a multiset.
    pub fn is_unordered(&self) -> bool {
        matches!(self, Rules::Nim | Rules::Heap(_) | Rules::Graph(_))
    }

    /// The value of the component in state `s` (finite for every kind but graph).
    ///
    /// ```
    /// use grundy::position::Rules;
    /// use grundy::{LoopyValue, Nimber};
    /// assert_eq!(Rules::Nim.value(&[3, 4, 5]), LoopyValue::Finite(Nimber(2)));
    /// assert_eq!(Rules::Staircase.value(&[0, 3, 1, 4]), LoopyValue::Finite(Nimber(7)));
    /// ```
    pub fn value(&self, s: &[u64]) -> LoopyValue {
        LoopyValue::Finite(match self {
            Rules::Nim => nim::value(s),
            Rules::Staircase => staircase::value(s),
            Rules::Coins { length } => strip(*length, s).value(),
            Rules::Heap(h) => h.value(s),
            Rules::Graph(g) => return g.value(s),
            Rules::Chips(c) => c.value(s),
        })
    }

    /// Every move of this component to a state of value `target` (finite), in the kind's order.
    ///
    /// One rule for every kind: a move is an action, so two equal heaps (of Nim or of a heap
    /// game), two tokens on one vertex, or two chip moves sending chips to different successors
    /// are different moves and all are listed, as in [`Rules::moves`]. The one exception is a
    /// chip component whose winning moves number more than [`CHIP_MOVE_LISTING_LIMIT`] (a vertex
    /// with a large `K` sends its extra chips in pairs in astronomically many ways): there each
    /// class of moves with the same effect on values is listed once, its pairs on the smallest
    /// successor.
    pub fn moves_to_value(&self, s: &[u64], target: Nimber) -> Vec<Action> {
        match self {
            Rules::Nim => nim::moves_to_value(s, target.0)
                .into_iter()
                .map(|m| Action::Nim {
                    heap: m.heap,
                    from: m.from,
                    to: m.to,
                })
                .collect(),
            Rules::Staircase => staircase::moves_to_value(s, target.0)
                .into_iter()
                .map(|m| Action::Staircase {
                    step: m.step,
                    count: m.count,
                })
                .collect(),
            Rules::Coins { length } => strip(*length, s)
                .moves_to_value(target.0)
                .into_iter()
                .map(|m| Action::Coins {
                    from: m.from,
                    to: m.to,
                })
                .collect(),
            Rules::Heap(h) => {
                let total = h.value(s);
                let mut out = Vec::new();
                for (heap, &from) in s.iter().enumerate() {
                    let want = target + total + h.values[from as usize];
                    out.extend(
                        h.moves(from)
                            .into_iter()
                            .filter(|to| h.value(to) == want)
                            .map(|to| Action::Heap { heap, from, to }),
                    );
                }
                out
            }
            Rules::Graph(_) => self.moves_to(s, &LoopyValue::Finite(target)),
            Rules::Chips(c) => {
                let classes = c
                    .game
                    .moves_to_value(s, target)
                    .expect("validated chip game: at most 24 successors per vertex");
                let members = classes
                    .iter()
                    .map(|m| {
                        let d = c.game.successors(m.vertex).len() as u128;
                        super::extra::multisets(d, m.pairs as u128)
                    })
                    .fold(0u128, u128::saturating_add);
                let mut out = Vec::new();
                for m in classes {
                    let odd: Vec<u64> = m.targets.iter().map(|&v| v as u64).collect();
                    let succ = c.game.successors(m.vertex);
                    if members <= CHIP_MOVE_LISTING_LIMIT as u128 {
                        // Every way to place the pairs: multisets of `pairs` successors.
                        for_each_multiset(succ.len(), m.pairs as usize, |pairs| {
                            let mut targets = odd.clone();
                            for &i in pairs {
                                targets.extend([succ[i] as u64; 2]);
                            }
                            targets.sort_unstable();
                            out.push(Action::Chips {
                                vertex: m.vertex as u64,
                                targets,
                            });
                        });
                    } else {
                        let mut targets = odd;
                        targets.extend(std::iter::repeat_n(m.pad as u64, 2 * m.pairs as usize));
                        targets.sort_unstable();
                        out.push(Action::Chips {
                            vertex: m.vertex as u64,
                            targets,
                        });
                    }
                }
                out.sort();
                out
            }
        }
    }

    /// Every move to a state whose value is exactly `target` (finite or infinite). For kinds with
    /// finite values this is [`Rules::moves_to_value`]; graph components enumerate token moves.
    pub fn moves_to(&self, s: &[u64], target: &LoopyValue) -> Vec<Action> {
        match (self, target) {
            (Rules::Graph(g), _) => {
                let mut out = Vec::new();
                for (token, &from) in s.iter().enumerate() {
                    let others = LoopyValue::sum(
                        s.iter()
                            .enumerate()
                            .filter(|&(j, _)| j != token)
                            .map(|(_, &t)| g.values.get(t as u32)),
                    );
                    for to in g.targets(from) {
                        let v = LoopyValue::sum([others.clone(), g.values.get(to as u32)]);
                        if v == *target {
                            out.push(Action::Graph { token, from, to });
                        }
                    }
                }
                out
            }
            (_, LoopyValue::Finite(t)) => self.moves_to_value(s, *t),
            (_, LoopyValue::Infinite(_)) => Vec::new(),
        }
    }

    /// An upper bound on the number of moves from `s` that also bounds every position reachable
    /// from `s` (the amount of material never grows). Used to refuse exhaustive searches early.
    pub fn move_bound(&self, s: &[u64]) -> u128 {
        match self {
            Rules::Nim => s.iter().map(|&h| h as u128).sum(),
            Rules::Staircase => s.iter().skip(1).map(|&c| c as u128).sum(),
            Rules::Coins { length } => (*length as u128) * (s.len() as u128),
            Rules::Heap(h) => s
                .iter()
                .map(|&n| heap_move_bound(h, n))
                .fold(0, u128::saturating_add),
            Rules::Graph(g) => s.len() as u128 * g.max_degree as u128,
            Rules::Chips(c) => c.move_bound,
        }
    }

    /// True when no move is possible from `s` (then none ever will be: the component is over).
    pub fn is_over(&self, s: &[u64]) -> bool {
        match self {
            Rules::Nim => s.iter().all(|&h| h == 0),
            Rules::Staircase => s.iter().skip(1).all(|&c| c == 0),
            Rules::Coins { .. } => s.iter().enumerate().all(|(i, &c)| c == i as u64 + 1),
            Rules::Heap(h) => s.iter().all(|&n| h.moves(n).is_empty()),
            Rules::Graph(g) => s.iter().all(|&t| g.graph.out_degree(t as u32) == 0),
            Rules::Chips(c) => s
                .iter()
                .enumerate()
                .all(|(u, &n)| n == 0 || c.game.successors(u as u32).is_empty()),
        }
    }

    /// Every move from `s`, in the kind's order: every action, so equal heaps and tokens on one
    /// vertex each have their own moves (see [`Rules::distinct_moves`] for a search, which needs
    /// only one of them). The number of moves is [`Rules::move_bound`] at most: check it before
    /// calling this on large states.
    pub fn moves(&self, s: &[u64], out: &mut Vec<Action>) {
        match self {
            Rules::Nim => {
                for (heap, &from) in s.iter().enumerate() {
                    out.extend((0..from).map(|to| Action::Nim { heap, from, to }));
                }
            }
            Rules::Staircase => {
                for (step, &c) in s.iter().enumerate().skip(1) {
                    out.extend((1..=c).map(|count| Action::Staircase { step, count }));
                }
            }
            Rules::Coins { .. } => {
                let mut prev = 0;
                for &c in s {
                    out.extend((prev + 1..c).map(|to| Action::Coins { from: c, to }));
                    prev = c;
                }
            }
            Rules::Heap(h) => {
                for (heap, &from) in s.iter().enumerate() {
                    out.extend(
                        h.moves(from)
                            .into_iter()
                            .map(|to| Action::Heap { heap, from, to }),
                    );
                }
            }
            Rules::Graph(g) => {
                for (token, &from) in s.iter().enumerate() {
                    out.extend(g.targets(from).into_iter().map(|to| Action::Graph {
                        token,
                        from,
                        to,
                    }));
                }
            }
            Rules::Chips(c) => {
                // Every multiset of K_u successors: non-decreasing index sequences.
                for (u, &n) in s.iter().enumerate() {
                    let succ = c.game.successors(u as u32);
                    if n == 0 || succ.is_empty() {
                        continue;
                    }
                    let k = c.game.k()[u] as usize;
                    let mut seq = vec![0usize; k];
                    loop {
                        out.push(Action::Chips {
                            vertex: u as u64,
                            targets: seq.iter().map(|&i| succ[i] as u64).collect(),
                        });
                        let Some(j) = (0..k).rev().find(|&j| seq[j] + 1 < succ.len()) else {
                            break;
                        };
                        let next = seq[j] + 1;
                        seq[j..].iter_mut().for_each(|x| *x = next);
                    }
                }
            }
        }
    }

    /// The moves from `s` up to the symmetry of equal parts: for the kinds whose state is a
    /// multiset (see [`Rules::is_unordered`]: Nim, heap games, graph tokens), of several equal
    /// heaps or tokens on one vertex only the first is moved, since the others reach the same
    /// multiset. Every position reachable in one move is reached; a search needs no more.
    pub fn distinct_moves(&self, s: &[u64], out: &mut Vec<Action>) {
        if !self.is_unordered() {
            return self.moves(s, out);
        }
        let mut all = Vec::new();
        self.moves(s, &mut all);
        out.extend(all.into_iter().filter(|a| match a {
            Action::Nim { heap: j, .. }
            | Action::Heap { heap: j, .. }
            | Action::Graph { token: j, .. } => !s[..*j].contains(&s[*j]),
            _ => true,
        }));
    }

    /// A few moves from `s` that each change the least (take one counter, slide one cell, ...):
    /// the candidates for prolonging a lost game. Non-empty whenever a move exists.
    pub fn small_moves(&self, s: &[u64], out: &mut Vec<Action>) {
        match self {
            Rules::Nim => {
                for (heap, &from) in s.iter().enumerate() {
                    if from > 0 {
                        out.push(Action::Nim {
                            heap,
                            from,
                            to: from - 1,
                        });
                    }
                }
            }
            Rules::Staircase => {
                for (step, &c) in s.iter().enumerate().skip(1) {
                    if c > 0 {
                        out.push(Action::Staircase { step, count: 1 });
                    }
                }
            }
            Rules::Coins { .. } => {
                let mut prev = 0;
                for &c in s {
                    if c > prev + 1 {
                        out.push(Action::Coins { from: c, to: c - 1 });
                    }
                    prev = c;
                }
            }
            Rules::Heap(h) => {
                // Per heap, the option leaving the most counters.
                for (heap, &from) in s.iter().enumerate() {
                    if let Some(to) = h
                        .moves(from)
                        .into_iter()
                        .max_by_key(|t| t.iter().sum::<u64>())
                    {
                        out.push(Action::Heap { heap, from, to });
                    }
                }
            }
            Rules::Graph(g) => {
                for (token, &from) in s.iter().enumerate() {
                    out.extend(
                        g.targets(from)
                            .into_iter()
                            .take(1000)
                            .map(|to| Action::Graph { token, from, to }),
                    );
                }
            }
            Rules::Chips(c) => {
                // Per vertex, all K chips onto the successor starting the longest play.
                for (u, &n) in s.iter().enumerate() {
                    let succ = c.game.successors(u as u32);
                    if let Some(&best) = succ.iter().max_by_key(|&&v| c.longest[v as usize])
                        && n > 0
                    {
                        out.push(Action::Chips {
                            vertex: u as u64,
                            targets: vec![best as u64; c.game.k()[u] as usize],
                        });
                    }
                }
            }
        }
    }

    /// A rough count of the moves left in the longest play (used to prolong a lost game).
    pub fn material(&self, s: &[u64]) -> u128 {
        match self {
            Rules::Nim => s.iter().map(|&h| h as u128).sum(),
            Rules::Staircase => s
                .iter()
                .enumerate()
                .map(|(i, &c)| i as u128 * c as u128)
                .sum(),
            Rules::Coins { .. } => s
                .iter()
                .enumerate()
                .map(|(i, &c)| (c - 1 - i as u64) as u128)
                .sum(),
            Rules::Heap(_) => s.iter().map(|&h| h as u128).sum(),
            Rules::Graph(_) => 0,
            Rules::Chips(c) => s
                .iter()
                .zip(&c.longest)
                .map(|(&n, &l)| (n as u128).saturating_mul(l))
                .fold(0, u128::saturating_add),
        }
    }

    /// Apply a move generated by [`Rules::moves`] to `s` in place, for the kinds where that is a
    /// cheap edit (Nim, staircase, coins); `false` (and `s` untouched) for the others.
    pub fn apply_in_place(&self, s: &mut [u64], a: &Action) -> bool {
        match (self, a) {
            (Rules::Nim, &Action::Nim { heap, to, .. }) => s[heap] = to,
            (Rules::Staircase, &Action::Staircase { step, count }) => {
                s[step] -= count;
                s[step - 1] += count;
            }
            (Rules::Coins { .. }, &Action::Coins { from, to }) => {
                let j = s.binary_search(&from).expect("a coin on the cell");
                s[j] = to;
            }
            _ => return false,
        }
        true
    }

    // Why this function is long: a match over every kind of component (nim, staircase, coins, heap,
    // graph, chips), each arm checking the move and saying why it is illegal.
    /// Apply `a` to `s`, or say why it is illegal.
    pub fn apply(&self, s: &[u64], a: &Action) -> Result<State, String> {
        match (self, a) {
            (Rules::Nim, &Action::Nim { heap, from, to }) => {
                let h = *s.get(heap).ok_or_else(|| {
                    format!(
                        "there is no heap {heap} (heaps are 0 to {})",
                        s.len().saturating_sub(1)
                    )
                })?;
                if from != h {
                    return Err(format!("heap {heap} has {h} counters, not {from}"));
                }
                if to >= h {
                    return Err(format!(
                        "a move must take at least one counter: heap {heap} has {h}, so it goes to a size from 0 to {}",
                        h.saturating_sub(1)
                    ));
                }
                let mut t = s.to_vec();
                t[heap] = to;
                Ok(t)
            }
            (Rules::Staircase, &Action::Staircase { step, count }) => {
                if step == 0 {
                    return Err("coins on step 0 (the floor) cannot move".into());
                }
                let c = *s.get(step).ok_or_else(|| {
                    format!(
                        "there is no step {step} (steps are 0 to {})",
                        s.len().saturating_sub(1)
                    )
                })?;
                if count == 0 || count > c {
                    return Err(format!(
                        "step {step} holds {c} coin(s): carry from 1 to {c} of them"
                    ));
                }
                staircase::apply(s, StairMove { step, count })
                    .ok_or_else(|| "too many coins on one step".to_string())
            }
            (Rules::Coins { length }, &Action::Coins { from, to }) => strip(*length, s)
                .apply(CoinMove { from, to })
                .map(|t| t.cells().to_vec()),
            (Rules::Heap(h), Action::Heap { heap, from, to }) => {
                let (heap, from) = (*heap, *from);
                let n = *s.get(heap).ok_or_else(|| {
                    format!(
                        "there is no heap {heap} (heaps are 0 to {})",
                        s.len().saturating_sub(1)
                    )
                })?;
                if from != n {
                    return Err(format!("heap {heap} has {n} counters, not {from}"));
                }
                let mut want: Vec<u64> = to.iter().copied().filter(|&x| x > 0).collect();
                want.sort_unstable();
                let options = h.moves(n);
                if options.binary_search(&want).is_err() {
                    let shown: Vec<String> = options
                        .iter()
                        .take(12)
                        .map(|o| {
                            if o.is_empty() {
                                "(nothing)".to_string()
                            } else {
                                o.iter().map(u64::to_string).collect::<Vec<_>>().join("+")
                            }
                        })
                        .collect();
                    return Err(format!(
                        "under {} a heap of {n} cannot become {}; its options are: {}{}",
                        h.title(),
                        if want.is_empty() {
                            "nothing".to_string()
                        } else {
                            want.iter()
                                .map(u64::to_string)
                                .collect::<Vec<_>>()
                                .join("+")
                        },
                        if shown.is_empty() {
                            "none".to_string()
                        } else {
                            shown.join(", ")
                        },
                        if options.len() > 12 { ", ..." } else { "" }
                    ));
                }
                let mut t = s[..heap].to_vec();
                t.extend_from_slice(&want);
                t.extend_from_slice(&s[heap + 1..]);
                Ok(t)
            }
            (Rules::Graph(g), &Action::Graph { token, from, to }) => {
                let v = *s.get(token).ok_or_else(|| {
                    format!(
                        "there is no token {token} (tokens are 0 to {})",
                        s.len().saturating_sub(1)
                    )
                })?;
                if from != v {
                    return Err(format!("token {token} is on vertex {v}, not {from}"));
                }
                if g.targets(v).binary_search(&to).is_err() {
                    return Err(format!("there is no edge from vertex {v} to vertex {to}"));
                }
                let mut t = s.to_vec();
                t[token] = to;
                Ok(t)
            }
            (Rules::Chips(c), Action::Chips { vertex, targets }) => {
                let u = *vertex;
                let n = s.len() as u64;
                if u >= n {
                    return Err(format!(
                        "there is no vertex {u} (vertices are 0 to {})",
                        n.saturating_sub(1)
                    ));
                }
                if s[u as usize] == 0 {
                    return Err(format!("vertex {u} holds no chip"));
                }
                let succ = c.game.successors(u as u32);
                if succ.is_empty() {
                    return Err(format!(
                        "vertex {u} has no out-edge, so its chips cannot move"
                    ));
                }
                let k = c.game.k()[u as usize] as usize;
                if targets.len() != k {
                    return Err(format!(
                        "a chip from vertex {u} sends exactly K = {k} chip(s) to successors (repeats allowed), not {}",
                        targets.len()
                    ));
                }
                let mut t = s.to_vec();
                t[u as usize] -= 1;
                for &v in targets {
                    if v > u32::MAX as u64 || succ.binary_search(&(v as u32)).is_err() {
                        return Err(format!(
                            "{v} is not a successor of vertex {u} (its successors: {})",
                            succ.iter()
                                .map(u32::to_string)
                                .collect::<Vec<_>>()
                                .join(" ")
                        ));
                    }
                    t[v as usize] = t[v as usize]
                        .checked_add(1)
                        .ok_or_else(|| format!("vertex {v} would hold 2^64 chips"))?;
                }
                Ok(t)
            }
            (r, a) => Err(format!(
                "component is of kind {}, not {}",
                r.kind(),
                a.kind()
            )),
        }
    }

    /// The state in words, e.g. `nim: 1 4 5` or `coins: .X..X.X..`.
    pub fn describe(&self, s: &[u64]) -> String {
        let list = |v: &[u64]| {
            if v.is_empty() {
                "(none)".to_string()
            } else {
                v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
            }
        };
        match self {
            Rules::Nim => format!("nim: {}", list(s)),
            Rules::Heap(h) => format!("heap ({}): {}", h.title(), list(s)),
            Rules::Graph(g) => format!(
                "graph {} ({} vertices): tokens on {}",
                g.file,
                g.graph.vertex_count(),
                list(s)
            ),
            Rules::Chips(c) => format!(
                "chips {} ({} vertices): chips {}",
                c.file,
                c.game.vertices(),
                list(s)
            ),
            Rules::Staircase => format!("staircase: {} (coins on steps 0, 1, ...)", list(s)),
            Rules::Coins { length } => {
                if *length <= 80 {
                    let mut row = vec!['.'; *length as usize];
                    for &c in s {
                        row[(c - 1) as usize] = 'X';
                    }
                    format!(
                        "coins: {} (cells 1..={length}, coins on {})",
                        row.into_iter().collect::<String>(),
                        list(s)
                    )
                } else {
                    format!("coins: cells 1..={length}, coins on {}", list(s))
                }
            }
        }
    }
}

/// Options of a heap of `n`, bounded above by a superadditive function of `n` (so the bound of a
/// position also bounds every position reached from it).
fn heap_move_bound(h: &HeapRules, n: u64) -> u128 {
    let n = n as u128;
    match h.ruleset.kind() {
        crate::games::heap::Kind::Code(c) => {
            let d = c.digits().len() as u128;
            if c.digits().iter().any(|&x| x & 8 != 0) {
                d * n * n * n
            } else {
                d * n * n
            }
        }
        _ => n,
    }
}

/// The most winning moves of one chip component that are listed one by one (100,000); beyond it,
/// one move per class of moves with the same effect on values (see [`Rules::moves_to_value`]).
pub const CHIP_MOVE_LISTING_LIMIT: usize = 100_000;

/// Calls `f` with every multiset of `k` indices from `0..n`, as a non-decreasing list.
fn for_each_multiset(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if n == 0 {
        if k == 0 {
            f(&[]);
        }
        return;
    }
    let mut seq = vec![0usize; k];
    loop {
        f(&seq);
        let Some(j) = (0..k).rev().find(|&j| seq[j] + 1 < n) else {
            return;
        };
        let next = seq[j] + 1;
        seq[j..].iter_mut().for_each(|x| *x = next);
    }
}

/// A strip from a validated state (cells distinct, increasing, within `1..=length`).
fn strip(length: u64, cells: &[u64]) -> Strip {
    Strip::new(length, cells).expect("validated coin state")
}
