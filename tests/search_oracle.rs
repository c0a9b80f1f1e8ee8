//! The search engine (`grundy::search`) against independent brute force (each game's own,
//! `games::cram::brute`, `games::kayles::brute`): memoised mex over bit
//! masks of whole positions — no components, no symmetry, no pruning, no table of the engine's —
//! on random small boards with holes and random graphs, every switch of the engine on or off;
//! against the tier engine on every position of small rectangles; and against published values
//! (Dawson's Kayles, Dawson's chess, ladders, Beling's Cram table, OEIS A316632).

use std::collections::HashMap;

use grundy::games::cram::brute::value as brute_cram;
use grundy::games::cram::framed::FramedCram;
use grundy::games::cram::{Cram, CramConfig};
use grundy::games::grid::region::Region;
use grundy::games::heap::Ruleset;
use grundy::games::kayles::brute::value as brute_kayles;
use grundy::games::kayles::graph::Graph;
use grundy::games::kayles::{GraphKayles, GridKayles, KaylesConfig, Rule};
use grundy::report::search::{Request, SearchOptions, Target, grid_graph, run};
use grundy::search::distributed::busy::Busy;
use grundy::search::distributed::remote::RemoteValues;
use grundy::search::{Config, Key, Search, SearchGame, Table};
use proptest::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

fn config(bits: u16) -> (Config, bool, bool, bool, bool) {
    (
        Config {
            pruning: bits & 1 == 0,
            aspiration: bits & 2 == 0,
            ordering: bits & 4 == 0,
            inner_aspiration: bits & 256 != 0,
            lazy_moves: bits & 1024 == 0,
            table: bits & 8 == 0,
            bounds: bits & 2048 == 0,
            threads: 1 + (bits >> 6 & 1) as usize,
            abort_round: bits & 512 != 0,
        },
        bits & 16 == 0,  // decompose
        bits & 32 == 0,  // symmetry
        bits & 128 == 0, // mirror
        bits & 8 == 0,   // stars (with the table, to vary)
    )
}

/// A database elsewhere, as [`grundy::search::distributed::remote`] asks one: here another search's table.
struct Told<'a> {
    table: &'a Table,
    min: u32,
    asked: AtomicU64,
}

impl RemoteValues for Told<'_> {
    fn min_size(&self) -> u32 {
        self.min
    }
    fn lookup(&self, key: Key) -> Option<(u8, u8)> {
        self.asked.fetch_add(1, Ordering::Relaxed);
        self.table.exact(key)
    }
}

