//! Calendar dates on a board of one's own in the archive: one puzzle for
//! every drawing of the same board, shown by the name its file gives it.

use aquarchive::kinds::calendar::BUILT_IN;

use crate::util::{Dir, query};

/// The weekday board's pieces drawn otherwise than its file draws them:
/// each turned or flipped, in the reverse order.
const TURNED_PIECES: &str = "pieces:
J .XX/.X./XX.
I X.X/XXX
H .XX/XX.
G X/X/X/X
F X../XXX/X..
E ..X/..X/XXX
D X.../XXXX
C X./X./XX
B .XX/XXX
A XXX./..XX
";

/// The weekday board's cells, written with single spaces.
const WEEKDAY_CELLS: &str = "board:
Jan Feb Mar Apr May Jun -
Jul Aug Sep Oct Nov Dec -
1 2 3 4 5 6 7
8 9 10 11 12 13 14
15 16 17 18 19 20 21
22 23 24 25 26 27 28
29 30 31 Sun Mon Tue Wed
- - - - Thu Fri Sat
";

#[test]
fn one_board_drawn_two_ways_is_one_puzzle_shown_by_its_name() {
    let dir = Dir::new();
    let db = dir.join("archive.sqlite");
    let at = |args: &[&str]| dir.run(&[&["--db", "archive.sqlite"], args].concat());
    // A board of its own (the weekday board with January and February
    // swapped), named, as the weekday board's file draws its pieces ...
    let swapped = |text: &str| text.replacen("Jan Feb", "Feb Jan", 1);
    let first = format!("name: Czech clone\n{}date: Mar 14 Sat\n", swapped(BUILT_IN[1].1));
    // ... and again with every piece turned or flipped, in another order,
    // spaced otherwise, the name after the pieces.
    let second =
        format!("# the clone again\n{}{TURNED_PIECES}name:   Czech clone\ndate: Mar 14 Sat\n", swapped(WEEKDAY_CELLS));
    let first = dir.write("first.txt", first).display().to_string();
    let second = dir.write("second.txt", second).display().to_string();
    let run = at(&["import", &first]).ok();
    assert!(run.stdout.contains(": 1 puzzle stored"), "{run}");
    let run = at(&["import", &second]).expect_code(3);
    assert!(run.stdout.contains(": 0 puzzles stored, 1 already present"), "{run}");
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), 1);

    // The name is kept in the stored text and shown by `list` and `show`.
    let listed = at(&["list", "--json"]).ok().json_lines();
    assert_eq!(listed.len(), 1);
    assert!(listed[0]["text"].as_str().unwrap().starts_with("name: Czech clone\nboard:\nFeb Jan Mar"), "{listed:?}");
    assert_eq!(listed[0]["board"], "Czech clone");
    assert_eq!(listed[0]["date"], "Mar 14 Sat");
    // `list` tells calendar puzzles apart by their dates and boards.
    let list = at(&["list"]).ok();
    let line = list.stdout.lines().nth(1).unwrap_or_default();
    assert!(line.ends_with("first.txt, Mar 14 Sat on the Czech clone board"), "{list}");
    let shown = at(&["show", "1"]).ok();
    assert!(shown.stdout.contains("Mar 14 Sat on the Czech clone board:\n"), "{shown}");
    // Its stored tiling reads back on the stored board and keeps the rules.
    let verified = at(&["verify"]).ok();
    assert!(verified.stdout.contains(": 1 puzzle checked, 0 mismatches"), "{verified}");

    // The weekday board itself, its pieces drawn turned, is the weekday
    // board: stored as its short line, the puzzle a line of it imports as.
    let turned = dir.write("turned.txt", format!("{WEEKDAY_CELLS}{TURNED_PIECES}date: Jan 5 Sun\n"));
    at(&["import", turned.to_str().unwrap()]).ok();
    let line = dir.write("line.txt", "weekday Jan 5 Sun\n");
    let run = at(&["import", line.to_str().unwrap()]).expect_code(3);
    assert!(run.stdout.contains(": 0 puzzles stored, 1 already present"), "{run}");
    let listed = at(&["list", "--json"]).ok().json_lines();
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert_eq!(listed[1]["text"], "weekday Jan 5 Sun\n");
    assert_eq!(listed[1]["board"], "weekday");
    assert_eq!(listed[1]["date"], "Jan 5 Sun");
    let list = at(&["list"]).ok();
    let line = list.stdout.lines().nth(2).unwrap_or_default();
    assert!(line.ends_with("turned.txt, Jan 5 Sun on the weekday board"), "{list}");
}

#[test]
fn a_board_stored_as_it_was_drawn_before_reads_as_it_did() {
    let dir = Dir::new();
    let db = dir.join("archive.sqlite");
    let at = |args: &[&str]| dir.run(&[&["--db", "archive.sqlite"], args].concat());
    let board = BUILT_IN[1].1.replacen("Jan Feb", "Feb Jan", 1);
    let file = dir.write("mine.txt", format!("{board}date: Jan 5 Sun\n"));
    at(&["import", file.to_str().unwrap()]).ok();
    let before = at(&["list", "--json"]).ok().json_lines().remove(0);
    // Archives written before kept the pieces as the file drew them, in its
    // order: put such a text in place of the one stored now.
    let stored = before["text"].as_str().unwrap();
    let (cells, _) = stored.split_once("pieces:\n").unwrap();
    let (_, drawn) = board.split_once("pieces:\n").unwrap();
    let earlier = format!("{cells}pieces:\n{drawn}date: Jan 5 Sun\n");
    assert_ne!(earlier, stored);
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE puzzles SET text = ?1 WHERE id = 1", [&earlier]).unwrap();
    drop(conn);
    // The same board and date, its stored tiling read letter for letter.
    let after = at(&["list", "--json"]).ok().json_lines().remove(0);
    assert_eq!(after["text"], earlier.as_str());
    assert_eq!(after["board"], "custom");
    assert_eq!(after["solution_rows"], before["solution_rows"]);
    let shown = at(&["show", "1"]).ok();
    assert!(shown.stdout.contains("Jan 5 Sun on the custom board:\n"), "{shown}");
    let verified = at(&["verify"]).ok();
    assert!(verified.stdout.contains(": 1 puzzle checked, 0 mismatches"), "{verified}");
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles"), 1);
}
