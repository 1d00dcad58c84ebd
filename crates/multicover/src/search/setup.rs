//! Building the search for one problem, step by step: each item's options
//! and which items are selectors, the groups, the groups' cells with their
//! values, each item's cells, and last the root state every run starts
//! from (every option alive, then propagated).

use super::connected::Connectivity;
use super::layout::{Layout, OptionAt};
use super::learn::Learned;
use super::multi_cover::MultiCover;
use super::nogoods::Nogoods;
use super::pairs::PairReasoning;
use super::single_loop::Loops;
use super::state::{Cell, Item, State, Sums};
use super::trail::CLOSED_MEMBER;
use crate::lists::lists_by_key;
use crate::problem::Problem;
use crate::settings::Settings;

impl MultiCover {
    pub(crate) fn new(problem: &Problem, settings: &Settings) -> MultiCover {
        let Settings { probing, restarts, pairs, learning, hard_after, kept_clauses, .. } = *settings;
        let (entries, starts) = problem.raw_entries();
        let n_opts = problem.option_count();
        assert!(n_opts < CLOSED_MEMBER as usize, "too many options for the trail's encoding");
        let (item_opts_start, item_opts) = lists_by_key(problem.item_count(), options_by_item(problem));
        let (is_selector, heaviest) = selectors_and_heaviest(problem);
        let groups = Groups::new(problem, &is_selector, &item_opts_start);
        let cells = CellTable::new(problem, &groups);
        let (item_cells_start, item_cells) = lists_by_key(problem.item_count(), cells.by_item());
        let n_vals = cells.vals.len();
        let layout = Layout {
            item_opts_start,
            item_opts,
            item_cells_start,
            item_cells,
            opts: (0..n_opts)
                .map(|o| OptionAt {
                    entries_start: starts[o],
                    entries_end: starts[o + 1],
                    group: groups.of_option[o],
                    slots: cells.opt_slots_start[o],
                })
                .collect(),
            opt_entries: entries.to_vec(),
            opt_weights: cells.opt_slots.iter().map(|&slot| cells.vals[slot as usize]).collect(),
            opt_slots: cells.opt_slots,
            group_opts_start: groups.start,
            group_opts: groups.opts,
            group_cells_start: cells.group_start,
            group_exact: groups.exact,
            cell_values_end: cells.values_end,
            vals: cells.vals,
        };
        let state = State {
            alive: vec![false; n_opts],
            group_live: vec![0; layout.group_exact.len()],
            cells: cells.item.iter().map(|&item| Cell { item, ..Cell::default() }).collect(),
            val_count: vec![0; n_vals],
            sums: Sums::new(problem, &is_selector, &heaviest),
            trail: Vec::new(),
            chosen: Vec::new(),
        };
        // A lone option's share of an item is 0 at least, which the
        // analysis does not read (see `learn`).
        let all_exact = layout.group_exact.iter().all(|&e| e);
        let learn = Learned::new(learning, kept_clauses, all_exact, n_opts, layout.group_exact.len());
        let mut search = MultiCover {
            probing,
            hard_after,
            layout,
            state,
            cuts: Vec::new(),
            probed_at: vec![0; n_opts],
            probe_removed: false,
            probe_paid: Vec::new(),
            probe_kills: vec![0; n_opts],
            work_limit: u64::MAX,
            try_first: Vec::new(),
            root_ok: true,
            root_trail: 0,
            nodes: 0,
            probes: 0,
            solutions: 0,
            scratch: Vec::new(),
            probe_order: Vec::new(),
            line_items: Vec::new(),
            line_noted: vec![false; problem.item_count()],
            line_open: Vec::new(),
            line_before: Vec::new(),
            fail_weight: vec![0; problem.item_count()],
            nogoods: Nogoods::new(restarts, n_opts),
            pairs: PairReasoning::new(problem.item_count(), pairs.after()),
            learn,
            connected: Connectivity::new(problem.connected(), n_opts),
            loops: Loops::new(problem.loops(), n_opts),
        };
        search.bring_all_to_life();
        // What propagation leaves is the root state, which every run starts from.
        search.root_ok = search.propagate();
        search.root_trail = search.state.trail.len();
        search
    }

