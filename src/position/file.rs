//! Position files: TOML with one `[[component]]` table per component of the sum.
//!
//! ```toml
//! [[component]]
//! kind = "nim"
//! heaps = [3, 4, 5]
//!
//! [[component]]
//! kind = "staircase"
//! steps = [0, 3, 1, 4]     # coins on steps 0 (the floor), 1, 2, ...
//!
//! [[component]]
//! kind = "coins"
//! length = 9
//! cells = [2, 5, 7]
//! ```
//!
//! Kinds and fields: `nim` (`heaps`), `heap` (`ruleset`, `heaps`), `staircase` (`steps`), `coins`
//! (`length`, `cells`), `graph` (`file`, optional `vertices`, `tokens`), `chips` (`file`, `k`,
//! `values`). Files named by `file` are read relative to the position file's folder. Numbers are
//! non-negative integers up to 2^64 - 1. Every error names the component (0-based, in file order),
//! its line, and the field.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use thiserror::Error;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::extra::{ChipRules, GraphRules, HeapRules, heap_size_limit};
use super::{Position, Rules, State};
use crate::games::chips::ChipGame;
use crate::games::coins::Strip;
use crate::games::digraph;
use crate::games::heap::Ruleset;
use crate::progress::{Cancelled, Progress, Silent};

/// Where in a position file an error is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The component's index (0-based, in file order).
    pub component: usize,
    /// Its kind, when known.
    pub kind: Option<String>,
    /// The field, when the error is in one.
    pub field: Option<String>,
    /// The 1-based line of the offending text.
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "component {}", self.component)?;
        if let Some(k) = &self.kind {
            write!(f, " (kind \"{k}\")")?;
        }
        if let Some(field) = &self.field {
            write!(f, ", field \"{field}\"")?;
        }
        write!(f, ", line {}", self.line)
    }
}

