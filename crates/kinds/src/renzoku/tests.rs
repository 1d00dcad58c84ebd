use multicover::Settings;

use super::home::HOME;
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-futoshiki.com's renzoku (4x4) and the answer the
/// site hashes.
const SMALL: &str = "0D,0D,0D,2D,0U,0UR,0UDL,0U,0D,0D,0URD,0DL,0UR,0UL,0U,0U,";
const SMALL_ANSWER: &str = "3142423114232314";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn solve(task: &str, limit: usize) -> crate::Solved<String> {
    read(task).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, SMALL, Size::square(4), SMALL_ANSWER);
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.cells[3].text, Some(("2".into(), crate::draw::Ink::Given)));
    assert_eq!(drawing.cells[0].text, Some(("3".into(), crate::draw::Ink::Answer)));
    // A dot a pair, once each, however many cells write it.
    assert_eq!(drawing.between.len(), SMALL.matches(['U', 'R', 'D', 'L']).count() / 2);
    assert_eq!((drawing.between[0].a, drawing.between[0].b), (0, 4));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("0R,0,0,0,"), "a dot right of row 1, column 1 is not written on row 1, column 2 too");
    assert_eq!(err("0,0,0,0"), "the cells do not end with a comma");
    assert_eq!(err("0L,0,0,0,"), "a sign left of row 1, column 1, on the grid's edge");
    assert_eq!(err("0,0,0,0,0,"), "5 cells make no square grid, and the page's width and height are not known");
    for end in 0..SMALL.len() {
        let _ = read(&SMALL[..end]);
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    // No dots: no two side-by-side digits may be consecutive.
    let board = read("0,0,0,0,").unwrap();
    assert_eq!(
        board.check("1221"),
        Err("row 1, column 1 holds 1 and row 1, column 2 holds 2: consecutive but no dot joins them".into())
    );
    let dotted = read("0R,0L,0,0,0,0,0,0,0,").unwrap();
    assert_eq!(
        dotted.check("132213321"),
        Err("row 1, column 1 holds 1 and row 1, column 2 holds 3: not consecutive but a dot joins them".into())
    );
    assert_eq!(dotted.check("112213321"), Err("row 1 holds 1 twice".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    // In a 2x2 square every two side-by-side digits are 1 and 2.
    let dots = "0RD,0DL,0UR,0UL,";
    let two = solve(dots, 3);
    assert!(two.solutions.len() == 2 && two.stats.exhausted);
    assert_eq!(solve(dots, 2).solutions.len(), 2);
    let none = solve("0,0,0,0,", 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
