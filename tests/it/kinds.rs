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
    // Tiling counts as the calendar command gives them (docs/guide.md).
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
    let published = std::fs::read_to_string(fixtures().join("ring/expert.solution.txt")).unwrap();
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
    assert!(shown.stdout.contains("ring 8 rows x 24 sectors, several") && shown.stdout.contains("[go ]"), "{shown}");
    let json = dir.run(&["show", "--json", &id(&rings[0])]).ok().json_lines();
    assert_eq!(json[0]["solution_rows"].as_array().unwrap().len(), 8);

    let stats = dir.run(&["stats"]).ok();
    for class in ["sudoku 9x9 | 30 ", "calendar 7x7 |  0 ", "calendar 8x7 |  0 ", "ring 8 rows x 24 sectors |  0 "] {
        assert!(stats.stdout.contains(class), "{class}\n{stats}");
    }
    let verified = dir.run(&["verify"]).ok();
    assert!(verified.stdout.contains("35 puzzles checked, 0 mismatches"), "{verified}");
}

#[test]
fn importing_twice_adds_nothing_and_exports_import_back() {
    let dir = archive();
    let again = import_fixtures(&dir).expect_code(3);
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
    let run = dir.run(&["resolve", "--kind", "sudoku", "--all"]).ok();
    assert!(run.stdout.contains(": 30 puzzles solved (30 ok), 0 changed status"), "{run}");
    // Several tilings are what a calendar date has: no fault, exit 0.
    let run = dir.run(&["resolve", "--kind", "calendar", "--all"]).ok();
    assert!(run.stdout.contains(": 4 puzzles solved (4 several, as their kind has), 0 changed status"), "{run}");
    let run = dir.run(&["resolve", "--all"]).ok();
    assert!(run.stdout.contains(": 35 puzzles solved (30 ok, 5 several, as their kind has)"), "{run}");
    // Files of other kinds than Aquarium have no task strings.
    let path = dir.write("s.txt", "x;y\n");
    let run = dir.run(&["solve", "--kind", "sudoku", "--format", "task", path.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("--format task is for Aquarium"), "{run}");
}

/// Several solutions are the rule for calendar dates and ring instances: no
/// fault in the exit code or the HTML index, which still marks an Aquarium
/// with several. Sizes read the same in `list` as in the kinds' own commands.
#[test]
fn several_solutions_are_no_fault_where_the_kind_has_them_and_sizes_agree() {
    let dir = archive();
    dir.write("two.txt", "1 2\n3 4\n1 1\n1 1\n");
    dir.run(&["import", "two.txt"]).expect_code(1);
    dir.run(&["solve", "--kind", "ring", &fixture("ring/expert.txt")]).ok();
    dir.run(&["solve", &fixture("calendar/dates.txt")]).ok();
    dir.run(&["solve", "two.txt"]).expect_code(1);

    dir.run(&["export", "--html", "site"]).ok();
    let index = std::fs::read_to_string(dir.join("site/index.html")).unwrap();
    let marks = |kind: &str| -> Vec<String> {
        index
            .lines()
            .filter(|l| l.contains(&format!("<td>{kind}</td>")))
            .map(|l| {
                let status = l.split("<td class=\"").skip(1).find(|c| c.starts_with("status-"));
                status.unwrap_or_else(|| panic!("no status cell: {l}")).split('"').next().unwrap().to_string()
            })
            .collect()
    };
    assert_eq!(marks("ring"), ["status-several-expected"]);
    assert_eq!(marks("calendar"), ["status-several-expected"; 4]);
    assert_eq!(marks("aquarium"), ["status-several"]);
    assert!(marks("sudoku").iter().all(|m| m == "status-ok"));
    let script = std::fs::read_to_string(dir.join("site/puzzles.js")).unwrap();
    assert!(script.lines().any(|l| l.contains("\"ring\"") && l.contains(",\"status-several-expected\",")), "{script}");
    let style = std::fs::read_to_string(dir.join("site/style.css")).unwrap();
    let red = style.lines().find(|l| l.contains("#b02020")).unwrap();
    assert!(!red.contains("status-several-expected"), "{red}");

    // One way of writing each kind's size.
    let list = dir.run(&["list"]).ok().stdout;
    let weekday = dir.run(&["calendar", "Jan", "1", "Sun", "--weekday"]).ok().stdout;
    assert!(weekday.starts_with("Jan 1 Sun on the weekday board (8x7, 10 pieces)"), "{weekday}");
    assert!(list.contains("calendar 8x7 ") && list.contains("calendar 7x7 "), "{list}");
    let ring = dir.run(&["solve", &fixture("ring/expert.txt")]).ok().stdout;
    assert!(ring.contains(": 8 rows x 24 sectors: "), "{ring}");
    assert!(list.contains("ring 8 rows x 24 sectors "), "{list}");
    assert!(!list.contains("7x8") && !list.contains("24x8"), "{list}");
}

/// A shell's `dir/*.txt` names the solution files too: they are left out as
/// the directory walk leaves them; a stray non-puzzle file is one error.
#[test]
fn solution_files_named_are_left_out_and_a_stray_file_is_one_error() {
    let dir = Dir::new();
    let mut files: Vec<String> = std::fs::read_dir(fixtures().join("aquarium/puzzles"))
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .filter(|p| p.starts_with(fixtures().join("aquarium/puzzles/6x6").to_str().unwrap()))
        .collect();
    files.sort();
    let solutions = files.iter().filter(|f| f.ends_with(".solution.txt")).count();
    assert!(solutions > 2);
    let mut args = vec!["import"];
    args.extend(files.iter().map(String::as_str));
    let run = dir.run(&args).ok();
    assert!(run.stdout.contains(&format!(": {} puzzles stored, 0 already present", files.len() - solutions)), "{run}");
    assert_eq!(
        run.stderr,
        format!("aquarchive: {solutions} solution files (*.solution.txt) left out: they hold solutions, not puzzles\n")
    );

    dir.write("notes.txt", "Puzzles to try\n\nthe hard ones first\nthen the rest\n\nand more\nnotes\n");
    let puzzle = files.iter().find(|f| !f.ends_with(".solution.txt")).unwrap();
    let run = dir.run(&["--db", "b.sqlite", "import", "notes.txt", puzzle]).expect_code(2);
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), 1, "{run}");
    assert!(errors[0].starts_with("aquarchive: notes.txt:1: a puzzle is its rows of tanks"), "{run}");
    assert!(errors[0].contains("(and 2 more puzzles that cannot be read, at lines 3 and 6)"), "{run}");
    assert!(run.stdout.ends_with(": 1 puzzle stored, 0 already present, 3 not readable as puzzles\n"), "{run}");
}
