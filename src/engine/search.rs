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
use std::time::{Duration, Instant};

use super::problem::{OptionId, Problem};

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

/// Knobs of the search. The defaults are what the benchmarks found fastest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub probing: Probing,
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found (up to the limit, when there was one).
    pub solutions: u64,
    /// Branches taken: options put into a partial solution by the search.
    pub nodes: u64,
    /// Options tried one level deep by probing, and removed when they failed.
    pub probes: u64,
    pub elapsed: Duration,
    /// True when the whole search tree was walked, so `solutions` is the
    /// exact number; false when a limit or the callback stopped it early.
    pub exhausted: bool,
}

/// Solutions collected by [`Solver::solve`], each a sorted list of options.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub solutions: Vec<Vec<OptionId>>,
    pub stats: Stats,
}

impl Problem {
    /// Up to `limit` solutions with the default settings. `solve(2)` proves
    /// uniqueness: one solution found and `stats.exhausted` true.
    pub fn solve(&self, limit: usize) -> Outcome {
        Solver::new(self, Settings::default()).solve(limit)
    }

    /// The number of solutions, stopping at `limit`.
    pub fn count(&self, limit: u64) -> Stats {
        Solver::new(self, Settings::default()).count(limit)
    }
}

/// The search state for one problem. Reusable: every run starts from the
/// state `new` built.
pub struct Solver {
    settings: Settings,
    // Items.
    lo: Vec<u32>,
    hi: Vec<u32>,
    committed: Vec<u32>,
    most: Vec<u32>,
    least: Vec<u32>,
    /// Live options with a positive weight on the item.
    len: Vec<u32>,
    is_selector: Vec<bool>,
    /// The largest weight any option puts on the item: a window narrower
    /// than this is the only kind that can cut an option, so an item with
    /// this much room on both sides needs no look at its cells.
    heaviest: Vec<u32>,
    /// Each item's options with a positive weight on it.
    item_opts: Vec<u32>,
    item_opts_start: Vec<u32>,
    /// Each item's cells, as (cell, group, index of the cell in its group).
    item_cells: Vec<(u32, u32, u32)>,
    item_cells_start: Vec<u32>,
    // Options.
    opt_entries: Vec<(u32, u32)>,
    opt_entries_start: Vec<u32>,
    opt_group: Vec<u32>,
    /// For option `o`, its value slot in each cell of its group, in the
    /// group's cell order.
    opt_slots: Vec<u32>,
    opt_slots_start: Vec<u32>,
    alive: Vec<bool>,
    // Groups.
    group_opts: Vec<u32>,
    group_opts_start: Vec<u32>,
    group_cells_start: Vec<u32>,
    group_exact: Vec<bool>,
    group_live: Vec<u32>,
    // Cells: (group, item) pairs; `vals` holds each cell's distinct
    // weights in increasing order, `val_count` how many live options have each.
    cell_item: Vec<u32>,
    cell_min: Vec<u32>,
    cell_max: Vec<u32>,
    /// `vals[cell_min]` and `vals[cell_max]`, kept beside them because the
    /// propagation loop reads them most.
    cell_lightest: Vec<u32>,
    /// Where each cell's values end in `vals` (they start where the
    /// previous cell's end).
    cell_values_end: Vec<u32>,
    cell_heaviest: Vec<u32>,
    vals: Vec<u32>,
    val_count: Vec<u32>,
    // Search.
    /// Killed options, in order, so that undo revives them in reverse.
    trail: Vec<u32>,
    chosen: Vec<u32>,
    /// Items whose bounds moved since they were last looked at.
    queue: Vec<u32>,
    /// Probing: a tick per lasting change of an item's bounds, the tick of
    /// each item's last change, and the tick at which each option last
    /// survived a probe. An option is probed again only when an item of its
    /// group changed since: a heuristic (any subset of probes is sound).
    clock: u64,
    item_changed: Vec<u64>,
    probed_at: Vec<u64>,
    in_probe: bool,
    /// Whether the last `probe` removed an option, and per depth whether
    /// probing there did (for `Probing::Adaptive`).
    probe_removed: bool,
    probe_paid: Vec<bool>,
    /// Nodes plus probes after which a run stops, unexhausted.
    work_limit: u64,
    queued: Vec<bool>,
    /// False when the problem fails before any choice.
    root_ok: bool,
    root_trail: usize,
    nodes: u64,
    probes: u64,
    solutions: u64,
    scratch: Vec<Vec<u32>>,
}

