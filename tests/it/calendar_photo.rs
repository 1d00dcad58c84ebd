//! `aquarchive calendar read`: generated photos of solved boards, written
//! into the test's directory and read by the binary; photos it must refuse.

use aquarchive::kinds::calendar::{Cell, MONTHS, Variant};
use aquarchive::kinds::rng::Rng;
use aquarchive_photo_synth::{self as synth, Camera, Cover, Distortion, Scene};

use crate::util::{Dir, fixtures, query};

fn board(name: &str) -> Variant {
    Variant::built_in(name).unwrap()
}

#[test]
fn generated_photos_are_read_into_their_board_tiling_and_date() {
    let dir = Dir::new();
    let oblique = Camera::PHONE.with(Distortion::Perspective, 2).with(Distortion::Blur, 2);
    let made = [
        ("standard", synth::photo(&board("standard"), 21, &Camera::PHONE)),
        ("weekday", synth::photo(&board("weekday"), 22, &Camera::PHONE)),
        ("standard", synth::photo(&board("standard"), 23, &oblique)),
        ("weekday", synth::photo(&board("weekday"), 24, &oblique)),
    ];
    let paths: Vec<String> = made
        .iter()
        .enumerate()
        .map(|(k, (_, photo))| dir.write(&format!("photo-{k}.jpg"), &photo.jpeg).display().to_string())
        .collect();
    let mut args = vec!["calendar", "read", "--json"];
    args.extend(paths.iter().map(String::as_str));
    let run = dir.run(&args).ok();
    let lines = run.json_lines();
    assert_eq!(lines.len(), made.len(), "{run}");
    for ((name, photo), line) in made.iter().zip(&lines) {
        let variant = board(name);
        assert_eq!(line["board"], *name, "{line}");
        assert_eq!(line["date"], photo.date.to_string(), "{line}");
        assert_eq!(line["tiling"], serde_json::json!(photo.tiling.to_rows(&variant)), "{line}");
        assert_eq!(line["valid"], true);
        assert_eq!(line["corrected"], 0);
        // The count the calendar command gives for that date.
        let mut count = vec!["calendar", "--count", "--json"];
        if *name == "weekday" {
            count.push("--weekday");
        }
        let date = photo.date.to_string();
        count.push(&date);
        assert_eq!(line["tilings"], dir.run(&count).ok().json_lines()[0]["count"], "{line}");
    }
    // As text: the date, the board, and the date's count.
    let text = dir.run(&["calendar", "read", &paths[0]]).ok();
    let date = made[0].1.date.to_string();
    let head =
        format!("{}: {date} on the standard board, read as seen; one of {} tilings", paths[0], lines[0]["tilings"]);
    assert!(text.stdout.starts_with(&head), "{text}");
}

