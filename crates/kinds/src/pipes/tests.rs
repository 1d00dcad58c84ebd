use super::home::HOME;
use super::{Edges, Pipes};
use crate::home::{Board, Home, Size, TaskError, real_puzzle, solves_to_what_its_check_accepts};

/// A real 4x4 puzzle of puzzle-pipes.com, and a 4x4 of its wrapping
/// classes, with the answers the site hashes.
const REAL: &str = "9ae8897269d38878";
const REAL_ANSWER: &str = "0113201222112103";
const REAL_WRAP: &str = "c68445bc57b34a64";
const REAL_WRAP_ANSWER: &str = "1101310300232103";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(4), REAL_ANSWER);
    // 16 tiles joined as a tree: 15 links.
    assert_eq!(board.draw(Some(REAL_ANSWER)).lines.len(), 15);
    let wrap = real_puzzle(&HOME, REAL_WRAP, Size::square(4), REAL_WRAP_ANSWER);
    assert!(wrap.draw(Some(REAL_WRAP_ANSWER)).lines.len() < 15);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("123g"), "`g` at row 2, column 2 is no pipe tile (a hex digit `1`..`f`)");
    assert_eq!(err("1230"), "`0` at row 2, column 2 is no pipe tile (a hex digit `1`..`f`)");
    assert_eq!(err("123A"), "`A` at row 2, column 2 is no pipe tile (a hex digit `1`..`f`)");
    assert_eq!(err("123"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(HOME.read("1a4", Some(Size::new(3, 1))).unwrap().task(), "1a4");
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("01").unwrap_err(), "2 characters where a 4x4 grid has 16 cells");
    assert_eq!(
        board.check(&format!("4{}", &REAL_ANSWER[1..])).unwrap_err(),
        "`4` at row 1, column 1 is not a number of turns (0..3)"
    );
    let plain = Pipes { edges: Edges::Plain, ..Pipes::read(REAL, None).unwrap() };
    // The first tile (9: right and down) turned once points up, off the grid.
    assert_eq!(
        plain.check(&format!("1{}", &REAL_ANSWER[1..])).unwrap_err(),
        "the pipe of the tile at row 1, column 1 toward above ends open"
    );
    // A straight pipe (5: right and left) turned twice is as it was.
    let row = Pipes { edges: Edges::Plain, ..Pipes::read("151", Some(Size::new(3, 1))).unwrap() };
    assert_eq!(row.check("022").unwrap_err(), "the tile at row 1, column 2 is turned 2 times where 0 gives the same shape");
    assert_eq!(row.check("002"), Ok(()));
    // Two ends facing each other, twice: two networks.
    let apart = Pipes { edges: Edges::Plain, ..Pipes::read("1414", Some(Size::new(2, 2))).unwrap() };
    assert_eq!(
        apart.check("0000").unwrap_err(),
        "the tile at row 2, column 1 is not joined to the one at row 1, column 1: the pipes must make one network"
    );
    // Four corners in a square: a loop.
    let ring = Pipes { edges: Edges::Plain, ..Pipes::read("9c36", Some(Size::new(2, 2))).unwrap() };
    assert_eq!(ring.check("0000").unwrap_err(), "the pipes make a loop through row 2, column 1");
    // By the wrapping rules a pipe may leave at one edge and come back at
    // the other: two straight pipes in a row of two make a loop so, and
    // by the plain rules end open.
    let wrap = Pipes { edges: Edges::Wrap, ..Pipes::read("55", Some(Size::new(2, 1))).unwrap() };
    assert_eq!(wrap.check("00").unwrap_err(), "the pipes make a loop through row 1, column 1");
    let plain = Pipes { edges: Edges::Plain, ..wrap.clone() };
    assert!(plain.check("00").unwrap_err().ends_with("ends open"));
}

/// The engine's answers on random small grids, plain and wrapping, are
/// exactly those that pass the rules' check among every turning of each
/// tile to each of its distinct shapes (the check refuses any other). Each
/// grid's tiles are a random tree's (spanning the grid by random links,
/// across the edges too where it wraps), scrambled, so most have answers.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(37);
    let mut seen = [0usize; 3];
    for round in 0..300 {
        let wrap = round % 2 == 1;
        let (width, height) = (rng.between(2, 4), 2);
        let size = Size::new(width, height);
        let cells = size.cells();
        let blank = Pipes { size, tiles: vec![0; cells], edges: Edges::Plain };
        // A random spanning tree by random links between unjoined parts.
        let mut tiles = vec![0u8; cells];
        let mut joined = crate::disjoint_sets::DisjointSets::new(cells);
        let mut links = 0;
        while links + 1 < cells {
            let cell = rng.between(0, cells - 1);
            let d = rng.between(0, 3);
            if let Some(other) = blank.next(cell, d, wrap)
                && joined.union(cell, other)
            {
                tiles[cell] |= 1 << d;
                tiles[other] |= 1 << ((d + 2) % 4);
                links += 1;
            }
        }
        // Now and then a tile changed, so that some grids have no answer.
        if rng.chance(1, 4) {
            let cell = rng.between(0, cells - 1);
            tiles[cell] = rng.between(1, 15) as u8;
        }
        let tiles = tiles.iter().map(|&t| super::turned(t, rng.between(0, 3) as u8)).collect();
        let board = Pipes { size, tiles, edges: if wrap { Edges::Wrap } else { Edges::Plain } };
        let shapes: Vec<Vec<(u8, u8)>> = (0..cells).map(|c| board.shapes(c)).collect();
        let total: usize = shapes.iter().map(Vec::len).product();
        let candidates = (0..total).map(|mut code| {
            shapes
                .iter()
                .map(|s| {
                    let (turns, _) = s[code % s.len()];
                    code /= s.len();
                    char::from(b'0' + turns)
                })
                .collect::<String>()
        });
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 10), "the random grids miss a case: {seen:?}");
}
