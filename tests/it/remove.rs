//! `aquarchive remove`: stored puzzles taken out, by ID and by filter, all
//! or none, on a real archive; what stays (pages, the fetch log, which says
//! what became of each page's puzzle) and how a removed puzzle comes back.

use crate::fetch_log::setup;
use crate::site_server::{Fault, Site};
use crate::util::{Dir, Watched, fixtures, query};

const MISSING_SOLUTIONS: &str = "SELECT count(*) FROM puzzles p WHERE status <> 'invalid' \
    AND NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle = p.id)";

/// The Aquarium fixtures (95 puzzles) and the Sudoku sample (graded) in
/// `a.sqlite`.
fn archive() -> Dir {
    let dir = Dir::new();
    let aquarium = fixtures().join("aquarium/puzzles").display().to_string();
    let sudoku = fixtures().join("sudoku/se_rated_sample.txt").display().to_string();
    dir.run(&["--db", "a.sqlite", "import", &aquarium, &sudoku]).ok();
    dir
}

/// The ids `list` gives with `filters`.
fn ids(dir: &Dir, filters: &[&str]) -> Vec<i64> {
    let run = dir.run(&[&["--db", "a.sqlite", "list", "--json"], filters].concat()).ok();
    run.json_lines().iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

fn count(dir: &Dir, sql: &str) -> i64 {
    query(&dir.join("a.sqlite"), sql)
}

/// IDs as `remove -v` says them (`3, 97-99`), one by one.
fn expand(said: &str) -> Vec<i64> {
    let id = |s: &str| s.parse::<i64>().unwrap();
    said.split(", ")
        .flat_map(|part| match part.split_once('-') {
            Some((first, last)) => (id(first)..=id(last)).collect(),
            None => vec![id(part)],
        })
        .collect()
}

/// Every row a puzzle has, in every table that holds its rows.
fn rows_of(dir: &Dir, ids: &[i64]) -> i64 {
    let ids = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    ["puzzles WHERE id", "solutions WHERE puzzle", "grades WHERE puzzle", "site_facts WHERE puzzle"]
        .iter()
        .map(|table| count(dir, &format!("SELECT count(*) FROM {table} IN ({ids})")))
        .sum()
}

#[test]
fn puzzles_named_by_id_go_with_all_their_rows_and_the_archive_verifies() {
    let dir = archive();
    let before = count(&dir, "SELECT count(*) FROM puzzles");
    let sudokus = ids(&dir, &["--kind", "sudoku"]);
    let gone = [sudokus[0], sudokus[1], 3];
    assert!(rows_of(&dir, &gone) > 6, "each has its solution and grade");
    let run = dir.run(&["--db", "a.sqlite", "-v", "remove", &gone[0].to_string(), &gone[1].to_string(), "3"]).ok();
    assert_eq!(run.stdout.lines().last().unwrap(), "a.sqlite: 3 puzzles removed", "{run}");
    let removed_line = run.stdout.lines().find(|l| l.starts_with("removed: ")).expect("-v names them");
    let mut gone_sorted = gone.to_vec();
    gone_sorted.sort();
    assert_eq!(expand(removed_line.strip_prefix("removed: ").unwrap()), gone_sorted, "{run}");
    assert_eq!(rows_of(&dir, &gone), 0, "no row of theirs is left");
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), before - 3);
    assert_eq!(count(&dir, "SELECT count(*) FROM removed_puzzles"), 3);
    assert_eq!(count(&dir, MISSING_SOLUTIONS), 0);
    let verify = dir.run(&["--db", "a.sqlite", "verify"]).ok();
    assert!(verify.stdout.ends_with(&format!("{} puzzles checked, 0 mismatches\n", before - 3)), "{verify}");

    // Named again: nothing matches, said so, exit 3; an ID never stored too.
    let again = dir.run(&["--db", "a.sqlite", "remove", "3", "9999"]).expect_code(3);
    assert!(again.stderr.contains("no puzzles 3, 9999 in the archive"), "{again}");
    assert!(again.stderr.contains("no puzzle matches; nothing was removed"), "{again}");
    // One of them still there: it goes, the other is named.
    let one = dir.run(&["--db", "a.sqlite", "remove", "3", "4"]).ok();
    assert!(one.stderr.contains("no puzzle 3 in the archive") && one.stdout.ends_with(": 1 puzzle removed\n"), "{one}");
}

