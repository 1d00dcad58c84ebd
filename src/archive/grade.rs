//! Grades kept in the archive: each Aquarium and Sudoku puzzle with one
//! solution is graded when it is solved (import, fetch, re-solve), by the
//! kinds' graders, into the words and numbers the store keeps, with the
//! steps its HTML page gives as hints (see [`hints`]), so that an export
//! reads them instead of grading again.

pub(crate) mod hints;

use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium, Water};
use crate::kinds::sudoku::{self, Grid};
use crate::store::Grade;

use hints::{Graded, hint_data};

/// An Aquarium's grade, `solution` being its one solution (proved).
pub fn aquarium(puzzle: &Aquarium, solution: &Water) -> Grade {
    // The stored hints keep each step's technique and cells, not its words.
    let grading = aquarium::grade::grade_without_words(puzzle, solution);
    Grade {
        level: grading.level.name().into(),
        rank: grading.level.rank(),
        techniques: grading.summary(),
        hints: Some(hint_data(Graded::Aquarium(puzzle, &grading))),
    }
}

/// A Sudoku's grade, `solution` being its one solution (proved).
pub fn sudoku(puzzle: &Grid, solution: &Grid) -> Grade {
    let grading = sudoku::grade(puzzle, solution);
    Grade {
        level: grading.level.name().into(),
        rank: grading.level.rank(),
        techniques: grading.summary(),
        hints: Some(hint_data(Graded::Sudoku(&grading))),
    }
}

/// A Sudoku level's rank: 1 for the easiest.
pub fn sudoku_rank(level: sudoku::Level) -> u32 {
    level.rank()
}

/// The names of a kind's levels, easiest (rank 1) first; none for a kind
/// without a grader.
pub fn levels(kind: Kind) -> Vec<&'static str> {
    match kind {
        Kind::Aquarium => aquarium::grade::Level::ALL.iter().map(|l| l.name()).collect(),
        Kind::Sudoku => sudoku::Level::ALL.iter().map(|l| l.name()).collect(),
        _ => Vec::new(),
    }
}

/// Whether a kind's puzzles are graded.
pub fn graded(kind: Kind) -> bool {
    matches!(kind, Kind::Aquarium | Kind::Sudoku)
}
