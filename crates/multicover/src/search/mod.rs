//! The search: Dancing-Links-style choice and undo over flat arrays, with
//! per-group bounds kept up to date as options die and come back, and
//! propagation of those bounds to a fixpoint at every node. The solver
//! runs it on every problem that is not plain exact cover, and on any
//! problem with [`crate::Algorithm::MultiCover`].
//!
//! [`setup`] builds it for one problem; [`bounds`] keeps the bounds up to
//! date as options die and come back, and propagates them; [`probe`] tries
//! options one level deep; [`lines`] reasons on each item's sums once a
//! node, where the bounds miss gaps; [`pairs`], where the search is hard, on
//! two items' sums at once; [`branch`] is the search itself;
//! [`nogoods`] restarts it, when asked, without walking anything twice;
//! [`learn`], when asked, learns from failed probes.
//!
//! ## Groups and bounds
//! An item with range `1..=1` whose every option has weight 1 on it says
//! "exactly one of these options" (a tank's level, a cell's digit). Each
//! option joins the group of the first such item it touches; a group that
//! holds every option of its item is *exact*: one of its options will be
//! chosen. Every other option is a group of its own.
//!
//! For an item `i`, a group can still add at most the largest weight on `i`
//! among its live options (it adds one option at most), and an exact group
//! must add at least the smallest (weight 0 counts: a live option that does
//! not touch `i`). `most[i]` and `least[i]` are these sums over groups; a
//! branch is cut as soon as `committed + most < lo` or `committed + least > hi`.
//! Each (group, item) pair is a *cell* holding, for every distinct weight its
//! options put on the item, how many of them are live, so an option's death
//! or return updates the sums in time proportional to its group's cells.
//!
//! ## Propagation
//! The same sums say which options can no longer be chosen: choosing an
//! option of group `g` with weight `x` on item `i` replaces `g`'s share of
//! the bounds by `x`, so `x` must lie in
//! `[max_g - (committed + most - lo), min_g + (hi - committed - least)]`.
//! Options outside that window die, which moves other items' bounds, until
//! nothing changes. This is the row-and-column reasoning a person does in
//! Aquarium and the naked and hidden singles of Sudoku.

use std::ops::ControlFlow;
use std::time::Duration;

use crate::problem::OptionId;
use crate::settings::{Probing, Stats};

mod bounds;
mod branch;
mod learn;
mod lines;
mod nogoods;
mod pairs;
mod probe;
mod setup;

/// The multi-cover search state for one problem. Reusable: every run
/// starts from the state `new` built.
pub(super) struct MultiCover {
    probing: Probing,
    /// The work from which a run counts as hard (see
    /// [`crate::Settings::hard_after`]).
    hard_after: u64,
    /// Where each item's sum stands, and which items to look at again.
    sums: Sums,
    /// Each item's options with a positive weight on it.
    item_opts: Vec<u32>,
    item_opts_start: Vec<u32>,
    /// Each item's cells, as (cell, group, index of the cell in its group).
    item_cells: Vec<(u32, u32, u32)>,
    item_cells_start: Vec<u32>,
    // Options.
    opts: Vec<OptionAt>,
    opt_entries: Vec<(u32, u32)>,
    /// Value slots of the options (see [`OptionAt::slots`]).
    opt_slots: Vec<u32>,
    /// The weight in each of those slots (`vals[opt_slots[s]]`), so that
    /// the loops that read an option's weight on one item (propagation's
    /// cuts, the reasoning on sums) read it in one step.
    opt_weights: Vec<u32>,
    alive: Vec<bool>,
    // Groups.
    group_opts: Vec<u32>,
    group_opts_start: Vec<u32>,
    group_cells_start: Vec<u32>,
    group_exact: Vec<bool>,
    group_live: Vec<u32>,
    // Cells: (group, item) pairs; `vals` holds each cell's distinct
    // weights in increasing order, `val_count` how many live options have each.
    cells: Vec<Cell>,
    /// Where each cell's values end in `vals` (they start where the
    /// previous cell's end).
    cell_values_end: Vec<u32>,
    vals: Vec<u32>,
    val_count: Vec<u32>,
    // Search.
    /// Killed options, in order, so that undo revives them in reverse.
    trail: Vec<u32>,
    chosen: Vec<u32>,
    /// Scratch for `propagate`: an item's cells whose window cuts, as
    /// (group, index of the cell in its group, window top, window bottom).
    cuts: Vec<(u32, u32, u32, u32)>,
    /// The tick (see [`Sums::clock`]) at which each option last survived a
    /// probe. An option is probed again only when an item of its group
    /// changed since: a heuristic (any subset of probes is sound).
    probed_at: Vec<u64>,
    /// Whether the last `probe` removed an option, and per depth whether
    /// probing there did (for `Probing::Adaptive`).
    probe_removed: bool,
    probe_paid: Vec<bool>,
    /// How many options each option's last surviving probe removed.
    probe_kills: Vec<u32>,
    /// The groups in the order `probe` tries them once a run is hard:
    /// (failures, group); before, it walks them in their own order.
    probe_order: Vec<(u64, u32)>,
    /// Nodes plus probes after which a run stops, unexhausted.
    work_limit: u64,
    /// Options tried before the others of each branch (see
    /// [`crate::Solver::set_try_first`]), by option; empty when none are.
    try_first: Vec<bool>,
    /// False when the problem fails before any choice.
    root_ok: bool,
    root_trail: usize,
    nodes: u64,
    probes: u64,
    solutions: u64,
    scratch: Vec<Vec<u32>>,
    /// Items whose bounds moved since the last reasoning on their sums
    /// (see `lines`), and which are listed; scratch for that reasoning.
    line_items: Vec<u32>,
    line_noted: Vec<bool>,
    line_open: Vec<(u32, u32, u128)>,
    line_before: Vec<u128>,
    /// How often each item was found out of reach: where failures happen.
    fail_weight: Vec<u32>,
    /// Restarts and what they record (see [`nogoods`]).
    nogoods: nogoods::Nogoods,
    /// The work after which a run reasons on pairs of items (see
    /// [`pairs`]), whether this run does yet, and its lists.
    pairs_after: u64,
    pairs_on: bool,
    pairs: pairs::PairScratch,
    /// Clauses learned from failed probes (see [`learn`]).
    learn: learn::Learned,
}

