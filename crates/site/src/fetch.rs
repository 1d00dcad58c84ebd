//! One fetch, start to end: get a page (HTTP or browser), keep its bytes as
//! a snapshot with a record of the fetch, and read the puzzle on it.
//! Judging and storing are the archive's (`archive::fetch`).

use std::time::Duration;

use super::extract::{Extracted, extract};
use super::family::learn_menu;
use super::pace::{PaceFileError, Pacer};
use super::raw::{menu_classes, offered_dates};
use super::url::{Call, Request, SiteUrls};
use super::{ExtractError, FetchFailure};
use aquarchive_shared::Tries;

/// How pages are fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Http,
    Browser,
    /// A page saved to a file and imported.
    File,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Http => "http",
            Method::Browser => "browser",
            Method::File => "file",
        }
    }
}

/// Who aquarchive says it is, unless `site.user_agent` says otherwise: the
/// product token that robots.txt rules name (`aquarchive`), the version and
/// how it behaves. It points at no page: [`user_agent`] adds the contact
/// the user gives, if any.
pub const USER_AGENT: &str =
    concat!("aquarchive/", env!("CARGO_PKG_VERSION"), " (personal puzzle archive, one request at a time)");

/// [`USER_AGENT`], with the contact as crawlers give theirs, `+` and the
/// address last in the comment:
/// `aquarchive/0.1.0 (personal puzzle archive, one request at a time; +https://example.org/bot)`.
pub fn user_agent(contact: Option<&Contact>) -> String {
    match contact {
        None => USER_AGENT.to_string(),
        Some(contact) => {
            let open = USER_AGENT.strip_suffix(')').expect("USER_AGENT ends with its comment");
            format!("{open}; +{})", contact.in_header())
        }
    }
}

/// Where a site's owner can reach whoever runs aquarchive, as written: an
/// http(s) URL, or an e-mail address. Every character is one a
/// User-Agent's comment can carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact(String);

/// Why a text is no [`Contact`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContactError {
    #[error(
        "it holds {0:?}, which a User-Agent header cannot carry (a header is ASCII: write a domain \
         in punycode, xn--..., and the rest of a URL percent-encoded)"
    )]
    NotAscii(char),
    #[error("it holds {0:?}, which a User-Agent header cannot carry in its comment")]
    Unfit(char),
    #[error("it gives a user name or password, which every site asked would be sent")]
    Credentials,
    #[error("it is neither an http(s) URL nor an e-mail address")]
    Neither,
}

impl Contact {
    /// `text` as a contact: `http://` or `https://` and a host (a port,
    /// path, query and fragment may follow), or an e-mail address
    /// `local@domain.tld`, bare or after `mailto:`. Visible ASCII only, and
    /// no `(`, `)` or `\`, which would end or escape the header's comment.
    pub fn parse(text: &str) -> Result<Contact, ContactError> {
        if let Some(c) = text.chars().find(|c| !c.is_ascii()) {
            return Err(ContactError::NotAscii(c));
        }
        if let Some(c) = text.chars().find(|&c| !c.is_ascii_graphic() || matches!(c, '(' | ')' | '\\')) {
            return Err(ContactError::Unfit(c));
        }
        if let Some(rest) = ["http://", "https://"].iter().find_map(|scheme| strip_prefix_ignoring_case(text, scheme)) {
            let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
            if authority.contains('@') {
                return Err(ContactError::Credentials);
            }
            return if is_host_and_port(authority) {
                Ok(Contact(text.to_string()))
            } else {
                Err(ContactError::Neither)
            };
        }
        if is_email(strip_prefix_ignoring_case(text, "mailto:").unwrap_or(text)) {
            Ok(Contact(text.to_string()))
        } else {
            Err(ContactError::Neither)
        }
    }

    /// As written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// As the User-Agent carries it: a URL as written, an e-mail address
    /// as a `mailto:` URL.
    pub fn in_header(&self) -> String {
        let text = self.0.as_str();
        if ["http://", "https://"].iter().any(|scheme| strip_prefix_ignoring_case(text, scheme).is_some()) {
            return text.to_string();
        }
        format!("mailto:{}", strip_prefix_ignoring_case(text, "mailto:").unwrap_or(text))
    }
}

/// `text` after `prefix`, if it starts with it in any case of ASCII letters.
fn strip_prefix_ignoring_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

