//! Star Battle on the engine. Items: each row, column and region holds
//! exactly the puzzle's stars, and each 2x2 block of cells at most one (two
//! cells touch exactly when some 2x2 block holds both). Each cell takes
//! exactly one of two options, its star (adding 1 to its row, column,
//! region and blocks) or its empty square: the cell's own "exactly one"
//! item makes the pair a choice the engine branches and probes on. Options
//! that touch no such item it can only take or leave, and a 3-star 14x14
//! puzzle then takes it minutes. (Whole rows as options, each a way to set
//! a row's stars, made fewer nodes but probes so heavy that the 14x14
//! puzzle took seven times longer.)

use multicover::{ItemId, OptionId, Problem};

use super::StarBattle;

/// A puzzle as a problem whose option `2 * i` is a star in cell `i` and
/// option `2 * i + 1` no star there.
pub(super) struct Encoding {
    pub(super) problem: Problem,
    side: usize,
}

impl Encoding {
    pub(super) fn new(puzzle: &StarBattle) -> Encoding {
        let n = puzzle.side();
        let stars = puzzle.stars() as u32;
        let blocks = n.saturating_sub(1).pow(2);
        let mut problem = Problem::with_capacity(n * n + 3 * n + blocks, 2 * n * n, n * n * 10);
        // Cells, then rows, columns, regions and blocks: each option lists
        // its items in increasing order, its cell's "exactly one" first.
        let cells: Vec<_> = (0..n * n).map(|_| problem.add_exact(1)).collect();
        let rows: Vec<_> = (0..n).map(|_| problem.add_exact(stars)).collect();
        let cols: Vec<_> = (0..n).map(|_| problem.add_exact(stars)).collect();
        let regions: Vec<_> = (0..n).map(|_| problem.add_exact(stars)).collect();
        let blocks: Vec<_> = (0..blocks).map(|_| problem.add_secondary(1)).collect();
        let mut entries: Vec<(ItemId, u32)> = Vec::with_capacity(8);
        for cell in 0..n * n {
            let (row, col) = (cell / n, cell % n);
            entries.clear();
            entries.extend([(cells[cell], 1), (rows[row], 1), (cols[col], 1), (regions[puzzle.region(cell)], 1)]);
            // The blocks whose top-left corner is at most one up and one
            // left (none in a grid of one cell).
            if n > 1 {
                for top in row.saturating_sub(1)..=row.min(n - 2) {
                    for left in col.saturating_sub(1)..=col.min(n - 2) {
                        entries.push((blocks[top * (n - 1) + left], 1));
                    }
                }
            }
            let star = problem.add_option(entries.iter().copied());
            let empty = problem.add_option([(cells[cell], 1)]);
            debug_assert_eq!((star, empty), (2 * cell, 2 * cell + 1));
        }
        Encoding { problem, side: n }
    }

    /// The stars a solution places.
    pub(super) fn stars(&self, chosen: &[OptionId]) -> Vec<bool> {
        let mut stars = vec![false; self.side * self.side];
        for &option in chosen.iter().filter(|&&option| option % 2 == 0) {
            stars[option / 2] = true;
        }
        stars
    }
}
