//! What the search changes as options die and come back: which options
//! live, each group's live count, the cells' and items' bounds, the trail
//! and the chosen options. [`State::kill`] and [`State::revive`] are the
//! hot core; what the optional reasoning must hear of them the search tells
//! it around these calls.

use super::layout::Layout;

/// The search's changing state (see the module comment).
pub(super) struct State {
    pub(super) alive: Vec<bool>,
    pub(super) group_live: Vec<u32>,
    /// Cells: (group, item) pairs; `val_count` how many live options have
    /// each of a cell's distinct weights (see [`Layout::vals`]).
    pub(super) cells: Vec<Cell>,
    pub(super) val_count: Vec<u32>,
    /// Where each item's sum stands, and which items to look at again.
    pub(super) sums: Sums,
    /// Killed options, in order, so that undo revives them in reverse.
    pub(super) trail: Vec<u32>,
    pub(super) chosen: Vec<u32>,
}

/// An item's range and where its sum stands.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Item {
    pub(super) lo: u32,
    pub(super) hi: u32,
    /// The weight of the chosen options on the item.
    pub(super) committed: u32,
    /// What the undecided groups can still add, at most and at least.
    pub(super) most: u32,
    pub(super) least: u32,
    /// At least the widest `most - least` of its cells: a window narrower
    /// than this is the only kind that can cut an option, so an item with
    /// this much room on both sides needs no look at its cells. Set exactly
    /// when `propagate` looks at them all, raised when undo widens a cell.
    pub(super) spread: u32,
    /// "Exactly one of my options" (see the module comment).
    pub(super) is_selector: bool,
    pub(super) queued: bool,
}

/// A (group, item) pair: what the group's live options can still add to
/// the item. Its fields sit together because `kill` and `propagate` read
/// them together.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cell {
    pub(super) item: u32,
    /// The live options' lightest and heaviest weights on the item, as
    /// indices into `vals` (kept while the group has none live, for when
    /// they come back) ...
    pub(super) min: u32,
    pub(super) max: u32,
    /// ... and as weights: both 0 while the group has no live option.
    pub(super) lightest: u32,
    pub(super) heaviest: u32,
    /// What the cell must add at least: `lightest` in an exact group, 0
    /// otherwise; kept beside it so that propagation, which reads it for
    /// every cell of an item, need not look up the group.
    pub(super) least: u32,
}

impl Item {
    /// Whether the item can no longer end in its range: what is committed
    /// plus the most the undecided groups can add falls short, or plus the
    /// least they must add goes over.
    #[inline(always)]
    pub(super) fn out_of_reach(&self) -> bool {
        self.committed + self.most < self.lo || self.committed + self.least > self.hi
    }
}

impl Cell {
    /// The (most, least) the cell adds to its item.
    #[inline(always)]
    pub(super) fn bounds(&self) -> (u32, u32) {
        (self.heaviest, self.least)
    }

    /// Whether the cell, of a live group (`exact` or not), can still move
    /// its item: an exact group's when its live options' weights there
    /// differ; an inexact group may add nothing (its "none"), so its cell
    /// moves the item when an option weighs on it.
    #[inline(always)]
    pub(super) fn moves(&self, exact: bool) -> bool {
        if exact { self.heaviest != self.lightest } else { self.heaviest > 0 }
    }
}

/// The items' ranges and sums, and the queue of items whose bounds moved:
/// what `kill` and `revive` update besides the cells, in a struct of its own
/// so that they can borrow it beside the cells.
pub(super) struct Sums {
    pub(super) items: Vec<Item>,
    /// Items whose bounds moved since they were last looked at.
    pub(super) queue: Vec<u32>,
    /// Set when a bound change leaves an item out of reach of its range,
    /// so that `propagate` stops at once; cleared by `propagate`.
    pub(super) broken: bool,
    /// The item that set `broken`.
    pub(super) failed: u32,
    /// Probing: a tick per lasting change of an item's bounds (none while
    /// probing), and the tick of each item's last change.
    pub(super) clock: u64,
    pub(super) item_changed: Vec<u64>,
    pub(super) in_probe: bool,
}

impl Sums {
    #[inline(always)]
    pub(super) fn enqueue(&mut self, item: usize) {
        if !self.in_probe {
            self.clock += 1;
            self.item_changed[item] = self.clock;
        }
        if !self.items[item].queued {
            self.items[item].queued = true;
            self.queue.push(item as u32);
        }
    }

    /// A cell of `item` now adds `new` (most, least) where it added `old`.
    #[inline(always)]
    pub(super) fn shift(&mut self, item: usize, old: (u32, u32), new: (u32, u32)) {
        let at = &mut self.items[item];
        at.most = at.most - old.0 + new.0;
        at.least = at.least - old.1 + new.1;
        if at.out_of_reach() && !self.broken {
            self.broken = true;
            self.failed = item as u32;
        }
        self.enqueue(item);
    }

    /// After a failed propagation: unlists the queued items from `from` on
    /// (those before it were unlisted as they were read), empties the
    /// queue and clears `broken`.
    pub(super) fn drop_queue(&mut self, from: usize) {
        for &j in &self.queue[from..] {
            self.items[j as usize].queued = false;
        }
        self.queue.clear();
        self.broken = false;
    }

