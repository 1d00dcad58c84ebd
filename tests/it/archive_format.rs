//! The archive's file format across versions: an archive that an earlier
//! version made (`tests/fixtures/archive/`, with the script that made it)
//! opens with this one, passes `verify`, exports exactly as expected,
//! re-reads its pages and takes new puzzles. A change to the database's
//! schema comes with a migration, and this test is what proves it.

use crate::util::{Dir, fixtures, query};

/// A fresh copy of the fixture archive of a database version, as `a.sqlite`
/// in a new folder (opening an archive may write beside it).
pub(crate) fn copy_of(version: &str) -> Dir {
    let dir = Dir::new();
    std::fs::copy(fixtures().join(format!("archive/{version}/archive.sqlite")), dir.join("a.sqlite")).unwrap();
    dir
}

/// The first line where two texts differ, for a message that shows it.
fn first_difference(found: &str, expected: &str) -> String {
    let (mut found_lines, mut expected_lines) = (found.lines(), expected.lines());
    for line in 1.. {
        match (found_lines.next(), expected_lines.next()) {
            (None, None) => return "none".into(),
            (f, e) if f == e => continue,
            (f, e) => return format!("line {line}:\n  found:    {f:?}\n  expected: {e:?}"),
        }
    }
    unreachable!()
}

#[test]
fn an_archive_of_version_1_opens_verifies_and_exports_as_expected() {
    let dir = copy_of("v1");
    let verify = dir.run(&["--db", "a.sqlite", "verify"]).ok();
    assert!(verify.stdout.ends_with("18 puzzles checked, 0 mismatches\n"), "{verify}");

    let export = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok();
    let expected = std::fs::read_to_string(fixtures().join("archive/v1/export.jsonl")).unwrap();
    assert!(
        export.stdout == expected,
        "the export of the version 1 archive changed; first difference at {}",
        first_difference(&export.stdout, &expected)
    );

    // Every kind of record is there: the fetch log, the pages, a reading.
    let log = dir.run(&["--db", "a.sqlite", "log", "--json"]).ok().json_lines();
    assert_eq!(log.len(), 5, "{log:?}");
    let reparse = dir.run(&["--db", "a.sqlite", "reparse"]).ok();
    assert!(reparse.stdout.contains("4 unchanged, 0 changed"), "{reparse}");
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM calendar_readings WHERE puzzle = 18"), 1);

    // And it takes new puzzles.
    let sudoku = std::fs::read_to_string(fixtures().join("sudoku/se_rated_sample.txt")).unwrap();
    let last = sudoku.lines().rfind(|l| !l.starts_with('#')).unwrap();
    dir.write("one.txt", format!("{last}\n"));
    let import = dir.run(&["--db", "a.sqlite", "import", "one.txt"]).ok();
    assert!(import.stdout.ends_with("1 puzzle stored, 0 already present\n"), "{import}");
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

/// Version 2 to 3 added the record of removed puzzles: an archive of
/// version 2 opens, verifies and exports as it did, and then takes a
/// removal whose fetch record says so.
#[test]
fn an_archive_of_version_2_opens_verifies_exports_as_expected_and_takes_a_removal() {
    let dir = copy_of("v2");
    let verify = dir.run(&["--db", "a.sqlite", "verify"]).ok();
    assert!(verify.stdout.ends_with("18 puzzles checked, 0 mismatches\n"), "{verify}");
    let export = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok();
    let expected = std::fs::read_to_string(fixtures().join("archive/v2/export.jsonl")).unwrap();
    assert!(
        export.stdout == expected,
        "the export of the version 2 archive changed; first difference at {}",
        first_difference(&export.stdout, &expected)
    );
    assert_eq!(query(&dir.join("a.sqlite"), "PRAGMA user_version"), 4);

    let daily = dir.run(&["--db", "a.sqlite", "list", "--size", "daily", "--json"]).ok().json_lines();
    assert_eq!(daily.len(), 1);
    let id = daily[0]["id"].as_i64().unwrap();
    dir.run(&["--db", "a.sqlite", "remove", &id.to_string()]).ok();
    let log = dir.run(&["--db", "a.sqlite", "log", "--json"]).ok().json_lines();
    assert_eq!(log.len(), 5, "{log:?}");
    assert_eq!(log.iter().filter(|f| f["removed_puzzle"] == id).count(), 1, "{log:?}");
    let reparse = dir.run(&["--db", "a.sqlite", "reparse"]).ok();
    assert!(reparse.stdout.contains("3 unchanged, 0 changed"), "{reparse}");
    let verify = dir.run(&["--db", "a.sqlite", "verify"]).ok();
    assert!(verify.stdout.ends_with("17 puzzles checked, 0 mismatches\n"), "{verify}");
}

/// Version 3 to 4 added the player's progress: an archive of version 3
/// opens, verifies and exports as it did, and then keeps a progress file's
/// record for its daily, which its stats count and a merge carries.
#[test]
fn an_archive_of_version_3_opens_verifies_exports_as_expected_and_keeps_progress() {
    let dir = copy_of("v3");
    let verify = dir.run(&["--db", "a.sqlite", "verify"]).ok();
    assert!(verify.stdout.ends_with("18 puzzles checked, 0 mismatches\n"), "{verify}");
    let export = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok();
    let expected = std::fs::read_to_string(fixtures().join("archive/v3/export.jsonl")).unwrap();
    assert!(
        export.stdout == expected,
        "the export of the version 3 archive changed; first difference at {}",
        first_difference(&export.stdout, &expected)
    );
    assert_eq!(query(&dir.join("a.sqlite"), "PRAGMA user_version"), 4);

    let lines = export.stdout.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap());
    let daily = lines.into_iter().find(|l| l["class"] == "special daily").unwrap();
    let key = &daily["canonical_hash"].as_str().unwrap()[..16];
    dir.write(
        "progress.json",
        format!(
            r#"{{"format": "aquarchive-progress", "version": 1, "puzzles": {{"{key}": {{"grid": "", "time": 70, "solved": true, "solvedAt": "2026-12-01T08:00:00.000Z", "help": 0, "shown": false}}}}}}"#
        ),
    );
    let import = dir.run(&["--db", "a.sqlite", "import", "progress.json"]).ok();
    assert!(import.stdout.contains("progress: 1 read, 1 kept"), "{import}");
    let stats = dir.run(&["--db", "a.sqlite", "stats", "--json"]).ok().json_lines();
    assert_eq!(stats[0]["progress"]["solved"], 1, "{}", stats[0]);
    // An archive of version 3 merged into this one: its puzzles come, and no progress.
    let merge =
        dir.run(&["--db", "a.sqlite", "import", &fixtures().join("archive/v3/archive.sqlite").display().to_string()]);
    let merge = merge.expect_code(3);
    assert!(!merge.stdout.contains("player's progress"), "{merge}");
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM progress WHERE seconds = 70"), 1);
    // A backup copies it; a removal of its puzzle takes it.
    dir.run(&["--db", "a.sqlite", "backup", "copy.sqlite"]).ok();
    assert_eq!(query(&dir.join("copy.sqlite"), "SELECT count(*) FROM progress WHERE seconds = 70"), 1);
    dir.run(&["--db", "a.sqlite", "remove", &daily["id"].to_string()]).ok();
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM progress"), 0);
    let stats = dir.run(&["--db", "a.sqlite", "stats", "--json"]).ok().json_lines();
    assert_eq!(stats[0]["progress"]["played"], 0, "{}", stats[0]);
}

