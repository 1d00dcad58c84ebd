//! `show` by a special's name and date, as a player asks for the puzzle of
//! a day: `show daily --date DATE`, the newest daily, weekly or monthly
//! held (by date, not by when it was stored), a sister site's special, and
//! what is said when the archive holds none of that date.

use crate::html_index::saved_page;
use crate::util::{Dir, fixtures};

/// Specials of the test site as saved pages (line of the specials, date):
/// dailies of the 23rd, then the 21st (so the newest stored is not the
/// newest date), weeklies of the weeks from Mondays the 10th and 17th, and
/// the monthly of August; and the real daily of the light-up site.
fn archive() -> (Dir, impl Fn(&str) -> i64) {
    let dir = Dir::new();
    let mut files = vec!["import".to_string()];
    for (n, date) in [(0, "2026-08-23"), (1, "2026-08-21"), (4, "2026-08-10"), (3, "2026-08-17"), (5, "2026-08-01")] {
        files.push(dir.write(&format!("special-{n}.html"), saved_page(n, date, None)).display().to_string());
    }
    files.push(
        fixtures().join("pages/real-2025/fr.puzzle-light-up.com_daily-special_2025-12-08.html").display().to_string(),
    );
    dir.run(&files.iter().map(String::as_str).collect::<Vec<_>>()).ok();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let id_of = move |date: &str| -> i64 {
        listed.iter().find(|r| r["special_date"] == date).unwrap_or_else(|| panic!("{date}"))["id"].as_i64().unwrap()
    };
    (dir, id_of)
}

/// The id of the puzzle `show ARGS --json` shows.
fn shown(dir: &Dir, args: &[&str]) -> i64 {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    all.push("--json");
    let run = dir.run(&all).ok();
    run.json_lines()[0]["id"].as_i64().unwrap_or_else(|| panic!("{run}"))
}

#[test]
fn show_finds_a_special_by_its_name_and_date_and_the_newest_by_date() {
    let (dir, id_of) = archive();
    // The newest daily is the latest date, though the 21st was stored after it.
    assert!(id_of("2026-08-21") > id_of("2026-08-23"));
    assert_eq!(shown(&dir, &["daily"]), id_of("2026-08-23"));
    assert_eq!(shown(&dir, &["daily", "--date", "2026-08-21"]), id_of("2026-08-21"));
    assert_eq!(shown(&dir, &["weekly"]), id_of("2026-08-17"));
    assert_eq!(shown(&dir, &["monthly"]), id_of("2026-08-01"));
    // A weekly or monthly by any day of its week or month.
    assert_eq!(shown(&dir, &["weekly", "--date", "2026-08-16"]), id_of("2026-08-10"));
    assert_eq!(shown(&dir, &["weekly", "--date", "2026-08-23"]), id_of("2026-08-17"));
    assert_eq!(shown(&dir, &["monthly", "--date", "2026-08-31"]), id_of("2026-08-01"));
    // The grid, as `show ID` gives it.
    let by_name = dir.run(&["show", "daily", "--date", "2026-08-21"]).ok();
    let by_id = dir.run(&["show", &id_of("2026-08-21").to_string()]).ok();
    assert_eq!(by_name.stdout, by_id.stdout);
    assert!(by_name.stdout.contains("the special of 2026-08-21"), "{by_name}");

    // A sister site's, by --site: the light-up site's real daily.
    let light_up = shown(&dir, &["daily", "--site", "light-up"]);
    assert_eq!(light_up, id_of("2025-12-08"));
    assert_eq!(shown(&dir, &["daily", "--site", "light-up", "--date", "2025-12-08"]), light_up);
}

#[test]
fn show_says_which_specials_are_held_when_the_one_asked_for_is_not() {
    let (dir, _) = archive();
    let before = std::fs::read(dir.join("archive/aquarchive.sqlite")).unwrap();
    let said = |args: &[&str]| {
        let mut all = vec!["show"];
        all.extend_from_slice(args);
        dir.run(&all).expect_code(2).stderr
    };
    let between = said(&["daily", "--date", "2026-08-22"]);
    assert!(
        between.contains(
            "no daily of 2026-08-22 in archive/aquarchive.sqlite; the nearest held are 2026-08-21 and 2026-08-23"
        ),
        "{between}"
    );
    let after = said(&["daily", "--date", "2026-09-30"]);
    assert!(
        after.contains("no daily of 2026-09-30 in archive/aquarchive.sqlite; the nearest held is 2026-08-23"),
        "{after}"
    );
    let weekly = said(&["weekly", "--date", "2026-08-09"]);
    assert!(
        weekly.contains("no weekly of 2026-08-09 in archive/aquarchive.sqlite; the nearest held is 2026-08-10"),
        "{weekly}"
    );
    let site = said(&["weekly", "--site", "light-up", "--date", "2025-12-08"]);
    assert!(
        site.contains("no light-up weekly of 2025-12-08 in archive/aquarchive.sqlite; it holds no light-up weekly"),
        "{site}"
    );
    let none = said(&["weekly", "--site", "light-up"]);
    assert!(
        none.contains("no light-up weekly in archive/aquarchive.sqlite: `aquarchive fetch weekly --site light-up`"),
        "{none}"
    );
    // A class that is no special, a name no class has, and the flags that
    // go with a special's name given with an ID.
    let class = said(&["10x10-easy"]);
    assert!(class.contains("10x10-easy: a class of aquarium, not a special"), "{class}");
    let unknown = said(&["dialy"]);
    assert!(unknown.contains("dialy"), "{unknown}");
    let with_id = said(&["1", "--date", "2026-08-21"]);
    assert!(with_id.contains("--date goes with a special's name"), "{with_id}");
    let with_id = said(&["1", "--site", "light-up"]);
    assert!(with_id.contains("--site goes with a special's name"), "{with_id}");
    assert_eq!(std::fs::read(dir.join("archive/aquarchive.sqlite")).unwrap(), before, "show wrote to the archive");
}
