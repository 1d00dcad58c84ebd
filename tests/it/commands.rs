//! One meaning per command: `solve` reads files, `resolve` re-solves the
//! archive (and `solve` without FILE still does, saying its new name); the
//! options of one kind refused with another by clap, with exit 2.

use crate::util::{Dir, Run, fixtures};

fn archive() -> Dir {
    let dir = Dir::new();
    dir.run(&["import", &fixtures().join("sudoku/se_rated_sample.txt").display().to_string()]).ok();
    dir
}

fn solutions(dir: &Dir) -> i64 {
    let conn = rusqlite::Connection::open(dir.join("archive/aquarchive.sqlite")).unwrap();
    conn.query_row("SELECT count(*) FROM solutions", [], |row| row.get(0)).unwrap()
}

/// The note the old form prints: its one line, the new command in it.
fn note(run: &Run) -> String {
    let line = run.stderr.lines().last().unwrap_or_else(|| panic!("no note: {run}"));
    assert!(line.starts_with("aquarchive: note: re-solving stored puzzles is now `"), "{run}");
    line.split('`').nth(1).unwrap().to_string()
}

#[test]
fn resolve_re_solves_the_archive_and_solve_without_file_still_does_saying_so() {
    let dir = archive();
    let db = rusqlite::Connection::open(dir.join("archive/aquarchive.sqlite")).unwrap();
    db.execute("DELETE FROM solutions WHERE puzzle IN (3, 5)", []).unwrap();

    let run = dir.run(&["resolve", "--unsolved"]).ok();
    assert!(run.stdout.ends_with(": 2 puzzles solved (2 ok), 0 changed status\n"), "{run}");
    assert!(run.stderr.is_empty(), "{run}");
    assert_eq!(solutions(&dir), 30);

    // The old form does the same work, prints the same, and says the new command last.
    db.execute("DELETE FROM solutions WHERE puzzle = 7", []).unwrap();
    let old = dir.run(&["solve", "--unsolved"]).ok();
    assert!(old.stdout.ends_with(": 1 puzzle solved (1 ok), 0 changed status\n"), "{old}");
    assert_eq!(old.stderr.lines().count(), 1, "{old}");
    assert_eq!(note(&old), "aquarchive resolve --unsolved");
    assert_eq!(solutions(&dir), 30);

    // Every option the old form took is in the command it names, which does the same.
    let old = dir.run(&["solve", "--kind", "sudoku", "--id", "4", "9", "--probing", "root"]).ok();
    let new = note(&old);
    assert_eq!(new, "aquarchive resolve --id 4 9 --kind sudoku --probing root");
    let words: Vec<&str> = new.split(' ').skip(1).collect();
    let run = dir.run(&words).ok();
    assert_eq!(run.stdout, old.stdout);
    assert!(run.stdout.ends_with(": 2 puzzles solved (2 ok), 0 changed status\n"), "{run}");

    // The database asked for is named, quoted for the shell where it must be.
    std::fs::copy(dir.join("archive/aquarchive.sqlite"), dir.join("my archive.sqlite")).unwrap();
    let old = dir.run(&["--db", "my archive.sqlite", "solve", "--all"]).ok();
    assert_eq!(note(&old), "aquarchive --db 'my archive.sqlite' resolve --all");
    assert!(old.stdout.starts_with("my archive.sqlite: 30 puzzles solved (30 ok)"), "{old}");

    // A failure keeps its exit code and comes first; the note follows.
    let old = dir.run(&["solve", "--id", "1000"]).expect_code(2);
    assert!(old.stderr.starts_with("aquarchive: archive/aquarchive.sqlite: no puzzle with id 1000\n"), "{old}");
    assert_eq!(note(&old), "aquarchive resolve --id 1000");
    let run = dir.run(&["resolve", "--id", "1000"]).expect_code(2);
    assert_eq!(run.stderr, "aquarchive: archive/aquarchive.sqlite: no puzzle with id 1000\n");
}

#[test]
fn resolve_takes_exactly_one_choice_of_puzzles_and_no_files() {
    let dir = archive();
    for (args, said) in [
        (&["resolve"][..], "<--all|--unsolved|--id <ID>...>"),
        (&["resolve", "--all", "--id", "3"], "cannot be used with"),
        (&["resolve", "--all", "puzzle.txt"], "unexpected argument 'puzzle.txt'"),
        (&["solve"], "<FILE>"),
        (&["solve", "--unsolved", "puzzle.txt"], "'--unsolved' cannot be used with"),
        (&["solve", "--all", "--svg", "board.svg"], "<FILE>"),
    ] {
        refused_by_clap(&dir, args, said);
    }
}

