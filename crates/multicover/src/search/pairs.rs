//! Reasoning on two items at once (see [`crate::Settings::pairs`]): which
//! options of the undecided groups that move either item can still be
//! chosen so that BOTH items end in their ranges, given every pair of
//! weights the other groups can still add. A group that moves both items
//! ties their sums (an Aquarium tank across two rows fills the lower one
//! first and both or neither at its top levels), which the reasoning on one
//! item at a time ([`super::lines`]) cannot see: each item alone may have
//! a sum for every weight, but not the same choices for both.
//!
//! The reachable pairs of sums are a 2-D bit set, a `u128` of the second
//! item's sums per sum of the first. Forward sets (the sums of the first k
//! groups) and a backward set (the sums that the groups from k on complete
//! into both ranges) meet at each group: a pair of weights survives when
//! some forward sum plus it lies in the backward set. Only the groups that
//! move both items need them: a group that moves one adds to one item's
//! sums, which are summed apart in one dimension (a `u128`), and the 2-D
//! sets start from and end in what those complete.
//!
//! This module lists a pair's groups and weights from the search's state
//! and kills what the walk finds dead; the walk over the sets of sums
//! alone is [`super::pair_sums`].

use super::layout::Layout;
use super::pair_sums::{PairSums, Side, Walk, bad_weights, completed_by, prefix_sums, walk_both};
use super::state::State;
use super::sum_sets::window;

/// Sums up to this fit the bit sets.
const MAX_SUM: u32 = 127;

/// A pair is reasoned on when at least this many undecided groups move both
/// of its items: with one, the items are nearly independent.
const SHARED_MIN: u32 = 2;

/// Pairs with more groups that move either item than this are left alone:
/// the sets fill up and the cost grows with every group. (16 measured best
/// of 8, 12, 16 and 24 on random 40x40 Aquarium puzzles: 8 finds little, 24
/// costs more time than its extra finds save; with the one-item groups
/// summed apart, 20, 24 and 32 still cost more than they save.)
const OPEN_MAX: usize = 16;

/// The reasoning on pairs of one search: when it starts, whether this run
/// reasons yet, the items noted since it last ran, and its scratch space,
/// kept between nodes.
#[derive(Default)]
pub(super) struct PairReasoning {
    /// The work after which a run reasons on pairs (see
    /// [`crate::Settings::pairs`]), and whether this run does yet.
    after: u64,
    on: bool,
    /// Items whose bounds moved since the last reasoning on pairs, and
    /// whether each is listed.
    items: Vec<u32>,
    noted: Vec<bool>,
    /// Pairs of items moved by one group, once per group, each as one
    /// number (see [`pair_key`]).
    pairs: Vec<u64>,
    /// The pair's undecided groups: (group, its cell on the first item,
    /// on the second), and each one's pairs of weights in `weights`
    /// from `starts[k]`.
    open: Vec<(u32, Option<u32>, Option<u32>)>,
    weights: Vec<(u32, u32)>,
    starts: Vec<usize>,
    /// The 2-D walk's sets, in `u64` rows where the second item's sums
    /// fit, else in `u128` ones.
    narrow: Walk<u64>,
    wide: Walk<u128>,
    bad: Vec<(u32, u32)>,
    kill: Vec<u32>,
    /// The places in `open` of the groups that move both items, only the
    /// first, only the second; the sums of the one-item groups (see
    /// `prefix_sums`); the weights found dead, as (place, weights).
    both: Vec<usize>,
    first_only: Vec<usize>,
    second_only: Vec<usize>,
    first_sums: Vec<u128>,
    second_sums: Vec<u128>,
    found: Vec<(usize, u32, u32)>,
    /// Whether each group listed in `open` moves either item.
    moving: Vec<bool>,
    /// Each group's place in `open`, `NOT_OPEN` when not listed.
    open_at: Vec<u32>,
    /// The rows of the walk's forward sets that may be non-zero, per group.
    span: Vec<(usize, usize)>,
    /// Per item: how many groups move it (see `count_moving_groups`).
    moving_on: Vec<u32>,
    /// The pairs left alone on that count, for the tests.
    #[cfg(test)]
    left_alone: u64,
}

