//! `fetch` and `reparse` against the loopback test site: HTTP and a real
//! headless Chromium, every size class, every fault, retries counted on the
//! server, the daily fetched twice, and re-extraction from snapshots.

use std::path::{Path, PathBuf};
use std::time::Duration;

use aquarchive_site::browser::{BrowserFetcher, BrowserSettings};
use aquarchive_site::extract::{Source, extract};
use aquarchive_site::fetch::{FetchSettings, PageSource};
use aquarchive_site::http::HttpFetcher;
use aquarchive_site::url::{PuzzleId, SiteUrls, SizeClass};

use crate::site_server::{CLASSES, Fault, RetryAfter, Site};
use crate::util::{Dir, Run, ctrl_c, fixtures};

/// A temp dir whose config.toml points at the test site, with no delay, a
/// timeout no loopback answer comes near even on a loaded machine (so no
/// test's count of requests gains a retry by chance), two retries and a
/// short backoff.
pub(crate) fn setup(site: &Site) -> Dir {
    setup_timeout(site, 30)
}

/// As [`setup`], with a timeout of `timeout_secs`.
fn setup_timeout(site: &Site, timeout_secs: u64) -> Dir {
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!(
            "[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\ntimeout_secs = {timeout_secs}\nretries = 2\nbackoff_ms = 10\n\
             [fetch]\nboard_wait_secs = 10\n",
            site.base_url()
        ),
    );
    dir
}

/// As [`setup`], and as root without Chromium's sandbox (see
/// [`unsandboxed_as_root`]): for the tests that run Chromium, whose names
/// say so.
pub(crate) fn setup_sandbox_off_as_root(site: &Site) -> Dir {
    let dir = setup(site);
    unsandboxed_as_root(&dir);
    dir
}

/// The line that lets Chromium run as root, where it cannot keep its
/// sandbox and `auto` refuses to drop it.
const SANDBOX_OFF: &str = "browser_sandbox = \"off\"\n";

/// As root (CI runs the tests so), sets `fetch.browser_sandbox = "off"` in
/// the dir's config.toml, so that its browser fetches run; as another user
/// leaves the default, so that they keep the sandbox.
pub fn unsandboxed_as_root(dir: &Dir) {
    if !running_as_root() {
        return;
    }
    let path = dir.join("config.toml");
    let config = std::fs::read_to_string(&path).unwrap_or_default();
    let config = match config.contains("[fetch]\n") {
        true => config.replace("[fetch]\n", &format!("[fetch]\n{SANDBOX_OFF}")),
        false => format!("{config}[fetch]\n{SANDBOX_OFF}"),
    };
    std::fs::write(path, config).unwrap();
}

/// The browser the tests start themselves: the default one, without its
/// sandbox as root (see [`unsandboxed_as_root`]).
pub fn browser_settings_unsandboxed_as_root() -> BrowserSettings {
    use aquarchive_site::browser::Sandbox;
    let sandbox = if running_as_root() { Sandbox::Off } else { Sandbox::Auto };
    BrowserSettings { sandbox, ..BrowserSettings::default() }
}

pub(crate) fn db(dir: &Dir) -> PathBuf {
    dir.join("archive/aquarchive.sqlite")
}

/// The rows `sql` gives. Its `fetches` are the pages' fetches: a temporary
/// view of that name hides the table's robots.txt fetches, which
/// tests/it/robots.rs checks.
pub(crate) fn rows(db: &Path, sql: &str) -> Vec<Vec<Option<String>>> {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("open the database");
    conn.execute_batch("CREATE TEMP VIEW fetches AS SELECT * FROM main.fetches WHERE url NOT LIKE '%/robots.txt'")
        .expect("a view of the pages' fetches");
    let mut statement = conn.prepare(sql).expect("prepare");
    let columns = statement.column_count();
    statement
        .query_map([], |r| (0..columns).map(|i| r.get::<_, rusqlite::types::Value>(i)).collect::<Result<Vec<_>, _>>())
        .unwrap()
        .map(|row| {
            row.unwrap()
                .into_iter()
                .map(|v| match v {
                    rusqlite::types::Value::Null => None,
                    rusqlite::types::Value::Integer(n) => Some(n.to_string()),
                    rusqlite::types::Value::Text(t) => Some(t),
                    rusqlite::types::Value::Blob(b) => Some(format!("{} bytes", b.len())),
                    rusqlite::types::Value::Real(x) => Some(x.to_string()),
                })
                .collect()
        })
        .collect()
}

pub(crate) fn count(db: &Path, sql: &str) -> usize {
    rows(db, sql)[0][0].as_deref().unwrap().parse().unwrap()
}

/// The fixture's solution rows (`0`/`1`) for a puzzle of the test site.
fn fixture_solution(class: u8, id: u64) -> Option<String> {
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixtures().join("aquarium/index.json")).unwrap()).unwrap();
    let entry = index.as_array().unwrap().iter().find(|p| {
        p["size_param"].as_u64() == Some(u64::from(class))
            && p["id"].as_str().map(|s| s.replace(',', "")) == Some(id.to_string())
    })?;
    let text =
        std::fs::read_to_string(fixtures().join(format!("aquarium/puzzles/{}.solution.txt", entry["name"].as_str()?)))
            .ok()?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// Fetches one new puzzle of every class with `extra` flags and checks the
/// archive holds each page's puzzle with its (fixture) solution, confirmed
/// by the page's own hash; specials by their date, normal ones by ID.
fn every_class_is_stored(extra: &[&str], source: &str) {
    let site = Site::start();
    let dir = if extra.contains(&"--browser") { setup_sandbox_off_as_root(&site) } else { setup(&site) };
    let mut args = vec!["fetch", "--json"];
    args.extend(extra);
    args.extend(CLASSES);
    let run = dir.run(&args).ok();
    let lines = run.json_lines();
    assert_eq!(lines.len(), 12, "{run}");
    for (line, class) in lines.iter().zip(CLASSES) {
        let size: u8 = class.parse::<SizeClass>().unwrap().param();
        let served = if size >= 9 { site.special(size) } else { site.puzzles_of(size)[0].clone() };
        assert_eq!(line["outcome"], "new", "{line}");
        assert_eq!(line["size_class"], class);
        assert_eq!(line["task"], served.task.as_str(), "{class}");
        assert_eq!(line["source"], source, "{line}");
        assert_eq!(line["date"].as_str(), served.date.as_deref(), "{class}");
        assert_eq!(line["hash_check"], "match", "{line}");
        let key = if served.is_special() {
            assert_eq!(line["site_id"], serde_json::Value::Null, "a special's page has no ID: {line}");
            format!("p.special_date = '{}'", served.date.as_deref().unwrap())
        } else {
            assert_eq!(line["site_id"], served.id_text().as_str());
            format!("p.site_id = {}", served.id)
        };
        let stored = rows(
            &db(&dir),
            &format!(
                "SELECT p.status, s.solution, s.found, p.snapshot, p.extractor_version, f.hashed_solution, f.hash_check \
                 FROM puzzles p JOIN solutions s ON s.puzzle = p.id JOIN site_facts f ON f.puzzle = p.id \
                 WHERE p.size_class = {size} AND {key}"
            ),
        );
        assert_eq!(stored.len(), 1, "{class}");
        assert_eq!(stored[0][0].as_deref(), Some("ok"));
        assert_eq!(stored[0][2].as_deref(), Some("1"));
        assert_eq!(stored[0][3].as_deref(), line["snapshot"].as_str());
        assert_eq!(stored[0][5], Some(served.hashed_solution()), "{class}");
        assert_eq!(stored[0][6].as_deref(), Some("match"), "{class}");
        // The solution stored is the site's own answer, cell for cell.
        let answer: String = stored[0][1]
            .as_deref()
            .unwrap()
            .chars()
            .filter_map(|c| match c {
                '1' => Some('y'),
                '0' => Some('n'),
                _ => None,
            })
            .collect();
        assert_eq!(answer, served.answer, "{class}");
        if let Some(solution) = fixture_solution(size, served.id) {
            assert_eq!(stored[0][1].as_deref(), Some(solution.as_str()), "{class}");
        }
    }
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM fetches WHERE error IS NULL AND snapshot IS NOT NULL"), 12);
}

#[test]
fn http_fetch_of_every_size_class_stores_the_right_puzzles() {
    every_class_is_stored(&[], "script");
}

/// Chromium where the tool looks for it by default.
fn chromium_path() -> PathBuf {
    aquarchive::config::Config::default().fetch.chromium
}

pub fn require_chromium() {
    let chromium = chromium_path();
    assert!(
        chromium.exists(),
        "{} is missing: the browser tests need Debian's chromium (apt-get install -y chromium; .ci/run installs it)",
        chromium.display()
    );
}

#[test]
fn browser_fetch_of_every_size_class_stores_the_right_puzzles_sandbox_off_as_root() {
    require_chromium();
    // A browser sees the script and the board its JavaScript drew: both are
    // read and agree.
    every_class_is_stored(&["--browser"], "script+board");
}

