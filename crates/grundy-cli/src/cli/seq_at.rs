//! The `--at N` heap size of `grundy seq`: decimal digits of any length (`_` separators
//! allowed), at most 10000 of them. Included by the fuzz target `seq_at` too.

use num_bigint::BigUint;

/// A heap size of any length, in decimal.
pub fn parse_heap(s: &str) -> Result<BigUint, String> {
    let t = s.trim().replace('_', "");
    if t.starts_with('-') {
        return Err(format!(
            "'{s}' is negative; a heap has a non-negative number of counters"
        ));
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "'{s}' is not a non-negative integer (decimal digits)"
        ));
    }
    if t.len() > 10_000 {
        return Err(format!("'{}...' has more than 10000 digits", &t[..20]));
    }
    t.parse::<BigUint>().map_err(|e| format!("'{s}': {e}"))
}
