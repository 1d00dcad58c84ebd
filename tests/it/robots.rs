//! robots.txt against the loopback test site: what it forbids aquarchive
//! is never asked for, what it forbids others is; a missing one allows
//! everything; it is asked for at most once a day and kept in the fetch
//! log; a stored copy stands in when the site cannot give it, and with no
//! copy nothing is fetched; its Crawl-delay stretches the gap between
//! requests; and the User-Agent names the tool, and a contact only when
//! config.toml gives one.

use std::path::Path;
use std::time::Duration;

use crate::site_server::{Fault, Site};
use crate::util::Dir;

/// A temp dir whose config.toml points at the test site, with no delay of
/// its own, two retries and a short backoff.
fn setup(site: &Site) -> Dir {
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!(
            "[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\ntimeout_secs = 2\nretries = 2\nbackoff_ms = 10\n",
            site.base_url()
        ),
    );
    dir
}

/// The fetch log's rows for a URL, oldest first: (HTTP status, error,
/// whether a snapshot was kept).
fn logged(dir: &Dir, url: &str) -> Vec<(Option<i64>, Option<String>, bool)> {
    let conn = rusqlite::Connection::open(dir.join("archive/aquarchive.sqlite")).expect("open the database");
    let mut statement = conn
        .prepare("SELECT http_status, error, snapshot IS NOT NULL FROM fetches WHERE url = ?1 ORDER BY id")
        .unwrap();
    statement.query_map([url], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().map(Result::unwrap).collect()
}

fn robots_url(site: &Site) -> String {
    format!("{}robots.txt", site.base_url())
}

/// Moves every logged fetch of robots.txt back to a day long past.
fn age_robots_fetches(db: &Path, site: &Site, to: &str) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let changed =
        conn.execute("UPDATE fetches SET fetched_at = ?1 WHERE url = ?2", [to, robots_url(site).as_str()]).unwrap();
    assert!(changed > 0, "no robots.txt fetch to age");
}

#[test]
fn a_disallow_for_aquarchive_stops_the_page_before_any_request() {
    let site = Site::start();
    site.robots(Some("User-agent: *\nAllow: /\n\nUser-agent: aquarchive\nDisallow: /?size=9\n"));
    let dir = setup(&site);
    let run = dir.run(&["fetch", "daily", "6x6-easy"]).expect_code(2);
    let robots = robots_url(&site);
    let expected = format!(
        "robots.txt at {robots} forbids /?size=9 to aquarchive; aquarchive honours it and did not ask for the page"
    );
    assert!(run.stdout.contains(&expected), "{run}");
    assert_eq!(site.hits("/?size=9"), 0, "no request for a forbidden page");
    assert_eq!(site.hits("/?size=0"), 1, "the pages it allows are fetched: {run}");
    assert!(run.stdout.contains("new: 6x6-easy"), "{run}");
    let daily = logged(&dir, &format!("{}?size=9", site.base_url()));
    assert_eq!(daily, [(None, Some(expected), false)], "the refusal is in the fetch log as a failure");
    assert_eq!(logged(&dir, &robots), [(Some(200), None, true)], "robots.txt is logged with its snapshot");
    let log = dir.run(&["log", "--failed"]).ok();
    assert!(log.stdout.contains("forbids /?size=9"), "{log}");
}

#[test]
fn a_disallow_for_another_agent_does_not_stop_aquarchive() {
    let site = Site::start();
    site.robots(Some("User-agent: otherbot\nDisallow: /\n"));
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy"]).ok();
    assert_eq!((site.hits("/robots.txt"), site.hits("/?size=0")), (1, 1));
}

#[test]
fn a_missing_robots_txt_allows_everything_and_is_logged() {
    let site = Site::start();
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy"]).ok();
    assert_eq!((site.hits("/robots.txt"), site.hits("/?size=0")), (1, 1));
    // A 404 is the site's answer, not a failure: it stands for a day too.
    assert_eq!(logged(&dir, &robots_url(&site)), [(Some(404), None, true)]);
    dir.run(&["fetch", "6x6-normal"]).ok();
    assert_eq!(site.hits("/robots.txt"), 1);
}

