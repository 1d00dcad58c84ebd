//! Settings from `config.toml`: every key has a default, and a key we do
//! not know is an error that names it (a typo must not pass silently).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use thiserror::Error;

#[cfg(feature = "browser")]
use crate::site::browser_process::BrowserSettings;
use crate::site::family::{AQUARIUM, SiteId};
use crate::site::fetch::{Contact, FetchSettings};
use crate::site::sandbox::Sandbox;
use crate::site::url::{DEFAULT_BASE_URL, site_base};

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
    /// Aquarium's address: set to another than its default, it wins over
    /// `url_pattern` for Aquarium (as before the family was fetched).
    pub base_url: String,
    /// Every site's address, `{site}` standing for its name (`aquarium`,
    /// `star-battle`): a mirror or a test server moves the whole family
    /// with this one key.
    #[serde(deserialize_with = "url_pattern")]
    pub url_pattern: String,
    /// Sent with each request, as written, instead of the User-Agent
    /// aquarchive builds from its name, its version and `contact`.
    pub user_agent: Option<String>,
    /// Where a site's owner can reach whoever runs aquarchive, in the
    /// User-Agent aquarchive builds; none by default.
    #[serde(deserialize_with = "contact")]
    pub contact: Option<Contact>,
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
    /// A headless Chromium: the board as JavaScript draws it. Spelled
    /// `webdriver` (what drove the browser once) or `browser`.
    #[serde(alias = "browser")]
    Webdriver,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct FetchConfig {
    pub method: FetchMethod,
    /// The browser started for a browser fetch.
    pub chromium: PathBuf,
    /// How long a browser waits for the board to be drawn.
    pub board_wait_secs: u64,
    /// Whether Chromium keeps its sandbox: only `off` drops it.
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
            base_url: crate::site::url::DEFAULT_BASE_URL.into(),
            url_pattern: crate::site::url::DEFAULT_URL_PATTERN.into(),
            user_agent: None,
            contact: None,
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
            chromium: PathBuf::from("/usr/bin/chromium"),
            board_wait_secs: 20,
            browser_sandbox: Sandbox::Auto,
        }
    }
}

impl SiteConfig {
    /// A site's address: `base_url` for Aquarium when it is set to
    /// another than its default, else `url_pattern` with the site's name.
    pub fn site_url(&self, site: SiteId) -> String {
        if site == AQUARIUM && self.base_url.trim_end_matches('/') != DEFAULT_BASE_URL.trim_end_matches('/') {
            return self.base_url.clone();
        }
        site_base(&self.url_pattern, site)
    }

    /// The User-Agent sent: `user_agent` when it is set, whole, else
    /// aquarchive's own with the contact, if any.
    pub fn user_agent(&self) -> String {
        match &self.user_agent {
            Some(agent) => agent.clone(),
            None => crate::site::fetch::user_agent(self.contact.as_ref()),
        }
    }

    /// The settings as the fetchers take them, with the pace kept through
    /// `pace_file` when one is given.
    pub fn fetch_settings(&self, pace_file: Option<PathBuf>) -> FetchSettings {
        FetchSettings {
            user_agent: self.user_agent(),
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
            chromium: self.chromium.clone(),
            board_wait: Duration::from_secs(self.board_wait_secs),
            sandbox: self.browser_sandbox,
        }
    }
}

/// The keys of `[fetch]` that earlier versions read and this one does
/// not, with why: the browser was once driven through chromedriver or a
/// WebDriver server; now it is started and driven over a pipe of its own.
const RETIRED_KEYS: [(&str, &str); 2] = [
    ("chromedriver", "aquarchive starts Chromium (`fetch.chromium`) itself and drives it over a pipe"),
    (
        "webdriver_url",
        "aquarchive drives only a Chromium it starts itself (`fetch.chromium`), over a pipe no other program can \
         reach, and no WebDriver server",
    ),
];

/// Why `text` cannot be read, when it sets a key of [`RETIRED_KEYS`]: said
/// after TOML's own message, which shows the line.
fn retired_key(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    let fetch = table.get("fetch")?.as_table()?;
    let (key, why) = RETIRED_KEYS.iter().find(|(key, _)| fetch.contains_key(*key))?;
    Some(format!("`{key}` in [fetch] is no longer read: {why}; remove it from the file"))
}

