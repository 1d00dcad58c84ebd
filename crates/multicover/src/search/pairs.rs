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

use super::layout::Layout;
use super::state::State;
use super::sum_sets::{sum_set, window};

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
    /// Pairs of items moved by one group, once per group.
    pairs: Vec<(u32, u32)>,
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
                    s.pairs.push((i.min(j), i.max(j)));
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
            let (i, j) = (pair.0 as usize, pair.1 as usize);
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

/// Which of a pair's two items a weight is read on.
#[derive(Clone, Copy)]
enum Side {
    First,
    Second,
}

impl Side {
    fn of(self, (x, y): (u32, u32)) -> u32 {
        match self {
            Side::First => x,
            Side::Second => y,
        }
    }
}

/// The bits of a row of the 2-D walk: the sums on a pair's second item.
trait Row:
    Copy
    + Default
    + PartialEq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAnd<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    /// The row of these sums, which fit.
    fn of(sums: u128) -> Self;
    fn sums(self) -> u128;
}

impl Row for u64 {
    #[inline(always)]
    fn of(sums: u128) -> u64 {
        debug_assert_eq!(sums >> 64, 0, "the sums fit a u64");
        sums as u64
    }
    #[inline(always)]
    fn sums(self) -> u128 {
        u128::from(self)
    }
}

impl Row for u128 {
    #[inline(always)]
    fn of(sums: u128) -> u128 {
        sums
    }
    #[inline(always)]
    fn sums(self) -> u128 {
        self
    }
}

/// The 2-D walk's sets (see `walk_both`), kept between pairs.
#[derive(Default)]
struct Walk<R> {
    /// before[t * rows + r]: the sums of the first t two-item groups whose
    /// first is r, zero outside rows `span[t]` (inclusive, empty when the
    /// first end passes the second); the rows outside are not cleared, nor
    /// read.
    before: Vec<R>,
    /// back[r]: the sums (r, columns) that two-item groups t.. and the
    /// one-item groups complete into both ranges, zero outside the rows
    /// the walk tracks (not cleared either); `next` the same for t - 1.
    back: Vec<R>,
    next: Vec<R>,
}

/// What the 2-D walk of one pair reads: the two-item groups `both`
/// (places in `starts`, their weights in `weights`), whose sums on the
/// first item go up to `rows - 1` and on the second up to `top_j`, and
/// the sums the one-item groups complete (`rows_ok` on the first item,
/// `columns_ok` on the second).
struct PairSums<'a> {
    both: &'a [usize],
    weights: &'a [(u32, u32)],
    starts: &'a [usize],
    rows: usize,
    top_j: u32,
    rows_ok: u128,
    columns_ok: u128,
}

