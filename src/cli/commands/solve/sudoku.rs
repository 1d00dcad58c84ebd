//! `aquarchive solve` of a Sudoku: solved, proved unique (or counted), and
//! printed.

use aquarchive::kinds::Kind;
use aquarchive::kinds::sudoku::{self, CELLS, Grid, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::job::{At, Job, Mode};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::report::{code, verdict};

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
    job.draw(at, || svg::sudoku::board(puzzle, report.solutions.first(), &at.place().to_string()))?;
    Ok(code)
}

fn print_one(job: &Job, at: &At, puzzle: &Grid, report: &SolveReport) -> Result<ExitCode, CliError> {
    let code = code(Kind::Sudoku, report.solutions.len(), report.stats.exhausted);
    if job.json {
        job.print_with(|out| json_line(out, job.mode, at, puzzle, report))?;
        return Ok(code);
    }
    let mut out = format!(
        "{}: {} givens: {}\n",
        at.place(),
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
/// [`crate::cli::report::record`]) and a Sudoku's own, in the order that record's
/// map writes them (by name). Written straight into the text kept for
/// output: building a `serde_json::Value` map, or going through `format!`,
/// for each puzzle would cost more than solving most of them, and only the
/// file name needs escaping.
fn json_line(out: &mut String, mode: Mode, at: &At, puzzle: &Grid, report: &SolveReport) {
    let (n, stats) = (report.solutions.len(), &report.stats);
    out.push('{');
    if mode == Mode::All {
        out.push_str("\"all\":[");
        for (k, grid) in report.solutions.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            push_rows(out, grid);
        }
        out.push_str("],");
    }
    out.push_str(if stats.exhausted { "\"exhausted\":true,\"file\":" } else { "\"exhausted\":false,\"file\":" });
    push_string(out, at.file);
    out.push_str(",\"givens\":");
    push_number(out, puzzle.givens() as u64);
    out.push_str(",\"kind\":\"");
    out.push_str(Kind::Sudoku.name());
    out.push_str("\",\"line\":");
    push_number(out, at.line as u64);
    out.push_str(",\"micros\":");
    push_number(out, stats.elapsed.as_micros() as u64);
    out.push_str(",\"nodes\":");
    push_number(out, stats.nodes);
    out.push_str(",\"probes\":");
    push_number(out, stats.probes);
    out.push_str(",\"puzzle\":");
    push_cells(out, puzzle.cells());
    if let Some(first) = report.solutions.first() {
        out.push_str(",\"solution\":");
        push_rows(out, first);
    }
    out.push_str(",\"solutions\":");
    push_number(out, n as u64);
    out.push_str(if n == 1 && stats.exhausted { ",\"unique\":true}\n" } else { ",\"unique\":false}\n" });
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

/// A number in decimal (most are a single digit: nodes, probes, givens,
/// solutions).
fn push_number(out: &mut String, mut n: u64) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
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

/// A cell as a character, `.` for a blank.
fn cell_byte(d: u8) -> u8 {
    if d == 0 { b'.' } else { b'0' + d }
}

/// Cells as one JSON string, `.` for a blank: built whole and pushed in
/// one piece, not character by character.
fn push_cells(out: &mut String, cells: &[u8; CELLS]) {
    let mut text = [b'"'; CELLS + 2];
    for (t, &d) in text[1..=CELLS].iter_mut().zip(cells) {
        *t = cell_byte(d);
    }
    out.push_str(std::str::from_utf8(&text).expect("digits and dots are ASCII"));
}

/// The length of [`push_rows`]' text: brackets, and nine quoted rows of
/// nine between eight commas.
const ROWS_TEXT: usize = 2 + 9 * 11 + 8;

/// A grid's nine rows ([`Grid::to_rows`]) as a JSON array of strings, built
/// whole in place and pushed in one piece.
fn push_rows(out: &mut String, grid: &Grid) {
    let mut text = [b','; ROWS_TEXT];
    text[0] = b'[';
    text[ROWS_TEXT - 1] = b']';
    for (row, cells) in text[1..].chunks_exact_mut(12).zip(grid.cells().chunks_exact(9)) {
        row[0] = b'"';
        row[10] = b'"';
        for (t, &d) in row[1..10].iter_mut().zip(cells) {
            *t = cell_byte(d);
        }
    }
    out.push_str(std::str::from_utf8(&text).expect("digits, dots and punctuation are ASCII"));
}
