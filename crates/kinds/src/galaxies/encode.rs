//! Galaxies on the engine. Each cell has an item "exactly one of"; an
//! option puts a cell and its opposite round dot `k` (the same cell where
//! it is the dot's own) in galaxy `k`, covering both cells' items, so every
//! galaxy is the same turned round its dot by construction. The cells a dot
//! touches have only its galaxy; a cell has a galaxy only where a walk from
//! the dot's cells reaches it through cells whose opposites are on the
//! grid and that no other dot touches. Each galaxy is connected by a
//! connectivity rule (`Problem::add_connected`) over its options, two
//! joined where a cell of one is beside a cell of the other: its options
//! taken are connected exactly when its cells are, since a part cut off
//! from the dot's cells would take its opposite part with it.

use multicover::{ItemId, OptionId, Problem};

use super::Galaxies;

/// A puzzle as a problem, with what each option says: its cells and galaxy.
pub(super) struct Encoding {
    pub(super) problem: Problem,
    options: Vec<(usize, usize, usize)>,
}

impl Encoding {
    pub(super) fn new(puzzle: &Galaxies) -> Encoding {
        let cells = puzzle.size().cells();
        let mut problem = Problem::new();
        let cell_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        let mut owner: Vec<Option<usize>> = vec![None; cells];
        let mut clash = false;
        for (k, &dot) in puzzle.dots.iter().enumerate() {
            for c in puzzle.touched(dot) {
                clash |= owner[c].is_some_and(|o| o != k);
                owner[c] = Some(k);
            }
        }
        if clash {
            // Two dots touch one cell: no region can hold both.
            problem.add_item(1, 0);
        }
        let mut options = Vec::new();
        for (k, &dot) in puzzle.dots.iter().enumerate() {
            // The cells galaxy k may reach, by a walk from its dot's cells.
            let mut reached = vec![false; cells];
            let mut queue = puzzle.touched(dot);
            for &c in &queue {
                reached[c] = true;
            }
            let mut at = 0;
            while at < queue.len() {
                let here = queue[at];
                at += 1;
                for next in puzzle.neighbours(here) {
                    if !reached[next] && owner[next].is_none() && puzzle.mirror(dot, next).is_some() {
                        reached[next] = true;
                        queue.push(next);
                    }
                }
            }
            let mut vertex_of = vec![usize::MAX; cells];
            let mut vertices: Vec<OptionId> = Vec::new();
            for c in 0..cells {
                let Some(m) = puzzle.mirror(dot, c) else { continue };
                if c > m || !reached[c] || !reached[m] {
                    continue;
                }
                let weights = if c == m { vec![(cell_items[c], 1)] } else { vec![(cell_items[c], 1), (cell_items[m], 1)] };
                let option = problem.add_option(weights);
                options.push((c, m, k));
                vertex_of[c] = vertices.len();
                vertex_of[m] = vertices.len();
                vertices.push(option);
            }
            let mut edges = Vec::new();
            for c in 0..cells {
                for n in puzzle.neighbours(c) {
                    let (a, b) = (vertex_of[c], vertex_of[n]);
                    if a != usize::MAX && b != usize::MAX && a < b {
                        edges.push((a, b));
                    }
                }
            }
            edges.sort_unstable();
            edges.dedup();
            problem.add_connected(&vertices, &edges);
        }
        Encoding { problem, options }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, puzzle: &Galaxies, chosen: &[OptionId]) -> String {
        let mut region = vec![usize::MAX; puzzle.size().cells()];
        for &option in chosen {
            let (c, m, k) = self.options[option];
            region[c] = k;
            region[m] = k;
        }
        Galaxies::write_regions(puzzle.size(), &region)
    }
}
