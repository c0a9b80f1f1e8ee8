//! The tier engine against searches that do not use it: every position of small Chomp boxes,
//! Cram boards and Fair Shares games, and of random tiered graphs (acyclic and loopy). The
//! oracles work on the positions themselves (row lengths, board masks, sorted heap lists), never
//! on the engine's index: values come from the memoising `ImpartialGame` solver (acyclic) or the
//! digraph solver on the explicitly built graph (loopy), remoteness from a level-by-level
//! retrograde search, and positions are matched through their text.

use std::collections::{BTreeSet, HashMap};

use grundy::games::chomp::Chomp;
use grundy::games::cram::tier::Cram;
use grundy::games::digraph::{self, Digraph};
use grundy::games::fair_shares::FairShares;
use grundy::progress::Silent;
use grundy::solve::memo::Solver;
use grundy::tier::{Database, SolveOptions, Tiered, TieredGame, solve};
use grundy::{ImpartialGame, LoopyValue, Nimber, Outcome};
use proptest::prelude::*;

/// Remoteness by levels: lost in `r` when every option is won and the slowest in `r − 1` (0
/// without options); won in `r` when some option is lost in `r − 1`; never resolved: a draw.
/// `Some((won, r))`.
fn remoteness_by_levels(succ: &[Vec<usize>]) -> Vec<Option<(bool, u32)>> {
    let n = succ.len();
    let mut res: Vec<Option<(bool, u32)>> = vec![None; n];
    let mut empty_levels = 0;
    let mut r = 0u32;
    while empty_levels < 2 {
        let mut found = Vec::new();
        for u in 0..n {
            if res[u].is_some() {
                continue;
            }
            if r % 2 == 1 {
                if succ[u].iter().any(|&v| res[v] == Some((false, r - 1))) {
                    found.push((u, (true, r)));
                }
            } else if succ[u].iter().all(|&v| matches!(res[v], Some((true, _)))) {
                let slowest = succ[u].iter().map(|&v| res[v].unwrap().1).max();
                if slowest.map_or(0, |s| s + 1) == r {
                    found.push((u, (false, r)));
                }
            }
        }
        empty_levels = if found.is_empty() {
            empty_levels + 1
        } else {
            0
        };
        for (u, x) in found {
            res[u] = Some(x);
        }
        r += 1;
    }
    res
}

/// An explicit game: positions (as texts), option lists, values.
struct Explicit {
    texts: Vec<String>,
    succ: Vec<Vec<usize>>,
    values: Vec<LoopyValue>,
}

/// Compare every position of the database with the explicit oracle game.
fn check_against<G: TieredGame>(game: &G, db: &Database, ex: &Explicit) {
    let id: HashMap<&str, usize> = ex
        .texts
        .iter()
        .enumerate()
        .map(|(i, t)| (t.as_str(), i))
        .collect();
    assert_eq!(id.len(), ex.texts.len(), "oracle texts are distinct");
    let rem = remoteness_by_levels(&ex.succ);
    let mut seen = BTreeSet::new();
    for t in 0..game.tiers() {
        for i in 0..game.size(t) {
            let p = Tiered::new(t, i);
            let text = game.format(p);
            assert_eq!(game.parse(&text), Ok(p), "parse(format(p)) = p for {text}");
            let &u = id
                .get(text.as_str())
                .unwrap_or_else(|| panic!("{text} is not a position of the oracle"));
            assert!(seen.insert(u), "{text} has two indices");
            let a = db.analyse(game, p).unwrap();
            assert_eq!(a.value, ex.values[u], "value of {text}");
            let expect_outcome = ex.values[u].outcome();
            assert_eq!(a.outcome, expect_outcome, "outcome of {text}");
            let r = rem[u];
            assert_eq!(a.remoteness, r.map(|x| x.1 as u64), "remoteness of {text}");
            // the level search decides the same outcome as the value
            let retro = match r {
                None => Outcome::D,
                Some((true, _)) => Outcome::N,
                Some((false, _)) => Outcome::P,
            };
            assert_eq!(
                retro, expect_outcome,
                "outcome by retrograde search of {text}"
            );
            let wins: BTreeSet<&str> = ex.succ[u]
                .iter()
                .filter(|&&v| ex.values[v].outcome() == Outcome::P)
                .map(|&v| ex.texts[v].as_str())
                .collect();
            let got: Vec<String> = a.winning_moves.iter().map(|&q| game.format(q)).collect();
            let got: BTreeSet<&str> = got.iter().map(|s| s.as_str()).collect();
            assert_eq!(got, wins, "winning moves of {text}");
        }
    }
    assert_eq!(
        seen.len(),
        ex.texts.len(),
        "every oracle position is indexed"
    );
    let stats = db.stats();
    assert_eq!(stats.positions, ex.texts.len() as u64);
}

