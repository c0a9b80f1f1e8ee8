//! One worker's part of a tier with moves inside it (a loopy tier): the phase/counter algorithm
//! of the generalized Sprague–Grundy function and the retrograde remoteness analysis, as state
//! machines driven by notes between the owners of the positions. No timely types: the dataflow
//! (the private `dataflow` module) only carries the notes and marks the round boundaries.
//!
//! Every position of the tier belongs to one worker ([`Partition`]). A worker knows, for each of
//! its positions, its options in lower tiers (values already known) and its *predecessors* in
//! the tier (the in-tier edges `u → v` were sent once to the owner of `v`): that is all the
//! single-machine algorithms read, and each of their steps touches only one vertex's state and
//! then notifies predecessors — here by a note to the predecessor's owner.
//!
//! **Labels** (Fraenkel & Yesha 1986, the phase procedure of
//! [`grundy::games::digraph::loopy`]; no peeling, which changes no value since the generalized
//! Sprague–Grundy function is unique). In phase `i`, every unlabelled `u` keeps a counter of
//! its followers that are unlabelled or `∞` and have no follower labelled `i`. Labelling `x`
//! with `i` sends [`Note::Labelled`] to each predecessor `p` (once per edge): `p` now has an
//! `i`-follower, and if `p` is unlabelled or `∞` each of *its* predecessors `q` gets
//! [`Note::Blocked`] (its counter drops by one); a counter at zero with no `i`-follower labels
//! that vertex `i`. Options in lower tiers act as fixed followers: a finite value `v` is a
//! follower labelled `v` (it gives `u` a `v`-follower in phase `v`); an `∞(K)` option is a
//! follower that stays unlabelled-or-`∞` and has an `i`-follower exactly when `i ∈ K` (the
//! gadget of [`grundy::tier::engine`]). A vertex that qualifies stays qualified within the phase
//! (its blocking followers already have an `i`-follower, so none of them can be labelled `i`),
//! so the order in which notes arrive does not matter: a phase ends when no note is in flight
//! anywhere, then every unlabelled vertex with no `i`-follower is labelled `∞`.
//!
//! **Remoteness** (the bucket queue of the single-machine engine, round by round). A position
//! is lost in `r` (even) when every option is won and the slowest in `r − 1`; won in `r` (odd)
//! when its fastest lost option is lost in `r − 1`. Round `r` settles bucket `r` on every worker;
//! each settled position sends [`Note::Lost`] or [`Note::Won`] to its predecessors' owners, and
//! every push goes to a bucket `> r`, so the round boundaries are exact and every worker gets
//! the remoteness the single-machine engine gets. Positions never settled are draws.
//!
//! ```
//! use grundy_timely::Partition;
//! use grundy_timely::loopy::{Block, Labels, Note, Remoteness};
//! // one worker owns the whole tier: 0 <-> 1, 0 -> 2 (a sink), 3 -> 3 (a self-loop)
//! let part = Partition::new(1, 1);
//! let edges = [(0, 1), (1, 0), (0, 2), (3, 3)];
//! let block = Block::new(part, 4, 0, &edges);
//! let degree = [2, 1, 0, 1];
//! let mut labels = Labels::new(&block, &degree, &[], Vec::new());
//! let mut out: Vec<(usize, Note)> = Vec::new();
//! while labels.unlabelled() > 0 {
//!     labels.begin_phase(&block, &mut out);
//!     assert!(out.is_empty()); // everything is local
//!     labels.end_phase();
//! }
//! assert_eq!(labels.values(), &[1, 0, 0, u32::MAX][..]); // γ = 1, 0, 0, ∞
//! let mut rem = Remoteness::new(&block, &degree, &[]);
//! while let Some(r) = rem.next_bucket() {
//!     rem.settle(&block, r, &mut out);
//! }
//! assert_eq!(rem.remoteness(), &[1, 2, 0, u32::MAX][..]); // 0 wins at once; 3 is a draw
//! ```

use std::collections::BTreeMap;

use grundy::tier::database::{DRAW, INFINITE};

