//! Inputs the fuzz targets of `fuzz/` found to crash (or that mark the edges they found), kept as
//! ordinary tests: each must now be refused with an error, never a panic, or (a slow input) take
//! no more work than it asks for. The gate runs the fuzzers with `fuzz/run-all`, exploring is
//! `fuzz/run-all --explore SECONDS`; an input found lands under `fuzz/artifacts/TARGET/` and
//! belongs here, and in `fuzz/seeds/TARGET/`.

use std::path::Path;

use grundy::survey::codes::SurveyCode;
use grundy::survey::{SurveyError, report, store};

/// A game record as the survey writes it: header line (magic, version, length, CRC-32), body.
fn framed(body: &[u8]) -> Vec<u8> {
    let mut f = format!(
        "grundy-survey-game 1 {} {:08x}\n",
        body.len(),
        crc32fast::hash(body)
    )
    .into_bytes();
    f.extend_from_slice(body);
    f
}

fn load(dir: &Path, code: &str, body: &str) -> Result<(), SurveyError> {
    let code: SurveyCode = code.parse().unwrap();
    std::fs::create_dir_all(dir.join(store::GAMES)).unwrap();
    std::fs::write(store::game_path(dir, &code), framed(body.as_bytes())).unwrap();
    let r = store::load_game(dir, &code)?.expect("the record is there");
    // What the survey does with a record it accepted.
    let _ = report::sequence_line(&r);
    let results = [r];
    let rep = report::build(&results);
    let _ = report::markdown("t", &results, &rep);
    Ok(())
}

fn record(code: &str, status: &str, pre: &str, period: &str, values: &str) -> String {
    format!(
        r#"{{"code":"{code}","status":"{status}","ending":"proved","preperiod":{pre},"period":{period},"computed_to":255,"seconds":0.001,"largest_value":8,"largest_at":27,"rare_mask":15,"rare_count":9,"last_rare":70,"values":[{values}]}}"#
    )
}

/// survey_record, crash-f086c685: a solved record (valid checksum) with fewer values than its
/// preperiod + period made `report::sequence_line` slice out of range.
#[test]
fn survey_record_with_fewer_values_than_its_period_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let body = r#"{"code":".38","status":"solved","ending":"proved","preperiod":71,"period":12,"computed_to":255,"seconds":0.00105282,"largest_value":8,"largest_at":27,"rare_mask":15,"rare_count":9,"last_rare":70,"values":[0,1,2,3,1,4,3,2,1,43,11,4,7,2,1,8,6,7,4,1,2,8,1,4,7,2,1,8,2]}"#;
    let e = load(dir.path(), ".38", body).unwrap_err();
    assert!(matches!(e, SurveyError::Damaged { .. }), "{e}");
    assert!(e.to_string().contains("preperiod + period"), "{e}");
}

/// The other ways a hand-made record can lie to the reports: a period of 0 (a division by zero in
/// the equivalence rules), a status that disagrees with the period, too many values, heaps or
/// seconds out of range. The well-formed one is accepted.
#[test]
fn survey_records_that_lie_are_refused_and_a_true_one_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let ok = record(".3", "solved", "1", "2", "0,1,2");
    load(dir.path(), ".3", &ok).unwrap();
    for bad in [
        record(".3", "solved", "3", "0", "0,1,2"),
        record(".3", "open", "1", "2", "0,1,2"),
        record(".3", "solved", "null", "null", "0,1,2"),
        record(".3", "solved", "1", "null", "0,1,2"),
        record(".3", "solved", "18446744073709551615", "1", "0,1,2"),
        record(".3", "open", "null", "null", &vec!["1"; 70_000].join(",")),
        ok.replace(
            "\"computed_to\":255",
            "\"computed_to\":18446744073709551615",
        ),
        ok.replace("\"seconds\":0.001", "\"seconds\":-1.0"),
    ] {
        let e = load(dir.path(), ".3", &bad).unwrap_err();
        assert!(matches!(e, SurveyError::Damaged { .. }), "{e}");
    }
}

