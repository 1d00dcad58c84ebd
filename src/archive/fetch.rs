//! `fetch`: pages from the site into the archive, politely. [`run`] takes
//! the configuration and what to fetch, as cargo's `ops` take theirs, and
//! applies what the site is owed whoever calls it: robots.txt (asked for at
//! most once a day, see `robots`), at least `site.min_delay_ms` between
//! requests or robots.txt's longer `Crawl-delay`, and that pace kept between
//! runs through a file beside the archive. Each page is kept as `page`
//! keeps it; a page whose puzzle reads garbled is fetched again.
//!
//! A special's page lists the specials the site still offers (about 30
//! days back), and the run catches up from it: every offered special of
//! the class that the archive lacks and that is newer than the oldest one
//! it holds is asked for by its date, oldest first, one page each. So a
//! machine that was off for days loses nothing the site still offers, and
//! an archive started today does not fill with the month before it
//! (`FetchRequest::missed` asks for those too).

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use jiff::Timestamp;
use jiff::civil::Date;

use crate::config::{Config, FetchMethod};
use crate::engine::Settings;
use crate::kinds::Kind;
use crate::site::FetchFailure;
use crate::site::SiteError;
#[cfg(feature = "browser")]
use crate::site::browser::LazyBrowser;
#[cfg(feature = "browser")]
pub use crate::site::browser::Unsandboxed;
/// Ends the browser's processes at once (for a Ctrl-C that stops a run
/// without its destructors).
pub use crate::site::browser::kill_running;
use crate::site::fetch::{FetchSettings, Method, Page, PageSource, fetch};
use crate::site::http::HttpFetcher;
use crate::site::robots::{RobotsGuard, product_token};
/// A puzzle's site ID and size class, as `fetch ID SIZE` names them.
pub use crate::site::url::{PuzzleId, SizeClass};
use crate::site::url::{Request, SiteUrls, offered_for};
use crate::store::Store;

use super::error::ArchiveError;
pub use super::page::{FetchReport, Outcome, import_page};
use super::page::{Kept, keep};
pub use super::reparse::{Reparsed, reparse};
use super::robots::{RulesError, RulesFrom, site_rules};

/// What to fetch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// New puzzles of a class: pages until `count` new ones are stored (a
    /// special, one puzzle a period, is asked for once).
    New { class: SizeClass, count: usize },
    /// One given puzzle.
    Puzzle(SizeClass, PuzzleId),
    /// The special of a class (daily, weekly, monthly) whose day, week or
    /// month holds this day, as the site still offers it. Today's page of
    /// the class is fetched first (it lists what is offered) and kept.
    Dated { class: SizeClass, day: Date },
}

/// A fetch to run: its targets, in order, and how it fetches and solves.
#[derive(Clone, Debug)]
pub struct FetchRequest {
    pub targets: Vec<Target>,
    /// Fetch through a browser whatever `fetch.method` says.
    pub browser: bool,
    pub solve: Settings,
    /// For a special class's new puzzle: catch up every offered special
    /// the archive lacks, not only those newer than its oldest.
    pub missed: bool,
}

impl FetchRequest {
    /// Whether this request fetches its pages through a browser under
    /// `config`.
    pub fn uses_browser(&self, config: &Config) -> bool {
        self.browser || config.fetch.method == FetchMethod::Webdriver
    }
}

/// What a run tells its caller as it goes.
#[derive(Debug)]
pub enum FetchEvent<'a> {
    /// Chromium runs without its sandbox (said once, as the browser starts).
    #[cfg(feature = "browser")]
    Unsandboxed(Unsandboxed),
    /// The site could not give robots.txt now, so the stored copy fetched at
    /// `fetched_at` stands in.
    StaleRobots { url: &'a str, fetched_at: Timestamp, failure: &'a FetchFailure },
    /// One page fetched and kept.
    Page(&'a FetchReport),
    /// Today's page of a special class gave no list of the specials the
    /// site offers: nothing missed can be caught up from it.
    NoOffers { class: SizeClass },
    /// The special asked for by its date is in the archive already, under
    /// this id: it is not asked for again.
    Held { class: SizeClass, date: Date, puzzle: i64 },
}

/// Why a run stopped before its first page, or on the way.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    /// The fetcher could not be set up; `doing` says which.
    #[error("{doing}")]
    Setup { doing: &'static str, source: SiteError },
    /// No robots.txt rules to fetch by (or the archive failed keeping them).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A special asked for by a date that the site's date list does not
    /// offer (no request was made for it).
    #[error(
        "the site does not offer the {class} special of {day}{}",
        offered_words(*class, offered)
    )]
    NotOffered { class: SizeClass, day: Date, offered: Vec<Date> },
    /// A date, or missed specials, asked of a class whose puzzles have no
    /// date (no request was made).
    #[error("only the daily, weekly and monthly specials have dates; {0} puzzles have none")]
    NotSpecial(SizeClass),
}

