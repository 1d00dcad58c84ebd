//! How `solve` and `grade` report a puzzle: its verdict in words, the exit
//! code it gives, and a puzzle or file that could not be dealt with (the
//! JSON records are the library's: `solving::Record`, `grade::GradeRecord`).

use serde_json::json;

use aquarchive::archive::{Kind, Stats};

use super::error::CliError;
use super::exit::ExitCode;
use super::output::print;

/// Says on stderr that a file or puzzle could not be dealt with, and with
/// `--json` also as a JSON line in its place on stdout.
pub fn report_error(json: bool, file: &str, line: Option<usize>, message: &str) -> Result<(), CliError> {
    say!("aquarchive: {message}");
    if json {
        print(&format!("{}\n", json!({ "file": file, "line": line, "error": message })))?;
    }
    Ok(())
}

/// The exit code for a puzzle of `kind` with `solutions` found: 0 for one
/// (proved) where one is expected, and for any where several are the rule.
pub fn code(kind: Kind, solutions: usize, exhausted: bool) -> ExitCode {
    let expected = if kind.expects_unique() { solutions == 1 && exhausted } else { solutions > 0 };
    if expected { ExitCode::Ok } else { ExitCode::NotUnique }
}

/// "unique solution (nodes, probes, time)" and the like, for any kind.
pub fn verdict(n: usize, stats: &Stats, limit: u64) -> String {
    let time = format!("{} nodes, {} probes, {:.3} ms", stats.nodes, stats.probes, stats.elapsed.as_secs_f64() * 1e3);
    match (n, stats.exhausted) {
        (0, _) => format!("no solution ({time})"),
        (1, true) => format!("unique solution ({time})"),
        (n, true) => format!("{n} solutions ({time})"),
        (_, false) => format!(
            "at least {}, the limit of {limit} ({time})",
            aquarchive::render::count_of(n as u64, "solution", "solutions")
        ),
    }
}
