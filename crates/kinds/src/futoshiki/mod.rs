//! Futoshiki (puzzle-futoshiki.com): fill an N x N grid with the digits 1
//! to N, each once in every row and column, keeping the given digits and
//! the inequality signs between side-by-side cells.
//!
//! The task is each cell, row-major, followed by a comma (the last too): a
//! given digit (0 for none), then a letter for each of its sides that
//! carries a sign pointing away from it (`U`, `R`, `D`, `L`): the cell is
//! greater than its neighbour on that side (`0L`: this cell > the one on
//! its left). The answer is every cell's digit, run together.

pub(crate) mod home;
#[cfg(test)]
mod tests;

pub use home::Futoshiki;
