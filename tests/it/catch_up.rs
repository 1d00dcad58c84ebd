//! Nothing lost while the machine was off: the scheduled fetch, run as cron
//! runs it, stores the specials it missed from the site's own date list,
//! each by the form's POST, each once and under its own date; `--date` asks
//! for one, `--missed` for every one the archive lacks. Against the
//! loopback stand-in, whose pages are built from real pages of the site's
//! engine and whose clock moves by days.

use aquarchive::kinds::aquarium::Aquarium;
use jiff::civil::Date;

use crate::site::{count, db, rows, setup, setup_sandbox_off_as_root};
use crate::site_server::{Fault, Site};
use crate::util::Dir;

/// The README's scheduled job.
const JOB: [&str; 4] = ["fetch", "daily", "weekly", "monthly"];

fn day(date: &str) -> Date {
    date.parse().unwrap()
}

/// Every day from `first` to `last`, both included.
fn days(first: &str, last: &str) -> Vec<String> {
    let (mut at, last) = (day(first), day(last));
    let mut out = Vec::new();
    while at <= last {
        out.push(at.to_string());
        at = at.tomorrow().unwrap();
    }
    out
}

/// The good specials the archive holds, as (class, date, text), by class
/// and date.
fn stored(dir: &Dir) -> Vec<(u8, String, String)> {
    rows(
        &db(dir),
        "SELECT size_class, special_date, text FROM puzzles WHERE size_class >= 9 AND status = 'ok' \
         ORDER BY size_class, special_date",
    )
    .into_iter()
    .map(|r| (r[0].as_deref().unwrap().parse().unwrap(), r[1].clone().unwrap(), r[2].clone().unwrap()))
    .collect()
}

/// What the archive should hold for these specials: each the site's puzzle
/// of its class and date, as stored text.
fn expected(site: &Site, specials: &[(u8, &[String])]) -> Vec<(u8, String, String)> {
    let mut out: Vec<(u8, String, String)> = specials
        .iter()
        .flat_map(|(size, dates)| {
            dates.iter().map(move |date| {
                let served = site.special_on(*size, date);
                assert_eq!(served.date.as_deref(), Some(date.as_str()), "a special's own date");
                (*size, date.clone(), Aquarium::parse_task(&served.task).unwrap().to_string())
            })
        })
        .collect();
    out.sort();
    out
}

/// The POSTs the site saw since `from`, of one class: their dates.
fn posted(site: &Site, from: usize, size: u8) -> Vec<String> {
    site.posts()[from..].iter().filter(|(s, _)| *s == size).map(|(_, d)| d.clone()).collect()
}

fn strings(dates: &[&str]) -> Vec<String> {
    dates.iter().map(|d| d.to_string()).collect()
}

