//! Failed-option probing: each live option tried one level deep, and
//! removed when that fails (see [`crate::Probing`]).

use super::multi_cover::MultiCover;
use super::trail::{CLOSED_GROUP, CLOSED_MEMBER};

impl MultiCover {
    /// one level of lookahead.
    fn try_option(&mut self, o: u32) -> bool {
        let mark = self.state.trail.len();
        // Closing the group puts its live options, their count and a marker
        // on the trail: what follows them are the kills.
        let closed = self.state.group_live[self.layout.opts[o as usize].group as usize] as usize + 2;
        self.state.sums.in_probe = true;
        self.learn.probe_starts();
        let fits = self.choose(o);
        if fits {
            self.probe_kills[o as usize] = (self.state.trail.len() - mark - closed) as u32;
            self.mark_implied(mark);
        } else if self.learn.is_on() && self.state.chosen.len() > 1 {
            // Only below a choice: a clause learned before any (its dead
            // options and its option all die at the root, for the whole
            // walk) would never fire in this walk, and probing at the root
            // is most of what a short search does.
            self.learn.learn_from_probe(&self.layout, &self.state, self.root_trail, o, mark);
        }
        self.undo_to(mark);
        self.unchoose();
        self.state.sums.in_probe = false;
        fits
    }

    /// After a probe that survived, with its kills on the trail from `mark`:
    /// an option left the last of its exact group there would survive its
    /// own probe now, as what choosing it propagates is part of what the
    /// probe propagated. Marks those probed, which saves their probes.
    fn mark_implied(&mut self, mark: usize) {
        // Read backwards, as undo does: a closed group's entry comes after
        // its live count, which is no option.
        let mut at = self.state.trail.len();
        while at > mark {
            at -= 1;
            let entry = self.state.trail[at];
            if entry & CLOSED_GROUP == CLOSED_GROUP {
                at -= 1;
                continue;
            }
            // Plain kills only: the chosen option's own group was closed.
            if entry & CLOSED_MEMBER != 0 {
                continue;
            }
            let g = self.layout.opts[entry as usize].group as usize;
            if !self.layout.group_exact[g] || self.state.group_live[g] != 1 {
                continue;
            }
            for at in self.layout.group_opts_start[g]..self.layout.group_opts_start[g + 1] {
                let b = self.layout.group_opts[at as usize] as usize;
                if self.state.alive[b] {
                    self.probed_at[b] = self.state.sums.clock;
                    break;
                }
            }
        }
    }

    /// Tries each live option one level deep and removes the ones that fail,
    /// until none does. Returns false when the node itself fails.
    pub(super) fn probe(&mut self) -> bool {
        self.probe_removed = false;
        self.learn.switch_on_when_due(self.nodes + self.probes, &self.layout, &self.state, self.root_trail);
        if self.learn.is_on() {
            self.learn.reduce_clauses(&self.layout, &self.state);
        }
        // Once the search is hard, the groups whose items failed most this
        // run first, the others in their order: most probing nodes are then
        // refuted by a probe (on the hardest random 40x40 puzzle measured,
        // 735 of 1,042), and the refuting probe is found sooner where
        // failures have been (see `hard_after`).
        if !self.is_hard() {
            return self.probe_in_order(None);
        }
        let mut order = std::mem::take(&mut self.probe_order);
        order.clear();
        order.extend((0..self.state.group_live.len()).map(|g| (self.group_failures(g), g as u32)));
        order.sort_unstable_by_key(|&(failures, g)| (std::cmp::Reverse(failures), g));
        let fits = self.probe_in_order(Some(&order));
        self.probe_order = order;
        fits
    }

    /// Probes the groups in `order`, or in their own order (`None`).
    fn probe_in_order(&mut self, order: Option<&[(u64, u32)]>) -> bool {
        let groups = order.map_or(self.state.group_live.len(), <[_]>::len);
        loop {
            let mut removed = false;
            for at in 0..groups {
                let g = order.map_or(at, |order| order[at].1 as usize);
                // The last live option of an exact group is already counted
                // in the bounds as if chosen: trying it cannot fail.
                if self.state.group_live[g] == 0 || (self.state.group_live[g] == 1 && self.layout.group_exact[g]) {
                    continue;
                }
                let cells = &self.state.cells
                    [self.layout.group_cells_start[g] as usize..self.layout.group_cells_start[g + 1] as usize];
                let changed =
                    cells.iter().map(|cell| self.state.sums.item_changed[cell.item as usize]).max().unwrap_or(0);
                for at in self.layout.group_opts_start[g]..self.layout.group_opts_start[g + 1] {
                    let o = self.layout.group_opts[at as usize];
                    // Connectivity and loops move with options far from the
                    // group's items: with their rules, every live option is
                    // probed.
                    let unchanged =
                        self.probed_at[o as usize] >= changed && self.connected.is_empty() && self.loops.is_empty();
                    if !self.state.alive[o as usize] || unchanged {
                        continue;
                    }
                    self.probes += 1;
                    if self.try_option(o) {
                        self.probed_at[o as usize] = self.state.sums.clock;
                    } else {
                        self.kill(o);
                        if !self.propagate() {
                            return false;
                        }
                        removed = true;
                        self.probe_removed = true;
                    }
                }
            }
            if !removed {
                return true;
            }
        }
    }
}