/// The 2-D sets of a pair's two-item groups, walked from and towards what
/// the one-item groups complete. Adds to `found` the weights of those
/// groups that no choice of the others completes, last group first, and
/// returns the sums on each item that the two-item groups reach and the
/// one-item groups complete; `None` when there are none. `span` is
/// scratch: the rows of the forward sets that may be non-zero, per group.
/// Kept out of line: inlined into the reasoning's loop it cost that loop
/// more than the call saved (instruction counts on random 40x40 Aquarium
/// puzzles).
#[inline(never)]
fn walk_both<R: Row>(
    walk: &mut Walk<R>,
    pair: &PairSums,
    span: &mut Vec<(usize, usize)>,
    found: &mut Vec<(usize, u32, u32)>,
) -> Option<(u128, u128)> {
    let PairSums { both, weights, starts, rows, top_j, rows_ok, columns_ok } = *pair;
    let n = both.len();
    let zero = R::default();
    let columns = R::of(window(0, top_j));
    let columns_ok_row = R::of(columns_ok);
    let fits = |x: u32, y: u32| (x as usize) < rows && y <= top_j;
    if walk.before.len() < (n + 1) * rows {
        walk.before.resize((n + 1) * rows, zero);
    }
    span.clear();
    walk.before[0] = R::of(1);
    span.push((0, 0));
    for t in 0..n {
        let (lo, hi) = span[t];
        let k = both[t];
        let weights = &weights[starts[k]..starts[k + 1]];
        let (mut new_lo, mut new_hi) = (rows, 0);
        if lo <= hi {
            for &(x, y) in weights {
                let x = x as usize;
                if fits(x as u32, y) && lo + x < rows {
                    new_lo = new_lo.min(lo + x);
                    new_hi = new_hi.max((hi + x).min(rows - 1));
                }
            }
        }
        span.push((new_lo, new_hi));
        if new_lo > new_hi {
            continue;
        }
        let (done, rest) = walk.before.split_at_mut((t + 1) * rows);
        let (prev, cur) = (&done[t * rows..], &mut rest[..rows]);
        cur[new_lo..=new_hi].fill(zero);
        for &(x, y) in weights {
            let x = x as usize;
            if fits(x as u32, y) && lo + x < rows {
                for r in lo..=hi.min(rows - 1 - x) {
                    cur[r + x] |= (prev[r] << y) & columns;
                }
            }
        }
    }
    // The two-item groups' sums that the one-item groups complete: per
    // item, the sums on it whose other end some completed sum shares.
    let (lo, hi) = span[n];
    let (mut first_met, mut second_met) = (0u128, 0u128);
    for r in lo..=hi.min(rows - 1) {
        let sums = walk.before[n * rows + r];
        if sums & columns_ok_row != zero {
            first_met |= 1 << r;
        }
        if rows_ok >> r & 1 == 1 {
            second_met |= sums.sums();
        }
    }
    if first_met & rows_ok == 0 {
        return None;
    }
    // Kills in the order of `both` (the pair's order of its groups), last
    // first, as one 2-D walk over them all would find them.
    if walk.back.len() < rows {
        walk.back.resize(rows, zero);
        walk.next.resize(rows, zero);
    }
    let (mut back_lo, mut back_hi) = (rows_ok.trailing_zeros() as usize, 127 - rows_ok.leading_zeros() as usize);
    for r in back_lo..=back_hi {
        walk.back[r] = if rows_ok >> r & 1 == 1 { columns_ok_row } else { zero };
    }
    for t in (0..n).rev() {
        let prev = &walk.before[t * rows..(t + 1) * rows];
        let (lo, hi) = span[t];
        let k = both[t];
        let weights = &weights[starts[k]..starts[k + 1]];
        // The rows of the sets of groups t-1.. (not needed below group 0):
        // only those the forward sets reach (group t-1 reads them from its
        // forward rows plus its weights, which land in `span[t]`).
        let (mut next_lo, mut next_hi) = (rows, 0);
        if t > 0 && back_lo <= back_hi {
            for &(x, y) in weights {
                let x = x as usize;
                if fits(x as u32, y) && x <= back_hi {
                    next_lo = next_lo.min(back_lo.saturating_sub(x));
                    next_hi = next_hi.max(back_hi - x);
                }
            }
            (next_lo, next_hi) = (next_lo.max(lo), next_hi.min(hi));
            if next_lo <= next_hi {
                walk.next[next_lo..=next_hi].fill(zero);
            }
        }
        for &(x, y) in weights {
            let x_at = x as usize;
            let mut met = false;
            if fits(x, y) && back_lo <= back_hi && x_at <= back_hi {
                let (from, to) = (back_lo.saturating_sub(x_at), back_hi - x_at);
                let back = &walk.back[..rows];
                let (from, to) = (from.max(lo), to.min(hi));
                met = (from..=to).any(|r| (prev[r] << y) & back[r + x_at] != zero);
                if t > 0 {
                    for r in from..=to {
                        walk.next[r] |= back[r + x_at] >> y;
                    }
                }
            }
            if !met {
                found.push((k, x, y));
            }
        }
        std::mem::swap(&mut walk.back, &mut walk.next);
        (back_lo, back_hi) = (next_lo, next_hi);
    }
    Some((first_met, second_met))
}

/// `out[t]`: the sums up to `top` that the first `t` of `groups` (places
/// in `starts`) add to the item on `side`.
fn prefix_sums(groups: &[usize], weights: &[(u32, u32)], starts: &[usize], side: Side, top: u32, out: &mut Vec<u128>) {
    out.clear();
    out.push(1);
    for &k in groups {
        let before = *out.last().expect("the empty sum");
        // The group's weights on the item, as a set (those past `top` end
        // no sum in range).
        let set = weights[starts[k]..starts[k + 1]]
            .iter()
            .map(|&w| side.of(w))
            .filter(|&x| x <= top)
            .fold(0u128, |set, x| set | 1 << x);
        out.push(sum_set(before, set, top));
    }
}

/// The sums up to `top` that some sum in `sums` completes into `range`.
fn completed_by(sums: u128, range: u128, top: u32) -> u128 {
    let mut out = 0;
    let mut rest = sums;
    while rest != 0 {
        let a = rest.trailing_zeros();
        rest &= rest - 1;
        out |= range >> a;
    }
    out & window(0, top)
}

/// Of the one-item `groups` (with `prefix` from `prefix_sums`), the
/// weights that no sums of the others of the list complete into `need`,
/// onto `found` as (place, weights).
#[allow(clippy::too_many_arguments)]
fn bad_weights(
    groups: &[usize],
    prefix: &[u128],
    weights: &[(u32, u32)],
    starts: &[usize],
    side: Side,
    need: u128,
    top: u32,
    found: &mut Vec<(usize, u32, u32)>,
) {
    // back: the sums that the groups after the current one complete.
    let mut back = need;
    for t in (0..groups.len()).rev() {
        let k = groups[t];
        let mut next = 0;
        for &w in &weights[starts[k]..starts[k + 1]] {
            let x = side.of(w);
            if x > top || (prefix[t] << x) & back == 0 {
                found.push((k, w.0, w.1));
            }
            if x <= top {
                next |= back >> x;
            }
        }
        back = next;
    }
}
