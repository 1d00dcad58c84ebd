//! Keeping the bounds up to date: options die and come back, groups close
//! and reopen, a choice commits its weights, and propagation removes the
//! options that no longer fit (see the module comment of [`super`]).

use super::connected::Verdict;
use super::multi_cover::MultiCover;
use super::trail::{CLOSED_GROUP, CLOSED_MEMBER};

impl MultiCover {
    /// Removes a live option and queues the items whose bounds it moves.
    #[inline(always)]
    pub(super) fn kill(&mut self, o: u32) {
        let (g, at) = self.state.kill(&self.layout, o);
        if self.learn.is_on() {
            self.learn.killed(o, g, at);
        }
    }

    /// Brings a dead option back: the exact inverse of `kill`.
    fn revive(&mut self, o: u32) {
        let g = self.state.revive(&self.layout, o);
        if self.learn.is_on() {
            self.learn.revived(o, g);
        }
    }

    /// Kills every live option of a group at once, leaving the value counts
    /// as they were: nothing touches a closed group until it is reopened,
    /// so the counts still describe its live options then.
    fn close_group(&mut self, g: usize) {
        let live = self.state.group_live[g];
        for at in self.layout.group_opts_start[g]..self.layout.group_opts_start[g + 1] {
            let p = self.layout.group_opts[at as usize];
            if self.state.alive[p as usize] {
                self.state.alive[p as usize] = false;
                if self.learn.is_on() {
                    self.learn.closed(p, g, self.state.trail.len());
                }
                self.state.trail.push(p | CLOSED_MEMBER);
            }
        }
        for cell in &mut self.state.cells
            [self.layout.group_cells_start[g] as usize..self.layout.group_cells_start[g + 1] as usize]
        {
            let old = cell.bounds();
            if old != (0, 0) {
                self.state.sums.shift(cell.item as usize, old, (0, 0));
            }
            cell.heaviest = 0;
            cell.lightest = 0;
            cell.least = 0;
        }
        self.state.group_live[g] = 0;
        self.state.trail.push(live);
        self.state.trail.push(g as u32 | CLOSED_GROUP);
    }

