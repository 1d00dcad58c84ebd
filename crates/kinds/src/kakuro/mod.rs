//! Kakuro (puzzle-kakuro.com): write a digit from 1 to 9 in every white
//! cell so that each run of white cells, across or down, adds up to the sum
//! its clue cell gives, and holds no digit twice.
//!
//! The task is run-length cells: `B` a black cell, `a`..`z` for 1..26
//! white cells, and a number for a clue cell, `100 * right + down` (the sum
//! of the run to its right, and of the run below it; 0 where that side has
//! no run), written after `_` unless white cells come just before it. The
//! answer is a cell each, row-major: the digit of a white cell, `n` on a
//! black or clue cell.

pub(crate) mod home;
#[cfg(test)]
mod tests;

pub use home::Kakuro;
