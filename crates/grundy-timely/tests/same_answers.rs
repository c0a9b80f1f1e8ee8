//! The distributed engine gives the single-machine engine's answers, bit for bit: the same
//! counts, values, remoteness, winning moves, and the same checksum for every tier file.

mod common;
/// The search shared by several processes (`grundy_timely::search`).
#[path = "same_answers/search.rs"]
mod search;

use std::sync::Arc;
use std::time::Duration;

use common::{
    TableGame, free_addresses, infinite_lower_options, single, solve_and_compare,
    solve_and_compare_with,
};

use grundy::tier::{self, SolveOptions, TierError, Tiered, TieredGame};

use grundy::games::chomp::Chomp;

use grundy::games::cram::tier::Cram;

use grundy::games::fair_shares::FairShares;
use grundy_timely::{Config, Error, Summary, shards};

/// Solve with the distributed engine in one process and compare everything with the
/// single-machine engine.
fn check_one_process<G: TieredGame + Send + 'static>(game: G, workers: usize, route_all: bool) {
    let game = Arc::new(game);
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let db = single(game.as_ref(), a.path());
    let (s, what) = solve_and_compare(&game, &db, b.path(), workers, route_all);
    assert_eq!(s.solved_now, game.tiers());
    // the directory is the single-machine database itself
    for t in 0..game.tiers() {
        let name = tier::database::tier_file_name(t);
        assert_eq!(
            std::fs::read(a.path().join(&name)).unwrap(),
            std::fs::read(b.path().join(&name)).unwrap(),
            "{what}: {name}"
        );
    }
}

#[test]
fn chomp_cram_and_fair_shares_match_the_single_machine_engine_for_1_2_3_workers() {
    for w in 1..=3 {
        check_one_process(Chomp::new(4, 5).unwrap(), w, false);
        check_one_process(Chomp::new(3, 7).unwrap(), w, false);
        check_one_process(Cram::new(3, 4).unwrap(), w, false);
        check_one_process(Cram::new(2, 5).unwrap(), w, false);
        check_one_process(FairShares::new(9).unwrap(), w, false);
        check_one_process(FairShares::new(14).unwrap(), w, false);
    }
}

#[test]
fn lookups_through_the_dataflow_give_the_same_bytes() {
    for w in 1..=3 {
        check_one_process(Chomp::new(4, 6).unwrap(), w, true);
        check_one_process(Cram::new(3, 3).unwrap(), w, true);
        check_one_process(FairShares::new(11).unwrap(), w, true);
    }
}

/// Solve `game` with `w` workers, `chunk` options per round, every lookup through the dataflow,
/// and compare with the single-machine engine, options visited included.
fn check_in_rounds_of<G: TieredGame + Send + 'static>(game: G, w: usize, chunk: usize) {
    let game = Arc::new(game);
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let db = single(game.as_ref(), a.path());
    let cfg = Config {
        route_all_lookups: true,
        chunk_options: chunk,
        ..Config::threads(w)
    };
    let (s, what) = solve_and_compare_with(&game, &db, b.path(), cfg);
    assert_eq!(
        s.option_visits,
        db.option_visits(),
        "{what}: options visited"
    );
}

#[test]
fn many_small_rounds_per_tier_give_the_same_bytes() {
    // a few options per round: every tier takes many rounds, the workers' blocks end after
    // different numbers of chunks, and the next chunk is listed while a round is in flight
    for (w, chunk) in [(1, 1), (2, 7), (3, 40), (2, 333)] {
        check_in_rounds_of(Chomp::new(4, 6).unwrap(), w, chunk);
        check_in_rounds_of(Chomp::new(5, 5).unwrap(), w, chunk);
        check_in_rounds_of(Cram::new(3, 4).unwrap(), w, chunk);
    }
}

#[test]
fn every_small_box_and_board_matches_exhaustively() {
    // every position of every game is in its tier file: equal files, equal answers everywhere
    for rows in 1..=4 {
        for cols in 1..=4 {
            check_one_process(Chomp::new(rows, cols).unwrap(), 2, true);
            check_one_process(Cram::new(rows, cols).unwrap(), 2, true);
        }
    }
    for coins in 1..=12 {
        check_one_process(FairShares::new(coins).unwrap(), 2, true);
    }
}

#[test]
fn every_position_answers_as_in_the_single_machine_database() {
    let game = Arc::new(Chomp::new(3, 4).unwrap());
    let a = tempfile::tempdir().unwrap();
    let db = single(game.as_ref(), a.path());
    for t in 0..game.tiers() {
        for i in 0..game.size(t) {
            let p = Tiered::new(t, i);
            let s = grundy_timely::solve(game.clone(), p, &Config::threads(2))
                .unwrap()
                .unwrap();
            assert_eq!(s.analysis, db.analyse(game.as_ref(), p).unwrap());
        }
    }
}

