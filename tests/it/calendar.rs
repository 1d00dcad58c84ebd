//! `aquarchive calendar`: known counts, drawings, every date, and bad input.

use crate::util::Dir;

fn json(dir: &Dir, args: &[&str]) -> serde_json::Value {
    dir.run(args).ok().json_lines().remove(0)
}

#[test]
fn known_counts_on_both_boards() {
    let dir = Dir::new();
    for (args, expected) in [
        (vec!["Jan", "1", "Sun", "--weekday"], 1495),
        (vec!["Jun 2 Mon", "--weekday"], 1004),
        (vec!["Apr", "6", "Mon", "--weekday"], 97),
        (vec!["Oct", "6", "--solver", "engine", "--probing", "off"], 7),
        (vec!["May 21"], 36),
        (vec!["10/6"], 7),
    ] {
        let mut all = vec!["calendar", "--count", "--json"];
        all.extend(args.iter().copied());
        assert_eq!(json(&dir, &all)["count"], expected, "{args:?}");
    }
}

#[test]
fn a_solution_leaves_the_date_open_and_uses_every_piece() {
    let dir = Dir::new();
    let r = json(&dir, &["calendar", "2027-03-14", "--weekday", "--json"]);
    assert_eq!(r["date"], "Mar 14 Sun");
    let rows: Vec<String> = r["solution"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    let open: Vec<(usize, usize)> =
        (0..8).flat_map(|r| (0..7).map(move |c| (r, c))).filter(|&(r, c)| rows[r].as_bytes()[c] == b'.').collect();
    assert_eq!(open, [(0, 2), (3, 6), (6, 3)]);
    for letter in "ABCDEFGHIJ".chars() {
        let n = rows.iter().flat_map(|r| r.chars()).filter(|&c| c == letter).count();
        assert!(n == 4 || n == 5, "piece {letter} covers {n} cells");
    }
    let text = dir.run(&["calendar", "Mar", "14", "Sun", "--weekday"]).ok();
    assert!(text.stdout.starts_with("Mar 14 Sun on the weekday board (8x7, 10 pieces):"), "{text}");
    assert!(text.stdout.contains("Mar") && text.stdout.contains(" 14") && text.stdout.contains("Sun"), "{text}");
}

#[test]
fn all_with_a_limit_and_one_tiling_by_default() {
    let dir = Dir::new();
    let r = json(&dir, &["calendar", "Oct", "6", "--all", "--json"]);
    assert_eq!((&r["count"], &r["shown"]), (&7.into(), &7.into()));
    assert_eq!(r["all"].as_array().unwrap().len(), 7);
    let r = json(&dir, &["calendar", "Jan", "25", "--all", "--limit", "3", "--json"]);
    assert_eq!(r["shown"], 3);
    assert_eq!(r["all"].as_array().unwrap().len(), 3);
    let counted = json(&dir, &["calendar", "Jan", "25", "--count", "--json"]);
    assert_eq!(r["count"], counted["count"]);
    // Without --all one tiling is shown, and every one is still counted.
    let r = json(&dir, &["calendar", "Oct", "6", "--json"]);
    assert_eq!((&r["count"], &r["shown"]), (&7.into(), &1.into()));
    assert_eq!(r["solution"].as_array().unwrap().len(), 7, "the seven rows of the standard board");
    let text = dir.run(&["calendar", "Oct", "6"]).ok();
    assert!(text.stdout.starts_with("Oct 6 on the standard board (7x7, 8 pieces): the first of 7 tilings"), "{text}");
    let help = dir.run(&["calendar", "--help"]).ok();
    assert!(help.stdout.contains("`count` is the number of tilings of the date"), "{help}");
    // A date given with its year: 2 June 2025 is a Monday, which has 1,004
    // tilings on the weekday board.
    let text = dir.run(&["calendar", "2025-06-02", "--weekday"]).ok();
    let head = "Jun 2 Mon on the weekday board (8x7, 10 pieces): the first of 1,004 tilings";
    assert!(text.stdout.starts_with(head), "{text}");
    let r = json(&dir, &["calendar", "2025-06-02", "--weekday", "--json"]);
    assert_eq!((&r["date"], &r["count"], &r["shown"]), (&"Jun 2 Mon".into(), &1004.into(), &1.into()));
    let rows: Vec<&str> = r["solution"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    let open: Vec<(usize, usize)> =
        (0..8).flat_map(|r| (0..7).map(move |c| (r, c))).filter(|&(r, c)| rows[r].as_bytes()[c] == b'.').collect();
    assert_eq!(open, [(0, 5), (2, 1), (6, 4)], "Jun, 2 and Mon are left open: {rows:?}");
}

/// Today's date in UTC, as `YYYY-MM-DD`: the day the command takes when
/// given none.
fn today_utc() -> String {
    jiff::Timestamp::now().to_zoned_datetime(jiff::tz::TimeZone::UTC).date().to_string()
}

#[test]
fn without_a_date_today_is_solved() {
    let dir = Dir::new();
    for board in [&[][..], &["--weekday"][..]] {
        // Both runs fall on one day, unless midnight comes between them:
        // then they run again.
        let mut tries = 0;
        let (today, given, date) = loop {
            let date = today_utc();
            let today = json(&dir, &[&["calendar", "--json"][..], board].concat());
            let given = json(&dir, &[&["calendar", &date, "--json"][..], board].concat());
            if today_utc() == date {
                break (today, given, date);
            }
            tries += 1;
            assert!(tries < 3, "the day changed during every try");
        };
        assert_eq!(today, given, "no date and {date} {board:?}");
        assert!(today["count"].as_u64().unwrap() >= 1, "{today}");
    }
}

#[test]
fn every_date_on_the_standard_board_reproduces_the_known_totals() {
    let dir = Dir::new();
    let r = json(&dir, &["calendar", "--every-date", "--json"]);
    assert_eq!(r["combinations"], 372);
    assert_eq!(r["unsolvable"].as_array().unwrap().len(), 0);
    assert_eq!(r["total"], 25_061);
    assert_eq!(r["real_dates"], 366);
    assert_eq!(r["real_total"], 24_405);
    assert_eq!(r["fewest"]["date"], "Oct 6");
    assert_eq!(r["most"]["count"], 216);
    let text = dir.run(&["calendar", "--every-date"]).ok();
    assert!(text.stdout.contains("25,061 tilings in all; 24,405 over the 366 real dates"), "{text}");
    assert!(text.stdout.contains("Feb 30*"), "{text}");
}

#[test]
fn a_user_board_file_works_like_the_built_in_one() {
    let dir = Dir::new();
    let run = dir.run(&["calendar", "--print-board", "standard"]).ok();
    let path = dir.write("mine.txt", &run.stdout);
    let r = json(&dir, &["calendar", "--board", path.to_str().unwrap(), "Oct", "6", "--count", "--json"]);
    assert_eq!(r["count"], 7);
}

#[test]
fn impossible_dates_and_malformed_boards_are_clear_errors() {
    let dir = Dir::new();
    for (date, expected) in [
        ("Feb 30", "February has 29 days at most, so day 30 is not a date"),
        ("2026-02-29", "February 2026 has 28 days"),
        ("13/1", "month 13 does not exist"),
        ("2026-11-30 Sun", "2026-11-30 is a Monday, not a Sunday"),
        ("someday", "`someday` is not a date"),
    ] {
        let run = dir.run(&["calendar", date]).expect_code(2);
        assert!(run.stderr.contains(expected), "{run}");
    }
    let board = dir.run(&["calendar", "--print-board", "standard"]).ok().stdout;
    for (contents, expected) in [
        // One place, `FILE:LINE:`, for a fault on a line.
        (board.replace("Feb", "Fev"), "bad.txt:4: `Fev` is not a cell"),
        (board.replace("8   9   10", "8   9"), "bad.txt:7: this row has 6 cells, the first row has 7"),
        (board.replace("O XXX/XXX", "O XXX/XX."), "the pieces have 40 cells but each date leaves 41"),
        (board.replace("Jun", "Jan"), "Jan has a second cell"),
    ] {
        let path = dir.write("bad.txt", contents);
        let run = dir.run(&["calendar", "--board", path.to_str().unwrap(), "Jan", "2"]).expect_code(2);
        assert!(run.stderr.contains("bad.txt") && run.stderr.contains(expected), "{run}");
        assert!(!run.stderr.contains("line "), "the line is said once, in the place: {run}");
    }
    let run = dir.run(&["calendar", "--print-board", "round"]).expect_code(2);
    assert!(run.stderr.contains("no built-in board `round`"), "{run}");
}

/// A weekday typed is never dropped: it asks for the weekday board, which
/// is taken without --weekday; a board file without weekday cells refuses
/// it. A whole date's weekday is worked out, not typed: on the standard
/// board it is the month and day.
#[test]
fn a_date_typed_with_its_weekday_is_solved_on_the_weekday_board() {
    let dir = Dir::new();
    let run = dir.run(&["calendar", "Mar", "14", "Fri"]).ok();
    assert!(run.stdout.starts_with("Mar 14 Fri on the weekday board (8x7, 10 pieces): the first of "), "{run}");
    let typed = json(&dir, &["calendar", "Mar 14 Fri", "--count", "--json"]);
    let asked = json(&dir, &["calendar", "Mar 14 Fri", "--weekday", "--count", "--json"]);
    assert_eq!(typed, asked);
    assert_eq!(typed["board"], "weekday");
    assert_eq!(typed["date"], "Mar 14 Fri");
    // Without a weekday, the standard board, as before; a whole date too.
    for date in ["Mar 14", "2027-03-14"] {
        let r = json(&dir, &["calendar", date, "--count", "--json"]);
        assert_eq!((&r["board"], &r["date"]), (&"standard".into(), &"Mar 14".into()), "{date}: {r}");
    }
    let standard = dir.run(&["calendar", "--print-board", "standard"]).ok().stdout;
    let path = dir.write("mine.txt", standard).display().to_string();
    let run = dir.run(&["calendar", "--board", &path, "Mar", "14", "Fri"]).expect_code(2);
    let said = format!("the {path} board has no weekday cells, so `Fri` cannot be left open: give the date without it");
    assert!(run.stderr.contains(&said), "{run}");
    assert!(run.stdout.is_empty(), "{run}");
    // So is a date line of a file that names a board without weekday cells.
    dir.write(
        "dates.txt",
        "standard Mar 14
standard Mar 14 Fri
",
    );
    let run = dir.run(&["solve", "dates.txt"]).expect_code(2);
    let said = "dates.txt:2: the standard board has no weekday cells, so `Fri` cannot be left open";
    assert!(run.stderr.contains(said), "{run}");
    assert!(run.stdout.starts_with("dates.txt: Mar 14 on the standard board: 44 solutions"), "{run}");
    assert_eq!(json(&dir, &["calendar", "--board", &path, "Mar 14", "--count", "--json"])["count"], 44);
    // The help says so.
    let help = dir.run(&["calendar", "--help"]).ok();
    assert!(help.stdout.contains("A date typed with its weekday"), "{help}");
}

#[test]
fn a_date_written_day_first_is_told_that_dates_are_month_first() {
    let dir = Dir::new();
    let run = dir.run(&["calendar", "14/3"]).expect_code(2);
    assert_eq!(
        run.stderr, "aquarchive: month 14 does not exist: dates are month first, so write `3/14` (or `Mar 14`)\n",
        "{run}"
    );
    dir.run(&["calendar", "3/14"]).ok();
}