use crate::Partition;

const UNLABELLED: u32 = u32::MAX - 1;

/// A note from the owner of one position of the tier to the owner of another (its predecessor,
/// or a predecessor's predecessor). Positions are tier indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// A follower of this position was labelled with the phase's value (one note per edge).
    Labelled(u64),
    /// A follower of this position that is unlabelled or `∞` now has a follower labelled with
    /// the phase's value (one note per edge).
    Blocked(u64),
    /// A follower of this position is lost, in round `r` (one note per edge).
    Lost(u64, u32),
    /// A follower of this position is won, in round `r` (one note per edge).
    Won(u64, u32),
}

/// A worker's block of the tier and the predecessors of its positions.
#[derive(Clone, Debug)]
pub struct Block {
    part: Partition,
    size: u64,
    me: usize,
    first: u64,
    len: usize,
    /// Predecessors of local position `l`: `preds[pred_start[l]..pred_start[l + 1]]`.
    pred_start: Vec<usize>,
    preds: Vec<u64>,
}

impl Block {
    /// The block of global worker `me` in a tier of `size` positions split by `part`, with the
    /// in-tier edges `(u, v)` (`u → v`, repeats kept) whose head `v` it owns.
    pub fn new(part: Partition, size: u64, me: usize, edges: &[(u64, u64)]) -> Block {
        let range = part.worker_range(size, me);
        let len = (range.end - range.start) as usize;
        let mut pred_start = vec![0usize; len + 1];
        for &(_, v) in edges {
            pred_start[(v - range.start) as usize + 1] += 1;
        }
        for l in 0..len {
            pred_start[l + 1] += pred_start[l];
        }
        let mut fill = pred_start[..len].to_vec();
        let mut preds = vec![0u64; edges.len()];
        for &(u, v) in edges {
            let slot = &mut fill[(v - range.start) as usize];
            preds[*slot] = u;
            *slot += 1;
        }
        Block {
            part,
            size,
            me,
            first: range.start,
            len,
            pred_start,
            preds,
        }
    }

    /// The first index of the block.
    pub fn first(&self) -> u64 {
        self.first
    }

    /// The number of positions of the block.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the block holds no position.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The global worker that owns tier position `index`.
    pub fn owner(&self, index: u64) -> usize {
        if index.wrapping_sub(self.first) < self.len as u64 {
            self.me
        } else {
            self.part.owner(self.size, index)
        }
    }

    fn preds(&self, l: usize) -> &[u64] {
        &self.preds[self.pred_start[l]..self.pred_start[l + 1]]
    }

    fn local(&self, index: u64) -> Option<usize> {
        let l = index.wrapping_sub(self.first);
        (l < self.len as u64).then_some(l as usize)
    }
}

/// An option of a block position that lies in a lower tier: its known value and remoteness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct External {
    /// The block position (local index) that has this option.
    pub from: u32,
    /// The option's value ([`INFINITE`] for `∞`).
    pub value: u32,
    /// The option's remoteness ([`DRAW`] for a draw).
    pub remoteness: u32,
    /// For an `∞(K)` option: the index of `K` (its finite follower values) in the `k_sets`
    /// given to [`Labels::new`].
    pub k: Option<u32>,
}

/// The generalized Sprague–Grundy labels of a block, phase by phase.
#[derive(Clone, Debug)]
pub struct Labels {
    phase: u32,
    label: Vec<u32>,
    /// Followers (edges) without a finite label: in the tier, plus the `∞(K)` options.
    bad: Vec<u32>,
    count: Vec<u32>,
    /// `has_i[l] == phase + 1`: `l` has a follower labelled with the phase's value.
    has_i: Vec<u32>,
    /// `(value, l)`: `l` has a lower option of finite value `value` (sorted, no repeats).
    finite: Vec<(u32, u32)>,
    /// The `∞(K)` options of `l`: `inf[inf_start[l]..inf_start[l + 1]]`, ids into `k_sets`.
    inf_start: Vec<usize>,
    inf: Vec<u32>,
    k_sets: Vec<Vec<u32>>,
    active: Vec<u32>,
    queue: Vec<u32>,
    pending: Vec<Note>,
}

