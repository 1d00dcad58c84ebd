//! Dominosa (puzzle-dominosa.com): a grid of numbers from 0 to N, N + 1
//! rows of N + 2; tile it with dominoes so that each pair of numbers, a
//! double too, lies on exactly one domino.
//!
//! The task is the numbers row-major, a digit each below 10 and `[nn]`
//! from 10 up. The answer is a character a cell, row-major: `h` where a
//! domino goes from the cell to the right, `v` where it goes down, `n` on
//! the cell it reaches.

pub(crate) mod home;
#[cfg(test)]
mod tests;

pub use home::Dominosa;
