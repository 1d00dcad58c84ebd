//! What the commands say: headers, counts with the right number, what to
//! do when an argument is missing, and one summary line for a log.

use crate::util::{Dir, fixtures};

fn fixture(path: &str) -> String {
    fixtures().join(path).display().to_string()
}

#[test]
fn list_has_a_header_and_says_when_nothing_matches() {
    let dir = Dir::new();
    dir.run(&["import", &fixture("sudoku/se_rated_sample.txt")]).ok();
    let run = dir.run(&["list"]).ok();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 31, "{run}");
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(header, ["id", "class", "status", "grade", "special", "created", "(UTC)", "source"], "{run}");
    // Each puzzle's grade in its column, as `list --grade` takes it.
    let graded = dir.run(&["list", "--json"]).ok().json_lines();
    for (line, json) in lines[1..].iter().zip(&graded) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let level = json["solution"]["grade"]["level"].as_str().unwrap_or("-");
        assert_eq!(cells[4], level, "{line}");
    }
    assert!(graded.iter().any(|p| p["solution"]["grade"]["level"].is_string()), "{run}");
    // JSON lines stay JSON only.
    assert_eq!(dir.run(&["list", "--json"]).ok().json_lines().len(), 30);
    let none = dir.run(&["list", "--status", "invalid"]).ok();
    assert!(none.stdout.is_empty(), "{none}");
    assert!(none.stderr.contains("no puzzle matches"), "{none}");
}

/// A time of the right shape that no clock shows is refused as a time of
/// the wrong shape is, by `list` and by `log`, naming the option, the value,
/// the form expected and what is wrong with it.
#[test]
fn times_that_do_not_exist_are_refused() {
    let dir = Dir::new();
    dir.run(&["import", &fixture("sudoku/se_rated_sample.txt")]).ok();
    for (time, why) in [
        ("2026-13-01", "there is no month 13"),
        ("2026-02-30", "2026-02 has days 01 to 28"),
        ("2026-11-31T25:00", "2026-11 has days 01 to 30"),
        ("2026-11-30T25:00", "hours run 00 to 23"),
        ("2026-11-30T06:60", "minutes run 00 to 59"),
    ] {
        for (command, flag) in [("list", "--since"), ("list", "--until"), ("log", "--since")] {
            let run = dir.run(&[command, flag, time]).expect_code(2);
            assert_eq!(
                run.stderr,
                format!("aquarchive: {flag} {time}: not a UTC time like 2026-11-30 or 2026-11-30T06:00 ({why})\n"),
                "{run}"
            );
            assert!(run.stdout.is_empty(), "{run}");
        }
    }
    // A leap day is a day; every puzzle here was stored after 2024's.
    assert_eq!(dir.run(&["list", "--since", "2024-02-29", "--json"]).ok().json_lines().len(), 30);
    assert!(dir.run(&["list", "--until", "2024-02-29T23:59"]).ok().stdout.is_empty());
    dir.run(&["log", "--since", "2024-02-29"]).ok();
}

/// Where there is no archive yet, a bad time is still what is said first:
/// mending the archive would not mend the command.
#[test]
fn a_bad_time_is_said_before_a_missing_archive() {
    let dir = Dir::new();
    for command in [&["list"][..], &["verify"], &["export", "--format", "jsonl"]] {
        let run = dir.run(&[command, &["--since", "2026-02-30"]].concat()).expect_code(2);
        assert!(run.stderr.starts_with("aquarchive: --since 2026-02-30: not a UTC time"), "{command:?}: {run}");
    }
    assert!(!dir.join("archive").exists());
}

