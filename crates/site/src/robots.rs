//! The site's robots.txt (RFC 9309): its rules read for aquarchive's
//! product token, and a page source that does not ask for a page they
//! forbid. Fetching and keeping robots.txt is the archive's
//! (`archive::robots`); this module only reads it and applies it.

use std::time::Duration;

use super::FetchFailure;
use super::fetch::{Method, Page, PageSource};
use aquarchive_shared::Tries;

/// How much of a robots.txt is read: RFC 9309 asks crawlers to parse at
/// least 500 KiB, and what lies past that may be ignored.
const MOST_READ: usize = 500 * 1024;

/// Why a robots.txt gives no rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RobotsError {
    #[error("`{0}` has no robots.txt: it is not an http or https address")]
    NoRobotsUrl(String),
    #[error("robots.txt at {url} cannot be read: {why}")]
    Unreadable { url: String, why: String },
}

/// The address of the robots.txt that governs the site at `base` (the
/// root of its host, whatever path `base` has).
pub fn robots_url(base: &str) -> Result<String, RobotsError> {
    texting_robots::get_robots_url(base).map_err(|_| RobotsError::NoRobotsUrl(base.to_string()))
}

/// The product token of a User-Agent (`aquarchive` of `aquarchive/0.1.0
/// (...)`): the name robots.txt groups are matched against.
pub fn product_token(user_agent: &str) -> &str {
    user_agent.split(['/', ' ']).next().unwrap_or_default()
}

/// The rules of one robots.txt for one product token.
pub struct Robots {
    /// Where the rules come from, for messages.
    url: String,
    agent: String,
    /// None: the site has no robots.txt (a 4xx), so everything is allowed.
    robot: Option<texting_robots::Robot>,
}

impl std::fmt::Debug for Robots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Robots").field("url", &self.url).field("agent", &self.agent).finish_non_exhaustive()
    }
}

impl Robots {
    /// The rules of the robots.txt at `url` for `agent` (a product token),
    /// from the site's answer: a 2xx's body is read; any 4xx means there
    /// is none, and everything is allowed (RFC 9309, 2.3.1.3). Other
    /// answers are failures, which the caller handles before this.
    pub fn from_answer(url: &str, agent: &str, status: Option<u16>, body: &[u8]) -> Result<Robots, RobotsError> {
        let robot = match status {
            Some(400..=499) => None,
            _ => {
                let read = &body[..body.len().min(MOST_READ)];
                let robot = texting_robots::Robot::new(agent, read)
                    .map_err(|e| RobotsError::Unreadable { url: url.to_string(), why: format!("{e:#}") })?;
                Some(robot)
            }
        };
        Ok(Robots { url: url.to_string(), agent: agent.to_string(), robot })
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Whether the rules let this tool ask for `url`.
    pub fn allows(&self, url: &str) -> bool {
        self.robot.as_ref().is_none_or(|robot| robot.allowed(url))
    }

    /// The `Crawl-delay` the rules ask of this tool, if any.
    pub fn crawl_delay(&self) -> Option<Duration> {
        let seconds = self.robot.as_ref()?.delay?;
        Duration::try_from_secs_f32(seconds).ok()
    }

    /// The failure a forbidden `url` is answered with.
    fn forbids(&self, url: &str) -> FetchFailure {
        FetchFailure::Forbidden { robots: self.url.clone(), path: path_and_query(url), agent: self.agent.clone() }
    }
}

/// `/?size=9` of `http://host/?size=9`.
fn path_and_query(url: &str) -> String {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    match after_scheme.find('/') {
        Some(at) => after_scheme[at..].to_string(),
        None => "/".into(),
    }
}

/// A page source that answers a page robots.txt forbids with a failure and
/// makes no request for it; it passes every other page on (the source
/// keeps the pace, `Crawl-delay` included: [`PageSource::keep_apart`]).
pub struct RobotsGuard<S> {
    inner: S,
    robots: Robots,
}

impl<S: PageSource> RobotsGuard<S> {
    pub fn new(inner: S, robots: Robots) -> RobotsGuard<S> {
        RobotsGuard { inner, robots }
    }

    /// The rules of the next site asked, in place of the last one's: one
    /// source, one pace, for every site of a run.
    pub fn set_robots(&mut self, robots: Robots) {
        self.robots = robots;
    }

    /// The rules in force.
    pub fn robots(&self) -> &Robots {
        &self.robots
    }

