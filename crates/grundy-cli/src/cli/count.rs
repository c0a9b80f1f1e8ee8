//! `grundy count heaps <RULESET> --heaps K [--min A] --max B [--multiset] [--mod P] [--json]` and
//! `grundy count graph <FILE|-> --tokens K [--vertices N] [--multiset] [--mod P] [--json]`:
//! how many positions of a family are P, N (and D on loopy graphs).

use std::collections::HashMap;
use std::io::Write;

use grundy::Nimber;
use grundy::count::heap_family::{self, HeapFamilyCount};
use grundy::count::{Arithmetic, CountError, LoopyDistribution, tokens};
use grundy::games::digraph::{self, GraphError, GraphValues};
use grundy::games::heap::Ruleset;
use num_bigint::BigUint;

use super::progress::Bar;
use super::{CmdResult, Failure, Output, parse_u64, write_json};

/// The help of `--json` of `count heaps`: the report's fields.
const HEAPS_JSON: &str =
    r#"Print JSON: {"p_positions", "n_positions", "total"} (exact numbers of any size)"#;

/// The help of `--json` of `count graph`: the report's fields.
const GRAPH_JSON: &str = r#"Print JSON: {"p_positions", "n_positions", "d_positions", "total"}"#;

/// Arguments of `grundy count`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub family: Family,
}

/// The family whose positions are counted.
#[derive(clap::Subcommand, Debug)]
pub enum Family {
    /// K heaps of a heap game, each of size A..=B: ordered tuples, or multisets with --multiset.
    Heaps(HeapsArgs),
    /// K tokens on a digraph (cycles allowed): P, N and D (draw) placements.
    Graph(GraphArgs),
}

/// Arguments of `grundy count heaps`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(HEAPS_JSON)))]
pub struct HeapsArgs {
    /// The ruleset: an octal/hexadecimal code (0.77), sub:1,3,4, allbut:1,2 or a name (kayles, ...).
    pub ruleset: String,
    /// Number of heaps K (any size up to 2^128 - 1).
    #[arg(long, value_parser = parse_u128)]
    pub heaps: u128,
    /// Smallest heap size A.
    #[arg(long, default_value_t = 0, value_parser = parse_u64)]
    pub min: u64,
    /// Largest heap size B.
    #[arg(long, value_parser = parse_u64)]
    pub max: u64,
    /// Count multisets (a <= b <= c ...) instead of ordered tuples.
    #[arg(long)]
    pub multiset: bool,
    /// Count modulo P (odd; prime with --multiset) instead of exactly.
    #[arg(long = "mod", value_name = "P", value_parser = parse_u64)]
    pub modulus: Option<u64>,
    #[command(flatten)]
    pub output: Output,
}

/// Arguments of `grundy count graph`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(GRAPH_JSON)))]
pub struct GraphArgs {
    /// Edge list (`u v` per line, 0-based) or binary graph file; `-` for stdin.
    pub file: String,
    /// Number of tokens K (any size up to 2^128 - 1).
    #[arg(long, value_parser = parse_u128)]
    pub tokens: u128,
    /// Number of vertices (default: largest id + 1); ids must be below it.
    #[arg(long, value_parser = parse_u64)]
    pub vertices: Option<u64>,
    /// Count multisets of vertices instead of ordered placements.
    #[arg(long)]
    pub multiset: bool,
    /// Count modulo P (odd; prime with --multiset) instead of exactly.
    #[arg(long = "mod", value_name = "P", value_parser = parse_u64)]
    pub modulus: Option<u64>,
    #[command(flatten)]
    pub output: Output,
}

/// Parse a non-negative integer below 2^128 with a clear message.
pub fn parse_u128(s: &str) -> Result<u128, String> {
    let t = s.trim();
    if t.starts_with('-') {
        return Err(format!(
            "'{s}' is negative; expected a non-negative integer"
        ));
    }
    t.parse::<u128>().map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => {
            format!("'{s}' is too large (the largest allowed is {})", u128::MAX)
        }
        _ => format!("'{s}' is not a non-negative integer"),
    })
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    match args.family {
        Family::Heaps(a) => run_heaps(a, out),
        Family::Graph(a) => run_graph(a, out),
    }
}

fn arithmetic(modulus: Option<u64>) -> Arithmetic {
    modulus.map_or(Arithmetic::Exact, Arithmetic::Modulo)
}

fn count_failure(e: CountError) -> Failure {
    Failure::invalid(e)
}

