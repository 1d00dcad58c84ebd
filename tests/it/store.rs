//! The archive as a user runs it: a real SQLite file in a temp dir, the
//! real binary, and (for crashes and concurrency) real child processes.

use std::process::Stdio;

use crate::util::{Dir, FullPipe, Run, Watched, ended, fixtures, killed, query, wait_for_count};

fn puzzles_dir() -> String {
    fixtures().join("aquarium/puzzles").display().to_string()
}

/// The fixtures imported into `db` (relative to the dir).
fn imported(db: &str) -> Dir {
    let dir = Dir::new();
    let run = dir.run(&["--db", db, "import", &puzzles_dir()]).ok();
    assert!(run.stdout.ends_with("95 puzzles stored, 0 already present\n"), "{run}");
    dir
}

const MISSING_SOLUTIONS: &str = "SELECT count(*) FROM puzzles p WHERE status <> 'invalid' AND NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle = p.id)";

fn index() -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(fixtures().join("aquarium/index.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn fixtures_import_once_and_every_command_reads_them() {
    // The default database path, as a new user gets it.
    let dir = Dir::new();
    let run = dir.run(&["import", &puzzles_dir()]).ok();
    assert_eq!(run.stdout, "archive/aquarchive.sqlite: 95 puzzles stored, 0 already present\n");
    let again = dir.run(&["import", &puzzles_dir()]).expect_code(3);
    assert!(again.stdout.ends_with(": 0 puzzles stored, 95 already present\n"), "{again}");
    assert_eq!(query(&dir.join("archive/aquarchive.sqlite"), "SELECT count(*) FROM puzzles"), 95);

    let stats = dir.run(&["stats"]).ok();
    assert!(stats.stdout.contains("95 puzzles"), "{stats}");
    let hard = stats.stdout.lines().find(|l| l.contains("aquarium 15x15 hard |")).expect("a 15x15 hard row");
    assert!(hard.replace(' ', "").contains("|28|0|0|0|28|"), "{stats}");
    let json = dir.run(&["stats", "--json"]).ok().json_lines();
    assert_eq!(json[0]["puzzles"], 95);
    assert!(
        json[0]["times"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["median"].as_u64().unwrap() <= t["max"].as_u64().unwrap())
    );

    let all = dir.run(&["list", "--json"]).ok().json_lines();
    assert_eq!(all.len(), 95);
    assert!(all.iter().all(|p| p["status"] == "ok" && p["solution"]["found"] == 1));
    // A header, then one line a puzzle.
    assert_eq!(dir.run(&["list", "--size", "15x15-hard"]).ok().stdout.lines().count(), 1 + 28);
    assert_eq!(
        dir.run(&["list", "--size", "8", "--status", "ok", "--since", "2000-01-01"]).ok().stdout.lines().count(),
        1 + 28
    );
    // A grid picks its three classes, as `list` prints them ("aquarium 15x15 hard").
    let fifteen = |p: &&serde_json::Value| p["class"].as_str().unwrap().starts_with("15x15");
    let grid = dir.run(&["list", "--size", "15x15", "--json"]).ok().json_lines();
    assert_eq!(grid.len(), all.iter().filter(fifteen).count());
    assert!(grid.len() > 28 && grid.iter().all(|p| fifteen(&p)), "{grid:?}");
    assert_eq!(dir.run(&["list", "--until", "2000-01-01"]).ok().stdout, "");
    assert_eq!(dir.run(&["list", "--status", "several"]).ok().stdout, "");

    // Each fixture's link and task string, as the index gives them.
    for entry in index() {
        let name = entry["name"].as_str().unwrap();
        let record = all.iter().find(|p| p["source"].as_str().unwrap().ends_with(&format!("/{name}.txt"))).expect(name);
        let id = record["id"].to_string();
        let task = dir.run(&["show", &id, "--format", "task"]).ok();
        assert_eq!(task.stdout.trim(), entry["task"].as_str().unwrap(), "{name}");
        if !entry["e"].is_null() {
            let link = dir.run(&["show", &id, "--format", "link"]).ok();
            assert_eq!(link.stdout, format!("https://www.puzzle-aquarium.com/?e={}\n", entry["e"].as_str().unwrap()));
        }
    }
    let grid = dir.run(&["show", "1"]).ok();
    assert!(grid.stdout.starts_with("puzzle 1: aquarium 10x10 easy, ok, site ID 3,081,686"), "{grid}");
    assert!(grid.stdout.contains('~') && grid.stdout.contains("+---+"), "{grid}");
    let shown = dir.run(&["show", "1", "--json"]).ok().json_lines();
    assert_eq!(shown[0]["id"], 1);
    let noid = all.iter().find(|p| p["site_id"].is_null()).unwrap()["id"].to_string();
    let run = dir.run(&["show", &noid, "--format", "link"]).expect_code(2);
    assert!(run.stderr.contains("its site ID or size class is not known"), "{run}");
    let run = dir.run(&["show", "999"]).expect_code(2);
    assert!(run.stderr.contains("no puzzle with id 999"), "{run}");

    let verify = dir.run(&["verify"]).ok();
    assert!(verify.stdout.ends_with("95 puzzles checked, 0 mismatches\n"), "{verify}");
}

#[test]
fn exports_import_back_as_they_were() {
    let dir = imported("a.sqlite");
    let jsonl = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok().json_lines();
    assert_eq!(jsonl.len(), 95);
    dir.run(&["--db", "a.sqlite", "export", "--format", "task", "--size", "6x6-easy", "--out", "easy.txt"]).ok();
    let easy = std::fs::read_to_string(dir.join("easy.txt")).unwrap();
    assert_eq!(easy.lines().count(), 12);
    let run = dir.run(&["--db", "b.sqlite", "import", "easy.txt"]).ok();
    assert!(run.stdout.ends_with("12 puzzles stored, 0 already present\n"), "{run}");

    let run = dir.run(&["--db", "a.sqlite", "export", "--format", "text", "--out", "out"]).ok();
    assert!(run.stderr.contains("95 puzzles written to out"), "{run}");
    assert!(dir.join("out/15x15_hard_5642858.solution.txt").exists());
    let run = dir.run(&["--db", "c.sqlite", "import", "out"]).ok();
    assert!(run.stdout.ends_with("95 puzzles stored, 0 already present\n"), "{run}");
    // Site IDs came back from the file names, so the records match.
    let strip = |records: Vec<serde_json::Value>| -> Vec<(serde_json::Value, serde_json::Value, serde_json::Value)> {
        let mut v: Vec<_> = records
            .into_iter()
            .map(|r| (r["link"].clone(), r["text"].clone(), r["solution"]["solution"].clone()))
            .collect();
        v.sort_by_key(|t| t.1.to_string());
        v
    };
    let again = dir.run(&["--db", "c.sqlite", "export", "--format", "jsonl"]).ok().json_lines();
    assert_eq!(strip(again), strip(jsonl));
    dir.run(&["--db", "a.sqlite", "export", "--format", "text"]).expect_code(2);
}

#[test]
fn flawed_puzzles_are_stored_flagged_and_unreadable_ones_named() {
    let dir = Dir::new();
    let good = std::fs::read_to_string(fixtures().join("aquarium/puzzles/6x6_easy_11269657.txt")).unwrap();
    let text = format!(
        "# one of each\n{good}\n1 1\n1 1\n1 1\n1 1\n\n1 2\n3 4\n1 1\n1 1\n\n1 1\n1 1\n2 1\n1 1\n\n1 1\n1 x\n1 1\n1 1\n"
    );
    dir.write("mixed.txt", text);
    let run = dir.run(&["import", "mixed.txt"]).expect_code(2);
    assert!(
        run.stdout.ends_with(
            ": 4 puzzles stored (1 with one solution, 1 invalid, 1 with no solution, 1 with several solutions where one is expected), 0 already present, 1 not readable as puzzles\n"
        ),
        "{run}"
    );
    assert!(run.stderr.contains("mixed.txt:27: `x` is not a tank number"), "{run}");
    let statuses = |status: &str| dir.run(&["list", "--status", status, "--json"]).ok().json_lines();
    assert_eq!(statuses("unsolvable")[0]["solution"]["found"], 0);
    assert_eq!(statuses("several")[0]["solution"]["found"], 2);
    let invalid = statuses("invalid");
    assert!(invalid[0]["note"].as_str().unwrap().contains("the row clues add up to 3 but the column clues to 2"));
    assert!(invalid[0]["solution"].is_null());
    assert_eq!(statuses("ok").len(), 1);
    // Flags are what the solver found, so they verify.
    dir.run(&["verify"]).ok();
    let again = dir.run(&["import", "mixed.txt"]).expect_code(2);
    assert!(again.stdout.ends_with(": 0 puzzles stored, 4 already present, 1 not readable as puzzles\n"), "{again}");
    let made = dir.run(&["generate", "--size", "6", "--count", "5", "--seed", "9"]).ok();
    let run = dir.run_with_input(&["--db", "stdin.sqlite", "import", "-"], Some(made.stdout.as_bytes())).ok();
    assert_eq!(run.stdout, "stdin.sqlite: 5 puzzles stored, 0 already present\n");
    // A missing file stops the import before anything is written.
    let run = dir.run(&["--db", "other.sqlite", "import", "mixed.txt", "missing.txt"]).expect_code(2);
    assert!(run.stderr.contains("missing.txt"), "{run}");
    assert!(!dir.join("other.sqlite").exists());
}

#[test]
fn verify_finds_tampered_solutions_and_resolve_mends_missing_ones() {
    let dir = imported("a.sqlite");
    let db = dir.join("a.sqlite");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute("UPDATE solutions SET solution = replace(solution, '1', '0') WHERE puzzle = 3", []).unwrap();
        conn.execute("DELETE FROM solutions WHERE puzzle = 5", []).unwrap();
    }
    let run = dir.run(&["--db", "a.sqlite", "verify"]).expect_code(2);
    assert!(run.stdout.contains("puzzle 3: the stored solution breaks the rules: row 1 holds 0 water cells"), "{run}");
    assert!(run.stdout.contains("puzzle 5: status ok but no solution stored"), "{run}");
    assert!(run.stdout.ends_with("95 puzzles checked, 2 mismatches\n"), "{run}");
    assert!(run.stderr.contains("2 stored solutions do not hold"), "{run}");

    let run = dir.run(&["--db", "a.sqlite", "resolve", "--unsolved"]).ok();
    assert!(run.stdout.ends_with(": 1 puzzle solved (1 ok), 0 changed status\n"), "{run}");
    let run = dir.run(&["--db", "a.sqlite", "resolve", "--id", "3", "7"]).ok();
    assert!(run.stdout.ends_with(": 2 puzzles solved (2 ok), 0 changed status\n"), "{run}");
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
    let run = dir.run(&["--db", "a.sqlite", "resolve", "--all"]).ok();
    assert!(run.stdout.ends_with(": 95 puzzles solved (95 ok), 0 changed status\n"), "{run}");
    assert_eq!(query(&db, "SELECT count(*) FROM solutions"), 95);
    let run = dir.run(&["--db", "a.sqlite", "resolve", "--id", "1000"]).expect_code(2);
    assert!(run.stderr.contains("no puzzle with id 1000"), "{run}");
    dir.run(&["--db", "a.sqlite", "resolve", "--unsolved", "x.txt"]).expect_code(2);
}

