//! `aquarchive solve` of a Sudoku: solved, proved unique (or counted), and
//! printed.

use serde_json::json;

use aquarchive::kinds::Kind;
use aquarchive::kinds::sudoku::{self, Grid, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::error::CliError;
use super::exit::ExitCode;
use super::job::{At, Job, Mode, code, record, verdict};

pub(super) fn solve(job: &Job, at: &At, puzzle: &Grid) -> Result<ExitCode, CliError> {
    let solved = puzzle.validate().and_then(|()| sudoku::solve(puzzle, job.limit(Kind::Sudoku) as usize, job.settings));
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
        let mut record = record(at.file, Kind::Sudoku, report.solutions.len(), &report.stats);
        record["line"] = json!(at.line);
        record["puzzle"] = json!(puzzle.to_string());
        record["givens"] = json!(puzzle.givens());
        if let Some(first) = report.solutions.first() {
            record["solution"] = json!(first.to_rows());
        }
        if job.mode == Mode::All {
            record["all"] = json!(report.solutions.iter().map(Grid::to_rows).collect::<Vec<_>>());
        }
        job.print(&format!("{record}\n"))?;
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