/// Each line of a JSON-lines export without the fields `except`, in order
/// of their text: what two archives holding the same records agree on.
fn records(jsonl: &str, except: &[&str]) -> Vec<String> {
    let mut records: Vec<String> = jsonl
        .lines()
        .map(|line| {
            let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
            for field in except {
                record.as_object_mut().unwrap().remove(*field);
            }
            record.to_string()
        })
        .collect();
    records.sort();
    records
}

#[test]
fn an_archive_of_version_1_merges_and_its_export_imports_back_whole() {
    let dir = copy_of("v1");
    let expected = std::fs::read_to_string(fixtures().join("archive/v1/export.jsonl")).unwrap();
    // Merged, with its pages and fetch log: everything but the archive's own numbers.
    let merge = dir.run(&["--db", "merged.sqlite", "import", "a.sqlite"]).ok();
    assert!(merge.stdout.contains("puzzles: 18 new"), "{merge}");
    assert!(merge.stdout.contains("5 page snapshots and 5 fetch records added"), "{merge}");
    let merged = dir.run(&["--db", "merged.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    assert_eq!(records(&merged, &["id"]), records(&expected, &["id"]));
    dir.run(&["--db", "merged.sqlite", "import", "a.sqlite"]).expect_code(3);
    // Its JSON lines alone: everything but the pages, which they do not carry.
    dir.write("v1.jsonl", &expected);
    dir.run(&["--db", "restored.sqlite", "import", "v1.jsonl"]).ok();
    let restored = dir.run(&["--db", "restored.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    assert_eq!(records(&restored, &["id", "snapshot"]), records(&expected, &["id", "snapshot"]));
}

#[test]
fn text_export_keeps_a_specials_class_and_date_and_every_site_id_and_source() {
    let dir = copy_of("v1");
    dir.run(&["--db", "a.sqlite", "export", "--format", "text", "--out", "out"]).ok();
    let daily = std::fs::read_to_string(dir.join("out/special_daily_2026-11-30.txt")).unwrap();
    assert!(daily.starts_with("# aquarchive class: 9 (special daily)\n# aquarchive date: 2026-11-30\n"), "{daily}");
    dir.run(&["--db", "b.sqlite", "import", "out"]).expect_code(1);

    // What a text file carries comes back; the creation time, the page and
    // the site's check are the JSONL's and the archive's to carry.
    let carried = |db: &str| {
        let mut records: Vec<String> = dir
            .run(&["--db", db, "export", "--format", "jsonl"])
            .ok()
            .json_lines()
            .iter()
            .map(|r| {
                let fields = ["kind", "size_class", "special_date", "site_id", "source", "status", "text", "class"];
                let mut kept: Vec<String> = fields.iter().map(|f| r[f].to_string()).collect();
                kept.push(r["solution"]["solution"].to_string());
                kept.join(" | ")
            })
            .collect();
        records.sort();
        records
    };
    let (before, after) = (carried("a.sqlite"), carried("b.sqlite"));
    assert_eq!(before.len(), 18);
    assert_eq!(after, before);
    let list = dir.run(&["--db", "b.sqlite", "list", "--size", "special-monthly"]).ok();
    assert!(list.stdout.contains("2026-11-01"), "{list}");
}

#[test]
fn a_bad_header_line_is_named_and_the_file_left_out() {
    let dir = Dir::new();
    let good = std::fs::read_to_string(fixtures().join("aquarium/puzzles/6x6_easy_681742.txt")).unwrap();
    dir.write("in/a.txt", format!("# aquarchive class: 9 (special daily)\n# aquarchive date: the 30th\n{good}"));
    dir.write("in/b.txt", &good);
    let run = dir.run(&["import", "in"]).expect_code(2);
    assert!(run.stderr.contains("in/a.txt:2: the header's date is not a date (YYYY-MM-DD): \"the 30th\""), "{run}");
    assert!(run.stdout.contains("1 puzzle stored"), "{run}");
}
