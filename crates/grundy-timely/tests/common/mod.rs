//! A loopy tiered game given by explicit option lists: random digraphs split into tiers, with
//! moves inside a tier and down to lower tiers.
#![allow(dead_code)] // each test file uses a part

use std::sync::Arc;

use grundy::tier::database::INFINITE;
use grundy::tier::{self, Database, SolveOptions, Tiered, TieredGame};
use grundy_timely::{Config, Summary};

/// The single-machine database of `game`, written to `dir`.
pub fn single<G: TieredGame + ?Sized>(game: &G, dir: &std::path::Path) -> Database {
    let opts = SolveOptions {
        dir: Some(dir.to_path_buf()),
        ..SolveOptions::default()
    };
    tier::solve(game, &opts).unwrap()
}

/// The distributed solve of `game` in one process (`workers` threads; every lookup through the
/// dataflow when `route_all`) writing to `dir`, checked against the single-machine database
/// `db`: tier checksums, counts and values, the start position. Returns the summary and the
/// run's name for messages.
pub fn solve_and_compare<G: TieredGame + Send + 'static>(
    game: &Arc<G>,
    db: &Database,
    dir: &std::path::Path,
    workers: usize,
    route_all: bool,
) -> (Summary, String) {
    let cfg = Config {
        route_all_lookups: route_all,
        ..Config::threads(workers)
    };
    solve_and_compare_with(game, db, dir, cfg)
}

/// As [`solve_and_compare`], with any settings.
pub fn solve_and_compare_with<G: TieredGame + Send + 'static>(
    game: &Arc<G>,
    db: &Database,
    dir: &std::path::Path,
    cfg: Config,
) -> (Summary, String) {
    let (workers, route_all) = (cfg.workers, cfg.route_all_lookups);
    let cfg = Config {
        dir: Some(dir.to_path_buf()),
        ..cfg
    };
    let s = grundy_timely::solve(game.clone(), game.start(), &cfg)
        .unwrap()
        .unwrap();
    let what = format!(
        "{} with {workers} workers (route all: {route_all}, {} options per round)",
        game.id(),
        cfg.chunk_options
    );
    assert_eq!(s.checksums, db.checksums(), "{what}: tier checksums");
    assert_eq!(s.stats, db.stats(), "{what}: counts and values");
    assert_eq!(
        s.analysis,
        db.analyse(game.as_ref(), game.start()).unwrap(),
        "{what}: the start position"
    );
    (s, what)
}

/// Options of every (tier, index).
#[derive(Clone, Debug)]
pub struct TableGame {
    pub sizes: Vec<u64>,
    pub options: Vec<Vec<Vec<Tiered>>>,
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
        true
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
        Tiered::new(self.tiers() - 1, 0)
    }
}

impl TableGame {
    /// A random game with tiers of `sizes` positions: each position has up to `max_degree`
    /// options, each in its own tier or a lower one (a fair coin), at a random index.
    pub fn random(sizes: Vec<u64>, max_degree: u64, seed: u64) -> TableGame {
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
                let deg = next() % (max_degree + 1);
                let opts = (0..deg)
                    .map(|_| {
                        let ot = if t == 0 || next() % 2 == 0 {
                            t
                        } else {
                            (next() % t as u64) as usize
                        };
                        Tiered::new(ot as u32, next() % sizes[ot])
                    })
                    .collect();
                tier.push(opts);
            }
            options.push(tier);
        }
        TableGame { sizes, options }
    }
}

/// Options from a tier above 0 to a lower position of infinite value `∞(K)` (the case where
/// the set `K` must be looked up too).
pub fn infinite_lower_options(game: &TableGame, db: &Database) -> usize {
    let mut n = 0;
    for (t, tier) in game.options.iter().enumerate() {
        for opts in tier {
            n += opts
                .iter()
                .filter(|o| {
                    (o.tier as usize) < t
                        && db.tiers()[o.tier as usize].value_marker(o.index) == INFINITE
                })
                .count();
        }
    }
    n
}

/// `n` free `127.0.0.1:port` addresses (chosen by the system now, never fixed).
pub fn free_addresses(n: usize) -> Vec<String> {
    let listeners: Vec<_> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| format!("127.0.0.1:{}", l.local_addr().unwrap().port()))
        .collect()
}
