//! Nonograms as a multi-cover problem. First each line is read against
//! what the others have settled (the cells every placement of its runs
//! agrees on), round after round until nothing more settles: most real
//! puzzles are settled whole that way, and the rest keep few placements a
//! line. Then the engine: an item per line (exactly one placement), an
//! option per placement that fits what is settled, and an item per cell
//! left open that ties its row and column together: the row's placement
//! adds one where it makes the cell black, the column's where it leaves it
//! white, and the two agree exactly when that adds up to one.

use std::collections::VecDeque;

use multicover::{OptionId, Problem};

use super::Nonogram;
use super::line::{BLACK, Line, UNKNOWN, WHITE};

/// A board on the engine, with each option's line and runs' first cells.
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    placements: Vec<(usize, Vec<usize>)>,
}

impl Encoding {
    pub(crate) fn new(board: &Nonogram) -> Encoding {
        let lines: Vec<Vec<usize>> = (0..board.lines().len()).map(|n| board.line_cells(n)).collect();
        let mut problem = Problem::with_capacity(lines.len(), 0, 0);
        let Some(known) = settle(board, &lines) else {
            // A line no placement fits: an item nothing can cover.
            problem.add_exact(1);
            return Encoding { problem, placements: Vec::new() };
        };
        let line_items: Vec<_> = lines.iter().map(|_| problem.add_exact(1)).collect();
        let cell_items: Vec<_> = known.iter().map(|&k| (k == UNKNOWN).then(|| problem.add_exact(1))).collect();
        let width = board.size().width;
        let mut placements = Vec::new();
        let mut black = Vec::new();
        for (n, cells) in lines.iter().enumerate() {
            let runs = &board.lines()[n];
            let states: Vec<u8> = cells.iter().map(|&c| known[c]).collect();
            let is_column = n < width;
            for starts in Line::new(runs, &states).placements() {
                black.clear();
                black.resize(cells.len(), false);
                for (&start, &len) in starts.iter().zip(runs) {
                    black[start..start + len].fill(true);
                }
                let ties = cells
                    .iter()
                    .zip(&black)
                    .filter(|&(_, &b)| b != is_column)
                    .filter_map(|(&cell, _)| cell_items[cell].map(|item| (item, 1)));
                problem.add_option(std::iter::once((line_items[n], 1)).chain(ties));
                placements.push((n, starts));
            }
        }
        Encoding { problem, placements }
    }

    /// The answer string a set of options (one per line) stands for: the
    /// rows' placements.
    pub(crate) fn decode(&self, board: &Nonogram, chosen: &[OptionId]) -> String {
        let width = board.size().width;
        let mut answer = vec![b'n'; board.size().cells()];
        for &option in chosen {
            let (n, starts) = &self.placements[option];
            if *n < width {
                continue;
            }
            let row_start = (n - width) * width;
            for (&start, &len) in starts.iter().zip(&board.lines()[*n]) {
                answer[row_start + start..row_start + start + len].fill(b'y');
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}

/// What the lines settle, each read alone against what the others have
/// settled, until none settles more; None where a line fits no placement.
fn settle(board: &Nonogram, lines: &[Vec<usize>]) -> Option<Vec<u8>> {
    let width = board.size().width;
    let mut known = vec![UNKNOWN; board.size().cells()];
    let mut queued = vec![true; lines.len()];
    let mut queue: VecDeque<usize> = (0..lines.len()).collect();
    let mut states = Vec::new();
    while let Some(n) = queue.pop_front() {
        queued[n] = false;
        states.clear();
        states.extend(lines[n].iter().map(|&c| known[c]));
        let line = Line::new(&board.lines()[n], &states);
        if !line.fits() {
            return None;
        }
        for (at, can) in line.possible().into_iter().enumerate() {
            let cell = lines[n][at];
            if known[cell] != UNKNOWN || can == BLACK | WHITE {
                continue;
            }
            known[cell] = can;
            // The line across this one through the cell.
            let across = if n < width { width + cell / width } else { cell % width };
            if !std::mem::replace(&mut queued[across], true) {
                queue.push_back(across);
            }
        }
    }
    Some(known)
}
