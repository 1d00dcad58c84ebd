//! Fetching pages through a real headless Chromium, driven over the
//! DevTools protocol: the page's JavaScript draws the board, and we read
//! the DOM. The browser itself, its processes and page, is
//! `browser_process`'s.

use std::time::{Duration, Instant};

// Where they were before the browser's processes had a module of their own.
pub use super::browser_process::{Browser, BrowserSettings, Unsandboxed, kill_running};
pub use super::devtools::DevToolsError;
use super::fetch::{FetchSettings, Method, Page, PageSource};
use super::pace::{HeldOff, Pacer};
use super::raw::is_not_found;
pub use super::sandbox::Sandbox;
use super::{FetchFailure, SiteError, markup};
use aquarchive_shared::Tries;

pub struct BrowserFetcher {
    browser: Browser,
    settings: FetchSettings,
    board_wait: Duration,
    pacer: Pacer,
}

/// How often a page is asked whether what is waited for has come.
const POLL: Duration = Duration::from_millis(25);

impl BrowserFetcher {
    /// Starts Chromium and opens a page in it.
    pub fn start(settings: FetchSettings, browser: &BrowserSettings) -> Result<BrowserFetcher, SiteError> {
        Ok(BrowserFetcher {
            browser: Browser::start(browser)?,
            board_wait: browser.board_wait,
            pacer: settings.pacer().map_err(|e| SiteError::Setup(e.to_string()))?,
            settings,
        })
    }

    /// Why Chromium runs without its sandbox, or None when it keeps it.
    pub fn unsandboxed(&self) -> Option<Unsandboxed> {
        self.browser.unsandboxed()
    }

    /// Loads `url` (posting `form` to it, if given), waits for the board,
    /// and returns the DOM as HTML; all by `deadline`, else a timeout of
    /// `limit` (the time from the start to the deadline).
    fn load(&self, url: &str, form: Option<&str>, deadline: Instant, limit: Duration) -> Result<String, FetchFailure> {
        let browser = &self.browser;
        let (wait, timeout) = (self.board_wait, self.settings.timeout);
        let failed = |e: DevToolsError| match e {
            DevToolsError::Timeout => FetchFailure::Timeout(limit),
            e => FetchFailure::Browser(e.to_string()),
        };
        // A page the browser could not load (an error, or its own error page,
        // `chrome-error://`) will show no board: say why at once, from a
        // plain TCP connection of our own (the browser does not tell).
        let went = match form {
            None => browser.goto(url, deadline),
            Some(form) => post(browser, url, form, timeout, deadline),
        };
        match went {
            Err(DevToolsError::Timeout) => return Err(FetchFailure::Timeout(limit)),
            Err(e) => return Err(unreachable(url, timeout).unwrap_or_else(|| failed(e))),
            Ok(()) => {}
        }
        let browser_error = |url: &str| {
            unreachable(url, timeout).unwrap_or_else(|| {
                FetchFailure::Browser(format!("the browser could not load {url} (it shows its own error page)"))
            })
        };
        match browser.execute("return location.protocol", &[], deadline) {
            Ok(shown) if shown != "http:" && shown != "https:" => return Err(browser_error(url)),
            Err(DevToolsError::Timeout) => return Err(FetchFailure::Timeout(limit)),
            // Shown over HTTP, or not known yet: the wait for the board decides.
            _ => {}
        }
        let started = Instant::now();
        // The board, or the site's error box: the "no such puzzle" page
        // answers at once instead of after the whole wait; so does
        // Chromium's own error page (`body.neterror`: refused, blocked port).
        let any = format!("{}, {}, {CHROMIUM_ERROR_PAGE_CSS}", markup::BOARD_READY_CSS, markup::ERROR_BOX_CSS);
        let first = wait_for(browser, &any, wait, deadline).map_err(failed)?;
        if first && shows(browser, CHROMIUM_ERROR_PAGE_CSS, deadline).map_err(failed)? {
            return Err(browser_error(url));
        }
        let mut html = source(browser, deadline).map_err(failed)?;
        if first && is_not_found(&html) {
            return Ok(html);
        }
        // Any other error box may sit beside a board still being drawn.
        let board = wait_for(browser, markup::BOARD_READY_CSS, wait.saturating_sub(started.elapsed()), deadline)
            .map_err(failed)?;
        if board {
            html = source(browser, deadline).map_err(failed)?;
        }
        match board {
            true => Ok(html),
            // The site's "no such puzzle" page has no board, and is an answer.
            false if is_not_found(&html) => Ok(html),
            false => Err(FetchFailure::Browser(format!(
                "no board (`{}`) within {} s; the page title is `{}`",
                markup::BOARD_READY_CSS,
                wait.as_secs_f64(),
                browser
                    .execute("return document.title", &[], deadline)
                    .ok()
                    .and_then(|t| t.as_str().map(String::from))
                    .unwrap_or_default()
            ))),
        }
    }
}

