//! Grades kept in the archive: each puzzle with one solution of a kind
//! with a grader is graded when it is solved (import, fetch, re-solve), by
//! the kinds' graders, into the words and numbers the store keeps, so that
//! an export reads them instead of grading again. Aquarium and Sudoku are
//! graded by the techniques a person uses, with the steps their HTML page
//! gives as hints (see `hints`); most of the family's other kinds
//! by the engine's reasoning on their model
//! ([`crate::kinds::engine_grade`]), without hints.
//! `grade_file` grades the puzzles of a file without storing them
//! (`aquarchive grade`).

mod file;
pub(crate) mod hints;

use crate::kinds::aquarium::{self, Aquarium, Water};
use crate::kinds::engine_grade;
use crate::kinds::home::Board;
use crate::kinds::homes;
use crate::kinds::sudoku::{self, Grid};
use crate::store::Grade;

use hints::{Graded, hint_data};

/// The kinds, some of which have a grader ([`graded`]).
pub use crate::kinds::Kind;
pub use file::{
    AnyGraded, GradeRecord, GradedAquarium, GradedFamily, GradedPuzzle, GradedSudoku, Grades, NoGrader, UngradedPuzzle,
    grade_file,
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

/// The grade of a puzzle of the family's other kinds with exactly one
/// answer, by the engine's reasoning on its model; None where its kind is
/// not graded so, or the reasoning cannot tell (see
/// [`engine_grade::grade`]).
pub fn family(board: &dyn Board) -> Option<Grade> {
    let grading = board.grade()?;
    // Where the kind's reading settled every cell, the engine rules nothing out.
    let techniques = match grading.summary() {
        summary if summary.is_empty() => format!("{} 0", engine_grade::Technique::Propagation),
        summary => summary,
    };
    Some(Grade { level: grading.level.name().into(), rank: grading.level.rank(), techniques, hints: None })
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
        kind if by_engine(kind) => engine_grade::Level::ALL.iter().map(|l| (l.name(), l.about())).collect(),
        _ => Vec::new(),
    }
}

/// Every level name of every grader, each once: those of the grader with
/// the most levels, easiest first, then any another has beside them (what
/// `--grade LEVEL` takes).
pub fn level_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for kind in graded_kinds() {
        for name in levels(kind) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The levels of the graders as a short table, one a line, each after
/// the first marked `+` (it adds to those before it):
///
/// ```text
/// Sudoku:
///   easy     hidden and naked singles
///   medium   + locked candidates, naked and hidden pairs and triples
/// ```
///
/// The kinds graded by the engine's reasoning share one table.
pub fn levels_text() -> String {
    let capitalised = |kind: Kind| {
        let name = kind.name();
        format!("{}{}", name.get(..1).unwrap_or_default().to_uppercase(), name.get(1..).unwrap_or_default())
    };
    let mut tables =
        vec![(capitalised(Kind::Sudoku) + ":", Kind::Sudoku), (capitalised(Kind::Aquarium) + ":", Kind::Aquarium)];
    let by_engine: Vec<Kind> = Kind::ALL.into_iter().filter(|&kind| by_engine(kind)).collect();
    if let Some(&first) = by_engine.first() {
        // The kinds named a few a line, under the title.
        let mut title = String::from("By the engine's reasoning on the puzzle's model:\n ");
        let mut line = 1;
        for (k, kind) in by_engine.iter().enumerate() {
            if line + kind.name().len() + 2 > 80 {
                title.push_str("\n ");
                line = 1;
            }
            title.push(' ');
            title.push_str(kind.name());
            title.push(if k + 1 < by_engine.len() { ',' } else { ':' });
            line += kind.name().len() + 2;
        }
        tables.push((title, first));
    }
    let mut out = String::new();
    for (title, kind) in tables {
        out.push_str(&title);
        out.push('\n');
        for (k, (level, about)) in levels_about(kind).into_iter().enumerate() {
            let plus = if k == 0 || level == "guess" { "" } else { "+ " };
            out.push_str(&format!("  {level:<8} {plus}{about}\n"));
        }
    }
    out
}

/// Whether a kind of the family's is graded by the engine's reasoning on
/// its model.
fn by_engine(kind: Kind) -> bool {
    homes::home(kind).is_some_and(|home| home.grades())
}

/// The kinds with a grader: Aquarium, Sudoku, then those the engine's
/// reasoning grades, in the table's order.
fn graded_kinds() -> impl Iterator<Item = Kind> {
    [Kind::Aquarium, Kind::Sudoku].into_iter().chain(Kind::ALL.iter().copied().filter(|&kind| by_engine(kind)))
}

/// Whether a kind's puzzles are graded.
pub fn graded(kind: Kind) -> bool {
    matches!(kind, Kind::Aquarium | Kind::Sudoku) || by_engine(kind)
}

#[cfg(test)]
mod tests;
