//! Fetching pages over HTTP (reqwest, rustls): polite pacing, timeouts, and
//! retries with exponential backoff where a retry can help.

use std::io::Read;
use std::time::Duration;

use super::fetch::{FetchSettings, Method, Pacer, Page, PageSource};
use super::{FetchFailure, SiteError};

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
        let pacer = Pacer::new(settings.min_delay);
        Ok(HttpFetcher { client, settings, pacer })
    }

    /// One request: where it ended (after redirects), the status and as
    /// much of the body as arrived.
    fn attempt(&self, url: &str) -> (String, Option<u16>, Vec<u8>, Option<FetchFailure>) {
        let mut response = match self.client.get(url).send() {
            Ok(response) => response,
            // The URL is in the fetch record already; the message need not repeat it.
            Err(e) => return (url.to_string(), None, Vec::new(), Some(self.failure(&e.without_url()))),
        };
        let landed = response.url().to_string();
        let status = response.status().as_u16();
        let mut body = Vec::new();
        if let Err(e) = response.read_to_end(&mut body) {
            let failure = if e.kind() == std::io::ErrorKind::TimedOut || chain(&e).contains("timed out") {
                FetchFailure::Timeout(self.settings.timeout)
            } else {
                FetchFailure::Truncated { received: body.len(), why: chain(&e) }
            };
            return (landed, Some(status), body, Some(failure));
        }
        let failure = (status >= 400).then_some(FetchFailure::Status(status));
        (landed, Some(status), body, failure)
    }

    fn failure(&self, e: &reqwest::Error) -> FetchFailure {
        if e.is_timeout() { FetchFailure::Timeout(self.settings.timeout) } else { FetchFailure::Connection(chain(e)) }
    }
}

impl PageSource for HttpFetcher {
    fn method(&self) -> Method {
        Method::Http
    }

    fn get(&mut self, url: &str) -> Page {
        let mut attempts = 0;
        loop {
            self.pacer.wait();
            attempts += 1;
            tracing::info!(url, mode = Method::Http.as_str(), attempt = attempts, "fetching");
            let (landed, status, bytes, failure) = self.attempt(url);
            self.pacer.answered();
            tracing::debug!(url, landed, status, bytes = bytes.len(), "answered");
            let retry = failure.as_ref().is_some_and(FetchFailure::is_transient) && attempts <= self.settings.retries;
            if !retry {
                if let Some(failure) = &failure {
                    tracing::info!(url, attempt = attempts, %failure, "fetch failed");
                }
                return Page { url: landed, status, bytes, attempts, failure };
            }
            let wait = backoff(self.settings.backoff, attempts);
            if let Some(failure) = &failure {
                tracing::info!(url, attempt = attempts, %failure, wait_ms = wait.as_millis() as u64, "retrying after a wait");
            }
            std::thread::sleep(wait);
        }
    }
}

/// The wait before retry number `attempt` (1, 2, ...): `base`, doubling
/// each time, capped at a minute.
pub fn backoff(base: Duration, attempt: u32) -> Duration {
    base.saturating_mul(1 << attempt.saturating_sub(1).min(16)).min(Duration::from_secs(60))
}

/// An error with its causes: reqwest's own message alone rarely says what
/// went wrong.
pub(crate) fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let said = cause.to_string();
        if !text.contains(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
        source = cause.source();
    }
    text
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
    fn only_network_and_server_failures_are_retried() {
        assert!(FetchFailure::Status(503).is_transient());
        assert!(!FetchFailure::Status(404).is_transient());
        assert!(!FetchFailure::Status(429).is_transient());
        assert!(FetchFailure::Timeout(Duration::from_secs(1)).is_transient());
        assert!(FetchFailure::Truncated { received: 3, why: String::new() }.is_transient());
    }
}