#[test]
fn a_filter_removes_only_with_yes_and_says_how_many_without() {
    let dir = archive();
    let hard = ids(&dir, &["--size", "15x15-hard"]);
    assert_eq!(hard.len(), 28);
    let before = count(&dir, "SELECT count(*) FROM puzzles");
    let refused = dir.run(&["--db", "a.sqlite", "remove", "--size", "15x15-hard"]).expect_code(2);
    assert!(
        refused.stderr.contains("a.sqlite: 28 puzzles match; nothing was removed: a removal by a filter")
            && refused.stderr.contains("needs --yes"),
        "{refused}"
    );
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), before);
    let run = dir.run(&["--db", "a.sqlite", "remove", "--size", "15x15-hard", "--yes"]).ok();
    assert!(run.stdout.ends_with(": 28 puzzles removed\n"), "{run}");
    assert_eq!(rows_of(&dir, &hard), 0);
    assert!(ids(&dir, &["--size", "15x15-hard"]).is_empty());
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), before - 28);
    // Filters and IDs together: the IDs that match every filter.
    let easy = ids(&dir, &["--size", "6x6-easy"]);
    let sudoku = ids(&dir, &["--kind", "sudoku"]);
    let run = dir
        .run(&["--db", "a.sqlite", "remove", &easy[0].to_string(), &sudoku[0].to_string(), "--kind", "sudoku", "-y"])
        .ok();
    assert!(run.stdout.ends_with(": 1 puzzle removed\n"), "{run}");
    assert_eq!(count(&dir, &format!("SELECT count(*) FROM puzzles WHERE id IN ({}, {})", easy[0], sudoku[0])), 1);
    // The newest, as `list --newest --limit` lists them.
    let newest = ids(&dir, &["--newest", "--limit", "2"]);
    dir.run(&["--db", "a.sqlite", "remove", "--newest", "--limit", "2", "--yes"]).ok();
    assert_eq!(rows_of(&dir, &newest), 0);
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), before - 28 - 1 - 2);
    // A filter that matches nothing: said, exit 3, with --yes or without.
    for yes in [&["--yes"][..], &[]] {
        let none = dir.run(&[&["--db", "a.sqlite", "remove", "--size", "15x15-hard"], yes].concat()).expect_code(3);
        assert!(none.stderr.contains("no puzzle matches; nothing was removed"), "{none}");
    }
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

#[test]
fn more_than_a_hundred_by_id_need_yes() {
    let dir = Dir::new();
    let tasks = dir.run(&["generate", "--size", "5", "--count", "110", "--seed", "3", "--format", "task"]).ok();
    dir.write("tasks.txt", &tasks.stdout);
    dir.run(&["--db", "a.sqlite", "import", "tasks.txt"]).ok();
    let all = ids(&dir, &[]);
    assert_eq!(all.len(), 110);
    let named: Vec<String> = all[..101].iter().map(i64::to_string).collect();
    let named: Vec<&str> = named.iter().map(String::as_str).collect();
    let refused = dir.run(&[&["--db", "a.sqlite", "remove"], &named[..]].concat()).expect_code(2);
    assert!(refused.stderr.contains("101 puzzles match; nothing was removed"), "{refused}");
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), 110);
    dir.run(&[&["--db", "a.sqlite", "remove"], &named[..100]].concat()).ok();
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), 10);
    dir.run(&["--db", "a.sqlite", "remove", "--yes", named[100]]).ok();
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), 9);
}

