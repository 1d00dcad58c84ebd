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
    tab: Tab,
    dir: PathBuf,
}

impl Page {
    fn new(dir: &Dir) -> Page {
        let tab = Tab::start();
        tab.resize(1000, 1100);
        Page { tab, dir: dir.join("site") }
    }

    fn open(&self, name: &str) {
        let url = format!("file://{}", self.dir.join(name).display());
        self.tab.goto(&url);
        self.wait_for("document.querySelector('#verdict, #filters:not([hidden]), #calendar:not(:empty)') !== null");
    }

    fn run(&self, js: &str) -> serde_json::Value {
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

    /// Presses on the first of `cells`, moves over the others in turn and
    /// lets go: with a finger (`touch`) or the mouse's left button.
    fn drag(&self, cells: &[(usize, usize)], touch: bool) {
        let css: Vec<String> = cells.iter().map(|&(r, c)| format!("{} rect", self.cell(r, c))).collect();
        self.tab.drag(&css, touch);
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

        // Cells 40 px wide or more; on the phone the board is wider than
        // its frame, which scrolls, and the page itself does not.
        let cell = page.run("return document.querySelector('#game .cell rect').getBoundingClientRect().width");
        assert!(cell.as_f64().unwrap() >= 40.0, "{at}: cells {cell} px");
        let frame = page.run("var g = document.getElementById('game'); return [g.scrollWidth, g.clientWidth]");
        let (board, shown) = (frame[0].as_u64().unwrap(), frame[1].as_u64().unwrap());
        assert_eq!(board > shown, width < 500, "{at}: a board {board} px wide in a frame of {shown} px");
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

    // A Sudoku's cells are 40 px or more on the phone too.
    page.resize(390, 844);
    page.open(&format!("p/{}.html", sudoku[0]));
    let cell = page.run("return document.querySelector('#game .cell rect').getBoundingClientRect().width");
    assert!(cell.as_f64().unwrap() >= 40.0, "a Sudoku's cells {cell} px");
}

/// Solves the special of line `n` of the test site's specials on its page
/// by clicks, as a player would: the top water row of each of its tanks.
fn solve_special(page: &Page, n: usize) {
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

#[test]
fn the_front_page_leads_to_the_newest_specials_and_marks_the_dailies_played_sandbox_off_as_root() {
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

    let page = Page::new(&dir);
    page.resize(390, 844);
    // The newest daily solved on its page, by clicks, on the phone.
    page.open(&format!("p/{}.html", id_of("2026-08-23")));
    solve_special(&page, 0);
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
