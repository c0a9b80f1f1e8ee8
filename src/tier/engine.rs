//! The single-machine engine: tiers solved lowest first, each written as a checkpoint.
//!
//! **Acyclic tiers** (every move goes to a lower tier). By the Sprague–Grundy theorem the value
//! of a position is `G(p) = mex { G(q) : q an option of p }`; its remoteness (Steinhaus 1925;
//! *Winning Ways* ch. 9) is `0` for a terminal position, `1 + min` remoteness of the options that
//! are P-positions when it is an N-position (the winner hurries) and `1 + max` remoteness of all
//! options when it is a P-position (the loser delays). Both need only lower tiers, so the tier
//! is one parallel pass over its index, in blocks of [`BLOCK`] positions ([`solve_block`]: a
//! pure function of the block's index range and the lower tiers, which is what lets another
//! engine split a tier between processes and still write the same bytes).
//!
//! **Tiers with moves inside** (loopy games). The tier is a graph; options in lower tiers have
//! known values. They are represented by *gadgets*: the finite value `j` by a vertex `h_j`
//! whose followers are `h_0 … h_{j-1}` (a Nim heap), and `∞(K)` by a vertex with a self-loop
//! and followers `h_k` for `k ∈ K` — that vertex has the generalized value `∞(K)` (it cannot be
//! finite: `γ = mex(K ∪ {γ})` is impossible; and its self-loop satisfies rule (C)). The
//! generalized Sprague–Grundy function is unique and determined by the followers' values, so
//! the tier's positions get their true values from the phase/counter algorithm of
//! [`crate::games::digraph::loopy`] run on this graph. Remoteness then comes from the usual
//! retrograde win/lose analysis, in increasing order of remoteness (a bucket queue): a position
//! is lost in `r` when every option is won and the slowest in `r − 1`; won in `r` when its
//! fastest lost option is lost in `r − 1`; positions never reached are draws.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::database::{DRAW, Database, INFINITE, Manifest, SolvedTier, tier_file_name};
use super::{MAX_POSITIONS, MAX_TIER_POSITIONS, TierError, Tiered, TieredGame};
use crate::games::digraph::{Digraph, loopy};
use crate::progress::{Progress, Silent};

/// Positions per block of the parallel pass over an acyclic tier.
pub const BLOCK: usize = 4096;

/// How to run a solve.
pub struct SolveOptions<'a> {
    /// The database directory: tiers already finished there are read, not solved again, and
    /// every tier solved now is written there. `None`: everything stays in memory.
    pub dir: Option<PathBuf>,
    /// Fault injection for tests: stop (with [`TierError::Stopped`]) once this many tiers have
    /// been solved by this run, as if killed between two tiers.
    pub stop_after: Option<u32>,
    /// Progress of each tier.
    pub progress: &'a dyn Progress,
}

impl Default for SolveOptions<'_> {
    fn default() -> Self {
        SolveOptions {
            dir: None,
            stop_after: None,
            progress: &Silent,
        }
    }
}

fn contract(p: Tiered, reason: String) -> TierError {
    TierError::Contract {
        tier: p.tier,
        index: p.index,
        reason,
    }
}

/// Check that the game's index fits the engine's limits.
pub fn check_size<G: TieredGame + ?Sized>(game: &G) -> Result<u64, TierError> {
    let mut total: u64 = 0;
    for t in 0..game.tiers() {
        let s = game.size(t);
        if s > MAX_TIER_POSITIONS {
            return Err(TierError::TooLarge(format!(
                "tier {t} has {s} positions, more than the limit of {MAX_TIER_POSITIONS} per tier"
            )));
        }
        total = total.saturating_add(s);
    }
    if total > MAX_POSITIONS {
        return Err(TierError::TooLarge(format!(
            "{total} positions is more than the limit of {MAX_POSITIONS}"
        )));
    }
    Ok(total)
}