#[test]
fn a_dry_run_lists_what_would_go_as_list_does_and_changes_nothing() {
    let dir = archive();
    let export = |dir: &Dir| dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    let before = export(&dir);
    let list = dir.run(&["--db", "a.sqlite", "list", "--size", "15x15-hard"]).ok();
    let dry = dir.run(&["--db", "a.sqlite", "remove", "--size", "15x15-hard", "--dry-run"]).ok();
    let (listed, summary) = dry.stdout.rsplit_once("a.sqlite: ").unwrap();
    assert_eq!(listed, list.stdout, "{dry}");
    assert_eq!(summary, "28 puzzles would be removed (a dry run: nothing was removed)\n");
    // By ID, more than a hundred, --yes given or not: a dry run removes nothing.
    let run = dir.run(&["--db", "a.sqlite", "remove", "1", "2", "--dry-run", "--yes"]).ok();
    assert!(run.stdout.ends_with("a.sqlite: 2 puzzles would be removed (a dry run: nothing was removed)\n"), "{run}");
    let none = dir.run(&["--db", "a.sqlite", "remove", "--status", "several", "--dry-run"]).expect_code(3);
    assert!(none.stderr.contains("no puzzle matches; nothing would be removed"), "{none}");
    assert_eq!(export(&dir), before);
    assert_eq!(count(&dir, "SELECT count(*) FROM removed_puzzles"), 0);
}

#[test]
fn a_removal_that_names_no_puzzle_is_refused() {
    let dir = archive();
    let before = count(&dir, "SELECT count(*) FROM puzzles");
    for args in [&[][..], &["--yes"], &["--dry-run"], &["--newest"], &["--newest", "--yes"]] {
        let run = dir.run(&[&["--db", "a.sqlite", "remove"], args].concat()).expect_code(2);
        assert!(run.stderr.contains("name the puzzles to remove: their IDs"), "{args:?}: {run}");
        assert!(run.stdout.is_empty(), "{run}");
    }
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), before);
    // A bad time is said before the archive is looked at, as by `list`.
    let empty = Dir::new();
    let run = empty.run(&["remove", "--since", "2026-02-30", "--yes"]).expect_code(2);
    assert!(run.stderr.starts_with("aquarchive: --since 2026-02-30: not a UTC time"), "{run}");
    let run = empty.run(&["remove", "1"]).expect_code(2);
    assert!(run.stderr.contains("no archive here yet"), "{run}");
    assert!(!empty.join("archive").exists());
}

