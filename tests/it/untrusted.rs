//! Other archives, JSON lines and text exports taken in as untrusted input
//! (SECURITY.md): another archive is read, never written, upgraded or left
//! with side files; one that holds what our schema does not, or is
//! damaged, is refused untouched; a row that cannot be stored faithfully is
//! refused by its id (a JSON line by its number, a file by its name) with
//! the reason, the rest taken in, and a rerun stops at nothing.

use rusqlite::Connection;

use crate::family::{real_puzzles, task_lines};
use crate::util::{Dir, fixtures, query};

/// `other.sqlite` in `dir` holding the first `n` real puzzles of the family.
fn family_archive(dir: &Dir, n: usize) {
    let puzzles: Vec<_> = real_puzzles().into_iter().take(n).collect();
    dir.write("family.txt", task_lines(&puzzles));
    let run = dir.run(&["--db", "other.sqlite", "import", "family.txt"]).ok();
    assert!(run.stdout.contains(&format!("{n} puzzles stored")), "{run}");
}

/// Runs `sql` on an archive as another program would.
fn change(db: &std::path::Path, sql: &str) {
    Connection::open(db).unwrap().execute_batch(sql).unwrap();
}

fn side_files(db: &std::path::Path) -> Vec<String> {
    ["-wal", "-shm", "-journal"]
        .iter()
        .map(|s| format!("{}{s}", db.display()))
        .filter(|p| std::path::Path::new(p).exists())
        .collect()
}

#[test]
fn a_puzzle_of_a_kind_this_version_does_not_know_is_refused_and_the_rest_merged_each_time() {
    let dir = Dir::new();
    family_archive(&dir, 30);
    // As a later version would write a kind it adds, without a schema change.
    change(&dir.join("other.sqlite"), "UPDATE puzzles SET kind = 'chess-solitaire' WHERE id = 7");
    let run = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).expect_code(2);
    assert!(run.stderr.contains("other.sqlite puzzle 7: unknown puzzle kind 'chess-solitaire'"), "{run}");
    assert!(run.stdout.contains("puzzles: 29 new,") && run.stdout.contains("1 refused"), "{run}");
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM puzzles"), 29);
    // Again: the same puzzle refused, the rest found present.
    let again = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).expect_code(2);
    assert!(again.stdout.contains("0 new,") && again.stdout.contains("29 already present"), "{again}");
    assert!(again.stdout.contains("1 refused"), "{again}");
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

#[test]
fn rows_that_cannot_be_read_past_the_first_chunk_are_refused_by_id_and_every_other_merged() {
    let dir = Dir::new();
    let sudoku = |name: &str| fixtures().join("sudoku").join(name).display().to_string();
    dir.run(&["--db", "other.sqlite", "import", &sudoku("17_clue_sample.txt"), &sudoku("se11_sample.txt")]).ok();
    let other = dir.join("other.sqlite");
    let total = query(&other, "SELECT count(*) FROM puzzles");
    assert!(total > 300, "{total}");
    // A value of the wrong type in the first chunk, a time that is not one
    // in the second, and a note larger than a record may hold.
    change(
        &other,
        "UPDATE puzzles SET width = 'nine' WHERE id = 100; \
         UPDATE solutions SET solved_at = 'soon' WHERE puzzle = 300; \
         UPDATE puzzles SET note = printf('%.*c', 17000000, 'x') WHERE id = 301;",
    );
    let run = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).expect_code(2);
    assert!(
        run.stderr.contains("other.sqlite puzzle 100: its `width` holds text, which that column does not take"),
        "{run}"
    );
    assert!(run.stderr.contains("other.sqlite puzzle 300: its solution row "), "{run}");
    assert!(run.stderr.contains("solved_at `soon` is not a time"), "{run}");
    assert!(run.stderr.contains("other.sqlite puzzle 301: it holds 170"), "{run}");
    assert!(run.stdout.contains(&format!("puzzles: {} new,", total - 3)) && run.stdout.contains("3 refused"), "{run}");
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM puzzles"), total - 3);
    let again = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).expect_code(2);
    assert!(
        again.stdout.contains(&format!(
            "0 new, 0 completed (what they lacked added), 0 replaced (a better copy), {} already present",
            total - 3
        )),
        "{again}"
    );
}

#[test]
fn an_archive_of_an_earlier_version_is_merged_and_stays_as_it_was() {
    let dir = Dir::new();
    std::fs::copy(fixtures().join("archive/v1/archive.sqlite"), dir.join("old.sqlite")).unwrap();
    let before = std::fs::read(dir.join("old.sqlite")).unwrap();
    let run = dir.run(&["--db", "a.sqlite", "import", "old.sqlite"]).ok();
    assert!(run.stdout.contains("puzzles: 18 new,"), "{run}");
    let old = dir.join("old.sqlite");
    assert_eq!(side_files(&old), Vec::<String>::new());
    assert!(std::fs::read(&old).unwrap() == before, "the backup merged was changed");
    assert_eq!(&before[60..64], &1u32.to_be_bytes(), "still of version 1");
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

#[test]
fn a_read_only_archive_merged_by_root_is_left_without_side_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Dir::new();
    family_archive(&dir, 5);
    let other = dir.join("other.sqlite");
    std::fs::set_permissions(&other, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&other).unwrap();
    let run = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).ok();
    assert!(run.stdout.contains("puzzles: 5 new,"), "{run}");
    assert_eq!(side_files(&other), Vec::<String>::new());
    assert!(std::fs::read(&other).unwrap() == before, "the other archive was changed");
    // Nor anything of the copy it was read from.
    let names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| !n.contains(".merge-")), "{names:?}");
}

