//! The pages read back by an HTML parser: every stored string, however
//! hostile, comes back as the same text, and nothing in it becomes markup.

use scraper::{Html, Selector};

use super::neighbours::Step;
use super::page::{COLUMNS, Row, grades, index_page, puzzle_page, puzzles_js};
use super::play::script_safe;
use super::*;
use crate::archive::facts::Facts;
use crate::archive::grade::hints;
use crate::archive::{export, picture};
use crate::kinds::Kind;
use crate::kinds::aquarium::puzzlink;
use crate::shared::time_text;
use crate::store::{Fetch, Puzzle, Status};
use crate::store::{NewPuzzle, Solution};

/// Text that would close a script, open one, end an attribute value either
/// way and start a comment or an entity, were it not escaped.
const HOSTILE: &str = "</script><script>alert(\"x\")</script> & 'q' <!-- &amp; <b>";

fn puzzle(id: i64, kind: Kind, text: &str) -> Puzzle {
    Puzzle {
        id,
        record: NewPuzzle {
            kind,
            source: format!("dir {HOSTILE}/file.txt:3"),
            size_class: Some(4),
            site_id: Some(1_234),
            special_date: Some(format!("date {HOSTILE}")),
            width: 6,
            height: 6,
            text: text.to_string(),
            snapshot: None,
            extractor_version: None,
            status: Status::Several,
            note: Some(format!("note {HOSTILE}")),
        },
        canonical_hash: "0".repeat(64),
        created: "2026-11-30T06:07:08.009Z".parse().unwrap(),
        hash_check: None,
        solution: Some(Solution {
            solver_version: format!("solver {HOSTILE}"),
            solution: Some(format!("solution {HOSTILE}")),
            found: 2,
            nodes: 7,
            micros: 9,
            grade: None,
        }),
    }
}

fn fetch() -> Fetch {
    Fetch {
        url: format!("https://example.org/?q={HOSTILE}"),
        method: format!("http {HOSTILE}"),
        fetched_at: "2026-11-30T06:07:01Z".parse().unwrap(),
        http_status: Some(200),
        error: Some(format!("error {HOSTILE}")),
        snapshot: None,
    }
}

/// A puzzle's row, read as the export reads it.
fn row_of(puzzle: &Puzzle) -> Row {
    Row::of(puzzle, crate::archive::stored(puzzle).ok().as_ref())
}

/// A puzzle's page, read and written as the export does, first of the
/// first index page.
fn page_of(puzzle: &Puzzle, fetches: &[Fetch], prev: Option<i64>, next: Option<i64>) -> (String, Option<String>) {
    let read = crate::archive::stored(puzzle).ok();
    let facts = Facts::of(puzzle, read.as_ref(), &options().sites);
    let step = |id: i64| Step { id, label: format!("#{id}") };
    let (prev, next) = (prev.map(step), next.map(step));
    puzzle_page(puzzle, read.as_ref(), &facts, fetches, prev.as_ref(), next.as_ref(), 0)
}

fn options() -> HtmlOptions {
    HtmlOptions {
        per_page: 10,
        sites: SiteConfig { base_url: format!("https://example.org/{HOSTILE}\"/"), ..SiteConfig::default() },
    }
}

fn select<'a>(doc: &'a Html, css: &str) -> Vec<scraper::ElementRef<'a>> {
    doc.select(&Selector::parse(css).unwrap()).collect()
}

fn texts(doc: &Html, css: &str) -> Vec<String> {
    select(doc, css).iter().map(|e| e.text().collect()).collect()
}

/// The page has exactly the elements the template writes: none of the
/// hostile text's `script`, `b` or comment made it in as markup.
fn no_markup_from_data(doc: &Html, scripts: usize) {
    assert_eq!(select(doc, "script").len(), scripts, "{}", doc.html());
    assert!(select(doc, "script").iter().all(|s| s.value().attr("src").is_some() && s.text().next().is_none()));
    assert!(select(doc, "b").is_empty(), "{}", doc.html());
    assert!(!doc.tree.values().any(|node| node.is_comment()), "{}", doc.html());
}

