use multicover::Settings;

use super::home::HOME;
use super::{Heyawake, Room};
use crate::draw::{Fill, Ink};
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 6x6 puzzle of puzzle-heyawake.com and the answer the site hashes.
const REAL: &str = "b,2,2;0,1,1;1,3,2;0,1,1;b,1,1;2,3,3;b,1,2;1,1,3;b,1,2;1,1,1;0,2,1;2,4,1";
const REAL_ANSWER: &str = "nnnynnnynnnnnnynnyynnynnnnnnynnnynny";

/// A real 8x8 puzzle.
const REAL_8: &str = "1,1,8;2,6,1;0,1,3;b,2,2;0,2,2;b,2,2;0,2,2;3,3,3;0,2,1;b,1,2;b,1,3;3,2,3;b,2,2;b,2,1;0,3,1";
const REAL_8_ANSWER: &str = "nnnynnynnynnnynnnnynnnynynnnynnnnnnynnnynynnnynnnnynnnynnynnynnn";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(6), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    // Row 1: a 2x2 room without a number, a 1x1 room numbered 0, a 3x2 room
    // numbered 1 whose corner is at column 4.
    assert_eq!(drawing.cells[0].text, None);
    assert_eq!(drawing.cells[2].text, Some(("0".into(), Ink::Given)));
    assert_eq!(drawing.cells[3].text, Some(("1".into(), Ink::Given)));
    assert_eq!(drawing.cells[3].fill, Fill::Shaded);
    assert_eq!(drawing.cells[4].text, None);
    let regions = drawing.regions.unwrap();
    assert_eq!(regions[..8], [0, 0, 1, 2, 2, 2, 0, 0]);
    real_puzzle(&HOME, REAL_8, Size::square(8), REAL_8_ANSWER);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("b,2,2;0,1"), "room 2 is `0,1`, not `clue,width,height` (clue `b` for none)");
    assert_eq!(err("x,1,1"), "room 1 is `x,1,1`, not `clue,width,height` (clue `b` for none)");
    assert_eq!(err("b,0,1"), "room 1 is `b,0,1`, not `clue,width,height` (clue `b` for none)");
    assert_eq!(err("01,1,1"), "room 1 is `01,1,1`, not `clue,width,height` (clue `b` for none)");
    assert_eq!(err("b,2,1"), "rooms of 2 cells in all make no square grid, and the page's width and height are not known");
    assert_eq!(err("b,1,1;b,2,1;b,1,1"), "room 2 (2x1 at row 1, column 2) runs off the 2x2 grid");
    assert_eq!(err("b,2,1;b,1,2"), "room 2 (1x2 at row 2, column 1) runs off the 2x2 grid");
    assert_eq!(
        HOME.read("b,1,1;b,1,2;b,1,1;b,2,1", Some(Size::new(3, 2))).unwrap_err().0,
        "room 4 overlaps room 2 at row 2, column 2"
    );
    let tall = HOME.read("b,1,2;1,1,2", Some(Size::new(2, 2))).unwrap();
    assert_eq!(tall.task(), "b,1,2;1,1,2");
    assert!(HOME.read("b,2,3", Some(Size::new(3, 2))).unwrap_err().0.contains("runs off"));
    assert!(HOME.read("b,1,1", Some(Size::new(2, 1))).unwrap_err().0.contains("1 cells in all where a 2x1 grid has 2"));
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 6x6 grid has 36 cells");
    // Nothing shaded: the 1 at row 1, column 4 has none.
    assert_eq!(board.check(&"n".repeat(36)).unwrap_err(), "the room at row 1, column 4 has 0 shaded cells, not its 1");
    let mut two = REAL_ANSWER.to_string();
    two.replace_range(4..5, "y");
    assert_eq!(board.check(&two).unwrap_err(), "the shaded cells at row 1, column 4 and row 1, column 5 are side by side");
    // Three 1x1 rooms in a row, none shaded: one run through three rooms.
    let row = HOME.read("b,1,1;b,1,1;b,1,1", Some(Size::new(3, 1))).unwrap();
    assert_eq!(row.check("nnn").unwrap_err(), "the unshaded run from row 1, column 1 to row 1, column 3 passes through three rooms");
    assert_eq!(row.check("ynn"), Ok(()));
    let column = HOME.read("b,1,2;b,1,1;b,1,2", Some(Size::new(1, 5))).unwrap();
    assert_eq!(
        column.check("nnnnn").unwrap_err(),
        "the unshaded run from row 1, column 1 to row 4, column 1 passes through three rooms"
    );
    // A corner cut off by two shaded cells round it.
    let corner = read("b,2,2").unwrap();
    assert_eq!(
        corner.check("nyyn").unwrap_err(),
        "the unshaded cell at row 2, column 2 cannot reach the one at row 1, column 1: the unshaded cells must be connected"
    );
}

/// Two rooms of 2, one numbered 1 above one numbered 1 in a 2x2 grid:
/// the counts allow a diagonal, which cuts the unshaded cells apart; and
/// two cells side by side, which the rule refuses. No answer.
#[test]
fn the_connectivity_rule_refuses_what_the_counts_accept() {
    let board = read("1,2,1;1,2,1").unwrap();
    for diagonal in ["ynny", "nyyn"] {
        assert!(board.check(diagonal).unwrap_err().ends_with("the unshaded cells must be connected"));
    }
    let none = board.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

/// Rooms for a `width` by `height` grid: at each first free cell, a random
/// rectangle that fits, some numbered.
fn random_board(rng: &mut crate::rng::Rng, width: usize, height: usize) -> Heyawake {
    let mut free = vec![true; width * height];
    let mut rooms = Vec::new();
    while let Some(at) = free.iter().position(|&f| f) {
        let (row, col) = (at / width, at % width);
        let fits = |w: usize, h: usize| {
            col + w <= width && row + h <= height && (row..row + h).all(|r| (col..col + w).all(|c| free[r * width + c]))
        };
        let (mut w, mut h) = (rng.between(1, 3), rng.between(1, 3));
        while !fits(w, h) {
            if w > 1 {
                w -= 1;
            } else {
                h -= 1;
            }
        }
        for r in row..row + h {
            for c in col..col + w {
                free[r * width + c] = false;
            }
        }
        let clue = rng.chance(1, 3).then(|| rng.between(0, 2) as u32);
        rooms.push(Room { clue, width: w, height: h });
    }
    let task: Vec<String> = rooms
        .iter()
        .map(|r| format!("{},{},{}", r.clue.map_or("b".into(), |n| n.to_string()), r.width, r.height))
        .collect();
    Heyawake::read(&task.join(";"), Some(Size::new(width, height))).unwrap()
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every shading.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(29);
    let mut seen = [0usize; 3];
    for _ in 0..400 {
        let (width, height) = (rng.between(2, 4), rng.between(2, 4));
        let board = random_board(&mut rng, width, height);
        let cells = width * height;
        let candidates = (0..1u32 << cells)
            .map(|set| (0..cells).map(|c| if set >> c & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 20), "the random grids miss a case: {seen:?}");
}
