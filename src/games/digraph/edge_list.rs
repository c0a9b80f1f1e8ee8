// Why this file is long: its code (errors, chunked reading, the parallel byte parser) is under the
// limit; the rest is tests: property tests against a plain reference parser, in every chunking.
//! The plain-text edge list: one edge `u v` per line (0-based ids, `u -> v`), blank lines and `#`
//! comments allowed (also after an edge), spaces, tabs and `\r` as separators.
//!
//! The parser is a hand-written byte loop with no allocation per line. Text is cut into pieces at
//! newlines and the pieces are parsed in parallel (rayon); each piece counts its own lines, so an
//! error names its line exactly (the line numbers of earlier pieces are added afterwards). Files and
//! standard input are read in chunks of [`CHUNK`] bytes, so memory is the graph plus one chunk.

use std::io::Read;

use rayon::prelude::*;

use super::csr::{Digraph, GraphBuildError, MAX_EDGES, MAX_VERTICES, check_sizes};
use crate::progress::Progress;

/// Bytes read per chunk when streaming from a file or standard input.
pub const CHUNK: usize = 16 << 20;

/// Longest line accepted when streaming.
pub const MAX_LINE: usize = 64 << 20;

/// Pieces smaller than this are not split further for parallel parsing.
const MIN_PIECE: usize = 1 << 20;

/// What is wrong with an edge-list line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EdgeListErrorKind {
    /// A token that is not a non-negative integer.
    #[error("'{0}' is not a vertex id (a non-negative integer)")]
    NotANumber(String),
    /// A negative id.
    #[error("'{0}' is negative; vertex ids start at 0")]
    Negative(String),
    /// Only one id on the line.
    #[error("the edge has no target vertex (expected two ids `u v`)")]
    MissingTarget,
    /// Something after the two ids.
    #[error("unexpected third column '{0}' (expected two ids `u v`)")]
    ThirdColumn(String),
    /// An id `>=` the vertex count given with `--vertices`.
    #[error("vertex {id} is beyond the {vertices} vertices given (ids are 0..{vertices})")]
    BeyondVertices {
        /// The id as written.
        id: String,
        /// The declared vertex count.
        vertices: usize,
    },
    /// An id at or beyond [`MAX_VERTICES`].
    #[error("vertex id {0} is too large (the limit is {max})", max = MAX_VERTICES - 1)]
    TooLarge(String),
    /// More edges than [`MAX_EDGES`].
    #[error("more than {MAX_EDGES} edges")]
    TooManyEdges,
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("line longer than {MAX_LINE} bytes")]
    LineTooLong,
}

/// An error in an edge list, with its 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct EdgeListError {
    /// 1-based line number.
    pub line: u64,
    /// 1-based byte column.
    pub column: u64,
    /// What is wrong.
    pub kind: EdgeListErrorKind,
}

impl EdgeListError {
    fn whole(kind: EdgeListErrorKind) -> Self {
        EdgeListError {
            line: 0,
            column: 0,
            kind,
        }
    }
}

impl From<GraphBuildError> for EdgeListError {
    fn from(e: GraphBuildError) -> Self {
        match e {
            GraphBuildError::TooManyEdges(_) => {
                EdgeListError::whole(EdgeListErrorKind::TooManyEdges)
            }
            other => EdgeListError::whole(EdgeListErrorKind::TooLarge(other.to_string())),
        }
    }
}

/// Parse an edge list held in memory. The vertex count is `vertices`, or the largest id + 1.
///
/// ```
/// use grundy::games::digraph::parse_edge_list;
/// let g = parse_edge_list(b"# a path\n0 1\n1 2  # trailing comment\n\n", None).unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (3, 2));
/// let e = parse_edge_list(b"0 1\n1 x\n", None).unwrap_err();
/// assert_eq!((e.line, e.column), (2, 3));
/// assert!(parse_edge_list(b"0 5\n", Some(5)).is_err());
/// ```
pub fn parse_edge_list(text: &[u8], vertices: Option<usize>) -> Result<Digraph, EdgeListError> {
    let mut acc = Accumulator::new(vertices)?;
    acc.push_text(text)?;
    acc.finish()
}

