//! Killer sudoku (puzzle-killer-sudoku.com): an N x N grid of N boxes, cut
//! into cages, each with a sum; fill every cell so that every row, column
//! and box holds the digits 1 to N once each, no cage holds a digit twice,
//! and each cage's digits add up to its sum.
//!
//! The task is three parts joined by `;`: the givens in run-length form
//! (`a`..`z` for 1..26 blanks, a number for a given, `_` between two numbers
//! side by side; most puzzles give none, `p` for 16 blanks), each cell's
//! cage id comma-separated, and the sums in run-length form, each at its
//! cage's first cell in reading order. The answer is every cell's digit,
//! comma-separated.

pub(crate) mod home;

pub use home::KillerSudoku;

#[cfg(test)]
mod tests;