/// Solve every tier of `game` (resuming from `opts.dir` when it holds finished tiers).
pub fn solve<G: TieredGame + ?Sized>(
    game: &G,
    opts: &SolveOptions<'_>,
) -> Result<Database, TierError> {
    check_size(game)?;
    let id = game.id();
    let n_tiers = game.tiers();
    let mut tiers: Vec<SolvedTier> = Vec::new();
    let mut stats = Vec::new();
    let mut manifest = Manifest::new(&id, n_tiers);
    if let Some(dir) = &opts.dir {
        std::fs::create_dir_all(dir).map_err(|e| TierError::Io {
            path: dir.display().to_string(),
            error: e,
        })?;
        if let Some(m) = Manifest::read(dir)? {
            let mpath = dir.join(super::database::MANIFEST).display().to_string();
            if m.game != id {
                return Err(TierError::OtherGame {
                    path: mpath,
                    found: m.game,
                    expected: id,
                });
            }
            if m.tiers != n_tiers || m.finished.len() > n_tiers as usize {
                return Err(TierError::Corrupt {
                    path: mpath,
                    reason: format!("lists {} tiers, the game has {n_tiers}", m.tiers),
                });
            }
            for e in &m.finished {
                let path = dir.join(&e.file);
                let t = SolvedTier::open(&path, &id, e.tier, game.size(e.tier))?;
                if format!("{:08x}", t.crc32()) != e.crc32 || t.len() != e.positions {
                    return Err(TierError::Corrupt {
                        path: path.display().to_string(),
                        reason: format!(
                            "checksum {:08x} differs from the manifest's {}",
                            t.crc32(),
                            e.crc32
                        ),
                    });
                }
                stats.push(t.stats());
                tiers.push(t);
            }
            manifest = m;
        }
    }
    let mut solved_now = 0;
    let mut visits = 0u64;
    for t in tiers.len() as u32..n_tiers {
        if opts.stop_after == Some(solved_now) {
            return Err(TierError::Stopped { finished: t });
        }
        if opts.progress.cancelled() {
            return Err(TierError::Cancelled { finished: t });
        }
        let (values, remoteness, v) = if game.moves_within_tier() {
            solve_loopy_tier(game, &tiers, t, opts.progress)?
        } else {
            solve_acyclic_tier(game, &tiers, t, opts.progress)?
        };
        visits += v;
        let mut st = SolvedTier::encode(&id, t, &values, &remoteness);
        drop((values, remoteness));
        let s = st.stats();
        if let Some(dir) = &opts.dir {
            let path = st.write(dir)?;
            debug_assert_eq!(path, dir.join(tier_file_name(t)));
            st = SolvedTier::open(&path, &id, t, game.size(t))?;
            manifest.finished.push(Manifest::entry(&st, &s));
            manifest.write(dir)?;
        }
        stats.push(s);
        tiers.push(st);
        solved_now += 1;
    }
    Ok(Database::new(id, tiers, stats, solved_now, visits))
}

/// Per-thread scratch space of the acyclic pass.
#[derive(Default)]
pub struct Scratch {
    options: Vec<Tiered>,
    seen: Vec<u32>,
    stamp: u32,
}

