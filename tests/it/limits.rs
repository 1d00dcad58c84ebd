//! The extremes of every count a user types: 0, negative, the largest of
//! the type and past it. Each is either refused by the command line with
//! the range it takes (exit code 2, nothing done) or runs without wrapping
//! or a panic. config.toml's numbers are checked in `config`'s own tests
//! and its fuzz target.

use crate::util::{Dir, fixtures};

const U64_MAX: &str = "18446744073709551615";
/// 2^64: past every integer type the options take.
const PAST_U64: &str = "18446744073709551616";
const HUGE: &str = "1000000000000000000000000000000";

/// A dir with an archive of the fixture Aquarium puzzles.
fn archive() -> Dir {
    let dir = Dir::new();
    dir.run(&["import", &fixtures().join("aquarium/puzzles").display().to_string()]).ok();
    dir
}

fn aquarium_file() -> String {
    fixtures().join("aquarium/puzzles/10x10_easy_3081686.txt").display().to_string()
}

/// Runs `args` with `value` in place of `{}` and checks it is refused by the
/// command line saying `why`, with no panic.
fn refused(dir: &Dir, args: &[&str], value: &str, why: &str) {
    let args: Vec<String> = args.iter().map(|arg| arg.replace("{}", value)).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = dir.run(&args).expect_code(2);
    assert!(run.stderr.contains(why), "{:?}: {run}", args);
    assert!(!run.stderr.contains("panicked"), "{run}");
}

#[test]
fn counts_out_of_range_are_refused_naming_the_range() {
    let dir = archive();
    let before = dir.run(&["stats"]).ok().stdout;
    let file = aquarium_file();
    let cases: &[(&[&str], &str, &str)] = &[
        (&["fetch", "6x6-easy", "--count", "{}"], "0", "0 is not in 1..=1000"),
        (&["fetch", "6x6-easy", "--count", "{}"], "1001", "1001 is not in 1..=1000"),
        (&["fetch", "6x6-easy", "--count", "{}"], U64_MAX, "number too large"),
        (&["fetch", "6x6-easy", "--count", "{}"], HUGE, "number too large"),
        (&["fetch", "6x6-easy", "--count", "{}"], "-1", "unexpected argument '-1'"),
        (&["generate", "--size", "6", "--count", "{}"], "0", "0 is not in 1..=1000000"),
        (&["generate", "--size", "6", "--count", "{}"], "1000001", "1000001 is not in 1..=1000000"),
        (&["generate", "--size", "6", "--count", "{}"], U64_MAX, "is not in 1..=1000000"),
        (&["generate", "--size", "6", "--count", "{}"], PAST_U64, "number too large"),
        (&["generate", "--size", "6", "--count", "{}"], "-1", "unexpected argument '-1'"),
        (&["generate", "--size", "6", "--tanks", "{}"], "0", "0 is not in 1..=10000"),
        (&["generate", "--size", "6", "--tanks", "{}"], "10001", "10001 is not in 1..=10000"),
        (&["generate", "--size", "6", "--tanks", "{}"], PAST_U64, "number too large"),
        (&["generate", "--size", "6", "--tanks", "{}"], "10000", "--tanks must be from 1 to 36 for a 6x6 grid"),
        (&["generate", "--size", "{}"], "1", "1 is not in 2..=100"),
        (&["generate", "--size", "{}"], "101", "101 is not in 2..=100"),
        (&["generate", "--size", "{}"], U64_MAX, "number too large"),
        (&["generate", "--size", "6", "--seed", "{}"], PAST_U64, "number too large"),
        (&["generate", "--size", "6", "--seed", "{}"], "-1", "unexpected argument '-1'"),
        (&["generate", "--kind", "sudoku", "--difficulty", "easy", "--attempts", "{}"], "0", "0 is not in 1.."),
        (&["generate", "--kind", "sudoku", "--difficulty", "easy", "--attempts", "{}"], "4294967296", "4294967296"),
        (&["export", "--html", "site", "--per-page", "{}"], "0", "0 is not in 1.."),
        (&["export", "--html", "site", "--per-page", "{}"], "4294967296", "4294967296 is not in 1..=4294967295"),
        (&["show", "{}"], "0", "0: not a puzzle's ID (IDs run from 1)"),
        (&["show", "--", "{}"], "-1", "give a puzzle's ID or a special's name"),
        (&["show", "{}"], U64_MAX, "number too large for a puzzle's ID"),
        (&["resolve", "--id", "{}"], "0", "0 is not in 1.."),
        (&["resolve", "--id", "{}"], PAST_U64, "number too large"),
        (&["solve", &file, "--limit", "{}"], "0", "0 is not in 1.."),
        (&["solve", &file, "--limit", "{}"], PAST_U64, "number too large"),
        (&["calendar", "--all", "--limit", "{}", "Jan", "1"], "0", "0 is not in 1.."),
        (&["calendar", "--all", "--limit", "{}", "Jan", "1"], PAST_U64, "number too large"),
        (&["log", "--limit", "{}"], PAST_U64, "number too large"),
        (&["log", "--limit", "{}"], "-1", "unexpected argument '-1'"),
        (&["fetch", "--size", "6x6-easy", "--id", "{}"], HUGE, "is not a puzzle ID"),
    ];
    for (args, value, why) in cases {
        refused(&dir, args, value, why);
    }
    // Nothing refused touched the archive or made a site.
    assert!(!dir.join("site").exists());
    assert_eq!(dir.run(&["stats"]).ok().stdout, before);
}

#[test]
fn the_largest_counts_taken_run_without_overflow() {
    let dir = archive();
    let solved = dir.run(&["solve", &aquarium_file(), "--limit", U64_MAX]).ok();
    assert!(!solved.stdout.is_empty(), "{solved}");
    let log = dir.run(&["log", "--limit", U64_MAX]).ok();
    assert!(!log.stderr.contains("panicked"), "{log}");
    let missing = dir.run(&["show", "9223372036854775807"]).expect_code(2);
    assert!(missing.stderr.contains("no puzzle with id 9223372036854775807"), "{missing}");
    let resolved = dir.run(&["resolve", "--id", "9223372036854775807"]);
    assert!(!resolved.stderr.contains("panicked") && resolved.code != 101, "{resolved}");
    dir.run(&["export", "--html", "site", "--per-page", "4294967295"]).ok();
    assert!(dir.join("site/index.html").exists() && !dir.join("site/index-2.html").exists());
    let generated = dir.run(&["generate", "--size", "6", "--seed", U64_MAX, "--count", "2"]).ok();
    assert_eq!(generated.stdout.matches("# aquarchive generate").count(), 2, "{generated}");
    let sudoku = dir.run(&["generate", "--kind", "sudoku", "--difficulty", "easy", "--attempts", "4294967295"]).ok();
    assert_eq!(sudoku.stdout.matches("# aquarchive generate").count(), 1, "{sudoku}");
    let tilings = dir.run(&["calendar", "--all", "--limit", U64_MAX, "Jan", "1"]).ok();
    assert!(!tilings.stdout.is_empty(), "{tilings}");
    // -v counted past its u8 stays at the most said.
    let verbose: Vec<&str> = std::iter::repeat_n("-v", 300).chain(["stats"]).collect();
    dir.run(&verbose).ok();
}
