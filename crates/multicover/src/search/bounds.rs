//! Keeping the bounds up to date: options die and come back, groups close
//! and reopen, a choice commits its weights, and propagation removes the
//! options that no longer fit (see the module comment of [`super`]).

use super::learn::{CAUSE_CLOSED, CAUSE_OTHER};
use super::{CLOSED_GROUP, CLOSED_MEMBER, MultiCover, OptionCells};

impl MultiCover {
    /// What `kill` and `revive` update for option `o`, borrowed apart so
    /// that their loops need no reloads.
    #[inline(always)]
    fn option_cells(&mut self, o: usize) -> OptionCells<'_> {
        let at = self.opts[o];
        let g = at.group as usize;
        let cells = &mut self.cells[self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize];
        let slots = &self.opt_slots[at.slots as usize..][..cells.len()];
        OptionCells {
            cells,
            slots,
            val_count: &mut self.val_count,
            vals: &self.vals,
            sums: &mut self.sums,
            exact: self.group_exact[g],
        }
    }

    /// Removes a live option and queues the items whose bounds it moves.
    pub(super) fn kill(&mut self, o: u32) {
        let ou = o as usize;
        debug_assert!(self.alive[ou]);
        self.alive[ou] = false;
        let g = self.opts[ou].group as usize;
        let after = self.group_live[g] - 1;
        let OptionCells { cells, slots, val_count, vals, sums, exact } = self.option_cells(ou);
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
        if self.learn.on {
            self.learn.died(o, g, self.trail.len(), CAUSE_OTHER);
        }
        self.trail.push(o);
    }

    /// Brings a dead option back: the exact inverse of `kill`.
    fn revive(&mut self, o: u32) {
        let ou = o as usize;
        debug_assert!(!self.alive[ou]);
        self.alive[ou] = true;
        let g = self.opts[ou].group as usize;
        let before = self.group_live[g];
        let OptionCells { cells, slots, val_count, vals, sums, exact } = self.option_cells(ou);
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
        if self.learn.on {
            self.learn.revived(o, g);
        }
    }

    /// Kills every live option of a group at once, leaving the value counts
    /// as they were: nothing touches a closed group until it is reopened,
    /// so the counts still describe its live options then.
    fn close_group(&mut self, g: usize) {
        let live = self.group_live[g];
        for at in self.group_opts_start[g]..self.group_opts_start[g + 1] {
            let p = self.group_opts[at as usize];
            if self.alive[p as usize] {
                self.alive[p as usize] = false;
                if self.learn.on && !self.learn.is_chosen(p, g) {
                    self.learn.died(p, g, self.trail.len(), CAUSE_CLOSED);
                }
                self.trail.push(p | CLOSED_MEMBER);
            }
        }
        for cell in &mut self.cells[self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize] {
            let old = cell.bounds();
            if old != (0, 0) {
                self.sums.shift(cell.item as usize, old, (0, 0));
            }
            cell.heaviest = 0;
            cell.lightest = 0;
            cell.least = 0;
        }
        self.group_live[g] = 0;
        self.trail.push(live);
        self.trail.push(g as u32 | CLOSED_GROUP);
    }

    fn reopen_group(&mut self, g: usize) {
        let live = self.trail.pop().expect("a closed group's live count");
        self.group_live[g] = live;
        let exact = self.group_exact[g];
        if live > 0 {
            for cell in &mut self.cells[self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize] {
                cell.heaviest = self.vals[cell.max as usize];
                cell.lightest = self.vals[cell.min as usize];
                cell.least = if exact { cell.lightest } else { 0 };
                self.sums.unshift(cell.item as usize, (0, 0), cell.bounds());
            }
        }
        while let Some(&entry) = self.trail.last() {
            if entry & CLOSED_MEMBER == 0 || entry & CLOSED_GROUP == CLOSED_GROUP {
                break;
            }
            self.trail.pop();
            let p = (entry & !CLOSED_MEMBER) as usize;
            self.alive[p] = true;
            if self.learn.on && !self.learn.is_chosen(p as u32, g) {
                self.learn.revived(p as u32, g);
            }
        }
    }

    /// Removes options outside their windows (see the module comment) until
    /// no bound moves. Returns false, with the queue emptied, when an item
    /// can no longer reach its range.
    pub(super) fn propagate(&mut self) -> bool {
        loop {
            if !self.propagate_bounds() {
                self.learn.drop_events();
                return false;
            }
            if !self.learn.has_events() {
                return true;
            }
            if !self.fire_clauses() {
                self.sums.drop_queue(0);
                return false;
            }
        }
    }

    fn propagate_bounds(&mut self) -> bool {
        let mut head = 0;
        let mut cuts = std::mem::take(&mut self.cuts);
        'items: while head < self.sums.queue.len() {
            let i = self.sums.queue[head] as usize;
            head += 1;
            self.note_line(i);
            let item = &mut self.sums.items[i];
            item.queued = false;
            let c = item.committed;
            if self.sums.broken || item.out_of_reach() {
                let culprit = if self.sums.broken { self.sums.failed as usize } else { i };
                self.fail_weight[culprit] += 1;
                self.learn.failure = super::learn::Failure::Item(culprit as u32);
                break 'items;
            }
            let room_above = item.hi - c - item.least;
            let room_below = c + item.most - item.lo;
            if room_above >= item.spread && room_below >= item.spread {
                continue;
            }
            // First the cells whose window cuts, with nothing written, then
            // the kills.
            let mut spread = 0;
            cuts.clear();
            let cells = &self.cells[..];
            let item_cells = &self.item_cells[self.item_cells_start[i] as usize..self.item_cells_start[i + 1] as usize];
            for &(cell, g, k) in item_cells {
                // A group with no live option has a (0, 0) cell: no cut.
                let cell = &cells[cell as usize];
                let (most, least) = cell.bounds();
                spread = spread.max(most - least);
                let top = least + room_above;
                let bottom = most.saturating_sub(room_below);
                if most > top || cell.lightest < bottom {
                    cuts.push((g, k, top, bottom));
                }
            }
            // Kills only narrow cells: what was the widest stays a bound.
            self.sums.items[i].spread = spread;
            for &(g, k, top, bottom) in &cuts {
                // Killing options of this group moves this cell's share and
                // the item's slack by the same amount: the window holds.
                let g = g as usize;
                for at in self.group_opts_start[g]..self.group_opts_start[g + 1] {
                    let p = self.group_opts[at as usize];
                    if !self.alive[p as usize] {
                        continue;
                    }
                    let x = self.opt_weights[(self.opts[p as usize].slots + k) as usize];
                    if x > top || x < bottom {
                        self.kill(p);
                        if self.learn.on {
                            self.learn.set_cause(p, super::learn::item_cause(i, x > top));
                        }
                        // A bound that crossed its range ends the search
                        // here: no need to finish what it started.
                        if self.sums.broken {
                            self.fail_weight[self.sums.failed as usize] += 1;
                            self.learn.failure = super::learn::Failure::Item(self.sums.failed);
                            break 'items;
                        }
                    }
                }
            }
        }
        self.cuts = cuts;
        if !self.sums.broken && head == self.sums.queue.len() {
            self.sums.queue.clear();
            return true;
        }
        self.sums.drop_queue(head);
        false
    }

    /// Puts option `o` into the solution, removes the rest of its group and
    /// propagates. Returns false when that leaves an item out of reach; the
    /// caller undoes either way.
    pub(super) fn choose(&mut self, o: u32) -> bool {
        let ou = o as usize;
        for k in self.opts[ou].entries() {
            let (i, w) = self.opt_entries[k];
            self.sums.items[i as usize].committed += w;
            self.sums.enqueue(i as usize);
        }
        self.chosen.push(o);
        if self.learn.on {
            self.learn.set_chosen(o, self.opts[ou].group as usize, true);
        }
        // At most one option of a group is chosen.
        self.close_group(self.opts[ou].group as usize);
        let fits = self.nogoods_choose(o);
        self.propagate() && fits
    }

    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let entry = self.trail.pop().expect("trail longer than mark");
            if entry & CLOSED_GROUP == CLOSED_GROUP {
                self.reopen_group((entry & !CLOSED_GROUP) as usize);
            } else {
                self.revive(entry);
            }
        }
    }

    pub(super) fn unchoose(&mut self) {
        let o = self.chosen.pop().expect("an option was chosen");
        if self.learn.on {
            self.learn.set_chosen(o, self.opts[o as usize].group as usize, false);
        }
        self.nogoods.unchoose(o);
        let o = o as usize;
        for k in self.opts[o].entries() {
            let (i, w) = self.opt_entries[k];
            self.sums.items[i as usize].committed -= w;
        }
    }

    /// Checks, in the crate's tests, that what `kill`, `revive` and the
    /// group moves keep up to date equals what it stands for when computed
    /// afresh: each live group's cells span its live options' slots (a dead
    /// group's read (0, 0)), the items' sums are the sums of their cells'
    /// bounds, each item's spread bounds its cells', and each slot's weight
    /// is its value's. Called where no propagation is pending: at each node
    /// and at the end of a run.
    #[cfg(test)]
    pub(super) fn check_invariants(&self) {
        let mut most = vec![0u32; self.sums.items.len()];
        let mut least = vec![0u32; self.sums.items.len()];
        for g in 0..self.group_live.len() {
            let members = &self.group_opts[self.group_opts_start[g] as usize..self.group_opts_start[g + 1] as usize];
            let live: Vec<usize> = members.iter().map(|&o| o as usize).filter(|&o| self.alive[o]).collect();
            assert_eq!(live.len(), self.group_live[g] as usize, "group {g}'s live count");
            let first = self.group_cells_start[g] as usize;
            for (k, cell) in self.cells[first..self.group_cells_start[g + 1] as usize].iter().enumerate() {
                let bounds = cell.bounds();
                let floor = if self.group_exact[g] { cell.lightest } else { 0 };
                assert_eq!(cell.least, floor, "group {g}'s cell {k}: least");
                if live.is_empty() {
                    assert_eq!((cell.heaviest, cell.lightest), (0, 0), "a dead group's cell");
                } else {
                    let slots = live.iter().map(|&o| self.opt_slots[self.opts[o].slots as usize + k]);
                    assert_eq!(cell.min, slots.clone().min().unwrap(), "group {g}'s cell {k}: lightest slot");
                    assert_eq!(cell.max, slots.max().unwrap(), "group {g}'s cell {k}: heaviest slot");
                    assert_eq!(
                        (cell.lightest, cell.heaviest),
                        (self.vals[cell.min as usize], self.vals[cell.max as usize])
                    );
                }
                let item = cell.item as usize;
                most[item] += bounds.0;
                least[item] += bounds.1;
                assert!(self.sums.items[item].spread >= bounds.0 - bounds.1, "item {item}'s spread bound");
            }
        }
        for (i, item) in self.sums.items.iter().enumerate() {
            assert_eq!((item.most, item.least), (most[i], least[i]), "item {i}'s sums");
        }
        for (s, &slot) in self.opt_slots.iter().enumerate() {
            assert_eq!(self.opt_weights[s], self.vals[slot as usize], "the weight in slot {s}");
        }
        assert!(!self.sums.broken && self.sums.queue.is_empty());
    }
}
