//! The search itself: at each node, probing if it pays, then the item to
//! branch on, then each of its live options in turn, chosen and then
//! removed.

use std::ops::ControlFlow;

use super::multi_cover::MultiCover;
use crate::problem::OptionId;
use crate::settings::Probing;

/// With `Probing::Adaptive`, probe at least at every this many levels ...
const PROBE_EVERY: usize = 4;
/// ... and at every this many once a run is hard (see `hard_after`). On
/// random 40x40 and 50x50 Aquarium puzzles, the hard searches, probing
/// every second level takes 13 and 23% less time than every fourth (every
/// level: 14 and 18% less).
const PROBE_EVERY_HARD: usize = 2;

impl MultiCover {
    /// The item to branch on. With probing, the selector of the undecided
    /// exact group whose options removed the most when probed (see
    /// `lookahead_group`). Without: the tightest item (least room on either
    /// side of its range) that some undecided exact group can still move,
    /// and in it the group whose options differ most there; branching on
    /// that group's selector decides the most. Otherwise an item still below
    /// its range with the fewest live options. `None` when every item has
    /// reached its range.
    fn branch_item(&self) -> Option<usize> {
        if self.probing != Probing::Off
            && let Some(g) = self.lookahead_group()
        {
            return Some(self.selector_of(g));
        }
        // The least room among items that some group can still move. A side
        // already past its bound (a node the bounds will prune) has no
        // room to speak of: it counts as the most, so it never draws the
        // branching here.
        let room = |i: usize| {
            let item = &self.state.sums.items[i];
            let c = item.committed;
            let below_hi = item.hi.checked_sub(c).and_then(|r| r.checked_sub(item.least));
            let above_lo = (c + item.most).checked_sub(item.lo);
            below_hi.unwrap_or(u32::MAX).min(above_lo.unwrap_or(u32::MAX))
        };
        // Only counting items: an "exactly one" item is better served by the
        // fewest-options rule below (plain exact cover, as in Dancing Links).
        let counting = |i: usize| {
            !self.state.sums.items[i].is_selector && self.state.sums.items[i].most > self.state.sums.items[i].least
        };
        let tightest = (0..self.state.sums.items.len()).filter(|&i| counting(i)).map(room).min();
        let mut widest: Option<(u32, usize)> = None;
        if let Some(tightest) = tightest {
            for i in (0..self.state.sums.items.len()).filter(|&i| counting(i) && room(i) == tightest) {
                for at in self.layout.item_cells_start[i]..self.layout.item_cells_start[i + 1] {
                    let (cell, g, _) = self.layout.item_cells[at as usize];
                    let g = g as usize;
                    if !self.layout.group_exact[g] || self.state.group_live[g] < 2 {
                        continue;
                    }
                    let spread = self.state.cells[cell as usize].heaviest - self.state.cells[cell as usize].lightest;
                    if spread > 0 && widest.is_none_or(|(w, _)| spread > w) {
                        widest = Some((spread, g));
                    }
                }
            }
        }
        if let Some((_, g)) = widest {
            return Some(self.selector_of(g));
        }
        let mut best: Option<(u32, usize)> = None;
        for i in 0..self.state.sums.items.len() {
            if self.state.sums.items[i].committed < self.state.sums.items[i].lo {
                // Counted here, not kept up to date at every kill: this
                // runs once a node, kills run thousands of times.
                let (a, b) = (self.layout.item_opts_start[i] as usize, self.layout.item_opts_start[i + 1] as usize);
                let len = self.layout.item_opts[a..b].iter().filter(|&&o| self.state.alive[o as usize]).count() as u32;
                if best.is_none_or(|(l, _)| len < l) {
                    best = Some((len, i));
                    if len <= 1 {
                        break;
                    }
                }
            }
        }
        best.map(|(_, i)| i)
    }

