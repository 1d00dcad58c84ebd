//! The grader's board: each cell's digit or candidates, and the units and
//! cells the techniques look at.

use super::super::{CELLS, Grid, box_of};

/// The 27 units: rows 0..9, columns 9..18, boxes 18..27, each as its cells.
pub(super) const UNITS: [[usize; 9]; 27] = units();

const fn units() -> [[usize; 9]; 27] {
    let mut u = [[0; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            u[i][j] = i * 9 + j;
            u[9 + i][j] = j * 9 + i;
            u[18 + i][j] = (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3;
            j += 1;
        }
        i += 1;
    }
    u
}

pub(super) fn row(cell: usize) -> usize {
    cell / 9
}

pub(super) fn col(cell: usize) -> usize {
    cell % 9
}

pub(super) fn box_index(cell: usize) -> usize {
    box_of(row(cell), col(cell))
}

/// Two different cells sharing a row, column or box.
pub(super) fn sees(a: usize, b: usize) -> bool {
    a != b && (row(a) == row(b) || col(a) == col(b) || box_index(a) == box_index(b))
}

pub(super) fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask & (1 << d) != 0)
}

/// Every `k`-subset of `items`, in order.
pub(super) fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    pub(super) fn extend(items: &[usize], k: usize, start: usize, chosen: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if chosen.len() == k {
            out.push(chosen.clone());
            return;
        }
        for i in start..items.len() {
            chosen.push(items[i]);
            extend(items, k, i + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    extend(items, k, 0, &mut Vec::with_capacity(k), &mut out);
    out
}

/// Digits placed and candidates left.
#[derive(Clone, Debug)]
pub(super) struct Board {
    pub(super) value: [u8; CELLS],
    /// Candidates of each blank cell (bits 1..=9); 0 for a filled cell.
    pub(super) cand: [u16; CELLS],
}

impl Board {
    pub(super) fn new(puzzle: &Grid) -> Board {
        let mut board = Board { value: [0; CELLS], cand: [0b11_1111_1110; CELLS] };
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                board.place(cell, d);
            }
        }
        board
    }

    pub(super) fn place(&mut self, cell: usize, d: u8) {
        self.value[cell] = d;
        self.cand[cell] = 0;
        for other in 0..CELLS {
            if sees(cell, other) {
                self.cand[other] &= !(1 << d);
            }
        }
    }

    pub(super) fn is_solved(&self) -> bool {
        self.value.iter().all(|&d| d != 0)
    }

    pub(super) fn has(&self, cell: usize, d: u8) -> bool {
        self.cand[cell] & (1 << d) != 0
    }

    /// The cells of `unit` that may still hold `d`.
    pub(super) fn places(&self, unit: usize, d: u8) -> Vec<usize> {
        UNITS[unit].iter().copied().filter(|&c| self.has(c, d)).collect()
    }

    /// The cells that still may hold `d`.
    pub(super) fn cells_with(&self, d: u8) -> Vec<usize> {
        (0..CELLS).filter(|&c| self.has(c, d)).collect()
    }

    /// `d` removed from each of `cells` that still has it.
    pub(super) fn removals(&self, cells: impl IntoIterator<Item = usize>, d: u8) -> Vec<(usize, u8)> {
        cells.into_iter().filter(|&c| self.has(c, d)).map(|c| (c, d)).collect()
    }
}
