//! The HTML export's index: a picture of each puzzle, the calendar's or
//! special's date, the grade, the count of tilings, sorting by any column
//! and filtering by grade, filtered rows with their pictures, a phone's row
//! opened by a tap; each puzzle's page says what `show` says, and a page not
//! played shows its solution at a second click.

use crate::browse::Browse;
use crate::chromium::Tab;
use crate::site::require_chromium;
use crate::util::{Dir, fixtures};

fn fixture(path: &str) -> String {
    fixtures().join(path).display().to_string()
}

/// An archive of every kind, exported to `site/`.
pub(crate) fn exported() -> Dir {
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
    let (kind, about, grade, solutions) = (column("kind"), column("date"), column("grade"), column("solutions"));
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
        data.iter().filter(|r| r[kind] == "sudoku").map(|r| r[grade].as_str().unwrap().to_string()).collect();
    levels.sort();
    shown.sort();
    assert_eq!(shown, levels);
    // One solution is no count worth a column: Aquarium and Sudoku leave it empty.
    assert!(data.iter().filter(|r| r[kind] == "aquarium" || r[kind] == "sudoku").all(|r| r[solutions] == ""));
}

#[test]
fn the_index_sorts_by_a_clicked_column_and_a_row_opens_its_puzzle_offline_sandbox_off_as_root() {
    require_chromium();
    let dir = exported();
    index_sorts_by_a_clicked_column_and_a_row_opens_its_puzzle(&Tab::start(), &dir);
}

/// The index of [`exported`]'s archive sorted by clicks on its headers,
/// then a click on the first row's number opening that puzzle's page.
pub(crate) fn index_sorts_by_a_clicked_column_and_a_row_opens_its_puzzle(tab: &impl Browse, dir: &Dir) {
    let index = format!("file://{}", dir.join("site/index.html").display());
    tab.goto(&index);
    let run = |js: &str| tab.run(js);
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
    // Grades sort by rank (easy, medium, hard, ...), not by name; size classes small to large.
    let grade = names.iter().position(|n| n == "grade").unwrap();
    assert_eq!(header("grade"), "ascending");
    let grades = column(grade);
    let at = |level: &str| grades.iter().position(|g| g == level).unwrap_or_else(|| panic!("no {level}: {grades:?}"));
    // By name, expert would come first and medium last.
    assert!(at("medium") < at("expert") && at("expert") < at("guess"), "{grades:?}");
    let class = names.iter().position(|n| n == "size class").unwrap();
    assert_eq!(header("size class"), "ascending");
    let classes = column(class);
    // By name the ring's "8 rows x 24 sectors" would come before "8x7"; by its 192 cells it is last.
    let first = |class: &str| classes.iter().position(|c| c == class).unwrap_or_else(|| panic!("{classes:?}"));
    assert!(first("7x7") < first("8x7") && first("8x7") < first("9x9"), "{classes:?}");
    assert_eq!(classes.iter().rev().find(|c| !c.is_empty()).map(String::as_str), Some("8 rows x 24 sectors"));

    // A row's number is the link to its puzzle's page.
    let first = ids(column(0))[0];
    tab.click("#page-rows tr:first-child td:first-child a");
    tab.wait_for_element("#game", std::time::Duration::from_secs(20));
    let opened = run("return [location.pathname, document.getElementById('game').getAttribute('data-kind')]");
    assert!(opened[0].as_str().unwrap().ends_with(&format!("/p/{first}.html")), "{opened}");
    assert!(opened[1].is_string(), "{opened}");
}

