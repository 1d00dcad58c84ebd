//! Runs that overlap, as cron makes them when one job is slow: fetches of
//! different specials at once with backups taken throughout, and the same
//! special fetched twice at the same moment. Nothing is stored twice and no
//! run fails on the database being locked.

use std::process::{Child, Stdio};
use std::time::Duration;

use crate::site_server::{Fault, Site};
use crate::util::{Dir, Run, query};

const DB: &str = "archive/aquarchive.sqlite";

/// A temp dir whose config.toml points at the test site, with no delay, a
/// timeout well above the slow answers and no retries.
fn setup(site: &Site) -> Dir {
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!(
            "[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\ntimeout_secs = 30\nretries = 0\nbackoff_ms = 10\n",
            site.base_url()
        ),
    );
    dir
}

fn spawn(dir: &Dir, args: &[&str]) -> (Child, String) {
    let child = dir.command(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    (child, format!("aquarchive {}", args.join(" ")))
}

fn no_lock_error(run: &Run) {
    assert!(!run.stderr.to_lowercase().contains("locked"), "{run}");
}

#[test]
fn a_daily_and_a_weekly_at_once_with_backups_throughout_store_each_once() {
    let site = Site::start();
    let dir = setup(&site);
    // The archive exists before the jobs start, as it does after the first night.
    dir.run(&["fetch", "6x6-easy"]).ok();
    std::fs::create_dir(dir.join("backups")).unwrap();
    // Each special's page takes a few seconds: the two runs overlap.
    site.fault("/?size=9", &[Fault::Slow(Duration::from_secs(3))]);
    site.fault("/?size=10", &[Fault::Slow(Duration::from_secs(4))]);
    let jobs = [spawn(&dir, &["fetch", "daily"]), spawn(&dir, &["fetch", "weekly"])];
    let mut jobs: Vec<(Child, String)> = jobs.into_iter().collect();
    let mut backups = 0;
    while jobs.iter_mut().any(|(child, _)| child.try_wait().unwrap().is_none()) {
        let dest = format!("backups/{backups}.sqlite");
        let run = dir.run(&["backup", &dest]).ok();
        no_lock_error(&run);
        assert!(run.stdout.ends_with("; verified\n"), "{run}");
        dir.run(&["--db", &dest, "verify"]).ok();
        backups += 1;
    }
    assert!(backups > 0);
    for (child, description) in jobs.drain(..) {
        let run = Run::wait(child, &description);
        no_lock_error(&run);
        assert_eq!(run.code, 0, "{run}");
    }
    let db = dir.join(DB);
    for size in [9, 10] {
        assert_eq!(query(&db, &format!("SELECT count(*) FROM puzzles WHERE size_class = {size}")), 1, "class {size}");
    }
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), 3);
    // A backup after both holds both.
    let run = dir.run(&["backup", "backups/after.sqlite"]).ok();
    assert!(run.stdout.starts_with("backed up 3 puzzles with 3 solutions, "), "{run}");
    crate::util::report(
        "overlap",
        "backups while a daily and a weekly fetch ran at once",
        &backups.to_string(),
        "all verified",
    );
}

#[test]
fn the_same_daily_twice_at_once_is_stored_once() {
    let site = Site::start();
    let dir = setup(&site);
    // Both runs wait on the page together, then judge and store at once,
    // on an archive neither has made yet.
    site.fault("/?size=9", &[Fault::Slow(Duration::from_secs(2)), Fault::Slow(Duration::from_secs(2))]);
    let first = spawn(&dir, &["fetch", "daily"]);
    let second = spawn(&dir, &["fetch", "daily"]);
    let runs = [Run::wait(first.0, &first.1), Run::wait(second.0, &second.1)];
    for run in &runs {
        no_lock_error(run);
    }
    let mut codes: Vec<i32> = runs.iter().map(|r| r.code).collect();
    codes.sort();
    assert_eq!(codes, [0, 3], "one stores it, the other finds it present:\n{}\n{}", runs[0], runs[1]);
    let present = runs.iter().find(|r| r.code == 3).unwrap();
    assert!(present.stdout.starts_with("present: daily"), "{present}");
    let db = dir.join(DB);
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), 1);
    assert_eq!(query(&db, "SELECT count(*) FROM solutions"), 1);
    assert_eq!(query(&db, "SELECT count(*) FROM fetches WHERE url NOT LIKE '%/robots.txt'"), 2);
    assert_eq!(site.hits("/?size=9"), 2);
}

#[test]
fn two_runs_at_once_take_turns_at_the_sites_pace() {
    let site = Site::start();
    let dir = setup(&site);
    let config =
        std::fs::read_to_string(dir.join("config.toml")).unwrap().replace("min_delay_ms = 0", "min_delay_ms = 400");
    dir.write("config.toml", config);
    let first = spawn(&dir, &["fetch", "6x6-easy", "--count", "3"]);
    let second = spawn(&dir, &["fetch", "6x6-normal", "--count", "3"]);
    for run in [Run::wait(first.0, &first.1), Run::wait(second.0, &second.1)] {
        assert_eq!(run.code, 0, "{run}");
        no_lock_error(&run);
    }
    // Every request the site saw, robots.txt's included, waited its turn:
    // one at a time, each at least the delay after the one before.
    let log = site.log();
    assert!(log.len() >= 7, "{} requests", log.len());
    for pair in log.windows(2) {
        let gap = pair[1].0 - pair[0].0;
        assert!(gap >= Duration::from_millis(380), "two requests {gap:?} apart");
    }
}
