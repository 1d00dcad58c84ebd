use multicover::Settings;

use super::Norinori;
use crate::home::{Board, Size};
use crate::homes::home;
use crate::kind::Kind;

/// A real 6x6 puzzle of the site, and its answer.
const TASK: &str = "1,1,1,2,2,3,1,1,2,2,2,3,1,4,2,2,2,2,4,4,5,5,2,2,6,6,6,6,7,7,6,6,6,6,7,7";
const ANSWER: &str = "nnyynynynnnynynnnnynyynyynnnnynnnyyn";

fn read(task: &str, size: Option<Size>) -> Norinori {
    Norinori::read(task, size).unwrap_or_else(|e| panic!("{task}: {e}"))
}

fn solve(board: &Norinori) -> Vec<String> {
    let solved = board.solve(Settings::default(), 10).unwrap().unwrap();
    assert!(solved.stats.exhausted);
    let mut answers = solved.solutions;
    answers.sort();
    answers
}

#[test]
fn a_real_task_reads_writes_back_and_solves() {
    let board = home(Kind::Norinori).unwrap().read(TASK, None).unwrap();
    assert_eq!(board.task(), TASK);
    assert_eq!(board.size(), Size::square(6));
    board.check(ANSWER).unwrap();
    let solved = board.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.is_unique());
    assert_eq!(solved.solutions, [ANSWER]);
    let drawing = board.draw(Some(ANSWER));
    assert_eq!(drawing.cells.iter().filter(|cell| cell.fill == crate::draw::Fill::Shaded).count(), 14);
    assert!(drawing.wall_between(2, 3) && !drawing.wall_between(0, 1));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let error = |task: &str, size: Option<Size>| Norinori::read(task, size).unwrap_err().0;
    assert!(error("", None).contains("number 1 is ``"));
    assert!(error("1,1,-1,2", None).contains("number 3 is `-1`"));
    assert!(error("1,+1,2,2", None).contains("`+1`"));
    assert!(error("1,1,2", None).contains("no square grid"));
    assert!(error("1,1,2", Some(Size::new(2, 2))).contains("3 cells where a 2x2 grid has 4"));
    for end in 0..=TASK.len() {
        let _ = Norinori::read(&TASK[..end], None);
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(TASK, None);
    assert!(board.check("yn").unwrap_err().contains("2 characters"));
    assert!(board.check(&ANSWER.replace('n', "0")).unwrap_err().contains("row 1, column 1"));
    // Row 1, column 3 unshaded: its partner is left alone.
    let alone = format!("nnn{}", &ANSWER[3..]);
    assert_eq!(
        board.check(&alone).unwrap_err(),
        "the shaded cell at row 1, column 4 has 0 shaded cells beside it, not 1: shaded cells go in dominoes"
    );
    // Row 1, column 2 shaded too: three in a row.
    let three = format!("ny{}", &ANSWER[2..]);
    assert!(board.check(&three).unwrap_err().starts_with("the shaded cell at row 1, column 2 has 2 shaded cells"));
    // Dominoes everywhere right but in too few regions: none shaded.
    assert_eq!(
        board.check(&"n".repeat(36)).unwrap_err(),
        "the region holding row 1, column 1 has 0 shaded cells, not 2"
    );
}

#[test]
fn two_solutions_are_found_and_none_is_none() {
    // One region of three cells in a row: a domino at either end.
    let two = read("1,1,1", Some(Size::new(3, 1)));
    assert_eq!(solve(&two), ["nyy", "yyn"]);
    let solved = two.solve(Settings::default(), 2).unwrap().unwrap();
    assert_eq!(solved.solutions.len(), 2);
    // Two regions of two: each must be its own domino, and the two touch.
    let none = read("1,1,2,2", Some(Size::new(4, 1)));
    assert!(solve(&none).is_empty());
    // A square region: any of its four dominoes.
    assert_eq!(solve(&read("7,7,7,7", None)).len(), 4);
}

/// Grids of the given size cut into regions grown at random to four to
/// eight cells (fewer where they run out of room), as tasks.
fn random_maps(width: usize, height: usize, count: u64) -> Vec<String> {
    (0..count)
        .map(|index| {
            let mut rng = crate::rng::Rng::for_item((width * 100 + height) as u64, index);
            let cells = width * height;
            let mut region = vec![usize::MAX; cells];
            let mut next = 0;
            for start in 0..cells {
                if region[start] != usize::MAX {
                    continue;
                }
                let size = rng.between(4, 8);
                let mut grown = vec![start];
                region[start] = next;
                while grown.len() < size {
                    let from = grown[rng.below(grown.len())];
                    let free: Vec<usize> = [from % width + 1 < width, from + width < cells]
                        .into_iter()
                        .zip([from + 1, from + width])
                        .filter(|&(inside, cell)| inside && region[cell] == usize::MAX)
                        .map(|(_, cell)| cell)
                        .collect();
                    if free.is_empty() {
                        break;
                    }
                    let cell = free[rng.below(free.len())];
                    region[cell] = next;
                    grown.push(cell);
                }
                next += 1;
            }
            region.iter().map(|id| (id + 1).to_string()).collect::<Vec<_>>().join(",")
        })
        .collect()
}

#[test]
fn the_own_solver_finds_what_the_engine_finds_many_or_none() {
    let boards: Vec<(String, Norinori)> = [(4, 4), (5, 4), (5, 5), (6, 6), (8, 7)]
        .into_iter()
        .flat_map(|(width, height)| {
            random_maps(width, height, 30).into_iter().map(move |task| {
                let board = read(&task, Some(Size::new(width, height)));
                (task, board)
            })
        })
        .collect();
    let [none, unique, many] =
        crate::home::own_solver_agrees_with_the_engine(boards.iter().map(|(task, board)| (task.clone(), board as &dyn Board)));
    // The maps try every outcome.
    assert!(none > 0 && unique > 0 && many > 0, "{none} {unique} {many}");
}
