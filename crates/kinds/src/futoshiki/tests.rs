use multicover::Settings;

use super::home::HOME;
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-futoshiki.com (4x4) and the answer the site
/// hashes.
const SMALL: &str = "2,0,0,0L,0D,0,0,0,0,1,0,0D,0,0,0,0,";
const SMALL_ANSWER: &str = "2413423131241342";

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
    assert_eq!(drawing.cells[0].text, Some(("2".into(), crate::draw::Ink::Given)));
    assert_eq!(drawing.cells[1].text, Some(("4".into(), crate::draw::Ink::Answer)));
    // `0L` at row 1, column 4: it is greater than the cell on its left.
    let sign = &drawing.between[0];
    assert_eq!((sign.a, sign.b, sign.sign.as_str()), (2, 3, "<"));
    let sign = &drawing.between[1];
    assert_eq!((sign.a, sign.b, sign.sign.as_str()), (4, 8, ">"));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("0,0,0,0"), "the cells do not end with a comma");
    assert_eq!(err("0,0,0,"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(err("3,0,0,0,"), "`3` at row 1, column 1 does not start with a digit from 0 to 2");
    assert_eq!(err("0,,0,0,"), "`` at row 1, column 2 does not start with a digit from 0 to 2");
    assert_eq!(err("0X,0,0,0,"), "`X` at row 1, column 1 is not a side (U, R, D or L)");
    assert_eq!(err("0U,0,0,0,"), "a sign above row 1, column 1, on the grid's edge");
    assert_eq!(err("0RR,0,0,0,"), "`R` twice at row 1, column 1");
    assert!(HOME.read("0,0,0,0,", Some(Size::new(4, 1))).is_err());
    for end in 0..SMALL.len() {
        let _ = read(&SMALL[..end]);
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read("0R,0,0,0,").unwrap();
    assert_eq!(board.check("2112"), Ok(()));
    assert_eq!(board.check("1221"), Err("row 1, column 1 holds 1, not more than the 2 right of it".into()));
    assert_eq!(board.check("2211"), Err("row 1 holds 2 twice".into()));
    assert_eq!(board.check("21"), Err("2 characters where a 2x2 grid has 4 cells".into()));
    assert_eq!(board.check("2113"), Err("`3` at row 2, column 2 is not a digit from 1 to 2".into()));
    let small = read(SMALL).unwrap();
    assert_eq!(
        small.check(&SMALL_ANSWER.replacen('2', "1", 1)),
        Err("row 1, column 1 was given as 2 but holds 1".into())
    );
}

#[test]
fn two_solutions_and_none_are_found_so() {
    let two = solve("0,0,0,0,", 3);
    assert!(two.solutions.len() == 2 && two.stats.exhausted);
    assert_eq!(solve("0,0,0,0,", 2).solutions.len(), 2);
    // Each of two cells greater than the other.
    let none = solve("0R,0L,0,0,", 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