#[test]
fn http_and_browser_agree_on_every_fixture_puzzle_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    let urls = SiteUrls::new(&site.base_url());
    let settings =
        FetchSettings { min_delay: Duration::ZERO, timeout: Duration::from_secs(5), ..FetchSettings::default() };
    let mut http = HttpFetcher::new(settings.clone()).unwrap();
    let mut browser = BrowserFetcher::start(settings, &browser_settings_unsandboxed_as_root()).unwrap();
    let puzzles = site.puzzles();
    assert_eq!(
        puzzles.len(),
        90,
        "83 fixture puzzles with an ID and size class, one generated, the 3 real ones of 2025, 3 specials"
    );
    for p in &puzzles {
        let class = SizeClass::from_param(p.size).unwrap();
        let url = if p.is_special() { urls.new_puzzle(class) } else { urls.puzzle(class, PuzzleId(p.id)) };
        let raw = http.get(&url);
        let drawn = browser.get(&url);
        assert_eq!(raw.failure, None, "{url}");
        assert_eq!(drawn.failure, None, "{url}");
        let from_raw = extract(&raw.bytes, Some(class)).unwrap();
        let from_browser = extract(&drawn.bytes, Some(class)).unwrap();
        assert_eq!(from_raw.source, Source::Script);
        assert_eq!(from_browser.source, Source::Both, "{url}");
        assert_eq!(from_raw.aquarium, from_browser.aquarium, "{url}");
        assert_eq!(from_raw.aquarium.unwrap().to_task(), p.task, "{url}");
        assert_eq!(from_raw.id, Some(PuzzleId(p.id)).filter(|_| !p.is_special()));
        assert_eq!((from_browser.id, &from_browser.date), (from_raw.id, &from_raw.date), "{url}");
    }
}

#[test]
fn a_browser_fetch_of_an_unknown_id_says_so_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    let dir = setup_sandbox_off_as_root(&site);
    let run = dir.run(&["fetch", "--browser", "--id", "999", "--size", "6x6-easy"]).expect_code(2);
    assert!(run.stdout.contains("the site says there is no puzzle with this ID"), "{run}");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles"), 0);
}

/// A fetch of 6x6-easy after `faults`; returns the run and the requests
/// the server saw.
fn fetch_with(faults: &[Fault], extra: &[&str]) -> (Run, usize, Dir) {
    let site = Site::start();
    site.fault("/?size=0", faults);
    let dir = setup(&site);
    let mut args = vec!["fetch", "6x6-easy"];
    args.extend(extra);
    let run = dir.run(&args);
    (run, site.hits("/?size=0"), dir)
}

#[test]
fn server_errors_are_retried_with_backoff_and_then_succeed() {
    let (run, hits, dir) = fetch_with(&[Fault::Status(500), Fault::Status(503)], &[]);
    let run = run.ok();
    assert_eq!(hits, 3, "{run}");
    assert!(run.stdout.starts_with("new: 6x6-easy 6x6 ID "), "{run}");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 1);
}

#[test]
fn a_server_that_keeps_failing_is_tried_three_times_and_logged() {
    let (run, hits, dir) = fetch_with(&[Fault::Status(500); 5], &[]);
    let run = run.expect_code(2);
    assert_eq!(hits, 3, "one try and two retries: {run}");
    assert!(run.stdout.contains("failed: no puzzle from http://127.0.0.1:"), "{run}");
    assert!(run.stdout.contains("/?size=0: HTTP status 500"), "{run}");
    let fetches = rows(&db(&dir), "SELECT http_status, error, snapshot FROM fetches");
    assert_eq!(fetches.len(), 1);
    assert_eq!(fetches[0][0].as_deref(), Some("500"));
    assert!(fetches[0][2].is_some(), "the error page is kept as a snapshot");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles"), 0);
}

#[test]
fn client_errors_are_never_retried() {
    for code in [404, 403] {
        let (run, hits, _dir) = fetch_with(&[Fault::Status(code)], &[]);
        let run = run.expect_code(2);
        assert_eq!(hits, 1, "{run}");
        assert!(run.stdout.contains(&format!("HTTP status {code}")), "{run}");
    }
}

/// The gap between the last two requests, as the site saw them.
fn last_gap(site: &Site) -> Duration {
    let log = site.log();
    assert!(log.len() >= 2, "{} requests", log.len());
    log[log.len() - 1].0 - log[log.len() - 2].0
}

#[test]
fn a_429_waits_what_retry_after_asks_then_succeeds_and_the_log_counts_it() {
    let site = Site::start();
    site.fault("/?size=0", &[Fault::Busy(429, RetryAfter::Seconds(1))]);
    let dir = setup(&site);
    let run = dir.run(&["fetch", "6x6-easy"]).ok();
    assert_eq!(site.hits("/?size=0"), 2, "{run}");
    assert!(last_gap(&site) >= Duration::from_secs(1), "Retry-After: 1 was not waited: {:?}", last_gap(&site));
    assert!(run.stdout.contains("(2 requests, 1 answer asking to slow down, waited 1.0 s)"), "{run}");
    assert_eq!(
        rows(&db(&dir), "SELECT http_status, attempts, busy, waited_ms FROM fetches"),
        [[Some("200".into()), Some("2".into()), Some("1".into()), Some("1000".into())]]
    );
    let log = dir.run(&["log"]).ok();
    assert!(log.stdout.contains("(2 requests, 1 answer asking to slow down, waited 1.0 s)"), "{log}");
    let stats = dir.run(&["stats"]).ok();
    assert!(stats.stdout.contains("1 request retried, 1 answer asked to slow down"), "{stats}");
}

#[test]
fn a_503_with_an_http_date_waits_until_then() {
    let site = Site::start();
    site.fault("/?size=0", &[Fault::Busy(503, RetryAfter::DateIn(2))]);
    let dir = setup(&site);
    let run = dir.run(&["fetch", "6x6-easy"]).ok();
    assert_eq!(site.hits("/?size=0"), 2, "{run}");
    // The date is in whole seconds: 2 s ahead is at least 1 s ahead.
    assert!(last_gap(&site) >= Duration::from_secs(1), "{:?}", last_gap(&site));
}

#[test]
fn an_unreadable_retry_after_falls_back_to_the_backoff() {
    let (run, hits, _dir) = fetch_with(&[Fault::Busy(429, RetryAfter::Garbage)], &["-v"]);
    let run = run.ok();
    assert_eq!(hits, 2, "{run}");
    assert!(run.stderr.contains("neither seconds nor an HTTP date"), "{run}");
}

#[test]
fn a_429_that_keeps_coming_fails_after_the_retries() {
    let (run, hits, dir) = fetch_with(&[Fault::Busy(429, RetryAfter::Seconds(0)); 3], &[]);
    let run = run.expect_code(2);
    assert_eq!(hits, 3, "one try and two retries: {run}");
    assert!(run.stdout.contains("HTTP status 429"), "{run}");
    assert_eq!(rows(&db(&dir), "SELECT attempts, busy FROM fetches"), [[Some("3".into()), Some("3".into())]]);
}

#[test]
fn a_wait_longer_than_the_limit_is_not_taken_and_binds_the_next_runs() {
    let site = Site::start();
    site.fault("/?size=0", &[Fault::Busy(429, RetryAfter::Seconds(3600))]);
    let dir = setup(&site);
    let started = std::time::Instant::now();
    let run = dir.run(&["fetch", "6x6-easy"]).expect_code(2);
    assert!(started.elapsed() < Duration::from_secs(60), "the hour was not waited");
    assert_eq!(site.hits("/?size=0"), 1, "{run}");
    assert!(run.stdout.contains("HTTP status 429: the site asked for no request before "), "{run}");
    assert!(run.stdout.contains("more than 300 s away (site.retry_after_max_secs)"), "{run}");
    // A run started at once asks nothing, and says until when.
    let next = dir.run(&["fetch", "6x6-easy"]).expect_code(2);
    assert_eq!(site.hits("/?size=0"), 1, "the second run asked the site: {next}");
    assert!(next.stdout.contains("the site asked for no request before "), "{next}");
    assert!(dir.join("archive/aquarchive.sqlite.pace").exists());
    assert_eq!(
        rows(&db(&dir), "SELECT attempts, http_status FROM fetches ORDER BY id"),
        [[Some("1".into()), Some("429".into())], [Some("0".into()), None]]
    );
}

#[test]
fn runs_one_after_another_keep_the_sites_pace() {
    let site = Site::start();
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!("[site]\nbase_url = \"{}\"\nmin_delay_ms = 1500\ntimeout_secs = 5\n", site.base_url()),
    );
    dir.run(&["fetch", "6x6-easy"]).ok();
    dir.run(&["fetch", "6x6-easy"]).ok();
    assert!(last_gap(&site) >= Duration::from_millis(1500), "the second run did not wait: {:?}", last_gap(&site));
}

#[test]
fn a_slow_answer_times_out_and_is_retried() {
    // The first answer comes a minute late, far past the timeout however
    // loaded the machine; the retry's answer comes at once, well within it.
    let site = Site::start();
    site.fault("/?size=0", &[Fault::Slow(Duration::from_secs(60))]);
    let dir = setup_timeout(&site, 5);
    let run = dir.run(&["fetch", "6x6-easy", "-v"]).ok();
    assert_eq!(site.hits("/?size=0"), 2, "{run}");
    assert!(run.stderr.contains("no answer within 5s"), "{run}");
    assert!(run.stdout.starts_with("new: 6x6-easy 6x6 ID "), "{run}");
    assert_eq!(rows(&db(&dir), "SELECT http_status, attempts FROM fetches"), [[Some("200".into()), Some("2".into())]]);
}

#[test]
fn a_browser_page_that_never_answers_times_out_and_the_next_page_still_loads_sandbox_off_as_root() {
    require_chromium();
    // The first page hangs until the test ends; the timeout (2 s) and the
    // board's wait (2 s) bound the fetch to 4 s.
    let site = Site::start();
    site.fault("/?size=0", &[Fault::Held]);
    let dir = setup_timeout(&site, 2);
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    dir.write("config.toml", config.replace("board_wait_secs = 10\n", "board_wait_secs = 2\n"));
    unsandboxed_as_root(&dir);
    let run = dir.run(&["fetch", "--browser", "6x6-easy", "6x6-normal"]).expect_code(2);
    assert!(run.stdout.contains("no answer within 4s"), "{run}");
    // The browser left the hanging page for the next one, and read it.
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 1, "{run}");
    assert_eq!(site.hits("/?size=0"), 1, "{run}");
    assert_eq!(site.hits("/?size=1"), 1, "{run}");
}

