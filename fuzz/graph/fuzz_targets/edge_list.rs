//! Fuzz the edge-list parser: any bytes give a graph or an error, never a panic; a parsed graph
//! is consistent, and its values and a two-token analysis run without panicking.
//! Run: `cd fuzz/graph && cargo +nightly fuzz run edge_list`.
#![no_main]

use grundy::families::digraph::{parse_edge_list, sum, values};
use grundy::progress::Silent;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let declared = data.first().map(|&b| (b as usize) % 64);
    for vertices in [None, declared] {
        if let Ok(g) = parse_edge_list(data, vertices) {
            assert!(g.targets().iter().all(|&t| (t as usize) < g.vertex_count()));
            if g.edge_count() <= 4096 {
                let v = values(&g, &Silent);
                if g.vertex_count() > 0 {
                    let _ = sum::analyze(&g, &v, &[0, (g.vertex_count() - 1) as u32]);
                }
            }
        }
    }
});
