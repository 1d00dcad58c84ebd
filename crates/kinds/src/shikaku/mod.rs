//! Shikaku (puzzle-shikaku.com): cut the grid into rectangles, each holding
//! exactly one number, which is its area.
//!
//! The task is run-length cells (`a`..`z` for 1..26 cells without a number),
//! numbers written whole, `_` between two side by side. The answer is a
//! `y` (a cut) or `n` a border between two cells: first each row's borders
//! right of its cells but the last (`width - 1` a row, row by row), then
//! each cell's border below it, for every row but the last.

pub(crate) mod home;
#[cfg(test)]
mod tests;

pub use home::Shikaku;
