//! Hitori on the engine. Each cell has an item "exactly one of": unshaded
//! or shaded. In each row and each column, a number that appears more
//! than once has an item taking at most one from its cells' unshaded
//! options; each pair of cells side by side has an item taking at most one
//! from their shaded options. The unshaded options are the vertices of a
//! connectivity rule over the grid's sides: the engine keeps the unshaded
//! cells connected as it searches (see `Problem::add_connected`).

use multicover::{ItemId, OptionId, Problem};

use super::Hitori;

/// A puzzle as a problem: cell `c`'s unshaded option is `2 * c`, its
/// shaded one `2 * c + 1`.
pub(super) struct Encoding {
    pub(super) problem: Problem,
}

impl Encoding {
    pub(super) fn new(puzzle: &Hitori) -> Encoding {
        let cells = puzzle.size().cells();
        let mut problem = Problem::with_capacity(4 * cells, 2 * cells, 8 * cells);
        let cell_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        // What each cell's unshaded and shaded options add to besides its
        // own item.
        let mut unshaded_on: Vec<Vec<ItemId>> = vec![Vec::new(); cells];
        let mut shaded_on: Vec<Vec<ItemId>> = vec![Vec::new(); cells];
        for line in puzzle.lines() {
            let mut by_number: Vec<Vec<usize>> = vec![Vec::new(); 36];
            for &cell in &line {
                by_number[usize::from(puzzle.numbers()[cell])].push(cell);
            }
            for same in by_number.iter().filter(|same| same.len() > 1) {
                let item = problem.add_secondary(1);
                for &cell in same {
                    unshaded_on[cell].push(item);
                }
            }
        }
        let mut edges = Vec::with_capacity(2 * cells);
        for cell in 0..cells {
            for other in puzzle.neighbours(cell).filter(|&o| o > cell) {
                let item = problem.add_secondary(1);
                shaded_on[cell].push(item);
                shaded_on[other].push(item);
                edges.push((cell, other));
            }
        }
        for cell in 0..cells {
            let own = std::iter::once((cell_items[cell], 1));
            problem.add_option(own.clone().chain(unshaded_on[cell].iter().map(|&item| (item, 1))));
            problem.add_option(own.chain(shaded_on[cell].iter().map(|&item| (item, 1))));
        }
        let unshaded: Vec<OptionId> = (0..cells).map(|cell| 2 * cell).collect();
        problem.add_connected(&unshaded, &edges);
        Encoding { problem }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, cells: usize, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; cells];
        for &option in chosen.iter().filter(|&&o| o % 2 == 1) {
            answer[option / 2] = b'y';
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
