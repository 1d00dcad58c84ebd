//! Settings from `config.toml`: every key has a default, and a key we do
//! not know is an error that names it (a typo must not pass silently).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use thiserror::Error;

#[cfg(feature = "browser")]
use crate::site::browser_process::BrowserSettings;
use crate::site::fetch::FetchSettings;
use crate::site::sandbox::Sandbox;

/// The file read from the working directory when no `--config` is given.
pub const DEFAULT_FILE: &str = "config.toml";

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub archive: ArchiveConfig,
    pub site: SiteConfig,
    pub fetch: FetchConfig,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ArchiveConfig {
    /// The database file; relative paths are from the working directory.
    pub database: PathBuf,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SiteConfig {
    pub base_url: String,
    pub user_agent: String,
    /// Least time between two requests to the site.
    pub min_delay_ms: u64,
    pub timeout_secs: u64,
    /// Further attempts after a failed request.
    pub retries: u32,
    /// The wait before the first retry; it doubles for each next one.
    pub backoff_ms: u64,
    /// The longest wait taken when the site asks for one (`Retry-After`).
    pub retry_after_max_secs: u64,
    /// How many more times a page is fetched when its puzzle reads garbled.
    pub refetch_garbled: u32,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum FetchMethod {
    /// Plain HTTP: the page as the server sends it.
    #[default]
    Http,
    /// A browser through WebDriver: the board as JavaScript draws it.
    #[serde(alias = "browser")]
    Webdriver,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct FetchConfig {
    pub method: FetchMethod,
    /// Started when no `webdriver_url` is given.
    pub chromedriver: PathBuf,
    /// A WebDriver server already running, e.g. `http://localhost:9515`.
    pub webdriver_url: Option<String>,
    /// The browser chromedriver starts.
    pub chromium: PathBuf,
    /// How long a browser waits for the board to be drawn.
    pub board_wait_secs: u64,
    /// Whether Chromium keeps its sandbox: `auto` drops it only as root.
    pub browser_sandbox: Sandbox,
}

impl Default for ArchiveConfig {
    fn default() -> Self {
        ArchiveConfig { database: PathBuf::from("archive/aquarchive.sqlite") }
    }
}

impl Default for SiteConfig {
    fn default() -> Self {
        SiteConfig {
            base_url: "https://www.puzzle-aquarium.com/".into(),
            user_agent: crate::site::fetch::USER_AGENT.into(),
            min_delay_ms: 2000,
            timeout_secs: 30,
            retries: 2,
            backoff_ms: 2000,
            retry_after_max_secs: 300,
            refetch_garbled: 2,
        }
    }
}

impl Default for FetchConfig {
    fn default() -> Self {
        FetchConfig {
            method: FetchMethod::Http,
            chromedriver: PathBuf::from("/usr/bin/chromedriver"),
            webdriver_url: None,
            chromium: PathBuf::from("/usr/bin/chromium"),
            board_wait_secs: 20,
            browser_sandbox: Sandbox::Auto,
        }
    }
}

impl SiteConfig {
    /// The settings as the fetchers take them, with the pace kept through
    /// `pace_file` when one is given.
    pub fn fetch_settings(&self, pace_file: Option<PathBuf>) -> FetchSettings {
        FetchSettings {
            user_agent: self.user_agent.clone(),
            min_delay: Duration::from_millis(self.min_delay_ms),
            timeout: Duration::from_secs(self.timeout_secs),
            retries: self.retries,
            backoff: Duration::from_millis(self.backoff_ms),
            longest_wait: Duration::from_secs(self.retry_after_max_secs),
            pace_file,
        }
    }
}

impl FetchConfig {
    /// Where the browser comes from, as the browser takes it.
    #[cfg(feature = "browser")]
    pub fn browser_settings(&self) -> BrowserSettings {
        BrowserSettings {
            chromedriver: self.chromedriver.clone(),
            chromium: self.chromium.clone(),
            webdriver_url: self.webdriver_url.clone(),
            board_wait: Duration::from_secs(self.board_wait_secs),
            sandbox: self.browser_sandbox,
        }
    }
}

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("{path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    // toml's message names the key and shows the line.
    #[error("{path}: {message}")]
    Parse { path: PathBuf, message: String },
}

impl Config {
    /// Reads `explicit` (which must exist), else `config.toml` in the
    /// working directory if there is one, else the defaults.
    pub fn load(explicit: Option<&Path>) -> Result<Config, ConfigError> {
        let path = explicit.unwrap_or(Path::new(DEFAULT_FILE));
        match std::fs::read_to_string(path) {
            Ok(text) => Config::parse(&text).map_err(|message| ConfigError::Parse { path: path.into(), message }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && explicit.is_none() => Ok(Config::default()),
            Err(source) => Err(ConfigError::Read { path: path.into(), source }),
        }
    }

    pub fn parse(text: &str) -> Result<Config, String> {
        toml::from_str(text).map_err(|e| e.to_string().trim_end().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_text_gives_the_defaults() {
        assert_eq!(Config::parse("").unwrap(), Config::default());
        assert_eq!(Config::default().archive.database, PathBuf::from("archive/aquarchive.sqlite"));
    }

    #[test]
    fn the_shipped_config_toml_is_the_defaults() {
        let text = include_str!("../config.toml");
        assert_eq!(Config::parse(text).unwrap(), Config::default());
    }

    #[test]
    fn keys_override_and_unknown_keys_are_named() {
        let config = Config::parse("[archive]\ndatabase = \"x.sqlite\"\n[fetch]\nmethod = \"webdriver\"\n").unwrap();
        assert_eq!(config.archive.database, PathBuf::from("x.sqlite"));
        assert_eq!(config.fetch.method, FetchMethod::Webdriver);
        assert_eq!(config.site, SiteConfig::default());
        let err = Config::parse("[site]\nbase_ulr = \"x\"\n").unwrap_err();
        assert!(err.contains("base_ulr"), "{err}");
        let err = Config::parse("[archiv]\n").unwrap_err();
        assert!(err.contains("archiv"), "{err}");
    }

    #[test]
    fn browser_sandbox_takes_auto_on_and_off_only() {
        for (text, sandbox) in [("auto", Sandbox::Auto), ("on", Sandbox::On), ("off", Sandbox::Off)] {
            let config = Config::parse(&format!("[fetch]\nbrowser_sandbox = \"{text}\"\n")).unwrap();
            assert_eq!(config.fetch.browser_sandbox, sandbox);
            assert_eq!(sandbox.name(), text);
        }
        let err = Config::parse("[fetch]\nbrowser_sandbox = \"no\"\n").unwrap_err();
        assert!(err.contains("browser_sandbox") && err.contains("no"), "{err}");
    }

    #[test]
    fn a_missing_explicit_file_is_an_error_naming_it() {
        let err = Config::load(Some(Path::new("/nonexistent/aq.toml"))).unwrap_err();
        assert!(err.to_string().starts_with("/nonexistent/aq.toml: "), "{err}");
    }
}
