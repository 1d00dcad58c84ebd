//! A run of the search from the root: what each run starts afresh, the
//! restarts, and what reasoning settles before any branching.

use std::ops::ControlFlow;
use std::time::Duration;

use super::multi_cover::MultiCover;
use crate::problem::OptionId;
use crate::settings::{Probing, Stats};

impl MultiCover {
    /// Whether this run has reached [`crate::Settings::hard_after`].
    pub(super) fn is_hard(&self) -> bool {
        self.nodes + self.probes >= self.hard_after
    }

    /// Stops later runs after this many nodes plus probes.
    pub(crate) fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
    }

    /// Later runs try these options before the others wherever they branch.
    pub(crate) fn set_try_first(&mut self, options: &[OptionId]) {
        self.try_first.clear();
        if !options.is_empty() {
            self.try_first.resize(self.state.alive.len(), false);
            for &o in options {
                self.try_first[o] = true;
            }
        }
    }

    /// The options still alive after propagation and probing at the root
    /// (see [`crate::Solver::settled_options`]); leaves the root as it was.
    pub(crate) fn settled_options(&mut self) -> Option<Vec<OptionId>> {
        if !self.root_ok {
            return None;
        }
        let fits = self.probing == Probing::Off || self.probe();
        let live = fits.then(|| (0..self.state.alive.len()).filter(|&o| self.state.alive[o]).collect());
        self.undo_to(self.root_trail);
        live
    }

    /// Calls `f` with each solution (a sorted list of options) until it
    /// breaks or the solutions run out. The stats' time is left to the caller.
    pub(crate) fn run(&mut self, f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        self.nodes = 0;
        self.probes = 0;
        self.solutions = 0;
        // Each run learns afresh, so that a run's choices do not hang on the
        // runs before it.
        self.fail_weight.fill(0);
        // And probes afresh: the marks and counts of the last run's probes,
        // deep in its tree, would skip the root's probes and steer its
        // branching.
        self.probed_at.fill(0);
        self.probe_kills.fill(0);
        self.pairs.start_run();
        // Every item for the reasoning on sums at the root, whatever the
        // run before left listed.
        self.clear_lines();
        for i in 0..self.state.sums.items.len() {
            self.note_line(i);
        }
        self.nogoods.clear();
        self.learn.clear();
        self.learn.switch_on_when_due(self.nodes + self.probes, &self.layout, &self.state, self.root_trail);
        let flow = if self.root_ok { self.search_with_restarts(f) } else { ControlFlow::Continue(()) };
        debug_assert_eq!(self.state.trail.len(), self.root_trail);
        #[cfg(test)]
        self.check_invariants();
        Stats {
            solutions: self.solutions,
            nodes: self.nodes,
            probes: self.probes,
            elapsed: Duration::ZERO,
            exhausted: flow.is_continue(),
        }
    }

    /// The search from the root, again after each restart (see
    /// [`super::nogoods`]) with what the nogoods remove there.
    fn search_with_restarts(&mut self, f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        loop {
            let flow = self.search(0, f);
            if !self.nogoods.restarting {
                self.undo_to(self.root_trail);
                return flow;
            }
            self.nogoods.restarted(self.nodes + self.probes);
            // Probes deep in the walk left their marks, which would skip
            // the probes of the new walk's top: probe everything again.
            self.probed_at.fill(0);
            for k in 0..self.nogoods.removed_at_root().len() {
                let o = self.nogoods.removed_at_root()[k];
                if self.state.alive[o as usize] {
                    self.kill(o);
                }
            }
            // Every item for the reasoning on sums again, as at the start.
            self.clear_lines();
            for i in 0..self.state.sums.items.len() {
                self.note_line(i);
            }
            if !self.propagate() {
                // What is left at the root has no solution: all walked.
                self.undo_to(self.root_trail);
                return ControlFlow::Continue(());
            }
        }
    }
}