#[test]
fn dropped_connections_fail_clearly_after_the_retries() {
    let (run, hits, dir) = fetch_with(&[Fault::Drop; 3], &[]);
    let run = run.expect_code(2);
    assert_eq!(hits, 3, "{run}");
    assert!(run.stdout.contains("connection failed"), "{run}");
    let fetches = rows(&db(&dir), "SELECT http_status, error, snapshot FROM fetches");
    assert_eq!(fetches.len(), 1, "{fetches:?}");
    let [status, error, snapshot] = &fetches[0][..] else { panic!("three columns: {fetches:?}") };
    assert_eq!((status, snapshot), (&None, &None), "no answer, no snapshot: {fetches:?}");
    let error = error.as_deref().expect("the log says why the fetch failed");
    assert!(error.contains("connection failed"), "{error}");
}

#[test]
fn truncated_bodies_are_retried_then_kept_as_snapshots() {
    let (run, hits, dir) = fetch_with(&[Fault::Truncate; 3], &[]);
    let run = run.expect_code(2);
    assert_eq!(hits, 3, "{run}");
    assert!(run.stdout.contains("the body was cut off after"), "{run}");
    let snapshot = rows(&db(&dir), "SELECT s.bytes FROM fetches f JOIN snapshots s ON s.sha256 = f.snapshot");
    assert_eq!(snapshot.len(), 1, "the partial page is kept");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles"), 0);
    // One truncated answer, then a whole one: stored.
    let (run, hits, _dir) = fetch_with(&[Fault::Truncate], &[]);
    run.ok();
    assert_eq!(hits, 2);
}

#[test]
fn a_garbled_page_is_fetched_again_by_its_id_and_the_whole_one_stored() {
    for seed in [1, 2, 3] {
        let (run, hits, dir) = fetch_with(&[Fault::InvalidTask(seed)], &["--json"]);
        let run = run.ok();
        assert_eq!(hits, 1, "{run}");
        let line = &run.json_lines()[0];
        assert_eq!((&line["outcome"], &line["garbled_before"]), (&"new".into(), &1.into()), "{line}");
        assert!(line["url"].as_str().unwrap().contains("?e="), "fetched again by its link: {line}");
        assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 1);
        assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles"), 1);
        // Both pages are kept, the garbled one with why it was fetched again.
        let log = rows(&db(&dir), "SELECT error, snapshot IS NOT NULL FROM fetches ORDER BY id");
        assert_eq!(log.len(), 2);
        let why = log[0][0].clone().unwrap();
        assert!(why.contains("tank") && why.ends_with("; fetched again"), "{why}");
        assert_eq!(log[1], [None, Some("1".into())]);
    }
}

#[test]
fn a_page_garbled_every_time_is_kept_flagged_never_as_a_good_puzzle() {
    let site = Site::start();
    let dir = setup(&site);
    site.fault("/?size=9", &[Fault::InvalidTask(1), Fault::InvalidTask(2), Fault::InvalidTask(3)]);
    let run = dir.run(&["fetch", "daily", "--json"]).expect_code(2);
    assert_eq!(site.hits("/?size=9"), 3, "one fetch and two more: {run}");
    let line = &run.json_lines()[0];
    assert_eq!((&line["outcome"], &line["garbled_before"]), (&"rejected".into(), &2.into()), "{line}");
    assert!(line["error"].as_str().unwrap().contains("tank"), "{line}");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 0);
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status <> 'ok' AND snapshot IS NOT NULL"), 1);
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM fetches WHERE error IS NOT NULL AND snapshot IS NOT NULL"), 3);
    // A next run garbled every time too is no "nothing new": it fails, so
    // that cron tries again; still one flagged record.
    site.fault("/?size=9", &[Fault::OtherTask, Fault::InvalidTask(4), Fault::InvalidTask(5)]);
    let again = dir.run(&["fetch", "daily", "--json"]).expect_code(2);
    assert_eq!(again.json_lines()[0]["outcome"], "rejected", "{again}");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles"), 1);
    dir.run(&["fetch", "daily"]).ok();
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 1);
    // With no more fetches allowed, the first garbled page is stored flagged.
    let site = Site::start();
    let dir = setup(&site);
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    let config = config.replace("[fetch]", "refetch_garbled = 0\n[fetch]");
    dir.write("config.toml", config);
    site.fault("/?size=9", &[Fault::InvalidTask(1)]);
    dir.run(&["fetch", "daily"]).expect_code(2);
    assert_eq!(site.hits("/?size=9"), 1);
}

#[test]
fn a_good_fetch_replaces_a_garbled_copy_of_the_same_puzzle() {
    let site = Site::start();
    let dir = setup(&site);
    site.fault("/?size=9", &[Fault::InvalidTask(1); 3]);
    let garbled = dir.run(&["fetch", "daily", "--json"]).expect_code(2);
    assert_eq!(garbled.json_lines()[0]["outcome"], "rejected", "{garbled}");
    let flagged = rows(&db(&dir), "SELECT id, text, snapshot FROM puzzles WHERE status <> 'ok'");
    assert_eq!(flagged.len(), 1);
    // The next fetch serves the real page: it takes the flagged record's place.
    let good = dir.run(&["fetch", "daily", "--json"]).ok();
    assert_eq!(good.json_lines()[0]["outcome"], "new", "{good}");
    let stored = rows(&db(&dir), "SELECT id, text, snapshot, status FROM puzzles");
    assert_eq!(stored.len(), 1, "one record for the one puzzle");
    assert_eq!((&stored[0][0], stored[0][3].as_deref()), (&flagged[0][0], Some("ok")));
    assert_ne!(stored[0][1], flagged[0][1], "the good text replaced the garbled one");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM solutions"), 1);
    // Nothing lost: every page is kept, each with its fetch (the three
    // garbled ones are the same bytes: one snapshot).
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM fetches f JOIN snapshots s ON s.sha256 = f.snapshot"), 4);
    dir.run(&["verify"]).ok();
    // And the good copy now counts as present.
    dir.run(&["fetch", "daily"]).expect_code(3);
}

#[test]
fn an_unknown_id_is_the_sites_not_found_page() {
    let site = Site::start();
    let dir = setup(&site);
    let run = dir.run(&["fetch", "--id", "999", "--size", "6x6-easy"]).expect_code(2);
    assert!(run.stdout.contains("the site says there is no puzzle with this ID"), "{run}");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM fetches WHERE snapshot IS NOT NULL"), 1);
}

#[test]
fn a_given_puzzle_by_id_and_the_count_of_new_ones() {
    let site = Site::start();
    let dir = setup(&site);
    let run = dir.run(&["fetch", "--id", "6226616", "--size", "10x10-easy", "--json"]).ok();
    let line = &run.json_lines()[0];
    assert_eq!(line["site_id"], "6,226,616");
    assert!(line["url"].as_str().unwrap().ends_with("/?e=Mzo2LDIyNiw2MTY="), "{line}");
    // The first of 10x10-easy's puzzles on the site is that one: --count 3
    // stores three others and counts the repeat as present.
    let run = dir.run(&["fetch", "10x10-easy", "--count", "3", "--json"]).ok();
    let outcomes: Vec<String> = run.json_lines().iter().map(|l| l["outcome"].as_str().unwrap().to_string()).collect();
    let first_is_repeat = site.puzzles_of(3)[0].id == 6_226_616;
    if first_is_repeat {
        assert_eq!(outcomes, ["present", "new", "new", "new"], "{run}");
    } else {
        assert_eq!(outcomes, ["new", "new", "new"], "{run}");
    }
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE size_class = 3 AND status = 'ok'"), 4);
}

/// The specials stored, as (class, date, text, status), oldest first.
fn specials(db: &Path) -> Vec<Vec<Option<String>>> {
    rows(db, "SELECT size_class, special_date, text, status FROM puzzles WHERE size_class >= 9 ORDER BY id")
}

/// The guide's cron line, `fetch daily weekly monthly` every six hours: a run
/// that fails is mended by the next, and the runs after it exit 3.
#[test]
fn the_six_hourly_run_stores_what_an_earlier_run_missed_then_finds_nothing_new() {
    let site = Site::start();
    let dir = setup(&site);
    let db = db(&dir);
    let job = ["fetch", "daily", "weekly", "monthly"];
    site.set_today("2026-08-25");
    // Tuesday 00:15, the site is down for the daily: the weekly and monthly are stored.
    site.fault("/?size=9", &[Fault::Status(503); 3]);
    let first = dir.run(&job).expect_code(2);
    assert!(first.stdout.contains("failed: no puzzle from") && first.stdout.contains("HTTP status 503"), "{first}");
    assert_eq!(specials(&db).len(), 2, "{first}");
    // 06:15: the daily, which the first run missed.
    let second = dir.run(&job).ok();
    assert!(second.stdout.starts_with("new: daily "), "{second}");
    assert_eq!(second.stdout.matches("present: ").count(), 2, "{second}");
    // 12:15 and 18:15: nothing new.
    dir.run(&job).expect_code(3);
    dir.run(&job).expect_code(3);
    // Wednesday's first run stores its daily only.
    site.advance(1);
    let next = dir.run(&job).ok();
    assert_eq!((next.stdout.matches("new: ").count(), next.stdout.matches("present: ").count()), (1, 2), "{next}");
    let stored = specials(&db);
    assert_eq!(stored.len(), 4);
    assert!(stored.iter().all(|r| r[3].as_deref() == Some("ok")), "{stored:?}");
}

