//! Showing puzzles: framed text grids (and, later, pictures).

pub mod aquarium;
pub mod calendar;
pub mod ring;
pub mod sudoku;
