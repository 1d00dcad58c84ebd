//! Faults on purpose: the binary killed at random points of import, fetch,
//! bulk solve and reparse; a full disk; a read-only file system; damaged
//! database files. Each must end with a clear message (never a panic), and
//! leave the archive unchanged or consistent: no puzzle without its
//! solution, no fetch record without its snapshot, `verify` clean, and a
//! re-run that finishes the job.
//!
//! `AQUARCHIVE_KILL_REPS` sets the kills per command (CI: 15, so 60 kills in all;
//! `scripts/hardening` runs more).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use aquarchive::render::count_of;
use aquarchive::rng::Rng;
use rusqlite::{Connection, OpenFlags};

use crate::site_server::{CLASSES, Site};
use crate::util::{Dir, FullPipe, Run, ended, killed, query, report, wait_for_count};

/// Puzzles per import transaction (`archive::import::CHUNK`), which is also
/// the batch of a bulk solve.
const CHUNK: i64 = 512;

fn kill_reps() -> usize {
    std::env::var("AQUARCHIVE_KILL_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(15)
}

fn open_read_only(db: &Path) -> Connection {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).expect("open the database");
    conn.busy_timeout(Duration::from_secs(30)).unwrap();
    conn
}

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// The archive's invariants, read as an outside program would; `Err` says
/// which one fails.
fn consistent(db: &Path) -> Result<(), String> {
    let conn = open_read_only(db);
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    if integrity != "ok" {
        return Err(format!("integrity_check: {integrity}"));
    }
    let checks = [
        ("foreign keys broken", "SELECT count(*) FROM pragma_foreign_key_check"),
        (
            "puzzles without their solution",
            "SELECT count(*) FROM puzzles p WHERE status <> 'invalid' \
             AND NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle = p.id)",
        ),
        (
            "invalid puzzles with a solution",
            "SELECT count(*) FROM puzzles p WHERE status = 'invalid' \
             AND EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle = p.id)",
        ),
        (
            "fetch records without their snapshot",
            "SELECT count(*) FROM fetches f WHERE snapshot IS NOT NULL \
             AND NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.sha256 = f.snapshot)",
        ),
        (
            "puzzles without their snapshot",
            "SELECT count(*) FROM puzzles p WHERE snapshot IS NOT NULL \
             AND NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.sha256 = p.snapshot)",
        ),
    ];
    for (what, sql) in checks {
        let n = count(&conn, sql);
        if n != 0 {
            return Err(format!("{n} {what}"));
        }
    }
    Ok(())
}

/// A run must not have panicked, and a failure must say what failed
/// (3, nothing new, is none).
fn assert_clear(run: &Run) {
    assert!(!run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"), "{run}");
    if run.code != 0 && run.code != 3 {
        assert!(run.stderr.starts_with("aquarchive: "), "an unclear failure:\n{run}");
    }
}

/// What became of the kills of one command.
#[derive(Default)]
struct Kills {
    killed: usize,
    finished_first: usize,
}

/// Where one run of a command is certain to be held for its kill: at its
/// first write to `stream` (a pipe filled beforehand, so the write waits),
/// which comes right after a step it reports; `sql` counts what that step
/// stored, `reached` of it, and nothing more can be stored while it waits.
struct Gate<'a> {
    /// `-v`: the step is reported as an event on stderr.
    verbose: bool,
    stream: Stream,
    sql: &'a str,
    reached: i64,
    /// The step, in words, for the messages.
    step: &'a str,
}

enum Stream {
    Stdout,
    Stderr,
}

