//! Knuth's Dancing Links (Algorithm X, with secondary items as in his
//! Algorithm C without colours) for the plain exact-cover case: every item's
//! range `1..=1` (primary) or `0..=1` (secondary), every weight 1, and every
//! option touching a primary item.
//!
//! That case is common (Sudoku, polyomino tilings, the ring puzzle) and the
//! general search pays there for bookkeeping that cannot help: with unit
//! weights a group's bounds are only ever "this item is covered or not".
//! Here covering an item unlinks its options from the other items' lists
//! and undo links them back in reverse, each in time proportional to what it
//! touches.
//!
//! Why the last condition: the general search counts every set of options
//! whose sums end in range, so an option that touches only secondary items
//! may join any solution; Algorithm X only picks options to cover primary
//! items. When every option covers one, the two agree.

use std::ops::ControlFlow;

use super::problem::{OptionId, Problem};
use crate::settings::Stats;

/// The links of one problem. Nodes `1..=items` are the item headers (node
/// 0 is the root of the list of uncovered primary items); then come the
/// options' nodes, each option's together and in order (`first`), where
/// Knuth puts spacer nodes between them.
pub(super) struct Dancing {
    /// Left and right links of the item headers, in two circular lists:
    /// primary items from node 0, secondary ones from node `items + 1`.
    left: Vec<u32>,
    right: Vec<u32>,
    /// For an option's node, its item's header.
    top: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// For a header, how many options are in its list now.
    len: Vec<u32>,
    /// For an option's node, its option.
    option_of: Vec<u32>,
    /// Option `o`'s nodes are `first[o]..first[o + 1]`.
    first: Vec<u32>,
    /// The node chosen at each depth.
    chosen: Vec<u32>,
    /// Whether each item (by header) is covered: how forced options are
    /// told to clash.
    covered: Vec<bool>,
    options: usize,
    nodes: u64,
    work_limit: u64,
    solutions: u64,
}

/// Whether a problem is plain exact cover in the sense of the module comment.
pub(super) fn applies(problem: &Problem) -> bool {
    let bounds = problem.raw_bounds();
    if bounds.iter().any(|&b| b != (1, 1) && b != (0, 1)) {
        return false;
    }
    (0..problem.option_count()).all(|o| {
        let entries = problem.raw_option(o);
        entries.iter().all(|&(_, w)| w == 1) && entries.iter().any(|&(i, _)| bounds[i as usize] == (1, 1))
    })
}

impl Dancing {
    /// The links for a problem for which [`applies`] holds.
    pub(super) fn new(problem: &Problem) -> Dancing {
        let bounds = problem.raw_bounds();
        let items = bounds.len();
        let (entries, starts) = problem.raw_entries();
        let options = starts.len() - 1;
        let size = items + 1 + entries.len();
        let second_root = items + 1;
        let mut d = Dancing {
            left: vec![0; items + 2],
            right: vec![0; items + 2],
            top: Vec::with_capacity(size),
            up: Vec::with_capacity(size),
            down: Vec::with_capacity(size),
            len: vec![0; items + 1],
            option_of: Vec::with_capacity(size),
            first: Vec::with_capacity(options + 1),
            chosen: Vec::new(),
            covered: vec![false; items + 1],
            options,
            nodes: 0,
            work_limit: u64::MAX,
            solutions: 0,
        };
        // The two header lists.
        let (mut last_primary, mut last_secondary) = (0usize, second_root);
        for (i, &b) in bounds.iter().enumerate() {
            let node = i + 1;
            let last = if b == (1, 1) { &mut last_primary } else { &mut last_secondary };
            d.left[node] = *last as u32;
            d.right[*last] = node as u32;
            *last = node;
        }
        d.right[last_primary] = 0;
        d.left[0] = last_primary as u32;
        d.right[last_secondary] = second_root as u32;
        d.left[second_root] = last_secondary as u32;
        // Headers: empty vertical lists.
        for node in 0..=items {
            d.top.push(0);
            d.up.push(node as u32);
            d.down.push(node as u32);
            d.option_of.push(u32::MAX);
        }
        for o in 0..options {
            d.first.push(d.top.len() as u32);
            for &(i, _) in &entries[starts[o] as usize..starts[o + 1] as usize] {
                let header = i as usize + 1;
                let node = d.top.len() as u32;
                let last = d.up[header];
                d.top.push(header as u32);
                d.up.push(last);
                d.down.push(header as u32);
                d.down[last as usize] = node;
                d.up[header] = node;
                d.len[header] += 1;
                d.option_of.push(o as u32);
            }
        }
        d.first.push(d.top.len() as u32);
        d
    }