/// What the site offers, in words: every date of a short list, the first
/// and last of a long one.
fn offered_words(class: SizeClass, offered: &[Date]) -> String {
    let mut dates = offered.to_vec();
    dates.sort();
    let list = match dates.as_slice() {
        [] => return format!(" (today's {class} page lists no dates)"),
        [one] => one.to_string(),
        [first, .., last] if dates.len() > 6 => format!("{first} to {last} ({} dates)", dates.len()),
        _ => dates.iter().map(Date::to_string).collect::<Vec<_>>().join(", "),
    };
    let period = match class {
        SizeClass::WEEKLY => "; a weekly is named by any day of its week",
        SizeClass::MONTHLY => "; a monthly is named by any day of its month",
        _ => "",
    };
    format!("; it offers those of {list}{period}")
}

/// Fetches `request.targets` in order into `store`, politely (see the
/// module's comment), telling `each` of each page kept and of what it
/// should know on the way. `each` returning `Break` ends the run after
/// the page at hand. Returns every page's report.
pub fn run(
    store: &mut Store,
    config: &Config,
    request: &FetchRequest,
    each: &mut dyn FnMut(FetchEvent<'_>) -> ControlFlow<()>,
) -> Result<Vec<FetchReport>, FetchError> {
    // Every target is checked before the first request: a date, or the
    // specials missed, only of a special class.
    for &target in &request.targets {
        let dated = match target {
            Target::Dated { class, .. } => Some(class),
            Target::New { class, .. } if request.missed => Some(class),
            _ => None,
        };
        if let Some(class) = dated.filter(|class| !class.is_special()) {
            return Err(FetchError::NotSpecial(class));
        }
    }
    let urls = SiteUrls::new(&config.site.base_url);
    let settings = config.site.fetch_settings(Some(pace_file(store.path())));
    // What can refuse the run is checked before anything is asked of the
    // site, and the browser starts only with the first page robots.txt
    // allows (see `Source`).
    let pages = page_source(config, request, settings.clone())?;
    let mut rules_fetcher = HttpFetcher::new(settings.clone())
        .map_err(|source| FetchError::Setup { doing: "setting up the HTTP client", source })?;
    let rules = site_rules(store, &mut rules_fetcher, &urls, product_token(&settings.user_agent))?;
    if let RulesFrom::Stale { fetched_at, failure } = &rules.from {
        // Only said: the run goes on by the stored copy whatever the answer.
        let _ = each(FetchEvent::StaleRobots { url: rules.robots.url(), fetched_at: *fetched_at, failure });
    }
    let delay = rules.delay(settings.min_delay);
    let mut source = RobotsGuard::new(pages, rules.robots);
    source.keep_apart(delay);
    let options = FetchOptions { solve: request.solve, refetch_garbled: config.site.refetch_garbled };
    let mut run = Pages { store, source: &mut source, urls: &urls, options, each, reports: Vec::new(), stopped: false };
    let done = run.targets(&request.targets, request.missed);
    let reports = run.reports;
    // The browser's processes and profile end as soon as the run's pages
    // are read, whatever the caller does next.
    source.source_mut().stop();
    done.map(|()| reports)
}

/// What a logged fetch asked for, as `log` says it: the size class, and
/// for a special its date, read from the request (a special asked for by
/// its date, a catch-up) or else from the puzzle the page gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AskedFor {
    pub class: SizeClass,
    pub date: Option<String>,
    /// A past special asked for by its date (a catch-up, or `--date`).
    pub caught_up: bool,
}

impl AskedFor {
    pub fn of(fetch: &crate::store::LoggedFetch) -> Option<AskedFor> {
        let stored = fetch.size_class.and_then(|c| u8::try_from(c).ok()).and_then(SizeClass::from_param);
        match crate::site::url::read_request(&fetch.url) {
            Some(Request::Special(class, date)) => {
                Some(AskedFor { class, date: Some(date.to_string()), caught_up: true })
            }
            asked => {
                let class = stored.or(asked.map(Request::class))?;
                Some(AskedFor { class, date: fetch.special_date.clone(), caught_up: false })
            }
        }
    }
}

impl std::fmt::Display for AskedFor {
    /// `daily 2026-08-20, caught up`, `weekly 2026-08-24`, `6x6-easy`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.class)?;
        if let Some(date) = &self.date {
            write!(f, " {date}")?;
        }
        if self.caught_up {
            f.write_str(", caught up")?;
        }
        Ok(())
    }
}

/// The file beside the archive that keeps the site's pace between runs
/// (`site::pace`): `archive/aquarchive.sqlite.pace`.
pub fn pace_file(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".pace");
    name.into()
}

