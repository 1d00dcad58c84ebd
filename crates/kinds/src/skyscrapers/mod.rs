//! Skyscrapers (puzzle-skyscrapers.com): fill an N x N grid with buildings
//! of heights 1 to N, each once in every row and column, keeping the given
//! heights; a clue outside the grid says how many buildings are seen from
//! there along its row or column (a building hides every lower one behind
//! it).
//!
//! The task is the clues, `/`-separated and empty where there is none: N
//! above the columns (left to right), N below them, N left of the rows (top
//! to bottom), N right of them; then, where any height is given, `,` and
//! the givens in run-length form (`a`..`z` for 1..26 empty cells, `_`
//! between two givens side by side). The answer is every cell's height, run
//! together.

pub(crate) mod home;
#[cfg(test)]
mod tests;

pub use home::Skyscrapers;
