use multicover::Settings;

use super::{Thermometers, Written};
use crate::home::{Board, Size};

/// A real 4x4 puzzle (puzzle-thermometers.com 3,438,771) and its answer.
const SMALL: &str = "2_1_2_2_2_3_1_1;2,3;3,2;2,3;1,3;4,2;2,3";
const SMALL_ANSWER: &str = "nnyyyyynynnnnnny";

/// A real 15x15 puzzle of curved thermometers (1,620,433).
const CURVED: &str = "12_9_9_3_6_12_11_5_5_10_2_9_4_8_7_8_6_6_5_6_8_7_6_7_9_8_9_8_9_10;5,7,6,5,4,3,2,1,0,15,16,17,18,\
19,20,21,22,23,24;5,100,85,70,55,40,25,10,9,8;4,2;5,13,12,27,28;3,2;3,3;5,76,61,46,31,32;5,35,34,33,48,47;5,159,144,\
129,114,99,84,69,54,39,38,37,36,51,66,81;3,2;5,42,43,58,73,88,103,118;4,11;2,2;5,52,53,68;3,5;5,138,139,124,123,108,\
93,78,63,62;5,79,64,65,80,95,110,125,140,155,170,185,186,171,156;5,67,82,97,112,127,142,157,172,187,188,173,158,143,\
128,113,98,83;3,2;5,75,90,105,120,135,150,165,180,195,210,211,196,181,166,151,136;4,5;4,3;4,2;4,4;5,101,116,131,146,\
161,176,177,162,147,132,133;5,174,189,190,175,160,145,130,115;5,192,191,206,207,208,193,178,163,148;5,152,167,182,\
183,198;3,2;5,154,169,184,199,214,215;5,197,212,213;1,6;4,2;2,8";

fn read(task: &str) -> Thermometers {
    Thermometers::read(task, None).unwrap_or_else(|e| panic!("{task}: {e}"))
}

fn error(task: &str) -> String {
    Thermometers::read(task, None).expect_err(task).0
}

#[test]
fn straight_thermometers_start_at_the_first_free_cell_and_point_from_the_bulb() {
    let board = read(SMALL);
    assert_eq!(board.size(), Size::square(4));
    assert_eq!(board.col_clues(), [2, 1, 2, 2]);
    assert_eq!(board.row_clues(), [2, 3, 1, 1]);
    let cells: Vec<&[usize]> = board.thermometers().iter().map(|t| &t.cells[..]).collect();
    assert_eq!(cells, [&[2, 1, 0][..], &[3, 7], &[6, 5, 4], &[8, 9, 10], &[15, 11], &[14, 13, 12]]);
    assert_eq!(board.thermometers()[1].written, Written::Straight(3));
    assert_eq!(board.task(), SMALL);
    let curved = read(CURVED);
    assert_eq!(curved.size(), Size::square(15));
    // After two curved ones, the first free cell is 11: `4,2` runs down
    // from it, its bulb at the bottom.
    assert_eq!(curved.thermometers()[2].cells, [26, 11]);
    assert_eq!(curved.task(), CURVED);
}

#[test]
fn the_real_puzzles_solve_to_their_answers() {
    let solved = read(SMALL).solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.is_unique());
    assert_eq!(solved.solutions, [SMALL_ANSWER]);
    assert!(read(CURVED).solve(Settings::default(), 2).unwrap().unwrap().is_unique());
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    assert!(error("").contains("clues"));
    assert!(error("1_2_3;1,1").contains("3 clues"));
    assert!(error("1_1_1_1_1;1,1").contains("square"));
    assert!(error("1_1_x_1;1,2").contains("`x`"));
    assert!(error("1_1_1_1;6,2").contains("`6` is no shape"));
    assert!(error("1_1_1_1;1,2,3").contains("straight thermometer"));
    assert!(error("1_1_1_1;1,0").contains("no cells"));
    assert!(error("1_1_1_1;5").contains("no cells"));
    assert!(error("1_1_1_1;1,3").contains("run off the grid"));
    assert!(error("1_1_1_1;3,3").contains("run off the grid"));
    assert!(error("1_1_1_1;5,0,3").contains("not neighbours"));
    assert!(error("1_1_1_1;5,1,2").contains("not neighbours"), "cells 1 and 2 of a 2x2 grid are in two rows");
    assert!(error("1_1_1_1;5,0,4").contains("outside"));
    assert!(error("1_1_1_1;5,0,1,0").contains("twice"));
    assert!(error("1_1_1_1;5,1,3;5,3,2").contains("thermometer 2"));
    assert!(error("1_1_1_1;1,2;1,2;1,1").contains("every cell"));
    assert!(error("1_1_1_1;1,2;1,2;,").contains("thermometer 3"));
    assert!(
        Thermometers::read("1_1_1_1_1_1;1,3", Some(Size::new(4, 3)))
            .unwrap_err()
            .0
            .contains("6 clues where a 4x3 grid has 7")
    );
    assert!(Thermometers::read("1_1_1_1_1;1,3;1,3", Some(Size::new(3, 2))).is_ok());
}