/// `site.url_pattern`, checked as it is read: an http(s) address with
/// `{site}` in it, so that each site of the family has its own.
fn url_pattern<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let text = String::deserialize(deserializer)?;
    let why = if !text.starts_with("http://") && !text.starts_with("https://") {
        Some("it does not start with http:// or https://")
    } else if !text.contains("{site}") {
        Some("it has no `{site}`, so every site of the family would be asked at one address")
    } else if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        Some("it holds a space or a control character")
    } else {
        None
    };
    match why {
        None => Ok(text),
        Some(why) => Err(serde::de::Error::custom(format!(
            "`site.url_pattern` = {text:?}: {why}; it takes an address in which `{{site}}` stands for the site's \
             name, e.g. \"https://www.puzzle-{{site}}.com/\" (the default) or \"http://mirror.example/{{site}}/\""
        ))),
    }
}

/// `site.contact`, checked as it is read: a message that names the key and
/// says what it takes (toml adds the line).
fn contact<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Contact>, D::Error> {
    let text = String::deserialize(deserializer)?;
    Contact::parse(&text).map(Some).map_err(|why| {
        serde::de::Error::custom(format!(
            "`site.contact` = {text:?}: {why}; accepted: an http or https URL \
             (\"https://example.org/bot\") or an e-mail address (\"me@example.org\" or \"mailto:me@example.org\"), \
             in visible ASCII without spaces, `(`, `)` or `\\`"
        ))
    })
}

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("{path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    // toml's message names the key and shows the line.
    #[error("{path}: {message}")]
    Parse { path: PathBuf, message: String },
}

/// The settings in force, and what a caller should say of them.
pub struct Loaded {
    pub config: Config,
    /// A `config.toml` in the working directory that is some other
    /// program's (it holds none of aquarchive's tables): left alone, the
    /// defaults in force. Said, so that a misnamed table is not missed.
    pub not_ours: Option<String>,
}

impl Config {
    /// Reads `explicit` (which must exist), else `config.toml` in the
    /// working directory if there is one and it is aquarchive's, else the
    /// defaults.
    pub fn load(explicit: Option<&Path>) -> Result<Loaded, ConfigError> {
        let path = explicit.unwrap_or(Path::new(DEFAULT_FILE));
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && explicit.is_none() => {
                return Ok(Loaded { config: Config::default(), not_ours: None });
            }
            Err(source) => return Err(ConfigError::Read { path: path.into(), source }),
        };
        if explicit.is_none()
            && let Some(tables) = others_tables(&text)
        {
            let not_ours = format!(
                "{}: holds none of aquarchive's tables ([archive], [site], [fetch]) but {tables}: taken for another \
                 program's file and left alone, the defaults in force (--config PATH names aquarchive's settings)",
                path.display()
            );
            return Ok(Loaded { config: Config::default(), not_ours: Some(not_ours) });
        }
        let config = Config::parse(&text).map_err(|message| ConfigError::Parse { path: path.into(), message })?;
        Ok(Loaded { config, not_ours: None })
    }

    /// The tables and keys of `config.toml`, or the default settings as TOML.
    pub fn parse(text: &str) -> Result<Config, String> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let message = e.to_string().trim_end().to_string();
            match retired_key(text) {
                Some(why) => format!("{message}\n{why}"),
                None => message,
            }
        })?;
        config.check_numbers()?;
        Ok(config)
    }

    /// Every number within the range of [`NUMBER_RANGES`]: no wait or
    /// count so large that adding it to a time or doubling it overflows,
    /// and no timeout of 0, which no request could meet.
    fn check_numbers(&self) -> Result<(), String> {
        let (site, fetch) = (&self.site, &self.fetch);
        let numbers = [
            site.min_delay_ms,
            site.timeout_secs,
            site.retries.into(),
            site.backoff_ms,
            site.retry_after_max_secs,
            site.refetch_garbled.into(),
            fetch.board_wait_secs,
        ];
        for (value, (key, range, what)) in numbers.into_iter().zip(NUMBER_RANGES) {
            if !range.contains(&value) {
                return Err(format!(
                    "`{key}` = {value}: out of range; it takes {} to {} ({what})",
                    range.start(),
                    range.end()
                ));
            }
        }
        Ok(())
    }
}