/// Where a run's pages come from: plain HTTP, or a browser when the
/// request or `fetch.method` asks for one, started when the first page is
/// asked of it and stopped when the run's pages are read.
enum Source {
    Http(HttpFetcher),
    #[cfg(feature = "browser")]
    Browser(LazyBrowser),
}

impl Source {
    /// How the browser's start went, once, after the page that started it
    /// (see [`LazyBrowser::take_start`]); None for HTTP.
    #[cfg(feature = "browser")]
    fn take_start(&mut self) -> Option<Result<Option<Unsandboxed>, SiteError>> {
        match self {
            Source::Http(_) => None,
            Source::Browser(browser) => browser.take_start(),
        }
    }

    /// Ends the browser, if one runs: its processes killed, its profile removed.
    fn stop(&mut self) {
        #[cfg(feature = "browser")]
        if let Source::Browser(browser) = self {
            browser.stop();
        }
    }

    fn inner(&mut self) -> &mut dyn PageSource {
        match self {
            Source::Http(http) => http,
            #[cfg(feature = "browser")]
            Source::Browser(browser) => browser,
        }
    }
}

impl PageSource for Source {
    fn method(&self) -> Method {
        match self {
            Source::Http(http) => http.method(),
            #[cfg(feature = "browser")]
            Source::Browser(browser) => browser.method(),
        }
    }

    fn get(&mut self, url: &str) -> Page {
        self.inner().get(url)
    }

    fn post(&mut self, url: &str, form: &str) -> Page {
        self.inner().post(url, form)
    }

    fn keep_apart(&mut self, delay: Duration) {
        self.inner().keep_apart(delay);
    }
}

/// The source of a run's pages, checked but not started: no request is
/// made and no browser runs yet.
fn page_source(config: &Config, request: &FetchRequest, settings: FetchSettings) -> Result<Source, FetchError> {
    if request.uses_browser(config) {
        browser(config, settings)
    } else {
        let fetcher = HttpFetcher::new(settings)
            .map_err(|source| FetchError::Setup { doing: "setting up the HTTP client", source })?;
        Ok(Source::Http(fetcher))
    }
}

/// What a browser's failure to start, or to be checked, stops a run with.
fn browser_setup(source: SiteError) -> FetchError {
    FetchError::Setup { doing: "starting the headless browser", source }
}

#[cfg(feature = "browser")]
fn browser(config: &Config, settings: FetchSettings) -> Result<Source, FetchError> {
    let browser = LazyBrowser::new(settings, config.fetch.browser_settings()).map_err(browser_setup)?;
    Ok(Source::Browser(browser))
}

#[cfg(not(feature = "browser"))]
fn browser(_: &Config, _: FetchSettings) -> Result<Source, FetchError> {
    Err(browser_setup(SiteError::Setup(
        "this build of aquarchive has no browser (its `browser` feature is off)".into(),
    )))
}

/// How a fetch judges what it gets.
#[derive(Clone, Copy, Debug)]
struct FetchOptions {
    solve: Settings,
    /// How many more times a page is fetched when the puzzle on it is not
    /// a good one (its hash does not match, it has no or several
    /// solutions): the site garbles some pages it serves, and another
    /// fetch may get the page whole. Only when every page read so is the
    /// puzzle stored flagged.
    refetch_garbled: u32,
}

/// Which of a special class's offered specials a run asks for besides
/// today's.
#[derive(Clone, Copy, Debug)]
enum Wanted {
    /// Those the archive lacks that are newer than the oldest it holds.
    Newer,
    /// Every one the archive lacks.
    Missed,
    /// The one whose period holds this day.
    Day(Date),
}

/// A run's pages: where they come from and go, and what became of each.
struct Pages<'a> {
    store: &'a mut Store,
    source: &'a mut RobotsGuard<Source>,
    urls: &'a SiteUrls,
    options: FetchOptions,
    each: &'a mut dyn FnMut(FetchEvent<'_>) -> ControlFlow<()>,
    reports: Vec<FetchReport>,
    /// The caller asked to end the run.
    stopped: bool,
}

