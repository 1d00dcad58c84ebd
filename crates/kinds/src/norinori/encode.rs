//! Norinori on the engine, by dominoes. Each cell has an item of its own,
//! "exactly one of": no domino starts here, a domino starts here and goes
//! right, or one starts here and goes down. An item for each region takes
//! exactly 2 (a domino adds 1 for each of its cells there); an item for
//! each pair of cells side by side takes at most 1 from the dominoes that
//! cover either cell. That last rule keeps dominoes from overlapping and
//! from touching (two shaded cells side by side must be one domino), so the
//! shaded cells of a solution are exactly its dominoes, and each shading
//! the rules allow is one set of dominoes. The cell's item makes its
//! options a choice the engine branches and probes on, which it cannot do
//! with options that touch no "exactly one" item.

use multicover::{ItemId, OptionId, Problem};

use super::Norinori;

/// A puzzle as a problem, with the domino each option places.
pub(super) struct Encoding {
    pub(super) problem: Problem,
    /// The two cells of each option's domino; None for "no domino starts
    /// here".
    dominoes: Vec<Option<[usize; 2]>>,
    cells: usize,
}

impl Encoding {
    pub(super) fn new(puzzle: &Norinori) -> Encoding {
        let (width, height) = (puzzle.size.width, puzzle.size.height);
        let cells = width * height;
        // Every pair of cells side by side, each from its top or left cell:
        // both the dominoes and the "at most one" items.
        let mut pairs = Vec::with_capacity(2 * cells);
        for cell in 0..cells {
            if cell % width + 1 < width {
                pairs.push([cell, cell + 1]);
            }
            if cell / width + 1 < height {
                pairs.push([cell, cell + width]);
            }
        }
        let regions = puzzle.region_count();
        let mut problem =
            Problem::with_capacity(cells + regions + pairs.len(), cells + pairs.len(), cells + pairs.len() * 10);
        // Cells, regions, then pairs: each option lists its items in
        // increasing order, its cell's item first.
        let cell_items: Vec<_> = (0..cells).map(|_| problem.add_exact(1)).collect();
        let region_items: Vec<_> = (0..regions).map(|_| problem.add_exact(2)).collect();
        // The pairs each cell is part of.
        let mut pairs_of: Vec<Vec<ItemId>> = vec![Vec::with_capacity(4); cells];
        for &[a, b] in &pairs {
            let item = problem.add_secondary(1);
            pairs_of[a].push(item);
            pairs_of[b].push(item);
        }
        let mut dominoes = Vec::with_capacity(cells + pairs.len());
        let mut entries: Vec<(ItemId, u32)> = Vec::with_capacity(10);
        let mut pairs_at = pairs.iter().peekable();
        for cell in 0..cells {
            problem.add_option([(cell_items[cell], 1)]);
            dominoes.push(None);
            while let Some(&[a, b]) = pairs_at.next_if(|pair| pair[0] == cell) {
                entries.clear();
                entries.push((cell_items[a], 1));
                let (ra, rb) = (region_items[puzzle.region(a)], region_items[puzzle.region(b)]);
                if ra == rb {
                    entries.push((ra, 2));
                } else {
                    entries.extend([(ra.min(rb), 1), (ra.max(rb), 1)]);
                }
                let mut touched: Vec<ItemId> = pairs_of[a].iter().chain(&pairs_of[b]).copied().collect();
                touched.sort_unstable();
                touched.dedup();
                entries.extend(touched.into_iter().map(|item| (item, 1)));
                problem.add_option(entries.iter().copied());
                dominoes.push(Some([a, b]));
            }
        }
        Encoding { problem, dominoes, cells }
    }

    /// The shaded cells of a solution: the cells of its dominoes.
    pub(super) fn shaded(&self, chosen: &[OptionId]) -> Vec<bool> {
        let mut shaded = vec![false; self.cells];
        for domino in chosen.iter().filter_map(|&option| self.dominoes[option]) {
            for cell in domino {
                shaded[cell] = true;
            }
        }
        shaded
    }
}
