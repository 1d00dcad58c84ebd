//! A player's progress, from the browser to the archive and back: a daily
//! special solved by clicks in a real headless Chromium (with help taken)
//! and another puzzle's solution shown, the front page's "Save progress to
//! a file" caught as a download, `import` keeping it (and exiting 3 when
//! run again), `stats` counting it, a merge carrying it to another archive,
//! whose export shows the daily solved, and the streak counting it, in a
//! browser that never played it; and a bad progress file named, with what
//! is wrong, by `import` and by the page, changing nothing.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::browse::Browse;
use crate::chromium::Tab;
use crate::html_index::saved_page;
use crate::util::{Dir, fixtures, query};

const AQUARIUM: &str = "aquarium/puzzles/10x10_easy_3081686.txt";
const DAY: &str = "2026-11-30";

/// An archive `a.sqlite` of a daily special (from a saved page) and an
/// Aquarium from a file; the daily's id, tanks and water, and the other's id.
fn archive(dir: &Dir) -> (i64, Vec<Vec<String>>, Vec<Vec<bool>>, i64) {
    dir.write("daily.html", saved_page(0, DAY, None));
    let aquarium = fixtures().join(AQUARIUM).display().to_string();
    dir.run(&["--db", "a.sqlite", "import", "daily.html", &aquarium]).ok();
    let lines = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok().json_lines();
    let daily = lines.iter().find(|l| l["special_date"] == DAY).expect("the daily");
    let other = lines.iter().find(|l| l["special_date"].is_null()).expect("the Aquarium from a file");
    let text = daily["text"].as_str().unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let tanks = rows[..rows.len() - 2].iter().map(|l| l.split_whitespace().map(String::from).collect()).collect();
    let water = daily["solution_rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap().chars().map(|c| c == '1').collect())
        .collect();
    (daily["id"].as_i64().unwrap(), tanks, water, other["id"].as_i64().unwrap())
}

struct Page {
    tab: Tab,
}

impl Page {
    fn new() -> Page {
        let tab = Tab::start();
        tab.resize(1000, 1100);
        Page { tab }
    }

    fn open(&self, site: &Path, name: &str) {
        self.tab.goto(&format!("file://{}", site.join(name).display()));
        self.wait_for("document.querySelector('#verdict, #progress-file:not([hidden])') !== null");
    }

    fn run(&self, js: &str) -> Value {
        self.tab.run(js)
    }

    fn wait_for(&self, condition: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.run(&format!("return !!({condition})")) != true {
            assert!(Instant::now() < deadline, "never true: {condition}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn text(&self, css: &str) -> String {
        let text = self.run(&format!("var e = document.querySelector({}); return e ? e.textContent : ''", json!(css)));
        text.as_str().unwrap_or_default().to_string()
    }

    /// The progress this browser keeps under `key`.
    fn kept(&self, key: &str) -> Value {
        let text = self.run(&format!("return localStorage.getItem({})", json!(format!("aquarchive:{key}"))));
        serde_json::from_str(text.as_str().unwrap_or("null")).unwrap()
    }

    /// Gives the file input `css` the file at `path`, as a person choosing it.
    fn choose_file(&self, css: &str, path: &Path) {
        let step = Instant::now() + Duration::from_secs(30);
        let document = self.tab.browser.command("DOM.getDocument", json!({}), step).unwrap();
        let root = document["root"]["nodeId"].clone();
        let node =
            self.tab.browser.command("DOM.querySelector", json!({ "nodeId": root, "selector": css }), step).unwrap();
        let files = json!({ "files": [path.display().to_string()], "nodeId": node["nodeId"] });
        self.tab.browser.command("DOM.setFileInputFiles", files, step).unwrap();
    }
}

/// The page's progress key of a puzzle of `db`.
fn key_of(dir: &Dir, db: &str, id: i64) -> String {
    let shown = dir.run(&["--db", db, "export", "--format", "jsonl"]).ok().json_lines();
    let line = shown.iter().find(|l| l["id"] == id).unwrap();
    line["canonical_hash"].as_str().unwrap()[..16].to_string()
}

#[test]
fn progress_goes_from_the_browser_to_the_archive_to_another_and_back_to_a_fresh_browser_sandbox_off_as_root() {
    let dir = Dir::new();
    let (daily, tanks, water, other) = archive(&dir);
    let (daily_key, other_key) = (key_of(&dir, "a.sqlite", daily), key_of(&dir, "a.sqlite", other));
    dir.run(&["--db", "a.sqlite", "export", "--html", "site"]).ok();
    let site = dir.join("site");

    // Played: the daily solved by clicks after one mistake check, the other
    // puzzle started and its solution shown.
    let page = Page::new();
    page.open(&site, &format!("p/{daily}.html"));
    page.tab.click("#mistakes");
    let mut tops: Vec<(usize, usize)> = Vec::new();
    for (r, row) in tanks.iter().enumerate() {
        for (c, tank) in row.iter().enumerate() {
            let wet_above = (0..r).any(|above| tanks[above][c] == *tank && water[above][c])
                || tops.iter().any(|&(tr, tc)| tanks[tr][tc] == *tank);
            if water[r][c] && !wet_above {
                tops.push((r, c));
            }
        }
    }
    for (r, c) in tops {
        page.tab.click(&format!("#game [data-r=\"{r}\"][data-c=\"{c}\"] rect"));
    }
    page.wait_for("document.getElementById('verdict').textContent.indexOf('Solved') >= 0");
    let solved = page.kept(&daily_key);
    assert_eq!((solved["solved"].clone(), solved["help"].clone()), (json!(true), json!(1)), "{solved}");
    let solved_at = solved["solvedAt"].as_str().expect("the time it was solved").to_string();
    page.open(&site, &format!("p/{other}.html"));
    page.tab.click("#game [data-r=\"9\"][data-c=\"0\"] rect");
    page.tab.click("#solution");
    page.tab.click("#solution");
    page.wait_for(&format!("(JSON.parse(localStorage.getItem('aquarchive:{other_key}')) || {{}}).shown === true"));

    // The front page counts the daily in the streak and saves the progress.
    page.open(&site, "today.html");
    assert_eq!(page.run("return document.getElementById('streak').getAttribute('data-streak')"), "1");
    let downloads = dir.join("downloads");
    std::fs::create_dir(&downloads).unwrap();
    let allow = json!({ "behavior": "allow", "downloadPath": downloads.display().to_string() });
    page.tab.browser.command("Browser.setDownloadBehavior", allow, Instant::now() + Duration::from_secs(30)).unwrap();
    page.tab.click("#save-progress");
    let saved = downloads.join("progress.json");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !saved.exists() {
        assert!(Instant::now() < deadline, "no progress.json downloaded");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(page.text("#progress-said"), "Saved 2 records to progress.json.");
    let file: Value = serde_json::from_slice(&std::fs::read(&saved).unwrap()).unwrap();
    assert_eq!((file["format"].clone(), file["version"].clone()), (json!("aquarchive-progress"), json!(1)));
    assert_eq!(file["puzzles"][&daily_key]["solvedAt"], solved_at.as_str());
    assert_eq!(file["puzzles"][&other_key]["shown"], true);
    drop(page);

    // Imported by its content, whatever its name; counted; once only.
    std::fs::copy(&saved, dir.join("mine.txt")).unwrap();
    let import = dir.run(&["--db", "a.sqlite", "import", "mine.txt"]).ok();
    assert!(import.stdout.contains("mine.txt: progress: 2 read, 2 kept, 0 unchanged, 0 of puzzles"), "{import}");
    let stats = dir.run(&["--db", "a.sqlite", "stats", "--json"]).ok().json_lines();
    let played = &stats[0]["progress"];
    assert_eq!(
        [&played["played"], &played["solved"], &played["solved_with_help"], &played["solution_shown"]],
        [&json!(2), &json!(1), &json!(1), &json!(1)],
        "{played}"
    );
    let daily_row = played["counts"].as_array().unwrap().iter().find(|c| c["size_class"] == 9).unwrap();
    assert_eq!((daily_row["played"].clone(), daily_row["solved"].clone()), (json!(1), json!(1)), "{played}");
    let table = dir.run(&["--db", "a.sqlite", "stats"]).ok();
    assert!(table.stdout.contains("| played | solved | solved with help | solution shown |"), "{table}");
    let again = dir.run(&["--db", "a.sqlite", "import", "mine.txt"]).expect_code(3);
    assert!(again.stdout.contains("2 read, 0 kept, 2 unchanged"), "{again}");

    // An archive without the daily keeps the other's record and names the rest.
    let aquarium = fixtures().join(AQUARIUM).display().to_string();
    dir.run(&["--db", "c.sqlite", "import", &aquarium]).ok();
    let partial = dir.run(&["--db", "c.sqlite", "import", "mine.txt"]).ok();
    assert!(
        partial
            .stderr
            .contains(&format!("mine.txt: 1 record of puzzles this archive does not hold, not kept (key {daily_key})")),
        "{partial}"
    );
    assert_eq!(query(&dir.join("c.sqlite"), "SELECT count(*) FROM progress WHERE shown = 1 AND solved = 0"), 1);

    // A merge carries it, with the solve's time; and once only.
    let merge = dir.run(&["--db", "b.sqlite", "import", "a.sqlite"]).ok();
    assert!(merge.stdout.contains("2 records of a player's progress kept"), "{merge}");
    dir.run(&["--db", "b.sqlite", "import", "a.sqlite"]).expect_code(3);
    let b = dir.join("b.sqlite");
    assert_eq!(query(&b, &format!("SELECT count(*) FROM progress WHERE solved_at = '{solved_at}' AND help = 1")), 1);

    // Written back: a browser that never played shows the daily solved,
    // counts it in the streak, and loads a file (again, nothing new; a bad
    // one, nothing at all).
    dir.run(&["--db", "b.sqlite", "export", "--html", "site-b"]).ok();
    let site = dir.join("site-b");
    let fresh = Page::new();
    fresh.open(&site, "today.html");
    assert_eq!(fresh.run("return document.getElementById('streak').getAttribute('data-streak')"), "1");
    assert_eq!(
        fresh
            .run("return document.querySelector('#newest a[data-class=\"special daily\"]').getAttribute('data-state')"),
        "solved"
    );
    fresh.choose_file("#load-progress", &saved);
    fresh.wait_for("document.getElementById('progress-said').textContent !== ''");
    assert_eq!(fresh.text("#progress-said"), "progress.json: 2 records read, 0 changed.");
    let bad = dir.write(
        "bad.json",
        r#"{"format": "aquarchive-progress", "version": 1, "puzzles": {"0123456789abcdef": {"time": -4}}}"#,
    );
    fresh.choose_file("#load-progress", &bad);
    fresh.wait_for("document.getElementById('progress-said').textContent.indexOf('bad.json') === 0");
    let said = fresh.text("#progress-said");
    assert!(said.contains("puzzles.0123456789abcdef: \"time\"") && said.ends_with("nothing changed."), "{said}");
    assert_eq!(fresh.kept("0123456789abcdef"), Value::Null);
    fresh.open(&site, &format!("p/{daily}.html"));
    assert!(fresh.text("#verdict").contains("Solved"), "{}", fresh.text("#verdict"));
    assert_eq!(fresh.kept(&daily_key)["solvedAt"], solved_at.as_str());

    // The page and the archive keep the same of one file: an earlier solve
    // beats the daily's, a record played no longer than the other's does not.
    let earlier = dir.write(
        "earlier.json",
        json!({ "format": "aquarchive-progress", "version": 1, "puzzles": {
            &daily_key: { "grid": "", "time": 5, "solved": false, "solvedAt": "2026-01-01T00:00:00.000Z" },
            &other_key: { "grid": "", "time": 0, "started": false },
        }})
        .to_string(),
    );
    fresh.open(&site, "today.html");
    fresh.choose_file("#load-progress", &earlier);
    fresh.wait_for("document.getElementById('progress-said').textContent.indexOf('earlier.json') === 0");
    assert_eq!(fresh.text("#progress-said"), "earlier.json: 2 records read, 1 changed.");
    assert_eq!(fresh.kept(&daily_key)["solvedAt"], "2026-01-01T00:00:00.000Z");
    let kept = dir.run(&["--db", "b.sqlite", "import", "earlier.json"]).ok();
    assert!(kept.stdout.contains("progress: 2 read, 1 kept, 1 unchanged"), "{kept}");
}

#[test]
fn a_bad_progress_file_is_named_with_what_is_wrong_and_changes_nothing() {
    let dir = Dir::new();
    let aquarium = fixtures().join(AQUARIUM).display().to_string();
    dir.run(&["--db", "a.sqlite", "import", &aquarium]).ok();
    let key = key_of(&dir, "a.sqlite", 1);
    let good = format!(
        r#"{{"format": "aquarchive-progress", "version": 1, "puzzles": {{"{key}": {{"grid": "w", "time": 40, "solved": false, "started": true, "help": 0, "shown": false}}}}}}"#
    );
    let cases = [
        ("cut.json", good[..good.len() - 20].to_string(), "cut.json: cut short at line 1, column"),
        (
            "late.json",
            good.replace("\"version\": 1", "\"version\": 7"),
            "late.json: a progress file of version 7, made by a newer aquarchive",
        ),
        (
            "time.json",
            good.replace("\"time\": 40", "\"time\": \"long\""),
            &format!("time.json: puzzles.{key}: `time` is not a whole number: \"long\""),
        ),
        (
            "when.json",
            good.replace("\"help\": 0", "\"help\": 0, \"solvedAt\": \"yesterday\""),
            &format!("when.json: puzzles.{key}: `solvedAt` is not a time"),
        ),
    ]
    .map(|(name, text, said)| (name, text, said.to_string()));
    let before = std::fs::read(dir.join("a.sqlite")).unwrap();
    for (name, text, said) in &cases {
        dir.write(name, text);
        let run = dir.run(&["--db", "a.sqlite", "import", name]).expect_code(2);
        assert!(run.stderr.contains(said.as_str()), "{name}: {run}");
        assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM progress"), 0, "{name}");
    }
    // Beside a good file, a bad one stops the import before it writes.
    dir.write("good.json", &good);
    dir.run(&["--db", "a.sqlite", "import", "good.json", "time.json"]).expect_code(2);
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM progress"), 0);
    assert!(std::fs::read(dir.join("a.sqlite")).unwrap() == before, "the archive's file changed");
    dir.run(&["--db", "a.sqlite", "import", "good.json"]).ok();
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT seconds FROM progress"), 40);
}