/// Solve the positions `first .. first + values.len()` of an acyclic `tier` whose lower tiers
/// are `lower`: their values and remoteness (see the module docs); returns the number of options
/// visited. Deterministic: the result depends only on the game, the tier and the range.
pub fn solve_block<G: TieredGame + ?Sized>(
    game: &G,
    lower: &[SolvedTier],
    tier: u32,
    first: u64,
    values: &mut [u32],
    remoteness: &mut [u32],
    scratch: &mut Scratch,
) -> Result<u64, TierError> {
    let mut visits = 0u64;
    for (k, (val, rem)) in values.iter_mut().zip(remoteness.iter_mut()).enumerate() {
        let index = first + k as u64;
        scratch.options.clear();
        game.options(tier, index, &mut scratch.options);
        let n = scratch.options.len();
        visits += n as u64;
        if scratch.seen.len() <= n {
            scratch.seen.resize(n + 1, 0);
        }
        scratch.stamp = scratch.stamp.wrapping_add(1);
        if scratch.stamp == 0 {
            scratch.seen.fill(0);
            scratch.stamp = 1;
        }
        let stamp = scratch.stamp;
        let mut fastest_p = u32::MAX;
        let mut slowest = 0u32;
        for &o in &scratch.options {
            let Some(lt) = lower.get(o.tier as usize).filter(|_| o.tier < tier) else {
                return Err(contract(
                    Tiered::new(tier, index),
                    format!(
                        "an option in tier {} (moves must go to a lower tier)",
                        o.tier
                    ),
                ));
            };
            if o.index >= lt.len() {
                return Err(contract(
                    Tiered::new(tier, index),
                    format!(
                        "an option with index {} beyond the {} positions of tier {}",
                        o.index,
                        lt.len(),
                        o.tier
                    ),
                ));
            }
            let v = lt.value_marker(o.index);
            let r = lt.remoteness_marker(o.index);
            if v == INFINITE || r == DRAW {
                return Err(contract(
                    Tiered::new(tier, index),
                    "an option of infinite value in a game without moves inside a tier".into(),
                ));
            }
            if (v as usize) < scratch.seen.len() {
                scratch.seen[v as usize] = stamp;
            }
            if v == 0 {
                fastest_p = fastest_p.min(r);
            }
            slowest = slowest.max(r);
        }
        let mut m = 0;
        while scratch.seen[m] == stamp {
            m += 1;
        }
        *val = m as u32;
        *rem = if n == 0 {
            0
        } else if m != 0 {
            fastest_p + 1
        } else {
            slowest + 1
        };
    }
    Ok(visits)
}

fn solve_acyclic_tier<G: TieredGame + ?Sized>(
    game: &G,
    lower: &[SolvedTier],
    tier: u32,
    progress: &dyn Progress,
) -> Result<(Vec<u32>, Vec<u32>, u64), TierError> {
    let size = game.size(tier) as usize;
    let mut values = vec![0u32; size];
    let mut remoteness = vec![0u32; size];
    progress.start(size as u64, &format!("tier {tier}"));
    let done = AtomicU64::new(0);
    let visits = AtomicU64::new(0);
    values
        .par_chunks_mut(BLOCK)
        .zip(remoteness.par_chunks_mut(BLOCK))
        .enumerate()
        .try_for_each_init(Scratch::default, |scratch, (b, (vs, rs))| {
            let first = (b * BLOCK) as u64;
            let v = solve_block(game, lower, tier, first, vs, rs, scratch)?;
            visits.fetch_add(v, Ordering::Relaxed);
            let d = done.fetch_add(vs.len() as u64, Ordering::Relaxed) + vs.len() as u64;
            progress.set(d);
            if progress.cancelled() {
                return Err(TierError::Cancelled { finished: tier });
            }
            Ok::<(), TierError>(())
        })?;
    progress.finish();
    Ok((values, remoteness, visits.into_inner()))
}

/// An option of a tier position that lies in a lower tier: its known value and outcome.
struct External {
    from: u32,
    value: u32,
    remoteness: u32,
    k: Option<u32>, // the gadget id of ∞(K)
}

