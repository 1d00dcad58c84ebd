//! Aquarium grades: `grade` on Aquarium files (text, `--hints`, `--json`),
//! and the grades the archive keeps for every Aquarium and Sudoku puzzle it
//! imports or re-solves, read back by `list --grade` and `stats`.

use crate::util::{Dir, fixtures, query};

const DB: &str = "archive/a.sqlite";

fn fixture(name: &str) -> String {
    fixtures().join(name).display().to_string()
}

/// Water (1) and air (0) of a fixture's solution, by row.
fn solution_rows(name: &str) -> Vec<Vec<bool>> {
    let text = std::fs::read_to_string(fixtures().join(format!("aquarium/puzzles/{name}.solution.txt"))).unwrap();
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.split_whitespace().map(|c| c == "1").collect()).collect()
}

#[test]
fn grade_json_gives_level_rank_and_technique_counts_and_hints_settle_the_solution() {
    let dir = Dir::new();
    let name = "10x10_hard_8977124";
    let run = dir.run(&["grade", "--json", "--hints", &fixture(&format!("aquarium/puzzles/{name}.txt"))]).ok();
    let records = run.json_lines();
    assert_eq!(records.len(), 1, "{run}");
    let r = &records[0];
    assert_eq!(r["kind"], "aquarium");
    assert_eq!(r["unique"], true);
    let levels = ["easy", "medium", "hard", "expert", "extreme", "guess"];
    let level = r["level"].as_str().unwrap();
    let rank = r["rank"].as_u64().unwrap() as usize;
    assert_eq!(levels[rank - 1], level, "{r}");
    let steps = r["steps"].as_array().unwrap();
    let counted: u64 = r["techniques"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(counted as usize, steps.len(), "{r}");
    // Every cell is settled once, as the solution has it.
    let solution = solution_rows(name);
    let mut seen = vec![vec![false; 10]; 10];
    for step in steps {
        assert!(!step["text"].as_str().unwrap().is_empty());
        for cell in step["settles"].as_array().unwrap() {
            let (row, col, water) =
                (cell[0].as_u64().unwrap() as usize, cell[1].as_u64().unwrap() as usize, cell[2].as_bool().unwrap());
            assert_eq!(water, solution[row - 1][col - 1], "r{row}c{col} in {step}");
            assert!(!seen[row - 1][col - 1], "r{row}c{col} settled twice");
            seen[row - 1][col - 1] = true;
        }
    }
    assert!(seen.iter().flatten().all(|&s| s), "{r}");
}

#[test]
fn grade_text_and_hints_name_the_lines_and_tanks() {
    let dir = Dir::new();
    let path = fixture("aquarium/puzzles/6x6_easy_681742.txt");
    let run = dir.run(&["grade", &path]).ok();
    assert!(run.stdout.starts_with(&format!("{path}: 6x6, 6 tanks: easy (")), "{run}");
    let run = dir.run(&["grade", "--hints", &path]).ok();
    let steps: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()) && l.contains(". "))
        .collect();
    assert!(!steps.is_empty(), "{run}");
    assert!(steps[0].trim_start().starts_with("1. "), "{run}");
    assert!(steps.iter().all(|s| s.contains("tank ") && (s.contains("row ") || s.contains("column "))), "{run}");
}

#[test]
fn an_aquarium_with_two_solutions_is_not_graded() {
    let dir = Dir::new();
    // Two tanks side by side in each of two rows: the water may go either way.
    let path = dir.write("two.txt", "1 2\n3 4\n1 1\n1 1\n");
    let run = dir.run(&["grade", path.to_str().unwrap()]).expect_code(1);
    assert!(run.stdout.contains("2 solutions") && run.stdout.contains("not graded"), "{run}");
}

