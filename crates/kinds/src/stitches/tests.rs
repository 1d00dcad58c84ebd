use multicover::Settings;

use super::{Stitch, Stitches};
use crate::home::{Board, Size};

/// A real 5x5 puzzle (puzzle-stitches.com 12,010,309) and its answer.
const SMALL: &str = "4_3_3_0_2_0_3_3_4_2;1,1,1,1,1,2,2,1,1,1,3,3,3,3,1,4,5,5,3,3,4,3,3,3,3";
const SMALL_ANSWER: &str = "nnnnnnynnnnnnnnynnnnynnnnnnnnnynnnnnnynynnnnnnnnnn";

/// A real 10x10 puzzle with two stitches on every border (776,945).
const TWO_A_BORDER: &str = "8_2_4_9_6_4_4_4_5_2_2_2_2_7_6_4_6_7_5_7;1,1,1,2,2,2,2,2,2,2,1,1,1,1,1,1,2,2,2,2,1,1,1,3,3,1,1,\
1,1,1,4,1,3,3,1,1,1,3,1,1,4,4,4,3,3,3,3,3,5,5,6,6,4,4,4,4,3,3,3,5,6,6,6,6,4,4,3,3,3,5,7,7,7,6,5,5,5,5,5,5,7,7,7,6,6,6,\
6,6,5,5,8,8,8,8,8,6,6,5,5,5";

fn read(task: &str) -> Stitches {
    Stitches::read(task, None).unwrap_or_else(|e| panic!("{task}: {e}"))
}

fn error(task: &str) -> String {
    Stitches::read(task, None).expect_err(task).0
}

#[test]
fn a_real_task_reads_and_writes_back() {
    let board = read(SMALL);
    assert_eq!(board.size(), Size::square(5));
    assert_eq!(board.col_clues(), [4, 3, 3, 0, 2]);
    assert_eq!(board.row_clues(), [0, 3, 3, 4, 2]);
    assert_eq!(board.borders(), [(1, 2), (1, 3), (2, 3), (3, 4), (3, 5), (4, 5)]);
    assert_eq!(board.per_border(), 1);
    assert_eq!(board.task(), SMALL);
    let two = read(TWO_A_BORDER);
    assert_eq!(two.per_border(), 2);
    assert_eq!(two.task(), TWO_A_BORDER);
    assert_eq!(two.cells_of(Stitch::Right(9)), None, "the last column has no right neighbour");
    assert_eq!(two.cells_of(Stitch::Down(89)), Some((89, 99)));
    assert_eq!(two.cells_of(Stitch::Down(90)), None);
}

#[test]
fn the_real_puzzles_solve_to_their_answers() {
    let solved = read(SMALL).solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.is_unique());
    assert_eq!(solved.solutions, [SMALL_ANSWER]);
    assert!(read(TWO_A_BORDER).solve(Settings::default(), 2).unwrap().unwrap().is_unique());
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    assert!(error("").contains("no `;`"));
    assert!(error("1_1_1_1").contains("no `;`"));
    assert!(error("1_1_1_1;").contains("regions"));
    assert!(error("1_1_1_1;1,2,x,1").contains("`x`"));
    assert!(error("1_1_1;1,2,2,1").contains("3 clues where a 2x2 grid has 4"));
    assert!(error("1_1_1_1;1,2,2").contains("square"));
    assert!(error("1_1_1_0;1,2,1,2").contains("no number of stitches"), "1 hole is no whole stitch");
    assert!(error("2_2_2_2;1,1,1,1").contains("one region"));
    assert!(Stitches::read("0_0_0_0_0;1,2,1,2,1,2", Some(Size::new(3, 2))).is_ok());
    assert!(Stitches::read("0_0_0_0;1,2,1,2,1,2", Some(Size::new(3, 2))).unwrap_err().0.contains("4 clues"));
    assert!(Stitches::read("0_0;1", Some(Size::new(1, 1))).unwrap().per_border() == 0);
}