/// `n` processes (as threads of this test, over TCP on 127.0.0.1) with `w` workers each, all
/// writing their shards into `dir`.
fn cluster<G: TieredGame + Send + Sync + 'static>(
    game: Arc<G>,
    n: usize,
    w: usize,
    dir: &std::path::Path,
    stop_after: Option<u32>,
    chunk_options: usize,
) -> Vec<Result<Option<Summary>, Error>> {
    let addresses = free_addresses(n);
    let handles: Vec<_> = (0..n)
        .map(|p| {
            let cfg = Config {
                dir: Some(dir.to_path_buf()),
                stop_after,
                chunk_options,
                silence_limit: Duration::from_secs(60),
                ..Config::cluster(w, p, addresses.clone())
            };
            let game = game.clone();
            std::thread::spawn(move || grundy_timely::solve(game.clone(), game.start(), &cfg))
        })
        .collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

fn check_cluster<G: TieredGame + Send + Sync + 'static>(game: G, n: usize, w: usize) {
    check_cluster_in_rounds_of(game, n, w, Config::threads(1).chunk_options);
}

fn check_cluster_in_rounds_of<G: TieredGame + Send + Sync + 'static>(
    game: G,
    n: usize,
    w: usize,
    chunk_options: usize,
) {
    let game = Arc::new(game);
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let db = single(game.as_ref(), a.path());
    let results = cluster(game.clone(), n, w, b.path(), None, chunk_options);
    let what = format!("{} on {n} processes × {w} workers", game.id());
    let mut summaries = results.into_iter().map(|r| r.unwrap());
    let s = summaries.next().unwrap().expect("process 0 reports");
    assert!(
        summaries.all(|s| s.is_none()),
        "{what}: only process 0 reports"
    );
    assert_eq!(s.stats, db.stats(), "{what}");
    assert_eq!(
        s.analysis,
        db.analyse(game.as_ref(), game.start()).unwrap(),
        "{what}"
    );
    assert!(
        s.bytes_sent > 0 || game.tiers() == 1 || n == 1,
        "{what}: lookups crossed"
    );
    // merged, the shards are the single-machine database byte for byte
    assert_eq!(
        shards::merge(game.as_ref(), b.path()).unwrap(),
        Some(game.tiers())
    );
    for t in 0..game.tiers() {
        let name = tier::database::tier_file_name(t);
        assert_eq!(
            std::fs::read(a.path().join(&name)).unwrap(),
            std::fs::read(b.path().join(&name)).unwrap(),
            "{what}: {name}"
        );
    }
    let merged = single(game.as_ref(), b.path());
    assert_eq!(merged.solved_now(), 0, "the merged database is complete");
    assert_eq!(merged.checksums(), db.checksums());
}

#[test]
fn two_and_three_processes_over_tcp_match_the_single_machine_engine() {
    check_cluster(Chomp::new(4, 5).unwrap(), 2, 1);
    check_cluster(Cram::new(3, 4).unwrap(), 2, 2);
    check_cluster(FairShares::new(12).unwrap(), 2, 1);
    check_cluster(Chomp::new(3, 6).unwrap(), 3, 1);
    // many rounds per tier, each listing the next chunk while the last one's answers travel
    check_cluster_in_rounds_of(Chomp::new(4, 6).unwrap(), 2, 1, 9);
    check_cluster_in_rounds_of(Cram::new(3, 4).unwrap(), 3, 2, 25);
}

#[test]
fn two_processes_solve_loopy_tiers_above_tier_0_as_one_machine_does() {
    // tiers 1 and 2 have moves inside them and options into lower positions of value ∞(K),
    // whose owners are in the other process: the phases, K and the remoteness all cross TCP
    let game = TableGame::random(vec![30, 40, 40], 3, 7);
    let db = tier::solve(&game, &SolveOptions::default()).unwrap();
    assert!(infinite_lower_options(&game, &db) > 0);
    assert!(db.stats().counts.d > 0 && db.stats().infinite > 0);
    check_cluster(game.clone(), 2, 1);
    check_cluster(game, 2, 2);
    check_cluster(FairShares::new(22).unwrap(), 2, 2);
}

