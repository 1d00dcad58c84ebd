use multicover::Settings;

use super::Tapa;
use super::encode::runs_of;
use super::home::HOME;
use crate::draw::{Fill, Ink};
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 6x6 puzzle of puzzle-tapa.com and the answer the site hashes.
const REAL: &str = "b12_12c15b7g5d5g5b4a";
const REAL_ANSWER: &str = "yynnyyynyynyyynyyynynnynyyyyyyynynny";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(6), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[0].fill, Fill::Shaded);
    assert_eq!(drawing.cells[2].fill, Fill::Blank);
    assert_eq!(drawing.cells[2].text, Some(("1 2".into(), Ink::Given)));
    assert_eq!(drawing.cells[3].text, Some(("1 2".into(), Ink::Given)));
    assert_eq!(drawing.cells[10].text, Some(("7".into(), Ink::Given)));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("c9e"), "the clue 9 at row 2, column 1: no ring of eight cells has such runs");
    assert_eq!(err("c10e"), "the clue 10 at row 2, column 1: no ring of eight cells has such runs");
    assert_eq!(err("c44e"), "the clue 44 at row 2, column 1: no ring of eight cells has such runs");
    assert_eq!(err("cBe"), "`B` at row 2, column 1 is no cell of tapa (a clue or a blank)");
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    for fits in ["c8e", "c0e", "c1111e", "c24e", "c122e"] {
        assert_eq!(read(fits).unwrap().task(), fits);
    }
    assert_eq!(HOME.read("a1_2c", Some(Size::new(3, 2))).unwrap().task(), "a1_2c");
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("yn").unwrap_err(), "2 characters where a 6x6 grid has 36 cells");
    assert_eq!(board.check(&"n".repeat(36)).unwrap_err(), "the clue 1 2 at row 1, column 3 sees runs of 0 round it");
    let mut clue_shaded = REAL_ANSWER.to_string();
    clue_shaded.replace_range(2..3, "y");
    assert_eq!(board.check(&clue_shaded).unwrap_err(), "the clue cell at row 1, column 3 is shaded");
    // A 3 in the middle of a 3x3 grid: runs round the ring, across its
    // start (up left) too.
    let three = HOME.read("d3d", Some(Size::square(3))).unwrap();
    assert_eq!(three.check("yynynnnnn"), Ok(()));
    assert_eq!(three.check("yynnnnnyn").unwrap_err(), "the clue 3 at row 2, column 2 sees runs of 1 2 round it");
    let square = HOME.read("ef2", Some(Size::new(4, 3))).unwrap();
    assert_eq!(square.check("nnnnyyynyyyn").unwrap_err(), "the two-by-two square from row 2, column 1 is all shaded");
    let apart = HOME.read("a11b", Some(Size::new(4, 1))).unwrap();
    assert_eq!(
        apart.check("ynyn").unwrap_err(),
        "the shaded cell at row 1, column 3 cannot reach the one at row 1, column 1: the shaded cells must be connected"
    );
}

/// A clue 1 1 in a 3x1 grid's middle: both ends shaded, apart. No answer.
#[test]
fn the_connectivity_rule_refuses_what_the_clues_accept() {
    let board = HOME.read("a11a", Some(Size::new(3, 1))).unwrap();
    assert!(board.check("yny").unwrap_err().ends_with("the shaded cells must be connected"));
    let none = board.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(none.solutions.is_empty() && none.stats.exhausted);
}

/// A small board whose clues are read off a random shading at a few random
/// cells (made unshaded), so it has an answer more often than not.
fn random_board(rng: &mut crate::rng::Rng, width: usize, height: usize) -> Tapa {
    let cells = width * height;
    let mut shaded: Vec<bool> = (0..cells).map(|_| rng.chance(1, 2)).collect();
    let clue_cells: Vec<usize> = (0..rng.between(1, 4)).map(|_| rng.below(cells)).collect();
    for &c in &clue_cells {
        shaded[c] = false;
    }
    let blank = Tapa { size: Size::new(width, height), clues: vec![None; cells] };
    let mut clues = vec![None; cells];
    for &c in &clue_cells {
        let bits = blank.ring(c).iter().enumerate().fold(0u8, |m, (i, place)| match place {
            Some(p) if shaded[*p] => m | 1 << i,
            _ => m,
        });
        clues[c] = Some(runs_of(bits));
    }
    Tapa { size: Size::new(width, height), clues }
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every shading.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(37);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (width, height) = (rng.between(2, 4), rng.between(2, 4));
        let board = random_board(&mut rng, width, height);
        let cells = width * height;
        // Every shading that leaves the clue cells unshaded (the check
        // refuses the others at once).
        let clue_mask = (0..cells).filter(|&c| board.clues[c].is_some()).fold(0u32, |m, c| m | 1 << c);
        let candidates = (0..1u32 << cells)
            .filter(|set| set & clue_mask == 0)
            .map(|set| (0..cells).map(|c| if set >> c & 1 == 1 { 'y' } else { 'n' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 20), "the random grids miss a case: {seen:?}");
}
