//! `-v` and `RUST_LOG`: what a fetch does on its way (each attempt, each
//! retry and its wait) on standard error; without them, none of it.

use std::process::Stdio;

use crate::site_server::{Fault, Site};
use crate::util::{Dir, Run};

/// A temp dir whose config.toml points at the test site, with no delay,
/// one retry and a short backoff.
fn setup(site: &Site) -> Dir {
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!("[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\nretries = 1\nbackoff_ms = 10\n", site.base_url()),
    );
    dir
}

/// Runs `args` with `RUST_LOG` as given (unset for None), whatever the
/// environment of the tests holds.
fn run(dir: &Dir, args: &[&str], rust_log: Option<&str>) -> Run {
    let mut command = dir.command(args);
    command.env_remove("RUST_LOG").stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(directives) = rust_log {
        command.env("RUST_LOG", directives);
    }
    Run::wait(command.spawn().unwrap(), &format!("aquarchive {}", args.join(" ")))
}

/// The lines of the library's events: level, then where it happened.
fn event_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| ["TRACE", "DEBUG", "INFO", "WARN", "ERROR"].iter().any(|level| l.contains(&format!(" {level} "))))
        .collect()
}

#[test]
fn a_verbose_fetch_names_each_attempt_and_the_retry() {
    let site = Site::start();
    site.fault("/?size=0", &[Fault::Status(503)]);
    let dir = setup(&site);
    let url = format!("{}?size=0", site.base_url());
    let run = run(&dir, &["-v", "fetch", "6x6-easy"], None).ok();
    let events = event_lines(&run.stderr);
    let attempts: Vec<&&str> = events.iter().filter(|l| l.contains("fetching") && l.contains(&url)).collect();
    assert_eq!(attempts.len(), 2, "one attempt and one retry: {run}");
    assert!(attempts.iter().all(|l| l.contains("INFO") && l.contains("http")), "{run}");
    assert!(events.iter().any(|l| l.contains("retrying") && l.contains("503") && l.contains("wait_ms=10")), "{run}");
    assert!(events.iter().any(|l| l.contains("fetching") && l.contains("attempt=2")), "{run}");
    // Only the info level: the details wait for -vv.
    assert!(!events.iter().any(|l| l.contains("DEBUG")), "{run}");
    // Standard output is the same as without -v.
    assert!(run.stdout.starts_with("new: 6x6-easy 6x6 ID "), "{run}");
    assert!(!run.stdout.contains("fetching"), "{run}");

    let more = self::run(&dir, &["-vv", "fetch", "6x6-easy"], None).ok();
    assert!(event_lines(&more.stderr).iter().any(|l| l.contains("DEBUG") && l.contains("fetch logged")), "{more}");
}

#[test]
fn a_fetch_without_v_shows_no_events_unless_rust_log_asks() {
    let site = Site::start();
    site.fault("/?size=0", &[Fault::Status(503)]);
    let dir = setup(&site);
    let quiet = run(&dir, &["fetch", "6x6-easy"], None).ok();
    assert_eq!(site.hits("/?size=0"), 2, "{quiet}");
    assert!(event_lines(&quiet.stderr).is_empty(), "{quiet}");
    assert!(!quiet.stderr.contains("size=0"), "{quiet}");
    // RUST_LOG alone chooses what is shown.
    let chosen = run(&dir, &["fetch", "6x6-easy"], Some("aquarchive_site=debug")).ok();
    let events = event_lines(&chosen.stderr);
    assert!(events.iter().any(|l| l.contains("DEBUG") && l.contains("answered")), "{chosen}");
    assert!(events.iter().any(|l| l.contains("fetching") && l.contains("size=0")), "{chosen}");
    assert!(!events.iter().any(|l| l.contains("aquarchive::archive")), "{chosen}");
}
