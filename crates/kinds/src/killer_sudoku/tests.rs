use multicover::Settings;

use super::home::{HOME, KillerSudoku, box_shape, digit_sets};
use crate::home::{real_puzzle, Board, Home, Size, TaskError};

/// Real puzzles of puzzle-killer-sudoku.com (4x4 and 9x9) and the answers
/// the site hashes.
const SMALL: &str = "p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3a8a6_4_5d7_7c";
const SMALL_ANSWER: &str = "1,2,4,3,4,3,2,1,2,1,3,4,3,4,1,2";
const LARGE: &str = "zzzc;1,2,2,3,3,4,5,5,6,1,1,7,8,4,4,9,10,6,11,7,7,8,12,13,9,10,14,11,15,7,16,12,13,17,18,14,\
                     19,15,20,16,21,22,17,18,23,19,20,20,20,21,22,24,24,23,25,25,26,26,27,27,28,28,29,30,30,31,31,32,\
                     33,34,34,29,35,35,32,32,32,33,34,34,34;18_12a4a24_8a9b14_9b10_10a11c10_9b17a16a8b13_6a4a24a10_7b\
                     10f7b6a5a16a12a7_8a15a23_5_26b12h";

/// Singleton cages pin every cell but four in rows 1 and 2, which two
/// cages of three hold: 1 and 3 swap between them (columns 1 and 3).
const TWO: &str = "p;1,1,1,2,3,3,3,4,5,6,7,8,9,10,11,12;6b4_8b2_2_1_4_3_4_3_2_1";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn solve(task: &str, limit: usize) -> crate::Solved<String> {
    read(task).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn boxes_are_as_near_square_as_the_side_allows() {
    assert_eq!(box_shape(4), Some((2, 2)));
    assert_eq!(box_shape(6), Some((2, 3)));
    assert_eq!(box_shape(8), Some((2, 4)));
    assert_eq!(box_shape(9), Some((3, 3)));
    assert_eq!(box_shape(12), Some((3, 4)));
    assert_eq!(box_shape(7), None);
    assert_eq!(box_shape(1), None);
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, SMALL, Size::square(4), SMALL_ANSWER);
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.cages.len(), 7);
    assert_eq!(drawing.cages[1].cells, [2, 3, 7]);
    assert_eq!(drawing.cages[1].clue.as_deref(), Some("8"));
    assert_eq!(drawing.cells[0].text, Some(("1".into(), crate::draw::Ink::Answer)));
    assert!(drawing.wall_between(1, 2) && drawing.wall_between(4, 8) && !drawing.wall_between(0, 5));
    assert_eq!(read(LARGE).unwrap().task(), LARGE);
    assert!(solve(LARGE, 2).is_unique());
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("p;1,1"), "2 parts where a killer sudoku has three (givens, cages and sums) joined by `;`");
    assert_eq!(err("i;1,1,1;3"), "a 3x3 grid, which has no boxes");
    assert_eq!(err("y;1;2"), "a 5x5 grid, which has no boxes");
    assert_eq!(err("p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6;3a8a6_4_5d7_7c"), "15 cage ids where a 4x4 grid has 16 cells");
    assert_eq!(
        err("p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3a8a6_4_5d7_7b"),
        "the sums span 15 cells where a 4x4 grid has 16"
    );
    assert_eq!(
        err("p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3_1_8a6_4_5d7_7c"),
        "the sum 1 at row 1, column 2 is not at its cage's first cell (row 1, column 1)"
    );
    assert_eq!(err("p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3c6_4_5d7_7c"), "the cage at row 1, column 3 has no sum");
    assert_eq!(err("p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3a8a6_4_5d7Wc"), "`W` at row 4, column 1 is not a sum");
    assert_eq!(
        err("5o;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3a8a6_4_5d7_7c"),
        "the given 5 at row 1, column 1 is not from 1 to 4"
    );
    assert_eq!(err("p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3a8a6_4_5d7_7c!"), "the sums: `!` at character 15 is not a cell");
    for task in [SMALL, LARGE] {
        for end in 0..task.len() {
            assert!(read(&task[..end]).is_err(), "{}", &task[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(SMALL).unwrap();
    // Columns 1 and 2 swapped: a Latin square still, boxes kept, cages not.
    let swapped = "2,1,4,3,3,4,2,1,1,2,3,4,4,3,1,2";
    assert_eq!(board.check(swapped), Err("the cage at row 2, column 1 adds up to 4, not 6".into()));
    // Columns 1 and 3 swapped: the boxes break first.
    assert_eq!(
        board.check("4,2,1,3,2,3,4,1,3,1,2,4,1,4,3,2"),
        Err("box 1 (from row 1, column 1) holds 2 twice".into())
    );
    assert_eq!(board.check("1,2,4,3,4,3,2,1,2,1,3,4,3,4,1"), Err("15 numbers where a 4x4 grid has 16 cells".into()));
    // A cage on a row of a 4x4 grid holding 1 + 1 + 2 = 4.
    let repeated = read("p;1,1,1,2,3,4,5,6,7,8,9,10,11,12,13,14;4b4_4_3_1_2_2_4_3_1_3_2_4_3").unwrap();
    assert_eq!(repeated.check("1,1,2,4,4,3,1,2,2,4,3,1,3,2,4,3"), Err("row 1 holds 1 twice".into()));
}

#[test]
fn a_cage_holding_a_digit_twice_is_refused() {
    // A cage across two rows may repeat a digit without breaking a row,
    // column or box: cells (1,1), (1,2), (2,3) with 1, 2 and 1 make 4.
    let board = read("p;1,1,2,2,3,3,1,4,5,6,7,8,9,10,11,12;4a7a7b2_2_1_4_3_4_3_2_1").unwrap();
    assert_eq!(board.check("1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1"), Err("the cage at row 1, column 1 holds 1 twice".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    let two = solve(TWO, 2);
    assert_eq!(two.solutions.len(), 2);
    // The limit stopped that search; one allowed a third proves there are two.
    let all = solve(TWO, 3);
    assert!(all.solutions.len() == 2 && all.stats.exhausted);
    let mut found = two.solutions.clone();
    found.sort();
    assert_eq!(found, ["1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1", "3,2,1,4,1,4,3,2,2,1,4,3,4,3,2,1"]);
    // The first cage's three cells hold 1, 2 and 3 whatever, never 7.
    let none = solve(&TWO.replacen("6b4", "7b4", 1), 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

#[test]
fn cages_said_by_their_sums_solve_alike() {
    // No cage lists its sets: every one is said by its sum's weights.
    for (task, answers) in [(SMALL, 1), (LARGE, 1), (TWO, 2), ("p;1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4;10c10c10c10c", 288)] {
        let board = KillerSudoku::read(task, None).unwrap();
        let listed = board.solve(Settings::default(), 1000).unwrap().unwrap();
        let summed = board.solve_listing(Settings::default(), 1000, 0).unwrap().unwrap();
        assert_eq!(listed.solutions.len(), answers, "{task}");
        assert!(listed.stats.exhausted && summed.stats.exhausted, "{task}");
        let (mut listed, mut summed) = (listed.solutions, summed.solutions);
        listed.sort();
        summed.sort();
        assert_eq!(listed, summed, "{task}");
    }
}

#[test]
fn digit_sets_are_every_set_that_makes_the_sum() {
    let bits = |digits: &[usize]| digits.iter().fold(0u128, |set, &d| set | 1 << d);
    assert_eq!(digit_sets(2, 4, 4, 10), Some(vec![bits(&[1, 3])]));
    assert_eq!(digit_sets(3, 15, 9, 10).map(|sets| sets.len()), Some(8));
    assert_eq!(digit_sets(9, 45, 9, 10), Some(vec![bits(&[1, 2, 3, 4, 5, 6, 7, 8, 9])]));
    assert_eq!(digit_sets(2, 18, 9, 10), Some(vec![]));
    assert_eq!(digit_sets(10, 55, 9, 10), Some(vec![]));
    assert_eq!(digit_sets(4, 20, 9, 5), None);
    assert_eq!(digit_sets(0, 0, 9, 10), Some(vec![0]));
}
