//! `aquarchive fetch`: pages from the site into the archive.

use std::time::Duration;

use serde_json::json;

use aquarchive::archive::fetch::{FetchOptions, FetchReport, Outcome, fetch_id, fetch_new};
use aquarchive::archive::robots::{RulesError, RulesFrom, SiteRules, site_rules};
use aquarchive::config::{Config, FetchMethod};
use aquarchive::engine::Settings;
use aquarchive::render::count_of;
use aquarchive::site::browser::{BrowserFetcher, BrowserSettings, Unsandboxed};
use aquarchive::site::fetch::{FetchSettings, PageSource};
use aquarchive::site::http::HttpFetcher;
use aquarchive::site::robots::{RobotsGuard, product_token};
use aquarchive::site::url::{PuzzleId, SiteUrls, SizeClass};
use aquarchive::store::{Access, HashCheck, Store, time_to_second};

use crate::cli::args::{FetchArgs, GlobalArgs};
use crate::cli::context::Context;
use crate::cli::error::{CliError, Doing};
use crate::cli::exit::ExitCode;
use crate::cli::output::{print, tries_text};

pub fn run(args: FetchArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let config = &context.config;
    // Check every argument before the first request.
    let target = match (&args.id, &args.size) {
        (Some(id), Some(size)) => Target::One(size.parse::<SizeClass>()?, id.parse::<PuzzleId>()?),
        _ => Target::New(args.sizes.iter().map(|s| s.parse::<SizeClass>()).collect::<Result<_, _>>()?),
    };
    let mut store = context.open(Access::ReadWrite)?;
    let urls = SiteUrls::new(&config.site.base_url);
    let fetching = fetch_settings(config);
    let mut source = page_source(config, fetching.clone(), args.browser)?;
    let rules = robots_rules(&mut store, &fetching, &urls)?;
    source.keep_apart(rules.delay(fetching.min_delay));
    let mut source: Box<dyn PageSource> = Box::new(RobotsGuard::new(source, rules.robots));
    let settings = FetchOptions { solve: Settings::default(), refetch_garbled: config.site.refetch_garbled };
    let mut reports = Vec::new();
    let mut warned = false;
    let mut show = |report: &FetchReport| -> Result<(), CliError> {
        if report.hash_unconfirmed && !warned {
            warned = true;
            eprintln!("{UNCONFIRMED}");
        }
        print(&line(report, args.json))
    };
    match target {
        Target::One(class, id) => {
            let report = fetch_id(&mut store, source.as_mut(), &urls, class, id, settings)?;
            show(&report)?;
            reports.push(report);
        }
        Target::New(classes) => {
            for class in classes {
                let mut shown = Ok(());
                let mut each = |report: &FetchReport| {
                    if shown.is_ok() {
                        shown = show(report);
                    }
                };
                reports.extend(fetch_new(
                    &mut store,
                    source.as_mut(),
                    &urls,
                    class,
                    args.count as usize,
                    settings,
                    &mut each,
                )?);
                shown?;
            }
        }
    }
    Ok(exit_code(&reports))
}

/// Said once a run, when a page's hash did not match and none ever has.
const UNCONFIRMED: &str = "aquarchive: warning: the site's hashedSolution could not be confirmed: no page in this \
    archive has yet matched md5(task + answer), so the puzzle was judged by its other checks (form, exactly one \
    solution) and its check recorded as `mismatch`. Once one page matches, a mismatch flags a page as garbled.";

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

enum Target {
    New(Vec<SizeClass>),
    One(SizeClass, PuzzleId),
}

/// The settings of config.toml as the fetchers take them.
fn fetch_settings(config: &Config) -> FetchSettings {
    let site = &config.site;
    FetchSettings {
        user_agent: site.user_agent.clone(),
        min_delay: Duration::from_millis(site.min_delay_ms),
        timeout: Duration::from_secs(site.timeout_secs),
        retries: site.retries,
        backoff: Duration::from_millis(site.backoff_ms),
        longest_wait: Duration::from_secs(site.retry_after_max_secs),
        pace_file: Some(pace_file(&config.archive.database)),
    }
}

