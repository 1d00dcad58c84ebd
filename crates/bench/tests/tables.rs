//! Each table of `aquarchive-bench`, printed by the real binary with small
//! settings, run from a temp dir so that the defaults must find the
//! repository's fixtures by themselves.

use std::process::{Command, Stdio};

/// stdout of `aquarchive-bench args`, which must succeed, and leave
/// nothing behind in the temp directory it is given (the test's own).
fn bench(args: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("a temp dir for the benchmark");
    let output = Command::new(env!("CARGO_BIN_EXE_aquarchive-bench"))
        .args(args)
        .current_dir(dir.path())
        .env("TMPDIR", &tmp)
        .stdin(Stdio::null())
        .output()
        .expect("start aquarchive-bench");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "aquarchive-bench {}: {}\n{stdout}\n{stderr}", args.join(" "), output.status);
    let left: Vec<_> =
        std::fs::read_dir(&tmp).expect("list the temp dir").map(|e| e.expect("an entry").path()).collect();
    assert!(left.is_empty(), "aquarchive-bench {} left {left:?}", args.join(" "));
    stdout
}

/// What `aquarchive-bench args` did, run from an empty temp dir, for the
/// runs that must fail.
fn run_in_temp_dir(args: &[&str]) -> std::process::Output {
    let dir = tempfile::tempdir().expect("a temp dir");
    Command::new(env!("CARGO_BIN_EXE_aquarchive-bench"))
        .args(args)
        .current_dir(dir.path())
        .output()
        .expect("start aquarchive-bench")
}

/// The cells of a table line (`| a | b |`), trimmed.
fn cells(line: &str) -> Vec<&str> {
    let inner =
        line.trim().strip_prefix('|').and_then(|l| l.strip_suffix('|')).unwrap_or_else(|| panic!("not a row: {line}"));
    inner.split('|').map(str::trim).collect()
}

/// Every row (header first) of the table under the line starting `title`.
fn table<'a>(out: &'a str, title: &str) -> Vec<Vec<&'a str>> {
    let mut lines = out.lines().skip_while(|l| !l.starts_with(title));
    assert!(lines.next().is_some(), "no table titled {title:?} in:\n{out}");
    let rows: Vec<_> = lines.take_while(|l| l.starts_with('|')).collect();
    assert!(rows.len() >= 2 && rows[1].starts_with("|-"), "{title:?}: a header and its rule in:\n{out}");
    rows.iter().enumerate().filter(|&(k, _)| k != 1).map(|(_, l)| cells(l)).collect()
}

