//! Node-Kayles (a move picks a vertex and removes it with its neighbours; Schaefer 1978) and
//! Arc-Kayles (a move picks an edge and removes both its ends with every edge at them).
//!
//! - [`search`]: both games for the search engine — [`GridKayles`] on induced subgraphs of the
//!   square grid (boards in the notation of [`crate::games::grid`]), [`GraphKayles`] on any graph
//!   of at most 127 vertices;
//! - [`graph`]: the small graphs of [`GraphKayles`], with a canonical labelling and the edge-list
//!   notation.

pub mod graph;
pub mod search;

pub use search::*;