/// `PairReasoning::open_at` of a group not in `open`.
const NOT_OPEN: u32 = u32::MAX;

impl PairReasoning {
    pub(super) fn new(item_count: usize, after: u64) -> PairReasoning {
        PairReasoning { after, noted: vec![false; item_count], ..PairReasoning::default() }
    }

    /// A run starts: it reasons on pairs from the root only when the
    /// threshold is 0.
    pub(super) fn start_run(&mut self) {
        self.on = self.after == 0;
    }

    /// Whether this run reasons on pairs yet.
    #[inline(always)]
    pub(super) fn is_on(&self) -> bool {
        self.on
    }

    /// Starts reasoning on pairs when the run's `work` has reached the
    /// setting's threshold, with every item of `items` noted: the items
    /// that moved before went unlisted. Called where the reasoning would
    /// run.
    pub(super) fn switch_on_when_due(&mut self, work: u64, items: usize) {
        if !self.on && work >= self.after {
            self.on = true;
            for i in 0..items {
                self.note(i);
            }
        }
    }

    /// Lists an item whose bounds moved, while this run reasons on pairs.
    #[inline(always)]
    pub(super) fn note_if_on(&mut self, i: usize) {
        if self.on {
            self.note(i);
        }
    }

    /// Finds the options that no choice of the other groups completes into
    /// both ranges of a pair with an item noted since the last call (see
    /// `kills`), and counts in `fail_weight` the items of a pair that can
    /// reach its ranges no more; false then.
    pub(super) fn reason(&mut self, layout: &Layout, state: &State, fail_weight: &mut [u32]) -> bool {
        View { layout, state }.reason_on_pairs(self, fail_weight)
    }

    /// The options the last `reason` found dead (some may be dead already).
    pub(super) fn kills(&self) -> &[u32] {
        &self.kill
    }

    /// The pairs left alone so far because too many groups move them.
    #[cfg(test)]
    pub(crate) fn left_alone(&self) -> u64 {
        self.left_alone
    }

    #[inline(always)]
    fn note(&mut self, i: usize) {
        if !self.noted[i] {
            self.noted[i] = true;
            self.items.push(i as u32);
        }
    }

    pub(super) fn clear(&mut self) {
        for &i in &self.items {
            self.noted[i as usize] = false;
        }
        self.items.clear();
    }
}

/// A pair of items `(i, j)` as one number, ordered as the pairs are: the
/// pass sorts its pairs (to count the groups each is listed for, and to
/// look at them in a fixed order), and one comparison of a `u64` where a
/// tuple took two made the hardest random 40x40 puzzle measured take 1.2%
/// fewer instructions, the same work.
#[inline(always)]
fn pair_key(i: u32, j: u32) -> u64 {
    (u64::from(i) << 32) | u64::from(j)
}

/// What the reasoning on pairs reads of the search.
struct View<'a> {
    layout: &'a Layout,
    state: &'a State,
}