fn board() -> impl Strategy<Value = Region> {
    (1usize..=5, 1usize..=5, any::<u32>()).prop_map(|(w, h, holes)| {
        // about one cell in four filled
        let mut bits = 0u128;
        for i in 0..w * h {
            let r = (holes.rotate_left(i as u32 * 7) ^ (i as u32 * 0x9e37)) % 4;
            if r != 0 {
                bits |= 1 << i;
            }
        }
        Region::new(bits, w, h)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn cram_values_and_every_winning_move_match_brute_force(
        b in board(), sw in any::<u16>(), endgame in any::<bool>(), framed in any::<bool>(), more in 0u8..4
    ) {
        let (mut cfg, decompose, symmetry, mirror, stars) = config(sw);
        // without a table the search is exponential: only small boards then (a 21-cell draw took 18 s)
        cfg.table |= b.bits.count_ones() > 10;
        let (bridges, diagonal) = (more & 1 == 0, more & 2 == 0);
        let (w, h) = (b.w as usize, b.h as usize);
        let mut memo = HashMap::new();
        let want = brute_cram(b.bits, w, h, &mut memo);
        let ccfg = CramConfig { decompose, symmetry, mirror, stars, bridges, diagonal, endgame: endgame.then_some((3, 4)) };
        // A small table forces replacement; on boards of many empty cells it would also make the
        // search with pruning off re-search the same positions without end (a 22-cell draw took
        // seconds): those get a table that holds every position, so the work is bounded by the
        // number of positions times their moves.
        let memory = if b.bits.count_ones() > 14 { 1 << 24 } else { 1 << 16 };
        let table = Table::with_bytes(memory);
        let got = if framed {
            let game = FramedCram::new(ccfg, w, h);
            Search::new(&game, &table, cfg.clone()).value(&game.components(&b)).unwrap()
        } else {
            let game = Cram::new(ccfg);
            Search::new(&game, &table, cfg.clone()).value(&game.components(&b)).unwrap()
        };
        prop_assert_eq!(got, want, "board {}", b.to_text());
        // every winning move, through the report
        let options = SearchOptions {
            config: cfg, decompose, symmetry, mirror, endgame: None, memory, moves: true,
            reductions: stars, framed, ..Default::default()
        };
        let r = run(&Request { target: Target::Cram(b), options }, &grundy::progress::Silent).unwrap();
        prop_assert_eq!(r.value, Some(want as u64));
        let mut expected: Vec<String> = Cram::default().board_moves(&b).into_iter()
            .filter(|(_, after)| brute_cram(after.bits, w, h, &mut memo) == 0)
            .map(|(_, after)| after.to_text()).collect();
        let mut got: Vec<String> = r.winning_moves.unwrap().into_iter().map(|m| m.position).collect();
        expected.sort();
        got.sort();
        prop_assert_eq!(got, expected);
    }

    /// A search that asks a remote database (another search's table, full or half full) about
    /// its larger components finds the brute force's value, whatever the switches.
    #[test]
    fn a_search_told_values_by_a_remote_database_matches_brute_force(
        b in board(), sw in any::<u16>(), min in 1u32..12, half in any::<bool>()
    ) {
        let (mut cfg, decompose, symmetry, mirror, stars) = config(sw);
        cfg.table = true; // what is told is kept in the table
        let (w, h) = (b.w as usize, b.h as usize);
        let want = brute_cram(b.bits, w, h, &mut HashMap::new());
        let game = Cram::new(CramConfig { decompose, symmetry, mirror, stars, ..CramConfig::default() });
        let elsewhere = Table::with_bytes(1 << 20);
        let parts = game.components(&b);
        // the other search valued the whole board, or only the position after one move
        let filled = match game.board_moves(&b).into_iter().next() {
            Some((_, after)) if half => game.components(&after),
            _ => parts.clone(),
        };
        Search::new(&game, &elsewhere, Config::default()).value(&filled).unwrap();
        let remote = Told { table: &elsewhere, min, asked: AtomicU64::new(0) };
        let table = Table::with_bytes(1 << 20);
        let got = Search::new(&game, &table, cfg).with_remote(&remote).value(&parts).unwrap();
        prop_assert_eq!(got, want, "board {}", b.to_text());
    }

    /// A search on a busy board that other processes say they are searching some of the
    /// components after its moves (which it then leaves for last) finds the brute force's
    /// value, whatever the switches.
    #[test]
    fn a_search_leaving_busy_components_for_last_matches_brute_force(
        b in board(), sw in any::<u16>(), pick in any::<u64>()
    ) {
        let (mut cfg, decompose, symmetry, mirror, stars) = config(sw);
        // without a table the search is exponential (a 25-cell draw ran for minutes): a board
        // only says where values will be, in the table
        cfg.table = true;
        let (w, h) = (b.w as usize, b.h as usize);
        let want = brute_cram(b.bits, w, h, &mut HashMap::new());
        let game = Cram::new(CramConfig { decompose, symmetry, mirror, stars, ..CramConfig::default() });
        // the components after some of the moves and some of their moves, announced elsewhere
        let mut busy = Vec::new();
        let mut bit = 0u32;
        let mut announce = |r: &Region, busy: &mut Vec<u64>| {
            bit += 1;
            if pick.rotate_left(bit % 64) & 1 == 1 {
                busy.extend(game.components(r).iter().map(|c| Busy::fingerprint(game.key(c))));
            }
        };
        for (_, after) in game.board_moves(&b) {
            announce(&after, &mut busy);
            for (_, later) in game.board_moves(&after) {
                announce(&later, &mut busy);
            }
        }
        let board = Busy::default();
        board.set_elsewhere(&busy);
        // a table that holds every position of the larger boards (pruning off re-searches them)
        let table = Table::with_bytes(if b.bits.count_ones() > 14 { 1 << 24 } else { 1 << 20 });
        let got = Search::new(&game, &table, cfg).with_busy(&board).value(&game.components(&b)).unwrap();
        prop_assert_eq!(got, want, "board {}", b.to_text());
        prop_assert!(board.mine().is_empty(), "every announcement is taken back");
    }

    /// Sparser, larger boards, where dead ends, bridges and diagonal blocks are common: each
    /// reduction alone against brute force, in both engines.
    #[test]
    fn cram_reductions_keep_the_value_on_sparse_boards(
        w in 2usize..=7, h in 2usize..=6, holes in any::<u64>(), density in 30u64..60, more in 0u8..8, framed in any::<bool>()
    ) {
        let mut bits = 0u128;
        let mut x = holes | 1;
        for i in 0..w * h {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            if x % 100 >= density { bits |= 1 << i; }
        }
        // at most 22 empty cells (the last ones filled), so the brute force stays within a few
        // million positions: a sparse 7 × 6 board of 29 empty cells took it minutes and gigabytes
        while bits.count_ones() > 22 {
            bits &= !(1u128 << (127 - bits.leading_zeros()));
        }
        let b = Region::new(bits, w, h);
        let mut memo = HashMap::new();
        let want = brute_cram(b.bits, w, h, &mut memo);
        let ccfg = CramConfig {
            stars: more & 1 == 0, bridges: more & 2 == 0, diagonal: more & 4 == 0,
            endgame: None, mirror: false, ..Default::default()
        };
        let table = Table::with_bytes(1 << 18);
        let got = if framed {
            let game = FramedCram::new(ccfg, w, h);
            Search::new(&game, &table, Config::default()).value(&game.components(&b)).unwrap()
        } else {
            let game = Cram::new(ccfg);
            Search::new(&game, &table, Config::default()).value(&game.components(&b)).unwrap()
        };
        prop_assert_eq!(got, want, "board {}", b.to_text());
    }

    #[test]
    fn cram_is_arc_kayles_on_the_grid_graph(b in board()) {
        let g = grid_graph(&b);
        let game = GraphKayles::new(Rule::Edge);
        let table = Table::with_bytes(1 << 16);
        let s = Search::new(&game, &table, Config::default());
        let mut memo = HashMap::new();
        prop_assert_eq!(
            s.value(&game.components(&g)).unwrap(),
            brute_cram(b.bits, b.w as usize, b.h as usize, &mut memo)
        );
    }

    #[test]
    fn node_kayles_on_grid_regions_matches_brute_force(b in board(), sw in any::<u16>()) {
        let (mut cfg, decompose, symmetry, mirror, _) = config(sw);
        // as for Cram: a table on larger boards, one that holds every position
        cfg.table |= b.bits.count_ones() > 10;
        let game = GridKayles::new(KaylesConfig { decompose, symmetry, mirror });
        let table = Table::with_bytes(if b.bits.count_ones() > 14 { 1 << 24 } else { 1 << 16 });
        let s = Search::new(&game, &table, cfg);
        let g = grid_graph(&b);
        let mut memo = HashMap::new();
        let want = brute_kayles(&g.adj, g.all(), false, &mut memo);
        prop_assert_eq!(s.value(&game.components(&b)).unwrap(), want, "board {}", b.to_text());
    }

    #[test]
    fn kayles_on_random_graphs_matches_brute_force(
        n in 1usize..=16, density in 1u32..=6, seed in any::<u64>(), sw in any::<u16>(), edge in any::<bool>()
    ) {
        let mut x = seed | 1;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                if (x % 10) < density as u64 { edges.push((u, v)); }
            }
        }
        let g = Graph::from_edges(n, &edges).unwrap();
        let (mut cfg, decompose, symmetry, mirror, _) = config(sw);
        // without a table the search is exponential: only small graphs then
        cfg.table |= n > 9;
        let rule = if edge { Rule::Edge } else { Rule::Vertex };
        let game = GraphKayles::with_config(rule, KaylesConfig { decompose, symmetry, mirror });
        // a table that holds all 2^n vertex sets above 12 vertices, as for Cram above (a dense
        // 16-vertex Arc-Kayles draw with pruning off took 16 s in a 64 KiB table)
        let memory = if n > 12 { 1 << 24 } else { 1 << 16 };
        let table = Table::with_bytes(memory);
        let s = Search::new(&game, &table, cfg.clone());
        let mut memo = HashMap::new();
        let want = brute_kayles(&g.adj, g.all(), edge, &mut memo);
        prop_assert_eq!(s.value(&game.components(&g)).unwrap(), want);
        // every winning move
        let options = SearchOptions { config: cfg, decompose, symmetry, mirror, memory, moves: true, ..Default::default() };
        let r = run(&Request { target: Target::Graph(rule, g.clone()), options }, &grundy::progress::Silent).unwrap();
        let expected = game.graph_moves(&g).into_iter()
            .filter(|(_, left)| brute_kayles(&g.adj, *left, edge, &mut memo) == 0).count();
        prop_assert_eq!(r.winning_moves.unwrap().len(), expected);
    }
}

