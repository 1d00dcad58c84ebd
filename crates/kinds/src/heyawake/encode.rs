//! Heyawake on the engine. Each cell has an item "exactly one of":
//! unshaded or shaded. Each numbered room has an item taking exactly its
//! number from its cells' shaded options; each pair of cells side by side
//! an item taking at most one of their shaded options; each shortest
//! straight run through three rooms (see `three_room_runs`) an item taking
//! at least one of its cells' shaded options. The unshaded options are the
//! vertices of a connectivity rule over the grid's sides
//! (`Problem::add_connected`).

use multicover::{ItemId, OptionId, Problem};

use super::Heyawake;

/// A puzzle as a problem: cell `c`'s unshaded option is `2 * c`, its
/// shaded one `2 * c + 1`.
pub(super) struct Encoding {
    pub(super) problem: Problem,
}

impl Encoding {
    pub(super) fn new(puzzle: &Heyawake) -> Encoding {
        let cells = puzzle.size().cells();
        let mut problem = Problem::with_capacity(5 * cells, 2 * cells, 10 * cells);
        let cell_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        // What each cell's shaded option adds to besides its own item.
        let mut shaded_on: Vec<Vec<ItemId>> = vec![Vec::new(); cells];
        let room_items: Vec<Option<ItemId>> =
            puzzle.rooms().iter().map(|room| room.clue.map(|n| problem.add_exact(n))).collect();
        for (cell, &room) in puzzle.room_of().iter().enumerate() {
            if let Some(item) = room_items[room] {
                shaded_on[cell].push(item);
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
        for run in puzzle.three_room_runs() {
            let item = problem.add_item(1, run.len() as u32);
            for cell in run {
                shaded_on[cell].push(item);
            }
        }
        for cell in 0..cells {
            problem.add_option([(cell_items[cell], 1)]);
            problem.add_option(std::iter::once((cell_items[cell], 1)).chain(shaded_on[cell].iter().map(|&i| (i, 1))));
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