#[test]
fn the_reading_is_drawn_beside_the_photo_and_its_outline() {
    let dir = Dir::new();
    let photo = synth::photo(&board("standard"), 31, &Camera::PHONE);
    let path = dir.write("board.jpg", &photo.jpeg).display().to_string();
    let svg = dir.join("read.svg").display().to_string();
    let png = dir.join("read.png").display().to_string();
    dir.run(&["calendar", "read", &path, "--svg", &svg, "--png", &png]).ok();
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let has = |class: &str| doc.descendants().any(|n| n.attribute("class") == Some(class));
    assert!(has("photo") && has("outline") && has("solution pieces"), "{text:.300}");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn a_photo_of_no_board_is_refused_with_exit_2() {
    let dir = Dir::new();
    let table = dir.write("table.jpg", synth::table(4, 640, 480, &Camera::PHONE)).display().to_string();
    let run = dir.run(&["calendar", "read", &table]).expect_code(2);
    assert!(run.stderr.contains("table.jpg: no board found"), "{run}");
    assert!(run.stderr.contains("\n  a better photo: take the whole board, filling most of the photo"), "{run}");
    assert!(run.stdout.is_empty(), "{run}");
    let json = dir.run(&["calendar", "read", "--json", &table]).expect_code(2);
    let line = &json.json_lines()[0];
    assert_eq!(line["valid"], false);
    assert!(line["error"].as_str().unwrap().starts_with("no board found"), "{line}");
    assert!(line["advice"].as_str().unwrap().starts_with("take the whole board"), "{line}");
    assert!(line.get("tiling").is_none());
    let text = dir.write("notes.jpg", "not a photo").display().to_string();
    let run = dir.run(&["calendar", "read", &text]).expect_code(2);
    assert!(run.stderr.contains("notes.jpg: not a picture"), "{run}");
}

#[test]
fn a_photo_with_a_date_cell_covered_is_refused_with_what_was_seen() {
    let dir = Dir::new();
    let standard = board("standard");
    let mut rng = Rng::new(41);
    let (date, tiling) = synth::solved_date(&standard, &mut rng);
    let mut scene = Scene::solved(&standard, &tiling);
    // A piece reaches over the day's cell: only the month is open.
    let open = standard.open_cells(&date);
    let day = (0..open.len()).rev().find(|&i| open[i]).unwrap();
    scene.cells[day] = Cover::Piece(2);
    let (jpeg, _) = synth::render(&scene, &mut rng, &Camera::PHONE);
    let path = dir.write("covered.jpg", jpeg).display().to_string();
    let run = dir.run(&["calendar", "read", &path]).expect_code(2);
    let month = MONTHS[usize::from(date.month) - 1];
    assert!(
        run.stderr.contains(&format!(
            "1 open cell seen ({month}) on the standard board, but a date leaves a month and a day open (2 cells)"
        )),
        "{run}"
    );
    assert!(run.stderr.contains("a better photo: take the board closer and square on, in even light"), "{run}");
    assert!(run.stdout.is_empty(), "no tiling is printed: {run}");
}

#[test]
fn import_stores_the_date_and_the_tiling_read_once_per_photo() {
    let dir = Dir::new();
    let photo = synth::photo(&board("weekday"), 51, &Camera::PHONE);
    dir.write("solved.jpg", &photo.jpeg);
    let path = "solved.jpg";
    let db = dir.join("archive.sqlite");
    let db_arg = db.display().to_string();
    let run = dir.run(&["--db", &db_arg, "calendar", "read", path, "--import"]).ok();
    let count = dir.run(&["calendar", "--count", "--json", "--weekday", &photo.date.to_string()]).ok().json_lines()[0]
        ["count"]
        .as_u64()
        .unwrap();
    let said = format!(
        "solved.jpg: stored as puzzle 1, {} on the weekday board, with the tiling read; the date has {} other tilings",
        photo.date,
        aquarchive::render::thousands(count - 1)
    );
    assert!(run.stdout.contains(&said), "{run}");
    let rows = photo.tiling.to_rows(&board("weekday")).join("\n");
    assert_eq!(query(&db, "SELECT count(*) FROM puzzles WHERE kind = 'calendar'"), 1);
    assert_eq!(
        query(
            &db,
            &format!("SELECT count(*) FROM calendar_readings WHERE puzzle = 1 AND corrected = 0 AND tiling = '{rows}'")
        ),
        1
    );
    // The same photo again: nothing new.
    let again = dir.run(&["--db", &db_arg, "calendar", "read", path, "--import"]).ok();
    assert!(again.stdout.contains("the archive has this photo's reading of"), "{again}");
    assert_eq!(query(&db, "SELECT count(*) FROM calendar_readings"), 1);
    // The stored date shows as any calendar date does.
    let shown = dir.run(&["--db", &db_arg, "show", "1"]).ok();
    assert!(shown.stdout.contains(&photo.date.to_string()), "{shown}");
}

#[test]
fn a_reading_on_a_board_file_is_stored_with_its_board_and_works_like_any_date() {
    let dir = Dir::new();
    let at = |args: &[&str]| dir.run(&[&["--db", "archive.sqlite"], args].concat());
    // The weekday board with two months' cells swapped: a board of its own.
    let text = aquarchive::kinds::calendar::BUILT_IN[1].1.replacen("Jan Feb", "Feb Jan", 1);
    let mine = Variant::parse("mine", &text).unwrap();
    let file = dir.write("mine.txt", &text).display().to_string();
    let photo = synth::photo(&mine, 61, &Camera::PHONE);
    dir.write("mine.jpg", &photo.jpeg);
    let date = photo.date.to_string();
    let count = dir.run(&["calendar", "--count", "--json", "--board", &file, &date]).ok().json_lines()[0]["count"]
        .as_u64()
        .unwrap();
    let run = at(&["calendar", "read", "--board", &file, "mine.jpg", "--import"]).ok();
    let said = format!("mine.jpg: stored as puzzle 1, {date} on the {file} board, with the tiling read; the date has");
    assert!(run.stdout.contains(&said), "{run}");
    // Stored as the board written out and the date, once.
    let listed = at(&["list", "--json"]).ok().json_lines();
    assert_eq!(listed.len(), 1, "{listed:?}");
    let stored = listed[0]["text"].as_str().unwrap();
    assert_eq!(stored, format!("{}date: {date}\n", mine.to_text()));
    assert_eq!(listed[0]["solutions"].as_u64(), Some(count), "{listed:?}");
    let rows = photo.tiling.to_rows(&mine).join("\n");
    assert_eq!(
        query(&dir.join("archive.sqlite"), &format!("SELECT count(*) FROM calendar_readings WHERE tiling = '{rows}'")),
        1
    );
    // Shown on its own board, with the first of its tilings solved.
    let shown = at(&["show", "1"]).ok();
    let head = "calendar 8x7, several; solved by aquarchive";
    assert!(shown.stdout.contains(head) && shown.stdout.contains(&format!("{date} on the custom board:\n")), "{shown}");
    let verified = at(&["verify"]).ok();
    assert!(verified.stdout.contains(": 1 puzzle checked, 0 mismatches"), "{verified}");
    at(&["resolve", "--all"]).ok();
    assert_eq!(at(&["list", "--json"]).ok().json_lines()[0]["solutions"].as_u64(), Some(count));
    // Exported, it imports back into another archive as the same puzzle.
    at(&["export", "--format", "text", "--out", "out"]).ok();
    let other = dir.join("other.sqlite").display().to_string();
    let out = dir.join("out").display().to_string();
    dir.run(&["--db", &other, "import", &out]).ok();
    assert_eq!(dir.run(&["--db", &other, "list", "--json"]).ok().json_lines()[0]["text"], stored);

    // A board file that is a built-in board stores that board's short line.
    let weekday = dir.write("weekday.txt", aquarchive::kinds::calendar::BUILT_IN[1].1).display().to_string();
    let plain = synth::photo(&board("weekday"), 62, &Camera::PHONE);
    dir.write("plain.jpg", &plain.jpeg);
    at(&["calendar", "read", "--board", &weekday, "plain.jpg", "--import"]).ok();
    let listed = at(&["list", "--json"]).ok().json_lines();
    assert!(listed.iter().any(|r| r["text"] == format!("weekday {}\n", plain.date)), "{listed:?}");
}

/// The photos shipped in tests/fixtures/calendar, as its README's table
/// gives them: file, board, seed and the date shown.
fn shipped_photos() -> Vec<[String; 4]> {
    let readme = std::fs::read_to_string(fixtures().join("calendar/README.md")).unwrap();
    let rows: Vec<[String; 4]> = readme
        .lines()
        .filter(|l| l.starts_with("| board-"))
        .map(|l| {
            let cells: Vec<String> = l.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect();
            cells.try_into().unwrap_or_else(|c| panic!("four cells: {c:?}"))
        })
        .collect();
    assert_eq!(rows.len(), 2, "{readme}");
    rows
}

/// Each shipped photo is small, and reads as the board, date and tiling
/// that `synth` makes from the seed its README names.
#[test]
fn the_shipped_photos_are_what_their_seeds_make() {
    let dir = Dir::new();
    for [file, name, seed, date] in shipped_photos() {
        let path = fixtures().join("calendar").join(&file);
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(size < 300_000, "{file}: {size} bytes");
        let made = synth::photo(&board(&name), seed.parse().unwrap(), &Camera::PHONE);
        assert_eq!(made.date.to_string(), date, "{file}");
        let line = dir.run(&["calendar", "read", "--json", path.to_str().unwrap()]).ok().json_lines().remove(0);
        assert_eq!(
            (&line["board"], &line["date"], &line["corrected"]),
            (&name.as_str().into(), &date.into(), &0.into())
        );
        assert_eq!(line["tiling"], serde_json::json!(made.tiling.to_rows(&board(&name))), "{file}");
    }
}

/// README's example of `calendar read`, run as written from a checkout: it
/// names a shipped photo, reads it and stores it.
#[test]
fn readme_s_calendar_read_example_runs_as_written() {
    let readme = std::fs::read_to_string(fixtures().join("../../README.md")).unwrap();
    let line = readme.lines().find(|l| l.starts_with("aquarchive calendar read ")).expect("an example in README.md");
    let command = line.split(" #").next().unwrap();
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let photo = args.iter().find(|a| a.ends_with(".jpg")).expect("a photo named");
    // A checkout of its own: the photo where the example names it.
    let dir = Dir::new();
    dir.write(photo, std::fs::read(fixtures().join("../..").join(photo)).unwrap());
    let run = dir.run(&args).ok();
    let [file, _, _, date] = shipped_photos().into_iter().find(|p| photo.ends_with(&p[0])).expect("a shipped photo");
    assert!(run.stdout.starts_with(&format!("{photo}: {date} on the standard board, read as seen; one of ")), "{run}");
    assert!(run.stdout.contains(&format!("{photo}: stored as puzzle 1, {date} on the standard board")), "{run}");
    assert!(file.starts_with("board-standard"), "{file}");
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    assert_eq!(listed.len(), 1, "{run}");
}

/// The row-major index of a cell of the board.
fn index_of(variant: &Variant, cell: Cell) -> usize {
    let w = variant.width();
    (0..w * variant.height()).find(|&i| variant.cell(i / w, i % w) == cell).unwrap()
}

/// Open cells that are not a month and a day are said to be so, not only
/// counted: two months open (and the day covered) are "both months".
#[test]
fn open_cells_of_one_kind_are_said_to_be_so() {
    let dir = Dir::new();
    let standard = board("standard");
    let mut rng = Rng::new(43);
    let (date, tiling) = synth::solved_date(&standard, &mut rng);
    let mut scene = Scene::solved(&standard, &tiling);
    // A piece reaches over the day's cell, and the next month's is open.
    let other = date.month % 12 + 1;
    scene.cells[index_of(&standard, Cell::Day(date.day))] = Cover::Piece(2);
    scene.cells[index_of(&standard, Cell::Month(other))] = Cover::Open;
    let (jpeg, _) = synth::render(&scene, &mut rng, &Camera::PHONE);
    let path = dir.write("two-months.jpg", jpeg).display().to_string();
    let run = dir.run(&["calendar", "read", &path]).expect_code(2);
    let mut months = [date.month, other];
    months.sort_by_key(|&m| index_of(&standard, Cell::Month(m)));
    let [a, b] = months.map(|m| MONTHS[usize::from(m) - 1]);
    let said = format!(
        "2 open cells seen ({a}, {b}) on the standard board, but both are months, and a date leaves one month and \
         one day open"
    );
    assert!(run.stderr.contains(&said), "{said}\n{run}");
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn a_flat_drawing_of_a_solved_board_is_read_back_as_drawn() {
    // `calendar --png` draws the board edge to edge, with no table around
    // it: the whole picture is the board's outline.
    let dir = Dir::new();
    let drawn = dir.run(&["calendar", "Mar", "14", "--png", "flat.png"]).ok();
    let run = dir.run(&["calendar", "read", "flat.png"]).ok();
    assert!(run.stdout.starts_with("flat.png: Mar 14 on the standard board, read as seen"), "{run}");
    let grid = |out: &str| out.lines().skip(1).map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(grid(&run.stdout), grid(&drawn.stdout), "{run}");
    assert_eq!(grid(&run.stdout).len(), 7, "{run}");
}

/// A board named that is not the photo's is laid on it all the same, and
/// its nearest tiling can pass the verifier: the reader refuses it and
/// names the board the photo shows, both ways round, in a batch that goes
/// on to the next photo.
#[test]
fn a_photo_of_the_other_board_than_the_one_named_is_refused_naming_the_board_it_shows() {
    let dir = Dir::new();
    // Seeds whose photos, read as the board not shown, once passed as
    // corrected readings of a wrong date (22, 25) or were refused with
    // advice for a closer photo (22 standard).
    for (shown, named, seed) in [("weekday", "standard", 22), ("weekday", "standard", 25), ("standard", "weekday", 22)]
    {
        let photo = synth::photo(&board(shown), seed, &Camera::PHONE);
        let path = dir.write(&format!("{shown}-{seed}.jpg"), &photo.jpeg).display().to_string();
        let run = dir.run(&["calendar", "read", &format!("--{named}"), &path, &path]).expect_code(2);
        assert!(run.stdout.is_empty(), "no tiling is printed: {run}");
        let said = format!(
            "{path}: this is the {shown} board, not the {named} board asked for (as the {shown} board it reads {}, as seen): ask for the {shown} board",
            photo.date
        );
        assert_eq!(run.stderr.matches(&said).count(), 2, "each photo of the batch refused: {run}");
        assert!(!run.stderr.contains("a better photo"), "the photo is not at fault: {run}");
        // Named right, or not named, the same photo reads.
        for flag in [format!("--{shown}"), "--json".to_string()] {
            let read = dir.run(&["calendar", "read", &flag, &path]).ok();
            assert!(read.stdout.contains(&photo.date.to_string()), "{read}");
        }
    }
}
