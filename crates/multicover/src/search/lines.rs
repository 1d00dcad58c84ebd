//! Reasoning on one item at a time beyond its bounds: which weights each
//! undecided group can still add so that the item ends in its range, given
//! every weight (not just the extremes) the other groups can still add.
//! The bounds keep a window per cell that a weight must fall in; when the
//! groups' weights have gaps (an Aquarium tank adds 0 or 3 cells to a row,
//! never 1 or 2) a weight inside the window may still have no partner
//! sums. Sums are kept as bit sets (bit s: some choice of the groups adds
//! s), so an item costs a few shifts per weight of its undecided groups.

use super::multi_cover::MultiCover;
use super::sum_sets::{sum_set, window};

/// Items with more undecided groups than this are left to the bounds: the
/// sets of sums fill up as groups are added, so little is found, and the
/// cost grows with every group. (8 measured best of 3, 5, 8, 12 and 64.)
const OPEN_MAX: usize = 8;

/// Sums up to this fit the bit sets.
const MAX_SUM: u32 = 127;

impl MultiCover {
    /// Lists an item whose bounds moved, for `reason_on_lines`.
    #[inline(always)]
    pub(super) fn note_line(&mut self, i: usize) {
        // Not within a probe: there it costs more than it saves (measured,
        // it cut the probes on random 40x40 puzzles fourfold but tripled
        // the time).
        if !self.state.sums.in_probe {
            if !self.line_noted[i] {
                self.line_noted[i] = true;
                self.line_items.push(i as u32);
            }
            self.pairs.note_if_on(i);
        }
    }

    pub(super) fn clear_lines(&mut self) {
        for &i in &self.line_items {
            self.line_noted[i as usize] = false;
        }
        self.line_items.clear();
        self.pairs.clear();
    }

    /// Reasons on pairs of items (see [`super::pairs`]), then propagates
    /// and reasons on single items, until nothing more dies. False when
    /// the node fails.
    pub(super) fn reason_on_pairs_to_fixpoint(&mut self) -> bool {
        loop {
            let fits = self.pairs.reason(&self.layout, &self.state, &mut self.fail_weight);
            let mut killed = false;
            if fits {
                for k in 0..self.pairs.kills().len() {
                    let o = self.pairs.kills()[k];
                    if self.state.alive[o as usize] {
                        self.kill(o);
                        killed = true;
                    }
                }
            }
            if !fits {
                self.pairs.clear();
                return false;
            }
            if !killed {
                return true;
            }
            if !self.propagate() {
                self.clear_lines();
                self.pairs.clear();
                return false;
            }
            if !self.reason_to_fixpoint() {
                self.pairs.clear();
                return false;
            }
        }
    }

    /// Reasons on the items whose bounds moved since it last ran, and
    /// propagates what that kills, until neither finds more. Returns false
    /// when the node fails. Run once a node, before branching: run at every
    /// propagation (each probe's removal, each option excluded) it cost
    /// more than it saved on the site's puzzles.
    pub(super) fn reason_to_fixpoint(&mut self) -> bool {
        loop {
            let fits = match self.reason_on_lines() {
                Some(false) => return true,
                Some(true) => self.propagate(),
                None => {
                    // Only to empty the queue its kills filled.
                    self.propagate();
                    false
                }
            };
            if !fits {
                self.clear_lines();
                return false;
            }
        }
    }

    /// Kills, on each item noted since the last call, the options whose
    /// weight no choice of the other groups completes into the item's
    /// range. `Some(whether it killed any)`, or `None` when some item can
    /// reach its range no more.
    fn reason_on_lines(&mut self) -> Option<bool> {
        let mut killed = false;
        if self.line_items.is_empty() {
            return Some(false);
        }
        let items = std::mem::take(&mut self.line_items);
        let mut failed = false;
        for &i in &items {
            self.line_noted[i as usize] = false;
            if failed || self.state.sums.items[i as usize].is_selector {
                continue;
            }
            match self.reason_on_line(i as usize) {
                None => {
                    self.fail_weight[i as usize] += 1;
                    failed = true;
                }
                Some(k) => killed |= k,
            }
            if self.state.sums.broken {
                failed = true;
            }
        }
        let mut items = items;
        items.clear();
        self.line_items = items;
        if failed { None } else { Some(killed) }
    }

