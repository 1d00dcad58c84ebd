//! Solving the puzzles of a text as `aquarchive solve` does, and nothing
//! stored: each puzzle read (of any kind, found as `import` finds it),
//! validated, solved up to a limit and, where one solution is expected,
//! proved unique; what came of it returned as values, in the text's order
//! and one at a time, so that a caller can show each as it comes. (Stored
//! puzzles are re-solved by [`super::solve`].)

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

pub use crate::engine::{Learning, Probing, Settings, Stats};
pub use crate::kinds::Kind;
pub use crate::kinds::sudoku::Method as SudokuMethod;

pub use super::import::{Format, Unreadable};
pub use super::kinds::{AnyPuzzle, AnySolution, AnySolved, PuzzleError};

use super::import;

/// How many solutions of each puzzle are looked for, and shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The first solution; a second one looked for where one is expected,
    /// which proves the first unique.
    #[default]
    First,
    /// How many there are, up to the limit.
    Count,
    /// Every one, up to the limit.
    All,
}

/// What a text is read as, and what is asked of each of its puzzles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The kind of the puzzles; `None` finds it from the text, as `import`
    /// does.
    pub kind: Option<Kind>,
    /// How Aquarium puzzles are written.
    pub format: Format,
    /// The most solutions to look for; `None` for as [`Options::limit`] says.
    pub limit: Option<u64>,
    pub mode: Mode,
    /// The engine's settings, for the Aquarium and ring puzzles it solves
    /// (and Sudoku with [`SudokuMethod::Engine`]).
    pub engine: Settings,
    /// Which solver searches a Sudoku.
    pub sudoku: SudokuMethod,
}

impl Options {
    /// How many solutions to look for in a puzzle of `kind`: as given, or
    /// by default two where one is expected (which proves uniqueness), else
    /// all of them (up to 1000).
    pub fn limit(&self, kind: Kind) -> u64 {
        self.limit.unwrap_or(if self.mode == Mode::First && kind.expects_unique() { 2 } else { 1000 })
    }
}

/// A puzzle with what its search found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The puzzle and its solutions.
    pub solved: AnySolved,
    pub stats: Stats,
    /// How many solutions were looked for.
    pub limit: u64,
}

impl Found {
    pub fn kind(&self) -> Kind {
        self.solved.kind()
    }

    /// Exactly one solution, and the search proved there is no other.
    pub fn is_unique(&self) -> bool {
        self.solved.count() == 1 && self.stats.exhausted
    }

    /// The puzzle's JSON line (see [`Record`]): `file` names the text,
    /// `line` the puzzle's line in it; [`Mode::All`] adds every solution.
    pub fn record<'a>(&'a self, file: &'a str, line: usize, mode: Mode) -> Record<'a> {
        let stats = &self.stats;
        let solved = &self.solved;
        let mut record = Record {
            all: (mode == Mode::All).then_some(All(solved)),
            answer: None,
            assignments: None,
            board: None,
            date: None,
            exhausted: stats.exhausted,
            file,
            givens: None,
            height: None,
            kind: self.kind().name(),
            line: Some(line),
            search: SearchFigures::of(stats),
            puzzle: None,
            rows: None,
            sectors: None,
            solution: (solved.count() > 0).then_some(Rows { solved, index: 0 }),
            solutions: solved.count(),
            tanks: None,
            triangles: None,
            unique: self.is_unique(),
            width: None,
        };
        match solved {
            AnySolved::Aquarium(puzzle, waters) => {
                record.answer = waters.first().map(|water| water.to_answer());
                record.width = Some(puzzle.width());
                record.height = Some(puzzle.height());
                record.tanks = Some(puzzle.tank_count());
            }
            AnySolved::Sudoku(puzzle, grids) => {
                record.answer = grids.first().map(crate::kinds::sudoku::home::answer);
                record.givens = Some(puzzle.givens());
                record.puzzle = Some(Cells(puzzle.cells()));
            }
            AnySolved::Calendar { variant, date, .. } => {
                record.board = Some(variant.name());
                record.date = Some(date.to_string());
            }
            AnySolved::Family(puzzle, answers) => {
                record.width = puzzle.size().map(|s| s.width);
                record.height = puzzle.size().map(|s| s.height);
                record.answer = answers.first().cloned();
            }
            AnySolved::Ring(ring, solutions) => {
                // A ring's file is one instance: its line has never been
                // part of its record.
                record.line = None;
                record.rows = Some(ring.rows());
                record.sectors = Some(ring.sectors());
                record.assignments = Some(solutions.iter().map(|s| s.assignments).sum());
                record.triangles = solutions.first().map(|s| s.triangles.as_slice());
            }
        }
        record
    }
}

/// A puzzle's JSON line, as `aquarchive solve --json` writes it: the fields
/// every kind has (where, what, what the search found) and the kind's own,
/// in name order (the order they have always been written in). A field a
/// kind does not have is left out.
#[derive(Serialize)]
pub struct Record<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    all: Option<All<'a>>,
    /// The first solution as the site's answer form writes it: what the
    /// site's `hashedSolution` is the md5 of, after the task.
    #[serde(skip_serializing_if = "Option::is_none")]
    answer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    assignments: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    exhausted: bool,
    file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    height: Option<usize>,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(flatten)]
    search: SearchFigures,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<Cells<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sectors: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Rows<'a>>,
    solutions: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    tanks: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    triangles: Option<&'a [usize]>,
    unique: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    width: Option<usize>,
}

