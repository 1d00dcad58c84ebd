//! Pictures (SVG and PNG of every kind) and the HTML export, the latter
//! opened in a real headless Chromium. Screenshots are kept as test
//! artefacts in target/test-artefacts/.

use std::path::Path;
use std::time::Duration;

use roxmltree::{Document, Node};

use crate::browse::Browse;
use crate::chromium::Tab;
use crate::site::require_chromium;
use crate::util::{Dir, artefacts, fixtures};

fn imported() -> Dir {
    let dir = Dir::new();
    let puzzles = fixtures().join("aquarium/puzzles");
    dir.run(&["--db", "a.sqlite", "import", puzzles.to_str().unwrap()]).ok();
    dir
}

/// Every stored puzzle's JSON record.
fn stored(dir: &Dir) -> Vec<serde_json::Value> {
    dir.run(&["--db", "a.sqlite", "list", "--json"]).ok().json_lines()
}

/// The stored solution of a puzzle as (row, column) water cells.
fn water_cells(record: &serde_json::Value) -> Vec<(usize, usize)> {
    let text = record["solution"]["solution"].as_str().expect("a stored solution");
    let mut cells = Vec::new();
    for (r, line) in text.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if ch == '1' {
                cells.push((r, c));
            }
        }
    }
    cells
}

fn class_is(node: &Node, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

fn children_named<'a>(doc: &'a Document, class: &str, tag: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| class_is(n, class))
        .flat_map(|g| g.descendants().filter(|n| n.has_tag_name(tag)).collect::<Vec<_>>())
        .collect()
}

