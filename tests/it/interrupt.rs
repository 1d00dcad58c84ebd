//! Ctrl-C, SIGTERM and a site out of reach: the binary stops with words
//! that say what was kept and how to finish, and leaves a consistent
//! archive. SIGTERM, what a scheduler stops a run with, takes Ctrl-C's path
//! and exits with 143 (128 + 15) where Ctrl-C exits with 130.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use aquarchive::render::count_of;

use crate::site::require_chromium;
use crate::site_server::{Fault, Site};
use crate::util::{Dir, Run, Watched, ctrl_c, fixtures, send};

/// Waits until process `pid` (a child of the test) catches `signal` (its
/// handler is installed), so that the signal sent next is handled, not
/// fatal.
fn wait_for_handler_of(pid: u32, signal: libc::c_int) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (signal - 1)) != 0);
        if caught {
            return;
        }
        assert!(Instant::now() < deadline, "aquarchive never set up its handler of signal {signal}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn count(db: &Path, sql: &str) -> i64 {
    rusqlite::Connection::open(db).unwrap().query_row(sql, [], |r| r.get(0)).unwrap()
}

/// Every Sudoku of the fixtures in one file (over a thousand: two chunks
/// and more), and how many the archive stores of it.
fn many_sudokus(dir: &Dir) -> (i64, String) {
    let mut text = String::new();
    for name in ["17_clue_sample.txt", "se11_sample.txt", "forum_hardest_1106.txt"] {
        text.push_str(&std::fs::read_to_string(fixtures().join("sudoku").join(name)).unwrap());
    }
    let path = dir.write("sudokus.txt", &text).display().to_string();
    dir.run(&["--db", "all.sqlite", "import", &path]).ok();
    (count(&dir.join("all.sqlite"), "SELECT count(*) FROM puzzles"), path)
}

/// Runs `args` while this test holds the archive's write lock, presses
/// Ctrl-C, and lets go once the command says it will stop after the step
/// at hand: its first write waits for the lock, so the Ctrl-C always comes
/// before it has finished, and is always heard before it goes on.
pub(crate) fn interrupted_while_locked(dir: &Dir, args: &[&str]) -> Run {
    interrupted_while_locked_by(dir, args, libc::SIGINT)
}

/// As [`interrupted_while_locked`], with `signal` in place of Ctrl-C's.
fn interrupted_while_locked_by(dir: &Dir, args: &[&str], signal: libc::c_int) -> Run {
    let lock = rusqlite::Connection::open(dir.join("a.sqlite")).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mut run = Watched::spawn(dir.command(args), &format!("aquarchive {}", args.join(" ")));
    wait_for_handler_of(run.id(), signal);
    send(run.id(), signal);
    run.wait_for_line("stopping after the step at hand");
    lock.execute_batch("ROLLBACK").unwrap();
    run.finish()
}

/// Ctrl-C, and SIGTERM as a scheduler stops a run, each in a run of its
/// own: the import ends after the chunk at hand with the signal's exit
/// code, says what it stored and how to finish, and a re-run finishes.
#[test]
fn a_signal_during_an_import_keeps_whole_chunks_says_how_to_finish_and_exits_with_its_code() {
    for (signal, code, said) in [
        (libc::SIGINT, 130, "aquarchive: interrupted: "),
        (libc::SIGTERM, 143, "aquarchive: SIGTERM: stopping after the step at hand"),
    ] {
        let dir = Dir::new();
        let (total, path) = many_sudokus(&dir);
        let db = dir.join("a.sqlite");
        // An archive to lock: it holds one calendar date, which no Sudoku is.
        let date = dir.write("date.txt", "standard Jan 1\n").display().to_string();
        dir.run(&["--db", "a.sqlite", "import", "--kind", "calendar", &date]).ok();
        let before = count(&db, "SELECT count(*) FROM puzzles");
        let run = interrupted_while_locked_by(&dir, &["--db", "a.sqlite", "import", &path], signal).expect_code(code);
        assert!(run.stderr.contains(said), "{run}");
        assert!(run.stderr.contains("run the same import again to finish"), "{run}");
        // What it says it stored is what the archive holds, each with its solution.
        let stored = count(&db, "SELECT count(*) FROM puzzles") - before;
        assert!(stored < total, "{run}");
        let stored_said = format!(": {} stored", count_of(stored as u64, "puzzle", "puzzles"));
        assert!(run.stdout.contains(&stored_said), "{stored_said}: {run}");
        dir.run(&["--db", "a.sqlite", "verify"]).ok();
        // Running it again finishes the job.
        dir.run(&["--db", "a.sqlite", "import", &path]).ok();
        assert_eq!(count(&db, "SELECT count(*) FROM puzzles") - before, total);
    }
}

