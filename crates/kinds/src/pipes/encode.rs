//! Pipes on the engine. Each cell has an item "exactly one of" its tile's
//! distinct solved shapes (a tile whose pipe would leave the grid has no
//! such shape, unless the grid wraps). Each link between two cells side by
//! side, `a` and the cell `b` beyond its side `d`, has an item taking
//! exactly one of "`a`'s shape has a pipe toward `d`" and "`b`'s shape has
//! none back": so one has a pipe there exactly when the other does, and no
//! pipe ends open. One network is a connectivity rule
//! (`Problem::add_connected`) whose vertices are the shapes, two joined
//! where their pipes meet: the chosen shapes are one connected set exactly
//! when the pipes join every tile.
//!
//! No loop needs no rule of its own: turning a tile keeps its number of
//! pipes, so the links of any answer are half the task's pipe ends. A
//! connected network of all the cells with one link fewer than cells is a
//! tree; with any other count no answer has no loop, and the problem is
//! given an item nothing can fill.

use multicover::{ItemId, OptionId, Problem};

use super::Pipes;

/// A puzzle as a problem, with what each option says: its cell and its
/// quarter turns.
pub(super) struct Encoding {
    pub(super) problem: Problem,
    options: Vec<(usize, u8)>,
}

impl Encoding {
    pub(super) fn new(puzzle: &Pipes, wrap: bool) -> Encoding {
        let cells = puzzle.size().cells();
        let mut problem = Problem::new();
        let cell_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        let ends: usize = puzzle.tiles.iter().map(|t| t.count_ones() as usize).sum();
        if ends != 2 * (cells - 1) {
            problem.add_item(1, 0);
        }
        // Each cell's shapes whose pipes all stay on the grid.
        let shapes: Vec<Vec<(u8, u8)>> = (0..cells)
            .map(|cell| {
                let mut shapes = puzzle.shapes(cell);
                shapes.retain(|&(_, shape)| (0..4).all(|d| shape >> d & 1 == 0 || puzzle.next(cell, d, wrap).is_some()));
                shapes
            })
            .collect();
        let mut on: Vec<Vec<Vec<ItemId>>> = shapes.iter().map(|s| vec![Vec::new(); s.len()]).collect();
        let mut links = Vec::new();
        for a in 0..cells {
            // Right and down: each link once.
            for d in [0, 3] {
                let Some(b) = puzzle.next(a, d, wrap) else { continue };
                let back = (d + 2) % 4;
                let item = problem.add_exact(1);
                for (i, &(_, shape)) in shapes[a].iter().enumerate() {
                    if shape >> d & 1 == 1 {
                        on[a][i].push(item);
                    }
                }
                for (i, &(_, shape)) in shapes[b].iter().enumerate() {
                    if shape >> back & 1 == 0 {
                        on[b][i].push(item);
                    }
                }
                links.push((a, d, b));
            }
        }
        let mut options = Vec::new();
        let mut vertex_of: Vec<Vec<usize>> = Vec::with_capacity(cells);
        let mut vertices: Vec<OptionId> = Vec::new();
        for cell in 0..cells {
            let mut ids = Vec::new();
            for (i, &(turns, _)) in shapes[cell].iter().enumerate() {
                let weights = std::iter::once(cell_items[cell]).chain(on[cell][i].iter().copied()).map(|item| (item, 1));
                let option = problem.add_option(weights);
                options.push((cell, turns));
                ids.push(vertices.len());
                vertices.push(option);
            }
            vertex_of.push(ids);
        }
        let mut edges = Vec::new();
        for &(a, d, b) in &links {
            if a == b {
                continue;
            }
            let back = (d + 2) % 4;
            for (i, _) in shapes[a].iter().enumerate().filter(|(_, (_, s))| s >> d & 1 == 1) {
                for (j, _) in shapes[b].iter().enumerate().filter(|(_, (_, s))| s >> back & 1 == 1) {
                    edges.push((vertex_of[a][i], vertex_of[b][j]));
                }
            }
        }
        problem.add_connected(&vertices, &edges);
        Encoding { problem, options }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, cells: usize, chosen: &[OptionId]) -> String {
        let mut turns = vec![b'0'; cells];
        for &option in chosen {
            let (cell, t) = self.options[option];
            turns[cell] = b'0' + t;
        }
        String::from_utf8(turns).expect("ASCII")
    }
}
