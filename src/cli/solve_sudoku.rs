//! `aquarchive solve` of a Sudoku: solved, proved unique (or counted), and
//! printed.

use std::fmt::Write;

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
        job.print(&json_line(job.mode, at, puzzle, report))?;
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
/// [`super::job::record`]) and a Sudoku's own, in the order that record's
/// map writes them (by name). Written straight into text: building a
/// `serde_json::Value` map for each puzzle would cost more than solving
/// most of them, and only the file name needs escaping.
fn json_line(mode: Mode, at: &At, puzzle: &Grid, report: &SolveReport) -> String {
    let (n, stats) = (report.solutions.len(), &report.stats);
    let mut out = String::with_capacity(400);
    out.push('{');
    if mode == Mode::All {
        out.push_str("\"all\":[");
        for (k, grid) in report.solutions.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            push_rows(&mut out, grid);
        }
        out.push_str("],");
    }
    let file = serde_json::to_string(at.file).expect("a string serializes");
    write!(
        out,
        "\"exhausted\":{},\"file\":{file},\"givens\":{},\"kind\":\"{}\",\"line\":{},\"micros\":{},\"nodes\":{},\"probes\":{},\"puzzle\":\"",
        stats.exhausted,
        puzzle.givens(),
        Kind::Sudoku.name(),
        at.line,
        stats.elapsed.as_micros(),
        stats.nodes,
        stats.probes
    )
    .expect("writing to a String");
    push_cells(&mut out, puzzle.cells());
    out.push('"');
    if let Some(first) = report.solutions.first() {
        out.push_str(",\"solution\":");
        push_rows(&mut out, first);
    }
    writeln!(out, ",\"solutions\":{n},\"unique\":{}}}", n == 1 && stats.exhausted).expect("writing to a String");
    out
}

/// Cells as characters, `.` for a blank.
fn push_cells(out: &mut String, cells: &[u8]) {
    out.extend(cells.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }));
}

/// A grid's nine rows ([`Grid::to_rows`]) as a JSON array of strings.
fn push_rows(out: &mut String, grid: &Grid) {
    out.push('[');
    for (r, row) in grid.cells().chunks(9).enumerate() {
        if r > 0 {
            out.push(',');
        }
        out.push('"');
        push_cells(out, row);
        out.push('"');
    }
    out.push(']');
}
