//! Fetching pages over HTTP (reqwest, rustls): polite pacing, timeouts, and
//! retries where a retry can help: after the wait the site asks for
//! (`Retry-After`, seconds or an HTTP date, up to a limit), else with
//! exponential backoff.

use std::io::Read;
use std::time::Duration;

use jiff::Timestamp;

use super::fetch::{FetchSettings, Method, Page, PageSource};
use super::pace::{HeldOff, Pacer};
use super::{FetchFailure, SiteError};
use aquarchive_shared::{Tries, error_chain as chain};

pub struct HttpFetcher {
    client: reqwest::blocking::Client,
    settings: FetchSettings,
    pacer: Pacer,
}

impl HttpFetcher {
    pub fn new(settings: FetchSettings) -> Result<HttpFetcher, SiteError> {
        let client = reqwest::blocking::Client::builder()
            .user_agent(settings.user_agent.clone())
            .timeout(settings.timeout)
            .connect_timeout(settings.timeout)
            .build()
            .map_err(|e| SiteError::Setup(format!("cannot set up the HTTP client: {}", chain(&e))))?;
        let pacer = settings.pacer().map_err(|e| SiteError::Setup(e.to_string()))?;
        Ok(HttpFetcher { client, settings, pacer })
    }

    /// One request: where it ended (after redirects), the status, as much
    /// of the body as arrived, and the wait the site asked for.
    fn attempt(&self, url: &str, form: Option<&str>) -> Answer {
        let request = match form {
            None => self.client.get(url),
            Some(form) => self
                .client
                .post(url)
                .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(form.to_string()),
        };
        let mut response = match request.send() {
            Ok(response) => response,
            // The URL is in the fetch record already; the message need not repeat it.
            Err(e) => {
                let failure = Some(self.failure(url, &e.without_url()));
                return Answer { landed: url.to_string(), status: None, bytes: Vec::new(), failure, retry_after: None };
            }
        };
        let landed = response.url().to_string();
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned());
        let mut bytes = Vec::new();
        let failure = match response.read_to_end(&mut bytes) {
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut || chain(&e).contains("timed out") => {
                Some(FetchFailure::Timeout(self.settings.timeout))
            }
            Err(e) => Some(FetchFailure::Truncated { received: bytes.len(), why: chain(&e) }),
            Ok(_) => (status >= 400).then_some(FetchFailure::Status(status)),
        };
        Answer { landed, status: Some(status), bytes, failure, retry_after }
    }

    fn failure(&self, url: &str, e: &reqwest::Error) -> FetchFailure {
        if e.is_timeout() {
            return FetchFailure::Timeout(self.settings.timeout);
        }
        let why = chain(e);
        // reqwest says a failed name lookup only in words: its connector's
        // "dns error" among the causes.
        match reqwest::Url::parse(url).ok().and_then(|u| u.host_str().map(str::to_string)) {
            Some(host) if e.is_connect() && why.contains("dns error") => FetchFailure::Unresolved { host, why },
            _ => FetchFailure::Connection(why),
        }
    }
}

impl PageSource for HttpFetcher {
    fn method(&self) -> Method {
        Method::Http
    }

    fn keep_apart(&mut self, delay: Duration) {
        self.pacer.at_least(delay);
    }

