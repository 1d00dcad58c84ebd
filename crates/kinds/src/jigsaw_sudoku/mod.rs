//! Jigsaw sudoku (puzzle-jigsaw-sudoku.com): an N x N grid cut into N
//! regions of N cells, of any shape; fill the blanks so that every row,
//! column and region holds the digits 1 to N once each.
//!
//! The task is the givens in run-length form (`a`..`z` for 1..26 blanks, a
//! number for a given, `_` between two givens side by side), `;`, and each
//! cell's region id, comma-separated. The answer is every cell's digit,
//! comma-separated.

pub(crate) mod home;

pub use home::JigsawSudoku;

#[cfg(test)]
mod tests;
