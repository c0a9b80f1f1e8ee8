//! A byte-level reader of whitespace-separated non-negative integers that knows its line and
//! column, for exact error messages; the hot path is a plain digit loop.

use super::{JudgeError, Problem};

/// The longest token text quoted in an error message.
const QUOTE: usize = 24;

/// Reads non-negative decimal integers from a judge input.
pub(crate) struct Tokens<'a> {
    problem: Problem,
    buf: &'a [u8],
    pos: usize,
    /// 1-based line of `pos`.
    line: usize,
    /// Byte offset where the current line starts.
    line_start: usize,
    /// Line of the most recent token.
    tok_line: usize,
    /// Line where the most recent number ended (for "found the end of the input").
    end_line: usize,
}

impl<'a> Tokens<'a> {
    /// A reader at the start of `buf`.
    pub(crate) fn new(problem: Problem, buf: &'a [u8]) -> Self {
        Tokens {
            problem,
            buf,
            pos: 0,
            line: 1,
            line_start: 0,
            tok_line: 1,
            end_line: 1,
        }
    }

    /// The line of the most recently read number.
    pub(crate) fn token_line(&self) -> usize {
        self.tok_line
    }

    /// Bytes not read yet (an upper bound for preallocation).
    pub(crate) fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// An [`JudgeError::Invalid`] at `line`.
    pub(crate) fn invalid(&self, line: usize, message: String) -> JudgeError {
        JudgeError::Invalid {
            problem: self.problem,
            line,
            message,
        }
    }

    #[inline]
    fn skip_space(&mut self) {
        while let Some(&b) = self.buf.get(self.pos) {
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.pos + 1;
            } else if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
    }

    /// The token text starting at `start`, shortened for a message.
    fn quote(&self, start: usize) -> String {
        let end = self.buf[start..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .map_or(self.buf.len(), |e| start + e);
        let text = String::from_utf8_lossy(&self.buf[start..end]);
        if text.chars().count() > QUOTE {
            let short: String = text.chars().take(QUOTE).collect();
            format!("{short}...")
        } else {
            text.into_owned()
        }
    }

    fn column(&self, start: usize) -> usize {
        // Columns count characters, not bytes, so that a message points at the right place.
        String::from_utf8_lossy(&self.buf[self.line_start..start])
            .chars()
            .count()
            + 1
    }

    /// The next number, called `what` in messages, at most `max`.
    #[inline]
    pub(crate) fn number(&mut self, what: &'static str, max: u64) -> Result<u64, JudgeError> {
        self.skip_space();
        let start = self.pos;
        self.tok_line = self.line;
        let mut value: u64 = 0;
        let mut overflow = false;
        while let Some(&b) = self.buf.get(self.pos) {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            match value.checked_mul(10).and_then(|v| v.checked_add(d as u64)) {
                Some(v) => value = v,
                None => overflow = true,
            }
            self.pos += 1;
        }
        let ended = self
            .buf
            .get(self.pos)
            .is_none_or(|b| b.is_ascii_whitespace());
        if self.pos > start && ended && !overflow && value <= max {
            self.end_line = self.line;
            return Ok(value);
        }
        self.slow_error(start, what, max, overflow)
    }

    #[cold]
    fn slow_error(
        &mut self,
        start: usize,
        what: &'static str,
        max: u64,
        overflow: bool,
    ) -> Result<u64, JudgeError> {
        let problem = self.problem;
        let line = self.line;
        if start >= self.buf.len() {
            return Err(JudgeError::Missing {
                problem,
                line: self.end_line,
                what,
            });
        }
        let column = self.column(start);
        let found = self.quote(start);
        let is_digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
        let token_end = self.buf[start..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .map_or(self.buf.len(), |e| start + e);
        let token = &self.buf[start..token_end];
        if token.first() == Some(&b'-') && is_digits(&token[1..]) {
            return Err(JudgeError::Negative {
                problem,
                line,
                column,
                what,
                found,
            });
        }
        if is_digits(token) && (overflow || self.pos > start) {
            return Err(JudgeError::TooLarge {
                problem,
                line,
                column,
                what,
                found,
                max,
            });
        }
        Err(JudgeError::NotANumber {
            problem,
            line,
            column,
            what,
            found,
        })
    }

    /// Succeeds when only whitespace is left.
    pub(crate) fn finish(&mut self) -> Result<(), JudgeError> {
        self.skip_space();
        if self.pos >= self.buf.len() {
            return Ok(());
        }
        Err(JudgeError::Trailing {
            problem: self.problem,
            line: self.line,
            column: self.column(self.pos),
            found: self.quote(self.pos),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(input: &str) -> Result<u64, JudgeError> {
        Tokens::new(Problem::Sdoi2019, input.as_bytes()).number("n", 1000)
    }

    #[test]
    fn numbers_and_errors_name_their_place() {
        assert_eq!(one("  42 "), Ok(42));
        assert_eq!(one("\n\n 7"), Ok(7));
        let e = one("\n  x1").unwrap_err().to_string();
        assert_eq!(
            e,
            "sdoi2019: line 2, column 3: expected n (a non-negative integer), found 'x1'"
        );
        let e = one("-5").unwrap_err().to_string();
        assert_eq!(
            e,
            "sdoi2019: line 1, column 1: n must not be negative, found '-5'"
        );
        let e = one("1001").unwrap_err().to_string();
        assert_eq!(
            e,
            "sdoi2019: line 1, column 1: n = 1001 is too large (at most 1000)"
        );
        let e = one("99999999999999999999999").unwrap_err();
        assert!(matches!(e, JudgeError::TooLarge { .. }), "{e}");
        let e = one("12ab").unwrap_err();
        assert!(matches!(e, JudgeError::NotANumber { .. }), "{e}");
        let e = one(" \n ").unwrap_err().to_string();
        assert_eq!(
            e,
            "sdoi2019: line 1: expected n, found the end of the input"
        );
        let e = one("-").unwrap_err();
        assert!(matches!(e, JudgeError::NotANumber { .. }), "{e}");
    }

    #[test]
    fn trailing_input_is_reported() {
        let mut t = Tokens::new(Problem::Agc016f, b"1\n 2");
        assert_eq!(t.number("n", 9), Ok(1));
        let e = t.finish().unwrap_err().to_string();
        assert_eq!(
            e,
            "agc016f: line 2, column 2: unexpected input '2' after the end of the data"
        );
    }
}
