//! Fuzz the `seq --checkpoint` reader (`heap::checkpoint::load`) and what is done with what it
//! accepts (`Sequencer::resume`, then more heaps): never a panic, whatever the file holds.
//!
//! The first byte is a mode: bit 0 builds a well-formed file (header with the right count and
//! checksum) around the rest — a first line naming the ruleset, then the values' bytes — so that
//! the fuzzer reaches the checks of arbitrary values (resumed when they are the game's true
//! values); otherwise the rest is the file as is, read
//! for the ruleset its header names (or `0.07`).
//! Run: `cargo fuzz run -s none seq_checkpoint fuzz/seeds/seq_checkpoint`.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

#[path = "../common/scratch.rs"]
mod scratch;

use grundy::games::heap::{Kind, Ruleset, Sequencer, checkpoint};
use libfuzzer_sys::fuzz_target;

/// The most move options the checks below may list (about a tenth of a second at opt-level 1).
const MAX_OPTIONS: u128 = 20_000_000;

/// A bound on the options of every heap `0..=to` (what the naive method lists, and more than any
/// faster engine does): per digit of a code, one for taking, `m / 2` two-heap splits, `m² / 6`
/// three-heap splits of the `m <= to` counters left; `to` per heap for the other rulesets.
fn options_bound(r: &Ruleset, to: usize) -> u128 {
    let n = to as u128 + 1;
    match r.kind() {
        Kind::Code(c) => c
            .digits()
            .iter()
            .map(|&d| {
                u128::from(d & 3 != 0) * n
                    + u128::from(d & 4 != 0) * n * n / 2
                    + u128::from(d & 8 != 0) * n * n * n / 6
            })
            .sum(),
        Kind::Subtraction(_) | Kind::AllBut(_) => n * n,
    }
}

fn crc(ruleset: &str, count: u64, data: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(ruleset.as_bytes());
    h.update(&count.to_le_bytes());
    h.update(data);
    h.finalize()
}

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let (file, ruleset) = if mode & 1 == 1 {
        let nl = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let Ok(text) = std::str::from_utf8(&rest[..nl]) else {
            return;
        };
        let Ok(r) = text.parse::<Ruleset>() else {
            return;
        };
        let mut values = rest.get(nl + 1..).unwrap_or(&[]).to_vec();
        values.truncate(values.len() / 4 * 4);
        let name = r.to_string();
        let count = (values.len() / 4) as u64;
        let mut file = format!(
            "grundy-seq-checkpoint 1 {name} {count} {:08x}\n",
            crc(&name, count, &values)
        )
        .into_bytes();
        file.extend_from_slice(&values);
        (file, r)
    } else {
        let named = rest
            .split(|&b| b == b'\n')
            .next()
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| h.split(' ').nth(2))
            .and_then(|n| n.parse::<Ruleset>().ok());
        (
            rest.to_vec(),
            named.unwrap_or_else(|| "0.07".parse().unwrap()),
        )
    };
    let path = scratch::file("seq.ckpt", &file);
    if let Ok(values) = checkpoint::load(&path, &ruleset) {
        let n = values.len();
        // The work asked for is bounded by construction, not by a timeout: a long code (the
        // 76-digit `0.7DD…D7`, with three-heap splits, found by CI's fuzzing) may ask for
        // minutes of honest work for a few hundred heaps.
        if n > 4096 || options_bound(&ruleset, n + 40) > MAX_OPTIONS {
            return;
        }
        // A checkpoint that passes its checksum is trusted: its values are the game's. A file
        // forged with a valid checksum around other values is outside that contract (the
        // engine's debug assertions stop on it, as found by CI's fuzzing), so only the true
        // values are resumed; parsing and refusing are fuzzed on every input above.
        let truth: Vec<u64> = ruleset
            .values(n.saturating_sub(1))
            .iter()
            .map(|v| v.0)
            .collect();
        if n == 0
            || values
                .iter()
                .map(|&v| u64::from(v))
                .ne(truth.iter().copied())
        {
            return;
        }
        let mut s = Sequencer::resume(&ruleset, values);
        assert_eq!(s.len(), n);
        s.extend_to(n + 40);
        let _ = s.analysis();
    }
});