/// Waits until no `signal` sent to process `pid` is pending: the process
/// has taken it (its handler has run), so the same signal sent next is
/// taken on its own, not merged with this one.
fn wait_until_taken(pid: u32, signal: libc::c_int) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let pending = status
            .lines()
            .filter_map(|l| l.strip_prefix("ShdPnd:").or_else(|| l.strip_prefix("SigPnd:")))
            .filter_map(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .any(|mask| mask & (1 << (signal - 1)) != 0);
        if !pending {
            return;
        }
        assert!(Instant::now() < deadline, "signal {signal} still pending for aquarchive");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// An archive `a.sqlite` holding one calendar date (which no Sudoku is),
/// its puzzles' count, and a file of over a thousand Sudokus to import.
fn archive_and_sudokus(dir: &Dir) -> (i64, i64, String) {
    let (total, path) = many_sudokus(dir);
    let date = dir.write("date.txt", "standard Jan 1\n").display().to_string();
    dir.run(&["--db", "a.sqlite", "import", "--kind", "calendar", &date]).ok();
    (count(&dir.join("a.sqlite"), "SELECT count(*) FROM puzzles"), total, path)
}

/// A terminal that hangs up sends SIGHUP, and from then on what is written
/// to it fails. The import still ends after the chunk at hand with 129, not
/// a panic's 101 at its first line on standard error, and what it says it
/// stored (on stdout, still read) is stored whole.
#[test]
fn a_hang_up_then_standard_error_gone_ends_the_import_with_129_and_whole_chunks() {
    use std::io::BufRead;
    let dir = Dir::new();
    let (before, total, path) = archive_and_sudokus(&dir);
    let db = dir.join("a.sqlite");
    let lock = rusqlite::Connection::open(&db).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mut child = dir
        .command(&["--db", "a.sqlite", "import", &path])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_handler_of(child.id(), libc::SIGHUP);
    send(child.id(), libc::SIGHUP);
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    while !seen.contains("aquarchive: SIGHUP: stopping after the step at hand") {
        assert_ne!(stderr.read_line(&mut seen).unwrap(), 0, "stderr ended: {seen}");
    }
    // Nothing reads standard error any more: each write there fails.
    drop(stderr);
    lock.execute_batch("ROLLBACK").unwrap();
    let run = Run::wait(child, "aquarchive import (stderr closed after SIGHUP)").expect_code(129);
    let stored = count(&db, "SELECT count(*) FROM puzzles") - before;
    assert!(stored < total, "{stored} of {total}: {run}");
    let stored_said = format!(": {} stored", count_of(stored as u64, "puzzle", "puzzles"));
    assert!(run.stdout.contains(&stored_said), "{stored_said}: {run}");
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

/// Standard error a broken pipe from the start, as when whatever read it
/// is gone: the first SIGHUP asks the import to stop (what the handler
/// says is lost, and must not end the thread that reads the signals), and
/// the second, while the import still waits for the archive's lock, ends
/// the run at once with 129 and the archive as it was.
#[test]
fn a_second_hang_up_with_standard_error_a_broken_pipe_still_stops_at_once_with_129() {
    let dir = Dir::new();
    let (before, _, path) = archive_and_sudokus(&dir);
    let db = dir.join("a.sqlite");
    let lock = rusqlite::Connection::open(&db).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child =
        dir.command(&["--db", "a.sqlite", "import", &path]).stdout(Stdio::piped()).stderr(writer).spawn().unwrap();
    wait_for_handler_of(child.id(), libc::SIGHUP);
    send(child.id(), libc::SIGHUP);
    wait_until_taken(child.id(), libc::SIGHUP);
    send(child.id(), libc::SIGHUP);
    // The lock is still held: only the handler can end the run now.
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            lock.execute_batch("ROLLBACK").unwrap();
            let run = Run::wait(child, "aquarchive import (stderr a broken pipe)");
            panic!("still running 30 s after the second SIGHUP (the signals went unread); then: {run}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(129), "{}", crate::util::ended(status));
    lock.execute_batch("ROLLBACK").unwrap();
    drop(lock);
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles"), before);
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
}

#[test]
fn ctrl_c_during_a_re_solve_keeps_whole_chunks_and_says_how_to_finish() {
    let dir = Dir::new();
    let (total, _) = many_sudokus(&dir);
    std::fs::rename(dir.join("all.sqlite"), dir.join("a.sqlite")).unwrap();
    let run = interrupted_while_locked(&dir, &["--db", "a.sqlite", "resolve", "--all"]).expect_code(130);
    let said = run
        .stderr
        .split("aquarchive: interrupted: ")
        .nth(1)
        .and_then(|rest| rest.split(" of ").next())
        .and_then(|n| n.parse::<i64>().ok())
        .unwrap_or_else(|| panic!("no count of what was re-solved: {run}"));
    assert!(said < total, "{run}");
    assert!(
        run.stderr.contains(&format!(" of {total} re-solved and stored; the rest keep their earlier solutions")),
        "{run}"
    );
    assert!(run.stdout.contains(&format!(": {} solved", count_of(said as u64, "puzzle", "puzzles"))), "{run}");
    dir.run(&["--db", "a.sqlite", "verify"]).ok();
    let again = dir.run(&["--db", "a.sqlite", "resolve", "--all"]).ok();
    assert!(again.stdout.contains(&format!(": {total} puzzles solved")), "{again}");
}

#[test]
fn ctrl_c_during_a_browser_fetch_says_what_is_kept_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    // The page hangs until the test ends, so the browser is busy when Ctrl-C comes.
    site.fault("/?size=0", &[Fault::Held]);
    let dir = setup_sandbox_off_as_root(&site.base_url());
    dir.run(&["fetch", "6x6-normal"]).ok();
    let child =
        dir.command(&["fetch", "--browser", "6x6-easy"]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // Starting Chromium may take a while on a busy machine; a minute is plenty.
    let deadline = Instant::now() + Duration::from_secs(60);
    while site.hits("/?size=0") == 0 {
        assert!(Instant::now() < deadline, "the browser never asked for the page");
        std::thread::sleep(Duration::from_millis(50));
    }
    ctrl_c(child.id());
    let run = Run::wait(child, "aquarchive fetch --browser 6x6-easy").expect_code(130);
    assert!(run.stderr.contains("every page fetched before is stored"), "{run}");
    assert!(run.stderr.contains("Run the same fetch again to finish"), "{run}");
    dir.run(&["verify"]).ok();
    let list = dir.run(&["list", "--json"]).ok();
    assert_eq!(list.json_lines().len(), 1, "{list}");
}

#[test]
fn sigterm_during_a_browser_fetch_says_what_is_kept_ends_the_browser_and_exits_143_sandbox_off_as_root() {
    require_chromium();
    let site = Site::start();
    // The page hangs until the test ends, so the browser is busy when SIGTERM comes.
    site.fault("/?size=0", &[Fault::Held]);
    let dir = setup_sandbox_off_as_root(&site.base_url());
    dir.run(&["fetch", "6x6-normal"]).ok();
    let tmp = dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let child = dir
        .command(&["fetch", "--browser", "6x6-easy"])
        .env_remove("XDG_RUNTIME_DIR")
        .env("TMPDIR", &tmp)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while site.hits("/?size=0") == 0 {
        assert!(Instant::now() < deadline, "the browser never asked for the page");
        std::thread::sleep(Duration::from_millis(50));
    }
    let tmp_named = tmp.display().to_string();
    let browsers = || {
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
            .filter(|pid| {
                let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
                let state = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next());
                let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
                state.is_some_and(|s| s != "Z") && String::from_utf8_lossy(&cmdline).contains(&tmp_named)
            })
            .collect::<Vec<u32>>()
    };
    assert!(!browsers().is_empty(), "Chromium runs on a profile in {tmp_named}");
    send(child.id(), libc::SIGTERM);
    let run = Run::wait(child, "aquarchive fetch --browser 6x6-easy").expect_code(143);
    assert!(run.stderr.contains("aquarchive: SIGTERM: interrupted: every page fetched before is stored"), "{run}");
    assert!(run.stderr.contains("Run the same fetch again to finish"), "{run}");
    // The profile is removed before the process exits; what was killed is
    // gone once the kernel has reaped it, a minute at most on any machine.
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0, "left in the temp dir: {run}");
    while !browsers().is_empty() {
        assert!(Instant::now() < deadline + Duration::from_secs(60), "still running: {:?}", browsers());
        std::thread::sleep(Duration::from_millis(50));
    }
    dir.run(&["verify"]).ok();
    let list = dir.run(&["list", "--json"]).ok();
    assert_eq!(list.json_lines().len(), 1, "{list}");
}

/// A directory whose config.toml sends fetches to `base_url`, with waits
/// long enough (minutes) that only an answer ends a fetch: a held page is
/// still loading whenever the test acts; as root, without Chromium's
/// sandbox (see [`crate::site::unsandboxed_as_root`]).
fn setup_sandbox_off_as_root(base_url: &str) -> Dir {
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!("[site]\nbase_url = \"{base_url}\"\nmin_delay_ms = 0\ntimeout_secs = 300\nretries = 0\n[fetch]\nboard_wait_secs = 300\n"),
    );
    crate::site::unsandboxed_as_root(&dir);
    dir
}