impl Pages<'_> {
    /// Fetches `targets` in order, until the caller asks to stop.
    fn targets(&mut self, targets: &[Target], missed: bool) -> Result<(), FetchError> {
        for &target in targets {
            match target {
                Target::Puzzle(class, id) => {
                    self.page(Request::Puzzle(class, id))?;
                }
                Target::Dated { class, day } => self.special(class, Wanted::Day(day))?,
                Target::New { class, .. } if class.is_special() => {
                    self.special(class, if missed { Wanted::Missed } else { Wanted::Newer })?;
                }
                Target::New { class, count } => self.new_puzzles(class, count)?,
            }
            if self.stopped {
                break;
            }
        }
        Ok(())
    }

    /// Fetches one page and keeps what it gives, tells the caller, and
    /// returns its report. A page whose puzzle is not a good one is
    /// fetched again, up to `options.refetch_garbled` more times (the same
    /// page: a special's, or the puzzle's own ID), each page kept as a
    /// snapshot with its record; only the last is stored flagged.
    fn page(&mut self, request: Request) -> Result<&FetchReport, FetchError> {
        let mut request = request;
        let asked_date = match request {
            Request::Special(_, date) => Some(date),
            _ => None,
        };
        let mut garbled = 0;
        let mut report = loop {
            let again = garbled < self.options.refetch_garbled;
            let fetched = fetch(self.source, self.urls, request);
            // The page that started the browser: one that failed to start
            // stops the run, keeping nothing of the page.
            #[cfg(feature = "browser")]
            match self.source.source_mut().take_start() {
                Some(Err(source)) => return Err(browser_setup(source)),
                Some(Ok(Some(reason))) => {
                    let _ = (self.each)(FetchEvent::Unsandboxed(reason));
                }
                Some(Ok(None)) | None => {}
            }
            match keep(self.store, fetched, self.options.solve, again.then_some(request))? {
                Kept::Report(report) => break *report,
                Kept::Garbled(again) => {
                    garbled += 1;
                    let url = request.call(self.urls).logged();
                    tracing::info!(url, garbled, "the page read garbled; fetching it again");
                    request = again;
                }
            }
        };
        report.garbled_before = garbled;
        report.asked_date = asked_date;
        self.stopped |= (self.each)(FetchEvent::Page(&report)).is_break();
        self.reports.push(report);
        Ok(self.reports.last().expect("just pushed"))
    }

    /// Pages of a class until `count` new puzzles are stored. A random
    /// page may repeat one the archive has: that costs another request, up
    /// to `count * 3` in all. A failure stops (the fetcher has already
    /// retried what a retry can mend).
    fn new_puzzles(&mut self, class: SizeClass, count: usize) -> Result<(), FetchError> {
        let mut new = 0;
        for _ in 0..count * 3 {
            let report = self.page(Request::New(class))?;
            new += usize::from(matches!(report.outcome, Outcome::New(_)));
            let failed = matches!(report.outcome, Outcome::Failed(_) | Outcome::Rejected { .. });
            if failed || self.stopped || new == count {
                break;
            }
        }
        Ok(())
    }

    /// Today's special of a class, then the past ones `wanted` names,
    /// oldest first, each asked for by its date (see the module's comment).
    fn special(&mut self, class: SizeClass, wanted: Wanted) -> Result<(), FetchError> {
        let held = self.store.special_dates(Kind::Aquarium, i64::from(class.param())).map_err(ArchiveError::from)?;
        let held: Vec<Date> = held.iter().filter_map(|d| d.parse().ok()).collect();
        let today = self.page(Request::New(class))?;
        let offered = today.offered.clone();
        let todays = today.extracted.as_ref().and_then(|e| e.date.as_deref()).and_then(|d| d.parse::<Date>().ok());
        // No page at all is the site's trouble, not the page's: the next run
        // tries again.
        if today.snapshot.is_none() || self.stopped {
            return Ok(());
        }
        if offered.is_empty() {
            self.stopped |= (self.each)(FetchEvent::NoOffers { class }).is_break();
        }
        let mut past: Vec<Date> = match wanted {
            Wanted::Day(day) => match offered_for(class, day, &offered) {
                Some(date) => vec![date],
                None => return Err(FetchError::NotOffered { class, day, offered }),
            },
            Wanted::Missed => offered.iter().copied().filter(|d| !held.contains(d)).collect(),
            Wanted::Newer => match held.first() {
                Some(&oldest) => offered.iter().copied().filter(|&d| d > oldest && !held.contains(&d)).collect(),
                None => Vec::new(),
            },
        };
        // Today's page is in hand already; a special asked for by its date
        // that the archive holds is not asked for again.
        past.retain(|&d| Some(d) != todays);
        if let (Wanted::Day(_), [date]) = (wanted, past.as_slice())
            && held.contains(date)
        {
            let (class_number, day) = (i64::from(class.param()), date.to_string());
            if let Some(puzzle) =
                self.store.special_id(Kind::Aquarium, class_number, &day).map_err(ArchiveError::from)?
            {
                self.stopped |= (self.each)(FetchEvent::Held { class, date: *date, puzzle }).is_break();
                return Ok(());
            }
        }
        past.sort();
        past.dedup();
        for date in past {
            let report = self.page(Request::Special(class, date))?;
            if report.snapshot.is_none() || self.stopped {
                break;
            }
        }
        Ok(())
    }
}
