//! `aquarchive fetch`: pages from the site into the archive.

use std::ops::ControlFlow;

use aquarchive::archive::Kind;
use aquarchive::archive::Settings;
use aquarchive::archive::fetch::{self, FetchError, FetchEvent, FetchReport, FetchRequest, Outcome, Target};
use aquarchive::archive::fetch::{AQUARIUM, PuzzleId, SiteId, SizeClass, Unsandboxed};
use aquarchive::archive::robots::RulesError;
use aquarchive::render::count_of;
use aquarchive::render::facts::site_check;
use aquarchive::shared::time_to_second;

use crate::cli::args::{FetchArgs, GlobalArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::{HASH_UNCONFIRMED, print, tries_text};

pub fn run(args: FetchArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let config = &context.config;
    let sites: Vec<SiteId> = if args.sites.iter().any(|s| s == "all") {
        SiteId::all().collect()
    } else if args.sites.is_empty() {
        vec![AQUARIUM]
    } else {
        let mut sites = args.sites.iter().map(|s| SiteId::named(s)).collect::<Result<Vec<_>, _>>()?;
        sites.sort();
        sites.dedup();
        sites
    };
    // Where there is no archive yet, one is made only once a site answers:
    // a run that reaches none (a machine offline) leaves nothing behind.
    let mut store = context.open_to_keep()?;
    let was_unnamed = store.is_unnamed();
    // The library checks the targets (a class each site knows; a date only
    // of specials) before the first request.
    let targets = match (&args.id, &args.size) {
        (Some(id), Some(size)) if sites == [AQUARIUM] => {
            vec![Target::Puzzle(size.parse::<SizeClass>()?, id.parse::<PuzzleId>()?)]
        }
        (Some(_), Some(_)) => {
            return Err(CliError::Message(
                "--id fetches one of Aquarium's puzzles; a sister site's puzzle by its ID is not fetched yet".into(),
            ));
        }
        _ => fetch::targets(&store, &sites, &args.sizes, args.count as usize, args.date).map_err(fetch_error)?,
    };
    let request = FetchRequest { targets, browser: args.browser, solve: Settings::default(), missed: args.missed };
    if request.uses_browser(config) {
        // Each page is stored as it comes, in its own transaction.
        crate::cli::interrupt::exit_message(
            "interrupted: every page fetched before is stored with its record of the fetch; the page being \
             fetched is not. Run the same fetch again to finish the job (nothing is stored twice).",
        );
    }
    let mut warned = false;
    let mut skipped = false;
    let mut shown = Ok(());
    let mut each = |event: FetchEvent<'_>| {
        match event {
            FetchEvent::Unsandboxed(reason) => say!("{}", unsandboxed_warning(reason)),
            FetchEvent::StaleRobots { url, fetched_at, failure } => say!(
                "aquarchive: warning: robots.txt at {url} could not be fetched ({failure}); using the copy fetched \
                 at {} UTC",
                time_to_second(fetched_at)
            ),
            FetchEvent::NoOffers { class } => say!(
                "aquarchive: warning: today's {class} page lists no specials the site still offers (no \
                 <select name=\"date\">), so no missed {class} special can be caught up by this run; the page is kept \
                 in the archive"
            ),
            FetchEvent::Held { class, date, puzzle } => say!(
                "aquarchive: the {class} special of {date} is in the archive already (#{puzzle}); not asked for again"
            ),
            FetchEvent::Site { site, url, classes } => {
                say!("aquarchive: {site} ({url}): {}", classes.join(" "));
            }
            FetchEvent::SiteSkipped { site, why } => {
                skipped = true;
                say!("aquarchive: {site}: skipped: {why}");
            }
            FetchEvent::Page(report) => {
                if report.hash_unconfirmed && !warned {
                    warned = true;
                    say!("{HASH_UNCONFIRMED}");
                }
                shown = print(&line(report, args.json));
            }
        }
        // Output that cannot be written ends the run (a closed pipe quietly).
        if shown.is_ok() { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
    };
    let run = fetch::run(&mut store, config, &request, &mut each);
    context.warn_if_made(&store, was_unnamed);
    let reports = run.map_err(fetch_error)?;
    shown?;
    if skipped {
        return Ok(ExitCode::Error);
    }
    Ok(exit_code(&reports))
}

fn fetch_error(e: FetchError) -> CliError {
    match e {
        FetchError::Archive(e) => CliError::Archive(e),
        FetchError::Setup { doing, source } => {
            CliError::While { doing: doing.to_string(), source: Box::new(CliError::Site(source)) }
        }
        FetchError::Rules(RulesError::Store(e)) => CliError::Store(e),
        FetchError::Rules(other) => CliError::Message(other.to_string()),
        other @ (FetchError::NotOffered { .. } | FetchError::NotSpecial(_)) => CliError::Message(other.to_string()),
    }
}

/// Said once a run, when Chromium runs without its sandbox.
fn unsandboxed_warning(reason: Unsandboxed) -> String {
    let remedy = match reason {
        Unsandboxed::RunningAsRoot => "run aquarchive as another user to keep it",
        Unsandboxed::Setting => "set fetch.browser_sandbox = \"auto\" to keep it",
    };
    format!(
        "aquarchive: warning: Chromium runs without its sandbox ({reason}): the page's JavaScript is confined only \
         by Chromium's JavaScript engine and by the rights of the user it runs as; {remedy}"
    )
}

/// 0 when something new was stored and nothing failed; 3 when nothing
/// failed and nothing was new; 2 when anything failed.
fn exit_code(reports: &[FetchReport]) -> ExitCode {
    let failed = reports.iter().any(|r| matches!(r.outcome, Outcome::Failed(_) | Outcome::Rejected { .. }));
    let new = reports.iter().any(|r| matches!(r.outcome, Outcome::New(_)));
    if failed {
        ExitCode::Error
    } else if new {
        ExitCode::Ok
    } else {
        ExitCode::NothingNew
    }
}

fn line(report: &FetchReport, as_json: bool) -> String {
    if as_json {
        return format!("{}\n", serde_json::to_string(&report.record()).expect("a record serializes"));
    }
    let (outcome, puzzle, error) = report.outcome.parts();
    let extracted = report.extracted.as_ref();
    let what = match extracted {
        Some(e) => {
            let id = e.id.map_or_else(|| "no ID".to_string(), |id| format!("ID {id}"));
            let date = e.date.as_ref().map(|d| format!(" of {d}")).unwrap_or_default();
            let date = if report.asked_date.is_some() { format!("{date}, caught up") } else { date };
            let site = if e.site() == AQUARIUM { String::new() } else { format!("{} ", e.site()) };
            let kind = if e.kind.name() == e.site().name() || e.kind == Kind::Aquarium {
                String::new()
            } else {
                format!("{} ", e.kind)
            };
            format!("{site}{kind}{} {} {id}{date}", e.class, e.size_text())
        }
        None => match report.asked_date {
            Some(day) => format!("no puzzle for the special of {day}, asked to catch up,"),
            None => "no puzzle".into(),
        },
    };
    let stored = puzzle.map(|id| format!(" (archive #{id})")).unwrap_or_default();
    // Every page fetched is a page: one without a hash says so.
    let checked = report.hash_check.and_then(|check| site_check(check, true)).map(|words| format!(", {words}"));
    let checked = checked.unwrap_or_default();
    let why = error.map(|e| format!(": {e}")).unwrap_or_default();
    let warnings: String = report.warnings.iter().map(|w| format!(" (warning: {w})")).collect();
    let tries = tries_text(report.tries);
    let garbled = match report.garbled_before {
        0 => String::new(),
        n => format!(" (after {} that read garbled, kept in the log)", count_of(u64::from(n), "page", "pages")),
    };
    format!("{outcome}: {what}{checked}{stored} from {}{why}{tries}{garbled}{warnings}\n", report.url)
}