/// Runs `args` to completion once to time it; then once held at `gate` and
/// killed there, certainly mid-run on any machine; then `reps` times from a
/// fresh copy of `base` (none: no archive yet), killed with SIGKILL after a
/// random delay up to a tenth past that time. After each kill the archive
/// must be consistent and `check` must accept it, and `finish` (a re-run)
/// must complete the job.
#[allow(clippy::too_many_arguments)]
fn kill_loop(
    name: &str,
    dir: &Dir,
    base: Option<&Path>,
    args: &[&str],
    gate: &Gate,
    seed: u64,
    check: &dyn Fn(&Path) -> Result<(), String>,
    finish: &dyn Fn(&Dir, &Path),
) -> Kills {
    let db = dir.join("killed.sqlite");
    let fresh = || {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
        if let Some(base) = base {
            std::fs::copy(base, &db).expect("copy the base archive");
        }
    };
    let mut full = vec!["--db", "killed.sqlite"];
    full.extend(args);
    fresh();
    let start = Instant::now();
    dir.run(&full).ok();
    let whole = start.elapsed();
    let mut kills = Kills::default();
    // What a killed run left, and what a re-run makes of it.
    let after_kill = |context: &str| {
        if db.exists() {
            consistent(&db).unwrap_or_else(|e| panic!("{context}: {e}"));
            check(&db).unwrap_or_else(|e| panic!("{context}: {e}"));
            let verify = dir.run(&["--db", "killed.sqlite", "verify"]);
            assert_clear(&verify);
            assert_eq!(verify.code, 0, "{context}\n{verify}");
        }
        finish(dir, &db);
        consistent(&db).unwrap_or_else(|e| panic!("{context}, after the re-run: {e}"));
        check(&db).unwrap_or_else(|e| panic!("{context}, after the re-run: {e}"));
        dir.run(&["--db", "killed.sqlite", "verify"]).ok();
    };

    // Held at the gate: the kill lands after the step, before the next one.
    fresh();
    let pipe = FullPipe::new();
    let mut gated = if gate.verbose { vec!["-v"] } else { vec![] };
    gated.extend(&full);
    let mut command = dir.command(&gated);
    match gate.stream {
        Stream::Stdout => command.stdout(pipe.stdio()).stderr(Stdio::null()),
        Stream::Stderr => command.stdout(Stdio::null()).stderr(pipe.stdio()),
    };
    let mut child = command.spawn().unwrap();
    wait_for_count(&db, gate.sql, 1, &mut child, gate.step);
    child.kill().unwrap();
    let status = child.wait().unwrap();
    let context = format!("{name}, killed when held after {}", gate.step);
    assert!(killed(status), "{context}: it was not held there but ended first ({})", ended(status));
    kills.killed += 1;
    let stored = query(&db, gate.sql);
    assert_eq!(stored, gate.reached, "{context}: `{}` gives {stored}, not {}", gate.sql, gate.reached);
    after_kill(&context);

    let mut rng = Rng::new(seed);
    for rep in 0..kill_reps() {
        fresh();
        // Up to a tenth past the whole run's time: some runs finish first.
        let delay = Duration::from_micros(rng.below(whole.as_micros() as usize * 11 / 10 + 1) as u64);
        let mut child = dir.command(&full).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
        std::thread::sleep(delay);
        // A run that has ended already (not yet waited for) ignores it.
        child.kill().unwrap();
        let status = child.wait().unwrap();
        if killed(status) {
            kills.killed += 1;
        } else {
            assert_eq!(status.code(), Some(0), "{name}, repetition {rep}: it ended by itself, but not well");
            kills.finished_first += 1;
        }
        after_kill(&format!("{name}, repetition {rep}, killed after {delay:?} of {whole:?} ({})", ended(status)));
    }
    let outcome = if kills.finished_first > 0 {
        format!(
            "{} killed mid-run (one held after {}), {} finished before the kill; every archive consistent and verified, every re-run completed",
            kills.killed, gate.step, kills.finished_first
        )
    } else {
        format!(
            "{} killed mid-run (one held after {}); every archive consistent and verified, every re-run completed",
            kills.killed, gate.step
        )
    };
    report("kill", name, &format!("{} runs", kills.killed + kills.finished_first), &outcome);
    kills
}

/// Task strings of `count` generated puzzles of side `size`, in `name`, each
/// once (so that every chunk of an import stores a whole chunk).
fn generated(dir: &Dir, name: &str, size: &str, count: &str, seed: &str) -> i64 {
    let run = dir.run(&["generate", "--size", size, "--count", count, "--seed", seed, "--format", "task"]).ok();
    let mut seen = std::collections::HashSet::new();
    let lines: Vec<&str> = run.stdout.lines().filter(|l| seen.insert(*l)).collect();
    dir.write(name, lines.join("\n") + "\n");
    lines.len() as i64
}

