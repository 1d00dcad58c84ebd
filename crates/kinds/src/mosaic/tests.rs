use multicover::Settings;

use super::home::HOME;
use crate::draw::{Fill, Ink};
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-minesweeper.com's mosaic (5x5) and the answer
/// the site hashes.
const SMALL: &str = "3a2e5b5666f123a";
const SMALL_ANSWER: &str = "ynnnyyynyyyynyynynyynnnny";

fn read(task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, size)
}

fn solve(task: &str, size: Option<Size>, limit: usize) -> crate::Solved<String> {
    read(task, size).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, SMALL, Size::square(5), SMALL_ANSWER);
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.cells[0].text, Some(("3".into(), Ink::Given)));
    assert_eq!(drawing.cells[0].fill, Fill::Shaded);
    assert_eq!(drawing.cells[1].fill, Fill::Blank);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str, size| read(task, size).unwrap_err().0;
    assert_eq!(
        err("3a2e5b5666f12a", None),
        "24 cells make no square grid, and the page's width and height are not known"
    );
    assert_eq!(err("3a2e5b5666f123W", None), "`W` at row 5, column 5 is not a clue");
    assert_eq!(err("5c", None), "the clue 5 at row 1, column 1 counts more black cells than the 4 cells it sees");
    // A cut task reads as an error, or as the smaller board it spells.
    for end in 0..SMALL.len() {
        if let Ok(board) = read(&SMALL[..end], None) {
            assert_eq!(board.task(), &SMALL[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(SMALL, None).unwrap();
    assert_eq!(
        board.check("nnnnyyynyyyynyynynyynnnny"),
        Err("the clue 3 at row 1, column 1 sees 2 black cells".into())
    );
    assert_eq!(board.check("yn"), Err("2 characters where a 5x5 grid has 25 cells".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    // One black cell of two, either.
    let two = solve("1a", Some(Size::new(2, 1)), 3);
    assert!(two.solutions.len() == 2 && two.stats.exhausted);
    // Both cells black for the 2, neither for the 0.
    let none = solve("20", Some(Size::new(2, 1)), 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
