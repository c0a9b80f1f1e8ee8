//! Write a random graph as an edge list on stdout (for benchmarks and large-scale checks).
//!
//! `cargo run --release --example graph_generate -- dag|cyclic|chain|cycle VERTICES EDGES [SEED]`
//! - `dag`: EDGES random edges consistent with a random hidden topological order;
//! - `cyclic`: EDGES uniformly random edges (self-loops and parallel edges possible);
//! - `chain` / `cycle`: the path `0 -> 1 -> ... -> n-1` (and back to 0 for `cycle`).

use std::io::{BufWriter, Write};

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: graph_generate dag|cyclic|chain|cycle VERTICES EDGES [SEED]");
        std::process::exit(2);
    }
    let num = |s: &str| -> u64 {
        s.parse().unwrap_or_else(|_| {
            eprintln!("'{s}' is not a non-negative integer");
            std::process::exit(2)
        })
    };
    let (kind, n, m) = (args[0].as_str(), num(&args[1]), num(&args[2]));
    let mut seed = args.get(3).map_or(0x2545_F491_4F6C_DD1D, |s| num(s) | 1);
    let mut rng = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let out = std::io::stdout();
    let mut w = BufWriter::with_capacity(1 << 20, out.lock());
    let line = |w: &mut BufWriter<_>, a: u64, b: u64| writeln!(w, "{a} {b}");
    match kind {
        "dag" => {
            let mut perm: Vec<u64> = (0..n).collect();
            for i in (1..perm.len()).rev() {
                perm.swap(i, (rng() % (i as u64 + 1)) as usize);
            }
            for _ in 0..m {
                let (a, b) = (rng() % n, rng() % n);
                if a == b {
                    continue;
                }
                line(&mut w, perm[a.min(b) as usize], perm[a.max(b) as usize])?;
            }
        }
        "cyclic" => {
            for _ in 0..m {
                line(&mut w, rng() % n, rng() % n)?;
            }
        }
        "chain" | "cycle" => {
            for i in 0..n.saturating_sub(1) {
                line(&mut w, i, i + 1)?;
            }
            if kind == "cycle" && n > 0 {
                line(&mut w, n - 1, 0)?;
            }
        }
        _ => {
            eprintln!("unknown kind '{kind}'");
            std::process::exit(2);
        }
    }
    w.flush()
}
