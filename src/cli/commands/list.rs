//! `aquarchive list`: the archive's puzzles, one a line.

use aquarchive::archive::{export, stats};
use aquarchive::kinds::Kind;
use aquarchive::kinds::calendar::board_file_name;
use aquarchive::store::{Access, time_to_second};

use crate::cli::args::{GlobalArgs, ListArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;

pub fn run(args: ListArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let filter = args.filter.to_filter()?;
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let base_url = &context.config.site.base_url;
    let mut listed = 0u64;
    store.each(&filter, |p| {
        if listed == 0 && !args.json {
            print(&format!(
                "{:>6}  {:<24} {:<10} {:<8} {:<10}  {:<19}  {}\n",
                "id", "class", "status", "grade", "special", "created (UTC)", "source"
            ))?;
        }
        listed += 1;
        let line = if args.json {
            export::json(&p, base_url).to_string()
        } else {
            let class = format!(
                "{} {}",
                p.record.kind,
                stats::class_of(p.record.kind, p.record.size_class, p.record.width, p.record.height)
            );
            // A special's date: its identity, since its page has no ID.
            let special = p.record.special_date.as_deref().unwrap_or("-");
            // The level `list --grade` takes; "-" for a puzzle not graded.
            let grade = p.solution.as_ref().and_then(|s| s.grade.as_ref()).map_or("-", |g| g.level.as_str());
            let mut line = format!(
                "{:>6}  {class:<24} {:<10} {grade:<8} {special:<10}  {}  {}",
                p.id,
                p.record.status.as_str(),
                time_to_second(p.created),
                p.record.source
            );
            // A calendar board of one's own, by the name its file gave it,
            // last so that the columns keep their places.
            if p.record.kind == Kind::Calendar
                && let Some(name) = board_file_name(&p.record.text)
            {
                line.push_str(&format!(", on the {name} board"));
            }
            line
        };
        print(&format!("{line}\n"))
    })?;
    if listed == 0 {
        eprintln!("aquarchive: {}: no puzzle matches", store.path().display());
    }
    Ok(ExitCode::Ok)
}