    /// The source the pages robots.txt allows are asked of.
    pub fn source_mut(&mut self) -> &mut S {
        &mut self.inner
    }

    /// The failure of a page robots.txt forbids, or None.
    fn refused(&self, url: &str) -> Option<Page> {
        if self.robots.allows(url) {
            return None;
        }
        tracing::info!(url, robots = self.robots.url, "robots.txt forbids the page; not asking for it");
        Some(Page::not_fetched(url, Tries::NONE, self.robots.forbids(url)))
    }
}

impl<S: PageSource> PageSource for RobotsGuard<S> {
    fn method(&self) -> Method {
        self.inner.method()
    }

    fn open(&mut self, url: &str, form: Option<&str>) -> Page {
        self.refused(url).unwrap_or_else(|| self.inner.open(url, form))
    }

    fn keep_apart(&mut self, delay: Duration) {
        self.inner.keep_apart(delay);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Robots {
        Robots::from_answer("http://127.0.0.1:1/robots.txt", "aquarchive", Some(200), text.as_bytes()).unwrap()
    }

    #[test]
    fn the_group_for_aquarchive_is_the_one_that_counts() {
        let robots =
            rules("User-agent: *\nDisallow: /\n\nUser-agent: Aquarchive\nDisallow: /?size=9\nCrawl-delay: 4\n");
        assert!(robots.allows("http://127.0.0.1:1/?size=0"));
        assert!(!robots.allows("http://127.0.0.1:1/?size=9"));
        assert_eq!(robots.crawl_delay(), Some(Duration::from_secs(4)));
        let others = rules("User-agent: otherbot\nDisallow: /\n");
        assert!(others.allows("http://127.0.0.1:1/?size=9"));
        assert_eq!(others.crawl_delay(), None);
        let everyone = rules("User-agent: *\nDisallow: /\n");
        assert!(!everyone.allows("http://127.0.0.1:1/?size=0"));
    }

    #[test]
    fn a_missing_robots_txt_allows_everything() {
        for status in [404, 410, 401, 429] {
            let robots =
                Robots::from_answer("http://x/robots.txt", "aquarchive", Some(status), b"User-agent: *\nDisallow: /\n")
                    .unwrap();
            assert!(robots.allows("http://x/?size=0"), "{status}");
        }
        assert!(rules("").allows("http://x/anything"));
    }

    #[test]
    fn the_robots_url_is_at_the_root_of_the_host() {
        assert_eq!(
            robots_url("https://www.puzzle-aquarium.com/").unwrap(),
            "https://www.puzzle-aquarium.com/robots.txt"
        );
        assert_eq!(robots_url("http://127.0.0.1:8080/aquarium/").unwrap(), "http://127.0.0.1:8080/robots.txt");
        assert!(robots_url("file:///tmp/x").is_err());
        assert_eq!(product_token(crate::fetch::USER_AGENT), "aquarchive");
        assert_eq!(path_and_query("http://127.0.0.1:8080/?size=9"), "/?size=9");
        assert_eq!(path_and_query("http://127.0.0.1:8080"), "/");
    }

    /// A source that must not be asked.
    struct Unasked;

    impl PageSource for Unasked {
        fn method(&self) -> Method {
            Method::Http
        }
        fn open(&mut self, url: &str, form: Option<&str>) -> Page {
            panic!("asked for {url} (form {form:?})")
        }
        fn keep_apart(&mut self, _: Duration) {}
    }

    #[test]
    fn a_forbidden_page_is_not_asked_for_and_fails_for_good() {
        let robots = rules("User-agent: aquarchive\nDisallow: /\n");
        let mut guard = RobotsGuard::new(Unasked, robots);
        let page = guard.get("http://127.0.0.1:1/?size=9");
        let failure = page.failure.unwrap();
        assert!(!failure.is_transient());
        assert_eq!(
            failure.to_string(),
            "robots.txt at http://127.0.0.1:1/robots.txt forbids /?size=9 to aquarchive; aquarchive honours it and \
             did not ask for the page"
        );
        assert_eq!(page.tries.attempts, 0);
        let posted = guard.post("http://127.0.0.1:1/", "size=9&date=2025-12-01&specific=1");
        assert_eq!(posted.tries.attempts, 0);
        assert!(posted.failure.unwrap().to_string().contains("forbids / to aquarchive"));
    }
}