#[test]
fn a_run_ten_days_after_the_last_stores_the_specials_it_missed_each_once() {
    let site = Site::start();
    let dir = setup(&site);
    // Sunday 2026-08-23: today's specials only; nothing was held before.
    dir.run(&JOB).ok();
    assert!(site.posts().is_empty(), "a fresh archive catches nothing up unless asked to");
    let before = (site.page_requests(), site.log().len(), site.hits("/robots.txt"));
    // Ten days on (Wednesday 2026-09-02): the day's daily and the nine in
    // between, the missed weekly of 08-24 and this week's, the new monthly.
    site.advance(10);
    let run = dir.run(&[&JOB[..], &["--json"]].concat()).ok();
    let missed_dailies = days("2026-08-24", "2026-09-01");
    assert_eq!(posted(&site, 0, 9), missed_dailies, "each missed daily asked once, oldest first: {run}");
    assert_eq!(posted(&site, 0, 10), ["2026-08-24"], "{run}");
    assert_eq!(posted(&site, 0, 11), Vec::<String>::new(), "{run}");
    assert_eq!(site.posts().len(), 10, "{:?}", site.posts());
    assert!(site.posts().iter().all(|(size, _)| (9..=11).contains(size)), "{:?}", site.posts());
    // One page per special stored, and robots.txt at most once.
    let robots = site.hits("/robots.txt") - before.2;
    assert!(robots <= 1, "{robots} robots.txt requests");
    assert_eq!(site.page_requests() - before.0, 13, "{run}");
    assert_eq!(site.log().len() - before.1, 13 + robots, "{run}");
    assert_eq!(site.hits("POST /"), 10);
    assert_eq!((site.hits("/?size=9"), site.hits("/?size=10"), site.hits("/?size=11")), (2, 2, 2));
    // Each line says which date it was for and whether it was caught up.
    let lines = run.json_lines();
    assert_eq!(lines.len(), 13, "{run}");
    for line in &lines {
        assert_eq!((&line["outcome"], &line["hash_check"]), (&"new".into(), &"match".into()), "{line}");
        let class = line["size_class"].as_str().unwrap();
        let size = match class {
            "daily" => 9,
            "weekly" => 10,
            _ => 11,
        };
        let date = line["date"].as_str().unwrap();
        assert_eq!(line["task"], site.special_on(size, date).task.as_str(), "{line}");
        let today = site.special(size).date.unwrap();
        let caught_up = date != today;
        assert_eq!(line["caught_up"], caught_up, "{line}");
        assert_eq!(line["asked_date"], if caught_up { date.into() } else { serde_json::Value::Null }, "{line}");
    }
    let caught: Vec<&str> =
        lines.iter().filter(|l| l["caught_up"] == true).map(|l| l["date"].as_str().unwrap()).collect();
    assert_eq!(caught.len(), 10, "{run}");
    // The archive: every special with its own date and its own puzzle.
    let dailies = days("2026-08-23", "2026-09-02");
    let weeklies = strings(&["2026-08-17", "2026-08-24", "2026-08-31"]);
    let monthlies = strings(&["2026-08-01", "2026-09-01"]);
    assert_eq!(stored(&dir), expected(&site, &[(9, &dailies), (10, &weeklies), (11, &monthlies)]));
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles"), 16);
    // The log says which fetches caught up, with their class and date.
    let log = dir.run(&["log", "--limit", "0"]).ok();
    for date in &missed_dailies {
        assert!(
            log.stdout.lines().any(|l| l.contains("daily") && l.contains(date.as_str()) && l.contains("caught up")),
            "{date}: {log}"
        );
    }
    assert!(
        log.stdout.lines().any(|l| l.contains("weekly") && l.contains("2026-08-24") && l.contains("caught up")),
        "{log}"
    );
    assert_eq!(log.stdout.matches("caught up").count(), 10, "{log}");
    let json = dir.run(&["log", "--limit", "0", "--json"]).ok();
    let mut logged: Vec<String> = json
        .json_lines()
        .iter()
        .filter(|l| l["caught_up"] == true)
        .map(|l| l["special_date"].as_str().unwrap_or_else(|| panic!("no special_date: {l}")).to_string())
        .collect();
    logged.sort();
    let mut want = [missed_dailies.clone(), strings(&["2026-08-24"])].concat();
    want.sort();
    assert_eq!(logged, want, "{json}");
    // A re-run right after: nothing new, nothing asked.
    let posts = site.posts().len();
    dir.run(&JOB).expect_code(3);
    assert_eq!(site.posts().len(), posts, "a re-run asks for no past special");
}

