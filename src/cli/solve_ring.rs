//! `aquarchive solve --kind ring`: one instance per file, solved to its
//! sets of triangle cells (each with one ball assignment), drawn.

use serde_json::json;

use aquarchive::kinds::ring::{self, Ring, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::args::SolveArgs;
use super::output::{print, read_input};
use super::picture::Pictures;
use super::solve::{Job, Mode, record, report_error, verdict};
use super::{CliError, ExitCode};

pub fn run(args: &SolveArgs, job: &Job) -> Result<ExitCode, CliError> {
    let pictures = Pictures::new(args.svg.clone(), args.png.clone());
    let numbered = args.files.len() > 1;
    let mut code = ExitCode::Ok;
    for (n, file) in args.files.iter().enumerate() {
        let outcome = read_input(file).and_then(|text| {
            let ring = Ring::parse(&text).map_err(|e| CliError::Message(format!("{file}: {e}")))?;
            let report = ring::solve(&ring, job.limit as usize, job.settings)
                .map_err(|e| CliError::Message(format!("{file}: {e}")))?;
            Ok((ring, report))
        });
        match outcome {
            Ok((ring, report)) => {
                code = code.worst(print_one(job, file, &ring, &report)?);
                if pictures.wanted() {
                    let drawing = svg::ring::board(&ring, report.solutions.first(), file);
                    pictures.write(&drawing, numbered.then_some(n + 1))?;
                }
            }
            Err(err) => {
                report_error(job, file, None, &err.to_string())?;
                code = ExitCode::Error;
            }
        }
    }
    Ok(code)
}

fn triangles(s: &ring::RingSolution) -> String {
    s.triangles.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn print_one(job: &Job, file: &str, ring: &Ring, report: &SolveReport) -> Result<ExitCode, CliError> {
    let code = if report.is_unique() { ExitCode::Ok } else { ExitCode::NotUnique };
    let assignments: u64 = report.solutions.iter().map(|s| s.assignments).sum();
    if job.json {
        let mut record = record(file, "ring", report.solutions.len(), &report.stats);
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
        print(&format!("{record}\n"))?;
        return Ok(code);
    }
    let mut out = format!(
        "{file}: {} rows x {} sectors: {}; {assignments} ball assignments\n",
        ring.rows(),
        ring.sectors(),
        verdict(report.solutions.len(), &report.stats, job.limit)
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
        out.push_str("[ ] triangle; g b r: the ball starting there; o stays, ^ v inwards/outwards, < > around (red: two cells)\n");
    }
    if report.solutions.is_empty() && job.mode != Mode::Count {
        out.push_str(&render::ring::board(ring, None));
    }
    print(&out)?;
    Ok(code)
}
