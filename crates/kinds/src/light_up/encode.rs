//! Light Up as a multi-cover problem. A bulb lights the run of white cells
//! across and the run down that it stands in; runs are lit by at most one
//! bulb (no bulb lights another). One item per run (at most one bulb), one
//! per white cell (lit once or twice: by its run across, its run down, or
//! both), one per numbered cell (exactly its number of bulbs next to it),
//! and an option per white cell not next to a 0: a bulb there, adding one
//! to its two runs, to each cell of them and to its numbered neighbours.

use multicover::{OptionId, Problem};

use super::{Cell, LightUp};

/// A board on the engine, with each option's bulb.
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    bulbs: Vec<usize>,
}

impl Encoding {
    pub(crate) fn new(board: &LightUp) -> Encoding {
        let cells = board.cells();
        let (across, down) = board.runs();
        let mut problem = Problem::new();
        let mut run_across = vec![0; cells.len()];
        let mut run_down = vec![0; cells.len()];
        let across_items: Vec<_> = across.iter().map(|_| problem.add_secondary(1)).collect();
        let down_items: Vec<_> = down.iter().map(|_| problem.add_secondary(1)).collect();
        for (r, run) in across.iter().enumerate() {
            run.iter().for_each(|&cell| run_across[cell] = r);
        }
        for (r, run) in down.iter().enumerate() {
            run.iter().for_each(|&cell| run_down[cell] = r);
        }
        let cell_items: Vec<_> = cells
            .iter()
            .map(|cell| match *cell {
                Cell::White => Some(problem.add_item(1, 2)),
                Cell::Numbered(n) => Some(problem.add_exact(n.into())),
                Cell::Black => None,
            })
            .collect();
        let mut bulbs = Vec::new();
        for bulb in (0..cells.len()).filter(|&c| cells[c] == Cell::White) {
            if board.neighbours(bulb).any(|n| cells[n] == Cell::Numbered(0)) {
                continue;
            }
            let (a, d) = (run_across[bulb], run_down[bulb]);
            // The bulb's own cell is in both runs: the engine adds it up to 2.
            let lit = across[a].iter().chain(&down[d]).map(|&cell| (cell_items[cell].expect("a white cell"), 1));
            let numbered = board
                .neighbours(bulb)
                .filter(|&n| matches!(cells[n], Cell::Numbered(_)))
                .map(|n| (cell_items[n].expect("a numbered cell"), 1));
            problem.add_option([(across_items[a], 1), (down_items[d], 1)].into_iter().chain(lit).chain(numbered));
            bulbs.push(bulb);
        }
        Encoding { problem, bulbs }
    }

    /// The answer string a set of options stands for.
    pub(crate) fn decode(&self, board: &LightUp, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; board.size().cells()];
        for &option in chosen {
            answer[self.bulbs[option]] = b'y';
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
