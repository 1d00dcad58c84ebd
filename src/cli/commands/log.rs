//! `aquarchive log`: the fetch attempts the archive logged, newest first,
//! so that what a scheduled fetch did can be read back.

use aquarchive::archive::fetch::{AskedFor, LogRecord};
use aquarchive::archive::{Access, FetchQuery};
use aquarchive::render::count_of;
use aquarchive::shared::time_to_second;

use crate::cli::args::check_time;
use crate::cli::args::{GlobalArgs, LogArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::{print, tries_text};

pub fn run(args: LogArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    if let Some(since) = &args.since {
        check_time("--since", since)?;
    }
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    // One more than shown, to tell whether the limit cut the list.
    let limit = (args.limit > 0).then_some(args.limit);
    let query =
        FetchQuery { failed: args.failed, since: args.since.clone(), limit: limit.map(|n| n.saturating_add(1)) };
    let mut fetches = store.fetch_log(&query)?;
    let cut = limit.is_some_and(|n| fetches.len() as u64 > n);
    if let Some(n) = limit {
        fetches.truncate(n as usize);
    }
    if fetches.is_empty() {
        let what = if args.failed { "no failed fetch" } else { "no fetch" };
        let since = args.since.as_ref().map(|t| format!(" since {t}")).unwrap_or_default();
        say!("aquarchive: {}: {what}{since} in the log", store.path().display());
        return Ok(ExitCode::Ok);
    }
    let mut out = String::new();
    if !args.json {
        out.push_str(&format!(
            "{:<19}  {:<8}  {:>4}  {:>6}  {:<29}  url  error\n",
            "time (UTC)", "outcome", "http", "puzzle", "for"
        ));
    }
    for f in &fetches {
        if args.json {
            out.push_str(&serde_json::to_string(&LogRecord::of(f)).expect("a record serializes"));
        } else {
            let asked = AskedFor::of(f).map_or_else(|| "-".to_string(), |a| a.to_string());
            let http = f.http_status.map_or("-".to_string(), |s| s.to_string());
            let puzzle = f.puzzle.map_or("-".to_string(), |id| id.to_string());
            out.push_str(&format!(
                "{:<19}  {:<8}  {http:>4}  {puzzle:>6}  {asked:<29}  {}",
                time_to_second(f.fetched_at),
                f.outcome.as_str(),
                f.url
            ));
            if let Some(error) = &f.error {
                out.push_str(&format!("  {error}"));
            }
            // The page's puzzle is gone: said, not pointed at.
            if let (Some(removed), Some(at)) = (f.removed_puzzle, f.removed_at) {
                out.push_str(&format!("  (its puzzle {removed} was removed {})", time_to_second(at)));
            }
            if let Some(tries) = f.tries {
                out.push_str(&tries_text(tries));
            }
        }
        out.push('\n');
    }
    print(&out)?;
    if cut {
        say!(
            "aquarchive: the newest {} shown; --limit N shows more, --limit 0 all",
            count_of(fetches.len() as u64, "fetch", "fetches")
        );
    }
    Ok(ExitCode::Ok)
}
