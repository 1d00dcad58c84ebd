//! `aquarchive log` and the fetch counts of `stats`: what scheduled fetches
//! did, read back from the archive.

use crate::site_server::{Fault, Site};
use crate::util::{Dir, fixtures};

/// A temp dir whose config.toml points at the test site: no delay, no
/// retries, and a garbled page not fetched again.
pub(crate) fn setup(site: &Site) -> Dir {
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!(
            "[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\ntimeout_secs = 5\nretries = 0\nbackoff_ms = 10\nrefetch_garbled = 0\n",
            site.base_url()
        ),
    );
    dir
}

/// Three fetches: a good one, a page whose puzzle is garbled (stored
/// flagged), and one the server answers with 404; before them, the
/// site's robots.txt (a 404: none), asked for once.
fn three_fetches() -> (Site, Dir) {
    let site = Site::start();
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy"]).ok();
    site.fault("/?size=1", &[Fault::InvalidTask(7)]);
    dir.run(&["fetch", "6x6-normal"]).expect_code(2);
    site.fault("/?size=2", &[Fault::Status(404)]);
    dir.run(&["fetch", "6x6-hard"]).expect_code(2);
    (site, dir)
}

#[test]
fn log_lists_fetches_newest_first_with_their_outcomes() {
    let (site, dir) = three_fetches();
    let run = dir.run(&["log"]).ok();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "a header, three fetches and robots.txt's: {run}");
    assert!(lines[0].starts_with("time (UTC)") && lines[0].contains("outcome"), "{run}");
    let outcome = |line: &str| line.split_whitespace().nth(1).unwrap_or_default().to_string();
    assert_eq!(lines[1..].iter().map(|l| outcome(l)).collect::<Vec<_>>(), ["failed", "rejected", "ok", "ok"], "{run}");
    assert!(lines[1].contains(&format!("{}?size=2", site.base_url())) && lines[1].contains("404"), "{run}");

    let json = dir.run(&["log", "--json"]).ok();
    let fetches = json.json_lines();
    assert_eq!(fetches[0]["http_status"], 404, "{json}");
    assert!(fetches[0]["error"].as_str().unwrap().contains("404"), "{json}");
    assert!(fetches[0]["puzzle"].is_null(), "{json}");
    // The rejected page's puzzle is stored flagged, and the log points at it.
    let flagged = dir.run(&["list", "--status", "invalid", "--json"]).ok().json_lines();
    assert_eq!(fetches[1]["puzzle"], flagged[0]["id"], "{json}");
    assert!(fetches[2]["error"].is_null(), "{json}");

    let failed = dir.run(&["log", "--failed", "--json"]).ok();
    let outcomes: Vec<_> = failed.json_lines().iter().map(|f| f["outcome"].as_str().unwrap().to_string()).collect();
    assert_eq!(outcomes, ["failed", "rejected"], "{failed}");

    let limited = dir.run(&["log", "--limit", "1"]).ok();
    assert_eq!(limited.stdout.lines().count(), 2, "{limited}");
    assert!(limited.stderr.contains("the newest 1 fetch shown"), "{limited}");
    let all = dir.run(&["log", "--limit", "0"]).ok();
    assert_eq!(all.stdout.lines().count(), 5, "{all}");
    assert!(all.stderr.is_empty(), "{all}");

    let later = dir.run(&["log", "--since", "2999-01-01"]).ok();
    assert!(later.stdout.is_empty(), "{later}");
    assert!(later.stderr.contains("no fetch since 2999-01-01 in the log"), "{later}");
    dir.run(&["log", "--since", "yesterday"]).expect_code(2);
}

#[test]
fn log_opens_the_archive_read_only() {
    let (_site, dir) = three_fetches();
    let db = dir.join("archive/aquarchive.sqlite");
    let before = std::fs::read(&db).unwrap();
    let mut permissions = std::fs::metadata(&db).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&db, permissions).unwrap();
    let run = dir.run(&["log", "--failed"]).ok();
    assert_eq!(run.stdout.lines().count(), 3, "{run}");
    assert_eq!(std::fs::read(&db).unwrap(), before);
}

#[test]
fn stats_counts_fetches_and_failures() {
    let (_site, dir) = three_fetches();
    let run = dir.run(&["stats"]).ok();
    assert!(run.stdout.contains("Fetches: 4 (1 failed, 1 rejected); last at 20"), "{run}");
    let json: serde_json::Value = serde_json::from_str(&dir.run(&["stats", "--json"]).ok().stdout).unwrap();
    assert_eq!(json["fetches"]["fetches"], 4);
    assert_eq!(json["fetches"]["failed"], 1);
    assert_eq!(json["fetches"]["rejected"], 1);
    let empty = Dir::new();
    empty.run(&["import", &crate::util::fixtures().join("sudoku/se_rated_sample.txt").display().to_string()]).ok();
    assert!(empty.run(&["stats"]).ok().stdout.contains("Fetches: none logged"));
}

#[test]
fn any_limit_up_to_the_largest_number_is_taken() {
    let dir = Dir::new();
    std::fs::copy(fixtures().join("archive/v1/archive.sqlite"), dir.join("a.sqlite")).unwrap();
    for limit in ["18446744073709551615", "9223372036854775808", "9223372036854775807", "5", "0"] {
        let run = dir.run(&["--db", "a.sqlite", "log", "--limit", limit, "--json"]).ok();
        assert_eq!(run.json_lines().len(), 5, "--limit {limit}: {run}");
        assert!(run.stderr.is_empty(), "--limit {limit}: {run}");
    }
    let run = dir.run(&["--db", "a.sqlite", "log", "--limit", "4", "--json"]).ok();
    assert_eq!(run.json_lines().len(), 4, "{run}");
    assert!(run.stderr.contains("the newest 4 fetches shown; --limit N shows more"), "{run}");
}
