use super::home::HOME;
use super::{Circle, Shingoki};
use crate::draw::{Ink, Mark};
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 6x6 puzzle of puzzle-shingoki.com and the answer the site hashes.
const REAL: &str = "eB3gW4bW2dW2aB2W5dB2bW4c";
const REAL_ANSWER: &str = "ynnyynnynynnynnnnnnynyynyyyyynyynynyyyynynyynyynyynynyynnnyn";

/// A real 8x8 puzzle.
const REAL_8: &str = "aB2bB2fB2aB3eB4aW3aW6W5W2B2bB2tB4W2bW3bB6f";
const REAL_8_ANSWER: &str = "ynynynnnynynyynynyyynnnynnynnynnnynynnnynnnnyynnnnyyyynyyyyyyynnynnnnnnyyyyynnyyyynnnynyynynnnyynyynyyyynynnnyyy";

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
    assert_eq!(drawing.cells[5].mark, Some(Mark::BlackCircle));
    assert_eq!(drawing.cells[5].text, Some(("3".into(), Ink::Given)));
    assert_eq!(drawing.cells[13].mark, Some(Mark::WhiteCircle));
    assert_eq!(drawing.lines.len(), REAL_ANSWER.matches('y').count());
    real_puzzle(&HOME, REAL_8, Size::square(8), REAL_8_ANSWER);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("cX"), "`X` at character 2 is no cell of shingoki (a run, `W` or `B` and a number)");
    assert_eq!(err("cB99999"), "the number 99999 at character 3 is too large");
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    // A number after a circle is its own; circles may have none.
    assert_eq!(sized("aW12Bc", 3, 2).task(), "aW12Bc");
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 6x6 grid has 60 links");
    assert_eq!(board.check(&"n".repeat(60)).unwrap_err(), "no loop is drawn");
    // 3x2: links 0-1, 1-2, 3-4, 4-5 across, then 0-3, 1-4, 2-5; the loop
    // round the edge turns in the corners and goes straight in the middle.
    let edge = "yyyyyny";
    assert_eq!(sized("B3e", 3, 2).check(edge), Ok(()));
    assert_eq!(
        sized("B2e", 3, 2).check(edge).unwrap_err(),
        "the lines out of the circle at row 1, column 1 are 3 long, not 2"
    );
    assert_eq!(sized("W3e", 3, 2).check(edge).unwrap_err(), "the loop turns in the white circle at row 1, column 1");
    assert_eq!(
        sized("aB2d", 3, 2).check(edge).unwrap_err(),
        "the loop goes straight through the black circle at row 1, column 2"
    );
    assert_eq!(sized("eW2", 3, 2).check("ynynyyn").unwrap_err(), "the loop misses the circle at row 2, column 3");
    assert_eq!(sized("aW2d", 3, 2).check(edge), Ok(()));
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every set of links.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(37);
    let mut seen = [0usize; 3];
    for _ in 0..200 {
        let (width, height) = [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (2, 4)][rng.between(0, 5)];
        let cells = (0..width * height)
            .map(|_| {
                rng.chance(1, 3).then(|| Circle {
                    black: rng.chance(1, 2),
                    number: rng.chance(3, 4).then(|| rng.between(2, 4) as u32),
                })
            })
            .collect();
        let board = Shingoki { size: Size::new(width, height), cells };
        let links = board.links().count();
        let candidates = (0..1u32 << links)
            .map(|set| (0..links).map(|l| if set >> l & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 10), "the random grids miss a case: {seen:?}");
}