#[test]
fn import_and_bulk_solve_killed_at_random_points() {
    let dir = Dir::new();
    let total = generated(&dir, "tasks.txt", "6", "1600", "11");
    let summary = |new: i64, present: i64| {
        format!(": {}, {present} already present", count_of(new as u64, "puzzle stored", "puzzles stored"))
    };

    // Import: whole chunks or nothing, and a re-run stores the rest.
    let import_check = |db: &Path| {
        let conn = open_read_only(db);
        let stored = count(&conn, "SELECT count(*) FROM puzzles");
        (stored % CHUNK == 0 || stored == total)
            .then_some(())
            .ok_or(format!("{stored} puzzles stored: not whole chunks of {CHUNK}"))
    };
    let import_finish = |dir: &Dir, db: &Path| {
        let before = if db.exists() { count(&open_read_only(db), "SELECT count(*) FROM puzzles") } else { 0 };
        // Nothing left to store is nothing new: exit 3.
        let run =
            dir.run(&["--db", "killed.sqlite", "import", "tasks.txt"]).expect_code(if before == total { 3 } else { 0 });
        assert!(run.stdout.contains(&summary(total - before, before)), "{run}");
    };
    // Held as it reports its first chunk imported (`-v`): the next is
    // solved, not written.
    let gate = Gate {
        verbose: true,
        stream: Stream::Stderr,
        sql: "SELECT count(*) FROM puzzles",
        reached: CHUNK,
        step: "the first chunk",
    };
    let kills = kill_loop("import", &dir, None, &["import", "tasks.txt"], &gate, 1, &import_check, &import_finish);
    assert!(kills.killed > 0, "no import was killed mid-run");

    // Bulk solve over an archive whose solutions are from an older solver:
    // the new ones arrive a whole batch at a time, in id order.
    dir.run(&["--db", "base.sqlite", "import", "tasks.txt"]).ok();
    Connection::open(dir.join("base.sqlite"))
        .unwrap()
        .execute("UPDATE solutions SET solver_version = 'older'", [])
        .unwrap();
    let solve_check = |db: &Path| {
        let conn = open_read_only(db);
        let new = count(&conn, "SELECT count(*) FROM solutions WHERE solver_version <> 'older'");
        let first = count(
            &conn,
            "SELECT count(*) FROM solutions WHERE solver_version <> 'older' AND puzzle <= \
             (SELECT count(*) FROM solutions WHERE solver_version <> 'older')",
        );
        if (new % CHUNK != 0 && new != total) || first != new {
            return Err(format!("{new} puzzles re-solved, {first} of them the first ids: not whole batches"));
        }
        Ok(())
    };
    let solve_finish = |dir: &Dir, _: &Path| {
        let run = dir.run(&["--db", "killed.sqlite", "resolve", "--all"]).ok();
        assert!(run.stdout.contains(&format!(": {total} puzzles solved ({total} ok)")), "{run}");
    };
    let base = dir.join("base.sqlite");
    let gate = Gate {
        verbose: true,
        stream: Stream::Stderr,
        sql: "SELECT count(*) FROM solutions WHERE solver_version <> 'older'",
        reached: CHUNK,
        step: "the first batch",
    };
    let kills =
        kill_loop("resolve --all", &dir, Some(&base), &["resolve", "--all"], &gate, 2, &solve_check, &solve_finish);
    assert!(kills.killed > 0, "no bulk solve was killed mid-run");
}

/// A config.toml pointing at the test site, with no delay between requests.
fn site_config(dir: &Dir, site: &Site) {
    dir.write(
        "config.toml",
        format!("[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\ntimeout_secs = 5\nretries = 0\n", site.base_url()),
    );
}

