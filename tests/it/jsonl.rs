//! `export --format jsonl` read back by `import FILE.jsonl`: every kind,
//! specials fetched from the loopback site (with their page facts), grades
//! and a calendar reading go out and come back whole; a bad line is named
//! by its file and line and the rest imported; a tampered solution is
//! refused by the kind's verifier.

use crate::site_server::Site;
use crate::util::{Dir, fixtures, query};

/// An archive of every kind: specials and a 6x6-easy from the site, an
/// Aquarium fixture, Sudoku, ring and calendar files, a calendar photo read.
fn archive_of_every_kind() -> (Site, Dir) {
    let site = Site::start();
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!(
            "[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\ntimeout_secs = 5\nretries = 0\nbackoff_ms = 10\n",
            site.base_url()
        ),
    );
    dir.run(&["--db", "a.sqlite", "fetch", "daily", "weekly", "6x6-easy"]).ok();
    let file = |path: &str| fixtures().join(path).display().to_string();
    dir.run(&[
        "--db",
        "a.sqlite",
        "import",
        &file("aquarium/puzzles/10x10_easy_3081686.txt"),
        &file("ring/expert.txt"),
        &file("calendar/dates.txt"),
    ])
    .ok();
    let sudoku = std::fs::read_to_string(fixtures().join("sudoku/17_clue_sample.txt")).unwrap();
    let few: String = sudoku.lines().filter(|l| !l.starts_with('#')).take(3).map(|l| format!("{l}\n")).collect();
    dir.run_with_input(&["--db", "a.sqlite", "import", "--kind", "sudoku", "-"], Some(few.as_bytes())).ok();
    dir.run(&["--db", "a.sqlite", "calendar", "read", &file("calendar/board-standard.jpg"), "--import"]).ok();
    (site, dir)
}

/// The lines of an export as JSON values, without the archive's own ids.
fn without_ids(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("id");
            v
        })
        .collect()
}

#[test]
fn an_export_imports_back_whole_but_for_ids_and_the_pages_it_does_not_carry() {
    let (_site, dir) = archive_of_every_kind();
    let a = dir.join("a.sqlite");
    let out = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    dir.write("all.jsonl", &out);
    let lines = without_ids(&out);
    let kinds: std::collections::BTreeSet<&str> = lines.iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["aquarium", "calendar", "ring", "sudoku"]);
    let with_page = lines.iter().filter(|l| !l["snapshot"].is_null()).count();
    assert_eq!(with_page, 3, "the daily, the weekly and the 6x6-easy");
    assert!(lines.iter().any(|l| l["hash_check"] == "match" && l["hashed_solution"].is_string()));
    assert!(lines.iter().any(|l| l["solution"]["grade"]["hints"].is_string()));
    assert!(lines.iter().any(|l| l["readings"].as_array().is_some_and(|r| r.len() == 1)));

    let run = dir.run(&["--db", "b.sqlite", "import", "all.jsonl"]).ok();
    assert!(run.stdout.contains(&format!("{} new, 0 completed", lines.len())), "{run}");
    assert!(
        run.stderr.contains("3 puzzles stored without the page snapshot named, which the archive does not hold"),
        "{run}"
    );
    let again = dir.run(&["--db", "b.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    // The same lines but that a puzzle's page, not carried, is named no more.
    let expected: Vec<serde_json::Value> = lines
        .into_iter()
        .map(|mut l| {
            l["snapshot"] = serde_json::Value::Null;
            l
        })
        .collect();
    assert_eq!(without_ids(&again), expected);
    let b = dir.join("b.sqlite");
    for table in ["solutions", "grades", "site_facts", "calendar_readings"] {
        let count = format!("SELECT count(*) FROM {table}");
        assert_eq!(query(&b, &count), query(&a, &count), "{table}");
    }
    // Again: nothing new, exit 3.
    dir.run(&["--db", "b.sqlite", "import", "all.jsonl"]).expect_code(3);
    dir.run(&["--db", "b.sqlite", "verify"]).ok();
}

#[test]
fn a_bad_line_is_named_and_a_tampered_solution_refused_the_rest_imported() {
    let dir = Dir::new();
    let puzzles = fixtures().join("aquarium/puzzles");
    let files: Vec<String> = ["10x10_easy_3081686.txt", "10x10_easy_3144731.txt", "10x10_easy_4273938.txt"]
        .iter()
        .map(|f| puzzles.join(f).display().to_string())
        .collect();
    dir.run(&[&["--db", "a.sqlite", "import"], &files.iter().map(String::as_str).collect::<Vec<_>>()[..]].concat())
        .ok();
    let out = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    let mut lines: Vec<String> = out.lines().map(str::to_string).collect();
    // Line 1: one water cell of the stored solution moved (in every copy of it).
    let mut first: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    let solution = first["solution"]["solution"].as_str().unwrap().to_string();
    let flipped = match &solution[..1] {
        "0" => format!("1{}", &solution[1..]),
        _ => format!("0{}", &solution[1..]),
    };
    first["solution"]["solution"] = flipped.clone().into();
    first["solves"][0]["solution"] = flipped.into();
    lines[0] = first.to_string();
    // Line 2: cut short.
    lines[1].truncate(40);
    // Named for its first character, not its extension.
    dir.write("puzzles.txt", lines.join("\n") + "\n");
    let run = dir.run(&["--db", "b.sqlite", "import", "puzzles.txt"]).expect_code(2);
    assert!(run.stderr.contains("puzzles.txt:1: the stored solution breaks the rules"), "{run}");
    assert!(run.stderr.contains("puzzles.txt:2: the line ends inside its JSON, at column 40 (cut short?)"), "{run}");
    assert!(run.stdout.contains("1 new,") && run.stdout.contains("2 refused"), "{run}");
    assert_eq!(query(&dir.join("b.sqlite"), "SELECT count(*) FROM puzzles"), 1);
}

/// `list --json`, `show ID --json` and `export --format jsonl` write one
/// record: the same line for a puzzle, whichever writes it, in the order
/// each lists them.
#[test]
fn list_show_and_export_write_the_same_record() {
    let (_site, dir) = archive_of_every_kind();
    let exported = dir.run(&["--db", "a.sqlite", "export", "--format", "jsonl"]).ok().stdout;
    let listed = dir.run(&["--db", "a.sqlite", "list", "--json"]).ok().stdout;
    assert_eq!(listed, exported);
    let lines: Vec<&str> = exported.lines().collect();
    assert!(lines.len() > 5, "{exported}");
    let newest = dir.run(&["--db", "a.sqlite", "list", "--json", "--newest", "--limit", "2"]).ok().stdout;
    assert_eq!(newest.lines().collect::<Vec<_>>(), [lines[lines.len() - 1], lines[lines.len() - 2]]);
    for line in &lines {
        let id = serde_json::from_str::<serde_json::Value>(line).unwrap()["id"].to_string();
        let shown = dir.run(&["--db", "a.sqlite", "show", &id, "--json"]).ok().stdout;
        assert_eq!(shown.strip_suffix('\n'), Some(*line), "puzzle {id}");
    }
    // A calendar puzzle's date and board, as `calendar --json` names them.
    let calendar = lines.iter().find(|l| l.contains("\"kind\":\"calendar\"")).unwrap();
    let calendar: serde_json::Value = serde_json::from_str(calendar).unwrap();
    assert!(calendar["date"].is_string() && calendar["board"].is_string(), "{calendar}");
}
