//! The HTML export's index: a picture of each puzzle, the calendar's date,
//! the Sudoku grade, the count of tilings, and sorting by any column.

use aquarchive::site::browser::{Browser, BrowserSettings};

use crate::site::require_chromium;
use crate::util::{Dir, fixtures};

fn fixture(path: &str) -> String {
    fixtures().join(path).display().to_string()
}

/// An archive of every kind, exported to `site/`.
fn exported() -> Dir {
    let dir = Dir::new();
    dir.run(&[
        "import",
        &fixture("sudoku/se_rated_sample.txt"),
        &fixture("calendar/dates.txt"),
        &fixture("ring/expert.txt"),
        &fixture("aquarium/puzzles/10x10_easy_3081686.txt"),
    ])
    .ok();
    dir.run(&["export", "--html", "site"]).ok();
    dir
}

/// `puzzles.js` as rows of JSON values, with its column names.
fn puzzles_js(dir: &Dir) -> (Vec<String>, Vec<Vec<serde_json::Value>>) {
    let js = std::fs::read_to_string(dir.join("site/puzzles.js")).unwrap();
    let names = js.lines().next().unwrap().split_once('[').unwrap().1.trim_end_matches("].");
    let names = names.split(", ").map(String::from).collect();
    let rows = js
        .lines()
        .filter(|l| l.starts_with('[') && l.ends_with("],"))
        .map(|l| serde_json::from_str::<Vec<serde_json::Value>>(l.trim_end_matches(',')).unwrap())
        .collect();
    (names, rows)
}

#[test]
fn the_index_shows_a_picture_the_date_the_grade_and_the_tilings() {
    let dir = exported();
    let index = std::fs::read_to_string(dir.join("site/index.html")).unwrap();
    let rows: Vec<&str> = index.split("<tr><td><a href=\"p/").skip(1).collect();
    assert_eq!(rows.len(), 30 + 4 + 1 + 1);
    for row in &rows {
        let thumb = row.split("<td class=\"thumb\">").nth(1).unwrap().split("</td>").next().unwrap();
        assert!(thumb.contains("<svg") && thumb.contains("</svg>"), "no picture in {row}");
    }

    let (names, data) = puzzles_js(&dir);
    let column = |name: &str| names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{name}: {names:?}"));
    let (kind, about, solutions) = (column("kind"), column("date or grade"), column("solutions"));
    // The calendar dates with the counts their fixture gives.
    let mut calendar: Vec<(String, String)> = data
        .iter()
        .filter(|r| r[kind] == "calendar")
        .map(|r| (r[about].as_str().unwrap().to_string(), r[solutions].as_str().unwrap().to_string()))
        .collect();
    calendar.sort();
    assert_eq!(calendar.len(), 4);
    assert!(calendar.iter().all(|c| !c.0.is_empty()), "{calendar:?}");
    let mut counts: Vec<&str> = calendar.iter().map(|c| c.1.as_str()).collect();
    let mut expected = vec!["7", "216", "97", "1,495"];
    counts.sort();
    expected.sort();
    assert_eq!(counts, expected, "{calendar:?}");
    // The Sudoku grades are those `grade` gives.
    let graded = dir.run(&["grade", "--json", &fixture("sudoku/se_rated_sample.txt")]).ok();
    let mut levels: Vec<String> =
        graded.json_lines().iter().map(|g| g["level"].as_str().unwrap().to_string()).collect();
    let mut shown: Vec<String> =
        data.iter().filter(|r| r[kind] == "sudoku").map(|r| r[about].as_str().unwrap().to_string()).collect();
    levels.sort();
    shown.sort();
    assert_eq!(shown, levels);
    // One solution is no count worth a column: Aquarium and Sudoku leave it empty.
    assert!(data.iter().filter(|r| r[kind] == "aquarium" || r[kind] == "sudoku").all(|r| r[solutions] == ""));
}

#[test]
fn the_index_sorts_by_a_clicked_column_offline() {
    require_chromium();
    let dir = exported();
    let browser = Browser::start(&BrowserSettings::default()).unwrap();
    let client = browser.client();
    let index = format!("file://{}", dir.join("site/index.html").display());
    browser.block_on(client.goto(&index)).unwrap();
    let run = |js: &str| browser.block_on(client.execute(js, vec![])).unwrap_or_else(|e| panic!("{js}: {e}"));
    let column = |n: usize| {
        let values = run(&format!(
            "return Array.prototype.map.call(document.querySelectorAll('#page-rows tr'), \
             function (tr) {{ return tr.cells[{n}].textContent; }})"
        ));
        values.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect::<Vec<_>>()
    };
    let header = |name: &str| {
        run(&format!(
            "var th = Array.prototype.find.call(document.querySelectorAll('#puzzles th'), \
             function (th) {{ return th.textContent === '{name}'; }}); th.click(); return th.getAttribute('aria-sort');"
        ))
    };
    let ids = |values: Vec<String>| values.iter().map(|v| v.parse::<i64>().unwrap()).collect::<Vec<_>>();
    let stored = ids(column(0));
    assert!(stored.is_sorted());
    assert_eq!(header("#"), "ascending");
    assert_eq!(header("#"), "descending");
    let mut descending = stored.clone();
    descending.reverse();
    assert_eq!(ids(column(0)), descending);
    // Counts sort as numbers ("1,495" after "216"), the empty cells after them.
    let names: Vec<String> = run("return Array.prototype.map.call(document.querySelectorAll('#puzzles th'), function (th) { return th.textContent; })")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let solutions = names.iter().position(|n| n == "solutions").unwrap();
    assert_eq!(header("solutions"), "ascending");
    let counts: Vec<String> = column(solutions).into_iter().filter(|c| !c.is_empty()).collect();
    let numbers: Vec<u64> = counts.iter().map(|c| c.replace(',', "").parse().unwrap()).collect();
    assert_eq!(numbers.len(), 5, "{counts:?}");
    assert!(numbers.is_sorted(), "{counts:?}");
    assert_eq!(column(solutions)[..5], counts[..]);
}