#[test]
fn cram_matches_the_tier_engine_on_every_position_of_small_boards() {
    for (rows, cols) in [(2, 5), (3, 4), (4, 4)] {
        let tier_game = grundy::games::cram::tier::Cram::new(rows, cols).unwrap();
        let db = grundy::tier::solve(&tier_game, &grundy::tier::SolveOptions::default()).unwrap();
        let game = Cram::new(CramConfig {
            endgame: None,
            ..Default::default()
        });
        let table = Table::with_bytes(1 << 20);
        let s = Search::new(&game, &table, Config::default());
        let n = (rows * cols) as usize;
        for mask in 0..1u64 << n {
            let p = tier_game.rank(mask);
            let want = db.tiers()[p.tier as usize].value(p.index).unwrap() as u8;
            let b = Region::new(mask as u128, cols as usize, rows as usize);
            assert_eq!(
                s.value(&game.components(&b)).unwrap(),
                want,
                "{rows}×{cols} board {}",
                b.to_text()
            );
        }
    }
}

#[test]
fn cram_on_a_strip_is_dawsons_kayles() {
    let seq: Vec<u64> = "0.07"
        .parse::<Ruleset>()
        .unwrap()
        .values(128)
        .iter()
        .map(|v| v.0)
        .collect();
    let game = Cram::new(CramConfig {
        endgame: None,
        ..Default::default()
    });
    let table = Table::with_bytes(1 << 20);
    // with the strip table off (a strip with one hole is not a full strip: searched)
    let s = Search::new(&game, &table, Config::default());
    for n in 1..=40usize {
        let b = game.board(1, n).unwrap();
        assert_eq!(
            s.value(&game.components(&b)).unwrap() as u64,
            seq[n],
            "1×{n}"
        );
        // a strip with its second cell filled: 1 + (n − 2) cells apart
        if n >= 3 {
            let holed = Region::new(b.bits & !2, n, 1);
            assert_eq!(
                s.value(&game.components(&holed)).unwrap() as u64,
                seq[n - 2],
                "1×{n} with a hole"
            );
        }
    }
}