#[test]
fn a_weekly_and_a_monthly_missed_across_a_months_end_are_caught_up() {
    let site = Site::start();
    let dir = setup(&site);
    // Sunday 2027-01-31: the daily of the 31st, the weekly of Monday the
    // 25th, the monthly of January.
    site.set_today("2027-01-31");
    dir.run(&JOB).ok();
    // Monday 2027-03-01: the pages offer back to 2027-01-31 (30 days), so
    // February's monthly and the four February weeklies are still offered.
    site.set_today("2027-03-01");
    assert_eq!(site.offered(11), ["2027-03-01", "2027-02-01"]);
    let run = dir.run(&JOB).ok();
    let february = days("2027-02-01", "2027-02-28");
    let weeklies = strings(&["2027-02-01", "2027-02-08", "2027-02-15", "2027-02-22"]);
    assert_eq!(posted(&site, 0, 9), february, "{run}");
    assert_eq!(posted(&site, 0, 10), weeklies, "{run}");
    assert_eq!(posted(&site, 0, 11), ["2027-02-01"], "{run}");
    assert_eq!(site.posts().len(), 28 + 4 + 1);
    // The fetch lines: a caught-up page says so, its date, and the POST.
    let base = site.base_url();
    for (class, size, date) in [("daily", 9, "2027-02-05"), ("weekly", 10, "2027-02-15"), ("monthly", 11, "2027-02-01")]
    {
        let line = run
            .stdout
            .lines()
            .find(|l| l.starts_with(&format!("new: {class} ")) && l.contains(&format!(" of {date}")))
            .unwrap_or_else(|| panic!("no line for the {class} of {date}: {run}"));
        assert!(line.contains(&format!(" of {date}, caught up, confirmed by the site's hash (archive #")), "{line}");
        assert!(line.contains(&format!("from POST {base} size={size}&date={date}")), "{line}");
    }
    let today = run.stdout.lines().find(|l| l.starts_with("new: monthly ") && l.contains(" of 2027-03-01")).unwrap();
    assert!(!today.contains("caught up") && !today.contains("POST"), "today's special is no catch-up: {today}");
    let dailies = [strings(&["2027-01-31"]), february.clone(), strings(&["2027-03-01"])].concat();
    let weeklies = [strings(&["2027-01-25"]), weeklies, strings(&["2027-03-01"])].concat();
    let monthlies = strings(&["2027-01-01", "2027-02-01", "2027-03-01"]);
    assert_eq!(stored(&dir), expected(&site, &[(9, &dailies), (10, &weeklies), (11, &monthlies)]));
    let posts = site.posts().len();
    dir.run(&JOB).expect_code(3);
    assert_eq!(site.posts().len(), posts);
}

#[test]
fn missed_on_a_fresh_archive_stores_every_special_still_offered() {
    let site = Site::start();
    let dir = setup(&site);
    // Tuesday 2026-10-13: offered back to 2026-09-14.
    site.set_today("2026-10-13");
    let run = dir.run(&[&JOB[..], &["--missed"]].concat()).ok();
    let dailies = days("2026-09-14", "2026-10-13");
    let weeklies = strings(&["2026-09-14", "2026-09-21", "2026-09-28", "2026-10-05", "2026-10-12"]);
    let monthlies = strings(&["2026-10-01"]);
    assert_eq!((dailies.len(), site.offered(9).len()), (30, 30));
    assert_eq!(stored(&dir), expected(&site, &[(9, &dailies), (10, &weeklies), (11, &monthlies)]), "{run}");
    // Oldest first per class, each asked once; today's came with the list.
    assert_eq!(posted(&site, 0, 9), dailies[..29].to_vec(), "{run}");
    assert_eq!(posted(&site, 0, 10), weeklies[..4].to_vec(), "{run}");
    assert_eq!(posted(&site, 0, 11), Vec::<String>::new(), "{run}");
    assert_eq!(site.page_requests(), 36, "one page per special stored: {run}");
    let posts = site.posts().len();
    dir.run(&[&JOB[..], &["--missed"]].concat()).expect_code(3);
    dir.run(&JOB).expect_code(3);
    assert_eq!(site.posts().len(), posts, "nothing asked twice");
}