/// The cell of `row` in the column headed `column`.
fn cell<'a>(rows: &[Vec<&'a str>], row: &[&'a str], column: &str) -> &'a str {
    let at = rows[0].iter().position(|h| *h == column).unwrap_or_else(|| panic!("no column {column:?}: {:?}", rows[0]));
    row[at]
}

#[test]
fn family_solves_each_kinds_real_puzzles_to_the_answers_the_sites_hashed() {
    let out = bench(&["family", "--runs", "1", "--kind", "aquarium", "--kind", "thermometers", "--kind", "sudoku"]);
    let rows = table(&out, "The family's real puzzles (tests/fixtures/family/states.jsonl)");
    assert_eq!(
        rows[0],
        [
            "kind",
            "puzzles",
            "median ms",
            "worst ms",
            "worst size",
            "confirmed",
            "grade median ms",
            "grade worst ms",
            "graded"
        ]
    );
    let kinds: Vec<&str> = rows[1..].iter().map(|r| r[0]).collect();
    assert_eq!(kinds, ["aquarium", "sudoku", "thermometers"]);
    for row in &rows[1..] {
        let puzzles = cell(&rows, row, "puzzles");
        assert_eq!(cell(&rows, row, "confirmed"), format!("{puzzles}/{puzzles}"), "{out}");
        assert!(cell(&rows, row, "median ms").parse::<f64>().unwrap() <= cell(&rows, row, "worst ms").parse().unwrap());
        // Aquarium and Sudoku have graders of their own, not the engine's.
        let graded = if row[0] == "thermometers" { format!("{puzzles}/{puzzles}") } else { "-".to_string() };
        assert_eq!(cell(&rows, row, "graded"), graded, "{out}");
    }
}

#[test]
fn ring_finds_the_four_solutions_of_the_fixture_by_every_search() {
    let out = bench(&["ring", "--runs", "2"]);
    let rows = table(&out, "Ring puzzle tests/fixtures/ring/expert.txt: all solutions");
    assert_eq!(rows[0], ["search", "best ms", "solutions", "assignments", "nodes", "probes"]);
    let searches: Vec<&str> = rows[1..].iter().map(|r| r[0]).collect();
    assert_eq!(searches, ["counters", "dancing links", "multi-cover off", "multi-cover root", "multi-cover fixpoint"]);
    for row in &rows[1..] {
        assert_eq!(cell(&rows, row, "solutions"), "4", "{out}");
        // The ball assignments behind the four sets of triangles: the same for every search.
        assert_eq!(cell(&rows, row, "assignments"), "240", "{out}");
        assert!(cell(&rows, row, "best ms").parse::<f64>().is_ok_and(|ms| ms > 0.0), "{out}");
    }
}

#[test]
fn calendar_counts_every_tiling_of_the_standard_board() {
    let out = bench(&["calendar", "--board", "standard", "--engine-first", "2", "--engine-sample", "1"]);
    let first = table(&out, "Calendar, one tiling (verified) for every month/day(/weekday) combination");
    assert_eq!(first.len(), 2, "the standard board alone: {out}");
    assert_eq!(first[1][0], "standard");
    assert_eq!(cell(&first, &first[1], "combinations"), "372", "{out}");
    assert_eq!(cell(&first, &first[1], "engine, counters s").split(' ').nth(1), Some("(est."), "{out}");
    let all = table(&out, "Calendar, every tiling of every combination");
    assert_eq!(all.len(), 2, "{out}");
    assert_eq!(cell(&all, &all[1], "tilings"), "25,061", "{out}");
    // The engine's sample counted what the bitboard counted (else an error).
    assert!(cell(&all, &all[1], "engine, dancing links s").contains("tilings)"), "{out}");
}

#[test]
fn aquarium_times_every_fixture_and_the_generated_sizes() {
    let out = bench(&["aquarium", "--runs", "1", "--large", "1", "--sizes", "8,9"]);
    let rows =
        table(&out, "Solve and prove unique, 95 real puzzles from tests/fixtures/aquarium/puzzles, best of 1 runs");
    assert_eq!(rows[0][..5], ["class", "n", "off median µs", "off worst µs", "off nodes"]);
    assert_eq!(rows[0].len(), 2 + 4 * 3, "three columns for each probing setting: {out}");
    let classes = &rows[1..rows.len() - 1];
    let puzzles: usize = classes.iter().map(|r| r[1].parse::<usize>().expect("a count")).sum();
    assert_eq!(puzzles, 95, "{out}");
    let hard = classes.iter().find(|r| r[0] == "15x15 hard").expect("a 15x15 hard row");
    assert_eq!(hard[1], "28", "{out}");
    let total = rows.last().expect("a total row");
    assert_eq!(total[0], "whole corpus, total ms");
    assert!(total[2].parse::<f64>().is_ok_and(|ms| ms > 0.0), "{out}");

    let generated = table(&out, "Generated puzzles (seed 1, one tank to five cells), 1 per size");
    let names: Vec<&str> = generated[1..].iter().map(|r| r[0]).collect();
    assert_eq!(names, ["8x8 generated", "9x9 generated"], "{out}");
    for row in &generated[1..] {
        assert_eq!(row[1], "1");
        assert_eq!(cell(&generated, row, "off median µs"), "-", "only the default setting: {out}");
        assert!(cell(&generated, row, "adaptive median µs").parse::<f64>().is_ok(), "{out}");
    }
    assert!(out.contains("Generating (including the timed solves above): 8x8: "), "{out}");
}

#[test]
fn sudoku_rates_each_sample_beside_the_published_figures() {
    let out = bench(&["sudoku", "--sample", "5", "--rounds", "1"]);
    let rows = table(&out, "Sudoku, first solution plus uniqueness proof (limit 2)");
    assert_eq!(rows[0][..4], ["set", "puzzles", "bitboard /s", "counters /s"]);
    let sets: Vec<&str> = rows[1..].iter().map(|r| r[0]).collect();
    assert_eq!(sets, ["17_clue_sample.txt", "se11_sample.txt", "forum_hardest_1106.txt"]);
    for row in &rows[1..] {
        assert_eq!(row[1], "5", "{out}");
        for column in ["bitboard /s", "dancing links /s", "median guesses (bitboard)"] {
            assert!(cell(&rows, row, column).replace(',', "").parse::<u64>().is_ok(), "{column}: {out}");
        }
    }
    assert_eq!(cell(&rows, &rows[1], "tdoku*"), "364,355", "{out}");
    assert_eq!(cell(&rows, &rows[3], "tdoku*"), "-", "no published figure for this set: {out}");
}

#[test]
fn the_import_benchmark_prints_its_table() {
    let out = bench(&["import", "--count", "40", "--size", "6"]);
    assert!(out.contains("puzzles/s") && out.contains("import: store (SQLite"), "{out}");
    assert!(
        out.contains("40 puzzles stored, 0 already present")
            && out.contains("again: 0 puzzles stored, 40 already present"),
        "{out}"
    );
}

#[test]
fn export_writes_the_generated_archive_with_its_index_pages() {
    let out = bench(&["export", "--count", "30", "--size", "6", "--per-page", "10", "--runs", "2"]);
    let rows = table(&out, "HTML export of 30 generated 6x6 puzzles (seed 1)");
    assert_eq!(rows[0], ["run", "puzzles", "index pages", "MB written", "wall s", "puzzles/s"]);
    assert_eq!(rows.len(), 3, "a row a run: {out}");
    for (k, row) in rows[1..].iter().enumerate() {
        assert_eq!(row[..3], [(k + 1).to_string().as_str(), "30", "3"], "{out}");
    }
}

#[test]
fn a_missing_file_is_named_and_exits_2() {
    let output = run_in_temp_dir(&["ring", "missing.txt"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("aquarchive-bench: missing.txt: "), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn aquarium_random_times_both_styles_at_each_size() {
    let out = bench(&["aquarium-random", "--sizes", "8,9", "--count", "3", "--runs", "1"]);
    let rows = table(
        &out,
        "Solve and prove unique (best of 1 runs, default settings), puzzles of each style: 3 at 8x8, 3 at 9x9; seed 1:",
    );
    assert_eq!(rows[0][..3], ["size", "style", "n"]);
    assert!(!rows[0].iter().any(|h| h.starts_with("CP-SAT")), "no CP-SAT columns without --cpsat: {out}");
    let kinds: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(kinds, [("8x8", "random"), ("8x8", "mended"), ("9x9", "random"), ("9x9", "mended")], "{out}");
    for row in &rows[1..] {
        assert_eq!(cell(&rows, row, "n"), "3", "{out}");
        let ms = |column| cell(&rows, row, column).parse::<f64>().unwrap_or_else(|_| panic!("{column}: {out}"));
        assert!(ms("median ms") <= ms("90th pct ms") && ms("90th pct ms") <= ms("worst ms"), "{out}");
    }
    assert!(
        out.contains("Slowest to solve (puzzle k of `aquarchive generate --size N --seed 1 --count K --style STYLE`"),
        "{out}"
    );
}

#[test]
fn aquarium_random_times_the_styles_asked_with_a_count_for_each_size() {
    let out =
        bench(&["aquarium-random", "--sizes", "8,9", "--count", "2,1", "--runs", "1", "--styles", "random,grown"]);
    let rows = table(
        &out,
        "Solve and prove unique (best of 1 runs, default settings), puzzles of each style: 2 at 8x8, 1 at 9x9; seed 1:",
    );
    let kinds: Vec<(&str, &str, &str)> = rows[1..].iter().map(|r| (r[0], r[1], cell(&rows, r, "n"))).collect();
    assert_eq!(
        kinds,
        [("8x8", "random", "2"), ("8x8", "grown", "2"), ("9x9", "random", "1"), ("9x9", "grown", "1")],
        "{out}"
    );
}

#[test]
fn aquarium_random_names_a_cpsat_script_that_fails() {
    let output = run_in_temp_dir(&[
        "aquarium-random",
        "--sizes",
        "6",
        "--count",
        "1",
        "--cpsat",
        "no-such-script.py",
        "--python",
        "python3",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("aquarchive-bench: no-such-script.py failed"), "{stderr}");
    assert!(output.stdout.is_empty(), "no table when a column cannot be filled");
}

#[test]
fn peers_without_the_peer_solvers_says_in_one_line_how_to_install_them() {
    let output = run_in_temp_dir(&["peers", "--kind", "tents", "--python", "no-such-python"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.lines().last(),
        Some(
            "aquarchive-bench: no-such-python: no such Python; install the peer solvers with \
             scripts/peer-solvers/install (a virtualenv in .peer-solvers), or give --python"
        ),
        "{stderr}"
    );
    assert!(output.stdout.is_empty(), "no table without the peer's column");
}

#[test]
fn aquarium_random_solves_with_restarts_when_asked() {
    // Restarts after one node or probe: every puzzle that needs any search
    // restarts, and the bench fails unless each is still proved unique.
    let out = bench(&["aquarium-random", "--sizes", "12", "--count", "3", "--runs", "1", "--restart-after", "1"]);
    let rows = table(
        &out,
        "Solve and prove unique (best of 1 runs, restarts after 1 nodes plus probes, doubling), puzzles of each style: 3 at 12x12; seed 1:",
    );
    assert_eq!(rows.len(), 3, "a row per style: {out}");
}

#[test]
fn pages_stores_a_solved_kind_and_a_kept_kind_from_the_real_page() {
    let out = bench(&["pages", "--count", "3"]);
    let rows = table(&out, "Saved pages stored one by one (3 a kind");
    let kinds: Vec<&str> = rows[1..].iter().map(|r| r[0]).collect();
    assert_eq!(kinds, ["aquarium", "slant"], "{out}");
    let (aquarium, kept) = (&rows[1], &rows[2]);
    assert_eq!(cell(&rows, aquarium, "pages"), "3");
    assert_eq!(cell(&rows, aquarium, "hash check"), "match");
    assert_eq!(cell(&rows, kept, "hash check"), "pending");
    assert!(cell(&rows, kept, "median ms").parse::<f64>().is_ok(), "{out}");
}
