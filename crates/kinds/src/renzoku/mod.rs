//! Renzoku (puzzle-futoshiki.com's renzoku puzzles): fill an N x N grid
//! with the digits 1 to N, each once in every row and column, keeping the
//! given digits; a dot between two side-by-side cells says their digits
//! are consecutive, and no dot says they are not (the site's answers keep
//! both).
//!
//! The task is futoshiki's form: each cell, row-major, followed by a comma
//! (the last too), a given digit (0 for none) then a letter for each side
//! with a dot (`U`, `R`, `D`, `L`); a dot is written on both its cells. The
//! answer is every cell's digit, run together.

pub(crate) mod home;
#[cfg(test)]
mod tests;

pub use home::Renzoku;