    /// The undecided exact group to branch on. Two guides, multiplied and
    /// shared among the group's live options (fewer options, fewer
    /// branches):
    /// - lookahead, as lookahead SAT solvers pick a variable: what its live
    ///   options' probes removed, by the product of (removed + 1) over
    ///   them, so that every branch below starts from a small problem.
    ///   Each option's count is from its last surviving probe, which may be
    ///   a few levels up.
    /// - failures, as CP solvers weigh constraints by their failures
    ///   (dom/wdeg): how often, this run, the items the group can still
    ///   move were found out of reach, so that the search works where its
    ///   dead ends are and proves them once, high in the tree. Lookahead
    ///   alone spent millions of probes on some random 40x40 puzzles
    ///   refuting the same few lines again and again in different places.
    fn lookahead_group(&self) -> Option<usize> {
        let mut best: Option<(f64, usize)> = None;
        for g in 0..self.state.group_live.len() {
            if !self.layout.group_exact[g] || self.state.group_live[g] < 2 {
                continue;
            }
            let members = &self.layout.group_opts
                [self.layout.group_opts_start[g] as usize..self.layout.group_opts_start[g + 1] as usize];
            let look: f64 = members
                .iter()
                .filter(|&&o| self.state.alive[o as usize])
                .map(|&o| f64::from(self.probe_kills[o as usize]).ln_1p())
                .sum();
            let failures = self.group_failures(g);
            let score = (1.0 + failures as f64) * (1.0 + look) / f64::from(self.state.group_live[g]);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, g));
            }
        }
        best.map(|(_, g)| g)
    }

    /// How often, this run, the items group `g` can still move were found
    /// out of reach.
    pub(super) fn group_failures(&self, g: usize) -> u64 {
        (self.layout.group_cells_start[g]..self.layout.group_cells_start[g + 1])
            .map(|cell| &self.state.cells[cell as usize])
            .filter(|cell| cell.heaviest != cell.lightest)
            .map(|cell| u64::from(self.fail_weight[cell.item as usize]))
            .sum()
    }

    /// An exact group's selector: the first selector item of its options.
    fn selector_of(&self, g: usize) -> usize {
        let first = self.layout.group_opts[self.layout.group_opts_start[g] as usize] as usize;
        let entries = &self.layout.opt_entries[self.layout.opts[first].entries()];
        let &(s, _) = entries
            .iter()
            .find(|&&(i, _)| self.state.sums.items[i as usize].is_selector)
            .expect("an exact group has a selector");
        s as usize
    }

    /// When every live option is the last of its exact group, every solution
    /// below must take them all (each such group's selector needs one, and
    /// no other option is left to add): `Some(whether that set fits every
    /// range)`. `None` while some choice is still open.
    fn forced_completion(&mut self) -> Option<bool> {
        let open =
            |g: usize| self.state.group_live[g] > 1 || (self.state.group_live[g] == 1 && !self.layout.group_exact[g]);
        if (0..self.state.group_live.len()).any(open) {
            return None;
        }
        let mut sums: Vec<u32> = self.state.sums.items.iter().map(|item| item.committed).collect();
        for o in (0..self.state.alive.len()).filter(|&o| self.state.alive[o]) {
            for &(i, w) in &self.layout.opt_entries[self.layout.opts[o].entries()] {
                sums[i as usize] += w;
            }
        }
        Some(self.state.sums.items.iter().zip(&sums).all(|(item, &sum)| item.lo <= sum && sum <= item.hi))
    }

    /// Hands a solution to `f`, unless it breaks a connectivity or
    /// single-loop rule (an open path may yet close into the loop): a node
    /// where every item is in range may still leave its chosen vertices
    /// apart, joined only through options left open (see
    /// [`super::connected`]), and a larger set below may yet join them.
    fn report(&mut self, f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        let options = self.state.alive.len();
        if !self.connected.holds_on(&self.state.chosen, options) || !self.loops.holds_on(&self.state.chosen, options) {
            return ControlFlow::Continue(());
        }
        self.solutions += 1;
        let mut solution: Vec<OptionId> = self.state.chosen.iter().map(|&o| o as OptionId).collect();
        solution.sort_unstable();
        f(&solution)
    }

    /// Walks the subtree below the current state. Leaves the state as found.
    pub(super) fn search(
        &mut self,
        depth: usize,
        f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mark = self.state.trail.len();
        let result = self.search_here(depth, f);
        self.undo_to(mark);
        result
    }

    fn search_here(&mut self, depth: usize, f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        #[cfg(test)]
        self.check_invariants();
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Vec::new);
            self.probe_paid.resize(depth + 1, false);
        }
        let probe = match self.probing {
            Probing::Off => false,
            Probing::Root => depth == 0,
            Probing::Fixpoint => true,
            Probing::Adaptive => {
                let every = if self.is_hard() { PROBE_EVERY_HARD } else { PROBE_EVERY };
                depth == 0 || self.probe_paid[depth - 1] || depth.is_multiple_of(every)
            }
        };
        self.probe_paid[depth] = false;
        if probe {
            if !self.probe() {
                return ControlFlow::Continue(());
            }
            self.probe_paid[depth] = self.probe_removed;
        }
        // Reasoning on sums at the root and where probing runs: it pays
        // where the search is hard enough to probe. At every node without
        // probing it found too little to pay for its scan of every item that
        // moved (see `lines`).
        if (probe || depth == 0) && !self.reason_to_fixpoint() {
            return ControlFlow::Continue(());
        }
        if probe || depth == 0 {
            self.pairs.switch_on_when_due(self.nodes + self.probes, self.state.sums.items.len());
            if self.pairs.is_on() && !self.reason_on_pairs_to_fixpoint() {
                return ControlFlow::Continue(());
            }
        }
        if let Some(fits) = self.forced_completion() {
            // One candidate is left and nothing to branch on: take it whole.
            if !fits {
                return ControlFlow::Continue(());
            }
            let mark = self.state.chosen.len();
            self.state.chosen.extend((0..self.state.alive.len() as u32).filter(|&o| self.state.alive[o as usize]));
            // Found before a restart already?
            if self.nogoods.holds_all(&self.state.chosen[mark..]) {
                self.state.chosen.truncate(mark);
                return ControlFlow::Continue(());
            }
            let flow = self.report(f);
            self.state.chosen.truncate(mark);
            return flow;
        }
        let mut list = std::mem::take(&mut self.scratch[depth]);
        list.clear();
        match self.branch_item() {
            // At least one live option of `item` is in every solution below.
            Some(item) => {
                let (a, b) =
                    (self.layout.item_opts_start[item] as usize, self.layout.item_opts_start[item + 1] as usize);
                list.extend(self.layout.item_opts[a..b].iter().copied().filter(|&o| self.state.alive[o as usize]));
                if !self.try_first.is_empty() {
                    // Stable: each part keeps the order it had.
                    list.sort_by_key(|&o| !self.try_first[o as usize]);
                }
            }
            // Every item is in range: a solution. Options still alive fit,
            // and larger sets may be solutions too: walk them as well.
            None => {
                if let ControlFlow::Break(()) = self.report(f) {
                    self.scratch[depth] = list;
                    return ControlFlow::Break(());
                }
                list.extend((0..self.state.alive.len() as u32).filter(|&o| self.state.alive[o as usize]));
                // No restart below: nothing would stop a second report.
                self.nogoods.enter_reported();
                let result = self.include_then_exclude(&list, depth, f);
                self.nogoods.leave_reported();
                self.scratch[depth] = list;
                return result;
            }
        }
        let result = self.include_then_exclude(&list, depth, f);
        self.scratch[depth] = list;
        result
    }

    /// For each option in turn: search with it chosen, then remove it, so
    /// that the subtrees split the solutions by the first option they hold.
    fn include_then_exclude(
        &mut self,
        list: &[u32],
        depth: usize,
        f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let branch = self.nogoods.mark();
        for &o in list {
            if !self.state.alive[o as usize] {
                continue;
            }
            let work = self.nodes + self.probes;
            if work >= self.work_limit || self.nogoods.restart_due(work) {
                return ControlFlow::Break(());
            }
            let mark = self.state.trail.len();
            self.nodes += 1;
            self.nogoods.entering(o);
            let result = if self.choose(o) { self.search(depth + 1, f) } else { ControlFlow::Continue(()) };
            self.undo_to(mark);
            self.unchoose();
            result?;
            self.nogoods.walked();
            self.kill(o);
            if !self.propagate() {
                break;
            }
        }
        self.nogoods.leave(branch);
        ControlFlow::Continue(())
    }
}
