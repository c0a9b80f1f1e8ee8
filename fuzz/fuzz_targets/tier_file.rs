//! Fuzz the tier database's file reader (`SolvedTier::open`, memory-mapped): any bytes give a
//! tier or a typed error, never a panic; every position of an accepted tier can be read.
//!
//! The first byte is a mode: bit 0 rewrites the trailing CRC-32 so that the fuzzer gets past the
//! checksum to the header checks and the packed data; the game id, tier and count expected are
//! those the header names (when it is long enough), so the fuzzer gets past them too.
//! Run: `cargo fuzz run -s none tier_file fuzz/seeds/tier_file`.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

#[path = "../common/scratch.rs"]
mod scratch;

use grundy::tier::SolvedTier;
use libfuzzer_sys::fuzz_target;

fn header(b: &[u8]) -> Option<(String, u32, u64)> {
    let len = u32::from_le_bytes(b.get(12..16)?.try_into().ok()?) as usize;
    let id = b.get(16..16usize.checked_add(len)?)?;
    let at = 16 + len;
    let tier = u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?);
    let count = u64::from_le_bytes(b.get(at + 4..at + 12)?.try_into().ok()?);
    Some((String::from_utf8_lossy(id).into_owned(), tier, count))
}

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = rest.to_vec();
    if mode & 1 == 1 && bytes.len() >= 4 {
        let n = bytes.len() - 4;
        let crc = crc32fast::hash(&bytes[..n]);
        bytes[n..].copy_from_slice(&crc.to_le_bytes());
    }
    let (id, tier, count) = header(&bytes).unwrap_or_else(|| ("x".into(), 0, 0));
    let path = scratch::file("tier.bin", &bytes);
    if let Ok(t) = SolvedTier::open(&path, &id, tier, count) {
        assert_eq!(t.len(), count);
        assert_eq!(t.tier(), tier);
        let n = t.len().min(1 << 16);
        for i in 0..n {
            let _ = (t.value(i), t.remoteness(i), t.outcome(i));
            let _ = (t.value_marker(i), t.remoteness_marker(i));
        }
        if t.len() <= 1 << 16 {
            let s = t.stats();
            assert_eq!(s.positions, t.len());
            let _ = s.largest_value();
        }
    }
});
