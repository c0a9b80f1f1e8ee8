//! The report of a tiered retrograde solve (`grundy retro --json`): the game, its positions and
//! tiers, the counts by outcome, the distribution of values, one position with its value, outcome,
//! remoteness and every winning move, and the run's statistics.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::tier::database::Counts;
use crate::tier::{Analysis, Database, Stats, TieredGame};
use crate::{LoopyValue, Outcome};

/// One position of a solved game: `{"text", "value", "outcome", "remoteness", "winning_moves"}`.
#[derive(Clone, Debug, Serialize)]
pub struct RetroPosition {
    /// The position in the game's notation.
    pub text: String,
    /// Its (generalized) Sprague–Grundy value.
    pub value: LoopyValue,
    /// P, N or D.
    pub outcome: Outcome,
    /// Moves to the end under optimal play (`None` for a draw).
    pub remoteness: Option<u64>,
    /// Every winning move, as the positions it leaves (in the game's notation).
    pub winning_moves: Vec<String>,
}

/// `{"game", "positions", "tiers", "counts", "largest_value", "values", "position",
/// "solved_tiers", "option_visits", "database", "seconds", "peak_bytes"}`: `values` maps each
/// finite value (as a string) to its number of positions, plus `"inf"` for infinite values when
/// there are any.
///
/// ```
/// use grundy::report::retro::RetroReport;
/// use grundy::tier::{solve, SolveOptions, TieredGame};
/// use grundy::games::chomp::Chomp;
/// let game = Chomp::new(2, 3).unwrap();
/// let db = solve(&game, &SolveOptions::default()).unwrap();
/// let a = db.analyse(&game, game.start()).unwrap();
/// let json = serde_json::to_value(RetroReport::new(&game, &db, &a, None, 0.0, None)).unwrap();
/// assert_eq!(json["position"]["outcome"], "N");
/// // the only winning move leaves rows of 3 and 2 (two-row P-positions: a = b + 1)
/// assert_eq!(json["position"]["winning_moves"], serde_json::json!(["3,2"]));
/// assert_eq!(json["positions"], 9); // C(5, 2) - 1 diagrams hold the poisoned corner
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct RetroReport {
    /// The game id (name and parameters).
    pub game: String,
    /// Positions of the game.
    pub positions: u64,
    /// Tiers of the game.
    pub tiers: u32,
    /// Positions by outcome.
    pub counts: Counts,
    /// The largest finite value (`None` when every value is infinite).
    pub largest_value: Option<u64>,
    /// Positions of each value.
    pub values: Map<String, Value>,
    /// The position asked about.
    pub position: RetroPosition,
    /// Tiers solved by this run (the others were read from the database).
    pub solved_tiers: u32,
    /// Options enumerated by this run.
    pub option_visits: u64,
    /// The database directory, when there is one.
    pub database: Option<String>,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
    /// Peak resident memory of the process in bytes, when known ([`peak_bytes`]).
    pub peak_bytes: Option<u64>,
}

impl RetroReport {
    /// The report of `db`, a solve of `game`, and of `a`, one position of it; `database` is the
    /// directory of the tier files, `seconds` and `peak_bytes` the run's cost.
    pub fn new<G: TieredGame + ?Sized>(
        game: &G,
        db: &Database,
        a: &Analysis,
        database: Option<String>,
        seconds: f64,
        peak_bytes: Option<u64>,
    ) -> RetroReport {
        let solved = Solved {
            game_id: db.game_id(),
            stats: db.stats(),
            solved_now: db.solved_now(),
            option_visits: db.option_visits(),
        };
        RetroReport::from_solved(game, solved, a, database, seconds, peak_bytes)
    }

    /// The report from the figures of a solve by any engine (the single-machine [`Database`] or
    /// a distributed one): the same fields, the same order.
    pub fn from_solved<G: TieredGame + ?Sized>(
        game: &G,
        solved: Solved<'_>,
        a: &Analysis,
        database: Option<String>,
        seconds: f64,
        peak_bytes: Option<u64>,
    ) -> RetroReport {
        let Solved {
            game_id,
            stats,
            solved_now,
            option_visits,
        } = solved;
        let mut values = Map::new();
        for (v, c) in &stats.values {
            values.insert(v.to_string(), Value::from(*c));
        }
        if stats.infinite > 0 {
            values.insert("inf".into(), Value::from(stats.infinite));
        }
        RetroReport {
            game: game_id.to_string(),
            positions: stats.positions,
            tiers: game.tiers(),
            counts: stats.counts,
            largest_value: stats.largest_value(),
            values,
            position: RetroPosition {
                text: game.format(a.position),
                value: a.value.clone(),
                outcome: a.outcome,
                remoteness: a.remoteness,
                winning_moves: a.winning_moves.iter().map(|&p| game.format(p)).collect(),
            },
            solved_tiers: solved_now,
            option_visits,
            database,
            seconds,
            peak_bytes,
        }
    }
}

/// What a finished solve reports about itself, whichever engine ran it.
pub struct Solved<'a> {
    /// The game's identifier (as in the database manifest).
    pub game_id: &'a str,
    /// Counts of outcomes and values over every position.
    pub stats: Stats,
    /// Tiers solved by this run (the others were read from the database).
    pub solved_now: u32,
    /// Options visited by this run.
    pub option_visits: u64,
}

/// Peak resident memory of this process in bytes (Linux: `VmHWM` of `/proc/self/status`; `None`
/// elsewhere).
pub fn peak_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
