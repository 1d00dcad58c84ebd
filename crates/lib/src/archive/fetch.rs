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

use super::Archive;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use jiff::Timestamp;
use jiff::civil::Date;

use crate::config::{Config, FetchMethod};
use crate::engine::Settings;
use crate::site::FetchFailure;
use crate::site::SiteError;
#[cfg(feature = "browser")]
use crate::site::browser::LazyBrowser;
#[cfg(feature = "browser")]
pub use crate::site::browser::Unsandboxed;
/// Ends the browser's processes at once (for a Ctrl-C that stops a run
/// without its destructors).
pub use crate::site::browser::kill_running;
/// A puzzle's site ID and size class, as `fetch ID SIZE` names them; the
/// family's sites, and a class as asked for on one.
pub use crate::site::family::{AQUARIUM, SiteId, class_names, site_names};
use crate::site::family::{At, Period, normal_classes, special_number};
use crate::site::fetch::{FetchSettings, Method, Page, PageSource, fetch};
use crate::site::http::HttpFetcher;
use crate::site::robots::{RobotsGuard, product_token};
pub use crate::site::url::{Asked, PuzzleId, SizeClass};
use crate::site::url::{Request, SiteUrls, offered_for, read_request};
use crate::store::Store;

use super::error::ArchiveError;
pub use super::page::{FetchReport, Outcome, import_page};
use super::page::{Kept, keep};
pub use super::reparse::{Reparsed, reparse};
use super::robots::{RulesError, RulesFrom, site_rules};
pub use super::site_names::learn_classes;

/// What to fetch. Each names its site through its class.
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
    /// A special a site serves at a path (`/daily-binairo`): the current
    /// one, or with `day` the one whose period holds that day.
    AtPath { site: SiteId, special: u8, day: Option<Date> },
}

impl Target {
    /// A class as asked for: its current puzzle (`count` new ones of a
    /// normal class) or, with `day`, that day's special.
    pub fn of(asked: Asked, count: usize, day: Option<Date>) -> Target {
        match (asked, day) {
            (Asked::Class(class), Some(day)) => Target::Dated { class, day },
            (Asked::Class(class), None) => Target::New { class, count },
            (Asked::Path(site, special), day) => Target::AtPath { site, special, day },
        }
    }

    /// The class asked for.
    pub fn asked(self) -> Asked {
        match self {
            Target::New { class, .. } | Target::Dated { class, .. } | Target::Puzzle(class, _) => Asked::Class(class),
            Target::AtPath { site, special, .. } => Asked::Path(site, special),
        }
    }

    pub fn site(self) -> SiteId {
        self.asked().site()
    }
}

