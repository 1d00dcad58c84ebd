use multicover::Settings;

use super::home::HOME;
use crate::draw::Ink;
use crate::home::{solves_to_what_its_check_accepts, Board, Home, Size, TaskError};

/// Real puzzles of puzzle-binairo.com (binairo 8x8, binairo-plus 6x6) and
/// the answers the site hashes.
const SMALL: &str = "1b1b1a1d0i0e1d0a0i11b0b1h10";
const SMALL_ANSWER: &str = "1001011011001001011010100011010111010100001010110100110110110010";
const PLUS: &str = "h10i0b1c11d01b|1c2a3d3r1c1a";
const PLUS_ANSWER: &str = "110010001011010101101010001101110100";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

fn read_plus(task: &str) -> Result<Box<dyn Board>, TaskError> {
    crate::binairo_plus::home::HOME.read(task, None)
}

fn solve(board: &dyn Board, limit: usize) -> crate::Solved<String> {
    board.solve(Settings::default(), limit).unwrap().unwrap()
}

#[test]
fn real_puzzles_read_write_back_and_solve_to_the_sites_answers() {
    for (board, task, answer) in
        [(read(SMALL).unwrap(), SMALL, SMALL_ANSWER), (read_plus(PLUS).unwrap(), PLUS, PLUS_ANSWER)]
    {
        assert_eq!(board.task(), task);
        assert_eq!(board.check(answer), Ok(()));
        let solved = solve(&*board, 2);
        assert!(solved.is_unique());
        assert_eq!(solved.solutions, [answer]);
    }
    let board = read(SMALL).unwrap();
    assert_eq!(board.size(), Size::square(8));
    let drawing = board.draw(Some(SMALL_ANSWER));
    assert_eq!(drawing.cells[0].text, Some(("1".into(), Ink::Given)));
    assert_eq!(drawing.cells[1].text, Some(("0".into(), Ink::Answer)));
    // The sign 1 at the first cell: `=` with its right neighbour.
    let plus = read_plus(PLUS).unwrap().draw(None);
    assert_eq!((plus.between[0].a, plus.between[0].b, plus.between[0].sign.as_str()), (0, 1, "="));
    assert!(plus.cells[0].text.is_none());
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    let err_plus = |task: &str| read_plus(task).unwrap_err().0;
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(err("i"), "a 3x3 grid, where a binairo's sides are even");
    assert_eq!(err("2c"), "the given 2 at row 1, column 1 is not 0 or 1");
    assert_eq!(err("aBb"), "`B` at row 1, column 2 is not 0 or 1");
    assert_eq!(err("d|d"), "a `|` and signs, which only binairo-plus has");
    assert_eq!(err_plus("d"), "no `|` between the givens and the signs");
    assert_eq!(err_plus("d|c"), "the signs span 3 cells where a 2x2 grid has 4");
    assert_eq!(err_plus("d|9c"), "the sign 9 at row 1, column 1 is not from 1 to 8");
    assert_eq!(err_plus("d|a1b"), "a sign right of row 1, column 2, on the grid's right edge");
    assert_eq!(err_plus("d|c3"), "a sign below row 2, column 2, on the grid's bottom edge");
    assert_eq!(err_plus("d|!c"), "the signs: `!` at character 1 is not a cell");
    // Read without a panic, whatever a cut leaves.
    for end in 0..SMALL.len() {
        let _ = read(&SMALL[..end]);
    }
    for end in 0..PLUS.len() {
        let _ = read_plus(&PLUS[..end]);
        let _ = read(&PLUS[..end]);
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(SMALL).unwrap();
    let flipped = format!("0{}", &SMALL_ANSWER[1..]);
    assert_eq!(board.check(&flipped), Err("row 1, column 1 was given as 1 but holds 0".into()));
    assert_eq!(board.check("10"), Err("2 characters where a 8x8 grid has 64 cells".into()));
    let empty = read("p").unwrap();
    assert_eq!(empty.check("1111000011110000"), Err("row 1 holds 4 1s and 0 0s".into()));
    assert_eq!(empty.check("0011001111001100"), Err("rows 1 and 2 are alike".into()));
    assert_eq!(empty.check("0101101001011010"), Err("rows 1 and 3 are alike".into()));
    assert_eq!(empty.check("0110100101101001"), Err("rows 1 and 3 are alike".into()));
    // Two rows of four: their columns can only be `01` or `10`.
    let wide = HOME.read("h", Some(Size::new(4, 2))).unwrap();
    assert_eq!(wide.check("01011010"), Err("columns 1 and 3 are alike".into()));
    let six = read("zj").unwrap();
    assert_eq!(six.check(&"000111".repeat(6)), Err("row 1 holds three 0s side by side from 1".into()));
    // In binairo-plus rows may repeat; signs may not be broken.
    let plus = read_plus("p|p").unwrap();
    assert_eq!(plus.check("0011001111001100"), Ok(()));
    let same = read_plus("d|1c").unwrap();
    assert_eq!(
        same.check("1001"),
        Err("row 1, column 1 holds 1 and row 1, column 2 holds 0, against the `=` between them".into())
    );
}

#[test]
fn two_solutions_and_none_are_found_so() {
    let two = solve(&*read("d").unwrap(), 2);
    assert_eq!(two.solutions.len(), 2);
    let all = solve(&*read("d").unwrap(), 3);
    assert!(all.solutions.len() == 2 && all.stats.exhausted);
    let mut found = all.solutions.clone();
    found.sort();
    assert_eq!(found, ["0110", "1001"]);
    let plus_two = solve(&*read_plus("d|2c").unwrap(), 3);
    assert!(plus_two.solutions.len() == 2 && plus_two.stats.exhausted);
    // Two 1s in a row of two; an `=` between the two cells of a row.
    for board in [read("11b").unwrap(), read_plus("d|1c").unwrap()] {
        let none = solve(&*board, 2);
        assert!(none.solutions.is_empty() && none.stats.exhausted);
    }
}

/// The engine's answers on random 4x4 and 6x2 boards (a few givens, and for
/// binairo-plus a few signs) are exactly the fillings the rules' check
/// passes among all 2^16 and 2^12.
#[test]
fn every_answer_and_no_other_on_random_small_boards() {
    use super::{Binairo, Sign};
    let mut rng = crate::rng::Rng::new(3);
    let mut seen = [0usize; 3];
    for round in 0..200 {
        let size = if round % 2 == 0 { Size::square(4) } else { Size::new(6, 2) };
        let cells = size.cells();
        let givens: Vec<Option<u8>> = (0..cells).map(|_| rng.chance(1, 3).then(|| rng.below(2) as u8)).collect();
        let plus = round % 4 < 2;
        let signs = plus.then(|| {
            (0..cells)
                .map(|cell| {
                    let mut sign = || match rng.below(8) {
                        0 => Some(Sign::Same),
                        1 => Some(Sign::Different),
                        _ => None,
                    };
                    let right = if cell % size.width + 1 < size.width { sign() } else { None };
                    let down = if cell + size.width < cells { sign() } else { None };
                    [right, down]
                })
                .collect()
        });
        let board = Binairo { size, givens, signs };
        let candidates = (0..1u32 << cells)
            .map(|set| (0..cells).map(|k| if set >> k & 1 == 1 { '1' } else { '0' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 5), "the random boards miss a case: {seen:?}");
}
