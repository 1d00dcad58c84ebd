//! What `import` says as a user meets it: what it read nothing of (an
//! empty folder, photos) makes no archive; each puzzle stored flagged is
//! named with its place and why, in the words `solve` gives; "nothing new"
//! is exit status 3 for every kind of input; a bad JSON line is named once.

use crate::util::{Dir, fixtures};

fn fixture(path: &str) -> String {
    fixtures().join(path).display().to_string()
}

/// The first bytes of a PNG file: what tells one apart, whatever its name.
const PNG_START: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

#[test]
fn an_empty_folder_or_one_of_photos_makes_no_archive_and_says_why() {
    let dir = Dir::new();
    std::fs::create_dir(dir.join("empty")).unwrap();
    let run = dir.run(&["import", "empty"]).expect_code(3);
    assert!(run.stderr.contains("nothing to import"), "{run}");
    assert!(run.stderr.contains("nothing was stored, so no archive was made at archive/aquarchive.sqlite"), "{run}");
    assert!(!dir.join("archive").exists(), "no archive, nor its folder: {run}");

    // Photos in a folder: said once, with what reads them; named by their
    // bytes, not their names.
    let jpeg = std::fs::read(fixtures().join("calendar/board-standard.jpg")).unwrap();
    dir.write("photos/board.jpg", &jpeg);
    dir.write("photos/IMG_0001", &jpeg);
    dir.write("photos/board.PNG", PNG_START);
    dir.write("photos/notes.md", "not a photo\n");
    let run = dir.run(&["import", "photos"]).expect_code(3);
    let said: Vec<&str> = run.stderr.lines().filter(|l| l.contains("skipped")).collect();
    assert_eq!(
        said,
        ["aquarchive: 3 photos (JPEG or PNG) skipped: `aquarchive calendar read --import PHOTO` reads a photo of a \
          solved calendar board into the archive"],
        "{run}"
    );
    assert!(!dir.join("archive").exists(), "{run}");

    // With an archive there, the same imports leave it as it was: nothing new.
    dir.run(&["import", &fixture("aquarium/puzzles/6x6_easy_681742.txt")]).ok();
    let before = std::fs::read(dir.join("archive/aquarchive.sqlite")).unwrap();
    dir.run(&["import", "empty"]).expect_code(3);
    let run = dir.run(&["import", "photos"]).expect_code(3);
    assert!(!run.stderr.contains("no archive was made"), "{run}");
    assert!(std::fs::read(dir.join("archive/aquarchive.sqlite")).unwrap() == before);
}

#[test]
fn a_photo_named_is_told_by_its_bytes_and_pointed_to_calendar_read() {
    let dir = Dir::new();
    let jpeg = std::fs::read(fixtures().join("calendar/board-standard.jpg")).unwrap();
    dir.write("board.jpg", &jpeg);
    dir.write("board.txt", PNG_START);
    for (file, format) in [("board.jpg", "JPEG"), ("board.txt", "PNG")] {
        let run = dir.run(&["import", file]).expect_code(2);
        let expected = format!(
            "aquarchive: {file}: a {format} image, not puzzles: `aquarchive calendar read --import PHOTO` reads a \
             photo of a solved calendar board into the archive"
        );
        assert!(run.stderr.lines().any(|l| l == expected), "{run}");
        assert!(!run.stderr.contains("NUL"), "{run}");
        assert!(!dir.join("archive").exists(), "{run}");
        // `solve` reads files as `import` does, and says the same.
        let run = dir.run(&["solve", file]).expect_code(2);
        assert!(run.stderr.contains(&format!("{file}: a {format} image, not puzzles")), "{run}");
    }
}

/// One Aquarium of each verdict, as tests/it/store.rs has them: one with one
/// solution (line 2), one with none (11), one with two (16), an invalid one
/// (21).
fn one_of_each() -> String {
    let good = std::fs::read_to_string(fixtures().join("aquarium/puzzles/6x6_easy_11269657.txt")).unwrap();
    format!("# one of each\n{good}\n1 1\n1 1\n1 1\n1 1\n\n1 2\n3 4\n1 1\n1 1\n\n1 1\n1 1\n2 1\n1 1\n")
}

#[test]
fn each_puzzle_stored_flagged_is_named_with_its_line_and_why_in_the_words_of_solve() {
    let dir = Dir::new();
    dir.write("mixed.txt", one_of_each());
    let run = dir.run(&["import", "mixed.txt"]).expect_code(1);
    assert_eq!(
        run.stdout,
        "archive/aquarchive.sqlite: 4 puzzles stored (1 with one solution, 1 invalid, 1 with no solution, 1 with \
         several solutions where one is expected), 0 already present\n",
        "no solution told apart from several: {run}"
    );
    let flagged: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        flagged,
        [
            "aquarchive: mixed.txt:11: stored flagged unsolvable: no solution",
            "aquarchive: mixed.txt:16: stored flagged several: at least 2 solutions, the limit of 2",
            "aquarchive: mixed.txt:21: stored flagged invalid: the row clues add up to 3 but the column clues to 2",
        ],
        "{run}"
    );
    // `solve` on the same file says the same of each.
    let solved = dir.run(&["solve", "mixed.txt"]).expect_code(2);
    assert!(solved.stdout.contains("mixed.txt:11: 2x2, 1 tanks: no solution ("), "{solved}");
    assert!(solved.stdout.contains("mixed.txt:16: 2x2, 4 tanks: at least 2 solutions, the limit of 2 ("), "{solved}");
    assert!(solved.stderr.contains("mixed.txt:21: the row clues add up to 3 but the column clues to 2"), "{solved}");
    // The statuses named are those `list --status` picks.
    for status in ["unsolvable", "several", "invalid"] {
        let listed = dir.run(&["list", "--status", status, "--json"]).ok().json_lines();
        assert_eq!(listed.len(), 1, "{status}");
    }
}

