//! Tiers with moves inside them (loopy tiers) solved by the distributed phase/counter algorithm
//! and the round-by-round remoteness queue: the single-machine engine's values, remoteness and
//! tier files, byte for byte, for Fair Shares and for random loopy tiered games; for games of
//! one tier the values are also those of the digraph solver.

mod common;

use std::sync::Arc;

use common::{TableGame, infinite_lower_options, single, solve_and_compare};
use grundy::games::digraph::{Digraph, loopy};
use grundy::games::fair_shares::FairShares;
use grundy::progress::Silent;
use grundy::tier::{Database, SolvedTier, TierError, Tiered, TieredGame, database::tier_file_name};
use grundy_timely::{Config, Error};
use proptest::prelude::*;

/// The distributed solve in one process equals the single-machine one: checksums, counts, the
/// start position's analysis and every tier file. Returns the single-machine database and the
/// distributed run's directory.
fn check<G: TieredGame + Send + 'static>(
    game: Arc<G>,
    workers: usize,
    route_all: bool,
) -> (Database, tempfile::TempDir) {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let db = single(game.as_ref(), a.path());
    let (_, what) = solve_and_compare(&game, &db, b.path(), workers, route_all);
    for t in 0..game.tiers() {
        let name = tier_file_name(t);
        assert_eq!(
            std::fs::read(a.path().join(&name)).unwrap(),
            std::fs::read(b.path().join(&name)).unwrap(),
            "{what}: {name}"
        );
    }
    (db, b)
}

#[test]
fn fair_shares_of_up_to_26_coins_match_the_single_machine_engine_on_1_2_3_workers() {
    for coins in [16, 20, 26] {
        for w in 1..=3 {
            check(Arc::new(FairShares::new(coins).unwrap()), w, false);
        }
        check(Arc::new(FairShares::new(coins).unwrap()), 3, true);
    }
}

#[test]
fn fair_shares_blocks_larger_than_one_round_of_edges_match_too() {
    // 37 338 and 89 134 positions: blocks of more than 2^15 positions list their edges over
    // several rounds
    check(Arc::new(FairShares::new(40).unwrap()), 1, true);
    check(Arc::new(FairShares::new(45).unwrap()), 2, false);
}

#[test]
fn fair_shares_has_infinite_values_and_draws_distributed_too() {
    let (db, _) = check(Arc::new(FairShares::new(20).unwrap()), 3, true);
    assert!(db.stats().infinite > 0 && db.stats().counts.d > 0);
}

#[test]
fn loopy_tiers_above_infinite_lower_positions_match_over_seeds() {
    // options into lower positions of value ∞(K): K is looked up from the owners too
    let mut infinite_options = 0;
    for seed in 1..=30u64 {
        let game = Arc::new(TableGame::random(vec![8, 10, 10], 3, seed));
        let (db, _) = check(game.clone(), 2, true);
        infinite_options += infinite_lower_options(&game, &db);
        check(game, 3, false);
    }
    assert!(
        infinite_options > 0,
        "the seeds exercise ∞(K) lower options"
    );
}

#[test]
fn an_option_above_its_tier_stops_every_worker_with_the_position_named() {
    // position 5 of tier 1 moves up to tier 2: the worker that owns it reports it, the others
    // stop in the same round (no hang), as one process with 3 workers and as 2 processes
    let mut game = TableGame::random(vec![6, 9, 6], 2, 11);
    game.options[1][5].push(Tiered::new(2, 0));
    let game = Arc::new(game);
    let e = grundy_timely::solve(game.clone(), game.start(), &Config::threads(3)).unwrap_err();
    assert!(
        matches!(
            e,
            Error::Tier(TierError::Contract {
                tier: 1,
                index: 5,
                ..
            })
        ),
        "{e}"
    );
    let addresses = common::free_addresses(2);
    let runs: Vec<_> = (0..2)
        .map(|p| {
            let cfg = Config::cluster(1, p, addresses.clone());
            let game = game.clone();
            std::thread::spawn(move || grundy_timely::solve(game.clone(), game.start(), &cfg))
        })
        .collect();
    let errors: Vec<Error> = runs
        .into_iter()
        .map(|h| h.join().unwrap().unwrap_err())
        .collect();
    // the owner of (1, 5) is process 1 (positions 4..9 of tier 1)
    assert!(matches!(errors[0], Error::Peer(_)), "{}", errors[0]);
    assert!(
        matches!(
            errors[1],
            Error::Tier(TierError::Contract {
                tier: 1,
                index: 5,
                ..
            })
        ),
        "{}",
        errors[1]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_loopy_tiered_games_match_the_single_machine_engine(
        sizes in prop::collection::vec(1u64..10, 1..4),
        seed in any::<u64>(),
        workers in 1usize..=3,
        route_all in any::<bool>(),
    ) {
        let game = Arc::new(TableGame::random(sizes, 4, seed));
        let (_, dir) = check(game.clone(), workers, route_all);
        if game.tiers() == 1 {
            // a second oracle: the generalized Sprague–Grundy values of the digraph
            let edges: Vec<(u32, u32)> = game.options[0]
                .iter()
                .enumerate()
                .flat_map(|(u, o)| o.iter().map(move |v| (u as u32, v.index as u32)))
                .collect();
            let g = Digraph::from_edges(game.sizes[0] as usize, &edges).unwrap();
            let labels = loopy::labels(&g, &Silent);
            let t = SolvedTier::open(
                &dir.path().join(tier_file_name(0)),
                &game.id(),
                0,
                game.sizes[0],
            )
            .unwrap();
            for (i, &l) in labels.iter().enumerate() {
                prop_assert_eq!(t.value_marker(i as u64), l, "position {}", i);
            }
        }
    }
}
