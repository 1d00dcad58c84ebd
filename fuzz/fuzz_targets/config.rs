//! config.toml: never a panic. A config that reads is plain TOML with only
//! known sections and keys; every key it sets has the value written (read
//! by the `toml` crate on its own), and every key it leaves out has the
//! default, and every number is within its range
//! (`config::NUMBER_RANGES`). A text whose only key is an unknown one, or a
//! number out of range, is refused, and the message names that key.
#![no_main]

use aquarchive::config::{Config, FetchMethod, NUMBER_RANGES};
use libfuzzer_sys::fuzz_target;
use toml::{Table, Value};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let table = text.parse::<Table>();
    match Config::parse(text) {
        Ok(config) => {
            let table = table.unwrap_or_else(|e| panic!("a config that reads is TOML: {e}\n{text}"));
            check_accepted(&config, &table, text);
        }
        Err(message) => {
            assert!(!message.is_empty());
            if let Ok(table) = table
                && let Some(key) = lone_unknown_key(&table)
            {
                assert!(message.contains(&format!("`{key}`")), "the message does not name `{key}`: {message}\n{text}");
            }
            if let Ok(table) = text.parse::<Table>()
                && let Some(key) = lone_number_out_of_range(&table)
            {
                assert!(message.contains(&format!("`{key}`")), "the message does not name `{key}`: {message}\n{text}");
            }
        }
    }
});

fn check_accepted(config: &Config, table: &Table, text: &str) {
    let written = fields(config);
    let defaults = fields(&Config::default());
    for (name, value) in table {
        let Some(section) = value.as_table() else { panic!("[{name}] is not a table, yet accepted:\n{text}") };
        for key in section.keys() {
            assert!(
                written.iter().any(|&(s, k, _)| (s, k) == (name.as_str(), key.as_str())),
                "unknown key {name}.{key} accepted:\n{text}"
            );
        }
    }
    for (key, range, _) in NUMBER_RANGES {
        let (section, name) = key.split_once('.').expect("section.key");
        let value = written.iter().find(|&&(s, k, _)| (s, k) == (section, name)).and_then(|(_, _, v)| v.as_ref());
        let value = value.and_then(Value::as_integer).and_then(|n| u64::try_from(n).ok());
        assert!(value.is_some_and(|n| range.contains(&n)), "{key} = {value:?} accepted out of {range:?}:\n{text}");
    }
    for ((section, key, value), (_, _, default)) in written.iter().zip(&defaults) {
        match table.get(*section).and_then(Value::as_table).and_then(|s| s.get(*key)) {
            None => assert_eq!(value, default, "{section}.{key} is left out, so it is the default:\n{text}"),
            Some(given) => {
                let given = match (*key, given) {
                    ("method", Value::String(word)) if word == "browser" => Value::String("webdriver".into()),
                    _ => given.clone(),
                };
                assert_eq!(value.as_ref(), Some(&given), "{section}.{key} is not what was written:\n{text}");
            }
        }
    }
}

/// The key, when the table's only key is a number config.toml takes, set
/// to a value out of its range (but within an i64, as TOML's are).
fn lone_number_out_of_range(table: &Table) -> Option<&'static str> {
    let mut keys = table.iter().flat_map(|(name, section)| {
        section.as_table().into_iter().flat_map(move |s| s.iter().map(move |(key, value)| (name, key, value)))
    });
    let (section, key, value) = keys.next()?;
    if keys.next().is_some() {
        return None;
    }
    let value = value.as_integer()?;
    let (known, range, _) = NUMBER_RANGES.iter().find(|(known, _, _)| *known == format!("{section}.{key}"))?;
    let fits = u64::try_from(value).is_ok_and(|value| range.contains(&value));
    (!fits).then_some(*known)
}

/// Every key of a config, by section, with its value as TOML writes it
/// (None: not set).
fn fields(config: &Config) -> Vec<(&'static str, &'static str, Option<Value>)> {
    let text = |s: &str| Some(Value::String(s.to_string()));
    let path = |p: &std::path::Path| Some(Value::String(p.to_str().expect("paths from TOML are UTF-8").to_string()));
    let number = |n: u64| Some(Value::Integer(i64::try_from(n).expect("TOML integers fit an i64")));
    let (archive, site, fetch) = (&config.archive, &config.site, &config.fetch);
    let method = match fetch.method {
        FetchMethod::Http => "http",
        FetchMethod::Webdriver => "webdriver",
    };
    vec![
        ("archive", "database", path(&archive.database)),
        ("site", "base_url", text(&site.base_url)),
        ("site", "url_pattern", text(&site.url_pattern)),
        ("site", "user_agent", site.user_agent.as_deref().and_then(text)),
        ("site", "contact", site.contact.as_ref().and_then(|contact| text(contact.as_str()))),
        ("site", "min_delay_ms", number(site.min_delay_ms)),
        ("site", "timeout_secs", number(site.timeout_secs)),
        ("site", "retries", number(site.retries.into())),
        ("site", "backoff_ms", number(site.backoff_ms)),
        ("site", "retry_after_max_secs", number(site.retry_after_max_secs)),
        ("site", "refetch_garbled", number(site.refetch_garbled.into())),
        ("fetch", "method", text(method)),
        ("fetch", "chromium", path(&fetch.chromium)),
        ("fetch", "board_wait_secs", number(fetch.board_wait_secs)),
        ("fetch", "browser_sandbox", text(fetch.browser_sandbox.name())),
    ]
}

/// The key, when the table's only key is one config.toml does not know: a
/// section of another name, or an unknown key in an otherwise empty known
/// section (the other known sections, if any, empty too).
fn lone_unknown_key(table: &Table) -> Option<String> {
    let known = fields(&Config::default());
    let mut keys = Vec::new();
    for (name, value) in table {
        if !known.iter().any(|&(s, _, _)| s == name) {
            keys.push(name.clone());
            continue;
        }
        for key in value.as_table()?.keys() {
            if known.iter().any(|&(s, k, _)| (s, k) == (name.as_str(), key.as_str())) {
                return None;
            }
            keys.push(key.clone());
        }
    }
    match <[String; 1]>::try_from(keys) {
        Ok([key]) => Some(key),
        Err(_) => None,
    }
}
