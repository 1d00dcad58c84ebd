//! `aquarchive solve` of a calendar line (`standard Oct 6`): the date's
//! tilings, all of them by default (a date has several as a rule), found
//! by the bitboard search as `import` does.

use serde_json::json;

use aquarchive::kinds::Kind;
use aquarchive::kinds::calendar::{self, Date, Method, SolveReport, Variant};
use aquarchive::render;
use aquarchive::render::svg;

use super::job::{At, Job, Mode};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::report::{code, record, verdict};

pub(super) fn solve(job: &Job, at: &At, variant: &Variant, date: &Date) -> Result<ExitCode, CliError> {
    let limit = usize::try_from(job.limit(Kind::Calendar)).unwrap_or(usize::MAX);
    let report = match calendar::solve(variant, date, limit, Method::Bitboard) {
        Ok(report) => report,
        Err(err) => return job.fault(at, &err),
    };
    let code = print_one(job, at, variant, date, &report)?;
    let title = format!("{date} on the {} board", variant.name());
    job.draw(at, || svg::calendar::board(variant, report.solutions.first(), &title))?;
    Ok(code)
}

fn print_one(job: &Job, at: &At, variant: &Variant, date: &Date, report: &SolveReport) -> Result<ExitCode, CliError> {
    let code = code(Kind::Calendar, report.solutions.len(), report.stats.exhausted);
    if job.json {
        let mut record = record(at.file, Kind::Calendar, report.solutions.len(), &report.stats);
        record["line"] = json!(at.line);
        record["board"] = json!(variant.name());
        record["date"] = json!(date.to_string());
        if let Some(first) = report.solutions.first() {
            record["solution"] = json!(first.to_rows(variant));
        }
        if job.mode == Mode::All {
            record["all"] = json!(report.solutions.iter().map(|t| t.to_rows(variant)).collect::<Vec<_>>());
        }
        job.print(&format!("{record}\n"))?;
        return Ok(code);
    }
    let mut out = format!(
        "{}: {date} on the {} board: {}\n",
        at.place(),
        variant.name(),
        verdict(report.solutions.len(), &report.stats, job.limit(Kind::Calendar))
    );
    match job.mode {
        Mode::Count => {}
        Mode::First => out.push_str(&render::calendar::board(variant, report.solutions.first())),
        Mode::All => {
            for (k, t) in report.solutions.iter().enumerate() {
                out.push_str(&format!("solution {}:\n{}", k + 1, render::calendar::board(variant, Some(t))));
            }
        }
    }
    job.print(&out)?;
    Ok(code)
}
