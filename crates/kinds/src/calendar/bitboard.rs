//! A second solver for the calendar, specialised where the engine is
//! general: the board as a 64-bit mask, and a depth-first search that always
//! covers the first bare cell, trying only the placements whose first cell
//! it is. No per-node bookkeeping beyond two integers, so it runs orders of
//! magnitude faster than the engine on these small tilings (see
//! `aquarchive-bench calendar`), which makes counting every tiling of every
//! date practical. The tests check that both solvers give the same counts.

use std::ops::ControlFlow;

use super::{Cell, Date, Tiling, Variant, for_each_placement};

/// A date's puzzle as masks. Boards of more than 64 cells are not taken.
pub struct Bitboard {
    cells: usize,
    /// Bits that start covered: off the board, the date, and past the end.
    start: u64,
    /// For each cell, the placements (piece, mask) whose lowest cell it is.
    anchored: Vec<Vec<(u8, u64)>>,
    width: usize,
    /// Each piece's number of cells.
    sizes: Vec<u32>,
    /// For the search of every date: the month, day and weekday cells.
    kinds: [u64; 3],
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
        let coverable: Vec<bool> = (0..cells).map(|i| start & (1 << i) == 0).collect();
        let mut anchored = vec![Vec::new(); cells];
        for_each_placement(variant, &coverable, |piece, cells| {
            let mask = cells.iter().fold(0u64, |m, &i| m | 1 << i);
            anchored[mask.trailing_zeros() as usize].push((piece as u8, mask));
        });
        let column = |c: usize| (0..h).fold(0u64, |m, r| m | 1 << (r * w + c));
        let sizes = variant.pieces().iter().map(|p| p.cells.len() as u32).collect();
        Some(Bitboard {
            cells,
            start,
            anchored,
            width: w,
            sizes,
            kinds: [0; 3],
            not_first: !column(0),
            not_last: !column(w - 1),
        })
    }

    #[inline]
    fn neighbours(&self, m: u64) -> u64 {
        ((m & self.not_last) << 1) | ((m & self.not_first) >> 1) | (m << self.width) | (m >> self.width)
    }

    /// Whether the bare cells fall into a region that no set of the unused
    /// pieces can fill: every connected bare region's size must be a sum of
    /// some unused pieces' sizes. A cheap necessary condition that cuts
    /// most dead ends at once (a lone cell, a pocket of three).
    fn dead(&self, filled: u64, used: u32) -> bool {
        // Bit s of `sums`: some set of unused pieces has s cells in all.
        let mut sums = 1u128;
        for (k, &size) in self.sizes.iter().enumerate() {
            if used & (1 << k) == 0 {
                sums |= sums << size;
            }
        }
        let mut bare = !filled;
        while bare != 0 {
            let mut region = bare & bare.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & bare;
                if grown == region {
                    break;
                }
                region = grown;
            }
            if sums & (1u128 << region.count_ones()) == 0 {
                return true;
            }
            bare &= !region;
        }
        false
    }

    /// The number of tilings.
    pub fn count(&self) -> u64 {
        self.count_from(self.start, 0)
    }

    fn count_from(&self, filled: u64, used: u32) -> u64 {
        if filled == u64::MAX {
            return 1;
        }
        if self.dead(filled, used) {
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

    fn walk(
        &self,
        filled: u64,
        used: u32,
        chosen: &mut Vec<(u8, u64)>,
        f: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if filled == u64::MAX {
            return f(&self.tiling(chosen));
        }
        if self.dead(filled, used) {
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

    /// The number of tilings of every month/day(/weekday) combination the
    /// board has, in one search: the board starts bare but for the cells off
    /// it, and at the first bare cell the search may also leave it open if it
    /// is a month (day, weekday) cell and no month (day, weekday) has been
    /// left open yet. The searches of all dates share their common work,
    /// which is most of it. Calls `f(date, tiling)` for every tiling, in no
    /// particular order; `f` may stop the search.
    pub fn every_date(variant: &Variant, mut f: impl FnMut(&Date, &Tiling) -> ControlFlow<()>) -> Option<bool> {
        let blank = Date { month: 0, day: 0, weekday: None };
        let board = Bitboard::new(variant, &blank)?;
        let labels: Vec<Cell> =
            (0..board.cells).map(|i| variant.cell(i / variant.width(), i % variant.width())).collect();
        let weekdays = variant.has_weekdays();
        let mask_of = |keep: fn(Cell) -> bool| {
            labels.iter().enumerate().filter(|(_, c)| keep(**c)).fold(0u64, |m, (i, _)| m | 1 << i)
        };
        let kinds = [
            mask_of(|c| matches!(c, Cell::Month(_))),
            mask_of(|c| matches!(c, Cell::Day(_))),
            mask_of(|c| matches!(c, Cell::Weekday(_))),
        ];
        let board = Bitboard { kinds, ..board };
        let mut chosen = Vec::new();
        let mut open = Date { weekday: if weekdays { None } else { Some(7) }, ..blank };
        Some(board.walk_dates(&labels, board.start, 0, &mut open, &mut chosen, &mut f).is_continue())
    }

    fn walk_dates(
        &self,
        labels: &[Cell],
        filled: u64,
        used: u32,
        open: &mut Date,
        chosen: &mut Vec<(u8, u64)>,
        f: &mut dyn FnMut(&Date, &Tiling) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if filled == u64::MAX {
            // A weekday of 7 stands for "the board has none".
            let date = Date { weekday: open.weekday.filter(|&w| w < 7), ..*open };
            return f(&date, &self.tiling(chosen));
        }
        // A bare cell with no bare neighbour can only be left open, so it
        // must be a label cell of a kind still to leave open, one a kind.
        let bare = !filled;
        let lone = bare & !self.neighbours(bare);
        if lone != 0 {
            let still = [open.month == 0, open.day == 0, open.weekday.is_none()];
            let mut rest = lone;
            for (k, &mask) in self.kinds.iter().enumerate() {
                let here = lone & mask;
                if here != 0 && (!still[k] || here.count_ones() > 1) {
                    return ControlFlow::Continue(());
                }
                rest &= !mask;
            }
            if rest != 0 {
                return ControlFlow::Continue(());
            }
        }
        let cell = (!filled).trailing_zeros() as usize;
        let bit = 1u64 << cell;
        // Leave the cell open, if it may be the date's.
        let slot = match labels[cell] {
            Cell::Month(m) if open.month == 0 => Some((0, m)),
            Cell::Day(d) if open.day == 0 => Some((1, d)),
            Cell::Weekday(w) if open.weekday.is_none() => Some((2, w)),
            _ => None,
        };
        if let Some((kind, value)) = slot {
            let saved = *open;
            match kind {
                0 => open.month = value,
                1 => open.day = value,
                _ => open.weekday = Some(value),
            }
            let flow = self.walk_dates(labels, filled | bit, used, open, chosen, f);
            *open = saved;
            flow?;
        }
        for &(piece, mask) in &self.anchored[cell] {
            if used & (1 << piece) == 0 && mask & filled == 0 {
                chosen.push((piece, mask));
                let flow = self.walk_dates(labels, filled | mask, used | 1 << piece, open, chosen, f);
                chosen.pop();
                flow?;
            }
        }
        ControlFlow::Continue(())
    }

    fn tiling(&self, chosen: &[(u8, u64)]) -> Tiling {
        let mut cells = vec![None; self.cells];
        for &(piece, mask) in chosen {
            let mut m = mask;
            while m != 0 {
                cells[m.trailing_zeros() as usize] = Some(piece);
                m &= m - 1;
            }
        }
        Tiling { cells }
    }
}