/// The daily job as cron runs it, against specials whose ID span holds
/// `id_span` (both forms seen on real pages: empty, `0`).
fn specials_by_class_and_date(id_span: &'static str) {
    let site = Site::start();
    site.special_id_span(id_span);
    let dir = setup(&site);
    let db = db(&dir);
    // Day one: the daily is new; a second run the same day finds nothing new.
    let first = dir.run(&["fetch", "daily"]).ok();
    assert!(
        first.stdout.starts_with("new: daily 20x20 no ID of 2026-08-23, confirmed by the site's hash (archive #1)"),
        "{first}"
    );
    let again = dir.run(&["fetch", "daily"]).expect_code(3);
    assert!(again.stdout.starts_with("present: daily 20x20 no ID of 2026-08-23"), "{again}");
    // Day two: another puzzle, with its own date.
    site.advance(1);
    dir.run(&["fetch", "daily"]).ok();
    dir.run(&["fetch", "daily"]).expect_code(3);
    let dailies = specials(&db);
    assert_eq!(dailies.len(), 2);
    assert_eq!(
        dailies.iter().map(|r| (r[1].clone().unwrap(), r[3].clone().unwrap())).collect::<Vec<_>>(),
        [("2026-08-23".into(), "ok".into()), ("2026-08-24".into(), "ok".into())]
    );
    assert_ne!(dailies[0][2], dailies[1][2], "two different puzzles");
    // The weekly is dated by its Monday, the monthly by its 1st; each changes
    // with its period, not with the day.
    let weekly = dir.run(&["fetch", "weekly", "monthly", "--json"]).ok();
    let dates: Vec<_> = weekly.json_lines().iter().map(|l| l["date"].as_str().unwrap().to_string()).collect();
    assert_eq!(dates, ["2026-08-24", "2026-08-01"], "the 24th is a Monday: {weekly}");
    site.advance(1);
    dir.run(&["fetch", "weekly", "monthly"]).expect_code(3);
    site.set_today("2026-08-31");
    dir.run(&["fetch", "weekly"]).ok();
    dir.run(&["fetch", "monthly"]).expect_code(3);
    // The next month's monthly is 50x50: read, solved, confirmed, stored.
    site.set_today("2026-09-01");
    let monthly = dir.run(&["fetch", "monthly", "--json"]).ok();
    let line = &monthly.json_lines()[0];
    assert_eq!(
        (&line["date"], &line["hash_check"], &line["outcome"]),
        (&"2026-09-01".into(), &"match".into(), &"new".into())
    );
    assert!(monthly.stdout.contains(&format!("\"task\":\"{}\"", site.special(11).task)), "{monthly}");
    let keys: Vec<_> = specials(&db).into_iter().map(|r| (r[0].clone().unwrap(), r[1].clone().unwrap())).collect();
    let key = |class: &str, date: &str| (class.to_string(), date.to_string());
    assert_eq!(
        keys,
        [
            key("9", "2026-08-23"),
            key("9", "2026-08-24"),
            key("10", "2026-08-24"),
            key("11", "2026-08-01"),
            key("10", "2026-08-31"),
            key("11", "2026-09-01")
        ]
    );
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE width = 50 AND height = 50 AND status = 'ok'"), 1);
    assert_eq!(
        count(&db, "SELECT count(*) FROM puzzles WHERE site_id IS NOT NULL"),
        0,
        "no special stored under an ID"
    );
    // What the archive shows of a special.
    let shown = dir.run(&["show", "1", "--json"]).ok();
    let shown: serde_json::Value = serde_json::from_str(&shown.stdout).unwrap();
    assert_eq!((&shown["special_date"], &shown["hash_check"]), (&"2026-08-23".into(), &"match".into()));
    let text = dir.run(&["show", "1"]).ok();
    assert!(text.stdout.contains("the special of 2026-08-23, confirmed by the site's hash"), "{text}");
    let list = dir.run(&["list"]).ok();
    let first = list.stdout.lines().nth(1).unwrap();
    assert!(first.contains(" ok ") && first.contains(" 2026-08-23 "), "{list}");
    // The HTML archive: the special's date and the site's confirmation.
    dir.run(&["export", "--html", "site"]).ok();
    let index = std::fs::read_to_string(dir.join("site/index.html")).unwrap();
    let start = index.find("<tr><td><a href=\"p/1.html\">").expect("puzzle 1 in the index");
    let row = &index[start..start + index[start..].find("</tr>").unwrap()];
    assert!(row.contains("<td>2026-08-23</td>") && row.contains("<td>confirmed by the site's hash</td>"), "{row}");
    dir.run(&["verify"]).ok();
}

#[test]
fn specials_with_an_empty_id_are_stored_by_class_and_date() {
    specials_by_class_and_date("");
}

#[test]
fn specials_with_id_0_are_stored_by_class_and_date() {
    specials_by_class_and_date("0");
}

#[test]
fn a_garbled_task_only_the_hash_tells_is_flagged_then_replaced() {
    let site = Site::start();
    let dir = setup(&site);
    let db = db(&dir);
    dir.run(&["fetch", "daily"]).ok();
    site.advance(1);
    // Another good puzzle's task under today's hash: unique, well formed,
    // and wrong.
    site.fault("/?size=9", &[Fault::OtherTask; 3]);
    let garbled = dir.run(&["fetch", "daily", "--json"]).expect_code(2);
    let line = &garbled.json_lines()[0];
    assert_eq!((&line["outcome"], &line["hash_check"]), (&"rejected".into(), &"mismatch".into()), "{garbled}");
    assert!(line["error"].as_str().unwrap().contains("hashedSolution"), "{line}");
    assert_eq!(
        rows(&db, "SELECT status, special_date FROM puzzles WHERE id = 2"),
        [[Some("invalid".to_string()), Some("2026-08-24".to_string())]]
    );
    assert_eq!(count(&db, "SELECT count(*) FROM solutions WHERE puzzle = 2"), 0);
    let kept = rows(&db, "SELECT snapshot FROM puzzles WHERE id = 2")[0][0].clone();
    // The next run gets the real page: it takes the flagged record's place.
    let good = dir.run(&["fetch", "daily", "--json"]).ok();
    assert_eq!(good.json_lines()[0]["outcome"], "new", "{good}");
    assert_eq!(specials(&db).len(), 2);
    assert_eq!(
        rows(&db, "SELECT p.status, p.text = ?1, f.hash_check FROM puzzles p JOIN site_facts f ON f.puzzle = p.id WHERE p.id = 2"
            .replace("?1", &format!("'{}'", aquarchive::kinds::aquarium::Aquarium::parse_task(&site.special(9).task).unwrap())).as_str()),
        [[Some("ok".into()), Some("1".into()), Some("match".into())]]
    );
    assert_eq!(
        count(&db, &format!("SELECT count(*) FROM snapshots WHERE sha256 = '{}'", kept.unwrap())),
        1,
        "the garbled page is kept"
    );
    dir.run(&["fetch", "daily"]).expect_code(3);
    let stats = dir.run(&["stats"]).ok();
    assert!(stats.stdout.contains("confirmed by the site's hash: 2"), "{stats}");
}

#[test]
fn a_page_only_the_hash_tells_is_garbled_is_fetched_again_in_the_same_run() {
    let site = Site::start();
    let dir = setup(&site);
    let db = db(&dir);
    dir.run(&["fetch", "daily"]).ok();
    site.advance(1);
    site.fault("/?size=9", &[Fault::OtherTask]);
    let run = dir.run(&["fetch", "daily", "--json"]).ok();
    let line = &run.json_lines()[0];
    assert_eq!(
        (&line["outcome"], &line["hash_check"], &line["garbled_before"]),
        (&"new".into(), &"match".into(), &1.into()),
        "{run}"
    );
    assert_eq!(site.hits("/?size=9"), 3);
    let log = rows(&db, "SELECT error FROM fetches ORDER BY id");
    assert!(
        log[1][0].as_deref().is_some_and(|e| e.contains("hashedSolution") && e.ends_with("; fetched again")),
        "{log:?}"
    );
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 2);
}

#[test]
fn before_any_page_has_matched_a_mismatch_doubts_the_formula_not_the_page() {
    let site = Site::start();
    let dir = setup(&site);
    site.fault("/?size=9", &[Fault::OtherTask; 3]);
    let run = dir.run(&["fetch", "daily", "--json"]).ok();
    let line = &run.json_lines()[0];
    assert_eq!((&line["outcome"], &line["hash_check"]), (&"new".into(), &"mismatch".into()), "{run}");
    assert_eq!(run.stderr.matches("could not be confirmed").count(), 1, "{run}");
    // A later page that matches takes its place: it is the site's own.
    let run = dir.run(&["fetch", "daily", "--json"]).ok();
    assert_eq!((&run.json_lines()[0]["hash_check"], run.stderr.as_str()), (&"match".into(), ""), "{run}");
    let stored = rows(&db(&dir), "SELECT p.id, f.hash_check FROM puzzles p JOIN site_facts f ON f.puzzle = p.id");
    assert_eq!(stored, [[Some("1".into()), Some("match".into())]]);
}

#[test]
fn a_10x10_with_21_tanks_and_a_matching_hash_is_stored_with_a_warning() {
    let site = Site::start();
    let dir = setup(&site);
    let served = site.puzzles_of(3).into_iter().find(|p| p.id >= 9_000_000).unwrap();
    let id = served.id.to_string();
    let run = dir.run(&["fetch", "--id", &id, "--size", "10x10-easy", "--json"]).ok();
    let line = &run.json_lines()[0];
    assert_eq!((&line["outcome"], &line["hash_check"]), (&"new".into(), &"match".into()), "{run}");
    assert_eq!(line["warnings"][0], "21 tanks, where the 10x10-easy puzzles seen so far have 10 to 18", "{line}");
    let text = dir.run(&["fetch", "--id", &id, "--size", "10x10-easy"]).expect_code(3);
    assert!(text.stdout.contains("(warning: 21 tanks, where"), "{text}");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 1);
    // The answer a person would type on the site, from the stored solution.
    let answer = dir.run(&["show", "1", "--format", "answer"]).ok();
    assert_eq!(answer.stdout, format!("{}\n", served.answer));
}

