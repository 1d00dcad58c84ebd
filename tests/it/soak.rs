//! A year of unattended cron runs, simulated: the test site's clock moves a
//! day at a time, and each day `fetch daily` runs, `fetch weekly` on Mondays
//! and `fetch monthly` on the 1st; a run that exits 2 runs again later the
//! same day, up to four runs a day (a cron line `0 */6 * * *`). A seeded mix
//! of the faults a year brings spoils a share of the page requests: 503s,
//! 429s with `Retry-After`, dropped connections, garbled tasks. At the end
//! every special of every day it ran must be stored once, as the site's own
//! puzzle, with status ok.
//!
//! `AQUARCHIVE_SOAK_DAYS` sets the simulated days (default [`DEFAULT_DAYS`];
//! `scripts/hardening` runs a whole year), `AQUARCHIVE_SOAK_SEED` the
//! faults' seed (default [`DEFAULT_SEED`]).

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use aquarchive::kinds::aquarium::Aquarium;
use jiff::ToSpan as _;
use jiff::civil::{Date, Weekday};

use crate::site_server::{FIRST_DAY, FaultMix, Site};
use crate::util::{Dir, report};

/// Days simulated by default: enough for several weeklies and monthlies,
/// short enough for the normal test suite.
const DEFAULT_DAYS: i64 = 90;
const DEFAULT_SEED: u64 = 20260823;
/// Runs of one cron line a day (every six hours).
const RUNS_A_DAY: usize = 4;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(text) => text.parse().unwrap_or_else(|_| panic!("{name}={text} is not a number")),
        Err(_) => default,
    }
}

/// `count` distinct generated puzzles of side `side`, each as the site's
/// `(task, answer)`: the task from `generate --format task`, the answer
/// (`y` water, `n` air) from the solution lines of the same seed's text.
fn generated_pool(dir: &Dir, side: usize, count: usize, seed: u64) -> Vec<(String, String)> {
    let (side, count, seed) = (side.to_string(), count.to_string(), seed.to_string());
    let args = ["generate", "--size", &side, "--count", &count, "--seed", &seed];
    let tasks = dir.run(&[&args[..], &["--format", "task"]].concat()).ok();
    let texts = dir.run(&[&args[..], &["--solutions"]].concat()).ok();
    let answers: Vec<String> = texts
        .stdout
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            block
                .lines()
                .filter_map(|l| l.strip_prefix("# ").filter(|rest| rest.chars().all(|c| c == '0' || c == '1')))
                .flat_map(|row| row.chars().map(|c| if c == '1' { 'y' } else { 'n' }))
                .collect()
        })
        .collect();
    let tasks: Vec<String> = tasks.stdout.lines().map(str::to_string).collect();
    assert_eq!(tasks.len(), answers.len(), "as many solutions as tasks\n{texts}");
    let distinct: HashSet<&String> = tasks.iter().collect();
    assert_eq!(distinct.len(), tasks.len(), "generated puzzles of side {side} repeat");
    tasks.into_iter().zip(answers).collect()
}

/// The special classes: the fetch argument, the site's size, and whether it
/// is due on a day.
const CLASSES: [(&str, u8); 3] = [("daily", 9), ("weekly", 10), ("monthly", 11)];

fn due(size: u8, day: Date) -> bool {
    match size {
        9 => true,
        10 => day.weekday() == Weekday::Monday,
        _ => day.day() == 1,
    }
}

fn query_i64(conn: &rusqlite::Connection, sql: &str, size: u8) -> i64 {
    conn.query_row(sql, [size], |r| r.get::<_, Option<i64>>(0)).unwrap_or_else(|e| panic!("{sql}: {e}")).unwrap_or(0)
}

fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

/// What became of one class over the soak.
struct ClassFigures {
    name: &'static str,
    expected: usize,
    stored_ok: i64,
    missing: Vec<String>,
    twice_by_date: i64,
    twice_by_text: i64,
    garbled_as_good: Vec<String>,
}

