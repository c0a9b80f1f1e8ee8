//! Fuzz the manifests of tier databases: the single-machine `manifest.json`
//! (`tier::database::Manifest::read`) and the distributed backend's shard manifest
//! (`grundy_timely::shards::ShardManifest::read`): any bytes give a manifest or a typed error,
//! never a panic. The first byte picks the reader.
//! Run: `cargo fuzz run -s none tier_manifest fuzz/seeds/tier_manifest`.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

#[path = "../common/scratch.rs"]
mod scratch;

use grundy::tier::database::{MANIFEST, Manifest};
use grundy_timely::shards::ShardManifest;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        scratch::file(MANIFEST, rest);
        if let Ok(Some(m)) = Manifest::read(scratch::dir()) {
            // what was accepted prints (as the writer does, without its fsync) and reads again
            // to the same manifest
            let text = serde_json::to_string_pretty(&m).unwrap();
            scratch::file(MANIFEST, text.as_bytes());
            let again = Manifest::read(scratch::dir()).unwrap().unwrap();
            assert_eq!(serde_json::to_string_pretty(&again).unwrap(), text);
        }
    } else {
        let path = scratch::file("shard-manifest.json", rest);
        let _ = ShardManifest::read(&path);
    }
});