#[test]
fn a_page_that_moved_elsewhere_fails_loudly_and_is_kept_for_reparse() {
    let site = Site::start();
    let dir = setup(&site);
    site.fault("/?size=9", &[Fault::Redirect]);
    let run = dir.run(&["fetch", "daily"]).expect_code(2);
    assert!(
        run.stdout.starts_with(&format!(
            "failed: no puzzle from {}?size=9: the site redirected to http://localhost:",
            site.base_url()
        )),
        "{run}"
    );
    assert!(run.stdout.contains("/aquarium/daily, and there is no puzzle on the page: no `var task"), "{run}");
    assert!(run.stdout.contains("aquarchive reparse"), "{run}");
    let db = db(&dir);
    let fetches = rows(&db, "SELECT url, error, snapshot FROM fetches");
    assert_eq!(fetches.len(), 1);
    assert!(fetches[0][1].as_deref().unwrap().contains("redirected"), "{fetches:?}");
    let snapshot = fetches[0][2].clone().expect("the page it landed on is kept");
    assert!(rows(&db, &format!("SELECT bytes FROM snapshots WHERE sha256 = '{snapshot}'")).len() == 1);
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles"), 0);
    // reparse tries it again, and still finds nothing in it.
    let run = dir.run(&["reparse"]).ok();
    assert!(run.stdout.ends_with("0 found in pages that gave none before\n"), "{run}");
}

#[test]
fn bad_arguments_are_refused_before_any_request() {
    let site = Site::start();
    let dir = setup(&site);
    let run = dir.run(&["fetch", "7x7-easy"]).expect_code(2);
    assert!(run.stderr.contains("`7x7-easy` is not a size class"), "{run}");
    let run = dir.run(&["fetch", "--id", "12x", "--size", "daily"]).expect_code(2);
    assert!(run.stderr.contains("`12x` is not a puzzle ID"), "{run}");
    dir.run(&["fetch", "--id", "12"]).expect_code(2);
    assert_eq!(site.hits("/?size=0"), 0);
    assert!(dir.run(&["fetch", "--help"]).ok().stdout.contains("aquarchive fetch daily"));
}

#[test]
fn reparse_re_derives_puzzles_from_their_snapshots() {
    let site = Site::start();
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy", "10x10-hard"]).ok();
    let run = dir.run(&["reparse"]).ok();
    assert!(
        run.stdout.ends_with("2 unchanged, 0 changed, 0 no longer readable, 0 found in pages that gave none before\n"),
        "{run}"
    );
    // What an older, wrong extractor would have stored: the first tank row
    // of one puzzle misread.
    let db = db(&dir);
    let stored = rows(&db, "SELECT id, text FROM puzzles ORDER BY id LIMIT 1");
    let (id, text) = (stored[0][0].clone().unwrap(), stored[0][1].clone().unwrap());
    let wrong = text.replacen('2', "9", 1);
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE puzzles SET text = ?1, extractor_version = 0 WHERE id = ?2", rusqlite::params![wrong, id])
        .unwrap();
    conn.execute("DELETE FROM solutions WHERE puzzle = ?1", [&id]).unwrap();
    drop(conn);
    let run = dir.run(&["reparse", "--json"]).ok();
    let lines = run.json_lines();
    assert_eq!(lines[0]["result"], "changed", "{run}");
    assert_eq!(lines[0]["before"], wrong.as_str());
    assert_eq!(lines[0]["after"], text.as_str());
    assert_eq!(lines[1]["result"], "same");
    let after = rows(
        &db,
        &format!(
            "SELECT p.text, p.extractor_version, s.found FROM puzzles p JOIN solutions s ON s.puzzle = p.id WHERE p.id = {id}"
        ),
    );
    let current = aquarchive_site::markup::EXTRACTOR_VERSION.to_string();
    assert_eq!(after, vec![vec![Some(text), Some(current), Some("1".into())]]);
}

#[test]
fn reparse_tries_again_the_pages_that_gave_no_puzzle() {
    let site = Site::start();
    let dir = setup(&site);
    // An error page (kept, gives nothing ever) and a page read now.
    site.fault("/?size=0", &[Fault::Status(404)]);
    dir.run(&["fetch", "6x6-easy"]).expect_code(2);
    dir.run(&["fetch", "--id", "2865115", "--size", "10x10-hard"]).ok();
    let db = db(&dir);
    let good = rows(&db, "SELECT id, text, snapshot FROM puzzles");
    // As if an older extractor had failed on the good page: its fetch and
    // snapshot are kept, no puzzle.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("DELETE FROM solutions", []).unwrap();
    conn.execute("DELETE FROM site_facts", []).unwrap();
    conn.execute("DELETE FROM puzzles", []).unwrap();
    drop(conn);
    let run = dir.run(&["reparse", "--json"]).ok();
    let lines = run.json_lines();
    assert_eq!(lines.len(), 1, "the error page gives nothing again: {run}");
    assert_eq!((&lines[0]["result"], &lines[0]["status"]), (&"found".into(), &"ok".into()), "{run}");
    let now = rows(&db, "SELECT id, text, snapshot FROM puzzles");
    assert_eq!((&now[0][1], &now[0][2]), (&good[0][1], &good[0][2]), "the same puzzle from the same page");
    assert_eq!(count(&db, "SELECT count(*) FROM solutions WHERE found = 1"), 1);
    dir.run(&["verify"]).ok();
    // Found once: a second reparse reads it as any stored puzzle.
    let again = dir.run(&["reparse"]).ok();
    assert!(
        again
            .stdout
            .ends_with("1 unchanged, 0 changed, 0 no longer readable, 0 found in pages that gave none before\n"),
        "{again}"
    );
}

/// The inodes of the sockets process `pid` has open.
fn sockets_of(pid: u32) -> Vec<String> {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|entries| {
            entries
                .filter_map(|e| {
                    let target = std::fs::read_link(e.ok()?.path()).ok()?;
                    let inode = target.to_str()?.strip_prefix("socket:[")?.strip_suffix(']')?.to_string();
                    Some(inode)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The local addresses (hex, as /proc/PID/net/tcp and tcp6 write them) and
/// ports of the sockets on which process `pid` listens.
fn listening_of(pid: u32) -> Vec<(String, u16)> {
    let own = sockets_of(pid);
    let mut found = Vec::new();
    for table in ["tcp", "tcp6"] {
        let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/net/{table}")) else { continue };
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // local_address is ADDR:PORT in hex; state 0A is LISTEN; then the inode.
            let (Some(local), Some(&"0A"), Some(inode)) = (fields.get(1), fields.get(3), fields.get(9)) else {
                continue;
            };
            if own.iter().any(|o| o == inode)
                && let Some((addr, port)) = local.split_once(':')
                && let Ok(port) = u16::from_str_radix(port, 16)
            {
                found.push((addr.to_string(), port));
            }
        }
    }
    found
}

/// The paths of the Unix sockets on which process `pid` listens (`@NAME`
/// for one in the abstract namespace, which any local user can reach).
fn listening_unix_of(pid: u32) -> Vec<String> {
    let own = sockets_of(pid);
    let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/net/unix")) else { return Vec::new() };
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // Num RefCount Protocol Flags Type St Inode Path: flag 00010000
            // (__SO_ACCEPTCON) marks a listening socket.
            let (Some(&"00010000"), Some(inode)) = (fields.get(3), fields.get(6)) else { return None };
            own.iter().any(|o| o == inode).then(|| fields.get(7).unwrap_or(&"").to_string())
        })
        .collect()
}

#[test]
fn a_browser_fetch_listens_on_no_port_and_no_socket_another_user_can_reach_sandbox_off_as_root() {
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::process::CommandExt;
    require_chromium();
    let site = Site::start();
    // The page hangs until the test ends, so the browser is busy meanwhile.
    let (_dir, tmp, mut child) = held_browser_fetch(&site);
    wait_for_request(&site, "/?size=0");
    let browser = descendants(child.id());
    let chromium = children(child.id());
    assert!(browser.iter().any(|p| cmdline(p.pid).contains("--type=renderer")), "a renderer runs");
    let profile = entries(&tmp).pop().expect("the profile");
    // aquarchive itself, which holds the other ends of the DevTools pipe,
    // and every process of the browser.
    let processes: Vec<u32> = std::iter::once(child.id()).chain(browser.iter().map(|p| p.pid)).collect();
    let tcp: Vec<_> = processes.iter().flat_map(|&pid| listening_of(pid).into_iter().map(move |s| (pid, s))).collect();
    let unix: Vec<_> =
        processes.iter().flat_map(|&pid| listening_unix_of(pid).into_iter().map(move |s| (pid, s))).collect();
    let (profile_mode, profile_owner) = std::fs::metadata(&profile).map(|m| (m.mode() & 0o777, m.uid())).unwrap();
    // As another user (as root: nobody), open the browser's ends of the
    // pipe through /proc, the only other way to them; as this one, they
    // open (the way is there).
    let opens = |path: &String, user: Option<(u32, u32)>| {
        let mut open = std::process::Command::new("bash");
        open.args(["-c", &format!("exec 5<>{path}")]).stderr(std::process::Stdio::null());
        if let Some((uid, gid)) = user {
            open.uid(uid).gid(gid);
        }
        open.status().unwrap().success()
    };
    let pipe_ends: Vec<String> =
        chromium.iter().flat_map(|pid| [3, 4].map(|fd| format!("/proc/{pid}/fd/{fd}"))).collect();
    let we_opened: Vec<&String> = pipe_ends.iter().filter(|path| opens(path, None)).collect();
    let other_user = running_as_root().then(crate::util::nobody);
    let other_user_opened: Vec<&String> =
        pipe_ends.iter().filter(|path| other_user.is_some_and(|u| opens(path, Some(u)))).collect();
    ctrl_c(child.id());
    child.wait().unwrap();
    let named = |found: &[(u32, _)]| found.iter().map(|(pid, _)| cmdline(*pid)).collect::<Vec<_>>();
    assert_eq!(tcp, vec![], "listening on TCP: {:?}", named(&tcp));
    // Chromium listens on one Unix socket (its SingletonSocket, for a second
    // start on the same profile), in its scratch folder within the profile,
    // which is its user's alone.
    let inside = profile.display().to_string() + "/";
    assert!(unix.iter().all(|(_, path)| path.starts_with(&inside)), "listening outside {inside}: {unix:?}");
    assert_eq!((profile_mode, profile_owner), (0o700, own_uid()), "{}", profile.display());
    assert_eq!(we_opened, pipe_ends.iter().collect::<Vec<_>>(), "the pipe's ends, open to their own user");
    assert!(!pipe_ends.is_empty(), "Chromium is a child of aquarchive");
    assert_eq!(other_user_opened, Vec::<&String>::new(), "opened by another user");
}

fn own_uid() -> u32 {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() }
}