/// Build an explicit game from all positions and an options function (acyclic: memo solver).
fn explicit_acyclic<P, G>(game: G, all: Vec<P>, text: impl Fn(&P) -> String) -> Explicit
where
    P: Clone + Eq + std::hash::Hash,
    G: ImpartialGame<Position = P>,
{
    let id: HashMap<P, usize> = all
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, p)| (p, i))
        .collect();
    let mut succ = Vec::new();
    let mut opts = Vec::new();
    for p in &all {
        opts.clear();
        game.options(p, &mut opts);
        succ.push(opts.iter().map(|o| id[o]).collect());
    }
    let mut solver = Solver::new(game);
    let values = all
        .iter()
        .map(|p| LoopyValue::Finite(solver.grundy(p).unwrap()))
        .collect();
    Explicit {
        texts: all.iter().map(text).collect(),
        succ,
        values,
    }
}

// ---------------------------------------------------------------- Chomp, by row lengths

struct ChompRows;
impl ImpartialGame for ChompRows {
    type Position = Vec<u8>;
    fn options(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for i in 0..p.len() {
            for j in 0..p[i] {
                if i == 0 && j == 0 {
                    continue;
                }
                let q: Vec<u8> = p
                    .iter()
                    .enumerate()
                    .map(|(k, &l)| if k >= i { l.min(j) } else { l })
                    .collect();
                out.push(q);
            }
        }
    }
}

fn diagrams(rows: usize, cols: u8) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn go(rows: usize, max: u8, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == rows {
            if cur[0] > 0 {
                out.push(cur.clone());
            }
            return;
        }
        for l in 0..=max {
            cur.push(l);
            go(rows, l, cur, out);
            cur.pop();
        }
    }
    go(rows, cols, &mut cur, &mut out);
    out
}

fn rows_text(p: &[u8]) -> String {
    let parts: Vec<String> = p
        .iter()
        .filter(|&&l| l > 0)
        .map(|l| l.to_string())
        .collect();
    parts.join(",")
}

#[test]
fn chomp_agrees_with_memo_search_on_every_position_of_small_boxes() {
    for (r, c) in [
        (1, 1),
        (1, 5),
        (2, 2),
        (2, 5),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (5, 3),
        (3, 6),
    ] {
        let game = Chomp::new(r, c).unwrap();
        let db = solve(&game, &SolveOptions::default()).unwrap();
        let ex = explicit_acyclic(ChompRows, diagrams(r as usize, c as u8), |p| rows_text(p));
        check_against(&game, &db, &ex);
    }
}

#[test]
fn every_chomp_rectangle_larger_than_one_cell_is_a_first_player_win() {
    // every k×m rectangle with k, m <= 8 is a diagram of the 8×8 box
    let game = Chomp::new(8, 8).unwrap();
    let db = solve(&game, &SolveOptions::default()).unwrap();
    for k in 1..=8usize {
        for m in 1..=8usize {
            let text = vec![m.to_string(); k].join(",");
            let p = game.parse(&text).unwrap();
            let expect = if k * m == 1 { Outcome::P } else { Outcome::N };
            assert_eq!(db.outcome(p).unwrap(), expect, "{k}×{m}");
        }
    }
}

#[test]
fn two_row_chomp_p_positions_have_a_first_row_one_longer() {
    let game = Chomp::new(2, 20).unwrap();
    let db = solve(&game, &SolveOptions::default()).unwrap();
    for a in 1..=20u32 {
        for b in 0..=a {
            let p = game.parse(&format!("{a},{b}")).unwrap();
            let expect = if a == b + 1 { Outcome::P } else { Outcome::N };
            assert_eq!(db.outcome(p).unwrap(), expect, "rows {a},{b}");
        }
    }
}

