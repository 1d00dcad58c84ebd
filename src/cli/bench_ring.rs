//! `aquarchive bench ring`: all solutions of an instance, by each of the
//! engine's searches.

use std::time::{Duration, Instant};

use aquarchive::kinds::ring::{self, Ring};

use super::args::RingBenchArgs;
use super::output::{print, read_input};
use super::searches::SEARCHES;
use super::table::render;
use super::{CliError, ExitCode};

pub fn run(args: RingBenchArgs) -> Result<ExitCode, CliError> {
    let ring = Ring::parse(&read_input(&args.file)?).map_err(|e| CliError::Message(format!("{}: {e}", args.file)))?;
    let mut rows =
        vec![["search", "best ms", "solutions", "assignments", "nodes", "probes"].map(String::from).to_vec()];
    for (name, settings) in SEARCHES {
        let mut best = Duration::MAX;
        let mut last = None;
        for _ in 0..args.runs.max(1) {
            let start = Instant::now();
            let report = ring::solve(&ring, usize::MAX, settings).map_err(|e| CliError::Message(e.to_string()))?;
            best = best.min(start.elapsed());
            last = Some(report);
        }
        let report = last.expect("at least one run");
        let assignments: u64 = report.solutions.iter().map(|s| s.assignments).sum();
        rows.push(vec![
            name.to_string(),
            format!("{:.3}", best.as_secs_f64() * 1e3),
            report.solutions.len().to_string(),
            assignments.to_string(),
            report.stats.nodes.to_string(),
            report.stats.probes.to_string(),
        ]);
    }
    let title = format!("Ring puzzle {}: all solutions (encoding included), best of {} runs:", args.file, args.runs);
    print(&render(&title, &rows))?;
    Ok(ExitCode::Ok)
}
