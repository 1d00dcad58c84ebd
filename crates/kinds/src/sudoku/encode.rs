//! Sudoku as exact cover, one problem for every puzzle: an item for each
//! cell ("holds one digit") and for each row, column and box digit ("holds
//! it once"), 324 in all; an option for each digit in each cell, covering
//! its cell and its three unit items, 729 in all. A puzzle is this problem
//! with its givens' options forced, so the problem and the engine's solver
//! are built once and serve puzzle after puzzle ([`Solver`]).

use std::cell::RefCell;
use std::ops::ControlFlow;

use crate::Solved;
use multicover::{self, OptionId, Problem, Settings};

use super::error::SudokuError;
use super::grid::{CELLS, Grid, box_of};
use super::verify;

pub type SolveReport = Solved<Grid>;

/// The option placing digit `d` (1..=9) in `cell`.
fn option_of(cell: usize, d: u8) -> OptionId {
    cell * 9 + usize::from(d) - 1
}

/// The cell and digit of an option.
fn placement(option: OptionId) -> (usize, u8) {
    (option / 9, (option % 9) as u8 + 1)
}

/// The problem of every Sudoku: fill the empty grid.
fn empty_grid_problem() -> Problem {
    let mut problem = Problem::with_capacity(4 * CELLS, 9 * CELLS, 4 * 9 * CELLS);
    // Cell items first: the multi-cover search groups each option under the
    // first exactly-one item it touches, and "one digit per cell" is the
    // group. Then rows, columns and boxes, each unit's nine digits
    // together: an option lists its items in increasing order, as the
    // engine reads them fastest.
    let items: Vec<usize> = (0..4 * CELLS).map(|_| problem.add_exact(1)).collect();
    for cell in 0..CELLS {
        let (r, c) = (cell / 9, cell % 9);
        for d in 0..9 {
            let units = [r, c, box_of(r, c)];
            let [row, col, bx] = std::array::from_fn(|kind| items[CELLS * (kind + 1) + units[kind] * 9 + d]);
            let option = problem.add_option([(items[cell], 1), (row, 1), (col, 1), (bx, 1)]);
            debug_assert_eq!(option, option_of(cell, d as u8 + 1));
        }
    }
    problem
}

/// Solves puzzle after puzzle with one engine solver (built once: reuse a
/// `Solver` across a loop, one per thread).
pub struct Solver {
    engine: multicover::Solver,
    /// The givens' options of the puzzle at hand.
    forced: Vec<OptionId>,
}

impl Solver {
    pub fn new(settings: Settings) -> Solver {
        Solver { engine: multicover::Solver::new(&empty_grid_problem(), settings), forced: Vec::with_capacity(CELLS) }
    }

    /// Solves a puzzle, stopping at `limit` solutions (2 proves
    /// uniqueness), and checks every solution with the independent
    /// [`verify`].
    ///
    /// An error means the engine returned a grid that breaks the rules: a
    /// bug, never bad input. Clashing givens give no solution (see
    /// [`Grid::validate`]).
    pub fn solve(&mut self, puzzle: &Grid, limit: usize) -> Result<SolveReport, SudokuError> {
        let mut solutions = Vec::new();
        if limit == 0 {
            return Ok(Solved { solutions, stats: multicover::Stats::default() });
        }
        self.forced.clear();
        self.forced
            .extend(puzzle.cells().iter().enumerate().filter(|&(_, &d)| d != 0).map(|(cell, &d)| option_of(cell, d)));
        let mut failure = None;
        let stats = self.engine.for_each_solution_with(&self.forced, |chosen| {
            let mut cells = [0u8; CELLS];
            for &o in chosen {
                let (cell, d) = placement(o);
                cells[cell] = d;
            }
            let grid = Grid { cells };
            match verify(puzzle, &grid) {
                Ok(()) => {
                    solutions.push(grid);
                    if solutions.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                }
                Err(violation) => {
                    failure = Some(SudokuError::WrongSolution(violation));
                    ControlFlow::Break(())
                }
            }
        });
        failure.map_or(Ok(Solved { solutions, stats }), Err)
    }
}

thread_local! {
    /// The solver of the last settings [`solve`] was called with on this
    /// thread, kept for the next call.
    static LAST: RefCell<Option<(Settings, Solver)>> = const { RefCell::new(None) };
}

/// Solves one puzzle (see [`Solver::solve`]) with a [`Solver`] kept per
/// thread, built again only when the settings change: callers in loops
/// (solve, grade, generate, import) get the reuse without holding one.
pub(super) fn solve(puzzle: &Grid, limit: usize, settings: Settings) -> Result<SolveReport, SudokuError> {
    LAST.with_borrow_mut(|last| {
        if last.as_ref().is_none_or(|(kept, _)| *kept != settings) {
            *last = Some((settings, Solver::new(settings)));
        }
        let (_, solver) = last.as_mut().expect("a solver was just kept");
        solver.solve(puzzle, limit)
    })
}
