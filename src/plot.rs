//! Scatter plots of sequences, `G(n)` against `n`, as SVG or PNG (plotters, with the Ubuntu Light
//! font embedded by `epaint_default_fonts`, so no system font is needed).
//!
//! Long sequences are thinned without changing the picture: the `n` axis is cut into at most
//! [`COLUMNS`] columns and each distinct value of a column is drawn once.
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("grundy-plot-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("n-mod-3.svg");
//! let values: Vec<u64> = (0..100).map(|n| n % 3).collect();
//! grundy::plot::scatter(&path, "sub:1,2 — period 3", &values).unwrap();
//! assert!(std::fs::read_to_string(&path).unwrap().contains("<svg"));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::prelude::*;
use thiserror::Error;

/// The most columns of points drawn along the `n` axis.
pub const COLUMNS: usize = 2000;

const FONT: &str = "sans-serif";

/// Why a plot could not be drawn.
#[derive(Debug, Error)]
pub enum PlotError {
    /// The file name does not end in `.svg` or `.png`.
    #[error("plot file '{0}' must end in .svg or .png")]
    Format(PathBuf),
    /// Drawing or writing failed.
    #[error("cannot draw the plot {path}: {why}")]
    Draw {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
}

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for style in [FontStyle::Normal, FontStyle::Bold] {
            let _ = plotters::style::register_font(FONT, style, epaint_default_fonts::UBUNTU_LIGHT);
        }
    });
}

/// The points to draw: `(n, value)` with each value once per column.
fn thin(values: &[u64]) -> Vec<(u64, u64)> {
    let len = values.len();
    if len <= COLUMNS * 4 {
        return values
            .iter()
            .enumerate()
            .map(|(n, &v)| (n as u64, v))
            .collect();
    }
    let width = len.div_ceil(COLUMNS);
    let mut out = Vec::new();
    for (c, chunk) in values.chunks(width).enumerate() {
        let distinct: BTreeSet<u64> = chunk.iter().copied().collect();
        let n = (c * width + width / 2) as u64;
        out.extend(distinct.into_iter().map(|v| (n, v)));
    }
    out
}

/// Draw `values[n]` against `n` into `path` (`.svg` or `.png`, by its extension), titled `title`.
pub fn scatter(path: &Path, title: &str, values: &[u64]) -> Result<(), PlotError> {
    register_font();
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let err = |e: &dyn std::fmt::Display| PlotError::Draw {
        path: path.to_path_buf(),
        why: e.to_string(),
    };
    let size = (1200u32, 700u32);
    match ext.as_deref() {
        Some("svg") => {
            let root = SVGBackend::new(path, size).into_drawing_area();
            draw(&root, title, values).map_err(|e| err(&e))?;
            root.present().map_err(|e| err(&e))
        }
        Some("png") => {
            let root = BitMapBackend::new(path, size).into_drawing_area();
            draw(&root, title, values).map_err(|e| err(&e))?;
            root.present().map_err(|e| err(&e))
        }
        _ => Err(PlotError::Format(path.to_path_buf())),
    }
}

/// The SVG text of the same plot as [`scatter`], without a file (e.g. for a notebook to show).
///
/// ```
/// let values: Vec<u64> = (0..50).map(|n| n % 3).collect();
/// let svg = grundy::plot::scatter_svg("sub:1,2", &values).unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("G(n)"));
/// ```
pub fn scatter_svg(title: &str, values: &[u64]) -> Result<String, PlotError> {
    register_font();
    let err = |e: &dyn std::fmt::Display| PlotError::Draw {
        path: PathBuf::from("(SVG text)"),
        why: e.to_string(),
    };
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (1200, 700)).into_drawing_area();
        draw(&root, title, values).map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(text)
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    values: &[u64],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let max_n = values.len().saturating_sub(1).max(1) as u64;
    let max_v = values.iter().copied().max().unwrap_or(0).max(1);
    let mut chart = ChartBuilder::on(root)
        .caption(title, (FONT, 26))
        .margin(15)
        .margin_right(45)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(0u64..max_n + 1, 0u64..max_v + max_v / 20 + 1)?;
    chart
        .configure_mesh()
        .x_desc("heap n")
        .y_desc("G(n)")
        .label_style((FONT, 15))
        .axis_desc_style((FONT, 17))
        .light_line_style(WHITE.mix(0.0))
        .draw()?;
    let points = thin(values);
    let radius = if points.len() > 20_000 { 1 } else { 2 };
    chart.draw_series(
        points
            .into_iter()
            .map(|(n, v)| Circle::new((n, v), radius, BLUE.mix(0.7).filled())),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinning_keeps_every_value_of_a_column() {
        let values: Vec<u64> = (0..100_000).map(|n| (n * 7919) % 13).collect();
        let pts = thin(&values);
        assert!(pts.len() <= COLUMNS * 13);
        let all: BTreeSet<u64> = pts.iter().map(|p| p.1).collect();
        assert_eq!(all.len(), 13);
        let short: Vec<u64> = vec![0, 1, 2];
        assert_eq!(thin(&short), vec![(0, 0), (1, 1), (2, 2)]);
    }

    #[test]
    fn png_and_bad_extension() {
        let dir = tempfile::tempdir().unwrap();
        let png = dir.path().join("p.png");
        scatter(&png, "test", &[0, 1, 2, 0, 1, 2]).unwrap();
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        assert!(matches!(
            scatter(&dir.path().join("p.txt"), "t", &[0]),
            Err(PlotError::Format(_))
        ));
    }
}