    /// The nodes of `p`'s option other than `p`, in order round the option
    /// from `p`; reversed, the order that undoes a walk in this order.
    fn others(&self, p: usize) -> impl DoubleEndedIterator<Item = usize> + use<> {
        let o = self.option_of[p] as usize;
        let (first, end) = (self.first[o] as usize, self.first[o + 1] as usize);
        (p + 1..end).chain(first..p)
    }

    /// Unlinks every other node of the options in item `header`'s list from
    /// their items' lists, and the item from the list of uncovered items.
    fn cover(&mut self, header: usize) {
        let mut p = self.down[header] as usize;
        while p != header {
            self.hide(p);
            p = self.down[p] as usize;
        }
        let (l, r) = (self.left[header], self.right[header]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
    }

    fn uncover(&mut self, header: usize) {
        let (l, r) = (self.left[header], self.right[header]);
        self.right[l as usize] = header as u32;
        self.left[r as usize] = header as u32;
        let mut p = self.up[header] as usize;
        while p != header {
            self.unhide(p);
            p = self.up[p] as usize;
        }
    }

    /// Unlinks the nodes of `p`'s option other than `p` from their lists.
    fn hide(&mut self, p: usize) {
        for q in self.others(p) {
            let (u, d) = (self.up[q], self.down[q]);
            self.down[u as usize] = d;
            self.up[d as usize] = u;
            self.len[self.top[q] as usize] -= 1;
        }
    }

    fn unhide(&mut self, p: usize) {
        for q in self.others(p).rev() {
            let (u, d) = (self.up[q], self.down[q]);
            self.down[u as usize] = q as u32;
            self.up[d as usize] = q as u32;
            self.len[self.top[q] as usize] += 1;
        }
    }

    /// Covers the items of `p`'s option other than `p`'s own.
    fn cover_others(&mut self, p: usize) {
        for q in self.others(p) {
            self.cover(self.top[q] as usize);
        }
    }

    fn uncover_others(&mut self, p: usize) {
        for q in self.others(p).rev() {
            self.uncover(self.top[q] as usize);
        }
    }

    /// The uncovered primary item with the fewest options (the first such),
    /// or `None` when every primary item is covered.
    fn branch_item(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        let mut i = self.right[0] as usize;
        while i != 0 {
            let len = self.len[i];
            if best.is_none_or(|(l, _)| len < l) {
                best = Some((len, i));
                if len <= 1 {
                    break;
                }
            }
            i = self.right[i] as usize;
        }
        best.map(|(_, i)| i)
    }

    pub(super) fn option_count(&self) -> usize {
        self.options
    }

    pub(super) fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
    }

    /// Walks every solution that includes the `forced` options, calling `f`
    /// with each (sorted, the forced options among them). Forced options
    /// that share an item (or one named twice) leave no solution. The
    /// stats' time is left to the caller.
    pub(super) fn run(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        self.nodes = 0;
        self.solutions = 0;
        self.chosen.clear();
        let mut taken = 0;
        let mut clash = false;
        for &o in forced {
            assert!(o < self.options, "forced option {o} does not exist");
            let nodes = self.first[o] as usize..self.first[o + 1] as usize;
            if nodes.clone().any(|p| self.covered[self.top[p] as usize]) {
                clash = true;
                break;
            }
            for p in nodes {
                let header = self.top[p] as usize;
                self.cover(header);
                self.covered[header] = true;
            }
            self.chosen.push(self.first[o]);
            taken += 1;
        }
        let flow = if clash { ControlFlow::Continue(()) } else { self.search(f) };
        for &o in forced[..taken].iter().rev() {
            for p in (self.first[o] as usize..self.first[o + 1] as usize).rev() {
                let header = self.top[p] as usize;
                self.covered[header] = false;
                self.uncover(header);
            }
        }
        self.chosen.clear();
        Stats { solutions: self.solutions, nodes: self.nodes, exhausted: flow.is_continue(), ..Stats::default() }
    }

    fn search(&mut self, f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        let Some(item) = self.branch_item() else {
            self.solutions += 1;
            let mut solution: Vec<OptionId> =
                self.chosen.iter().map(|&p| self.option_of[p as usize] as OptionId).collect();
            solution.sort_unstable();
            return f(&solution);
        };
        if self.len[item] == 0 {
            return ControlFlow::Continue(());
        }
        self.cover(item);
        let mut result = ControlFlow::Continue(());
        let mut p = self.down[item] as usize;
        while p != item {
            if self.nodes >= self.work_limit {
                result = ControlFlow::Break(());
                break;
            }
            self.nodes += 1;
            self.chosen.push(p as u32);
            self.cover_others(p);
            result = self.search(f);
            self.uncover_others(p);
            self.chosen.pop();
            if result.is_break() {
                break;
            }
            p = self.down[p] as usize;
        }
        self.uncover(item);
        result
    }
}
