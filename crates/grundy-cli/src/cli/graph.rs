//! `grundy graph <FILE|-> [--vertices N] [--tokens a,b,...] [--values] [--json] [--quiet]`:
//! token games on a directed graph (cycles allowed). `--write-binary OUT` converts the input to the
//! compact binary form instead (read back by the same command, recognised by its magic bytes).

use std::io::Write;
use std::path::PathBuf;

use grundy::games::digraph::{self, Digraph, GraphError, binary, sum};
use grundy::report::graph::GraphReport;
use grundy::{LoopyValue, Outcome};

use super::progress::Bar;
use super::{CmdResult, Failure, Output, parse_u64, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str =
    r#"Print JSON: {"vertices","edges","acyclic","value","outcome","winning_moves",["values"]}"#;

/// Arguments of `grundy graph`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// Edge list (`u v` per line, 0-based, `#` comments) or binary graph file; `-` for stdin.
    pub file: String,
    /// Number of vertices (default: largest id + 1); ids must be below it.
    #[arg(long, value_parser = parse_u64)]
    pub vertices: Option<u64>,
    /// Vertices holding a token, comma-separated (tokens may share a vertex).
    #[arg(long, value_delimiter = ',', value_parser = parse_u64)]
    pub tokens: Vec<u64>,
    /// Also print the value of every vertex.
    #[arg(long)]
    pub values: bool,
    #[command(flatten)]
    pub output: Output,
    /// Write the graph in the compact binary form to OUT and stop (no analysis, so no report for
    /// --json).
    #[arg(long, value_name = "OUT", conflicts_with = "json")]
    pub write_binary: Option<PathBuf>,
}

fn graph_failure(e: GraphError) -> Failure {
    if e.is_io() {
        Failure::io(e)
    } else {
        Failure::invalid(e)
    }
}

fn load(args: &Args, bar: &Bar) -> Result<Digraph, Failure> {
    let vertices = match args.vertices {
        Some(n) if n > digraph::MAX_VERTICES as u64 => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--vertices {n} is more than the limit of {}",
                digraph::MAX_VERTICES
            )));
        }
        v => v.map(|n| n as usize),
    };
    if args.file == "-" {
        let stdin = std::io::stdin();
        digraph::read_graph_from(stdin.lock(), "<stdin>", None, vertices, bar)
    } else {
        digraph::read_graph_with(std::path::Path::new(&args.file), vertices, bar)
    }
    .map_err(graph_failure)
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let bar = Bar::new(args.output.quiet());
    let g = load(&args, &bar)?;
    if let Some(path) = &args.write_binary {
        let file = std::fs::File::create(path)
            .map_err(|e| Failure::io(anyhow::anyhow!("{}: {e}", path.display())))?;
        let mut w = std::io::BufWriter::with_capacity(1 << 20, file);
        binary::write(&g, &mut w)
            .and_then(|()| w.flush())
            .map_err(|e| Failure::io(anyhow::anyhow!("{}: {e}", path.display())))?;
        writeln!(
            out,
            "wrote {}: {} vertices, {} edges (binary graph, version {})",
            path.display(),
            g.vertex_count(),
            g.edge_count(),
            binary::VERSION
        )?;
        return Ok(());
    }
    let tokens = sum::check_tokens(&g, &args.tokens).map_err(Failure::invalid)?;
    let vals = digraph::values(&g, &bar);
    let analysis = sum::analyze(&g, &vals, &tokens).map_err(Failure::invalid)?;
    if args.output.json {
        return write_json(
            out,
            &GraphReport::new(&g, &vals, &args.tokens, &analysis, args.values),
        );
    }
    writeln!(
        out,
        "graph: {} vertices, {} edges, {}",
        g.vertex_count(),
        g.edge_count(),
        if vals.is_acyclic() {
            "acyclic"
        } else {
            "with cycles"
        }
    )?;
    let mut counts = [0usize; 3];
    for v in 0..g.vertex_count() as u32 {
        counts[match vals.outcome(v) {
            Outcome::P => 0,
            Outcome::N => 1,
            Outcome::D => 2,
        }] += 1;
    }
    writeln!(
        out,
        "one token: {} P, {} N, {} D (draw) vertices; {} with infinite value",
        counts[0],
        counts[1],
        counts[2],
        vals.infinite_count()
    )?;
    if args.values {
        for v in 0..g.vertex_count() as u32 {
            writeln!(out, "  vertex {v}: {}", vals.get(v))?;
        }
    }
    if tokens.is_empty() {
        writeln!(
            out,
            "tokens: none (pass --tokens a,b,... to analyse a position)"
        )?;
        return Ok(());
    }
    let parts: Vec<String> = tokens
        .iter()
        .map(|&t| format!("{t} ({})", vals.get(t)))
        .collect();
    writeln!(out, "tokens (vertex (value)): {}", parts.join(", "))?;
    let how = match &analysis.value {
        LoopyValue::Finite(_) => "XOR of the token values",
        LoopyValue::Infinite(_) => "Smith's rules for infinite values",
    };
    writeln!(out, "value: {} ({how})", analysis.value)?;
    writeln!(
        out,
        "outcome: {} — {}",
        analysis.outcome,
        analysis.outcome.describe()
    )?;
    if analysis.winning_moves.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves ({}):", analysis.winning_moves.len())?;
        for m in &analysis.winning_moves {
            writeln!(out, "  token {}: {} -> {}", m.token, m.from, m.to)?;
        }
    }
    Ok(())
}