    /// `shift` backwards, for undo: nothing to queue.
    #[inline(always)]
    pub(super) fn unshift(&mut self, item: usize, old: (u32, u32), new: (u32, u32)) {
        let at = &mut self.items[item];
        at.most = at.most - old.0 + new.0;
        at.least = at.least - old.1 + new.1;
        // The cell may have widened: keep `spread` a bound.
        at.spread = at.spread.max(new.0 - new.1);
    }
}

/// An option's group's cells with the option's slot in each, and the
/// counts, values and sums they update (see `State::option_cells`).
pub(super) struct OptionCells<'a> {
    pub(super) cells: &'a mut [Cell],
    pub(super) slots: &'a [u32],
    pub(super) val_count: &'a mut [u32],
    pub(super) vals: &'a [u32],
    pub(super) sums: &'a mut Sums,
    /// Whether the group is exact.
    pub(super) exact: bool,
}

impl State {
    /// What `kill` and `revive` update for option `o`, borrowed apart so
    /// that their loops need no reloads.
    #[inline(always)]
    fn option_cells<'a>(&'a mut self, layout: &'a Layout, o: usize) -> OptionCells<'a> {
        let at = layout.opts[o];
        let g = at.group as usize;
        let cells = &mut self.cells[layout.group_cells_start[g] as usize..layout.group_cells_start[g + 1] as usize];
        let slots = &layout.opt_slots[at.slots as usize..][..cells.len()];
        OptionCells {
            cells,
            slots,
            val_count: &mut self.val_count,
            vals: &layout.vals,
            sums: &mut self.sums,
            exact: layout.group_exact[g],
        }
    }

    /// Removes a live option and queues the items whose bounds it moves;
    /// returns its group and the trail's length before it. Left to the
    /// compiler to inline or not: called from the search's loops and from
    /// learning's clauses alike, as one function it costs least.
    pub(super) fn kill(&mut self, layout: &Layout, o: u32) -> (usize, usize) {
        let ou = o as usize;
        debug_assert!(self.alive[ou]);
        self.alive[ou] = false;
        let g = layout.opts[ou].group as usize;
        let after = self.group_live[g] - 1;
        let OptionCells { cells, slots, val_count, vals, sums, exact } = self.option_cells(layout, ou);
        for (cell, &slot) in cells.iter_mut().zip(slots) {
            val_count[slot as usize] -= 1;
            if after == 0 {
                sums.shift(cell.item as usize, cell.bounds(), (0, 0));
                cell.heaviest = 0;
                cell.lightest = 0;
                cell.least = 0;
            } else if val_count[slot as usize] == 0 {
                // Every option of the group has a slot in every cell, so
                // while one lives these scans stop inside the cell. Only one
                // end can move: a slot at both ends was the last live one.
                if slot == cell.max {
                    let old = cell.bounds();
                    while val_count[cell.max as usize] == 0 {
                        cell.max -= 1;
                    }
                    // A cell's values are distinct: the heaviest fell.
                    cell.heaviest = vals[cell.max as usize];
                    sums.shift(cell.item as usize, old, cell.bounds());
                } else if slot == cell.min {
                    while val_count[cell.min as usize] == 0 {
                        cell.min += 1;
                    }
                    let lightest = vals[cell.min as usize];
                    // Only an exact group's bounds count its lightest.
                    if exact {
                        sums.shift(cell.item as usize, (cell.heaviest, cell.least), (cell.heaviest, lightest));
                        cell.least = lightest;
                    }
                    cell.lightest = lightest;
                }
            }
        }
        self.group_live[g] = after;
        let at = self.trail.len();
        self.trail.push(o);
        (g, at)
    }

    /// Brings a dead option back: the exact inverse of `kill`; returns its
    /// group.
    #[inline(always)]
    pub(super) fn revive(&mut self, layout: &Layout, o: u32) -> usize {
        let ou = o as usize;
        debug_assert!(!self.alive[ou]);
        self.alive[ou] = true;
        let g = layout.opts[ou].group as usize;
        let before = self.group_live[g];
        let OptionCells { cells, slots, val_count, vals, sums, exact } = self.option_cells(layout, ou);
        for (cell, &slot) in cells.iter_mut().zip(slots) {
            val_count[slot as usize] += 1;
            if before == 0 {
                cell.min = slot;
                cell.max = slot;
                cell.lightest = vals[slot as usize];
                cell.heaviest = vals[slot as usize];
                cell.least = if exact { cell.lightest } else { 0 };
                sums.unshift(cell.item as usize, (0, 0), cell.bounds());
            } else if slot > cell.max {
                let old = cell.bounds();
                cell.max = slot;
                cell.heaviest = vals[slot as usize];
                sums.unshift(cell.item as usize, old, cell.bounds());
            } else if slot < cell.min {
                let old = cell.bounds();
                cell.min = slot;
                cell.lightest = vals[slot as usize];
                if exact {
                    cell.least = cell.lightest;
                }
                sums.unshift(cell.item as usize, old, cell.bounds());
            }
        }
        self.group_live[g] = before + 1;
        g
    }
}