/// Where an option's parts are, in one place because `kill` and `revive`
/// read them together.
#[derive(Clone, Copy, Debug)]
struct OptionAt {
    /// Its `(item, weight)` pairs are `opt_entries[entries_start..entries_end]`.
    entries_start: u32,
    entries_end: u32,
    group: u32,
    /// Its value slot in each cell of its group, in the group's cell order,
    /// start at `opt_slots[slots]`.
    slots: u32,
}

impl OptionAt {
    fn entries(&self) -> std::ops::Range<usize> {
        self.entries_start as usize..self.entries_end as usize
    }
}

/// An item's range and where its sum stands.
#[derive(Clone, Copy, Debug, Default)]
struct Item {
    lo: u32,
    hi: u32,
    /// The weight of the chosen options on the item.
    committed: u32,
    /// What the undecided groups can still add, at most and at least.
    most: u32,
    least: u32,
    /// At least the widest `most - least` of its cells: a window narrower
    /// than this is the only kind that can cut an option, so an item with
    /// this much room on both sides needs no look at its cells. Set exactly
    /// when `propagate` looks at them all, raised when undo widens a cell.
    spread: u32,
    /// "Exactly one of my options" (see the module comment).
    is_selector: bool,
    queued: bool,
}

/// A (group, item) pair: what the group's live options can still add to
/// the item. Its fields sit together because `kill` and `propagate` read
/// them together.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    item: u32,
    /// The live options' lightest and heaviest weights on the item, as
    /// indices into `vals` (kept while the group has none live, for when
    /// they come back) ...
    min: u32,
    max: u32,
    /// ... and as weights: both 0 while the group has no live option.
    lightest: u32,
    heaviest: u32,
    /// What the cell must add at least: `lightest` in an exact group, 0
    /// otherwise; kept beside it so that propagation, which reads it for
    /// every cell of an item, need not look up the group.
    least: u32,
}

impl Item {
    /// Whether the item can no longer end in its range: what is committed
    /// plus the most the undecided groups can add falls short, or plus the
    /// least they must add goes over.
    #[inline(always)]
    fn out_of_reach(&self) -> bool {
        self.committed + self.most < self.lo || self.committed + self.least > self.hi
    }
}

impl Cell {
    /// The (most, least) the cell adds to its item.
    #[inline(always)]
    fn bounds(&self) -> (u32, u32) {
        (self.heaviest, self.least)
    }

    /// Whether the cell, of a live group (`exact` or not), can still move
    /// its item: an exact group's when its live options' weights there
    /// differ; an inexact group may add nothing (its "none"), so its cell
    /// moves the item when an option weighs on it.
    #[inline(always)]
    fn moves(&self, exact: bool) -> bool {
        if exact { self.heaviest != self.lightest } else { self.heaviest > 0 }
    }
}

