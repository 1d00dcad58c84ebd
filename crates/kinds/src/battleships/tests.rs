use multicover::Settings;

use super::fleet;
use super::home::HOME;
use crate::home::{Board, Home, Size, TaskError};

/// Real puzzles of puzzle-battleships.com and the answers the site hashes.
const REAL: &str = "4,0,2,1,2,1,1,4,0,2,2,1;w1l";
const REAL_ANSWER: &str = "ynnnnnynyyynnnnnnnynnnnyynynnnnnnnyn";
const GIVENS: &str = "1,3,1,4,0,3,2,2,3,1,3,0,2,2,1,2,5,0,4,1;zj1f5u5o3f6k";
const GIVENS_ANSWER: &str =
    "nnnnnnyyynnnnnnnnnnnnnnynnnnynnnnynnynnnnnnynnnnnnnnnnnynynnyyyynynnnnnnnnnnnnnnnynnnynnyynynnnnnnnn";

/// A 4x4 grid with one ship of two cells and two of one: row 1 holds the
/// long ship at one end and a one-cell ship at the other, and row 3 a
/// one-cell ship in column 2 or 3, whichever the long ship leaves free.
const TWO: &str = "1,1,1,1,3,0,1,0;p";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn solve(task: &str, limit: usize) -> crate::Solved<String> {
    read(task).unwrap().solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn the_fleets_are_the_sites() {
    assert_eq!(fleet(6, 10), Some(vec![3, 2, 1]));
    assert_eq!(fleet(8, 19), Some(vec![3, 3, 2, 1]));
    assert_eq!(fleet(10, 20), Some(vec![4, 3, 2, 1]));
    assert_eq!(fleet(15, 35), Some(vec![5, 4, 3, 2, 1]));
    assert_eq!(fleet(25, 120), Some(vec![8, 7, 6, 5, 4, 3, 2, 1]));
    assert_eq!(fleet(15, 36), None);
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answers() {
    for (task, answer) in [(REAL, REAL_ANSWER), (GIVENS, GIVENS_ANSWER)] {
        let board = read(task).unwrap();
        assert_eq!(board.task(), task);
        assert_eq!(board.check(answer), Ok(()));
        let solved = solve(task, 2);
        assert!(solved.is_unique());
        assert_eq!(solved.solutions, [answer]);
    }
    let board = read(REAL).unwrap();
    assert_eq!(board.size(), Size::square(6));
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[23].text, Some(("●".into(), crate::draw::Ink::Given)));
    assert_eq!(drawing.cells[0].mark, Some(crate::draw::Mark::Ship));
    assert!(!drawing.cells[0].given_mark);
    assert_eq!(drawing.left.len(), 6);
    // Given water (the real puzzle's submarine given as water instead) is
    // a cross of the puzzle's.
    let drawing = read("4,0,2,1,2,1,1,4,0,2,2,1;w0l").unwrap().draw(None);
    assert_eq!(drawing.cells[23].mark, Some(crate::draw::Mark::Cross));
    assert!(drawing.cells[23].given_mark);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("4,0,2,1,2,1,1,4,0,2,2,1"), "no `;` between the clues and the given cells");
    assert_eq!(
        err("4,0,2,1,2,1,1,4,0,2,2;w1l").split(',').next(),
        Some("11 clues cannot be one a column and one a row of a square grid")
    );
    assert_eq!(err("4,0,2,1,2,1,1,4,0,2,2,1;w1k"), "the givens span 35 cells where a 6x6 grid has 36");
    assert_eq!(err("4,0,2,1,2,1,1,4,0,2,2,1;w7l"), "the given 7 at row 4, column 6 is not from 0 to 6");
    assert_eq!(err("4,0,2,1,2,1,1,4,0,2,2,1;wBl"), "`B` at row 4, column 6 is not a given (0 to 6)");
    assert_eq!(
        err("1,1,1,1,1,0,1,1,1,1,0,0,0,0;zw"),
        "no fleet is known for a 7x7 grid whose rows hold 3 ship cells in all"
    );
    assert!(err("4,x,2,1,2,1,1,4,0,2,2,1;w1l").contains("`x`"));
    for task in [REAL, GIVENS] {
        for end in 0..task.len() {
            assert!(read(&task[..end]).is_err(), "{}", &task[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let two = read(TWO).unwrap();
    assert_eq!(two.check("yynynnnnnnnnnnnn"), Err("1 ships of length 1 where the fleet has 2".into()));
    assert_eq!(
        two.check("yyynnnnnnnnnnnnn"),
        Err("the ship from row 1, column 1 is 3 cells long, where the fleet's longest is 2".into())
    );
    assert_eq!(
        two.check("yynnnnynnnnnnnnn"),
        Err("the ship cells at row 1, column 2 and row 2, column 3 touch diagonally: ships are straight and do not \
             touch"
            .into())
    );
    assert_eq!(two.check("yynynnnnnynnnnnn"), Err("column 2 holds 2 ship cells, its clue says 1".into()));
    assert_eq!(two.check("yynyn"), Err("5 characters where a 4x4 grid has 16 cells".into()));
    // A one-cell ship given at row 3, column 4, where the answer has none.
    let given = read("1,1,1,1,3,0,1,0;k1d").unwrap();
    assert_eq!(
        given.check("ynyynnnnnynnnnnn"),
        Err("row 3, column 4 is given as a one-cell ship, but the answer has water there".into())
    );
}

#[test]
fn two_solutions_and_none_are_found_so() {
    let two = solve(TWO, 2);
    let mut found = two.solutions.clone();
    found.sort();
    assert_eq!(found, ["ynyynnnnnynnnnnn", "yynynnnnnnynnnnn"]);
    let all = solve(TWO, 3);
    assert!(all.solutions.len() == 2 && all.stats.exhausted);
    // The only place for the one-cell ship is given as water.
    let none = solve("1,0,0,0,0,1;f0b", 2);
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

/// Battleships' own search against the engine, the second solver: the same
/// answers (up to the limit), and the same "searched through".
mod search_and_engine {
    use multicover::Settings;

    use super::super::{Battleships, Given, Method, Ship, fleet};
    use crate::home::{Board, Size};
    use crate::rng::Rng;

    fn assert_agree(board: &Battleships, limit: usize) -> usize {
        let fast = board.solve_by(Method::Search, limit).unwrap();
        let slow = board.solve_by(Method::Engine(Settings::default()), limit).unwrap();
        let task = board.task();
        assert_eq!(fast.solutions.len(), slow.solutions.len(), "{task}");
        assert_eq!(fast.stats.exhausted, slow.stats.exhausted, "{task}");
        assert_eq!(fast.stats.solutions, fast.solutions.len() as u64, "{task}");
        let (mut a, mut b) = (fast.solutions.clone(), slow.solutions.clone());
        a.sort();
        b.sort();
        a.dedup();
        assert_eq!(a.len(), fast.solutions.len(), "{task}: an answer twice");
        if slow.stats.exhausted {
            assert_eq!(a, b, "{task}");
        }
        fast.solutions.len()
    }

    #[test]
    fn they_agree_on_every_real_puzzle() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/family/states.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let mut seen = 0;
        for line in text.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            if value["kind"] != "battleships" {
                continue;
            }
            let board = Battleships::read(value["task"].as_str().unwrap(), None).unwrap();
            assert_eq!(assert_agree(&board, 2), 1, "{}", board.to_task());
            seen += 1;
        }
        assert!(seen >= 6, "{seen} real puzzles");
    }

    /// A fleet laid at random on an empty `side` x `side` grid, ship by
    /// ship, longest first; None where a ship found no room.
    fn random_layout(rng: &mut Rng, side: usize, fleet: &[u32]) -> Option<Vec<Option<Given>>> {
        let mut pieces: Vec<Option<Given>> = vec![None; side * side];
        for (index, &count) in fleet.iter().enumerate().rev() {
            for _ in 0..count {
                let fits = |ship: Ship, pieces: &[Option<Given>]| {
                    ship.cells(side).all(|cell| {
                        let (row, col) = ((cell / side) as isize, (cell % side) as isize);
                        (-1..=1).all(|dr| {
                            (-1..=1).all(|dc| {
                                let (r, c) = (row + dr, col + dc);
                                r < 0 || c < 0 || r >= side as isize || c >= side as isize || {
                                    pieces[r as usize * side + c as usize].is_none()
                                }
                            })
                        })
                    })
                };
                let length = index + 1;
                let placed = (0..200).find_map(|_| {
                    let across = length == 1 || rng.chance(1, 2);
                    let (rows, cols) = if across { (side, side + 1 - length) } else { (side + 1 - length, side) };
                    let ship = Ship { first: rng.below(rows) * side + rng.below(cols), length, across };
                    fits(ship, &pieces).then_some(ship)
                })?;
                for (k, cell) in placed.cells(side).enumerate() {
                    pieces[cell] = Some(placed.piece(k));
                }
            }
        }
        Some(pieces)
    }

    #[test]
    fn they_agree_on_random_boards_with_one_many_or_no_answers() {
        let mut rng = Rng::new(7);
        let mut seen = [0usize; 3];
        for round in 0..300 {
            let side = [6, 8, 10][round % 3];
            let fleet = fleet(side, 0).unwrap();
            let Some(pieces) = random_layout(&mut rng, side, &fleet) else { continue };
            let count = |cells: &mut dyn Iterator<Item = usize>| cells.filter(|&c| pieces[c].is_some()).count() as u32;
            let row_clues: Vec<u32> = (0..side).map(|r| count(&mut (r * side..(r + 1) * side))).collect();
            let mut col_clues: Vec<u32> = (0..side).map(|c| count(&mut (0..side).map(|r| r * side + c))).collect();
            // A few cells given as the layout has them (a ship's piece, or
            // water), from none to a handful.
            let mut givens = vec![None; side * side];
            for _ in 0..rng.below(5) {
                let cell = rng.below(side * side);
                givens[cell] = Some(pieces[cell].unwrap_or(Given::Water));
            }
            // Now and then a cell moved from one column's clue to the
            // next's: often no answer at all.
            if rng.chance(1, 4) {
                let c = rng.below(side - 1);
                if col_clues[c] > 0 {
                    col_clues[c] -= 1;
                    col_clues[c + 1] += 1;
                }
            }
            let board = Battleships { size: Size::square(side), col_clues, row_clues, givens, fleet };
            let found = assert_agree(&board, 2);
            seen[found] += 1;
            if found == 2 {
                assert_agree(&board, 6);
            }
        }
        assert!(seen.iter().all(|&n| n >= 20), "the random boards miss a case: {seen:?}");
    }
}
