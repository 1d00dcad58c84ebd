//! `aquarchive solve --kind sudoku` on the fixture samples and on bad input.

use crate::util::{Dir, fixtures};

/// The rules, checked here with no help from the library.
pub fn assert_solves(puzzle: &str, rows: &[serde_json::Value]) {
    let grid: Vec<Vec<u8>> = rows.iter().map(|r| r.as_str().unwrap().bytes().map(|b| b - b'0').collect()).collect();
    assert_eq!(grid.len(), 9);
    let full: u16 = (1..=9).map(|d| 1 << d).sum();
    for i in 0..9 {
        let row: u16 = (0..9).map(|j| 1 << grid[i][j]).fold(0, |a, b| a | b);
        let col: u16 = (0..9).map(|j| 1 << grid[j][i]).fold(0, |a, b| a | b);
        let bx: u16 = (0..9).map(|j| 1 << grid[i / 3 * 3 + j / 3][i % 3 * 3 + j % 3]).fold(0, |a, b| a | b);
        assert_eq!((row, col, bx), (full, full, full), "unit {i} of {puzzle}");
    }
    for (k, ch) in puzzle.chars().enumerate() {
        if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
            assert_eq!(u32::from(grid[k / 9][k % 9]), d, "given {k} of {puzzle}");
        }
    }
}

#[test]
fn sample_puzzles_are_solved_unique_and_correct() {
    let dir = Dir::new();
    let file = fixtures().join("sudoku/se_rated_sample.txt");
    let run = dir.run(&["solve", "--kind", "sudoku", "--json", file.to_str().unwrap()]).ok();
    let records = run.json_lines();
    assert_eq!(records.len(), 30);
    for r in &records {
        assert_eq!(r["kind"], "sudoku");
        assert_eq!(r["solutions"], 1, "{r}");
        assert_eq!(r["unique"], true, "{r}");
        assert_solves(r["puzzle"].as_str().unwrap(), r["solution"].as_array().unwrap());
    }
    // The line of each puzzle is named: comments take lines 1 to 4.
    assert_eq!(records[0]["line"], 5);
}

#[test]
fn hardest_puzzles_by_the_engine_with_every_probing_setting() {
    let dir = Dir::new();
    let all = std::fs::read_to_string(fixtures().join("sudoku/forum_hardest_1106.txt")).unwrap();
    let puzzles: Vec<&str> = all.lines().filter(|l| !l.starts_with('#')).take(10).collect();
    assert_eq!(puzzles.len(), 10);
    let text: String = puzzles.iter().map(|l| format!("{l}\n")).collect();
    let path = dir.write("hard.txt", &text);
    for probing in ["off", "root", "fixpoint"] {
        let args = ["solve", "--kind", "sudoku", "--json", "--solver", "engine", "--probing", probing];
        let run = dir.run(&[&args[..], &[path.to_str().unwrap()]].concat()).ok();
        let records = run.json_lines();
        assert_eq!(records.len(), puzzles.len(), "one record per puzzle with --probing {probing}: {run}");
        for (r, puzzle) in records.iter().zip(&puzzles) {
            assert_eq!(r["puzzle"], *puzzle, "the records come in the file's order: {r}");
            assert_eq!(r["unique"], true, "{r}");
            assert_solves(puzzle, r["solution"].as_array().unwrap());
        }
    }
}