// ---------------------------------------------------------------- Cram, by board masks

struct CramMask {
    rows: usize,
    cols: usize,
}
impl ImpartialGame for CramMask {
    type Position = u64;
    fn options(&self, p: &u64, out: &mut Vec<u64>) {
        for i in 0..self.rows {
            for j in 0..self.cols {
                let a = i * self.cols + j;
                if p >> a & 1 == 0 {
                    continue;
                }
                if j + 1 < self.cols && p >> (a + 1) & 1 == 1 {
                    out.push(p & !(1 << a) & !(1 << (a + 1)));
                }
                if i + 1 < self.rows && p >> (a + self.cols) & 1 == 1 {
                    out.push(p & !(1 << a) & !(1 << (a + self.cols)));
                }
            }
        }
    }
}

fn board_text(rows: usize, cols: usize, p: u64) -> String {
    (0..rows)
        .map(|i| {
            (0..cols)
                .map(|j| {
                    if p >> (i * cols + j) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn cram_agrees_with_memo_search_on_every_position_of_small_boards() {
    for (r, c) in [
        (1, 1),
        (1, 7),
        (2, 2),
        (2, 3),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 3),
    ] {
        let game = Cram::new(r, c).unwrap();
        let db = solve(&game, &SolveOptions::default()).unwrap();
        let (r, c) = (r as usize, c as usize);
        let all: Vec<u64> = (0..1u64 << (r * c)).collect();
        let ex = explicit_acyclic(CramMask { rows: r, cols: c }, all, |&p| board_text(r, c, p));
        check_against(&game, &db, &ex);
    }
}

#[test]
fn cram_strips_are_dawsons_kayles() {
    let dawson: grundy::games::heap::Ruleset = "0.07".parse().unwrap();
    let expect = dawson.values(18);
    for n in 1..=18u32 {
        let game = Cram::new(1, n).unwrap();
        let db = solve(&game, &SolveOptions::default()).unwrap();
        let v = db.value(&game, game.start()).unwrap();
        assert_eq!(v, LoopyValue::Finite(expect[n as usize]), "1×{n}");
        // every sub-strip too: the board with the first k cells filled is a strip of n - k
        for k in 0..n as usize {
            let text: String = "#".repeat(k) + &".".repeat(n as usize - k);
            let p = game.parse(&text).unwrap();
            assert_eq!(
                db.value(&game, p).unwrap(),
                LoopyValue::Finite(expect[n as usize - k])
            );
        }
    }
}

#[test]
fn cram_even_by_even_is_p_and_even_by_odd_is_n() {
    for (r, c) in [
        (2, 2),
        (2, 4),
        (4, 2),
        (4, 4),
        (2, 6),
        (2, 1),
        (2, 3),
        (3, 2),
        (2, 5),
        (4, 3),
        (2, 7),
    ] {
        let game = Cram::new(r, c).unwrap();
        let db = solve(&game, &SolveOptions::default()).unwrap();
        let expect = if r % 2 == 0 && c % 2 == 0 {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(db.outcome(game.start()).unwrap(), expect, "{r}×{c}");
    }
}

// ---------------------------------------------------------------- Fair Shares, by heap lists

fn partitions(n: u32) -> Vec<Vec<u32>> {
    fn go(rem: u32, max: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if rem == 0 {
            out.push(cur.clone());
            return;
        }
        for h in (1..=rem.min(max)).rev() {
            cur.push(h);
            go(rem - h, h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(n, n, &mut Vec::new(), &mut out);
    out
}

fn fair_share_options(p: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for k in 2..=p[i] {
            if p[i].is_multiple_of(k) {
                let mut q: Vec<u32> = p.to_vec();
                q.remove(i);
                q.extend(std::iter::repeat_n(p[i] / k, k as usize));
                out.push(q);
            }
        }
        for j in 0..p.len() {
            if p[i] > p[j] {
                let mut q: Vec<u32> = p
                    .iter()
                    .enumerate()
                    .filter(|&(x, _)| x != i && x != j)
                    .map(|(_, &h)| h)
                    .collect();
                q.push(p[i] + p[j]);
                out.push(q);
            }
        }
    }
    for q in &mut out {
        q.sort_unstable_by(|a, b| b.cmp(a));
    }
    out
}

#[test]
fn fair_shares_agrees_with_the_digraph_solver_on_every_partition() {
    let mut draws = 0;
    for n in 1..=16u32 {
        let all = partitions(n);
        let id: HashMap<Vec<u32>, usize> = all
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, p)| (p, i))
            .collect();
        let succ: Vec<Vec<usize>> = all
            .iter()
            .map(|p| fair_share_options(p).iter().map(|q| id[q]).collect())
            .collect();
        let edges: Vec<(u32, u32)> = succ
            .iter()
            .enumerate()
            .flat_map(|(u, s)| s.iter().map(move |&v| (u as u32, v as u32)))
            .collect();
        let g = Digraph::from_edges(all.len(), &edges).unwrap();
        let vals = digraph::values(&g, &Silent);
        let ex = Explicit {
            texts: all
                .iter()
                .map(|p| {
                    p.iter()
                        .map(|h| h.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect(),
            values: (0..all.len() as u32).map(|v| vals.get(v)).collect(),
            succ,
        };
        let game = FairShares::new(n).unwrap();
        let db = solve(&game, &SolveOptions::default()).unwrap();
        check_against(&game, &db, &ex);
        draws += db.stats().counts.d;
    }
    assert!(draws > 0, "Fair Shares has draws");
}

// ---------------------------------------------------------------- random tiered graphs

/// A game given by explicit option lists per (tier, index).
#[derive(Debug, Clone)]
struct TableGame {
    sizes: Vec<u64>,
    options: Vec<Vec<Vec<Tiered>>>,
    loopy: bool,
}

impl TieredGame for TableGame {
    fn id(&self) -> String {
        "table".into()
    }
    fn tiers(&self) -> u32 {
        self.sizes.len() as u32
    }
    fn size(&self, tier: u32) -> u64 {
        self.sizes[tier as usize]
    }
    fn options(&self, tier: u32, index: u64, out: &mut Vec<Tiered>) {
        out.extend_from_slice(&self.options[tier as usize][index as usize]);
    }
    fn moves_within_tier(&self) -> bool {
        self.loopy
    }
    fn parse(&self, text: &str) -> Result<Tiered, String> {
        let (t, i) = text.split_once(':').ok_or("no ':'")?;
        Ok(Tiered::new(
            t.parse().map_err(|_| "tier")?,
            i.parse().map_err(|_| "index")?,
        ))
    }
    fn format(&self, p: Tiered) -> String {
        format!("{}:{}", p.tier, p.index)
    }
    fn start(&self) -> Tiered {
        Tiered::new(0, 0)
    }
}

fn table_game(loopy: bool) -> impl Strategy<Value = TableGame> {
    (prop::collection::vec(1u64..7, 1..5), any::<u64>()).prop_map(move |(sizes, seed)| {
        let mut s = seed | 1;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut options = Vec::new();
        for (t, &n) in sizes.iter().enumerate() {
            let mut tier = Vec::new();
            for _ in 0..n {
                let deg = next() % 5;
                let mut opts = Vec::new();
                for _ in 0..deg {
                    let lowest_ok = if loopy { t + 1 } else { t };
                    if lowest_ok == 0 {
                        break;
                    }
                    let ot = (next() % lowest_ok as u64) as usize;
                    let ot = if loopy && next() % 2 == 0 { t } else { ot };
                    let oi = next() % sizes[ot];
                    opts.push(Tiered::new(ot as u32, oi));
                }
                tier.push(opts);
            }
            options.push(tier);
        }
        TableGame {
            sizes,
            options,
            loopy,
        }
    })
}

fn check_table(game: &TableGame) {
    let mut offset = vec![0usize];
    for &s in &game.sizes {
        offset.push(offset.last().unwrap() + s as usize);
    }
    let flat = |p: Tiered| offset[p.tier as usize] + p.index as usize;
    let mut texts = Vec::new();
    let mut succ = Vec::new();
    for t in 0..game.tiers() {
        for i in 0..game.size(t) {
            texts.push(game.format(Tiered::new(t, i)));
            succ.push(
                game.options[t as usize][i as usize]
                    .iter()
                    .map(|&o| flat(o))
                    .collect::<Vec<_>>(),
            );
        }
    }
    let edges: Vec<(u32, u32)> = succ
        .iter()
        .enumerate()
        .flat_map(|(u, s): (usize, &Vec<usize>)| s.iter().map(move |&v| (u as u32, v as u32)))
        .collect();
    let g = Digraph::from_edges(texts.len(), &edges).unwrap();
    let vals = digraph::values(&g, &Silent);
    let ex = Explicit {
        texts,
        values: (0..g.vertex_count() as u32).map(|v| vals.get(v)).collect(),
        succ,
    };
    let db = solve(game, &SolveOptions::default()).unwrap();
    check_against(game, &db, &ex);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_acyclic_tiered_games_match_the_graph_solver(game in table_game(false)) {
        check_table(&game);
    }

    #[test]
    fn random_loopy_tiered_games_match_the_graph_solver(game in table_game(true)) {
        check_table(&game);
    }
}

#[test]
fn values_match_nimbers_of_the_memo_solver_for_a_subtraction_game() {
    // tier = heap, one position per tier: subtract 1, 3 or 4
    let sizes = vec![1u64; 40];
    let options = (0..40u32)
        .map(|n| {
            vec![
                [1u32, 3, 4]
                    .iter()
                    .filter(|&&k| k <= n)
                    .map(|&k| Tiered::new(n - k, 0))
                    .collect(),
            ]
        })
        .collect();
    let game = TableGame {
        sizes,
        options,
        loopy: false,
    };
    let db = solve(&game, &SolveOptions::default()).unwrap();
    // sub:1,3,4 has period 7: 0 1 0 1 2 3 2
    for n in 0..40u32 {
        let v = db.value(&game, Tiered::new(n, 0)).unwrap();
        assert_eq!(
            v,
            LoopyValue::Finite(Nimber([0, 1, 0, 1, 2, 3, 2][n as usize % 7]))
        );
    }
}

#[test]
fn a_loopy_tier_above_a_drawn_tier_gets_hand_computed_values() {
    // tier 0: p0 has a self-loop (∞(), a draw), p1 is terminal (0, P).
    // tier 1: q0 -> p0, p1: ∞(0), N in 1;  q1 -> p0: ∞(), D;
    //         q2 -> q3, q3 -> q2 and p1: q2 = 0 (P, lost in 2), q3 = 1 (N, won in 1).
    let t = Tiered::new;
    let game = TableGame {
        sizes: vec![2, 4],
        options: vec![
            vec![vec![t(0, 0)], vec![]],
            vec![
                vec![t(0, 0), t(0, 1)],
                vec![t(0, 0)],
                vec![t(1, 3)],
                vec![t(1, 2), t(0, 1)],
            ],
        ],
        loopy: true,
    };
    let db = solve(&game, &SolveOptions::default()).unwrap();
    let expect = [
        (t(0, 0), "∞()", Outcome::D, None),
        (t(0, 1), "0", Outcome::P, Some(0)),
        (t(1, 0), "∞(0)", Outcome::N, Some(1)),
        (t(1, 1), "∞()", Outcome::D, None),
        (t(1, 2), "0", Outcome::P, Some(2)),
        (t(1, 3), "1", Outcome::N, Some(1)),
    ];
    for (p, value, outcome, remoteness) in expect {
        let a = db.analyse(&game, p).unwrap();
        assert_eq!(a.value.to_string(), value, "{p:?}");
        assert_eq!((a.outcome, a.remoteness), (outcome, remoteness), "{p:?}");
    }
    assert_eq!(
        db.analyse(&game, t(1, 3)).unwrap().winning_moves,
        vec![t(0, 1), t(1, 2)]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any text is a position or an error, never a panic; a parsed position formats back to a
    /// text that parses to the same position.
    #[test]
    fn parsing_any_text_gives_a_position_or_an_error(text in "[0-9,./# x-]{0,24}|\\PC{0,12}") {
        let games: Vec<Box<dyn TieredGame>> = vec![
            Box::new(Chomp::new(3, 4).unwrap()),
            Box::new(Cram::new(2, 3).unwrap()),
            Box::new(FairShares::new(7).unwrap()),
        ];
        for g in &games {
            if let Ok(p) = g.parse(&text) {
                prop_assert!(p.tier < g.tiers() && p.index < g.size(p.tier));
                prop_assert_eq!(g.parse(&g.format(p)), Ok(p));
            }
        }
    }
}