#[test]
fn counts_of_one_are_singular() {
    let dir = Dir::new();
    let run = dir.run(&["import", &fixture("aquarium/puzzles/10x10_easy_3081686.txt")]).ok();
    assert!(run.stdout.ends_with(": 1 puzzle stored, 0 already present\n"), "{run}");
    let run = dir.run(&["resolve", "--id", "1"]).ok();
    assert!(run.stdout.contains(": 1 puzzle solved (1 ok)"), "{run}");
    let run = dir.run(&["verify"]).ok();
    assert!(run.stdout.ends_with(": 1 puzzle checked, 0 mismatches\n"), "{run}");
    let run = dir.run(&["export", "--format", "text", "--out", "out"]).ok();
    assert!(run.stderr.contains("1 puzzle written"), "{run}");
    let run = dir.run(&["calendar", "--count", "Jan", "1"]).ok();
    assert!(run.stdout.contains(" tilings ("), "{run}");
    let short = dir.write("short.txt", "1 1\n");
    let run = dir.run(&["solve", short.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("this one has only 1 line"), "{run}");
}

#[test]
fn import_summaries_add_up_to_what_was_stored() {
    let dir = Dir::new();
    let run = dir
        .run(&[
            "import",
            &fixture("sudoku/se_rated_sample.txt"),
            &fixture("calendar/dates.txt"),
            &fixture("ring/expert.txt"),
        ])
        .ok();
    let summary = run.stdout.trim_end();
    let stored: u64 = summary.split(": ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    let inside = summary.split_once('(').unwrap().1.split_once(')').unwrap().0;
    // "30 with one solution, 5 with several solutions, as their kind has"
    let parts: u64 = inside.split(", ").filter_map(|p| p.split(' ').next().unwrap().parse::<u64>().ok()).sum();
    assert_eq!(stored, parts, "{run}");
    let stats: serde_json::Value = serde_json::from_str(&dir.run(&["stats", "--json"]).ok().stdout).unwrap();
    assert_eq!(stats["puzzles"], stored, "{run}");
}

#[test]
fn stats_tables_share_one_class_order_and_print_what_was_measured() {
    let dir = Dir::new();
    dir.run(&["import", &fixture("aquarium/puzzles"), &fixture("sudoku/se_rated_sample.txt")]).ok();
    let run = dir.run(&["stats"]).ok();
    let tables: Vec<Vec<String>> = run
        .stdout
        .split("\n\n")
        .take(2)
        .map(|table| table.lines().skip(3).map(|l| l.split('|').nth(1).unwrap().trim().to_string()).collect::<Vec<_>>())
        .collect();
    assert!(tables[0].len() > 5, "{run}");
    assert_eq!(tables[0], tables[1], "{run}");
    // Times are whole microseconds: a solve under one says so.
    assert!(!run.stdout.lines().any(|l| l.contains("| 0 |") && l.contains("aquarium")), "{run}");
}

#[test]
fn generate_says_its_seed_on_stderr_and_prints_only_puzzles() {
    let dir = Dir::new();
    let run = dir.run(&["generate", "--size", "6", "--count", "2", "--format", "task"]).ok();
    assert_eq!(run.stdout.lines().count(), 2, "{run}");
    let seed = run.stderr.split("seed ").nth(1).and_then(|s| s.split(' ').next()).expect("a seed on stderr");
    let again = dir.run(&["generate", "--size", "6", "--count", "2", "--format", "task", "--seed", seed]).ok();
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn commands_without_their_arguments_say_which_to_give() {
    let dir = Dir::new();
    dir.run(&["import", &fixture("sudoku/se_rated_sample.txt")]).ok();
    let run = dir.run(&["export"]).expect_code(2);
    assert!(run.stderr.contains("--format") && run.stderr.contains("--html"), "{run}");
    let run = dir.run(&["solve"]).expect_code(2);
    assert!(run.stderr.contains("<FILE>"), "{run}");
    let run = dir.run(&["resolve"]).expect_code(2);
    for flag in ["--all", "--unsolved", "--id"] {
        assert!(run.stderr.contains(flag), "{flag}: {run}");
    }
    let run = dir.run(&["show", "1", "--format", "link"]).expect_code(2);
    // puzzle-sudoku.com is a site of the family; a Sudoku from a file has no site ID.
    assert!(run.stderr.contains("puzzle 1: no link, its site ID or size class is not known"), "{run}");
}

#[test]
fn an_export_error_names_the_folder_asked_for() {
    let dir = Dir::new();
    dir.run(&["import", &fixture("sudoku/se_rated_sample.txt")]).ok();
    dir.write("file", "not a directory");
    let run = dir.run(&["export", "--html", "file/site"]).expect_code(2);
    assert!(run.stderr.contains("file/site"), "{run}");
    assert!(!run.stderr.contains(".site.new"), "{run}");
}

#[test]
fn pngs_are_opaque() {
    let dir = Dir::new();
    dir.run(&["import", &fixture("aquarium/puzzles/10x10_easy_3081686.txt")]).ok();
    dir.run(&["show", "1", "--png", "board.png"]).ok();
    let png = resvg::tiny_skia::Pixmap::load_png(dir.join("board.png")).unwrap();
    assert!(png.pixels().iter().all(|p| p.alpha() == 255));
    // The background is white, not black: the corner is.
    let corner = png.pixel(0, 0).unwrap();
    assert_eq!((corner.red(), corner.green(), corner.blue()), (255, 255, 255));
}

#[test]
fn long_runs_off_a_terminal_print_one_summary_line() {
    let dir = Dir::new();
    let mut text = String::new();
    for name in ["17_clue_sample.txt", "se11_sample.txt"] {
        text.push_str(&std::fs::read_to_string(fixtures().join("sudoku").join(name)).unwrap());
    }
    let file = dir.write("many.txt", text);
    let run = dir.run(&["import", file.to_str().unwrap()]).ok();
    assert_eq!(run.stdout.lines().count(), 1, "{run}");
    assert!(run.stderr.is_empty(), "{run}");
    let run = dir.run(&["resolve", "--all"]).ok();
    assert_eq!(run.stdout.lines().count(), 1, "{run}");
    assert!(run.stderr.is_empty(), "{run}");
}

/// `list --help` names the columns the output has, from one list, and a
/// long class (a ring's size) widens its column rather than filling it.
#[test]
fn list_s_help_names_its_columns_and_they_keep_in_line() {
    let dir = Dir::new();
    dir.run(&["import", &fixture("sudoku/se_rated_sample.txt"), &fixture("ring/expert.txt")]).ok();
    let help = dir.run(&["list", "--help"]).ok();
    let named: Vec<String> = help
        .stdout
        .split("Columns, under a header, one puzzle a line:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no columns: {help}"))
        .lines()
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().split("  ").next().unwrap().to_string())
        .collect();
    let run = dir.run(&["list"]).ok();
    let header = run.stdout.lines().next().unwrap();
    let shown: Vec<&str> = header.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
    assert_eq!(named, shown, "{help}\n{run}");
    assert_eq!(shown.len(), 7, "{run}");
    // Every cell starts where its column's name does, two spaces after the
    // cell before it: the ring's long class too.
    let starts: Vec<usize> = shown.iter().map(|name| header.find(name).unwrap()).collect();
    let ring = run.stdout.lines().find(|l| l.contains("ring ")).unwrap_or_else(|| panic!("{run}"));
    assert!(ring.contains("ring 8 rows x 24 sectors  several"), "{run}");
    for line in run.stdout.lines().skip(1) {
        for &at in &starts[1..] {
            let cell = line.as_bytes();
            assert!(cell[at - 2..at] == *b"  " && cell[at] != b' ', "column at {at}:\n{header}\n{line}");
        }
    }
}

/// Calendar dates and ring instances have several solutions as a rule:
/// `stats` and `resolve` count them as such, in import's words, not as
/// `several` beside 0 ok.
#[test]
fn several_as_the_kind_has_is_counted_apart_by_stats_and_resolve() {
    let dir = Dir::new();
    dir.write("two.txt", "1 2\n3 4\n1 1\n1 1\n");
    let run =
        dir.run(&["import", &fixture("calendar/dates.txt"), &fixture("ring/expert.txt"), "two.txt"]).expect_code(1);
    assert!(run.stdout.contains("5 with several solutions, as their kind has"), "{run}");
    let stats = dir.run(&["stats"]).ok();
    let table: Vec<Vec<String>> = stats
        .stdout
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect())
        .collect();
    let row = |class: &str| table.iter().find(|r| r[0] == class).unwrap_or_else(|| panic!("{class}\n{stats}"));
    assert_eq!(table[0], ["class", "ok", "several, as their kind has", "invalid", "unsolvable", "several", "total"]);
    assert_eq!(row("calendar 7x7")[1..], ["0", "2", "0", "0", "-", "2"], "{stats}");
    assert_eq!(row("ring 8 rows x 24 sectors")[1..], ["0", "1", "0", "0", "-", "1"], "{stats}");
    // An Aquarium with several is a fault, counted as `several`.
    assert_eq!(row("aquarium 2x2")[1..], ["0", "-", "0", "0", "1", "1"], "{stats}");
    let run = dir.run(&["resolve", "--all"]).expect_code(1);
    assert!(run.stdout.contains(": 6 puzzles solved (1 several, 5 several, as their kind has), 0 changed"), "{run}");
    let run = dir.run(&["resolve", "--all", "--kind", "calendar"]).ok();
    assert!(run.stdout.contains(": 4 puzzles solved (4 several, as their kind has), 0 changed"), "{run}");
    // Without such kinds, no such column.
    let other = Dir::new();
    other.run(&["import", &fixture("sudoku/se_rated_sample.txt")]).ok();
    let stats = other.run(&["stats"]).ok();
    assert!(!stats.stdout.contains("as their kind has"), "{stats}");
}

