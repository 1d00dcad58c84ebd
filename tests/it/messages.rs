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
    assert!(run.stderr.contains("a sudoku puzzle has no link"), "{run}");
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