/// What one search took, as `solve --json` and `grade --json` write it: its
/// time in microseconds, the nodes it visited and the probes it made.
/// (In name order, so that a record that flattens it in at `micros` keeps its
/// fields in name order too.)
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SearchFigures {
    micros: u64,
    nodes: u64,
    probes: u64,
}

impl SearchFigures {
    pub fn of(stats: &Stats) -> SearchFigures {
        SearchFigures { micros: stats.elapsed.as_micros() as u64, nodes: stats.nodes, probes: stats.probes }
    }
}

/// A Sudoku's digits as one string, `.` for a blank.
struct Cells<'a>(&'a [u8; 81]);

/// A Sudoku's 81 cells as their characters, row by row, written into `text`
/// (on the caller's stack: a Sudoku's line is written for every one of tens
/// of thousands of puzzles a second).
fn sudoku_text<'t>(cells: &[u8; 81], text: &'t mut [u8; 81]) -> &'t str {
    for (t, &d) in text.iter_mut().zip(cells) {
        *t = if d == 0 { b'.' } else { b'0' + d };
    }
    std::str::from_utf8(text).expect("digits and dots are ASCII")
}

impl Serialize for Cells<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(sudoku_text(self.0, &mut [0; 81]))
    }
}

/// One solution (the `index`th) as rows of text, as its kind writes them.
struct Rows<'a> {
    solved: &'a AnySolved,
    index: usize,
}

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let k = self.index;
        match self.solved {
            AnySolved::Sudoku(_, grids) => {
                let mut buffer = [0; 81];
                let text = sudoku_text(grids[k].cells(), &mut buffer);
                let mut rows = serializer.serialize_seq(Some(9))?;
                for r in 0..9 {
                    rows.serialize_element(&text[r * 9..r * 9 + 9])?;
                }
                rows.end()
            }
            AnySolved::Aquarium(_, waters) => waters[k].to_rows().serialize(serializer),
            AnySolved::Calendar { variant, tilings, .. } => tilings[k].to_rows(variant).serialize(serializer),
            AnySolved::Ring(ring, solutions) => solutions[k].to_rows(ring.rows()).serialize(serializer),
            AnySolved::Family(puzzle, answers) => {
                let any = AnyPuzzle::Family(puzzle.clone());
                any.solution_rows(&AnySolution::Family(answers[k].clone())).serialize(serializer)
            }
        }
    }
}

/// Every solution: as rows of text ([`Rows`]), a ring's as the triangle
/// row of each sector.
struct All<'a>(&'a AnySolved);

impl Serialize for All<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let solved = self.0;
        if let AnySolved::Ring(_, solutions) = solved {
            return serializer.collect_seq(solutions.iter().map(|s| &s.triangles));
        }
        serializer.collect_seq((0..solved.count()).map(|index| Rows { solved, index }))
    }
}

/// Solves one puzzle (see [`AnyPuzzle::solve`]) up to the limit `options`
/// gives its kind.
pub fn solve_puzzle(puzzle: AnyPuzzle, options: &Options) -> Result<Found, PuzzleError> {
    let limit = options.limit(puzzle.kind());
    let (solved, stats) = puzzle.solve(limit, options.engine, options.sudoku)?;
    Ok(Found { solved, stats, limit })
}

/// One puzzle of a text, and what solving it came to.
#[derive(Debug)]
pub struct Solved {
    /// The line the puzzle is on (or starts on) in the text.
    pub line: usize,
    pub found: Result<Found, PuzzleError>,
}

/// The puzzles of a text, solved one at a time as the iterator is walked:
/// read at once (so that their number is known before the first is
/// solved), each solved only when its turn comes.
#[derive(Debug)]
pub struct Solving {
    puzzles: std::vec::IntoIter<(usize, AnyPuzzle)>,
    unreadable: Option<(usize, Unreadable)>,
    options: Options,
}

impl Solving {
    /// What of the text could not be read (once for the whole text; see
    /// [`import::parse_any`]): the line of the first bad puzzle, and why.
    pub fn unreadable(&self) -> Option<&(usize, Unreadable)> {
        self.unreadable.as_ref()
    }
}

impl Iterator for Solving {
    type Item = Solved;

    fn next(&mut self) -> Option<Solved> {
        let (line, puzzle) = self.puzzles.next()?;
        Some(Solved { line, found: solve_puzzle(puzzle, &self.options) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.puzzles.size_hint()
    }
}

impl ExactSizeIterator for Solving {}

/// The puzzles of `text`, read as `options` says (as `import` reads a file),
/// to be solved one by one (see [`Solving`]).
pub fn solve_text(text: &str, options: &Options) -> Solving {
    let parsed = import::parse_any(text, options.format, options.kind);
    Solving { puzzles: parsed.puzzles.into_iter(), unreadable: parsed.unreadable, options: *options }
}

#[cfg(test)]
mod tests;

/// The JSON line of a puzzle or file that could not be dealt with, in its
/// place among the records of `solve --json` and `grade --json`.
#[derive(Serialize)]
pub struct ErrorRecord<'a> {
    pub error: &'a str,
    pub file: &'a str,
    /// The puzzle's line; None for a whole file.
    pub line: Option<usize>,
}
