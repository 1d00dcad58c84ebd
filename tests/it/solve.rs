//! `aquarchive solve` and `generate` on the real fixture puzzles and on bad input.

use crate::util::{Dir, fixtures};

fn puzzle_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(fixtures().join("aquarium/puzzles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.to_str().unwrap().ends_with(".solution.txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_fixture_is_solved_unique_and_matches_its_solution() {
    let dir = Dir::new();
    let files = puzzle_files();
    assert_eq!(files.len(), 95);
    let mut args = vec!["solve", "--json"];
    let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    let run = dir.run(&args).ok();
    let records = run.json_lines();
    assert_eq!(records.len(), 95);
    for (record, file) in records.iter().zip(&files) {
        assert_eq!(record["file"], file.display().to_string());
        assert_eq!(record["solutions"], 1, "{record}");
        assert_eq!(record["unique"], true, "{record}");
        let expected: Vec<String> = std::fs::read_to_string(file.with_extension("solution.txt"))
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(record["solution"], serde_json::json!(expected), "{}", file.display());
    }
}

#[test]
fn text_output_draws_the_board_and_says_unique() {
    let dir = Dir::new();
    let file = fixtures().join("aquarium/puzzles/6x6_easy_11269657.txt");
    let run = dir.run(&["solve", file.to_str().unwrap()]).ok();
    assert!(run.stdout.contains("6x6, 6 tanks: unique solution"), "{run}");
    let water: usize = run.stdout.matches('~').count();
    let clues: u32 = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .nth(6)
        .unwrap()
        .split_whitespace()
        .map(|c| c.parse::<u32>().unwrap())
        .sum();
    assert_eq!(water as u32, clues, "{run}");
}

#[test]
fn stdin_and_task_strings() {
    let dir = Dir::new();
    let task = "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4\n";
    let run = dir.run_with_input(&["solve", "--format", "task", "--json", "-"], Some(task.as_bytes())).ok();
    let records = run.json_lines();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["file"], "-");
    assert_eq!(records[0]["unique"], true);
}

#[test]
fn no_solution_and_several_solutions_exit_1() {
    let dir = Dir::new();
    let none = dir.write("none.txt", "1 1\n1 1\n1 1\n1 1\n");
    let run = dir.run(&["solve", none.to_str().unwrap()]).expect_code(1);
    assert!(run.stdout.contains("no solution"), "{run}");
    let two = dir.write("two.txt", "1 2\n3 4\n1 1\n1 1\n");
    let run = dir.run(&["solve", "--json", two.to_str().unwrap()]).expect_code(1);
    let record = &run.json_lines()[0];
    assert_eq!(record["solutions"], 2);
    assert_eq!(record["exhausted"], false);
    let run = dir.run(&["solve", "--count", two.to_str().unwrap()]).expect_code(1);
    assert!(run.stdout.contains(": 2 solutions"), "{run}");
    let run = dir.run(&["solve", "--all", two.to_str().unwrap()]).expect_code(1);
    assert!(run.stdout.contains("solution 1:") && run.stdout.contains("solution 2:"), "{run}");
}

#[test]
fn bad_inputs_name_file_and_line_and_exit_2() {
    let dir = Dir::new();
    let cases: &[(&str, &str, &str)] = &[
        ("ragged.txt", "1 1\n1 2 3\n1 1\n1 1\n", "ragged.txt:2: this row has 3 cells, the first row has 2"),
        ("word.txt", "1 1\n1 x\n1 1\n1 1\n", "word.txt:2: `x` is not a tank number"),
        (
            "clues.txt",
            "1 1\n1 1\n1 1 1\n1 1\n",
            "clues.txt:3: this line, the second-last of the puzzle, is read as its row clues and has 3 numbers",
        ),
        ("sums.txt", "1 1\n1 1\n2 1\n1 1\n", "sums.txt: the row clues add up to 3 but the column clues to 2"),
        ("pieces.txt", "1 2\n2 1\n1 1\n1 1\n", "pieces.txt: tank 2 is in separate pieces"),
        ("empty.txt", "", "empty.txt:1: no puzzle: the input is empty"),
        ("huge.txt", "1 1\n1 1\n1 1\n1 18446744073709551616\n", "huge.txt:4: `18446744073709551616` is not a clue"),
        ("zero.txt", "\n\n", "zero.txt:1: no puzzle"),
        ("big.txt", "1 1\n1 1\n100 1\n1 1\n", "big.txt: row 1 has clue 100, more than its 2 cells"),
    ];
    for (name, text, message) in cases {
        let path = dir.write(name, text);
        let run = dir.run(&["solve", path.to_str().unwrap()]).expect_code(2);
        assert!(run.stderr.contains(message), "expected {message:?}\n{run}");
        assert!(!run.stderr.contains("panicked"), "{run}");
    }
    let run = dir.run(&["solve", "missing.txt"]).expect_code(2);
    assert!(run.stderr.contains("missing.txt"), "{run}");
    let binary = dir.write("binary.txt", [0xff, 0xfe, 0x00]);
    let run = dir.run(&["solve", binary.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("not UTF-8"), "{run}");
}

#[test]
fn one_bad_puzzle_does_not_stop_the_others() {
    let dir = Dir::new();
    let good = fixtures().join("aquarium/puzzles/6x6_easy_11269657.txt");
    let text = format!("{}\n1 1\n1 x\n1 1\n1 1\n", std::fs::read_to_string(good).unwrap());
    let path = dir.write("mixed.txt", text);
    let run = dir.run(&["solve", "--json", path.to_str().unwrap()]).expect_code(2);
    let records = run.json_lines();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["unique"], true);
    assert!(records[1]["error"].as_str().unwrap().contains("mixed.txt:11: `x`"), "{run}");
}

#[test]
fn generated_puzzles_solve_uniquely_and_repeat_with_the_seed() {
    let dir = Dir::new();
    let first = dir.run(&["generate", "--size", "8", "--count", "4", "--seed", "11"]).ok();
    let again = dir.run(&["generate", "--size", "8", "--count", "4", "--seed", "11"]).ok();
    assert_eq!(first.stdout, again.stdout);
    let other = dir.run(&["generate", "--size", "8", "--count", "4", "--seed", "12"]).ok();
    assert_ne!(first.stdout, other.stdout);
    let run = dir.run_with_input(&["solve", "--json", "-"], Some(first.stdout.as_bytes())).ok();
    let records = run.json_lines();
    assert_eq!(records.len(), 4);
    assert!(records.iter().all(|r| r["unique"] == true && r["width"] == 8));
    let tasks = dir.run(&["generate", "--size", "6", "--count", "3", "--seed", "5", "--format", "task"]).ok();
    assert_eq!(tasks.stdout.lines().count(), 3);
    dir.run_with_input(&["solve", "--format", "task", "-"], Some(tasks.stdout.as_bytes())).ok();
}

#[test]
fn arguments_are_checked() {
    let dir = Dir::new();
    dir.run(&["generate", "--size", "1"]).expect_code(2);
    dir.run(&["generate", "--size", "6", "--tanks", "0"]).expect_code(2);
    dir.run(&["solve"]).expect_code(2);
    dir.run(&["solve", "--limit", "0", "x"]).expect_code(2);
    let help = dir.run(&["solve", "--help"]).ok();
    assert!(help.stdout.contains("Examples:"), "{help}");
}

/// `solve` finds each file's kind as `import` does, without --kind or
/// --format; when nothing marks a kind, the error names the flag to try.
#[test]
fn solve_recognises_every_kind_import_does() {
    let dir = Dir::new();
    let fixture = |path: &str| fixtures().join(path).to_str().unwrap().to_string();
    // The ring instance: its several solutions are the rule, so exit 0.
    let ring = dir.run(&["solve", "--json", &fixture("ring/expert.txt")]).ok();
    let r = &ring.json_lines()[0];
    assert_eq!((&r["kind"], &r["solutions"], &r["exhausted"]), (&"ring".into(), &4.into(), &true.into()));
    let sudokus = dir.run(&["solve", "--count", "--json", &fixture("sudoku/se_rated_sample.txt")]).ok();
    let records = sudokus.json_lines();
    assert_eq!(records.len(), 30);
    assert!(records.iter().all(|r| r["kind"] == "sudoku" && r["unique"] == true), "{sudokus}");
    // Calendar dates: every tiling counted (the file's comment gives the counts).
    let dates = dir.run(&["solve", "--json", &fixture("calendar/dates.txt")]).ok();
    let counts: Vec<_> = dates.json_lines().iter().map(|r| (r["date"].clone(), r["solutions"].clone())).collect();
    assert_eq!(counts[0], ("Oct 6".into(), 7.into()), "{dates}");
    assert_eq!(counts[1], ("Jan 25".into(), 216.into()), "{dates}");
    // Task strings, found by their `;`.
    let made = dir.run(&["generate", "--size", "6", "--count", "2", "--seed", "3"]).ok();
    let text = dir.write("made.txt", &made.stdout);
    dir.run(&["--db", "a.sqlite", "import", text.to_str().unwrap()]).ok();
    let tasks = dir.run(&["--db", "a.sqlite", "export", "--format", "task"]).ok();
    dir.write("tasks.txt", &tasks.stdout);
    let run = dir.run(&["solve", "--json", "tasks.txt"]).ok();
    assert_eq!(run.json_lines().iter().filter(|r| r["kind"] == "aquarium" && r["unique"] == true).count(), 2);

    // Nothing marks the kind: the error names the likely flag.
    for (name, text, hint) in [
        ("short.txt", "53..7....6..195....98\n", "`--kind sudoku`"),
        ("date.txt", "Oct 6\n", "`aquarchive calendar DATE`"),
        ("notes.txt", "some notes\nabout puzzles\n", "`--format task`"),
    ] {
        dir.write(name, text);
        let run = dir.run(&["solve", name]).expect_code(2);
        assert!(run.stderr.contains(&format!("{name}:1: ")) && run.stderr.contains(hint), "{run}");
        assert_eq!(run.stderr.lines().count(), 1, "{run}");
    }
}

/// `solve --learn` learns from failed probes from the start of each search,
/// not only once it is hard as by default: on random 40x40 puzzles, which
/// need a search below the root, it finds the same unique solutions and
/// walks another tree (so the switch reaches the engine).
#[test]
fn learning_finds_the_same_solutions() {
    let dir = Dir::new();
    let puzzles = dir
        .run(&["generate", "--style", "random", "--size", "40", "--count", "3", "--seed", "1", "--format", "task"])
        .ok();
    std::fs::write(dir.path().join("hard.txt"), &puzzles.stdout).unwrap();
    let plain = dir.run(&["solve", "--json", "hard.txt"]).ok().json_lines();
    let learning = dir.run(&["solve", "--json", "--learn", "hard.txt"]).ok().json_lines();
    assert_eq!(plain.len(), 3);
    let work = |r: &serde_json::Value| r["nodes"].as_u64().unwrap() + r["probes"].as_u64().unwrap();
    for (a, b) in plain.iter().zip(&learning) {
        assert_eq!((&a["unique"], &b["unique"]), (&serde_json::json!(true), &serde_json::json!(true)));
        assert_eq!(a["solution"], b["solution"]);
    }
    assert!(plain.iter().zip(&learning).any(|(a, b)| work(a) != work(b)), "{plain:?}\n{learning:?}");
}
