//! Every kind in the archive: Sudoku, calendar dates and ring instances go
//! through import, list, show, export, stats, verify and re-solve.

use crate::sudoku::assert_solves;
use crate::util::{Dir, fixtures};

fn fixture(path: &str) -> String {
    fixtures().join(path).to_str().unwrap().to_string()
}

/// `import` of the three kinds' fixtures.
fn import_fixtures(dir: &Dir) -> crate::util::Run {
    dir.run(&[
        "import",
        &fixture("sudoku/se_rated_sample.txt"),
        &fixture("calendar/dates.txt"),
        &fixture("ring/expert.txt"),
    ])
}

/// The three kinds' fixtures imported into a fresh archive.
fn archive() -> Dir {
    let dir = Dir::new();
    let run = import_fixtures(&dir).ok();
    assert!(
        run.stdout.contains(
            ": 35 puzzles stored (30 with one solution, 5 with several solutions, as their kind has), 0 already present"
        ),
        "{run}"
    );
    dir
}

fn records(dir: &Dir, args: &[&str]) -> Vec<serde_json::Value> {
    dir.run(args).ok().json_lines()
}

#[test]
fn each_kind_is_stored_with_its_solutions_and_shown() {
    let dir = archive();
    let sudokus = records(&dir, &["list", "--kind", "sudoku", "--json"]);
    assert_eq!(sudokus.len(), 30);
    for r in &sudokus {
        assert_eq!((r["status"].as_str(), r["solutions"].as_u64()), (Some("ok"), Some(1)), "{r}");
        assert_solves(r["text"].as_str().unwrap().trim(), r["solution_rows"].as_array().unwrap());
    }
    // Tiling counts as the calendar command gives them (README).
    let calendars = records(&dir, &["list", "--kind", "calendar", "--json"]);
    let counts: Vec<(String, u64)> = calendars
        .iter()
        .map(|r| (r["text"].as_str().unwrap().trim().to_string(), r["solutions"].as_u64().unwrap()))
        .collect();
    let expected =
        [("standard Oct 6", 7), ("standard Jan 25", 216), ("weekday Apr 6 Mon", 97), ("weekday Jan 1 Sun", 1495)];
    assert_eq!(counts, expected.map(|(t, n)| (t.to_string(), n)));
    assert!(calendars.iter().all(|r| r["status"] == "several"));
    let rings = records(&dir, &["list", "--kind", "ring", "--json"]);
    assert_eq!(rings.len(), 1);
    assert_eq!(rings[0]["solutions"], 4);
    // The stored ring solution is one of the four published.
    let published = std::fs::read_to_string(fixtures().join("ring/expert.solutions.txt")).unwrap();
    let stored = rings[0]["solution"]["solution"].as_str().unwrap().lines().next().unwrap().to_string();
    let triangles = stored.strip_prefix("triangles: ").unwrap();
    assert!(published.lines().any(|l| l == triangles), "{stored}");

    let id = |r: &serde_json::Value| r["id"].as_i64().unwrap().to_string();
    let shown = dir.run(&["show", &id(&sudokus[0])]).ok();
    assert!(shown.stdout.contains("sudoku 9x9, ok") && shown.stdout.contains("solution:\n+-------+"), "{shown}");
    let shown = dir.run(&["show", &id(&calendars[3])]).ok();
    assert!(shown.stdout.contains("1495 solutions (the first shown)"), "{shown}");
    assert!(shown.stdout.contains("Jan 1 Sun on the weekday board:\nJan "), "{shown}");
    let shown = dir.run(&["show", &id(&rings[0])]).ok();
    assert!(shown.stdout.contains("ring 24x8, several") && shown.stdout.contains("[go ]"), "{shown}");
    let json = dir.run(&["show", "--json", &id(&rings[0])]).ok().json_lines();
    assert_eq!(json[0]["solution_rows"].as_array().unwrap().len(), 8);

    let stats = dir.run(&["stats"]).ok();
    for class in ["sudoku 9x9 | 30 ", "calendar 7x7 |  0 ", "calendar 7x8 |  0 ", "ring 24x8 |  0 "] {
        assert!(stats.stdout.contains(class), "{class}\n{stats}");
    }
    let verified = dir.run(&["verify"]).ok();
    assert!(verified.stdout.contains("35 puzzles checked, 0 mismatches"), "{verified}");
}

