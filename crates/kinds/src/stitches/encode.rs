//! Stitches as a multi-cover problem: one item per cell (at most one hole),
//! one per row and per column (its clue of holes), one per border between
//! two regions (its stitches), and an option per place a stitch can go:
//! two side-by-side cells of different regions.

use multicover::{OptionId, Problem};

use super::{Stitch, Stitches};

/// A board on the engine, with the stitch each option places.
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    stitches: Vec<Stitch>,
}

impl Encoding {
    pub(crate) fn new(board: &Stitches) -> Encoding {
        let size = board.size();
        let regions = board.regions();
        let borders = board.borders();
        let mut problem = Problem::with_capacity(size.cells() + size.height + size.width + borders.len(), 0, 0);
        let cell_items: Vec<_> = (0..size.cells()).map(|_| problem.add_secondary(1)).collect();
        let row_items: Vec<_> = board.row_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let col_items: Vec<_> = board.col_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let border_items: Vec<_> = borders.iter().map(|_| problem.add_exact(board.per_border())).collect();
        let mut stitches = Vec::new();
        for cell in 0..size.cells() {
            for stitch in [Stitch::Right(cell), Stitch::Down(cell)] {
                let Some((a, b)) = board.cells_of(stitch) else { continue };
                let (ra, rb) = (regions[a], regions[b]);
                if ra == rb {
                    continue;
                }
                let border = borders.binary_search(&(ra.min(rb), ra.max(rb))).expect("every border is listed");
                // The engine adds up an item named twice (a row or column
                // both holes lie in).
                problem.add_option([
                    (cell_items[a], 1),
                    (cell_items[b], 1),
                    (row_items[a / size.width], 1),
                    (row_items[b / size.width], 1),
                    (col_items[a % size.width], 1),
                    (col_items[b % size.width], 1),
                    (border_items[border], 1),
                ]);
                stitches.push(stitch);
            }
        }
        Encoding { problem, stitches }
    }

    /// The answer string a set of options stands for.
    pub(crate) fn decode(&self, board: &Stitches, chosen: &[OptionId]) -> String {
        let cells = board.size().cells();
        let mut answer = vec![b'n'; 2 * cells];
        for &option in chosen {
            match self.stitches[option] {
                Stitch::Right(cell) => answer[cell] = b'y',
                Stitch::Down(cell) => answer[cells + cell] = b'y',
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
