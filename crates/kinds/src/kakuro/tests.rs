use multicover::Settings;

use super::home::HOME;
use crate::draw::{Fill, Ink};
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-kakuro.com (8x8) and the answer the site
/// hashes: a clue is `100 * right + down`.
const SMALL: &str = "BBB_6_5BBBBB_300b6_4BBB_1008dBB_503b407bB_300b707bBB_1000dBBBBB_400bBBBBBBBBBBB";
const SMALL_ANSWER: &str = "nnnnnnnnnnn21nnnnnn3421nnn41n13nn21n43nnn1342nnnnnn31nnnnnnnnnnn";

fn read(task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, size)
}

fn solve(task: &str, size: Option<Size>, limit: usize) -> crate::Solved<String> {
    read(task, size).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, SMALL, Size::square(8), SMALL_ANSWER);
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.cells[0].fill, Fill::Black);
    assert_eq!(drawing.cells[11].text, Some(("2".into(), Ink::Answer)));
    let clue = drawing.split_clues.iter().find(|c| c.cell == 18).unwrap();
    assert_eq!((clue.right.as_deref(), clue.down.as_deref()), (Some("10"), Some("8")));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str, size| read(task, size).unwrap_err().0;
    let row = Some(Size::new(3, 1));
    assert_eq!(err("_300bB", row), "4 cells where a 3x1 grid has 3");
    assert_eq!(err("_300W", Some(Size::new(2, 1))), "`W` at row 1, column 2 is not a cell");
    assert_eq!(
        err("_4600b", row),
        "the clue 4600 at row 1, column 1 is no pair of sums (100 * right + down, each at most 45)"
    );
    assert_eq!(
        err("_300B_1", row),
        "the clue at row 1, column 1 gives 3 for a run to the right, but no white cell is there"
    );
    assert_eq!(
        err("_2000b", row),
        "the clue at row 1, column 1 gives 20 for the 2 cells to the right, which no distinct digits make"
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
    assert_eq!(
        board.check(&SMALL_ANSWER.replacen("21", "12", 1)),
        Err("the run down from row 2, column 4 holds 1 twice".into())
    );
    assert_eq!(
        board.check(&SMALL_ANSWER.replacen("21", "11", 1)),
        Err("the run across from row 2, column 4 holds 1 twice".into())
    );
    assert_eq!(
        board.check(&SMALL_ANSWER.replacen("21", "2n", 1)),
        Err("`n` at row 2, column 5 is not a digit from 1 to 9".into())
    );
    assert_eq!(
        board.check(&SMALL_ANSWER.replacen('n', "1", 1)),
        Err("`1` at row 1, column 1 is not `n`, which black and clue cells take".into())
    );
    let across_only = read("_300b", Some(Size::new(3, 1))).unwrap();
    assert_eq!(across_only.check("n22"), Err("the run across from row 1, column 2 holds 2 twice".into()));
    assert_eq!(across_only.check("n13"), Err("the run across from row 1, column 2 adds up to 4, not 3".into()));
    assert_eq!(board.check("n"), Err("1 characters where a 8x8 grid has 64 cells".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    // Two cells adding up to 3 across: 1 2 or 2 1.
    let two = solve("_300b", Some(Size::new(3, 1)), 3);
    assert!(two.solutions.len() == 2 && two.stats.exhausted);
    let mut found = two.solutions.clone();
    found.sort();
    assert_eq!(found, ["n12", "n21"]);
    // A 2x2 block of white cells whose rows add up to 3 and 4, and whose
    // columns to 3 and 3: 7 and 6 for the same four digits.
    let none = solve("B_3_3_300b400b", None, 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