/// Runs `args`, which clap must refuse: exit 2, its message on stderr with
/// `said` and where to read more, nothing on stdout.
fn refused_by_clap(dir: &Dir, args: &[&str], said: &str) {
    let run = dir.run(args).expect_code(2);
    assert!(
        run.stderr.starts_with("error: ") && run.stderr.ends_with("For more information, try '--help'.\n"),
        "{run}"
    );
    assert!(run.stderr.contains(said), "expected {said:?}\n{run}");
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn options_of_one_kind_are_refused_with_another() {
    let dir = Dir::new();
    for (args, said) in [
        // Sudoku's options with Aquarium's, or with Aquarium (the default kind) named.
        (&["generate", "--size", "6", "--difficulty", "easy"][..], "'--size <N>' cannot be used with"),
        (&["generate", "--kind", "sudoku", "--difficulty", "easy", "--tanks", "5"], "cannot be used with"),
        (&["generate", "--kind", "sudoku", "--size", "6"], "--size, --tanks, --style and --format are for Aquarium"),
        (&["generate", "--kind", "aquarium", "--symmetry", "rot90"], "are for --kind sudoku"),
        (&["generate", "--difficulty", "hard"], "--kind <KIND>"),
        // What each kind needs.
        (&["generate"], "--size <N>"),
        (&["generate", "--kind", "sudoku"], "--difficulty <LEVEL>"),
        (&["generate", "--kind", "ring", "--size", "6"], "invalid value 'ring' for '--kind <KIND>'"),
        (&["generate", "--size", "6", "--format", "task", "--solutions"], "--solutions goes with --format text"),
        (&["generate", "--kind", "sudoku", "--difficulty", "easy", "--attempts", "0"], "--attempts <A>"),
        // Task strings are Aquarium's.
        (&["import", "--kind", "ring", "--format", "task", "x.txt"], "--format task is for Aquarium"),
        (&["solve", "--kind", "calendar", "--format", "task", "x.txt"], "--format task is for Aquarium"),
        // The calendar's engine settings are the engine's.
        (&["calendar", "Oct", "6", "--probing", "off"], "--solver <SOLVER>"),
        (&["calendar", "--solver", "bitboard", "--probing", "off"], "--probing is for --solver engine"),
        (&["calendar", "--all", "--limit", "0"], "invalid value '0' for '--limit <N>'"),
        // Kinds by name, the same names everywhere.
        (&["list", "--kind", "Sudoku"], "[possible values: aquarium, sudoku, calendar, ring]"),
        (&["export", "--format", "text"], "--out <PATH>"),
    ] {
        refused_by_clap(&dir, args, said);
    }
    // Nothing was read or written.
    assert!(!dir.join("archive").exists());
    // Each kind's options are shown under its own heading.
    let help = dir.run(&["generate", "--help"]).ok();
    let sudoku = help.stdout.split("Sudoku (--kind sudoku):").nth(1).expect("a Sudoku heading");
    assert!(sudoku.contains("--difficulty") && !sudoku.contains("--tanks"), "{help}");
    let help = dir.run(&["solve", "--help"]).ok();
    // The old form's options are not listed: `resolve` has them.
    assert!(help.stdout.contains("- ring:"), "{help}");
    assert!(!help.stdout.lines().any(|l| l.trim_start().starts_with("--unsolved")), "{help}");
    let help = dir.run(&["help"]).ok();
    assert!(help.stdout.contains("  resolve "), "{help}");
}

#[test]
fn what_was_being_done_comes_before_the_cause() {
    let dir = Dir::new();
    dir.write("config.toml", "[fetch]\nchromedriver = \"/nonexistent/chromedriver\"\n");
    let run = dir.run(&["fetch", "--browser", "6x6-easy"]).expect_code(2);
    assert!(run.stderr.starts_with("aquarchive: starting the headless browser: /nonexistent/chromedriver: "), "{run}");
    assert_eq!(run.stderr.lines().count(), 1, "{run}");
    // A calendar board that is no board: its file and line, once.
    dir.write("board.txt", "not a board\n");
    let run = dir.run(&["calendar", "--board", "board.txt", "Jan", "1"]).expect_code(2);
    assert!(run.stderr.starts_with("aquarchive: board.txt: line 1"), "{run}");
    assert_eq!(run.stderr.matches("board.txt").count(), 1, "{run}");
}
