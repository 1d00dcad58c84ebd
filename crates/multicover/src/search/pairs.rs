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
//! some forward sum plus it lies in the backward set.

use std::collections::HashMap;

use super::MultiCover;
use super::lines::window;

/// When the multi-cover search reasons on pairs of items (at the root and
/// where it probes). The reasoning pays where the search is hard and only
/// costs where reasoning on single items and probing settle a problem
/// early, so by default it waits for the search's work to show which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairs {
    /// Never.
    Off,
    /// From the root on.
    Always,
    /// Once a run's nodes plus probes (the count the work limit and the
    /// restarts use) have reached this many; then to the end of the run.
    AfterWork(u64),
}

/// The default: after 2,000 nodes plus probes. The site's puzzles (at most
/// about 560) and random 30x30 ones (at most 177) settle long before and
/// never pay for the pairs, nor do mended 40x40 ones but the hardest (at
/// most 2,316), for its last few hundred. On random 40x40 puzzles it does
/// as well as `Always` (median 16,000 against 17,510, worst 333,481
/// against 329,737), where 3,000 and 5,000 double the median: the top of
/// the tree, walked without the pairs, is where they save most.
impl Default for Pairs {
    fn default() -> Pairs {
        Pairs::AfterWork(2000)
    }
}

impl Pairs {
    /// The work after which a run starts reasoning on pairs: never is
    /// `u64::MAX`, which the work never reaches before the run ends.
    pub(super) fn after(self) -> u64 {
        match self {
            Pairs::Off => u64::MAX,
            Pairs::Always => 0,
            Pairs::AfterWork(n) => n,
        }
    }
}

/// Sums up to this fit the bit sets.
const MAX_SUM: u32 = 127;

/// A pair is reasoned on when at least this many undecided groups move both
/// of its items: with one, the items are nearly independent.
const SHARED_MIN: u32 = 2;

/// Pairs with more undecided groups than this are left alone: the sets fill
/// up and the cost grows with every group. (16 measured best of 8, 12, 16
/// and 24 on random 40x40 Aquarium puzzles: 8 finds little, 24 costs more
/// time than its extra finds save.)
const OPEN_MAX: usize = 16;

/// Scratch space, kept between nodes.
#[derive(Default)]
pub(super) struct PairScratch {
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
    before: Vec<u128>,
    back: Vec<u128>,
    next: Vec<u128>,
    bad: Vec<(u32, u32)>,
    kill: Vec<u32>,
    /// Each group's place in `open`, `NOT_OPEN` when not listed.
    open_at: Vec<u32>,
    /// The rows of `before` that may be non-zero, per group.
    span: Vec<(usize, usize)>,
    /// A pair's groups' weights and ranges as `reason_on_pair` sees them,
    /// and per pair, the last ones where a pass found nothing.
    key: Vec<u32>,
    quiet: HashMap<(u32, u32), Vec<u32>>,
}

/// `PairScratch::open_at` of a group not in `open`.
const NOT_OPEN: u32 = u32::MAX;

impl PairScratch {
    pub(super) fn new(item_count: usize) -> PairScratch {
        PairScratch { noted: vec![false; item_count], ..PairScratch::default() }
    }

