use multicover::Settings;

use super::home::HOME;
use crate::draw::Ink;
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-dominosa.com (0 to 3, 5x4) and the answer the
/// site hashes.
const SMALL: &str = "23310113102232213000";
const SMALL_ANSWER: &str = "hnvhnhnnvvhnvnnhnnhn";

fn read(task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, size)
}

fn solve(task: &str, limit: usize) -> crate::Solved<String> {
    read(task, None).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, SMALL, Size::new(5, 4), SMALL_ANSWER);
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.cells[0].text, Some(("2".into(), Ink::Given)));
    assert!(!drawing.wall_between(0, 1) && drawing.wall_between(1, 2) && !drawing.wall_between(2, 7));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task, None).unwrap_err().0;
    assert_eq!(
        err("2331011310223221300"),
        "19 numbers make no grid of N + 1 rows of N + 2, and the page's width and height are not known"
    );
    assert_eq!(err("2331011310223221300x"), "`x` at character 20 is not a number");
    assert_eq!(err("233101131022322130[4]"), "`[4` at character 19 is no number from 10 up in brackets");
    assert_eq!(err("23310113102232213004"), "the number 4 at row 4, column 5 is above 3, the largest of a 5x4 grid");
    assert_eq!(
        HOME.read(SMALL, Some(Size::new(4, 4))).unwrap_err().0,
        "20 numbers where a 4x4 grid of the numbers 0 to 3 has 16"
    );
    for end in 0..SMALL.len() {
        if let Ok(board) = read(&SMALL[..end], None) {
            assert_eq!(board.task(), &SMALL[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(SMALL, None).unwrap();
    assert_eq!(board.check("hnvhnhnnvvhnvnnhnnnn"), Err("row 4, column 4 lies on no domino".into()));
    assert_eq!(board.check("hhvhnhnnvvhnvnnhnnhn"), Err("row 1, column 2 lies on two dominoes".into()));
    assert_eq!(board.check("hnvhnhnnvvhnvnnhnnnh"), Err("the domino from row 4, column 5 leaves the grid".into()));
    assert_eq!(board.check("hn"), Err("2 characters where a 5x4 grid has 20 cells".into()));
    // 0 to 1 on a 3x2 grid: 0 0 1 / 1 1 0 across holds 0-0, then 1 alone.
    let small = read("001110", None).unwrap();
    assert_eq!(
        small.check("vhnnhn"),
        Err("the dominoes from row 1, column 1 and from row 1, column 2 both hold 0 and 1".into())
    );
    assert_eq!(small.check("hnvhnn"), Ok(()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    // 0 to 1 on a 3x2 grid: 0 1 0 / 1 1 0 has 0-1 either way in the first
    // column or row.
    let two = solve("011010", 3);
    assert!(two.stats.exhausted, "{two:?}");
    assert_eq!(two.solutions.len(), 2, "{:?}", two.solutions);
    // 0 1 0 / 1 0 1: every tiling holds 0-1 twice.
    let none = solve("010101", 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
