//! The site's robots.txt, asked for at most once a day and kept like every
//! page fetched: its bytes as a snapshot, its fetch in the log. Within a
//! day of the last answer, the stored copy is read and no request is made.
//! When the site cannot give it (unreachable, or a 5xx after the fetcher's
//! retries), the newest stored answer stands in, whatever its age; with
//! none, nothing may be fetched (RFC 9309, 2.3.1.4). What the rules allow
//! is applied by `site::robots`.

use std::time::Duration;

use jiff::Timestamp;

use crate::site::FetchFailure;
use crate::site::fetch::PageSource;
use crate::site::robots::{Robots, RobotsError, robots_url};
use crate::site::url::SiteUrls;
use crate::store::{Fetch, Store, StoreError};

/// How long a stored robots.txt is used before it is asked for again.
pub const FRESH_FOR: Duration = Duration::from_secs(24 * 60 * 60);

/// Why there are no rules to fetch by.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Robots(#[from] RobotsError),
    #[error("{}", unreachable_text(url, failure))]
    Unreachable { url: String, failure: FetchFailure },
}

/// Why nothing was fetched without robots.txt. A site whose name does not
/// resolve (a machine offline) is said first, in one short line, and the
/// resolver's words on the next: robots.txt is only the first thing it was
/// asked for.
fn unreachable_text(url: &str, failure: &FetchFailure) -> String {
    let next = "The next run asks again";
    match failure {
        FetchFailure::Unresolved { host, why } => format!(
            "the site's name {host} could not be resolved: is this machine offline? Nothing was fetched\n  \
             ({why}) {next}"
        ),
        _ => format!(
            "robots.txt at {url} could not be fetched ({failure}) and the archive has no earlier copy of it, so \
             nothing was fetched: without it aquarchive cannot know what the site allows. {next}"
        ),
    }
}

/// Where the rules in force came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesFrom {
    /// Asked for now.
    Fetched,
    /// A copy stored less than a day ago: no request was made.
    Fresh(Timestamp),
    /// The site could not give robots.txt now, so the newest stored copy,
    /// fetched at this time, stands in.
    Stale { fetched_at: Timestamp, failure: FetchFailure },
}

/// The rules a run fetches by, and where they came from.
#[derive(Debug)]
pub struct SiteRules {
    pub robots: Robots,
    pub from: RulesFrom,
}

impl SiteRules {
    /// The least time between two requests: `min_delay`, or robots.txt's
    /// `Crawl-delay` when that is longer.
    pub fn delay(&self, min_delay: Duration) -> Duration {
        match self.robots.crawl_delay() {
            Some(crawl) if crawl > min_delay => {
                tracing::info!(
                    robots = self.robots.url(),
                    crawl_delay_ms = crawl.as_millis() as u64,
                    min_delay_ms = min_delay.as_millis() as u64,
                    "robots.txt asks for a longer delay between requests than site.min_delay_ms; keeping it"
                );
                crawl
            }
            _ => min_delay,
        }
    }
}

/// The robots.txt rules for `agent` (a product token) at the site of
/// `urls`: the stored copy when it is less than a day old, else asked for
/// through `fetcher` (plain HTTP, whatever fetches the pages) and kept.
pub fn site_rules(
    store: &mut Store,
    fetcher: &mut dyn PageSource,
    urls: &SiteUrls,
    agent: &str,
) -> Result<SiteRules, RulesError> {
    let url = robots_url(urls.base())?;
    let newest = store.newest_answered_fetch(&url)?;
    if let Some(fetch) = &newest
        && age(fetch.fetched_at) < FRESH_FOR
        && let Some(robots) = stored_rules(store, fetch, agent)?
    {
        tracing::debug!(url, fetched_at = %fetch.fetched_at, "robots.txt: using the copy fetched within a day");
        return Ok(SiteRules { robots, from: RulesFrom::Fresh(fetch.fetched_at) });
    }
    let page = fetcher.get(&url);
    // RFC 9309: a 4xx says there is no robots.txt, which is an answer; only
    // an unreachable site or a server error is a failure.
    let failure = page.failure.filter(|f| !matches!(f, FetchFailure::Status(400..=499)));
    let snapshot =
        if page.bytes.is_empty() { None } else { Some(store.put_snapshot(&page.bytes, Some("text/plain"))?) };
    let error = failure.as_ref().map(ToString::to_string);
    store.log_fetch(&url, fetcher.method().as_str(), page.status, error.as_deref(), snapshot.as_deref(), page.tries)?;
    tracing::debug!(
        url,
        status = page.status,
        snapshot = snapshot.as_deref(),
        error = error.as_deref(),
        "robots.txt fetched"
    );
    let Some(failure) = failure else {
        let robots = Robots::from_answer(&url, agent, page.status, &page.bytes)?;
        return Ok(SiteRules { robots, from: RulesFrom::Fetched });
    };
    if let Some(fetch) = &newest
        && let Some(robots) = stored_rules(store, fetch, agent)?
    {
        return Ok(SiteRules { robots, from: RulesFrom::Stale { fetched_at: fetch.fetched_at, failure } });
    }
    Err(RulesError::Unreachable { url, failure })
}

/// The rules of a stored answer; None when its snapshot is gone.
fn stored_rules(store: &Store, fetch: &Fetch, agent: &str) -> Result<Option<Robots>, RulesError> {
    let bytes = match &fetch.snapshot {
        Some(sha) => match store.snapshot(sha)? {
            Some(bytes) => bytes,
            None => return Ok(None),
        },
        // An empty body: no rules.
        None => Vec::new(),
    };
    Ok(Some(Robots::from_answer(&fetch.url, agent, fetch.http_status, &bytes)?))
}

/// How long ago `then` was; a time in the future (a clock set back) counts
/// as long ago, so robots.txt is asked for again.
fn age(then: Timestamp) -> Duration {
    let since = Timestamp::now().duration_since(then);
    if since.is_negative() { Duration::MAX } else { since.unsigned_abs() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> SiteRules {
        let robots = Robots::from_answer("http://x/robots.txt", "aquarchive", Some(200), text.as_bytes()).unwrap();
        SiteRules { robots, from: RulesFrom::Fetched }
    }

    #[test]
    fn a_crawl_delay_only_ever_lengthens_the_delay() {
        let second = Duration::from_secs(1);
        assert_eq!(rules("User-agent: aquarchive\nCrawl-delay: 5\n").delay(second), Duration::from_secs(5));
        assert_eq!(rules("User-agent: aquarchive\nCrawl-delay: 0.5\n").delay(second), second);
        assert_eq!(rules("User-agent: *\nDisallow: /x\n").delay(second), second);
    }
}
