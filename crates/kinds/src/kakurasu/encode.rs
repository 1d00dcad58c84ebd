//! Kakurasu on the engine, as it is stated: an item for each row and each
//! column, to reach its clue exactly, and for each cell an item of its own,
//! "shaded or not", with two options: shaded, weighing its column number on
//! its row and its row number on its column, and unshaded, weighing nothing
//! else. The cell's item makes the two a choice the engine branches and
//! probes on.

use multicover::{OptionId, Problem};

use super::Kakurasu;

/// The puzzle as a problem whose option `2 * i` shades cell `i` and option
/// `2 * i + 1` leaves it unshaded.
pub(super) fn problem(puzzle: &Kakurasu) -> Problem {
    let (width, height) = (puzzle.size.width, puzzle.size.height);
    let cells = width * height;
    let mut problem = Problem::with_capacity(cells + width + height, 2 * cells, 4 * cells);
    // Cells, rows, then columns, so that each option lists its items in
    // increasing order.
    let cell_items: Vec<_> = (0..cells).map(|_| problem.add_exact(1)).collect();
    let rows: Vec<_> = puzzle.row_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
    let cols: Vec<_> = puzzle.col_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
    for row in 0..height {
        for col in 0..width {
            let cell = cell_items[row * width + col];
            let shaded = problem.add_option([(cell, 1), (rows[row], col as u32 + 1), (cols[col], row as u32 + 1)]);
            let unshaded = problem.add_option([(cell, 1)]);
            debug_assert_eq!((shaded, unshaded), (2 * (row * width + col), 2 * (row * width + col) + 1));
        }
    }
    problem
}

/// The cells a solution shades.
pub(super) fn shaded(puzzle: &Kakurasu, chosen: &[OptionId]) -> Vec<bool> {
    let mut shaded = vec![false; puzzle.size.cells()];
    for &option in chosen.iter().filter(|&&option| option % 2 == 0) {
        shaded[option / 2] = true;
    }
    shaded
}