/// Runs `args` and checks the file is refused with `message` and unchanged.
fn refused(dir: &Dir, db: &str, args: &[&str], message: &str) -> Run {
    let before = std::fs::read(dir.join(db)).unwrap();
    let mut full = vec!["--db", db];
    full.extend(args);
    let run = dir.run(&full).expect_code(2);
    assert!(run.stderr.contains(message), "expected {message:?}\n{run}");
    assert!(run.stderr.starts_with(&format!("aquarchive: {db}: ")), "{run}");
    assert!(!run.stderr.contains("panicked"), "{run}");
    assert_eq!(std::fs::read(dir.join(db)).unwrap(), before, "{db} was modified");
    run
}

#[test]
fn databases_not_ours_newer_or_damaged_are_refused_untouched() {
    let dir = imported("good.sqlite");
    let good = std::fs::read(dir.join("good.sqlite")).unwrap();
    let fixture = fixtures().join("aquarium/puzzles/6x6_easy_11269657.txt").display().to_string();
    let import: &[&str] = &["import", &fixture];
    dir.write("text.sqlite", "just some notes, not a database at all, but long enough to hold the hundred bytes of a header, and then a few more bytes");
    dir.write("empty.sqlite", "");
    {
        let conn = rusqlite::Connection::open(dir.join("other.sqlite")).unwrap();
        conn.execute_batch("CREATE TABLE notes (x); INSERT INTO notes VALUES ('mine');").unwrap();
    }
    let mut newer = good.clone();
    newer[60..64].copy_from_slice(&99u32.to_be_bytes());
    dir.write("newer.sqlite", newer);
    dir.write("short.sqlite", &good[..good.len() / 2]);
    let mut scrambled = good.clone();
    for b in &mut scrambled[100..4096] {
        *b = 0x5a;
    }
    dir.write("scrambled.sqlite", scrambled);
    for args in [import, &["stats"][..], &["list"], &["verify"], &["resolve", "--all"]] {
        refused(&dir, "text.sqlite", args, "not an aquarchive database (not an SQLite file)");
        refused(&dir, "empty.sqlite", args, "not an aquarchive database (0 bytes");
        refused(&dir, "other.sqlite", args, "an SQLite file of another program");
        let newer = format!(
            "made by a newer aquarchive (database version 99, this binary knows up to {})",
            aquarchive_store::VERSION
        );
        refused(&dir, "newer.sqlite", args, &newer);
        refused(&dir, "short.sqlite", args, "the database is damaged (cut short");
        refused(&dir, "scrambled.sqlite", args, "the database is damaged");
    }
    // Read-only: reading works, writing is refused before anything changes.
    let path = dir.join("good.sqlite");
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&path, permissions).unwrap();
    refused(&dir, "good.sqlite", import, "the database file is read-only");
    refused(&dir, "good.sqlite", &["resolve", "--all"], "the database file is read-only");
    let stats = dir.run(&["--db", "good.sqlite", "stats"]).ok();
    assert!(stats.stdout.contains("95 puzzles"), "{stats}");
    assert_eq!(std::fs::read(&path).unwrap(), good);
    let run = dir.run(&["--db", "none.sqlite", "list"]).expect_code(2);
    assert!(run.stderr.contains("none.sqlite: no archive here yet"), "{run}");
}