/// An invalid position file.
#[derive(Debug, Error)]
pub enum PositionError {
    /// The position file itself cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Not valid TOML.
    #[error("invalid TOML at line {line}, column {column}: {message}")]
    Toml {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A problem outside any component (an unknown top-level key, no components).
    #[error("{0}")]
    File(String),
    /// A problem in one component.
    #[error("{place}: {message}")]
    Component {
        /// Where.
        place: Place,
        /// What is wrong.
        message: String,
    },
    /// The progress sink asked to stop ([`parse_position_with`]).
    #[error("cancelled")]
    Cancelled,
}

/// Read a position file; `file` fields inside are resolved relative to its folder.
pub fn read_position(path: &Path) -> Result<Position, PositionError> {
    let text = std::fs::read_to_string(path).map_err(|source| PositionError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let base = path.parent().unwrap_or(Path::new(""));
    parse_position(&text, base)
}

/// Parse a position from TOML text; `file` fields are resolved relative to `base`.
///
/// ```
/// use grundy::position::parse_position;
/// let p = parse_position("[[component]]\nkind = \"nim\"\nheaps = [3, 4, 5]\n", ".".as_ref()).unwrap();
/// assert_eq!(p.state, vec![vec![3, 4, 5]]);
/// let e = parse_position("[[component]]\nkind = \"nim\"\nheaps = [3, -4]\n", ".".as_ref()).unwrap_err();
/// assert_eq!(e.to_string(),
///     "component 0 (kind \"nim\"), field \"heaps\", line 3: element 1 is -4, expected a non-negative integer");
/// ```
pub fn parse_position(text: &str, base: &Path) -> Result<Position, PositionError> {
    parse_position_with(text, base, &Silent)
}

/// [`parse_position`], stopping with [`PositionError::Cancelled`] when `progress` asks
/// ([`Progress::cancelled`]) while the values of a heap or graph component are computed.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use grundy::position::{PositionError, parse_position_with};
/// use grundy::progress::{Cancellable, Silent};
/// let text = "[[component]]\nkind = \"heap\"\nruleset = \"grundys-game\"\nheaps = [9000]\n";
/// let stop = AtomicBool::new(true);
/// let e = parse_position_with(text, ".".as_ref(), &Cancellable::new(&Silent, &stop));
/// assert!(matches!(e, Err(PositionError::Cancelled)));
/// ```
pub fn parse_position_with(
    text: &str,
    base: &Path,
    progress: &dyn Progress,
) -> Result<Position, PositionError> {
    let lines = LineIndex::new(text);
    let doc = DeTable::parse(text).map_err(|e| {
        let (line, column) = lines.line_col(e.span().map_or(0, |s| s.start));
        PositionError::Toml {
            line,
            column,
            message: e.message().to_string(),
        }
    })?;
    let mut components = None;
    for (key, value) in doc.get_ref().iter() {
        if key.get_ref() == "component" {
            components = Some(value);
        } else {
            return Err(PositionError::File(format!(
                "line {}: unknown top-level key \"{}\" (a position file holds [[component]] tables only)",
                lines.line(key.span().start),
                key.get_ref()
            )));
        }
    }
    let Some(components) = components else {
        return Err(PositionError::File(
            "no [[component]] tables: a position file lists its components as [[component]] tables"
                .into(),
        ));
    };
    let DeValue::Array(tables) = components.get_ref() else {
        return Err(PositionError::File(format!(
            "line {}: \"component\" must be an array of tables, written [[component]]",
            lines.line(components.span().start)
        )));
    };
    let mut rules = Vec::new();
    let mut state = Vec::new();
    for (index, t) in tables.iter().enumerate() {
        let ctx = Ctx {
            lines: &lines,
            index,
            span: t.span(),
            kind: None,
        };
        let DeValue::Table(table) = t.get_ref() else {
            return Err(ctx.err(None, t.span(), "expected a table [[component]]".into()));
        };
        let (r, s) = parse_component(ctx, table, base, progress)?;
        rules.push(r);
        state.push(s);
    }
    Ok(Position::new(rules, state))
}

struct LineIndex {
    starts: Vec<usize>,
    text_len: usize,
    text: String,
}

impl LineIndex {
    fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex {
            starts,
            text_len: text.len(),
            text: text.to_string(),
        }
    }
    fn line(&self, offset: usize) -> usize {
        self.line_col(offset).0
    }
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text_len);
        let l = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[l - 1];
        let col = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count())
            + 1;
        (l, col)
    }
}

#[derive(Clone)]
struct Ctx<'a> {
    lines: &'a LineIndex,
    index: usize,
    span: Range<usize>,
    kind: Option<&'a str>,
}

impl Ctx<'_> {
    fn err(&self, field: Option<&str>, span: Range<usize>, message: String) -> PositionError {
        PositionError::Component {
            place: Place {
                component: self.index,
                kind: self.kind.map(str::to_string),
                field: field.map(str::to_string),
                line: self.lines.line(span.start),
            },
            message,
        }
    }
}

