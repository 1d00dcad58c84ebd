use multicover::Settings;

use super::YinYang;
use super::home::HOME;
use crate::draw::{Fill, Mark};
use crate::home::{Board, Home, Size, TaskError, prefixes_write_back, real_puzzle, solves_to_what_its_check_accepts};

/// A real 6x6 puzzle of puzzle-yin-yang.com and the answer the site hashes.
const REAL: &str = "BlBaBaBaWcWWbWh";
const REAL_ANSWER: &str = "111111000001011111001010011010000000";

fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
    HOME.read(task, None)
}

#[test]
fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
    let board = real_puzzle(&HOME, REAL, Size::square(6), REAL_ANSWER);
    let drawing = board.draw(Some(REAL_ANSWER));
    assert_eq!(drawing.cells[0].mark, Some(Mark::BlackCircle));
    assert!(drawing.cells[0].given_mark);
    assert_eq!(drawing.cells[0].fill, Fill::Shaded);
    assert_eq!(drawing.cells[6].fill, Fill::Blank);
    assert_eq!(drawing.cells[1].mark, None);
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let err = |task: &str| read(task).unwrap_err().0;
    assert_eq!(err("cX"), "`X` at row 2, column 2 is no cell of yin-yang (`B` black, `W` white)");
    assert_eq!(err("c1"), "the number 1 at row 2, column 2 is no cell of yin-yang (`B` black, `W` white)");
    assert_eq!(err("c"), "3 cells make no square grid, and the page's width and height are not known");
    assert_eq!(HOME.read("BaWc", Some(Size::new(3, 2))).unwrap().task(), "BaWc");
    prefixes_write_back(&HOME, REAL);
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(REAL).unwrap();
    assert_eq!(board.check("10").unwrap_err(), "2 characters where a 6x6 grid has 36 cells");
    assert_eq!(board.check(&"y".repeat(36)).unwrap_err(), "`y` at row 1, column 1 is not one of `01`");
    assert_eq!(
        board.check(&format!("0{}", &REAL_ANSWER[1..])).unwrap_err(),
        "the cell at row 1, column 1 is given black, not white"
    );
    let open = read("i").unwrap();
    assert_eq!(open.check("111111111").unwrap_err(), "the two-by-two square from row 1, column 1 is all black");
    assert_eq!(open.check("100000001").unwrap_err(), "the two-by-two square from row 1, column 2 is all white");
    assert_eq!(
        open.check("010101010").unwrap_err(),
        "the black cell at row 2, column 1 cannot reach the one at row 1, column 2: each colour must be connected"
    );
}

/// 2x2 with two blacks given on one diagonal: by the squares alone the
/// other two cells may be anything but both black; the rules leave only
/// the ways that join the blacks and keep the whites joined.
#[test]
fn the_connectivity_rules_refuse_what_the_squares_accept() {
    let board = read("BaaB").unwrap();
    // Both white: a checkerboard, neither colour joined.
    assert!(board.check("1001").unwrap_err().ends_with("each colour must be connected"));
    let solved = board.solve(Settings::default(), 5).unwrap().unwrap();
    let mut found = solved.solutions;
    found.sort();
    assert_eq!(found, ["1011", "1101"]);
}

#[test]
fn the_ring_goes_round_the_grid_once() {
    let board = YinYang { size: Size::new(3, 2), given: vec![None; 6] };
    assert_eq!(board.ring(), [0, 1, 2, 5, 4, 3]);
    let board = YinYang { size: Size::new(4, 3), given: vec![None; 12] };
    assert_eq!(board.ring(), [0, 1, 2, 3, 7, 11, 10, 9, 8, 4]);
    assert!(YinYang { size: Size::new(1, 3), given: vec![None; 3] }.ring().is_empty());
}

/// Black, white, black, white in that order round the ring: no answer, and
/// the ring's rule sees it with no search.
#[test]
fn two_runs_of_each_colour_round_the_ring_have_no_answer() {
    let board = read("BaWcWaB").unwrap();
    assert!(board.check("100010001").unwrap_err().ends_with("each colour must be connected"));
    let solved = board.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.solutions.is_empty() && solved.stats.exhausted);
    assert_eq!(solved.stats.nodes, 0);
}

/// Every real puzzle of the family's fixtures solves to the site's answer
/// with no branch: propagation and probing at the root settle it (the
/// 20x20 and 25x25 took minutes of search before the ring's rule).
#[test]
fn every_real_puzzle_is_settled_with_no_branch() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/family/states.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let mut sides = Vec::new();
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        if value["kind"] != "yin-yang" {
            continue;
        }
        let (task, answer) = (value["task"].as_str().unwrap(), value["answer"].as_str().unwrap());
        let side = (answer.len() as f64).sqrt() as usize;
        let board = real_puzzle(&HOME, task, Size::square(side), answer);
        let solved = board.solve(Settings::default(), 2).unwrap().unwrap();
        assert_eq!(solved.stats.nodes, 0, "{task}");
        sides.push(side);
    }
    sides.sort();
    assert_eq!(sides, [6, 6, 10, 20, 25]);
}

/// The engine's answers on random small grids are exactly those that pass
/// the rules' check among every colouring.
#[test]
fn every_answer_and_no_other_on_random_small_grids() {
    let mut rng = crate::rng::Rng::new(31);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (width, height) = (rng.between(2, 4), rng.between(2, 3));
        let cells = width * height;
        let given = (0..cells).map(|_| rng.chance(2, 3).then(|| rng.chance(1, 2))).collect();
        let board = YinYang { size: Size::new(width, height), given };
        let candidates = (0..1u32 << cells)
            .map(|set| (0..cells).map(|c| if set >> c & 1 == 1 { '1' } else { '0' }).collect::<String>());
        seen[solves_to_what_its_check_accepts(&board, candidates)] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 20), "the random grids miss a case: {seen:?}");
}