// Why this function is long: it is the reference that grundy-timely's `solve_loopy` must match; to
// be split (issue 50) by its numbered steps (the moves, the external options and their gadgets, the
// graph), as that one is.
/// Solve a tier with moves inside it (the phase/counter algorithm, then remoteness; see the
/// module docs), all of it in this process: its values and remoteness ([`INFINITE`], [`DRAW`]
/// markers) and the number of options visited. `lower` holds every lower tier. Public as the
/// reference for other engines (the distributed one in `grundy-timely` must write the same
/// bytes, and its tests compare with this).
pub fn solve_loopy_tier<G: TieredGame + ?Sized>(
    game: &G,
    lower: &[SolvedTier],
    tier: u32,
    progress: &dyn Progress,
) -> Result<(Vec<u32>, Vec<u32>, u64), TierError> {
    let size64 = game.size(tier);
    if size64 > crate::games::digraph::MAX_VERTICES as u64 {
        return Err(TierError::TooLarge(format!(
            "tier {tier} has {size64} positions; a tier with moves inside may have at most {}",
            crate::games::digraph::MAX_VERTICES
        )));
    }
    let size = size64 as usize;
    progress.start(size64, &format!("tier {tier}: moves"));
    // 1. the moves, block by block (in index order, so the graph is deterministic)
    type BlockMoves = (Vec<(u32, u32)>, Vec<(u32, Tiered)>);
    let blocks: Vec<BlockMoves> = (0..size.div_ceil(BLOCK))
        .into_par_iter()
        .map_init(Vec::new, |opts, b| {
            let mut local = Vec::new();
            let mut ext = Vec::new();
            for u in b * BLOCK..((b + 1) * BLOCK).min(size) {
                opts.clear();
                game.options(tier, u as u64, opts);
                for &o in opts.iter() {
                    if o.tier == tier && o.index < size64 {
                        local.push((u as u32, o.index as u32));
                    } else if o.tier < tier && o.index < lower[o.tier as usize].len() {
                        ext.push((u as u32, o));
                    } else {
                        return Err(contract(
                            Tiered::new(tier, u as u64),
                            format!(
                                "an option ({}, {}) outside the lower tiers",
                                o.tier, o.index
                            ),
                        ));
                    }
                }
            }
            Ok((local, ext))
        })
        .collect::<Result<_, TierError>>()?;
    let mut local: Vec<(u32, u32)> = Vec::new();
    let mut ext_raw: Vec<(u32, Tiered)> = Vec::new();
    for (l, e) in blocks {
        local.extend(l);
        ext_raw.extend(e);
    }
    // 2. external options: values, and a gadget per distinct ∞(K)
    let mut k_ids: HashMap<Vec<u32>, u32> = HashMap::new();
    let mut k_sets: Vec<Vec<u32>> = Vec::new();
    let mut k_of: HashMap<Tiered, u32> = HashMap::new();
    let mut max_heap: Option<u32> = None;
    let mut externals = Vec::with_capacity(ext_raw.len());
    let mut opts = Vec::new();
    for (from, o) in ext_raw {
        let lt = &lower[o.tier as usize];
        let value = lt.value_marker(o.index);
        let remoteness = lt.remoteness_marker(o.index);
        let k = if value == INFINITE {
            let id = match k_of.get(&o) {
                Some(&id) => id,
                None => {
                    opts.clear();
                    game.options(o.tier, o.index, &mut opts);
                    let mut k: Vec<u32> = opts
                        .iter()
                        .filter_map(|q| lower.get(q.tier as usize).map(|t| t.value_marker(q.index)))
                        .filter(|&v| v != INFINITE)
                        .collect();
                    k.sort_unstable();
                    k.dedup();
                    if let Some(&m) = k.last() {
                        max_heap = max_heap.max(Some(m));
                    }
                    let next = k_sets.len() as u32;
                    let id = *k_ids.entry(k.clone()).or_insert(next);
                    if id == next {
                        k_sets.push(k);
                    }
                    k_of.insert(o, id);
                    id
                }
            };
            Some(id)
        } else {
            max_heap = max_heap.max(Some(value));
            None
        };
        externals.push(External {
            from,
            value,
            remoteness,
            k,
        });
    }
    drop(k_of);
    // 3. the graph: the tier's positions, then the heaps h_0..=h_max, then the ∞(K) gadgets
    let heaps = max_heap.map_or(0, |m| m as usize + 1);
    let heap = |j: u32| (size + j as usize) as u32;
    let gadget = |id: u32| (size + heaps + id as usize) as u32;
    let vertices = size + heaps + k_sets.len();
    let mut edges = local.clone();
    for e in &externals {
        edges.push((
            e.from,
            match e.k {
                Some(id) => gadget(id),
                None => heap(e.value),
            },
        ));
    }
    for j in 0..heaps as u32 {
        edges.extend((0..j).map(|i| (heap(j), heap(i))));
    }
    for (id, k) in k_sets.iter().enumerate() {
        let g = gadget(id as u32);
        edges.push((g, g));
        edges.extend(k.iter().map(|&v| (g, heap(v))));
    }
    let graph = Digraph::from_edges(vertices, &edges)
        .map_err(|e| TierError::TooLarge(format!("tier {tier} as a graph: {e}")))?;
    drop(edges);
    progress.finish();
    let labels = loopy::labels(&graph, progress);
    drop(graph);
    let values: Vec<u32> = labels[..size].to_vec();
    drop(labels);
    // 4. remoteness: retrograde analysis with a bucket queue
    let remoteness = retrograde_remoteness(size, &local, &externals);
    Ok((values, remoteness, (local.len() + externals.len()) as u64))
}

