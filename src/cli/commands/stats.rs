//! `aquarchive stats`: what the archive holds.

use aquarchive::archive::Access;
use aquarchive::archive::Kind;
use aquarchive::archive::{grade, stats};
use aquarchive::render::count_of;
use aquarchive::shared::time_text;

use crate::cli::args::{GlobalArgs, StatsArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;
use crate::cli::table;

pub fn run(args: StatsArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let stats = stats::stats(&store)?;
    if args.json {
        print(&format!("{}\n", serde_json::to_string(&stats).expect("stats serialize")))?;
        return Ok(ExitCode::Ok);
    }
    let title = format!("{}: {}", stats.database, count_of(stats.puzzles, "puzzle", "puzzles"));
    let mut out = table::render(&title, &stats.count_rows());
    let mut rows = vec![["class", "solved", "median µs", "p90 µs", "p99 µs", "max µs"].map(String::from).to_vec()];
    for t in &stats.times {
        rows.push(vec![
            t.class.clone(),
            t.solved.to_string(),
            micros(t.median),
            micros(t.p90),
            micros(t.p99),
            micros(t.max),
        ]);
    }
    out.push('\n');
    out.push_str(&table::render("Solve and prove unique, latest solution of each puzzle:", &rows));
    for kind in Kind::ALL.into_iter().filter(|&kind| grade::graded(kind)) {
        let grades = stats.grade_rows(kind);
        if !grades.is_empty() {
            let title = format!("{kind} puzzles by grade, by class:");
            out.push('\n');
            out.push_str(&table::render(&title, &grades));
        }
    }
    let played = stats.progress_rows();
    if !played.is_empty() {
        out.push('\n');
        out.push_str(&table::render("Played in the HTML archive (progress imported from its pages):", &played));
    }
    let checks = &stats.hash_checks;
    if checks.r#match + checks.mismatch > 0 {
        out.push_str(&format!(
            "\nThe site's answer check of Aquarium puzzles: confirmed by the site's hash: {}, hash does not match: {}, \
             no hash: {}\n",
            checks.r#match, checks.mismatch, checks.absent
        ));
    }
    let f = &stats.fetches;
    out.push('\n');
    if f.fetches == 0 {
        out.push_str("Fetches: none logged\n");
    } else {
        out.push_str(&format!(
            "Fetches: {} ({} failed, {} rejected); last at {}",
            f.fetches,
            f.failed,
            f.rejected,
            f.last.map_or_else(|| "-".to_string(), time_text)
        ));
        if let Some(failed) = f.last_failed {
            out.push_str(&format!(", last failed or rejected at {}", time_text(failed)));
        }
        if f.retries > 0 {
            out.push_str(&format!("; {} retried", count_of(f.retries, "request", "requests")));
            if f.busy > 0 {
                out.push_str(&format!(", {} asked to slow down", count_of(f.busy, "answer", "answers")));
            }
        }
        out.push_str(" (see `aquarchive log`)\n");
    }
    print(&out)?;
    Ok(ExitCode::Ok)
}

/// Times are kept in whole microseconds: a solve under one shows as such,
/// not as a time of nothing.
fn micros(us: u64) -> String {
    if us == 0 { "<1".to_string() } else { us.to_string() }
}