#[test]
fn fetch_and_reparse_killed_at_random_points() {
    let site = Site::start();
    let dir = Dir::new();
    site_config(&dir, &site);
    // The normal classes: the specials are one puzzle a period.
    let mut fetch = CLASSES[..9].to_vec();
    fetch.extend(["--count", "5"]);
    let mut args = vec!["fetch"];
    args.extend(&fetch);

    // Fetch: every fetch record has its snapshot, every puzzle its solution
    // (`consistent`); every puzzle has the fetch record of its page, none is
    // stored twice, and of the pages fetched well at most one (the one being
    // stored when the kill came) lacks its puzzle. A second fetch brings the
    // archive to the full count.
    let fetch_check = |db: &Path| {
        let conn = open_read_only(db);
        let unlogged = count(
            &conn,
            "SELECT count(*) FROM puzzles p WHERE p.snapshot IS NULL \
             OR NOT EXISTS (SELECT 1 FROM fetches f WHERE f.snapshot = p.snapshot)",
        );
        let twice = count(
            &conn,
            "SELECT count(*) - count(DISTINCT kind || ' ' || size_class || ' ' || site_id) \
             FROM puzzles WHERE site_id IS NOT NULL",
        );
        let same_text = count(&conn, "SELECT count(*) - count(DISTINCT canonical_hash) FROM puzzles");
        let without_puzzle = count(
            &conn,
            "SELECT count(*) FROM fetches f WHERE f.error IS NULL AND f.snapshot IS NOT NULL \
             AND f.url NOT LIKE '%/robots.txt' \
             AND NOT EXISTS (SELECT 1 FROM puzzles p WHERE p.snapshot = f.snapshot)",
        );
        if unlogged > 0 || twice > 0 || same_text > 0 || without_puzzle > 1 {
            return Err(format!(
                "{unlogged} puzzles without the fetch record of their page, {twice} with the site ID of another, \
                 {same_text} with the text of another, {without_puzzle} pages fetched well without their puzzle"
            ));
        }
        Ok(())
    };
    let fetch_finish = |dir: &Dir, db: &Path| {
        let mut again = vec!["--db", "killed.sqlite", "fetch"];
        again.extend(&fetch);
        let run = dir.run(&again);
        assert_clear(&run);
        assert!(run.code == 0 || run.code == 3, "{run}");
        let stored = count(&open_read_only(db), "SELECT count(*) FROM puzzles");
        assert!(stored >= 45, "{stored} puzzles after the re-run\n{run}");
    };
    // Held as it prints its first puzzle, stored with its fetch record.
    let gate = Gate {
        verbose: false,
        stream: Stream::Stdout,
        sql: "SELECT count(*) FROM puzzles",
        reached: 1,
        step: "the first puzzle",
    };
    let kills = kill_loop("fetch", &dir, None, &args, &gate, 3, &fetch_check, &fetch_finish);
    assert!(kills.killed > 0, "no fetch was killed mid-run");

    // Reparse over an archive whose texts an older, wrong extractor wrote
    // (a column clue misread, so each is stored invalid, without solution):
    // each puzzle is mended, with its solution, in one transaction.
    let base = dir.join("base.sqlite");
    let run = dir.run(&["--db", "base.sqlite", "fetch", CLASSES[0], CLASSES[3], CLASSES[8], "--count", "6"]).ok();
    assert_clear(&run);
    let conn = Connection::open(&base).unwrap();
    let texts: Vec<(i64, String)> = {
        let mut statement = conn.prepare("SELECT id, text FROM puzzles ORDER BY id").unwrap();
        statement.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect()
    };
    assert_eq!(texts.len(), 18);
    for (id, text) in &texts {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let last = lines.last_mut().unwrap();
        let (first, rest) = last.split_once(' ').unwrap();
        let clue: u32 = first.parse().unwrap();
        *last = format!("{} {rest}", if clue == 0 { 1 } else { clue - 1 });
        conn.execute(
            "UPDATE puzzles SET text = ?1, extractor_version = 0, status = 'invalid', note = 'misread' WHERE id = ?2",
            rusqlite::params![lines.join("\n") + "\n", id],
        )
        .unwrap();
        conn.execute("DELETE FROM solutions WHERE puzzle = ?1", [id]).unwrap();
    }
    drop(conn);
    let reparse_check = |db: &Path| {
        let conn = open_read_only(db);
        let mended = count(&conn, "SELECT count(*) FROM puzzles WHERE status = 'ok' AND extractor_version > 0");
        let ok = count(&conn, "SELECT count(*) FROM puzzles WHERE status = 'ok'");
        let solved = count(&conn, "SELECT count(DISTINCT puzzle) FROM solutions");
        (mended == ok && ok == solved)
            .then_some(())
            .ok_or(format!("{mended} mended, {ok} ok, {solved} with a solution"))
    };
    let reparse_finish = |dir: &Dir, db: &Path| {
        dir.run(&["--db", "killed.sqlite", "reparse"]).ok();
        let conn = open_read_only(db);
        for (id, text) in &texts {
            let now: String = conn.query_row("SELECT text FROM puzzles WHERE id = ?1", [id], |r| r.get(0)).unwrap();
            assert_eq!(&now, text, "puzzle {id} after the re-run");
        }
        assert_eq!(count(&conn, "SELECT count(*) FROM puzzles WHERE status = 'ok'"), texts.len() as i64);
    };
    // Held as it prints the first puzzle it mended.
    let gate = Gate {
        verbose: false,
        stream: Stream::Stdout,
        sql: "SELECT count(*) FROM puzzles WHERE status = 'ok' AND extractor_version > 0",
        reached: 1,
        step: "the first puzzle mended",
    };
    let kills = kill_loop("reparse", &dir, Some(&base), &["reparse"], &gate, 4, &reparse_check, &reparse_finish);
    assert!(kills.killed > 0, "no reparse was killed mid-run");
}