#[test]
fn a_puzzle_page_shows_every_stored_string_as_its_text() {
    // Text that is no Aquarium: the page says it cannot draw it, and shows
    // the stored text as it is.
    let p = puzzle(5, Kind::Aquarium, &format!("text {HOSTILE}"));
    let fetches = [fetch()];
    let (page, problem) = page_of(&p, &fetches, Some(4), Some(6));
    assert!(problem.is_some());
    let doc = Html::parse_document(&page);
    no_markup_from_data(&doc, 0);

    let title = picture::title(&p);
    assert_eq!(texts(&doc, "title"), [format!("{title} (#5)")]);
    assert_eq!(texts(&doc, "h1"), [format!("{title} #5")]);
    assert_eq!(select(&doc, "body")[0].value().attr("data-kind"), Some("aquarium"));
    assert_eq!(texts(&doc, "details pre"), std::slice::from_ref(&p.record.text));
    let facts: Vec<(String, String)> = texts(&doc, "dl.facts dt").into_iter().zip(texts(&doc, "dl.facts dd")).collect();
    let fact = |name: &str| facts.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()).unwrap_or_default();
    assert_eq!(fact("note"), format!("note {HOSTILE}"));
    assert_eq!(fact("source"), p.record.source);
    assert_eq!(fact("stored"), "2026-11-30T06:07:08.009Z");
    assert_eq!(fact("solved"), format!("more than one solution, by solver {HOSTILE} in 9 µs, 7 nodes"));
    let link = export::link(&p, &options().sites).unwrap();
    let anchor = &select(&doc, "dl.facts a.source")[0];
    assert_eq!((anchor.value().attr("href"), fact("on the site")), (Some(link.as_str()), link.clone()));
    let f = fetch();
    let error = f.error.clone().unwrap();
    assert_eq!(
        texts(&doc, "table.fetches tbody td"),
        [time_text(f.fetched_at).as_str(), &f.method, &f.url, "200", &error].map(String::from)
    );
}

#[test]
fn a_puzzle_that_cannot_be_drawn_says_why_as_text() {
    let p = puzzle(2, Kind::Aquarium, HOSTILE);
    let err = picture::svg(&p, true).expect_err("not an Aquarium").to_string();
    let (page, problem) = page_of(&p, &[], None, None);
    assert_eq!(problem, Some(format!("puzzle 2: {err}")));
    let doc = Html::parse_document(&page);
    no_markup_from_data(&doc, 0);
    assert_eq!(texts(&doc, "p.error"), [format!("Cannot draw this puzzle: {err}")]);
    assert_eq!(texts(&doc, "details pre"), [HOSTILE]);
    assert_eq!(texts(&doc, "p.no-fetches").len(), 1);
}

#[test]
fn a_family_kinds_page_draws_its_board_or_says_when_it_will() {
    // Star battle's real 5x5 (tests/fixtures/family), solved: its board with
    // the answer's stars, which the page hides until asked.
    let task = "1,1,1,2,2,3,3,4,2,5,3,4,4,2,5,4,4,5,5,5,4,4,5,5,5";
    let mut star = puzzle(3, Kind::StarBattle, &format!("{task}\n"));
    (star.record.width, star.record.height, star.record.status) = (5, 5, Status::Ok);
    star.solution.as_mut().unwrap().solution = Some("nnynnynnnnnnnynnynnnnnnny".into());
    star.solution.as_mut().unwrap().found = 1;
    let (page, problem) = page_of(&star, &[], None, None);
    assert_eq!(problem, None);
    let doc = Html::parse_document(&page);
    assert_eq!(select(&doc, "figure.board svg").len(), 1, "{page}");
    assert_eq!(select(&doc, "figure.board svg g.solution").len(), 1, "{page}");
    // Slant's is not read yet: its task, and a line saying so.
    let mut slant = puzzle(4, Kind::Slant, "a1b2a1c0b1a2d1a3b1c2a1b\n");
    (slant.record.status, slant.solution) = (Status::NoSolver, None);
    let (page, _) = page_of(&slant, &[], None, None);
    let doc = Html::parse_document(&page);
    assert_eq!(texts(&doc, "figure.board pre"), ["a1b2a1c0b1a2d1a3b1c2a1b\n"]);
    assert_eq!(
        texts(&doc, "figure.board figcaption"),
        ["The slant task as the site gave it: its board will be drawn once aquarchive reads slant tasks."]
    );
}

