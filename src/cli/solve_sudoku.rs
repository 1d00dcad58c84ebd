//! `aquarchive solve` of a Sudoku: solved, proved unique (or counted), and
//! printed.

use aquarchive::kinds::Kind;
use aquarchive::kinds::sudoku::{self, CELLS, Grid, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::error::CliError;
use super::exit::ExitCode;
use super::job::{At, Job, Mode, code, verdict};

pub(super) fn solve(job: &Job, at: &At, puzzle: &Grid) -> Result<ExitCode, CliError> {
    // Clashing givens have no solution: only a puzzle without one is
    // checked for a clash, to name it (one pass over the grid fewer for
    // every other puzzle).
    let solved = sudoku::solve(puzzle, job.limit(Kind::Sudoku) as usize, job.sudoku).and_then(|report| {
        if report.solutions.is_empty() {
            puzzle.validate()?;
        }
        Ok(report)
    });
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
/// `serde_json::Value` map, or going through `format!`, for each puzzle
/// would cost more than solving most of them, and only the file name needs
/// escaping.
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
    out.push_str("\"exhausted\":");
    out.push_str(if stats.exhausted { "true" } else { "false" });
    out.push_str(",\"file\":");
    push_string(&mut out, at.file);
    out.push_str(",\"givens\":");
    push_number(&mut out, puzzle.givens() as u64);
    out.push_str(",\"kind\":\"");
    out.push_str(Kind::Sudoku.name());
    out.push_str("\",\"line\":");
    push_number(&mut out, at.line as u64);
    out.push_str(",\"micros\":");
    push_number(&mut out, stats.elapsed.as_micros() as u64);
    out.push_str(",\"nodes\":");
    push_number(&mut out, stats.nodes);
    out.push_str(",\"probes\":");
    push_number(&mut out, stats.probes);
    out.push_str(",\"puzzle\":\"");
    push_cells(&mut out, puzzle.cells());
    out.push('"');
    if let Some(first) = report.solutions.first() {
        out.push_str(",\"solution\":");
        push_rows(&mut out, first);
    }
    out.push_str(",\"solutions\":");
    push_number(&mut out, n as u64);
    out.push_str(",\"unique\":");
    out.push_str(if n == 1 && stats.exhausted { "true}\n" } else { "false}\n" });
    out
}

/// A JSON string: as it is when nothing in it needs escaping (a file name,
/// nearly always), else as `serde_json` writes it.
fn push_string(out: &mut String, text: &str) {
    if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\' && b < 0x7f) {
        out.push('"');
        out.push_str(text);
        out.push('"');
    } else {
        out.push_str(&serde_json::to_string(text).expect("a string serializes"));
    }
}

/// A number in decimal.
fn push_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[at..]).expect("digits are ASCII"));
}

/// A grid's cells as characters, `.` for a blank, in one piece of text
/// (pushed whole, not character by character).
fn cells_text<'a>(cells: &[u8; CELLS], text: &'a mut [u8; CELLS]) -> &'a str {
    for (t, &d) in text.iter_mut().zip(cells) {
        *t = if d == 0 { b'.' } else { b'0' + d };
    }
    std::str::from_utf8(text).expect("digits and dots are ASCII")
}

/// Cells as characters, `.` for a blank.
fn push_cells(out: &mut String, cells: &[u8; CELLS]) {
    out.push_str(cells_text(cells, &mut [0; CELLS]));
}

/// A grid's nine rows ([`Grid::to_rows`]) as a JSON array of strings.
fn push_rows(out: &mut String, grid: &Grid) {
    let mut text = [0; CELLS];
    let text = cells_text(grid.cells(), &mut text);
    out.push('[');
    for r in 0..9 {
        if r > 0 {
            out.push(',');
        }
        out.push('"');
        out.push_str(&text[9 * r..9 * r + 9]);
        out.push('"');
    }
    out.push(']');
}
