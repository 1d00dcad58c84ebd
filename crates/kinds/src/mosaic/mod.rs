//! Mosaic (puzzle-minesweeper.com's mosaic): a grid to shade, with clues;
//! each clue counts the black cells of the 3x3 block around it, its own
//! cell included.
//!
//! The task is run-length cells (`a`..`z` for 1..26 cells without a clue),
//! each digit a clue cell of its own. The answer is `y` (black) or `n` a
//! cell, row-major. The rules, model and drawing are shared with
//! minesweeper's (`clue_counts`).

pub(crate) mod home;

#[cfg(test)]
mod tests;
