use multicover::Settings;

use super::home::HOME;
use super::line::{BLACK, Line, UNKNOWN, WHITE};
use crate::draw::Fill;
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-nonograms.com (5x5) and the answer the site
/// hashes: the columns' clues come first.
const SMALL: &str = "3.1/1.3/1/3/1/2/1/2.2/1.1/4";
const SMALL_ANSWER: &str = "yynnnynnnnyynyynynynyyyyn";

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
    assert_eq!(drawing.top[0].as_deref(), Some("3 1"));
    assert_eq!(drawing.left[2].as_deref(), Some("2 2"));
    assert_eq!(drawing.cells[0].fill, Fill::Shaded);
    assert_eq!(drawing.cells[2].fill, Fill::Blank);
}

#[test]
fn a_line_alone_settles_what_every_placement_agrees_on() {
    // 3 in 4 cells: the middle two are black whatever.
    let open = [UNKNOWN; 4];
    let line = Line::new(&[3], &open);
    assert_eq!(line.possible(), [BLACK | WHITE, BLACK, BLACK, BLACK | WHITE]);
    assert_eq!(line.placements(), [vec![0], vec![1]]);
    // 1.1 in 4 cells with the second known white: 1 at the first, the
    // other at the third or fourth.
    let known = [UNKNOWN, WHITE, UNKNOWN, UNKNOWN];
    let line = Line::new(&[1, 1], &known);
    assert_eq!(line.possible(), [BLACK, WHITE, BLACK | WHITE, BLACK | WHITE]);
    assert_eq!(line.placements(), [vec![0, 2], vec![0, 3]]);
    // 2.2 cannot fit in 4 cells.
    assert!(!Line::new(&[2, 2], &open).fits());
    assert!(Line::new(&[], &open).placements() == [Vec::<usize>::new()]);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str, size| read(task, size).unwrap_err().0;
    assert_eq!(
        err("3.1/1.3/1/3/1/2/1/2.2/1.1", None),
        "9 clues cannot be one a column and one a row of a square grid, and the page's width and height are not known"
    );
    assert_eq!(
        err("3.1/1.3/1/3/1/2/1/2.2/1.1/4", Some(Size::new(4, 5))),
        "10 clues where a 4x5 grid has 9 (one a column, then one a row)"
    );
    assert_eq!(err("3.x/1.3/1/3/1/2/1/2.2/1.1/4", None), "column 1's clue `3.x`: `x` is not a number");
    assert_eq!(err("3.1/1.3/1/3/1/2/1/2.2/1.1/+4", None), "row 5's clue `+4`: `+4` is not a number");
    assert_eq!(err("3.1/1.3/1/3/1/2/1/2.0/1.1/4", None), "row 3's clue `2.0` holds a run of no cells");
    assert_eq!(err("3.2/1.3/1/3/1/2/1/2.2/1.1/4", None), "column 1's clue `3.2` takes 6 cells, more than its 5");
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
    assert_eq!(board.check("nynnnynnnnyynyynynynyyyyn"), Err("column 1 reads 2.1, its clue says 3.1".into()));
    assert_eq!(board.check("yynnnynnnnyynyynynynyyyyy"), Err("column 5 reads 1.1, its clue says 1".into()));
    assert_eq!(board.check("yy"), Err("2 characters where a 5x5 grid has 25 cells".into()));
    let empty = read("0/0/0/0", None).unwrap();
    assert_eq!(empty.task(), "0/0/0/0");
    assert_eq!(empty.check("nnnn"), Ok(()));
    assert_eq!(empty.check("nnny"), Err("column 2 reads 1, its clue says 0".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    // A 1 in every line of a 2x2 grid: either diagonal.
    let two = solve("1/1/1/1", None, 3);
    assert!(two.solutions.len() == 2 && two.stats.exhausted);
    let mut found = two.solutions.clone();
    found.sort();
    assert_eq!(found, ["nyyn", "ynny"]);
    // The first row wants both cells, the second column none.
    let none = solve("2/0/2/0", None, 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
    // A 3x2 grid, wider than tall: the columns' three clues come first.
    assert_eq!(solve("1/2/1/3/1", Some(Size::new(3, 2)), 2).solutions, ["yyynyn"]);
}
