//! Cancellation through the progress sink (`Progress::cancelled`): every engine that supports it
//! stops at its next check with its `Cancelled` error and nothing partial, and a sink that never
//! cancels changes nothing (the answers equal those of the infallible functions).

use std::sync::atomic::{AtomicU64, Ordering};

use grundy::games::chomp::Chomp;
use grundy::games::cram::tier::Cram;
use grundy::games::digraph::{Digraph, GraphError, read_graph_from, try_values, values};
use grundy::position::{PositionError, parse_position, parse_position_with};
use grundy::progress::{Progress, Silent};
use grundy::tier::{SolveOptions, TierError, TieredGame, solve};

/// A sink that asks to stop at its `at`-th check (1-based) and counts the checks.
struct StopAt {
    at: u64,
    checks: AtomicU64,
}

impl StopAt {
    fn new(at: u64) -> StopAt {
        StopAt {
            at,
            checks: AtomicU64::new(0),
        }
    }
    fn checks(&self) -> u64 {
        self.checks.load(Ordering::Relaxed)
    }
}

impl Progress for StopAt {
    fn cancelled(&self) -> bool {
        self.checks.fetch_add(1, Ordering::Relaxed) + 1 >= self.at
    }
}

/// A path `0 -> 1 -> ... -> n-1`: acyclic, values alternate.
fn path(n: u32) -> Digraph {
    let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    Digraph::from_edges(n as usize, &edges).unwrap()
}

/// A loopy graph with many phases: vertex `i < k` moves to every `j < i` (value `i`), and
/// vertex `k + i` has a self-loop and moves to `0..=i` (value `∞({0..=i})`).
fn loopy(k: u32) -> Digraph {
    let mut edges = Vec::new();
    for i in 0..k {
        for j in 0..i {
            edges.push((i, j));
        }
        edges.push((k + i, k + i));
        for j in 0..=i {
            edges.push((k + i, j));
        }
    }
    Digraph::from_edges(2 * k as usize, &edges).unwrap()
}

#[test]
fn acyclic_graph_values_stop_at_the_first_check_that_cancels() {
    let g = path(3 << 20); // checks every 2^20 finished vertices: three of them
    let stop = StopAt::new(2);
    assert_eq!(try_values(&g, &stop).unwrap_err().to_string(), "cancelled");
    assert_eq!(stop.checks(), 2, "stopped at the check that cancelled");
    let never = StopAt::new(u64::MAX);
    let v = try_values(&g, &never).unwrap();
    assert_eq!(never.checks(), 3);
    assert!(v.is_acyclic());
    assert_eq!(v.labels(), values(&g, &Silent).labels());
}

#[test]
fn loopy_graph_values_stop_in_the_phase_that_cancels() {
    let g = loopy(40);
    let full = values(&g, &Silent);
    assert!(!full.is_acyclic());
    // peeled: the 40 values; then one phase per value 0..=40 until every loopy vertex is ∞
    let never = StopAt::new(u64::MAX);
    assert_eq!(try_values(&g, &never).unwrap().labels(), full.labels());
    let phases = never.checks();
    assert!(phases > 10, "{phases} checks");
    for at in [1, phases / 2, phases] {
        let stop = StopAt::new(at);
        assert!(try_values(&g, &stop).is_err(), "stop at check {at}");
        assert_eq!(stop.checks(), at);
    }
}

#[test]
fn the_infallible_graph_values_ignore_a_cancelling_sink() {
    let g = loopy(10);
    let stop = StopAt::new(1);
    assert_eq!(values(&g, &stop).labels(), values(&g, &Silent).labels());
    assert_eq!(stop.checks(), 0, "never asked");
}

#[test]
fn position_files_stop_while_a_heap_component_is_computed() {
    let text = "[[component]]\nkind = \"heap\"\nruleset = \"grundys-game\"\nheaps = [20000, 7]\n";
    let stop = StopAt::new(2);
    let e = parse_position_with(text, ".".as_ref(), &stop).unwrap_err();
    assert!(matches!(e, PositionError::Cancelled), "{e}");
    assert_eq!(stop.checks(), 2);
    let never = StopAt::new(u64::MAX);
    let p = parse_position_with(text, ".".as_ref(), &never).unwrap();
    assert!(never.checks() >= 2);
    let q = parse_position(text, ".".as_ref()).unwrap();
    assert_eq!(p.sum.value(&p.state), q.sum.value(&q.state));
}

