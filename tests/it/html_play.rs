//! Playing the exported archive offline, in a real headless Chromium: an
//! Aquarium solved by clicks and still solved after a reload, the index
//! filtered to solved puzzles, a check, undo and redo, a Sudoku's hints
//! agreeing with its solution, an Aquarium solved by keys, the boards as a
//! screen reader has them, the timer paused and hidden, and the dark look's
//! contrasts. Screenshots of a puzzle in play and of a hint
//! are kept as test artefacts in target/test-artefacts/.

use std::path::PathBuf;
use std::time::Duration;

use aquarchive::kinds::aquarium::Aquarium;
use aquarchive::kinds::aquarium::grade::{Technique, settled_words};
use aquarchive::render::svg::aquarium;

use crate::browse::Browse;
use crate::chromium::Tab;
use crate::html_index::{saved_page, special};
use crate::util::{Dir, artefacts, fixtures};

const AQUARIUM: &str = "aquarium/puzzles/10x10_easy_3081686";

/// The fixture's tanks and water, read from its files (not from the export).
fn aquarium_fixture() -> (Vec<Vec<String>>, Vec<Vec<bool>>) {
    let text = std::fs::read_to_string(fixtures().join(format!("{AQUARIUM}.txt"))).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let tanks: Vec<Vec<String>> =
        lines[..lines.len() - 2].iter().map(|l| l.split_whitespace().map(String::from).collect()).collect();
    let water = std::fs::read_to_string(fixtures().join(format!("{AQUARIUM}.solution.txt"))).unwrap();
    let water = water.lines().map(|l| l.split_whitespace().map(|c| c == "1").collect()).collect();
    (tanks, water)
}

/// An archive of one Aquarium and a few Sudoku, exported to `site/`, and
/// the ids of its puzzles by kind. Both are imported by names relative to
/// the archive's folder, so that a page's source line (in the screenshots
/// the guide shows) names no folder of the machine that ran the tests.
pub(crate) fn exported() -> (Dir, i64, Vec<i64>) {
    let dir = Dir::new();
    let aquarium = std::fs::read(fixtures().join(format!("{AQUARIUM}.txt"))).unwrap();
    dir.write(&format!("{AQUARIUM}.txt"), aquarium);
    dir.write("sudoku.txt", sudoku_lines(3));
    dir.run(&["import", &format!("{AQUARIUM}.txt"), "sudoku.txt"]).ok();
    dir.run(&["export", "--html", "site"]).ok();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let ids =
        |kind: &str| listed.iter().filter(|r| r["kind"] == kind).map(|r| r["id"].as_i64().unwrap()).collect::<Vec<_>>();
    (dir, ids("aquarium")[0], ids("sudoku"))
}

