//! `aquarchive solve` of an Aquarium: validated, solved, proved unique (or
//! counted), and printed.

use serde_json::json;

use aquarchive::archive::kinds;
use aquarchive::kinds::Kind;
use aquarchive::kinds::aquarium::{self, Aquarium, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::job::{At, Job, Mode};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::report::{code, record, verdict};

pub(super) fn solve(job: &Job, at: &At, puzzle: &Aquarium) -> Result<ExitCode, CliError> {
    let report = match puzzle
        .validate()
        .and_then(|()| aquarium::solve(puzzle, job.limit(Kind::Aquarium) as usize, job.settings))
    {
        Ok(report) => report,
        Err(err) => return job.fault(at, &err),
    };
    let code = print_aquarium(job, at, puzzle, &report)?;
    job.draw(at, || svg::aquarium::board(puzzle, report.solutions.first(), &at.place().to_string()))?;
    Ok(code)
}

fn print_aquarium(job: &Job, at: &At, puzzle: &Aquarium, report: &SolveReport) -> Result<ExitCode, CliError> {
    let code = code(Kind::Aquarium, report.solutions.len(), report.stats.exhausted);
    if job.json {
        let mut record = record(at.file, Kind::Aquarium, report.solutions.len(), &report.stats);
        record["line"] = json!(at.line);
        record["width"] = json!(puzzle.width());
        record["height"] = json!(puzzle.height());
        record["tanks"] = json!(puzzle.tank_count());
        if let Some(first) = report.solutions.first() {
            record["solution"] = json!(first.to_rows());
        }
        if job.mode == Mode::All {
            record["all"] = json!(report.solutions.iter().map(|s| s.to_rows()).collect::<Vec<_>>());
        }
        job.print(&format!("{record}\n"))?;
        return Ok(code);
    }
    let mut out = format!(
        "{}: {}, {} tanks: {}\n",
        at.place(),
        kinds::size_text(Kind::Aquarium, puzzle.width() as i64, puzzle.height() as i64),
        puzzle.tank_count(),
        verdict(report.solutions.len(), &report.stats, job.limit(Kind::Aquarium))
    );
    match job.mode {
        Mode::Count => {}
        Mode::First => out.push_str(&render::aquarium::framed(puzzle, report.solutions.first())),
        Mode::All if report.solutions.is_empty() => out.push_str(&render::aquarium::framed(puzzle, None)),
        Mode::All => {
            for (k, water) in report.solutions.iter().enumerate() {
                out.push_str(&format!("solution {}:\n", k + 1));
                out.push_str(&render::aquarium::framed(puzzle, Some(water)));
            }
        }
    }
    if job.mode != Mode::Count {
        out.push('\n');
    }
    job.print(&out)?;
    Ok(code)
}