/// With `Probing::Adaptive`, probe at least at every this many levels.
const PROBE_EVERY: usize = 4;

/// Trail entries: a plain option id is an option killed on its own; a
/// closed group is its members marked `CLOSED_MEMBER`, its live count, then
/// the group marked `CLOSED_GROUP`.
const CLOSED_MEMBER: u32 = 1 << 30;
const CLOSED_GROUP: u32 = 3 << 30;

impl Solver {
    pub fn new(problem: &Problem, settings: Settings) -> Solver {
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
        let mut local = vec![u32::MAX; n_items];
        let mut matrix: Vec<u32> = Vec::new();
        let mut column: Vec<u32> = Vec::new();
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
            // matrix[m * cells + c]: member m's weight on cell c.
            matrix.clear();
            matrix.resize(members.len() * cells, 0);
            for (m, &o) in members.iter().enumerate() {
                for &(i, w) in option(o as usize) {
                    matrix[m * cells + local[i as usize] as usize] = w;
                }
            }
            let slot_base = opt_slots.len();
            opt_slots.resize(slot_base + members.len() * cells, 0);
            for (m, &o) in members.iter().enumerate() {
                opt_slots_start[o as usize] = (slot_base + m * cells) as u32;
            }
            for c in 0..cells {
                column.clear();
                column.extend((0..members.len()).map(|m| matrix[m * cells + c]));
                column.sort_unstable();
                column.dedup();
                let base = vals.len() as u32;
                vals.extend_from_slice(&column);
                cell_values_end.push(vals.len() as u32);
                for m in 0..members.len() {
                    let pos = column.binary_search(&matrix[m * cells + c]).expect("weight listed") as u32;
                    opt_slots[slot_base + m * cells + c] = base + pos;
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

        let n_cells = cell_item.len();
        let n_vals = vals.len();
        let mut solver = Solver {
            settings,
            lo: bounds.iter().map(|b| b.0).collect(),
            hi: bounds.iter().map(|b| b.1).collect(),
            committed: vec![0; n_items],
            most: vec![0; n_items],
            least: vec![0; n_items],
            len: vec![0; n_items],
            heaviest,
            is_selector,
            item_opts_start,
            item_opts,
            item_cells_start,
            item_cells,
            opt_entries_start: starts.to_vec(),
            opt_entries: entries.to_vec(),
            opt_group,
            opt_slots_start,
            opt_slots,
            alive: vec![false; n_opts],
            group_opts_start,
            group_opts,
            group_cells_start,
            group_exact,
            group_live: vec![0; n_groups],
            cell_item,
            cell_min: vec![0; n_cells],
            cell_max: vec![0; n_cells],
            cell_lightest: vec![0; n_cells],
            cell_values_end,
            cell_heaviest: vec![0; n_cells],
            vals,
            val_count: vec![0; n_vals],
            trail: Vec::new(),
            chosen: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; n_items],
            clock: 1,
            item_changed: vec![1; n_items],
            probed_at: vec![0; n_opts],
            in_probe: false,
            probe_removed: false,
            probe_paid: Vec::new(),
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
        for &(i, _) in entries {
            solver.len[i as usize] += 1;
        }
        for &slot in &solver.opt_slots {
            solver.val_count[slot as usize] += 1;
        }
        for g in 0..n_groups {
            solver.group_live[g] = solver.group_opts_start[g + 1] - solver.group_opts_start[g];
            for cell in solver.group_cells_start[g] as usize..solver.group_cells_start[g + 1] as usize {
                // Every value of a cell belongs to some option of its group.
                let first = if cell == 0 { 0 } else { solver.cell_values_end[cell - 1] };
                let last = solver.cell_values_end[cell] - 1;
                solver.cell_min[cell] = first;
                solver.cell_max[cell] = last;
                solver.cell_lightest[cell] = solver.vals[first as usize];
                solver.cell_heaviest[cell] = solver.vals[last as usize];
                let (most, least) = solver.cell_bounds(cell, g, solver.group_live[g]);
                let item = solver.cell_item[cell] as usize;
                solver.most[item] += most;
                solver.least[item] += least;
            }
        }
        for i in 0..n_items {
            solver.enqueue(i);
        }
        solver.root_ok = solver.propagate();
        solver.root_trail = solver.trail.len();
        solver
    }

    #[inline(always)]
    fn enqueue(&mut self, item: usize) {
        if !self.in_probe {
            self.clock += 1;
            self.item_changed[item] = self.clock;
        }
        if !self.queued[item] {
            self.queued[item] = true;
            self.queue.push(item as u32);
        }
    }

    /// The (most, least) a cell adds to its item while its group has `live`
    /// live options.
    #[inline(always)]
    fn cell_bounds(&self, cell: usize, group: usize, live: u32) -> (u32, u32) {
        if live == 0 {
            return (0, 0);
        }
        let most = self.cell_heaviest[cell];
        let least = if self.group_exact[group] { self.cell_lightest[cell] } else { 0 };
        (most, least)
    }

    #[inline(always)]
    fn shift_bounds(&mut self, cell: usize, old: (u32, u32), new: (u32, u32)) {
        if old != new {
            let item = self.cell_item[cell] as usize;
            self.most[item] = self.most[item] - old.0 + new.0;
            self.least[item] = self.least[item] - old.1 + new.1;
            self.enqueue(item);
        }
    }

    /// Removes a live option and queues the items whose bounds it moves.
    fn kill(&mut self, o: u32) {
        let ou = o as usize;
        debug_assert!(self.alive[ou]);
        self.alive[ou] = false;
        for k in self.opt_entries_start[ou]..self.opt_entries_start[ou + 1] {
            self.len[self.opt_entries[k as usize].0 as usize] -= 1;
        }
        let g = self.opt_group[ou] as usize;
        let cells = self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize;
        let slots = self.opt_slots_start[ou] as usize;
        let before = self.group_live[g];
        let after = before - 1;
        for (k, cell) in cells.enumerate() {
            let slot = self.opt_slots[slots + k];
            self.val_count[slot as usize] -= 1;
            if after == 0 {
                let old = self.cell_bounds(cell, g, before);
                self.shift_bounds(cell, old, (0, 0));
            } else if self.val_count[slot as usize] == 0 && (slot == self.cell_max[cell] || slot == self.cell_min[cell])
            {
                // Every option of the group has a slot in every cell, so
                // while one lives these scans stop inside the cell.
                let old = self.cell_bounds(cell, g, before);
                while self.val_count[self.cell_max[cell] as usize] == 0 {
                    self.cell_max[cell] -= 1;
                }
                while self.val_count[self.cell_min[cell] as usize] == 0 {
                    self.cell_min[cell] += 1;
                }
                self.cell_heaviest[cell] = self.vals[self.cell_max[cell] as usize];
                self.cell_lightest[cell] = self.vals[self.cell_min[cell] as usize];
                let new = self.cell_bounds(cell, g, after);
                self.shift_bounds(cell, old, new);
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
        for k in self.opt_entries_start[ou]..self.opt_entries_start[ou + 1] {
            self.len[self.opt_entries[k as usize].0 as usize] += 1;
        }
        let g = self.opt_group[ou] as usize;
        let cells = self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize;
        let slots = self.opt_slots_start[ou] as usize;
        let before = self.group_live[g];
        for (k, cell) in cells.enumerate() {
            let slot = self.opt_slots[slots + k];
            self.val_count[slot as usize] += 1;
            if before == 0 {
                self.cell_min[cell] = slot;
                self.cell_max[cell] = slot;
                self.cell_lightest[cell] = self.vals[slot as usize];
                self.cell_heaviest[cell] = self.vals[slot as usize];
            } else if slot < self.cell_min[cell] || slot > self.cell_max[cell] {
                let old = self.cell_bounds(cell, g, before);
                self.cell_min[cell] = self.cell_min[cell].min(slot);
                self.cell_max[cell] = self.cell_max[cell].max(slot);
                self.cell_heaviest[cell] = self.vals[self.cell_max[cell] as usize];
                self.cell_lightest[cell] = self.vals[self.cell_min[cell] as usize];
                let new = self.cell_bounds(cell, g, before + 1);
                self.unshift_bounds(cell, old, new);
                continue;
            } else {
                continue;
            }
            let new = self.cell_bounds(cell, g, 1);
            self.unshift_bounds(cell, (0, 0), new);
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
                for k in self.opt_entries_start[p as usize]..self.opt_entries_start[p as usize + 1] {
                    self.len[self.opt_entries[k as usize].0 as usize] -= 1;
                }
                self.trail.push(p | CLOSED_MEMBER);
            }
        }
        for cell in self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize {
            let old = self.cell_bounds(cell, g, live);
            self.shift_bounds(cell, old, (0, 0));
        }
        self.group_live[g] = 0;
        self.trail.push(live);
        self.trail.push(g as u32 | CLOSED_GROUP);
    }

    fn reopen_group(&mut self, g: usize) {
        let live = self.trail.pop().expect("a closed group's live count");
        self.group_live[g] = live;
        for cell in self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize {
            let new = self.cell_bounds(cell, g, live);
            self.unshift_bounds(cell, (0, 0), new);
        }
        while let Some(&entry) = self.trail.last() {
            if entry & CLOSED_MEMBER == 0 || entry & CLOSED_GROUP == CLOSED_GROUP {
                break;
            }
            self.trail.pop();
            let p = (entry & !CLOSED_MEMBER) as usize;
            self.alive[p] = true;
            for k in self.opt_entries_start[p]..self.opt_entries_start[p + 1] {
                self.len[self.opt_entries[k as usize].0 as usize] += 1;
            }
        }
    }

    /// `shift_bounds` backwards, for undo: nothing to queue.
    #[inline(always)]
    fn unshift_bounds(&mut self, cell: usize, old: (u32, u32), new: (u32, u32)) {
        let item = self.cell_item[cell] as usize;
        self.most[item] = self.most[item] - old.0 + new.0;
        self.least[item] = self.least[item] - old.1 + new.1;
    }

    /// Removes options outside their windows (see the module comment) until
    /// no bound moves. Returns false, with the queue emptied, when an item
    /// can no longer reach its range.
    fn propagate(&mut self) -> bool {
        while let Some(i) = self.queue.pop() {
            let i = i as usize;
            self.queued[i] = false;
            let c = self.committed[i];
            if c + self.most[i] < self.lo[i] || c + self.least[i] > self.hi[i] {
                for &j in &self.queue {
                    self.queued[j as usize] = false;
                }
                self.queue.clear();
                return false;
            }
            let room_above = self.hi[i] - c - self.least[i];
            let room_below = c + self.most[i] - self.lo[i];
            if room_above >= self.heaviest[i] && room_below >= self.heaviest[i] {
                continue;
            }
            for at in self.item_cells_start[i]..self.item_cells_start[i + 1] {
                let (cell, g, k) = self.item_cells[at as usize];
                let (cell, g) = (cell as usize, g as usize);
                if self.group_live[g] == 0 {
                    continue;
                }
                let (most, least) = self.cell_bounds(cell, g, 1);
                let top = least + room_above;
                let bottom = most.saturating_sub(room_below);
                if most <= top && self.cell_lightest[cell] >= bottom {
                    continue;
                }
                // Killing options of this group moves this cell's share and
                // the item's slack by the same amount: the window holds.
                for at in self.group_opts_start[g]..self.group_opts_start[g + 1] {
                    let p = self.group_opts[at as usize];
                    if !self.alive[p as usize] {
                        continue;
                    }
                    let x = self.vals[self.opt_slots[(self.opt_slots_start[p as usize] + k) as usize] as usize];
                    if x > top || x < bottom {
                        self.kill(p);
                    }
                }
            }
        }
        true
    }

    /// Puts option `o` into the solution, removes the rest of its group and
    /// propagates. Returns false when that leaves an item out of reach; the
    /// caller undoes either way.
    fn choose(&mut self, o: u32) -> bool {
        let ou = o as usize;
        for k in self.opt_entries_start[ou]..self.opt_entries_start[ou + 1] {
            let (i, w) = self.opt_entries[k as usize];
            self.committed[i as usize] += w;
            self.enqueue(i as usize);
        }
        self.chosen.push(o);
        // At most one option of a group is chosen.
        self.close_group(self.opt_group[ou] as usize);
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
        for k in self.opt_entries_start[o]..self.opt_entries_start[o + 1] {
            let (i, w) = self.opt_entries[k as usize];
            self.committed[i as usize] -= w;
        }
    }

    /// Chooses `o`, propagates, and takes it all back: whether `o` survives
    /// one level of lookahead.
    fn try_option(&mut self, o: u32) -> bool {
        let mark = self.trail.len();
        self.in_probe = true;
        let fits = self.choose(o);
        self.undo_to(mark);
        self.unchoose();
        self.in_probe = false;
        fits
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
                    .map(|cell| self.item_changed[self.cell_item[cell as usize] as usize])
                    .max()
                    .unwrap_or(0);
                for at in self.group_opts_start[g]..self.group_opts_start[g + 1] {
                    let o = self.group_opts[at as usize];
                    if !self.alive[o as usize] || self.probed_at[o as usize] >= changed {
                        continue;
                    }
                    self.probes += 1;
                    if self.try_option(o) {
                        self.probed_at[o as usize] = self.clock;
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

    /// The item to branch on. Preferred: the tightest item (least room on
    /// either side of its range) that some undecided exact group can still
    /// move, and in it the group whose options differ most there; branching
    /// on that group's selector decides the most. Otherwise an item still
    /// below its range with the fewest live options. `None` when every item
    /// has reached its range.
    fn branch_item(&self) -> Option<usize> {
        // The least room among items that some group can still move.
        let room = |i: usize| {
            let c = self.committed[i];
            (self.hi[i] - c - self.least[i]).min(c + self.most[i] - self.lo[i])
        };
        // Only counting items: an "exactly one" item is better served by the
        // fewest-options rule below (plain exact cover, as in Dancing Links).
        let counting = |i: usize| !self.is_selector[i] && self.most[i] > self.least[i];
        let tightest = (0..self.lo.len()).filter(|&i| counting(i)).map(room).min();
        let mut widest: Option<(u32, usize)> = None;
        if let Some(tightest) = tightest {
            for i in (0..self.lo.len()).filter(|&i| counting(i) && room(i) == tightest) {
                for at in self.item_cells_start[i]..self.item_cells_start[i + 1] {
                    let (cell, g, _) = self.item_cells[at as usize];
                    let g = g as usize;
                    if !self.group_exact[g] || self.group_live[g] < 2 {
                        continue;
                    }
                    let spread = self.cell_heaviest[cell as usize] - self.cell_lightest[cell as usize];
                    if spread > 0 && widest.is_none_or(|(w, _)| spread > w) {
                        widest = Some((spread, g));
                    }
                }
            }
        }
        if let Some((_, g)) = widest {
            let first = self.group_opts[self.group_opts_start[g] as usize] as usize;
            let entries =
                &self.opt_entries[self.opt_entries_start[first] as usize..self.opt_entries_start[first + 1] as usize];
            // The group's selector: the first selector item of its options.
            if let Some(&(s, _)) = entries.iter().find(|&&(i, _)| self.is_selector[i as usize]) {
                return Some(s as usize);
            }
        }
        let mut best: Option<(u32, usize)> = None;
        for i in 0..self.lo.len() {
            if self.committed[i] < self.lo[i] {
                let len = self.len[i];
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
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Vec::new);
            self.probe_paid.resize(depth + 1, false);
        }
        let probe = match self.settings.probing {
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

    /// Stops later runs after this many nodes plus probes; their stats say
    /// `exhausted: false`. For a quick try before a full search.
    pub fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
    }

    /// Calls `f` with each solution (a sorted list of options) until it
    /// breaks or the solutions run out.
    pub fn for_each_solution(&mut self, mut f: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        let start = Instant::now();
        self.nodes = 0;
        self.probes = 0;
        self.solutions = 0;
        let flow = if self.root_ok { self.search(0, &mut f) } else { ControlFlow::Continue(()) };
        debug_assert_eq!(self.trail.len(), self.root_trail);
        Stats {
            solutions: self.solutions,
            nodes: self.nodes,
            probes: self.probes,
            elapsed: start.elapsed(),
            exhausted: flow.is_continue(),
        }
    }

    /// Up to `limit` solutions.
    pub fn solve(&mut self, limit: usize) -> Outcome {
        let mut solutions = Vec::new();
        if limit == 0 {
            return Outcome { solutions, stats: Stats::default() };
        }
        let stats = self.for_each_solution(|s| {
            solutions.push(s.to_vec());
            if solutions.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        Outcome { solutions, stats }
    }

    /// Counts solutions up to `limit`.
    pub fn count(&mut self, limit: u64) -> Stats {
        let mut n = 0u64;
        if limit == 0 {
            return Stats::default();
        }
        self.for_each_solution(|_| {
            n += 1;
            if n >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })
    }
}
