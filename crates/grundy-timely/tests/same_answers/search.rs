//! The search shared by several processes gives the single-machine engine's answers: the
//! value, the outcome and every winning move, with one process and several threads (random
//! positions), with two and three processes over TCP on 127.0.0.1 (ports picked at run time),
//! and after a stop and a rerun from the answers kept on disk — with the jobs answered by the
//! value search and by df-pn (Sprouts's pick on one machine).

use std::sync::Arc;
use std::time::Duration;

use crate::common::free_addresses;
use proptest::prelude::*;

use grundy::games::cram::Cram;
use grundy::games::kayles::graph::Graph;
use grundy::games::kayles::{GraphKayles, Rule};
use grundy::games::sprouts::{LandForm, Sprouts};
use grundy::search::pns::DfpnConfig;
use grundy::search::{Config, NimSet, Search, SearchGame, Table};
use grundy_timely::search::{ClusterAnswer, ClusterError, Database, SearchCluster, search};

/// What the single-machine engine says: the value and, for each position in `after`, whether
/// it is worth 0.
fn single<G: SearchGame>(
    game: &G,
    parts: &[G::Component],
    after: &[Vec<G::Component>],
) -> (u8, Vec<bool>) {
    let table = Table::with_bytes(1 << 22);
    let s = Search::new(game, &table, Config::default());
    let v = Search::<G>::on_search_thread(|| s.value(parts)).unwrap();
    let w = after
        .iter()
        .map(|a| {
            Search::<G>::on_search_thread(|| s.value_in(a, NimSet::single(0))).unwrap() == Some(0)
        })
        .collect();
    (v, w)
}

/// Check a cluster's answer against the single engine's.
fn agree(a: &ClusterAnswer, value: u8, winning: &[bool], outcome_only: bool, what: &str) {
    if !outcome_only {
        assert_eq!(a.value, Some(value), "{what}: value");
    }
    assert_eq!(a.first_player_wins, value != 0, "{what}: outcome");
    let want: Vec<Option<bool>> = winning.iter().map(|&w| Some(w && value != 0)).collect();
    assert_eq!(a.winning, want, "{what}: winning moves");
}

/// df-pn's settings for `game` as the front ends take them (its small parts, its lazy parts, its
/// value-table watch),
/// with a small proof-number table.
fn dfpn_of<G: SearchGame>(game: &G) -> DfpnConfig {
    DfpnConfig {
        small: game.dfpn_tuning().small,
        lazy_parts: game.dfpn_tuning().lazy_parts,
        watch_values: game.dfpn_tuning().watch_values,
        pn_bytes: 1 << 20,
        ..DfpnConfig::default()
    }
}

/// `n` processes (threads of this test, over TCP) searching the same position; process 0's
/// answer.
fn cluster<G>(
    game: Arc<G>,
    parts: Vec<G::Component>,
    after: Vec<Vec<G::Component>>,
    n: usize,
    threads: usize,
    outcome_only: bool,
) -> ClusterAnswer
where
    G: SearchGame + Send + 'static,
    G::Component: 'static,
{
    cluster_with(game, parts, after, n, threads, outcome_only, None)
}

/// [`cluster`], the jobs answered by df-pn with `dfpn`.
fn cluster_with<G>(
    game: Arc<G>,
    parts: Vec<G::Component>,
    after: Vec<Vec<G::Component>>,
    n: usize,
    threads: usize,
    outcome_only: bool,
    dfpn: Option<DfpnConfig>,
) -> ClusterAnswer
where
    G: SearchGame + Send + 'static,
    G::Component: 'static,
{
    cluster_set(game, parts, after, n, threads, outcome_only, &|cfg| {
        cfg.dfpn = dfpn.clone()
    })
}

/// [`cluster`], each process's settings changed by `set`.
fn cluster_set<G>(
    game: Arc<G>,
    parts: Vec<G::Component>,
    after: Vec<Vec<G::Component>>,
    n: usize,
    threads: usize,
    outcome_only: bool,
    set: &dyn Fn(&mut SearchCluster),
) -> ClusterAnswer
where
    G: SearchGame + Send + 'static,
    G::Component: 'static,
{
    let addresses = if n > 1 { free_addresses(n) } else { Vec::new() };
    let handles: Vec<_> = (0..n)
        .map(|p| {
            let mut cfg = SearchCluster {
                threads,
                addresses: addresses.clone(),
                process: p,
                memory: 1 << 22,
                outcome_only,
                share_nodes: 1 + p as u64 * 50,
                silence_limit: Duration::from_secs(120),
                ..SearchCluster::default()
            };
            set(&mut cfg);
            let (game, parts, after) = (game.clone(), parts.clone(), after.clone());
            std::thread::spawn(move || search(game, parts, after, &cfg))
        })
        .collect();
    let mut results = handles.into_iter().map(|h| h.join().unwrap().unwrap());
    let first = results.next().unwrap().expect("process 0 answers");
    assert!(results.all(|r| r.is_none()), "only process 0 answers");
    first
}

