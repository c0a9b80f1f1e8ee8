//! Df-pn against the value search: the outcome and the value that proof-number search finds
//! equal the value search's on random positions of every game of the engine — Cram boards with
//! holes, Node-Kayles and Arc-Kayles on random graphs, Sprouts positions reached by random play
//! — with small proof-number tables (16 KiB: 1024 entries) that force replacement and a switched-off value search for
//! parts (every nimber by df-pn's own outcome questions).
//!
//! The value search is itself checked against brute force in `search_oracle.rs` (and Sprouts
//! against drawings in `sprouts_oracle.rs`), so agreement here is agreement with brute force.

use grundy::Outcome;
use grundy::games::cram::Cram;
use grundy::games::grid::region::Region;
use grundy::games::kayles::graph::Graph;
use grundy::games::kayles::{GraphKayles, Rule};
use grundy::games::sprouts::{LandForm, Sprouts};
use grundy::search::pns::{Dfpn, DfpnConfig};
use grundy::search::{Config, Search, SearchGame, Table};
use proptest::prelude::*;

/// The value and outcome by the value search, then by df-pn (value by outcome questions) on a
/// fresh table, with the df-pn switches `small`, `pn_bytes`, `threads` (searching over one
/// shared proof-number table or not), `lazy_parts`, `mobility` (fresh nodes at the game's
/// move count, or at `1, 1`) and `watch_values`.
fn both<G: SearchGame>(
    game: &G,
    parts: &[G::Component],
    small: u32,
    pn_bytes: u64,
    (threads, shared_table): (usize, bool),
    (lazy_parts, mobility, watch_values): (bool, bool, bool),
) -> ((u8, Outcome), (u8, Outcome)) {
    let t1 = Table::with_bytes(1 << 22);
    let s = Search::new(game, &t1, Config::default());
    let v = s.value(parts).unwrap();
    let o = if v == 0 { Outcome::P } else { Outcome::N };
    let cfg = DfpnConfig {
        small,
        pn_bytes,
        threads,
        shared_table,
        lazy_parts,
        mobility,
        watch_values,
        ..Default::default()
    };
    let by_dfpn = Search::<G>::on_search_thread(|| {
        // the outcome on a fresh table, then the value on another (so neither helps the other)
        let t2 = Table::with_bytes(1 << 22);
        let mut d = Dfpn::new(game, &t2, Config::default(), cfg.clone());
        let outcome = d.outcome(parts).unwrap();
        let t3 = Table::with_bytes(1 << 22);
        let mut d = Dfpn::new(game, &t3, Config::default(), cfg);
        (d.value(parts).unwrap(), outcome)
    });
    ((v, o), by_dfpn)
}

