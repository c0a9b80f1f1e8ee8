//! Property tests of the judge formats: random bytes never panic, and random well-formed inputs
//! agree with brute-force game searches on whole positions.

use grundy::ImpartialGame;
use grundy::games::chips::{ChipGame, ChipPositions};
use grundy::judge::{Problem, solve};
use grundy::solve::memo::Solver;
use proptest::prelude::*;

/// Bytes biased towards the judge alphabet (digits, spaces, newlines, a minus) plus anything.
fn judge_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        6 => b'0'..=b'9',
        3 => Just(b' '),
        3 => Just(b'\n'),
        1 => Just(b'-'),
        1 => any::<u8>(),
    ];
    proptest::collection::vec(byte, 0..200)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn random_bytes_never_panic(bytes in judge_bytes()) {
        for p in Problem::ALL {
            // Huge numbers are rejected up front, so every call is quick.
            let _ = solve(p, &bytes);
        }
    }
}

/// A chip game: vertices, edges, K per vertex, and the rounds' chip counts.
type ChipInput = (usize, Vec<(u32, u32)>, Vec<u32>, Vec<Vec<u64>>);

/// A random chip game with rounds, vertices in a random numbering.
fn chip_input() -> impl Strategy<Value = ChipInput> {
    (1usize..=4).prop_flat_map(|n| {
        let perm = Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle();
        let pairs = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=6);
        let ks = proptest::collection::vec(0u32..=3, n);
        let rounds = proptest::collection::vec(proptest::collection::vec(0u64..=3, n), 1..=4);
        (perm, pairs, ks, rounds).prop_map(move |(perm, pairs, ks, rounds)| {
            let edges = pairs
                .into_iter()
                .filter(|(a, b)| a < b)
                .map(|(a, b)| (perm[a as usize], perm[b as usize]))
                .collect();
            (n, edges, ks, rounds)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    /// The xsy1149 output against a search of whole chip positions for every round.
    #[test]
    fn xsy1149_matches_position_search((n, edges, ks, rounds) in chip_input()) {
        let mut text = format!("1\n{} {}\n", n, edges.len());
        for (u, v) in &edges {
            text += &format!("{u} {v}\n");
        }
        text += &ks.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(" ");
        text += &format!("\n{}\n", rounds.len());
        for r in &rounds {
            text += &r.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
            text += "\n";
        }
        let out = String::from_utf8(solve(Problem::Xsy1149, text.as_bytes()).unwrap()).unwrap();
        let game = ChipGame::new(n, &edges, ks).unwrap();
        let mut solver = Solver::with_limit(ChipPositions(&game), 500_000);
        let mut want = String::from("Game#1:\n");
        for (j, r) in rounds.iter().enumerate() {
            // Only parity matters; search the reduced position to keep the search small.
            let reduced: Vec<u64> = r.iter().map(|c| c & 1).collect();
            let win = !solver.grundy(&reduced).unwrap().is_zero();
            want += &format!("Round#{}: {}\n", j + 1, if win { "WINNING" } else { "LOSING" });
        }
        want += "\n";
        prop_assert_eq!(out, want);
        // and the options really are what the search uses
        let mut opts = Vec::new();
        ChipPositions(&game).options(&vec![1; n], &mut opts);
        prop_assert!(opts.iter().all(|q| q.len() == n));
    }
}