/// The numbers config.toml takes, in the order `check_numbers` reads them:
/// the key, the values it takes, and what the bound is.
pub const NUMBER_RANGES: [(&str, std::ops::RangeInclusive<u64>, &str); 7] = [
    ("site.min_delay_ms", 0..=86_400_000, "milliseconds, up to a day"),
    ("site.timeout_secs", 1..=3_600, "seconds, up to an hour"),
    ("site.retries", 0..=100, "further attempts"),
    ("site.backoff_ms", 0..=3_600_000, "milliseconds, up to an hour"),
    ("site.retry_after_max_secs", 0..=604_800, "seconds, up to a week"),
    ("site.refetch_garbled", 0..=100, "more fetches"),
    ("fetch.board_wait_secs", 1..=3_600, "seconds, up to an hour"),
];

/// Whether a top-level key is one of aquarchive's tables, or a typo or two
/// away from one (`[achive]`, `[fecth]`; `[sites]` for `site`): such a
/// file is ours with a mistake in it, which `Config::parse` names, not
/// another program's to be passed over while a scheduled fetch fills a new
/// archive. A short name allows one typo, so `[size]` is not taken for it.
fn is_ours_or_a_typo_of_ours(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    ["archive", "site", "fetch"].iter().any(|ours| {
        let allowed = if ours.len() > 4 { 2 } else { 1 };
        strsim::osa_distance(&key, ours) <= allowed && !(ours.len() == 4 && key == "size")
    })
}

