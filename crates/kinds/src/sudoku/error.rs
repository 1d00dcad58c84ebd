//! What can be wrong with a Sudoku as written or as given, and which rule a grid breaks.

use std::fmt;

use thiserror::Error;

/// What can be wrong with a Sudoku as written or as given.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SudokuError {
    #[error("no puzzle: the input has no puzzle lines")]
    Empty,
    #[error("expected 81 cells (one puzzle per line, '.' or '0' for a blank), found {found} characters")]
    WrongLength { found: usize },
    #[error("character {position}: `{found}` is not a cell (use 1-9 for a digit, '.' or '0' for a blank)")]
    BadChar { position: usize, found: char },
    #[error("the givens clash: {0}")]
    Clash(Violation),
    #[error("internal error: a solver returned a grid that breaks the rules ({0}); please report this puzzle")]
    WrongSolution(Violation),
}

/// A broken rule, with the cells that break it (1-based for people).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    Blank { row: usize, col: usize },
    Repeated { unit: &'static str, index: usize, digit: u8 },
    ChangedGiven { row: usize, col: usize, given: u8, found: u8 },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Blank { row, col } => write!(f, "row {row}, column {col} is blank"),
            Violation::Repeated { unit, index, digit } => write!(f, "{unit} {index} holds {digit} twice"),
            Violation::ChangedGiven { row, col, given, found } => {
                write!(f, "row {row}, column {col} was given as {given} but holds {found}")
            }
        }
    }
}
