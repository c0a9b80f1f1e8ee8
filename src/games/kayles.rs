//! Node-Kayles (a move picks a vertex and removes it with its neighbours; Schaefer 1978) and
//! Arc-Kayles (a move picks an edge and removes both its ends with every edge at them).
//!
//! - [`search`]: both games for the search engine — [`GridKayles`] on induced subgraphs of the
//!   square grid (boards in the notation of [`crate::games::grid`]), [`GraphKayles`] on any graph
//!   of at most 127 vertices;
//! - [`brute`]: the plain mex rule over whole vertex sets, the reference the tests trust;
//! - [`graph`]: the small graphs of [`GraphKayles`], with a canonical labelling and the edge-list
//!   notation.

pub mod brute;
pub mod graph;
pub mod search;

pub use search::*;

/// The name of Node-Kayles on the command line, in Python and in the page's URLs.
pub const NODE_KAYLES_NAME: &str = "node-kayles";
/// The name of Arc-Kayles on the command line, in Python and in the page's URLs.
pub const ARC_KAYLES_NAME: &str = "arc-kayles";

/// Node-Kayles in the catalogue ([`crate::games::registry`]).
pub const NODE_KAYLES: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NODE_KAYLES_NAME,
    aliases: &["node_kayles"],
    title: "Node-Kayles",
    rules: "Pick a vertex and remove it with its neighbours; who cannot, loses.",
    notation: "a grid RxC, a board (rows of . and # joined by /) or an edge list",
    parameters: &[],
    engines: &[crate::games::entry::Engine::Search],
    commands: &["grundy search node-kayles"],
    module: "grundy::games::kayles",
    search: Some(crate::games::entry::SearchInfo {
        dfpn_by_default: false,
        size_unit: "vertices",
        page_limit: 40,
    }),
    tier: None,
};

/// Arc-Kayles in the catalogue ([`crate::games::registry`]).
pub const ARC_KAYLES: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: ARC_KAYLES_NAME,
    aliases: &["arc_kayles"],
    title: "Arc-Kayles",
    rules: "Pick an edge and remove both its ends; who cannot, loses.",
    notation: "a grid RxC, a board (rows of . and # joined by /) or an edge list",
    parameters: &[],
    engines: &[crate::games::entry::Engine::Search],
    commands: &["grundy search arc-kayles"],
    module: "grundy::games::kayles",
    search: Some(crate::games::entry::SearchInfo {
        dfpn_by_default: false,
        size_unit: "vertices",
        page_limit: 28,
    }),
    tier: None,
};
