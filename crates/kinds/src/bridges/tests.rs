use multicover::Settings;

use super::Bridges;
use super::home::HOME;
use crate::draw::Ink;
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 7x7 puzzle of puzzle-bridges.com and the answer the site hashes.
const REAL: &str = "2b2b2a3c2a2g4a1b2b1b3b2a1b13a3b2a";
const REAL_ANSWER: &str = "1,1;1,0;0,1;1,2;0,1;0,1;1,1;0,0;0,1;1,0;0,1;1,0;0,0;0,0;2,0;1,0;0,0";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(7), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[0].text, Some(("2".into(), Ink::Given)));
    // The first island's bridge right runs to the 2 at column 4, its one
    // down to the 4 at row 3.
    assert_eq!(drawing.lines[0].cells, [0, 1, 2, 3]);
    assert!(!drawing.lines[0].double);
    assert_eq!(drawing.lines[1].cells, [0, 7, 14]);
    assert_eq!(drawing.lines.iter().filter(|l| l.double).count(), 2);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("c9"), "the island 9 at row 2, column 2: an island has from 1 to 8 bridges");
    assert_eq!(err("c0"), "the island 0 at row 2, column 2: an island has from 1 to 8 bridges");
    assert_eq!(err("cB"), "`B` at row 2, column 2 is no cell of bridges (a digit or water)");
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(HOME.read("21d", Some(Size::new(3, 2))).unwrap().task(), "21d");
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("1,1").unwrap_err(), "1 islands in the answer where the puzzle has 17");
    assert_eq!(
        board.check(&format!("3,1{}", &REAL_ANSWER[3..])).unwrap_err(),
        "`3,1` for the island at row 1, column 1 is not `right,down` (each 0, 1 or 2)"
    );
    assert_eq!(
        board.check(&format!("2,1{}", &REAL_ANSWER[3..])).unwrap_err(),
        "the island 2 at row 1, column 1 has 3 bridges"
    );
    // The 2 at row 1, column 7 sends a bridge right, off the grid.
    let mut parts: Vec<&str> = REAL_ANSWER.split(';').collect();
    parts[2] = "1,0";
    assert_eq!(
        board.check(&parts.join(";")).unwrap_err(),
        "the bridge right from the island at row 1, column 7 reaches the edge, no island"
    );
    // A plus of four islands round an empty middle: two bridges cross.
    let plus = HOME.read("a1a1a1a1a", Some(Size::square(3))).unwrap();
    assert_eq!(plus.check("0,1;1,0;0,0;0,0").unwrap_err(), "two bridges cross at row 2, column 2");
    // Two pairs, each joined, apart from each other.
    let pairs = HOME.read("11b11", Some(Size::new(2, 3))).unwrap();
    assert_eq!(
        pairs.check("1,0;0,0;1,0;0,0").unwrap_err(),
        "the island at row 3, column 1 cannot reach the one at row 1, column 1: all islands must be joined"
    );
}

/// Four 2s in a square: a ring of single bridges joins them all; two
/// double bridges also give each its 2, but leave two pairs apart.
#[test]
fn the_joined_rule_refuses_what_the_counts_accept() {
    let square = HOME.read("2a2c2a2", Some(Size::square(3))).unwrap();
    assert!(square.check("2,0;0,0;2,0;0,0").unwrap_err().ends_with("all islands must be joined"));
    let solved = square.solve(Settings::default(), 5).unwrap().unwrap();
    assert_eq!(solved.solutions, ["1,1;0,1;1,0;0,0"]);
    assert!(solved.is_unique());
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every way to lay 0, 1 or 2 bridges on each pair
/// of islands that can be joined. Each grid's numbers are the bridges of a
/// random laying (crossing or apart as it falls), so that many have answers.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(31);
    let mut seen = [0usize; 3];
    let mut tried = 0;
    while tried < 300 {
        let (width, height) = (rng.between(2, 5), rng.between(2, 4));
        let places: Vec<Option<u32>> = (0..width * height).map(|_| rng.chance(2, 5).then_some(1)).collect();
        let mut board = Bridges { size: Size::new(width, height), numbers: places };
        let spans = board.spans();
        if board.islands().len() < 2 || spans.len() > 9 {
            continue;
        }
        let islands = board.islands();
        let mut degree = vec![0u32; islands.len()];
        for span in &spans {
            let bridges = rng.between(0, 2) as u32;
            degree[span.from] += bridges;
            degree[span.to] += bridges;
        }
        if degree.contains(&0) {
            continue;
        }
        for (&cell, &n) in islands.iter().zip(&degree) {
            board.numbers[cell] = Some(n);
        }
        tried += 1;
        let candidates = (0..3usize.pow(spans.len() as u32)).map(|mut code| {
            let mut counts = vec![[0u32; 2]; islands.len()];
            for span in &spans {
                counts[span.from][usize::from(span.down)] = (code % 3) as u32;
                code /= 3;
            }
            Bridges::write_counts(&counts)
        });
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 10), "the random grids miss a case: {seen:?}");
}
