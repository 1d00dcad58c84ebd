//! Grades kept in the archive: each Aquarium and Sudoku puzzle with one
//! solution is graded when it is solved (import, fetch, re-solve), by the
//! kinds' graders, into the words and numbers the store keeps, with the
//! steps its HTML page gives as hints (see `hints`), so that an export
//! reads them instead of grading again. `grade_file` grades the puzzles of
//! a file without storing them (`aquarchive grade`).

mod file;
pub(crate) mod hints;

use crate::kinds::aquarium::{self, Aquarium, Water};
use crate::kinds::sudoku::{self, Grid};
use crate::store::Grade;

use hints::{Graded, hint_data};

/// The kinds, some of which have a grader ([`graded`]).
pub use crate::kinds::Kind;
pub use file::{
    AnyGraded, GradeRecord, GradedAquarium, GradedPuzzle, GradedSudoku, Grades, NoGrader, UngradedPuzzle, grade_file,
};

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

/// The names of a kind's levels, easiest (rank 1) first; none for a kind
/// without a grader.
pub fn levels(kind: Kind) -> Vec<&'static str> {
    levels_about(kind).into_iter().map(|(name, _)| name).collect()
}

/// A kind's levels, easiest first, each with what it adds in one line;
/// none for a kind without a grader.
pub fn levels_about(kind: Kind) -> Vec<(&'static str, &'static str)> {
    match kind {
        Kind::Aquarium => aquarium::grade::Level::ALL.iter().map(|l| (l.name(), l.about())).collect(),
        Kind::Sudoku => sudoku::Level::ALL.iter().map(|l| (l.name(), l.about())).collect(),
        _ => Vec::new(),
    }
}

/// Every level name of every grader, each once: those of the grader with
/// the most levels, easiest first, then any another has beside them (what
/// `--grade LEVEL` takes).
pub fn level_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for kind in GRADED {
        for name in levels(kind) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The levels of both graders as a short table, one a line, each after
/// the first marked `+` (it adds to those before it):
///
/// ```text
/// Sudoku:
///   easy     hidden and naked singles
///   medium   + locked candidates, naked and hidden pairs and triples
/// ```
pub fn levels_text() -> String {
    let mut out = String::new();
    for kind in [Kind::Sudoku, Kind::Aquarium] {
        let name = kind.name();
        out.push_str(&format!(
            "{}{}:\n",
            name.get(..1).unwrap_or_default().to_uppercase(),
            name.get(1..).unwrap_or_default()
        ));
        for (k, (level, about)) in levels_about(kind).into_iter().enumerate() {
            let plus = if k == 0 || level == "guess" { "" } else { "+ " };
            out.push_str(&format!("  {level:<8} {plus}{about}\n"));
        }
    }
    out
}

/// The kinds with a grader.
const GRADED: [Kind; 2] = [Kind::Aquarium, Kind::Sudoku];

/// Whether a kind's puzzles are graded.
pub fn graded(kind: Kind) -> bool {
    GRADED.contains(&kind)
}

#[cfg(test)]
mod tests;
