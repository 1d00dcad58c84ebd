//! The counters' search by undo: each choice covers its items by counting,
//! per option, how many of its items are covered (`blocked`), and going
//! back undoes it count by count. Its memory does not grow with the depth
//! of the search, so the solver picks it for problems too large to copy
//! the counters at every level (see [`super::COPIES_AT_MOST`]); smaller
//! problems get [`super::by_copies`].
//!
//! Covering item `i` adds 1 to `blocked` of each of its options; an option
//! that goes from 0 to 1 dies and takes 1 off the live count of each of its
//! items. Uncovering does the opposite, and since counters commute, undo
//! need not mirror the order of the changes. Choosing an option covers all
//! its items.

use std::ops::ControlFlow;

use super::COVERED;
use super::state::{Counts, Matrix, Next, Tally};
use crate::problem::OptionId;
use crate::solver::Stats;

/// Nothing chosen in a frame yet.
const NONE: u32 = u32::MAX;

pub(super) struct ByUndo {
    pub(super) matrix: Matrix,
    counts: Counts,
    pub(super) tally: Tally,
    /// Per option, how many of its items are covered: live while 0.
    blocked: Vec<u32>,
    /// The search's stack: per level the item branched on, where its
    /// option list is read next, and the option chosen now (or [`NONE`]).
    stack: Vec<Frame>,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    next: u32,
    end: u32,
    chosen: u32,
}

impl ByUndo {
    pub(super) fn new(matrix: Matrix) -> ByUndo {
        ByUndo {
            counts: Counts::new(&matrix),
            tally: Tally::new(&matrix),
            blocked: vec![0; matrix.option_count()],
            stack: Vec::new(),
            matrix,
        }
    }

    /// Walks every solution that includes the `forced` options, calling `f`
    /// with each (sorted, the forced options among them). Forced options
    /// that share an item (or one named twice) leave no solution. Chooses
    /// them one by one and undoes them at the end, leaving the counters as
    /// they were.
    pub(super) fn run(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        self.tally.start();
        self.matrix.check_forced(forced);
        let mut taken = 0;
        let mut dead = self.matrix.hopeless;
        if !dead {
            for &o in forced {
                if self.blocked[o] != 0 {
                    dead = true;
                    break;
                }
                taken += 1;
                if !self.choose(o) {
                    dead = true;
                    break;
                }
            }
        }
        self.counts.pend_singles();
        let flow = if dead { ControlFlow::Continue(()) } else { self.search(&forced[..taken], f) };
        for &o in forced[..taken].iter().rev() {
            self.unchoose(o);
        }
        self.counts.pending_len = 0;
        self.tally.stats(flow)
    }

    fn search(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.stack.clear();
        let mut next = self.counts.next();
        loop {
            match next {
                Next::Solved => {
                    let chosen = self.stack.iter().map(|frame| frame.chosen as OptionId);
                    if self.tally.report(forced, chosen, f).is_break() {
                        return self.unwind();
                    }
                }
                Next::Dead => {}
                Next::Branch(item) => self.stack.push(Frame {
                    next: self.matrix.item_start[item],
                    end: self.matrix.item_start[item + 1],
                    chosen: NONE,
                }),
            }
            // The next live option of the deepest item that has one left.
            // Back at a branch, nothing is pending: a branch is taken only
            // when nothing was (or at the root).
            let option = loop {
                let Some(&frame) = self.stack.last() else {
                    return ControlFlow::Continue(());
                };
                if frame.chosen != NONE {
                    self.unchoose(frame.chosen as usize);
                    self.counts.pending_len = 0;
                }
                let item_options = &self.matrix.item_options;
                let live = (frame.next..frame.end).find(|&m| self.blocked[item_options[m as usize] as usize] == 0);
                let top = self.stack.last_mut().expect("the stack was not empty");
                match live {
                    Some(m) => {
                        top.next = m + 1;
                        top.chosen = item_options[m as usize];
                        break top.chosen as usize;
                    }
                    None => {
                        self.stack.pop();
                    }
                }
            };
            if !self.tally.take_node() {
                // Not chosen yet: unwind must not undo it.
                self.stack.last_mut().expect("an option was just found").chosen = NONE;
                return self.unwind();
            }
            next = if self.choose(option) { self.counts.next() } else { Next::Dead };
        }
    }

    /// Chooses a live option: covers each of its items, counting in
    /// `blocked`. Pushes onto `pending` each item whose live count drops
    /// to 1; returns false if some uncovered primary item is left with no
    /// live option (every change is made all the same, for the undo).
    ///
    /// (The loops walk slices rather than index ranges: one bounds check
    /// per list instead of one per entry; this is the inner loop.)
    fn choose(&mut self, option: usize) -> bool {
        let mut alive = true;
        let matrix = &self.matrix;
        let items = matrix.items_of(option);
        let Counts { key, pending, pending_len, .. } = &mut self.counts;
        let blocked = &mut self.blocked;
        for &item in items {
            key[item as usize] += COVERED;
        }
        for &item in items {
            for &other in matrix.options_of(item as usize) {
                let other = other as usize;
                blocked[other] += 1;
                if blocked[other] == 1 {
                    for &j in matrix.items_of(other) {
                        let count = &mut key[j as usize];
                        *count -= 1;
                        if *count == 1 {
                            pending[*pending_len] = j;
                            *pending_len += 1;
                        }
                        alive &= *count != 0;
                    }
                }
            }
        }
        alive
    }

    /// Undoes [`Self::choose`] of the same option.
    fn unchoose(&mut self, option: usize) {
        let matrix = &self.matrix;
        let (key, blocked) = (&mut self.counts.key, &mut self.blocked);
        for &item in matrix.items_of(option) {
            let item = item as usize;
            for &other in matrix.options_of(item) {
                let other = other as usize;
                blocked[other] -= 1;
                if blocked[other] == 0 {
                    for &j in matrix.items_of(other) {
                        key[j as usize] += 1;
                    }
                }
            }
            key[item] -= COVERED;
        }
    }

    /// Undoes every choice on the stack, for a search stopped early.
    fn unwind(&mut self) -> ControlFlow<()> {
        while let Some(frame) = self.stack.pop() {
            if frame.chosen != NONE {
                self.unchoose(frame.chosen as usize);
            }
        }
        self.counts.pending_len = 0;
        ControlFlow::Break(())
    }
}