/// A tmpfs of `size` mounted on a new directory, unmounted when dropped.
///
/// Mounting needs root, so the tests that fill or freeze a file system are
/// left out of a plain `cargo test` (`#[ignore]`, with the command that runs
/// them): CI runs them with `--ignored` where a test mount succeeds and says
/// so where it cannot. Asked for where it cannot mount, a test fails and
/// says why, rather than passing untested.
struct Tmpfs {
    dir: Dir,
}

impl Tmpfs {
    fn mount(size: &str) -> Tmpfs {
        let dir = Dir::new();
        let output = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .output()
            .expect("run mount");
        assert!(
            output.status.success(),
            "this test mounts a small tmpfs to fill it and needs root for that: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        Tmpfs { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn remount(&self, options: &str) {
        let status = Command::new("mount")
            .args(["-o", &format!("remount,{options}")])
            .arg(self.path())
            .status()
            .expect("run mount");
        assert!(status.success(), "remount {options}");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.path()).status();
    }
}

fn db_in(dir: &Path) -> String {
    dir.join("a.sqlite").display().to_string()
}

#[test]
#[ignore = "mounts a tmpfs (needs root): cargo test --release --test it -- --ignored"]
fn a_full_disk_stops_an_import_cleanly_and_a_rerun_with_room_completes_it() {
    let dir = Dir::new();
    let total = generated(&dir, "tasks.txt", "8", "3000", "31");
    let disk = Tmpfs::mount("2m");
    let db = db_in(disk.path());
    let db_path = PathBuf::from(&db);
    let run = dir.run(&["--db", &db, "import", "tasks.txt"]).expect_code(2);
    assert_clear(&run);
    assert!(run.stderr.contains(&format!("aquarchive: {db}: the disk is full")), "{run}");
    consistent(&db_path).unwrap();
    let stored = count(&open_read_only(&db_path), "SELECT count(*) FROM puzzles");
    assert!(stored % CHUNK == 0 && stored > 0 && stored < total, "{stored} stored of {total}");
    let verify = dir.run(&["--db", &db, "verify"]).ok();
    assert!(verify.stdout.contains(&format!("{stored} puzzles checked, 0 mismatches")), "{verify}");
    let message = run.stderr.lines().find(|l| l.contains("the disk is full")).unwrap_or_default();
    let mut outcomes = vec![format!("import stopped: \"{message}\"; {stored} of {total} puzzles kept (whole chunks)")];

    // With room again, the same import stores the rest.
    disk.remount("size=64m");
    let run = dir.run(&["--db", &db, "import", "tasks.txt"]).ok();
    assert!(run.stdout.contains(&format!(": {} puzzles stored, {stored} already present", total - stored)), "{run}");
    consistent(&db_path).unwrap();
    dir.run(&["--db", &db, "verify"]).ok();
    outcomes.push("re-run with room completed it, verify clean".into());
    report("fault", "disk full during import (2 MiB tmpfs)", "1 run", &outcomes.join("; "));

    // Too full even to make the file: nothing is left behind.
    let tiny = Tmpfs::mount("4k");
    let db = db_in(tiny.path());
    let run = dir.run(&["--db", &db, "import", "tasks.txt"]).expect_code(2);
    assert_clear(&run);
    assert!(run.stderr.contains("the disk is full"), "{run}");
    let left: Vec<_> = std::fs::read_dir(tiny.path()).unwrap().collect();
    assert!(left.is_empty(), "files left on the full disk: {left:?}");
    report("fault", "disk full when creating the archive (4 KiB tmpfs)", "1 run", "clear message, no file left");
}

