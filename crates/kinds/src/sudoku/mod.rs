//! Sudoku: a 9x9 grid of nine rows, nine columns and nine 3x3 boxes; fill
//! the blanks so that every row, column and box holds the digits 1 to 9.

mod bitboard;
mod encode;
mod error;
mod format;
pub mod generate;
pub mod grade;
mod grid;
pub mod home;
mod verify;

pub use encode::{SolveReport, Solver};
pub use error::{SudokuError, Violation};
pub use format::{ParsedLine, parse_lines};
pub use generate::{GenerateSettings, Generated, LevelNotReached, Symmetry, generate};
pub use grade::{Grading, Level, Step, Technique, grade};
pub use grid::{CELLS, Grid, box_of};
pub use verify::verify;

use multicover::Settings;

/// Which solver does the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The bitboard solver made for Sudoku (the fast one).
    #[default]
    Bitboard,
    /// The multi-cover engine on the exact-cover encoding ([`Solver`]),
    /// kept as the independent second solver.
    Engine(Settings),
}

/// Solves a puzzle with either solver, stopping at `limit` solutions (2
/// proves uniqueness); every solution is checked with the independent
/// [`verify`].
///
/// An error means a solver returned a grid that breaks the rules: a bug,
/// never bad input. Clashing givens give no solution (see
/// [`Grid::validate`]).
pub fn solve(puzzle: &Grid, limit: usize, method: Method) -> Result<SolveReport, SudokuError> {
    match method {
        Method::Bitboard => bitboard::solve(puzzle, limit),
        Method::Engine(settings) => encode::solve(puzzle, limit, settings),
    }
}

#[cfg(test)]
mod tests;