    #[inline(always)]
    pub(super) fn note(&mut self, i: usize) {
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

impl MultiCover {
    /// Starts reasoning on pairs when the run's work has reached the
    /// setting's threshold, with every item noted: the items that moved
    /// before went unlisted. Called where the reasoning would run.
    pub(super) fn switch_on_pairs_when_due(&mut self) {
        if !self.pairs_on && self.nodes + self.probes >= self.pairs_after {
            self.pairs_on = true;
            for i in 0..self.sums.items.len() {
                self.pairs.note(i);
            }
        }
    }

    /// Reasons on pairs of items, then propagates and reasons on single
    /// items, until nothing more dies. False when the node fails.
    pub(super) fn reason_on_pairs_to_fixpoint(&mut self) -> bool {
        loop {
            let mut scratch = std::mem::take(&mut self.pairs);
            let fits = self.reason_on_pairs(&mut scratch);
            let mut killed = false;
            if fits {
                for &o in &scratch.kill {
                    if self.alive[o as usize] {
                        self.kill(o);
                        killed = true;
                    }
                }
            }
            self.pairs = scratch;
            if !fits {
                self.pairs.clear();
                return false;
            }
            if !killed {
                return true;
            }
            if !self.propagate() {
                self.clear_lines();
                self.pairs.clear();
                return false;
            }
            if !self.reason_to_fixpoint() {
                self.pairs.clear();
                return false;
            }
        }
    }

    /// Finds, into `s.kill`, the options that no choice of the other groups
    /// completes into both ranges of a pair with a noted item. False when
    /// some pair can reach its ranges no more.
    fn reason_on_pairs(&mut self, s: &mut PairScratch) -> bool {
        s.kill.clear();
        if s.items.is_empty() {
            return true;
        }
        // Each pair once per undecided group that moves both its items,
        // found from its noted items: from the first when both are noted.
        s.pairs.clear();
        for at in 0..s.items.len() {
            let i = s.items[at];
            if self.sums.items[i as usize].is_selector {
                continue;
            }
            for c in self.item_cells_start[i as usize]..self.item_cells_start[i as usize + 1] {
                let (cell, g, _) = self.item_cells[c as usize];
                let g = g as usize;
                if self.group_live[g] == 0 || (self.group_live[g] == 1 && self.group_exact[g]) {
                    continue;
                }
                let moves = |cell: &super::Cell| !self.group_exact[g] || cell.heaviest != cell.lightest;
                if !moves(&self.cells[cell as usize]) {
                    continue;
                }
                for other in &self.cells[self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize] {
                    let j = other.item;
                    if j == i
                        || !moves(other)
                        || self.sums.items[j as usize].is_selector
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
        let mut at = 0;
        while at < s.pairs.len() {
            let pair = s.pairs[at];
            let mut end = at + 1;
            while end < s.pairs.len() && s.pairs[end] == pair {
                end += 1;
            }
            if end - at >= SHARED_MIN as usize && !self.reason_on_pair(pair.0 as usize, pair.1 as usize, s) {
                self.fail_weight[pair.0 as usize] += 1;
                self.fail_weight[pair.1 as usize] += 1;
                return false;
            }
            at = end;
        }
        true
    }

    /// The weight of live option `p` on its group's cell `k`, 0 for none.
    #[inline(always)]
    fn weight_on(&self, p: usize, k: Option<u32>) -> u32 {
        k.map_or(0, |k| self.vals[self.opt_slots[(self.opts[p].slots + k) as usize] as usize])
    }

    /// One pair: adds its dead options to `s.kill`; false when the pair
    /// can reach its ranges no more.
    fn reason_on_pair(&self, i: usize, j: usize, s: &mut PairScratch) -> bool {
        s.open.clear();
        if s.open_at.len() < self.group_live.len() {
            s.open_at.resize(self.group_live.len(), NOT_OPEN);
        }
        for (first, item) in [(true, i), (false, j)] {
            for at in self.item_cells_start[item]..self.item_cells_start[item + 1] {
                let (_, g, k) = self.item_cells[at as usize];
                if self.group_live[g as usize] == 0 {
                    continue;
                }
                // An item has one cell per group: a group already listed
                // came from the first item.
                let listed = s.open_at[g as usize];
                if listed != NOT_OPEN {
                    s.open[listed as usize].2 = Some(k);
                } else {
                    s.open_at[g as usize] = s.open.len() as u32;
                    s.open.push(if first { (g, Some(k), None) } else { (g, None, Some(k)) });
                }
            }
        }
        for &(g, _, _) in &s.open {
            s.open_at[g as usize] = NOT_OPEN;
        }
        if s.open.len() > 2 * OPEN_MAX {
            return true;
        }
        // Each group's distinct pairs of weights; a group with one adds it
        // to `base` and is dropped.
        let mut base = (0, 0);
        s.weights.clear();
        s.starts.clear();
        let mut kept = 0;
        for at in 0..s.open.len() {
            let (g, ki, kj) = s.open[at];
            let g = g as usize;
            let start = s.weights.len();
            if !self.group_exact[g] {
                s.weights.push((0, 0));
            }
            for m in self.group_opts_start[g]..self.group_opts_start[g + 1] {
                let p = self.group_opts[m as usize] as usize;
                if self.alive[p] {
                    let xy = (self.weight_on(p, ki), self.weight_on(p, kj));
                    if !s.weights[start..].contains(&xy) {
                        s.weights.push(xy);
                    }
                }
            }
            if s.weights.len() - start == 1 {
                base.0 += s.weights[start].0;
                base.1 += s.weights[start].1;
                s.weights.truncate(start);
            } else {
                s.open[kept] = s.open[at];
                s.starts.push(start);
                kept += 1;
            }
        }
        s.open.truncate(kept);
        s.starts.push(s.weights.len());
        let n = kept;
        if n == 0 || n > OPEN_MAX {
            return true;
        }
        let (a, b) = (&self.sums.items[i], &self.sums.items[j]);
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
        // What follows depends on nothing else: when the pair stands where
        // its last pass found nothing, this one would find nothing again.
        s.key.clear();
        s.key.extend([top_i, low_i, top_j, low_j]);
        for k in 0..n {
            let ws = &s.weights[s.starts[k]..s.starts[k + 1]];
            s.key.push(ws.len() as u32);
            s.key.extend(ws.iter().flat_map(|&(x, y)| [x, y]));
        }
        let pair = (i as u32, j as u32);
        if s.quiet.get(&pair).is_some_and(|key| *key == s.key) {
            return true;
        }
        let kills = s.kill.len();
        if !self.reason_on_sums(top_i, low_i, top_j, low_j, s) {
            return false;
        }
        if s.kill.len() == kills {
            let key = s.quiet.entry(pair).or_default();
            key.clear();
            key.extend_from_slice(&s.key);
        }
        true
    }

    /// The 2-D sets of one pair whose open groups, weights and ranges (what
    /// is left of them past `base`) `reason_on_pair` put in `s`.
    fn reason_on_sums(&self, top_i: u32, low_i: u32, top_j: u32, low_j: u32, s: &mut PairScratch) -> bool {
        let n = s.open.len();
        let rows = top_i as usize + 1;
        let columns = window(0, top_j);
        let fits = |x: u32, y: u32| (x as usize) < rows && y <= top_j;
        // before[k * rows + r]: the sums of groups 0..k whose first is r,
        // zero outside rows `span[k]` (inclusive, empty when the first end
        // passes the second); the rows outside are not cleared, nor read.
        if s.before.len() < (n + 1) * rows {
            s.before.resize((n + 1) * rows, 0);
        }
        s.span.clear();
        s.before[0] = 1;
        s.span.push((0, 0));
        for k in 0..n {
            let (lo, hi) = s.span[k];
            let weights = &s.weights[s.starts[k]..s.starts[k + 1]];
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
            s.span.push((new_lo, new_hi));
            if new_lo > new_hi {
                continue;
            }
            let (done, rest) = s.before.split_at_mut((k + 1) * rows);
            let (prev, cur) = (&done[k * rows..], &mut rest[..rows]);
            cur[new_lo..=new_hi].fill(0);
            for &(x, y) in weights {
                let x = x as usize;
                if fits(x as u32, y) && lo + x < rows {
                    for r in lo..=hi.min(rows - 1 - x) {
                        cur[r + x] |= (prev[r] << y) & columns;
                    }
                }
            }
        }
        // back[r]: the sums (r, columns) that groups k.. complete into both
        // ranges, zero outside rows `back_lo..=back_hi` (not cleared either).
        if s.back.len() < rows {
            s.back.resize(rows, 0);
            s.next.resize(rows, 0);
        }
        let (mut back_lo, mut back_hi) = (low_i.min(top_i + 1) as usize, rows - 1);
        if back_lo <= back_hi {
            s.back[back_lo..=back_hi].fill(window(low_j, top_j));
        }
        let (lo, hi) = s.span[n];
        if (lo.max(back_lo)..=hi.min(back_hi)).all(|r| s.before[n * rows + r] & s.back[r] == 0) {
            return false;
        }
        for k in (0..n).rev() {
            let prev = &s.before[k * rows..(k + 1) * rows];
            let (lo, hi) = s.span[k];
            let weights = &s.weights[s.starts[k]..s.starts[k + 1]];
            // The rows of the sets of groups k-1.. (not needed below group 0).
            let (mut next_lo, mut next_hi) = (rows, 0);
            if k > 0 && back_lo <= back_hi {
                for &(x, y) in weights {
                    let x = x as usize;
                    if fits(x as u32, y) && x <= back_hi {
                        next_lo = next_lo.min(back_lo.saturating_sub(x));
                        next_hi = next_hi.max(back_hi - x);
                    }
                }
                if next_lo <= next_hi {
                    s.next[next_lo..=next_hi].fill(0);
                }
            }
            s.bad.clear();
            for &(x, y) in weights {
                let x_at = x as usize;
                let mut found = false;
                if fits(x, y) && back_lo <= back_hi && x_at <= back_hi {
                    let (from, to) = (back_lo.saturating_sub(x_at), back_hi - x_at);
                    let back = &s.back[..rows];
                    found = (from.max(lo)..=to.min(hi)).any(|r| (prev[r] << y) & back[r + x_at] != 0);
                    if k > 0 {
                        for r in from..=to {
                            s.next[r] |= back[r + x_at] >> y;
                        }
                    }
                }
                if !found {
                    s.bad.push((x, y));
                }
            }
            std::mem::swap(&mut s.back, &mut s.next);
            (back_lo, back_hi) = (next_lo, next_hi);
            if s.bad.is_empty() {
                continue;
            }
            let (g, ki, kj) = s.open[k];
            for m in self.group_opts_start[g as usize]..self.group_opts_start[g as usize + 1] {
                let p = self.group_opts[m as usize];
                if self.alive[p as usize]
                    && s.bad.contains(&(self.weight_on(p as usize, ki), self.weight_on(p as usize, kj)))
                {
                    s.kill.push(p);
                }
            }
        }
        true
    }
}
