//! `aquarchive list`: the archive's puzzles, one a line.

use aquarchive::archive::{export, stats};
use aquarchive::store::Access;

use super::args::{GlobalArgs, ListArgs};
use super::context::Context;
use super::output::print;
use super::{CliError, ExitCode};

pub fn run(args: ListArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let filter = args.filter.to_filter()?;
    let base_url = &context.config.site.base_url;
    store.each(&filter, |p| {
        let line = if args.json {
            export::json(&p, base_url).to_string()
        } else {
            let class = format!(
                "{} {}",
                p.record.kind,
                stats::class_of(&p.record.kind, p.record.size_class, p.record.width, p.record.height)
            );
            format!(
                "{:>6}  {class:<24} {:<10} {}  {}",
                p.id,
                p.record.status.as_str(),
                &p.created[..19.min(p.created.len())],
                p.record.source
            )
        };
        print(&format!("{line}\n"))
    })?;
    Ok(ExitCode::Ok)
}
