use multicover::Settings;

use super::Kakurasu;
use crate::home::{Board, Size};
use crate::homes::home;
use crate::kind::Kind;

/// A real 4x4 puzzle of the site, and its answer.
const TASK: &str = "3/6/3/1/5/3/3/2";
const ANSWER: &str = "1001110000100100";

fn read(task: &str) -> Kakurasu {
    Kakurasu::read(task, None).unwrap_or_else(|e| panic!("{task}: {e}"))
}

#[test]
fn a_real_task_reads_writes_back_and_solves() {
    let board = home(Kind::Kakurasu).unwrap().read(TASK, None).unwrap();
    assert_eq!(board.task(), TASK);
    assert_eq!(board.size(), Size::square(4));
    board.check(ANSWER).unwrap();
    let solved = board.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.is_unique());
    assert_eq!(solved.solutions, [ANSWER]);
    let drawing = board.draw(Some(ANSWER));
    assert_eq!(drawing.bottom[1].as_deref(), Some("6"));
    assert_eq!(drawing.right[0].as_deref(), Some("5"));
    assert_eq!(drawing.top[3].as_deref(), Some("4"));
}

#[test]
fn the_columns_clues_come_first() {
    let board = read(TASK);
    assert_eq!(board.col_clues(), [3, 6, 3, 1]);
    assert_eq!(board.row_clues(), [5, 3, 3, 2]);
    // A tall grid: two columns' clues, then three rows'.
    let tall = Kakurasu::read("1/2/1/2/0", Some(Size::new(2, 3))).unwrap();
    assert_eq!((tall.col_clues(), tall.row_clues()), (&[1, 2][..], &[1, 2, 0][..]));
    tall.check("100100").unwrap();
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let error = |task: &str, size: Option<Size>| Kakurasu::read(task, size).unwrap_err().0;
    assert!(error("", None).contains("clue number 1 is ``"));
    assert!(error("3/6//1", None).contains("clue number 3 is ``"));
    assert!(error("3/6/a/1", None).contains("clue number 3 is `a`"));
    assert!(error("3/06/3/1", None).contains("`06`"));
    assert!(error("3/6/3", None).contains("3 clues"));
    assert!(error("3/6/3/1", Some(Size::new(2, 3))).contains("4 clues where a 2x3 grid has 5"));
    assert!(error("99999999999/1", None).contains("`99999999999`"));
    for end in 0..=TASK.len() {
        let _ = Kakurasu::read(&TASK[..end], None);
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(TASK);
    assert!(board.check("10").unwrap_err().contains("2 characters"));
    // The page's `n` for an unshaded cell is not what the site hashes.
    assert!(board.check(&ANSWER.replace('0', "n")).unwrap_err().contains("row 1, column 2"));
    let first_cell_off = format!("0{}", &ANSWER[1..]);
    assert_eq!(board.check(&first_cell_off).unwrap_err(), "row 1: its shaded cells' column numbers add up to 4, not 5");
    // Every row right, column 1 not.
    let rows_right = read("3/7/0/2/0/5/3/2");
    assert_eq!(
        rows_right.check("0000100111000100").unwrap_err(),
        "column 1: its shaded cells' row numbers add up to 5, not 3"
    );
}

#[test]
fn two_solutions_are_found_and_none_is_none() {
    // Every row and column 3: row 1 and 2 shaded as {3} or {1, 2}.
    let two = read("3/3/3/3/3/3");
    let solved = two.solve(Settings::default(), 2).unwrap().unwrap();
    let mut answers = solved.solutions.clone();
    answers.sort();
    assert_eq!(answers, ["001001110", "110110001"]);
    // Every column 1 shades all of row 1, which then adds up to 6.
    let none = read("1/1/1/1/1/1");
    let solved = none.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.solutions.is_empty() && solved.stats.exhausted);
}