#[test]
fn robots_txt_is_asked_for_once_a_day_and_the_stored_copy_used_between() {
    let site = Site::start();
    site.robots(Some("User-agent: aquarchive\nDisallow: /?size=2\n"));
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy"]).ok();
    // The site now forbids everything; within the day the stored copy,
    // which forbids only 6x6-hard, is what counts.
    site.robots(Some("User-agent: aquarchive\nDisallow: /\n"));
    let run = dir.run(&["fetch", "6x6-normal", "6x6-hard"]).expect_code(2);
    assert_eq!(site.hits("/robots.txt"), 1, "asked once across two runs: {run}");
    assert_eq!((site.hits("/?size=1"), site.hits("/?size=2")), (1, 0), "{run}");
    assert!(run.stdout.contains("forbids /?size=2 to aquarchive"), "{run}");
    assert_eq!(logged(&dir, &robots_url(&site)).len(), 1, "the stored copy's use is no fetch");

    // A day later it is asked for again, and the new text counts.
    age_robots_fetches(&dir.join("archive/aquarchive.sqlite"), &site, "2026-01-01T00:00:00.000Z");
    let run = dir.run(&["fetch", "6x6-easy"]).expect_code(2);
    assert_eq!(site.hits("/robots.txt"), 2, "{run}");
    assert!(run.stdout.contains("forbids /?size=0 to aquarchive"), "{run}");
}

#[test]
fn an_unreachable_robots_txt_is_stood_in_for_by_the_stored_copy_with_a_warning() {
    let site = Site::start();
    site.robots(Some("User-agent: aquarchive\nDisallow: /?size=2\n"));
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy"]).ok();
    age_robots_fetches(&dir.join("archive/aquarchive.sqlite"), &site, "2026-01-01T06:30:00.000Z");
    site.fault("/robots.txt", &[Fault::Status(503); 3]);
    let run = dir.run(&["fetch", "6x6-normal", "6x6-hard"]).expect_code(2);
    assert_eq!(site.hits("/robots.txt"), 4, "one request, then the two retries: {run}");
    let warning = format!(
        "aquarchive: warning: robots.txt at {} could not be fetched (HTTP status 503); using the copy fetched at \
         2026-01-01T06:30:00 UTC",
        robots_url(&site)
    );
    assert_eq!(run.stderr.lines().filter(|l| *l == warning).count(), 1, "{run}");
    // The old copy's rules hold.
    assert_eq!((site.hits("/?size=1"), site.hits("/?size=2")), (1, 0), "{run}");
    let rows = logged(&dir, &robots_url(&site));
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1].0, Some(503));
    assert_eq!(rows[1].1.as_deref(), Some("HTTP status 503"));
}

#[test]
fn with_no_robots_txt_and_no_stored_copy_nothing_is_fetched() {
    let site = Site::start();
    site.fault("/robots.txt", &[Fault::Status(503); 3]);
    let dir = setup(&site);
    let run = dir.run(&["fetch", "6x6-easy"]).expect_code(2);
    let robots = robots_url(&site);
    assert!(
        run.stderr.contains(&format!("robots.txt at {robots} could not be fetched (HTTP status 503)"))
            && run.stderr.contains("nothing was fetched"),
        "{run}"
    );
    assert_eq!(site.hits("/?size=0"), 0, "{run}");
    assert!(run.stdout.is_empty(), "{run}");
    assert_eq!(logged(&dir, &robots).len(), 1, "the failed robots.txt fetch is logged");
    // The next run asks again, and fetches once the site answers.
    dir.run(&["fetch", "6x6-easy"]).ok();
    assert_eq!((site.hits("/robots.txt"), site.hits("/?size=0")), (4, 1));
}

/// The names in a folder and below it, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.strip_prefix(dir).unwrap().display().to_string();
        if path.is_dir() {
            names.extend(tree(&path).into_iter().map(|below| format!("{name}/{below}")));
        }
        names.push(name);
    }
    names.sort();
    names
}

