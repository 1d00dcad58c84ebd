//! Sudoku's home: puzzle-sudoku.com's task and answer on the kind's own
//! [`Grid`], solver and [`verify`], behind the family's one interface
//! ([`crate::home`]).
//!
//! The task is the 81 cells in run-length form (`a`..`z` for 1..26 blanks,
//! a digit for a given, `_` between two givens side by side); the answer
//! is the 81 digits, comma-separated.

use multicover::Settings;

use super::{CELLS, Grid, Method, box_of, solve, verify};
use crate::Solved;
use crate::draw::Drawing;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::latin::{LatinSquare, givens_tokens, read_answer, read_givens, write_answer};
use crate::task::{Numbers, grid_size, run_length, write_run_length};

/// The grid's side.
const SIDE: usize = 9;

pub(crate) static HOME: HomeOf<SudokuBoard> = HomeOf::new();

impl ReadTask for SudokuBoard {
    const KIND: Kind = Kind::Sudoku;

    fn read_task(task: &str, size: Option<Size>) -> Result<SudokuBoard, TaskError> {
        SudokuBoard::read(task, size)
    }
}

/// A puzzle of puzzle-sudoku.com: its givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuBoard {
    puzzle: Grid,
}

impl SudokuBoard {
    /// Reads the site's task (see the module's documentation).
    pub fn read(task: &str, size: Option<Size>) -> Result<SudokuBoard, TaskError> {
        let tokens = run_length(task, Numbers::Run)?;
        let size = grid_size(tokens.len(), size)?;
        if size != Size::square(SIDE) {
            return Err(TaskError::new(format!("a {size} grid where a sudoku is 9x9")));
        }
        let givens = read_givens(&tokens, SIDE)?;
        let cells: [u8; CELLS] = givens.try_into().expect("81 cells");
        Ok(SudokuBoard { puzzle: Grid::from_cells(cells).expect("digits from 1 to 9") })
    }

    /// The givens, as the archive keeps a Sudoku.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }
}

/// A Sudoku's givens as the site's board: what the site's task is written
/// from.
impl From<Grid> for SudokuBoard {
    fn from(puzzle: Grid) -> SudokuBoard {
        SudokuBoard { puzzle }
    }
}

/// A solved grid as the site's answer form writes it: its digits, row by
/// row, joined by commas.
pub fn answer(solution: &Grid) -> String {
    write_answer(solution.cells())
}

/// An answer string as a grid.
fn solution(answer: &str) -> Result<Grid, String> {
    let digits = read_answer(answer, SIDE)?;
    let cells: [u8; CELLS] = digits.try_into().expect("81 cells");
    Ok(Grid::from_cells(cells).expect("digits from 1 to 9"))
}

impl Board for SudokuBoard {
    fn kind(&self) -> Kind {
        Kind::Sudoku
    }

    fn size(&self) -> Size {
        Size::square(SIDE)
    }

    fn task(&self) -> String {
        write_run_length(&givens_tokens(self.puzzle.cells()), Numbers::Run)
    }