    /// Brings every option to life, all at once (what `revive` would do
    /// one by one), and queues every item for propagation.
    fn bring_all_to_life(&mut self) {
        self.state.alive.fill(true);
        for &slot in &self.layout.opt_slots {
            self.state.val_count[slot as usize] += 1;
        }
        for g in 0..self.state.group_live.len() {
            self.state.group_live[g] = self.layout.group_opts_start[g + 1] - self.layout.group_opts_start[g];
            for cell in self.layout.group_cells_start[g] as usize..self.layout.group_cells_start[g + 1] as usize {
                // Every value of a cell belongs to some option of its group.
                let first = if cell == 0 { 0 } else { self.layout.cell_values_end[cell - 1] };
                let last = self.layout.cell_values_end[cell] - 1;
                let at = &mut self.state.cells[cell];
                at.min = first;
                at.max = last;
                at.lightest = self.layout.vals[first as usize];
                at.heaviest = self.layout.vals[last as usize];
                at.least = if self.layout.group_exact[g] { at.lightest } else { 0 };
                let (most, least) = at.bounds();
                let item = &mut self.state.sums.items[at.item as usize];
                item.most += most;
                item.least += least;
            }
        }
        for i in 0..self.state.sums.items.len() {
            self.state.sums.enqueue(i);
        }
    }
}

impl Sums {
    /// Every item's range, nothing committed, no bounds yet (they come with
    /// the options' lives), and every item's spread as wide as its heaviest
    /// weight.
    fn new(problem: &Problem, is_selector: &[bool], heaviest: &[u32]) -> Sums {
        let items = (0..problem.item_count())
            .map(|i| {
                let (lo, hi) = problem.bounds(i);
                Item { lo, hi, spread: heaviest[i], is_selector: is_selector[i], ..Item::default() }
            })
            .collect();
        Sums {
            items,
            queue: Vec::new(),
            broken: false,
            failed: 0,
            clock: 1,
            item_changed: vec![1; problem.item_count()],
            in_probe: false,
        }
    }
}

/// Each entry as (item, option), for the lists of each item's options.
fn options_by_item(problem: &Problem) -> impl Iterator<Item = (u32, u32)> + Clone + '_ {
    (0..problem.option_count()).flat_map(move |o| problem.raw_option(o).iter().map(move |&(i, _)| (i, o as u32)))
}

/// Per item, whether it says "exactly one of my options" (a selector: range
/// `1..=1` and weight 1 from each of its options), and the heaviest weight
/// an option puts on it; in one pass over the entries.
fn selectors_and_heaviest(problem: &Problem) -> (Vec<bool>, Vec<u32>) {
    let mut is_selector: Vec<bool> = problem.raw_bounds().iter().map(|&b| b == (1, 1)).collect();
    let mut heaviest = vec![0u32; problem.item_count()];
    for &(i, w) in problem.raw_entries().0 {
        is_selector[i as usize] &= w == 1;
        heaviest[i as usize] = heaviest[i as usize].max(w);
    }
    (is_selector, heaviest)
}

/// The options in groups (see the module comment of [`super`]): one per
/// selector item that some option touches first among selectors, one per
/// option that touches no selector.
struct Groups {
    of_option: Vec<u32>,
    /// Group `g`'s options are `opts[start[g]..start[g + 1]]`.
    start: Vec<u32>,
    opts: Vec<u32>,
    /// Whether each group holds every option of its selector: then one of
    /// them will be chosen.
    exact: Vec<bool>,
}

impl Groups {
    fn new(problem: &Problem, is_selector: &[bool], item_opts_start: &[u32]) -> Groups {
        let mut group_of_selector = vec![u32::MAX; problem.item_count()];
        let mut selector: Vec<u32> = Vec::new();
        let mut of_option = Vec::with_capacity(problem.option_count());
        for o in 0..problem.option_count() {
            let group = match problem.raw_option(o).iter().find(|&&(i, _)| is_selector[i as usize]) {
                Some(&(s, _)) => {
                    if group_of_selector[s as usize] == u32::MAX {
                        group_of_selector[s as usize] = selector.len() as u32;
                        selector.push(s);
                    }
                    group_of_selector[s as usize]
                }
                None => {
                    selector.push(u32::MAX);
                    selector.len() as u32 - 1
                }
            };
            of_option.push(group);
        }
        let members = of_option.iter().enumerate().map(|(o, &g)| (g, o as u32));
        let (start, opts) = lists_by_key(selector.len(), members);
        let exact = (0..selector.len())
            .map(|g| {
                let s = selector[g] as usize;
                selector[g] != u32::MAX && item_opts_start[s + 1] - item_opts_start[s] == start[g + 1] - start[g]
            })
            .collect();
        Groups { of_option, start, opts, exact }
    }

    fn members(&self, g: usize) -> &[u32] {
        &self.opts[self.start[g] as usize..self.start[g + 1] as usize]
    }
}

