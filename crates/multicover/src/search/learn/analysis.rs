//! The analysis of a failed probe: which options' deaths before the probe
//! made it fail, each kill within the probe replaced by what caused it,
//! and the clause learned from them (see the module comment of
//! [`super`]).

use super::{CAUSE_CLAUSE, CAUSE_CLOSED, CAUSE_CUT, CAUSE_OTHER, Failure, Learned};
use crate::search::layout::Layout;
use crate::search::state::State;

/// A failure whose analysis meets more kills within its probe than this is
/// not learned from: its clause would be long and rarely fire, and the
/// analysis, a scan of each kill's item, is most of what learning costs.
/// (32 did the same work as no bound on random 40x40 Aquarium puzzles,
/// 16 and 8 let the worst grow by a quarter and two and a half times.)
const EXPANDED_MAX: usize = 32;

impl Learned {
    /// Puts clause `c`'s options on the analysis stack.
    fn stack_clause(&mut self, c: u32) {
        let clause = self.clauses[c as usize];
        self.stack.extend_from_slice(&self.lits[clause.start as usize..clause.end as usize]);
    }

    /// The lightest and heaviest weights on group `g`'s cell `k` of its
    /// options not dead before trail length `at` (a chosen option counts as
    /// live), or (0, 0) if none: read option by option.
    fn live_share_before(&self, layout: &Layout, state: &State, g: u32, k: u32, at: u32) -> (u32, u32) {
        let (mut lo, mut hi, mut any) = (u32::MAX, 0, false);
        for m in layout.group_opts_start[g as usize]..layout.group_opts_start[g as usize + 1] {
            let p = layout.group_opts[m as usize] as usize;
            if !self.died_before(layout, state, p, at) {
                let x = layout.opt_weights[(layout.opts[p].slots + k) as usize];
                any = true;
                lo = lo.min(x);
                hi = hi.max(x);
            }
        }
        if any { (lo, hi) } else { (0, 0) }
    }

    /// Why `item` stood out of its range at trail length `at` (past its high
    /// end if `high`, else short of its low end), with `extra` added to it
    /// and group `skip` left out (the option being explained is that
    /// group's): the options of its other groups dead by then that, alive,
    /// could have brought it back, into `self.reason`. The item's
    /// slack past its range spares whole groups, the cheapest first, as
    /// lazy clause generation lifts a linear constraint's explanation.
    /// False when the item was not out of range (which would be a bug).
    #[allow(clippy::too_many_arguments)]
    fn explain_item(
        &mut self,
        layout: &Layout,
        state: &State,
        root: usize,
        item: usize,
        high: bool,
        skip: u32,
        extra: u32,
        at: u32,
    ) -> bool {
        let root = root as u32;
        let mut total = i64::from(extra);
        self.shares.clear();
        for c in layout.item_cells_start[item]..layout.item_cells_start[item + 1] {
            let (cell, g, k) = layout.item_cells[c as usize];
            if g == skip {
                continue;
            }
            // The live share at `at` (a chosen option counts as live) and
            // what the dead could add: the root's dead never come back, so
            // the root's lightest and heaviest bound what the group could
            // add alive.
            let chosen = self.chosen_in[g as usize];
            let (live_lo, live_hi) = if self.group_died_at[g as usize] >= at {
                self.live_share_before(layout, state, g, k, at)
            } else if state.group_live[g as usize] > 0 {
                // Nothing of the group died since: its live options are
                // those of then.
                let cell = &state.cells[cell as usize];
                (cell.lightest, cell.heaviest)
            } else if chosen != u32::MAX {
                // Closed around its chosen option, which counts as live,
                // before then or with the rest already dead.
                let x = layout.opt_weights[(layout.opts[chosen as usize].slots + k) as usize];
                (x, x)
            } else {
                self.live_share_before(layout, state, g, k, at)
            };
            // The shortcuts above read what the option by option reading would.
            #[cfg(test)]
            assert_eq!(
                (live_lo, live_hi),
                self.live_share_before(layout, state, g, k, at),
                "group {g}'s share at {at}"
            );
            let (root_lo, root_hi) = self.root_range[cell as usize];
            total += i64::from(if high { live_lo } else { live_hi });
            let gain = if high { live_lo.saturating_sub(root_lo) } else { root_hi.saturating_sub(live_hi) };
            if gain > 0 {
                self.shares.push((gain, g, k, if high { live_lo } else { live_hi }));
            }
        }
        let range = &state.sums.items[item];
        let mut slack = if high { total - i64::from(range.hi) - 1 } else { i64::from(range.lo) - 1 - total };
        if slack < 0 {
            return false;
        }
        self.shares.sort_unstable_by_key(|&(gain, ..)| gain);
        for n in 0..self.shares.len() {
            let (gain, g, k, bound) = self.shares[n];
            if i64::from(gain) <= slack {
                slack -= i64::from(gain);
                continue;
            }
            for m in layout.group_opts_start[g as usize]..layout.group_opts_start[g as usize + 1] {
                let p = layout.group_opts[m as usize];
                let pu = p as usize;
                if !self.died_before(layout, state, pu, at) || self.dead_at[pu] < root {
                    continue;
                }
                let x = layout.opt_weights[(layout.opts[pu].slots + k) as usize];
                if (high && x < bound) || (!high && x > bound) {
                    self.reason.push(p);
                }
            }
        }
        true
    }