/// `host` or `host:port`, the host a domain name, an IPv4 address or an
/// IPv6 one in brackets.
fn is_host_and_port(authority: &str) -> bool {
    let (host_ok, after) = match authority.strip_prefix('[').and_then(|rest| rest.split_once(']')) {
        Some((v6, after)) => {
            (!v6.is_empty() && v6.bytes().all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.'), after)
        }
        None => {
            let end = authority.find(':').unwrap_or(authority.len());
            (is_domain(&authority[..end]), &authority[end..])
        }
    };
    let port_ok = after.is_empty()
        || after.strip_prefix(':').is_some_and(|port| !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()));
    host_ok && port_ok
}

/// Dot-separated labels of letters, digits and hyphens, none empty and
/// none starting or ending with a hyphen.
fn is_domain(name: &str) -> bool {
    !name.is_empty()
        && name.split('.').all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// `local@domain.tld`: a local part of the characters RFC 5322 allows
/// unquoted (dots only between them), and a domain of two labels or more.
fn is_email(address: &str) -> bool {
    let Some((local, domain)) = address.rsplit_once('@') else { return false };
    let atext = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&b);
    !local.is_empty()
        && local.split('.').all(|part| !part.is_empty() && part.bytes().all(atext))
        && domain.contains('.')
        && is_domain(domain)
}

/// Politeness: who we say we are, how fast we ask, how long we wait, how
/// often we try again.
#[derive(Clone, Debug)]
pub struct FetchSettings {
    pub user_agent: String,
    /// Between the starts of two requests to the site.
    pub min_delay: Duration,
    /// For one request (connecting and reading the whole body).
    pub timeout: Duration,
    /// Further tries after a timeout, a dropped connection or a 5xx.
    pub retries: u32,
    /// The wait before the first retry; it doubles for each next one.
    pub backoff: Duration,
    /// The longest wait taken when the site asks for one (`Retry-After`);
    /// a request asked to wait longer is given up until a later run.
    pub longest_wait: Duration,
    /// A file that keeps the pace between runs (see [`Pacer`]); None keeps
    /// it within this run only.
    pub pace_file: Option<std::path::PathBuf>,
}

impl FetchSettings {
    /// The pacer these settings ask for.
    pub fn pacer(&self) -> Result<Pacer, PaceFileError> {
        match &self.pace_file {
            Some(path) => Pacer::shared(self.min_delay, self.longest_wait, path),
            None => Ok(Pacer::new(self.min_delay, self.longest_wait)),
        }
    }
}

impl Default for FetchSettings {
    fn default() -> FetchSettings {
        FetchSettings {
            user_agent: USER_AGENT.into(),
            min_delay: Duration::from_secs(3),
            timeout: Duration::from_secs(30),
            retries: 3,
            backoff: Duration::from_secs(2),
            longest_wait: Duration::from_secs(300),
            pace_file: None,
        }
    }
}

/// What one fetch got: as much of the body as arrived, and why it failed,
/// if it did.
#[derive(Clone, Debug)]
pub struct Page {
    /// Where the page came from: the URL asked for, or where the site's
    /// redirects led.
    pub url: String,
    /// None when no answer came (and always for a browser, which does not
    /// report the status).
    pub status: Option<u16>,
    pub bytes: Vec<u8>,
    pub tries: Tries,
    pub failure: Option<FetchFailure>,
}

impl Page {
    /// A page not asked for, or not answered, for the reason `failure`.
    pub fn not_fetched(url: &str, tries: Tries, failure: FetchFailure) -> Page {
        Page { url: url.to_string(), status: None, bytes: Vec::new(), tries, failure: Some(failure) }
    }
}

/// Something that fetches pages: HTTP or a browser.
pub trait PageSource {
    fn method(&self) -> Method;
    /// Opens `url`, or posts `form` (its fields URL-encoded) to it as a
    /// page's own form submits it.
    fn open(&mut self, url: &str, form: Option<&str>) -> Page;
    fn get(&mut self, url: &str) -> Page {
        self.open(url, None)
    }
    fn post(&mut self, url: &str, form: &str) -> Page {
        self.open(url, Some(form))
    }
    /// Keeps requests at least `delay` apart from now on, when that is
    /// longer than the delay set (robots.txt's `Crawl-delay`).
    fn keep_apart(&mut self, delay: Duration);
}

/// The bytes of a page exactly as fetched, addressed by their sha256.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub sha256: String,
    pub bytes: Vec<u8>,
}

impl Snapshot {
    pub fn of(bytes: Vec<u8>) -> Snapshot {
        Snapshot { sha256: aquarchive_shared::sha256_hex(&bytes), bytes }
    }
}