impl Labels {
    /// The starting state of `block`: `degree[l]` in-tier options (edges) of each position, its
    /// options in lower tiers, and the sorted sets `K` of the `∞(K)` ones.
    pub fn new(
        block: &Block,
        degree: &[u32],
        externals: &[External],
        k_sets: Vec<Vec<u32>>,
    ) -> Labels {
        let len = block.len;
        debug_assert_eq!(degree.len(), len);
        let mut bad = degree.to_vec();
        let mut finite = Vec::new();
        let mut inf_start = vec![0usize; len + 1];
        for e in externals {
            match e.k {
                Some(_) => {
                    bad[e.from as usize] += 1;
                    inf_start[e.from as usize + 1] += 1;
                }
                None => finite.push((e.value, e.from)),
            }
        }
        finite.sort_unstable();
        finite.dedup();
        for l in 0..len {
            inf_start[l + 1] += inf_start[l];
        }
        let mut fill = inf_start[..len].to_vec();
        let mut inf = vec![0u32; inf_start[len]];
        for e in externals {
            if let Some(k) = e.k {
                let slot = &mut fill[e.from as usize];
                inf[*slot] = k;
                *slot += 1;
            }
        }
        Labels {
            phase: 0,
            label: vec![UNLABELLED; len],
            bad,
            count: vec![0; len],
            has_i: vec![0; len],
            finite,
            inf_start,
            inf,
            k_sets,
            active: (0..len as u32).collect(),
            queue: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// The current phase `i` (the value being given).
    pub fn phase(&self) -> u32 {
        self.phase
    }

    /// Positions of the block still unlabelled.
    pub fn unlabelled(&self) -> usize {
        self.active.len()
    }

    /// Start phase `i`: the counters of the unlabelled positions, the effect of the lower-tier
    /// options (fixed followers), then everything that follows inside the block; notes for other
    /// workers go to `out` as `(worker, note)`.
    pub fn begin_phase(&mut self, block: &Block, out: &mut Vec<(usize, Note)>) {
        let i = self.phase;
        for &u in &self.active {
            let l = u as usize;
            let mut c = self.bad[l];
            for &k in &self.inf[self.inf_start[l]..self.inf_start[l + 1]] {
                if self.k_sets[k as usize].binary_search(&i).is_ok() {
                    c -= 1; // an ∞(K) option with i ∈ K: it has an i-follower
                }
            }
            self.count[l] = c;
        }
        let lo = self.finite.partition_point(|&(v, _)| v < i);
        let hi = self.finite.partition_point(|&(v, _)| v <= i);
        for k in lo..hi {
            let l = self.finite[k].1 as usize;
            self.mark(block, l, out);
        }
        for k in 0..self.active.len() {
            let l = self.active[k];
            if self.count[l as usize] == 0 {
                self.queue.push(l);
            }
        }
        self.settle(block, out);
    }

    /// A note for a position of this block, from another worker.
    pub fn receive(&mut self, note: Note) {
        self.pending.push(note);
    }

    /// Follow every consequence inside the block of the notes received so far; notes for other
    /// workers go to `out`.
    pub fn settle(&mut self, block: &Block, out: &mut Vec<(usize, Note)>) {
        let stamp = self.phase + 1;
        loop {
            if let Some(note) = self.pending.pop() {
                match note {
                    Note::Labelled(p) => {
                        if let Some(l) = block.local(p) {
                            self.bad[l] = self.bad[l].saturating_sub(1);
                            self.mark(block, l, out);
                        }
                    }
                    Note::Blocked(q) => {
                        if let Some(l) = block.local(q)
                            && self.label[l] == UNLABELLED
                            && self.has_i[l] != stamp
                            && self.count[l] > 0
                        {
                            self.count[l] -= 1;
                            if self.count[l] == 0 {
                                self.queue.push(l as u32);
                            }
                        }
                    }
                    Note::Lost(..) | Note::Won(..) => {}
                }
            } else if let Some(x) = self.queue.pop() {
                let l = x as usize;
                if self.label[l] != UNLABELLED || self.has_i[l] == stamp {
                    continue;
                }
                self.label[l] = self.phase;
                for &p in block.preds(l) {
                    self.send(block, Note::Labelled(p), p, out);
                }
            } else {
                break;
            }
        }
    }

    /// `l` has a follower labelled `i`: if it is unlabelled or `∞`, its predecessors' counters
    /// drop (once per phase).
    fn mark(&mut self, block: &Block, l: usize, out: &mut Vec<(usize, Note)>) {
        let stamp = self.phase + 1;
        if self.has_i[l] == stamp {
            return;
        }
        self.has_i[l] = stamp;
        if self.label[l] >= UNLABELLED {
            for &q in block.preds(l) {
                self.send(block, Note::Blocked(q), q, out);
            }
        }
    }

    fn send(&mut self, block: &Block, note: Note, to: u64, out: &mut Vec<(usize, Note)>) {
        let w = block.owner(to);
        if w == block.me {
            self.pending.push(note);
        } else {
            out.push((w, note));
        }
    }

    /// End the phase (no note in flight anywhere): every unlabelled position with no
    /// `i`-follower is `∞`; the next phase gives `i + 1`. Returns the positions still unlabelled.
    pub fn end_phase(&mut self) -> usize {
        let stamp = self.phase + 1;
        let (label, has_i) = (&mut self.label, &self.has_i);
        self.active.retain(|&u| {
            let l = u as usize;
            if label[l] != UNLABELLED {
                return false;
            }
            if has_i[l] != stamp {
                label[l] = INFINITE;
                return false;
            }
            true
        });
        self.phase += 1;
        self.active.len()
    }

    /// The labels: finite values, or [`INFINITE`] (meaningful once nothing is unlabelled).
    pub fn values(&self) -> &[u32] {
        &self.label
    }

    /// The labels, consumed.
    pub fn into_values(self) -> Vec<u32> {
        self.label
    }
}

/// The remoteness of a block's positions, bucket by bucket.
#[derive(Clone, Debug)]
pub struct Remoteness {
    /// Options not (yet) known to be won by the player who moves into them.
    open: Vec<u32>,
    slowest: Vec<u32>,
    rem: Vec<u32>,
    buckets: BTreeMap<u32, Vec<u32>>,
}

impl Remoteness {
    /// The starting state of `block`: `degree[l]` in-tier options of each position and its
    /// options in lower tiers (with their known outcome and remoteness).
    pub fn new(block: &Block, degree: &[u32], externals: &[External]) -> Remoteness {
        let len = block.len;
        let mut s = Remoteness {
            open: degree.to_vec(),
            slowest: vec![0; len],
            rem: vec![DRAW; len],
            buckets: BTreeMap::new(),
        };
        let mut has_external = vec![false; len];
        for e in externals {
            let l = e.from as usize;
            has_external[l] = true;
            if e.remoteness == DRAW {
                s.open[l] += 1; // a drawn option is never won: l is never lost
            } else if e.value == 0 {
                s.open[l] += 1; // a lost option is never won either
                s.push(e.remoteness + 1, e.from); // l is won by moving there
            } else {
                s.slowest[l] = s.slowest[l].max(e.remoteness);
            }
        }
        for (l, &ext) in has_external.iter().enumerate() {
            if s.open[l] == 0 {
                let r = if ext { s.slowest[l] + 1 } else { 0 };
                s.push(r, l as u32);
            }
        }
        s
    }

    fn push(&mut self, r: u32, l: u32) {
        self.buckets.entry(r).or_default().push(l);
    }

    /// The lowest bucket not settled yet that holds a position of this block.
    pub fn next_bucket(&self) -> Option<u32> {
        self.buckets.keys().next().copied()
    }

    /// Round `r`: settle bucket `r` (every bucket below it is settled on every worker);
    /// notes for other workers go to `out`, and every push goes to a bucket `> r`.
    pub fn settle(&mut self, block: &Block, r: u32, out: &mut Vec<(usize, Note)>) {
        let Some(bucket) = self.buckets.remove(&r) else {
            return;
        };
        let lost = r.is_multiple_of(2);
        for u in bucket {
            let l = u as usize;
            if self.rem[l] != DRAW || (lost && self.open[l] != 0) {
                continue;
            }
            self.rem[l] = r;
            for k in block.pred_start[l]..block.pred_start[l + 1] {
                let p = block.preds[k];
                let note = if lost {
                    Note::Lost(p, r)
                } else {
                    Note::Won(p, r)
                };
                let w = block.owner(p);
                if w == block.me {
                    self.receive(block, note);
                } else {
                    out.push((w, note));
                }
            }
        }
    }

    /// A note for a position of this block (sent in the round just finished).
    pub fn receive(&mut self, block: &Block, note: Note) {
        match note {
            Note::Lost(p, r) => {
                if let Some(l) = block.local(p)
                    && self.rem[l] == DRAW
                {
                    self.push(r + 1, l as u32); // won by moving to the lost follower
                }
            }
            Note::Won(p, r) => {
                if let Some(l) = block.local(p)
                    && self.rem[l] == DRAW
                    && self.open[l] > 0
                {
                    self.open[l] -= 1;
                    self.slowest[l] = self.slowest[l].max(r);
                    if self.open[l] == 0 {
                        self.push(self.slowest[l] + 1, l as u32); // lost: every option is won
                    }
                }
            }
            Note::Labelled(_) | Note::Blocked(_) => {}
        }
    }

    /// The remoteness of every position ([`DRAW`] where none): final once no bucket is left
    /// and no note is in flight anywhere.
    pub fn remoteness(&self) -> &[u32] {
        &self.rem
    }

    /// The remoteness, consumed.
    pub fn into_remoteness(self) -> Vec<u32> {
        self.rem
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::digraph::{Digraph, loopy};
    use grundy::progress::Silent;
    use grundy::tier::{Tiered, TieredGame, engine::solve_loopy_tier};
    use proptest::prelude::*;

    /// A token on a digraph, as a one-tier game with moves inside its tier.
    struct Token {
        succ: Vec<Vec<u64>>,
    }

    impl TieredGame for Token {
        fn id(&self) -> String {
            "token".into()
        }
        fn tiers(&self) -> u32 {
            1
        }
        fn size(&self, _: u32) -> u64 {
            self.succ.len() as u64
        }
        fn options(&self, _: u32, index: u64, out: &mut Vec<Tiered>) {
            out.extend(self.succ[index as usize].iter().map(|&v| Tiered::new(0, v)));
        }
        fn moves_within_tier(&self) -> bool {
            true
        }
        fn parse(&self, text: &str) -> Result<Tiered, String> {
            text.parse()
                .map(|i| Tiered::new(0, i))
                .map_err(|_| text.into())
        }
        fn format(&self, p: Tiered) -> String {
            p.index.to_string()
        }
        fn start(&self) -> Tiered {
            Tiered::new(0, 0)
        }
    }

    /// The notes of a round, delivered in a shuffled order (the order must not matter).
    fn shuffle(notes: &mut [(usize, Note)], seed: &mut u64) {
        for k in (1..notes.len()).rev() {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            notes.swap(k, (*seed % (k as u64 + 1)) as usize);
        }
    }

    /// The distributed algorithms on `workers` simulated workers, round by round (each round's
    /// notes delivered in a random order): the labels and remoteness of the whole tier.
    fn simulate(
        n: usize,
        edges: &[(u64, u64)],
        workers: usize,
        mut seed: u64,
    ) -> (Vec<u32>, Vec<u32>) {
        let part = Partition::new(1, workers);
        let size = n as u64;
        let blocks: Vec<Block> = (0..workers)
            .map(|g| {
                let r = part.worker_range(size, g);
                let mine: Vec<(u64, u64)> =
                    edges.iter().copied().filter(|e| r.contains(&e.1)).collect();
                Block::new(part, size, g, &mine)
            })
            .collect();
        let degrees: Vec<Vec<u32>> = blocks
            .iter()
            .map(|b| {
                let mut d = vec![0u32; b.len()];
                for &(u, _) in edges {
                    if let Some(l) = b.local(u) {
                        d[l] += 1;
                    }
                }
                d
            })
            .collect();
        let mut labels: Vec<Labels> = (0..workers)
            .map(|g| Labels::new(&blocks[g], &degrees[g], &[], Vec::new()))
            .collect();
        let mut flight = Vec::new();
        let mut phases = 0;
        loop {
            phases += 1;
            assert!(phases <= n + 2, "at most max out-degree + 2 phases");
            for g in 0..workers {
                labels[g].begin_phase(&blocks[g], &mut flight);
            }
            while !flight.is_empty() {
                shuffle(&mut flight, &mut seed);
                for (w, note) in flight.drain(..) {
                    assert_eq!(
                        blocks[w].owner(match note {
                            Note::Labelled(p) | Note::Blocked(p) => p,
                            _ => unreachable!("no remoteness note in a phase"),
                        }),
                        w,
                        "a note goes to the owner"
                    );
                    labels[w].receive(note);
                }
                for g in 0..workers {
                    labels[g].settle(&blocks[g], &mut flight);
                }
            }
            let left: usize = labels.iter_mut().map(|l| l.end_phase()).sum();
            if left == 0 {
                break;
            }
        }
        let values: Vec<u32> = labels.iter().flat_map(|l| l.values().to_vec()).collect();
        let mut rem: Vec<Remoteness> = (0..workers)
            .map(|g| Remoteness::new(&blocks[g], &degrees[g], &[]))
            .collect();
        let mut r = 0;
        loop {
            for g in 0..workers {
                rem[g].settle(&blocks[g], r, &mut flight);
            }
            let sent = !flight.is_empty();
            shuffle(&mut flight, &mut seed);
            for (w, note) in flight.drain(..) {
                rem[w].receive(&blocks[w], note);
            }
            let next = rem.iter().filter_map(|s| s.next_bucket()).min();
            for s in &rem {
                assert!(
                    s.next_bucket().is_none_or(|b| b > r),
                    "pushes go to later buckets"
                );
            }
            match next {
                Some(b) => r = if sent { r + 1 } else { b },
                None => break,
            }
        }
        let remoteness = rem.iter().flat_map(|s| s.remoteness().to_vec()).collect();
        (values, remoteness)
    }

    fn random_graph() -> impl Strategy<Value = (usize, Vec<(u64, u64)>)> {
        (1usize..40).prop_flat_map(|n| {
            let edge = (0..n as u64, 0..n as u64);
            (Just(n), prop::collection::vec(edge, 0..3 * n))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn split_over_workers_the_labels_and_remoteness_are_the_single_machine_ones(
            (n, edges) in random_graph(), workers in 1usize..5, seed in any::<u64>(),
        ) {
            let (values, remoteness) = simulate(n, &edges, workers, seed | 1);
            let small: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u as u32, v as u32)).collect();
            let g = Digraph::from_edges(n, &small).unwrap();
            prop_assert_eq!(&values, &loopy::labels(&g, &Silent));
            let mut succ = vec![Vec::new(); n];
            for &(u, v) in &edges {
                succ[u as usize].push(v);
            }
            let (v1, r1, _) = solve_loopy_tier(&Token { succ }, &[], 0, &Silent).unwrap();
            prop_assert_eq!(values, v1);
            prop_assert_eq!(remoteness, r1);
        }
    }

    #[test]
    fn a_cycle_of_three_split_over_three_workers_is_infinite_and_drawn() {
        let edges = [(0, 1), (1, 2), (2, 0)];
        let (values, remoteness) = simulate(3, &edges, 3, 7);
        assert_eq!(values, [INFINITE; 3]);
        assert_eq!(remoteness, [DRAW; 3]);
    }
}