/// The fields of /proc/PID/stat after the command name: state first.
fn stat(pid: u32) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    Some(text.rsplit_once(')')?.1.split_whitespace().map(str::to_string).collect())
}

/// A process known by its PID and start time, so that a PID the kernel
/// hands to another process later is not taken for it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Process {
    pid: u32,
    /// Clock ticks after boot (field 22 of /proc/PID/stat).
    start: u64,
}

impl Process {
    fn of(pid: u32) -> Option<Process> {
        Some(Process { pid, start: stat(pid)?.get(19)?.parse().ok()? })
    }

    /// Whether it still runs: there, not another process, not a zombie.
    fn running(self) -> bool {
        stat(self.pid).is_some_and(|fields| {
            fields.first().is_some_and(|state| state != "Z" && state != "X")
                && fields.get(19).and_then(|t| t.parse().ok()) == Some(self.start)
        })
    }
}

/// The command line of process `pid`, its arguments joined by spaces.
fn cmdline(pid: u32) -> String {
    std::fs::read(format!("/proc/{pid}/cmdline"))
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .unwrap_or_default()
}

/// The children of process `pid` (of each of its threads).
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Vec::new() };
    tasks
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("children")).ok())
        .flat_map(|text| text.split_whitespace().filter_map(|p| p.parse().ok()).collect::<Vec<u32>>())
        .collect()
}

/// Process `pid`'s children, their children, and so on.
fn descendants(pid: u32) -> Vec<Process> {
    let mut found = Vec::new();
    let mut next = children(pid);
    while let Some(pid) = next.pop() {
        if let Some(process) = Process::of(pid) {
            found.push(process);
            next.extend(children(pid));
        }
    }
    found
}

/// A config.toml for the test site whose waits are minutes long: a fetch
/// of a held page still waits for it whenever the test acts; as root,
/// without Chromium's sandbox (see [`unsandboxed_as_root`]).
fn setup_waiting(site: &Site) -> Dir {
    let dir = setup_sandbox_off_as_root(site);
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    let config = config.replace("timeout_secs = 1\n", "timeout_secs = 300\n");
    dir.write("config.toml", config.replace("board_wait_secs = 10\n", "board_wait_secs = 300\n"));
    dir
}

