//! One multi-cover search: its layout, its state, its optional reasoning
//! and what its runs count.

use super::connected::Connectivity;
use super::layout::Layout;
use super::learn::Learned;
use super::nogoods::Nogoods;
use super::pairs::PairReasoning;
use super::single_loop::Loops;
use super::state::State;
use crate::settings::Probing;

/// The multi-cover search state for one problem. Reusable: every run
/// starts from the state `new` built.
pub(crate) struct MultiCover {
    pub(super) probing: Probing,
    /// The work from which a run counts as hard (see
    /// [`crate::Settings::hard_after`]).
    pub(super) hard_after: u64,
    /// The problem as the search reads it, fixed after setup.
    pub(super) layout: Layout,
    /// What choices and kills change.
    pub(super) state: State,
    /// Scratch for `propagate`: an item's cells whose window cuts, as
    /// (group, index of the cell in its group, window top, window bottom).
    pub(super) cuts: Vec<(u32, u32, u32, u32)>,
    /// The tick (see [`super::state::Sums::clock`]) at which each option
    /// last survived a probe. An option is probed again only when an item
    /// of its group changed since: a heuristic (any subset of probes is
    /// sound).
    pub(super) probed_at: Vec<u64>,
    /// Whether the last `probe` removed an option, and per depth whether
    /// probing there did (for `Probing::Adaptive`).
    pub(super) probe_removed: bool,
    pub(super) probe_paid: Vec<bool>,
    /// How many options each option's last surviving probe removed.
    pub(super) probe_kills: Vec<u32>,
    /// The groups in the order `probe` tries them once a run is hard:
    /// (failures, group); before, it walks them in their own order.
    pub(super) probe_order: Vec<(u64, u32)>,
    /// Nodes plus probes after which a run stops, unexhausted.
    pub(super) work_limit: u64,
    /// Options tried before the others of each branch (see
    /// [`crate::Solver::set_try_first`]), by option; empty when none are.
    pub(super) try_first: Vec<bool>,
    /// False when the problem fails before any choice.
    pub(super) root_ok: bool,
    pub(super) root_trail: usize,
    pub(super) nodes: u64,
    pub(super) probes: u64,
    pub(super) solutions: u64,
    pub(super) scratch: Vec<Vec<u32>>,
    /// Items whose bounds moved since the last reasoning on their sums
    /// (see `lines`), and which are listed; scratch for that reasoning.
    pub(super) line_items: Vec<u32>,
    pub(super) line_noted: Vec<bool>,
    pub(super) line_open: Vec<(u32, u32, u128)>,
    pub(super) line_before: Vec<u128>,
    /// How often each item was found out of reach: where failures happen.
    pub(super) fail_weight: Vec<u32>,
    /// Restarts and what they record (see [`super::nogoods`]).
    pub(super) nogoods: Nogoods,
    /// The reasoning on pairs of items (see [`super::pairs`]).
    pub(super) pairs: PairReasoning,
    /// Clauses learned from failed probes (see [`super::learn`]).
    pub(super) learn: Learned,
    /// The connectivity rules (see [`super::connected`]).
    pub(super) connected: Connectivity,
    /// The single-loop rules (see [`super::single_loop`]).
    pub(super) loops: Loops,
}

/// What the crate's tests read of a run, beyond its stats.
#[cfg(test)]
impl MultiCover {
    /// The restarts of the last run.
    pub(crate) fn restarts(&self) -> u32 {
        self.nogoods.restarts()
    }

    /// The last run's clauses learned and the options they killed.
    pub(crate) fn learned(&self) -> (u64, u64) {
        self.learn.learned()
    }

    /// The pairs left alone so far because too many groups move them.
    pub(crate) fn pairs_left_alone(&self) -> u64 {
        self.pairs.left_alone()
    }
}