#[test]
fn importing_twice_adds_nothing_and_exports_import_back() {
    let dir = archive();
    let again = import_fixtures(&dir).ok();
    assert!(again.stdout.contains(": 0 puzzles stored, 35 already present"), "{again}");
    let jsonl = dir.run(&["export", "--format", "jsonl"]).ok();
    assert_eq!(jsonl.stdout.lines().count(), 35);
    // Task strings are Aquarium's: there are none here.
    assert_eq!(dir.run(&["export", "--format", "task"]).ok().stdout, "");
    dir.run(&["export", "--format", "text", "--out", "out"]).ok();
    let other = dir.join("other.sqlite");
    // The exported files read back as the same kinds and texts (no --kind needed).
    let out = dir.join("out");
    let back = dir.run(&["--db", other.to_str().unwrap(), "import", out.to_str().unwrap()]).ok();
    assert!(back.stdout.contains(": 35 puzzles stored (30 with one solution, 5 with several solutions"), "{back}");
    let texts = |db: Option<&str>| {
        let mut args = vec![];
        if let Some(db) = db {
            args.extend(["--db", db]);
        }
        args.extend(["list", "--json"]);
        let mut t: Vec<(String, String)> = records(&dir, &args)
            .iter()
            .map(|r| (r["kind"].as_str().unwrap().into(), r["text"].as_str().unwrap().into()))
            .collect();
        t.sort();
        t
    };
    assert_eq!(texts(None), texts(Some(other.to_str().unwrap())));
}

#[test]
fn bad_files_name_their_line_and_leave_the_archive_as_it_was() {
    let dir = archive();
    let before = dir.run(&["list"]).ok().stdout;
    let classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let cases = [
        ("bad-sudoku.txt", format!("# one bad line\n\n{}x\n", &classic[..80]), "bad-sudoku.txt:3: character 81: `x`"),
        ("bad-dates.txt", "standard Jan 5\n".replace("Jan 5", "Fev 3"), "bad-dates.txt:1: "),
        (
            "bad-ring.txt",
            "size 8 24\ngreen: (9,0)\nblue:\nred:\n".into(),
            "bad-ring.txt:2: green ball (9,0) is off the board",
        ),
        (
            "bad-weekday.txt",
            "# no weekday: it would depend on the year\nweekday Mar 14\n".into(),
            "bad-weekday.txt:2: ",
        ),
    ];
    for (name, text, message) in &cases {
        let path = dir.write(name, text);
        let run = dir.run(&["import", path.to_str().unwrap()]).expect_code(2);
        assert!(run.stderr.contains(message), "{message}\n{run}");
    }
    // Forcing the wrong kind is an error too, by line.
    let path = dir.write("dates-as-sudoku.txt", "standard Jan 5\n");
    let run = dir.run(&["import", "--kind", "sudoku", path.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("dates-as-sudoku.txt:1: expected 81 cells"), "{run}");
    assert_eq!(dir.run(&["list"]).ok().stdout, before);
}

#[test]
fn stored_puzzles_of_a_kind_are_re_solved() {
    let dir = archive();
    let run = dir.run(&["solve", "--kind", "sudoku", "--all"]).ok();
    assert!(run.stdout.contains(": 30 puzzles solved (30 ok), 0 changed status"), "{run}");
    // Several tilings are what a calendar date has: no fault, exit 0.
    let run = dir.run(&["solve", "--kind", "calendar", "--all"]).ok();
    assert!(run.stdout.contains(": 4 puzzles solved (4 several), 0 changed status"), "{run}");
    let run = dir.run(&["solve", "--all"]).ok();
    assert!(run.stdout.contains(": 35 puzzles solved (30 ok, 5 several)"), "{run}");
    // Files of other kinds than Aquarium have no task strings.
    let path = dir.write("s.txt", "x;y\n");
    let run = dir.run(&["solve", "--kind", "sudoku", "--format", "task", path.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("--format task is for Aquarium"), "{run}");
}