fn board() -> impl Strategy<Value = Region> {
    (1usize..=5, 1usize..=5, any::<u32>()).prop_map(|(w, h, holes)| {
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

fn graph() -> impl Strategy<Value = Graph> {
    (
        1usize..=11,
        proptest::collection::vec(any::<(u8, u8)>(), 0..20),
    )
        .prop_map(|(n, pairs)| {
            let edges: Vec<(usize, usize)> = pairs
                .into_iter()
                .map(|(a, b)| (a as usize % n, b as usize % n))
                .filter(|(a, b)| a != b)
                .collect();
            Graph::from_edges(n, &edges).unwrap()
        })
}

/// A Sprouts position reached from `0*spots` by `moves` moves, each picked by `seed`.
fn sprouts_position(game: &Sprouts, spots: usize, moves: usize, mut seed: u64) -> Vec<LandForm> {
    let mut p = game.spots(spots).unwrap();
    for _ in 0..moves {
        let all = game.position_moves(&p);
        if all.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        p = all[(seed >> 33) as usize % all.len()].clone();
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn dfpn_agrees_with_the_value_search_on_cram(b in board(), small in 0u32..8, tiny in any::<bool>(), threads in 1usize..=3, shared in any::<bool>(), lazy in any::<bool>(), mobility in any::<bool>(), watch in any::<bool>()) {
        let game = Cram::default();
        let parts = game.components(&b);
        let pn = if tiny { 1 << 14 } else { 1 << 22 };
        let (by_value, by_dfpn) = both(&game, &parts, small, pn, (threads, shared), (lazy, mobility, watch));
        prop_assert_eq!(by_value, by_dfpn, "board {}", b.to_text());
    }

    #[test]
    fn dfpn_agrees_with_the_value_search_on_node_and_arc_kayles(g in graph(), edge in any::<bool>(), small in 0u32..6, tiny in any::<bool>(), threads in 1usize..=3, shared in any::<bool>(), lazy in any::<bool>(), mobility in any::<bool>(), watch in any::<bool>()) {
        let game = GraphKayles::new(if edge { Rule::Edge } else { Rule::Vertex });
        let parts = game.components(&g);
        let pn = if tiny { 1 << 14 } else { 1 << 22 };
        let (by_value, by_dfpn) = both(&game, &parts, small, pn, (threads, shared), (lazy, mobility, watch));
        prop_assert_eq!(by_value, by_dfpn);
    }

    #[test]
    fn dfpn_agrees_with_the_value_search_on_sprouts(spots in 1usize..=5, moves in 0usize..6, seed in any::<u64>(), small in prop::sample::select(vec![0u32, 4, 12]), tiny in any::<bool>(), threads in 1usize..=3, shared in any::<bool>(), lazy in any::<bool>(), watch in any::<bool>()) {
        let game = Sprouts::default();
        // every part's nimber by df-pn (small 0) re-proves much: four spots at most then
        let spots = if small == 0 { spots.min(4) } else { spots };
        let p = sprouts_position(&game, spots, moves, seed);
        let pn = if tiny { 1 << 14 } else { 1 << 22 };
        let (by_value, by_dfpn) = both(&game, &p, small, pn, (threads, shared), (lazy, true, watch));
        prop_assert_eq!(by_value, by_dfpn, "position {}", game.text(&p));
    }
}

#[test]
fn sprouts_start_positions_by_dfpn_follow_the_conjecture() {
    // the first player wins 0*n exactly when n mod 6 is 3, 4 or 5 (Applegate–Jacobson–Sleator,
    // proved by computer far beyond these n)
    let game = Sprouts::default();
    let table = Table::with_bytes(1 << 24);
    let outcomes = Search::<Sprouts>::on_search_thread(|| {
        let mut d = Dfpn::new(&game, &table, Config::default(), DfpnConfig::default());
        (1..=8)
            .map(|n| d.outcome(&game.spots(n).unwrap()).unwrap())
            .collect::<Vec<_>>()
    });
    for (i, o) in outcomes.into_iter().enumerate() {
        let n = i + 1;
        let first_wins = matches!(n % 6, 3..=5);
        assert_eq!(o == Outcome::N, first_wins, "0*{n}");
    }
}

/// Cram 3 × 21 is a first-player win (Uiterwijk 2019; OEIS A316632), by df-pn alone, on 63
/// cells: keys that use every bit (the proof-number table's unit tests check that such nodes
/// are told apart); on one thread, and on two over one shared proof-number table.
#[test]
fn cram_3_by_21_is_a_first_player_win_by_dfpn() {
    let game = Cram::default();
    let board = game.board(3, 21).unwrap();
    let parts = game.components(&board);
    for threads in [1, 2] {
        let table = Table::with_bytes(1 << 26);
        let outcome = Search::<Cram>::on_search_thread(|| {
            let cfg = DfpnConfig {
                pn_bytes: 1 << 26,
                threads,
                ..Default::default()
            };
            Dfpn::new(&game, &table, Config::default(), cfg)
                .outcome(&parts)
                .unwrap()
        });
        assert_eq!(outcome, Outcome::N, "{threads} threads");
    }
}

/// Df-pn asks the game's theorems before it writes moves: on Cram, a board symmetric under a
/// half turn (or a flip) with no domino meeting its image is lost by the player to move (the
/// mirror strategy). Its outcomes on full boards and on half-turn-symmetric boards with holes
/// equal the value search's with the theorem switched off.
#[test]
fn dfpn_with_the_mirror_theorem_agrees_with_the_value_search_without_it() {
    use grundy::games::cram::CramConfig;
    let with = Cram::default();
    let without = Cram::new(CramConfig {
        mirror: false,
        ..CramConfig::default()
    });
    let mut boards: Vec<Region> = Vec::new();
    for h in 1..=4usize {
        for w in h..=6usize {
            if w * h <= 20 {
                boards.push(Region::new((1u128 << (w * h)) - 1, w, h));
            }
        }
    }
    // half-turn-symmetric holes: cell i and cell n-1-i go together
    let mut seed = 0x5eed_u64;
    for _ in 0..60 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (w, h) = (3 + (seed >> 33) as usize % 3, 2 + (seed >> 40) as usize % 3);
        let n = w * h;
        let mut bits = (1u128 << n) - 1;
        for i in 0..n {
            if (seed >> (i % 29)) & 7 == 0 {
                bits &= !(1 << i) & !(1 << (n - 1 - i));
            }
        }
        boards.push(Region::new(bits, w, h));
    }
    let mut by_theorem = 0;
    for b in &boards {
        let t = Table::with_bytes(1 << 22);
        let v = Search::new(&without, &t, Config::default())
            .value(&without.components(b))
            .unwrap();
        let parts = with.components(b);
        by_theorem += parts.iter().any(|p| with.theorem_value(p).is_some()) as usize;
        let t = Table::with_bytes(1 << 22);
        let o = Search::<Cram>::on_search_thread(|| {
            Dfpn::new(&with, &t, Config::default(), DfpnConfig::default())
                .outcome(&parts)
                .unwrap()
        });
        assert_eq!(o == Outcome::P, v == 0, "board {}", b.to_text());
    }
    // (inner nodes meet the theorem far more often; the boards are fixed, so is this count)
    assert!(
        by_theorem >= 5,
        "{by_theorem} boards with a part the theorem settles"
    );
}

/// The pulse (what the browser, with no watching thread, uses for progress and Cancel) is
/// called as df-pn works, and a pulse that raises the stop flag ends the search with
/// `Cancelled`, on one thread and on two or three (over a shared proof-number table or not).
#[test]
fn a_pulse_that_raises_the_stop_flag_cancels_dfpn() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    let game = Sprouts::default();
    // far more than the three pulses' 768 expansions, however the two threads share it
    let start = game.spots(10).unwrap();
    for (threads, shared_table) in [(1, true), (2, true), (2, false), (3, true)] {
        let table = Table::with_bytes(1 << 24);
        let stop = AtomicBool::new(false);
        let pulses = AtomicU64::new(0);
        let pulse = || {
            if pulses.fetch_add(1, Ordering::Relaxed) + 1 == 3 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let cfg = DfpnConfig {
            threads,
            shared_table,
            small: 0,
            ..DfpnConfig::default()
        };
        let r = Search::<Sprouts>::on_search_thread(|| {
            Dfpn::new(&game, &table, Config::default(), cfg)
                .with_stop(&stop)
                .with_pulse(&pulse)
                .outcome(&start)
        });
        assert!(
            matches!(r, Err(grundy::search::SearchError::Cancelled)),
            "{threads} threads: {r:?}"
        );
        assert_eq!(pulses.load(Ordering::Relaxed), 3, "{threads} threads");
    }
}

/// The number of moves `game` writes for each of `parts`, beside its mobility.
fn moves_and_mobility<G: SearchGame>(game: &G, parts: &[G::Component]) -> Vec<(usize, u32)> {
    parts
        .iter()
        .map(|c| {
            let mut moves = grundy::search::Moves::default();
            game.moves(c, &mut moves);
            (
                moves.len(),
                game.mobility(c).expect("the game counts its moves"),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// df-pn starts a fresh node's disproof number at its mobility: on Cram, Node-Kayles and
    /// Arc-Kayles that is exactly the number of moves written.
    #[test]
    fn mobility_is_the_number_of_moves(b in board(), g in graph(), edge in any::<bool>()) {
        use grundy::games::cram::framed::FramedCram;
        use grundy::games::kayles::{GridKayles, KaylesConfig};
        let cram = Cram::default();
        for (n, m) in moves_and_mobility(&cram, &cram.components(&b)) {
            prop_assert_eq!(n, m as usize, "Cram board {}", b.to_text());
        }
        let framed = FramedCram::new(Default::default(), b.w as usize, b.h as usize);
        for (n, m) in moves_and_mobility(&framed, &framed.components(&b)) {
            prop_assert_eq!(n, m as usize, "framed Cram board {}", b.to_text());
        }
        let grid = GridKayles::new(KaylesConfig::default());
        for (n, m) in moves_and_mobility(&grid, &grid.components(&b)) {
            prop_assert_eq!(n, m as usize, "Node-Kayles board {}", b.to_text());
        }
        let kayles = GraphKayles::new(if edge { Rule::Edge } else { Rule::Vertex });
        for (n, m) in moves_and_mobility(&kayles, &kayles.components(&g)) {
            prop_assert_eq!(n, m as usize, "graph {:?}", g);
        }
    }
}