#[test]
fn a_browser_fetch_from_a_closed_port_says_the_connection_was_refused_sandbox_off_as_root() {
    require_chromium();
    // A port that was free a moment ago and that nothing listens on now.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let dir = setup_sandbox_off_as_root(&format!("http://127.0.0.1:{port}/"));
    // robots.txt (a 404: none) was asked for within the day, so the browser
    // is what meets the closed port.
    dir.run(&["import", &crate::util::fixtures().join("sudoku/se_rated_sample.txt").display().to_string()]).ok();
    let db = rusqlite::Connection::open(dir.join("archive/aquarchive.sqlite")).unwrap();
    let robots = format!("http://127.0.0.1:{port}/robots.txt");
    db.execute("INSERT INTO fetches (url, method, http_status) VALUES (?1, 'http', 404)", [&robots]).unwrap();
    drop(db);
    let run = dir.run(&["fetch", "--browser", "6x6-easy"]).expect_code(2);
    assert!(run.stdout.contains(&format!("connection refused to 127.0.0.1:{port}")), "{run}");
    let log = dir.run(&["log", "--json"]).ok();
    let fetch = &log.json_lines()[0];
    assert_eq!(fetch["outcome"], "failed", "{log}");
    assert!(fetch["error"].as_str().unwrap().contains("refused"), "{log}");
}