/// survey_record, crash-6b1ef481: a descriptor (valid checksum) naming shard 0 of 2 was read
/// without the checks `--shard` makes, and `Survey::part` computed `index - 1` below zero. A
/// shard outside `1 <= index <= count <= MAX_SHARDS` is now refused as the folder's damage.
#[test]
fn survey_descriptor_with_shard_zero_or_beyond_its_count_is_refused() {
    use grundy::survey::run::Survey;
    let descriptor = |index: &str, count: &str| {
        format!(
            r#"{{"selection":{{"digits":{{"digits":1,"prefix":"0"}}}},"budget":{{"to":500,"max_seconds":60.0}},"shard":{{"index":{index},"count":{count}}},"clock":"thread_cpu"}}"#
        )
    };
    let write = |dir: &Path, body: &str| {
        let body = body.as_bytes();
        let mut f = format!(
            "grundy-survey-descriptor 1 {} {:08x}\n",
            body.len(),
            crc32fast::hash(body)
        )
        .into_bytes();
        f.extend_from_slice(body);
        std::fs::write(dir.join(store::DESCRIPTOR), f).unwrap();
    };
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &descriptor("2", "2"));
    let d = store::read_descriptor(dir.path()).unwrap().unwrap();
    let part = Survey::from_descriptor(&d).unwrap().part();
    assert_eq!(part.len(), 3, "{part:?}"); // .02 .04 .06 of .01 … .07
    for (index, count) in [("0", "2"), ("3", "2"), ("0", "0"), ("1", "100001")] {
        write(dir.path(), &descriptor(index, count));
        let e = store::read_descriptor(dir.path()).unwrap_err();
        assert!(
            matches!(e, SurveyError::Damaged { .. }),
            "{index}/{count}: {e}"
        );
        assert!(e.to_string().contains("shard"), "{index}/{count}: {e}");
    }
}

/// seq_checkpoint, timeout (`fuzz/seeds/seq_checkpoint/long_hex_code`): a well-formed checkpoint
/// of 699 values for the 76-digit code `0.7DD…D7` (every digit but the ends `D`: take `k` and
/// leave nothing, two or three heaps). The target then computes the true `G(0..=698)` to compare,
/// and the three-heap engine recomputed the values of the three-heap splits of `n − k` for every
/// digit `k` of every heap `n`, though they depend on `n − k` alone (75 times the work; 0.6 s here
/// at full optimisation, past libFuzzer's 10 s in CI's fuzz build). Each is now computed once.
#[test]
fn seq_checkpoint_of_a_long_hexadecimal_code() {
    use grundy::games::heap::{Ruleset, Sequencer, checkpoint, naive};

    let input = include_bytes!("../fuzz/seeds/seq_checkpoint/long_hex_code");
    // The target's framing (mode byte 1): the ruleset's line, then the values' bytes.
    let (&mode, rest) = input.split_first().unwrap();
    assert_eq!(mode & 1, 1);
    let nl = rest.iter().position(|&b| b == b'\n').unwrap();
    let code = std::str::from_utf8(&rest[..nl]).unwrap();
    assert_eq!(code, format!("0.7{}7", "D".repeat(74)));
    let r: Ruleset = code.parse().unwrap();
    let mut bytes = rest[nl + 1..].to_vec();
    bytes.truncate(bytes.len() / 4 * 4);
    let name = r.to_string();
    let count = (bytes.len() / 4) as u64;
    let mut crc = crc32fast::Hasher::new();
    crc.update(name.as_bytes());
    crc.update(&count.to_le_bytes());
    crc.update(&bytes);
    let mut file = format!(
        "grundy-seq-checkpoint 1 {name} {count} {:08x}\n",
        crc.finalize()
    )
    .into_bytes();
    file.extend_from_slice(&bytes);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("seq.ckpt");
    std::fs::write(&path, &file).unwrap();

    // Read as written: a checksum is no proof that the values are the game's.
    let values = checkpoint::load(&path, &r).unwrap();
    assert_eq!(values.len(), 699);
    let truth: Vec<u32> = r.values(698).iter().map(|v| v.0 as u32).collect();
    assert_ne!(values, truth);

    // The three-heap engine agrees with listing every move (on a prefix the naive method lists
    // quickly), and a checkpoint of the true values resumes to the same sequence.
    assert_eq!(naive::values(&r, 120), truth[..=120]);
    let mut s = Sequencer::resume(&r, truth[..300].to_vec());
    s.extend_to(698);
    assert_eq!(s.values_u32(), truth);
}
