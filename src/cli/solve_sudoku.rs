//! `aquarchive solve` of a Sudoku: solved, proved unique (or counted), and
//! printed.

use serde::Serialize;
use serde::ser::Serializer;

use aquarchive::kinds::Kind;
use aquarchive::kinds::sudoku::{self, Grid, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::error::CliError;
use super::exit::ExitCode;
use super::job::{At, Job, Mode, code, verdict};

pub(super) fn solve(job: &Job, at: &At, puzzle: &Grid) -> Result<ExitCode, CliError> {
    let solved = puzzle.validate().and_then(|()| sudoku::solve(puzzle, job.limit(Kind::Sudoku) as usize, job.sudoku));
    let report = match solved {
        Ok(report) => report,
        Err(err) => return job.fault(at, &err),
    };
    let code = print_one(job, at, puzzle, &report)?;
    job.draw(at, || svg::sudoku::board(puzzle, report.solutions.first(), &at.place))?;
    Ok(code)
}

fn print_one(job: &Job, at: &At, puzzle: &Grid, report: &SolveReport) -> Result<ExitCode, CliError> {
    let code = code(Kind::Sudoku, report.solutions.len(), report.stats.exhausted);
    if job.json {
        let n = report.solutions.len();
        let record = Record {
            all: (job.mode == Mode::All).then(|| report.solutions.iter().map(Rows).collect()),
            exhausted: report.stats.exhausted,
            file: at.file,
            givens: puzzle.givens(),
            kind: Kind::Sudoku.name(),
            line: at.line,
            micros: report.stats.elapsed.as_micros() as u64,
            nodes: report.stats.nodes,
            probes: report.stats.probes,
            puzzle: Line(puzzle),
            solution: report.solutions.first().map(Rows),
            solutions: n,
            unique: n == 1 && report.stats.exhausted,
        };
        let mut line = serde_json::to_string(&record).map_err(|e| CliError::Message(e.to_string()))?;
        line.push('\n');
        job.print(&line)?;
        return Ok(code);
    }
    let mut out = format!(
        "{}: {} givens: {}\n",
        at.place,
        puzzle.givens(),
        verdict(report.solutions.len(), &report.stats, job.limit(Kind::Sudoku))
    );
    match job.mode {
        Mode::Count => {}
        Mode::First => out.push_str(&render::sudoku::framed(report.solutions.first().unwrap_or(puzzle))),
        Mode::All => {
            for (k, grid) in report.solutions.iter().enumerate() {
                out.push_str(&format!("solution {}:\n{}", k + 1, render::sudoku::framed(grid)));
            }
        }
    }
    job.print(&out)?;
    Ok(code)
}

/// A puzzle's JSON line: the fields every kind's record has (see
/// [`super::job::record`]) and a Sudoku's own, serialized straight from
/// the values. Building a `serde_json::Value` map for each puzzle would
/// cost more than solving most of them. The fields in the order the map
/// writes them, by name.
#[derive(Serialize)]
struct Record<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    all: Option<Vec<Rows<'a>>>,
    exhausted: bool,
    file: &'a str,
    givens: usize,
    kind: &'static str,
    line: usize,
    micros: u64,
    nodes: u64,
    probes: u64,
    puzzle: Line<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Rows<'a>>,
    solutions: usize,
    unique: bool,
}

/// The 81-character line of a grid, as a JSON string.
struct Line<'a>(&'a Grid);

/// A grid's nine rows of nine characters ([`Grid::to_rows`]), as a JSON
/// array of strings.
struct Rows<'a>(&'a Grid);

/// The grid's cells as characters, `.` for a blank.
fn chars(grid: &Grid) -> [u8; 81] {
    grid.cells().map(|d| if d == 0 { b'.' } else { b'0' + d })
}

impl Serialize for Line<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let chars = chars(self.0);
        serializer.serialize_str(std::str::from_utf8(&chars).expect("digits and dots are ASCII"))
    }
}

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let chars = chars(self.0);
        serializer.collect_seq(chars.chunks(9).map(|row| std::str::from_utf8(row).expect("digits and dots are ASCII")))
    }
}