#[test]
fn node_kayles_on_paths_is_dawsons_chess_and_on_ladders_alternates() {
    let seq: Vec<u64> = "0.137"
        .parse::<Ruleset>()
        .unwrap()
        .values(60)
        .iter()
        .map(|v| v.0)
        .collect();
    let game = GridKayles::default();
    let graphs = GraphKayles::new(Rule::Vertex);
    let table = Table::with_bytes(1 << 20);
    let table2 = Table::with_bytes(1 << 20);
    let s = Search::new(&game, &table, Config::default());
    let s2 = Search::new(&graphs, &table2, Config::default());
    for (n, &want) in seq.iter().enumerate().take(41).skip(1) {
        let path = game.grid(1, n).unwrap();
        assert_eq!(
            s.value(&game.components(&path)).unwrap() as u64,
            want,
            "P{n}"
        );
        // the same path as an edge list, labelled backwards
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (n - i, n - i - 1)).collect();
        let g = Graph::from_edges(n, &edges).unwrap();
        assert_eq!(s2.value(&graphs.components(&g)).unwrap() as u64, want);
    }
    for n in 1..=16usize {
        let ladder = game.grid(2, n).unwrap();
        assert_eq!(
            s.value(&game.components(&ladder)).unwrap(),
            (n % 2) as u8,
            "2×{n}"
        );
    }
}