#[test]
fn text_output_draws_the_grid() {
    let dir = Dir::new();
    let path =
        dir.write("one.txt", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
    let run = dir.run(&["solve", "--kind", "sudoku", path.to_str().unwrap()]).ok();
    assert!(run.stdout.contains("one.txt: 30 givens: unique solution"), "{run}");
    assert!(run.stdout.contains("| 5 3 4 | 6 7 8 | 9 1 2 |"), "{run}");
}

#[test]
fn several_solutions_are_counted_and_exit_1() {
    let dir = Dir::new();
    // The classic puzzle with its first two givens (5 and 3) removed has more than one solution.
    let path =
        dir.write("loose.txt", "....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
    let run = dir.run(&["solve", "--kind", "sudoku", "--count", "--json", path.to_str().unwrap()]).expect_code(1);
    let r = &run.json_lines()[0];
    assert!(r["solutions"].as_u64().unwrap() >= 2, "{r}");
    assert_eq!(r["unique"], false);
}

#[test]
fn bad_lines_are_named_and_exit_2() {
    let dir = Dir::new();
    let good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let text = format!("# puzzles\n{good}\n123456789\n{}x\n55{}\n", &good[..80], &good[2..]);
    let path = dir.write("bad.txt", text);
    let name = path.to_str().unwrap();
    let run = dir.run(&["solve", "--kind", "sudoku", name]).expect_code(2);
    assert!(run.stdout.contains(":2: 30 givens: unique solution"), "{run}");
    assert!(
        run.stderr.contains(&format!("{name}:3: expected 81 cells")) && run.stderr.contains("found 9 characters"),
        "{run}"
    );
    // Lines that are not puzzles: one error for the file, naming the others' lines.
    assert!(run.stderr.contains("(and 1 more puzzle that cannot be read, at line 4)"), "{run}");
    assert!(run.stderr.contains(&format!("{name}:5: the givens clash: row 1 holds 5 twice")), "{run}");
    assert_eq!(run.stderr.lines().count(), 2, "{run}");
    let x = dir.write("x.txt", format!("{}x\n", &good[..80]));
    let run = dir.run(&["solve", x.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("x.txt:1: character 81: `x` is not a cell"), "{run}");
    let empty = dir.write("empty.txt", "# nothing\n");
    let run = dir.run(&["solve", "--kind", "sudoku", empty.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("no puzzle"), "{run}");
    let run = dir.run(&["solve", "--kind", "sudoku", "--format", "task", name]).expect_code(2);
    assert!(run.stderr.contains("--format task is for Aquarium"), "{run}");
}

#[test]
fn generated_puzzles_grade_at_their_level_and_repeat_with_the_seed() {
    let dir = Dir::new();
    let args = ["generate", "--kind", "sudoku", "--difficulty", "medium", "--symmetry", "mirror", "--count", "3"];
    let first = dir.run(&[&args[..], &["--seed", "11"]].concat()).ok();
    let again = dir.run(&[&args[..], &["--seed", "11"]].concat()).ok();
    let other = dir.run(&[&args[..], &["--seed", "12"]].concat()).ok();
    assert_eq!(first.stdout, again.stdout);
    assert_ne!(first.stdout, other.stdout);
    let lines: Vec<&str> = first.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{first}");
    for pair in lines.chunks(2) {
        assert!(pair[0].starts_with("# ") && pair[0].contains(", medium ("), "{first}");
        let row_mirrored =
            pair[1].as_bytes().chunks(9).all(|row| (0..9).all(|c| (row[c] == b'.') == (row[8 - c] == b'.')));
        assert!(row_mirrored, "{}", pair[1]);
    }
    let path = dir.write("made.txt", &first.stdout);
    let graded = dir.run(&["grade", "--json", path.to_str().unwrap()]).ok();
    let records = graded.json_lines();
    assert_eq!(records.len(), 3);
    for r in &records {
        assert_eq!(r["unique"], true, "{r}");
        assert_eq!(r["level"], "medium", "{r}");
        assert_solves(r["puzzle"].as_str().unwrap(), r["solution"].as_array().unwrap());
        let medium = ["locked candidates", "naked pair", "hidden pair", "naked triple", "hidden triple"];
        assert!(medium.iter().any(|t| r["techniques"].get(t).is_some()), "{r}");
    }
}

#[test]
fn grade_prints_hints_and_refuses_puzzles_without_one_solution() {
    let dir = Dir::new();
    let classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let path = dir.write("p.txt", format!("{classic}\n{}\n", classic.replacen("53", "..", 1)));
    let run = dir.run(&["grade", "--hints", path.to_str().unwrap()]).expect_code(1);
    assert!(run.stdout.contains(":1: 30 givens: easy (hidden single "), "{run}");
    let steps = run.stdout.lines().filter(|l| l.contains(" = ") && l.contains("single")).count();
    assert_eq!(steps, 51, "{run}");
    assert!(
        run.stdout.contains(":2: 28 givens: ") && run.stdout.contains("solutions") && run.stdout.contains("not graded"),
        "{run}"
    );

    let bad = dir.write("bad.txt", format!("# a comment\n{}\n", &classic[..80]));
    let run = dir.run(&["grade", bad.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("bad.txt:2: expected 81 cells"), "{run}");
}

#[test]
fn an_unreachable_level_is_an_error_that_says_so() {
    let dir = Dir::new();
    let run = dir.run(&["generate", "--kind", "sudoku", "--difficulty", "guess", "--attempts", "1", "--seed", "3"]);
    // Seed 3's first grid is not a guess puzzle.
    let run = run.expect_code(2);
    assert!(run.stderr.contains("no guess puzzle in 1 attempts"), "{run}");
}

/// The records of a `solve --json` run, without what differs between
/// solvers and runs (time, nodes, probes).
fn answers(run: &crate::util::Run) -> Vec<serde_json::Value> {
    let mut records = run.json_lines();
    for r in &mut records {
        let fields = r.as_object_mut().unwrap();
        for name in ["micros", "nodes", "probes"] {
            assert!(fields.remove(name).is_some_and(|v| v.is_u64()), "{name} is missing");
        }
    }
    records
}

#[test]
fn the_bitboard_solver_and_the_engine_give_the_same_answers() {
    let dir = Dir::new();
    for name in ["17_clue_sample.txt", "se11_sample.txt"] {
        let file = fixtures().join("sudoku").join(name);
        let file = file.to_str().unwrap();
        let fast = dir.run(&["solve", "--kind", "sudoku", "--json", file]).ok();
        let slow = dir.run(&["solve", "--kind", "sudoku", "--json", "--solver", "engine", file]).ok();
        let records = answers(&fast);
        assert!(records.len() >= 300, "{name}: {fast}");
        assert_eq!(records, answers(&slow), "{name}");
        for r in &records {
            assert_eq!(r["unique"], true, "{r}");
            assert_solves(r["puzzle"].as_str().unwrap(), r["solution"].as_array().unwrap());
        }
    }
}

#[test]
fn json_records_keep_every_field_and_their_order_around_errors() {
    let dir = Dir::new();
    let classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let clash = format!("55{}", &classic[2..]);
    let loose = classic.replacen("53", "..", 1);
    let path = dir.write("mixed.txt", format!("{classic}\n{clash}\n{loose}\n"));
    let run = dir.run(&["solve", "--kind", "sudoku", "--json", "--all", path.to_str().unwrap()]).expect_code(2);
    let records = run.json_lines();
    // The clash is reported in its place, between the two puzzles' records.
    assert_eq!(records.len(), 3, "{run}");
    assert_eq!(records[0]["line"], 1);
    assert!(records[1]["error"].as_str().unwrap().contains(":2: the givens clash"), "{run}");
    assert_eq!(records[2]["line"], 3);
    let names: Vec<&String> = records[2].as_object().unwrap().keys().collect();
    let expected = [
        "all",
        "answer",
        "exhausted",
        "file",
        "givens",
        "kind",
        "line",
        "micros",
        "nodes",
        "probes",
        "puzzle",
        "solution",
        "solutions",
        "unique",
    ];
    assert_eq!(names, expected, "{run}");
    assert_eq!(records[2]["givens"], 28);
    assert_eq!(records[2]["solutions"], records[2]["all"].as_array().unwrap().len(), "{run}");
    assert_eq!(records[2]["unique"], false);
    assert_eq!(records[2]["exhausted"], true);
    for grid in records[2]["all"].as_array().unwrap() {
        assert_solves(&loose, grid.as_array().unwrap());
    }
    assert_eq!(records[2]["solution"], records[2]["all"][0]);
}

#[test]
fn the_solver_is_chosen_for_sudoku_only() {
    let dir = Dir::new();
    let path =
        dir.write("p.txt", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
    let path = path.to_str().unwrap();
    for solver in ["bitboard", "engine"] {
        let run = dir.run(&["solve", "--kind", "sudoku", "--solver", solver, "--count", path]).ok();
        assert!(run.stdout.contains("p.txt: 30 givens: unique solution"), "{run}");
    }
    let run = dir.run(&["solve", "--kind", "aquarium", "--solver", "engine", path]).expect_code(2);
    assert!(run.stderr.contains("--solver is for --kind sudoku"), "{run}");
}

#[test]
fn json_lines_are_what_serde_json_writes_and_places_name_the_line_only_among_several() {
    let dir = Dir::new();
    let classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let loose = classic.replacen("53", "..", 1);
    let path = dir.write("two.txt", format!("{classic}\n\n{loose}\n"));
    let name = path.to_str().unwrap();
    for args in [&["--json"][..], &["--json", "--all"], &["--json", "--count"]] {
        let run = dir.run(&[&["solve", "--kind", "sudoku"][..], args, &[name]].concat()).expect_code(1);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{run}");
        for line in lines {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(serde_json::to_string(&record).unwrap(), line, "{args:?}");
        }
    }
    let run = dir.run(&["solve", "--kind", "sudoku", name]).expect_code(1);
    assert!(run.stdout.contains(&format!("{name}:1: 30 givens: unique solution")), "{run}");
    assert!(run.stdout.contains(&format!("{name}:3: 28 givens: ")), "{run}");
    // A file of one puzzle is named by the file alone, in text and JSON.
    let clash = dir.write("clash.txt", format!("55{}\n", &classic[2..]));
    let clash = clash.to_str().unwrap();
    for json in [false, true] {
        let mut args = vec!["solve", "--kind", "sudoku", clash];
        if json {
            args.push("--json");
        }
        let run = dir.run(&args).expect_code(2);
        assert!(run.stderr.contains(&format!("aquarchive: {clash}: the givens clash: row 1 holds 5 twice")), "{run}");
        if json {
            let message = format!("{clash}: the givens clash: row 1 holds 5 twice");
            assert_eq!(run.json_lines()[0]["error"], message.as_str(), "{run}");
            assert_eq!(run.json_lines()[0]["line"], 1, "{run}");
        }
    }
}
