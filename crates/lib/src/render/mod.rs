//! Showing puzzles: framed text grids, and pictures (SVG, PNG) in `svg`.

pub mod aquarium;
pub mod calendar;
pub mod drawing;
pub mod facts;
pub mod family;
pub mod ring;
pub mod sudoku;
pub mod svg;
pub mod table;

/// Numbers with thousands separators, as the site writes puzzle IDs.
pub use crate::shared::thousands;

/// A count with its noun (the kinds' error messages use it too).
pub use crate::kinds::count_of;
