use super::Galaxies;
use super::home::HOME;
use crate::draw::Mark;
use crate::home::{Board, Home, Size, TaskError, real_puzzle, solves_to_what_its_check_accepts};

/// Real puzzles of puzzle-galaxies.com (5x5 and 7x7) and the answers the
/// site hashes.
const REAL: &str = "meunnfh";
const REAL_ANSWER: &str = "nnnnnyyyyyyyynnynnyynnnynnnynnynnnynynny";
const REAL_7: &str = "atjjjjzzkfczk";
const REAL_7_ANSWER: &str =
    "yynnnnnnnnyynnyyyyynnynnnnyynnnnnnnnnnnyynynynynnyynynnynyynnnnyynynnynnynnynnynnnyy";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(5), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    // `m`: 12 points without a dot, then the first dot, at lattice row 1
    // and column 3 (from 0): the corner of the cells of rows 1 and 2 and
    // columns 2 and 3 (from 1).
    assert_eq!(drawing.cells[1].mark, Some(Mark::Dot));
    assert_eq!(drawing.cells[2].mark, Some(Mark::Dot));
    assert_eq!(drawing.cells[6].mark, Some(Mark::Dot));
    assert_eq!(drawing.cells[7].mark, Some(Mark::Dot));
    assert_eq!(drawing.regions.as_ref().map(|r| r.iter().max().copied()), Some(Some(6)));
    real_puzzle(&HOME, REAL_7, Size::square(7), REAL_7_ANSWER);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("ab1"), "`1` at character 3 is no galaxies run");
    assert_eq!(err(""), "`` has no dot, and the page's width and height are not known");
    assert_eq!(err("az"), "the task ends with `z`: the points after the last dot are not written");
    assert_eq!(
        HOME.read("zza", Some(Size::square(3))).unwrap_err().0,
        "a dot at point 51 where a 3x3 grid has 25 points"
    );
    assert_eq!(HOME.read("ag", Some(Size::new(3, 2))).unwrap().task(), "ag");
    assert_eq!(read("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzza").unwrap().size(), Size::square(16));
    for end in 0..REAL_7.len() {
        if let Ok(board) = read(&REAL_7[..end]) {
            assert_eq!(board.task(), &REAL_7[..end]);
        }
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 5x5 grid has 40 sides between cells");
    assert_eq!(
        board.check(&format!("x{}", &REAL_ANSWER[1..])).unwrap_err(),
        "`x` at character 1 is not `y` or `n`"
    );
    // No walls at all: one region with every dot.
    assert!(board.check(&"n".repeat(40)).unwrap_err().contains("holds two dots"));
    // A 2x1 grid, a dot in each cell or one between them.
    let two = HOME.read("ab", Some(Size::new(2, 1))).unwrap();
    assert_eq!(two.check("y"), Ok(()));
    let between = HOME.read("b", Some(Size::new(2, 1))).unwrap();
    assert_eq!(between.check("y").unwrap_err(), "a wall runs through the dot at row 1, column 1");
    assert_eq!(between.check("n"), Ok(()));
    let one = HOME.read("a", Some(Size::new(2, 1))).unwrap();
    assert_eq!(
        one.check("n").unwrap_err(),
        "the region of the dot at row 1, column 1 is not the same turned round it: it holds row 1, column 2 but not its opposite"
    );
    // A 2x2 grid, a dot in the top left cell, a wall only below it.
    let corner = HOME.read("a", Some(Size::square(2))).unwrap();
    assert_eq!(
        corner.check("ynnn").unwrap_err(),
        "the wall between row 1, column 1 and row 2, column 1 stands inside a region"
    );
    assert_eq!(corner.check("yyyy").unwrap_err(), "the region at row 1, column 2 holds no dot");
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every set of walls. (Random dots on grids this
/// small seldom leave two answers: those with none and one are counted.)
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(41);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (width, height) = (rng.between(2, 4), rng.between(1, 3));
        let size = Size::new(width, height);
        let (rows, columns) = (2 * height - 1, 2 * width - 1);
        let mut points: Vec<usize> = (0..rng.between(1, 4)).map(|_| rng.between(0, rows * columns - 1)).collect();
        points.sort_unstable();
        points.dedup();
        let board = Galaxies { size, dots: points.iter().map(|&p| (p / columns, p % columns)).collect() };
        let sides = width * (height - 1) + height * (width - 1);
        let candidates = (0..1u32 << sides)
            .map(|set| (0..sides).map(|s| if set >> s & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen[0] >= 10 && seen[1] >= 10, "the random grids miss a case: {seen:?}");
}