#[test]
fn an_offline_machine_is_told_so_first_in_one_line_and_nothing_is_left_behind() {
    // `.invalid` never resolves (RFC 6761), as no name does on a machine offline.
    let dir = Dir::new();
    dir.write(
        "config.toml",
        "[site]\nbase_url = \"http://aquarchive-test.invalid/\"\nretries = 3\nbackoff_ms = 1000\n",
    );
    let run = dir.run(&["fetch", "daily"]).expect_code(2);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{run}");
    assert_eq!(
        lines[0],
        "aquarchive: the site's name aquarchive-test.invalid could not be resolved: is this machine offline? \
         Nothing was fetched",
        "{run}"
    );
    assert!(lines[1].starts_with("  (") && lines[1].ends_with(") The next run asks again"), "{run}");
    // No archive, no pace file, no folder for them: as before the run.
    assert_eq!(tree(dir.path()), ["config.toml"], "{run}");
    let list = dir.run(&["list"]).expect_code(2);
    assert!(list.stderr.contains("archive/aquarchive.sqlite: no archive here yet"), "{list}");
}

#[test]
fn an_archive_already_there_logs_an_offline_run_and_the_name_is_not_asked_again() {
    let dir = Dir::new();
    dir.write(
        "config.toml",
        "[site]\nbase_url = \"http://aquarchive-test.invalid/\"\nretries = 3\nbackoff_ms = 1000\n",
    );
    let date = dir.write("date.txt", "standard Jan 1\n").display().to_string();
    dir.run(&["import", "--kind", "calendar", &date]).ok();
    let run = dir.run(&["fetch", "daily"]).expect_code(2);
    assert!(
        run.stderr.starts_with("aquarchive: the site's name aquarchive-test.invalid could not be resolved"),
        "{run}"
    );
    let log = dir.run(&["log", "--json"]).ok().json_lines();
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(log[0]["tries"]["attempts"], 1, "a name that does not resolve is not asked again: {log:?}");
    assert_eq!(log[0]["outcome"], "failed", "{log:?}");
}

/// A first fetch that reaches the site makes the archive under its own
/// name, and nothing else is left beside it but the pace file.
#[test]
fn a_first_fetch_that_reaches_the_site_leaves_the_archive_and_its_pace_file_only() {
    let site = Site::start();
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy"]).ok();
    assert_eq!(
        tree(&dir.join("archive")),
        ["aquarchive.sqlite", "aquarchive.sqlite.pace"],
        "no file of the making left"
    );
    let list = dir.run(&["list", "--json"]).ok();
    assert_eq!(list.json_lines().len(), 1, "{list}");
    assert_eq!(logged(&dir, &robots_url(&site)).len(), 1, "robots.txt kept in the log");
}

#[test]
fn a_site_that_cannot_be_reached_gives_no_robots_txt_and_nothing_is_fetched() {
    // A port that was free a moment ago and that nothing listens on now.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let dir = Dir::new();
    dir.write("config.toml", format!("[site]\nbase_url = \"http://127.0.0.1:{port}/\"\nretries = 0\n"));
    let run = dir.run(&["fetch", "6x6-easy"]).expect_code(2);
    assert!(
        run.stderr
            .starts_with(&format!("aquarchive: robots.txt at http://127.0.0.1:{port}/robots.txt could not be fetched")),
        "{run}"
    );
    assert_eq!(run.stderr.lines().count(), 1, "{run}");
    assert!(run.stderr.contains("refused"), "{run}");
}