    fn reopen_group(&mut self, g: usize) {
        let live = self.state.trail.pop().expect("a closed group's live count");
        self.state.group_live[g] = live;
        let exact = self.layout.group_exact[g];
        if live > 0 {
            for cell in &mut self.state.cells
                [self.layout.group_cells_start[g] as usize..self.layout.group_cells_start[g + 1] as usize]
            {
                cell.heaviest = self.layout.vals[cell.max as usize];
                cell.lightest = self.layout.vals[cell.min as usize];
                cell.least = if exact { cell.lightest } else { 0 };
                self.state.sums.unshift(cell.item as usize, (0, 0), cell.bounds());
            }
        }
        while let Some(&entry) = self.state.trail.last() {
            if entry & CLOSED_MEMBER == 0 || entry & CLOSED_GROUP == CLOSED_GROUP {
                break;
            }
            self.state.trail.pop();
            let p = (entry & !CLOSED_MEMBER) as usize;
            self.state.alive[p] = true;
            if self.learn.is_on() {
                self.learn.reopened(p as u32, g);
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
            if self.learn.has_events() {
                if !self.learn.fire_clauses(&self.layout, &mut self.state) {
                    self.state.sums.drop_queue(0);
                    return false;
                }
                continue;
            }
            if self.connected.is_empty() && self.loops.is_empty() {
                return true;
            }
            let reasons = self.learn.is_on() && self.state.sums.in_probe;
            let mut verdict = self.connected.check(&self.layout, &self.state, reasons);
            // The single-loop rules once the connectivity rules hold.
            let on_loop = matches!(verdict, Verdict::Holds);
            if on_loop {
                verdict = self.loops.check(&self.layout, &self.state, reasons);
            }
            match verdict {
                Verdict::Holds => return true,
                Verdict::Cut => {
                    if self.learn.is_on() {
                        let reason = if on_loop { &self.loops.reason } else { &self.connected.reason };
                        self.learn.failed_on_cut(reason);
                    }
                    return false;
                }
                Verdict::Prune => {
                    let (kills, found) = if on_loop {
                        (std::mem::take(&mut self.loops.kills), std::mem::take(&mut self.loops.reasons))
                    } else {
                        (std::mem::take(&mut self.connected.kills), std::mem::take(&mut self.connected.reasons))
                    };
                    for kill in &kills {
                        if self.state.alive[kill.option as usize] {
                            self.kill(kill.option);
                            if reasons {
                                let (from, to) = kill.reason;
                                self.learn.killed_by_cut(kill.option, &found[from as usize..to as usize]);
                            }
                        }
                    }
                    if on_loop {
                        (self.loops.kills, self.loops.reasons) = (kills, found);
                    } else {
                        (self.connected.kills, self.connected.reasons) = (kills, found);
                    }
                    // The kills' bounds, and then the rules again.
                }
            }
        }
    }

    fn propagate_bounds(&mut self) -> bool {
        let mut head = 0;
        let mut cuts = std::mem::take(&mut self.cuts);
        'items: while head < self.state.sums.queue.len() {
            let i = self.state.sums.queue[head] as usize;
            head += 1;
            self.note_line(i);
            let item = &mut self.state.sums.items[i];
            item.queued = false;
            let c = item.committed;
            if self.state.sums.broken || item.out_of_reach() {
                let culprit = if self.state.sums.broken { self.state.sums.failed as usize } else { i };
                self.fail_weight[culprit] += 1;
                self.learn.failed_on_item(culprit as u32);
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
            let cells = &self.state.cells[..];
            let item_cells = &self.layout.item_cells
                [self.layout.item_cells_start[i] as usize..self.layout.item_cells_start[i + 1] as usize];
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
            self.state.sums.items[i].spread = spread;
            for &(g, k, top, bottom) in &cuts {
                // Killing options of this group moves this cell's share and
                // the item's slack by the same amount: the window holds.
                let g = g as usize;
                for at in self.layout.group_opts_start[g]..self.layout.group_opts_start[g + 1] {
                    let p = self.layout.group_opts[at as usize];
                    if !self.state.alive[p as usize] {
                        continue;
                    }
                    let x = self.layout.opt_weights[(self.layout.opts[p as usize].slots + k) as usize];
                    if x > top || x < bottom {
                        self.kill(p);
                        if self.learn.is_on() {
                            self.learn.killed_by_item(p, i, x > top);
                        }
                        // A bound that crossed its range ends the search
                        // here: no need to finish what it started.
                        if self.state.sums.broken {
                            self.fail_weight[self.state.sums.failed as usize] += 1;
                            self.learn.failed_on_item(self.state.sums.failed);
                            break 'items;
                        }
                    }
                }
            }
        }
        self.cuts = cuts;
        if !self.state.sums.broken && head == self.state.sums.queue.len() {
            self.state.sums.queue.clear();
            return true;
        }
        self.state.sums.drop_queue(head);
        false
    }

    /// Puts option `o` into the solution, removes the rest of its group and
    /// propagates. Returns false when that leaves an item out of reach; the
    /// caller undoes either way.
    pub(super) fn choose(&mut self, o: u32) -> bool {
        let ou = o as usize;
        for k in self.layout.opts[ou].entries() {
            let (i, w) = self.layout.opt_entries[k];
            self.state.sums.items[i as usize].committed += w;
            self.state.sums.enqueue(i as usize);
        }
        self.state.chosen.push(o);
        if !self.connected.is_empty() {
            self.connected.chosen[ou] = true;
        }
        if !self.loops.is_empty() {
            self.loops.chosen[ou] = true;
        }
        if self.learn.is_on() {
            self.learn.set_chosen(o, self.layout.opts[ou].group as usize, true);
        }
        // At most one option of a group is chosen.
        self.close_group(self.layout.opts[ou].group as usize);
        let fits = self.nogoods.choose(o);
        // The options the nogoods forbid now (none without restarts).
        for k in 0..self.nogoods.forbidden().len() {
            let p = self.nogoods.forbidden()[k];
            if self.state.alive[p as usize] {
                self.kill(p);
            }
        }
        self.propagate() && fits
    }

    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.state.trail.len() > mark {
            let entry = self.state.trail.pop().expect("trail longer than mark");
            if entry & CLOSED_GROUP == CLOSED_GROUP {
                self.reopen_group((entry & !CLOSED_GROUP) as usize);
            } else {
                self.revive(entry);
            }
        }
        if !self.loops.is_empty() {
            self.loops.undone_to(mark);
        }
    }

