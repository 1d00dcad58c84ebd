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
    // Every picture is in the page but the Aquarium's, which the script
    // draws from its board in puzzles.js, the puzzle's puzz.link address.
    let (names, data) = puzzles_js(&dir);
    for row in &rows {
        let thumb = row.split("<td class=\"thumb\">").nth(1).unwrap().split("</td>").next().unwrap();
        let aquarium = row.contains("<td>aquarium</td>");
        assert_eq!(thumb.contains("<svg") && thumb.contains("</svg>"), !aquarium, "{row}");
    }
    let aquarium = data.iter().find(|r| r[1] == "aquarium").unwrap();
    let address = dir.run(&["show", &aquarium[0].to_string(), "--format", "puzzlink"]).ok();
    assert_eq!(
        format!("https://puzz.link/p?aquarium/{}", aquarium.last().unwrap().as_str().unwrap()),
        address.stdout.trim_end()
    );

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
    // The page's script marks the headers it can sort by; on a loaded machine
    // that may come after the page reports it has loaded.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while run("return document.querySelectorAll('#puzzles th.sortable').length") == 0 {
        assert!(std::time::Instant::now() < deadline, "the index's script never made its headers sortable");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // Every row has its picture, the Aquarium's drawn by the script.
    let pictures = run("return Array.prototype.filter.call(document.querySelectorAll('#page-rows td.thumb'), \
                        function (td) { return td.querySelector('svg') !== null; }).length");
    assert_eq!(pictures, run("return document.querySelectorAll('#page-rows tr').length"));
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

/// Text a file's path or a saved page can carry that would be markup if it
/// were not escaped (a saved page's special date is read as the page writes
/// it, quotes aside).
const MARKUP: &str = "</script><script>window.ran = 1</script> & <!-- <b>";

/// A saved page of a special that writes its date in its script, so the
/// date is read as the page gives it.
fn saved_special(date: &str) -> String {
    let specials = std::fs::read_to_string(fixtures().join("site/specials.txt")).unwrap();
    let [_, task, answer] = specials.lines().next().unwrap().split(' ').collect::<Vec<_>>()[..] else {
        panic!("specials.txt: size, task and answer on a line")
    };
    let side = answer.len().isqrt();
    format!(
        "<!DOCTYPE html>\n<html><head><title>Aquarium</title></head><body>\n\
         <script>var task = '{task}'; var specialDate = \"{date}\";\n\
         Game = $('#game').aquarium({{ puzzleWidth: {side}, puzzleHeight: {side} }}); Game.plSize = 9;</script>\n\
         <span id=\"puzzleID\"></span></body></html>\n"
    )
}

#[test]
fn names_from_files_and_pages_come_out_as_text_in_every_page() {
    require_chromium();
    let dir = Dir::new();
    // An import's source is the path it was given: here through folders
    // named with markup and both quotes.
    let source = format!("{MARKUP} \"q\" 'a'/x.txt");
    dir.write(&source, std::fs::read(fixtures().join("aquarium/puzzles/10x10_easy_3081686.txt")).unwrap());
    dir.write("saved & <i>.html", saved_special(MARKUP));
    dir.run(&["import", &source, "saved & <i>.html"]).ok();
    dir.run(&["export", "--html", "site"]).ok();

    // As written: the data's markup is nowhere as markup.
    let read = |name: &str| std::fs::read_to_string(dir.join("site").join(name)).unwrap();
    let js = read("puzzles.js");
    assert!(js.contains("\\u003c/script>") && !js.contains('<'), "{js}");
    // The index has the data and the script; each puzzle's page, played
    // there, the script alone.
    let mut pages = vec![("index.html".to_string(), 2)];
    for entry in std::fs::read_dir(dir.join("site/p")).unwrap() {
        pages.push((format!("p/{}", entry.unwrap().file_name().to_string_lossy()), 1));
    }
    assert_eq!(pages.len(), 3);
    for (name, scripts) in &pages {
        let html = read(name);
        assert_eq!(html.matches("<script").count(), *scripts, "{name}: {html}");
        assert!(!html.contains("<b>") && !html.contains("<i>") && !html.contains("<!--"), "{name}: {html}");
    }

    // As a browser reads it: the same text back, and nothing run.
    let browser = Browser::start(&BrowserSettings::default()).unwrap();
    let client = browser.client();
    let run = |js: &str| browser.block_on(client.execute(js, vec![])).unwrap_or_else(|e| panic!("{js}: {e}"));
    let open = |name: &str| {
        let url = format!("file://{}", dir.join("site").join(name).display());
        browser.block_on(client.goto(&url)).unwrap();
        assert_eq!(
            run("return [typeof window.ran, document.querySelectorAll('b, i').length]"),
            serde_json::json!(["undefined", 0]),
            "{name}"
        );
    };
    open("index.html");
    let (names, _) = puzzles_js(&dir);
    let about = names.iter().position(|n| n == "date or grade").unwrap();
    let special: Vec<serde_json::Value> = serde_json::from_value(run("return PUZZLES")).unwrap();
    let special: Vec<&serde_json::Value> = special.iter().filter(|r| r[2] == "special daily").collect();
    assert_eq!(special.len(), 1, "{special:?}");
    assert_eq!(special[0][about], MARKUP);
    let cell = format!(
        "return Array.prototype.map.call(document.querySelectorAll('#ROWS tr'), function (tr) {{ return tr.cells[{}].textContent; }})",
        about + 1
    );
    let shown = run(&cell.replace("ROWS", "page-rows"));
    assert!(shown.as_array().unwrap().iter().any(|c| c == MARKUP), "{shown}");
    // The script's own rows, drawn from PUZZLES, show it the same.
    run("var f = document.getElementById('filters'); f.elements['class'].value = 'special daily'; \
         f.dispatchEvent(new Event('change'));");
    assert_eq!(run(&cell.replace("ROWS", "filtered-rows")), serde_json::json!([MARKUP]));
    open("index.html");

    // Each puzzle's page gives its source as it was given.
    let id = |kind_class: &str| {
        let rows: Vec<serde_json::Value> = serde_json::from_value(run("return PUZZLES")).unwrap();
        rows.iter().find(|r| r[2] == kind_class).unwrap()[0].as_i64().unwrap()
    };
    let (file, page) = (id("10x10"), id("special daily"));
    let source_fact = "var dt = Array.prototype.find.call(document.querySelectorAll('dl.facts dt'), \
                       function (dt) { return dt.textContent === 'source'; }); return dt.nextElementSibling.textContent;";
    open(&format!("p/{file}.html"));
    assert_eq!(run(source_fact), source.as_str());
    assert_eq!(run("return document.scripts.length"), 1);
    open(&format!("p/{page}.html"));
    let shown = run(source_fact);
    assert!(shown.as_str().unwrap().contains("saved & <i>.html"), "{shown}");
}
