//! LITS on the engine. Each cell has two items "exactly one of": the first
//! takes its unshaded or its shaded option; the second its unshaded option
//! or one of the placements of a tetromino in its region that cover it, so
//! a cell is shaded exactly when a chosen placement covers it. Each region
//! has an item "exactly one of" its placements (every L, I, T and S, turned
//! and mirrored, that fits inside it). Two cells side by side in different
//! regions have, for each shape, an item taking at most one of the
//! placements of that shape that cover either cell. Each two-by-two square
//! has an item taking at most three of its shaded options, and the shaded
//! options are the vertices of a connectivity rule over the grid's sides
//! (`Problem::add_connected`).

use multicover::{ItemId, OptionId, Problem};

use super::{Lits, Shape};

/// The tetrominoes other than the square, each shape as one of its
/// placements, as (row, column) offsets.
const SHAPES: [(Shape, [(i32, i32); 4]); 4] = [
    (Shape::L, [(0, 0), (1, 0), (2, 0), (2, 1)]),
    (Shape::I, [(0, 0), (1, 0), (2, 0), (3, 0)]),
    (Shape::T, [(0, 0), (0, 1), (0, 2), (1, 1)]),
    (Shape::S, [(0, 1), (0, 2), (1, 0), (1, 1)]),
];

/// Every turn and mirror of a shape, each once, its offsets sorted and
/// moved so that the smallest row and column are 0.
fn orientations(base: [(i32, i32); 4]) -> Vec<[(i32, i32); 4]> {
    let mut out: Vec<[(i32, i32); 4]> = Vec::new();
    for turn in 0..8 {
        let mut cells = base.map(|(r, c)| {
            let (r, c) = if turn & 4 != 0 { (r, -c) } else { (r, c) };
            match turn & 3 {
                0 => (r, c),
                1 => (c, -r),
                2 => (-r, -c),
                _ => (-c, r),
            }
        });
        let (top, left) = (cells.iter().map(|p| p.0).min().unwrap(), cells.iter().map(|p| p.1).min().unwrap());
        for p in &mut cells {
            *p = (p.0 - top, p.1 - left);
        }
        cells.sort();
        if !out.contains(&cells) {
            out.push(cells);
        }
    }
    out
}

/// What an option stands for.
#[derive(Clone, Copy)]
enum Meaning {
    Unshaded,
    Shaded(usize),
    Placement,
}

/// A puzzle as a problem.
pub(super) struct Encoding {
    pub(super) problem: Problem,
    meanings: Vec<Meaning>,
}

impl Encoding {
    pub(super) fn new(puzzle: &Lits) -> Encoding {
        let size = puzzle.size();
        let (width, height) = (size.width, size.height);
        let cells = size.cells();
        let regions = puzzle.regions();
        // Every placement: its region, its shape and its cells.
        let mut placements: Vec<(usize, Shape, [usize; 4])> = Vec::new();
        for (shape, base) in SHAPES {
            for offsets in orientations(base) {
                for row in 0..height as i32 {
                    for col in 0..width as i32 {
                        let fits = offsets.iter().all(|&(r, c)| row + r < height as i32 && col + c < width as i32);
                        if !fits {
                            continue;
                        }
                        let at = offsets.map(|(r, c)| (row + r) as usize * width + (col + c) as usize);
                        if at.iter().all(|&c| regions[c] == regions[at[0]]) {
                            placements.push((regions[at[0]], shape, at));
                        }
                    }
                }
            }
        }
        let mut problem = Problem::new();
        let choice_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        let cover_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        let region_items: Vec<ItemId> = (0..puzzle.region_count()).map(|_| problem.add_exact(1)).collect();
        let mut placement_on: Vec<Vec<ItemId>> = placements
            .iter()
            .map(|(region, _, at)| {
                std::iter::once(region_items[*region]).chain(at.iter().map(|&c| cover_items[c])).collect()
            })
            .collect();
        // The placements of each shape covering each cell.
        let mut covering: Vec<[Vec<usize>; 4]> = vec![Default::default(); cells];
        for (p, (_, shape, at)) in placements.iter().enumerate() {
            let s = Shape::ALL.iter().position(|x| x == shape).expect("a shape");
            for &c in at {
                covering[c][s].push(p);
            }
        }
        for a in 0..cells {
            for b in puzzle.neighbours(a).filter(|&b| b > a && regions[b] != regions[a]) {
                for (here, there) in covering[a].iter().zip(&covering[b]) {
                    if here.is_empty() || there.is_empty() {
                        continue;
                    }
                    let item = problem.add_secondary(1);
                    for &p in here.iter().chain(there) {
                        placement_on[p].push(item);
                    }
                }
            }
        }
        let mut shaded_on: Vec<Vec<ItemId>> = vec![Vec::new(); cells];
        for cell in 0..cells {
            if cell % width + 1 < width && cell + width + 1 < cells {
                let item = problem.add_secondary(3);
                for c in [cell, cell + 1, cell + width, cell + width + 1] {
                    shaded_on[c].push(item);
                }
            }
        }
        let mut meanings = Vec::new();
        let mut shaded_options = Vec::with_capacity(cells);
        for cell in 0..cells {
            problem.add_option([(choice_items[cell], 1), (cover_items[cell], 1)]);
            meanings.push(Meaning::Unshaded);
            let own = std::iter::once((choice_items[cell], 1));
            shaded_options.push(problem.add_option(own.chain(shaded_on[cell].iter().map(|&i| (i, 1)))));
            meanings.push(Meaning::Shaded(cell));
        }
        for on in &placement_on {
            problem.add_option(on.iter().map(|&i| (i, 1)));
            meanings.push(Meaning::Placement);
        }
        let mut edges = Vec::with_capacity(2 * cells);
        for cell in 0..cells {
            edges.extend(puzzle.neighbours(cell).filter(|&o| o > cell).map(|o| (cell, o)));
        }
        problem.add_connected(&shaded_options, &edges);
        Encoding { problem, meanings }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, cells: usize, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; cells];
        for &option in chosen {
            if let Meaning::Shaded(cell) = self.meanings[option] {
                answer[cell] = b'y';
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