/// Whether the page shows an element `css` selects now.
fn shows(browser: &Browser, css: &str, deadline: Instant) -> Result<bool, DevToolsError> {
    let found = browser.execute("return document.querySelector(arguments[0]) !== null", &[css.into()], deadline)?;
    Ok(found == true)
}

/// Waits until the page shows an element `css` selects, `wait` at most
/// (never past `deadline`, which is a timeout): whether it came. A page
/// being replaced has no document to ask for a moment: that is not yet.
fn wait_for(browser: &Browser, css: &str, wait: Duration, deadline: Instant) -> Result<bool, DevToolsError> {
    let until = Instant::now() + wait;
    loop {
        match shows(browser, css, deadline) {
            Ok(true) => return Ok(true),
            Ok(false) | Err(DevToolsError::Failed(_)) => {}
            Err(e) => return Err(e),
        }
        if Instant::now() >= until {
            return Ok(false);
        }
        if Instant::now() + POLL >= deadline {
            return Err(DevToolsError::Timeout);
        }
        std::thread::sleep(POLL);
    }
}

/// The page's DOM as HTML, serialized as WebDriver's page source is (the
/// form the archive's earlier browser snapshots have).
fn source(browser: &Browser, deadline: Instant) -> Result<String, DevToolsError> {
    let html = browser.execute("return new XMLSerializer().serializeToString(document)", &[], deadline)?;
    html.as_str()
        .map(String::from)
        .ok_or_else(|| DevToolsError::Failed(format!("the page's source is not text: {html}")))
}

impl PageSource for BrowserFetcher {
    fn method(&self) -> Method {
        Method::Browser
    }

    fn keep_apart(&mut self, delay: Duration) {
        self.pacer.at_least(delay);
    }

    /// Opens `url` in the browser, or posts `form` to it, at the site's pace.
    fn open(&mut self, url: &str, form: Option<&str>) -> Page {
        if let Err(HeldOff { until }) = self.pacer.wait() {
            let longest_secs = self.settings.longest_wait.as_secs();
            let failure = FetchFailure::HeldOff { status: None, until, longest_secs };
            return Page::not_fetched(url, Tries::NONE, failure);
        }
        tracing::info!(url, form, mode = Method::Browser.as_str(), "fetching");
        // The page's own timeout bounds loading; the board wait comes after.
        let limit = self.settings.timeout + self.board_wait;
        let result = self.load(url, form, Instant::now() + limit, limit);
        self.pacer.answered(None);
        if let Err(failure) = &result {
            tracing::info!(url, mode = Method::Browser.as_str(), %failure, "fetch failed");
        }
        // The HTTP status is not read from the browser; what it shows is
        // kept either way.
        let (bytes, failure) = match result {
            Ok(html) => (html.into_bytes(), None),
            Err(failure) => (Vec::new(), Some(failure)),
        };
        Page { url: url.to_string(), status: None, bytes, tries: Tries::ONE, failure }
    }
}

/// A browser fetcher that starts its browser when the first page is asked
/// of it, not before: a run that asks for no page (its targets refused,
/// robots.txt forbidding every page) starts no Chromium and makes no
/// profile. What would refuse the start before anything runs is checked
/// when it is made ([`Browser::check`]); [`LazyBrowser::stop`], or
/// dropping it, ends the browser's processes and removes its profile.
pub struct LazyBrowser {
    settings: FetchSettings,
    browser: BrowserSettings,
    /// What [`PageSource::keep_apart`] asked, for the fetcher once started.
    delay: Duration,
    state: Lazy,
    /// How the start went, until [`LazyBrowser::take_start`] takes it.
    news: Option<Result<Option<Unsandboxed>, SiteError>>,
}

enum Lazy {
    NotYet,
    Running(Box<BrowserFetcher>),
    /// It failed to start, or was stopped: no page is asked of it again.
    Over,
}

impl LazyBrowser {
    /// A fetcher whose browser starts with the first page, once nothing that
    /// can be checked beforehand refuses it.
    pub fn new(settings: FetchSettings, browser: BrowserSettings) -> Result<LazyBrowser, SiteError> {
        Browser::check(&browser)?;
        Ok(LazyBrowser { settings, browser, delay: Duration::ZERO, state: Lazy::NotYet, news: None })
    }

    /// How the browser's start went, once, after the page that started it:
    /// why Chromium runs without its sandbox (None when it keeps it), or why
    /// it did not start (that page then failed without asking anything).
    pub fn take_start(&mut self) -> Option<Result<Option<Unsandboxed>, SiteError>> {
        self.news.take()
    }