#[test]
fn filtered_rows_keep_their_pictures_a_phones_row_opens_at_a_tap_and_a_pictures_solution_asks_twice_sandbox_off_as_root()
 {
    require_chromium();
    let dir = exported();
    // Ten to a page: the rows a filter shows come from every page.
    dir.run(&["export", "--html", "paged", "--per-page", "10"]).ok();
    let (names, data) = puzzles_js(&dir);
    let kind = names.iter().position(|n| n == "kind").unwrap();
    let ids = |of: &str| data.iter().filter(|r| r[kind] == of).map(|r| r[0].as_i64().unwrap()).collect::<Vec<_>>();
    let tab = Tab::start();
    let run = |js: &str| tab.run(js);
    // A page a tap opens has no document for a moment: asked again then.
    let wait = |condition: &str| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let js = format!("return !!({condition})");
        while tab.browser.execute(&js, &[], deadline).ok() != Some(serde_json::Value::Bool(true)) {
            assert!(std::time::Instant::now() < deadline, "never true: {condition}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    };
    let index = |hash: &str| format!("file://{}{hash}", dir.join("paged/index.html").display());
    // Every row a filter shows (its first ten) has its picture, drawn (an
    // Aquarium's) or loaded, from whichever page its row is on.
    for of in ["sudoku", "calendar", "ring", "aquarium"] {
        tab.goto(&index(&format!("#kind={of}")));
        wait("document.querySelectorAll('#filtered-rows tr').length > 0");
        let shown =
            run("return Array.prototype.map.call(document.querySelectorAll('#filtered-rows tr'), function (tr) { \
                         return +tr.cells[0].firstChild.textContent; })");
        assert_eq!(shown, serde_json::json!(ids(of).into_iter().take(10).collect::<Vec<_>>()), "{of}");
        wait(
            "Array.prototype.every.call(document.querySelectorAll('#filtered-rows td.thumb'), function (td) { \
                var img = td.querySelector('img'); \
                return td.querySelector('svg') !== null || (img !== null && img.complete && img.naturalWidth > 0); })",
        );
    }

    // On a phone a tap anywhere on a row opens its puzzle, away from its
    // number's link too, in a filtered view as on a page.
    tab.emulate(390, 844, true);
    tab.goto(&index(""));
    wait("document.querySelector('#puzzles th.sortable') !== null");
    let row = run("var tr = document.querySelectorAll('#page-rows tr')[3]; var a = tr.cells[0].querySelector('a'); \
                   var cell = tr.cells[tr.cells.length - 2].getBoundingClientRect(); var link = a.getBoundingClientRect(); \
                   return [+a.textContent, cell.left + cell.width / 2, cell.top + cell.height / 2, link.right];");
    let (id, x, y) = (row[0].as_i64().unwrap(), row[1].as_f64().unwrap(), row[2].as_f64().unwrap());
    assert!(x > row[3].as_f64().unwrap() + 20.0, "{row}");
    tab.tap_at(x, y);
    wait(&format!("location.pathname.endsWith('/p/{id}.html') && document.readyState === 'complete'"));
    let calendar = ids("calendar")[1];
    tab.goto(&index("#kind=calendar"));
    wait("document.querySelectorAll('#filtered-rows tr').length > 0");
    let at = run("var tr = document.querySelectorAll('#filtered-rows tr')[1]; \
                  var r = tr.cells[tr.cells.length - 3].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];");
    tab.tap_at(at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    wait(&format!("location.pathname.endsWith('/p/{calendar}.html') && document.readyState === 'complete'"));

    // A page not played (a calendar's, without the script) shows its
    // solution at a second click, as a played page does: the first asks,
    // "Keep it hidden" takes the question back, and hiding it asks anew.
    tab.emulate(1000, 900, false);
    assert_eq!(run("return document.querySelectorAll('script').length"), 0);
    let state = || {
        run(
            "var shown = Array.prototype.filter.call(document.querySelectorAll('.reveal-buttons label'), function (l) { \
               return getComputedStyle(l).display !== 'none'; }).map(function (l) { return l.textContent; }); \
             var solution = document.querySelector('figure.board .solution'); \
             return [shown, getComputedStyle(solution).visibility];",
        )
    };
    let hidden = serde_json::json!([["Show the solution"], "hidden"]);
    let asking = serde_json::json!([["Really show the solution?", "Keep it hidden"], "hidden"]);
    assert_eq!(state(), hidden);
    tab.click(".reveal-buttons .show");
    assert_eq!(state(), asking);
    tab.click(".reveal-buttons .keep");
    assert_eq!(state(), hidden);
    tab.click(".reveal-buttons .show");
    tab.click(".reveal-buttons .asking");
    assert_eq!(state(), serde_json::json!([["Hide the solution"], "visible"]));
    tab.click(".reveal-buttons .hide");
    assert_eq!(state(), hidden);
    tab.click(".reveal-buttons .show");
    assert_eq!(state(), asking);
    // By keys, which go round the radio buttons either way: asked first.
    tab.click(".reveal-buttons .keep");
    run("document.getElementById('reveal-no').focus()");
    tab.key("ArrowLeft", 0);
    assert_eq!(state(), asking);
    tab.key("ArrowLeft", 0);
    assert_eq!(state(), serde_json::json!([["Hide the solution"], "visible"]));
    tab.key("ArrowLeft", 0);
    tab.key("ArrowLeft", 0);
    assert_eq!(state(), hidden);
    tab.key("ArrowRight", 0);
    assert_eq!(state(), asking);
    // Quiet, as the played page's button: dashed, not filled.
    assert_eq!(run("return getComputedStyle(document.querySelector('.reveal-buttons .show')).borderStyle"), "dashed");
}

/// Text a file's path or a saved page can carry that would be markup if it
/// were not escaped (a saved page's special date is read as the page writes
/// it, quotes aside).
const MARKUP: &str = "</script><script>window.ran = 1</script> & <!-- <b>";

/// The task and answer of line `n` of the test site's specials.
pub(crate) fn special(n: usize) -> (String, String) {
    let specials = std::fs::read_to_string(fixtures().join("site/specials.txt")).unwrap();
    let [_, task, answer] = specials.lines().nth(n).unwrap().split(' ').collect::<Vec<_>>()[..] else {
        panic!("specials.txt: size, task and answer on a line")
    };
    (task.to_string(), answer.to_string())
}

/// The site's `hashedSolution` of a task and its answer: md5 of the two.
fn hashed(task: &str, answer: &str) -> String {
    use md5::Digest;
    md5::Md5::digest(format!("{task}{answer}").as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A saved page of a special, the puzzle of line `n` of the specials (of
/// the size class the line gives: 9 daily, 10 weekly, 11 monthly), that
/// writes its date in its script (so the date is read as the page gives
/// it) and the `hashedSolution` given, if any.
pub(crate) fn saved_page(n: usize, date: &str, hash: Option<&str>) -> String {
    let (task, answer) = special(n);
    let specials = std::fs::read_to_string(fixtures().join("site/specials.txt")).unwrap();
    let class = specials.lines().nth(n).unwrap().split(' ').next().unwrap().to_string();
    let side = answer.len().isqrt();
    let hash = hash.map(|h| format!("hashedSolution: '{h}', ")).unwrap_or_default();
    format!(
        "<!DOCTYPE html>\n<html><head><title>Aquarium</title></head><body>\n\
         <script>var task = '{task}'; var specialDate = \"{date}\";\n\
         Game = $('#game').aquarium({{ {hash}puzzleWidth: {side}, puzzleHeight: {side} }}); Game.plSize = {class};</script>\n\
         <span id=\"puzzleID\"></span></body></html>\n"
    )
}

/// A saved page of a special without a hash.
fn saved_special(date: &str) -> String {
    saved_page(0, date, None)
}

#[test]
fn names_from_files_and_pages_come_out_as_text_in_every_page_sandbox_off_as_root() {
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
    // The index has the data, the progress and the script; each puzzle's
    // page, played there, the progress and the script alone.
    let mut pages = vec![("index.html".to_string(), 3)];
    for entry in std::fs::read_dir(dir.join("site/p")).unwrap() {
        pages.push((format!("p/{}", entry.unwrap().file_name().to_string_lossy()), 2));
    }
    assert_eq!(pages.len(), 3);
    for (name, scripts) in &pages {
        let html = read(name);
        assert_eq!(html.matches("<script").count(), *scripts, "{name}: {html}");
        assert!(!html.contains("<b>") && !html.contains("<i>") && !html.contains("<!--"), "{name}: {html}");
    }

    // As a browser reads it: the same text back, and nothing run.
    let tab = Tab::start();
    let run = |js: &str| tab.run(js);
    let open = |name: &str| {
        let url = format!("file://{}", dir.join("site").join(name).display());
        tab.goto(&url);
        assert_eq!(
            run("return [typeof window.ran, document.querySelectorAll('b, i').length]"),
            serde_json::json!(["undefined", 0]),
            "{name}"
        );
    };
    open("index.html");
    let (names, _) = puzzles_js(&dir);
    let about = names.iter().position(|n| n == "date").unwrap();
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
    assert_eq!(run("return document.scripts.length"), 2);
    open(&format!("p/{page}.html"));
    let shown = run(source_fact);
    assert!(shown.as_str().unwrap().contains("saved & <i>.html"), "{shown}");
}

/// Every kind, and three specials from saved pages: one the site's hash
/// confirms, one whose hash is another puzzle's (imported first, before any
/// page has matched, so it is kept as solved), and one whose page has no
/// hash; exported to `site/`.
pub(crate) fn with_specials() -> Dir {
    let dir = Dir::new();
    let (task, answer) = special(0);
    let right = hashed(&task, &answer);
    dir.write("confirmed.html", saved_page(0, "2026-08-23", Some(&right)));
    dir.write("mismatched.html", saved_page(1, "2026-08-24", Some(&right)));
    dir.write("no-hash.html", saved_page(2, "2026-08-25", None));
    let first = dir.run(&["import", "mismatched.html"]).ok();
    // As fetch does: the doubt about the hash is said, once.
    assert_eq!(first.stderr.matches("the site's hashedSolution could not be confirmed").count(), 1, "{first}");
    dir.run(&[
        "import",
        "confirmed.html",
        "no-hash.html",
        &fixture("sudoku/se_rated_sample.txt"),
        &fixture("calendar/dates.txt"),
        &fixture("ring/expert.txt"),
        &fixture("aquarium/puzzles/10x10_easy_3081686.txt"),
        &fixture("aquarium/puzzles/10x10_hard_8977124.txt"),
    ])
    .ok();
    dir.run(&["export", "--html", "site"]).ok();
    dir
}

/// The facts of a puzzle's page, name and value, in order.
fn page_facts(dir: &Dir, id: i64) -> Vec<(String, String)> {
    let page = std::fs::read_to_string(dir.join(&format!("site/p/{id}.html"))).unwrap();
    let doc = scraper::Html::parse_document(&page);
    let texts = |css: &str| -> Vec<String> {
        doc.select(&scraper::Selector::parse(css).unwrap()).map(|e| e.text().collect()).collect()
    };
    texts("dl.facts dt").into_iter().zip(texts("dl.facts dd")).collect()
}

/// A stored puzzle's grade, as `list --json` gives it.
fn grade_of(listed: &serde_json::Value) -> Option<&str> {
    listed["solution"]["grade"]["level"].as_str()
}

#[test]
fn every_puzzle_page_says_what_show_says() {
    let dir = with_specials();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let mut graded = Vec::new();
    for puzzle in &listed {
        let id = puzzle["id"].as_i64().unwrap();
        let facts = page_facts(&dir, id);
        let fact = |name: &str| facts.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        let shown = dir.run(&["show", &id.to_string()]).ok();
        let head = shown.stdout.lines().next().unwrap();
        // The grade `list` gives, where there is one.
        assert_eq!(fact("grade"), grade_of(puzzle), "{id}: {facts:?}");
        if fact("grade").is_some() {
            graded.push(puzzle["kind"].as_str().unwrap());
        }
        // A special's date, as `show` says it.
        assert_eq!(fact("special of"), puzzle["special_date"].as_str(), "{id}: {facts:?}");
        if let Some(date) = fact("special of") {
            assert!(head.contains(&format!(", the special of {date}")), "{head}");
        }
        // The site's check in `show`'s words, where `show` says it.
        match fact("site's check") {
            Some(words) => assert!(head.contains(&format!(", {words}")), "{head} / {words}"),
            None => assert!(!head.contains("confirmed"), "{head}"),
        }
    }
    // Every Aquarium here is graded (the specials, the two 10x10), and the Sudokus.
    assert_eq!(graded.iter().filter(|k| **k == "aquarium").count(), 5, "{graded:?}");
    assert!(graded.contains(&"sudoku"), "{graded:?}");
    // Each page's check, told apart.
    let check = |file: &str| {
        let puzzle = listed.iter().find(|p| p["source"].as_str().unwrap().ends_with(file)).unwrap();
        let facts = page_facts(&dir, puzzle["id"].as_i64().unwrap());
        facts.into_iter().find(|(n, _)| n == "site's check").map(|(_, v)| v)
    };
    assert_eq!(check("confirmed.html").as_deref(), Some("confirmed by the site's hash"));
    assert_eq!(check("mismatched.html").as_deref(), Some("not confirmed: the site's hash does not match"));
    assert_eq!(check("no-hash.html").as_deref(), Some("not confirmed: the page had no hash"));
    // A puzzle imported from its text had no page to check.
    assert_eq!(check("10x10_easy_3081686.txt"), None);
}

#[test]
fn the_index_gives_each_puzzle_its_date_and_grade_and_filters_by_grade_sandbox_off_as_root() {
    let dir = with_specials();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let (names, data) = puzzles_js(&dir);
    let column = |name: &str| names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{name}: {names:?}"));
    let (date, grade) = (column("date"), column("grade"));
    let index = std::fs::read_to_string(dir.join("site/index.html")).unwrap();
    let doc = scraper::Html::parse_document(&index);
    let select = |css: &str| doc.select(&scraper::Selector::parse(css).unwrap()).collect::<Vec<_>>();
    for puzzle in &listed {
        let id = puzzle["id"].as_i64().unwrap();
        let row = data.iter().find(|r| r[0] == id).unwrap();
        assert_eq!(row[grade].as_str().unwrap(), grade_of(puzzle).unwrap_or(""), "{id}");
        match puzzle["special_date"].as_str() {
            Some(day) => assert_eq!(row[date], day, "{id}"),
            None if puzzle["kind"] == "calendar" => assert!(!row[date].as_str().unwrap().is_empty(), "{id}"),
            None => assert_eq!(row[date], "", "{id}"),
        }
        // The page's own table, without the script, has the same cells
        // (after the id and the picture).
        let tr = select(&format!("#page-rows a[href=\"p/{id}.html\"]"))[0].parent().unwrap().parent().unwrap();
        let cells: Vec<String> =
            scraper::ElementRef::wrap(tr).unwrap().child_elements().map(|td| td.text().collect()).collect();
        assert_eq!(cells[2 + grade - 1], grade_of(puzzle).unwrap_or(""), "{id}: {cells:?}");
    }
    // The filter's choices are the grades the puzzles have, each once, in
    // each kind's order (easiest first).
    let options: Vec<String> =
        select("select[name=grade] option").iter().map(|o| o.value().attr("value").unwrap().to_string()).collect();
    assert_eq!(options[0], "", "any grade first");
    let mut present: Vec<&str> = listed.iter().filter_map(grade_of).collect();
    present.sort();
    present.dedup();
    let mut offered: Vec<&str> = options[1..].iter().map(String::as_str).collect();
    offered.sort();
    assert_eq!(offered, present);
    assert!(present.len() >= 3, "{present:?}");
    for kind in ["aquarium", "sudoku"] {
        let mut ranks: Vec<(usize, i64)> = listed
            .iter()
            .filter(|p| p["kind"] == kind)
            .filter_map(|p| {
                let level = grade_of(p)?;
                Some((options.iter().position(|o| o == level).unwrap(), p["solution"]["grade"]["rank"].as_i64()?))
            })
            .collect();
        ranks.sort();
        assert!(ranks.windows(2).all(|w| w[0].1 <= w[1].1), "{kind}: {options:?} by rank {ranks:?}");
    }

    // In a browser, offline: each grade chosen shows the puzzles `list --grade` gives.
    require_chromium();
    index_filters_by_grade(&Tab::start(), &dir);
}

/// The index of [`with_specials`]'s archive filtered, in the page, by each
/// grade its puzzles have: the puzzles `list --grade` gives.
pub(crate) fn index_filters_by_grade(tab: &impl Browse, dir: &Dir) {
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let mut present: Vec<&str> = listed.iter().filter_map(grade_of).collect();
    present.sort();
    present.dedup();
    let url = format!("file://{}", dir.join("site/index.html").display());
    tab.goto(&url);
    let run = |js: &str| tab.run(js);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while run("return document.getElementById('filters').hidden") == true {
        assert!(std::time::Instant::now() < deadline, "the index's script never showed its filters");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for level in &present {
        let shown = run(&format!(
            "var f = document.getElementById('filters'); f.elements['grade'].value = '{level}'; \
             f.dispatchEvent(new Event('change')); \
             return [location.hash, Array.prototype.map.call(document.querySelectorAll('#filtered-rows tr'), \
             function (tr) {{ return parseInt(tr.cells[0].textContent, 10); }})]"
        ));
        assert_eq!(shown[0], format!("#grade={level}"));
        let mut ids: Vec<i64> = shown[1].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
        ids.sort();
        let expected: Vec<i64> = dir
            .run(&["list", "--grade", level, "--json"])
            .ok()
            .json_lines()
            .iter()
            .map(|p| p["id"].as_i64().unwrap())
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(ids, expected, "{level}");
    }
}

#[test]
fn the_index_fits_a_phone_and_keeps_dates_on_one_line_sandbox_off_as_root() {
    require_chromium();
    // Every kind and status, and specials with their dates.
    let dir = crate::archive_format::copy_of("v1");
    dir.run(&["--db", "a.sqlite", "export", "--html", "site"]).ok();
    let tab = Tab::start();
    let index = format!("file://{}", dir.join("site/index.html").display());
    let run = |js: &str| tab.run(js);
    // Each cell of a column on one line: a Range over its text has one box.
    let lines_in = |column: &str| {
        run(&format!(
            "var names = Array.prototype.map.call(document.querySelectorAll('#puzzles th'), function (th) {{ return th.textContent; }}); \
             var n = names.indexOf('{column}'); \
             return Math.max.apply(null, Array.prototype.map.call(document.querySelectorAll('#page-rows tr'), function (tr) {{ \
               var range = document.createRange(); range.selectNodeContents(tr.cells[n]); return range.getClientRects().length; }}));"
        ))
    };
    // 390 and 360 px, phones' pages: as on a phone, the scroll bar takes no
    // room beside the page.
    for (width, height) in [(1280, 900), (390, 844), (360, 740)] {
        let phone = width < 1000;
        tab.hide_scroll_bars(phone);
        tab.resize(width, height);
        tab.goto(&index);
        if phone {
            let page = run("return document.documentElement.clientWidth").as_u64().unwrap();
            assert_eq!(page, width as u64, "the page is the phone's width");
        }
        // The window less its scroll bar.
        let inner = run("return document.documentElement.clientWidth").as_u64().unwrap();
        let wide = run("return document.documentElement.scrollWidth").as_u64().unwrap();
        assert!(wide <= inner, "{width} px wide: the page is {wide} px wide in a {inner} px window");
        // The grade, date and solutions columns are in the window, not beyond it.
        for column in ["grade", "date", "solutions"] {
            let right = run(&format!(
                "var th = Array.prototype.find.call(document.querySelectorAll('#puzzles th'), \
                 function (th) {{ return th.textContent === '{column}'; }}); return th.getBoundingClientRect().right;"
            ));
            assert!(right.as_f64().unwrap() <= inner as f64, "{width} px: {column} ends at {right}");
        }
        assert_eq!(lines_in("date"), 1, "{width} px");
        if width > 1000 {
            assert_eq!(lines_in("stored"), 1, "{width} px");
        }
    }
}

#[test]
fn a_specials_page_steps_to_the_special_before_and_after_it_and_a_class_puzzles_within_its_class() {
    let dir = Dir::new();
    // Dailies stored out of date order, a weekly between them, and two
    // 10x10 easy and a 15x15 Aquarium.
    let mut files = vec!["import".to_string()];
    for (n, date) in [(0, "2026-08-23"), (3, "2026-08-17"), (1, "2026-08-21"), (2, "2026-08-22")] {
        files.push(dir.write(&format!("special-{n}.html"), saved_page(n, date, None)).display().to_string());
    }
    for name in ["10x10_easy_3081686", "15x15_hard_5642858", "10x10_easy_3144731"] {
        files.push(fixture(&format!("aquarium/puzzles/{name}.txt")));
    }
    dir.run(&files.iter().map(String::as_str).collect::<Vec<_>>()).ok();
    dir.run(&["export", "--html", "site"]).ok();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let id_of = |field: &str, value: &str| -> i64 {
        listed.iter().find(|r| r[field] == value).unwrap_or_else(|| panic!("{value}"))["id"].as_i64().unwrap()
    };
    let page = |id: i64| {
        scraper::Html::parse_document(&std::fs::read_to_string(dir.join(&format!("site/p/{id}.html"))).unwrap())
    };
    // Where a page's ← and → lead, and what they say.
    let steps = |id: i64| -> Vec<(String, String, String)> {
        let doc = page(id);
        let links = scraper::Selector::parse("nav.crumbs a[rel]").unwrap();
        doc.select(&links)
            .map(|a| {
                let v = a.value();
                (v.attr("rel").unwrap().to_string(), v.attr("href").unwrap().to_string(), a.text().collect())
            })
            .collect()
    };
    let link = |rel: &str, id: i64, text: &str| (rel.to_string(), format!("{id}.html"), text.to_string());
    let daily = |date: &str| id_of("special_date", date);
    assert_eq!(
        steps(daily("2026-08-22")),
        [link("prev", daily("2026-08-21"), "← 2026-08-21"), link("next", daily("2026-08-23"), "2026-08-23 →")]
    );
    assert_eq!(steps(daily("2026-08-21")), [link("next", daily("2026-08-22"), "2026-08-22 →")]);
    assert_eq!(steps(daily("2026-08-23")), [link("prev", daily("2026-08-22"), "← 2026-08-22")]);
    // The only weekly has no other weekly to step to.
    assert_eq!(steps(daily("2026-08-17")), []);
    // A class puzzle steps to the one of its class, not the 15x15 between.
    let easy: Vec<i64> =
        listed.iter().filter(|r| r["class"] == "10x10 easy").map(|r| r["id"].as_i64().unwrap()).collect();
    assert_eq!(easy.len(), 2);
    assert_eq!(steps(easy[0]), [link("next", easy[1], &format!("#{} →", easy[1]))]);
    assert_eq!(steps(easy[1]), [link("prev", easy[0], &format!("← #{}", easy[0]))]);

    // A special's title carries its date.
    let title = |id: i64| -> String {
        page(id).select(&scraper::Selector::parse("title").unwrap()).next().unwrap().text().collect()
    };
    assert_eq!(title(daily("2026-08-22")), format!("Aquarium daily 2026-08-22 (#{})", daily("2026-08-22")));
    assert_eq!(title(daily("2026-08-17")), format!("Aquarium weekly 2026-08-17 (#{})", daily("2026-08-17")));
    assert!(title(easy[0]).starts_with("Aquarium 10x10 easy"), "{}", title(easy[0]));
}
