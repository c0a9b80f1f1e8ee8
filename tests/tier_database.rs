//! The tier database as a checkpoint: a run stopped after any number of tiers resumes to the
//! same files (byte for byte) and answers; damaged files, a database of another game and a
//! half-written tier are handled; the bytes do not depend on the number of threads.

use std::path::Path;

use grundy::tier::{SolveOptions, TierError, TieredGame, solve};

use grundy::games::chomp::Chomp;

use grundy::games::fair_shares::FairShares;

fn with_dir(dir: &Path) -> SolveOptions<'static> {
    SolveOptions {
        dir: Some(dir.to_path_buf()),
        ..SolveOptions::default()
    }
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_run_stopped_after_any_tier_resumes_to_identical_files_and_answers() {
    let game = Chomp::new(4, 5).unwrap();
    let fresh = tempfile::tempdir().unwrap();
    let full = solve(&game, &with_dir(fresh.path())).unwrap();
    assert_eq!(full.solved_now(), game.tiers());
    for k in [0, 1, 2, 7, 19] {
        let dir = tempfile::tempdir().unwrap();
        let stopped = solve(
            &game,
            &SolveOptions {
                stop_after: Some(k),
                ..with_dir(dir.path())
            },
        );
        assert!(
            matches!(stopped, Err(TierError::Stopped { finished }) if finished == k),
            "stop after {k}"
        );
        let resumed = solve(&game, &with_dir(dir.path())).unwrap();
        assert_eq!(resumed.solved_now(), game.tiers() - k);
        assert_eq!(resumed.checksums(), full.checksums());
        assert_eq!(files(dir.path()), files(fresh.path()));
        for t in 0..game.tiers() {
            for i in 0..game.size(t) {
                let p = grundy::tier::Tiered::new(t, i);
                assert_eq!(
                    resumed.analyse(&game, p).unwrap(),
                    full.analyse(&game, p).unwrap()
                );
            }
        }
    }
}

#[test]
fn a_finished_database_answers_without_solving_again() {
    let game = FairShares::new(12).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let first = solve(&game, &with_dir(dir.path())).unwrap();
    assert_eq!(first.solved_now(), 1);
    let again = solve(&game, &with_dir(dir.path())).unwrap();
    assert_eq!(again.solved_now(), 0);
    assert_eq!(again.stats(), first.stats());
    let p = game.parse("5,4,3").unwrap();
    assert_eq!(
        again.analyse(&game, p).unwrap(),
        first.analyse(&game, p).unwrap()
    );
}

#[test]
fn a_tier_killed_before_its_manifest_entry_is_solved_again() {
    let game = Chomp::new(3, 5).unwrap();
    let fresh = tempfile::tempdir().unwrap();
    solve(&game, &with_dir(fresh.path())).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let _ = solve(
        &game,
        &SolveOptions {
            stop_after: Some(4),
            ..with_dir(dir.path())
        },
    );
    // the kill came while tier 4 was being written: a half temporary file, and a stale tier 5
    std::fs::write(dir.path().join("tier-00004.tmp"), b"half a ti").unwrap();
    std::fs::write(dir.path().join("tier-00005.bin"), b"garbage").unwrap();
    let resumed = solve(&game, &with_dir(dir.path())).unwrap();
    assert_eq!(resumed.solved_now(), game.tiers() - 4);
    // the temporary name was reused by the rewrite of tier 4 and renamed: nothing is left over
    assert_eq!(files(dir.path()), files(fresh.path()));
}

#[test]
fn damaged_files_are_refused_with_the_file_named() {
    let game = Chomp::new(3, 4).unwrap();
    let dir = tempfile::tempdir().unwrap();
    solve(&game, &with_dir(dir.path())).unwrap();
    let path = dir.path().join("tier-00006.bin");
    let good = std::fs::read(&path).unwrap();
    // one flipped bit in the packed data
    let mut bad = good.clone();
    let at = bad.len() - 13;
    bad[at] ^= 0x10;
    std::fs::write(&path, &bad).unwrap();
    let e = solve(&game, &with_dir(dir.path())).err().unwrap();
    assert!(matches!(e, TierError::Corrupt { .. }), "{e}");
    assert!(e.to_string().contains("tier-00006.bin"), "{e}");
    assert!(e.to_string().contains("checksum"), "{e}");
    // a truncated file
    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    let e = solve(&game, &with_dir(dir.path())).err().unwrap();
    assert!(matches!(e, TierError::Corrupt { .. }), "{e}");
    // a missing file is an I/O error
    std::fs::remove_file(&path).unwrap();
    let e = solve(&game, &with_dir(dir.path())).err().unwrap();
    assert!(e.is_io(), "{e}");
    // a manifest that is not JSON
    std::fs::write(&path, &good).unwrap();
    std::fs::write(dir.path().join("manifest.json"), b"{not json").unwrap();
    let e = solve(&game, &with_dir(dir.path())).err().unwrap();
    assert!(matches!(e, TierError::Corrupt { .. }), "{e}");
}

#[test]
fn a_database_of_another_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    solve(&Chomp::new(3, 4).unwrap(), &with_dir(dir.path())).unwrap();
    let e = solve(&Chomp::new(4, 3).unwrap(), &with_dir(dir.path()))
        .err()
        .unwrap();
    assert!(matches!(e, TierError::OtherGame { .. }), "{e}");
    assert!(e.to_string().contains("chomp rows=3 cols=4"), "{e}");
}

#[test]
fn the_files_do_not_depend_on_the_number_of_threads() {
    let game = Chomp::new(6, 7).unwrap();
    let mut all = Vec::new();
    for threads in [1, 2, 3] {
        let dir = tempfile::tempdir().unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| solve(&game, &with_dir(dir.path())).unwrap());
        all.push(files(dir.path()));
    }
    assert_eq!(all[0], all[1]);
    assert_eq!(all[0], all[2]);
    let loopy = FairShares::new(18).unwrap();
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| solve(&loopy, &with_dir(a.path())).unwrap());
    solve(&loopy, &with_dir(b.path())).unwrap();
    assert_eq!(files(a.path()), files(b.path()));
}
