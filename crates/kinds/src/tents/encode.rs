//! Tents as a multi-cover problem: one item per tree (exactly one tent of
//! its own), one per row and per column (its clue), one per cell (at most
//! one tent) and one per 2x2 block (at most one tent: tents touch exactly
//! where two share a block), and an option per tree and empty cell next to
//! it: the tree's tent there.
//!
//! The answer says where the tents are, not which tree owns which: two
//! pairings of the same tents are two engine solutions and one answer, so
//! the search keeps distinct answers (see the home's `solve`).

use multicover::{OptionId, Problem};

use super::Tents;

/// A board on the engine, with the cell of each option's tent.
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    tent_cells: Vec<usize>,
}

impl Encoding {
    pub(crate) fn new(board: &Tents) -> Encoding {
        let size = board.size();
        let width = size.width;
        let trees = board.trees();
        let mut problem = Problem::new();
        let mut tree_items = vec![None; size.cells()];
        for cell in (0..size.cells()).filter(|&c| trees[c]) {
            tree_items[cell] = Some(problem.add_exact(1));
        }
        let row_items: Vec<_> = board.row_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let col_items: Vec<_> = board.col_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let cell_items: Vec<_> = (0..size.cells()).map(|_| problem.add_secondary(1)).collect();
        // A block of 2x2 cells (fewer where the grid is narrower) is named
        // by its top left corner; any two cells next to each other, even
        // diagonally, share one.
        let (block_cols, block_rows) = (width.min(2), size.height.min(2));
        let blocks_across = width + 1 - block_cols;
        let block_items: Vec<_> =
            (0..blocks_across * (size.height + 1 - block_rows)).map(|_| problem.add_secondary(1)).collect();
        let blocks_of = |cell: usize| {
            let (row, col) = (cell / width, cell % width);
            let mut blocks = Vec::with_capacity(4);
            for r in (row + 1).saturating_sub(block_rows)..=row {
                for c in (col + 1).saturating_sub(block_cols)..=col {
                    if r + block_rows <= size.height && c + block_cols <= width {
                        blocks.push((block_items[r * blocks_across + c], 1));
                    }
                }
            }
            blocks
        };
        let mut tent_cells = Vec::new();
        for tree in (0..size.cells()).filter(|&c| trees[c]) {
            for cell in board.neighbours(tree).filter(|&n| !trees[n]) {
                problem.add_option(
                    [
                        (tree_items[tree].expect("a tree's item"), 1),
                        (row_items[cell / width], 1),
                        (col_items[cell % width], 1),
                        (cell_items[cell], 1),
                    ]
                    .into_iter()
                    .chain(blocks_of(cell)),
                );
                tent_cells.push(cell);
            }
        }
        Encoding { problem, tent_cells }
    }

    /// The answer string a set of options (one per tree) stands for.
    pub(crate) fn decode(&self, board: &Tents, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; board.size().cells()];
        for &option in chosen {
            answer[self.tent_cells[option]] = b'y';
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