/// The positions after every Node-Kayles (or Arc-Kayles) move of `g`, each as its components.
fn graph_after(game: &GraphKayles, g: &Graph) -> Vec<Vec<Graph>> {
    game.graph_moves(g)
        .into_iter()
        .map(|(_, left)| game.components_of(g, left))
        .collect()
}

fn graphs() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1usize..=12).prop_flat_map(|n| {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let m = pairs.len();
        (Just(n), proptest::sample::subsequence(pairs, 0..=m.min(22)))
    })
}

/// A Cram board of `rows × cols` with the cells of `holes` (bit `i`: cell `i` in row order)
/// filled.
fn cram_board(rows: usize, cols: usize, holes: u64) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if holes >> (r * cols + c) & 1 == 1 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn cram_after(
    game: &Cram,
    text: &str,
) -> (
    Vec<grundy::games::grid::region::Region>,
    Vec<Vec<grundy::games::grid::region::Region>>,
) {
    let board = game.parse(text).unwrap();
    let parts = game.components(&board);
    let after = game
        .board_moves(&board)
        .into_iter()
        .map(|(_, b)| game.components(&b))
        .collect();
    (parts, after)
}

/// The graph game `rule` on `n` vertices and `edges`, on `processes` × `threads`, against the
/// single engine.
fn check_graph(
    rule: Rule,
    n: usize,
    edges: &[(usize, usize)],
    processes: usize,
    threads: usize,
    outcome_only: bool,
    dfpn: bool,
) {
    let game = GraphKayles::new(rule);
    let g = Graph::from_edges(n, edges).unwrap();
    let parts = game.components(&g);
    let after = graph_after(&game, &g);
    let (v, w) = single(&game, &parts, &after);
    let dfpn = dfpn.then(|| dfpn_of(&game));
    let a = cluster_with(
        Arc::new(game),
        parts,
        after,
        processes,
        threads,
        outcome_only,
        dfpn.clone(),
    );
    let what = format!("{rule:?} {n} {edges:?} on {processes} × {threads}, df-pn {dfpn:?}");
    agree(&a, v, &w, outcome_only, &what);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// One process, one to three job threads: the value, the outcome (also asked alone) and
    /// every winning move of a random graph, as the single engine finds them — the jobs
    /// answered by the value search or by df-pn.
    #[test]
    fn one_process_answers_as_the_single_engine_on_random_graphs(
        (n, edges) in graphs(),
        edge_rule in any::<bool>(),
        threads in 1usize..=3,
        outcome_only in any::<bool>(),
        dfpn in any::<bool>(),
    ) {
        let rule = if edge_rule { Rule::Edge } else { Rule::Vertex };
        check_graph(rule, n, &edges, 1, threads, outcome_only, dfpn);
    }

    /// One process, one to three job threads answering by df-pn: random Sprouts positions
    /// (random play from 1 to 5 spots, as the df-pn oracle draws them).
    #[test]
    fn dfpn_jobs_answer_as_the_single_engine_on_random_sprouts_positions(
        spots in 1usize..=5,
        moves in 0usize..6,
        seed in any::<u64>(),
        threads in 1usize..=3,
        outcome_only in any::<bool>(),
    ) {
        check_sprouts(sprouts_position(spots, moves, seed), 1, threads, outcome_only);
    }

    /// The same on random Cram boards with holes.
    #[test]
    fn one_process_answers_as_the_single_engine_on_cram_boards_with_holes(
        rows in 1usize..=4,
        cols in 1usize..=5,
        holes in any::<u64>(),
        threads in 1usize..=3,
    ) {
        let game = Cram::default();
        let text = cram_board(rows, cols, holes & 0b1001_0000_0100_0010_0001);
        let (parts, after) = cram_after(&game, &text);
        let (v, w) = single(&game, &parts, &after);
        let a = cluster(Arc::new(game), parts, after, 1, threads, false);
        agree(&a, v, &w, false, &text);
    }
}

