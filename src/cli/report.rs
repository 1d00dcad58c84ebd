//! How `solve` and `grade` report a puzzle: its verdict in words (and why
//! `import` stored one flagged, in the same words), the exit code it gives,
//! and a puzzle or file that could not be dealt with (the JSON records are
//! the library's: `solving::Record`, `grade::GradeRecord`).

use aquarchive::archive::import::Flagged;
use aquarchive::archive::solving::ErrorRecord;
use aquarchive::archive::{Kind, Stats, Status};

use super::error::CliError;
use super::exit::ExitCode;
use super::output::print;

/// Says on stderr that a file or puzzle could not be dealt with, and with
/// `--json` also as a JSON line in its place on stdout.
pub fn report_error(json: bool, file: &str, line: Option<usize>, message: &str) -> Result<(), CliError> {
    say!("aquarchive: {message}");
    if json {
        let record = ErrorRecord { error: message, file, line };
        print(&format!("{}\n", serde_json::to_string(&record).expect("a record serializes")))?;
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
    format!("{} ({time})", solutions(n, stats.exhausted, limit))
}

/// "no solution", "unique solution", "2 solutions", or "at least 2
/// solutions, the limit of 2" where the search stopped at its limit.
fn solutions(n: usize, exhausted: bool, limit: u64) -> String {
    match (n, exhausted) {
        (0, _) => "no solution".to_string(),
        (1, true) => "unique solution".to_string(),
        (n, true) => format!("{n} solutions"),
        (_, false) => {
            format!(
                "at least {}, the limit of {limit}",
                aquarchive::render::count_of(n as u64, "solution", "solutions")
            )
        }
    }
}

/// Why `import` stored a puzzle flagged, in the words `solve` gives for the
/// same puzzle: its kind's check for an invalid one, else what its search
/// found (which stops at the second solution where one is expected).
pub fn flagged_why(flagged: &Flagged) -> String {
    match flagged.status {
        Status::Unsolvable => solutions(0, true, 0),
        Status::Several => solutions(flagged.found as usize, false, u64::from(flagged.found)),
        _ => flagged.note.clone().unwrap_or_else(|| flagged.status.to_string()),
    }
}