/// The items' ranges and sums, and the queue of items whose bounds moved:
/// what `kill` and `revive` update besides the cells, in a struct of its own
/// so that they can borrow it beside the cells.
struct Sums {
    items: Vec<Item>,
    /// Items whose bounds moved since they were last looked at.
    queue: Vec<u32>,
    /// Set when a bound change leaves an item out of reach of its range,
    /// so that `propagate` stops at once; cleared by `propagate`.
    broken: bool,
    /// The item that set `broken`.
    failed: u32,
    /// Probing: a tick per lasting change of an item's bounds (none while
    /// probing), and the tick of each item's last change.
    clock: u64,
    item_changed: Vec<u64>,
    in_probe: bool,
}

impl Sums {
    #[inline(always)]
    fn enqueue(&mut self, item: usize) {
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
    fn shift(&mut self, item: usize, old: (u32, u32), new: (u32, u32)) {
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
    fn drop_queue(&mut self, from: usize) {
        for &j in &self.queue[from..] {
            self.items[j as usize].queued = false;
        }
        self.queue.clear();
        self.broken = false;
    }

    /// `shift` backwards, for undo: nothing to queue.
    #[inline(always)]
    fn unshift(&mut self, item: usize, old: (u32, u32), new: (u32, u32)) {
        let at = &mut self.items[item];
        at.most = at.most - old.0 + new.0;
        at.least = at.least - old.1 + new.1;
        // The cell may have widened: keep `spread` a bound.
        at.spread = at.spread.max(new.0 - new.1);
    }
}

/// An option's group's cells with the option's slot in each, and the
/// counts, values and sums they update (see `MultiCover::option_cells`).
struct OptionCells<'a> {
    cells: &'a mut [Cell],
    slots: &'a [u32],
    val_count: &'a mut [u32],
    vals: &'a [u32],
    sums: &'a mut Sums,
    /// Whether the group is exact.
    exact: bool,
}

/// With `Probing::Adaptive`, probe at least at every this many levels ...
const PROBE_EVERY: usize = 4;
/// ... and at every this many once a run is hard (see `hard_after`). On
/// random 40x40 and 50x50 Aquarium puzzles, the hard searches, probing
/// every second level takes 13 and 23% less time than every fourth (every
/// level: 14 and 18% less).
const PROBE_EVERY_HARD: usize = 2;

/// Trail entries: a plain option id is an option killed on its own; a
/// closed group is its members marked `CLOSED_MEMBER`, its live count, then
/// the group marked `CLOSED_GROUP`.
const CLOSED_MEMBER: u32 = 1 << 30;
const CLOSED_GROUP: u32 = 3 << 30;

impl MultiCover {
    /// Whether this run has reached [`crate::Settings::hard_after`].
    fn is_hard(&self) -> bool {
        self.nodes + self.probes >= self.hard_after
    }

    /// Stops later runs after this many nodes plus probes.
    pub(super) fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
    }

    /// Later runs try these options before the others wherever they branch.
    pub(crate) fn set_try_first(&mut self, options: &[OptionId]) {
        self.try_first.clear();
        if !options.is_empty() {
            self.try_first.resize(self.alive.len(), false);
            for &o in options {
                self.try_first[o] = true;
            }
        }
    }

    /// The options still alive after propagation and probing at the root
    /// (see [`super::Solver::settled_options`]); leaves the root as it was.
    pub(super) fn settled_options(&mut self) -> Option<Vec<OptionId>> {
        if !self.root_ok {
            return None;
        }
        let fits = self.probing == Probing::Off || self.probe();
        let live = fits.then(|| (0..self.alive.len()).filter(|&o| self.alive[o]).collect());
        self.undo_to(self.root_trail);
        live
    }

    /// Calls `f` with each solution (a sorted list of options) until it
    /// breaks or the solutions run out. The stats' time is left to the caller.
    pub(super) fn run(&mut self, f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
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
        self.pairs_on = self.pairs_after == 0;
        // Every item for the reasoning on sums at the root, whatever the
        // run before left listed.
        self.clear_lines();
        for i in 0..self.sums.items.len() {
            self.note_line(i);
        }
        self.nogoods.clear();
        self.learn.clear();
        self.switch_on_learning_when_due();
        let flow = if self.root_ok { self.search_with_restarts(f) } else { ControlFlow::Continue(()) };
        debug_assert_eq!(self.trail.len(), self.root_trail);
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
    /// [`nogoods`]) with what the nogoods remove there.
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
                if self.alive[o as usize] {
                    self.kill(o);
                }
            }
            // Every item for the reasoning on sums again, as at the start.
            self.clear_lines();
            for i in 0..self.sums.items.len() {
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