/// Waits (a minute at most: the time to start Chromium on a busy machine)
/// until the test site has been asked for `target`.
fn wait_for_request(site: &Site, target: &str) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while site.hits(target) == 0 {
        assert!(std::time::Instant::now() < deadline, "the browser never asked for {target}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// As [`wait_for_request`], for a fetch whose output is piped: if the
/// fetch ends first, or the browser has not asked within 90 s (past the
/// fetch's own 60 s wait for the browser to start, so that its error is
/// there to read), panics with what the fetch printed.
fn wait_for_request_of(site: &Site, target: &str, mut child: std::process::Child, what: &str) -> std::process::Child {
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    while site.hits(target) == 0 {
        let ended = child.try_wait().unwrap().is_some();
        if ended || std::time::Instant::now() >= deadline {
            if !ended {
                ctrl_c(child.id());
            }
            let run = Run::wait(child, what);
            let when = if ended { "before the fetch ended" } else { "within 90 s" };
            panic!("the browser never asked for {target} {when}:\n{run}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

#[test]
fn ctrl_c_stops_chromium_and_removes_the_profile_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    // The page hangs until the test ends, so the browser is busy when Ctrl-C comes.
    let (_dir, tmp, mut child) = held_browser_fetch(&site);
    let profile = tmp.join(format!("aquarchive-chromium-{}-", child.id())).display().to_string();
    wait_for_request(&site, "/?size=0");
    let started = descendants(child.id());
    assert!(!children(child.id()).is_empty(), "Chromium is a child of aquarchive");
    assert!(
        started.iter().any(|p| cmdline(p.pid).contains(&format!("--user-data-dir={profile}"))),
        "Chromium runs with the profile {profile}*: {:?}",
        started.iter().map(|p| cmdline(p.pid)).collect::<Vec<_>>()
    );
    ctrl_c(child.id());
    assert_eq!(child.wait().unwrap().code(), Some(130));
    // Killed processes are gone once the kernel has reaped them; a minute
    // is plenty on any machine.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let running = || started.iter().filter(|p| p.running()).map(|p| (p.pid, cmdline(p.pid))).collect::<Vec<_>>();
    while !running().is_empty() {
        assert!(std::time::Instant::now() < deadline, "still running a minute after Ctrl-C: {:?}", running());
        std::thread::sleep(Duration::from_millis(50));
    }
    // The profile holds Chromium's own scratch files too: nothing is left.
    assert_eq!(entries(&tmp), Vec::<PathBuf>::new(), "left behind in the temp dir");
}

/// A `fetch --browser` started on a page the site holds until released,
/// with the temp dir it is given (this test's own, where nothing else puts
/// anything: the browser's profile goes there).
fn held_browser_fetch(site: &Site) -> (Dir, PathBuf, std::process::Child) {
    site.fault("/?size=0", &[Fault::Held]);
    let dir = setup_waiting(site);
    let tmp = dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let child = dir
        .command(&["fetch", "--browser", "6x6-easy"])
        .env("TMPDIR", &tmp)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    (dir, tmp, child)
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect()
}

#[test]
fn a_killed_runs_browsers_and_profile_are_cleared_by_the_next_run_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    let (dir, tmp, mut killed) = held_browser_fetch(&site);
    wait_for_request(&site, "/?size=0");
    let orphans = descendants(killed.id());
    assert!(!orphans.is_empty(), "Chromium runs under aquarchive");
    // SAFETY: a signal to a child this test started and has not waited for.
    unsafe {
        libc::kill(killed.id() as libc::pid_t, libc::SIGKILL);
    }
    killed.wait().unwrap();
    // Killed outright, the tool could clear nothing: its browsers run on.
    assert!(orphans.iter().any(|p| p.running()), "the browsers outlived the kill");
    assert!(!entries(&tmp).is_empty(), "the killed run's profile is there");
    site.release();
    let next = dir.command(&["fetch", "--browser", "6x6-easy"]).env("TMPDIR", &tmp).output().unwrap();
    assert!(next.status.success(), "{}", String::from_utf8_lossy(&next.stderr));
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let running = || orphans.iter().filter(|p| p.running()).map(|p| (p.pid, cmdline(p.pid))).collect::<Vec<_>>();
    while !running().is_empty() {
        assert!(std::time::Instant::now() < deadline, "the killed run's browsers still run: {:?}", running());
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(entries(&tmp), Vec::<PathBuf>::new(), "left behind in the temp dir");
}

#[test]
fn config_can_choose_the_browser_and_the_chromium_it_starts_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    let dir = setup_sandbox_off_as_root(&site);
    let wrapper = recording_chromium(&dir);
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    dir.write(
        "config.toml",
        config.replace("[fetch]\n", &format!("[fetch]\nmethod = \"browser\"\nchromium = \"{}\"\n", wrapper.display())),
    );
    let run = dir.run(&["fetch", "6x6-hard", "--json"]);
    let line = &run.ok().json_lines()[0];
    assert_eq!(line["method"], "browser", "{line}");
    assert_eq!(line["source"], "script+board", "{line}");
    assert_eq!(line["outcome"], "new", "{line}");
    assert_eq!(recorded_starts(&dir).len(), 1, "the Chromium named in config.toml was started");
}

#[test]
fn requests_carry_the_user_agent_set_whole_even_with_a_contact_and_keep_the_minimum_delay() {
    let site = Site::start();
    let dir = setup(&site);
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    let agent = "user_agent = \"aquarchive-test/1 (me@example.org)\"\ncontact = \"https://example.org/bot\"\n";
    dir.write("config.toml", config.replace("min_delay_ms = 0\n", &format!("min_delay_ms = 300\n{agent}")));
    dir.run(&["fetch", "6x6-normal", "--count", "3"]).ok();
    let log = site.log();
    assert_eq!(log.len(), 4, "robots.txt, then three pages");
    for (_, agent) in &log {
        assert_eq!(agent, "aquarchive-test/1 (me@example.org)");
    }
    for pair in log.windows(2) {
        let gap = pair[1].0 - pair[0].0;
        assert!(gap >= Duration::from_millis(290), "requests {gap:?} apart");
    }
}

/// Whether the tests run as root, where Chromium cannot have its sandbox.
fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// A temp dir set up as by [`setup`], with `browser_sandbox` in its
/// config.toml when given, else none (`auto`), as root too.
fn setup_sandbox(site: &Site, sandbox: Option<&str>) -> Dir {
    let dir = setup(site);
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    let sandbox = sandbox.map(|sandbox| format!("browser_sandbox = \"{sandbox}\"\n")).unwrap_or_default();
    dir.write("config.toml", config.replace("[fetch]\n", &format!("[fetch]\n{sandbox}")));
    dir
}

const UNSANDBOXED: &str = "aquarchive: warning: Chromium runs without its sandbox";

/// What a browser fetch as root says when the sandbox is kept.
const ROOT_KEEPS_SANDBOX: &str = "aquarchive: starting the headless browser: Chromium cannot run as root with its \
                                  sandbox, and fetch.browser_sandbox = ";

#[test]
fn by_default_as_root_a_browser_fetch_fails_with_the_fix_and_otherwise_keeps_the_sandbox_without_a_warning() {
    require_chromium();
    let site = Site::start();
    let dir = setup_sandbox(&site, None);
    let run = dir.run(&["fetch", "--browser", "6x6-easy", "6x6-normal"]);
    assert!(!run.stderr.contains(UNSANDBOXED), "{run}");
    if running_as_root() {
        let run = run.expect_code(2);
        assert!(run.stderr.starts_with(&format!("{ROOT_KEEPS_SANDBOX}\"auto\" keeps it: ")), "{run}");
        assert!(
            run.stderr.contains(
                "run as a normal user, or set fetch.browser_sandbox = \"off\" in config.toml to run Chromium without \
                 its sandbox (which then warns on every run)"
            ),
            "{run}"
        );
        assert_eq!(run.stderr.lines().count(), 1, "{run}");
        assert_eq!(site.log().len(), 0, "nothing is asked of the site");
        assert!(!db(&dir).exists(), "a first fetch that fetched nothing leaves no archive");
    } else {
        run.ok();
        assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 2);
    }
}

#[test]
fn browser_sandbox_off_drops_the_sandbox_and_names_the_setting_and_root_when_running_as_root() {
    require_chromium();
    let site = Site::start();
    let dir = setup_sandbox(&site, Some("off"));
    let run = dir.run(&["fetch", "--browser", "6x6-easy", "6x6-normal"]).ok();
    assert_eq!(run.stderr.matches(UNSANDBOXED).count(), 1, "once a run: {run}");
    if running_as_root() {
        let said = format!("{UNSANDBOXED} (fetch.browser_sandbox = \"off\", running as root): ");
        assert!(run.stderr.contains(&said), "{run}");
        assert!(run.stderr.contains("run aquarchive as another user to keep it"), "{run}");
    } else {
        assert!(run.stderr.contains(&format!("{UNSANDBOXED} (fetch.browser_sandbox = \"off\"): ")), "{run}");
        assert!(run.stderr.contains("set fetch.browser_sandbox = \"auto\" to keep it"), "{run}");
    }
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE status = 'ok'"), 2);
}

#[test]
fn browser_sandbox_on_keeps_the_sandbox_so_as_root_the_fetch_fails_saying_why_and_otherwise_it_fetches() {
    require_chromium();
    let site = Site::start();
    let dir = setup_sandbox(&site, Some("on"));
    let run = dir.run(&["fetch", "--browser", "6x6-easy"]);
    assert!(!run.stderr.contains(UNSANDBOXED), "{run}");
    if running_as_root() {
        let run = run.expect_code(2);
        assert!(run.stderr.starts_with(&format!("{ROOT_KEEPS_SANDBOX}\"on\" keeps it: ")), "{run}");
        assert!(!db(&dir).exists(), "a first fetch that fetched nothing leaves no archive");
    } else {
        run.ok();
    }
}

/// Whether process `pid` runs under a seccomp filter (Chromium's sandbox
/// puts one on each renderer; without the sandbox there is none).
fn seccomp_filtered(pid: u32) -> Option<bool> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let mode = status.lines().find_map(|line| line.strip_prefix("Seccomp:"))?.trim();
    Some(mode == "2")
}

/// While a browser fetch of a page that hangs runs as `user` (uid, gid;
/// None: as the tests run), the command lines of the Chromium processes it
/// started and whether each runs under a seccomp filter; then the run.
///
/// As root with no other user, the fetch runs with `browser_sandbox = "off"`
/// (see [`unsandboxed_as_root`]); as another user, with the default.
fn chromium_of_a_fetch(user: Option<(u32, u32)>) -> (Vec<(String, bool)>, Run) {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let site = Site::start();
    // The page hangs until the processes are seen, then loads.
    site.fault("/?size=0", &[Fault::Held]);
    let dir = setup_waiting(&site);
    let tmp = dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    if user.is_some() {
        let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
        dir.write("config.toml", config.replace(SANDBOX_OFF, ""));
    }
    let mut command = dir.command(&["fetch", "--browser", "6x6-easy"]);
    // The profile goes to this test's own temp dir.
    command
        .env_remove("XDG_RUNTIME_DIR")
        .env("TMPDIR", &tmp)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if let Some((uid, gid)) = user {
        // The other user enters the temp dir and makes the archive and the profile in it.
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::create_dir(dir.join("archive")).unwrap();
        for made in ["archive", "tmp"] {
            std::fs::set_permissions(dir.join(made), std::fs::Permissions::from_mode(0o777)).unwrap();
        }
        command.uid(uid).gid(gid);
    }
    let child = command.spawn().unwrap();
    let profile = tmp.join(format!("aquarchive-chromium-{}-", child.id())).display().to_string();
    let child = wait_for_request_of(&site, "/?size=0", child, "aquarchive fetch --browser 6x6-easy");
    let chromium = descendants(child.id())
        .into_iter()
        .map(|p| (cmdline(p.pid), p.pid))
        .filter(|(cmdline, _)| cmdline.contains(&profile))
        .filter_map(|(cmdline, pid)| Some((cmdline, seccomp_filtered(pid)?)))
        .collect();
    site.release();
    (chromium, Run::wait(child, "aquarchive fetch --browser 6x6-easy"))
}

#[test]
fn chromium_runs_without_its_sandbox_as_root_with_the_setting_off_and_with_it_otherwise() {
    require_chromium();
    let (chromium, run) = chromium_of_a_fetch(None);
    let run = run.ok();
    let renderers: Vec<_> = chromium.iter().filter(|(cmdline, _)| cmdline.contains("--type=renderer")).collect();
    assert!(!renderers.is_empty(), "a renderer among {chromium:?}");
    if running_as_root() {
        assert!(run.stderr.contains(UNSANDBOXED), "{run}");
        assert!(chromium.iter().all(|(cmdline, _)| cmdline.contains("--no-sandbox")), "{chromium:?}");
        assert!(renderers.iter().all(|(_, filtered)| !filtered), "{chromium:?}");
    } else {
        assert!(!run.stderr.contains(UNSANDBOXED), "{run}");
        assert!(chromium.iter().all(|(cmdline, _)| !cmdline.contains("--no-sandbox")), "{chromium:?}");
        assert!(renderers.iter().any(|(_, filtered)| *filtered), "{chromium:?}");
    }
}

#[test]
fn another_user_keeps_the_browser_sandbox_and_gets_no_warning() {
    require_chromium();
    // As root, the fetch runs as `nobody`; otherwise as the tests run.
    let user = running_as_root().then(crate::util::nobody);
    let (chromium, run) = chromium_of_a_fetch(user);
    let run = run.ok();
    assert!(!run.stderr.contains(UNSANDBOXED), "{run}");
    let renderers: Vec<_> = chromium.iter().filter(|(cmdline, _)| cmdline.contains("--type=renderer")).collect();
    assert!(!renderers.is_empty(), "a renderer among {chromium:?}");
    assert!(chromium.iter().all(|(cmdline, _)| !cmdline.contains("--no-sandbox")), "{chromium:?}");
    // A renderer forked a moment ago may not have its filter yet: one that has is the proof.
    assert!(
        renderers.iter().any(|(_, filtered)| *filtered),
        "a renderer under Chromium's seccomp filter: {chromium:?}"
    );
}

/// The three real Aquarium puzzles of 2025, served with their real task and
/// the `hashedSolution` the site gave them (not one computed here): each is
/// stored by its ID, confirmed by the site's own hash, with the real answer.
#[test]
fn the_real_puzzles_of_2025_are_confirmed_by_the_sites_own_hash() {
    use md5::Digest;
    let site = Site::start();
    let dir = setup(&site);
    let saved = std::fs::read_to_string(fixtures().join("pages/real-2025/aquarium-saved-games-2025.txt")).unwrap();
    let real = crate::site_server::real_puzzles();
    let ids: Vec<(u8, String)> = real.iter().map(|p| (p.size, p.id_text())).collect();
    let want = [(0, "9,386,199"), (5, "8,942,132"), (8, "4,149,713")].map(|(s, id)| (s, id.to_string()));
    assert_eq!(ids, want);
    for (n, p) in real.iter().enumerate() {
        let hashed = p.hashed.clone().unwrap();
        assert!(saved.contains(&format!("hashedSolution = {hashed}\n")), "the file's own hash");
        let digest = md5::Md5::digest(format!("{}{}", p.task, p.answer).as_bytes());
        assert_eq!(digest.iter().map(|b| format!("{b:02x}")).collect::<String>(), hashed, "md5(task + ansH)");
        let class = CLASSES[p.size as usize];
        let run = dir.run(&["fetch", "--id", &p.id_text(), "--size", class, "--json"]).ok();
        let line = &run.json_lines()[0];
        assert_eq!((&line["outcome"], &line["hash_check"]), (&"new".into(), &"match".into()), "{run}");
        assert_eq!((&line["site_id"], &line["task"]), (&p.id_text().into(), &p.task.as_str().into()), "{run}");
        let archive = (n + 1).to_string();
        let answer = dir.run(&["show", &archive, "--format", "answer"]).ok();
        assert_eq!(answer.stdout.trim(), p.answer, "{answer}");
        let shown = dir.run(&["show", &archive, "--json"]).ok();
        let shown: serde_json::Value = serde_json::from_str(&shown.stdout).unwrap();
        assert_eq!((&shown["hash_check"], &shown["status"]), (&"match".into(), &"ok".into()), "{shown}");
    }
    let stored = rows(
        &db(&dir),
        "SELECT p.site_id, f.hashed_solution FROM puzzles p JOIN site_facts f ON f.puzzle = p.id ORDER BY p.id",
    );
    let hashes: Vec<Vec<Option<String>>> =
        real.iter().map(|p| vec![Some(p.id.to_string()), p.hashed.clone()]).collect();
    assert_eq!(stored, hashes);
}

/// A Chromium wrapper in `dir` that adds a line to `dir/starts` for each
/// start, its process id and the scratch folder it was given (its TMPDIR,
/// inside the profile), then runs the real one in its place (the same
/// process, with the same DevTools pipe).
fn recording_chromium(dir: &Dir) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let chromium = chromium_path();
    let wrapper = dir.write(
        "chromium",
        format!(
            "#!/bin/sh\necho \"$$ $TMPDIR\" >> '{}'\nexec '{}' \"$@\"\n",
            dir.join("starts").display(),
            chromium.display()
        ),
    );
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    wrapper
}

#[test]
fn a_chromium_that_ends_before_it_answers_is_named_with_what_it_said_sandbox_off_as_root() {
    use std::os::unix::fs::PermissionsExt;
    let site = Site::start();
    let dir = setup_sandbox_off_as_root(&site);
    let script = dir.write("chromium", "#!/bin/sh\necho 'starting' >&2\necho 'cannot open the profile' >&2\nexit 1\n");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    dir.write("config.toml", config.replace("[fetch]\n", &format!("[fetch]\nchromium = \"{}\"\n", script.display())));
    let run = dir.run(&["fetch", "--browser", "6x6-easy"]).expect_code(2);
    let said = format!("{}: ended before it answered; it said: starting / cannot open the profile", script.display());
    assert!(run.stderr.contains(&said), "{run}");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles"), 0);
}

/// The Chromiums [`recording_chromium`] started: each one's process id and
/// profile.
fn recorded_starts(dir: &Dir) -> Vec<(u32, PathBuf)> {
    let text = std::fs::read_to_string(dir.join("starts")).unwrap_or_default();
    text.lines()
        .map(|line| {
            let (pid, scratch) = line.split_once(' ').unwrap();
            (pid.parse().unwrap(), Path::new(scratch).parent().unwrap().to_path_buf())
        })
        .collect()
}

/// The processes on this machine whose command line names `folder`.
fn naming(folder: &Path) -> Vec<(u32, String)> {
    let folder = folder.display().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| Process::of(pid).is_some_and(Process::running))
        .map(|pid| (pid, cmdline(pid)))
        .filter(|(_, cmdline)| cmdline.contains(&folder))
        .collect()
}