#[test]
fn imports_keep_grades_that_list_and_stats_read_back() {
    let dir = Dir::new();
    dir.run(&["--db", DB, "import", &fixture("aquarium/puzzles"), &fixture("sudoku/se_rated_sample.txt")]).ok();
    let db = dir.join(DB);
    let aquariums = query(&db, "SELECT count(*) FROM puzzles WHERE kind = 'aquarium'");
    let graded =
        query(&db, "SELECT count(*) FROM grades g JOIN puzzles p ON p.id = g.puzzle WHERE p.kind = 'aquarium'");
    assert_eq!((aquariums, graded), (95, 95));
    let sudokus = query(&db, "SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND status = 'ok'");
    let graded = query(&db, "SELECT count(*) FROM grades g JOIN puzzles p ON p.id = g.puzzle WHERE p.kind = 'sudoku'");
    assert_eq!(graded, sudokus);

    // The stored grade is the one `grade` gives for the same puzzle.
    let name = "15x15_hard_5642858";
    let graded = dir.run(&["grade", "--json", &fixture(&format!("aquarium/puzzles/{name}.txt"))]).ok().json_lines();
    let level = graded[0]["level"].as_str().unwrap().to_string();
    let listed = dir.run(&["--db", DB, "list", "--json", "--grade", &level, "--kind", "aquarium"]).ok().json_lines();
    assert!(listed.iter().any(|p| p["source"].as_str().unwrap().contains(name)), "{name} not listed as {level}");
    assert!(listed.iter().all(|p| p["solution"]["grade"]["level"] == level.as_str()));
    let stored = query(&db, "SELECT count(*) FROM grades WHERE level = 'easy'");
    let easy = dir.run(&["--db", DB, "list", "--json", "--grade", "easy"]).ok().json_lines();
    assert_eq!(easy.len() as i64, stored);

    let stats = dir.run(&["--db", DB, "stats"]).ok();
    assert!(stats.stdout.contains("aquarium puzzles by grade"), "{stats}");
    assert!(stats.stdout.contains("sudoku puzzles by grade"), "{stats}");
    // The grade table's row of the site's 15x15 hard class counts its 28.
    let grade_table = stats.stdout.split("aquarium puzzles by grade").nth(1).unwrap();
    let row = grade_table.lines().find(|l| l.contains("15x15 hard")).unwrap();
    let cells: Vec<&str> = row.split('|').map(str::trim).filter(|c| !c.is_empty()).collect();
    let by_level: u64 = cells[1..7].iter().map(|c| c.parse::<u64>().unwrap()).sum();
    assert_eq!(by_level, 28, "{stats}");

    // An archive from before grades: re-solving grades it.
    rusqlite::Connection::open(&db).unwrap().execute("DELETE FROM grades", []).unwrap();
    dir.run(&["--db", DB, "resolve", "--all", "--kind", "aquarium"]).ok();
    assert_eq!(query(&db, "SELECT count(*) FROM grades"), 95);
}

#[test]
fn list_takes_every_level_of_both_graders_and_refuses_others() {
    let dir = Dir::new();
    dir.run(&["--db", DB, "import", &fixture("aquarium/puzzles/6x6_easy_681742.txt")]).ok();
    let aquarium = aquarchive::kinds::aquarium::grade::Level::ALL.map(|l| l.name());
    let sudoku = aquarchive::kinds::sudoku::Level::ALL.map(|l| l.name());
    for level in aquarium.iter().chain(&sudoku) {
        dir.run(&["--db", DB, "list", "--grade", level]).ok();
    }
    let run = dir.run(&["--db", DB, "list", "--grade", "fiendish"]).expect_code(2);
    assert!(run.stderr.contains("fiendish"), "{run}");
}

/// The guide's part on grades as the graders define it: for each kind a
/// table of its levels, easiest first, with the techniques each adds in the
/// order they are tried; for Aquarium, what each technique says (the words
/// a hint gives beside its name).
fn grades_in_markdown() -> String {
    use aquarchive::kinds::{aquarium, sudoku};
    let table = |rows: Vec<(&str, Vec<&str>)>| {
        let mut out = String::from("| level | techniques |\n|---|---|\n");
        for (level, techniques) in rows {
            out.push_str(&format!("| `{level}` | {} |\n", techniques.join(", ")));
        }
        out
    };
    let aquarium_levels =
        aquarium::grade::Level::ALL.iter().map(|l| (l.name(), l.techniques().map(|t| t.name()).collect()));
    let sudoku_levels = sudoku::Level::ALL.iter().map(|l| (l.name(), l.techniques().map(|t| t.name()).collect()));
    let mut out = format!("### Aquarium\n\n{}\n", table(aquarium_levels.collect()));
    for t in aquarium::grade::Technique::ALL {
        out.push_str(&format!("- **{}**: {}.\n", t.name(), t.about()));
    }
    out.push_str(&format!("\n### Sudoku\n\n{}", table(sudoku_levels.collect())));
    out
}

/// The lines of `text` from the heading `### KIND` to the end of the
/// first run of table rows and list items after it (a list item's
/// continuation lines joined to it).
fn section(text: &str, heading: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut lines = text.lines().skip_while(|l| l.trim() != heading).skip(1).peekable();
    while lines.peek().is_some_and(|l| l.trim().is_empty()) {
        lines.next();
    }
    for line in lines {
        if line.starts_with("##") || line.starts_with("The ") {
            break;
        }
        match line {
            "" => out.push(String::new()),
            _ if line.starts_with("  ") && out.last().is_some_and(|l| l.starts_with("- ")) => {
                let last = out.last_mut().expect("checked");
                last.push(' ');
                last.push_str(line.trim());
            }
            _ => out.push(line.to_string()),
        }
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

#[test]
fn the_guide_lists_the_levels_and_techniques_the_graders_define() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected = grades_in_markdown();
    let want = |heading| section(&expected, heading);
    let guide = std::fs::read_to_string(root.join("docs/guide.md")).expect("docs/guide.md");
    // The tables are in the part on grades.
    let guide = guide.find("\n## Grades").map_or(guide.as_str(), |at| &guide[at..]);
    for heading in ["### Aquarium", "### Sudoku"] {
        assert_eq!(
            section(guide, heading),
            want(heading),
            "docs/guide.md's {heading} differs from the graders' levels and techniques; it should read:\n\n{expected}"
        );
    }
    // The section read back is the one written: the check can fail.
    assert_eq!(section(&expected, "### Aquarium").len(), 2 + 6 + 1 + 10);
}