/// Remoteness of the positions `0..size` of a tier with in-tier moves `local` and moves to lower
/// tiers `externals` (whose outcome and remoteness are known); [`DRAW`] for draws.
fn retrograde_remoteness(size: usize, local: &[(u32, u32)], externals: &[External]) -> Vec<u32> {
    let reversed: Vec<(u32, u32)> = local.iter().map(|&(a, b)| (b, a)).collect();
    let rev = Digraph::from_edges(size, &reversed).expect("sizes checked with the forward graph");
    drop(reversed);
    // open[u]: options not (yet) known to be won by the player who moves into them
    let mut open = vec![0u32; size];
    let mut slowest = vec![0u32; size];
    for &(a, _) in local {
        open[a as usize] += 1;
    }
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, r: u32, u: u32| {
        if buckets.len() <= r as usize {
            buckets.resize_with(r as usize + 1, Vec::new);
        }
        buckets[r as usize].push(u);
    };
    for e in externals {
        let u = e.from as usize;
        if e.remoteness == DRAW {
            open[u] += 1; // a drawn option is never won: u is never lost
        } else if e.value == 0 {
            open[u] += 1; // a lost option is never won either
            push(&mut buckets, e.remoteness + 1, e.from); // u is won by moving there
        } else {
            slowest[u] = slowest[u].max(e.remoteness);
        }
    }
    let has_external: Vec<bool> = {
        let mut h = vec![false; size];
        for e in externals {
            h[e.from as usize] = true;
        }
        h
    };
    for u in 0..size {
        if open[u] == 0 {
            let r = if has_external[u] { slowest[u] + 1 } else { 0 };
            // a position whose options are all external: lost unless a lost option wins it first
            push(&mut buckets, r, u as u32);
        }
    }
    let mut rem = vec![DRAW; size];
    let mut r = 0usize;
    while r < buckets.len() {
        let bucket = std::mem::take(&mut buckets[r]);
        for u in bucket {
            if rem[u as usize] != DRAW {
                continue;
            }
            let lost = r.is_multiple_of(2);
            if lost && open[u as usize] != 0 {
                continue; // a stale loss candidate (cannot happen: losses are pushed at 0 open)
            }
            rem[u as usize] = r as u32;
            for &p in rev.successors(u) {
                let pi = p as usize;
                if rem[pi] != DRAW {
                    continue;
                }
                if lost {
                    push(&mut buckets, r as u32 + 1, p);
                } else {
                    open[pi] -= 1;
                    slowest[pi] = slowest[pi].max(r as u32);
                    if open[pi] == 0 {
                        push(&mut buckets, slowest[pi] + 1, p);
                    }
                }
            }
        }
        r += 1;
    }
    rem
}
