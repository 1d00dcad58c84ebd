use multicover::Settings;

use super::Nurikabe;
use super::home::HOME;
use crate::draw::{Fill, Ink};
use crate::home::{Board, Home, Size, TaskError, real_puzzle, solves_to_what_its_check_accepts};

/// Real puzzles of puzzle-nurikabe.com and the answers the site hashes.
const REAL: &str = "1e2b2e2b1e1";
const REAL_ANSWER: &str = "nyyynynnynyyyyynnynyyyyyn";
const REAL_10: &str = "m1d4c3f3c2f1r1f5c6f3c7d1m";
const REAL_10_ANSWER: &str = "yyyyyyyyyyynynynnnnyynnyyyyyynyyynnynynnnynyyynyyyyynynynnynnnnynynyyynyyynyynnyynnnnynynyyyyyyyyyyy";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(5), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[0].text, Some(("1".into(), Ink::Given)));
    assert_eq!(drawing.cells[0].fill, Fill::Blank);
    assert_eq!(drawing.cells[1].fill, Fill::Shaded);
    assert_eq!(drawing.cells[1].text, None);
    real_puzzle(&HOME, REAL_10, Size::square(10), REAL_10_ANSWER);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("c5"), "the number 5 at row 2, column 2: an island has from 1 to 4 cells");
    assert_eq!(err("c0"), "the number 0 at row 2, column 2: an island has from 1 to 4 cells");
    assert_eq!(err("cB"), "`B` at row 2, column 2 is no cell of nurikabe (a number or a blank)");
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(err("c!"), "`!` at character 2 is not a cell");
    // Two numbers side by side are written with `_` between them.
    assert_eq!(HOME.read("2_3d", Some(Size::new(3, 2))).unwrap().task(), "2_3d");
    for end in 0..REAL_10.len() {
        if let Ok(board) = read(&REAL_10[..end]) {
            assert_eq!(board.task(), &REAL_10[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 5x5 grid has 25 cells");
    assert_eq!(
        board.check(&format!("y{}", &REAL_ANSWER[1..])).unwrap_err(),
        "the numbered cell at row 1, column 1 is a wall"
    );
    // Row 2, column 3 a wall too: the 2 at row 2, column 2 is left alone.
    let short = format!("{}y{}", &REAL_ANSWER[..7], &REAL_ANSWER[8..]);
    assert_eq!(short.len(), 25);
    assert!(board.check(&short).unwrap_err().starts_with("the two-by-two square from row 1, column 3 is all wall"));
    // Row 1, column 2 unshaded: it joins the 1 to the 2 below it.
    assert_eq!(
        board.check(&format!("nn{}", &REAL_ANSWER[2..])).unwrap_err(),
        "the island at row 1, column 1 holds two numbers, at row 1, column 1 and row 2, column 2"
    );
    let small = read("1c").unwrap();
    assert_eq!(small.check("nnyy").unwrap_err(), "the island of the 1 at row 1, column 1 has 2 cells, not 1");
    let blank = read("1h").unwrap();
    assert_eq!(blank.check("nyyyyyyyy").unwrap_err(), "the two-by-two square from row 1, column 2 is all wall");
    let apart = read("a1a1a1a1a").unwrap();
    assert_eq!(
        apart.check("ynynynyny").unwrap_err(),
        "the wall at row 1, column 3 cannot reach the one at row 1, column 1: the walls must be connected"
    );
    assert_eq!(read("1c").unwrap().check("nyyn").unwrap_err(), "the island at row 2, column 2 has no number");
}

/// A 3 in the middle of a row of five: its island may lie three ways by the
/// counts; the middle one leaves the walls (one at each end) apart, and the
/// two that keep them together are the answers.
#[test]
fn the_walls_rule_refuses_what_the_counts_accept() {
    let row = HOME.read("b3b", Some(Size::new(5, 1))).unwrap();
    assert!(row.check("ynnny").unwrap_err().ends_with("the walls must be connected"));
    let solved = row.solve(Settings::default(), 5).unwrap().unwrap();
    let mut found = solved.solutions;
    found.sort();
    assert_eq!(found, ["nnnyy", "yynnn"]);
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every shading.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(29);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (width, height) = (rng.between(2, 4), rng.between(2, 3));
        let cells = width * height;
        let numbers = (0..cells).map(|_| rng.chance(1, 4).then(|| rng.between(1, 4) as u32)).collect();
        let board = Nurikabe { size: Size::new(width, height), numbers };
        let candidates = (0..1u32 << cells)
            .map(|set| (0..cells).map(|c| if set >> c & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 20), "the random grids miss a case: {seen:?}");
}