fn number(node: &Node, name: &str) -> f64 {
    node.attribute(name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no number {name} on {node:?}"))
}

/// The water cells an Aquarium SVG draws, from the geometry: each water
/// rectangle's place within the white board rectangle.
fn drawn_water(svg: &str, width: usize) -> Vec<(usize, usize)> {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not XML ({e}):\n{svg}"));
    let board = doc.descendants().find(|n| class_is(n, "cells")).expect("the board rectangle");
    let (x0, y0) = (number(&board, "x"), number(&board, "y"));
    let side = number(&board, "width") / width as f64;
    let mut cells: Vec<(usize, usize)> = children_named(&doc, "water", "rect")
        .iter()
        .map(|rect| {
            let (x, y) = (number(rect, "x") - x0, number(rect, "y") - y0);
            ((y / side).round() as usize, (x / side).round() as usize)
        })
        .collect();
    cells.sort();
    cells
}

fn png_size(path: &Path) -> (u32, u32) {
    let png = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{} is not a PNG", path.display());
    (u32::from_be_bytes(png[16..20].try_into().unwrap()), u32::from_be_bytes(png[20..24].try_into().unwrap()))
}

#[test]
fn aquarium_pictures_draw_the_stored_solution() {
    let dir = imported();
    let records = stored(&dir);
    for record in records.iter().filter(|r| r["class"] == "15x15 hard").take(3) {
        let id = record["id"].to_string();
        let svg = dir.run(&["--db", "a.sqlite", "show", &id, "--svg"]).ok().stdout;
        let mut expected = water_cells(record);
        expected.sort();
        assert!(!expected.is_empty());
        assert_eq!(drawn_water(&svg, 15), expected, "puzzle {id}");
        let doc = Document::parse(&svg).unwrap();
        // 15 column clues and 15 row clues.
        assert_eq!(children_named(&doc, "clues", "text").len(), 30);
        let bare = dir.run(&["--db", "a.sqlite", "show", &id, "--svg", "--no-solution"]).ok().stdout;
        assert!(drawn_water(&bare, 15).is_empty(), "puzzle {id} without its solution");
    }
    let id = records[0]["id"].to_string();
    dir.run(&["--db", "a.sqlite", "show", &id, "--svg", "board.svg", "--png", "board.png"]).ok();
    let svg = std::fs::read_to_string(dir.join("board.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let width: f64 = doc.root_element().attribute("width").unwrap().parse().unwrap();
    let height: f64 = doc.root_element().attribute("height").unwrap().parse().unwrap();
    // PNGs are drawn at twice the SVG's size.
    assert_eq!(png_size(&dir.join("board.png")), ((2.0 * width) as u32, (2.0 * height) as u32));
    // A kind's picture needs a known puzzle.
    let missing = dir.run(&["--db", "a.sqlite", "show", "999", "--svg"]).expect_code(2);
    assert!(missing.stderr.contains("no puzzle with id 999"), "{missing}");
}

#[test]
fn solve_draws_each_puzzle_of_a_file() {
    let dir = Dir::new();
    let puzzles = fixtures().join("aquarium/puzzles");
    let first = std::fs::read_to_string(puzzles.join("6x6_easy_2429587.txt")).unwrap();
    let second = std::fs::read_to_string(puzzles.join("6x6_hard_1001841.txt")).unwrap();
    dir.write("two.txt", format!("{first}\n{second}"));
    // Into a directory that does not exist: the error names the file it could not write.
    let run = dir.run(&["solve", "two.txt", "--svg", "out/b.svg"]).expect_code(2);
    assert!(run.stderr.contains("out/b-1.svg: No such file or directory"), "{run}");
    assert!(!dir.join("out").exists(), "{run}");
    std::fs::create_dir_all(dir.join("out")).unwrap();
    dir.run(&["solve", "two.txt", "--svg", "out/b.svg", "--json"]).ok();
    for (n, text) in [(1, &first), (2, &second)] {
        let svg = std::fs::read_to_string(dir.join(&format!("out/b-{n}.svg"))).unwrap();
        let water: usize = text.lines().nth(6).unwrap().split_whitespace().map(|c| c.parse::<usize>().unwrap()).sum();
        assert_eq!(drawn_water(&svg, 6).len(), water, "puzzle {n}: as much water as the row clues say");
    }
}

/// Standard output holds the pictures and nothing else; files numbered for
/// several puzzles keep the format's extension.
#[test]
fn pictures_to_standard_output_go_there_alone_and_numbered_files_keep_their_extension() {
    let dir = Dir::new();
    let puzzle = fixtures().join("aquarium/puzzles/6x6_easy_2429587.txt");
    let puzzle = puzzle.to_str().unwrap();
    for args in [&["solve", puzzle, "--svg", "-"][..], &["calendar", "Oct", "6", "--svg", "-"]] {
        let run = dir.run(args).ok();
        let doc = Document::parse(&run.stdout).unwrap_or_else(|e| panic!("not one SVG document ({e}):\n{run}"));
        assert!(doc.root_element().has_tag_name("svg"), "{run}");
    }
    let raw = dir.command(&["solve", puzzle, "--png", "-"]).output().unwrap();
    assert_eq!(raw.status.code(), Some(0), "{}", String::from_utf8_lossy(&raw.stderr));
    assert_eq!(&raw.stdout[..8], b"\x89PNG\r\n\x1a\n");
    let end = raw.stdout.windows(8).position(|w| w == b"IEND\xaeB`\x82").expect("the PNG's end");
    assert_eq!(end + 8, raw.stdout.len(), "nothing after the PNG");
    assert!(!dir.join("-").exists(), "no file named `-`");
    for conflict in [&["solve", puzzle, "--svg", "-", "--png", "-"][..], &["solve", puzzle, "--svg", "-", "--json"]] {
        let run = dir.run(conflict).expect_code(2);
        assert!(run.stderr.contains("standard output") && run.stdout.is_empty(), "{run}");
    }

    let second = fixtures().join("aquarium/puzzles/6x6_hard_1001841.txt");
    dir.run(&["solve", puzzle, second.to_str().unwrap(), "--png", "out", "--svg", "drawing"]).ok();
    for n in [1, 2] {
        assert_eq!(png_size(&dir.join(&format!("out-{n}.png"))), (452, 452));
        Document::parse(&std::fs::read_to_string(dir.join(&format!("drawing-{n}.svg"))).unwrap()).unwrap();
        assert!(!dir.join(&format!("out-{n}")).exists());
    }
}

#[test]
fn sudoku_calendar_and_ring_pictures() {
    let dir = Dir::new();
    let line = std::fs::read_to_string(fixtures().join("sudoku/17_clue_sample.txt"))
        .unwrap()
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap()
        .to_string();
    dir.write("one.txt", &line);
    dir.run(&["solve", "--kind", "sudoku", "one.txt", "--svg", "sudoku.svg", "--png", "sudoku.png"]).ok();
    let svg = std::fs::read_to_string(dir.join("sudoku.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let givens = line
        .split_whitespace()
        .find(|f| f.len() == 81)
        .unwrap()
        .chars()
        .filter(|c| c.is_ascii_digit() && *c != '0')
        .count();
    assert_eq!(children_named(&doc, "givens", "text").len(), givens);
    assert_eq!(children_named(&doc, "filled", "text").len(), 81 - givens);
    let given_digits: Vec<&str> = children_named(&doc, "givens", "text").iter().filter_map(|n| n.text()).collect();
    assert!(given_digits.iter().all(|d| matches!(d.parse::<u8>(), Ok(1..=9))));
    assert_eq!(png_size(&dir.join("sudoku.png")).0, png_size(&dir.join("sudoku.png")).1);

    dir.run(&["calendar", "Mar", "14", "Sat", "--weekday", "--svg", "calendar.svg"]).ok();
    let svg = std::fs::read_to_string(dir.join("calendar.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let letters: Vec<&str> = children_named(&doc, "pieces", "text").iter().filter_map(|n| n.text()).collect();
    assert_eq!(letters.len(), 10, "one letter per piece of the weekday board: {letters:?}");
    let labels: Vec<&str> = children_named(&doc, "labels", "text").iter().filter_map(|n| n.text()).collect();
    assert_eq!(labels, ["Mar", "14", "Sat"], "only the date's cells stay open");

    let ring = fixtures().join("ring/expert.txt");
    dir.run(&["solve", "--kind", "ring", ring.to_str().unwrap(), "--svg", "ring.svg"]).ok();
    let svg = std::fs::read_to_string(dir.join("ring.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let ends = doc.descendants().filter(|n| class_is(n, "end")).count();
    let starts = children_named(&doc, "balls", "circle").len();
    assert_eq!(ends, starts, "every ball's move drawn");
    assert_eq!(starts, 3 * 24, "as many balls of each colour as sectors");
}

/// The rows of the index's page tables (links to puzzle pages).
fn index_rows(html: &str) -> usize {
    html.matches("<tr><td><a href=\"p/").count()
}

#[test]
fn html_export_paginates_and_replaces_only_its_own() {
    let dir = imported();
    let run = dir.run(&["--db", "a.sqlite", "export", "--html", "site", "--per-page", "40"]).ok();
    assert!(run.stderr.contains("95 puzzles, 3 index pages"), "{run}");
    let read = |name: &str| std::fs::read_to_string(dir.join("site").join(name)).unwrap();
    let rows: Vec<usize> =
        ["index.html", "index-2.html", "index-3.html"].iter().map(|n| index_rows(&read(n))).collect();
    assert_eq!(rows, [40, 40, 15]);
    assert!(read("index-2.html").contains("href=\"index-3.html\" rel=\"next\""));
    assert_eq!(read("puzzles.js").matches("\"aquarium\"").count(), 95);
    assert_eq!(std::fs::read_dir(dir.join("site/p")).unwrap().count(), 95);
    // Scripts and style sheets are the export's own files.
    for name in ["index.html", "p/1.html"] {
        let page = read(name);
        let loaded: Vec<&str> = ["src=\"", "stylesheet\" href=\""]
            .iter()
            .flat_map(|attr| page.split(attr).skip(1).map(|rest| rest.split('"').next().unwrap()))
            .collect();
        assert!(!loaded.is_empty() && loaded.iter().all(|url| !url.contains(':')), "{name} loads {loaded:?}");
    }

    // An earlier export is replaced whole: the old pages go.
    dir.run(&["--db", "a.sqlite", "export", "--html", "site", "--size", "6x6-easy"]).ok();
    let pages = std::fs::read_dir(dir.join("site/p")).unwrap().count();
    assert!(pages > 0 && pages < 95, "{pages} pages");
    assert!(!dir.join("site/index-2.html").exists());

    // A directory that is not an export is left alone, and nothing is left beside it.
    dir.write("mine/notes.txt", "keep me");
    let refused = dir.run(&["--db", "a.sqlite", "export", "--html", "mine"]).expect_code(2);
    assert!(refused.stderr.contains("not an earlier HTML export"), "{refused}");
    assert_eq!(std::fs::read_to_string(dir.join("mine/notes.txt")).unwrap(), "keep me");
    assert_eq!(std::fs::read_dir(dir.join("mine")).unwrap().count(), 1);
    let strays: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(strays.is_empty(), "left behind: {strays:?}");
}

#[test]
fn html_export_removes_what_a_killed_export_left_and_nothing_else() {
    let dir = imported();
    // A process id no process has now, and one that is running (init).
    let gone = (400_000..).find(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists()).unwrap();
    let mark = aquarchive::archive::html::MARK;
    dir.write(&format!(".site.new-{gone}/{mark}"), "aquarchive HTML export\n");
    dir.write(&format!(".site.new-{gone}/p/1.html"), "half written");
    dir.write(&format!(".site.old-{gone}/{mark}"), "aquarchive HTML export\n");
    dir.write(&format!(".site.new-1/{mark}"), "aquarchive HTML export\n");
    dir.write(&format!(".site.new-{}/notes.txt", gone + 1), "not ours: no mark");
    dir.run(&["--db", "a.sqlite", "export", "--html", "site"]).ok();
    let mut hidden: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".site."))
        .collect();
    hidden.sort();
    assert_eq!(hidden, [".site.new-1".to_string(), format!(".site.new-{}", gone + 1)]);
}

/// Runs JavaScript in the page and returns its value.
fn script(tab: &Tab, js: &str) -> serde_json::Value {
    tab.run(js)
}

#[test]
fn html_export_opens_in_chromium_sandbox_off_as_root() {
    require_chromium();
    let dir = imported();
    dir.run(&["--db", "a.sqlite", "export", "--html", "site"]).ok();
    let records = stored(&dir);
    let hard: Vec<&serde_json::Value> = records.iter().filter(|r| r["class"] == "15x15 hard").collect();
    let browser = Tab::start();
    browser.resize(1200, 1000);
    let index = format!("file://{}", dir.join("site/index.html").display());
    browser.goto(&index);

    // The index lists every puzzle, and its script shows the filters.
    let rows = script(&browser, "return document.querySelectorAll('#page-rows tr').length");
    assert_eq!(rows, records.len());
    assert_eq!(script(&browser, "return document.getElementById('filters').hidden"), false);
    let png = browser.screenshot();
    std::fs::write(artefacts().join("html-index.png"), png).unwrap();

    // Filter by size class: the matching rows, across the whole archive.
    script(
        &browser,
        "var f = document.getElementById('filters'); f.elements['class'].value = '15x15 hard'; \
         f.dispatchEvent(new Event('change'));",
    );
    let shown = script(&browser, "return document.querySelectorAll('#filtered-rows tr').length");
    assert_eq!(shown, hard.len());
    assert_eq!(script(&browser, "return document.getElementById('page-rows').hidden"), true);
    assert!(script(&browser, "return location.hash").as_str().unwrap().contains("class=15x15%20hard"));

    // Follow the first filtered row to its page.
    let id = script(&browser, "return document.querySelector('#filtered-rows tr a').innerText");
    let id = id.as_str().unwrap().to_string();
    browser.click("#filtered-rows tr a");
    browser.wait_for_element("body.puzzle", Duration::from_secs(10));
    let url = script(&browser, "return location.href");
    assert!(url.as_str().unwrap().ends_with(&format!("/p/{id}.html")), "{url}");
    let record = hard
        .iter()
        .find(|r| r["id"].as_i64().map(|n| n.to_string()).as_deref() == Some(id.as_str()))
        .expect("a stored 15x15 hard puzzle");
    let mut expected = water_cells(record);
    expected.sort();

    // The water is in the page but hidden until the solution is revealed.
    let visible = "return Array.from(document.querySelectorAll('.water rect')).filter(function (r) { \
                   return getComputedStyle(r).visibility === 'visible'; }).length";
    assert_eq!(script(&browser, "return document.querySelectorAll('.water rect').length"), expected.len());
    assert_eq!(script(&browser, visible), 0);
    // Played, the page shows it at a second click on its button.
    browser.click("#solution");
    assert_eq!(script(&browser, visible), 0);
    browser.click("#solution");
    assert_eq!(script(&browser, visible), expected.len());
    // What the browser drew, cell by cell, is the stored solution.
    let drawn = script(
        &browser,
        "var b = document.querySelector('svg .cells').getBoundingClientRect(); \
         return Array.from(document.querySelectorAll('.water rect')).map(function (r) { \
           var q = r.getBoundingClientRect(); \
           return [Math.round((q.top - b.top) / (b.height / 15)), Math.round((q.left - b.left) / (b.width / 15))]; });",
    );
    let mut drawn: Vec<(usize, usize)> = serde_json::from_value(drawn).unwrap();
    drawn.sort();
    assert_eq!(drawn, expected);
    let facts = script(&browser, "return document.querySelector('dl.facts').textContent");
    assert!(facts.as_str().unwrap().contains("puzzle-aquarium.com/?e="), "{facts}");
    // Everything the page loaded came from the export itself.
    let outside = script(
        &browser,
        "return performance.getEntriesByType('resource').map(function (e) { return e.name; }) \
         .filter(function (n) { return n.indexOf('file:') !== 0; })",
    );
    assert_eq!(outside, serde_json::json!([]));
    let png = browser.screenshot();
    std::fs::write(artefacts().join("html-puzzle-15x15.png"), png).unwrap();
}