/// The top-level keys of a TOML text that is some other program's: it
/// reads as TOML and names none of aquarchive's tables. `None` for a file
/// of aquarchive's, an empty one, or one that does not read (whose error
/// `Config::parse` gives).
fn others_tables(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    if table.is_empty() || table.keys().any(|key| is_ours_or_a_typo_of_ours(key)) {
        return None;
    }
    let keys: Vec<String> = table.keys().take(3).map(|k| format!("[{k}]")).collect();
    Some(keys.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_program_s_config_toml_is_told_apart_from_ours() {
        assert_eq!(
            others_tables("[package]\nname = \"x\"\n[dependencies]\n").as_deref(),
            Some("[dependencies], [package]")
        );
        assert_eq!(others_tables("[size]\nwidth = 3\n").as_deref(), Some("[size]"));
        // Ours with a typo in a table's name, which `parse` then names.
        for typo in ["[achive]\n", "[Archiv]\n", "[fecth]\n", "[sites]\nbase_url = \"x\"\n", "[sit]\n"] {
            assert_eq!(others_tables(typo), None, "{typo}");
            assert!(Config::parse(typo).unwrap_err().contains("unknown field"), "{typo}");
        }
        // Ours, even with a mistake inside (which `parse` names), or nothing.
        assert_eq!(others_tables("[site]\nbase = 1\n[package]\n"), None);
        assert_eq!(others_tables(""), None);
        assert_eq!(others_tables("not toml ["), None);
    }

    #[test]
    fn the_url_pattern_moves_the_family_and_base_url_keeps_aquarium() {
        let config = Config::parse("[site]\nurl_pattern = \"http://mirror.example/{site}/\"\n").unwrap();
        let star = SiteId::named("star-battle").unwrap();
        assert_eq!(config.site.site_url(star), "http://mirror.example/star-battle/");
        assert_eq!(config.site.site_url(AQUARIUM), "http://mirror.example/aquarium/");
        let both = "[site]\nbase_url = \"http://old.example/\"\nurl_pattern = \"http://m/{site}/\"\n";
        let config = Config::parse(both).unwrap();
        assert_eq!(
            (config.site.site_url(AQUARIUM).as_str(), config.site.site_url(star).as_str()),
            ("http://old.example/", "http://m/star-battle/")
        );
        assert_eq!(Config::default().site.site_url(star), "https://www.puzzle-star-battle.com/");
        for bad in ["ftp://x/{site}/", "http://x/", "http://x/{site} /"] {
            let err = Config::parse(&format!("[site]\nurl_pattern = {bad:?}\n")).unwrap_err();
            assert!(err.contains("site.url_pattern"), "{err}");
        }
    }

    #[test]
    fn empty_text_gives_the_defaults() {
        assert_eq!(Config::parse("").unwrap(), Config::default());
        assert_eq!(Config::default().archive.database, PathBuf::from("archive/aquarchive.sqlite"));
    }

    #[test]
    fn the_shipped_config_toml_is_the_defaults() {
        let text = include_str!("../../../config.toml");
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
    fn keys_no_longer_read_are_refused_saying_what_took_their_place() {
        let err = Config::parse("[fetch]\nchromedriver = \"/usr/bin/chromedriver\"\n").unwrap_err();
        assert!(err.contains("line 2") && err.contains("unknown field `chromedriver`"), "{err}");
        let why = err.lines().last().unwrap();
        assert!(why.starts_with("`chromedriver` in [fetch] is no longer read: aquarchive starts Chromium"), "{err}");
        assert!(why.ends_with("; remove it from the file"), "{err}");
        let err = Config::parse("[fetch]\nwebdriver_url = \"http://localhost:9515\"\n").unwrap_err();
        assert!(err.lines().last().unwrap().starts_with("`webdriver_url` in [fetch] is no longer read: "), "{err}");
        // A typo elsewhere is still named as one.
        let err = Config::parse("[fetch]\nchromium_path = \"/usr/bin/chromium\"\n").unwrap_err();
        assert!(err.contains("chromium_path") && !err.contains("no longer read"), "{err}");
    }

    #[test]
    fn numbers_out_of_range_are_refused_naming_the_key_and_the_range() {
        for (key, range, _) in NUMBER_RANGES {
            let (section, name) = key.split_once('.').unwrap();
            let with = |value: i64| Config::parse(&format!("[{section}]\n{name} = {value}\n"));
            for fits in [*range.start(), *range.end()] {
                assert!(with(fits as i64).is_ok(), "{key} = {fits}");
            }
            let below = range.start().checked_sub(1).map(|n| n as i64).unwrap_or(-1);
            for wrong in [below, *range.end() as i64 + 1, i64::MAX, i64::MIN] {
                let err = with(wrong).unwrap_err();
                assert!(err.contains(name), "{key} = {wrong}: {err}");
                if wrong >= 0 && wrong != i64::MAX {
                    let said =
                        format!("`{key}` = {wrong}: out of range; it takes {} to {}", range.start(), range.end());
                    assert!(err.starts_with(&said), "{key} = {wrong}: {err}");
                }
            }
        }
        let err = Config::parse("[site]\ntimeout_secs = 18446744073709551615\n").unwrap_err();
        assert!(err.contains("timeout_secs"), "{err}");
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
    fn by_default_the_user_agent_names_the_tool_and_no_page() {
        let site = SiteConfig::default();
        assert_eq!((&site.user_agent, &site.contact), (&None, &None));
        let agent = site.fetch_settings(None).user_agent;
        assert_eq!(
            agent,
            format!("aquarchive/{} (personal puzzle archive, one request at a time)", env!("CARGO_PKG_VERSION"))
        );
        assert!(!agent.contains("http") && !agent.contains('+') && !agent.contains('@'), "{agent}");
    }

    #[test]
    fn a_contact_goes_last_in_the_user_agents_comment() {
        let agent = |contact: &str| {
            let config = Config::parse(&format!("[site]\ncontact = {contact:?}\n")).unwrap();
            assert_eq!(config.site.contact.as_ref().map(Contact::as_str), Some(contact), "kept as written");
            config.site.fetch_settings(None).user_agent
        };
        let version = env!("CARGO_PKG_VERSION");
        for (contact, shown) in [
            ("https://example.org/bot", "https://example.org/bot"),
            (
                "http://example.org:8080/about?bot=aquarchive#contact",
                "http://example.org:8080/about?bot=aquarchive#contact",
            ),
            ("HTTPS://[2001:db8::1]/bot", "HTTPS://[2001:db8::1]/bot"),
            ("https://192.0.2.7", "https://192.0.2.7"),
            ("me@example.org", "mailto:me@example.org"),
            ("mailto:me@example.org", "mailto:me@example.org"),
            ("MAILTO:first.last+bot@mail.example.co.uk", "mailto:first.last+bot@mail.example.co.uk"),
        ] {
            assert_eq!(
                agent(contact),
                format!("aquarchive/{version} (personal puzzle archive, one request at a time; +{shown})"),
                "{contact}"
            );
        }
    }

    #[cfg(feature = "http")]
    #[test]
    fn robots_txt_rules_are_read_for_aquarchive_with_a_contact_too() {
        use crate::site::robots::product_token;
        let config = Config::parse("[site]\ncontact = \"https://example.org/bot\"\n").unwrap();
        assert_eq!(product_token(&config.site.fetch_settings(None).user_agent), "aquarchive");
        assert_eq!(product_token(&SiteConfig::default().fetch_settings(None).user_agent), "aquarchive");
    }

    #[test]
    fn a_user_agent_set_is_sent_whole_even_with_a_contact() {
        let text = "[site]\nuser_agent = \"mybot/2 (x)\"\ncontact = \"me@example.org\"\n";
        let config = Config::parse(text).unwrap();
        assert_eq!(config.site.contact, Some(Contact::parse("me@example.org").unwrap()));
        assert_eq!(config.site.fetch_settings(None).user_agent, "mybot/2 (x)");
    }

    #[test]
    fn a_contact_neither_url_nor_address_or_unfit_for_a_header_is_refused_naming_the_key() {
        for (contact, why) in [
            ("", "neither"),
            ("example.org", "neither"),
            ("www.example.org/bot", "neither"),
            ("ftp://example.org/bot", "neither"),
            ("https://", "neither"),
            ("https:///bot", "neither"),
            ("https://exa_mple.org/", "neither"),
            ("https://example.org:http/", "neither"),
            ("me@example", "neither"),
            ("@example.org", "neither"),
            ("me..you@example.org", "neither"),
            ("mailto:", "neither"),
            ("mailto:me@example.org?subject=bot", "neither"),
            ("https://user:secret@example.org/", "user name or password"),
            ("https://exa mple.org/", "' '"),
            ("me@example.org\tx", "'\\t'"),
            ("https://example.org/\r\nX-Other: 1", "'\\r'"),
            ("https://example.org/(bot)", "'('"),
            ("https://example.org/bot\\", "'\\\\'"),
            ("me@exämple.org", "'ä'"),
        ] {
            let err = Config::parse(&format!("[site]\ncontact = {contact:?}\n")).unwrap_err();
            assert!(err.contains(&format!("`site.contact` = {contact:?}")), "{contact:?}: {err}");
            assert!(err.contains(why), "{contact:?} ({why}): {err}");
            assert!(err.contains("http or https URL") && err.contains("e-mail address"), "{contact:?}: {err}");
            assert!(err.contains("line 2"), "{contact:?}: {err}");
        }
    }

    #[test]
    fn a_bad_contact_in_a_file_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "[site]\ncontact = \"example.org\"\n").unwrap();
        let err = Config::load(Some(&path)).err().expect("refused").to_string();
        assert!(err.starts_with(&format!("{}: ", path.display())), "{err}");
        assert!(err.contains("`site.contact`") && err.contains("neither"), "{err}");
    }

    #[test]
    fn the_shipped_config_toml_gives_examples_that_read() {
        let text = include_str!("../../../config.toml");
        for (line, check) in [("# contact = ", "contact = "), ("# user_agent = ", "user_agent = ")] {
            assert!(text.contains(line), "config.toml shows {line:?}");
            let config = Config::parse(&text.replace(line, check)).unwrap();
            assert_ne!(config.site, SiteConfig::default(), "{line}");
        }
    }

    #[test]
    fn a_missing_explicit_file_is_an_error_naming_it() {
        let err = Config::load(Some(Path::new("/nonexistent/aq.toml"))).err().expect("refused");
        assert!(err.to_string().starts_with("/nonexistent/aq.toml: "), "{err}");
    }
}