/// The site's robots.txt rules for the User-Agent's product token, asked
/// for over plain HTTP whatever fetches the pages; says so when a stored
/// copy stands in for one the site cannot give now.
fn robots_rules(store: &mut Store, settings: &FetchSettings, urls: &SiteUrls) -> Result<SiteRules, CliError> {
    let mut fetcher = HttpFetcher::new(settings.clone()).doing("setting up the HTTP client")?;
    let rules = site_rules(store, &mut fetcher, urls, product_token(&settings.user_agent)).map_err(|e| match e {
        RulesError::Store(e) => CliError::Store(e),
        other => CliError::Message(other.to_string()),
    })?;
    if let RulesFrom::Stale { fetched_at, failure } = &rules.from {
        eprintln!(
            "aquarchive: warning: robots.txt at {} could not be fetched ({failure}); using the copy fetched at {} UTC",
            rules.robots.url(),
            time_to_second(*fetched_at)
        );
    }
    Ok(rules)
}

fn page_source(config: &Config, settings: FetchSettings, browser: bool) -> Result<Box<dyn PageSource>, CliError> {
    if browser || config.fetch.method == FetchMethod::Webdriver {
        let browser = BrowserSettings {
            chromedriver: config.fetch.chromedriver.clone(),
            chromium: config.fetch.chromium.clone(),
            webdriver_url: config.fetch.webdriver_url.clone(),
            board_wait: Duration::from_secs(config.fetch.board_wait_secs),
            sandbox: config.fetch.browser_sandbox,
        };
        // Each page is stored as it comes, in its own transaction.
        crate::cli::interrupt::exit_message(
            "interrupted: every page fetched before is stored with its record of the fetch; the page being \
             fetched is not. Run the same fetch again to finish the job (nothing is stored twice).",
        );
        let fetcher = BrowserFetcher::start(settings, &browser).doing("starting the headless browser")?;
        if let Some(reason) = fetcher.unsandboxed() {
            eprintln!("{}", unsandboxed_warning(reason));
        }
        Ok(Box::new(fetcher))
    } else {
        Ok(Box::new(HttpFetcher::new(settings).doing("setting up the HTTP client")?))
    }
}

/// The file beside the archive that keeps the site's pace between runs
/// (`site::pace`): `archive/aquarchive.sqlite.pace`.
fn pace_file(database: &std::path::Path) -> std::path::PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".pace");
    name.into()
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
    let (outcome, puzzle, error) = match &report.outcome {
        Outcome::New(id) => ("new", Some(*id), None),
        Outcome::Present(id) => ("present", Some(*id), None),
        Outcome::Rejected { id, why, .. } => ("rejected", Some(*id), Some(why.clone())),
        Outcome::Failed(why) => ("failed", None, Some(why.clone())),
    };
    let extracted = report.extracted.as_ref();
    if as_json {
        let value = json!({
            "url": report.url,
            "method": report.method,
            "http_status": report.status,
            "attempts": report.tries.attempts,
            "busy_answers": report.tries.busy,
            "waited_ms": report.tries.waited_ms,
            "garbled_before": report.garbled_before,
            "snapshot": report.snapshot,
            "outcome": outcome,
            "puzzle": puzzle,
            "error": error,
            "size_class": extracted.map(|e| e.class.name()),
            "site_id": extracted.and_then(|e| e.id).map(|id| id.to_string()),
            "date": extracted.and_then(|e| e.date.clone()),
            "task": extracted.map(|e| e.puzzle.to_task()),
            "hashed_solution": extracted.and_then(|e| e.hashed_solution.clone()),
            "hash_check": report.hash_check,
            "warnings": report.warnings,
            "source": extracted.map(|e| e.source.as_str()),
        });
        return format!("{value}\n");
    }
    let what = match extracted {
        Some(e) => {
            let id = e.id.map_or_else(|| "no ID".to_string(), |id| format!("ID {id}"));
            let date = e.date.as_ref().map(|d| format!(" of {d}")).unwrap_or_default();
            format!("{} {}x{} {id}{date}", e.class, e.puzzle.width(), e.puzzle.height())
        }
        None => "no puzzle".into(),
    };
    let stored = puzzle.map(|id| format!(" (archive #{id})")).unwrap_or_default();
    let checked = match report.hash_check {
        Some(HashCheck::Match) => ", confirmed by the site's hash",
        Some(HashCheck::Mismatch) => ", the site's hash does not match",
        _ => "",
    };
    let why = error.map(|e| format!(": {e}")).unwrap_or_default();
    let warnings: String = report.warnings.iter().map(|w| format!(" (warning: {w})")).collect();
    let tries = tries_text(report.tries);
    let garbled = match report.garbled_before {
        0 => String::new(),
        n => format!(" (after {} that read garbled, kept in the log)", count_of(u64::from(n), "page", "pages")),
    };
    format!("{outcome}: {what}{checked}{stored} from {}{why}{tries}{garbled}{warnings}\n", report.url)
}
