//! `aquarchive-bench calendar`: one tiling for every combination, and every
//! tiling of every combination, on both built-in boards and per solver. The
//! engine is too slow to do all of it, so it does a sample and the table
//! gives its time per item times the whole count, marked as an estimate.

use std::time::Instant;

use aquarchive::kinds::calendar::{self, Method, Variant};

use crate::args::CalendarBenchArgs;
use crate::error::BenchError;
use crate::output::print;
use crate::searches::SEARCHES;
use crate::table::{render, thousands};

/// Nanoseconds the threads of this process have run on a CPU (Linux), so
/// that tables on a shared, loaded machine can show work done beside wall
/// time. The parallel pool's threads live on between runs, so a difference
/// of two readings is the work done between them.
fn cpu_ns() -> Option<u64> {
    let mut total = 0;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        total += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(total)
}

/// Wall seconds, and CPU seconds when the system tells them.
fn timed<T>(work: impl FnOnce() -> Result<T, BenchError>) -> Result<(T, String), BenchError> {
    let (start, cpu) = (Instant::now(), cpu_ns());
    let out = work()?;
    let wall = start.elapsed().as_secs_f64();
    let shown = match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => format!("{wall:.3} (CPU {:.3})", (b - a) as f64 / 1e9),
        _ => format!("{wall:.3}"),
    };
    Ok((out, shown))
}

fn err(e: impl std::fmt::Display) -> BenchError {
    BenchError::Message(e.to_string())
}

/// Seconds to find one verified tiling of each of the first `take`
/// combinations, and how many that was.
fn one_each(variant: &Variant, method: Method, take: usize) -> Result<(f64, usize), BenchError> {
    let start = Instant::now();
    let dates: Vec<_> = variant.combinations().into_iter().take(take).collect();
    for &date in &dates {
        let report = calendar::solve(variant, &date, 1, method).map_err(err)?;
        if report.solutions.is_empty() {
            return Err(err(format!("{date}: no tiling")));
        }
    }
    Ok((start.elapsed().as_secs_f64(), dates.len()))
}

/// "0.123" when all `n` were done, "45.6 (est. from 20)" when a sample was.
fn estimate((secs, done): (f64, usize), n: usize) -> String {
    if done == n {
        format!("{secs:.3}")
    } else {
        format!("{:.1} (est. from {done})", secs / done.max(1) as f64 * n as f64)
    }
}

pub fn run(args: CalendarBenchArgs) -> Result<(), BenchError> {
    // The engine runs counters on the calendar (plain exact cover);
    // Dancing Links and the multi-cover search beside it for comparison.
    let (counters, links, multi) = (SEARCHES[0], SEARCHES[1], SEARCHES[4]);
    let mut first = vec![vec![
        "board".to_string(),
        "combinations".to_string(),
        "bitboard s (CPU s)".to_string(),
        "bitboard, every core s (CPU s)".to_string(),
        format!("engine, {} s", counters.0),
        format!("engine, {} s", links.0),
        format!("engine, {} s", multi.0),
    ]];
    let mut all = vec![vec![
        "board".to_string(),
        "tilings".to_string(),
        "bitboard, one search, checked s (CPU s)".to_string(),
        format!("engine, {} s", counters.0),
        format!("engine, {} s", links.0),
    ]];
    for name in &args.boards {
        let variant = Variant::built_in(name).ok_or_else(|| err("no built-in board"))?;
        let n = variant.combinations().len();
        let (_, bitboard_first) = timed(|| one_each(&variant, Method::Bitboard, n))?;
        let (firsts, parallel) = timed(|| calendar::first_of_every_date(&variant, Method::Bitboard).map_err(err))?;
        if let Some((date, _)) = firsts.iter().find(|(_, tiling)| tiling.is_none()) {
            return Err(err(format!("{name} {date}: no tiling")));
        }
        first.push(vec![
            name.to_string(),
            n.to_string(),
            bitboard_first,
            parallel,
            estimate(one_each(&variant, Method::Engine(counters.1), args.engine_first)?, n),
            estimate(one_each(&variant, Method::Engine(links.1), args.engine_first)?, n),
            estimate(one_each(&variant, Method::Engine(multi.1), args.engine_first)?, n),
        ]);

        let (counts, checked) = timed(|| calendar::count_every_date(&variant, Method::Bitboard).map_err(err))?;
        let total: u64 = counts.iter().map(|c| c.1).sum();
        // The engine counts the first few combinations; its time per tiling
        // there, times all tilings, estimates the whole.
        let mut row = vec![name.to_string(), thousands(total), checked];
        for search in [counters, links] {
            let start = Instant::now();
            let mut engine_tilings = 0;
            for (date, expected) in counts.iter().take(args.engine_sample) {
                let got = calendar::count(&variant, date, Method::Engine(search.1)).solutions;
                if got != *expected {
                    return Err(err(format!(
                        "{name} {date}: the engine ({}) counts {got}, the bitboard {expected}",
                        search.0
                    )));
                }
                engine_tilings += got;
            }
            let engine_s = start.elapsed().as_secs_f64();
            row.push(if engine_tilings == 0 {
                "-".to_string()
            } else {
                format!(
                    "{:.0} (est. from {} tilings)",
                    engine_s / engine_tilings as f64 * total as f64,
                    thousands(engine_tilings)
                )
            });
        }
        all.push(row);
    }
    let mut out = render(
        "Calendar, one tiling (verified) for every month/day(/weekday) combination, one thread unless said:",
        &first,
    );
    out.push('\n');
    out.push_str(&render(
        "Calendar, every tiling of every combination, one thread, each tiling checked by the verifier:",
        &all,
    ));
    print(&out)?;
    Ok(())
}