proptest! {
    // each case waits for timely's connections (up to a second): few cases, small graphs
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Two processes on a random graph: the value and every winning move.
    #[test]
    fn two_processes_answer_as_the_single_engine_on_random_graphs(
        (n, edges) in graphs(),
        edge_rule in any::<bool>(),
    ) {
        let rule = if edge_rule { Rule::Edge } else { Rule::Vertex };
        check_graph(rule, n, &edges, 2, 1, false, false);
    }

    /// Two or three processes answering by df-pn on a random Sprouts position.
    #[test]
    fn two_and_three_processes_answer_by_dfpn_as_the_single_engine_on_random_sprouts(
        spots in 2usize..=5,
        moves in 0usize..4,
        seed in any::<u64>(),
        processes in 2usize..=3,
        outcome_only in any::<bool>(),
    ) {
        check_sprouts(sprouts_position(spots, moves, seed), processes, 1, outcome_only);
    }
}

/// A Sprouts position: `moves` random moves from `spots` spots (a linear congruential draw
/// from `seed`, as `tests/pns_oracle.rs` draws them).
fn sprouts_position(spots: usize, moves: usize, mut seed: u64) -> Vec<LandForm> {
    let game = Sprouts::default();
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

/// A Sprouts position on `processes` × `threads` answering by df-pn, against the single
/// engine's value search: the value (unless `outcome_only`), the outcome and every winning
/// move.
fn check_sprouts(
    p: Vec<LandForm>,
    processes: usize,
    threads: usize,
    outcome_only: bool,
) -> ClusterAnswer {
    let game = Sprouts::default();
    let after = game.position_moves(&p);
    let (v, w) = single(&game, &p, &after);
    let what = format!(
        "sprouts {} on {processes} × {threads} by df-pn",
        game.text(&p)
    );
    let dfpn = Some(dfpn_of(&game));
    let a = cluster_with(
        Arc::new(Sprouts::default()),
        p,
        after,
        processes,
        threads,
        outcome_only,
        dfpn,
    );
    agree(&a, v, &w, outcome_only, &what);
    a
}

#[test]
fn dfpn_jobs_on_1_2_3_processes_answer_sprouts_start_positions_as_the_single_engine() {
    // 0*3 … 0*6: N, N, N, P (and 0*6's value is 0 while every move of it is worth something)
    for spots in 3..=6 {
        for n in 1..=3 {
            let p = Sprouts::default().spots(spots).unwrap();
            let a = check_sprouts(p.clone(), n, 1, false);
            if n > 1 && spots == 6 {
                // process 0 shares every value (`share_nodes` 1): df-pn's nimbers among them
                assert!(
                    a.shared_nimbers[0] > 0,
                    "0*6 on {n}: {:?}",
                    a.shared_nimbers
                );
            }
            check_sprouts(p, n, 2, true);
        }
    }
}

#[test]
fn two_and_three_processes_answer_as_the_single_engine() {
    // Cram boards with holes, a Node-Kayles and an Arc-Kayles graph, Sprouts positions
    let cram = Cram::default();
    let mut split = 0;
    for (n, text) in [
        (2, "...../...#./....."),
        (3, "....../.#..../......"),
        (2, "..../..../..../...#"),
    ] {
        let (parts, after) = cram_after(&cram, text);
        let (v, w) = single(&cram, &parts, &after);
        let a = cluster(Arc::new(Cram::default()), parts, after, n, 1, false);
        agree(&a, v, &w, false, &format!("cram {text} on {n} processes"));
        split += a.jobs_split;
    }
    // round 0's first question, alone in play with every process idle, is asked by its moves
    assert!(split > 0, "no question split");
    let edges: Vec<(usize, usize)> = (0..13)
        .flat_map(|a| (a + 1..13).map(move |b| (a, b)))
        .filter(|&(a, b)| (a * 7 + b * 3) % 5 == 0 || b == a + 1)
        .collect();
    for (rule, n) in [(Rule::Vertex, 3), (Rule::Edge, 2)] {
        check_graph(rule, 13, &edges, n, 2, false, false);
        check_graph(rule, 13, &edges, n, 1, false, true);
    }
    let sprouts = Sprouts::default();
    for (n, spots) in [(2, 5), (3, 6)] {
        let p = sprouts.spots(spots).unwrap();
        let after = sprouts.position_moves(&p);
        let (v, w) = single(&sprouts, &p, &after);
        let a = cluster(Arc::new(Sprouts::default()), p, after, n, 1, false);
        agree(
            &a,
            v,
            &w,
            false,
            &format!("sprouts 0*{spots} on {n} processes"),
        );
        let (v, _) = single(&sprouts, &sprouts.spots(spots).unwrap(), &[]);
        let a = cluster(
            Arc::new(Sprouts::default()),
            sprouts.spots(spots).unwrap(),
            Vec::new(),
            n,
            1,
            true,
        );
        assert_eq!(
            a.first_player_wins,
            v != 0,
            "sprouts 0*{spots}: outcome alone"
        );
    }
}

/// A partitioned nimber database (each value sent to the process its hash names, asked for
/// by the others) changes what is searched, never an answer: Cram boards with holes and a
/// Node-Kayles graph on two and three processes, every component of at least 4 cells or
/// vertices asked about.
#[test]
fn a_partitioned_database_gives_the_single_engines_answers() {
    let partitioned: &dyn Fn(&mut SearchCluster) = &|cfg| {
        cfg.database = Database::Partitioned { min_size: 4 };
        cfg.share_nodes = 1;
    };
    let cram = Cram::default();
    let mut asked = 0;
    for (n, threads, text) in [
        (2, 1, "...../...#./....."),
        (3, 2, "....../.#..../......"),
        (3, 1, "..../..../..../...#"),
    ] {
        let (parts, after) = cram_after(&cram, text);
        let (v, w) = single(&cram, &parts, &after);
        let a = cluster_set(
            Arc::new(Cram::default()),
            parts,
            after,
            n,
            threads,
            false,
            partitioned,
        );
        agree(
            &a,
            v,
            &w,
            false,
            &format!("cram {text} on {n} processes, partitioned"),
        );
        assert!(a.lookup_hits.iter().sum::<u64>() <= a.lookups.iter().sum::<u64>());
        asked += a.lookups.iter().sum::<u64>();
    }
    assert!(asked > 0, "the owners were asked");
    let game = GraphKayles::new(Rule::Vertex);
    let edges: Vec<(usize, usize)> = (0..12)
        .flat_map(|a| (a + 1..12).map(move |b| (a, b)))
        .filter(|&(a, b)| (a * 5 + b * 3) % 7 == 0 || b == a + 1)
        .collect();
    let g = Graph::from_edges(12, &edges).unwrap();
    let parts = game.components(&g);
    let after = graph_after(&game, &g);
    let (v, w) = single(&game, &parts, &after);
    let a = cluster_set(
        Arc::new(GraphKayles::new(Rule::Vertex)),
        parts,
        after,
        2,
        2,
        false,
        partitioned,
    );
    agree(&a, v, &w, false, "node-kayles on 2 processes, partitioned");
}

/// df-pn's jobs do not read a partitioned database: asked for both, the search refuses.
#[test]
fn dfpn_jobs_with_a_partitioned_database_are_refused() {
    let sprouts = Sprouts::default();
    let cfg = SearchCluster {
        dfpn: Some(dfpn_of(&sprouts)),
        database: Database::Partitioned { min_size: 4 },
        ..SearchCluster::default()
    };
    let e = search(
        Arc::new(Sprouts::default()),
        sprouts.spots(3).unwrap(),
        Vec::new(),
        &cfg,
    )
    .unwrap_err();
    assert!(matches!(e, ClusterError::Config(_)), "{e}");
    assert!(e.to_string().contains("--database"), "{e}");
}

#[test]
fn a_stopped_search_resumes_from_its_answers_and_asks_nothing_twice() {
    stop_and_resume(None);
}

#[test]
fn a_stopped_dfpn_search_resumes_from_its_answers_and_asks_nothing_twice() {
    stop_and_resume(Some(dfpn_of(&Cram::default())));
}

/// Answers beneath a split question on disk (as a coordinator keeps them while the question
/// is split: here two of its moves' questions, answered by the engine) are read back by a
/// rerun, which splits that question again — even on one process — and answers as the single
/// engine.
#[test]
fn answers_beneath_a_split_question_are_read_back() {
    use grundy::search::distributed::split::{self, Kept, Split};
    let game = Cram::default();
    let (parts, after) = cram_after(&game, "....../....../.....#");
    let (v, w) = single(&game, &parts, &after);
    let mut root = Split::new(&game, &parts, &after, false).unwrap();
    let first = root.next_jobs(1)[0];
    assert_eq!(first.target, 0);
    let mut beneath = Split::beneath(&game, root.sum(first.sum), 0)
        .unwrap()
        .expect("one part");
    let table = Table::with_bytes(1 << 20);
    let engine = Search::new(&game, &table, Config::default());
    let mut kept = Vec::new();
    for job in beneath.next_jobs(2) {
        let found = Search::<Cram>::on_search_thread(|| {
            engine.value_in(beneath.sum(job.sum), NimSet::single(job.target))
        })
        .unwrap();
        kept.push(Kept {
            under: Some(first),
            job,
            found,
        });
    }
    let dir = tempfile::tempdir().unwrap();
    split::save_answers(dir.path(), &game.id(), root.fingerprint(&game), &kept).unwrap();
    let again = SearchCluster {
        memory: 1 << 22,
        dir: Some(dir.path().to_path_buf()),
        ..SearchCluster::default()
    };
    let a = search(Arc::new(Cram::default()), parts, after, &again)
        .unwrap()
        .unwrap();
    agree(&a, v, &w, false, "rerun on one process");
    assert_eq!(a.jobs_resumed, kept.len() as u64);
    assert_eq!(
        a.jobs_split, 1,
        "the question is split again to read its answers back"
    );
}

/// A search of a Cram board stopped after four answers, rerun from the answers kept on disk:
/// the single engine's answers, no question asked twice; a damaged answers file refused.
fn stop_and_resume(dfpn: Option<DfpnConfig>) {
    let game = Cram::default();
    let (parts, after) = cram_after(&game, "....../....../....../.....#");
    let (v, w) = single(&game, &parts, &after);
    let dir = tempfile::tempdir().unwrap();
    let cfg = SearchCluster {
        threads: 1,
        memory: 1 << 22,
        dir: Some(dir.path().to_path_buf()),
        dfpn,
        ..SearchCluster::default()
    };
    let whole = search(
        Arc::new(Cram::default()),
        parts.clone(),
        after.clone(),
        &cfg,
    )
    .unwrap()
    .unwrap();
    assert!(whole.jobs_run >= 6, "{} questions", whole.jobs_run);
    let dir = tempfile::tempdir().unwrap();
    let stop = SearchCluster {
        dir: Some(dir.path().to_path_buf()),
        stop_after_answers: Some(4),
        ..cfg.clone()
    };
    let r = search(
        Arc::new(Cram::default()),
        parts.clone(),
        after.clone(),
        &stop,
    );
    // (answers that arrive together are recorded together: the stop may come after more)
    let kept = match r {
        Err(ClusterError::Stopped(k)) => k,
        other => panic!("{other:?}"),
    };
    assert!(kept >= 4 && kept < whole.jobs_run, "{kept}");
    let fingerprint = grundy::search::distributed::split::Split::new(&game, &parts, &after, false)
        .unwrap()
        .fingerprint(&game);
    let load = || {
        grundy::search::distributed::split::load_answers(
            dir.path(),
            &Cram::default().id(),
            fingerprint,
        )
        .unwrap()
    };
    let before = load();
    let again = SearchCluster {
        dir: Some(dir.path().to_path_buf()),
        ..cfg.clone()
    };
    let a = search(
        Arc::new(Cram::default()),
        parts.clone(),
        after.clone(),
        &again,
    )
    .unwrap()
    .unwrap();
    agree(&a, v, &w, false, "resumed");
    assert_eq!(a.jobs_resumed, before.len() as u64);
    assert!(a.resumed_entries > 0, "the process's table was kept too");
    // no root question answered before the stop was asked again: the rerun's answers begin
    // with those read back
    let roots = |log: &[grundy::search::distributed::split::Kept]| {
        log.iter()
            .filter(|k| k.under.is_none())
            .map(|k| k.job)
            .collect::<Vec<_>>()
    };
    let (was, now) = (roots(&before), roots(&load()));
    assert_eq!(now[..was.len()], was[..]);
    for j in &now[was.len()..] {
        assert!(!was.contains(j), "{j:?} asked twice");
    }
    // a damaged answers file is refused, never read as answers
    let file = dir
        .path()
        .join(grundy::search::distributed::split::ANSWERS_FILE);
    let mut bytes = std::fs::read(&file).unwrap();
    let i = bytes.len() - 7;
    bytes[i] ^= 0x40;
    std::fs::write(&file, &bytes).unwrap();
    let r = search(Arc::new(Cram::default()), parts, after, &again);
    assert!(matches!(r, Err(ClusterError::Answers(_))), "{r:?}");
}