#[test]
fn settings_come_from_config_toml_and_flags() {
    let dir = Dir::new();
    let fixture = fixtures().join("aquarium/puzzles/6x6_easy_11269657.txt").display().to_string();
    dir.write("config.toml", "[archive]\ndatabase = \"from-config.sqlite\"\n[site]\nbase_url = \"http://mirror/\"\n");
    dir.run(&["import", &fixture]).ok();
    assert!(dir.join("from-config.sqlite").exists());
    let link = dir.run(&["show", "1", "--format", "link"]).ok();
    assert!(link.stdout.starts_with("http://mirror/?e="), "{link}");
    dir.run(&["import", &fixture, "--db", "flag.sqlite"]).ok();
    assert!(dir.join("flag.sqlite").exists());
    dir.write("typo.toml", "[archive]\ndatabse = \"x\"\n");
    let run = dir.run(&["--config", "typo.toml", "stats"]).expect_code(2);
    assert!(run.stderr.contains("typo.toml: ") && run.stderr.contains("unknown field `databse`"), "{run}");
    let run = dir.run(&["--config", "nowhere.toml", "stats"]).expect_code(2);
    assert!(run.stderr.contains("nowhere.toml: "), "{run}");
    let run = dir.run(&["list", "--since", "yesterday"]).expect_code(2);
    assert!(run.stderr.contains("--since yesterday: not a UTC time"), "{run}");
    let run = dir.run(&["list", "--size", "huge"]).expect_code(2);
    assert!(run.stderr.contains("--size huge: not a size class"), "{run}");
    for command in ["import", "list", "show", "export", "stats", "verify"] {
        let help = dir.run(&[command, "--help"]).ok();
        assert!(help.stdout.contains("Examples:") && help.stdout.contains("--db"), "{help}");
    }
}

