//! Components whose families are built in other parts of the library (heap games, token games on
//! graphs, the chip game): reading them from a position file.

use std::path::Path;

use super::file::{FieldReader, PositionError};
use super::{Rules, State};

/// Read a `heap`, `graph` or `chips` component.
pub(super) fn parse_component(
    f: &FieldReader<'_, '_, '_>,
    kind: &str,
    _base: &Path,
) -> Result<(Rules, State), PositionError> {
    match kind {
        "heap" => {
            f.string("ruleset")?;
            f.numbers("heaps")?;
        }
        "graph" => {
            f.string("file")?;
            if f.has("vertices") {
                f.number("vertices")?;
            }
            f.numbers("tokens")?;
        }
        _ => {
            f.string("file")?;
            f.numbers("k")?;
            f.numbers("values")?;
        }
    }
    Err(f.err(
        "kind",
        format!("components of kind {kind} are not supported in this build"),
    ))
}
