//! A second solver for the calendar, specialised where the engine is
//! general: the board as a 64-bit mask, and a depth-first search that always
//! covers the first bare cell, trying only the placements whose first cell
//! it is. No per-node bookkeeping beyond two integers, so it runs orders of
//! magnitude faster than the engine on these small tilings (see
//! `aquarchive bench calendar`), which makes counting every tiling of every
//! date practical. The tests check that both solvers give the same counts.

use std::ops::ControlFlow;

use super::{Cell, Date, Tiling, Variant};

/// A date's puzzle as masks. Boards of more than 64 cells are not taken.
pub struct Bitboard {
    cells: usize,
    /// Bits that start covered: off the board, the date, and past the end.
    start: u64,
    /// For each cell, the placements (piece, mask) whose lowest cell it is.
    anchored: Vec<Vec<(u8, u64)>>,
    width: usize,
    /// Every piece has two cells or more, so a lone bare cell is a dead end.
    prune: bool,
    /// Cells not in the first / last column, for shifting masks sideways.
    not_first: u64,
    not_last: u64,
}

impl Bitboard {
    /// `None` when the board has more than 64 cells or more than 32 pieces.
    pub fn new(variant: &Variant, date: &Date) -> Option<Bitboard> {
        let (w, h) = (variant.width(), variant.height());
        let cells = w * h;
        if cells > 64 || variant.pieces().len() > 32 {
            return None;
        }
        let open = variant.open_cells(date);
        let mut start = if cells == 64 { 0 } else { !0u64 << cells };
        for (i, &open) in open.iter().enumerate() {
            if open || variant.cell(i / w, i % w) == Cell::Blocked {
                start |= 1 << i;
            }
        }
        let mut anchored = vec![Vec::new(); cells];
        for k in 0..variant.pieces().len() {
            for shape in variant.shapes(k) {
                let rows = shape.iter().map(|p| p.0).max().unwrap_or(0) + 1;
                let cols = shape.iter().map(|p| p.1).max().unwrap_or(0) + 1;
                for r0 in 0..(h + 1).saturating_sub(rows) {
                    for c0 in 0..(w + 1).saturating_sub(cols) {
                        let mask = shape.iter().fold(0u64, |m, &(r, c)| m | 1 << ((r0 + r) * w + c0 + c));
                        if mask & start == 0 {
                            anchored[mask.trailing_zeros() as usize].push((k as u8, mask));
                        }
                    }
                }
            }
        }
        let column = |c: usize| (0..h).fold(0u64, |m, r| m | 1 << (r * w + c));
        let prune = variant.pieces().iter().all(|p| p.cells.len() >= 2);
        Some(Bitboard { cells, start, anchored, width: w, prune, not_first: !column(0), not_last: !column(w - 1) })
    }

    /// Whether some bare cell has no bare neighbour: no piece (all have two
    /// cells or more, which `Variant::parse` does not promise, so the caller
    /// checks) can ever cover it, and the branch is dead.
    #[inline]
    fn stranded(&self, filled: u64) -> bool {
        let bare = !filled;
        let w = self.width;
        let neighbours = ((bare & self.not_last) << 1) | ((bare & self.not_first) >> 1) | (bare << w) | (bare >> w);
        bare & !neighbours != 0
    }

    /// The number of tilings.
    pub fn count(&self) -> u64 {
        self.count_from(self.start, 0)
    }

    fn count_from(&self, filled: u64, used: u32) -> u64 {
        if filled == u64::MAX {
            return 1;
        }
        if self.prune && self.stranded(filled) {
            return 0;
        }
        let cell = (!filled).trailing_zeros() as usize;
        let mut n = 0;
        for &(piece, mask) in &self.anchored[cell] {
            if used & (1 << piece) == 0 && mask & filled == 0 {
                n += self.count_from(filled | mask, used | 1 << piece);
            }
        }
        n
    }

    /// Calls `f` with each tiling until it breaks. Returns whether every
    /// tiling was visited.
    pub fn for_each(&self, mut f: impl FnMut(&Tiling) -> ControlFlow<()>) -> bool {
        let mut chosen = Vec::new();
        self.walk(self.start, 0, &mut chosen, &mut f).is_continue()
    }

    fn walk(&self, filled: u64, used: u32, chosen: &mut Vec<(u8, u64)>, f: &mut dyn FnMut(&Tiling) -> ControlFlow<()>) -> ControlFlow<()> {
        if filled == u64::MAX {
            let mut cells = vec![None; self.cells];
            for &(piece, mask) in chosen.iter() {
                for (i, cell) in cells.iter_mut().enumerate() {
                    if mask & (1 << i) != 0 {
                        *cell = Some(piece);
                    }
                }
            }
            return f(&Tiling { cells });
        }
        if self.prune && self.stranded(filled) {
            return ControlFlow::Continue(());
        }
        let cell = (!filled).trailing_zeros() as usize;
        for &(piece, mask) in &self.anchored[cell] {
            if used & (1 << piece) == 0 && mask & filled == 0 {
                chosen.push((piece, mask));
                let flow = self.walk(filled | mask, used | 1 << piece, chosen, f);
                chosen.pop();
                flow?;
            }
        }
        ControlFlow::Continue(())
    }
}
