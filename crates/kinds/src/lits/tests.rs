use multicover::Settings;

use super::Lits;
use super::home::HOME;
use crate::draw::Fill;
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 6x6 puzzle of puzzle-lits.com and the answer the site hashes.
const REAL: &str = "1,2,3,3,3,3,1,2,2,2,2,3,1,4,2,5,2,5,1,4,4,5,5,5,1,4,6,5,6,5,1,4,6,6,6,6";
const REAL_ANSWER: &str = "ynnyyyyyyynyynynnyyyynyynynnnynyyyyy";

/// A real 8x8 puzzle.
const REAL_8: &str = "1,1,1,2,2,2,2,3,4,1,5,6,2,7,7,3,4,5,5,6,6,7,7,3,4,5,8,6,6,7,3,3,4,5,8,8,8,8,8,3,4,9,9,10,10,10,3,3,4,9,9,10,10,10,11,11,4,9,9,10,11,11,11,11";
const REAL_8_ANSWER: &str = "yyyyyyynnynynnynnyyyyyyynynynynyyyyyyynyynynynnyynyyyynyyyynnyyy";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(6), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[0].fill, Fill::Shaded);
    assert_eq!(drawing.cells[1].fill, Fill::Blank);
    assert_eq!(drawing.regions.unwrap()[..6], [1, 2, 3, 3, 3, 3]);
    real_puzzle(&HOME, REAL_8, Size::square(8), REAL_8_ANSWER);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("1,2,x,4"), "region id number 3 is `x`, not a number as the site writes it");
    assert_eq!(err("1,2,,4"), "region id number 3 is ``, not a number as the site writes it");
    assert_eq!(err("1,02,3,4"), "region id number 2 is `02`, not a number as the site writes it");
    assert_eq!(err("1,2,3"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(HOME.read("1,1,1,1,2,2,2,2", Some(Size::new(4, 2))).unwrap().task(), "1,1,1,1,2,2,2,2");
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 6x6 grid has 36 cells");
    assert_eq!(board.check(&"n".repeat(36)).unwrap_err(), "the region holding row 1, column 1 has 0 shaded cells, not 4");
    let shape = |task: &str, size: Size, answer: &str| HOME.read(task, Some(size)).unwrap().check(answer);
    let one = Size::new(4, 2);
    let region = "1,1,1,1,1,1,1,1";
    assert_eq!(shape(region, one, "yyyynnnn"), Ok(()));
    assert_eq!(shape(region, one, "yyynynnn"), Ok(()));
    assert_eq!(shape(region, one, "yynnnyyn"), Ok(()));
    assert_eq!(shape(region, one, "yyynnynn"), Ok(()));
    assert_eq!(
        shape(region, one, "yynnyynn").unwrap_err(),
        "the shaded cells of the region holding row 1, column 1 are a square, not an L, I, T or S"
    );
    assert_eq!(
        shape(region, one, "yynynnyn").unwrap_err(),
        "the shaded cells of the region holding row 1, column 1 are not joined side by side, not an L, I, T or S"
    );
    // Two regions side by side, an I in each.
    let two = Size::new(4, 2);
    assert_eq!(shape("1,1,1,1,2,2,2,2", two, "yyyyyyyy").unwrap_err(), "two Is touch at row 1, column 1 and row 2, column 1");
    // A T and an S side by side, making a square between them.
    let board = HOME.read("1,1,2,2,1,1,2,2,1,1,2,2", Some(Size::new(4, 3))).unwrap();
    assert_eq!(board.check("nyynyyyynyny").unwrap_err(), "the two-by-two square from row 1, column 2 is all shaded");
    // The shaded cells of two regions apart.
    let apart = HOME.read("1,1,1,1,2,2,2,2,3,3,3,3", Some(Size::new(4, 3))).unwrap();
    assert_eq!(
        apart.check("yyyynnnnyyyy").unwrap_err(),
        "the region holding row 2, column 1 has 0 shaded cells, not 4"
    );
    let board = HOME.read("1,1,1,2,2,2,1,1,1,2,2,2", Some(Size::new(6, 2))).unwrap();
    assert_eq!(
        board.check("yyynnyynnyyy").unwrap_err(),
        "the shaded cell at row 1, column 6 cannot reach the one at row 1, column 1: the shaded cells must be connected"
    );
}

/// One region of 4 cells in a 2x2 grid: only the square fits, and it is no
/// LITS shape. No answer.
#[test]
fn the_square_is_no_shape() {
    let board = read("1,1,1,1").unwrap();
    assert!(board.check("yyyy").unwrap_err().contains("a square"));
    let none = board.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

/// A random cut of a `width` by `height` grid into regions of 5 to 8
/// cells, grown from random seeds.
fn random_board(rng: &mut crate::rng::Rng, width: usize, height: usize) -> Lits {
    let cells = width * height;
    let mut region = vec![usize::MAX; cells];
    let mut next = 0;
    while let Some(start) = region.iter().position(|&r| r == usize::MAX) {
        let target = rng.between(5, 8);
        let mut members = vec![start];
        region[start] = next;
        while members.len() < target {
            let frontier: Vec<usize> = members
                .iter()
                .flat_map(|&c| Size::new(width, height).neighbours(c))
                .filter(|&c| region[c] == usize::MAX)
                .collect();
            if frontier.is_empty() {
                break;
            }
            let pick = frontier[rng.below(frontier.len())];
            region[pick] = next;
            members.push(pick);
        }
        next += 1;
    }
    let task: Vec<String> = region.iter().map(|r| (r + 1).to_string()).collect();
    Lits::read(&task.join(","), Some(Size::new(width, height))).unwrap()
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every shading.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(31);
    let mut seen = [0usize; 3];
    for _ in 0..500 {
        let (width, height) = (rng.between(3, 4), rng.between(3, 4));
        let board = random_board(&mut rng, width, height);
        let cells = width * height;
        // Every shading with four cells in each region (the check refuses
        // all others at once, so they need not be tried).
        let masks: Vec<u32> = (0..board.region_count())
            .map(|r| (0..cells).filter(|&c| board.regions()[c] == r).fold(0, |m, c| m | 1 << c))
            .collect();
        let candidates = (0..1u32 << cells)
            .filter(|set| masks.iter().all(|m| (set & m).count_ones() == 4))
            .map(|set| (0..cells).map(|c| if set >> c & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    // Random regions seldom leave exactly one answer (a few in a hundred).
    assert!(seen[0] >= 20 && seen[1] >= 2 && seen[2] >= 20, "the random grids miss a case: {seen:?}");
}
