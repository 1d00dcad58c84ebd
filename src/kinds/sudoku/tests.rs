use crate::engine::{Probing, Settings};

use super::*;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sudoku/");

fn fixture(name: &str) -> Vec<Grid> {
    let text = std::fs::read_to_string(format!("{FIXTURES}{name}")).expect("fixture file");
    parse_lines(&text).into_iter().map(|p| p.puzzle.expect("fixture puzzle parses")).collect()
}

// From Wikipedia's Sudoku article: puzzle and its solution.
const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn solves_the_classic_puzzle_and_proves_it_unique() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let report = solve(&puzzle, 2, Settings::default()).unwrap();
    assert!(report.is_unique());
    assert_eq!(report.solutions[0].to_string(), SOLUTION);
}

#[test]
fn every_sample_puzzle_has_exactly_one_verified_solution() {
    for name in ["17_clue_sample.txt", "se11_sample.txt", "se_rated_sample.txt"] {
        let puzzles = fixture(name);
        assert!(puzzles.len() >= 30, "{name}");
        for p in &puzzles {
            p.validate().unwrap();
            let report = solve(p, 2, Settings::with_probing(Probing::Off)).unwrap();
            assert!(report.is_unique(), "{name}: {p}");
            verify(p, &report.solutions[0]).unwrap();
        }
    }
}

#[test]
fn probing_settings_agree() {
    for p in fixture("forum_hardest_1106.txt").iter().step_by(25) {
        let solutions: Vec<_> = [Probing::Off, Probing::Root, Probing::Fixpoint]
            .into_iter()
            .map(|probing| solve(p, 2, Settings::with_probing(probing)).unwrap())
            .collect();
        for s in &solutions {
            assert!(s.is_unique(), "{p}");
            assert_eq!(s.solutions, solutions[0].solutions);
        }
    }
}

#[test]
fn an_empty_grid_has_many_solutions_and_a_clash_has_none() {
    let empty = Grid::parse(&".".repeat(81)).unwrap();
    let report = solve(&empty, 5, Settings::default()).unwrap();
    assert_eq!(report.solutions.len(), 5);
    assert!(!report.stats.exhausted);
    let distinct: std::collections::HashSet<_> = report.solutions.iter().collect();
    assert_eq!(distinct.len(), 5);

    // Two 5s in the first row.
    let clash = Grid::parse(&format!("55{}", ".".repeat(79))).unwrap();
    assert_eq!(clash.validate(), Err(SudokuError::Clash(Violation::Repeated { unit: "row", index: 1, digit: 5 })));
    let report = solve(&clash, 2, Settings::default()).unwrap();
    assert!(report.solutions.is_empty() && report.stats.exhausted);
}

#[test]
fn a_puzzle_with_two_solutions_is_counted_exactly() {
    // The classic solution with a 2x2 rectangle of swappable digits blanked:
    // rows 1 and 2 hold 3,4 / 4,3... take cells where a swap keeps validity.
    let mut cells = *Grid::parse(SOLUTION).unwrap().cells();
    // (0,1)=3, (0,2)=4, (1,1)=7, (1,2)=2 do not swap; find a real rectangle.
    let grid = Grid::from_cells(cells).unwrap();
    let mut found = None;
    'search: for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let (a, b) = (grid.get(r1, c1), grid.get(r1, c2));
                    let same_band = r1 / 3 == r2 / 3 || c1 / 3 == c2 / 3;
                    if same_band && grid.get(r2, c1) == b && grid.get(r2, c2) == a {
                        found = Some((r1, r2, c1, c2));
                        break 'search;
                    }
                }
            }
        }
    }
    let (r1, r2, c1, c2) = found.expect("the classic grid has a deadly rectangle");
    for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
        cells[r * 9 + c] = 0;
    }
    let puzzle = Grid::from_cells(cells).unwrap();
    let report = solve(&puzzle, 10, Settings::default()).unwrap();
    assert_eq!(report.solutions.len(), 2);
    assert!(report.stats.exhausted);
    assert_ne!(report.solutions[0], report.solutions[1]);
}

#[test]
fn the_verifier_catches_each_broken_rule() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let good = Grid::parse(SOLUTION).unwrap();
    assert_eq!(verify(&puzzle, &good), Ok(()));
    let mut cells = *good.cells();
    cells[80] = 0;
    assert_eq!(verify(&puzzle, &Grid::from_cells(cells).unwrap()), Err(Violation::Blank { row: 9, col: 9 }));
    // Swapping two digits of a row keeps the row valid but breaks columns,
    // and here also changes a given.
    let mut cells = *good.cells();
    cells.swap(0, 1);
    assert!(matches!(
        verify(&puzzle, &Grid::from_cells(cells).unwrap()),
        Err(Violation::Repeated { unit: "column", .. })
    ));
    // Relabelling every 1 as 2 and 2 as 1 keeps every unit valid but not the givens.
    let cells = good.cells().map(|d| match d {
        1 => 2,
        2 => 1,
        d => d,
    });
    assert!(matches!(verify(&puzzle, &Grid::from_cells(cells).unwrap()), Err(Violation::ChangedGiven { .. })));
}

#[test]
fn lines_parse_with_comments_fields_and_clear_errors() {
    let text =
        format!("# comment\n\n{PUZZLE}\n00015097c6c3 {}  7.2\n123\n{}x\n", PUZZLE.replace('.', "0"), &PUZZLE[..80]);
    let parsed = parse_lines(&text);
    assert_eq!(parsed.len(), 4);
    assert_eq!(parsed[0].line, 3);
    assert_eq!(parsed[0].puzzle.as_ref().unwrap().to_string(), PUZZLE);
    assert_eq!(parsed[1].puzzle.as_ref().unwrap().to_string(), PUZZLE);
    assert_eq!(parsed[2].line, 5);
    assert_eq!(parsed[2].puzzle, Err(SudokuError::WrongLength { found: 3 }));
    assert_eq!(parsed[3].puzzle, Err(SudokuError::BadChar { position: 81, found: 'x' }));
    assert_eq!(parse_lines("# only a comment\n")[0].puzzle, Err(SudokuError::Empty));
    let message = SudokuError::WrongLength { found: 3 }.to_string();
    assert!(message.contains("81") && message.contains('3'), "{message}");
}
