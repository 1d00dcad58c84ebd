//! `import OTHER.sqlite`: two real archives, made by fetching from the
//! loopback site, importing fixtures and reading a calendar photo, merged
//! into one with everything; disagreements reported; merging again adds
//! nothing (exit 3); what `Store::open` refuses, and the target itself,
//! refused untouched.

use crate::fetch_log::setup;
use crate::site::rows;
use crate::site_server::{Fault, Site};
use crate::util::{Dir, fixtures, query};

fn puzzle_file(name: &str) -> String {
    fixtures().join("aquarium/puzzles").join(name).display().to_string()
}

/// Counts of every table of an archive.
fn tables(db: &std::path::Path) -> Vec<(&'static str, i64)> {
    ["puzzles", "solutions", "grades", "site_facts", "calendar_readings", "snapshots", "fetches"]
        .into_iter()
        .map(|t| (t, query(db, &format!("SELECT count(*) FROM {t}"))))
        .collect()
}

/// Archive A: today's 6x6-easy and daily from the site, two fixtures, and a
/// calendar date read from a photo. Archive B: the daily garbled (stored
/// flagged), the weekly, one of A's fixtures and another, a Sudoku file.
fn two_archives() -> (Site, Dir) {
    let site = Site::start();
    let dir = setup(&site);
    let a = |args: &[&str]| dir.run(&[&["--db", "a.sqlite"], args].concat());
    let b = |args: &[&str]| dir.run(&[&["--db", "b.sqlite"], args].concat());
    a(&["fetch", "6x6-easy", "daily"]).ok();
    a(&["import", &puzzle_file("10x10_easy_3081686.txt"), &puzzle_file("10x10_easy_3144731.txt")]).ok();
    let photo = fixtures().join("calendar/board-standard.jpg").display().to_string();
    a(&["calendar", "read", &photo, "--import"]).ok();
    site.fault("/?size=9", &[Fault::InvalidTask(7)]);
    b(&["fetch", "daily"]).expect_code(2);
    b(&["fetch", "weekly", "6x6-easy"]).ok();
    b(&["import", &puzzle_file("10x10_easy_3144731.txt"), &puzzle_file("10x10_easy_4273938.txt")]).ok();
    b(&["import", &fixtures().join("sudoku/17_clue_sample.txt").display().to_string()]).ok();
    (site, dir)
}

#[test]
fn two_archives_merge_into_one_with_everything_and_again_into_nothing_new() {
    let (_site, dir) = two_archives();
    let (a, b) = (dir.join("a.sqlite"), dir.join("b.sqlite"));
    let distinct = |sql: &str| query(&a, sql) + query(&b, sql);
    // What the two hold together: one fixture and the daily's date are in both
    // (the site serves another 6x6-easy on each fetch).
    let union_puzzles = query(&a, "SELECT count(*) FROM puzzles") + query(&b, "SELECT count(*) FROM puzzles") - 2;
    let fetches = distinct("SELECT count(*) FROM fetches");
    let pages = query(&a, "SELECT count(*) FROM snapshots") + b_pages_new(&dir);
    assert!(b_pages_new(&dir) >= 2, "the weekly's and the garbled daily's pages");
    let b_before = std::fs::read(&b).unwrap();

    let run = dir.run(&["--db", "a.sqlite", "import", "b.sqlite"]).ok();
    // The garbled daily of B lost to A's good one, and the report says so.
    assert!(
        run.stderr.contains("b.sqlite puzzle 1 (puzzle 2 here): the aquarium special of size class 9 of 2026-08-23")
            && run.stderr.contains("a good copy beats a flagged one"),
        "{run}"
    );
    assert!(run.stdout.contains("1 already present, 1 conflicts (the archive's copy kept), 0 refused"), "{run}");
    assert_eq!(query(&a, "SELECT count(*) FROM puzzles"), union_puzzles, "{run}");
    assert_eq!(query(&a, "SELECT count(*) FROM puzzles WHERE status = 'invalid'"), 0, "the flagged copy stays out");
    assert_eq!(query(&a, "SELECT count(*) FROM puzzles WHERE special_date IS NOT NULL"), 2, "daily and weekly");
    assert_eq!(query(&a, "SELECT count(*) FROM calendar_readings"), 1);
    assert_eq!(query(&a, "SELECT count(*) FROM fetches"), fetches, "every fetch of both");
    // Every page of both, once: B's garbled daily's page too (its fetch names it).
    assert_eq!(query(&a, "SELECT count(*) FROM snapshots"), pages, "{run}");
    // The weekly came with its page facts and its page.
    assert_eq!(
        query(
            &a,
            "SELECT count(*) FROM puzzles p JOIN site_facts f ON f.puzzle = p.id JOIN snapshots s ON s.sha256 = p.snapshot \
             WHERE p.size_class = 10 AND f.hash_check = 'match'"
        ),
        1
    );
    // Times as recorded in B.
    let created = "SELECT created FROM puzzles WHERE size_class = 10";
    assert_eq!(rows(&a, created), rows(&b, created));
    assert_eq!(std::fs::read(&b).unwrap(), b_before, "the other archive is only read");

    // Again: nothing new, exit 3.
    let before = tables(&a);
    let again = dir.run(&["--db", "a.sqlite", "import", "b.sqlite"]).expect_code(3);
    assert_eq!(tables(&a), before, "{again}");
    assert!(again.stdout.contains("0 new, 0 completed"), "{again}");

    // The merged archive passes verify, and its merged puzzles reparse from
    // the pages that came with them.
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
    let reparse = dir.run(&["--db", "a.sqlite", "reparse"]).ok();
    assert!(
        reparse.stdout.contains("4 unchanged, 0 changed"),
        "6x6-easy, the daily, the weekly, B's 6x6-easy: {reparse}"
    );

    // The other way round, B's flagged daily gives way to A's good one.
    let run = dir.run(&["--db", "b.sqlite", "import", "a.sqlite"]).ok();
    assert!(
        run.stderr.contains("the archive's copy (invalid, hash mismatch) replaced by this one (ok, hash match)"),
        "{run}"
    );
    assert_eq!(query(&b, "SELECT count(*) FROM puzzles WHERE status = 'invalid'"), 0, "{run}");
    dir.run(&["--db", "b.sqlite", "verify"]).ok();
}