    fn reason_on_line(&mut self, i: usize) -> Option<bool> {
        let item = self.state.sums.items[i];
        let top = item.hi.checked_sub(item.committed)?;
        if top > MAX_SUM || item.most == item.least {
            return Some(false);
        }
        let low = item.lo.saturating_sub(item.committed);
        // The undecided cells with their sets of weights; decided ones add
        // their one weight to `base`.
        let mut open = std::mem::take(&mut self.line_open);
        open.clear();
        let mut base = 0u32;
        let cells = &self.layout.item_cells
            [self.layout.item_cells_start[i] as usize..self.layout.item_cells_start[i + 1] as usize];
        for &(cell, g, k) in cells {
            let g = g as usize;
            if self.state.group_live[g] == 0 {
                continue;
            }
            let at = &self.state.cells[cell as usize];
            if at.moves(self.layout.group_exact[g]) {
                let mut set: u128 = if self.layout.group_exact[g] { 0 } else { 1 };
                for v in at.min..=at.max {
                    if self.state.val_count[v as usize] > 0 {
                        let x = self.layout.vals[v as usize];
                        if x <= MAX_SUM {
                            set |= 1 << x;
                        }
                    }
                }
                open.push((g as u32, k, set));
            } else {
                base += at.lightest;
            }
        }
        // When every set is an interval, so are the sums, and what this would
        // find is what the bounds' windows already found.
        let gappy = open.iter().any(|&(_, _, set)| {
            let s = set >> set.trailing_zeros();
            s & s.wrapping_add(1) != 0
        });
        if !gappy || open.len() > OPEN_MAX {
            self.line_open = open;
            return Some(false);
        }
        let Some(top) = top.checked_sub(base) else {
            self.line_open = open;
            return None;
        };
        let low = low.saturating_sub(base);
        let fits: u128 = window(low, top);
        // before[k]: the sums of cells 0..k; after: of cells k+1.. as it goes.
        let mut before = std::mem::take(&mut self.line_before);
        before.clear();
        let mut sums: u128 = 1;
        for &(_, _, set) in &open {
            before.push(sums);
            sums = sum_set(sums, set, top);
        }
        if sums & fits == 0 {
            self.line_open = open;
            self.line_before = before;
            return None;
        }
        let mut after: u128 = 1;
        let mut killed = false;
        for at in (0..open.len()).rev() {
            let (g, k, set) = open[at];
            let others = sum_set(before[at], after, top);
            after = sum_set(after, set, top);
            // Weight x fits when some sum s of the others has low <= s + x <= top.
            let mut bad = 0u128;
            let mut rest = set;
            while rest != 0 {
                let x = rest.trailing_zeros();
                rest &= rest - 1;
                if others & window(low.saturating_sub(x), top - x.min(top)) == 0 || x > top {
                    bad |= 1 << x;
                }
            }
            if bad == 0 {
                continue;
            }
            let g = g as usize;
            for m in self.layout.group_opts_start[g]..self.layout.group_opts_start[g + 1] {
                let p = self.layout.group_opts[m as usize];
                if !self.state.alive[p as usize] {
                    continue;
                }
                let x = self.layout.opt_weights[(self.layout.opts[p as usize].slots + k) as usize];
                if x <= MAX_SUM && bad >> x & 1 == 1 {
                    self.kill(p);
                    killed = true;
                }
            }
            if self.state.sums.broken {
                break;
            }
        }
        self.line_open = open;
        self.line_before = before;
        Some(killed)
    }
}
