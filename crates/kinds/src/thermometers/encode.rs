//! Thermometers as a multi-cover problem: one item per thermometer (exactly
//! one level), one per row and per column (its clue), and an option per
//! level of each thermometer that weighs, on each row and column, the cells
//! its mercury fills there. Aquarium's tanks are the same model.

use multicover::{OptionId, Problem};

use super::Thermometers;

/// A board on the engine, with each option's thermometer and level.
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    /// For each option: its thermometer and how many cells it fills.
    levels: Vec<(usize, usize)>,
}

impl Encoding {
    pub(crate) fn new(board: &Thermometers) -> Encoding {
        let size = board.size();
        let thermometers = board.thermometers();
        let options = thermometers.iter().map(|t| t.cells.len() + 1).sum::<usize>();
        let mut problem = Problem::with_capacity(thermometers.len() + size.height + size.width, options, 0);
        let thermometer_items: Vec<_> = thermometers.iter().map(|_| problem.add_exact(1)).collect();
        let row_items: Vec<_> = board.row_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let col_items: Vec<_> = board.col_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let mut levels = Vec::with_capacity(options);
        for (t, thermometer) in thermometers.iter().enumerate() {
            for level in 0..=thermometer.cells.len() {
                // The engine adds up an item named more than once.
                let filled = thermometer.cells[..level]
                    .iter()
                    .flat_map(|&cell| [(row_items[cell / size.width], 1), (col_items[cell % size.width], 1)]);
                problem.add_option(std::iter::once((thermometer_items[t], 1)).chain(filled));
                levels.push((t, level));
            }
        }
        Encoding { problem, levels }
    }

    /// The answer string a set of options (one per thermometer) stands for.
    pub(crate) fn decode(&self, board: &Thermometers, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; board.size().cells()];
        for &option in chosen {
            let (t, level) = self.levels[option];
            for &cell in &board.thermometers()[t].cells[..level] {
                answer[cell] = b'y';
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