/// Pages of B that A lacks.
fn b_pages_new(dir: &Dir) -> i64 {
    let conn = rusqlite::Connection::open(dir.join("b.sqlite")).unwrap();
    conn.execute("ATTACH ?1 AS a", [dir.join("a.sqlite").display().to_string()]).unwrap();
    conn.query_row("SELECT count(*) FROM snapshots WHERE sha256 NOT IN (SELECT sha256 FROM a.snapshots)", [], |r| {
        r.get(0)
    })
    .unwrap()
}

#[test]
fn a_newer_archive_and_the_archive_itself_are_refused_untouched() {
    let dir = Dir::new();
    let sudoku = fixtures().join("sudoku/17_clue_sample.txt").display().to_string();
    dir.run(&["--db", "a.sqlite", "import", &sudoku]).ok();
    dir.run(&["--db", "b.sqlite", "import", &sudoku]).ok();
    let mut newer = std::fs::read(dir.join("b.sqlite")).unwrap();
    newer[60..64].copy_from_slice(&99u32.to_be_bytes());
    // Not named .sqlite: known by its header.
    dir.write("newer.archive", &newer);
    let before = std::fs::read(dir.join("a.sqlite")).unwrap();
    let run = dir.run(&["--db", "a.sqlite", "import", "newer.archive"]).expect_code(2);
    assert!(run.stderr.contains("newer.archive: made by a newer aquarchive (database version 99"), "{run}");
    assert_eq!(std::fs::read(dir.join("newer.archive")).unwrap(), newer);
    let run = dir.run(&["--db", "a.sqlite", "import", "./a.sqlite"]).expect_code(2);
    assert!(run.stderr.contains("./a.sqlite: this is the archive itself"), "{run}");
    assert_eq!(std::fs::read(dir.join("a.sqlite")).unwrap(), before);
}

/// Killed with SIGKILL once its first chunk is in, a merge leaves the
/// target with whole puzzles (each with its solution) and the other
/// archive as it was; the same command again does the rest.
#[test]
fn a_merge_killed_midway_leaves_whole_puzzles_and_a_rerun_finishes_it() {
    let dir = Dir::new();
    let sudoku = |name: &str| fixtures().join("sudoku").join(name).display().to_string();
    dir.run(&[
        "--db",
        "other.sqlite",
        "import",
        &sudoku("17_clue_sample.txt"),
        &sudoku("se11_sample.txt"),
        &sudoku("forum_hardest_1106.txt"),
    ])
    .ok();
    let total = query(&dir.join("other.sqlite"), "SELECT count(*) FROM puzzles");
    assert!(total > 900, "{total}");
    let other_before = std::fs::read(dir.join("other.sqlite")).unwrap();

    let mut command = dir.command(&["--db", "a.sqlite", "import", "other.sqlite"]);
    command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
    let mut child = command.spawn().unwrap();
    let at_kill = crate::util::wait_for_count(
        &dir.join("a.sqlite"),
        "SELECT count(*) FROM puzzles",
        1,
        &mut child,
        "the first chunk merged",
    );
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = query(&dir.join("a.sqlite"), "SELECT count(*) FROM puzzles");
    assert!(kept >= at_kill && (kept % 256 == 0 || kept == total), "{kept} of {total}: not whole chunks");
    let unsolved = "SELECT count(*) FROM puzzles p WHERE NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle = p.id)";
    assert_eq!(query(&dir.join("a.sqlite"), unsolved), 0);
    assert_eq!(std::fs::read(dir.join("other.sqlite")).unwrap(), other_before, "the other archive changed");

    let again = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).ok();
    assert!(again.stdout.contains(&format!("puzzles: {} new", total - kept)), "{again}");
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM puzzles"), total);
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}
