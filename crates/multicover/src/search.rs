//! The search: Dancing-Links-style choice and undo over flat arrays, with
//! per-group bounds kept up to date as options die and come back, and
//! propagation of those bounds to a fixpoint at every node.
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

use super::problem::{OptionId, Problem};
use super::solver::Stats;

/// How much work to spend at each node before branching.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Probing {
    /// Branch at once.
    Off,
    /// Probe (as `Fixpoint`) at the root only, then branch without.
    Root,
    /// Before branching, try every live option one level deep and remove
    /// those that fail at once, until none does (failed-literal probing).
    Fixpoint,
    /// Probe as `Fixpoint` where it pays: at the root, below a node whose
    /// probing removed an option, and every few levels.
    #[default]
    Adaptive,
}

/// The multi-cover search state for one problem. Reusable: every run
/// starts from the state `new` built.
pub(super) struct MultiCover {
    probing: Probing,
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
    /// Nodes plus probes after which a run stops, unexhausted.
    work_limit: u64,
    /// False when the problem fails before any choice.
    root_ok: bool,
    root_trail: usize,
    nodes: u64,
    probes: u64,
    solutions: u64,
    scratch: Vec<Vec<u32>>,
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
    /// The (most, least) the cell adds to its item; `exact` says whether
    /// its group is.
    #[inline(always)]
    fn bounds(&self, exact: bool) -> (u32, u32) {
        (self.heaviest, if exact { self.lightest } else { 0 })
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
        if at.out_of_reach() {
            self.broken = true;
        }
        self.enqueue(item);
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

/// With `Probing::Adaptive`, probe at least at every this many levels.
const PROBE_EVERY: usize = 4;

/// Trail entries: a plain option id is an option killed on its own; a
/// closed group is its members marked `CLOSED_MEMBER`, its live count, then
/// the group marked `CLOSED_GROUP`.
const CLOSED_MEMBER: u32 = 1 << 30;
const CLOSED_GROUP: u32 = 3 << 30;

impl MultiCover {
    pub(super) fn new(problem: &Problem, probing: Probing) -> MultiCover {
        let bounds = problem.raw_bounds();
        let (entries, starts) = problem.raw_entries();
        let n_items = bounds.len();
        let n_opts = starts.len() - 1;
        assert!(n_opts < CLOSED_MEMBER as usize, "too many options for the trail's encoding");
        let option = |o: usize| &entries[starts[o] as usize..starts[o + 1] as usize];

        // Each item's options, as flat lists (a counting sort).
        let mut item_opts_start = vec![0u32; n_items + 1];
        for &(i, _) in entries {
            item_opts_start[i as usize + 1] += 1;
        }
        for i in 0..n_items {
            item_opts_start[i + 1] += item_opts_start[i];
        }
        let mut item_opts = vec![0u32; entries.len()];
        let mut fill = item_opts_start.clone();
        // An item that says "exactly one of my options".
        let mut is_selector: Vec<bool> = bounds.iter().map(|&b| b == (1, 1)).collect();
        let mut heaviest = vec![0u32; n_items];
        for o in 0..n_opts {
            for &(i, w) in option(o) {
                heaviest[i as usize] = heaviest[i as usize].max(w);
                item_opts[fill[i as usize] as usize] = o as u32;
                fill[i as usize] += 1;
                if w != 1 {
                    is_selector[i as usize] = false;
                }
            }
        }

        // Groups: one per selector item that some option joins first, one
        // per option that touches no selector.
        let mut group_of_selector = vec![u32::MAX; n_items];
        let mut group_selector: Vec<u32> = Vec::new();
        let mut opt_group = vec![0u32; n_opts];
        for (o, group) in opt_group.iter_mut().enumerate() {
            *group = match option(o).iter().find(|&&(i, _)| is_selector[i as usize]) {
                Some(&(s, _)) => {
                    if group_of_selector[s as usize] == u32::MAX {
                        group_of_selector[s as usize] = group_selector.len() as u32;
                        group_selector.push(s);
                    }
                    group_of_selector[s as usize]
                }
                None => {
                    group_selector.push(u32::MAX);
                    group_selector.len() as u32 - 1
                }
            };
        }
        let n_groups = group_selector.len();
        let mut group_opts_start = vec![0u32; n_groups + 1];
        for &g in &opt_group {
            group_opts_start[g as usize + 1] += 1;
        }
        for g in 0..n_groups {
            group_opts_start[g + 1] += group_opts_start[g];
        }
        let mut group_opts = vec![0u32; n_opts];
        let mut fill = group_opts_start.clone();
        for (o, &g) in opt_group.iter().enumerate() {
            group_opts[fill[g as usize] as usize] = o as u32;
            fill[g as usize] += 1;
        }
        let group_exact: Vec<bool> = (0..n_groups)
            .map(|g| {
                let s = group_selector[g];
                s != u32::MAX
                    && item_opts_start[s as usize + 1] - item_opts_start[s as usize]
                        == group_opts_start[g + 1] - group_opts_start[g]
            })
            .collect();

        // Cells: for each group, the items its options touch, each with the
        // distinct weights the group's options put on it (0 included).
        // A group has no more cells than its options have entries: room
        // for that many up front saves most regrowing.
        let mut cell_item = Vec::with_capacity(entries.len());
        let mut vals = Vec::with_capacity(entries.len() + n_groups);
        let mut cell_values_end: Vec<u32> = Vec::with_capacity(entries.len());
        let mut group_cells_start = Vec::with_capacity(n_groups + 1);
        group_cells_start.push(0u32);
        let mut opt_slots_start = vec![0u32; n_opts + 1];
        let mut opt_slots: Vec<u32> = Vec::with_capacity(2 * entries.len());
        let mut weights: Vec<u32> = Vec::new();
        let mut local = vec![u32::MAX; n_items];
        for g in 0..n_groups {
            let members = &group_opts[group_opts_start[g] as usize..group_opts_start[g + 1] as usize];
            let first_cell = cell_item.len();
            for &o in members {
                for &(i, _) in option(o as usize) {
                    if local[i as usize] == u32::MAX {
                        local[i as usize] = (cell_item.len() - first_cell) as u32;
                        cell_item.push(i);
                    }
                }
            }
            let cells = cell_item.len() - first_cell;
            // weights[m * cells + c]: member m's weight on cell c (0 where
            // it does not touch the cell's item).
            weights.clear();
            weights.resize(members.len() * cells, 0);
            let slot_base = opt_slots.len();
            for (m, &o) in members.iter().enumerate() {
                opt_slots_start[o as usize] = (slot_base + m * cells) as u32;
                for &(i, w) in option(o as usize) {
                    weights[m * cells + local[i as usize] as usize] = w;
                }
            }
            opt_slots.resize(slot_base + members.len() * cells, 0);
            for c in 0..cells {
                // The column's distinct weights, in increasing order. Members
                // mostly come in order of weight (an Aquarium tank's levels
                // fill each row and column in order), so a weight is mostly
                // the last one or a new largest.
                let base = vals.len();
                for m in 0..members.len() {
                    let w = weights[m * cells + c];
                    match vals[base..].last() {
                        Some(&last) if w == last => {}
                        Some(&last) if w < last => {
                            let pos = base + vals[base..].partition_point(|&v| v < w);
                            if vals[pos] != w {
                                vals.insert(pos, w);
                            }
                        }
                        _ => vals.push(w),
                    }
                }
                cell_values_end.push(vals.len() as u32);
                let column = &vals[base..];
                let mut pos = 0;
                for m in 0..members.len() {
                    let at = m * cells + c;
                    let w = weights[at];
                    if column[pos] != w {
                        pos =
                            if column.get(pos + 1) == Some(&w) { pos + 1 } else { column.partition_point(|&v| v < w) };
                    }
                    opt_slots[slot_base + at] = (base + pos) as u32;
                }
            }
            for &i in &cell_item[first_cell..] {
                local[i as usize] = u32::MAX;
            }
            group_cells_start.push(cell_item.len() as u32);
        }
        // Each item's cells, as (cell, group, index of the cell in its group).
        let mut item_cells_start = vec![0u32; n_items + 1];
        for &i in &cell_item {
            item_cells_start[i as usize + 1] += 1;
        }
        for i in 0..n_items {
            item_cells_start[i + 1] += item_cells_start[i];
        }
        let mut item_cells = vec![(0u32, 0u32, 0u32); cell_item.len()];
        let mut fill = item_cells_start.clone();
        for g in 0..n_groups {
            let first = group_cells_start[g];
            for cell in first..group_cells_start[g + 1] {
                let i = cell_item[cell as usize] as usize;
                item_cells[fill[i] as usize] = (cell, g as u32, cell - first);
                fill[i] += 1;
            }
        }

        let n_vals = vals.len();
        let mut solver = MultiCover {
            probing,
            sums: Sums {
                items: (0..n_items)
                    .map(|i| Item {
                        lo: bounds[i].0,
                        hi: bounds[i].1,
                        spread: heaviest[i],
                        is_selector: is_selector[i],
                        ..Item::default()
                    })
                    .collect(),
                queue: Vec::new(),
                broken: false,
                clock: 1,
                item_changed: vec![1; n_items],
                in_probe: false,
            },
            item_opts_start,
            item_opts,
            item_cells_start,
            item_cells,
            opts: (0..n_opts)
                .map(|o| OptionAt {
                    entries_start: starts[o],
                    entries_end: starts[o + 1],
                    group: opt_group[o],
                    slots: opt_slots_start[o],
                })
                .collect(),
            opt_entries: entries.to_vec(),
            opt_slots,
            alive: vec![false; n_opts],
            group_opts_start,
            group_opts,
            group_cells_start,
            group_exact,
            group_live: vec![0; n_groups],
            cells: cell_item.iter().map(|&item| Cell { item, ..Cell::default() }).collect(),
            cell_values_end,
            vals,
            val_count: vec![0; n_vals],
            trail: Vec::new(),
            chosen: Vec::new(),
            cuts: Vec::new(),
            probed_at: vec![0; n_opts],
            probe_removed: false,
            probe_paid: Vec::new(),
            probe_kills: vec![0; n_opts],
            work_limit: u64::MAX,
            root_ok: true,
            root_trail: 0,
            nodes: 0,
            probes: 0,
            solutions: 0,
            scratch: Vec::new(),
        };
        // Bring every option to life (all at once: what `revive` would do
        // one by one), then propagate: what is left is the root state,
        // which every run starts from.
        solver.alive.fill(true);
        for &slot in &solver.opt_slots {
            solver.val_count[slot as usize] += 1;
        }
        for g in 0..n_groups {
            solver.group_live[g] = solver.group_opts_start[g + 1] - solver.group_opts_start[g];
            for cell in solver.group_cells_start[g] as usize..solver.group_cells_start[g + 1] as usize {
                // Every value of a cell belongs to some option of its group.
                let first = if cell == 0 { 0 } else { solver.cell_values_end[cell - 1] };
                let last = solver.cell_values_end[cell] - 1;
                solver.cells[cell].min = first;
                solver.cells[cell].max = last;
                solver.cells[cell].lightest = solver.vals[first as usize];
                solver.cells[cell].heaviest = solver.vals[last as usize];
                let (most, least) = solver.cells[cell].bounds(solver.group_exact[g]);
                let item = solver.cells[cell].item as usize;
                solver.sums.items[item].most += most;
                solver.sums.items[item].least += least;
            }
        }
        for i in 0..n_items {
            solver.sums.enqueue(i);
        }
        solver.root_ok = solver.propagate();
        solver.root_trail = solver.trail.len();
        solver
    }

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
    fn kill(&mut self, o: u32) {
        let ou = o as usize;
        debug_assert!(self.alive[ou]);
        self.alive[ou] = false;
        let g = self.opts[ou].group as usize;
        let after = self.group_live[g] - 1;
        let OptionCells { cells, slots, val_count, vals, sums, exact } = self.option_cells(ou);
        for (cell, &slot) in cells.iter_mut().zip(slots) {
            val_count[slot as usize] -= 1;
            if after == 0 {
                sums.shift(cell.item as usize, cell.bounds(exact), (0, 0));
                cell.heaviest = 0;
                cell.lightest = 0;
            } else if val_count[slot as usize] == 0 && (slot == cell.max || slot == cell.min) {
                // Every option of the group has a slot in every cell, so
                // while one lives these scans stop inside the cell.
                let old = cell.bounds(exact);
                while val_count[cell.max as usize] == 0 {
                    cell.max -= 1;
                }
                while val_count[cell.min as usize] == 0 {
                    cell.min += 1;
                }
                cell.heaviest = vals[cell.max as usize];
                cell.lightest = vals[cell.min as usize];
                let new = cell.bounds(exact);
                if new != old {
                    sums.shift(cell.item as usize, old, new);
                }
            }
        }
        self.group_live[g] = after;
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
                sums.unshift(cell.item as usize, (0, 0), cell.bounds(exact));
            } else if slot < cell.min || slot > cell.max {
                let old = cell.bounds(exact);
                cell.min = cell.min.min(slot);
                cell.max = cell.max.max(slot);
                cell.heaviest = vals[cell.max as usize];
                cell.lightest = vals[cell.min as usize];
                sums.unshift(cell.item as usize, old, cell.bounds(exact));
            }
        }
        self.group_live[g] = before + 1;
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
                self.trail.push(p | CLOSED_MEMBER);
            }
        }
        let exact = self.group_exact[g];
        for cell in &mut self.cells[self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize] {
            let old = cell.bounds(exact);
            if old != (0, 0) {
                self.sums.shift(cell.item as usize, old, (0, 0));
            }
            cell.heaviest = 0;
            cell.lightest = 0;
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
                self.sums.unshift(cell.item as usize, (0, 0), cell.bounds(exact));
            }
        }
        while let Some(&entry) = self.trail.last() {
            if entry & CLOSED_MEMBER == 0 || entry & CLOSED_GROUP == CLOSED_GROUP {
                break;
            }
            self.trail.pop();
            let p = (entry & !CLOSED_MEMBER) as usize;
            self.alive[p] = true;
        }
    }

    /// Removes options outside their windows (see the module comment) until
    /// no bound moves. Returns false, with the queue emptied, when an item
    /// can no longer reach its range.
    fn propagate(&mut self) -> bool {
        let mut head = 0;
        let mut cuts = std::mem::take(&mut self.cuts);
        'items: while head < self.sums.queue.len() {
            let i = self.sums.queue[head] as usize;
            head += 1;
            let item = &mut self.sums.items[i];
            item.queued = false;
            let c = item.committed;
            if self.sums.broken || item.out_of_reach() {
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
            let (group_exact, cells) = (&self.group_exact[..], &self.cells[..]);
            let item_cells = &self.item_cells[self.item_cells_start[i] as usize..self.item_cells_start[i + 1] as usize];
            for &(cell, g, k) in item_cells {
                // A group with no live option has a (0, 0) cell: no cut.
                let cell = &cells[cell as usize];
                let (most, least) = cell.bounds(group_exact[g as usize]);
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
                    let x = self.vals[self.opt_slots[(self.opts[p as usize].slots + k) as usize] as usize];
                    if x > top || x < bottom {
                        self.kill(p);
                        // A bound that crossed its range ends the search
                        // here: no need to finish what it started.
                        if self.sums.broken {
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
        for &j in &self.sums.queue[head..] {
            self.sums.items[j as usize].queued = false;
        }
        self.sums.queue.clear();
        self.sums.broken = false;
        false
    }

    /// Puts option `o` into the solution, removes the rest of its group and
    /// propagates. Returns false when that leaves an item out of reach; the
    /// caller undoes either way.
    fn choose(&mut self, o: u32) -> bool {
        let ou = o as usize;
        for k in self.opts[ou].entries() {
            let (i, w) = self.opt_entries[k];
            self.sums.items[i as usize].committed += w;
            self.sums.enqueue(i as usize);
        }
        self.chosen.push(o);
        // At most one option of a group is chosen.
        self.close_group(self.opts[ou].group as usize);
        self.propagate()
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let entry = self.trail.pop().expect("trail longer than mark");
            if entry & CLOSED_GROUP == CLOSED_GROUP {
                self.reopen_group((entry & !CLOSED_GROUP) as usize);
            } else {
                self.revive(entry);
            }
        }
    }

    fn unchoose(&mut self) {
        let o = self.chosen.pop().expect("an option was chosen") as usize;
        for k in self.opts[o].entries() {
            let (i, w) = self.opt_entries[k];
            self.sums.items[i as usize].committed -= w;
        }
    }

    /// Chooses `o`, propagates, and takes it all back: whether `o` survives
    /// one level of lookahead.
    fn try_option(&mut self, o: u32) -> bool {
        let mark = self.trail.len();
        // Closing the group puts its live options, their count and a marker
        // on the trail: what follows them are the kills.
        let closed = self.group_live[self.opts[o as usize].group as usize] as usize + 2;
        self.sums.in_probe = true;
        let fits = self.choose(o);
        if fits {
            self.probe_kills[o as usize] = (self.trail.len() - mark - closed) as u32;
            self.mark_implied(mark);
        }
        self.undo_to(mark);
        self.unchoose();
        self.sums.in_probe = false;
        fits
    }

    /// After a probe that survived, with its kills on the trail from `mark`:
    /// an option left the last of its exact group there would survive its
    /// own probe now, as what choosing it propagates is part of what the
    /// probe propagated. Marks those probed, which saves their probes.
    fn mark_implied(&mut self, mark: usize) {
        // Read backwards, as undo does: a closed group's entry comes after
        // its live count, which is no option.
        let mut at = self.trail.len();
        while at > mark {
            at -= 1;
            let entry = self.trail[at];
            if entry & CLOSED_GROUP == CLOSED_GROUP {
                at -= 1;
                continue;
            }
            // Plain kills only: the chosen option's own group was closed.
            if entry & CLOSED_MEMBER != 0 {
                continue;
            }
            let g = self.opts[entry as usize].group as usize;
            if !self.group_exact[g] || self.group_live[g] != 1 {
                continue;
            }
            for at in self.group_opts_start[g]..self.group_opts_start[g + 1] {
                let b = self.group_opts[at as usize] as usize;
                if self.alive[b] {
                    self.probed_at[b] = self.sums.clock;
                    break;
                }
            }
        }
    }

    /// Tries each live option one level deep and removes the ones that fail,
    /// until none does. Returns false when the node itself fails.
    fn probe(&mut self) -> bool {
        self.probe_removed = false;
        loop {
            let mut removed = false;
            for g in 0..self.group_live.len() {
                // The last live option of an exact group is already counted
                // in the bounds as if chosen: trying it cannot fail.
                if self.group_live[g] == 0 || (self.group_live[g] == 1 && self.group_exact[g]) {
                    continue;
                }
                let changed = (self.group_cells_start[g]..self.group_cells_start[g + 1])
                    .map(|cell| self.sums.item_changed[self.cells[cell as usize].item as usize])
                    .max()
                    .unwrap_or(0);
                for at in self.group_opts_start[g]..self.group_opts_start[g + 1] {
                    let o = self.group_opts[at as usize];
                    if !self.alive[o as usize] || self.probed_at[o as usize] >= changed {
                        continue;
                    }
                    self.probes += 1;
                    if self.try_option(o) {
                        self.probed_at[o as usize] = self.sums.clock;
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
        // The least room among items that some group can still move.
        let room = |i: usize| {
            let c = self.sums.items[i].committed;
            (self.sums.items[i].hi - c - self.sums.items[i].least)
                .min(c + self.sums.items[i].most - self.sums.items[i].lo)
        };
        // Only counting items: an "exactly one" item is better served by the
        // fewest-options rule below (plain exact cover, as in Dancing Links).
        let counting = |i: usize| !self.sums.items[i].is_selector && self.sums.items[i].most > self.sums.items[i].least;
        let tightest = (0..self.sums.items.len()).filter(|&i| counting(i)).map(room).min();
        let mut widest: Option<(u32, usize)> = None;
        if let Some(tightest) = tightest {
            for i in (0..self.sums.items.len()).filter(|&i| counting(i) && room(i) == tightest) {
                for at in self.item_cells_start[i]..self.item_cells_start[i + 1] {
                    let (cell, g, _) = self.item_cells[at as usize];
                    let g = g as usize;
                    if !self.group_exact[g] || self.group_live[g] < 2 {
                        continue;
                    }
                    let spread = self.cells[cell as usize].heaviest - self.cells[cell as usize].lightest;
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
        for i in 0..self.sums.items.len() {
            if self.sums.items[i].committed < self.sums.items[i].lo {
                // Counted here, not kept up to date at every kill: this
                // runs once a node, kills run thousands of times.
                let (a, b) = (self.item_opts_start[i] as usize, self.item_opts_start[i + 1] as usize);
                let len = self.item_opts[a..b].iter().filter(|&&o| self.alive[o as usize]).count() as u32;
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

    /// The undecided exact group to branch on, as lookahead SAT solvers pick
    /// a variable: the one whose live options' probes removed the most, by
    /// the product of (removed + 1) over them, so that every branch below
    /// starts from a small problem. Each option's count is from its last
    /// surviving probe, which may be a few levels up: a guide only.
    fn lookahead_group(&self) -> Option<usize> {
        let mut best: Option<(f64, usize)> = None;
        for g in 0..self.group_live.len() {
            if !self.group_exact[g] || self.group_live[g] < 2 {
                continue;
            }
            let members = &self.group_opts[self.group_opts_start[g] as usize..self.group_opts_start[g + 1] as usize];
            let score: f64 = members
                .iter()
                .filter(|&&o| self.alive[o as usize])
                .map(|&o| f64::from(self.probe_kills[o as usize]).ln_1p())
                .sum();
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, g));
            }
        }
        best.map(|(_, g)| g)
    }

    /// An exact group's selector: the first selector item of its options.
    fn selector_of(&self, g: usize) -> usize {
        let first = self.group_opts[self.group_opts_start[g] as usize] as usize;
        let entries = &self.opt_entries[self.opts[first].entries()];
        let &(s, _) = entries
            .iter()
            .find(|&&(i, _)| self.sums.items[i as usize].is_selector)
            .expect("an exact group has a selector");
        s as usize
    }

    /// When every live option is the last of its exact group, every solution
    /// below must take them all (each such group's selector needs one, and
    /// no other option is left to add): `Some(whether that set fits every
    /// range)`. `None` while some choice is still open.
    fn forced_completion(&mut self) -> Option<bool> {
        let open = |g: usize| self.group_live[g] > 1 || (self.group_live[g] == 1 && !self.group_exact[g]);
        if (0..self.group_live.len()).any(open) {
            return None;
        }
        let mut sums: Vec<u32> = self.sums.items.iter().map(|item| item.committed).collect();
        for o in (0..self.alive.len()).filter(|&o| self.alive[o]) {
            for &(i, w) in &self.opt_entries[self.opts[o].entries()] {
                sums[i as usize] += w;
            }
        }
        Some(self.sums.items.iter().zip(&sums).all(|(item, &sum)| item.lo <= sum && sum <= item.hi))
    }

    fn report(&mut self, f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.solutions += 1;
        let mut solution: Vec<OptionId> = self.chosen.iter().map(|&o| o as OptionId).collect();
        solution.sort_unstable();
        f(&solution)
    }

    /// Walks the subtree below the current state. Leaves the state as found.
    fn search(&mut self, depth: usize, f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        let mark = self.trail.len();
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
            Probing::Adaptive => depth == 0 || self.probe_paid[depth - 1] || depth.is_multiple_of(PROBE_EVERY),
        };
        self.probe_paid[depth] = false;
        if probe {
            if !self.probe() {
                return ControlFlow::Continue(());
            }
            self.probe_paid[depth] = self.probe_removed;
        }
        if let Some(fits) = self.forced_completion() {
            // One candidate is left and nothing to branch on: take it whole.
            if !fits {
                return ControlFlow::Continue(());
            }
            let mark = self.chosen.len();
            self.chosen.extend((0..self.alive.len() as u32).filter(|&o| self.alive[o as usize]));
            let flow = self.report(f);
            self.chosen.truncate(mark);
            return flow;
        }
        let mut list = std::mem::take(&mut self.scratch[depth]);
        list.clear();
        match self.branch_item() {
            // At least one live option of `item` is in every solution below.
            Some(item) => {
                let (a, b) = (self.item_opts_start[item] as usize, self.item_opts_start[item + 1] as usize);
                list.extend(self.item_opts[a..b].iter().copied().filter(|&o| self.alive[o as usize]));
            }
            // Every item is in range: a solution. Options still alive fit,
            // and larger sets may be solutions too: walk them as well.
            None => {
                if let ControlFlow::Break(()) = self.report(f) {
                    self.scratch[depth] = list;
                    return ControlFlow::Break(());
                }
                list.extend((0..self.alive.len() as u32).filter(|&o| self.alive[o as usize]));
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
        for &o in list {
            if !self.alive[o as usize] {
                continue;
            }
            if self.nodes + self.probes >= self.work_limit {
                return ControlFlow::Break(());
            }
            let mark = self.trail.len();
            self.nodes += 1;
            let result = if self.choose(o) { self.search(depth + 1, f) } else { ControlFlow::Continue(()) };
            self.undo_to(mark);
            self.unchoose();
            result?;
            self.kill(o);
            if !self.propagate() {
                break;
            }
        }
        ControlFlow::Continue(())
    }

    /// Checks, in the crate's tests, that what `kill`, `revive` and the
    /// group moves keep up to date equals what it stands for when computed
    /// afresh: each live group's cells span its live options' slots (a dead
    /// group's read (0, 0)), the items' sums are the sums of their cells'
    /// bounds, and each item's spread bounds its cells'. Called where no
    /// propagation is pending: at each node and at the end of a run.
    #[cfg(test)]
    fn check_invariants(&self) {
        let mut most = vec![0u32; self.sums.items.len()];
        let mut least = vec![0u32; self.sums.items.len()];
        for g in 0..self.group_live.len() {
            let members = &self.group_opts[self.group_opts_start[g] as usize..self.group_opts_start[g + 1] as usize];
            let live: Vec<usize> = members.iter().map(|&o| o as usize).filter(|&o| self.alive[o]).collect();
            assert_eq!(live.len(), self.group_live[g] as usize, "group {g}'s live count");
            let first = self.group_cells_start[g] as usize;
            for (k, cell) in self.cells[first..self.group_cells_start[g + 1] as usize].iter().enumerate() {
                let bounds = cell.bounds(self.group_exact[g]);
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
        assert!(!self.sums.broken && self.sums.queue.is_empty());
    }

    /// Stops later runs after this many nodes plus probes.
    pub(super) fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
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
        let flow = if self.root_ok { self.search(0, f) } else { ControlFlow::Continue(()) };
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
}