    /// Whether the browser runs now.
    pub fn running(&self) -> bool {
        matches!(self.state, Lazy::Running(_))
    }

    /// Ends the browser now, if it runs: Chromium's processes killed, the
    /// profile removed.
    pub fn stop(&mut self) {
        self.state = Lazy::Over;
    }

    /// The running fetcher, started now if this is the first page; None
    /// when it cannot start or was stopped.
    fn fetcher(&mut self) -> Option<&mut BrowserFetcher> {
        if let Lazy::NotYet = self.state {
            match BrowserFetcher::start(self.settings.clone(), &self.browser) {
                Ok(mut fetcher) => {
                    fetcher.keep_apart(self.delay);
                    self.news = Some(Ok(fetcher.unsandboxed()));
                    self.state = Lazy::Running(Box::new(fetcher));
                }
                Err(error) => {
                    self.news = Some(Err(error));
                    self.state = Lazy::Over;
                }
            }
        }
        match &mut self.state {
            Lazy::Running(fetcher) => Some(fetcher),
            _ => None,
        }
    }
}

impl PageSource for LazyBrowser {
    fn method(&self) -> Method {
        Method::Browser
    }

    fn keep_apart(&mut self, delay: Duration) {
        self.delay = self.delay.max(delay);
        if let Lazy::Running(fetcher) = &mut self.state {
            fetcher.keep_apart(delay);
        }
    }

    fn open(&mut self, url: &str, form: Option<&str>) -> Page {
        match self.fetcher() {
            Some(fetcher) => fetcher.open(url, form),
            None => Page::not_fetched(url, Tries::NONE, FetchFailure::Browser("the browser is not running".into())),
        }
    }
}

/// Posts `form` (URL-encoded fields) to `url` as a page's own form would:
/// from a blank page, a form of hidden fields is built and submitted, and
/// the browser follows to the answer, which it has loaded when this
/// returns (or `timeout` has passed).
fn post(browser: &Browser, url: &str, form: &str, timeout: Duration, deadline: Instant) -> Result<(), DevToolsError> {
    let blank = browser.navigate("about:blank", deadline)?;
    // The forms this tool posts (`url::Request::Special`) hold letters,
    // digits and dashes only: nothing in them is encoded.
    let fields: Vec<serde_json::Value> = form
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(name, value)| serde_json::json!([name, value]))
        .collect();
    let submit = "var form = document.createElement('form'); form.method = 'post'; form.action = arguments[0]; \
        arguments[1].forEach(function (field) { var input = document.createElement('input'); input.type = 'hidden'; \
        input.name = field[0]; input.value = field[1]; form.appendChild(input); }); \
        document.body.appendChild(form); form.submit();";
    browser.execute(submit, &[url.into(), fields.into()], deadline)?;
    // The answer replaces the blank page: wait for it to load, `timeout` at
    // most; past that, the wait for the board decides.
    let Some(blank) = blank else { return Ok(()) };
    match browser.wait_for_next_load(&blank, deadline.min(Instant::now() + timeout)) {
        Err(DevToolsError::Timeout) if Instant::now() < deadline => Ok(()),
        went => went,
    }
}

/// The body of the page Chromium shows when it cannot load one.
const CHROMIUM_ERROR_PAGE_CSS: &str = "body.neterror";

/// Why `url`'s host and port take no TCP connection from here (refused,
/// no route, no answer within `timeout`), or None when they do (or the URL
/// names no host to try).
fn unreachable(url: &str, timeout: Duration) -> Option<FetchFailure> {
    use std::net::ToSocketAddrs;
    let parsed = reqwest::Url::parse(url).ok()?;
    let host = parsed.host_str()?;
    let port = parsed.port_or_known_default()?;
    let place = format!("{host}:{port}");
    let addresses = match (host.trim_start_matches('[').trim_end_matches(']'), port).to_socket_addrs() {
        Ok(addresses) => addresses.collect::<Vec<_>>(),
        Err(e) => return Some(FetchFailure::Unresolved { host: host.to_string(), why: e.to_string() }),
    };
    let mut last = None;
    for address in addresses {
        match std::net::TcpStream::connect_timeout(&address, timeout) {
            Ok(_) => return None,
            Err(e) => last = Some(e),
        }
    }
    let e = last?;
    Some(FetchFailure::Connection(match e.kind() {
        std::io::ErrorKind::ConnectionRefused => format!("connection refused to {place} (is the site up?)"),
        std::io::ErrorKind::TimedOut => format!("no answer from {place} within {} s", timeout.as_secs_f64()),
        _ => format!("cannot connect to {place}: {e}"),
    }))
}