/// Task strings of `count` generated puzzles of side `size`.
fn generated(dir: &Dir, name: &str, size: &str, count: &str, seed: &str) -> usize {
    let run = dir.run(&["generate", "--size", size, "--count", count, "--seed", seed, "--format", "task"]).ok();
    dir.write(name, &run.stdout);
    run.stdout.lines().count()
}

#[test]
fn a_killed_import_leaves_whole_puzzles_and_a_rerun_completes_it() {
    let dir = Dir::new();
    let total = generated(&dir, "tasks.txt", "10", "3000", "3") as i64;
    let db = dir.join("k.sqlite");
    // Held as it reports the first chunk imported (its first write to a
    // full stderr waits), and killed there: after one chunk, before the next.
    let stderr = FullPipe::new();
    let mut child = dir
        .command(&["-v", "--db", "k.sqlite", "import", "tasks.txt"])
        .stdout(Stdio::null())
        .stderr(stderr.stdio())
        .spawn()
        .unwrap();
    wait_for_count(&db, "SELECT count(*) FROM puzzles", 1, &mut child, "the first chunk");
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(killed(status), "the import ended ({}) instead of waiting to report its first chunk", ended(status));
    let after_kill = query(&db, "SELECT count(*) FROM puzzles");
    assert_eq!(after_kill, aquarchive::archive::import::CHUNK as i64, "one whole chunk, of {total}");
    assert_eq!(query(&db, MISSING_SOLUTIONS), 0);
    assert_eq!(query(&db, "SELECT count(*) FROM solutions"), after_kill);
    let run = dir.run(&["--db", "k.sqlite", "import", "tasks.txt"]).ok();
    let expected = format!(": {} puzzles stored, {after_kill} already present\n", total - after_kill);
    assert!(run.stdout.ends_with(&expected), "expected {expected:?}\n{run}");
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), total);
    dir.run(&["--db", "k.sqlite", "verify"]).ok();
}

