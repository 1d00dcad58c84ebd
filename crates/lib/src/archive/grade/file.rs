//! Grading the puzzles of a file (`aquarchive grade`): each read,
//! validated, solved to prove it has one solution, and then graded, with
//! its steps in words when they are asked for (Aquarium and Sudoku). A file
//! of the family's task lines (`KIND TASK`) is graded line by line, each by
//! its kind's grader. Nothing is stored.

use std::collections::BTreeMap;

use serde::Serialize;
use thiserror::Error;

use crate::engine::{Settings, Stats};
use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium, Water};
use crate::kinds::engine_grade;
use crate::kinds::grading::{Grading, Step};
use crate::kinds::home::Size;
use crate::kinds::sudoku::{self, Grid};
use crate::render;

use super::super::import::{self, Format};
use super::super::kinds::{AnyPuzzle, FamilyPuzzle, PuzzleError, detect, is_task_lines, parse_task_lines, size_text};
use super::super::solving::SearchFigures;

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
/// A puzzle of the family's other kinds, its answers as the site writes them.
pub type GradedFamily = GradedPuzzle<FamilyPuzzle, String, engine_grade::Step>;

/// A graded puzzle of any kind with a grader.
#[derive(Clone, Debug)]
pub enum AnyGraded {
    Sudoku(GradedSudoku),
    Aquarium(GradedAquarium),
    Family(GradedFamily),
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
#[error("{file}: holds {} puzzles; grade reads Sudoku, Aquarium and the family's task lines", .kind.name())]
pub struct NoGrader {
    pub file: String,
    pub kind: Kind,
}

/// The puzzles of a file, each graded as the iterator reaches it (so that
/// a caller can show each before the next, slower one is done).
pub struct Grades {
    /// The kind of the file's puzzles (of a file of task lines, its first
    /// puzzle's).
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
/// Sudoku a line, Aquarium puzzles in the text or task format, or the
/// family's task lines (`KIND TASK`). `words` puts each step of an Aquarium
/// or Sudoku into words (the hints); without them the steps keep only their
/// techniques and cells, and grading an Aquarium is quicker.
pub fn grade_file(file: &str, text: &str, words: bool) -> Result<Grades, NoGrader> {
    if is_task_lines(text) {
        return Ok(grade_task_lines(file, text, words));
    }
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

/// The puzzles of a file of task lines, each graded by its kind's grader; a
/// line of a kind without one is an error that says so.
fn grade_task_lines(file: &str, text: &str, words: bool) -> Grades {
    let parsed = parse_task_lines(text);
    let kind = parsed.iter().find_map(|(_, puzzle)| puzzle.as_ref().ok()).map_or(Kind::Aquarium, AnyPuzzle::kind);
    let file = file.to_string();
    let puzzles = parsed.into_iter().map(move |(line, puzzle)| {
        let place = format!("{file}:{line}");
        let graded = puzzle.and_then(|puzzle| match puzzle {
            AnyPuzzle::Family(puzzle) => grade_family(line, place, puzzle).map(AnyGraded::Family),
            AnyPuzzle::Aquarium(puzzle) => Ok(AnyGraded::Aquarium(grade_aquarium(line, place, puzzle, words)?)),
            AnyPuzzle::Sudoku(puzzle) => Ok(AnyGraded::Sudoku(grade_sudoku(line, place, puzzle)?)),
            other => Err(PuzzleError::NoGrader(other.kind())),
        });
        graded.map_err(|err| at_line(&file, line, err))
    });
    Grades { kind, puzzles: Box::new(puzzles) }
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

/// Solves a puzzle of the family's other kinds, up to two answers, and
/// grades it by the engine's reasoning where it has exactly one.
fn grade_family(line: usize, place: String, puzzle: FamilyPuzzle) -> Result<GradedFamily, PuzzleError> {
    let kind = puzzle.kind();
    let Some(board) = puzzle.board() else { return Err(PuzzleError::NotRead(kind)) };
    if !puzzle.solvable() {
        return Err(PuzzleError::NoSolver(kind));
    }
    if !super::graded(kind) {
        return Err(PuzzleError::NoGrader(kind));
    }
    let solved = board.solve(Settings::default(), 2).ok_or(PuzzleError::NoSolver(kind))??;
    let grading = if solved.is_unique() { board.grade() } else { None };
    Ok(GradedPuzzle { line, place, puzzle, solutions: solved.solutions, stats: solved.stats, grading })
}

impl AnyGraded {
    /// The board the hints' steps name cells of: a Sudoku framed, an Aquarium
    /// framed and its tanks numbered (the steps name them by number); a puzzle
    /// of the family's other kinds framed (its steps have no words).
    pub fn board(&self) -> String {
        match self {
            AnyGraded::Family(family) => {
                let puzzle = &family.puzzle;
                render::family::framed(puzzle.kind(), puzzle.board(), puzzle.task(), None)
            }
            AnyGraded::Sudoku(sudoku) => render::sudoku::framed(&sudoku.puzzle),
            AnyGraded::Aquarium(aquarium) => {
                let puzzle = &aquarium.puzzle;
                let mut text = render::aquarium::framed(puzzle, None);
                text.push_str("Tanks, numbered in reading order:\n");
                let side = puzzle.tank_count().to_string().len();
                for r in 0..puzzle.height() {
                    let row: Vec<String> =
                        (0..puzzle.width()).map(|c| format!("{:>side$}", puzzle.tank(r, c) + 1)).collect();
                    text.push_str(&format!("  {}\n", row.join(" ")));
                }
                text
            }
        }
    }

    /// The file and line where a message names the puzzle.
    pub fn place(&self) -> &str {
        match self {
            AnyGraded::Sudoku(graded) => &graded.place,
            AnyGraded::Aquarium(graded) => &graded.place,
            AnyGraded::Family(graded) => &graded.place,
        }
    }

    /// How many solutions the search found (it stops at two).
    pub fn solutions(&self) -> usize {
        match self {
            AnyGraded::Sudoku(graded) => graded.solutions.len(),
            AnyGraded::Aquarium(graded) => graded.solutions.len(),
            AnyGraded::Family(graded) => graded.solutions.len(),
        }
    }

    pub fn stats(&self) -> &Stats {
        match self {
            AnyGraded::Sudoku(graded) => &graded.stats,
            AnyGraded::Aquarium(graded) => &graded.stats,
            AnyGraded::Family(graded) => &graded.stats,
        }
    }

    /// The puzzle in a few words: "23 givens", "10x10, 12 tanks", "tents 8x8".
    pub fn described(&self) -> String {
        match self {
            AnyGraded::Sudoku(graded) => format!("{} givens", graded.puzzle.givens()),
            AnyGraded::Aquarium(graded) => {
                let puzzle = &graded.puzzle;
                let size = size_text(Kind::Aquarium, puzzle.width() as i64, puzzle.height() as i64);
                format!("{size}, {} tanks", puzzle.tank_count())
            }
            AnyGraded::Family(graded) => {
                let (kind, size) = (graded.puzzle.kind(), graded.puzzle.size().unwrap_or(Size::new(0, 0)));
                format!("{kind} {}", size_text(kind, size.width as i64, size.height as i64))
            }
        }
    }

    /// The level reached and how often each technique was used ("hidden
    /// single 31, naked single 20"); none for a puzzle not graded (it has
    /// not exactly one solution).
    pub fn level(&self) -> Option<(String, String)> {
        match self {
            AnyGraded::Sudoku(graded) => graded.grading.as_ref().map(|g| (g.level.to_string(), g.summary())),
            AnyGraded::Aquarium(graded) => graded.grading.as_ref().map(|g| (g.level.to_string(), g.summary())),
            AnyGraded::Family(graded) => graded.grading.as_ref().map(|g| (g.level.to_string(), g.summary())),
        }
    }

    /// Each step's words, in order (empty unless they were asked for, and
    /// for the family's other kinds, whose steps have none).
    pub fn step_words(&self) -> Vec<&str> {
        match self {
            AnyGraded::Sudoku(graded) => {
                graded.grading.iter().flat_map(|g| &g.steps).map(|s| s.text.as_str()).collect()
            }
            AnyGraded::Aquarium(graded) => {
                graded.grading.iter().flat_map(|g| &g.steps).map(|s| s.text.as_str()).collect()
            }
            AnyGraded::Family(_) => Vec::new(),
        }
    }

    /// The puzzle's JSON line, as `aquarchive grade --json` writes it,
    /// `file` the name it was read as; `steps` adds each step of the
    /// grading.
    pub fn record<'a>(&'a self, file: &'a str, steps: bool) -> GradeRecord<'a> {
        let (kind, line, stats) = match self {
            AnyGraded::Sudoku(graded) => (Kind::Sudoku, graded.line, &graded.stats),
            AnyGraded::Aquarium(graded) => (Kind::Aquarium, graded.line, &graded.stats),
            AnyGraded::Family(graded) => (graded.puzzle.kind(), graded.line, &graded.stats),
        };
        let solutions = self.solutions();
        let mut record = GradeRecord {
            exhausted: stats.exhausted,
            file,
            givens: None,
            height: None,
            kind: kind.name(),
            level: None,
            line,
            search: SearchFigures::of(stats),
            puzzle: None,
            rank: None,
            solution: None,
            solutions,
            steps: None,
            tanks: None,
            techniques: None,
            unique: solutions == 1 && stats.exhausted,
            width: None,
        };
        match self {
            AnyGraded::Sudoku(graded) => {
                record.givens = Some(graded.puzzle.givens());
                record.puzzle = Some(graded.puzzle.to_string());
                if let Some((solution, grading)) = graded.graded() {
                    record.level = Some(grading.level.name());
                    record.rank = Some(grading.level.rank());
                    record.techniques = Some(grading.counts().into_iter().map(|(t, n)| (t.name(), n)).collect());
                    record.solution = Some(solution.to_rows());
                    let cell = |&(c, d): &(usize, u8)| [c / 9 + 1, c % 9 + 1, usize::from(d)];
                    record.steps = steps.then(|| {
                        let step = |s: &'a sudoku::Step| StepRecord::Sudoku {
                            placed: s.placed.iter().map(cell).collect(),
                            removed: s.removed.iter().map(cell).collect(),
                            technique: s.technique.name(),
                            text: &s.text,
                        };
                        grading.steps.iter().map(step).collect()
                    });
                }
            }
            AnyGraded::Aquarium(graded) => {
                let puzzle = &graded.puzzle;
                (record.width, record.height) = (Some(puzzle.width()), Some(puzzle.height()));
                record.tanks = Some(puzzle.tank_count());
                if let Some((solution, grading)) = graded.graded() {
                    record.level = Some(grading.level.name());
                    record.rank = Some(grading.level.rank());
                    record.techniques = Some(grading.counts().into_iter().map(|(t, n)| (t.name(), n)).collect());
                    record.solution = Some(solution.to_rows());
                    record.steps = steps.then(|| {
                        // Each step with the cells it settles as [row, column, water], 1-based.
                        let step = |s: &'a aquarium::grade::Step| StepRecord::Aquarium {
                            settles: s.settles.iter().map(|&(r, c, water)| (r + 1, c + 1, water)).collect(),
                            technique: s.technique.name(),
                            text: &s.text,
                        };
                        grading.steps.iter().map(step).collect()
                    });
                }
            }
            AnyGraded::Family(graded) => {
                let puzzle = &graded.puzzle;
                (record.width, record.height) = (puzzle.size().map(|s| s.width), puzzle.size().map(|s| s.height));
                record.puzzle = Some(puzzle.task().to_string());
                if let Some((answer, grading)) = graded.graded() {
                    record.level = Some(grading.level.name());
                    record.rank = Some(grading.level.rank());
                    record.techniques = Some(grading.counts().into_iter().map(|(t, n)| (t.name(), n)).collect());
                    // The answer as the site writes it, one line.
                    record.solution = Some(vec![answer.clone()]);
                }
            }
        }
        record
    }
}

/// A graded puzzle's JSON line: where it is, what the search found, the
/// kind's own fields, and when graded its level, rank, techniques (each
/// with how often it was used) and solution, with its steps when asked
/// for; in name order. A field a puzzle does not have is left out.
#[derive(Serialize)]
pub struct GradeRecord<'a> {
    exhausted: bool,
    file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    height: Option<usize>,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    line: usize,
    #[serde(flatten)]
    search: SearchFigures,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<String>>,
    solutions: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepRecord<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tanks: Option<usize>,
    /// By technique name, in name order.
    #[serde(skip_serializing_if = "Option::is_none")]
    techniques: Option<BTreeMap<&'static str, usize>>,
    unique: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    width: Option<usize>,
}

/// One step of a grading: its technique, its words, and the cells it
/// settles, 1-based: a Sudoku's digits placed and candidates removed as
/// [row, column, digit], an Aquarium's cells as [row, column, water].
#[derive(Serialize)]
#[serde(untagged)]
enum StepRecord<'a> {
    Sudoku { placed: Vec<[usize; 3]>, removed: Vec<[usize; 3]>, technique: &'static str, text: &'a str },
    Aquarium { settles: Vec<(usize, usize, bool)>, technique: &'static str, text: &'a str },
}
