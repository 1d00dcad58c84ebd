use multicover::Settings;

use super::{StarBattle, stars_for_side};
use crate::home::{Board, Size};
use crate::homes::home;
use crate::kind::Kind;

/// A real 5x5 puzzle of the site, and its answer.
const TASK: &str = "1,1,1,2,2,3,3,4,2,5,3,4,4,2,5,4,4,5,5,5,4,4,5,5,5";
const ANSWER: &str = "nnynnynnnnnnnynnynnnnnnny";

fn read(task: &str) -> StarBattle {
    StarBattle::read(task, None).unwrap_or_else(|e| panic!("{task}: {e}"))
}

#[test]
fn the_stars_follow_the_side_as_the_site_sets_them() {
    let sizes = [(5, 1), (6, 1), (8, 1), (10, 2), (14, 3), (17, 4), (21, 5), (25, 6)];
    for (side, stars) in sizes {
        assert_eq!(stars_for_side(side), stars, "{side}x{side}");
    }
}

#[test]
fn a_real_task_reads_writes_back_and_solves() {
    let board = home(Kind::StarBattle).unwrap().read(TASK, None).unwrap();
    assert_eq!(board.task(), TASK);
    assert_eq!(board.size(), Size::square(5));
    board.check(ANSWER).unwrap();
    let solved = board.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.is_unique());
    assert_eq!(solved.solutions, [ANSWER]);
    let drawing = board.draw(Some(ANSWER));
    assert_eq!(drawing.cells.iter().filter(|cell| cell.mark.is_some()).count(), 5);
    assert!(drawing.wall_between(0, 5) && !drawing.wall_between(0, 1));
}

#[test]
fn malformed_tasks_are_errors_that_say_what() {
    let error = |task: &str, size: Option<Size>| StarBattle::read(task, size).unwrap_err().0;
    assert!(error("", None).contains("number 1 is ``"), "{}", error("", None));
    assert!(error("1,1,x,2", None).contains("number 3 is `x`"));
    assert!(error("1,1,,2", None).contains("number 3 is ``"));
    assert!(error("1,01,2,2", None).contains("`01`"));
    assert!(error("1, 1,2,2", None).contains("` 1`"));
    assert!(error("1,1,2", None).contains("no square grid"));
    assert!(error("1,1,2,2,1,2", Some(Size::new(3, 2))).contains("square"));
    assert!(error("1,1,1,1", None).contains("2 regions, not 1"));
    // Truncated anywhere, a real task reads or is refused, never panics.
    for end in 0..=TASK.len() {
        let _ = StarBattle::read(&TASK[..end], None);
    }
}

#[test]
fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
    let board = read(TASK);
    assert!(board.check("nnyn").unwrap_err().contains("4 characters"));
    assert!(board.check(&ANSWER.replace('y', "x")).unwrap_err().contains("row 1, column 3"));
    // A star beside another.
    let mut touching = ANSWER.to_string();
    touching.replace_range(1..2, "y");
    assert!(board.check(&touching).unwrap_err().contains("touch, at row 1, column 2 and row 1, column 3"));
    // Row 1's star moved from column 3 to 5: column 3 is left empty.
    let moved = format!("nnnny{}", &ANSWER[5..]);
    assert_eq!(board.check(&moved).unwrap_err(), "column 3 holds 0 stars, not 1");
    assert_eq!(board.check(&"n".repeat(25)).unwrap_err(), "row 1 holds 0 stars, not 1");
    // Stars right by rows and columns, two of them in one region.
    let regions = read("1,1,1,1,1,1,1,1,2,2,3,3,2,4,4,4");
    assert_eq!(
        regions.check("nynnnnnyynnnnnyn").unwrap_err(),
        "the region holding row 1, column 1 holds 2 stars, not 1"
    );
}

#[test]
fn two_solutions_are_found_and_none_is_none() {
    // Each row a region of a 4x4 grid: the two ways to set four stars
    // one to a row and column with none touching (2413 and 3142).
    let two = read("1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4");
    let solved = two.solve(Settings::default(), 2).unwrap().unwrap();
    assert_eq!(solved.solutions.len(), 2);
    for answer in &solved.solutions {
        two.check(answer).unwrap();
    }
    // On 3x3, three stars one to a row and column always touch.
    let none = read("1,1,1,2,2,2,3,3,3");
    let solved = none.solve(Settings::default(), 2).unwrap().unwrap();
    assert!(solved.solutions.is_empty() && solved.stats.exhausted);
}

/// Region maps grown at random from `side` seed cells, as tasks.
fn random_maps(side: usize, count: u64) -> Vec<String> {
    (0..count)
        .map(|index| {
            let mut rng = crate::rng::Rng::for_item(side as u64, index);
            let cells = side * side;
            let mut region = vec![usize::MAX; cells];
            let mut seeds: Vec<usize> = (0..cells).collect();
            rng.shuffle(&mut seeds);
            for (id, &cell) in seeds[..side].iter().enumerate() {
                region[cell] = id;
            }
            while region.contains(&usize::MAX) {
                let cell = rng.below(cells);
                let (row, col) = (cell / side, cell % side);
                let beside = [(row > 0).then(|| cell - side), (col > 0).then(|| cell - 1)]
                    .into_iter()
                    .chain([(col + 1 < side).then_some(cell + 1), (row + 1 < side).then_some(cell + side)])
                    .flatten()
                    .find(|&other| region[other] != usize::MAX);
                if let (usize::MAX, Some(other)) = (region[cell], beside) {
                    region[cell] = region[other];
                }
            }
            region.iter().map(|id| (id + 1).to_string()).collect::<Vec<_>>().join(",")
        })
        .collect()
}

#[test]
fn the_own_solver_finds_what_the_engine_finds_many_or_none() {
    let boards: Vec<(String, StarBattle)> = [4, 5, 6, 7, 8, 10]
        .into_iter()
        .flat_map(|side| {
            random_maps(side, 30).into_iter().map(|task| {
                let board = read(&task);
                (task, board)
            })
        })
        .collect();
    let [none, unique, many] =
        crate::home::own_solver_agrees_with_the_engine(boards.iter().map(|(task, board)| (task.clone(), board as &dyn Board)));
    // The maps try every outcome.
    assert!(none > 0 && unique > 0 && many > 0, "{none} {unique} {many}");
}
