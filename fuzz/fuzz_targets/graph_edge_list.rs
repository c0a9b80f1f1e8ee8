//! Fuzz the edge-list parser: any bytes give a graph or an error, never a panic; a parsed graph
//! is consistent, and its values and a two-token analysis run without panicking.
//! Run: `cargo fuzz run -s none graph_edge_list` (from the repository root).
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

use grundy::games::digraph::{parse_edge_list, sum, values};
use grundy::progress::Silent;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let declared = data.first().map(|&b| (b as usize) % 64);
    // without a declared count, ids of 6+ digits would make (legitimately) huge graphs
    let long_number = data
        .split(|b| !b.is_ascii_digit())
        .any(|run| run.len() >= 6);
    let mut modes = vec![declared];
    if !long_number {
        modes.push(None);
    }
    for vertices in modes {
        if let Ok(g) = parse_edge_list(data, vertices) {
            assert!(g.targets().iter().all(|&t| (t as usize) < g.vertex_count()));
            if g.edge_count() <= 4096 && g.vertex_count() <= 100_000 {
                let v = values(&g, &Silent);
                if g.vertex_count() > 0 {
                    let _ = sum::analyze(&g, &v, &[0, (g.vertex_count() - 1) as u32]);
                }
            }
        }
    }
});