#[test]
fn node_kayles_on_the_three_by_n_grid_is_oeis_a316632() {
    // A316632, n = 1..16 (Brown et al., J. Integer Sequences 23, 2020)
    let published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    let game = GridKayles::default();
    let table = Table::with_bytes(1 << 22);
    let s = Search::new(&game, &table, Config::default());
    for (i, &v) in published.iter().enumerate() {
        let g = game.grid(3, i + 1).unwrap();
        assert_eq!(s.value(&game.components(&g)).unwrap(), v, "3×{}", i + 1);
    }
    // the 4×n grid is always P (same paper)
    for n in 1..=8 {
        let g = game.grid(4, n).unwrap();
        assert_eq!(s.value(&game.components(&g)).unwrap(), 0, "4×{n}");
    }
}

#[test]
fn cram_rectangles_match_belings_published_values() {
    // P. Beling, impartial-games: Cram nimbers of R×C boards
    let published = [
        ((4, 5), 2),
        ((4, 6), 0),
        ((4, 7), 3),
        ((4, 8), 0),
        ((4, 9), 1),
        ((5, 5), 0),
        ((5, 6), 2),
        ((6, 6), 0),
    ];
    let game = Cram::default();
    let table = Table::with_bytes(1 << 24);
    let s = Search::new(
        &game,
        &table,
        Config {
            threads: 2,
            ..Default::default()
        },
    );
    for ((r, c), v) in published {
        let b = game.board(r, c).unwrap();
        assert_eq!(s.value(&game.components(&b)).unwrap(), v, "{r}×{c}");
        let t = game.board(c, r).unwrap();
        assert_eq!(s.value(&game.components(&t)).unwrap(), v, "{c}×{r}");
        // the same boards in their own 64-bit frames
        for (w, h) in [(c, r), (r, c)] {
            let framed = FramedCram::new(CramConfig::default(), w, h);
            let t = Table::with_bytes(1 << 24);
            let fs = Search::new(
                &framed,
                &t,
                Config {
                    threads: 2,
                    ..Default::default()
                },
            );
            let whole = framed.components_of(framed.frame().all());
            assert_eq!(fs.value(&whole).unwrap(), v, "{h}×{w} framed");
        }
    }
}

#[test]
fn an_empty_board_and_a_full_one_are_zero() {
    for target in [
        Target::Cram(Region::new(0, 3, 3)),
        Target::GridKayles(Region::new(0, 2, 2)),
        Target::Graph(Rule::Vertex, Graph::from_edges(0, &[]).unwrap()),
        Target::Graph(Rule::Edge, Graph::from_edges(3, &[]).unwrap()),
    ] {
        let r = run(
            &Request {
                target,
                options: SearchOptions {
                    moves: true,
                    ..Default::default()
                },
            },
            &grundy::progress::Silent,
        )
        .unwrap();
        assert_eq!(r.value, Some(0));
        assert_eq!(r.winning_moves, Some(vec![]));
    }
}

