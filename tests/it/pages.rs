//! `aquarchive import` of pages saved from the site: each kept as a snapshot
//! and read by the same extractor as a fetch.

use std::io::{Read, Write};

use crate::site_server::Site;
use crate::util::{Dir, fixtures};

/// The raw bytes the test site serves at `path_and_query`.
fn get(site: &Site, path_and_query: &str) -> Vec<u8> {
    let base = site.base_url();
    let authority = base.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = std::net::TcpStream::connect(authority).unwrap();
    write!(stream, "GET {path_and_query} HTTP/1.0\r\nHost: {authority}\r\n\r\n").unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let body = response.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    response[body..].to_vec()
}

#[test]
fn saved_pages_are_imported_through_the_extractor() {
    let site = Site::start();
    let dir = Dir::new();
    let puzzle = site.puzzles_of(8).into_iter().next().unwrap();
    let page = get(&site, &format!("/?specific=1&specid={}&size=8", puzzle.id));
    dir.write("pages/hard.html", &page);
    let run = dir.run(&["--db", "a.sqlite", "import", "pages"]).ok();
    assert!(run.stdout.contains("pages: 1 new, 0 already present"), "{run}");
    let shown = dir.run(&["--db", "a.sqlite", "show", "1", "--json"]).ok();
    let record = &shown.json_lines()[0];
    let text = serde_json::to_string(record).unwrap();
    assert!(text.contains(&puzzle.id.to_string()) || text.contains(&puzzle.id_text()), "{shown}");
    let task = dir.run(&["--db", "a.sqlite", "show", "1", "--format", "task"]).ok();
    assert_eq!(task.stdout.trim(), puzzle.task, "{task}");
    // The same page again: nothing new.
    let again = dir.run(&["--db", "a.sqlite", "import", "pages/hard.html"]).expect_code(3);
    assert!(again.stdout.contains("pages: 0 new, 1 already present"), "{again}");
    // A page with no puzzle: a clear error, the page kept.
    let missing = fixtures().join("pages/puzzle-nonograms.com_not_found_trimmed.html");
    let run = dir.run(&["--db", "a.sqlite", "import", missing.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("puzzle-nonograms.com_not_found_trimmed.html"), "{run}");
    assert!(run.stderr.contains("kept as a snapshot"), "{run}");
    assert!(run.stdout.contains("1 without a puzzle"), "{run}");
}
