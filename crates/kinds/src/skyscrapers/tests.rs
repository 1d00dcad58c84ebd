use multicover::Settings;

use super::home::HOME;
use crate::home::{solves_to_what_its_check_accepts, Board, Home, Size, TaskError};

/// Real puzzles of puzzle-skyscrapers.com (4x4 without givens, 5x5 with)
/// and the answers the site hashes.
const SMALL: &str = "2/2/1/3/2/1/3/2/3/1/3/2/2/2/1/3";
const SMALL_ANSWER: &str = "1342421321343421";
const GIVENS: &str = "2/2///3/2/2//////2///3////,k2m";
const GIVENS_ANSWER: &str = "1453253241321542541341325";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn solve(task: &str, limit: usize) -> crate::Solved<String> {
    read(task).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answers() {
    for (task, answer) in [(SMALL, SMALL_ANSWER), (GIVENS, GIVENS_ANSWER)] {
        let board = read(task).unwrap();
        assert_eq!(board.task(), task);
        assert_eq!(board.check(answer), Ok(()));
        let solved = solve(task, 2);
        assert!(solved.is_unique());
        assert_eq!(solved.solutions, [answer]);
    }
    let board = read(GIVENS).unwrap();
    assert_eq!(board.size(), Size::square(5));
    let drawing = board.draw(Some(GIVENS_ANSWER));
    assert_eq!(drawing.top[0].as_deref(), Some("2"));
    assert_eq!(drawing.top[2], None);
    assert_eq!(drawing.left[2].as_deref(), Some("2"));
    assert_eq!(drawing.right[0].as_deref(), Some("3"));
    assert_eq!(drawing.cells[11].text, Some(("2".into(), crate::draw::Ink::Given)));
    assert_eq!(drawing.cells[0].text, Some(("1".into(), crate::draw::Ink::Answer)));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("1/1/1"), "3 clues, where four edges have as many each");
    assert_eq!(err("3///////"), "the clue `3` above column 1 is not from 1 to 2");
    assert_eq!(err("////x///"), "the clue `x` left of row 1 is not from 1 to 2");
    assert_eq!(err("///////,c"), "3 cells where a 2x2 grid has 4");
    assert_eq!(err("///////,3c"), "the given 3 at row 1, column 1 is not from 1 to 2");
    assert_eq!(err("///////,a!b"), "the givens: `!` at character 2 is not a cell");
    assert_eq!(err(&"/".repeat(39)), "a side of 10, where the sides go from 1 to 9");
    assert_eq!(
        HOME.read("///////", Some(Size::square(3))).unwrap_err().0,
        "2 clues an edge where the page's grid is 3x3"
    );
    for task in [SMALL, GIVENS] {
        for end in 0..task.len() {
            let _ = read(&task[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read("2///////").unwrap();
    assert_eq!(board.check("1221"), Ok(()));
    assert_eq!(board.check("2112"), Err("1 seen from above column 1, where the clue says 2".into()));
    assert_eq!(board.check("1212"), Err("column 1 holds 1 twice".into()));
    let right = read("//////1/").unwrap();
    assert_eq!(right.check("2112"), Err("2 seen from right of row 1, where the clue says 1".into()));
    let givens = read(GIVENS).unwrap();
    assert_eq!(givens.check(SMALL_ANSWER), Err("16 characters where a 5x5 grid has 25 cells".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    let two = solve("///////", 3);
    assert!(two.solutions.len() == 2 && two.stats.exhausted);
    assert_eq!(solve("///////", 2).solutions.len(), 2);
    // Two columns each rising from the top: both start with 1.
    let none = solve("2/2//////", 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

/// Every Latin square of a side, row-major.
fn latin_squares(side: usize) -> Vec<Vec<u8>> {
    fn extend(side: usize, square: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let at = square.len();
        if at == side * side {
            out.push(square.clone());
            return;
        }
        let (row, col) = (at / side, at % side);
        for h in 1..=side as u8 {
            let clash = (0..col).any(|c| square[row * side + c] == h) || (0..row).any(|r| square[r * side + col] == h);
            if !clash {
                square.push(h);
                extend(side, square, out);
                square.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(side, &mut Vec::new(), &mut out);
    out
}

/// The engine's answers on random 4x4 boards (some clues and givens of a
/// random square) are exactly the Latin squares the rules' check passes.
#[test]
fn every_answer_and_no_other_on_random_small_boards() {
    let side = 4;
    let squares = latin_squares(side);
    assert_eq!(squares.len(), 576);
    let mut rng = crate::rng::Rng::new(5);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let square = &squares[rng.below(squares.len())];
        // Each clue, seen on this square, kept or left out.
        let clues: Vec<String> = (0..4 * side)
            .map(|i| {
                let (edge, line) = (i / side, i % side);
                let cells: Vec<usize> = match edge {
                    0 => (0..side).map(|r| r * side + line).collect(),
                    1 => (0..side).rev().map(|r| r * side + line).collect(),
                    2 => (0..side).map(|c| line * side + c).collect(),
                    _ => (0..side).rev().map(|c| line * side + c).collect(),
                };
                let count = super::home::seen(cells.iter().map(|&c| square[c]));
                if rng.chance(1, 3) { count.to_string() } else { String::new() }
            })
            .collect();
        let givens: Vec<u8> = square.iter().map(|&h| if rng.chance(1, 10) { h } else { 0 }).collect();
        let givens = crate::task::write_run_length(&crate::latin::givens_tokens(&givens), crate::task::Numbers::Run);
        let task = format!("{},{givens}", clues.join("/"));
        let board = read(&task).unwrap();
        let candidates = squares
            .iter()
            .map(|s| s.iter().map(|&h| char::from(b'0' + h)).collect::<String>());
        seen[solves_to_what_its_check_accepts(&*board, candidates)] += 1;
    }
    assert!(seen[1] >= 20 && seen[2] >= 20, "the random boards miss a case: {seen:?}");
}
