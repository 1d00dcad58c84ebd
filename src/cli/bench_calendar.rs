//! `aquarchive bench calendar`: one tiling for every combination, and every
//! tiling of every combination, on both built-in boards and per solver. The
//! engine is too slow to count everything, so it counts a sample and the
//! table says so.

use std::time::Instant;

use rayon::prelude::*;

use aquarchive::engine::{Probing, Settings};
use aquarchive::kinds::calendar::{self, Method, Variant};

use super::args::CalendarBenchArgs;
use super::calendar::count_every_date;
use super::output::print;
use super::progress::Progress;
use super::table::{render, thousands};
use super::{CliError, ExitCode};

fn err(e: impl std::fmt::Display) -> CliError {
    CliError::Message(e.to_string())
}

/// Seconds to find one verified tiling of every combination, one thread.
fn one_each(variant: &Variant, method: Method) -> Result<f64, CliError> {
    let start = Instant::now();
    for date in variant.combinations() {
        let report = calendar::solve(variant, &date, 1, method).map_err(err)?;
        if report.solutions.is_empty() {
            return Err(err(format!("{date}: no tiling")));
        }
    }
    Ok(start.elapsed().as_secs_f64())
}

pub fn run(args: CalendarBenchArgs) -> Result<ExitCode, CliError> {
    let engine_off = Method::Engine(Settings { probing: Probing::Off });
    let mut first = vec![["board", "combinations", "bitboard s", "engine (off) s", "engine (fixpoint) s"].map(String::from).to_vec()];
    let mut all = vec![
        ["board", "tilings", "bitboard, checked, 2 threads s", "bitboard, unchecked, 1 thread s", "engine (off): sample", "engine µs a tiling", "engine est. total s"]
            .map(String::from)
            .to_vec(),
    ];
    for name in ["weekday", "standard"] {
        let variant = Variant::built_in(name).ok_or_else(|| err("no built-in board"))?;
        let n = variant.combinations().len();
        first.push(vec![
            name.to_string(),
            n.to_string(),
            format!("{:.3}", one_each(&variant, Method::Bitboard)?),
            format!("{:.3}", one_each(&variant, engine_off)?),
            format!("{:.3}", one_each(&variant, Method::Engine(Settings::default()))?),
        ]);

        let start = Instant::now();
        let counts = count_every_date(&variant, Method::Bitboard, &Progress::new(0, ""))?;
        let checked = start.elapsed().as_secs_f64();
        let total: u64 = counts.iter().map(|c| c.1).sum();
        let start = Instant::now();
        let unchecked: u64 = variant.combinations().iter().map(|d| calendar::count(&variant, d, Method::Bitboard).solutions).sum();
        let unchecked_s = start.elapsed().as_secs_f64();
        if unchecked != total {
            return Err(err(format!("{name}: checked count {total} but unchecked {unchecked}")));
        }
        // The engine on the first few combinations, one thread each.
        let sample: Vec<_> = variant.combinations().into_iter().take(args.engine_sample).collect();
        let start = Instant::now();
        let engine_tilings: u64 = sample.par_iter().map(|d| calendar::count(&variant, d, engine_off).solutions).sum();
        let engine_s = start.elapsed().as_secs_f64() * rayon::current_num_threads().min(sample.len().max(1)) as f64;
        let sample_total: u64 = counts.iter().take(sample.len()).map(|c| c.1).sum();
        if engine_tilings != sample_total {
            return Err(err(format!("{name}: the engine counts {engine_tilings} on the sample, the bitboard {sample_total}")));
        }
        let per = if engine_tilings > 0 { engine_s / engine_tilings as f64 } else { 0.0 };
        all.push(vec![
            name.to_string(),
            thousands(total),
            format!("{checked:.2}"),
            format!("{unchecked_s:.2}"),
            format!("{} dates, {} tilings", sample.len(), thousands(engine_tilings)),
            format!("{:.0}", per * 1e6),
            format!("{:.0}", per * total as f64),
        ]);
    }
    let mut out = render("Calendar, one tiling (verified) for every month/day(/weekday) combination, one thread:", &first);
    out.push('\n');
    out.push_str(&render("Calendar, every tiling of every combination:", &all));
    out.push_str("engine est. total: its time per tiling on the sample (single-thread time) times all tilings\n");
    print(&out)?;
    Ok(ExitCode::Ok)
}