impl View<'_> {
    /// Finds, into `s.kill`, the options that no choice of the other groups
    /// completes into both ranges of a pair with a noted item. False when
    /// some pair can reach its ranges no more.
    fn reason_on_pairs(&self, s: &mut PairReasoning, fail_weight: &mut [u32]) -> bool {
        s.kill.clear();
        if s.items.is_empty() {
            return true;
        }
        // Each pair once per undecided group that moves both its items,
        // found from its noted items: from the first when both are noted.
        s.pairs.clear();
        for at in 0..s.items.len() {
            let i = s.items[at];
            if self.state.sums.items[i as usize].is_selector {
                continue;
            }
            for c in self.layout.item_cells_start[i as usize]..self.layout.item_cells_start[i as usize + 1] {
                let (cell, g, _) = self.layout.item_cells[c as usize];
                let g = g as usize;
                // (An exact group with one live option moves nothing.)
                if !self.group_moves(g, cell as usize) {
                    continue;
                }
                let exact = self.layout.group_exact[g];
                for other in &self.state.cells
                    [self.layout.group_cells_start[g] as usize..self.layout.group_cells_start[g + 1] as usize]
                {
                    let j = other.item;
                    if j == i
                        || !other.moves(exact)
                        || self.state.sums.items[j as usize].is_selector
                        || (s.noted[j as usize] && j < i)
                    {
                        continue;
                    }
                    s.pairs.push(pair_key(i.min(j), i.max(j)));
                }
            }
        }
        s.clear();
        s.pairs.sort_unstable();
        self.count_moving_groups(s);
        let mut at = 0;
        while at < s.pairs.len() {
            let pair = s.pairs[at];
            let mut end = at + 1;
            while end < s.pairs.len() && s.pairs[end] == pair {
                end += 1;
            }
            let shared = end - at;
            at = end;
            if shared < SHARED_MIN as usize {
                continue;
            }
            let (i, j) = ((pair >> 32) as usize, pair as u32 as usize);
            // The groups that move either item number at least those that
            // move each, less those listed above as moving both (a superset
            // of the groups that do): a pair past `OPEN_MAX` on that count
            // is left alone, as `reason_on_pair` would leave it, before its
            // groups are listed. (On a hard random 50x50 Aquarium puzzle two
            // pairs in three were: docs/engine.md.)
            let at_least = (s.moving_on[i] + s.moving_on[j]).saturating_sub(shared as u32) as usize;
            if at_least > OPEN_MAX {
                #[cfg(test)]
                {
                    s.left_alone += 1;
                    let kills = s.kill.len();
                    assert!(self.reason_on_pair(i, j, s), "pair ({i}, {j}) left alone fails");
                    assert_eq!(s.kill.len(), kills, "pair ({i}, {j}) left alone kills");
                }
            } else if !self.reason_on_pair(i, j, s) {
                fail_weight[i] += 1;
                fail_weight[j] += 1;
                return false;
            }
        }
        true
    }

    /// Counts, into `s.moving_on`, the groups that move each item as
    /// `reason_on_pair` counts them: live, and either exact with weights
    /// that differ on the item or inexact with some weight on it.
    fn count_moving_groups(&self, s: &mut PairReasoning) {
        s.moving_on.clear();
        s.moving_on.extend((0..self.state.sums.items.len()).map(|item| {
            let cells = &self.layout.item_cells
                [self.layout.item_cells_start[item] as usize..self.layout.item_cells_start[item + 1] as usize];
            cells.iter().filter(|&&(cell, g, _)| self.group_moves(g as usize, cell as usize)).count() as u32
        }));
    }

    /// Whether live group `g` moves the item of its cell `cell` (see
    /// `count_moving_groups`); false when `g` has no live option.
    #[inline(always)]
    fn group_moves(&self, g: usize, cell: usize) -> bool {
        if self.state.group_live[g] == 0 {
            return false;
        }
        self.state.cells[cell].moves(self.layout.group_exact[g])
    }

    /// The weight of live option `p` on its group's cell `k`, 0 for none.
    #[inline(always)]
    fn weight_on(&self, p: usize, k: Option<u32>) -> u32 {
        k.map_or(0, |k| self.layout.vals[self.layout.opt_slots[(self.layout.opts[p].slots + k) as usize] as usize])
    }

    /// One pair: adds its dead options to `s.kill`; false when the pair
    /// can reach its ranges no more.
    fn reason_on_pair(&self, i: usize, j: usize, s: &mut PairReasoning) -> bool {
        s.open.clear();
        if s.open_at.len() < self.state.group_live.len() {
            s.open_at.resize(self.state.group_live.len(), NOT_OPEN);
        }
        // The live groups on either item, and whether each moves either,
        // read from the cells, so that a pair with too many moving groups
        // is dropped before any option is looked at.
        s.moving.clear();
        for (first, item) in [(true, i), (false, j)] {
            for at in self.layout.item_cells_start[item]..self.layout.item_cells_start[item + 1] {
                let (cell, g, k) = self.layout.item_cells[at as usize];
                if self.state.group_live[g as usize] == 0 {
                    continue;
                }
                let moves = self.group_moves(g as usize, cell as usize);
                // An item has one cell per group: a group already listed
                // came from the first item.
                let listed = s.open_at[g as usize];
                if listed != NOT_OPEN {
                    s.open[listed as usize].2 = Some(k);
                    s.moving[listed as usize] |= moves;
                } else {
                    s.open_at[g as usize] = s.open.len() as u32;
                    s.open.push(if first { (g, Some(k), None) } else { (g, None, Some(k)) });
                    s.moving.push(moves);
                }
            }
        }
        for &(g, _, _) in &s.open {
            s.open_at[g as usize] = NOT_OPEN;
        }
        // A group that moves neither (its live options all put the same
        // weights on both; an inexact one's can only be 0, its "none")
        // adds those to `base` and is left out.
        let mut base = (0, 0);
        let mut kept = 0;
        for at in 0..s.open.len() {
            let (g, ki, kj) = s.open[at];
            if s.moving[at] {
                s.open[kept] = s.open[at];
                kept += 1;
            } else if self.layout.group_exact[g as usize] {
                let lightest = |k: Option<u32>| {
                    k.map_or(0, |k| self.state.cells[(self.layout.group_cells_start[g as usize] + k) as usize].lightest)
                };
                base.0 += lightest(ki);
                base.1 += lightest(kj);
            }
        }
        s.open.truncate(kept);
        let n = kept;
        if n == 0 || n > OPEN_MAX {
            return true;
        }
        // Each moving group's distinct pairs of weights.
        s.weights.clear();
        s.starts.clear();
        for at in 0..n {
            let (g, ki, kj) = s.open[at];
            let g = g as usize;
            let start = s.weights.len();
            s.starts.push(start);
            if !self.layout.group_exact[g] {
                s.weights.push((0, 0));
            }
            for m in self.layout.group_opts_start[g]..self.layout.group_opts_start[g + 1] {
                let p = self.layout.group_opts[m as usize] as usize;
                if self.state.alive[p] {
                    let xy = (self.weight_on(p, ki), self.weight_on(p, kj));
                    if !s.weights[start..].contains(&xy) {
                        s.weights.push(xy);
                    }
                }
            }
            debug_assert!(s.weights.len() - start > 1, "a moving group has two pairs of weights");
        }
        s.starts.push(s.weights.len());
        let (a, b) = (&self.state.sums.items[i], &self.state.sums.items[j]);
        let (Some(top_i), Some(top_j)) =
            (a.hi.checked_sub(a.committed + base.0), b.hi.checked_sub(b.committed + base.1))
        else {
            return false;
        };
        if top_i > MAX_SUM || top_j > MAX_SUM {
            return true;
        }
        let low_i = a.lo.saturating_sub(a.committed + base.0);
        let low_j = b.lo.saturating_sub(b.committed + base.1);
        #[cfg(test)]
        let kills = s.kill.len();
        let fits = self.reason_on_sums(top_i, low_i, top_j, low_j, true, s);
        #[cfg(test)]
        {
            let mut whole = PairReasoning {
                open: s.open.clone(),
                weights: s.weights.clone(),
                starts: s.starts.clone(),
                ..PairReasoning::default()
            };
            let fits_whole = self.reason_on_sums(top_i, low_i, top_j, low_j, false, &mut whole);
            assert_eq!(fits, fits_whole, "pair ({i}, {j}): feasible");
            if fits {
                assert_eq!(s.kill[kills..], whole.kill[..], "pair ({i}, {j}): kills");
            }
        }
        fits
    }

    /// The sets of one pair whose open groups, weights and ranges (what is
    /// left of them past `base`) `reason_on_pair` put in `s`. Only the
    /// groups that move both items need the 2-D sets: with `split`, those
    /// that move one are summed apart, each item's in one dimension, and
    /// the 2-D sets run from and towards what those complete. This finds
    /// what walking every group in two dimensions (`split` false) finds
    /// (the tests check it, kill for kill), at a fraction of the cost: most
    /// of a pair's groups on a large Aquarium grid cross only one of its
    /// two lines.
    fn reason_on_sums(
        &self,
        top_i: u32,
        low_i: u32,
        top_j: u32,
        low_j: u32,
        split: bool,
        s: &mut PairReasoning,
    ) -> bool {
        s.both.clear();
        s.first_only.clear();
        s.second_only.clear();
        for k in 0..s.open.len() {
            let ws = &s.weights[s.starts[k]..s.starts[k + 1]];
            if split && ws.iter().all(|&(_, y)| y == 0) {
                s.first_only.push(k);
            } else if split && ws.iter().all(|&(x, _)| x == 0) {
                s.second_only.push(k);
            } else {
                s.both.push(k);
            }
        }
        let (range_i, range_j) = (window(low_i, top_i), window(low_j, top_j));
        // What the one-item groups add, and the sums of the two-item groups
        // that they complete into each range.
        prefix_sums(&s.first_only, &s.weights, &s.starts, Side::First, top_i, &mut s.first_sums);
        prefix_sums(&s.second_only, &s.weights, &s.starts, Side::Second, top_j, &mut s.second_sums);
        let rows_ok = completed_by(*s.first_sums.last().expect("the empty sum"), range_i, top_i);
        let columns_ok = completed_by(*s.second_sums.last().expect("the empty sum"), range_j, top_j);
        if rows_ok == 0 || columns_ok == 0 {
            return false;
        }
        let rows = top_i as usize + 1;
        s.found.clear();
        // The second item's sums are a row's bits: a `u64` where they fit
        // (every Aquarium grid up to 63 cells a side), where a shift is one
        // instruction instead of several and the sets take half the memory
        // (3% and 5% fewer instructions on the hardest random 40x40 and
        // 50x50 puzzles measured: docs/engine.md).
        let pair = PairSums { both: &s.both, weights: &s.weights, starts: &s.starts, rows, top_j, rows_ok, columns_ok };
        let met = if top_j < 64 {
            walk_both(&mut s.narrow, &pair, &mut s.span, &mut s.found)
        } else {
            walk_both(&mut s.wide, &pair, &mut s.span, &mut s.found)
        };
        #[cfg(test)]
        if top_j < 64 {
            let (mut span, mut found) = (Vec::new(), Vec::new());
            let wide = walk_both(&mut Walk::<u128>::default(), &pair, &mut span, &mut found);
            assert_eq!(met, wide, "the walk in u64 and u128 rows: what is met");
            if met.is_some() {
                assert_eq!(s.found, found, "the walk in u64 and u128 rows: kills");
            }
        }
        let Some((first_met, second_met)) = met else {
            return false;
        };
        // Each one-item group's weights: what the other one-item groups of
        // its item and the met sums complete into the range.
        let need = completed_by(first_met, range_i, top_i);
        bad_weights(&s.first_only, &s.first_sums, &s.weights, &s.starts, Side::First, need, top_i, &mut s.found);
        let need = completed_by(second_met, range_j, top_j);
        bad_weights(&s.second_only, &s.second_sums, &s.weights, &s.starts, Side::Second, need, top_j, &mut s.found);
        s.found.sort_by_key(|&(k, _, _)| std::cmp::Reverse(k));
        let mut at = 0;
        while at < s.found.len() {
            let k = s.found[at].0;
            s.bad.clear();
            while at < s.found.len() && s.found[at].0 == k {
                s.bad.push((s.found[at].1, s.found[at].2));
                at += 1;
            }
            self.kill_weights(k, s);
        }
        true
    }

    /// Adds to `s.kill` the live options of `s.open[k]`'s group whose pair
    /// of weights is in `s.bad`.
    fn kill_weights(&self, k: usize, s: &mut PairReasoning) {
        let (g, ki, kj) = s.open[k];
        for m in self.layout.group_opts_start[g as usize]..self.layout.group_opts_start[g as usize + 1] {
            let p = self.layout.group_opts[m as usize];
            if self.state.alive[p as usize]
                && s.bad.contains(&(self.weight_on(p as usize, ki), self.weight_on(p as usize, kj)))
            {
                s.kill.push(p);
            }
        }
    }
}