    pub(super) fn unchoose(&mut self) {
        let o = self.state.chosen.pop().expect("an option was chosen");
        if !self.connected.is_empty() {
            self.connected.chosen[o as usize] = false;
        }
        if !self.loops.is_empty() {
            self.loops.chosen[o as usize] = false;
        }
        if self.learn.is_on() {
            self.learn.set_chosen(o, self.layout.opts[o as usize].group as usize, false);
        }
        self.nogoods.unchoose(o);
        let o = o as usize;
        for k in self.layout.opts[o].entries() {
            let (i, w) = self.layout.opt_entries[k];
            self.state.sums.items[i as usize].committed -= w;
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
        let mut most = vec![0u32; self.state.sums.items.len()];
        let mut least = vec![0u32; self.state.sums.items.len()];
        for g in 0..self.state.group_live.len() {
            let members = &self.layout.group_opts
                [self.layout.group_opts_start[g] as usize..self.layout.group_opts_start[g + 1] as usize];
            let live: Vec<usize> = members.iter().map(|&o| o as usize).filter(|&o| self.state.alive[o]).collect();
            assert_eq!(live.len(), self.state.group_live[g] as usize, "group {g}'s live count");
            let first = self.layout.group_cells_start[g] as usize;
            for (k, cell) in self.state.cells[first..self.layout.group_cells_start[g + 1] as usize].iter().enumerate() {
                let bounds = cell.bounds();
                let floor = if self.layout.group_exact[g] { cell.lightest } else { 0 };
                assert_eq!(cell.least, floor, "group {g}'s cell {k}: least");
                if live.is_empty() {
                    assert_eq!((cell.heaviest, cell.lightest), (0, 0), "a dead group's cell");
                } else {
                    let slots = live.iter().map(|&o| self.layout.opt_slots[self.layout.opts[o].slots as usize + k]);
                    assert_eq!(cell.min, slots.clone().min().unwrap(), "group {g}'s cell {k}: lightest slot");
                    assert_eq!(cell.max, slots.max().unwrap(), "group {g}'s cell {k}: heaviest slot");
                    assert_eq!(
                        (cell.lightest, cell.heaviest),
                        (self.layout.vals[cell.min as usize], self.layout.vals[cell.max as usize])
                    );
                }
                let item = cell.item as usize;
                most[item] += bounds.0;
                least[item] += bounds.1;
                assert!(self.state.sums.items[item].spread >= bounds.0 - bounds.1, "item {item}'s spread bound");
            }
        }
        for (i, item) in self.state.sums.items.iter().enumerate() {
            assert_eq!((item.most, item.least), (most[i], least[i]), "item {i}'s sums");
        }
        for (s, &slot) in self.layout.opt_slots.iter().enumerate() {
            assert_eq!(self.layout.opt_weights[s], self.layout.vals[slot as usize], "the weight in slot {s}");
        }
        assert!(!self.state.sums.broken && self.state.sums.queue.is_empty());
    }
}
