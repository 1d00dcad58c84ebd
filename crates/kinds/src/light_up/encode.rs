//! Light Up as a multi-cover problem. A bulb lights the run of white cells
//! across and the run down that it stands in, and no run holds two bulbs
//! (no bulb lights another). One item per run, exactly one of its options:
//! a bulb on one of its cells, or an option saying the run has none; one
//! per white cell, at most one of the options saying its two runs have no
//! bulb (it is lit when either has one); one per numbered cell, exactly its
//! number of bulbs next to it. A bulb's option adds one to its two runs and
//! its numbered neighbours, a run's empty option to its run and its cells.
//!
//! The cells are told of the empty runs rather than of the bulbs: the same
//! rule, but with a bulb lighting every cell of its two runs its option was
//! as long as the runs, and the real 25x25 board took several times as long
//! to build and solve.

use multicover::{OptionId, Problem};

use super::{Cell, LightUp};

/// A board on the engine, with each option's bulb (None for a run's empty
/// option).
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    bulbs: Vec<Option<usize>>,
}

impl Encoding {
    pub(crate) fn new(board: &LightUp) -> Encoding {
        let cells = board.cells();
        let (across, down) = board.runs();
        let white = across.iter().map(Vec::len).sum::<usize>();
        let runs = across.len() + down.len();
        let mut problem = Problem::with_capacity(runs + cells.len(), white + runs, 8 * white + runs);
        // The across runs' items first: each bulb then joins its across
        // run's group, which holds all its options.
        let run_items: Vec<_> = (0..runs).map(|_| problem.add_exact(1)).collect();
        let (across_items, down_items) = run_items.split_at(across.len());
        let mut run_across = vec![0; cells.len()];
        let mut run_down = vec![0; cells.len()];
        for (r, run) in across.iter().enumerate() {
            run.iter().for_each(|&cell| run_across[cell] = r);
        }
        for (r, run) in down.iter().enumerate() {
            run.iter().for_each(|&cell| run_down[cell] = r);
        }
        let cell_items: Vec<_> = cells
            .iter()
            .map(|cell| match *cell {
                Cell::White => Some(problem.add_secondary(1)),
                Cell::Numbered(n) => Some(problem.add_exact(n.into())),
                Cell::Black => None,
            })
            .collect();
        let mut bulbs = Vec::with_capacity(white + runs);
        for bulb in (0..cells.len()).filter(|&c| cells[c] == Cell::White) {
            if board.neighbours(bulb).any(|n| cells[n] == Cell::Numbered(0)) {
                continue;
            }
            let numbered = board
                .neighbours(bulb)
                .filter(|&n| matches!(cells[n], Cell::Numbered(_)))
                .map(|n| (cell_items[n].expect("a numbered cell"), 1));
            let runs = [(across_items[run_across[bulb]], 1), (down_items[run_down[bulb]], 1)];
            problem.add_option(runs.into_iter().chain(numbered));
            bulbs.push(Some(bulb));
        }
        for (items, runs) in [(across_items, &across), (down_items, &down)] {
            for (&item, run) in items.iter().zip(runs) {
                let unlit = run.iter().map(|&cell| (cell_items[cell].expect("a white cell"), 1));
                problem.add_option(std::iter::once((item, 1)).chain(unlit));
                bulbs.push(None);
            }
        }
        Encoding { problem, bulbs }
    }

    /// The answer string a set of options stands for.
    pub(crate) fn decode(&self, board: &LightUp, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; board.size().cells()];
        for bulb in chosen.iter().filter_map(|&option| self.bulbs[option]) {
            answer[bulb] = b'y';
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
