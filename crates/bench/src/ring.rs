//! `aquarchive-bench ring`: all solutions of an instance, by each of the
//! engine's searches.

use std::time::{Duration, Instant};

use aquarchive::kinds::ring::{self, Ring};

use crate::args::{RingBenchArgs, relative_to_repository};
use crate::error::BenchError;
use crate::output::{print, read_input};
use crate::searches::SEARCHES;
use crate::table::render;

pub fn run(args: RingBenchArgs) -> Result<(), BenchError> {
    let ring = Ring::parse(&read_input(&args.file)?).map_err(|e| BenchError::Message(format!("{}: {e}", args.file)))?;
    let mut rows =
        vec![["search", "best ms", "solutions", "assignments", "nodes", "probes"].map(String::from).to_vec()];
    for (name, settings) in SEARCHES {
        let mut best = Duration::MAX;
        let mut last = None;
        for _ in 0..args.runs.max(1) {
            let start = Instant::now();
            let report = ring::solve(&ring, usize::MAX, settings).map_err(|e| BenchError::Message(e.to_string()))?;
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
    let title = format!(
        "Ring puzzle {}: all solutions (encoding included), best of {} runs:",
        relative_to_repository(&args.file),
        args.runs
    );
    print(&render(&title, &rows))?;
    Ok(())
}
