//! Fetching pages through a real headless browser (fantoccini over
//! WebDriver): the page's JavaScript draws the board, and we read the DOM.
//! The browser itself, its processes and session, is `browser_process`'s.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};

// Where they were before the browser's processes had a module of their own.
pub use super::browser_process::{Browser, BrowserSettings, Unsandboxed, kill_running};
use super::fetch::{FetchSettings, Method, Page, PageSource};
use super::pace::{HeldOff, Pacer};
use super::raw::is_not_found;
pub use super::sandbox::Sandbox;
use super::{FetchFailure, SiteError, markup};
use crate::shared::Tries;

pub struct BrowserFetcher {
    browser: Browser,
    settings: FetchSettings,
    board_wait: Duration,
    pacer: Pacer,
}

impl BrowserFetcher {
    /// Starts (or connects to) the WebDriver server and opens a session.
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
    /// and returns the DOM as HTML.
    async fn load(
        client: &Client,
        url: &str,
        form: Option<&str>,
        wait: Duration,
        timeout: Duration,
    ) -> Result<String, FetchFailure> {
        let failed = |e: fantoccini::error::CmdError| FetchFailure::Browser(e.to_string());
        // A page the browser could not load (an error, or its own error page,
        // `chrome-error://`) will show no board: say why at once, from a
        // plain TCP connection of our own (the browser does not tell).
        let went = match form {
            None => client.goto(url).await,
            Some(form) => post(client, url, form, timeout).await,
        };
        if let Err(e) = went {
            return Err(unreachable(url, timeout).unwrap_or_else(|| failed(e)));
        }
        let browser_error = |url: &str| {
            unreachable(url, timeout).unwrap_or_else(|| {
                FetchFailure::Browser(format!("the browser could not load {url} (it shows its own error page)"))
            })
        };
        if client.current_url().await.is_ok_and(|u| u.scheme() != "http" && u.scheme() != "https") {
            return Err(browser_error(url));
        }
        let started = Instant::now();
        let wait_for = |css: String, at_most: Duration| async move {
            client.wait().at_most(at_most).every(Duration::from_millis(25)).for_element(Locator::Css(&css)).await
        };
        // The board, or the site's error box: the "no such puzzle" page
        // answers at once instead of after the whole wait; so does
        // Chromium's own error page (`body.neterror`: refused, blocked port).
        let first = wait_for(
            format!("{}, {}, {CHROMIUM_ERROR_PAGE_CSS}", markup::BOARD_READY_CSS, markup::ERROR_BOX_CSS),
            wait,
        )
        .await;
        if first.is_ok() && client.find(Locator::Css(CHROMIUM_ERROR_PAGE_CSS)).await.is_ok() {
            return Err(browser_error(url));
        }
        let mut html = client.source().await.map_err(failed)?;
        if first.is_ok() && is_not_found(&html) {
            return Ok(html);
        }
        // Any other error box may sit beside a board still being drawn.
        let board = wait_for(markup::BOARD_READY_CSS.to_string(), wait.saturating_sub(started.elapsed())).await;
        if board.is_ok() {
            html = client.source().await.map_err(failed)?;
        }
        match board {
            Ok(_) => Ok(html),
            // The site's "no such puzzle" page has no board, and is an answer.
            Err(_) if is_not_found(&html) => Ok(html),
            Err(_) => Err(FetchFailure::Browser(format!(
                "no board (`{}`) within {} s; the page title is `{}`",
                markup::BOARD_READY_CSS,
                wait.as_secs_f64(),
                client.title().await.unwrap_or_default()
            ))),
        }
    }
}

impl PageSource for BrowserFetcher {
    fn method(&self) -> Method {
        Method::Browser
    }

    fn keep_apart(&mut self, delay: Duration) {
        self.pacer.at_least(delay);
    }

    fn get(&mut self, url: &str) -> Page {
        self.open(url, None)
    }

    fn post(&mut self, url: &str, form: &str) -> Page {
        self.open(url, Some(form))
    }
}

impl BrowserFetcher {
    /// Opens `url` in the browser, or posts `form` to it, at the site's pace.
    fn open(&mut self, url: &str, form: Option<&str>) -> Page {
        if let Err(HeldOff { until }) = self.pacer.wait() {
            let longest_secs = self.settings.longest_wait.as_secs();
            let failure = FetchFailure::HeldOff { status: None, until, longest_secs };
            return Page {
                url: url.to_string(),
                status: None,
                bytes: Vec::new(),
                tries: Tries::NONE,
                failure: Some(failure),
            };
        }
        tracing::info!(url, form, mode = Method::Browser.as_str(), "fetching");
        let client = self.browser.client();
        // The page's own timeout bounds loading; the board wait comes after.
        let limit = self.settings.timeout + self.board_wait;
        let timeout = self.settings.timeout;
        let result = self.browser.block_on(async {
            tokio::time::timeout(limit, Self::load(client, url, form, self.board_wait, timeout))
                .await
                .unwrap_or(Err(FetchFailure::Timeout(limit)))
        });
        self.pacer.answered(None);
        if let Err(failure) = &result {
            tracing::info!(url, mode = Method::Browser.as_str(), %failure, "fetch failed");
        }
        // WebDriver does not report the HTTP status; what the browser shows
        // is kept either way.
        let (bytes, failure) = match result {
            Ok(html) => (html.into_bytes(), None),
            Err(failure) => (Vec::new(), Some(failure)),
        };
        Page { url: url.to_string(), status: None, bytes, tries: Tries::ONE, failure }
    }
}

/// A browser fetcher that starts its browser when the first page is asked
/// of it, not before: a run that asks for no page (its targets refused,
/// robots.txt forbidding every page) starts no chromedriver and makes no
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

    /// Ends the browser now, if it runs: the session closed, chromedriver
    /// and Chromium killed, the profile removed.
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

    fn open(&mut self, url: &str, form: Option<&str>) -> Page {
        match self.fetcher() {
            Some(fetcher) => fetcher.open(url, form),
            None => Page {
                url: url.to_string(),
                status: None,
                bytes: Vec::new(),
                tries: Tries::NONE,
                failure: Some(FetchFailure::Browser("the browser is not running".into())),
            },
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

    fn get(&mut self, url: &str) -> Page {
        self.open(url, None)
    }

    fn post(&mut self, url: &str, form: &str) -> Page {
        self.open(url, Some(form))
    }
}

/// Posts `form` (URL-encoded fields) to `url` as a page's own form would:
/// from a blank page, a form of hidden fields is built and submitted, and
/// the browser follows to the answer.
async fn post(client: &Client, url: &str, form: &str, timeout: Duration) -> Result<(), fantoccini::error::CmdError> {
    client.goto("about:blank").await?;
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
    client.execute(submit, vec![url.into(), fields.into()]).await?;
    // The answer replaces the blank page; wait for it to leave.
    let started = Instant::now();
    while client.current_url().await?.as_str() == "about:blank" && started.elapsed() < timeout {
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    Ok(())
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
