//! One puzzle's report, whatever its kind: its JSON line (the library's
//! record), or its verdict in words with its solutions drawn in text (each
//! kind's drawing by `aquarchive::archive::picture`); and its picture.

use aquarchive::archive::picture;
use aquarchive::archive::solving::{AnySolved, Found, Mode};

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
    picture::solved_text(&found.solved, mode, &at.place().to_string(), &verdict)
}

/// The puzzle drawn as SVG with its first solution.
fn drawing(at: &At, solved: &AnySolved) -> String {
    picture::solved_svg(solved, &at.place().to_string())
}