/// The first `n` puzzles of the rated Sudoku sample.
fn sudoku_lines(n: usize) -> String {
    let text = std::fs::read_to_string(fixtures().join("sudoku/se_rated_sample.txt")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(n).collect();
    lines.join("\n") + "\n"
}

/// A page of an archive exported to `site/`, in either browser.
pub(crate) struct Page<B: Browse = Tab> {
    pub(crate) tab: B,
    dir: PathBuf,
}

impl Page<Tab> {
    /// In a new Chromium.
    fn new(dir: &Dir) -> Page {
        Page::on(Tab::start(), dir)
    }

    /// Presses on the first of `cells`, moves over the others in turn and
    /// lets go: with a finger (`touch`) or the mouse's left button.
    fn drag(&self, cells: &[(usize, usize)], touch: bool) {
        let css: Vec<String> = cells.iter().map(|&(r, c)| format!("{} rect", self.cell(r, c))).collect();
        self.tab.drag(&css, touch);
    }
}

impl<B: Browse> Page<B> {
    /// In `tab`'s browser, its window a desktop's.
    pub(crate) fn on(tab: B, dir: &Dir) -> Page<B> {
        tab.resize(1000, 1100);
        Page { tab, dir: dir.join("site") }
    }

    pub(crate) fn open(&self, name: &str) {
        let url = format!("file://{}", self.dir.join(name).display());
        self.tab.goto(&url);
        self.wait_for("document.querySelector('#verdict, #filters:not([hidden]), #calendar:not(:empty)') !== null");
    }

    pub(crate) fn run(&self, js: &str) -> serde_json::Value {
        self.tab.run(js)
    }

    /// Waits for the page's script (which may run after the page reports
    /// it has loaded, on a loaded machine) to make `condition` true.
    fn wait_for(&self, condition: &str) {
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while self.run(&format!("return !!({condition})")) != true {
            assert!(std::time::Instant::now() < deadline, "never true: {condition}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn click(&self, css: &str) {
        self.tab.click(css);
    }

    /// Clicks a cell of the board, at its middle.
    fn click_cell(&self, r: usize, c: usize) {
        self.tab.click(&format!("{} rect", self.cell(r, c)));
    }

    fn cell(&self, r: usize, c: usize) -> String {
        format!("#game [data-r=\"{r}\"][data-c=\"{c}\"]")
    }

    /// Every cell's `data-state`, row by row.
    fn states(&self) -> Vec<Vec<String>> {
        let cells = self.run(
            "return Array.prototype.map.call(document.querySelectorAll('#game [data-r]'), function (e) { \
               return [+e.getAttribute('data-r'), +e.getAttribute('data-c'), e.getAttribute('data-state')]; })",
        );
        let cells: Vec<(usize, usize, String)> = serde_json::from_value(cells).unwrap();
        let (h, w) = (cells.iter().map(|c| c.0).max().unwrap() + 1, cells.iter().map(|c| c.1).max().unwrap() + 1);
        assert_eq!(cells.len(), w * h);
        let mut out = vec![vec![String::new(); w]; h];
        for (r, c, state) in cells {
            out[r][c] = state;
        }
        out
    }

    fn text(&self, css: &str) -> String {
        self.run(&format!("var e = document.querySelector('{css}'); return e ? e.textContent : null"))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The cells the hint shown highlights: row, column, and what it says
    /// of the cell (its `data-hint`).
    fn hinted(&self) -> Vec<(usize, usize, String)> {
        let hinted = self.run(
            "return Array.prototype.map.call(document.querySelectorAll('#game [data-hint]'), function (e) { \
               return [+e.getAttribute('data-r'), +e.getAttribute('data-c'), e.getAttribute('data-hint')]; })",
        );
        serde_json::from_value(hinted).unwrap()
    }

    /// Sets the window's size, as a phone's or a desktop's.
    fn resize(&self, width: u32, height: u32) {
        self.tab.resize(width, height);
    }

    /// The cells marked as not as the solution has them (`data-wrong`).
    fn wrong(&self) -> Vec<(usize, usize)> {
        let wrong = self.run(
            "return Array.prototype.map.call(document.querySelectorAll('#game [data-wrong]'), function (e) { \
               return [+e.getAttribute('data-r'), +e.getAttribute('data-c')]; })",
        );
        serde_json::from_value(wrong).unwrap()
    }

    /// The progress the page keeps in the browser for its puzzle.
    fn progress(&self) -> serde_json::Value {
        let text = self.run(
            "return localStorage.getItem('aquarchive:' + document.getElementById('game').getAttribute('data-key'))",
        );
        serde_json::from_str(text.as_str().unwrap_or("null")).unwrap()
    }

    /// The box of the first element `css` selects, in the window's
    /// pixels: left, top, right, bottom.
    fn rect(&self, css: &str) -> [f64; 4] {
        let r = self.run(&format!(
            "var r = document.querySelector('{css}').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]"
        ));
        serde_json::from_value(r).unwrap()
    }

    /// The window's width and height, less any scroll bar.
    fn window(&self) -> (f64, f64) {
        let size = self.run("return [document.documentElement.clientWidth, document.documentElement.clientHeight]");
        (size[0].as_f64().unwrap(), size[1].as_f64().unwrap())
    }

    /// Whether the whole of the first element `css` selects is in the window.
    fn in_view(&self, css: &str) -> bool {
        let [left, top, right, bottom] = self.rect(css);
        let (width, height) = self.window();
        left >= 0.0 && top >= 0.0 && right <= width + 0.5 && bottom <= height + 0.5
    }

    /// Presses the mouse's left button on the first of `cells`, moves
    /// over the others in turn and lets go.
    fn mouse_drag(&self, cells: &[(usize, usize)]) {
        let css: Vec<String> = cells.iter().map(|&(r, c)| format!("{} rect", self.cell(r, c))).collect();
        Browse::drag(&self.tab, &css);
    }

    fn screenshot(&self, name: &str) {
        std::fs::write(artefacts().join(name), self.tab.screenshot()).unwrap();
    }
}

fn water_of(states: &[Vec<String>]) -> Vec<Vec<bool>> {
    states.iter().map(|row| row.iter().map(|s| s == "water").collect()).collect()
}

#[test]
fn an_aquarium_is_solved_by_clicks_stays_solved_and_the_index_finds_it_sandbox_off_as_root() {
    let (dir, id, _) = exported();
    aquarium_solved_by_clicks_stays_solved_and_the_index_finds_it(&Page::new(&dir), id);
}

/// Aquarium `id` of [`exported`]'s archive, solved on its page by clicks
/// (undone, redone, with water and air), still solved after a reload, and
/// found by the index's filter of solved puzzles.
pub(crate) fn aquarium_solved_by_clicks_stays_solved_and_the_index_finds_it<B: Browse>(page: &Page<B>, id: i64) {
    let (tanks, water) = aquarium_fixture();
    let (h, w) = (tanks.len(), tanks[0].len());
    page.open(&format!("p/{id}.html"));
    // The board the script drew from the page's data has the puzzle's size,
    // every cell empty, and nothing solved.
    assert_eq!(page.states(), vec![vec!["empty".to_string(); w]; h]);
    assert!(!page.text("#verdict").contains("Solved"));
    let puzzlink = page.run("return document.getElementById('puzzlink').href");
    assert!(puzzlink.as_str().unwrap().starts_with("https://puzz.link/p?aquarium/r/10/10/"), "{puzzlink}");
    // The walls the script drew are the ones Rust draws, in the played layout.
    let drawn = page.run("return document.querySelector('#game path.walls').getAttribute('d')");
    let walls = aquarium::wall_path(
        w,
        h,
        |r, c| tanks[r][c] != tanks[r][c + 1],
        |r, c| tanks[r][c] != tanks[r + 1][c],
        aquarium::PLAYED.origin(),
    );
    assert_eq!(drawn.as_str(), Some(walls.as_str()));

    // A click fills its tank from the bottom up to the clicked row.
    let tank_cells = |t: &str| -> Vec<(usize, usize)> {
        (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| tanks[r][c] == t).collect()
    };
    let mut names: Vec<&String> = tanks.iter().flatten().collect();
    names.sort();
    names.dedup();
    // A tank with water over several rows: its top row is clicked again,
    // which lowers the level one row, and a third click sets it back.
    let deep = names
        .iter()
        .find(|t| {
            let rows: Vec<usize> = tank_cells(t).iter().filter(|&&(r, c)| water[r][c]).map(|p| p.0).collect();
            rows.iter().min() != rows.iter().max()
        })
        .unwrap();
    let deep_cells = tank_cells(deep);
    let top = deep_cells.iter().filter(|&&(r, c)| water[r][c]).map(|p| p.0).min().unwrap();
    let &(_, top_col) = deep_cells.iter().find(|&&(r, c)| r == top && water[r][c]).unwrap();
    page.click_cell(top, top_col);
    let states = page.states();
    for &(r, c) in &deep_cells {
        assert_eq!(states[r][c] == "water", r >= top, "tank {deep} at ({r}, {c}) after a click on row {top}");
    }
    page.click_cell(top, top_col);
    let states = page.states();
    for &(r, c) in &deep_cells {
        assert_eq!(states[r][c] == "water", r > top, "tank {deep} at ({r}, {c}) after a second click");
    }
    page.click_cell(top, top_col);

    // A rule broken: a tank filled to its top when the solution leaves it
    // dry or lower; the check says so, and undo takes it back.
    let dry = names.iter().find(|t| tank_cells(t).iter().all(|&(r, c)| !water[r][c])).unwrap();
    let &(dr, dc) = tank_cells(dry).iter().min().unwrap();
    let before = page.states();
    page.click_cell(dr, dc);
    assert!(tank_cells(dry).iter().all(|&(r, c)| page.states()[r][c] == "water"));
    page.click("#undo");
    assert_eq!(page.states(), before);
    page.click("#redo");
    assert_ne!(page.states(), before);
    page.click("#undo");

    // Air: the second button marks the clicked row and above of the tank.
    page.click("#mode-air");
    page.click_cell(dr, dc);
    let states = page.states();
    for &(r, c) in &tank_cells(dry) {
        assert_eq!(states[r][c] == "air", r <= dr, "air in tank {dry} at ({r}, {c})");
    }
    page.click("#mode-water");

    // Every other tank with water: one click on its top water row.
    for t in &names {
        let cells = tank_cells(t);
        let Some(&(r, c)) = cells.iter().filter(|&&(r, c)| water[r][c]).min() else { continue };
        if *t != *deep {
            page.click_cell(r, c);
        }
        if page.text("#verdict").contains("Solved") {
            break;
        }
        page.screenshot("html-play-aquarium.png");
    }
    assert_eq!(water_of(&page.states()), water);
    page.wait_for("document.getElementById('verdict').textContent.indexOf('Solved') >= 0");
    // Every row and column has its water: nothing left to place.
    let left = page.run("return Array.prototype.map.call(document.querySelectorAll('.clues .left'), function (t) { return t.textContent; })");
    assert_eq!(left, serde_json::json!(vec!["0"; w + h]));
    // The two bands of numbers say which is which.
    let bands = page.run("return Array.prototype.map.call(document.querySelectorAll('.clues .band'), function (t) { return t.textContent; })");
    assert_eq!(bands, serde_json::json!(["clue", "to place"]));

    // A reload keeps the grid, and the page still says it is solved.
    page.tab.reload();
    page.wait_for("document.getElementById('verdict') !== null");
    assert_eq!(water_of(&page.states()), water);
    assert!(page.text("#verdict").contains("Solved"), "{}", page.text("#verdict"));

    // The index marks it solved and filters on it.
    page.open("index.html#play=solved");
    let shown = page.run(
        "return Array.prototype.map.call(document.querySelectorAll('#filtered-rows tr'), function (tr) { \
           return [tr.cells[0].firstChild.textContent, tr.className]; })",
    );
    assert_eq!(shown, serde_json::json!([[id.to_string(), "solved"]]));
    assert_eq!(page.run("return document.querySelector('#filters [name=play]').value"), "solved");
    page.open("index.html#play=none");
    let rest = page.run("return document.querySelectorAll('#filtered-rows tr').length");
    assert_eq!(rest, 3);
}

#[test]
fn a_sudoku_is_played_with_hints_that_agree_with_its_solution_and_the_keyboard_to_solved_sandbox_off_as_root() {
    let (dir, _, sudoku) = exported();
    sudoku_played_with_hints_then_the_keyboard_to_solved(&Page::new(&dir), &dir, sudoku[0]);
}

/// Sudoku `id` of [`exported`]'s archive played with hints that agree
/// with its solution, then the rest of its digits typed, with the arrow
/// keys from cell to cell, to solved.
pub(crate) fn sudoku_played_with_hints_then_the_keyboard_to_solved<B: Browse>(page: &Page<B>, dir: &Dir, id: i64) {
    let shown = dir.run(&["show", &id.to_string(), "--json"]).ok().json_lines();
    // A string, or rows of strings: its digits, `.` for a blank.
    let digits = |field: &str| -> String {
        let value = &shown[0][field];
        let text = match value.as_array() {
            Some(rows) => rows.iter().filter_map(|r| r.as_str()).collect::<String>(),
            None => value.as_str().unwrap_or_else(|| panic!("{field}: {}", shown[0])).to_string(),
        };
        text.chars().filter(|c| c.is_ascii_digit() || *c == '.').collect()
    };
    let (puzzle, solution) = (digits("text"), digits("solution_rows"));
    assert_eq!((puzzle.len(), solution.len()), (81, 81));
    page.open(&format!("p/{id}.html"));
    let states = page.states();
    for (i, given) in puzzle.chars().enumerate() {
        let expected = if given == '0' || given == '.' { "empty".to_string() } else { given.to_string() };
        assert_eq!(states[i / 9][i % 9], expected, "cell {i}");
    }

    // Each hint names cells that the solution fills as it says; entering
    // the digits it places moves the hints on (up to the first step that
    // only removes candidates, which pencil marks would record).
    let mut seen = Vec::new();
    for round in 0..6 {
        page.click("#hint");
        let text = page.text("#hint-text");
        assert!(text.starts_with("Step "), "{text}");
        assert!(!seen.contains(&text), "the same hint twice: {text}");
        seen.push(text.clone());
        let hinted = page.hinted();
        assert!(!hinted.is_empty(), "{text}");
        if round == 0 {
            page.screenshot("html-hint-sudoku.png");
        }
        let places = hinted.iter().any(|(_, _, what)| !what.starts_with("not "));
        for (r, c, what) in &hinted {
            let digit = solution.as_bytes()[r * 9 + c] as char;
            match what.strip_prefix("not ") {
                Some(d) => assert_ne!(d, digit.to_string(), "{text}: r{}c{} is {digit}", r + 1, c + 1),
                None => {
                    assert_eq!(*what, digit.to_string(), "{text}");
                    page.click_cell(*r, *c);
                    page.click(&format!(".pad [data-digit=\"{digit}\"]"));
                    assert_eq!(page.states()[*r][*c], digit.to_string());
                }
            }
        }
        if !places {
            break;
        }
    }
    assert!(!page.text("#verdict").contains("Solved"));

    // The rest typed: from the top left cell (clicked), row by row, a digit
    // where the grid has none or another (one the same would take it
    // away), the right arrow to the next cell (the last column's wraps to
    // the first) and down at a row's end.
    page.click_cell(0, 0);
    let states = page.states();
    let mut keys = Vec::new();
    let digits: Vec<String> = solution.chars().map(String::from).collect();
    for (i, digit) in digits.iter().enumerate() {
        if states[i / 9][i % 9] != *digit {
            keys.push(digit.as_str());
        }
        keys.push("ArrowRight");
        if i % 9 == 8 {
            keys.push("ArrowDown");
        }
    }
    page.tab.keys(&keys);
    let typed: String = page.states().concat().concat();
    assert_eq!(typed, solution);
    page.wait_for("document.getElementById('verdict').textContent.indexOf('Solved') >= 0");
}

#[test]
fn show_gives_an_aquariums_puzzlink_address_and_refuses_other_kinds() {
    let dir = Dir::new();
    let sudoku = dir.write("sudoku.txt", sudoku_lines(1));
    dir.run(&[
        "import",
        &fixtures().join(format!("{AQUARIUM}.txt")).display().to_string(),
        &sudoku.display().to_string(),
    ])
    .ok();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let id = |kind: &str| listed.iter().find(|r| r["kind"] == kind).unwrap()["id"].to_string();
    // Read back as pzprjs reads it, the address gives the fixture's tanks
    // and clues: walls right of cells row by row, then below, five a
    // base-32 digit; the column clues, then the row clues, in hex.
    let shown = dir.run(&["show", &id("aquarium"), "--format", "puzzlink"]).ok();
    let parts: Vec<&str> =
        shown.stdout.trim_end().strip_prefix("https://puzz.link/p?aquarium/r/").unwrap().split('/').collect();
    let [w, h, walls, clues] = parts[..] else { panic!("{}", shown.stdout) };
    let (tanks, _) = aquarium_fixture();
    assert_eq!((w, h), ("10", "10"));
    let bits: Vec<bool> =
        walls.chars().flat_map(|ch| (0..5).rev().map(move |b| ch.to_digit(32).unwrap() >> b & 1 == 1)).collect();
    let right = (0..10).flat_map(|r| (1..10).map(move |c| (r, c))).map(|(r, c)| tanks[r][c - 1] != tanks[r][c]);
    let below = (1..10).flat_map(|r| (0..10).map(move |c| (r, c))).map(|(r, c)| tanks[r - 1][c] != tanks[r][c]);
    let expected: Vec<bool> = right.chain(below).collect();
    // 90 walls each way: whole digits, no padding.
    assert_eq!(bits, expected);
    let text = std::fs::read_to_string(fixtures().join(format!("{AQUARIUM}.txt"))).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let given: Vec<u32> = [lines[lines.len() - 1], lines[lines.len() - 2]]
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|n| n.parse().unwrap())
        .collect();
    let read: Vec<u32> = clues.chars().map(|ch| ch.to_digit(16).unwrap()).collect();
    assert_eq!(read, given);
    let refused = dir.run(&["show", &id("sudoku"), "--format", "puzzlink"]).expect_code(2);
    assert!(
        refused.stderr.contains(&format!("puzzle {}: a sudoku puzzle has no puzz.link address", id("sudoku"))),
        "{}",
        refused.stderr
    );
}

#[test]
fn an_aquariums_hints_settle_cells_as_its_solution_has_them_sandbox_off_as_root() {
    let (dir, id, _) = exported();
    aquariums_hints_settle_cells_as_its_solution_has_them(&Page::new(&dir), id);
}

/// Aquarium `id` of [`exported`]'s archive, its hints asked for and
/// followed.
pub(crate) fn aquariums_hints_settle_cells_as_its_solution_has_them<B: Browse>(page: &Page<B>, id: i64) {
    let (_, water) = aquarium_fixture();
    let puzzle =
        Aquarium::parse_text(&std::fs::read_to_string(fixtures().join(format!("{AQUARIUM}.txt"))).unwrap()).unwrap();
    page.open(&format!("p/{id}.html"));
    // Each hint highlights cells that the solution has as it says; setting
    // them as it says (a click with water or air) moves the hints on.
    let mut seen = Vec::new();
    for round in 0..8 {
        page.click("#hint");
        let text = page.text("#hint-text");
        if text.starts_with("Solved") {
            break;
        }
        assert!(text.starts_with("Step "), "{text}");
        assert!(!seen.contains(&text), "the same hint twice: {text}");
        seen.push(text.clone());
        let hinted = page.hinted();
        assert!(!hinted.is_empty(), "{text}");
        // The words are the grader's, filled by the script from the same
        // templates: a technique's name and what it says, then what the
        // cells shown settle, tank by tank, as `grade --hints` says it.
        let settles: Vec<(usize, usize, bool)> = hinted.iter().map(|(r, c, what)| (*r, *c, what == "water")).collect();
        let settled = settled_words(&puzzle, &settles);
        let said = |t: &Technique| text.ends_with(&format!(", {}: {}. So {settled}.", t.name(), t.about()));
        assert!(Technique::ALL.iter().any(said), "{text} / {settled}");
        if round == 1 {
            page.screenshot("html-hint-aquarium.png");
        }
        for (r, c, what) in &hinted {
            assert_eq!(what, if water[*r][*c] { "water" } else { "air" }, "{text}: ({r}, {c})");
        }
        for (r, c, what) in &hinted {
            if page.states()[*r][*c] != *what {
                page.click(if what == "water" { "#mode-water" } else { "#mode-air" });
                page.click_cell(*r, *c);
            }
        }
        assert!(hinted.iter().all(|(r, c, what)| page.states()[*r][*c] == *what), "{text}");
    }
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn a_drag_fills_every_cell_it_passes_with_a_finger_or_the_mouse_on_a_phone_and_a_desktop_sandbox_off_as_root() {
    let (dir, id, sudoku) = exported();
    let (tanks, _) = aquarium_fixture();
    let (h, w) = (tanks.len(), tanks[0].len());
    let page = Page::new(&dir);
    // The cells of (r, c)'s tank at row `r` and below, as water fills it.
    let below = |r: usize, c: usize| -> Vec<(usize, usize)> {
        (r..h).flat_map(|ro| (0..w).map(move |co| (ro, co))).filter(|&(ro, co)| tanks[ro][co] == tanks[r][c]).collect()
    };
    for (width, height, touch) in [(390, 844, true), (1280, 900, false), (390, 844, false), (1280, 900, true)] {
        let at = format!("{width}x{height} with {}", if touch { "a finger" } else { "the mouse" });
        page.resize(width, height);
        // A board not played yet (a puzzle's page saves its grid as it is
        // left, so the progress is cleared on another page).
        page.open("index.html");
        page.run("window.localStorage.clear()");
        page.open(&format!("p/{id}.html"));
        page.run("document.getElementById('game').scrollIntoView()");
        assert!(page.states().iter().flatten().all(|s| s == "empty"), "{at}");

        // The board fits its frame, on the phone too, its cells no smaller
        // than a mouse's least (these windows have no touch screen); the
        // page itself does not scroll sideways.
        let cell = page.run("return document.querySelector('#game .cell rect').getBoundingClientRect().width");
        assert!(cell.as_f64().unwrap() >= 20.0, "{at}: cells {cell} px");
        let frame = page.run("var g = document.getElementById('game'); return [g.scrollWidth, g.clientWidth]");
        let (board, shown) = (frame[0].as_u64().unwrap(), frame[1].as_u64().unwrap());
        assert!(board <= shown, "{at}: a board {board} px wide in a frame of {shown} px");
        let page_width =
            page.run("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]");
        assert!(page_width[0].as_u64() <= page_width[1].as_u64(), "{at}: the page scrolls sideways: {page_width}");

        // Water across a row, over three tanks or more: each cell it
        // passes is water, its tank filled up to it, and nothing else; one
        // undo takes the whole drag back.
        let tanks_over = |r: usize| (0..4).map(|c| &tanks[r][c]).collect::<std::collections::HashSet<_>>().len();
        let r = (1..h).find(|&r| tanks_over(r) >= 3).unwrap();
        let row: Vec<(usize, usize)> = (0..4).map(|c| (r, c)).collect();
        page.drag(&row, touch);
        let states = page.states();
        let mut wet: Vec<(usize, usize)> = row.iter().flat_map(|&(r, c)| below(r, c)).collect();
        wet.sort();
        wet.dedup();
        let water: Vec<(usize, usize)> =
            (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| states[r][c] == "water").collect();
        assert_eq!(water, wet, "{at}: water after a drag over {row:?}");
        assert_eq!(page.run("return document.getElementById('game').scrollLeft"), 0, "{at}: the drag scrolled");
        page.click("#undo");
        assert!(page.states().iter().flatten().all(|s| s == "empty"), "{at}: one undo, the whole drag");

        // Air down a column: each cell it passes is air.
        page.click("#mode-air");
        let column: Vec<(usize, usize)> = (2..6).map(|r| (r, 5)).collect();
        page.drag(&column, touch);
        let states = page.states();
        for &(r, c) in &column {
            assert_eq!(states[r][c], "air", "{at}: ({r}, {c}) after a drag over {column:?}");
        }
        page.click("#mode-water");
        if width < 500 && touch {
            page.screenshot("html-drag-phone.png");
        }
    }

    // A Sudoku fits the phone with a finger's room a cell.
    page.resize(390, 844);
    page.open(&format!("p/{}.html", sudoku[0]));
    let cell = page.run("return document.querySelector('#game .cell rect').getBoundingClientRect().width");
    assert!(cell.as_f64().unwrap() >= 28.0, "a Sudoku's cells {cell} px");
    let frame = page.run("var g = document.getElementById('game'); return [g.scrollWidth, g.clientWidth]");
    assert!(frame[0].as_u64() <= frame[1].as_u64(), "a Sudoku {frame} on the phone");
}

/// Aquarium `id` of [`exported`]'s archive, not played yet, solved with
/// the mouse: a drag along a row over water the solution has in two tanks
/// or more, then a click on each tank's top water row the drag left short.
pub(crate) fn aquarium_solved_by_a_drag_and_clicks<B: Browse>(page: &Page<B>, id: i64) {
    let (tanks, water) = aquarium_fixture();
    let (h, w) = (tanks.len(), tanks[0].len());
    page.open("index.html");
    page.run("window.localStorage.clear()");
    page.open(&format!("p/{id}.html"));
    assert!(page.states().iter().flatten().all(|s| s == "empty"));
    // The longest stretch of water along a row, over two tanks or more.
    let stretches = (0..h).flat_map(|r| {
        let water = &water;
        (0..w)
            .filter(move |&c| water[r][c] && (c == 0 || !water[r][c - 1]))
            .map(move |start| (start..w).take_while(|&c| water[r][c]).map(|c| (r, c)).collect::<Vec<_>>())
    });
    let tanks_of = |cells: &[(usize, usize)]| {
        cells.iter().map(|&(r, c)| &tanks[r][c]).collect::<std::collections::HashSet<_>>().len()
    };
    let stretch = stretches.filter(|s| tanks_of(s) >= 2).max_by_key(|s| s.len()).expect("water over two tanks");
    page.mouse_drag(&stretch);
    // Water in each tank it passed, up to it, and nowhere else.
    let filled = |r: usize, c: usize| -> Vec<(usize, usize)> {
        (r..h).flat_map(|ro| (0..w).map(move |co| (ro, co))).filter(|&(ro, co)| tanks[ro][co] == tanks[r][c]).collect()
    };
    let mut expected: Vec<(usize, usize)> = stretch.iter().flat_map(|&(r, c)| filled(r, c)).collect();
    expected.sort();
    expected.dedup();
    let states = page.states();
    let wet: Vec<(usize, usize)> =
        (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| states[r][c] == "water").collect();
    assert_eq!(wet, expected, "water after a drag over {stretch:?}");
    let mut names: Vec<&String> = tanks.iter().flatten().collect();
    names.sort();
    names.dedup();
    for t in names {
        let top = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).find(|&(r, c)| tanks[r][c] == *t && water[r][c]);
        if let Some((r, c)) = top
            && page.states()[r][c] != "water"
        {
            page.click_cell(r, c);
        }
    }
    assert_eq!(water_of(&page.states()), water);
    page.wait_for("document.getElementById('verdict').textContent.indexOf('Solved') >= 0");
}

/// Solves the special of line `n` of the test site's specials on its page
/// by clicks, as a player would: the top water row of each of its tanks.
fn solve_special<B: Browse>(page: &Page<B>, n: usize) {
    let specials = std::fs::read_to_string(fixtures().join("site/specials.txt")).unwrap();
    let line = specials.lines().nth(n).unwrap();
    let tanks: Vec<&str> = line.split(';').nth(1).unwrap().split(' ').next().unwrap().split(',').collect();
    let (_, answer) = special(n);
    let side = answer.len().isqrt();
    let water: Vec<bool> = answer.chars().map(|c| c == 'y').collect();
    let mut tops: Vec<(&str, usize)> = Vec::new();
    for (k, tank) in tanks.iter().enumerate() {
        if water[k] && !tops.iter().any(|(t, _)| t == tank) {
            tops.push((tank, k));
        }
    }
    for (_, k) in tops {
        page.click_cell(k / side, k % side);
    }
    page.wait_for("document.getElementById('verdict').textContent.indexOf('Solved') >= 0");
}

/// Dailies of three days running, two weeklies and a monthly, and an
/// Aquarium, exported to `site/`.
pub(crate) fn specials_exported() -> Dir {
    let dir = Dir::new();
    // Dailies of three days running, two weeklies and a monthly, as saved
    // pages of the test site's specials (line, date), and an Aquarium.
    let specials = [
        (1, "2026-08-21"),
        (2, "2026-08-22"),
        (0, "2026-08-23"),
        (4, "2026-08-10"),
        (3, "2026-08-17"),
        (5, "2026-08-01"),
    ];
    let mut files = vec!["import".to_string(), fixtures().join(format!("{AQUARIUM}.txt")).display().to_string()];
    for (n, date) in specials {
        files.push(dir.write(&format!("special-{n}.html"), saved_page(n, date, None)).display().to_string());
    }
    dir.run(&files.iter().map(String::as_str).collect::<Vec<_>>()).ok();
    let export = dir.run(&["export", "--html", "site"]).ok();
    assert!(export.stderr.contains("today.html"), "{export}");
    dir
}

#[test]
fn the_front_page_leads_to_the_newest_specials_and_marks_the_dailies_played_sandbox_off_as_root() {
    let dir = specials_exported();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let id_of = |date: &str| -> i64 {
        listed.iter().find(|r| r["special_date"] == date).unwrap_or_else(|| panic!("{date}"))["id"].as_i64().unwrap()
    };

    // Without the script: the newest daily, weekly and monthly are links.
    let today = std::fs::read_to_string(dir.join("site/today.html")).unwrap();
    for (name, date) in [("Daily", "2026-08-23"), ("Weekly", "2026-08-17"), ("Monthly", "2026-08-01")] {
        let link = format!("<a href=\"p/{}.html\"", id_of(date));
        let at = today.find(&link).unwrap_or_else(|| panic!("{name}: {link} in {today}"));
        assert!(today[at..].split("</a>").next().unwrap().contains(date), "{name} {date}: {today}");
    }
    assert!(!today.contains(&format!("p/{}.html", id_of("2026-08-10"))), "an older weekly: {today}");
    // Every index page and puzzle page leads to it.
    assert!(std::fs::read_to_string(dir.join("site/index.html")).unwrap().contains("href=\"today.html\""));
    let daily = std::fs::read_to_string(dir.join(&format!("site/p/{}.html", id_of("2026-08-23")))).unwrap();
    assert!(daily.contains("href=\"../today.html\""), "{daily}");
    front_page_marks_the_dailies_played_and_fits(&Page::new(&dir), &dir);
}

/// The front page of [`specials_exported`]'s archive: the newest daily
/// solved on its page, its calendar, streak and newest specials, on a
/// phone; and neither it nor the index scrolls sideways.
pub(crate) fn front_page_marks_the_dailies_played_and_fits<B: Browse>(page: &Page<B>, dir: &Dir) {
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let id_of = |date: &str| -> i64 {
        listed.iter().find(|r| r["special_date"] == date).unwrap_or_else(|| panic!("{date}"))["id"].as_i64().unwrap()
    };
    page.resize(390, 844);
    // The newest daily solved on its page, by clicks, on the phone.
    page.open(&format!("p/{}.html", id_of("2026-08-23")));
    solve_special(page, 0);
    // The day before solved and the one before that started, in visits
    // before this one: the progress as a puzzle's page keeps it.
    page.open("today.html");
    page.run(
        "var keys = {}; PUZZLES.forEach(function (p) { keys[p[COLUMNS.indexOf('date') + 1]] = p[p.length - 2]; }); \
         localStorage.setItem('aquarchive:' + keys['2026-08-22'], JSON.stringify({grid: 'w', time: 300, solved: true, started: true})); \
         localStorage.setItem('aquarchive:' + keys['2026-08-21'], JSON.stringify({grid: 'w', time: 40, solved: false, started: true}));",
    );
    page.open("today.html");
    let day = |date: &str| {
        page.run(&format!("var a = document.querySelector('#calendar a[data-day=\"{date}\"]'); return a && [a.getAttribute('data-state'), a.getAttribute('href')]"))
    };
    assert_eq!(page.text("#cal-month"), "August 2026");
    for (date, state) in [("2026-08-23", "solved"), ("2026-08-22", "solved"), ("2026-08-21", "started")] {
        assert_eq!(day(date), serde_json::json!([state, format!("p/{}.html", id_of(date))]), "{date}");
    }
    assert_eq!(day("2026-08-20"), serde_json::Value::Null);
    assert_eq!(page.run("return document.getElementById('streak').getAttribute('data-streak')"), "2");
    assert!(page.text("#streak").contains("2 dailies"), "{}", page.text("#streak"));
    let newest = page.run(
        "return Array.prototype.map.call(document.querySelectorAll('#newest a'), function (a) { \
           return [a.getAttribute('href'), a.getAttribute('data-state')]; })",
    );
    let link = |date: &str| format!("p/{}.html", id_of(date));
    assert_eq!(
        newest,
        serde_json::json!([[link("2026-08-23"), "solved"], [link("2026-08-17"), "none"], [link("2026-08-01"), "none"]])
    );
    page.screenshot("html-today-phone.png");

    // The newest not solved (today's, still to play) neither counts nor
    // ends the streak; the day before not solved ends it.
    page.run(
        "var keys = {}; PUZZLES.forEach(function (p) { keys[p[COLUMNS.indexOf('date') + 1]] = p[p.length - 2]; }); \
         localStorage.setItem('aquarchive:' + keys['2026-08-23'], JSON.stringify({grid: 'w', time: 5, solved: false, started: true}));",
    );
    page.open("today.html");
    assert_eq!(page.run("return document.getElementById('streak').getAttribute('data-streak')"), "1");
    page.run(
        "var keys = {}; PUZZLES.forEach(function (p) { keys[p[COLUMNS.indexOf('date') + 1]] = p[p.length - 2]; }); \
         localStorage.removeItem('aquarchive:' + keys['2026-08-22']);",
    );
    page.open("today.html");
    assert_eq!(page.run("return document.getElementById('streak').getAttribute('data-streak')"), "0");
    assert_eq!(day("2026-08-22"), serde_json::json!(["none", link("2026-08-22")]));

    // Neither the front page nor the index scrolls sideways, on a small or
    // a common phone or the desktop.
    for (width, height) in [(360, 740), (390, 844), (1280, 900)] {
        page.resize(width, height);
        for name in ["today.html", "index.html"] {
            page.open(name);
            let wide = page.run("return [document.documentElement.scrollWidth, window.innerWidth, document.documentElement.clientWidth]");
            let (scroll, inner, client) =
                (wide[0].as_u64().unwrap(), wide[1].as_u64().unwrap(), wide[2].as_u64().unwrap());
            assert!(scroll <= inner && scroll <= client, "{name} at {width} px: {wide}");
        }
    }
}

/// An archive of the test site's daily of line 0 (20x20) as a saved page,
/// a 15x15 and a 10x10 Aquarium and a Sudoku, exported to `site/`: the
/// daily's id, the 15x15's and the 10x10's.
fn boards_of_every_size() -> (Dir, i64, i64, i64) {
    let dir = Dir::new();
    let daily = dir.write("daily.html", saved_page(0, "2026-08-23", None));
    let big = fixtures().join("aquarium/puzzles/15x15_hard_5642858.txt");
    let small = fixtures().join(format!("{AQUARIUM}.txt"));
    let sudoku = dir.write("sudoku.txt", sudoku_lines(1));
    let files = [daily, big, small, sudoku].map(|f| f.display().to_string());
    dir.run(&["import", &files[0], &files[1], &files[2], &files[3]]).ok();
    dir.run(&["export", "--html", "site"]).ok();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    let id = |class: &str| {
        listed.iter().find(|r| r["class"] == class).unwrap_or_else(|| panic!("{class}"))["id"].as_i64().unwrap()
    };
    (dir, id("special daily"), id("15x15 hard"), id("10x10 easy"))
}

#[test]
fn boards_fit_a_phone_and_a_laptop_with_the_hint_and_the_verdict_in_view_sandbox_off_as_root() {
    let (dir, daily, big, small) = boards_of_every_size();
    let page = Page::new(&dir);
    let cell_px = |page: &Page| {
        page.run("return document.querySelector('#game .cell rect').getBoundingClientRect().width").as_f64().unwrap()
    };
    // The board's width and its frame's.
    let frame = |page: &Page| {
        let f = page.run("var g = document.getElementById('game'); return [g.scrollWidth, g.clientWidth]");
        (f[0].as_f64().unwrap(), f[1].as_f64().unwrap())
    };
    for (width, height, touch) in [(390, 844, true), (1366, 768, false)] {
        let at = format!("{width}x{height}{}", if touch { " by touch" } else { "" });
        page.tab.emulate(width, height, touch);
        page.open("index.html");
        page.run("window.localStorage.clear()");

        // A 10x10 fits the width whole, with cells a finger can hit.
        page.open(&format!("p/{small}.html"));
        let (board, shown) = frame(&page);
        assert!(board <= shown, "{at}: a 10x10 {board} px wide in a frame of {shown} px");
        assert!(cell_px(&page) >= 28.0, "{at}: a 10x10's cells {} px", cell_px(&page));

        // A 15x15: on the laptop whole, and as high as the window at most;
        // on the phone its cells a finger wide, most of its columns shown
        // and the rest a swipe away in its frame.
        page.open(&format!("p/{big}.html"));
        let (board, shown) = frame(&page);
        let cell = cell_px(&page);
        let [_, top, _, bottom] = page.rect("#game svg");
        if touch {
            assert!(cell >= 28.0, "{at}: a 15x15's cells {cell} px");
            // The frame shows the two columns of clues and counters, then the grid's.
            assert!(shown / cell - 2.0 >= 11.0, "{at}: a 15x15 shows {} of its columns", shown / cell - 2.0);
        } else {
            assert!(board <= shown, "{at}: a 15x15 {board} px wide in a frame of {shown} px");
            assert!(bottom - top <= f64::from(height), "{at}: a 15x15 {} px high", bottom - top);
            assert!(cell >= 20.0, "{at}: a 15x15's cells {cell} px");
        }
        // The hint's words, when asked for, are in view with the board.
        page.run("document.getElementById('game').scrollIntoView({block: 'end'})");
        page.click("#hint");
        assert!(page.text("#hint-text").starts_with("Step 1"), "{at}: {}", page.text("#hint-text"));
        assert!(page.in_view("#hint-text"), "{at}: the hint at {:?}", page.rect("#hint-text"));
        if !touch {
            assert!(page.in_view("#game svg"), "{at}: the 15x15 at {:?} with its hint", page.rect("#game svg"));
        }

        // The daily, 20x20, solved by clicks: the verdict is in view, and
        // the board is as high as the window at most (on the phone, above
        // the verdict, in view with it).
        page.open(&format!("p/{daily}.html"));
        let cell = cell_px(&page);
        assert!(cell >= if touch { 28.0 } else { 20.0 }, "{at}: a 20x20's cells {cell} px");
        let page_width =
            page.run("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]");
        assert!(page_width[0].as_u64() <= page_width[1].as_u64(), "{at}: the page scrolls sideways: {page_width}");
        solve_special(&page, 0);
        assert!(page.in_view("#verdict"), "{at}: the verdict at {:?}", page.rect("#verdict"));
        let [_, top, _, bottom] = page.rect("#game svg");
        let (_, window) = page.window();
        assert!(bottom - top <= window, "{at}: the board from {top} to {bottom} px of {window}");
        if touch {
            assert!(
                top >= 0.0 && bottom <= window + 0.5,
                "{at}: the solved board from {top} to {bottom} px of {window}"
            );
        }
        page.screenshot(&format!("html-fit-{width}x{height}.png"));
    }
}

#[test]
fn the_solution_is_shown_after_a_second_click_and_hatched_apart_from_the_players_cells_sandbox_off_as_root() {
    let (dir, id, sudoku) = exported();
    let (tanks, water) = aquarium_fixture();
    let page = Page::new(&dir);
    page.open(&format!("p/{id}.html"));
    // The button comes after the play's tools, plain, not the page's own
    // blue, and the checkbox that showed the solution at a click is gone.
    assert_eq!(page.run("return document.querySelectorAll('#reveal, label[for=reveal]').length"), 0);
    let order = page.run(
        "var b = Array.prototype.map.call(document.querySelectorAll('.tools button'), function (b) { return b.id; }); return b",
    );
    let order: Vec<String> = serde_json::from_value(order).unwrap();
    assert_eq!(order.last().map(String::as_str), Some("solution"), "{order:?}");
    assert!(order.iter().position(|b| b == "hint") < order.iter().position(|b| b == "solution"), "{order:?}");
    let background = page.run("return getComputedStyle(document.getElementById('solution')).backgroundColor");
    assert_eq!(background, "rgb(255, 255, 255)");

    // Water the solution has, and water it has not: the player's.
    let (h, w) = (tanks.len(), tanks[0].len());
    let wet = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).find(|&(r, c)| water[r][c]).unwrap();
    page.click_cell(wet.0, wet.1);
    let dry = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).rev().find(|&(r, c)| !water[r][c]).unwrap();
    page.click_cell(dry.0, dry.1);
    let visible = "return Array.prototype.filter.call(document.querySelectorAll('#game .solution rect'), function (r) { \
                   return getComputedStyle(r).visibility === 'visible'; }).length";
    let cells = water.iter().flatten().filter(|&&wet| wet).count();
    // One click asks; a click elsewhere takes the question back.
    page.click("#solution");
    assert_eq!(page.run(visible), 0);
    assert_eq!(page.text("#solution"), "Really show the solution?");
    page.click("h1");
    assert_eq!(page.text("#solution"), "Show the solution");
    page.click("#solution");
    assert_eq!(page.run(visible), 0);
    page.click("#solution");
    assert_eq!(page.run(visible), cells);
    assert_eq!(page.text("#solution"), "Hide the solution");
    assert_eq!(page.progress()["shown"], true);
    // Hatched (a pattern), where the player's water is plain: told apart
    // on a cell both have water in, and said so by a legend.
    let fills = page.run(&format!(
        "return [getComputedStyle(document.querySelector('#game .solution rect')).fill, \
                 getComputedStyle(document.querySelector('{} rect')).fill]",
        page.cell(wet.0, wet.1)
    ));
    assert!(fills[0].as_str().unwrap().starts_with("url("), "{fills}");
    assert!(fills[1].as_str().unwrap().starts_with("rgb("), "{fills}");
    assert_eq!(page.run("return document.getElementById('solution-legend').hidden"), false);
    assert!(page.text("#solution-legend").contains("the solution's water"), "{}", page.text("#solution-legend"));
    page.screenshot("html-solution-shown.png");
    page.click("#solution");
    assert_eq!(page.run(visible), 0);

    // A Sudoku's solution: hollow digits where the player has none, small
    // ones where the player's digit is another; none over the player's own.
    page.open(&format!("p/{}.html", sudoku[0]));
    let givens = page.run("return document.getElementById('game').getAttribute('data-givens')");
    let answer = page.run("return document.getElementById('game').getAttribute('data-solution')");
    let (givens, answer) = (givens.as_str().unwrap().to_string(), answer.as_str().unwrap().to_string());
    let open: Vec<usize> = (0..81).filter(|&i| givens.as_bytes()[i] == b'0').collect();
    let (right, wrong) = (open[0], open[1]);
    let other = |i: usize| if answer.as_bytes()[i] == b'1' { '2' } else { '1' };
    for (i, digit) in [(right, answer.as_bytes()[right] as char), (wrong, other(wrong))] {
        page.click_cell(i / 9, i % 9);
        page.click(&format!(".pad [data-digit=\"{digit}\"]"));
    }
    page.click("#solution");
    page.click("#solution");
    let shown = page.run(
        "return ['whole', 'corner'].map(function (c) { return document.querySelectorAll('#game .shown-solution .' + c).length; })",
    );
    assert_eq!(shown, serde_json::json!([open.len() - 2, 1]));
    let hollow = page.run("return getComputedStyle(document.querySelector('#game .shown-solution .whole')).fill");
    assert_eq!(hollow, "none");
    assert!(page.text("#solution-legend").contains("the solution"), "{}", page.text("#solution-legend"));
}

#[test]
fn find_mistakes_marks_the_cells_the_solution_has_otherwise_and_counts_as_help_sandbox_off_as_root() {
    let (dir, id, sudoku) = exported();
    let (tanks, water) = aquarium_fixture();
    let (h, w) = (tanks.len(), tanks[0].len());
    let page = Page::new(&dir);
    page.open(&format!("p/{id}.html"));
    // A tank filled where the solution leaves it dry, and one filled as the
    // solution has it.
    let tank_cells = |t: &str| -> Vec<(usize, usize)> {
        (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| tanks[r][c] == t).collect()
    };
    let mut names: Vec<&String> = tanks.iter().flatten().collect();
    names.sort();
    names.dedup();
    let dry = names.iter().find(|t| tank_cells(t).iter().all(|&(r, c)| !water[r][c])).unwrap();
    let (dr, dc) = *tank_cells(dry).iter().max().unwrap();
    page.click_cell(dr, dc);
    let wet = names.iter().find(|t| tank_cells(t).iter().any(|&(r, c)| water[r][c])).unwrap();
    let &(wr, wc) = tank_cells(wet).iter().filter(|&&(r, c)| water[r][c]).min().unwrap();
    page.click_cell(wr, wc);
    // What the grid has against the solution, from the fixture's water.
    let states = page.states();
    let mut expected: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| states[r][c] != "empty" && (states[r][c] == "water") != water[r][c])
        .collect();
    expected.sort();
    assert!(!expected.is_empty() && expected.contains(&(dr, dc)), "{expected:?}");

    // The rule check says what it says; the mistakes are found apart.
    page.click("#check");
    assert!(page.wrong().is_empty());
    assert_eq!(page.progress()["help"], 0);
    page.click("#mistakes");
    let mut marked = page.wrong();
    marked.sort();
    assert_eq!(marked, expected);
    let verdict = page.text("#verdict");
    assert!(verdict.starts_with(&format!("{} cells are not as the solution has them", expected.len())), "{verdict}");
    assert_eq!(page.progress()["help"], 1);
    page.screenshot("html-mistakes-aquarium.png");
    // A hint is help too; a change takes the marks away.
    page.click("#hint");
    assert_eq!(page.progress()["help"], 2);
    page.click("#mistakes");
    assert_eq!(page.progress()["help"], 3);
    page.click("#undo");
    assert!(page.wrong().is_empty());
    page.click("#undo");
    page.click("#mistakes");
    assert!(page.wrong().is_empty());
    assert!(page.text("#verdict").starts_with("No mistake so far"), "{}", page.text("#verdict"));
    assert_eq!(page.progress()["help"], 4);
    // The count survives a reload.
    page.tab.reload();
    page.wait_for("document.getElementById('verdict') !== null");
    assert_eq!(page.progress()["help"], 4);

    // A Sudoku's wrong digit is marked, its right one not.
    page.open(&format!("p/{}.html", sudoku[0]));
    let givens = page.run("return document.getElementById('game').getAttribute('data-givens')");
    let answer = page.run("return document.getElementById('game').getAttribute('data-solution')");
    let (givens, answer) = (givens.as_str().unwrap().to_string(), answer.as_str().unwrap().to_string());
    let open: Vec<usize> = (0..81).filter(|&i| givens.as_bytes()[i] == b'0').collect();
    let (right, wrong) = (open[0], open[1]);
    let other = if answer.as_bytes()[wrong] == b'1' { '2' } else { '1' };
    for (i, digit) in [(right, answer.as_bytes()[right] as char), (wrong, other)] {
        page.click_cell(i / 9, i % 9);
        page.click(&format!(".pad [data-digit=\"{digit}\"]"));
    }
    page.click("#mistakes");
    assert_eq!(page.wrong(), vec![(wrong / 9, wrong % 9)]);
    assert_eq!(page.progress()["help"], 1);
}