type Fields<'t, 'i> = Vec<(&'t str, &'t Spanned<DeValue<'i>>)>;

fn parse_component(
    mut ctx: Ctx<'_>,
    table: &DeTable<'_>,
    base: &Path,
    progress: &dyn Progress,
) -> Result<(Rules, State), PositionError> {
    let mut fields: Fields<'_, '_> = table
        .iter()
        .map(|(k, v)| (k.get_ref().as_ref(), v))
        .collect();
    let kind_pos = fields
        .iter()
        .position(|(k, _)| *k == "kind")
        .ok_or_else(|| {
            ctx.err(
                Some("kind"),
                ctx.span.clone(),
                "missing field \"kind\" (one of nim, heap, staircase, coins, graph, chips)".into(),
            )
        })?;
    let (_, kind_value) = fields.remove(kind_pos);
    let DeValue::String(kind) = kind_value.get_ref() else {
        return Err(ctx.err(
            Some("kind"),
            kind_value.span(),
            "expected a string (one of nim, heap, staircase, coins, graph, chips)".into(),
        ));
    };
    let kind: &str = kind.as_ref();
    let allowed: &[&str] = match kind {
        "nim" => &["heaps"],
        "heap" => &["ruleset", "heaps"],
        "staircase" => &["steps"],
        "coins" => &["length", "cells"],
        "graph" => &["file", "vertices", "tokens"],
        "chips" => &["file", "k", "values"],
        other => {
            return Err(ctx.err(
                Some("kind"),
                kind_value.span(),
                format!(
                    "unknown kind \"{other}\" (expected one of nim, heap, staircase, coins, graph, chips)"
                ),
            ));
        }
    };
    let kind_static: &'static str = match kind {
        "nim" => "nim",
        "heap" => "heap",
        "staircase" => "staircase",
        "coins" => "coins",
        "graph" => "graph",
        _ => "chips",
    };
    ctx.kind = Some(kind_static);
    for (k, v) in &fields {
        if !allowed.contains(k) {
            return Err(ctx.err(
                Some(k),
                v.span(),
                format!(
                    "unknown field for kind {kind_static} (its fields: kind, {})",
                    allowed.join(", ")
                ),
            ));
        }
    }
    let f = FieldReader {
        ctx,
        fields: &fields,
    };
    match kind_static {
        "nim" => Ok((Rules::Nim, f.numbers("heaps")?)),
        "staircase" => {
            let steps = f.numbers("steps")?;
            if steps.is_empty() {
                return Err(f.err(
                    "steps",
                    "expected at least one step (step 0 is the floor)".into(),
                ));
            }
            Ok((Rules::Staircase, steps))
        }
        "coins" => {
            let length = f.number("length")?;
            let cells = f.numbers("cells")?;
            let strip = Strip::new(length, &cells).map_err(|e| f.err("cells", e.to_string()))?;
            Ok((Rules::Coins { length }, strip.cells().to_vec()))
        }
        other => parse_family_component(&f, other, base, progress),
    }
}

/// Typed access to the fields of one component table, with errors naming the field.
struct FieldReader<'a, 't, 'i> {
    ctx: Ctx<'a>,
    fields: &'a Fields<'t, 'i>,
}

impl FieldReader<'_, '_, '_> {
    fn get(&self, name: &str) -> Option<&Spanned<DeValue<'_>>> {
        self.fields
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| *v)
    }

    fn required(&self, name: &str) -> Result<&Spanned<DeValue<'_>>, PositionError> {
        self.get(name).ok_or_else(|| {
            self.ctx
                .err(Some(name), self.ctx.span.clone(), "missing field".into())
        })
    }

    /// An error in field `name` (at its line, or the table's when absent).
    fn err(&self, name: &str, message: String) -> PositionError {
        let span = self.get(name).map_or(self.ctx.span.clone(), |v| v.span());
        self.ctx.err(Some(name), span, message)
    }

    /// True when the field is present.
    fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// A required string field.
    fn string(&self, name: &str) -> Result<String, PositionError> {
        let v = self.required(name)?;
        match v.get_ref() {
            DeValue::String(s) => Ok(s.to_string()),
            other => Err(self.err(
                name,
                format!("expected a string, found {}", type_name(other)),
            )),
        }
    }

    /// A required non-negative integer field.
    fn number(&self, name: &str) -> Result<u64, PositionError> {
        let v = self.required(name)?;
        to_u64(v.get_ref()).map_err(|m| self.err(name, m))
    }

    /// A required array of non-negative integers.
    fn numbers(&self, name: &str) -> Result<Vec<u64>, PositionError> {
        let v = self.required(name)?;
        let DeValue::Array(items) = v.get_ref() else {
            return Err(self.err(
                name,
                format!(
                    "expected an array of non-negative integers, found {}",
                    type_name(v.get_ref())
                ),
            ));
        };
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                to_u64(item.get_ref()).map_err(|m| {
                    self.ctx
                        .err(Some(name), item.span(), format!("element {i} is {m}"))
                })
            })
            .collect()
    }
}