fn run_heaps(a: HeapsArgs, out: &mut dyn Write) -> CmdResult {
    let ruleset: Ruleset = a
        .ruleset
        .parse()
        .map_err(|e| Failure::invalid(anyhow::anyhow!("ruleset '{}': {e}", a.ruleset)))?;
    let HeapFamilyCount { counts: c, method } = heap_family::count_heap_family(
        &ruleset,
        a.heaps,
        a.min,
        a.max,
        a.multiset,
        arithmetic(a.modulus),
        &mut || false,
    )
    .map_err(Failure::invalid)?;
    if a.output.json {
        return write_json(out, &c);
    }
    writeln!(
        out,
        "{} heaps of {ruleset}, sizes {}..={} ({}): {}",
        a.heaps,
        a.min,
        a.max,
        shape(a.multiset),
        modulo(a.modulus)
    )?;
    writeln!(out, "heap values: {method}")?;
    writeln!(
        out,
        "P-positions: {} (the player to move loses)",
        c.p_positions
    )?;
    writeln!(
        out,
        "N-positions: {} (the player to move wins)",
        c.n_positions
    )?;
    writeln!(out, "total: {}", c.total)?;
    Ok(())
}

fn shape(multiset: bool) -> &'static str {
    if multiset {
        "multisets, order ignored"
    } else {
        "ordered tuples"
    }
}

fn modulo(m: Option<u64>) -> String {
    match m {
        Some(p) => format!("counts modulo {p}"),
        None => "exact counts".to_string(),
    }
}

/// A missing file is a bad argument (exit 2); other read failures are I/O errors (exit 1).
fn graph_failure(e: GraphError) -> Failure {
    let missing =
        matches!(&e, GraphError::Io { error, .. } if error.kind() == std::io::ErrorKind::NotFound);
    if e.is_io() && !missing {
        Failure::io(e)
    } else {
        Failure::invalid(e)
    }
}

/// The value distribution of the vertices: finite values counted densely, each distinct set `S`
/// of the infinite values `∞(S)` counted once (borrowed, no copy per vertex).
fn distribution_of(values: &GraphValues) -> Result<LoopyDistribution, Failure> {
    let mut finite: Vec<u64> = Vec::new();
    let mut sets: HashMap<&[u32], u64> = HashMap::new();
    for v in 0..values.len() as u32 {
        match values.finite(v) {
            Some(n) => {
                let i = n.0 as usize;
                if i >= finite.len() {
                    finite.resize(i + 1, 0);
                }
                finite[i] += 1;
            }
            None => {
                *sets
                    .entry(values.infinite_set(v).unwrap_or(&[]))
                    .or_insert(0) += 1
            }
        }
    }
    LoopyDistribution::from_counts(
        finite
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(v, &c)| (Nimber(v as u64), c)),
        sets.into_iter()
            .map(|(s, c)| (s.iter().map(|&x| u64::from(x)).collect(), c)),
    )
    .map_err(count_failure)
}

fn run_graph(a: GraphArgs, out: &mut dyn Write) -> CmdResult {
    let arith = arithmetic(a.modulus);
    tokens::count_tokens_of(&[], 0, a.multiset, arith).map_err(count_failure)?;
    let vertices = match a.vertices {
        Some(n) if n > digraph::MAX_VERTICES as u64 => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--vertices {n} is more than the limit of {}",
                digraph::MAX_VERTICES
            )));
        }
        v => v.map(|n| n as usize),
    };
    let bar = Bar::new(a.output.quiet() || a.output.json);
    let g = if a.file == "-" {
        let stdin = std::io::stdin();
        digraph::read_graph_from(stdin.lock(), "<stdin>", None, vertices, &bar)
    } else {
        digraph::read_graph_with(std::path::Path::new(&a.file), vertices, &bar)
    }
    .map_err(graph_failure)?;
    let values = digraph::values(&g, &bar);
    let dist = distribution_of(&values)?;
    let c = tokens::count_tokens(&dist, a.tokens, a.multiset, arith).map_err(count_failure)?;
    if a.output.json {
        return write_json(out, &c);
    }
    writeln!(
        out,
        "{} tokens on {} ({} vertices, {} with infinite value; {}): {}",
        a.tokens,
        a.file,
        values.len(),
        dist.infinite_total(),
        if a.multiset {
            "multisets, order ignored"
        } else {
            "ordered placements"
        },
        modulo(a.modulus)
    )?;
    let line = |out: &mut dyn Write, name: &str, x: &BigUint, what: &str| {
        writeln!(out, "{name}: {x} ({what})")
    };
    line(
        out,
        "P-positions",
        &c.p_positions,
        "the player to move loses",
    )?;
    line(
        out,
        "N-positions",
        &c.n_positions,
        "the player to move wins",
    )?;
    line(out, "D-positions", &c.d_positions, "a draw with best play")?;
    writeln!(out, "total: {}", c.total)?;
    Ok(())
}