/// The groups' cells: for each group, the items its options touch, each
/// with the distinct weights the group's options put on it (0 included),
/// and each option's slot (the index of its weight) in every cell of its
/// group.
struct CellTable {
    /// Each cell's item; group `g`'s cells are `group_start[g]..group_start[g + 1]`.
    item: Vec<u32>,
    group_start: Vec<u32>,
    /// Each cell's distinct weights in increasing order, one cell's after
    /// the other's: cell `c`'s end at `values_end[c]`.
    vals: Vec<u32>,
    values_end: Vec<u32>,
    /// Option `o`'s slots, one per cell of its group in the group's cell
    /// order, start at `opt_slots[opt_slots_start[o]]`.
    opt_slots: Vec<u32>,
    opt_slots_start: Vec<u32>,
}

impl CellTable {
    fn new(problem: &Problem, groups: &Groups) -> CellTable {
        let entries = problem.raw_entries().0.len();
        let n_groups = groups.exact.len();
        // A group has no more cells than its options have entries: room
        // for that many up front saves most regrowing.
        let mut table = CellTable {
            item: Vec::with_capacity(entries),
            group_start: Vec::with_capacity(n_groups + 1),
            vals: Vec::with_capacity(entries + n_groups),
            values_end: Vec::with_capacity(entries),
            opt_slots: Vec::with_capacity(2 * entries),
            opt_slots_start: vec![0; problem.option_count() + 1],
        };
        table.group_start.push(0);
        let mut weights = Vec::new();
        let mut local = vec![u32::MAX; problem.item_count()];
        for g in 0..n_groups {
            table.add_group(problem, groups.members(g), &mut weights, &mut local);
        }
        table
    }

    /// Adds a group's cells, one per item its `members` touch, in the order
    /// they first touch them. `weights` is scratch; `local` maps items to
    /// the group's cells, all `u32::MAX` between groups.
    fn add_group(&mut self, problem: &Problem, members: &[u32], weights: &mut Vec<u32>, local: &mut [u32]) {
        let first_cell = self.item.len();
        for &o in members {
            for &(i, _) in problem.raw_option(o as usize) {
                if local[i as usize] == u32::MAX {
                    local[i as usize] = (self.item.len() - first_cell) as u32;
                    self.item.push(i);
                }
            }
        }
        let cells = self.item.len() - first_cell;
        // weights[m * cells + c]: member m's weight on cell c (0 where
        // it does not touch the cell's item).
        weights.clear();
        weights.resize(members.len() * cells, 0);
        let slot_base = self.opt_slots.len();
        for (m, &o) in members.iter().enumerate() {
            self.opt_slots_start[o as usize] = (slot_base + m * cells) as u32;
            for &(i, w) in problem.raw_option(o as usize) {
                weights[m * cells + local[i as usize] as usize] = w;
            }
        }
        self.opt_slots.resize(slot_base + members.len() * cells, 0);
        for c in 0..cells {
            self.add_values(weights, members.len(), cells, c, slot_base);
        }
        for &i in &self.item[first_cell..] {
            local[i as usize] = u32::MAX;
        }
        self.group_start.push(self.item.len() as u32);
    }

    /// Adds cell `c` of a group of `members` options and `cells` cells: the
    /// distinct weights of column `c` of `weights`, in increasing order,
    /// and each member's slot in it.
    fn add_values(&mut self, weights: &[u32], members: usize, cells: usize, c: usize, slot_base: usize) {
        // Members mostly come in order of weight (an Aquarium tank's
        // levels fill each row and column in order), so a weight is mostly
        // the last one or a new largest.
        let vals = &mut self.vals;
        let base = vals.len();
        for m in 0..members {
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
        self.values_end.push(vals.len() as u32);
        let column = &vals[base..];
        let mut pos = 0;
        for m in 0..members {
            let at = m * cells + c;
            let w = weights[at];
            if column[pos] != w {
                pos = if column.get(pos + 1) == Some(&w) { pos + 1 } else { column.partition_point(|&v| v < w) };
            }
            self.opt_slots[slot_base + at] = (base + pos) as u32;
        }
    }

    /// Each cell as (item, (cell, group, index of the cell in its group)),
    /// for the lists of each item's cells.
    fn by_item(&self) -> impl Iterator<Item = (u32, (u32, u32, u32))> + Clone + '_ {
        (0..self.group_start.len() - 1).flat_map(move |g| {
            let first = self.group_start[g];
            (first..self.group_start[g + 1]).map(move |cell| (self.item[cell as usize], (cell, g as u32, cell - first)))
        })
    }
}
