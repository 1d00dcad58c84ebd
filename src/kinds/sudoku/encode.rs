//! Sudoku as exact cover: an item for each blank cell ("holds one digit")
//! and for each row, column and box digit the givens have not placed
//! ("holds it once"); an option for each digit a blank cell may still take,
//! covering its cell and its three unit items. Givens are not encoded: their
//! cells and units are already covered, and the digits they rule out never
//! become options, so the engine starts from the smaller problem.

use crate::engine::{OptionId, Problem, Settings};
use crate::kinds::{Solved, solve_checked};

use super::{Grid, SudokuError, box_of, verify};

pub type SolveReport = Solved<Grid>;

/// A puzzle encoded for the engine, with what it takes to read answers back.
pub struct Encoding {
    pub problem: Problem,
    /// For each option: its cell and digit.
    placements: Vec<(u8, u8)>,
}

impl Encoding {
    /// The givens should not clash ([`Grid::validate`]); if they do, the
    /// problem simply has no solution.
    pub fn new(puzzle: &Grid) -> Encoding {
        // used[kind][index] is the set of digits the givens put in that unit.
        let mut used = [[0u16; 9]; 3];
        for r in 0..9 {
            for c in 0..9 {
                let d = puzzle.get(r, c);
                if d != 0 {
                    for (kind, index) in [r, c, box_of(r, c)].into_iter().enumerate() {
                        used[kind][index] |= 1 << d;
                    }
                }
            }
        }
        let blanks = puzzle.cells().iter().filter(|&&d| d == 0).count();
        let mut problem = Problem::with_capacity(blanks + 3 * 81, 9 * blanks, 4 * 9 * blanks);
        // Cell items first: the engine groups each option under the first
        // exactly-one item it touches, and "one digit per cell" is the group.
        let cell_items: Vec<Option<usize>> =
            puzzle.cells().iter().map(|&d| (d == 0).then(|| problem.add_exact(1))).collect();
        // Then rows, columns and boxes: an option lists its items in
        // increasing order, as the engine reads them fastest.
        let mut unit_items = [[[None; 10]; 9]; 3];
        for (kind, units) in unit_items.iter_mut().enumerate() {
            for (index, digits) in units.iter_mut().enumerate() {
                for (d, slot) in digits.iter_mut().enumerate().skip(1) {
                    if used[kind][index] & (1 << d) == 0 {
                        *slot = Some(problem.add_exact(1));
                    }
                }
            }
        }
        let mut placements = Vec::with_capacity(9 * blanks);
        for (cell, &item) in cell_items.iter().enumerate() {
            let Some(item) = item else { continue };
            let (r, c) = (cell / 9, cell % 9);
            let [rows, cols, boxes] = [&unit_items[0][r], &unit_items[1][c], &unit_items[2][box_of(r, c)]];
            for d in 1..=9usize {
                // The cell's three unit items for `d`; none if a given has `d` there.
                let (Some(row), Some(col), Some(bx)) = (rows[d], cols[d], boxes[d]) else {
                    continue;
                };
                problem.add_option([(item, 1), (row, 1), (col, 1), (bx, 1)]);
                placements.push((cell as u8, d as u8));
            }
        }
        Encoding { problem, placements }
    }

    /// The filled grid a set of options stands for.
    pub fn decode(&self, puzzle: &Grid, chosen: &[OptionId]) -> Grid {
        let mut cells = *puzzle.cells();
        for &o in chosen {
            let (cell, d) = self.placements[o];
            cells[cell as usize] = d;
        }
        Grid { cells }
    }
}

/// Solves a puzzle, stopping at `limit` solutions (2 proves uniqueness),
/// and checks every solution with the independent [`verify`].
///
/// An error means the engine returned a grid that breaks the rules: a bug,
/// never bad input. Clashing givens give no solution (see [`Grid::validate`]).
pub fn solve(puzzle: &Grid, limit: usize, settings: Settings) -> Result<SolveReport, SudokuError> {
    let encoding = Encoding::new(puzzle);
    solve_checked(&encoding.problem, settings, limit, |chosen| {
        let grid = encoding.decode(puzzle, chosen);
        verify(puzzle, &grid).map(|()| grid).map_err(SudokuError::WrongSolution)
    })
}