/// A puzzle removed and imported again is stored again, under an id of its
/// own: no id a removed puzzle had is given to another.
#[test]
fn a_removed_puzzle_imported_again_is_stored_again_under_a_new_id() {
    let dir = archive();
    let last = *ids(&dir, &[]).last().unwrap();
    let puzzle = dir.run(&["--db", "a.sqlite", "show", &last.to_string(), "--format", "text"]).ok().stdout;
    dir.run(&["--db", "a.sqlite", "remove", &last.to_string()]).ok();
    dir.write("again.txt", &puzzle);
    let import = dir.run(&["--db", "a.sqlite", "import", "--kind", "sudoku", "again.txt"]).ok();
    assert!(import.stdout.ends_with(": 1 puzzle stored, 0 already present\n"), "{import}");
    let now = *ids(&dir, &[]).last().unwrap();
    assert_eq!(now, last + 1, "the removed id {last} is not given again");
    let shown = dir.run(&["--db", "a.sqlite", "show", &now.to_string(), "--format", "text"]).ok().stdout;
    assert_eq!(shown, puzzle);
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

/// A fetched puzzle removed: the log of fetches keeps every fetch with its
/// outcome, and names the page's puzzle as removed, not as there; `reparse`
/// leaves it removed, `reparse --removed` stores it back.
#[test]
fn the_fetch_log_says_a_fetched_puzzle_was_removed_and_reparse_brings_it_back_only_when_asked() {
    let site = Site::start();
    let dir = setup(&site);
    dir.run(&["fetch", "6x6-easy"]).ok();
    site.fault("/?size=1", &[Fault::InvalidTask(7)]);
    dir.run(&["fetch", "6x6-normal"]).expect_code(2);
    let log_before = dir.run(&["log", "--json"]).ok().json_lines();
    let outcomes = |log: &[serde_json::Value]| log.iter().map(|f| f["outcome"].to_string()).collect::<Vec<_>>();
    let fetched: Vec<i64> = log_before.iter().filter_map(|f| f["puzzle"].as_i64()).collect();
    assert_eq!(fetched.len(), 2, "a good puzzle and a flagged one: {log_before:?}");
    let stats_before = dir.run(&["stats", "--json"]).ok().json_lines()[0]["fetches"].clone();

    let removed = dir.run(&["remove", &fetched[0].to_string(), &fetched[1].to_string()]).ok();
    assert!(
        removed.stdout.ends_with(
            ": 2 puzzles removed; their pages are kept, and `aquarchive reparse --removed` stores back what they give\n"
        ),
        "{removed}"
    );
    let log = dir.run(&["log", "--json"]).ok().json_lines();
    assert_eq!(outcomes(&log), outcomes(&log_before), "each fetch keeps its outcome");
    for (after, before) in log.iter().zip(&log_before) {
        assert!(after["puzzle"].is_null(), "{after}");
        assert_eq!(after["removed_puzzle"], before["puzzle"], "{after}");
        assert_eq!(after["removed_at"].is_null(), before["puzzle"].is_null(), "{after}");
        assert_eq!((&after["class"], &after["size_class"]), (&before["class"], &before["size_class"]));
    }
    let text = dir.run(&["log"]).ok();
    for id in &fetched {
        assert!(text.stdout.contains(&format!("(its puzzle {id} was removed 20")), "{text}");
    }
    assert_eq!(dir.run(&["stats", "--json"]).ok().json_lines()[0]["fetches"], stats_before);
    // The pages are kept, and whole.
    dir.run(&["verify"]).ok();
    let db = dir.join("archive/aquarchive.sqlite");
    assert_eq!(query(&db, "SELECT count(*) FROM snapshots s JOIN removed_puzzles r ON r.snapshot = s.sha256"), 2);

    let reparse = dir.run(&["reparse"]).ok();
    assert!(reparse.stdout.ends_with("0 found in pages that gave none before\n"), "{reparse}");
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), 0);

    let back = dir.run(&["reparse", "--removed"]).ok();
    assert!(back.stdout.ends_with(", 2 removed brought back\n"), "{back}");
    for id in &fetched {
        assert!(back.stdout.contains(&format!("from the page of removed puzzle {id}, stored as")), "{back}");
    }
    let log = dir.run(&["log", "--json"]).ok().json_lines();
    assert_eq!(outcomes(&log), outcomes(&log_before));
    let now: Vec<i64> = log.iter().filter_map(|f| f["puzzle"].as_i64()).collect();
    assert_eq!(now.len(), 2, "{log:?}");
    assert!(now.iter().all(|id| !fetched.contains(id)), "new ids: {now:?}, not {fetched:?}");
    assert!(log.iter().all(|f| f["removed_puzzle"].is_null()), "{log:?}");
    dir.run(&["verify"]).ok();
}

/// A removal waits for another writer's lock, as every write does, and
/// removes nothing while it waits; stopped there (Ctrl-C), it removes
/// nothing at all.
#[test]
fn a_removal_waits_for_a_lock_and_a_stop_leaves_the_archive_as_it_was() {
    let dir = archive();
    let before = count(&dir, "SELECT count(*) FROM puzzles");
    let export = |dir: &Dir| dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    let whole = export(&dir);

    let run =
        crate::interrupt::interrupted_while_locked(&dir, &["--db", "a.sqlite", "remove", "--kind", "sudoku", "--yes"])
            .expect_code(130);
    assert!(run.stderr.contains("stopped: nothing was removed"), "{run}");
    assert_eq!(export(&dir), whole);
    assert_eq!(count(&dir, "SELECT count(*) FROM removed_puzzles"), 0);

    let lock = rusqlite::Connection::open(dir.join("a.sqlite")).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mut remove = Watched::spawn(
        dir.command(&["-v", "--db", "a.sqlite", "remove", "--kind", "sudoku", "--yes"]),
        "aquarchive -v --db a.sqlite remove --kind sudoku --yes",
    );
    remove.wait_for_line("the archive is locked by another process; waiting");
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles"), before);
    lock.execute_batch("ROLLBACK").unwrap();
    let run = remove.finish().ok();
    assert!(run.stdout.ends_with(" removed\n"), "{run}");
    assert!(ids(&dir, &["--kind", "sudoku"]).is_empty());
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}
