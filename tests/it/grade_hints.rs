//! The hints a puzzle's page gives, kept with its grade when it is graded
//! (import, re-solve), so that the HTML export reads them instead of grading
//! every puzzle again; an archive whose grades have none (kept by an older
//! version) exports the same pages.

use std::collections::BTreeMap;

use crate::util::{Dir, fixtures, query};

const DB: &str = "a.sqlite";

/// Every puzzle page of the export in `site`, by file name.
fn pages(dir: &Dir, site: &str) -> BTreeMap<String, String> {
    std::fs::read_dir(dir.join(site).join("p"))
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

/// The value of the board's attribute `name` in a page.
fn attr<'a>(page: &'a str, name: &str) -> &'a str {
    let start = page.find(&format!(" {name}=\"")).unwrap_or_else(|| panic!("no {name} in the page")) + name.len() + 3;
    &page[start..start + page[start..].find('"').unwrap()]
}

#[test]
fn the_export_reads_the_hints_kept_with_each_grade_and_grades_where_there_are_none() {
    let dir = Dir::new();
    let text = std::fs::read_to_string(fixtures().join("sudoku/se_rated_sample.txt")).unwrap();
    let sudoku: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(5).collect();
    let sudoku = dir.write("sudoku.txt", sudoku.join("\n") + "\n");
    let aquarium = fixtures().join("aquarium/puzzles");
    dir.run(&["--db", DB, "import", &aquarium.display().to_string(), &sudoku.display().to_string()]).ok();
    let db = dir.join(DB);
    let graded = query(&db, "SELECT count(*) FROM grades");
    assert_eq!(graded, 100);
    assert_eq!(query(&db, "SELECT count(*) FROM grades WHERE hints IS NOT NULL"), graded);
    dir.run(&["--db", DB, "export", "--html", "kept"]).ok();

    // As an archive from before hints were kept: the export grades each
    // puzzle itself, and writes the same pages.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE grades SET hints = NULL", []).unwrap();
    dir.run(&["--db", DB, "export", "--html", "graded"]).ok();
    let (kept, regraded) = (pages(&dir, "kept"), pages(&dir, "graded"));
    assert_eq!(kept.len(), 100);
    for (name, page) in &kept {
        assert!(attr(page, "data-kind") == "aquarium" || attr(page, "data-hints").contains(' '), "{name}");
        assert!(regraded.get(name) == Some(page), "{name}: the page differs when the export grades the puzzle");
    }
    // Re-solving the archive keeps them again.
    dir.run(&["--db", DB, "resolve", "--all"]).ok();
    assert_eq!(query(&db, "SELECT count(*) FROM grades WHERE hints IS NOT NULL"), graded);

    // What the page gives is what the store keeps: one 6x6 puzzle given
    // another's hints shows them.
    let six: Vec<i64> = conn
        .prepare("SELECT p.id FROM puzzles p JOIN grades g ON g.puzzle = p.id WHERE p.width = 6 ORDER BY p.id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let page = |id: i64| &kept[&format!("{id}.html")];
    let (a, b) = six
        .iter()
        .flat_map(|&a| six.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| attr(page(a), "data-order") != attr(page(b), "data-order"))
        .expect("two 6x6 puzzles with other hints");
    conn.execute("UPDATE grades SET hints = (SELECT hints FROM grades WHERE puzzle = ?2) WHERE puzzle = ?1", [a, b])
        .unwrap();
    dir.run(&["--db", DB, "export", "--html", "swapped"]).ok();
    let swapped = &pages(&dir, "swapped")[&format!("{a}.html")];
    for name in ["data-techniques", "data-steps", "data-order"] {
        assert_eq!(attr(swapped, name), attr(page(b), name), "{name}");
    }
    assert_eq!(attr(swapped, "data-solution"), attr(page(a), "data-solution"));
}
