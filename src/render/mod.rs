//! Showing puzzles: framed text grids (and, later, pictures).

pub mod aquarium;