#[test]
fn an_archive_with_a_trigger_is_refused_whole_and_left_as_it_was() {
    let dir = Dir::new();
    family_archive(&dir, 3);
    let other = dir.join("other.sqlite");
    change(
        &other,
        "CREATE TRIGGER keep AFTER DELETE ON puzzles BEGIN INSERT INTO fetches (url, method) VALUES ('x', 'y'); END",
    );
    let before = std::fs::read(&other).unwrap();
    let run = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).expect_code(2);
    assert!(
        run.stderr
            .contains("other.sqlite: not an aquarchive database (it holds a trigger `keep`, which no aquarchive makes"),
        "{run}"
    );
    assert!(!dir.join("a.sqlite").exists(), "nothing stored, so no archive made: {run}");
    assert!(std::fs::read(&other).unwrap() == before, "the other archive was changed");
}

#[test]
fn a_known_kind_kept_as_the_site_gave_it_is_merged_though_this_version_cannot_read_its_task() {
    let dir = Dir::new();
    family_archive(&dir, 3);
    // What an earlier version kept of pages this one reads otherwise: a
    // garbled Aquarium flagged, a Star Battle task kept for a solver.
    change(
        &dir.join("other.sqlite"),
        "INSERT INTO puzzles (kind, source, width, height, text, canonical_hash, status, note) VALUES \
         ('aquarium', 'https://x/', 6, 6, 'garbled', 'h1', 'invalid', 'the task does not read'), \
         ('star-battle', 'https://y/', 5, 5, '1,2;not a task', 'h2', 'no-solver', NULL)",
    );
    let run = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).ok();
    assert!(run.stdout.contains("puzzles: 5 new,") && run.stdout.contains("0 refused"), "{run}");
    let kept = "SELECT count(*) FROM puzzles WHERE text IN ('garbled', '1,2;not a task')";
    assert_eq!(query(&dir.join("a.sqlite"), kept), 2);
    let verify = dir.run(&["--db", "a.sqlite", "verify"]).ok();
    assert!(verify.stdout.contains("5 puzzles checked, 0 mismatches"), "{verify}");
}

#[test]
fn a_page_whose_bytes_do_not_match_their_name_is_refused_and_the_rest_merged() {
    let dir = Dir::new();
    let page = fixtures().join("pages/puzzle-nonograms.com_15x15_2401181_trimmed.html");
    dir.run(&["--db", "other.sqlite", "import", page.to_str().unwrap()]).expect_code(2);
    family_archive(&dir, 3);
    let other = dir.join("other.sqlite");
    let sha: String =
        Connection::open(&other).unwrap().query_row("SELECT sha256 FROM snapshots", [], |r| r.get(0)).unwrap();
    change(&other, "UPDATE snapshots SET bytes = X'00'");
    let run = dir.run(&["--db", "a.sqlite", "import", "other.sqlite"]).expect_code(2);
    assert!(run.stderr.contains(&format!("other.sqlite snapshot {sha}: its bytes do not match their sha256")), "{run}");
    assert!(run.stdout.contains("puzzles: 3 new,"), "{run}");
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM snapshots"), 0);
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

#[test]
fn json_lines_too_large_or_not_text_are_refused_by_number_and_the_rest_imported() {
    let dir = Dir::new();
    family_archive(&dir, 4);
    let out = dir.run(&["--db", "other.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    let lines: Vec<&str> = out.lines().collect();
    let mut big: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    big["note"] = "x".repeat(17 << 20).into();
    let mut file = Vec::new();
    file.extend_from_slice(lines[0].as_bytes());
    file.extend_from_slice(b"\n");
    file.extend_from_slice(big.to_string().as_bytes());
    // Longer than a line may hold: read past, never held whole.
    file.extend_from_slice(b"\n{\"note\": \"");
    file.resize(file.len() + (65 << 20), b'y');
    file.extend_from_slice(b"\"}\n");
    file.extend_from_slice(b"{\"kind\": \"caf\xE9\"}\n");
    file.extend_from_slice(lines[2].as_bytes());
    file.extend_from_slice(b"\n");
    file.extend_from_slice(lines[3].as_bytes());
    dir.write("all.jsonl", file);
    let run = dir.run(&["--db", "a.sqlite", "import", "all.jsonl"]).expect_code(2);
    assert!(run.stderr.contains("all.jsonl:2: it holds "), "{run}");
    assert!(run.stderr.contains("bytes, more than the 16 MiB one record may hold"), "{run}");
    assert!(run.stderr.contains("all.jsonl:3: the line is longer than the 64 MiB a line may hold"), "{run}");
    assert!(run.stderr.contains("all.jsonl:4: not UTF-8 text from byte 14 of the line on"), "{run}");
    assert!(run.stdout.contains("3 new,") && run.stdout.contains("3 refused"), "{run}");
    assert_eq!(query(&dir.join("a.sqlite"), "SELECT count(*) FROM puzzles"), 3);
}

#[test]
fn a_puzzle_file_larger_than_a_file_may_hold_is_refused_by_name_unread_and_the_rest_imported() {
    let dir = Dir::new();
    let puzzle = fixtures().join("aquarium/puzzles/10x10_easy_3081686.txt");
    dir.write("in/good.txt", std::fs::read(puzzle).unwrap());
    // Sparse: as large as it says, and nothing on the disk.
    std::fs::File::create(dir.join("in/huge.txt")).unwrap().set_len((256 << 20) + 1).unwrap();
    let run = dir.run(&["import", "in"]).expect_code(2);
    assert!(run.stderr.contains("huge.txt: more than the 256 MiB a puzzle file may hold"), "{run}");
    assert!(run.stdout.contains("1 puzzle stored"), "{run}");
}
