//! Fuzz the binary graph reader: any bytes give a graph or an error, never a panic or a huge
//! allocation. Run: `cargo fuzz run -s none graph_binary`.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

use grundy::games::digraph::binary;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let _ = binary::read(data, Some(data.len() as u64));
    if let Ok(g) = binary::read(data, None) {
        let mut again = Vec::new();
        binary::write(&g, &mut again).unwrap();
        assert_eq!(again, data);
    }
});
