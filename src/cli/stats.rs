//! `aquarchive stats`: what the archive holds.

use aquarchive::archive::stats;
use aquarchive::store::Access;

use super::args::{GlobalArgs, StatsArgs};
use super::context::Context;
use super::output::print;
use super::table;
use super::{CliError, ExitCode};

pub fn run(args: StatsArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let stats = stats::stats(&store)?;
    if args.json {
        print(&format!("{}\n", serde_json::to_string(&stats).expect("stats serialize")))?;
        return Ok(ExitCode::Ok);
    }
    let mut out = table::render(&format!("{}: {} puzzles", stats.database, stats.puzzles), &stats.count_rows());
    let mut rows = vec![["class", "solved", "median µs", "p90 µs", "p99 µs", "max µs"].map(String::from).to_vec()];
    for t in &stats.times {
        rows.push(vec![
            t.class.clone(),
            t.solved.to_string(),
            t.median.to_string(),
            t.p90.to_string(),
            t.p99.to_string(),
            t.max.to_string(),
        ]);
    }
    out.push('\n');
    out.push_str(&table::render("Solve and prove unique, latest solution of each puzzle:", &rows));
    let checks = &stats.hash_checks;
    if checks.r#match + checks.mismatch + checks.unchecked > 0 {
        out.push_str(&format!(
            "\nThe site's answer check of Aquarium puzzles: confirmed by the site's hash: {}, hash does not match: {}, \
             no hash: {}, not yet checked: {}\n",
            checks.r#match, checks.mismatch, checks.absent, checks.unchecked
        ));
    }
    print(&out)?;
    Ok(ExitCode::Ok)
}
