//! `aquarchive solve --kind ring` on the fixture instance and on bad input.

use crate::util::{Dir, fixtures};

fn expert() -> String {
    fixtures().join("ring/expert.txt").to_str().unwrap().to_string()
}

#[test]
fn the_expert_instance_has_its_four_published_solutions() {
    let dir = Dir::new();
    // Several solutions are what a ring instance has: no fault, exit 0.
    let run = dir.run(&["solve", "--kind", "ring", "--all", "--json", &expert()]).ok();
    let r = &run.json_lines()[0];
    assert_eq!(r["solutions"], 4);
    assert_eq!(r["assignments"], 240);
    assert_eq!(r["exhausted"], true);
    let published: Vec<Vec<u64>> = std::fs::read_to_string(fixtures().join("ring/expert.solution.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    let mut found: Vec<Vec<u64>> = r["all"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect())
        .collect();
    found.sort();
    assert_eq!(found, published);
    // The first solution's rows mark one triangle per sector.
    let rows = r["solution"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for c in 0..24 {
        assert_eq!(rows.iter().filter(|row| row.as_str().unwrap().as_bytes()[c] == b'*').count(), 1);
    }
}

#[test]
fn the_drawing_shows_rows_sectors_triangles_and_moves() {
    let dir = Dir::new();
    let run = dir.run(&["solve", "--kind", "ring", &expert()]).ok();
    // Every solution is counted, the first drawn.
    assert!(run.stdout.contains(": 8 rows x 24 sectors: 4 solutions ("), "{run}");
    assert_eq!(run.stdout.matches("triangle rows by sector").count(), 1, "{run}");
    assert!(run.stdout.contains("solution 1: triangle rows by sector: 4 3 3 4"), "{run}");
    // Row 3 starts with a red ball at sector 0 that jumps around (>), and
    // green balls that stay in the triangles of sectors 1 and 2.
    let row3 = run.stdout.lines().find(|l| l.starts_with("  3 ")).expect("row 3");
    assert!(row3.starts_with("  3  r>  [go ][go ]"), "{row3}");
}

#[test]
fn bad_instances_are_clear_errors() {
    let dir = Dir::new();
    let text = std::fs::read_to_string(expert()).unwrap();
    let cases = [
        (
            "overlap.txt",
            text.replace("blue:  (2,2)", "blue:  (3,2)"),
            "blue ball (3,2) overlaps the green ball on that cell",
        ),
        ("off.txt", text.replace("(1,0)", "(8,0)"), "green ball (8,0) is off the board"),
        ("count.txt", text.replace(" (6,22)", ""), "23 red balls; a board of 24 sectors needs 24 of each colour"),
        ("word.txt", text.replace("size 8 24", "size eight"), "`eight` is not a row or sector number"),
    ];
    for (name, contents, expected) in cases {
        let path = dir.write(name, contents);
        let run = dir.run(&["solve", "--kind", "ring", path.to_str().unwrap()]).expect_code(2);
        // Named by file and line: `off.txt:4: green ball ...`, `overlap.txt: ... (line 4)`.
        let at = run.stderr.split(&format!("{name}:")).nth(1).unwrap_or_default();
        let line = at.starts_with(|c: char| c.is_ascii_digit()) || run.stderr.contains("(line ");
        assert!(line && run.stderr.contains(expected), "{run}");
    }
}

/// The legend of a solved ring's drawing, as `solve` prints it: its last line.
fn solve_legend(dir: &Dir) -> String {
    let solved = dir.run(&["solve", "--kind", "ring", &expert()]).ok();
    let legend = solved.stdout.lines().last().unwrap().to_string();
    assert!(legend.starts_with("[ ] triangle;"), "{solved}");
    legend
}

/// The words of a ring picture's legend, with whether each line is part of
/// the solution (hidden on an HTML page until it is revealed).
fn picture_legend(svg: &str) -> Vec<(String, bool)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let legend = doc.descendants().find(|n| n.attribute("class") == Some("legend")).expect("a legend");
    legend
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|t| {
            let solution = t.ancestors().any(|a| a.attribute("class") == Some("solution"));
            (t.text().unwrap().to_string(), solution)
        })
        .collect()
}

#[test]
fn show_and_the_html_picture_give_the_legend_solve_gives() {
    let dir = Dir::new();
    let legend = solve_legend(&dir);
    dir.run(&["import", &expert()]).ok();
    let shown = dir.run(&["show", "1"]).ok();
    assert_eq!(shown.stdout.lines().filter(|l| *l == legend).count(), 1, "{shown}");
    assert_eq!(shown.stdout.lines().last(), Some(legend.as_str()), "under the drawing: {shown}");

    // The picture's legend says the same of its own marks: the triangle's
    // shade and a move's line with the solution, the balls' dots always.
    dir.run(&["show", "1", "--svg", "ring.svg"]).ok();
    let words = picture_legend(&std::fs::read_to_string(dir.join("ring.svg")).unwrap());
    assert_eq!(words.len(), 3, "{words:?}");
    assert_eq!(words[0], ("triangle".to_string(), true));
    assert_eq!(words[1], ("the ball starting there".to_string(), false));
    assert!(words[2].1 && words[2].0.ends_with("(red: two cells)"), "{words:?}");
    for (said, _) in &words[..2] {
        assert!(legend.contains(said.as_str()), "{said} / {legend}");
    }
    dir.run(&["show", "1", "--svg", "bare.svg", "--no-solution"]).ok();
    let bare = picture_legend(&std::fs::read_to_string(dir.join("bare.svg")).unwrap());
    assert_eq!(bare, [("the ball starting there".to_string(), false)]);

    // The HTML archive's page draws the same picture, legend and all.
    dir.run(&["export", "--html", "site"]).ok();
    let page = std::fs::read_to_string(dir.join("site/p/1.html")).unwrap();
    let svg = &page[page.find("<svg").unwrap()..page.find("</svg>").unwrap() + "</svg>".len()];
    assert_eq!(picture_legend(svg), words);
}

/// The fixture folder as a user would import it: the instance is stored,
/// the file of its published solutions beside it is left out as one.
#[test]
fn importing_the_fixture_folder_stores_the_instance_and_leaves_its_solutions_out() {
    let dir = Dir::new();
    let folder = fixtures().join("ring");
    let run = dir.run(&["import", "--kind", "ring", folder.to_str().unwrap()]).ok();
    assert!(run.stdout.contains("1 ") && !run.stderr.contains("expert.solution"), "{run}");
    let list = dir.run(&["list", "--json"]).ok();
    assert_eq!(list.json_lines().len(), 1, "{list}");
}
