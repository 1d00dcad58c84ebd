//! `aquarchive verify`: every stored solution re-checked.

use aquarchive::archive::verify;
use aquarchive::store::Access;

use super::args::{GlobalArgs, VerifyArgs};
use super::context::Context;
use super::output::print;
use super::{CliError, ExitCode};

pub fn run(args: VerifyArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let report = verify::verify(&store, &args.filter.to_filter()?)?;
    let mut out: String = report.mismatches.iter().map(|m| format!("{m}\n")).collect();
    out.push_str(&format!(
        "{}: {} puzzles checked, {} mismatches\n",
        store.path().display(),
        report.checked,
        report.mismatches.len()
    ));
    print(&out)?;
    if report.mismatches.is_empty() {
        Ok(ExitCode::Ok)
    } else {
        Err(CliError::Message(format!("{} stored solutions do not hold", report.mismatches.len())))
    }
}