#[test]
fn position_files_stop_while_a_graph_component_is_computed() {
    let dir = tempfile::tempdir().unwrap();
    let g = loopy(30);
    let mut edges = String::new();
    for (u, v) in g.edges() {
        edges.push_str(&format!("{u} {v}\n"));
    }
    std::fs::write(dir.path().join("g.txt"), edges).unwrap();
    let text = "[[component]]\nkind = \"graph\"\nfile = \"g.txt\"\ntokens = [45]\n";
    let stop = StopAt::new(3);
    let e = parse_position_with(text, dir.path(), &stop).unwrap_err();
    assert!(matches!(e, PositionError::Cancelled), "{e}");
    assert_eq!(stop.checks(), 3);
    let p = parse_position_with(text, dir.path(), &Silent).unwrap();
    assert_eq!(
        p.sum.value(&p.state).to_string(),
        values(&g, &Silent).get(45).to_string()
    );
}

#[test]
fn a_cancelled_retrograde_solve_keeps_its_finished_tiers_and_resumes_to_the_same_database() {
    let game = Chomp::new(3, 4).unwrap();
    let whole = solve(&game, &SolveOptions::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    // checked before each tier and after each block of 4096 positions: every tier of a 3×4 box
    // is one block, so the 9th check is the one before tier 4
    let stop = StopAt::new(9);
    let opts = SolveOptions {
        dir: Some(dir.path().to_path_buf()),
        stop_after: None,
        progress: &stop,
    };
    match solve(&game, &opts) {
        Err(TierError::Cancelled { finished }) => assert_eq!(finished, 4),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("not cancelled"),
    }
    let resumed = solve(
        &game,
        &SolveOptions {
            dir: Some(dir.path().to_path_buf()),
            ..SolveOptions::default()
        },
    )
    .unwrap();
    assert_eq!(resumed.solved_now(), game.tiers() - 4);
    assert_eq!(resumed.checksums(), whole.checksums());
    assert_eq!(resumed.stats(), whole.stats());
}

#[test]
fn a_retrograde_solve_stops_inside_a_tier_of_many_blocks() {
    let game = Cram::new(4, 5).unwrap();
    let never = StopAt::new(u64::MAX);
    let whole = solve(
        &game,
        &SolveOptions {
            progress: &never,
            ..SolveOptions::default()
        },
    )
    .unwrap();
    let checks = never.checks();
    // more checks than tiers: some tier has several blocks, checked after each
    assert!(checks > 2 * u64::from(game.tiers()), "{checks} checks");
    let stop = StopAt::new(checks / 2);
    let opts = SolveOptions {
        progress: &stop,
        ..SolveOptions::default()
    };
    match solve(&game, &opts) {
        Err(TierError::Cancelled { finished }) => assert!(finished < game.tiers()),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("not cancelled"),
    }
    // the blocks running in parallel when it asked may still finish: a few more checks at most
    assert!(stop.checks() < checks, "{} of {checks}", stop.checks());
    assert_eq!(whole.stats().positions, 1 << 20);
}

#[test]
fn heap_components_computed_in_cancellable_chunks_have_the_values_of_the_ruleset() {
    use grundy::games::heap::Ruleset;
    use grundy::position::extra::HeapRules;
    for code in [
        "kayles",
        "0.8F",
        "4.07",
        "sub:1,3,4",
        "allbut:1,2",
        "grundys-game",
    ] {
        let r: Ruleset = code.parse().unwrap();
        for to in [0u64, 1, 63, 64, 65, 200, 1200] {
            let chunked = HeapRules::try_new(r.clone(), to, &Silent).unwrap();
            let whole = r.values(to as usize);
            let n = to as usize + 1;
            assert_eq!(chunked.values[..n], whole[..n], "{code} up to {to}");
        }
    }
}

#[test]
fn reading_an_edge_list_stops_after_the_chunk_that_cancels() {
    // 2^21 edges, about 30 MB: two chunks of 16 MiB
    let mut text = String::new();
    for i in 1..(1u32 << 21) {
        text.push_str(&format!("{i} {}\n", i - 1));
    }
    let stop = StopAt::new(1);
    match read_graph_from(text.as_bytes(), "path", None, None, &stop) {
        Err(GraphError::Cancelled { path }) => assert_eq!(path, "path"),
        other => panic!("not cancelled: {:?}", other.map(|g| g.edge_count())),
    }
    assert_eq!(stop.checks(), 1);
    let never = StopAt::new(u64::MAX);
    let g = read_graph_from(text.as_bytes(), "path", None, None, &never).unwrap();
    assert_eq!(g.edge_count(), (1 << 21) - 1);
    assert_eq!(never.checks(), 2);
}