#[test]
#[ignore = "mounts a tmpfs (needs root): cargo test --release --test it -- --ignored"]
fn a_read_only_file_system_refuses_writes_clearly_and_still_reads() {
    let dir = Dir::new();
    generated(&dir, "tasks.txt", "6", "50", "41");
    let disk = Tmpfs::mount("16m");
    let db = db_in(disk.path());
    dir.run(&["--db", &db, "import", "tasks.txt"]).ok();
    let before = std::fs::read(&db).unwrap();
    disk.remount("ro");
    let write = dir.run(&["--db", &db, "resolve", "--all"]).expect_code(2);
    assert_clear(&write);
    assert!(write.stderr.contains("read-only"), "{write}");
    for args in [&["stats"][..], &["list"], &["verify"]] {
        let mut full = vec!["--db", db.as_str()];
        full.extend(args);
        let run = dir.run(&full);
        assert_clear(&run);
        assert_eq!(run.code, 0, "{run}");
    }
    assert_eq!(std::fs::read(&db).unwrap(), before);
    disk.remount("rw");
    report(
        "fault",
        "read-only file system (tmpfs remounted ro)",
        "4 commands",
        "writes refused (\"read-only\"), stats/list/verify work, file unchanged",
    );
}

#[test]
fn damaged_database_files_are_refused_or_read_never_a_panic() {
    let dir = Dir::new();
    generated(&dir, "tasks.txt", "6", "600", "51");
    dir.run(&["--db", "good.sqlite", "import", "tasks.txt"]).ok();
    let good = std::fs::read(dir.join("good.sqlite")).unwrap();
    let page = u16::from_be_bytes([good[16], good[17]]) as usize;
    let mut rng = Rng::new(5);
    let (mut refused, mut read) = (0, 0);
    let reps = kill_reps() * 3;
    for rep in 0..reps {
        let mut bad = good.clone();
        let what = if rep % 2 == 0 {
            let at = rng.below(good.len());
            bad.truncate(at);
            format!("cut to {at} bytes")
        } else {
            // A run of garbage in a random page past the first.
            let at = page + rng.below(good.len() - page);
            let len = 1 + rng.below(64).min(good.len() - at - 1);
            for b in &mut bad[at..at + len] {
                *b = rng.below(256) as u8;
            }
            format!("{len} bytes of garbage at {at}")
        };
        dir.write("bad.sqlite", &bad);
        // verify reads everything: it finds the damage or there is none
        // in what the archive holds; either way the file is not changed.
        let verify = dir.run(&["--db", "bad.sqlite", "verify"]);
        assert_clear(&verify);
        assert_eq!(std::fs::read(dir.join("bad.sqlite")).unwrap(), bad, "{what}: verify changed the file");
        match verify.code {
            0 => read += 1,
            2 => {
                refused += 1;
                assert!(verify.stderr.starts_with("aquarchive: bad.sqlite: "), "{what}\n{verify}");
            }
            _ => panic!("{what}\n{verify}"),
        }
        // An import into it: refused untouched, or done (3: with nothing
        // new), leaving a sound archive sound and damage elsewhere still
        // found by verify.
        let import = dir.run(&["--db", "bad.sqlite", "import", "tasks.txt"]);
        assert_clear(&import);
        match import.code {
            0 | 3 if verify.code == 0 => {
                consistent(&dir.join("bad.sqlite")).unwrap_or_else(|e| panic!("{what}, imported into: {e}"))
            }
            0 | 3 => {
                let again = dir.run(&["--db", "bad.sqlite", "verify"]);
                assert_eq!(again.code, 2, "{what}: the damage is no longer found after an import\n{again}");
            }
            2 => {
                let after = std::fs::read(dir.join("bad.sqlite")).unwrap();
                assert!(after == bad, "{what}: a refused import changed the file\n{import}");
            }
            _ => panic!("{what}\n{import}"),
        }
        let _ = std::fs::remove_file(dir.join("bad.sqlite-wal"));
        let _ = std::fs::remove_file(dir.join("bad.sqlite-shm"));
    }
    assert!(refused > 0, "no damage was found in {reps} damaged files");
    report(
        "fault",
        "database file cut short or overwritten with garbage at random",
        &format!("{reps} files"),
        &format!(
            "{refused} refused by verify with a message naming the file, {read} read cleanly (damage outside what is stored); never a panic, never changed by verify, import refused untouched or left it consistent"
        ),
    );
}