/// Parse an edge list from a reader (a file, standard input), chunk by chunk.
/// `total_bytes` (0 if unknown) sizes the progress bar.
pub fn read_edge_list<R: Read>(
    reader: R,
    vertices: Option<usize>,
    total_bytes: u64,
    progress: &dyn Progress,
) -> Result<Digraph, ReadError> {
    read_chunked(reader, vertices, total_bytes, progress, CHUNK)
}

fn read_chunked<R: Read>(
    mut reader: R,
    vertices: Option<usize>,
    total_bytes: u64,
    progress: &dyn Progress,
    chunk: usize,
) -> Result<Digraph, ReadError> {
    let mut acc = Accumulator::new(vertices)?;
    let mut buf = vec![0u8; chunk];
    let mut filled = 0usize;
    let mut done = 0u64;
    progress.start(total_bytes, "reading edges");
    loop {
        let n = read_full(&mut reader, &mut buf[filled..])?;
        filled += n;
        let eof = filled < buf.len();
        let cut = if eof {
            filled
        } else {
            match buf[..filled].iter().rposition(|&b| b == b'\n') {
                Some(p) => p + 1,
                None if buf.len() < MAX_LINE => {
                    // a line longer than the buffer (or the input ends exactly here): grow
                    let grown = (buf.len() * 2).min(MAX_LINE);
                    buf.resize(grown, 0);
                    continue;
                }
                None => {
                    return Err(EdgeListError {
                        line: acc.lines + 1,
                        column: 1,
                        kind: EdgeListErrorKind::LineTooLong,
                    }
                    .into());
                }
            }
        };
        acc.push_text(&buf[..cut])?;
        done += cut as u64;
        progress.set(done);
        if progress.cancelled() {
            return Err(ReadError::Cancelled);
        }
        buf.copy_within(cut..filled, 0);
        filled -= cut;
        if eof {
            break;
        }
    }
    progress.finish();
    Ok(acc.finish()?)
}

/// An edge list that could not be read: the bytes are bad, or reading failed.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// A syntax or range error.
    #[error(transparent)]
    Parse(#[from] EdgeListError),
    /// Reading the bytes failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The progress sink asked to stop ([`Progress::cancelled`], checked after every chunk).
    #[error("cancelled")]
    Cancelled,
}

/// Read until `buf` is full or the input ends (retrying interrupted reads); the bytes read.
pub(super) fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Parsed edges, kept as the per-piece columns they were parsed into (no concatenation copy).
struct Accumulator {
    declared: Option<usize>,
    bound: usize,
    parts: Vec<Piece>,
    lines: u64,
    edges: usize,
    max_id: Option<u32>,
}

#[derive(Default)]
struct Piece {
    src: Vec<u32>,
    dst: Vec<u32>,
    lines: u64,
    max_id: Option<u32>,
}

impl Accumulator {
    fn new(vertices: Option<usize>) -> Result<Self, EdgeListError> {
        if let Some(n) = vertices {
            check_sizes(n, 0)?;
        }
        Ok(Accumulator {
            declared: vertices,
            bound: vertices.unwrap_or(MAX_VERTICES),
            parts: Vec::new(),
            lines: 0,
            edges: 0,
            max_id: None,
        })
    }

