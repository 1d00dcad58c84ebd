use super::home::HOME;
use super::{Circle, Masyu};
use crate::draw::{Ink, Mark};
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 6x6 puzzle of puzzle-masyu.com and the answer the site hashes.
const REAL: &str = "cWbWcWeWBaWWcWcWWaWd";
const REAL_ANSWER: &str = "ynyyynnnyynnnyynnnynnynnnyyynyyyynnyyyyynnyyynnyyyyyyyynnyyy";

/// A real 8x8 puzzle.
const REAL_8: &str = "aWWkBaBhBaBaWgWdWbWeWaWbBg";
const REAL_8_ANSWER: &str = "yyynyyyyynnyynyynnnnnnyynyynnnnnyynnyyyyynnnyyyynyynnnnyynnyynnynnyynnyyynnynnyyyynnynnyyynnnnyyynnnnnnyynynnnyy";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn sized(task: &str, width: usize, height: usize) -> Box<dyn Board> {
    HOME.read(task, Some(Size::new(width, height))).unwrap()
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(6), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[3].mark, Some(Mark::WhiteCircle));
    assert!(drawing.cells[3].given_mark);
    assert_eq!(drawing.cells[17].mark, Some(Mark::BlackCircle));
    // The answer's first link joins the first two cells.
    assert_eq!(drawing.lines.len(), REAL_ANSWER.matches('y').count());
    assert_eq!((drawing.lines[0].cells.clone(), drawing.lines[0].ink), (vec![0, 1], Ink::Answer));
    assert!(board.draw(None).lines.is_empty());
    real_puzzle(&HOME, REAL_8, Size::square(8), REAL_8_ANSWER);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("cX"), "`X` at row 2, column 2 is no cell of masyu (`W` white, `B` black)");
    assert_eq!(err("c4"), "the number 4 at row 2, column 2: masyu has no numbers");
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(err("W"), "a 1x1 grid holds no loop");
    assert_eq!(sized("aWBa", 2, 2).task(), "aWBa");
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 6x6 grid has 60 links");
    assert_eq!(board.check(&"n".repeat(60)).unwrap_err(), "no loop is drawn");
    // A 2x2 grid's one loop turns in every cell.
    assert_eq!(sized("Waaa", 2, 2).check("yyyy").unwrap_err(), "the loop turns in the white circle at row 1, column 1");
    assert_eq!(
        sized("Baaa", 2, 2).check("yyyy").unwrap_err(),
        "the loop turns right after the black circle at row 1, column 1, where it must go straight"
    );
    assert_eq!(sized("aaaa", 2, 2).check("yyyn").unwrap_err(), "the cell at row 1, column 2 has 1 links of the loop, not two");
    // 3x2: links 0-1, 1-2, 3-4, 4-5 across, then 0-3, 1-4, 2-5.
    assert_eq!(sized("eW", 3, 2).check("ynynyyn").unwrap_err(), "the loop misses the circle at row 2, column 3");
    assert_eq!(
        sized("aBd", 3, 2).check("yyyyyny").unwrap_err(),
        "the loop goes straight through the black circle at row 1, column 2"
    );
    assert_eq!(sized("aWd", 3, 2).check("yyyyyny"), Ok(()));
    // 5x2, the loop round the edge: straight on both sides of the middle.
    assert_eq!(
        sized("bWbe", 5, 2).check("yyyyyyyyynnny").unwrap_err(),
        "the loop turns on neither side of the white circle at row 1, column 3"
    );
    // 4x2: two loops round two squares.
    assert_eq!(
        sized("h", 4, 2).check("ynyynyyyyy").unwrap_err(),
        "the cell at row 1, column 3 is on a second loop: there must be one"
    );
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every set of links.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(31);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (width, height) = [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (2, 4)][rng.between(0, 5)];
        let cells = (0..width * height)
            .map(|_| [Circle::None, Circle::None, Circle::None, Circle::None, Circle::White, Circle::Black][rng.between(0, 5)])
            .collect();
        let board = Masyu { size: Size::new(width, height), cells };
        let links = board.links().count();
        let candidates = (0..1u32 << links)
            .map(|set| (0..links).map(|l| if set >> l & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 10), "the random grids miss a case: {seen:?}");
}
