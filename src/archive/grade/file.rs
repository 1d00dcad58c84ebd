//! Grading the puzzles of a file (`aquarchive grade`): each read,
//! validated, solved to prove it has one solution, and then graded, with
//! its steps in words when they are asked for. Nothing is stored.

use thiserror::Error;

use crate::engine::{Settings, Stats};
use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium, Water};
use crate::kinds::grading::{Grading, Step};
use crate::kinds::sudoku::{self, Grid};

use super::super::import::{self, Format};
use super::super::kinds::{PuzzleError, detect};

/// One puzzle of a file: where it is, what the engine found (up to two
/// solutions), and its grading when it has exactly one.
#[derive(Clone, Debug)]
pub struct GradedPuzzle<P, W, S: Step> {
    /// The line the puzzle starts on.
    pub line: usize,
    /// The file and line where a message names the puzzle: `FILE:LINE`,
    /// or the file alone for the one puzzle of an Aquarium file.
    pub place: String,
    pub puzzle: P,
    pub solutions: Vec<W>,
    pub stats: Stats,
    /// None unless the search proved exactly one solution.
    pub grading: Option<Grading<S>>,
}

impl<P, W, S: Step> GradedPuzzle<P, W, S> {
    /// The one solution and the grading, for a puzzle that has one.
    pub fn graded(&self) -> Option<(&W, &Grading<S>)> {
        Some((self.solutions.first()?, self.grading.as_ref()?))
    }
}

pub type GradedSudoku = GradedPuzzle<Grid, Grid, sudoku::Step>;
pub type GradedAquarium = GradedPuzzle<Aquarium, Water, aquarium::grade::Step>;

/// A graded puzzle of either kind.
#[derive(Clone, Debug)]
pub enum AnyGraded {
    Sudoku(GradedSudoku),
    Aquarium(GradedAquarium),
}

/// A puzzle that could not be read, or that breaks its kind's rules.
#[derive(Debug, Error)]
#[error("{file}:{line}: {}", .source.message())]
pub struct UngradedPuzzle {
    pub file: String,
    pub line: usize,
    pub source: PuzzleError,
}

/// A file whose puzzles are of a kind without a grader.
#[derive(Debug, Error)]
#[error("{file}: holds {} puzzles; grade reads Sudoku and Aquarium", .kind.name())]
pub struct NoGrader {
    pub file: String,
    pub kind: Kind,
}

/// The puzzles of a file, each graded as the iterator reaches it (so that
/// a caller can show each before the next, slower one is done).
pub struct Grades {
    pub kind: Kind,
    puzzles: Box<dyn Iterator<Item = Result<AnyGraded, UngradedPuzzle>>>,
}

impl Iterator for Grades {
    type Item = Result<AnyGraded, UngradedPuzzle>;

    fn next(&mut self) -> Option<Self::Item> {
        self.puzzles.next()
    }
}

/// The puzzles of `text`, the contents of `file`, graded one by one: a
/// Sudoku a line, or Aquarium puzzles in the text or task format. `words`
/// puts each step into words (the hints); without them the steps keep only
/// their techniques and cells, and grading an Aquarium is quicker.
pub fn grade_file(file: &str, text: &str, words: bool) -> Result<Grades, NoGrader> {
    let kind = detect(text);
    let puzzles: Box<dyn Iterator<Item = _>> = match kind {
        Kind::Sudoku => {
            let file = file.to_string();
            Box::new(sudoku::parse_lines(text).into_iter().map(move |parsed| {
                let place = format!("{file}:{}", parsed.line);
                let graded = parsed.puzzle.and_then(|puzzle| grade_sudoku(parsed.line, place, puzzle));
                graded.map(AnyGraded::Sudoku).map_err(|err| at_line(&file, parsed.line, err.into()))
            }))
        }
        Kind::Aquarium => {
            let parsed = import::parse(text, Format::Auto);
            let several = parsed.len() > 1;
            let file = file.to_string();
            Box::new(parsed.into_iter().map(move |(line, puzzle)| {
                let place = if several { format!("{file}:{line}") } else { file.clone() };
                let graded = puzzle.and_then(|puzzle| grade_aquarium(line, place, puzzle, words));
                graded.map(AnyGraded::Aquarium).map_err(|err| at_line(&file, line, err.into()))
            }))
        }
        kind => return Err(NoGrader { file: file.to_string(), kind }),
    };
    Ok(Grades { kind, puzzles })
}

fn at_line(file: &str, line: usize, source: PuzzleError) -> UngradedPuzzle {
    UngradedPuzzle { file: file.to_string(), line, source }
}

fn grade_sudoku(line: usize, place: String, puzzle: Grid) -> Result<GradedSudoku, sudoku::SudokuError> {
    puzzle.validate()?;
    let report = sudoku::solve(&puzzle, 2, sudoku::Method::Bitboard)?;
    let grading = report.is_unique().then(|| sudoku::grade(&puzzle, &report.solutions[0]));
    Ok(GradedPuzzle { line, place, puzzle, solutions: report.solutions, stats: report.stats, grading })
}

fn grade_aquarium(
    line: usize,
    place: String,
    puzzle: Aquarium,
    words: bool,
) -> Result<GradedAquarium, aquarium::AquariumError> {
    puzzle.validate()?;
    let report = aquarium::solve(&puzzle, 2, Settings::default())?;
    let grading = report.is_unique().then(|| {
        let solution = &report.solutions[0];
        if words {
            aquarium::grade::grade_knowing(&puzzle, solution)
        } else {
            aquarium::grade::grade_without_words(&puzzle, solution)
        }
    });
    Ok(GradedPuzzle { line, place, puzzle, solutions: report.solutions, stats: report.stats, grading })
}