    /// A GET, or a POST of `form`, with the pace, the retries and the waits
    /// the site asks for.
    fn open(&mut self, url: &str, form: Option<&str>) -> Page {
        let mut tries = Tries::NONE;
        let longest_secs = self.settings.longest_wait.as_secs();
        loop {
            if let Err(HeldOff { until }) = self.pacer.wait() {
                // An earlier answer (or run) asked to be left alone for longer.
                let failure = FetchFailure::HeldOff { status: None, until, longest_secs };
                tracing::info!(url, %failure, "not fetched");
                return Page::not_fetched(url, tries, failure);
            }
            tries.attempts += 1;
            tracing::info!(url, form, mode = Method::Http.as_str(), attempt = tries.attempts, "fetching");
            let mut answer = self.attempt(url, form);
            tracing::debug!(
                url,
                landed = answer.landed,
                status = answer.status,
                bytes = answer.bytes.len(),
                "answered"
            );
            let busy = matches!(answer.status, Some(429 | 503));
            tries.busy += u32::from(busy);
            let asked = answer.retry_after.as_deref().and_then(|value| {
                let wait = retry_after(value, Timestamp::now());
                if wait.is_none() {
                    tracing::warn!(url, value, "the site's Retry-After is neither seconds nor an HTTP date; ignored");
                }
                wait
            });
            let transient = answer.failure.as_ref().is_some_and(FetchFailure::is_transient);
            if !transient || tries.attempts > self.settings.retries {
                // A Retry-After on the last answer still binds the next run.
                self.pacer.answered(asked.filter(|_| busy));
                if let Some(failure) = &answer.failure {
                    tracing::info!(url, attempt = tries.attempts, %failure, "fetch failed");
                }
                return answer.into_page(tries);
            }
            let wait = match asked {
                Some(wait) if wait > self.settings.longest_wait => {
                    self.pacer.answered(Some(wait));
                    let until = Timestamp::now() + jiff::SignedDuration::try_from(wait).unwrap_or_default();
                    let failure = FetchFailure::HeldOff { status: answer.status, until, longest_secs };
                    tracing::info!(url, attempt = tries.attempts, %failure, "fetch failed");
                    answer.failure = Some(failure);
                    return answer.into_page(tries);
                }
                Some(wait) => wait,
                None => backoff(self.settings.backoff, tries.attempts),
            };
            if let Some(failure) = &answer.failure {
                tracing::info!(url, attempt = tries.attempts, %failure, wait_ms = wait.as_millis() as u64, "retrying after a wait");
            }
            tries.waited_ms += wait.as_millis() as u64;
            self.pacer.answered(Some(wait));
        }
    }
}

/// What one request got.
struct Answer {
    /// Where it ended, after redirects.
    landed: String,
    status: Option<u16>,
    bytes: Vec<u8>,
    failure: Option<FetchFailure>,
    /// The `Retry-After` header, as sent.
    retry_after: Option<String>,
}

impl Answer {
    fn into_page(self, tries: Tries) -> Page {
        Page { url: self.landed, status: self.status, bytes: self.bytes, tries, failure: self.failure }
    }
}

/// The wait a `Retry-After` value asks for at `now`: whole seconds, or an
/// HTTP date (RFC 9110, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`; a date
/// already past asks for none). None when it is neither.
pub fn retry_after(value: &str, now: Timestamp) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let until = jiff::fmt::rfc2822::DateTimeParser::new().parse_timestamp(value).ok()?;
    Some(until.duration_since(now).try_into().unwrap_or(Duration::ZERO))
}

/// The wait before retry number `attempt` (1, 2, ...): `base`, doubling
/// each time, capped at a minute.
pub fn backoff(base: Duration, attempt: u32) -> Duration {
    base.saturating_mul(1 << attempt.saturating_sub(1).min(16)).min(Duration::from_secs(60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped() {
        let base = Duration::from_millis(100);
        assert_eq!(backoff(base, 1), base);
        assert_eq!(backoff(base, 2), base * 2);
        assert_eq!(backoff(base, 4), base * 8);
        assert_eq!(backoff(base, 40), Duration::from_secs(60));
    }

    #[test]
    fn retry_after_reads_seconds_and_http_dates() {
        let now: Timestamp = "2026-12-01T08:00:00Z".parse().unwrap();
        assert_eq!(retry_after("120", now), Some(Duration::from_secs(120)));
        assert_eq!(retry_after(" 0 ", now), Some(Duration::ZERO));
        assert_eq!(retry_after("Tue, 01 Dec 2026 08:01:30 GMT", now), Some(Duration::from_secs(90)));
        assert_eq!(retry_after("Tue, 01 Dec 2026 07:59:00 GMT", now), Some(Duration::ZERO), "a past date");
        assert_eq!(retry_after("soon", now), None);
        assert_eq!(retry_after("-5", now), None);
    }

    #[test]
    fn only_network_and_server_failures_and_slow_downs_are_retried() {
        assert!(FetchFailure::Status(503).is_transient());
        assert!(!FetchFailure::Status(404).is_transient());
        assert!(FetchFailure::Status(429).is_transient());
        assert!(FetchFailure::Timeout(Duration::from_secs(1)).is_transient());
        assert!(FetchFailure::Truncated { received: 3, why: String::new() }.is_transient());
    }
}