/// The log line of one fetch.
#[derive(Clone, Debug)]
pub struct FetchRecord {
    /// The request as the log writes it ([`Call::logged`]): a URL, or a
    /// form's POST.
    pub url: String,
    pub method: Method,
    /// Seconds since the Unix epoch when the fetch started.
    pub started: u64,
    pub status: Option<u16>,
    pub tries: Tries,
    /// Why it gave no good puzzle, if it did not.
    pub error: Option<String>,
}

/// Why a fetch gave no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error(transparent)]
    Fetch(FetchFailure),
    #[error(transparent)]
    Extract(ExtractError),
    /// The site sent the request elsewhere, and the page there gave no
    /// puzzle: the site may have moved (docs/site.md, "A newer combined site").
    #[error("the site redirected to {to}, and {source}")]
    Redirected { to: String, source: ExtractError },
}

/// One fetch: the record, the snapshot (whenever any bytes arrived), and
/// the puzzle read from the page or why there is none.
#[derive(Clone, Debug)]
pub struct Fetched {
    pub record: FetchRecord,
    pub snapshot: Option<Snapshot>,
    pub result: Result<Extracted, FetchError>,
    /// The specials the page offers in its date list, whatever became of
    /// its puzzle (see [`offered_dates`]).
    pub offered: Vec<jiff::civil::Date>,
}

fn now_secs() -> u64 {
    // Before the epoch only on a clock set wrong.
    u64::try_from(jiff::Timestamp::now().as_second()).unwrap_or(0)
}

/// Fetches what `request` names and reads the puzzle on the page.
pub fn fetch(source: &mut dyn PageSource, urls: &SiteUrls, request: Request) -> Fetched {
    let call = request.call(urls);
    let url = call.url().to_string();
    let started = now_secs();
    let page = match &call {
        Call::Get(url) => source.get(url),
        Call::Post { url, form } => source.post(url, form),
    };
    let result = match page.failure {
        Some(failure) => Err(FetchError::Fetch(failure)),
        None => process(&page.bytes, request).map_err(|e| match e {
            FetchError::Extract(source) if page.url != url => FetchError::Redirected { to: page.url.clone(), source },
            other => other,
        }),
    };
    let record = FetchRecord {
        url: call.logged(),
        method: source.method(),
        started,
        status: page.status,
        tries: page.tries,
        error: result.as_ref().err().map(ToString::to_string),
    };
    let offered = offered_dates(&page.bytes);
    // A page's size menu names the site's classes: learned, so that this
    // run and its reports name them as the site does.
    learn_menu(request.site(), &menu_classes(&page.bytes));
    let snapshot = (!page.bytes.is_empty()).then(|| Snapshot::of(page.bytes));
    Fetched { record, snapshot, result, offered }
}

/// A page saved to a file, read as if it had just been fetched: its record
/// has method `file` and a `file:` URL naming the path.
pub fn read_saved(path: &std::path::Path, bytes: Vec<u8>) -> Fetched {
    let result = process_saved(&bytes);
    let record = FetchRecord {
        url: format!("file:{}", path.display()),
        method: Method::File,
        started: now_secs(),
        status: None,
        tries: Tries::ONE,
        error: result.as_ref().err().map(ToString::to_string),
    };
    let offered = offered_dates(&bytes);
    Fetched { record, snapshot: Some(Snapshot::of(bytes)), result, offered }
}

/// From a saved page's bytes to the puzzle on it: nothing was asked for,
/// so the page alone says what it holds. What `import` and `reparse` run
/// on a page saved to a file.
pub fn process_saved(bytes: &[u8]) -> Result<Extracted, FetchError> {
    extract(bytes, None::<super::url::Asked>).map_err(FetchError::Extract)
}

