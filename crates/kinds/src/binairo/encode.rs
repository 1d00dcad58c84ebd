//! Binairo as a multi-cover problem: an option per digit a cell may hold;
//! an item per cell (one digit), per row and column (half its cells hold
//! 0), per three cells side by side (one or two of them hold 0), and per
//! binairo-plus sign and pair of digits it forbids (at most one of the
//! two). With one digit a cell, the 0s say as much as the 1s would (half
//! the cells 0 is half 1, one or two 0s of three is one or two 1s), and
//! the engine draws the same conclusions from them: items for the 1s as
//! well made every 1 option as long as a 0 option and the real boards take
//! about half as long again. That lines differ is no sum of cells: the
//! search passes over the answers that repeat a line (see
//! [`super::home`]), which in real puzzles are few.

use multicover::{ItemId, OptionId, Problem};

use super::{Binairo, Sign};

/// A board on the engine, with each option's cell and digit.
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    placements: Vec<(usize, u8)>,
}

impl Encoding {
    pub(crate) fn new(board: &Binairo) -> Encoding {
        let (w, h) = (board.size().width, board.size().height);
        let cells = w * h;
        let mut problem = Problem::with_capacity(cells * 4, cells * 2, cells * 16);
        let cell_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        // The 0s of each line.
        let row_items: Vec<ItemId> = (0..h).map(|_| problem.add_exact((w / 2) as u32)).collect();
        let col_items: Vec<ItemId> = (0..w).map(|_| problem.add_exact((h / 2) as u32)).collect();
        // Each cell's items beyond its own: [digit] -> items it adds 1 to.
        let mut extra: Vec<[Vec<ItemId>; 2]> = vec![[Vec::new(), Vec::new()]; cells];
        for r in 0..h {
            extra[r * w..(r + 1) * w].iter_mut().for_each(|e| e[0].push(row_items[r]));
            for c in 0..w.saturating_sub(2) {
                let item = problem.add_item(1, 2);
                for k in 0..3 {
                    extra[r * w + c + k][0].push(item);
                }
            }
        }
        for c in 0..w {
            (0..h).for_each(|r| extra[r * w + c][0].push(col_items[c]));
            for r in 0..h.saturating_sub(2) {
                let item = problem.add_item(1, 2);
                for k in 0..3 {
                    extra[(r + k) * w + c][0].push(item);
                }
            }
        }
        for cell in 0..cells {
            for (down, next) in [(false, cell + 1), (true, cell + w)] {
                let Some(sign) = board.sign(cell, down) else { continue };
                // The pairs of digits the sign forbids, as (this, next).
                let forbidden: [(usize, usize); 2] = match sign {
                    Sign::Same => [(0, 1), (1, 0)],
                    Sign::Different => [(0, 0), (1, 1)],
                };
                for (a, b) in forbidden {
                    let item = problem.add_secondary(1);
                    extra[cell][a].push(item);
                    extra[next][b].push(item);
                }
            }
        }
        let mut placements = Vec::with_capacity(cells * 2);
        for cell in 0..cells {
            for digit in 0..2u8 {
                if board.givens()[cell].is_some_and(|g| g != digit) {
                    continue;
                }
                let own = std::iter::once(cell_items[cell]);
                problem.add_option(own.chain(extra[cell][usize::from(digit)].iter().copied()).map(|item| (item, 1)));
                placements.push((cell, digit));
            }
        }
        Encoding { problem, placements }
    }

    /// The digits a set of options stands for, row-major.
    pub(crate) fn digits(&self, cells: usize, chosen: &[OptionId]) -> Vec<u8> {
        let mut digits = vec![0; cells];
        for &option in chosen {
            let (cell, digit) = self.placements[option];
            digits[cell] = digit;
        }
        digits
    }
}