#[test]
fn every_prefix_of_a_real_task_reads_or_is_an_error() {
    for end in 0..=CURVED.len() {
        let _ = Thermometers::read(&CURVED[..end], None);
        let _ = Thermometers::read(&CURVED[..end], Some(Size::new(15, 15)));
        let _ = Thermometers::read(&CURVED[..end], Some(Size::new(1, 29)));
    }
}

#[test]
fn wrong_answers_are_refused_by_the_rule_they_break() {
    let board = read(SMALL);
    assert_eq!(board.check(SMALL_ANSWER), Ok(()));
    let check = |answer: &str| board.check(answer).unwrap_err();
    assert!(check("nny").contains("3 characters"));
    assert!(check("nnyyyyynynnnnnnx").contains("row 4, column 4"));
    // The first thermometer (bulb on the right of row 1) filled past a gap.
    let gap = check("ynyyyyynynnnnnny");
    assert!(gap.contains("thermometer 1") && gap.contains("not filled from its bulb"), "{gap}");
    assert!(gap.contains("row 1, column 1") && gap.contains("row 1, column 2"), "{gap}");
    // One cell less in the bottom thermometer's bulb: a count breaks.
    let count = check("nnyyyyynynnnnnnn");
    assert!(count.contains("row 4 holds 0 mercury cells, its clue says 1"), "{count}");
    let outside = Thermometers::read("1_0_1_0;1,1", None).unwrap().check("nnyn").unwrap_err();
    assert!(outside.contains("row 2, column 1 holds mercury but is in no thermometer"), "{outside}");
}

#[test]
fn a_puzzle_with_two_answers_has_two_and_one_with_none_has_none() {
    // Four one-cell thermometers, one mercury cell a row and a column.
    let two = read("1_1_1_1;1,1;1,1;1,1;1,1").solve(Settings::default(), 2).unwrap().unwrap();
    assert_eq!(two.solutions.len(), 2);
    let mut answers = two.solutions.clone();
    answers.sort();
    assert_eq!(answers, ["nyyn", "ynny"]);
    let all = read("1_1_1_1;1,1;1,1;1,1;1,1").solve(Settings::default(), 10).unwrap().unwrap();
    assert!(all.stats.exhausted && all.solutions.len() == 2);
    // Both bulbs are in column 1, whose clue says 1.
    let none = read("1_1_1_1;1,2;1,2").solve(Settings::default(), 2).unwrap().unwrap();
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

#[test]
fn the_drawing_shows_bulbs_lines_and_mercury() {
    use crate::draw::Fill;
    let board = read(SMALL);
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.lines.len(), 6);
    assert_eq!(drawing.lines[0].cells, [2, 1, 0]);
    assert!(drawing.bulbs.contains(&2), "{:?}", drawing.bulbs);
    assert_eq!(drawing.bulbs.len(), drawing.lines.len(), "a bulb a thermometer");
    assert_eq!(drawing.cells[2].fill, Fill::Water);
    assert_eq!(drawing.cells[0].fill, Fill::Blank);
    assert_eq!(drawing.top[0].as_deref(), Some("2"));
    assert_eq!(drawing.left[1].as_deref(), Some("3"));
    assert!(board.draw(None).cells.iter().all(|cell| cell.fill == Fill::Blank));
}