/// An `rgb(...)` or `rgba(...)` colour as CSS computes it: its red, green
/// and blue, 0 to 255, and its opacity.
fn rgba(css: &serde_json::Value) -> [f64; 4] {
    let text = css.as_str().unwrap_or_else(|| panic!("not a colour: {css}"));
    let inner = text.split_once('(').and_then(|(_, rest)| rest.strip_suffix(')')).unwrap_or_else(|| panic!("{text}"));
    let parts: Vec<f64> = inner.split(',').map(|p| p.trim().parse().unwrap()).collect();
    [parts[0], parts[1], parts[2], parts.get(3).copied().unwrap_or(1.0)]
}

/// `top` laid over the opaque `under`, as it is seen.
fn over(top: [f64; 4], under: [f64; 4]) -> [f64; 4] {
    let a = top[3];
    [0, 1, 2]
        .map(|i| top[i] * a + under[i] * (1.0 - a))
        .into_iter()
        .chain([1.0])
        .collect::<Vec<_>>()
        .try_into()
        .unwrap()
}

/// WCAG's relative luminance of an opaque colour.
fn luminance(c: [f64; 4]) -> f64 {
    let linear = |v: f64| {
        let v = v / 255.0;
        if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])
}

/// WCAG's contrast ratio of two opaque colours, 1 to 21.
fn contrast(a: [f64; 4], b: [f64; 4]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn a_board_is_played_by_keys_read_out_paused_and_shown_dark_as_the_system_asks_sandbox_off_as_root() {
    let (dir, id, sudoku) = exported();
    let (tanks, water) = aquarium_fixture();
    let (h, w) = (tanks.len(), tanks[0].len());
    let page = Page::new(&dir);
    let tab = &page.tab;
    let style = |css: &str, property: &str| {
        page.run(&format!("return getComputedStyle(document.querySelector('{css}')).getPropertyValue('{property}')"))
    };
    page.open(&format!("p/{id}.html"));
    // A light system's page is light; a dark one's dark.
    tab.dark(false);
    assert!(luminance(rgba(&style("body", "background-color"))) > 0.8);
    tab.dark(true);
    let ground = rgba(&style("body", "background-color"));
    assert!(luminance(ground) < 0.05, "{ground:?}");

    // For a screen reader: the board a grid of rows of cells, each named
    // by its row, column and state; the board takes the focus by Tab, after
    // the tools; every button has a name; the verdict and the hint's words
    // are live regions.
    assert_eq!(page.run("return document.querySelector('#game svg').getAttribute('role')"), "grid");
    assert_eq!(page.run("return document.querySelectorAll('#game [role=row]').length"), h);
    assert_eq!(
        page.run("return document.querySelectorAll('#game [role=row] > [role=gridcell][data-r]').length"),
        w * h
    );
    let labels = || -> Vec<String> {
        let all = page.run(
            "return Array.prototype.map.call(document.querySelectorAll('#game [data-r]'), function (g) { \
               return g.getAttribute('aria-label') + ' / ' + g.getAttribute('data-state'); })",
        );
        serde_json::from_value(all).unwrap()
    };
    let labelled = |states: &[Vec<String>]| -> Vec<String> {
        (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .map(|(r, c)| format!("row {}, column {}: {} / {}", r + 1, c + 1, states[r][c], states[r][c]))
            .collect()
    };
    assert_eq!(labels(), labelled(&page.states()));
    let unnamed = page.run(
        "return Array.prototype.filter.call(document.querySelectorAll('button'), function (b) { \
           return !(b.getAttribute('aria-label') || b.textContent).trim(); }).length",
    );
    assert_eq!(unnamed, 0);
    for live in ["#verdict", "#hint-text"] {
        assert_eq!(page.run(&format!("return document.querySelector('{live}').getAttribute('aria-live')")), "polite");
    }
    page.run("document.getElementById('solution').focus()");
    tab.key("Tab", 0);
    assert_eq!(page.run("return document.activeElement === document.querySelector('#game svg')"), true);
    // The keys are listed on the page.
    let keys = page.text("#play-keys");
    for words in ["Space, Enter", "Shift+Space", "Backspace, Delete", "Ctrl+Z"] {
        assert!(keys.contains(words), "{keys}");
    }

    // The hint's words reach the live region, its cells highlighted.
    page.click("#hint");
    assert!(page.text("#hint-text").starts_with("Step 1 of "), "{}", page.text("#hint-text"));
    let hint_line = rgba(&style("#game .hints rect", "stroke"));
    let hint_words = rgba(&style("#hint-text", "color"));

    // The keys play: arrows move the cursor from the first cell, Space
    // plays its cell as a click, Shift+Space air, Backspace empties. (The
    // board has the focus first: a button takes its own Space.)
    let mut at = (0, 0);
    let go = |at: &mut (usize, usize), to: (usize, usize)| {
        page.run("document.querySelector('#game svg').focus()");
        for _ in at.0..to.0 {
            tab.key("ArrowDown", 0);
        }
        for _ in to.0..at.0 {
            tab.key("ArrowUp", 0);
        }
        for _ in at.1..to.1 {
            tab.key("ArrowRight", 0);
        }
        for _ in to.1..at.1 {
            tab.key("ArrowLeft", 0);
        }
        *at = to;
        let active = page.run("return document.querySelector('#game svg').getAttribute('aria-activedescendant')");
        assert_eq!(active, format!("cell-{}-{}", to.0, to.1));
    };
    let tank_cells = |t: &str| -> Vec<(usize, usize)> {
        (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| tanks[r][c] == t).collect()
    };
    let mut names: Vec<&String> = tanks.iter().flatten().collect();
    names.sort();
    names.dedup();
    let dry = names.iter().find(|t| tank_cells(t).iter().all(|&(r, c)| !water[r][c])).unwrap();
    let &(dr, dc) = tank_cells(dry).iter().max().unwrap();
    go(&mut at, (dr, dc));
    let cursor = [
        style("#game .cursor", "visibility"),
        page.run("return document.querySelector('#game .cursor').getAttribute('x')"),
    ];
    let cell_x = page.run(&format!("return document.querySelector('{} rect').getAttribute('x')", page.cell(dr, dc)));
    assert_eq!(cursor, [serde_json::json!("visible"), cell_x]);
    tab.key(" ", 0);
    assert_eq!(page.states()[dr][dc], "water");
    assert_eq!(labels(), labelled(&page.states()));
    page.click("#mistakes");
    assert!(page.wrong().contains(&(dr, dc)));
    let wrong_line = rgba(&style("#game .mistakes rect", "stroke"));
    // Undone as a click is; then air, then emptied.
    tab.key("z", 2);
    assert_eq!(page.states()[dr][dc], "empty");
    go(&mut at, (dr, dc));
    tab.key(" ", 8);
    assert_eq!(page.states()[dr][dc], "air");
    tab.key("Backspace", 0);
    assert_eq!(page.states()[dr][dc], "empty");
    tab.key(" ", 8);
    // Enter plays as Space does.
    let wet = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).find(|&(r, c)| water[r][c]).unwrap();
    go(&mut at, wet);
    tab.key("Enter", 0);
    assert_eq!(page.states()[wet.0][wet.1], "water", "Enter plays water");

    // The solution shown, hatched over the water.
    page.click("#solution");
    page.click("#solution");
    let hatch = rgba(&style("#game .hatch-ink", "fill"));
    page.click("#solution");

    // Dark and legible: text at 4.5:1 or more on its ground, the board's
    // parts apart from its ground and from each other at 3:1 or more.
    let surface = rgba(&style("#undo", "background-color"));
    let board = rgba(&style("#game .cells", "fill"));
    let colour = |css: &str, property: &str| rgba(&style(css, property));
    page.click("#check");
    let texts = [
        ("text", colour("body", "color"), ground),
        ("a link", colour(".crumbs a", "color"), ground),
        ("a button", colour("#undo", "color"), surface),
        ("the timer", colour("#timer", "color"), ground),
        ("the verdict", colour("#verdict", "color"), ground),
        ("the hint's words", hint_words, ground),
        ("the legend", colour(".keys", "color"), ground),
        ("a clue", colour("#game .clues .clue", "fill"), board),
        ("what a line needs", colour("#game .clues .left", "fill"), board),
    ];
    for (what, ink, on) in texts {
        assert!(contrast(ink, on) >= 4.5, "{what}: {ink:?} on {on:?}, {:.2}:1", contrast(ink, on));
    }
    let water_fill = colour(&format!("{} rect", page.cell(wet.0, wet.1)), "fill");
    let air_fill = over(colour(&format!("{} rect", page.cell(dr, dc)), "fill"), board);
    let air_mark = colour(&format!("{} .air-mark", page.cell(dr, dc)), "fill");
    let parts = [
        ("water", water_fill),
        ("a wall", colour("#game .walls", "stroke")),
        ("a hint", hint_line),
        ("a mistake", wrong_line),
        ("the shown solution's hatching", hatch),
        ("the cursor", colour("#game .cursor", "stroke")),
    ];
    for (what, ink) in parts {
        assert!(contrast(ink, board) >= 3.0, "{what}: {ink:?} on {board:?}, {:.2}:1", contrast(ink, board));
    }
    for (i, (a, x)) in parts.iter().enumerate() {
        for (b, y) in &parts[i + 1..] {
            assert_ne!(x, y, "{a} and {b} look alike");
        }
    }
    assert!(contrast(hatch, water_fill) >= 3.0, "the hatching on water: {:.2}:1", contrast(hatch, water_fill));
    assert!(contrast(air_mark, air_fill) >= 3.0, "air's mark: {:.2}:1", contrast(air_mark, air_fill));
    assert_ne!(air_fill, board);
    assert_ne!(air_fill, water_fill);
    page.screenshot("html-dark-aquarium.png");

    // Solved by keys alone, each tank at its top water row, from an empty
    // grid; the verdict reaches the live region.
    while page.run("return document.getElementById('undo').disabled") == false {
        tab.key("z", 2);
    }
    assert_eq!(page.states(), vec![vec!["empty".to_string(); w]; h]);
    let mut first = true;
    for t in &names {
        let Some(&top) = tank_cells(t).iter().filter(|&&(r, c)| water[r][c]).min() else { continue };
        go(&mut at, top);
        tab.key(" ", 0);
        if first {
            first = false;
            // A pause stops the clock and hides the board, which takes no
            // key; going on starts the clock again.
            page.wait_for("document.getElementById('timer').textContent !== '0:00'");
            page.click("#pause");
            let stopped = page.text("#timer");
            assert_eq!(style("#game svg", "visibility"), "hidden");
            assert!(page.text("#verdict").starts_with("Paused"), "{}", page.text("#verdict"));
            assert_eq!(page.run("return document.getElementById('hint').disabled"), true);
            let before = page.states();
            page.run("document.activeElement.blur()");
            tab.key("ArrowLeft", 0);
            tab.key(" ", 0);
            std::thread::sleep(Duration::from_millis(2100));
            assert_eq!(page.text("#timer"), stopped);
            assert_eq!(page.states(), before);
            page.click("#pause");
            assert_eq!(style("#game svg", "visibility"), "visible");
            page.wait_for(&format!("document.getElementById('timer').textContent !== '{stopped}'"));
        }
    }
    assert_eq!(water_of(&page.states()), water);
    page.wait_for("document.getElementById('verdict').textContent.indexOf('Solved') >= 0");
    assert_eq!(labels(), labelled(&page.states()));
    tab.key("z", 2);
    assert!(!page.text("#verdict").contains("Solved"));
    tab.key("y", 2);
    assert!(page.text("#verdict").contains("Solved"), "{}", page.text("#verdict"));

    // Hiding the time: the clock out of sight, kept for every page under
    // its own key, not a puzzle's progress.
    page.click("#hide-time");
    assert_eq!(style("#timer", "display"), "none");
    assert_eq!(page.run("return localStorage.getItem('aquarchive.time-hidden')"), "1");
    page.open(&format!("p/{}.html", sudoku[0]));
    assert_eq!(style("#timer", "display"), "none");
    assert_eq!(page.text("#hide-time"), "Show time");
    // A Sudoku's cells say their digit, given or not, or that they are
    // empty; the typed digit is said too, and the clock runs, out of sight.
    let givens = page.run("return document.getElementById('game').getAttribute('data-givens')");
    let givens = givens.as_str().unwrap().to_string();
    let label = |i: usize| {
        page.run(&format!("return document.getElementById('cell-{}-{}').getAttribute('aria-label')", i / 9, i % 9))
    };
    let given = givens.bytes().position(|d| d != b'0').unwrap();
    assert_eq!(
        label(given),
        format!("row {}, column {}: {}, given", given / 9 + 1, given % 9 + 1, givens.as_bytes()[given] as char)
    );
    let open = givens.bytes().position(|d| d == b'0').unwrap();
    assert_eq!(label(open), format!("row {}, column {}: empty", open / 9 + 1, open % 9 + 1));
    page.click_cell(open / 9, open % 9);
    tab.key("7", 0);
    assert_eq!(label(open), format!("row {}, column {}: 7", open / 9 + 1, open % 9 + 1));
    // The arrows go round the edges: up from the top row, to the bottom.
    let active = || page.run("return document.querySelector('#game svg').getAttribute('aria-activedescendant')");
    assert_eq!(active(), format!("cell-{}-{}", open / 9, open % 9));
    tab.key("ArrowUp", 0);
    assert_eq!(active(), format!("cell-{}-{}", (open / 9 + 8) % 9, open % 9));
    tab.key("ArrowDown", 0);
    // A pause keeps the digits to click from the hidden board.
    page.click("#pause");
    assert_eq!(page.run("return document.querySelector('.pad button').disabled"), true);
    page.click("#pause");
    // Dark too: the givens, and the digit typed on its selected cell,
    // legible on the board.
    let board = rgba(&style("#game svg.sudoku > rect", "fill"));
    assert!(luminance(board) < 0.05, "{board:?}");
    let selected = over(rgba(&style("#game .play .selected rect", "fill")), board);
    for (what, css, on) in
        [("a given", "#game svg.sudoku > .givens", board), ("a digit", "#game .play .selected .digit", selected)]
    {
        let ink = rgba(&style(css, "fill"));
        assert!(contrast(ink, on) >= 4.5, "{what}: {ink:?} on {on:?}, {:.2}:1", contrast(ink, on));
    }
    page.screenshot("html-dark-sudoku.png");
    page.wait_for("document.getElementById('timer').textContent !== '0:00'");
    page.click("#hide-time");
    assert_ne!(style("#timer", "display"), "none");
    assert_eq!(page.run("return localStorage.getItem('aquarchive.time-hidden')"), serde_json::Value::Null);
}