#[test]
fn a_year_of_cron_runs_with_a_years_faults_stores_every_special_once() {
    let days: i64 = env_or("AQUARCHIVE_SOAK_DAYS", DEFAULT_DAYS);
    let seed: u64 = env_or("AQUARCHIVE_SOAK_SEED", DEFAULT_SEED);
    assert!(days > 0, "AQUARCHIVE_SOAK_DAYS must be at least 1");
    let started = std::time::Instant::now();
    let site = Site::start();
    let dir = Dir::new();
    // A special a period, each a puzzle of its own: the site's pools of three
    // and two would repeat within weeks.
    let pool_sizes = [(9, 20, days as usize + 1), (10, 25, days as usize / 7 + 2), (11, 30, days as usize / 28 + 2)];
    for (size, side, count) in pool_sizes {
        site.special_pool(size, &generated_pool(&dir, side, count, seed.wrapping_add(u64::from(size))));
    }
    dir.write(
        "config.toml",
        format!(
            "[site]\nbase_url = \"{}\"\nmin_delay_ms = 1\ntimeout_secs = 5\nretries = 2\nbackoff_ms = 10\n",
            site.base_url()
        ),
    );
    site.fault_mix(FaultMix::year(seed));

    // The site's real special of each class and date the cron asked for.
    let mut expected: BTreeMap<(u8, String), String> = BTreeMap::new();
    let mut exits: BTreeMap<i32, usize> = BTreeMap::new();
    let mut odd_runs = Vec::new();
    // Every run that stored nothing new, with what it said.
    let mut unfinished = Vec::new();
    let first: Date = FIRST_DAY.parse().unwrap();
    for n in 0..days {
        let today = first.checked_add(n.days()).unwrap();
        site.set_today(&today.to_string());
        // Both forms real pages show: half the year empty, half `0`.
        site.special_id_span(if n < days / 2 { "" } else { "0" });
        for (class, size) in CLASSES {
            if !due(size, today) {
                continue;
            }
            let real = site.special(size);
            expected.insert((size, real.date.clone().unwrap()), real.task.clone());
            for _ in 0..RUNS_A_DAY {
                let run = dir.run(&["fetch", class]);
                *exits.entry(run.code).or_default() += 1;
                if ![0, 2, 3].contains(&run.code) || run.stderr.contains("panicked") {
                    odd_runs.push(format!("{today}: {run}"));
                }
                if run.code != 0 {
                    let said = run.stdout.lines().chain(run.stderr.lines()).collect::<Vec<_>>().join(" / ");
                    unfinished.push(format!("{today} fetch {class}: exit {}: {said}", run.code));
                }
                if run.code != 2 {
                    break;
                }
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();

    // What the archive holds, read as an outside program would.
    let db = dir.join("archive/aquarchive.sqlite");
    let conn = rusqlite::Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let stored: Vec<(u8, Option<String>, String)> = {
        let sql = "SELECT size_class, special_date, text FROM puzzles WHERE size_class >= 9 AND status = 'ok'";
        let mut statement = conn.prepare(sql).unwrap();
        statement.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().map(Result::unwrap).collect()
    };
    let figures: Vec<ClassFigures> = CLASSES
        .iter()
        .map(|&(name, size)| {
            let dates: Vec<&String> = expected.keys().filter(|(s, _)| *s == size).map(|(_, d)| d).collect();
            let ok: Vec<&(u8, Option<String>, String)> = stored.iter().filter(|p| p.0 == size).collect();
            let missing =
                dates.iter().filter(|d| !ok.iter().any(|p| p.1.as_ref() == Some(**d))).map(|d| d.to_string()).collect();
            // A stored ok special whose text is not the site's real puzzle of
            // its class and date (or of a date never asked for).
            let garbled_as_good = ok
                .iter()
                .filter(|(_, date, text)| {
                    let real = date.clone().and_then(|d| expected.get(&(size, d)));
                    real.is_none_or(|task| Aquarium::parse_task(task).unwrap().to_string() != *text)
                })
                .map(|(_, date, _)| date.clone().unwrap_or_else(|| "no date".into()))
                .collect();
            ClassFigures {
                name,
                expected: dates.len(),
                stored_ok: ok.len() as i64,
                missing,
                twice_by_date: query_i64(
                    &conn,
                    "SELECT sum(n - 1) FROM (SELECT count(*) AS n FROM puzzles WHERE size_class = ?1 \
                     GROUP BY special_date HAVING n > 1)",
                    size,
                ),
                twice_by_text: query_i64(
                    &conn,
                    "SELECT sum(n - 1) FROM (SELECT count(*) AS n FROM puzzles WHERE size_class = ?1 \
                     AND status = 'ok' GROUP BY text HAVING n > 1)",
                    size,
                ),
                garbled_as_good,
            }
        })
        .collect();
    let flagged: i64 = conn.query_row("SELECT count(*) FROM puzzles WHERE status <> 'ok'", [], |r| r.get(0)).unwrap();
    let failed_fetches: i64 =
        conn.query_row("SELECT count(*) FROM fetches WHERE error IS NOT NULL", [], |r| r.get(0)).unwrap();
    let fetches: i64 = conn.query_row("SELECT count(*) FROM fetches", [], |r| r.get(0)).unwrap();
    drop(conn);
    let archive_bytes = file_size(&db);
    let wal_bytes = file_size(&dir.join("archive/aquarchive.sqlite-wal"));
    let served = site.mix_served();
    let faults: usize = served.iter().map(|(_, n)| n).sum();
    let runs: usize = exits.values().sum();
    let exited = |code: i32| exits.get(&code).copied().unwrap_or(0);
    let requests = site.log().len();

    // Every figure, printed and reported, before anything is asserted.
    let mut lines = vec![(
        "simulated days".to_string(),
        format!("{days} days"),
        format!(
            "seed {seed}, from {FIRST_DAY}; special ID span empty the first {} days, `0` the rest; {seconds:.0} s",
            days / 2
        ),
    )];
    for class in &figures {
        let mut outcome = format!(
            "{} stored with status ok; {} stored twice for one date, {} the same puzzle twice; {} garbled stored as good",
            class.stored_ok,
            class.twice_by_date,
            class.twice_by_text,
            class.garbled_as_good.len()
        );
        if !class.missing.is_empty() {
            outcome += &format!(" (missing: {})", class.missing.join(", "));
        }
        if !class.garbled_as_good.is_empty() {
            outcome += &format!(" (garbled: {})", class.garbled_as_good.join(", "));
        }
        lines.push((format!("{} specials", class.name), format!("{} expected", class.expected), outcome));
    }
    for (kind, count) in &served {
        lines.push((format!("fault: {}", kind.name()), format!("{count} served"), String::new()));
    }
    lines.push((
        "requests".into(),
        format!("{requests} requests"),
        format!("{} page requests, {faults} of them faulted by the mix", site.page_requests()),
    ));
    lines.push((
        "runs".into(),
        format!("{runs} runs"),
        format!(
            "{} exited 0, {} exited 2, {} exited 3, {} otherwise",
            exited(0),
            exited(2),
            exited(3),
            runs - exited(0) - exited(2) - exited(3)
        ),
    ));
    lines.push((
        "fetch log".into(),
        format!("{fetches} fetches"),
        format!("{failed_fetches} with an error; {flagged} puzzles kept flagged (not ok)"),
    ));
    lines.push((
        "archive at the end".into(),
        format!("{archive_bytes} bytes"),
        format!("write-ahead log {wal_bytes} bytes"),
    ));
    println!("runs that stored nothing new:");
    for line in &unfinished {
        println!("  {line}");
    }
    println!("soak of {days} days, seed {seed}:");
    for (what, figure, outcome) in &lines {
        if outcome.is_empty() {
            println!("  {what}: {figure}");
        } else {
            println!("  {what}: {figure}; {outcome}");
        }
        report("soak", what, figure, outcome);
    }

    assert!(odd_runs.is_empty(), "runs that exited otherwise than 0, 2 or 3, or panicked:\n{}", odd_runs.join("\n"));
    assert!(faults > 0, "the fault mix served no fault in {} page requests", site.page_requests());
    for class in &figures {
        assert_eq!(
            (class.stored_ok, &class.missing),
            (class.expected as i64, &Vec::new()),
            "{} specials: every one expected stored with status ok",
            class.name
        );
        assert_eq!(class.twice_by_date, 0, "{} specials stored twice for one date", class.name);
        assert_eq!(class.twice_by_text, 0, "{} specials: the same puzzle stored twice", class.name);
        assert_eq!(class.garbled_as_good, Vec::<String>::new(), "{} specials garbled, stored as good", class.name);
    }
}

/// What one raw request to the test site got.
#[derive(PartialEq, Eq)]
struct Answer {
    /// None: the connection was dropped.
    status: Option<u16>,
    /// The form of its `Retry-After`: `seconds`, `date`, or empty.
    retry_after: &'static str,
    body: String,
}

impl Answer {
    /// The page's `task`, if it has one.
    fn task(&self) -> Option<&str> {
        self.body.split("var task = '").nth(1)?.split('\'').next()
    }
}

fn request(site: &Site, target: &str) -> Answer {
    use std::io::{Read, Write};
    let address = site.base_url().trim_start_matches("http://").trim_end_matches('/').to_string();
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    write!(stream, "GET {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let Some((head, body)) = answer.split_once("\r\n\r\n") else {
        return Answer { status: None, retry_after: "", body: answer };
    };
    let status = head.split(' ').nth(1).and_then(|code| code.parse().ok());
    let retry_after = head
        .lines()
        .find_map(|l| l.strip_prefix("Retry-After: "))
        .map_or("", |value| if value.parse::<u64>().is_ok() { "seconds" } else { "date" });
    Answer { status, retry_after, body: body.to_string() }
}

/// What each of `count` page requests got from a site with this mix.
fn answers_to_a_mix(mix: FaultMix, count: usize) -> (Vec<Answer>, Site) {
    let site = Site::start();
    site.fault_mix(mix);
    let answers = (0..count).map(|_| request(&site, "/?size=9")).collect();
    (answers, site)
}

#[test]
fn the_fault_mix_is_seeded_keeps_its_rates_and_spares_all_but_pages() {
    let (first, site) = answers_to_a_mix(FaultMix::year(7), 2000);
    let (again, again_site) = answers_to_a_mix(FaultMix::year(7), 2000);
    assert!(first == again, "one seed, one sequence of faults");
    assert_eq!(site.mix_served(), again_site.mix_served());
    let (other, _) = answers_to_a_mix(FaultMix::year(8), 2000);
    assert!(first != other, "another seed, other faults");
    // What each request got agrees with what the site counted, kind by kind,
    // and each kind is near its share of the 2,000 requests. A shuffled task
    // keeps the good task's clues; another puzzle's task has its own.
    let good = site.special(9).task;
    let clues = |task: &str| task.split_once(';').map(|(c, _)| c.to_string());
    let garbled = |a: &Answer| a.status == Some(200) && a.task() != Some(good.as_str());
    let other_puzzle = |a: &Answer| clues(a.task().unwrap_or_default()) != clues(&good);
    let tally = |pick: &dyn Fn(&Answer) -> bool| first.iter().filter(|a| pick(a)).count();
    let counted = vec![
        tally(&|a| a.status == Some(503) && a.retry_after == "seconds"),
        tally(&|a| a.status == Some(503) && a.retry_after.is_empty()),
        tally(&|a| a.status == Some(429) && a.retry_after == "seconds"),
        tally(&|a| a.status == Some(429) && a.retry_after == "date"),
        tally(&|a| a.status.is_none()),
        tally(&|a| garbled(a) && other_puzzle(a)),
        tally(&|a| garbled(a) && !other_puzzle(a)),
    ];
    let served: Vec<usize> = site.mix_served().iter().map(|(_, n)| *n).collect();
    assert_eq!(counted, served, "{:?}", site.mix_served());
    let share = |per_mille: usize, n: usize| n.abs_diff(per_mille * 2) <= per_mille;
    assert!(share(50, served[0] + served[1]), "503s: {served:?}");
    assert!(share(30, served[2] + served[3]), "429s: {served:?}");
    assert!(share(30, served[4]), "dropped: {served:?}");
    assert!(share(30, served[5] + served[6]), "garbled: {served:?}");
    assert!(served.iter().all(|&n| n > 0), "every kind served: {served:?}");
    assert_eq!(site.page_requests(), 2000);

    // Queued faults come first; the script is never spoilt.
    let site = Site::start();
    site.fault_mix(FaultMix::new(1, 1000, 0, 0, 0));
    site.fault("/?size=0", &[crate::site_server::Fault::Status(404)]);
    assert_eq!(request(&site, "/?size=0").status, Some(404));
    assert_eq!(request(&site, "/?size=0").status, Some(503));
    assert_eq!(request(&site, "/js/aquarium.js").status, Some(200));
    assert_eq!(site.mix_served()[0].1 + site.mix_served()[1].1, 1);
    assert_eq!(site.page_requests(), 2);
}
