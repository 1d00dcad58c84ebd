//! The decisions a failed propagation on the branch follows from, for
//! backjumping (see [`crate::search::backjump`]): the failure's dead
//! options, each replaced by what killed it as the analysis of a failed
//! probe replaces them, but down to the decisions instead of to the
//! options dead before a probe.

use super::{CAUSE_CLAUSE, CAUSE_CLOSED, CAUSE_ITEMS, CAUSE_OTHER, CAUSE_REMOVED, Failure, Learned};
use crate::search::backjump::{Backjumping, Levels};
use crate::search::layout::Layout;
use crate::search::state::State;

/// A failure whose analysis meets more kills than this names every level:
/// its analysis would cost more than the levels it could skip are likely
/// to save.
const EXPANDED_MAX: usize = 2000;

impl Learned {
    /// After a propagation on the branch failed, before its undo: the
    /// levels it follows from. Within a probe that started at trail length
    /// `probe` (`Some`), the probe's choice is left out: the levels are
    /// those its option's death follows from. Every level up to the current
    /// one when learning is off or the failure cannot be explained.
    pub(in crate::search) fn failure_levels(
        &mut self,
        layout: &Layout,
        state: &State,
        root: usize,
        branch: &Backjumping,
        probe: Option<usize>,
    ) -> Levels {
        let probe = probe.unwrap_or(usize::MAX);
        let now = state.trail.len() as u32;
        let all = Levels::up_to(branch.level_at(now));
        if !self.on {
            return all;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.stack.clear();
        self.reason.clear();
        match self.failure {
            Failure::Clause(c) => {
                self.stack_clause(c);
                let clause = self.clauses[c as usize];
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
                    return all;
                }
                self.stack.append(&mut self.reason);
            }
            Failure::Unknown => return all,
        }
        let mut levels = Levels::default();
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
            let level = branch.level_at(at);
            if level == 0 {
                continue;
            }
            expanded += 1;
            if expanded > EXPANDED_MAX {
                return all;
            }
            let cause = self.cause[pu];
            if cause == CAUSE_CLOSED {
                // Closed by the probe's choice, or by a decision.
                if (at as usize) < probe {
                    levels.insert(level);
                }
            } else if cause == CAUSE_OTHER {
                levels.union(&Levels::up_to(level));
            } else if cause == CAUSE_REMOVED {
                levels.union(branch.removed_for(p));
            } else if cause == CAUSE_ITEMS {
                // The reasoning on sums read the other groups' live options
                // on the items: those dead since the root stand for why.
                let (i, j) = branch.items_of(p);
                let g = layout.opts[pu].group;
                for item in [i, j] {
                    if item == u32::MAX {
                        continue;
                    }
                    let item = item as usize;
                    for c in layout.item_cells_start[item]..layout.item_cells_start[item + 1] {
                        let (_, h, _) = layout.item_cells[c as usize];
                        if h == g || (self.group_died_at[h as usize] as usize) < root {
                            continue;
                        }
                        for m in layout.group_opts_start[h as usize]..layout.group_opts_start[h as usize + 1] {
                            let q = layout.group_opts[m as usize];
                            let qu = q as usize;
                            if self.died_before(layout, state, qu, at) && self.dead_at[qu] as usize >= root {
                                self.stack.push(q);
                            }
                        }
                    }
                }
            } else if cause & CAUSE_CLAUSE != 0 {
                self.stack_clause(cause & !CAUSE_CLAUSE);
            } else {
                let item = (cause / 2) as usize;
                let high = cause & 1 == 1;
                let g = layout.opts[pu].group;
                let k = super::analysis::cell_index(layout, state, g as usize, item);
                let x = layout.opt_weights[(layout.opts[pu].slots + k) as usize];
                if !self.explain_item(layout, state, root, item, high, g, x, at) {
                    return all;
                }
                self.stack.append(&mut self.reason);
            }
        }
        levels
    }
}