#[test]
fn a_date_offered_is_fetched_by_the_forms_post() {
    let site = Site::start();
    let dir = setup(&site);
    // Thursday 2026-09-10.
    site.set_today("2026-09-10");
    let run = dir.run(&["fetch", "daily", "--date", "2026-09-01", "--json"]).ok();
    assert_eq!(site.posts(), [(9, "2026-09-01".to_string())], "{run}");
    assert_eq!(site.page_requests(), 2, "today's page for the list, then the POST: {run}");
    let line = run.json_lines().into_iter().find(|l| l["date"] == "2026-09-01").expect("the asked day's line");
    assert_eq!((&line["outcome"], &line["hash_check"]), (&"new".into(), &"match".into()), "{line}");
    assert_eq!((&line["caught_up"], &line["asked_date"]), (&true.into(), &"2026-09-01".into()), "{line}");
    let held = stored(&dir);
    let asked = expected(&site, &[(9, &strings(&["2026-09-01"]))]);
    assert!(held.contains(&asked[0]), "{held:?}");
    assert!(held.iter().all(|(size, date, _)| *size == 9 && ["2026-09-01", "2026-09-10"].contains(&date.as_str())));
    // A weekly by any day of its week: Wednesday the 2nd names Monday the
    // 31st of August.
    let run = dir.run(&["fetch", "weekly", "--date", "2026-09-02"]).ok();
    assert_eq!(site.posts()[1..], [(10, "2026-08-31".to_string())], "{run}");
    assert!(stored(&dir).contains(&expected(&site, &[(10, &strings(&["2026-08-31"]))])[0]), "{run}");
    // A monthly by any day of its month: this month's is today's page.
    dir.run(&["fetch", "monthly", "--date", "2026-09-17"]).ok();
    assert!(stored(&dir).contains(&expected(&site, &[(11, &strings(&["2026-09-01"]))])[0]));
    // The same date again: held already, not asked for; exit 3.
    let again = dir.run(&["fetch", "daily", "--date", "2026-09-01"]).expect_code(3);
    assert!(again.stderr.contains("the daily special of 2026-09-01 is in the archive already (#"), "{again}");
    assert_eq!(site.posts().len(), 2, "not asked for again: {:?}", site.posts());
    assert_eq!(stored(&dir).len(), 5, "two dailies, two weeklies, a monthly: {again}");
}

#[test]
fn a_date_no_longer_offered_is_an_error_naming_the_dates_offered() {
    let site = Site::start();
    let dir = setup(&site);
    site.set_today("2026-09-10");
    let run = dir.run(&["fetch", "daily", "--date", "2026-08-01"]).expect_code(2);
    assert!(run.stderr.contains("2026-08-01"), "names the date asked: {run}");
    // The list runs from today back to the day after lastValidSpecial.
    let offered = site.offered(9);
    assert_eq!((offered[0].as_str(), offered[29].as_str()), ("2026-09-10", "2026-08-12"));
    assert!(run.stderr.contains("2026-09-10") && run.stderr.contains("2026-08-12"), "names the dates offered: {run}");
    assert!(site.posts().is_empty(), "{run}");
    assert!(stored(&dir).iter().all(|(_, date, _)| date != "2026-08-01"));
}

#[test]
fn a_page_of_another_date_than_the_one_asked_is_refused_and_kept() {
    let site = Site::start();
    let dir = setup(&site);
    site.set_today("2026-09-10");
    // Every answer to the POST is the page of the day before the one asked.
    site.fault("POST /", &[Fault::OtherDate; 5]);
    let run = dir.run(&["fetch", "daily", "--date", "2026-09-05", "--json"]).expect_code(2);
    assert!(!site.posts().is_empty(), "{run}");
    assert!(site.posts().iter().all(|p| *p == (9, "2026-09-05".to_string())), "{:?}", site.posts());
    assert!(run.stdout.contains("2026-09-04") || run.stderr.contains("2026-09-04"), "names the date it got: {run}");
    let dates: Vec<String> = stored(&dir).into_iter().map(|(_, date, _)| date).collect();
    assert!(!dates.contains(&"2026-09-05".to_string()), "nothing under the date asked: {dates:?}");
    assert!(!dates.contains(&"2026-09-04".to_string()), "nor under the page's: {dates:?}");
    assert_eq!(count(&db(&dir), "SELECT count(*) FROM puzzles WHERE special_date IN ('2026-09-04', '2026-09-05')"), 0);
    // The refused page is in the log, with its error and its snapshot.
    let refused =
        rows(&db(&dir), "SELECT error, snapshot FROM fetches WHERE error LIKE '%2026-09-04%' AND snapshot IS NOT NULL");
    assert!(!refused.is_empty(), "{:?}", rows(&db(&dir), "SELECT url, error, snapshot FROM fetches"));
}

