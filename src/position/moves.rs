//! Moves of a sum: a move is made in exactly one component, in that component's own terms.

use serde::Serialize;

/// What a move does inside its component (the fields are those of the JSON output).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Action {
    /// Nim: heap `heap` (0-based) goes from `from` counters to `to < from`.
    Nim {
        /// Heap index (0-based).
        heap: usize,
        /// Size before.
        from: u64,
        /// Size after.
        to: u64,
    },
    /// A heap game: heap `heap` of size `from` is replaced by the non-empty heaps `to` (sorted;
    /// empty when the heap disappears).
    Heap {
        /// Heap index (0-based).
        heap: usize,
        /// Size before.
        from: u64,
        /// The heaps left in its place.
        to: Vec<u64>,
    },
    /// Staircase Nim: carry `count` coins from step `step` to step `step - 1`.
    Staircase {
        /// The step the coins leave (`>= 1`).
        step: usize,
        /// How many coins.
        count: u64,
    },
    /// Coins on a strip: the coin on cell `from` slides left to cell `to`.
    Coins {
        /// Cell left.
        from: u64,
        /// Cell reached.
        to: u64,
    },
    /// A token game: token `token` (0-based) moves along an edge from vertex `from` to `to`.
    Graph {
        /// Token index (0-based, in the file's order).
        token: usize,
        /// Vertex left.
        from: u64,
        /// Vertex reached.
        to: u64,
    },
    /// The chip game: one chip leaves `vertex` and one chip is added on each of `targets`
    /// (successors of `vertex`, repeats allowed, exactly `K_vertex` of them).
    Chips {
        /// The vertex losing a chip.
        vertex: u64,
        /// The successors receiving a chip each.
        targets: Vec<u64>,
    },
}

impl Action {
    /// The component kind this action belongs to (`"nim"`, `"heap"`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Nim { .. } => "nim",
            Action::Heap { .. } => "heap",
            Action::Staircase { .. } => "staircase",
            Action::Coins { .. } => "coins",
            Action::Graph { .. } => "graph",
            Action::Chips { .. } => "chips",
        }
    }
}

/// A move of a sum: `action` in component `component` (0-based).
///
/// Serialises flat, e.g. `{"component":0,"kind":"nim","heap":0,"from":3,"to":1}`.
///
/// ```
/// use grundy::position::{Action, Move};
/// let m = Move { component: 0, action: Action::Nim { heap: 0, from: 3, to: 1 } };
/// assert_eq!(serde_json::to_string(&m).unwrap(),
///            r#"{"component":0,"kind":"nim","heap":0,"from":3,"to":1}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Move {
    /// Index of the component (0-based, in the file's order).
    pub component: usize,
    /// The move inside it.
    #[serde(flatten)]
    pub action: Action,
}