#[test]
fn a_crawl_delay_longer_than_the_configured_delay_stretches_the_gaps() {
    let site = Site::start();
    site.robots(Some("User-agent: aquarchive\nCrawl-delay: 1\n"));
    let dir = setup(&site);
    let run = dir.run(&["-v", "fetch", "6x6-normal", "--count", "2"]).ok();
    assert!(
        run.stderr
            .lines()
            .any(|l| l.contains("INFO") && l.contains("crawl_delay_ms=1000") && l.contains("min_delay_ms=0")),
        "-v says which delay is kept: {run}"
    );
    let log = site.log();
    assert_eq!(log.len(), 3, "robots.txt and two pages: {run}");
    for pair in log.windows(2) {
        let gap = pair[1].0 - pair[0].0;
        assert!(gap >= Duration::from_millis(990), "requests {gap:?} apart");
    }
}

#[test]
fn by_default_the_user_agent_names_the_tool_and_no_page() {
    let site = Site::start();
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy"]).ok();
    let log = site.log();
    assert_eq!(log.len(), 2, "robots.txt, then the page");
    let expected = format!("aquarchive/{} (personal puzzle archive, one request at a time)", env!("CARGO_PKG_VERSION"));
    for (_, agent) in &log {
        assert_eq!(agent, &expected);
        assert!(!agent.contains("http") && !agent.contains('+') && !agent.contains('@'), "{agent}");
    }
}

#[test]
fn a_contact_in_config_toml_ends_the_user_agent_and_robots_txt_rules_still_name_aquarchive() {
    for (contact, shown) in
        [("https://example.org/bot", "https://example.org/bot"), ("me@example.org", "mailto:me@example.org")]
    {
        let site = Site::start();
        site.robots(Some("User-agent: aquarchive\nDisallow: /?size=9\n"));
        let dir = setup(&site);
        let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
        dir.write("config.toml", config.replace("[site]\n", &format!("[site]\ncontact = \"{contact}\"\n")));
        let run = dir.run(&["fetch", "daily", "6x6-easy"]).expect_code(2);
        assert!(run.stdout.contains("forbids /?size=9 to aquarchive"), "{run}");
        assert!(run.stdout.contains("new: 6x6-easy"), "{run}");
        assert_eq!(site.hits("/?size=9"), 0, "{run}");
        let log = site.log();
        assert_eq!(log.len(), 2, "robots.txt, then the page it allows: {run}");
        let expected = format!(
            "aquarchive/{} (personal puzzle archive, one request at a time; +{shown})",
            env!("CARGO_PKG_VERSION")
        );
        for (_, agent) in &log {
            assert_eq!(agent, &expected);
        }
    }
}

#[test]
fn a_contact_neither_url_nor_address_stops_the_run_naming_config_toml_and_the_key() {
    for contact in ["example.org", "https://example.org/(bot)", "me@ex\u{e4}mple.org"] {
        let site = Site::start();
        let dir = setup(&site);
        let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
        dir.write("config.toml", config.replace("[site]\n", &format!("[site]\ncontact = \"{contact}\"\n")));
        let run = dir.run(&["fetch", "6x6-easy"]).expect_code(2);
        assert!(run.stderr.contains("config.toml"), "{run}");
        assert!(run.stderr.contains(&format!("`site.contact` = \"{contact}\"")), "{run}");
        assert!(run.stderr.contains("http or https URL") && run.stderr.contains("e-mail address"), "{run}");
        assert!(site.log().is_empty(), "nothing is asked of the site: {run}");
    }
}

#[test]
fn robots_txt_is_fetched_over_http_when_the_browser_fetches_the_pages_sandbox_off_as_root() {
    crate::site::require_chromium();
    let site = Site::start();
    site.robots(Some("User-agent: aquarchive\nDisallow: /?size=9\n"));
    let dir = setup(&site);
    crate::site::unsandboxed_as_root(&dir);
    let run = dir.run(&["fetch", "--browser", "daily", "6x6-easy"]).expect_code(2);
    assert_eq!(site.hits("/robots.txt"), 1, "{run}");
    assert_eq!((site.hits("/?size=9"), site.hits("/?size=0")), (0, 1), "{run}");
    assert!(run.stdout.contains("forbids /?size=9 to aquarchive"), "{run}");
    assert!(run.stdout.contains("new: 6x6-easy"), "{run}");
}