#[test]
fn an_index_page_shows_every_cell_as_its_text() {
    let puzzles = [puzzle(1, Kind::Sudoku, "x"), puzzle(2, Kind::Aquarium, HOSTILE)];
    let rows: Vec<Row> = puzzles.iter().map(row_of).collect();
    let page = index_page(&rows, &[], 1, 3, 25, 10);
    let doc = Html::parse_document(&page);
    no_markup_from_data(&doc, 3);
    let headers: Vec<&str> = COLUMNS.iter().map(|(name, _)| *name).collect();
    assert_eq!(texts(&doc, "thead th")[2..], headers);
    for (tr, row) in select(&doc, "#page-rows tr").iter().zip(&rows) {
        let cells: Vec<String> = tr.child_elements().map(|td| td.text().collect()).collect();
        let expected: Vec<String> = COLUMNS.iter().map(|(_, cell)| cell(row).to_string()).collect();
        assert_eq!(cells[0], row.id.to_string());
        assert_eq!(cells[2..], expected);
        let status = tr.child_elements().nth(2 + headers.iter().position(|h| *h == "status").unwrap()).unwrap();
        assert_eq!(status.value().attr("class"), Some(row.mark.as_str()));
    }
    assert_eq!(texts(&doc, "#page-rows tr td:nth-child(3)"), ["sudoku", "aquarium"]);
    assert_eq!(texts(&doc, "#page-rows tr td:nth-child(9)"), vec![format!("date {HOSTILE}"); 2]);
    assert_eq!(texts(&doc, "p.summary"), ["25 puzzles; page 2 of 3 shows 11–12."]);
    assert_eq!(texts(&doc, "#static-pager a[rel=prev]"), ["← previous"]);
}

#[test]
fn the_grade_filter_offers_each_grade_once_easiest_first() {
    let mut rows: Vec<Row> = (1..=5).map(|id| row_of(&puzzle(id, Kind::Sudoku, "x"))).collect();
    for (row, grade) in rows.iter_mut().zip(["guess", "", "a word of its own", "easy", "guess"]) {
        row.grade = grade.to_string();
    }
    let offered = grades(&rows);
    assert_eq!(offered, ["easy", "guess", "a word of its own"]);
    let page = index_page(&rows, &offered, 0, 1, 5, 10);
    let doc = Html::parse_document(&page);
    let values: Vec<&str> =
        select(&doc, "select[name=grade] option").iter().map(|o| o.value().attr("value").unwrap()).collect();
    assert_eq!(values, ["", "easy", "guess", "a word of its own"]);
}

#[test]
fn puzzles_js_keeps_every_cell_and_cannot_end_the_script_it_is_in() {
    let puzzles = [puzzle(1, Kind::Sudoku, "x"), puzzle(2, Kind::Aquarium, HOSTILE)];
    let rows: Vec<Row> = puzzles.iter().map(row_of).collect();
    let js = puzzles_js(&rows);
    assert!(!js.contains('<'), "{js}");
    // Each row reads back, cell by cell, as the table shows it.
    let lines: Vec<&str> = js.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(lines.len(), rows.len());
    for (line, row) in lines.iter().zip(&rows) {
        let cells: Vec<serde_json::Value> = serde_json::from_str(line.trim_end_matches(',')).unwrap();
        let mut expected = vec![serde_json::json!(row.id)];
        expected.extend(COLUMNS.iter().map(|(_, cell)| serde_json::json!(cell(row))));
        expected.push(serde_json::json!(row.mark));
        expected.push(serde_json::json!(row.key));
        expected.push(serde_json::json!(row.board));
        assert_eq!(cells, expected);
        assert!(cells.iter().any(|c| c.as_str().is_some_and(|s| s.contains(HOSTILE))), "{line}");
    }
    // Inline in a page, the data is one script's text, whole.
    let doc =
        Html::parse_document(&format!("<!DOCTYPE html><html><head><script>{js}</script></head><body></body></html>"));
    let scripts = select(&doc, "script");
    assert_eq!(scripts.len(), 1);
    assert_eq!(scripts[0].text().collect::<String>(), js);
    assert_eq!(script_safe("[\"</script><!--\"]"), "[\"\\u003c/script>\\u003c!--\"]");
}

/// A puzzle stored as solved, with one solution.
fn solved(id: i64, kind: Kind, text: &str, solution: &str) -> Puzzle {
    let mut p = puzzle(id, kind, text);
    p.record.status = Status::Ok;
    p.canonical_hash = format!("{id:x}{}", "0123456789abcdef".repeat(4));
    p.solution.as_mut().unwrap().solution = Some(solution.to_string());
    p.solution.as_mut().unwrap().found = 1;
    p
}

const AQUARIUM: &str = "1 1 2\n3 1 2\n3 3 2\n1 2 1\n2 1 1\n";
const WATER: &str = "000\n110\n111\n";

/// The bits of pzprjs's base-32 digits, as the page's script reads them.
fn bits(text: &str, count: usize) -> Vec<bool> {
    let mut out: Vec<bool> =
        text.chars().flat_map(|ch| (0..5).rev().map(move |b| ch.to_digit(32).unwrap() >> b & 1 == 1)).collect();
    out.truncate(count);
    out
}

