use multicover::Settings;

use super::home::HOME;
use crate::draw::Ink;
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-shikaku.com (5x5) and the answer the site
/// hashes: the cuts right of cells, row by row, then the cuts below them.
const SMALL: &str = "a2a2a3_2_4i4a3_5d";
const SMALL_ANSWER: &str = "ynynyynyyynynnnynnnnnyyyynnnnnyyyynyyyyy";

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
    assert!(drawing.wall_between(0, 1) && !drawing.wall_between(1, 2));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str, size| read(task, size).unwrap_err().0;
    assert_eq!(
        err("a2a2a3_2_4i4a3_5c", None),
        "24 cells make no square grid, and the page's width and height are not known"
    );
    assert_eq!(err("a2a2a3_2_4i4a3_26d", None), "the number 26 at row 5, column 1 is no area in a 5x5 grid");
    assert_eq!(err("a2a2a3_2_4i4a3_0d", None), "the number 0 at row 5, column 1 is no area in a 5x5 grid");
    assert_eq!(err("a2a2a3_2_4i4a3_Bd", None), "`B` at row 5, column 1 is not a number");
    for end in 0..SMALL.len() {
        if let Ok(board) = read(&SMALL[..end], None) {
            assert_eq!(board.task(), &SMALL[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    // A 2x2 grid with a 2 at each end of the top row.
    let board = read("2_2b", None).unwrap();
    assert_eq!(board.check("ynnn"), Err("the cut right of row 1, column 1 lies inside one piece".into()));
    assert_eq!(
        board.check("nnyy"),
        Err("the rectangle from row 1, column 1 holds two numbers, at row 1, column 1 and row 1, column 2".into())
    );
    assert_eq!(
        board.check("yyny"),
        Err("the rectangle from row 1, column 2 has 1 cell where its number at row 1, column 2 says 2".into())
    );
    assert_eq!(board.check("yynn"), Ok(()));
    assert_eq!(board.check("yy"), Err("2 characters where a 2x2 grid has 4 borders between cells".into()));
    let three = read("3c", Some(Size::new(2, 2))).unwrap();
    assert_eq!(
        three.check("nnnn"),
        Err("the rectangle from row 1, column 1 has 4 cells where its number at row 1, column 1 says 3".into())
    );
    assert_eq!(three.check("nyyn"), Err("the piece from row 1, column 1 is no rectangle".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    // A 2 in two corners of a 2x2: both across, or both down.
    let two = solve("2b2", None, 3);
    assert!(two.solutions.len() == 2 && two.stats.exhausted);
    // A 3 in a 2x2 grid leaves a cell no number holds.
    let none = solve("3c", None, 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