#[test]
fn a_browser_run_catches_up_by_the_forms_post_too_sandbox_off_as_root() {
    crate::site::require_chromium();
    let site = Site::start();
    let dir = setup_sandbox_off_as_root(&site);
    dir.run(&["fetch", "--browser", "daily"]).ok();
    // Three days on: the browser posts the form for the two days missed,
    // and reads each page's script and the board its JavaScript drew.
    site.advance(3);
    let run = dir.run(&["fetch", "--browser", "daily", "--json"]).ok();
    assert_eq!(posted(&site, 0, 9), days("2026-08-24", "2026-08-25"), "{run}");
    let lines = run.json_lines();
    let dates: Vec<&str> = lines.iter().map(|l| l["date"].as_str().unwrap()).collect();
    assert_eq!(dates.len(), 3, "{run}");
    for line in &lines {
        let date = line["date"].as_str().unwrap();
        assert_eq!((&line["outcome"], &line["source"]), (&"new".into(), &"script+board".into()), "{line}");
        assert_eq!(line["caught_up"], date != "2026-08-26", "{line}");
        assert_eq!(line["task"], site.special_on(9, date).task.as_str(), "{line}");
    }
    assert_eq!(stored(&dir), expected(&site, &[(9, &days("2026-08-23", "2026-08-26"))]));
}

#[test]
fn a_catch_up_that_fails_is_loud_retried_as_any_page_and_asked_again_next_run() {
    let site = Site::start();
    let dir = setup(&site);
    dir.run(&["fetch", "daily"]).ok();
    site.advance(3);
    // The 24th's POST fails its try and both retries; the 25th's is fine.
    site.fault("POST /", &[Fault::Status(503); 3]);
    let run = dir.run(&["fetch", "daily"]).expect_code(2);
    assert_eq!(posted(&site, 0, 9), ["2026-08-24", "2026-08-24", "2026-08-24", "2026-08-25"], "{run}");
    let failed = run.stdout.lines().find(|l| l.starts_with("failed: ")).unwrap_or_else(|| panic!("{run}"));
    assert!(failed.contains("2026-08-24") && failed.contains("503"), "{failed}");
    let dates: Vec<String> = stored(&dir).into_iter().map(|(_, date, _)| date).collect();
    assert_eq!(dates, ["2026-08-23", "2026-08-25", "2026-08-26"]);
    // The next run asks for the one it lacks, though newer ones are held.
    let next = dir.run(&["fetch", "daily"]).ok();
    assert_eq!(site.posts().len(), 5, "{next}");
    assert_eq!(site.posts()[4], (9, "2026-08-24".to_string()));
    assert_eq!(stored(&dir), expected(&site, &[(9, &days("2026-08-23", "2026-08-26"))]));
    dir.run(&["fetch", "daily"]).expect_code(3);
    assert_eq!(site.posts().len(), 5);
}

#[test]
fn a_date_or_missed_specials_asked_of_a_class_without_dates_is_refused_before_any_request() {
    let site = Site::start();
    let dir = setup(&site);
    for args in
        [&["fetch", "daily", "6x6-easy", "--date", "2026-09-01"][..], &["fetch", "daily", "10x10-hard", "--missed"]]
    {
        let before = site.log().len();
        let run = dir.run(args).expect_code(2);
        assert!(run.stderr.contains("only the daily, weekly and monthly specials have dates"), "{run}");
        // Not even the daily named first is fetched: the targets are checked first.
        assert_eq!(site.log().len(), before, "no request made: {run}");
    }
    // Nothing fetched by a first run: nothing left behind.
    assert!(!db(&dir).exists());
}
