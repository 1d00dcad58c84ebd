//! The family's kinds graded by the engine's reasoning: graded when
//! imported, each grade in `list --json`, `show --json`, `list --grade`,
//! `stats` and its HTML page as Aquarium's are, none for a kind without a
//! grader; and `grade` reading the family's task lines.

use crate::family::{Real, real_puzzles, task_lines};
use crate::util::Dir;

/// The real puzzles of `kind`, in the fixture's order.
fn of(kind: &str) -> Vec<Real> {
    real_puzzles().into_iter().filter(|p| p.kind == kind).collect()
}

/// A stored puzzle's grade, as `list --json` and `show --json` give it.
fn level(record: &serde_json::Value) -> Option<&str> {
    record["solution"]["grade"]["level"].as_str()
}

/// The grade a puzzle's HTML page gives among its facts, if any.
fn page_grade(dir: &Dir, id: i64) -> Option<String> {
    let page = std::fs::read_to_string(dir.join(&format!("site/p/{id}.html"))).unwrap();
    let doc = scraper::Html::parse_document(&page);
    let texts = |css: &str| -> Vec<String> {
        doc.select(&scraper::Selector::parse(css).unwrap()).map(|e| e.text().collect()).collect()
    };
    texts("dl.facts dt").into_iter().zip(texts("dl.facts dd")).find(|(name, _)| name == "grade").map(|(_, v)| v)
}

#[test]
fn the_familys_puzzles_are_graded_when_imported_and_shown_as_aquariums_are() {
    let dir = Dir::new();
    let puzzles: Vec<Real> = ["tents", "mosaic", "star-battle"].into_iter().flat_map(of).collect();
    dir.write("family.txt", task_lines(&puzzles));
    dir.run(&["import", "family.txt"]).ok();
    let listed = dir.run(&["list", "--json"]).ok().json_lines();
    assert_eq!(listed.len(), puzzles.len());
    let levels = |kind: &str| -> Vec<Option<&str>> { listed.iter().filter(|r| r["kind"] == kind).map(level).collect() };
    // The tents and the mosaics at the levels their reasoning needs; the
    // star battles, which have no grader, without any.
    assert_eq!(levels("tents"), [Some("easy"), Some("easy"), Some("easy"), Some("medium")]);
    assert_eq!(levels("mosaic"), [Some("easy"), Some("medium"), Some("hard"), Some("hard")]);
    assert_eq!(levels("star-battle"), [None, None, None]);
    assert!(listed.iter().all(|r| r["status"] == "ok"), "every one solved");

    // `show --json` carries the grade and its techniques, as an Aquarium's.
    let hard = listed.iter().find(|r| level(r) == Some("hard")).unwrap();
    let id = hard["id"].as_i64().unwrap().to_string();
    let shown = &dir.run(&["show", &id, "--json"]).ok().json_lines()[0];
    assert_eq!(shown["solution"]["grade"]["rank"], 3);
    let techniques = shown["solution"]["grade"]["techniques"].as_str().unwrap();
    assert!(techniques.starts_with("propagation ") && techniques.contains(", search "), "{techniques}");
    let star = listed.iter().find(|r| r["kind"] == "star-battle").unwrap();
    let shown = &dir.run(&["show", &star["id"].as_i64().unwrap().to_string(), "--json"]).ok().json_lines()[0];
    assert!(shown["solution"]["grade"].is_null(), "{shown}");

    // `list --grade` picks them by level.
    let hards = dir.run(&["list", "--grade", "hard", "--json"]).ok().json_lines();
    assert_eq!(hards.iter().map(|r| r["kind"].as_str().unwrap()).collect::<Vec<_>>(), ["mosaic", "mosaic"]);

    // `stats` counts each graded kind's levels, and none of Star Battle's.
    let stats = dir.run(&["stats"]).ok().stdout;
    assert!(stats.contains("tents puzzles by grade, by class:"), "{stats}");
    assert!(stats.contains("mosaic puzzles by grade, by class:"), "{stats}");
    assert!(!stats.contains("star-battle puzzles by grade"), "{stats}");

    // Each page gives the grade `list` gives, and a star battle's none.
    dir.run(&["export", "--html", "site"]).ok();
    for record in &listed {
        let id = record["id"].as_i64().unwrap();
        assert_eq!(page_grade(&dir, id).as_deref(), level(record), "{record}");
    }
}

#[test]
fn grade_reads_the_familys_task_lines_each_by_its_kinds_grader() {
    let dir = Dir::new();
    let [tents, mosaic, star, binairo] =
        [("tents", 0), ("mosaic", 3), ("star-battle", 0), ("binairo", 0)].map(|(kind, n)| of(kind).remove(n));
    dir.write("lines.txt", task_lines(&[tents, mosaic, star, binairo]));
    let run = dir.run(&["grade", "--json", "lines.txt"]).expect_code(2);
    let records = run.json_lines();
    let record = |line: u64| records.iter().find(|r| r["line"] == line).unwrap_or_else(|| panic!("{run}"));
    assert_eq!((record(1)["kind"].as_str(), record(1)["level"].as_str()), (Some("tents"), Some("easy")));
    assert_eq!(record(1)["techniques"]["propagation"], 10);
    assert_eq!((record(2)["level"].as_str(), record(2)["rank"].as_u64()), (Some("hard"), Some(3)));
    assert!(record(2)["techniques"]["search"].as_u64().unwrap() > 0, "{}", record(2));
    // A kind without a grader is an error that says so, by its line.
    assert_eq!(record(3)["error"], "lines.txt:3: star-battle puzzles are solved, but not graded");
    // Binairo's 8x8 has one answer that its model's reasoning leaves open:
    // not graded, and no fault of the puzzle.
    assert_eq!((record(4)["unique"].as_bool(), record(4)["level"].as_str()), (Some(true), None));

    let run = dir.run(&["grade", "lines.txt"]).expect_code(2);
    assert!(run.stderr.contains("lines.txt:3: star-battle puzzles are solved, but not graded"), "{run}");
    let text = run.stdout;
    assert!(text.contains("lines.txt:1: tents 6x6: easy (propagation 10)"), "{text}");
    assert!(text.contains("lines.txt:4: binairo 8x8: unique solution") && text.contains("): not graded"), "{text}");
}
