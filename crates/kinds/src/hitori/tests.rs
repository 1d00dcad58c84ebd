use multicover::Settings;

use super::Hitori;
use super::home::HOME;
use crate::draw::{Fill, Ink};
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 5x5 puzzle of puzzle-hitori.com and the answer the site hashes.
const REAL: &str = "3411351434324214311132345";
const REAL_ANSWER: &str = "ynnynnnynnnynnnnnynyynnnn";

/// A real 10x10 puzzle, with numbers up to `a`.
const REAL_10: &str = "71689422a9a8852295436a535914849841338651735776787a5986812431157168a1218395a361423632353a938832125776";
const REAL_10_ANSWER: &str =
    "nnnnnnynnynynynynnynnnynnnnynnnynnnynnnyynnynnynynnnynnynnnnnnnynnnynynynnnnnnnnnnynynynnyynnynnnynn";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(5), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[0].fill, Fill::Shaded);
    assert_eq!(drawing.cells[1].fill, Fill::Blank);
    assert_eq!(drawing.cells[1].text, Some(("4".into(), Ink::Given)));
    let board = real_puzzle(&HOME, REAL_10, Size::square(10), REAL_10_ANSWER);
    assert_eq!(board.draw(None).cells[8].text, Some(("10".into(), Ink::Given)));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("12A1"), "`A` at character 3 is no hitori number (`1`..`9`, `a`..`z` for 10 to 35)");
    assert_eq!(err("1201"), "`0` at character 3 is no hitori number (`1`..`9`, `a`..`z` for 10 to 35)");
    assert_eq!(err("123"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(HOME.read("123321", Some(Size::new(3, 2))).unwrap().task(), "123321");
    assert!(HOME.read("123321", Some(Size::new(2, 2))).unwrap_err().0.contains("6 cells where a 2x2 grid has 4"));
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 5x5 grid has 25 cells");
    // Nothing shaded: the first row, 3 4 1 1 3, has two 1s.
    assert_eq!(
        board.check(&"n".repeat(25)).unwrap_err(),
        "the 1 at row 1, column 3 and the 1 at row 1, column 4 are both unshaded in one line"
    );
    // Row 1, column 2 shaded too: beside row 1, column 1.
    assert_eq!(
        board.check(&format!("yy{}", &REAL_ANSWER[2..])).unwrap_err(),
        "the shaded cells at row 1, column 1 and row 1, column 2 are side by side"
    );
    // A corner cut off by two shaded cells round it.
    let corner = read("1221").unwrap();
    assert_eq!(
        corner.check("nyyn").unwrap_err(),
        "the unshaded cell at row 2, column 2 cannot reach the one at row 1, column 1: the unshaded cells must be connected"
    );
    assert_eq!(corner.check("nyny").unwrap_err(), "the shaded cells at row 1, column 2 and row 2, column 2 are side by side");
}

/// 1 1 / 1 1: each row and column needs one cell shaded, never two side by
/// side: a diagonal, which the counts accept and which leaves the other
/// two cells apart. The rule leaves no answer.
#[test]
fn the_connectivity_rule_refuses_what_the_counts_accept() {
    let board = read("1111").unwrap();
    for diagonal in ["ynny", "nyyn"] {
        assert!(board.check(diagonal).unwrap_err().ends_with("the unshaded cells must be connected"));
    }
    let none = board.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every shading.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(23);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (width, height) = (rng.between(2, 4), rng.between(2, 3));
        let numbers = (0..width * height).map(|_| rng.between(1, 3) as u8).collect();
        let board = Hitori { size: Size::new(width, height), numbers };
        let cells = width * height;
        let candidates = (0..1u32 << cells)
            .map(|set| (0..cells).map(|c| if set >> c & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 20), "the random grids miss a case: {seen:?}");
}