/// A writer that finds the archive locked by another process waits, and
/// finishes once the lock goes: the test holds the lock, lets go only when
/// the import says (at `-v`) that it is waiting, and then the import
/// stores everything.
#[test]
fn a_writer_waits_for_a_lock_held_elsewhere_and_then_finishes() {
    let dir = imported("a.sqlite");
    let db = dir.join("a.sqlite");
    let total = generated(&dir, "tasks.txt", "8", "600", "24") as i64;
    let lock = rusqlite::Connection::open(&db).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mut import = Watched::spawn(
        dir.command(&["-v", "--db", "a.sqlite", "import", "tasks.txt"]),
        "aquarchive -v --db a.sqlite import tasks.txt",
    );
    let said = import.wait_for_line("the archive is locked by another process; waiting");
    assert!(said.contains("up_to_secs=60"), "{said}");
    // Nothing of the import is stored while the lock is held.
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), 95);
    lock.execute_batch("ROLLBACK").unwrap();
    let run = import.finish().ok();
    assert!(run.stdout.ends_with(&format!(": {total} puzzles stored, 0 already present\n")), "{run}");
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), 95 + total);
    assert_eq!(query(&db, MISSING_SOLUTIONS), 0);
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

#[test]
fn two_imports_at_once_both_finish() {
    let dir = Dir::new();
    generated(&dir, "a.txt", "8", "1200", "21");
    generated(&dir, "b.txt", "8", "1200", "22");
    generated(&dir, "shared.txt", "8", "600", "23");
    let spawn = |own: &str| {
        dir.command(&["--db", "both.sqlite", "import", own, "shared.txt"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (spawn("a.txt"), spawn("b.txt"));
    let outputs = [first.wait_with_output().unwrap(), second.wait_with_output().unwrap()];
    for output in &outputs {
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    }
    // The same three files imported one after another say how many there are.
    dir.run(&["--db", "serial.sqlite", "import", "a.txt", "b.txt", "shared.txt"]).ok();
    let count = "SELECT count(*) FROM puzzles";
    assert_eq!(query(&dir.join("both.sqlite"), count), query(&dir.join("serial.sqlite"), count));
    assert_eq!(query(&dir.join("both.sqlite"), MISSING_SOLUTIONS), 0);
    dir.run(&["--db", "both.sqlite", "verify"]).ok();
}

/// A shared archive read by a user who cannot write its file or folder: the
/// reading commands work (SQLite cannot make its shared-memory file there,
/// so the file is read as immutable), writing is refused, nothing changes.
#[test]
fn an_archive_its_reader_cannot_write_is_read() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Dir::new();
    std::fs::create_dir(dir.join("shared")).unwrap();
    let db = "shared/a.sqlite";
    dir.run(&["--db", db, "import", &puzzles_dir()]).ok();
    dir.make_unwritable("shared");
    let before = std::fs::read(dir.join(db)).unwrap();
    let reads = |dir: &Dir| {
        let list = dir.run_unprivileged(&["--db", db, "list"]).ok();
        assert_eq!(list.stdout.lines().count(), 1 + 95, "a header and a line a puzzle: {list}");
        let stats = dir.run_unprivileged(&["--db", db, "stats"]).ok();
        assert!(stats.stdout.contains("95 puzzles"), "{stats}");
        let show = dir.run_unprivileged(&["--db", db, "show", "1"]).ok();
        assert!(show.stdout.starts_with("puzzle 1: aquarium"), "{show}");
        let export = dir.run_unprivileged(&["--db", db, "export", "--format", "jsonl"]).ok();
        assert_eq!(export.json_lines().len(), 95, "{export}");
        let verify = dir.run_unprivileged(&["--db", db, "verify"]).ok();
        assert!(verify.stdout.contains("95 puzzles checked, 0 mismatches"), "{verify}");
        list.stdout
    };
    let listed = reads(&dir);
    let import = dir.run_unprivileged(&["--db", db, "import", &puzzles_dir()]).expect_code(2);
    assert!(import.stderr.contains("the database file is read-only; commands that only read"), "{import}");
    assert_eq!(std::fs::read(dir.join(db)).unwrap(), before);
    let side_files: Vec<_> = std::fs::read_dir(dir.join("shared")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(side_files, ["a.sqlite"]);

    // Once a program that may not write has read it (aquarchive's readers
    // remove them when they close last), the shared-memory file and log are
    // there, and the reader uses them as they are.
    std::fs::set_permissions(dir.join("shared"), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(query(&dir.join(db), "SELECT count(*) FROM puzzles"), 95);
    assert!(dir.join("shared/a.sqlite-shm").exists() && dir.join("shared/a.sqlite-wal").exists());
    dir.make_unwritable("shared");
    assert_eq!(reads(&dir), listed);

    // Commits in a log that cannot be read without the shared-memory file
    // are never silently skipped.
    std::fs::set_permissions(dir.join("shared"), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::remove_file(dir.join("shared/a.sqlite-shm")).unwrap();
    std::fs::write(dir.join("shared/a.sqlite-wal"), [1u8; 64]).unwrap();
    dir.make_unwritable("shared");
    let run = dir.run_unprivileged(&["--db", db, "list"]).expect_code(2);
    assert!(run.stderr.contains("a.sqlite-wal holds commits not yet merged"), "{run}");
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn a_stored_kind_this_version_does_not_know_is_an_error_naming_the_puzzle() {
    let dir = Dir::new();
    let fixture = fixtures().join("aquarium/puzzles/6x6_easy_11269657.txt").display().to_string();
    dir.run(&["--db", "a.sqlite", "import", &fixture]).ok();
    {
        let conn = rusqlite::Connection::open(dir.join("a.sqlite")).unwrap();
        conn.execute("UPDATE puzzles SET kind = 'chess-solitaire' WHERE id = 1", []).unwrap();
    }
    let message = "puzzle 1: unknown puzzle kind 'chess-solitaire': `aquarchive sites` lists the kinds (aquarium, \
                   sudoku, calendar, ring, and 41 more of the family)";
    for args in [&["list"][..], &["show", "1"], &["stats"], &["export", "--format", "jsonl"], &["verify"]] {
        refused(&dir, "a.sqlite", args, message);
    }
}

#[test]
fn a_link_back_up_a_folder_is_read_once_not_round_and_round() {
    let dir = Dir::new();
    let good = std::fs::read_to_string(fixtures().join("aquarium/puzzles/6x6_easy_681742.txt")).unwrap();
    dir.write("in/sub/a.txt", &good);
    std::os::unix::fs::symlink("..", dir.join("in/sub/up")).unwrap();
    std::os::unix::fs::symlink(".", dir.join("in/here")).unwrap();
    let run = dir.run(&["import", "in"]).ok();
    assert!(run.stdout.ends_with("1 puzzle stored, 0 already present\n"), "{run}");
    for link in ["in/here", "in/sub/up"] {
        let said = format!("aquarchive: {link}: a link to a folder already read (a loop, or another way to it)");
        assert!(run.stderr.contains(&said), "{said}\n{run}");
    }
}

#[test]
fn a_file_in_another_encoding_is_named_and_the_rest_imported_and_a_byte_order_mark_skipped() {
    let dir = Dir::new();
    let aquarium = std::fs::read_to_string(fixtures().join("aquarium/puzzles/6x6_easy_681742.txt")).unwrap();
    let sudoku = std::fs::read_to_string(fixtures().join("sudoku/se_rated_sample.txt")).unwrap();
    let sudoku = sudoku.lines().find(|l| !l.starts_with('#')).unwrap();
    dir.write("in/a.txt", &aquarium);
    // Windows editors' "UTF-8 with BOM", of an Aquarium and of a Sudoku line.
    dir.write(
        "in/b.txt",
        [b"\xEF\xBB\xBF".as_slice(), aquarium.replace("1 1 2 3 3 3", "1 1 2 3 3 4").as_bytes()].concat(),
    );
    dir.write("in/c.txt", [b"\xEF\xBB\xBF".as_slice(), sudoku.as_bytes(), b"\n"].concat());
    dir.write("in/notes.txt", b"# Notizen\n# gr\xF6\xDFer als 6x6\n");
    let utf16: Vec<u8> = "1 2\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
    dir.write("in/wide.txt", [b"\xFF\xFE".as_slice(), &utf16].concat());
    let run = dir.run(&["import", "in"]).expect_code(2);
    assert!(run.stdout.contains("3 puzzles stored"), "{run}");
    assert!(
        run.stderr
            .contains("in/notes.txt: not UTF-8 text: byte 0xF6 at line 2, column 5 (Latin-1 or Windows-1252 text?)"),
        "{run}"
    );
    assert!(run.stderr.contains("in/wide.txt: UTF-16 text, not UTF-8: save it as UTF-8"), "{run}");
    // Both read past their mark: the changed Aquarium is named only for its verdict.
    let b: Vec<&str> = run.stderr.lines().filter(|l| l.contains("in/b.txt")).collect();
    assert_eq!(b, ["aquarchive: in/b.txt: stored flagged unsolvable: no solution"], "{run}");
    assert!(!run.stderr.contains("in/c.txt"), "{run}");
}

#[test]
fn show_no_solution_gives_the_bare_puzzle_of_every_kind() {
    let dir = crate::archive_format::copy_of("v1");
    // An Aquarium (water `~`), a Sudoku (its solution below it), a calendar date (pieces' letters).
    for (id, solved_mark) in [("1", "~"), ("6", "solution:"), ("9", "OOO")] {
        let with = dir.run(&["--db", "a.sqlite", "show", id]).ok().stdout;
        let bare = dir.run(&["--db", "a.sqlite", "show", id, "--no-solution"]).ok().stdout;
        let grid = |out: &str| out.lines().skip(3).collect::<Vec<_>>().join("\n");
        assert!(grid(&with).contains(solved_mark), "puzzle {id}:\n{with}");
        assert!(!grid(&bare).contains(solved_mark), "puzzle {id}:\n{bare}");
        assert_eq!(with.lines().nth(1), bare.lines().nth(1), "the same puzzle");
    }
    dir.run(&["--db", "a.sqlite", "show", "1", "--no-solution", "--json"]).expect_code(2);
}

#[test]
fn a_sister_sites_puzzle_links_to_its_own_site() {
    let dir = Dir::new();
    let pages = fixtures().join("pages/real-2025");
    let normal = pages.join("fr.puzzle-light-up.com_25x25-hard_9756737_2025-12-08.html").display().to_string();
    let special = pages.join("fr.puzzle-light-up.com_daily-special_2025-12-08.html").display().to_string();
    dir.run(&["import", &normal, &special]).ok();
    let e_of = |link: &str, site_url: &str| {
        let e = link.trim().strip_prefix(&format!("{site_url}?e=")).unwrap_or_else(|| panic!("{link}"));
        String::from_utf8(base64::Engine::decode(&base64::engine::general_purpose::STANDARD, e).unwrap()).unwrap()
    };
    let link = dir.run(&["show", "1", "--format", "link"]).ok().stdout;
    let e = e_of(&link, "https://www.puzzle-light-up.com/");
    assert!(e.ends_with(":9,756,737"), "{e}");
    let record: serde_json::Value = serde_json::from_str(&dir.run(&["show", "1", "--json"]).ok().stdout).unwrap();
    assert_eq!(record["link"].as_str(), Some(link.trim()));
    let run = dir.run(&["show", "2", "--format", "link"]).expect_code(2);
    assert!(run.stderr.contains("a special has no link of its own") && run.stderr.contains("2025-12-08"), "{run}");
    dir.write("config.toml", "[site]\nurl_pattern = \"http://mirror.example/{site}/\"\n");
    let moved = dir.run(&["show", "1", "--format", "link"]).ok().stdout;
    assert_eq!(e_of(&moved, "http://mirror.example/light-up/"), e);
}