    /// The kind's exact-cover model on the engine, with these settings;
    /// every grid it finds has passed [`verify`].
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        Some(match solve(&self.puzzle, limit, Method::Engine(settings)) {
            Ok(solved) => Ok(Solved {
                solutions: solved.solutions.iter().map(|grid| write_answer(grid.cells())).collect(),
                stats: solved.stats,
            }),
            Err(err) => Err(SolveError { kind: Kind::Sudoku, answer: String::new(), why: err.to_string() }),
        })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        verify(&self.puzzle, &solution(answer)?).map_err(|violation| violation.to_string())
    }

    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(SIDE, SIDE);
        let boxes: Vec<usize> = (0..CELLS).map(|i| box_of(i / SIDE, i % SIDE)).collect();
        drawing.regions = Some(boxes.iter().map(|&b| b as u32).collect());
        let square = LatinSquare::new(SIDE, boxes, self.puzzle.cells().to_vec(), "box").expect("nine boxes of nine");
        square.draw_digits(&mut drawing, answer);
        drawing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::home::Home;

    /// A real puzzle of puzzle-sudoku.com and the answer the site hashes.
    const TASK: &str = "d7e4e1a7a6_4a8_9a5_9_8_3_6a7_1_5_2_2g4_1_6_4_2a9_3_7_8_6a7_1a4_8a9a3e4e9d";
    const ANSWER: &str = "3,9,1,5,7,2,4,8,6,5,4,8,9,6,3,2,1,7,7,2,6,4,1,8,9,3,5,9,8,3,6,4,7,1,5,2,2,7,5,3,8,1,\
                          6,9,4,1,6,4,2,5,9,3,7,8,6,5,7,1,3,4,8,2,9,8,3,9,7,2,6,5,4,1,4,1,2,8,9,5,7,6,3";

    fn read(task: &str) -> Result<Box<dyn Board>, TaskError> {
        HOME.read(task, None)
    }

    #[test]
    fn a_real_puzzle_reads_writes_back_and_solves_to_the_sites_answer() {
        let board = read(TASK).unwrap();
        assert_eq!(board.task(), TASK);
        assert_eq!(board.check(ANSWER), Ok(()));
        let solved = board.solve(Settings::default(), 2).unwrap().unwrap();
        assert!(solved.is_unique());
        assert_eq!(solved.solutions, [ANSWER]);
        let drawing = board.draw(Some(ANSWER));
        assert_eq!(drawing.cells[4].text, Some(("7".into(), crate::draw::Ink::Given)));
        assert_eq!(drawing.cells[0].text, Some(("3".into(), crate::draw::Ink::Answer)));
        assert!(drawing.wall_between(2, 3) && !drawing.wall_between(1, 2));
        assert!(board.draw(None).cells[0].text.is_none());
    }

    #[test]
    fn malformed_tasks_are_errors_that_say_what() {
        assert!(read("").is_err());
        assert_eq!(
            read("zzzb").unwrap_err().0,
            "80 cells make no square grid, and the page's width and height are not known"
        );
        assert_eq!(read("zzzc!").unwrap_err().0, "`!` at character 5 is not a cell");
        assert_eq!(read("p").unwrap_err().0, "a 4x4 grid where a sudoku is 9x9");
        assert_eq!(read("10zzzb").unwrap_err().0, "the given 10 at row 1, column 1 is not from 1 to 9");
        assert_eq!(read("0zzzb").unwrap_err().0, "the given 0 at row 1, column 1 is not from 1 to 9");
        assert_eq!(read("bzzzB").unwrap_err().0, "`B` at row 9, column 9 is not a given digit");
        assert!(HOME.read(TASK, Some(Size::new(3, 27))).is_err());
        for end in 0..TASK.len() {
            assert!(read(&TASK[..end]).is_err(), "{}", &TASK[..end]);
        }
    }

    #[test]
    fn a_wrong_answer_is_refused_by_the_rule_it_breaks() {
        let board = read(TASK).unwrap();
        // The first two cells swapped: rows hold their digits still, columns do not.
        let swapped = format!("9,3{}", &ANSWER[3..]);
        assert_eq!(board.check(&swapped), Err("column 1 holds 9 twice".into()));
        let seven_to_eight = ANSWER.replacen("3,9,1,5,7", "3,9,1,5,8", 1);
        assert_eq!(board.check(&seven_to_eight), Err("row 1 holds 8 twice".into()));
        assert_eq!(board.check("1,2"), Err("2 numbers where a 9x9 grid has 81 cells".into()));
        assert!(board.check(&ANSWER.replacen('3', "0", 1)).unwrap_err().contains("row 1, column 1"));
    }

    #[test]
    fn two_solutions_and_none_are_found_so() {
        // Blank four cells of the answer that two digits can swap in (two
        // rows of a band, two columns of different stacks): two solutions.
        let digits = read_answer(ANSWER, SIDE).unwrap();
        let at = |r: usize, c: usize| digits[r * SIDE + c];
        let (r1, r2, c1, c2) = (0..SIDE)
            .flat_map(|r1| (r1 + 1..r1 / 3 * 3 + 3).map(move |r2| (r1, r2)))
            .flat_map(|(r1, r2)| (0..SIDE).flat_map(move |c1| (c1 / 3 * 3 + 3..SIDE).map(move |c2| (r1, r2, c1, c2))))
            .find(|&(r1, r2, c1, c2)| at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1))
            .expect("a swappable rectangle");
        let mut givens = digits.clone();
        for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
            givens[r * SIDE + c] = 0;
        }
        let task = write_run_length(&givens_tokens(&givens), Numbers::Run);
        let solved = read(&task).unwrap().solve(Settings::default(), 2).unwrap().unwrap();
        assert_eq!(solved.solutions.len(), 2);
        assert!(solved.solutions.contains(&ANSWER.to_string()));
        // Two 1s in the first row: no solution.
        let solved = read("1_1zzza").unwrap().solve(Settings::default(), 2).unwrap().unwrap();
        assert!(solved.solutions.is_empty() && solved.stats.exhausted);
    }
}