    /// Parse whole lines (the last may lack its newline only at the very end of the input).
    fn push_text(&mut self, text: &[u8]) -> Result<(), EdgeListError> {
        let ranges = split_at_newlines(text, rayon::current_num_threads());
        let bound = self.bound;
        let declared = self.declared;
        let results: Vec<Result<Piece, (u64, EdgeListError)>> = ranges
            .par_iter()
            .map(|&(a, b)| parse_piece(&text[a..b], bound, declared))
            .collect();
        for r in results {
            match r {
                Ok(p) => {
                    self.lines += p.lines;
                    self.edges += p.src.len();
                    if self.edges > MAX_EDGES {
                        return Err(EdgeListError {
                            line: self.lines,
                            column: 1,
                            kind: EdgeListErrorKind::TooManyEdges,
                        });
                    }
                    self.max_id = self.max_id.max(p.max_id);
                    if !p.src.is_empty() {
                        self.parts.push(p);
                    }
                }
                Err((_, mut e)) => {
                    e.line += self.lines;
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<Digraph, EdgeListError> {
        let n = match self.declared {
            Some(n) => n,
            None => self.max_id.map_or(0, |m| m as usize + 1),
        };
        check_sizes(n, self.edges)?;
        Ok(build(n, &self.parts))
    }
}

/// Counting sort of the pieces' columns into CSR, on all threads: degrees are counted per group
/// of pieces and summed, then each thread fills the targets of its own range of tails (a disjoint
/// slice of the target array, found from the offsets).
fn build(n: usize, parts: &[Piece]) -> Digraph {
    let edges: usize = parts.iter().map(|p| p.src.len()).sum();
    let threads = if edges < 1 << 20 {
        1
    } else {
        rayon::current_num_threads().clamp(1, parts.len().max(1))
    };
    // 1. out-degrees
    let groups: Vec<&[Piece]> = parts.chunks(parts.len().div_ceil(threads).max(1)).collect();
    let mut counts: Vec<Vec<u32>> = groups
        .par_iter()
        .map(|group| {
            let mut c = vec![0u32; n + 1];
            for p in group.iter() {
                for &s in &p.src {
                    c[s as usize + 1] += 1;
                }
            }
            c
        })
        .collect();
    let mut offsets = counts.pop().unwrap_or_else(|| vec![0u32; n + 1]);
    for c in counts {
        offsets
            .par_iter_mut()
            .zip(c.par_iter())
            .for_each(|(o, &x)| *o += x);
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    // 2. targets, one range of tails per thread
    let mut targets = vec![0u32; edges];
    let mut bounds = vec![0usize];
    for t in 1..threads {
        let want = (edges as u64 * t as u64 / threads as u64) as u32;
        let v = offsets.partition_point(|&o| o < want).min(n);
        if v > *bounds.last().unwrap_or(&0) {
            bounds.push(v);
        }
    }
    bounds.push(n);
    let mut jobs = Vec::with_capacity(bounds.len());
    let mut rest: &mut [u32] = &mut targets;
    for w in bounds.windows(2) {
        let (lo, hi) = (w[0], w[1]);
        let size = (offsets[hi] - offsets[lo]) as usize;
        let (mine, tail) = rest.split_at_mut(size);
        rest = tail;
        jobs.push((lo, hi, mine));
    }
    let offs = &offsets;
    jobs.into_par_iter().for_each(|(lo, hi, mine)| {
        let base = offs[lo];
        let mut fill: Vec<u32> = offs[lo..hi].iter().map(|&o| o - base).collect();
        for p in parts {
            for (&s, &d) in p.src.iter().zip(&p.dst) {
                let s = s as usize;
                if s >= lo && s < hi {
                    let slot = &mut fill[s - lo];
                    mine[*slot as usize] = d;
                    *slot += 1;
                }
            }
        }
    });
    Digraph::from_csr_trusted(offsets, targets)
}

/// Number of `\n` bytes (byte-wide counters over short blocks, so it vectorises).
fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|c| {
            c.iter()
                .fold(0u8, |a, &b| a.wrapping_add((b == b'\n') as u8)) as usize
        })
        .sum()
}

/// Cut `text` into about `k` ranges, each ending just after a newline (the last at the end).
fn split_at_newlines(text: &[u8], k: usize) -> Vec<(usize, usize)> {
    let k = k.max(1).min(text.len() / MIN_PIECE).max(1);
    let mut ranges = Vec::with_capacity(k);
    let mut start = 0;
    for i in 1..k {
        let mut cut = text.len() * i / k;
        if cut <= start {
            continue;
        }
        match text[cut..].iter().position(|&b| b == b'\n') {
            Some(p) => cut += p + 1,
            None => break,
        }
        ranges.push((start, cut));
        start = cut;
    }
    ranges.push((start, text.len()));
    ranges
}

fn token(bytes: &[u8], at: usize) -> String {
    let end = bytes[at..]
        .iter()
        .position(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'#'))
        .map_or(bytes.len(), |p| at + p);
    let end = end.max(at + 1).min(bytes.len()).min(at + 40);
    String::from_utf8_lossy(&bytes[at..end]).into_owned()
}

/// The decimal number at the start of `eight` (exactly 8 bytes) and its length in digits, if it
/// has 1 to 8 digits; whether the byte after it is a separator is for the caller to check.
/// Branch-free digit detection and conversion within one `u64` ("SWAR").
#[inline(always)]
fn swar_number(eight: &[u8]) -> Option<(u64, usize)> {
    let chunk = u64::from_le_bytes(eight.try_into().ok()?);
    let x = chunk ^ 0x3030_3030_3030_3030; // digits become 0..=9 bytes
    let hi = x & 0xF0F0_F0F0_F0F0_F0F0;
    let lo = (x & 0x0F0F_0F0F_0F0F_0F0F) + 0x0606_0606_0606_0606; // bit 4 set iff low nibble > 9
    let non_digit = hi | (lo & 0x1010_1010_1010_1010);
    let len = (non_digit.trailing_zeros() / 8) as usize; // 8 when all are digits
    if len == 0 {
        return None;
    }
    // keep the digits, aligned to the most significant end (leading zero bytes are zero digits)
    let mut v = (x << (8 * (8 - len))) & 0x0F0F_0F0F_0F0F_0F0F;
    v = (v & 0x000F_000F_000F_000F) * 10 + ((v >> 8) & 0x000F_000F_000F_000F);
    v = (v & 0x0000_00FF_0000_00FF) * 100 + ((v >> 16) & 0x0000_00FF_0000_00FF);
    v = (v & 0x0000_0000_0000_FFFF) * 10000 + ((v >> 32) & 0x0000_0000_0000_FFFF);
    Some((v, len))
}

// Why this function is long: the parser's byte loop: the SWAR fast path and the general path share
// the cursor and the line counters, and the general path names every error of the line format at
// its column.
/// Parse a piece of whole lines. On error returns the piece-local line (1-based) in the error.
fn parse_piece(
    bytes: &[u8],
    bound: usize,
    declared: Option<usize>,
) -> Result<Piece, (u64, EdgeListError)> {
    let lines_upper = count_newlines(bytes) + 1;
    let mut piece = Piece {
        src: Vec::with_capacity(lines_upper),
        dst: Vec::with_capacity(lines_upper),
        lines: 0,
        max_id: None,
    };
    let mut max_id: u32 = 0;
    let mut any = false;
    let len = bytes.len();
    let mut i = 0usize;
    let mut line: u64 = 0;
    let mut line_start;
    let fail = |line: u64, line_start: usize, at: usize, kind: EdgeListErrorKind| {
        Err((
            line,
            EdgeListError {
                line,
                column: (at - line_start) as u64 + 1,
                kind,
            },
        ))
    };
    let bound32 = bound.min(u32::MAX as usize) as u64;
    while i < len {
        line += 1;
        line_start = i;
        // fast path: the common line `digits SP digits LF`, ids of at most 8 digits (SWAR)
        if i + 18 <= len
            && let Some((a, la)) = swar_number(&bytes[i..i + 8])
            && bytes[i + la] == b' '
            && let Some((b, lb)) = swar_number(&bytes[i + la + 1..i + la + 9])
            && bytes[i + la + 1 + lb] == b'\n'
            && a < bound32
            && b < bound32
        {
            let (a, b) = (a as u32, b as u32);
            piece.src.push(a);
            piece.dst.push(b);
            max_id = max_id.max(a).max(b);
            any = true;
            i += la + lb + 2;
            continue;
        }
        // general path: blanks, comments, errors
        while i < len && matches!(bytes[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        if i >= len {
            break;
        }
        let c = bytes[i];
        if c == b'\n' {
            i += 1;
            continue;
        }
        if c == b'#' {
            match bytes[i..].iter().position(|&b| b == b'\n') {
                Some(p) => i += p + 1,
                None => i = len,
            }
            continue;
        }
        // two ids
        let mut ids = [0u32; 2];
        for (col, slot) in ids.iter_mut().enumerate() {
            if col == 1 {
                let sep = i;
                while i < len && matches!(bytes[i], b' ' | b'\t') {
                    i += 1;
                }
                // (the first id ended at a blank, `\r`, `\n`, `#` or the end of the text)
                if i == sep || i >= len || matches!(bytes[i], b'\n' | b'\r' | b'#') {
                    return fail(line, line_start, i, EdgeListErrorKind::MissingTarget);
                }
            }
            let at = i;
            let mut v: usize = 0;
            let mut digits = 0;
            while i < len {
                let d = bytes[i].wrapping_sub(b'0');
                if d > 9 {
                    break;
                }
                if v < bound {
                    v = v * 10 + d as usize;
                }
                digits += 1;
                i += 1;
            }
            if digits == 0 {
                let kind = if bytes[at] == b'-' {
                    EdgeListErrorKind::Negative(token(bytes, at))
                } else {
                    EdgeListErrorKind::NotANumber(token(bytes, at))
                };
                return fail(line, line_start, at, kind);
            }
            if i < len && !matches!(bytes[i], b' ' | b'\t' | b'\r' | b'\n' | b'#') {
                return fail(
                    line,
                    line_start,
                    at,
                    EdgeListErrorKind::NotANumber(token(bytes, at)),
                );
            }
            if v >= bound {
                let kind = match declared {
                    Some(n) => EdgeListErrorKind::BeyondVertices {
                        id: token(bytes, at),
                        vertices: n,
                    },
                    None => EdgeListErrorKind::TooLarge(token(bytes, at)),
                };
                return fail(line, line_start, at, kind);
            }
            *slot = v as u32;
        }
        // the rest of the line: blanks, optionally a comment
        while i < len && matches!(bytes[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        if i < len {
            match bytes[i] {
                b'\n' => i += 1,
                b'#' => match bytes[i..].iter().position(|&b| b == b'\n') {
                    Some(p) => i += p + 1,
                    None => i = len,
                },
                _ => {
                    return fail(
                        line,
                        line_start,
                        i,
                        EdgeListErrorKind::ThirdColumn(token(bytes, i)),
                    );
                }
            }
        }
        piece.src.push(ids[0]);
        piece.dst.push(ids[1]);
        max_id = max_id.max(ids[0]).max(ids[1]);
        any = true;
    }
    piece.lines = line;
    piece.max_id = any.then_some(max_id);
    Ok(piece)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A reader that returns at most `step` bytes per call.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let k = self.step.min(buf.len()).min(self.data.len());
            buf[..k].copy_from_slice(&self.data[..k]);
            self.data = &self.data[k..];
            Ok(k)
        }
    }

    fn blank() -> impl Strategy<Value = String> {
        prop::sample::select(vec![" ", "  ", "\t", " \t "]).prop_map(str::to_string)
    }

    fn line_for(edge: Option<(u32, u32)>, lead: &str, sep: &str, tail: u8) -> String {
        let body = match edge {
            Some((a, b)) => format!("{lead}{a}{sep}{b}"),
            None => lead.to_string(),
        };
        match tail {
            0 => format!("{body}\n"),
            1 => format!("{body}\r\n"),
            2 => format!("{body} # note 1 2 3\n"),
            _ => format!("{body}{sep}\n"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        #[test]
        fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300),
                                    declared in prop::option::of(0usize..50)) {
            let _ = parse_edge_list(&bytes, declared);
            let _ = read_chunked(&bytes[..], declared, 0, &crate::progress::Silent, 7);
        }

        #[test]
        fn digit_heavy_bytes_never_panic(bytes in prop::collection::vec(
            prop::sample::select(b"0123456789 -#\n\r\tx".to_vec()), 0..300)) {
            let a = parse_edge_list(&bytes, None);
            let b = read_chunked(&bytes[..], None, 0, &crate::progress::Silent, 5);
            match (a, b) {
                (Ok(g), Ok(h)) => prop_assert_eq!(g, h),
                (Err(e), Err(ReadError::Parse(f))) => prop_assert_eq!(e, f),
                (a, b) => prop_assert!(false, "memory {:?} vs stream {:?}", a, b),
            }
        }

        #[test]
        fn agrees_with_a_plain_split_whitespace_reference(
            lines in prop::collection::vec(
                prop::collection::vec(
                    prop_oneof![
                        (0u64..1000).prop_map(|v| v.to_string()),
                        (0u64..1_000_000_000).prop_map(|v| v.to_string()),
                        (10_000_000u64..100_000_000).prop_map(|v| v.to_string()),
                        Just("-5".to_string()),
                        Just("0x1".to_string()),
                        Just("#c".to_string()),
                    ],
                    0..4),
                0..12),
            final_newline in any::<bool>(),
        ) {
            let mut text = lines.iter().map(|l| l.join(" ")).collect::<Vec<_>>().join("\n");
            if final_newline {
                text.push('\n');
            }
            // the reference: split each line at whitespace after cutting a comment
            let mut want: Result<Vec<(u32, u32)>, u64> = Ok(Vec::new());
            for (k, line) in text.split('\n').enumerate() {
                let body = line.split('#').next().unwrap_or("");
                let toks: Vec<&str> = body.split_whitespace().collect();
                if toks.is_empty() {
                    continue;
                }
                let ids: Vec<Option<u32>> = toks
                    .iter()
                    .map(|t| t.parse::<u64>().ok().filter(|&v| v < MAX_VERTICES as u64).map(|v| v as u32))
                    .collect();
                match ids.as_slice() {
                    [Some(a), Some(b)] => {
                        if let Ok(e) = want.as_mut() {
                            e.push((*a, *b));
                        }
                    }
                    _ => {
                        want = Err(k as u64 + 1);
                        break;
                    }
                }
            }
            // the columns as parsed (no CSR: ids up to 2^28 would make huge graphs)
            let got = parse_piece(text.as_bytes(), MAX_VERTICES, None)
                .map(|p| p.src.into_iter().zip(p.dst).collect::<Vec<_>>());
            match (got, want) {
                (Ok(g), Ok(e)) => prop_assert_eq!(g, e),
                (Err((_, e)), Err(line)) => prop_assert_eq!(e.line, line),
                (got, want) => prop_assert!(false, "{:?} vs {:?} on {:?}", got, want, text),
            }
        }

        #[test]
        fn formatted_edge_lists_parse_to_the_same_graph_in_any_chunking(
            rows in prop::collection::vec(
                (prop::option::weighted(0.8, (0u32..40, 0u32..40)), blank(), blank(), 0u8..4),
                0..60),
            chunk in 24usize..200,
            bad_at in prop::option::of(0usize..60),
        ) {
            let mut text = String::new();
            let mut edges = Vec::new();
            let mut bad_line = None;
            for (i, (edge, lead, sep, tail)) in rows.iter().enumerate() {
                if bad_at == Some(i) {
                    text.push_str("3 -4\n");
                    bad_line = Some(i as u64 + 1);
                    continue;
                }
                let lead = if i % 2 == 0 { "" } else { lead.as_str() };
                text.push_str(&line_for(*edge, lead, sep, *tail));
                if let Some(e) = edge {
                    edges.push(*e);
                }
            }
            let mem = parse_edge_list(text.as_bytes(), Some(40));
            let stream = read_chunked(Trickle { data: text.as_bytes(), step: 3 },
                                      Some(40), 0, &crate::progress::Silent, chunk);
            match bad_line {
                Some(line) => {
                    let e = mem.unwrap_err();
                    prop_assert_eq!(e.line, line);
                    prop_assert!(matches!(e.kind, EdgeListErrorKind::Negative(_)));
                    match stream {
                        Err(ReadError::Parse(f)) => prop_assert_eq!(f, e),
                        other => prop_assert!(false, "{:?}", other),
                    }
                }
                None => {
                    let want = Digraph::from_edges(40, &edges).unwrap();
                    prop_assert_eq!(mem.unwrap(), want.clone());
                    prop_assert_eq!(stream.unwrap(), want);
                }
            }
        }
    }

    fn err(text: &str, vertices: Option<usize>) -> EdgeListError {
        parse_edge_list(text.as_bytes(), vertices).unwrap_err()
    }

    #[test]
    fn errors_name_line_column_and_cause() {
        let e = err("0 1\n\n# c\n2 -3\n", None);
        assert_eq!((e.line, e.column), (4, 3));
        assert!(matches!(e.kind, EdgeListErrorKind::Negative(ref t) if t == "-3"));
        let e = err("0 1 2\n", None);
        assert_eq!((e.line, e.column), (1, 5));
        assert!(matches!(e.kind, EdgeListErrorKind::ThirdColumn(ref t) if t == "2"));
        let e = err("0\n", None);
        assert!(matches!(e.kind, EdgeListErrorKind::MissingTarget));
        let e = err("0 1\n1 7\n", Some(5));
        assert_eq!(e.line, 2);
        assert!(matches!(
            e.kind,
            EdgeListErrorKind::BeyondVertices { vertices: 5, .. }
        ));
        let e = err("0 1x\n", None);
        assert!(matches!(e.kind, EdgeListErrorKind::NotANumber(ref t) if t == "1x"));
        let e = err("99999999999999999999999 1\n", None);
        assert!(matches!(e.kind, EdgeListErrorKind::TooLarge(_)));
        assert!(e.to_string().starts_with("line 1, column 1: "));
    }

    #[test]
    fn swar_numbers_match_plain_parsing() {
        for text in [
            "0 ",
            "7\n",
            "12345678",
            "00000042x",
            "99999999",
            "1234567 ",
            "x1",
            " 1",
        ] {
            let b = format!("{text}        ");
            let digits = b.bytes().take_while(u8::is_ascii_digit).count().min(8);
            let want = (digits > 0).then(|| (b[..digits].parse::<u64>().unwrap(), digits));
            assert_eq!(swar_number(&b.as_bytes()[..8]), want, "{text:?}");
        }
        for n in (0..100_000_000u64)
            .step_by(9_999_991)
            .chain([1, 10, 99, 100, 65535])
        {
            let b = format!("{n} 00000000");
            assert_eq!(
                swar_number(&b.as_bytes()[..8]),
                Some((n, n.to_string().len()))
            );
        }
    }

    #[test]
    fn blanks_comments_crlf_and_missing_final_newline_are_accepted() {
        let g = parse_edge_list(b"  0\t1 \r\n#x\r\n\r\n1 1 # loop\n2 0", None).unwrap();
        assert_eq!(g.vertex_count(), 3);
        assert_eq!(g.successors(0), &[1]);
        assert_eq!(g.successors(1), &[1]);
        assert_eq!(g.successors(2), &[0]);
        // eight-digit ids filling the last line exactly, with and without a newline
        for text in [
            &b"12345678 12345677"[..],
            b"12345678 12345677\n",
            b"0 1\n12345678 2",
        ] {
            let g = parse_edge_list(text, None).unwrap();
            assert_eq!(g.vertex_count(), 12_345_679);
        }
        let g = parse_edge_list(b"", Some(4)).unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (4, 0));
        assert_eq!(
            parse_edge_list(b"# nothing\n", None)
                .unwrap()
                .vertex_count(),
            0
        );
    }

    #[test]
    fn large_text_split_in_pieces_keeps_order_and_line_numbers() {
        let mut text = String::new();
        let n = 400_000u32;
        for i in 0..n {
            text.push_str(&format!("{} {}\n", i, (i * 7 + 3) % n));
        }
        let g = parse_edge_list(text.as_bytes(), None).unwrap();
        assert_eq!(g.edge_count(), n as usize);
        for i in (0..n).step_by(9973) {
            assert_eq!(g.successors(i), &[(i * 7 + 3) % n]);
        }
        text.push_str("5 oops\n");
        let e = parse_edge_list(text.as_bytes(), None).unwrap_err();
        assert_eq!(e.line, n as u64 + 1);
        // streaming with tiny reads gives the same graph and the same error line
        let r = read_edge_list(text.as_bytes(), None, 0, &crate::progress::Silent);
        match r {
            Err(ReadError::Parse(e2)) => assert_eq!(e2, e),
            other => panic!("unexpected {other:?}"),
        }
    }
}
