//! One puzzle's report, whatever its kind: its JSON line (the library's
//! record), or its verdict in words with its solutions drawn in text (each
//! kind's drawing by `aquarchive::render`); and its picture.

use aquarchive::archive::kinds;
use aquarchive::archive::solving::{AnySolved, Found, Mode};
use aquarchive::render;
use aquarchive::render::svg;

use super::job::{At, Job};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::report::{code, verdict};

/// Prints what was found for the puzzle at `at` and draws it; the exit code
/// it gives.
pub(super) fn print_found(job: &Job, at: &At, found: &Found) -> Result<ExitCode, CliError> {
    let mode = job.options.mode;
    if job.json {
        job.print_with(|out| {
            serde_json::to_writer(&mut *out, &found.record(at.file, at.line, mode)).expect("a record serializes");
            out.push(b'\n');
        })?;
    } else {
        job.print(&text(mode, at, found))?;
    }
    job.draw(at, || drawing(at, &found.solved))?;
    Ok(code(found.kind(), found.solved.count(), found.stats.exhausted))
}

/// The report in words: `PLACE: what the puzzle is: the verdict`, and the
/// solutions `mode` shows.
fn text(mode: Mode, at: &At, found: &Found) -> String {
    let verdict = verdict(found.solved.count(), &found.stats, found.limit);
    let place = at.place();
    match &found.solved {
        AnySolved::Aquarium(puzzle, waters) => {
            let size = kinds::size_text(found.kind(), puzzle.width() as i64, puzzle.height() as i64);
            let mut out = format!("{place}: {size}, {} tanks: {verdict}\n", puzzle.tank_count());
            out.push_str(&listed(mode, waters, |water| render::aquarium::framed(puzzle, water)));
            if mode == Mode::All && waters.is_empty() {
                out.push_str(&render::aquarium::framed(puzzle, None));
            }
            if mode != Mode::Count {
                out.push('\n');
            }
            out
        }
        AnySolved::Sudoku(puzzle, grids) => {
            let mut out = format!("{place}: {} givens: {verdict}\n", puzzle.givens());
            out.push_str(&listed(mode, grids, |grid| render::sudoku::framed(grid.unwrap_or(puzzle))));
            out
        }
        AnySolved::Calendar { variant, date, tilings } => {
            let mut out = format!("{place}: {date} on the {} board: {verdict}\n", variant.name());
            out.push_str(&listed(mode, tilings, |tiling| render::calendar::board(variant, tiling)));
            out
        }
        AnySolved::Family(puzzle, answers) => {
            let size = puzzle.size().map_or_else(|| "size unknown".to_string(), |s| s.to_string());
            let mut out = format!("{place}: {} {size}: {verdict}\n", puzzle.kind());
            let draw = |answer: Option<&String>| {
                render::family::framed(puzzle.kind(), puzzle.board(), puzzle.task(), answer.map(String::as_str))
            };
            out.push_str(&listed(mode, answers, draw));
            if mode == Mode::All && answers.is_empty() {
                out.push_str(&draw(None));
            }
            if let (Some(answer), true) = (answers.first(), mode != Mode::Count) {
                out.push_str(&format!("answer: {answer}\n"));
            }
            out
        }
        AnySolved::Ring(ring, solutions) => {
            let size = kinds::size_text(found.kind(), ring.sectors() as i64, ring.rows() as i64);
            let assignments: u64 = solutions.iter().map(|s| s.assignments).sum();
            let mut out = format!("{place}: {size}: {verdict}; {assignments} ball assignments\n");
            // Each solution shown under its triangles, even the first alone.
            let shown = match mode {
                Mode::Count => 0,
                Mode::First => 1,
                Mode::All => solutions.len(),
            };
            for (k, s) in solutions.iter().take(shown).enumerate() {
                let triangles: Vec<String> = s.triangles.iter().map(ToString::to_string).collect();
                out.push_str(&format!(
                    "solution {}: triangle rows by sector: {} ({} ball assignments)\n",
                    k + 1,
                    triangles.join(" "),
                    s.assignments
                ));
                out.push_str(&render::ring::board(ring, Some(s)));
            }
            if shown > 0 {
                out.push_str(&render::ring::legend());
            }
            if solutions.is_empty() && mode != Mode::Count {
                out.push_str(&render::ring::board(ring, None));
            }
            out
        }
    }
}

/// The solutions `mode` shows, each drawn by `draw`: none for a count, the
/// first (or the puzzle without one) alone, or every one under `solution N:`.
fn listed<S>(mode: Mode, solutions: &[S], draw: impl Fn(Option<&S>) -> String) -> String {
    match mode {
        Mode::Count => String::new(),
        Mode::First => draw(solutions.first()),
        Mode::All => {
            solutions.iter().enumerate().map(|(k, s)| format!("solution {}:\n{}", k + 1, draw(Some(s)))).collect()
        }
    }
}

/// The puzzle drawn as SVG with its first solution.
fn drawing(at: &At, solved: &AnySolved) -> String {
    match solved {
        AnySolved::Aquarium(puzzle, waters) => svg::aquarium::board(puzzle, waters.first(), &at.place().to_string()),
        AnySolved::Sudoku(puzzle, grids) => svg::sudoku::board(puzzle, grids.first(), &at.place().to_string()),
        AnySolved::Calendar { variant, date, tilings } => {
            svg::calendar::board(variant, tilings.first(), &format!("{date} on the {} board", variant.name()))
        }
        AnySolved::Ring(ring, solutions) => svg::ring::board(ring, solutions.first(), &at.place().to_string()),
        AnySolved::Family(puzzle, answers) => {
            let title = at.place().to_string();
            render::family::svg(puzzle.board(), answers.first().map(String::as_str), &title).unwrap_or_default()
        }
    }
}