/// The targets that `words` (class names as each site names them, see
/// [`Asked::on`]) name on each of `sites`, in order: a new puzzle (`count`
/// of them for a normal class) or, with `day`, that day's special. The
/// classes the archive's stored pages taught are known first (see
/// [`learn_classes`]). A word no site of `sites` knows is an error naming
/// what each knows; with several sites, a word one of them does not know
/// (`7x7-easy` on a site without that class) is left out there.
pub fn targets(
    archive: &Archive,
    sites: &[SiteId],
    words: &[String],
    count: usize,
    day: Option<Date>,
) -> Result<Vec<Target>, FetchError> {
    let store = archive.store();
    learn_classes(store, sites)?;
    let mut targets = Vec::new();
    for word in words {
        let mut found = false;
        let mut first_error = None;
        for &site in sites {
            match Asked::on(site, word) {
                Ok(classes) => {
                    found = true;
                    targets.extend(classes.into_iter().map(|class| Target::of(class, count, day)));
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if !found && let Some(e) = first_error {
            return Err(FetchError::Setup { doing: "reading the classes to fetch", source: e });
        }
    }
    // Site by site, in the family's order, each site's classes as asked.
    targets.sort_by_key(|t| t.site());
    Ok(targets)
}

/// A site of the family as `aquarchive sites` shows it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SiteSummary {
    pub name: &'static str,
    pub url: String,
    pub kinds: Vec<&'static str>,
    /// Those of its kinds that this version solves (the others are kept as
    /// the site gives them, for a solver to come).
    pub solved: Vec<&'static str>,
    /// Each special: its name, kind, period and where it is asked for
    /// (`?size=N`, or a path and the number its page gave, if seen).
    pub specials: Vec<SpecialSummary>,
    /// The normal classes known: (number, name).
    pub classes: Vec<ClassSummary>,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct SpecialSummary {
    pub name: &'static str,
    pub kind: &'static str,
    pub period: &'static str,
    pub size: Option<u8>,
    pub path: Option<&'static str>,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct ClassSummary {
    pub size: u8,
    pub name: &'static str,
}

/// Every site of the family with what is known of it: the table's facts
/// and the classes the archive's stored pages taught (when a store is
/// given).
pub fn sites(archive: Option<&Archive>, config: &Config) -> Result<Vec<SiteSummary>, ArchiveError> {
    let store = archive.map(Archive::store);
    let all: Vec<SiteId> = SiteId::all().collect();
    if let Some(store) = store {
        learn_classes(store, &all)?;
    }
    Ok(all
        .into_iter()
        .map(|id| {
            let site = id.site();
            let specials = site
                .specials
                .iter()
                .enumerate()
                .map(|(index, special)| {
                    let (size, path) = match special.at {
                        At::Size(n) => (Some(n), None),
                        At::Path(path) => (special_number(id, index as u8), Some(path)),
                    };
                    SpecialSummary {
                        name: special.name,
                        kind: special.kind.name(),
                        period: special.period.name(),
                        size,
                        path,
                    }
                })
                .collect();
            let classes = normal_classes(id).into_iter().map(|(size, name)| ClassSummary { size, name }).collect();
            SiteSummary {
                name: site.name,
                url: config.site.site_url(id),
                kinds: site.kinds.iter().map(|k| k.name()).collect(),
                solved: site
                    .kinds
                    .iter()
                    .filter(|&&kind| crate::kinds::homes::home(kind).is_some_and(|home| home.solves()))
                    .map(|k| k.name())
                    .collect(),
                specials,
                classes,
            }
        })
        .collect())
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
    NoOffers { class: Asked },
    /// The special asked for by its date is in the archive already, under
    /// this id: it is not asked for again.
    Held { class: Asked, date: Date, puzzle: i64 },
    /// The run turns to a site (said when it visits more than one): its
    /// address and the classes it asks of it.
    Site { site: SiteId, url: &'a str, classes: Vec<&'static str> },
    /// A site of a run of several was skipped: it gave no robots.txt and
    /// the archive has none of it. The other sites are fetched.
    SiteSkipped { site: SiteId, why: String },
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
        "the {} site does not offer the {class} special of {day}{}",
        class.site(),
        offered_words(*class, offered)
    )]
    NotOffered { class: Asked, day: Date, offered: Vec<Date> },
    /// A date, or missed specials, asked of a class whose puzzles have no
    /// date (no request was made).
    #[error("only the daily, weekly and monthly specials have dates; {site} {class} puzzles have none", site = .0.site(), class = .0)]
    NotSpecial(Asked),
}

/// What the site offers, in words: every date of a short list, the first
/// and last of a long one.
fn offered_words(class: Asked, offered: &[Date]) -> String {
    let mut dates = offered.to_vec();
    dates.sort();
    let list = match dates.as_slice() {
        [] => return format!(" (today's {class} page lists no dates)"),
        [one] => one.to_string(),
        [first, .., last] if dates.len() > 6 => format!("{first} to {last} ({} dates)", dates.len()),
        _ => dates.iter().map(Date::to_string).collect::<Vec<_>>().join(", "),
    };
    let period = match class.class().and_then(SizeClass::period) {
        Some(Period::Weekly) => "; a weekly is named by any day of its week",
        Some(Period::Monthly) => "; a monthly is named by any day of its month",
        _ => "",
    };
    format!("; it offers those of {list}{period}")
}

/// Fetches `request.targets` in order into `store`, politely (see the
/// module's comment), telling `each` of each page kept and of what it
/// should know on the way. `each` returning `Break` ends the run after
/// the page at hand. Returns every page's report.
pub fn run(
    archive: &mut Archive,
    config: &Config,
    request: &FetchRequest,
    each: &mut dyn FnMut(FetchEvent<'_>) -> ControlFlow<()>,
) -> Result<Vec<FetchReport>, FetchError> {
    let store = archive.store_mut();
    // Every target is checked before the first request: a date, or the
    // specials missed, only of a special class.
    for &target in &request.targets {
        let dated = match target {
            Target::Dated { class, .. } => Some(class),
            Target::New { class, .. } if request.missed => Some(class),
            _ => None,
        };
        if let Some(class) = dated.filter(|class| !class.is_special()) {
            return Err(FetchError::NotSpecial(Asked::Class(class)));
        }
    }
    let pace = pace_file(store.path());
    // A pace file this run makes goes again if the run keeps nothing.
    let pace_was_there = std::fs::symlink_metadata(&pace).is_ok();
    let settings = config.site.fetch_settings(Some(pace));
    // What can refuse the run is checked before anything is asked of the
    // site, and the browser starts only with the first page robots.txt
    // allows (see `Source`).
    let mut pages = Some(page_source(config, request, settings.clone())?);
    // One fetcher for every site's robots.txt and one source for every
    // page: the sites share one publisher and most likely one server, so
    // the pace (kept through the pace file, which both fetchers read),
    // `Retry-After` and the backoff count across all of them.
    let mut rules_fetcher = HttpFetcher::new(settings.clone())
        .map_err(|source| FetchError::Setup { doing: "setting up the HTTP client", source })?;
    let mut by_site: Vec<(SiteId, Vec<Target>)> = Vec::new();
    for &target in &request.targets {
        match by_site.last_mut() {
            Some((site, targets)) if *site == target.site() => targets.push(target),
            _ => by_site.push((target.site(), vec![target])),
        }
    }
    let several = by_site.len() > 1;
    let mut source: Option<RobotsGuard<Source>> = None;
    let mut reports = Vec::new();
    let mut done = Ok(());
    for (site, targets) in by_site {
        let urls = SiteUrls::new(&config.site.site_url(site));
        let classes = targets.iter().map(|t| t.asked().name()).collect();
        tracing::info!(%site, url = urls.base(), "fetching from the site");
        if several && (each)(FetchEvent::Site { site, url: urls.base(), classes }).is_break() {
            break;
        }
        let rules = site_rules(store, &mut rules_fetcher, &urls, product_token(&settings.user_agent));
        // The site answered (an error status too, which the log keeps): a
        // new archive takes its name now, before any page is stored (see
        // `Store::open_to_keep`).
        let answered = match &rules {
            Ok(_) => true,
            Err(RulesError::Unreachable { failure, .. }) => failure.is_an_answer(),
            Err(_) => false,
        };
        if answered && let Err(e) = store.keep() {
            done = Err(FetchError::Archive(e.into()));
            break;
        }
        let rules = match rules {
            Ok(rules) => rules,
            Err(RulesError::Unreachable { url, failure }) if several => {
                let why = RulesError::Unreachable { url, failure }.to_string();
                if (each)(FetchEvent::SiteSkipped { site, why }).is_break() {
                    break;
                }
                continue;
            }
            Err(e) => {
                done = Err(e.into());
                break;
            }
        };
        if let RulesFrom::Stale { fetched_at, failure } = &rules.from {
            // Only said: the run goes on by the stored copy whatever the answer.
            let _ = each(FetchEvent::StaleRobots { url: rules.robots.url(), fetched_at: *fetched_at, failure });
        }
        let delay = rules.delay(settings.min_delay);
        let guard = match &mut source {
            Some(guard) => {
                guard.set_robots(rules.robots);
                guard
            }
            None => source.insert(RobotsGuard::new(pages.take().expect("one source for the run"), rules.robots)),
        };
        guard.keep_apart(delay);
        let options = FetchOptions { solve: request.solve, refetch_garbled: config.site.refetch_garbled };
        let mut run =
            Pages { store, source: guard, urls: &urls, options, each: &mut *each, reports: Vec::new(), stopped: false };
        done = run.targets(&targets, request.missed);
        let stopped = run.stopped;
        reports.extend(run.reports);
        if done.is_err() || stopped {
            break;
        }
    }
    // The browser's processes and profile end as soon as the run's pages
    // are read, whatever the caller does next.
    if let Some(guard) = &mut source {
        guard.source_mut().stop();
    }
    // No site answered, so a new archive is dropped unnamed: nothing of
    // this run is left, its pace file neither (that no request reached
    // the site, there is no pace to keep).
    if store.is_unnamed() && !pace_was_there {
        let _ = std::fs::remove_file(pace_file(store.path()));
    }
    done.map(|()| reports)
}

/// What a logged fetch asked for, as `log` says it: the size class, and
/// for a special its date, read from the request (a special asked for by
/// its date, a catch-up) or else from the puzzle the page gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AskedFor {
    pub class: Asked,
    pub date: Option<String>,
    /// A past special asked for by its date (a catch-up, or `--date`).
    pub caught_up: bool,
}

impl AskedFor {
    pub fn of(fetch: &crate::store::LoggedFetch) -> Option<AskedFor> {
        let site = SiteId::of_url(&fetch.url).unwrap_or(AQUARIUM);
        let stored = fetch.size_class.and_then(|c| u8::try_from(c).ok()).and_then(|n| SizeClass::of(site, n));
        match read_request(&fetch.url) {
            Some(Request::Special(class, date)) => {
                Some(AskedFor { class: Asked::Class(class), date: Some(date.to_string()), caught_up: true })
            }
            asked => {
                let class = stored.map(Asked::Class).or(asked.map(Request::asked))?;
                Some(AskedFor { class, date: fetch.special_date.clone(), caught_up: false })
            }
        }
    }
}

impl std::fmt::Display for AskedFor {
    /// `daily 2026-08-20, caught up`, `weekly 2026-08-24`, `6x6-easy`;
    /// a sister site's class with its site: `star-battle daily 2026-08-20`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.class.site() != AQUARIUM {
            write!(f, "{} ", self.class.site())?;
        }
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

    fn open(&mut self, url: &str, form: Option<&str>) -> Page {
        self.inner().open(url, form)
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
                Target::Dated { class, day } => self.special(Asked::Class(class), Wanted::Day(day))?,
                Target::AtPath { day: Some(day), .. } => self.special(target.asked(), Wanted::Day(day))?,
                Target::AtPath { day: None, .. } => {
                    self.special(target.asked(), if missed { Wanted::Missed } else { Wanted::Newer })?;
                }
                Target::New { class, .. } if class.is_special() => {
                    self.special(Asked::Class(class), if missed { Wanted::Missed } else { Wanted::Newer })?;
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
    /// A special asked for at its path is known by its number once its
    /// page is read.
    fn special(&mut self, asked: Asked, wanted: Wanted) -> Result<(), FetchError> {
        tracing::info!(site = %asked.site(), class = asked.name(), "fetching a special");
        let held_before = match asked.class() {
            Some(class) => Some(self.held(class)?),
            None => None,
        };
        let today = self.page(Request::current(asked))?;
        let offered = today.offered.clone();
        let page_class = today.extracted.as_ref().map(|e| e.class);
        let todays = today.extracted.as_ref().and_then(|e| e.date.as_deref()).and_then(|d| d.parse::<Date>().ok());
        // No page at all is the site's trouble, not the page's: the next run
        // tries again.
        if today.snapshot.is_none() || self.stopped {
            return Ok(());
        }
        let Some(class) = asked.class().or(page_class) else {
            return Ok(());
        };
        let held = match held_before {
            Some(held) => held,
            None => self.held(class)?,
        };
        if offered.is_empty() {
            self.stopped |= (self.each)(FetchEvent::NoOffers { class: asked }).is_break();
        }
        let mut past: Vec<Date> = match wanted {
            Wanted::Day(day) => match offered_for(class, day, &offered) {
                Some(date) => vec![date],
                None => return Err(FetchError::NotOffered { class: asked, day, offered }),
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
            && let Some(kind) = class.kind()
        {
            let (class_number, day) = (i64::from(class.param()), date.to_string());
            if let Some(puzzle) = self.store.special_id(kind, class_number, &day).map_err(ArchiveError::from)? {
                self.stopped |= (self.each)(FetchEvent::Held { class: asked, date: *date, puzzle }).is_break();
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

    /// The dates of the specials of `class` the archive holds, oldest first.
    fn held(&self, class: SizeClass) -> Result<Vec<Date>, FetchError> {
        let Some(kind) = class.kind() else { return Ok(Vec::new()) };
        let held = self.store.special_dates(kind, i64::from(class.param())).map_err(ArchiveError::from)?;
        Ok(held.iter().filter_map(|d| d.parse().ok()).collect())
    }
}

/// One logged fetch, as `log --json` writes it: the log's row, and what
/// the fetch asked for (its class, and a past special's date).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LogRecord {
    /// A past special asked for by its date: that date.
    pub asked_date: Option<String>,
    pub caught_up: bool,
    pub class: Option<&'static str>,
    pub error: Option<String>,
    pub fetched_at: String,
    pub http_status: Option<u16>,
    pub id: i64,
    pub method: String,
    pub outcome: crate::store::FetchOutcome,
    pub puzzle: Option<i64>,
    pub removed_at: Option<String>,
    pub removed_puzzle: Option<i64>,
    pub size_class: Option<i64>,
    pub snapshot: Option<String>,
    pub special_date: Option<String>,
    pub tries: Option<crate::store::Tries>,
    pub url: String,
}

impl LogRecord {
    pub fn of(fetch: &crate::store::LoggedFetch) -> LogRecord {
        let asked = AskedFor::of(fetch);
        LogRecord {
            asked_date: asked.as_ref().filter(|a| a.caught_up).and_then(|a| a.date.clone()),
            caught_up: asked.as_ref().is_some_and(|a| a.caught_up),
            class: asked.as_ref().map(|a| a.class.name()),
            error: fetch.error.clone(),
            fetched_at: crate::shared::time_text(fetch.fetched_at),
            http_status: fetch.http_status,
            id: fetch.id,
            method: fetch.method.clone(),
            outcome: fetch.outcome,
            puzzle: fetch.puzzle,
            removed_at: fetch.removed_at.map(crate::shared::time_text),
            removed_puzzle: fetch.removed_puzzle,
            size_class: fetch.size_class,
            snapshot: fetch.snapshot.clone(),
            special_date: fetch.special_date.clone(),
            tries: fetch.tries,
            url: fetch.url.clone(),
        }
    }
}
