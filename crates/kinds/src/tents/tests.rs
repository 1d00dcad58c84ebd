use multicover::Settings;

use super::home::HOME;
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-tents.com and the answer the site hashes.
const REAL: &str = "_c_ndg_a,2,0,2,1,0,2,1,2,1,0,1,2";
const REAL_ANSWER: &str = "nnnynnynnnnynnynnnnnnnnnynnnnnnnynny";

/// Trees at row 1, column 2 and at the centre of a 3x3 grid: their tents
/// go at (1,3) and (2,1), or at (1,1) and (2,3).
const TWO: &str = "abd,1,0,1,1,1,0";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn solve(task: &str, limit: usize) -> crate::Solved<String> {
    read(task).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(6), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[0].mark, Some(crate::draw::Mark::Tree));
    assert_eq!(drawing.cells[3].mark, Some(crate::draw::Mark::Tent));
    // Trees are the puzzle's, tents the answer's.
    assert!(drawing.cells[0].given_mark && !drawing.cells[3].given_mark);
    assert_eq!(drawing.top.len(), 6);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("abd"), "no `,` between the trees and the clues");
    assert_eq!(err("aBd,1,0,1,1,1,0"), "`B` at character 2 is not a gap between trees (`_` or `a` to `z`)");
    assert_eq!(err("abd,1,0,1,1,1"), "5 clues where a 3x3 grid has 6 (one a column, then one a row)");
    assert_eq!(err("abc,1,0,1,1,1,0"), "8 cells make no square grid, and the page's width and height are not known");
    assert!(err("abd,1,x,1,1,1,0").contains("`x`"));
    assert_eq!(HOME.read("abc,1,0,1,1,1,0", Some(Size::new(4, 2))).unwrap().task(), "abc,1,0,1,1,1,0");
    for end in 0..REAL.len() {
        assert!(read(&REAL[..end]).is_err(), "{}", &REAL[..end]);
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check(&"n".repeat(36)), Err("row 1 holds 0 tents, its clue says 1".into()));
    let on_tree = format!("y{}", &REAL_ANSWER[1..]);
    assert_eq!(board.check(&on_tree), Err("row 1, column 1 holds a tree, and a tent cannot go on it".into()));
    let small = read(TWO).unwrap();
    assert_eq!(small.check("nnnnnynny"), Err("the tents at row 2, column 3 and row 3, column 3 touch".into()));
    // Both tents next to the centre tree only: the top tree has none.
    let lonely = read("abd,1,0,1,0,2,0").unwrap();
    assert_eq!(lonely.check("nnnynynnn"), Err("the tree at row 1, column 2 has no tent next to it".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    let two = solve(TWO, 2);
    let mut found = two.solutions.clone();
    found.sort();
    assert_eq!(found, ["nnyynnnnn", "ynnnnynnn"]);
    let all = solve(TWO, 3);
    assert!(all.solutions.len() == 2 && all.stats.exhausted);
    // Two trees cannot give a row two tents and another one more.
    let none = solve("abd,1,0,2,2,1,0", 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