#[test]
fn every_prefix_of_a_real_task_reads_or_is_an_error() {
    for end in 0..=TWO_A_BORDER.len() {
        let _ = Stitches::read(&TWO_A_BORDER[..end], None);
        let _ = Stitches::read(&TWO_A_BORDER[..end], Some(Size::new(10, 10)));
        let _ = Stitches::read(&TWO_A_BORDER[..end], Some(Size::new(20, 5)));
    }
}

#[test]
fn wrong_answers_are_refused_by_the_rule_they_break() {
    let board = read(SMALL);
    assert_eq!(board.check(SMALL_ANSWER), Ok(()));
    let check = |answer: &str| board.check(answer).unwrap_err();
    // Changes one character of the answer.
    let with = |at: usize, c: char| {
        let mut answer = SMALL_ANSWER.as_bytes().to_vec();
        answer[at] = c as u8;
        String::from_utf8(answer).unwrap()
    };
    assert!(check(&SMALL_ANSWER[..25]).contains("25 characters where a 5x5 grid takes 50"));
    assert!(check(&with(30, 'x')).contains("`x` for row 2, column 1 in the second half"));
    assert!(check(&with(4, 'y')).contains("from row 1, column 5 to the right leaves the grid"));
    assert!(check(&with(45, 'y')).contains("from row 5, column 1 down leaves the grid"));
    let same = check(&with(0, 'y'));
    assert!(same.contains("stays in region 1"), "{same}");
    // A stitch down from row 3, column 2 into row 4, column 2, which the
    // stitch from its left neighbour already holes.
    let twice = check(&with(36, 'y'));
    assert!(twice.contains("row 4, column 2 holds the holes of two stitches"), "{twice}");
    // Without the stitch between regions 4 and 5.
    let border = check(&with(15, 'n'));
    assert!(border.contains("regions 4 and 5 are joined by 0 stitches") && border.contains("take 1"), "{border}");
    // One stitch down column 1, where the clue says 1 hole: a count breaks.
    let counts = Stitches::read("1_1_1_1;1,2,2,1", None).unwrap();
    assert_eq!(counts.per_border(), 1);
    let column = counts.check("nnnnynnn").unwrap_err();
    assert!(column.contains("column 1 holds 2 holes, its clue says 1"), "{column}");
}

#[test]
fn a_puzzle_with_two_answers_has_two_and_one_with_none_has_none() {
    // Regions 1 2 / 2 1: two stitches on the one border, a hole in every
    // cell: both across or both down.
    let board = read("2_2_2_2;1,2,2,1");
    assert_eq!(board.per_border(), 2);
    let two = board.solve(Settings::default(), 2).unwrap().unwrap();
    let mut answers = two.solutions.clone();
    answers.sort();
    assert_eq!(answers, ["nnnnyynn", "ynynnnnn"]);
    let all = board.solve(Settings::default(), 10).unwrap().unwrap();
    assert!(all.stats.exhausted && all.solutions.len() == 2);
    // Both holes in column 1 and in row 2: no stitch does that.
    let none = read("2_0_0_2;1,2,2,1").solve(Settings::default(), 2).unwrap().unwrap();
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

#[test]
fn the_drawing_shows_regions_holes_and_stitches() {
    use crate::draw::{Ink, Mark};
    let board = read(SMALL);
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.lines.len(), 6);
    assert!(drawing.lines.iter().all(|line| line.cells.len() == 2 && line.ink == Ink::Answer));
    assert_eq!(drawing.cells.iter().filter(|cell| cell.mark == Some(Mark::Dot)).count(), 12);
    assert!(drawing.wall_between(5, 10) && !drawing.wall_between(0, 1));
    assert_eq!(drawing.top[0].as_deref(), Some("4"));
    assert!(board.draw(None).lines.is_empty());
}
