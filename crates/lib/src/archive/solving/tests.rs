use super::*;

/// A file of the repository's fixtures.
fn fixture(path: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures").join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every puzzle of `text` solved with `options`: each one's line and what
/// was found (or why not).
fn solve_all(text: &str, options: &Options) -> Vec<(usize, Result<Found, PuzzleError>)> {
    let solving = solve_text(text, options);
    assert!(solving.unreadable().is_none(), "{:?}", solving.unreadable());
    solving.map(|solved| (solved.line, solved.found)).collect()
}

/// A record's JSON as written, and whether its fields come in name order:
/// written again through a map (which orders by name), it is the same.
fn json_in_name_order(record: &Record) -> String {
    let written = serde_json::to_string(record).unwrap();
    let value: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(value.to_string(), written, "fields out of name order");
    written
}

#[test]
fn an_aquarium_file_is_solved_unique_to_its_known_solution() {
    let text = fixture("aquarium/puzzles/10x10_easy_3081686.txt");
    let known: Vec<String> =
        fixture("aquarium/puzzles/10x10_easy_3081686.solution.txt").lines().map(|l| l.replace(' ', "")).collect();
    let mut all = solve_all(&text, &Options::default());
    assert_eq!(all.len(), 1);
    let (line, found) = all.remove(0);
    let found = found.unwrap();
    assert_eq!(line, 1);
    assert!(found.is_unique() && found.stats.exhausted);
    assert_eq!(found.limit, 2, "two looked for, which proves the first unique");
    let AnySolved::Aquarium(puzzle, waters) = &found.solved else { panic!("{:?}", found.solved) };
    assert_eq!((puzzle.width(), puzzle.tank_count()), (10, 14));
    assert_eq!(waters.len(), 1);
    assert_eq!(waters[0].to_rows(), known);
    let json: serde_json::Value =
        serde_json::from_str(&json_in_name_order(&found.record("a.txt", line, Mode::First))).unwrap();
    assert_eq!(json["solution"], serde_json::json!(known));
    assert_eq!(
        (json["kind"].as_str(), json["unique"].as_bool(), json["tanks"].as_u64()),
        (Some("aquarium"), Some(true), Some(14))
    );
}

#[test]
fn an_invalid_aquarium_is_an_error_that_says_why() {
    let mut text = fixture("aquarium/puzzles/10x10_easy_3081686.txt");
    // A column clue of 11 in a 10-row grid.
    text = text.replacen("1 3 5 6 6 8 8 9 9 9", "11 3 5 6 6 8 8 9 9 9", 1);
    let all = solve_all(&text, &Options::default());
    let err = all[0].1.as_ref().unwrap_err();
    assert!(err.to_string().contains("11"), "{err}");
}

#[test]
fn sudoku_lines_are_solved_unique_counted_and_a_clash_named() {
    let text = fixture("sudoku/17_clue_sample.txt");
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).take(3).collect();
    let clash = format!("11{}", ".".repeat(79));
    let empty = ".".repeat(81);
    let input = format!("{}\n{clash}\n{empty}\n", puzzles.join("\n"));
    let all = solve_all(&input, &Options::default());
    assert_eq!(all.iter().map(|(line, _)| *line).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    for (_, found) in &all[..3] {
        let found = found.as_ref().unwrap();
        assert!(found.is_unique());
        let AnySolved::Sudoku(puzzle, grids) = &found.solved else { panic!() };
        assert_eq!(puzzle.givens(), 17);
        assert!(crate::kinds::sudoku::verify(puzzle, &grids[0]).is_ok());
        let json = json_in_name_order(&found.record("s.txt", 1, Mode::First));
        assert!(json.contains(&format!("\"solution\":{}", serde_json::to_string(&grids[0].to_rows()).unwrap())));
    }
    let clashed = all[3].1.as_ref().unwrap_err().to_string();
    assert!(clashed.contains("clash") && clashed.contains("row 1"), "{clashed}");
    // The empty grid: two found and the search stopped, so not unique.
    let found = all[4].1.as_ref().unwrap();
    assert_eq!((found.solved.count(), found.stats.exhausted, found.is_unique()), (2, false, false));

    // Counted up to a limit the caller sets, by the engine too.
    let counting = Options {
        limit: Some(5),
        mode: Mode::All,
        sudoku: SudokuMethod::Engine(Settings::default()),
        ..Options::default()
    };
    let found = solve_puzzle(AnyPuzzle::Sudoku(crate::kinds::sudoku::Grid::parse(&empty).unwrap()), &counting).unwrap();
    assert_eq!((found.solved.count(), found.limit, found.stats.exhausted), (5, 5, false));
    let json: serde_json::Value =
        serde_json::from_str(&json_in_name_order(&found.record("s.txt", 1, Mode::All))).unwrap();
    assert_eq!(json["all"].as_array().map(Vec::len), Some(5));
}

#[test]
fn calendar_dates_are_counted_to_their_tilings_up_to_the_limit() {
    let all = solve_all(&fixture("calendar/dates.txt"), &Options { mode: Mode::Count, ..Options::default() });
    // The counts the fixture's README gives; Jan 1 Sun's 1,495 past the
    // default limit of 1000.
    let counts: Vec<(usize, usize, bool)> = all
        .iter()
        .map(|(line, found)| {
            let found = found.as_ref().unwrap();
            (*line, found.solved.count(), found.stats.exhausted)
        })
        .collect();
    assert_eq!(counts, [(3, 7, true), (4, 216, true), (5, 97, true), (6, 1000, false)]);
    let found = all[0].1.as_ref().unwrap();
    assert!(!found.is_unique());
    let json: serde_json::Value =
        serde_json::from_str(&json_in_name_order(&found.record("d.txt", 3, Mode::Count))).unwrap();
    assert_eq!(
        (json["board"].as_str(), json["date"].as_str(), json["solutions"].as_u64()),
        (Some("standard"), Some("Oct 6"), Some(7))
    );
}

#[test]
fn the_ring_instance_has_its_four_published_solutions() {
    let known: Vec<Vec<usize>> = fixture("ring/expert.solution.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|n| n.parse().unwrap()).collect())
        .collect();
    let all = solve_all(&fixture("ring/expert.txt"), &Options { mode: Mode::All, ..Options::default() });
    assert_eq!(all.len(), 1);
    let found = all[0].1.as_ref().unwrap();
    assert!(found.stats.exhausted && !found.is_unique());
    let AnySolved::Ring(_, solutions) = &found.solved else { panic!() };
    let mut triangles: Vec<Vec<usize>> = solutions.iter().map(|s| s.triangles.clone()).collect();
    triangles.sort();
    assert_eq!(triangles, known);
    assert_eq!(solutions.iter().map(|s| s.assignments).sum::<u64>(), 240);
    let json: serde_json::Value =
        serde_json::from_str(&json_in_name_order(&found.record("r.txt", 3, Mode::All))).unwrap();
    assert_eq!((json["assignments"].as_u64(), json["all"].as_array().map(Vec::len)), (Some(240), Some(4)));
}

#[test]
fn what_cannot_be_read_is_kept_apart_with_its_line() {
    let text = format!("{}\n12345\n", ".".repeat(81));
    let mut solving = solve_text(&text, &Options { kind: Some(Kind::Sudoku), ..Options::default() });
    assert_eq!(solving.len(), 1);
    assert!(solving.next().is_some_and(|solved| solved.found.is_ok()));
    assert!(solving.next().is_none());
    let (line, unreadable) = solving.unreadable().unwrap();
    assert_eq!((*line, unreadable.puzzles), (2, 1));
}
