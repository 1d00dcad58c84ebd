//! Playing the exported archive offline, in a real headless Chromium: an
//! Aquarium solved by clicks and still solved after a reload, the index
//! filtered to solved puzzles, a check, undo and redo, and a Sudoku's hints
//! agreeing with its solution. Screenshots of a puzzle in play and of a hint
//! are kept as test artefacts in target/test-artefacts/.

use std::path::PathBuf;
use std::time::Duration;

use aquarchive::kinds::aquarium::Aquarium;
use aquarchive::kinds::aquarium::grade::{Technique, settled_words};
use aquarchive::render::svg::aquarium;
use aquarchive::site::browser::Browser;
use fantoccini::Locator;

use crate::site::require_chromium;
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
/// the ids of its puzzles by kind.
fn exported() -> (Dir, i64, Vec<i64>) {
    let dir = Dir::new();
    let sudoku = dir.write("sudoku.txt", sudoku_lines(3));
    dir.run(&[
        "import",
        &fixtures().join(format!("{AQUARIUM}.txt")).display().to_string(),
        &sudoku.display().to_string(),
    ])
    .ok();
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

struct Page {
    browser: Browser,
    dir: PathBuf,
}

impl Page {
    fn new(dir: &Dir) -> Page {
        require_chromium();
        let browser = Browser::start(&crate::site::browser_settings_unsandboxed_as_root()).unwrap();
        browser.block_on(browser.client().set_window_size(1000, 1100)).unwrap();
        Page { browser, dir: dir.join("site") }
    }

    fn open(&self, name: &str) {
        let url = format!("file://{}", self.dir.join(name).display());
        self.browser.block_on(self.browser.client().goto(&url)).unwrap();
        self.wait_for("document.querySelector('#verdict, #filters:not([hidden])') !== null");
    }

    fn run(&self, js: &str) -> serde_json::Value {
        self.browser.block_on(self.browser.client().execute(js, vec![])).unwrap_or_else(|e| panic!("{js}: {e}"))
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
        let client = self.browser.client();
        let element = self.browser.block_on(client.find(Locator::Css(css))).unwrap_or_else(|e| panic!("{css}: {e}"));
        self.browser.block_on(element.click()).unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    /// Clicks a cell of the board, at its middle.
    fn click_cell(&self, r: usize, c: usize) {
        let css = format!("{} rect", self.cell(r, c));
        let client = self.browser.client();
        let element = self.browser.block_on(client.find(Locator::Css(&css))).unwrap_or_else(|e| panic!("{css}: {e}"));
        self.browser.block_on(element.click()).unwrap_or_else(|e| panic!("click {css}: {e}"));
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

    fn screenshot(&self, name: &str) {
        let png = self.browser.block_on(self.browser.client().screenshot()).unwrap();
        std::fs::write(artefacts().join(name), png).unwrap();
    }
}

fn water_of(states: &[Vec<String>]) -> Vec<Vec<bool>> {
    states.iter().map(|row| row.iter().map(|s| s == "water").collect()).collect()
}

#[test]
fn an_aquarium_is_solved_by_clicks_stays_solved_and_the_index_finds_it_sandbox_off_as_root() {
    let (dir, id, _) = exported();
    let (tanks, water) = aquarium_fixture();
    let (h, w) = (tanks.len(), tanks[0].len());
    let page = Page::new(&dir);
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
    page.browser.block_on(page.browser.client().refresh()).unwrap();
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
fn a_sudoku_is_played_with_hints_that_agree_with_its_solution_sandbox_off_as_root() {
    let (dir, _, sudoku) = exported();
    let shown = dir.run(&["show", &sudoku[0].to_string(), "--json"]).ok().json_lines();
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
    let page = Page::new(&dir);
    // The first Sudoku imported is the first line of the sample.
    page.open(&format!("p/{}.html", sudoku[0]));
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
    let (_, water) = aquarium_fixture();
    let puzzle =
        Aquarium::parse_text(&std::fs::read_to_string(fixtures().join(format!("{AQUARIUM}.txt"))).unwrap()).unwrap();
    let page = Page::new(&dir);
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
