use multicover::Settings;

use super::Slitherlink;
use super::home::HOME;
use crate::draw::{Fill, Ink};
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 5x5 puzzle of puzzle-loop.com and the answer the site hashes.
const REAL: &str = "c2a3d2a203a2b3a231a";
const REAL_ANSWER: &str = "yynyyynnnyynynynyynynnynyynyyyynyynynyyyynynnnnyyynyynyyynny";

/// A real 15x15 puzzle.
const REAL_15: &str = "c0a2a2a2b3a32b2b312f0a2a2c122a232a2a2a3b23a1b03a3c1c3b3a3a2a322d120g320b13233a312b2223b12a1a2c22b2b2d1b1232b2a22b123a3c1a33d31112a2212a3b2f2a221b2a2a1222d3a2b2b2a3a3a3";
const REAL_15_ANSWER: &str = "yynnnyynynynynyynynynynnnnynynnynnynynnynyynynynynynnnyynnynynynyynynynynynynnynyyyynynynyynynynynnyyyynynynnnynynnynynyynynynynyynynynyyyynynyyynynnnyynynyynyynnynnynnnnyynyynynnynnnnnynynnynyyynynnynynyynynynnynynynyynynnnnynyynnynnyynynyynynnynyyyyyyyyynynyynynyyynnnnynnyynynyynnynyynnynnynyyyynnnnnnynyynnnnnnyyyyynnyynyynnnynnnnnyynnynnyynnnnnyynyyyynynnynyyynnynnnnynyynnnnnyyyynnnnynnnnyyyyyynnyyynnyynnynnyyyyyyyynnnnynynnnyyyyynyyynnynnnyynnynynnnnynyyyyyyynynyynynyyyyy";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(5), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    // The first cell's left side is on the loop (the answer's character 31):
    // the cell is inside; the second's left side is off, so it is inside too,
    // and the third's is on: outside.
    assert_eq!(drawing.cells[0].fill, Fill::Shaded);
    assert_eq!(drawing.cells[1].fill, Fill::Shaded);
    assert_eq!(drawing.cells[2].fill, Fill::Blank);
    assert_eq!(drawing.cells[3].text, Some(("2".into(), Ink::Given)));
    assert_eq!(board.draw(None).cells[0].fill, Fill::Blank);
    real_puzzle(&HOME, REAL_15, Size::square(15), REAL_15_ANSWER);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("c4"), "the number 4 at row 2, column 2: a loop passes at most 3 sides of a cell");
    assert_eq!(err("cB"), "`B` at row 2, column 2 is no cell of loop (a digit or a run)");
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(HOME.read("a2a", Some(Size::new(3, 1))).unwrap().task(), "a2a");
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 5x5 grid has 60 sides");
    assert_eq!(board.check(&"n".repeat(60)).unwrap_err(), "the 2 at row 1, column 4 has 0 sides on the loop");
    assert_eq!(
        board.check(&format!("{}x", &REAL_ANSWER[..59])).unwrap_err(),
        "`x` at character 60 is neither `y` nor `n`"
    );
    // A row of three cells: sides 0-2 above, 3-5 below, 6-9 between.
    let row = HOME.read("c", Some(Size::new(3, 1))).unwrap();
    assert_eq!(row.check(&"n".repeat(10)).unwrap_err(), "no loop is drawn");
    assert_eq!(
        row.check("yynyynyyyn").unwrap_err(),
        "the corner at line 1, point 2 has 3 sides of the loop, not two"
    );
    assert_eq!(row.check("ynyynyyyyy").unwrap_err(), "the corner at line 1, point 3 is on a second loop: there must be one");
    assert_eq!(row.check("yyyyyyynny"), Ok(()));
}

/// A row of three cells, the middle one a 2: two small loops round the end
/// cells give it 2 and two sides at every corner, which the counts accept;
/// the rule of one loop leaves the loop round all three alone.
#[test]
fn the_single_loop_rule_refuses_two_loops_that_the_counts_accept() {
    let row = HOME.read("a2a", Some(Size::new(3, 1))).unwrap();
    assert!(row.check("ynyynyyyyy").unwrap_err().ends_with("there must be one"));
    let solved = row.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.is_unique());
    assert_eq!(solved.solutions, ["yyyyyyynny"]);
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every set of sides.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(29);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (width, height) = [(1, 1), (2, 1), (1, 2), (3, 1), (1, 3), (2, 2), (4, 1)][rng.between(0, 6)];
        let clues = (0..width * height).map(|_| rng.chance(1, 2).then(|| rng.between(0, 3) as u8)).collect();
        let board = Slitherlink { size: Size::new(width, height), clues };
        let sides = board.side_count();
        let candidates = (0..1u32 << sides)
            .map(|set| (0..sides).map(|s| if set >> s & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 20), "the random grids miss a case: {seen:?}");
}
