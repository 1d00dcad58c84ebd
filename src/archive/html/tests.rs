//! The pages read back by an HTML parser: every stored string, however
//! hostile, comes back as the same text, and nothing in it becomes markup.

use scraper::{Html, Selector};

use super::*;
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

fn options() -> HtmlOptions {
    HtmlOptions { per_page: 10, base_url: format!("https://example.org/{HOSTILE}\"/") }
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
    let (page, problem) = puzzle_page(&p, &fetches, Some(4), Some(6), 0, &options());
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
    let link = export::link(&p, &options().base_url).unwrap();
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
    let (page, problem) = puzzle_page(&p, &[], None, None, 0, &options());
    assert_eq!(problem, Some(format!("puzzle 2: {err}")));
    let doc = Html::parse_document(&page);
    no_markup_from_data(&doc, 0);
    assert_eq!(texts(&doc, "p.error"), [format!("Cannot draw this puzzle: {err}")]);
    assert_eq!(texts(&doc, "details pre"), [HOSTILE]);
    assert_eq!(texts(&doc, "p.no-fetches").len(), 1);
}

#[test]
fn an_index_page_shows_every_cell_as_its_text() {
    let puzzles = [puzzle(1, Kind::Sudoku, "x"), puzzle(2, Kind::Aquarium, HOSTILE)];
    let rows: Vec<Row> = puzzles.iter().map(Row::of).collect();
    let page = index_page(&rows, 1, 3, 25, 10);
    let doc = Html::parse_document(&page);
    no_markup_from_data(&doc, 2);
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
fn puzzles_js_keeps_every_cell_and_cannot_end_the_script_it_is_in() {
    let puzzles = [puzzle(1, Kind::Sudoku, "x"), puzzle(2, Kind::Aquarium, HOSTILE)];
    let rows: Vec<Row> = puzzles.iter().map(Row::of).collect();
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