#[test]
fn an_aquarium_page_carries_its_board_as_data_for_the_script() {
    let p = solved(3, Kind::Aquarium, AQUARIUM, WATER);
    let (page, problem) = page_of(&p, &[], None, None);
    assert_eq!(problem, None);
    let doc = Html::parse_document(&page);
    no_markup_from_data(&doc, 2);
    let scripts: Vec<_> = select(&doc, "script").iter().map(|s| s.value().attr("src")).collect();
    assert_eq!(scripts, [Some("../progress.js"), Some("../archive.js")]);
    // No drawing in the page: the script draws the board from the link.
    assert!(select(&doc, "svg").is_empty(), "{page}");
    let game = select(&doc, "figure#game")[0].value();
    assert_eq!(game.attr("data-kind"), Some("aquarium"));
    assert_eq!(game.attr("data-key"), Some(&p.canonical_hash[..16]));
    let water = crate::kinds::aquarium::Water::parse(WATER).unwrap();
    let expected: Vec<bool> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).map(|(r, c)| water.get(r, c)).collect();
    assert_eq!(bits(game.attr("data-solution").unwrap(), 9), expected);
    let aquarium = crate::kinds::aquarium::Aquarium::parse_text(AQUARIUM).unwrap();
    let link = select(&doc, "a#puzzlink")[0].value().attr("href").unwrap();
    assert_eq!(link, puzzlink::url(&aquarium));
    // The reveal stays: its radio buttons come before the board it reveals.
    assert_eq!(select(&doc, "#reveal ~ figure#game").len(), 1);
}

#[test]
fn an_unsolved_aquarium_is_drawn_not_played_and_keeps_its_puzzlink() {
    let mut p = solved(3, Kind::Aquarium, AQUARIUM, WATER);
    p.solution = None;
    p.record.status = Status::Unsolvable;
    let (page, _) = page_of(&p, &[], None, None);
    let doc = Html::parse_document(&page);
    no_markup_from_data(&doc, 0);
    assert!(select(&doc, "#game").is_empty());
    assert_eq!(select(&doc, "figure.board svg").len(), 1);
    assert_eq!(select(&doc, "a#puzzlink").len(), 1);
}

#[test]
fn aquarium_steps_are_their_techniques_and_each_cells_step() {
    let aquarium = crate::kinds::aquarium::Aquarium::parse_text(AQUARIUM).unwrap();
    let step = |technique, settles| hints::AquariumStep { technique, settles };
    let steps = [
        step("full line", &[(2, 0, true), (2, 2, true)][..]),
        step("finished line", &[(0, 1, false), (0, 0, false)]),
        step("full line", &[(1, 0, true), (2, 2, true)]),
    ];
    let hints = hints::aquarium_hints(&aquarium, &steps);
    assert_eq!(hints.techniques, "full line|finished line");
    assert_eq!(hints.steps, "010");
    // A cell settled twice keeps its first step; cells no step settles, Z.
    assert_eq!(hints.order, "11Z2ZZ0Z0");
    // 62 steps need two digits a cell: step k settles row k % 3, column
    // k / 3 % 3 (first of all), so cells 0, 1, 2 are steps 0, 3, 6.
    let cells: Vec<[(usize, usize, bool); 1]> = (0..62).map(|k| [(k % 3, k / 3 % 3, true)]).collect();
    let many: Vec<_> = cells.iter().map(|cell| step("guess", cell)).collect();
    let hints = hints::aquarium_hints(&aquarium, &many);
    assert_eq!(hints.order.len(), 18);
    assert_eq!(&hints.order[..6], "000306");
    assert_eq!(hints.steps.len(), 62);
    assert_eq!(hints::aquarium_hints(&aquarium, &[]), hints::AquariumHints::default());
}

