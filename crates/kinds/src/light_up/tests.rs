use multicover::Settings;

use super::home::HOME;
use super::{Cell, LightUp};
use crate::home::{solves_to_what_its_check_accepts, real_puzzle, Board, Home, Size, TaskError};

/// A real puzzle of puzzle-light-up.com and the answer the site hashes.
const REAL: &str = "aBB1b2o0BBb0bBcBc1Ba0a21eBd0aBb1cB1eBaBBo01cBa2Ba2c1Bo01a1e0Bc1bBa0dBeBBa1aBBc0cBb0b11BoBb100a";
const REAL_ANSWER: &str = "nnnnynnynnnnnnnnnnnnynnnnynnnynnnnnnnynnnnynnynnnnnnnnnnnnnnnynnnnynnnnnnnnnnnnnnynnnnynnnnnynnnynnnnynnnnnnnnnynnnnnnynnnnynnnnynnnnynnnnnnnnnnnnnnnynnnnnynnynnnnnnnynnnynnnnnnnynnnnnnnnynnnnnnnn";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn solve(task: &str, limit: usize) -> crate::Solved<String> {
    read(task).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(14), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[1].fill, crate::draw::Fill::Black);
    assert_eq!(drawing.cells[3].text, Some(("1".into(), crate::draw::Ink::Given)));
    assert_eq!(drawing.cells[4].mark, Some(crate::draw::Mark::Bulb));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("c5"), "the number 5 at row 2, column 2: a cell has at most 4 neighbours");
    assert_eq!(err("cW"), "`W` at row 2, column 2 is no cell of light up (`B` black, a digit numbered)");
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(err("c!"), "`!` at character 2 is not a cell");
    assert_eq!(HOME.read("bB1b", Some(Size::new(3, 2))).unwrap().task(), "bB1b");
    for end in 0..REAL.len() {
        if let Ok(board) = read(&REAL[..end]) {
            // A cut that happens to leave a square grid is a board of its own.
            assert_eq!(board.task(), &REAL[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read("d").unwrap();
    assert_eq!(board.check("yynn"), Err("the bulbs at row 1, column 1 and row 1, column 2 light each other".into()));
    assert_eq!(board.check("ynnn"), Err("row 2, column 2 is not lit".into()));
    assert_eq!(board.check("ynnx"), Err("`x` at row 2, column 2 is not one of `ny`".into()));
    let numbered = read("1c").unwrap();
    assert_eq!(numbered.check("nnny"), Err("the 1 at row 1, column 1 has 0 bulbs next to it".into()));
    assert_eq!(numbered.check("ynnn"), Err("a bulb at row 1, column 1, which is a black cell".into()));
    assert_eq!(numbered.check("nynn"), Err("row 2, column 1 is not lit".into()));
    assert_eq!(numbered.check("nyyn"), Err("the 1 at row 1, column 1 has 2 bulbs next to it".into()));
}

#[test]
fn two_solutions_and_none_are_found_so() {
    // Four white cells: the bulbs go on one diagonal or the other.
    let two = solve("d", 2);
    let mut found = two.solutions.clone();
    found.sort();
    assert_eq!(found, ["nyyn", "ynny"]);
    let all = solve("d", 3);
    assert!(all.solutions.len() == 2 && all.stats.exhausted);
    // A corner has two neighbours, never four bulbs.
    let none = solve("4c", 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

/// The engine's answers on random small boards are exactly those that pass
/// the rules' check among every way to put bulbs on the white cells.
#[test]
fn every_answer_and_no_other_on_random_small_boards() {
    let mut rng = crate::rng::Rng::new(11);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (width, height) = (rng.between(2, 5), rng.between(2, 4));
        let cells: Vec<Cell> = (0..width * height)
            .map(|_| match rng.below(6) {
                0 => Cell::Black,
                1 => Cell::Numbered(rng.below(3) as u8),
                _ => Cell::White,
            })
            .collect();
        let board = LightUp { size: Size::new(width, height), cells };
        let white: Vec<usize> = (0..board.cells.len()).filter(|&c| board.cells[c] == Cell::White).collect();
        let candidates = (0..1u32 << white.len())
            .map(|set| {
                let mut answer = vec![b'n'; board.cells.len()];
                for (_, &cell) in white.iter().enumerate().filter(|&(k, _)| set >> k & 1 == 1) {
                    answer[cell] = b'y';
                }
                String::from_utf8(answer).unwrap()
            });
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 20), "the random boards miss a case: {seen:?}");
}
