//! `aquarchive solve` of a ring instance: solved to its sets of triangle
//! cells (each with one ball assignment), drawn.

use serde_json::json;

use aquarchive::archive::kinds;
use aquarchive::kinds::Kind;
use aquarchive::kinds::ring::{self, Ring, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::job::{At, Job, Mode};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::report::{code, record, verdict};

pub(super) fn solve(job: &Job, at: &At, ring: &Ring) -> Result<ExitCode, CliError> {
    let report = match ring::solve(ring, job.limit(Kind::Ring) as usize, job.settings) {
        Ok(report) => report,
        Err(err) => return job.fault(at, &err),
    };
    let code = print_one(job, at, ring, &report)?;
    job.draw(at, || svg::ring::board(ring, report.solutions.first(), &at.place().to_string()))?;
    Ok(code)
}

fn triangles(s: &ring::RingSolution) -> String {
    s.triangles.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn print_one(job: &Job, at: &At, ring: &Ring, report: &SolveReport) -> Result<ExitCode, CliError> {
    let code = code(Kind::Ring, report.solutions.len(), report.stats.exhausted);
    let assignments: u64 = report.solutions.iter().map(|s| s.assignments).sum();
    if job.json {
        let mut record = record(at.file, Kind::Ring, report.solutions.len(), &report.stats);
        record["rows"] = json!(ring.rows());
        record["sectors"] = json!(ring.sectors());
        record["assignments"] = json!(assignments);
        if let Some(first) = report.solutions.first() {
            record["solution"] = json!(first.to_rows(ring.rows()));
            record["triangles"] = json!(first.triangles);
        }
        if job.mode == Mode::All {
            record["all"] = json!(report.solutions.iter().map(|s| &s.triangles).collect::<Vec<_>>());
        }
        job.print(&format!("{record}\n"))?;
        return Ok(code);
    }
    let mut out = format!(
        "{}: {}: {}; {assignments} ball assignments\n",
        at.place(),
        kinds::size_text(Kind::Ring, ring.sectors() as i64, ring.rows() as i64),
        verdict(report.solutions.len(), &report.stats, job.limit(Kind::Ring))
    );
    let shown = match job.mode {
        Mode::Count => 0,
        Mode::First => 1,
        Mode::All => report.solutions.len(),
    };
    for (k, s) in report.solutions.iter().take(shown).enumerate() {
        out.push_str(&format!(
            "solution {}: triangle rows by sector: {} ({} ball assignments)\n",
            k + 1,
            triangles(s),
            s.assignments
        ));
        out.push_str(&render::ring::board(ring, Some(s)));
    }
    if shown > 0 {
        out.push_str(&render::ring::legend());
    }
    if report.solutions.is_empty() && job.mode != Mode::Count {
        out.push_str(&render::ring::board(ring, None));
    }
    job.print(&out)?;
    Ok(code)
}