#[test]
fn a_sudoku_page_carries_its_givens_solution_and_the_graders_steps() {
    let givens = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid = crate::kinds::sudoku::Grid::parse(givens).unwrap();
    let solution = crate::kinds::sudoku::solve(&grid, 2, crate::kinds::sudoku::Method::Bitboard).unwrap();
    let filled = solution.solutions[0];
    let text: String = filled.cells().iter().map(|d| char::from(b'0' + d)).collect();
    let p = solved(4, Kind::Sudoku, givens, &text);
    let (page, _) = page_of(&p, &[], None, None);
    let doc = Html::parse_document(&page);
    no_markup_from_data(&doc, 2);
    let game = select(&doc, "figure#game")[0].value();
    assert_eq!(game.attr("data-kind"), Some("sudoku"));
    assert_eq!(game.attr("data-givens"), Some(givens.replace('.', "0").as_str()));
    assert_eq!(game.attr("data-solution"), Some(text.as_str()));
    // One line per step of the grade; every digit placed is the solution's.
    let grading = crate::kinds::sudoku::grade(&grid, &filled);
    let lines: Vec<&str> = game.attr("data-hints").unwrap().lines().collect();
    assert_eq!(lines.len(), grading.steps.len());
    for (line, step) in lines.iter().zip(&grading.steps) {
        let (cells, words) = line.split_once(' ').unwrap();
        assert_eq!(words, step.text);
        let placed = cells.split('/').next().unwrap();
        for triple in placed.as_bytes().chunks(3) {
            let cell: usize = std::str::from_utf8(&triple[..2]).unwrap().parse().unwrap();
            assert_eq!(triple[2], text.as_bytes()[cell], "{line}");
        }
    }
    // The picture is in the page, its solution hidden until revealed.
    assert_eq!(select(&doc, "figure#game svg .solution").len(), 1);
}

#[test]
fn the_hints_words_are_written_once_before_the_script_and_none_are_in_it() {
    use crate::kinds::aquarium::grade::{Step, Technique};
    let head = play::words_js();
    let json = head.split_once("var WORDS = ").unwrap().1.trim_end().strip_suffix(';').unwrap();
    let words: serde_json::Value = serde_json::from_str(json).unwrap();
    let technique_words: Vec<(&str, &str)> = Technique::ALL.iter().map(|t| (t.name(), t.about())).collect();
    for (part, pairs) in
        [("hints", &play::HINT_WORDS[..]), ("settled", &Step::SETTLED_WORDS[..]), ("techniques", &technique_words)]
    {
        assert_eq!(words[part].as_object().unwrap().len(), pairs.len(), "{part}");
        for (name, template) in pairs {
            assert_eq!(words[part][name], *template, "{part} {name}");
            // The script's own text says none of it.
            assert!(template.len() < 4 || !SCRIPT.contains(template), "{part} {name}: {template}");
        }
    }
    for needle in ["Step ", "Every step", "No hint", "Solved:", "air in ", "water in "] {
        assert!(!SCRIPT.contains(needle), "{needle}");
    }
    assert!(!head.contains('<'));
    // The pages give steps, not words.
    let p = solved(3, Kind::Aquarium, AQUARIUM, WATER);
    let (page, _) = page_of(&p, &[], None, None);
    assert!(!page.contains("data-about") && !page.contains("data-settled"));
}

#[test]
fn the_boards_look_is_written_once_before_the_script_as_the_pictures_are_drawn() {
    use crate::render::svg::aquarium::{CELL, LAYERS, board};
    let head = play::board_js();
    let json = head.split_once("var BOARD = ").unwrap().1.trim_end().strip_suffix(';').unwrap();
    let look: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(look["cell"], CELL);
    assert_eq!(look["font"], crate::render::svg::FONT_FAMILY);
    let aquarium = crate::kinds::aquarium::Aquarium::parse_text(AQUARIUM).unwrap();
    let drawn = board(&aquarium, None, "");
    for (name, attrs) in LAYERS {
        assert_eq!(look["layers"][name].as_object().unwrap().len(), attrs.len(), "{name}");
        let written: String = attrs.iter().map(|(k, v)| format!(" {k}=\"{v}\"")).collect();
        // The picture has them too (all but the water, without a solution).
        assert!(name == "water" || drawn.contains(&written), "{name}: {written}");
        for (k, v) in attrs {
            assert_eq!(look["layers"][name][k], *v, "{name} {k}");
            // The script names no colour of its own.
            assert!(!v.starts_with('#') || !SCRIPT.contains(v), "{name} {k}: {v}");
        }
    }
    // Water played is the solution's colour, which the script gives the style sheet.
    assert!(!STYLE.contains(crate::render::svg::aquarium::WATER) && STYLE.contains("var(--water)"));
    assert!(!head.contains('<'));
}

#[test]
fn a_calendar_puzzle_page_gives_its_date_and_board() {
    let mut p = puzzle(3, Kind::Calendar, "weekday Jan 5 Sun\n");
    p.solution = None;
    let (page, problem) = page_of(&p, &[], None, None);
    assert_eq!(problem, None);
    let doc = Html::parse_document(&page);
    let facts = texts(&doc, "dl.facts dt");
    let at = facts.iter().position(|f| f == "date").expect("a date fact");
    assert_eq!(texts(&doc, "dl.facts dd")[at], "Jan 5 Sun on the weekday board");
}