fn type_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// A TOML value as a `u64`, or the reason it is not one ("-4, expected ...").
fn to_u64(v: &DeValue<'_>) -> Result<u64, String> {
    match v {
        DeValue::Integer(i) => match i128::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) if n < 0 => Err(format!("{n}, expected a non-negative integer")),
            Ok(n) => u64::try_from(n)
                .map_err(|_| format!("{n}, too large (the largest allowed is {})", u64::MAX)),
            Err(_) => Err(format!(
                "{}, too large (the largest allowed is {})",
                i.as_str(),
                u64::MAX
            )),
        },
        other => Err(format!(
            "{}, expected a non-negative integer",
            type_name(other)
        )),
    }
}

/// Read a `heap`, `graph` or `chips` component (families with rules of their own, see
/// [`super::extra`]).
fn parse_family_component(
    f: &FieldReader<'_, '_, '_>,
    kind: &str,
    base: &Path,
    progress: &dyn Progress,
) -> Result<(Rules, State), PositionError> {
    match kind {
        "heap" => {
            let text = f.string("ruleset")?;
            let ruleset: Ruleset = text
                .parse()
                .map_err(|e| f.err("ruleset", format!("'{text}': {e}")))?;
            let heaps = f.numbers("heaps")?;
            let max = heaps.iter().copied().max().unwrap_or(0);
            let limit = heap_size_limit(&ruleset);
            if max > limit {
                return Err(f.err(
                    "heaps",
                    format!(
                        "a heap of {max} is too large: components of {ruleset} support heaps up to {limit}"
                    ),
                ));
            }
            let rules = HeapRules::try_new(ruleset, max, progress)
                .map_err(|Cancelled| PositionError::Cancelled)?;
            Ok((Rules::Heap(Arc::new(rules)), heaps))
        }
        "graph" => {
            let file = f.string("file")?;
            let vertices = if f.has("vertices") {
                let n = f.number("vertices")?;
                let n = usize::try_from(n)
                    .ok()
                    .filter(|&n| n <= digraph::MAX_VERTICES)
                    .ok_or_else(|| {
                        f.err(
                            "vertices",
                            format!("{n} is more than the limit of {}", digraph::MAX_VERTICES),
                        )
                    })?;
                Some(n)
            } else {
                None
            };
            let tokens = f.numbers("tokens")?;
            let path = base.join(&file);
            let graph = digraph::read_graph(&path, vertices)
                .map_err(|e| f.err("file", format!("cannot use graph file: {e}")))?;
            digraph::sum::check_tokens(&graph, &tokens)
                .map_err(|e| f.err("tokens", e.to_string()))?;
            let rules = GraphRules::try_new(file, graph, progress)
                .map_err(|Cancelled| PositionError::Cancelled)?;
            Ok((Rules::Graph(Arc::new(rules)), tokens))
        }
        _ => {
            let file = f.string("file")?;
            let k = f.numbers("k")?;
            let chips = f.numbers("values")?;
            if chips.len() != k.len() {
                return Err(f.err(
                    "values",
                    format!(
                        "{} chip counts, but \"k\" has {} entries (one per vertex)",
                        chips.len(),
                        k.len()
                    ),
                ));
            }
            let k32 = k
                .iter()
                .enumerate()
                .map(|(i, &x)| {
                    u32::try_from(x)
                        .map_err(|_| f.err("k", format!("element {i} is {x}, too large")))
                })
                .collect::<Result<Vec<u32>, _>>()?;
            let path = base.join(&file);
            let graph = digraph::read_graph(&path, Some(k.len()))
                .map_err(|e| f.err("file", format!("cannot use chip-game file: {e}")))?;
            let edges: Vec<(u32, u32)> = graph.edges().collect();
            let game = ChipGame::new(k.len(), &edges, k32)
                .map_err(|e| f.err("file", format!("{file}: {e}")))?;
            let rules = ChipRules::new(file, game).map_err(|e| f.err("k", e))?;
            Ok((Rules::Chips(Arc::new(rules)), chips))
        }
    }
}