#[test]
fn many_flagged_puzzles_name_the_first_twenty_and_how_to_list_the_rest() {
    let dir = Dir::new();
    // 25 invalid puzzles, each other than the rest: their clue sums differ.
    let mut text = String::new();
    let mut lines = Vec::new();
    'all: for a in 0..=2 {
        for b in 0..=2 {
            for c in 0..=2 {
                for d in 0..=2 {
                    if a + b != c + d {
                        lines.push(text.lines().count() + 1);
                        text.push_str(&format!("1 2\n3 4\n{a} {b}\n{c} {d}\n\n"));
                        if lines.len() == 25 {
                            break 'all;
                        }
                    }
                }
            }
        }
    }
    dir.write("invalid.txt", &text);
    let run = dir.run(&["--db", "a.sqlite", "import", "invalid.txt"]).expect_code(1);
    assert!(run.stdout.ends_with(": 25 puzzles stored (25 invalid), 0 already present\n"), "{run}");
    let named: Vec<&str> = run.stderr.lines().filter(|l| l.contains(": stored flagged invalid: ")).collect();
    assert_eq!(named.len(), 20, "{run}");
    for (said, line) in named.iter().zip(&lines) {
        assert!(
            said.starts_with(&format!(
                "aquarchive: invalid.txt:{line}: stored flagged invalid: the row clues add up to "
            )),
            "{run}"
        );
    }
    assert!(
        run.stderr.ends_with(
            "aquarchive: and 5 more stored flagged: `aquarchive --db a.sqlite list --status invalid` lists them all, \
             each with its file and line\n"
        ),
        "{run}"
    );
    let listed = dir.run(&["--db", "a.sqlite", "list", "--status", "invalid", "--json"]).ok().json_lines();
    let sources: Vec<&str> = listed.iter().map(|p| p["source"].as_str().unwrap()).collect();
    assert_eq!(sources.len(), 25);
    assert!(sources.contains(&format!("invalid.txt:{}", lines[24]).as_str()), "{sources:?}");
}

#[test]
fn an_import_that_stores_nothing_new_exits_3_whatever_it_reads() {
    let dir = Dir::new();
    let puzzle = fixture("aquarium/puzzles/10x10_easy_3081686.txt");
    dir.run(&["--db", "a.sqlite", "import", &puzzle]).ok();
    dir.run(&["--db", "a.sqlite", "import", &puzzle]).expect_code(3);
    dir.write("more.txt", std::fs::read(fixtures().join("aquarium/puzzles/6x6_easy_681742.txt")).unwrap());
    let tasks = dir.run(&["--db", "a.sqlite", "export", "--format", "task"]).ok();
    dir.write("tasks.txt", &tasks.stdout);
    let jsonl = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok();
    dir.write("all.jsonl", &jsonl.stdout);
    dir.run(&["--db", "a.sqlite", "import", "tasks.txt"]).expect_code(3);
    dir.run_with_input(&["--db", "a.sqlite", "import", "-"], Some(tasks.stdout.as_bytes())).expect_code(3);
    dir.run(&["--db", "a.sqlite", "import", "all.jsonl"]).expect_code(3);
    dir.run(&["--db", "b.sqlite", "import", "a.sqlite"]).ok();
    dir.run(&["--db", "b.sqlite", "import", "a.sqlite", "all.jsonl", &puzzle]).expect_code(3);
    // One part storing something is something new, whatever the others did.
    let run = dir.run(&["--db", "b.sqlite", "import", "a.sqlite", "all.jsonl", "more.txt"]).ok();
    assert!(run.stdout.contains(": 1 puzzle stored, 0 already present"), "{run}");
}

#[test]
fn a_bad_json_line_is_named_once_by_its_file_and_line_in_words() {
    let dir = Dir::new();
    dir.write(
        "bad.jsonl",
        "{\"kind\": 3}\n\
         not json\n\
         {\"created\": \"2026-12-01T00:00:00Z\", \"height\": 2, \"kind\": \"aquarium\", \"source\": \"s\", \
          \"status\": \"ok\", \"text\": \"t\", \"width\": 2, \"solves\": [{\"found\": \"two\"}]}\n\
         {\"kind\": \"aquarium\", \"status\n\
         {\"kind\": \"aquarium\"} and more\n",
    );
    let run = dir.run(&["import", "bad.jsonl"]).expect_code(2);
    let said: Vec<&str> = run.stderr.lines().filter(|l| l.contains("bad.jsonl:")).collect();
    assert_eq!(
        said,
        [
            "aquarchive: bad.jsonl:1: field `kind`: invalid type: integer `3`, expected a string; not stored",
            "aquarchive: bad.jsonl:2: not a record: each line of an export is one JSON object, `{...}`; not stored",
            "aquarchive: bad.jsonl:3: field `solves[0].found`: invalid type: string \"two\", expected u32; not stored",
            "aquarchive: bad.jsonl:4: the line ends inside its JSON, at column 28 (cut short?); not stored",
            "aquarchive: bad.jsonl:5: missing field `created`; not stored",
        ],
        "{run}"
    );
    assert!(!run.stderr.contains(" at line "), "the line is said once: {run}");
    assert!(!dir.join("archive").exists(), "nothing stored, no archive made: {run}");
}
