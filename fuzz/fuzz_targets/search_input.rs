//! Fuzz the inputs of `grundy search`: Cram board texts, Node-Kayles edge lists and table
//! snapshots (`--table-dir`). Any bytes give a position or an error, never a panic; a small
//! parsed board or graph is searched and its value compared with a plain memoised mex; a
//! snapshot is either refused or read into a table.
//! Run: `cargo fuzz run -s none search_input` (from the repository root).
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

use std::collections::BTreeMap;

use grundy::games::cram::Cram;
use grundy::games::kayles::graph::parse_edge_list;
use grundy::games::kayles::{GraphKayles, Rule};
use grundy::search::table::persist;
use grundy::search::{Config, Search, Table};
use libfuzzer_sys::fuzz_target;

fn mex_cram(bits: u128, w: usize, h: usize, memo: &mut BTreeMap<u128, u8>) -> u8 {
    if let Some(&v) = memo.get(&bits) {
        return v;
    }
    let mut seen = 0u128;
    for a in 0..w * h {
        if bits >> a & 1 == 1 {
            if a % w + 1 < w && bits >> (a + 1) & 1 == 1 {
                seen |= 1 << mex_cram(bits & !(3 << a), w, h, memo);
            }
            if a + w < w * h && bits >> (a + w) & 1 == 1 {
                seen |= 1 << mex_cram(bits & !(1 << a) & !(1 << (a + w)), w, h, memo);
            }
        }
    }
    let v = (!seen).trailing_zeros() as u8;
    memo.insert(bits, v);
    v
}

fn mex_kayles(adj: &[u128], set: u128, memo: &mut BTreeMap<u128, u8>) -> u8 {
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let mut seen = 0u128;
    for v in 0..adj.len() {
        if set >> v & 1 == 1 {
            seen |= 1 << mex_kayles(adj, set & !adj[v] & !(1 << v), memo);
        }
    }
    let v = (!seen).trailing_zeros() as u8;
    memo.insert(set, v);
    v
}

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 3 {
        0 => {
            let text = String::from_utf8_lossy(rest);
            // the endgame table is built once (a tier-engine solve)
            static CRAM: std::sync::OnceLock<Cram> = std::sync::OnceLock::new();
            let game = CRAM.get_or_init(Cram::default);
            if let Ok(b) = game.parse(&text)
                && b.cells() <= 14
            {
                let table = Table::with_bytes(1 << 14);
                let s = Search::new(game, &table, Config::default());
                let v = s.value(&game.components(&b)).expect("a small board");
                let mut memo = BTreeMap::new();
                assert_eq!(v, mex_cram(b.bits, b.w as usize, b.h as usize, &mut memo));
            }
        }
        1 => {
            let text = String::from_utf8_lossy(rest);
            if let Ok(g) = parse_edge_list(&text)
                && g.n() <= 12
            {
                let game = GraphKayles::new(Rule::Vertex);
                let table = Table::with_bytes(1 << 14);
                let s = Search::new(&game, &table, Config::default());
                let v = s.value(&game.components(&g)).expect("a small graph");
                let mut memo = BTreeMap::new();
                assert_eq!(v, mex_kayles(&g.adj, g.all(), &mut memo));
            }
        }
        _ => {
            let dir =
                std::env::temp_dir().join(format!("grundy-fuzz-search-{:010}", std::process::id()));
            let _ = std::fs::create_dir_all(&dir);
            if std::fs::write(persist::path(&dir), rest).is_ok() {
                let table = Table::with_bytes(1 << 12);
                let _ = persist::load(&dir, "cram regions v1", &table);
            }
        }
    }
});