    /// After `choose(o)` failed in a probe that started at trail length
    /// `mark`, before its undo: learns a clause for `o`, unless the failure
    /// cannot be explained.
    pub(in crate::search) fn learn_from_probe(
        &mut self,
        layout: &Layout,
        state: &State,
        root: usize,
        o: u32,
        mark: usize,
    ) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.stack.clear();
        self.reason.clear();
        let now = state.trail.len() as u32;
        match std::mem::take(&mut self.failure) {
            Failure::Clause(c) => {
                self.stack_clause(c);
                let clause = self.clauses[c as usize];
                // The target is chosen: its group's other options are dead.
                let g = layout.opts[clause.target as usize].group as usize;
                for m in layout.group_opts_start[g]..layout.group_opts_start[g + 1] {
                    let p = layout.group_opts[m as usize];
                    if p != clause.target {
                        self.stack.push(p);
                    }
                }
            }
            Failure::Item(item) => {
                let item = item as usize;
                let at = &state.sums.items[item];
                let high = at.committed + at.least > at.hi;
                if !self.explain_item(layout, state, root, item, high, u32::MAX, 0, now) {
                    debug_assert!(false, "a failure the analysis does not see");
                    return;
                }
                self.stack.append(&mut self.reason);
            }
            Failure::Cut => self.stack.extend_from_slice(&self.cut_failure),
            Failure::Unknown => return,
        }
        let mut out = Vec::new();
        let mut expanded = 0;
        while let Some(p) = self.stack.pop() {
            let pu = p as usize;
            if self.seen[pu] == stamp {
                continue;
            }
            self.seen[pu] = stamp;
            debug_assert!(self.dead_literal(layout, state, p));
            let at = self.dead_at[pu];
            if (at as usize) < root {
                continue;
            }
            if (at as usize) < mark {
                out.push(p);
                continue;
            }
            expanded += 1;
            if expanded > EXPANDED_MAX {
                return;
            }
            let cause = self.cause[pu];
            if cause == CAUSE_CLOSED {
                continue;
            } else if cause == CAUSE_OTHER {
                return;
            } else if cause & CAUSE_CUT == CAUSE_CUT {
                let (start, end) = self.cut_spans[(cause & !CAUSE_CUT) as usize];
                self.stack.extend_from_slice(&self.cut_reasons[start as usize..end as usize]);
            } else if cause & CAUSE_CLAUSE != 0 {
                self.stack_clause(cause & !CAUSE_CLAUSE);
            } else {
                let item = (cause / 2) as usize;
                let high = cause & 1 == 1;
                let g = layout.opts[pu].group;
                let k = cell_index(layout, state, g as usize, item);
                let x = layout.opt_weights[(layout.opts[pu].slots + k) as usize];
                if !self.explain_item(layout, state, root, item, high, g, x, at) {
                    debug_assert!(false, "a kill the analysis does not see");
                    return;
                }
                self.stack.append(&mut self.reason);
            }
        }
        // Watch the two that died last: they come back first.
        out.sort_unstable_by_key(|&p| std::cmp::Reverse(self.dead_at[p as usize]));
        self.add_clause(o, &out);
        self.learned += 1;
    }
}

/// The index of `item`'s cell within group `g`'s cells.
fn cell_index(layout: &Layout, state: &State, g: usize, item: usize) -> u32 {
    let cells = &state.cells[layout.group_cells_start[g] as usize..layout.group_cells_start[g + 1] as usize];
    cells.iter().position(|cell| cell.item as usize == item).expect("the group has a cell on the item") as u32
}
