//! Minesweeper (puzzle-minesweeper.com): a grid of hidden mines and clues;
//! a clue cell is never a mine, and its number counts the mines among its
//! eight neighbours.
//!
//! The task is run-length cells (`a`..`z` for 1..26 cells without a clue),
//! each digit a clue cell of its own. The answer is `y` (a mine) or `n` a
//! cell, row-major. The rules, model and drawing are shared with mosaic's
//! (`clue_counts`).

pub(crate) mod home;

#[cfg(test)]
mod tests;