/// From a page's bytes to the puzzle on it, checked against what was
/// asked for; also what `reparse` runs on a stored snapshot. A special
/// asked for by its date must be that date's: a page of another date, or
/// of none, is refused, so that nothing is stored under a date not its own.
pub fn process(bytes: &[u8], request: Request) -> Result<Extracted, FetchError> {
    let extracted = extract(bytes, Some(request.asked())).map_err(FetchError::Extract)?;
    match (request, extracted.id, &extracted.date) {
        (Request::Puzzle(_, asked), Some(page), _) if asked != page => {
            Err(FetchError::Extract(ExtractError::WrongId { page: page.to_string(), asked: asked.to_string() }))
        }
        (Request::Special(_, asked), _, page)
            if page.as_deref() != Some(asked.strftime("%Y-%m-%d").to_string().as_str()) =>
        {
            Err(FetchError::Extract(ExtractError::WrongDate { page: page.clone(), asked: asked.to_string() }))
        }
        _ => Ok(extracted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_are_named_by_their_sha256() {
        let snapshot = Snapshot::of(b"abc".to_vec());
        assert_eq!(snapshot.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    /// A source that answers from a list, to test `fetch` without a network.
    struct Canned(Vec<Page>);

    impl PageSource for Canned {
        fn method(&self) -> Method {
            Method::Http
        }
        fn keep_apart(&mut self, _: Duration) {}
        fn open(&mut self, url: &str, _: Option<&str>) -> Page {
            let mut page = self.0.remove(0);
            page.url = url.to_string();
            page
        }
    }

    fn page(bytes: &[u8], status: u16, failure: Option<FetchFailure>) -> Page {
        Page { url: String::new(), status: Some(status), bytes: bytes.to_vec(), tries: Tries::ONE, failure }
    }

    #[test]
    fn a_failed_fetch_keeps_its_bytes_and_says_why() {
        let urls = SiteUrls::new("http://127.0.0.1:1/");
        let class = crate::url::SizeClass::from_param(0).unwrap();
        let mut source = Canned(vec![
            page(b"oops", 500, Some(FetchFailure::Status(500))),
            page(b"", 200, None),
            page(b"<div class=\"err\">Unable to load puzzle. No puzzle with such ID.</div>", 200, None),
        ]);
        let got = fetch(&mut source, &urls, Request::New(class));
        assert_eq!(got.snapshot.unwrap().bytes, b"oops");
        assert_eq!(got.record.error.as_deref(), Some("HTTP status 500"));
        assert_eq!(got.record.url, "http://127.0.0.1:1/?size=0");
        let got = fetch(&mut source, &urls, Request::New(class));
        assert!(got.snapshot.is_none());
        assert!(matches!(got.result, Err(FetchError::Extract(ExtractError::NoPuzzle))));
        let got = fetch(&mut source, &urls, Request::Puzzle(class, crate::url::PuzzleId(5)));
        assert!(matches!(got.result, Err(FetchError::Extract(ExtractError::NotFound))));
    }

    /// A special page of 2025-12-08 that offers the three days before it.
    fn special_page(date: &str) -> Vec<u8> {
        format!(
            "<script>var task = '1_1_1_1;1,2,3,4'; x({{ puzzleWidth: 2, puzzleHeight: 2 ,special: 1 ,specialDate: \
             '{date}' }}); Game.plSize = 9;</script><form><select name=\"date\"><option value=\"2025-12-08\" \
             selected=\"selected\">Dec 08, 2025</option><option value=\"2025-12-07\">Dec 07, 2025</option>\
             <option value=\"2025-12-06\">Dec 06, 2025</option></select></form>"
        )
        .into_bytes()
    }

    #[test]
    fn a_special_asked_for_by_date_must_be_that_dates() {
        let urls = SiteUrls::new("http://127.0.0.1:1/");
        let daily = crate::url::SizeClass::DAILY;
        let asked = Request::Special(daily, "2025-12-07".parse().unwrap());
        let mut source = Canned(vec![page(&special_page("2025-12-07"), 200, None)]);
        let got = fetch(&mut source, &urls, asked);
        assert_eq!(got.result.unwrap().date.as_deref(), Some("2025-12-07"));
        assert_eq!(got.record.url, "POST http://127.0.0.1:1/ size=9&date=2025-12-07&specific=1");
        assert_eq!(got.offered.len(), 3);
        // Another date's page, or one with no date, is refused, its list still read.
        let mut source = Canned(vec![page(&special_page("2025-12-08"), 200, None)]);
        let got = fetch(&mut source, &urls, asked);
        assert_eq!(
            got.record.error.as_deref(),
            Some("the page is the special of 2025-12-08, not of 2025-12-07 as asked")
        );
        assert_eq!(got.offered.len(), 3);
        let undated = String::from_utf8(special_page("x")).unwrap().replace("specialDate: 'x'", "");
        let undated = undated.replace(" selected=\"selected\"", "");
        let mut source = Canned(vec![page(undated.as_bytes(), 200, None)]);
        let got = fetch(&mut source, &urls, asked);
        assert!(matches!(got.result, Err(FetchError::Extract(ExtractError::WrongDate { page: None, .. }))));
        // Today's page, asked for without a date, is whatever date it gives.
        assert!(process(&special_page("2025-12-08"), Request::New(daily)).is_ok());
    }
}