#[test]
fn a_stopped_cluster_resumes_at_the_first_tier_not_finished_everywhere() {
    let game = Arc::new(Chomp::new(4, 4).unwrap());
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let db = single(game.as_ref(), a.path());
    for r in cluster(game.clone(), 2, 1, b.path(), Some(5), 1 << 18) {
        assert!(matches!(
            r,
            Err(Error::Tier(TierError::Stopped { finished: 5 }))
        ));
    }
    // process 1 loses its last shard: both resume at tier 4
    let m1 = b.path().join(shards::manifest_file_name(1, 2));
    let mut m = shards::ShardManifest::read(&m1).unwrap().unwrap();
    m.finished.truncate(4);
    m.write(b.path()).unwrap();
    let results = cluster(game.clone(), 2, 1, b.path(), None, 1 << 18);
    let s = results.into_iter().next().unwrap().unwrap().unwrap();
    assert_eq!(s.solved_now, game.tiers() - 4);
    assert_eq!(s.stats, db.stats());
    shards::merge(game.as_ref(), b.path()).unwrap();
    assert_eq!(single(game.as_ref(), b.path()).checksums(), db.checksums());
}

#[test]
fn a_one_process_run_resumes_from_the_single_machine_database() {
    let game = Arc::new(Cram::new(3, 3).unwrap());
    let a = tempfile::tempdir().unwrap();
    let db = single(game.as_ref(), a.path());
    let cfg = Config {
        dir: Some(a.path().to_path_buf()),
        ..Config::threads(2)
    };
    let s = grundy_timely::solve(game.clone(), game.start(), &cfg)
        .unwrap()
        .unwrap();
    assert_eq!(s.solved_now, 0);
    assert_eq!(s.checksums, db.checksums());
    let stopped = Config {
        stop_after: Some(2),
        ..Config::threads(3)
    };
    let dir = tempfile::tempdir().unwrap();
    let stopped = Config {
        dir: Some(dir.path().to_path_buf()),
        ..stopped
    };
    assert!(matches!(
        grundy_timely::solve(game.clone(), game.start(), &stopped),
        Err(Error::Tier(TierError::Stopped { finished: 2 }))
    ));
    let resumed = Config {
        stop_after: None,
        ..stopped
    };
    let s = grundy_timely::solve(game.clone(), game.start(), &resumed)
        .unwrap()
        .unwrap();
    assert_eq!(s.solved_now, game.tiers() - 2);
    assert_eq!(s.checksums, db.checksums());
}

#[test]
fn bad_settings_are_refused_with_a_clear_error() {
    let game = Arc::new(Chomp::new(2, 2).unwrap());
    let e = grundy_timely::solve(game.clone(), game.start(), &Config::threads(0)).unwrap_err();
    assert!(e.to_string().contains("--workers 0"), "{e}");
    let mut cfg = Config::cluster(1, 2, vec!["127.0.0.1:1".into(), "127.0.0.1:2".into()]);
    let e = grundy_timely::solve(game.clone(), game.start(), &cfg).unwrap_err();
    assert!(e.to_string().contains("--process 2"), "{e}");
    cfg.process = 0;
    cfg.addresses.pop();
    let e = grundy_timely::solve(game.clone(), game.start(), &cfg).unwrap_err();
    assert!(e.to_string().contains("hostfile"), "{e}");
    let cfg = Config {
        chunk_options: 0,
        ..Config::threads(1)
    };
    let e = grundy_timely::solve(game.clone(), game.start(), &cfg).unwrap_err();
    assert!(e.to_string().contains("0 options per round"), "{e}");
}

/// Records what a distributed solve reports as its progress.
#[derive(Default)]
struct Recorder {
    total: std::sync::atomic::AtomicU64,
    seen: std::sync::Mutex<Vec<u64>>,
}

impl grundy::progress::Progress for Recorder {
    fn start(&self, total: u64, _what: &str) {
        self.total.store(total, std::sync::atomic::Ordering::SeqCst);
    }
    fn set(&self, done: u64) {
        self.seen.lock().unwrap().push(done);
    }
}

#[test]
fn progress_counts_the_positions_of_finished_tiers_up_to_all_of_them() {
    let game = Arc::new(Chomp::new(4, 5).unwrap());
    let all: u64 = (0..game.tiers()).map(|t| game.size(t)).sum();
    for workers in [1, 2] {
        let rec = Arc::new(Recorder::default());
        let cfg = Config {
            progress: grundy_timely::ProgressSink(Some(rec.clone())),
            ..Config::threads(workers)
        };
        grundy_timely::solve(game.clone(), game.start(), &cfg)
            .unwrap()
            .unwrap();
        assert_eq!(rec.total.load(std::sync::atomic::Ordering::SeqCst), all);
        let seen = rec.seen.lock().unwrap().clone();
        // reported once at the start and once per tier, by one worker only, never backwards
        assert_eq!(seen.len() as u32, game.tiers() + 1, "{workers} workers");
        assert!(seen.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(seen.first(), Some(&0));
        assert_eq!(seen.last(), Some(&all));
    }
}
