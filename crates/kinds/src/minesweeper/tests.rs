use multicover::Settings;

use super::home::HOME;
use crate::draw::{Ink, Mark};
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-minesweeper.com (5x5) and the answer the site
/// hashes.
const SMALL: &str = "a2b0g43a1c2a1211";
const SMALL_ANSWER: &str = "nnnnnnyynnnnnnynynynnnnnn";

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
    assert_eq!(drawing.cells[1].text, Some(("2".into(), Ink::Given)));
    assert_eq!(drawing.cells[6].mark, Some(Mark::Mine));
    assert_eq!(drawing.cells[0].mark, None);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str, size| read(task, size).unwrap_err().0;
    assert_eq!(
        err("a2b0g43a1c2a121", None),
        "24 cells make no square grid, and the page's width and height are not known"
    );
    assert_eq!(err("a2b0g43a1c2a12!1", None), "`!` at character 15 is not a cell");
    assert_eq!(err("a2b0g43a1c2a12B1", None), "`B` at row 5, column 4 is not a clue");
    assert_eq!(
        err("a9b0g43a1c2a1211", None),
        "the clue 9 at row 1, column 2 counts more mines than the 5 cells it sees"
    );
    // A clue's neighbours that are clues hold no mine.
    assert_eq!(
        err("4c", Some(Size::new(2, 2))),
        "the clue 4 at row 1, column 1 counts more mines than the 3 cells it sees"
    );
    assert_eq!(
        err("21", Some(Size::new(2, 1))),
        "the clue 2 at row 1, column 1 counts more mines than the 0 cells it sees"
    );
    assert_eq!(err("d", Some(Size::new(3, 3))), "4 cells where a 3x3 grid has 9");
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
        board.check("nynnnnyynnnnnnynynynnnnnn"),
        Err("row 1, column 2 holds the clue 2, so it is no mine".into())
    );
    assert_eq!(board.check("nnnnnnynnnnnnnynynynnnnnn"), Err("the clue 2 at row 1, column 2 sees 1 mine".into()));
    assert_eq!(board.check("nnnnnnyyynnnnnynynynnnnnn"), Err("the clue 0 at row 1, column 5 sees 1 mine".into()));
    assert_eq!(board.check("nnn"), Err("3 characters where a 5x5 grid has 25 cells".into()));
    assert!(board.check(&SMALL_ANSWER.replacen('n', "x", 1)).unwrap_err().contains("row 1, column 1"));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    // One mine beside a 1, on either side of it.
    let row = Some(Size::new(3, 1));
    let two = solve("a1a", row, 3);
    assert!(two.solutions.len() == 2 && two.stats.exhausted);
    let mut found = two.solutions.clone();
    found.sort();
    assert_eq!(found, ["nny", "ynn"]);
    // The 1 needs the middle cell a mine, the 0 beside it needs it clear.
    let none = solve("1a0", row, 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