/// The read-only message names the commands that still work, and each
/// named one does; `log` and `backup` are among them.
#[test]
fn a_read_only_archive_names_the_commands_that_still_work() {
    let dir = Dir::new();
    dir.run(&["--db", "a.sqlite", "import", &fixture("sudoku/se_rated_sample.txt")]).ok();
    let path = dir.join("a.sqlite");
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&path, permissions).unwrap();
    let before = std::fs::read(&path).unwrap();
    let run = dir.run(&["--db", "a.sqlite", "resolve", "--all"]).expect_code(2);
    let named = run
        .stderr
        .split("commands that only read (")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("{run}"));
    let named: Vec<&str> = named.split(", ").collect();
    assert!(named.contains(&"log") && named.contains(&"backup"), "{run}");
    for command in named {
        let args: &[&str] = match command {
            "show" => &["show", "1"],
            "export" => &["export", "--format", "jsonl"],
            "backup" => &["backup", "copy.sqlite"],
            "list" | "stats" | "verify" | "log" => &[command],
            other => panic!("`{other}`: a command this test does not know; give it its arguments here"),
        };
        dir.run(&[&["--db", "a.sqlite"], args].concat()).ok();
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// A puzzle that cannot be read is named at one place, `FILE:LINE:`, the
/// line of its fault, and the message says what is missing.
#[test]
fn parse_errors_name_one_place_and_what_is_missing() {
    let dir = Dir::new();
    dir.write("noclues.txt", "1 2 3\n4 5 6\n7 8 9\n");
    let run = dir.run(&["solve", "noclues.txt"]).expect_code(2);
    assert_eq!(
        run.stderr.trim_end(),
        "aquarchive: noclues.txt:3: the puzzle ends here without its clue lines (or one of them): its 3 lines all \
         have 3 numbers, as rows of tanks do; after them come a line of row clues (one a row) and a line of column \
         clues (one a column)",
        "{run}"
    );
    // A clue line too short, in the second puzzle of a file: its own line.
    dir.write("two.txt", "1 1\n1 1\n1 1\n1 1\n\n1 1\n1 1\n1 1\n1\n");
    for command in [vec!["solve", "two.txt"], vec!["import", "two.txt"], vec!["grade", "two.txt"]] {
        let run = dir.run(&command).expect_code(2);
        let said = "two.txt:9: this line, the last of the puzzle, is read as its column clues and has 1 number, \
                    but its rows of tanks have 2 columns (one clue a column)";
        assert!(run.stderr.contains(said), "{command:?}: {run}");
        assert!(!run.stderr.contains("line 9"), "the line is said once: {run}");
    }
}

/// An import of which nothing can be read makes no archive where there was
/// none: it says why each file could not be read, and exits 2.
#[test]
fn an_import_that_reads_nothing_makes_no_archive() {
    let dir = Dir::new();
    let bad = dir.write("bad.txt", "these are not\nthe numbers of a puzzle\n");
    let run = dir.run(&["import", bad.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("bad.txt:") && run.stderr.contains("no archive was made"), "{run}");
    assert!(!dir.join("archive").exists(), "{run}");
    // With an archive there, the same import leaves it as it was and says so.
    dir.run(&["import", &fixture("aquarium/puzzles/10x10_easy_3081686.txt")]).ok();
    let run = dir.run(&["import", bad.to_str().unwrap()]).expect_code(2);
    assert!(run.stdout.contains("0 puzzles stored") || run.stdout.contains("0 stored"), "{run}");
    assert_eq!(dir.run(&["list", "--json"]).ok().json_lines().len(), 1);
}
