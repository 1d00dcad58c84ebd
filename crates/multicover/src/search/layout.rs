//! What the multi-cover search reads and never changes once it is built:
//! each item's options and cells, each option's entries, group and weights,
//! each group's options and cells, and each cell's distinct weights.

/// The problem as the search reads it, fixed after setup.
pub(super) struct Layout {
    /// Each item's options with a positive weight on it.
    pub(super) item_opts: Vec<u32>,
    pub(super) item_opts_start: Vec<u32>,
    /// Each item's cells, as (cell, group, index of the cell in its group).
    pub(super) item_cells: Vec<(u32, u32, u32)>,
    pub(super) item_cells_start: Vec<u32>,
    // Options.
    pub(super) opts: Vec<OptionAt>,
    pub(super) opt_entries: Vec<(u32, u32)>,
    /// Value slots of the options (see [`OptionAt::slots`]).
    pub(super) opt_slots: Vec<u32>,
    /// The weight in each of those slots (`vals[opt_slots[s]]`), so that
    /// the loops that read an option's weight on one item (propagation's
    /// cuts, the reasoning on sums) read it in one step.
    pub(super) opt_weights: Vec<u32>,
    // Groups.
    pub(super) group_opts: Vec<u32>,
    pub(super) group_opts_start: Vec<u32>,
    pub(super) group_cells_start: Vec<u32>,
    pub(super) group_exact: Vec<bool>,
    /// Where each cell's values end in `vals` (they start where the
    /// previous cell's end); `vals` holds each cell's distinct weights in
    /// increasing order.
    pub(super) cell_values_end: Vec<u32>,
    pub(super) vals: Vec<u32>,
}

/// Where an option's parts are, in one place because `kill` and `revive`
/// read them together.
#[derive(Clone, Copy, Debug)]
pub(super) struct OptionAt {
    /// Its `(item, weight)` pairs are `opt_entries[entries_start..entries_end]`.
    pub(super) entries_start: u32,
    pub(super) entries_end: u32,
    pub(super) group: u32,
    /// Its value slot in each cell of its group, in the group's cell order,
    /// start at `opt_slots[slots]`.
    pub(super) slots: u32,
}

impl OptionAt {
    pub(super) fn entries(&self) -> std::ops::Range<usize> {
        self.entries_start as usize..self.entries_end as usize
    }
}
