use multicover::Settings;

use super::home::HOME;
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// Real puzzles of puzzle-jigsaw-sudoku.com (5x5 and 9x9) and the answers
/// the site hashes.
const SMALL: &str = "f1a5a5_3a1_2a4a3f;1,2,2,2,2,1,1,1,1,2,3,3,3,4,4,3,5,5,5,4,3,5,5,4,4";
const SMALL_ANSWER: &str = "4,5,3,2,1,3,1,2,5,4,5,3,4,1,2,2,4,1,3,5,1,2,5,4,3";
const LARGE: &str = "b4h3a8c6b5a7g1_3c7_3a9c2a4_7c1_9g6a8b5c9a7h1b;1,2,2,2,2,2,3,3,3,1,2,2,4,5,3,3,3,3,1,1,2,\
                     4,5,6,6,3,3,1,4,2,4,5,5,6,6,6,1,4,4,4,5,6,6,7,7,1,8,4,4,5,5,6,6,7,1,8,8,8,5,5,7,7,7,1,8,8,\
                     9,9,9,9,7,7,8,8,8,9,9,9,9,9,7";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn solve(task: &str, limit: usize) -> crate::Solved<String> {
    read(task).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, SMALL, Size::square(5), SMALL_ANSWER);
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.cells[5].text, Some(("3".into(), crate::draw::Ink::Answer)));
    assert_eq!(drawing.cells[6].text, Some(("1".into(), crate::draw::Ink::Given)));
    assert!(drawing.wall_between(0, 1) && !drawing.wall_between(0, 5));
    assert_eq!(read(LARGE).unwrap().task(), LARGE);
    assert!(solve(LARGE, 2).is_unique());
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("f1a5a5_3a1_2a4a3f"), "no `;` between the givens and the regions");
    assert_eq!(err("d;1,1,2"), "3 region ids where a 2x2 grid has 4 cells");
    assert_eq!(err("c;1,1,2,2"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(err("d;1,x,2,2"), "region ids: `x` (number 2) is not a number");
    assert_eq!(err("d;1,1,1,2"), "region 1 (from row 1, column 1) has 3 cells where it needs 2");
    assert_eq!(err("d;1,2,3,4"), "4 regions where a 2x2 grid has 2");
    assert_eq!(err("3c;1,1,2,2"), "the given 3 at row 1, column 1 is not from 1 to 2");
    assert_eq!(err("aBb;1,1,2,2"), "`B` at row 1, column 2 is not a given digit");
    assert_eq!(err("a!b;1,1,2,2"), "the givens: `!` at character 2 is not a cell");
    assert_eq!(
        HOME.read("h;1,1,2,2,1,1,2,2", Some(Size::new(4, 2))).unwrap_err().0,
        "a 4x2 grid where a jigsaw sudoku is square"
    );
    for task in [SMALL, LARGE] {
        for end in 0..task.len() {
            assert!(read(&task[..end]).is_err(), "{}", &task[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(SMALL).unwrap();
    // Rows 1 and 2 swapped: rows and columns hold, givens and regions not.
    let swapped = "3,1,2,5,4,4,5,3,2,1,5,3,4,1,2,2,4,1,3,5,1,2,5,4,3";
    assert_eq!(board.check(swapped), Err("row 2, column 2 was given as 1 but holds 5".into()));
    // Regions that are the rows.
    let rows = read("d;1,1,2,2").unwrap();
    assert_eq!(rows.check("1,2,1,2"), Err("column 1 holds 1 twice".into()));
    assert_eq!(rows.check("1,2,2,2"), Err("row 2 holds 2 twice".into()));
    // Regions that are the diagonals.
    let regions = read("d;1,2,2,1").unwrap();
    assert_eq!(regions.check("1,2,2,1"), Err("region 2 (from row 1, column 2) holds 2 twice".into()));
    assert_eq!(board.check("1,2"), Err("2 numbers where a 5x5 grid has 25 cells".into()));
    assert_eq!(
        board.check(&SMALL_ANSWER.replacen('4', "6", 1)),
        Err("`6` at row 1, column 1 is not a digit from 1 to 5".into())
    );
}

#[test]
fn two_solutions_and_none_are_found_so() {
    let two = solve("d;1,1,2,2", 2);
    assert_eq!(two.solutions.len(), 2);
    // The limit stopped that search; one allowed a third proves there are two.
    let all = solve("d;1,1,2,2", 3);
    assert!(all.solutions.len() == 2 && all.stats.exhausted);
    let mut found = two.solutions.clone();
    found.sort();
    assert_eq!(found, ["1,2,2,1", "2,1,1,2"]);
    // Two 1s in the first column.
    let none = solve("1a1a;1,1,2,2", 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}