#[test]
fn the_librarys_fetch_applies_robots_txt_the_crawl_delay_and_the_pace_file_itself() {
    use std::ops::ControlFlow;

    use aquarchive::archive::fetch::{self, FetchEvent, FetchRequest, Outcome, Target};
    use aquarchive::archive::{Access, Archive};
    use aquarchive::config::{Config, SiteConfig};
    use aquarchive::engine::Settings;
    use aquarchive_site::url::SizeClass;

    let site = Site::start();
    site.robots(Some("User-agent: aquarchive\nDisallow: /?size=9\nCrawl-delay: 0.5\n"));
    let dir = Dir::new();
    let database = dir.join("archive/aquarchive.sqlite");
    let mut store = Archive::open(&database, Access::ReadWrite).unwrap();
    // A caller that says nothing of robots.txt, delays or pace files.
    let site_config = SiteConfig { base_url: site.base_url(), min_delay_ms: 0, retries: 0, ..SiteConfig::default() };
    let config = Config { site: site_config, ..Config::default() };
    let daily: SizeClass = "daily".parse().unwrap();
    let easy: SizeClass = "6x6-easy".parse().unwrap();
    let targets = vec![Target::New { class: daily, count: 1 }, Target::New { class: easy, count: 2 }];
    let request = FetchRequest { targets, browser: false, solve: Settings::default(), missed: false };
    let mut told = Vec::new();
    let mut each = |event: FetchEvent<'_>| {
        if let FetchEvent::Page(report) = event {
            told.push(report.url.clone());
        }
        ControlFlow::Continue(())
    };
    let reports = fetch::run(&mut store, &config, &request, &mut each).unwrap();
    assert_eq!(told, reports.iter().map(|r| r.url.clone()).collect::<Vec<_>>(), "each page told as it is kept");
    assert_eq!(site.hits("/?size=9"), 0, "robots.txt forbids the daily: no request for it");
    assert!(
        matches!(&reports[0].outcome, Outcome::Failed(why) if why.contains("forbids /?size=9")),
        "{:?}",
        reports[0].outcome
    );
    assert_eq!(site.hits("/robots.txt"), 1);
    let easy_pages = site.hits("/?size=0");
    assert!(easy_pages >= 2, "the pages robots.txt allows are fetched: {easy_pages}");
    assert_eq!(reports.len(), 1 + easy_pages);
    let log = site.log();
    for pair in log.windows(2) {
        let gap = pair[1].0 - pair[0].0;
        assert!(gap >= Duration::from_millis(490), "Crawl-delay 0.5 s, yet requests {gap:?} apart");
    }
    assert!(dir.join("archive/aquarchive.sqlite.pace").is_file(), "the pace is kept beside the archive");
}

/// A first fetch killed while it waits for robots.txt (SIGKILL: no
/// destructor runs) leaves its unnamed archive; the next first fetch on the
/// machine removes it, as its process has ended, and makes the archive.
#[test]
fn what_a_first_fetch_killed_before_any_answer_left_is_removed_by_the_next() {
    use std::process::Stdio;
    let site = Site::start();
    site.fault("/robots.txt", &[Fault::Held]);
    let dir = setup(&site);
    let mut killed = dir.command(&["fetch", "6x6-easy"]).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while site.hits("/robots.txt") == 0 {
        assert!(std::time::Instant::now() < deadline, "robots.txt never asked for");
        std::thread::sleep(Duration::from_millis(20));
    }
    killed.kill().unwrap();
    killed.wait().unwrap();
    let host = rustix::system::uname().nodename().to_string_lossy().into_owned();
    let left = format!(".aquarchive.sqlite.unnamed-{}@{host}", killed.id());
    assert!(tree(&dir.join("archive")).contains(&left), "{:?}", tree(&dir.join("archive")));
    site.release();
    dir.run(&["fetch", "6x6-easy"]).ok();
    assert_eq!(tree(&dir.join("archive")), ["aquarchive.sqlite", "aquarchive.sqlite.pace"]);
}
