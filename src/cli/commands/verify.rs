//! `aquarchive verify`: every stored solution re-checked.

use aquarchive::archive::Access;
use aquarchive::archive::verify;
use aquarchive::render::count_of;

use crate::cli::args::{GlobalArgs, VerifyArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;

pub fn run(args: VerifyArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    // Check the arguments before the archive: a bad date is the first thing to mend.
    args.filter.check()?;
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let filter = args.filter.to_filter(&store)?;
    let report = verify::verify(&store, &filter)?;
    let mut out: String = report.mismatches.iter().map(|m| format!("{m}\n")).collect();
    out.push_str(&format!(
        "{}: {} checked, {}\n",
        store.path().display(),
        count_of(report.checked as u64, "puzzle", "puzzles"),
        count_of(report.mismatches.len() as u64, "mismatch", "mismatches")
    ));
    print(&out)?;
    if report.mismatches.is_empty() {
        Ok(ExitCode::Ok)
    } else {
        Err(CliError::Message(match report.mismatches.len() {
            1 => "1 stored solution does not hold".to_string(),
            n => format!("{n} stored solutions do not hold"),
        }))
    }
}