#[test]
fn rings_and_snakes_of_cells_match_brute_force() {
    // the border of an r×c rectangle is a ring of cells; cut once, a snake with bends
    let cram = Cram::new(CramConfig {
        endgame: None,
        ..Default::default()
    });
    let kayles = GridKayles::default();
    for (r, c) in [(2, 2), (3, 3), (3, 4), (4, 4), (3, 5), (4, 6), (5, 5)] {
        let mut ring = 0u128;
        for i in 0..r * c {
            let (y, x) = (i / c, i % c);
            if y == 0 || y == r - 1 || x == 0 || x == c - 1 {
                ring |= 1 << i;
            }
        }
        for bits in [ring, ring & !1] {
            let b = Region::new(bits, c, r);
            let mut memo = HashMap::new();
            let table = Table::with_bytes(1 << 16);
            let s = Search::new(&cram, &table, Config::default());
            assert_eq!(
                s.value(&cram.components(&b)).unwrap(),
                brute_cram(bits, c, r, &mut memo),
                "cram {}",
                b.to_text()
            );
            let g = grid_graph(&b);
            let mut memo = HashMap::new();
            let table = Table::with_bytes(1 << 16);
            let s = Search::new(&kayles, &table, Config::default());
            assert_eq!(
                s.value(&kayles.components(&b)).unwrap(),
                brute_kayles(&g.adj, g.all(), false, &mut memo),
                "node-kayles {}",
                b.to_text()
            );
        }
    }
}

#[test]
fn a_move_whose_parts_are_all_known_needs_no_pair_check() {
    // found by fuzzing (search_input): with overflow checks on, a move with no unknown part
    // made the pair check compute 0 − 1
    let g =
        grundy::games::kayles::graph::parse_edge_list("5 1\n3\n3 4\n0 1\n1 2\n2 3\n6 4\n").unwrap();
    let game = GraphKayles::new(Rule::Vertex);
    let table = Table::with_bytes(1 << 14);
    let s = Search::new(&game, &table, Config::default());
    let mut memo = HashMap::new();
    assert_eq!(
        s.value(&game.components(&g)).unwrap(),
        brute_kayles(&g.adj, g.all(), false, &mut memo)
    );
}

#[test]
fn values_told_by_a_remote_database_spare_their_searches() {
    // Cram 5 × 5 valued once elsewhere; a second search with an empty table of its own asks
    // about every component of at least 12 cells and searches fewer nodes (374 against 1,260)
    let game = Cram::default();
    let parts = game.components(&game.board(5, 5).unwrap());
    let elsewhere = Table::with_bytes(1 << 22);
    let first = Search::new(&game, &elsewhere, Config::default());
    let v = first.value(&parts).unwrap();
    let remote = Told {
        table: &elsewhere,
        min: 12,
        asked: AtomicU64::new(0),
    };
    let table = Table::with_bytes(1 << 22);
    let told = Search::new(&game, &table, Config::default()).with_remote(&remote);
    assert_eq!(told.value(&parts).unwrap(), v);
    let (a, b) = (first.stats(), told.stats());
    assert!(b.remote_hits > 0 && remote.asked.load(Ordering::Relaxed) >= b.remote_hits);
    assert!(
        b.nodes * 2 < a.nodes,
        "{} nodes told, {} alone",
        b.nodes,
        a.nodes
    );
}

#[test]
fn bounds_in_the_table_keep_cram_values_and_cut_the_nodes() {
    // Beling's values: 4×5 *2, 5×5 *0, 4×7 *3, 5×6 *2
    for ((r, c), v) in [((4, 5), 2), ((5, 5), 0), ((4, 7), 3), ((5, 6), 2)] {
        let game = FramedCram::new(CramConfig::default(), c, r);
        let whole = game.components_of(game.frame().all());
        let mut nodes = Vec::new();
        for bounds in [true, false] {
            // a roomy table, and one so small that bounds and values evict each other
            for bytes in [1u64 << 24, 1 << 10] {
                let table = Table::growing_from(bytes, bytes);
                let cfg = Config {
                    bounds,
                    ..Default::default()
                };
                let s = Search::new(&game, &table, cfg);
                assert_eq!(s.value(&whole).unwrap(), v, "{r}×{c} bounds {bounds}");
                nodes.push(s.stats().nodes);
            }
        }
        // with the roomy table, one thread: fewer nodes with bounds
        assert!(nodes[0] < nodes[2], "{r}×{c}: {nodes:?}");
    }
}
