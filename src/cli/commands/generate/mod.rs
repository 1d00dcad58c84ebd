//! `aquarchive generate`: new puzzles, each kind made by its own file.

mod aquarium;
mod chunks;
mod sudoku;

pub use aquarium::run as aquarium;
pub use sudoku::run as sudoku;