/// `fetch --browser ARGS` in `dir` with the temp dir `tmp` and no
/// XDG_RUNTIME_DIR, so that a profile would be made in `tmp`.
fn browser_fetch_in(dir: &Dir, tmp: &Path, args: &[&str]) -> Run {
    let mut all = vec!["fetch", "--browser"];
    all.extend(args);
    let child = dir
        .command(&all)
        .env_remove("XDG_RUNTIME_DIR")
        .env("TMPDIR", tmp)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    Run::wait(child, &format!("aquarchive {}", all.join(" ")))
}

#[test]
fn a_browser_run_that_asks_for_no_page_starts_no_chromium_and_makes_no_profile_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    let dir = setup_sandbox_off_as_root(&site);
    let wrapper = recording_chromium(&dir);
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    let config = config.replace("[fetch]\n", &format!("[fetch]\nchromium = \"{}\"\n", wrapper.display()));
    dir.write("config.toml", &config);
    let tmp = dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    // Targets refused: not even robots.txt is asked for.
    let run = browser_fetch_in(&dir, &tmp, &["--date", "2025-12-07", "6x6-easy"]).expect_code(2);
    assert!(run.stderr.contains("only the daily, weekly and monthly specials have dates"), "{run}");
    assert!(site.log().is_empty(), "{run}");
    // robots.txt forbids every page: it is read over HTTP, and no page is.
    site.robots(Some("User-agent: *\nDisallow: /\n"));
    let run = browser_fetch_in(&dir, &tmp, &["6x6-easy", "daily"]).expect_code(2);
    assert!(run.stdout.contains("forbids /?size=0 to aquarchive"), "{run}");
    assert!(run.stdout.contains("forbids /?size=9 to aquarchive"), "{run}");
    assert_eq!(site.hits("/robots.txt"), 1, "{run}");
    assert_eq!(recorded_starts(&dir), vec![], "Chromium was started: {run}");
    assert_eq!(entries(&tmp), Vec::<PathBuf>::new(), "a profile was made: {run}");
    // The same run where robots.txt allows the pages starts it, once: the
    // wrapper does see a start.
    site.robots(None);
    let allowed = Dir::new();
    allowed.write("config.toml", &config);
    let run = browser_fetch_in(&allowed, &tmp, &["6x6-easy", "6x6-normal"]).ok();
    assert_eq!(recorded_starts(&dir).len(), 1, "{run}");
    assert_eq!(entries(&tmp), Vec::<PathBuf>::new(), "the profile is left: {run}");
}

#[test]
fn when_the_librarys_browser_fetch_returns_its_browser_has_ended_and_its_profile_is_gone_sandbox_off_as_root() {
    use std::ops::ControlFlow;

    use aquarchive::archive::fetch::{self, FetchEvent, FetchRequest, Target};
    use aquarchive::archive::{Access, Archive};
    use aquarchive::config::{Config, FetchConfig, SiteConfig};
    use aquarchive::engine::Settings;

    require_chromium();
    let site = Site::start();
    let dir = Dir::new();
    let mut store = Archive::open(&db(&dir), Access::ReadWrite).unwrap();
    let sandbox = browser_settings_unsandboxed_as_root().sandbox;
    let config = Config {
        site: SiteConfig { base_url: site.base_url(), min_delay_ms: 0, retries: 0, ..SiteConfig::default() },
        fetch: FetchConfig { chromium: recording_chromium(&dir), browser_sandbox: sandbox, ..Config::default().fetch },
        ..Config::default()
    };
    let easy: SizeClass = "6x6-easy".parse().unwrap();
    let targets = vec![Target::New { class: easy, count: 2 }];
    let request = FetchRequest { targets, browser: true, solve: Settings::default(), missed: false };
    // While the pages come: the Chromium started and the processes that
    // name its profile.
    let mut seen = Vec::new();
    let mut each = |event: FetchEvent<'_>| {
        if let FetchEvent::Page(_) = event
            && let Some((chromium, profile)) = recorded_starts(&dir).pop()
        {
            seen.push((chromium, profile.clone(), naming(&profile)));
        }
        ControlFlow::Continue(())
    };
    let reports = fetch::run(&mut store, &config, &request, &mut each).unwrap();
    assert_eq!(reports.len(), 2, "{reports:?}");
    let (chromium, profile, browsers) = seen.last().cloned().expect("a page with a browser");
    assert!(seen.iter().all(|(c, _, _)| *c == chromium), "one Chromium for the run: {seen:?}");
    assert!(browsers.iter().any(|(_, cmdline)| cmdline.contains("--type=renderer")), "a renderer in {browsers:?}");
    // Returned: Chromium has been reaped, the profile removed.
    let chromium = Process::of(chromium);
    assert!(chromium.is_none_or(|c| !c.running()), "Chromium {chromium:?} runs on: {}", cmdline(chromium.unwrap().pid));
    assert!(!profile.exists(), "{} is left", profile.display());
    // Killed processes are gone once the kernel has reaped them; a minute
    // is plenty on any machine.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while !naming(&profile).is_empty() {
        assert!(std::time::Instant::now() < deadline, "still running: {:?}", naming(&profile));
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_browser_fetch_leaves_no_crash_handler_running_and_writes_nothing_in_the_home_folder_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    // The page hangs until the processes are seen, then loads.
    site.fault("/?size=0", &[Fault::Held]);
    let dir = setup_waiting(&site);
    let (tmp, home) = (dir.join("tmp"), dir.join("home"));
    std::fs::create_dir(&tmp).unwrap();
    std::fs::create_dir(&home).unwrap();
    let what = "aquarchive fetch --browser 6x6-easy";
    let child = dir
        .command(&["fetch", "--browser", "6x6-easy"])
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("XDG_CACHE_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .env("TMPDIR", &tmp)
        .env("HOME", &home)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let child = wait_for_request_of(&site, "/?size=0", child, what);
    // Chromium's crash handler names its reports' folder (in the profile)
    // and leaves the process group killed at the end.
    let during: Vec<(u32, String)> = naming(&tmp).into_iter().chain(naming(&home)).collect();
    site.release();
    let run = Run::wait(child, what).ok();
    assert!(during.iter().any(|(_, cmdline)| cmdline.contains("--type=renderer")), "a renderer in {during:?}");
    let handlers: Vec<_> = during.iter().filter(|(_, cmdline)| cmdline.contains("crashpad_handler")).collect();
    assert!(handlers.iter().all(|(_, cmdline)| !cmdline.contains(&home.display().to_string())), "{handlers:?}");
    assert_eq!(entries(&home), Vec::<PathBuf>::new(), "written in the home folder: {run}");
    assert_eq!(entries(&tmp), Vec::<PathBuf>::new(), "left in the temp dir: {run}");
    // The crash handler was killed before the profile was removed; the
    // kernel reaps what was killed at once on any machine, a minute at most.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let left = || naming(&tmp).into_iter().chain(naming(&home)).collect::<Vec<_>>();
    while !left().is_empty() {
        assert!(std::time::Instant::now() < deadline, "outlived the fetch: {:?}", left());
        std::thread::sleep(Duration::from_millis(50));
    }
}
