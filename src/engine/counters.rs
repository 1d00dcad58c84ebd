//! Exact cover by counters on a static matrix, for the same plain
//! exact-cover case as [`super::dancing`] (see [`super::dancing::applies`]).
//!
//! The technique of attractivechaos' kudoku, made generic: nothing is ever
//! unlinked. The item -> options and option -> items lists stay as the
//! problem gave them; what moves are two kinds of counters:
//! - per option, how many of its items are covered (`blocked`; the option
//!   is live while it is 0);
//! - per item, how many live options it has (`key`), plus [`COVERED`] while
//!   it is covered, so that covered items never look like the best branch.
//!
//! Covering item `i` adds 1 to `blocked` of each of its options; an option
//! that goes from 0 to 1 dies and takes 1 off the `key` of each of its items.
//! Uncovering does the opposite, and since counters commute, undo need not
//! mirror the order of the changes. Choosing an option covers all its items.
//!
//! Against Dancing Links this builds nothing but two flat arrays (a problem
//! is ready in a copy), and its memory walks are sequential; it does more
//! work per choice (every option of every covered item is looked at, dead or
//! not), which pays where items have few options, as in Sudoku.

use std::ops::ControlFlow;

use super::problem::{OptionId, Problem};
use super::solver::Stats;

/// Added to an item's `key` while it is covered. A secondary item starts
/// with it too: it is never a branch item. Keys stay below `2 * COVERED`
/// plus a live count, so `u32` holds them when items have fewer than
/// `COVERED` options.
const COVERED: u32 = 1 << 30;

/// Nothing chosen in a frame yet.
const NONE: u32 = u32::MAX;

pub(super) struct Counters {
    /// The items, renumbered so that the primary ones are `0..primaries`:
    /// the branch scan then reads one run of `key`.
    primaries: usize,
    /// Item `i`'s options are `item_options[item_start[i]..item_start[i + 1]]`.
    item_options: Vec<u32>,
    item_start: Vec<u32>,
    /// Option `o`'s items (renumbered) are `option_items[option_start[o]..option_start[o + 1]]`.
    option_items: Vec<u32>,
    option_start: Vec<u32>,
    blocked: Vec<u32>,
    key: Vec<u32>,
    /// The search's stack: per level the item branched on, where its
    /// option list is read next, and the option chosen now (or [`NONE`]).
    stack: Vec<Frame>,
    /// A solution being handed out, sorted.
    solution: Vec<OptionId>,
    /// Whether the search keeps copies of the counters at its branches
    /// (see [`Counters::search_by_copies`]) rather than undoing each choice.
    copies: bool,
    /// The options chosen so far, and per branch where it stands and the
    /// copy of the counters (`blocked` then `key`) from before it chose.
    path: Vec<u32>,
    branches: Vec<Branch>,
    saved: Vec<u32>,
    nodes: u64,
    work_limit: u64,
    solutions: u64,
}

#[derive(Clone, Copy, Debug)]
struct Branch {
    next: u32,
    end: u32,
    /// How many options `path` held before the branch chose.
    path_len: u32,
    /// Nothing chosen yet: the counters are still those of the copy.
    fresh: bool,
}

/// The search copies its counters at each branch when a copy for every
/// level of the deepest search (one level per primary item) takes at most
/// this many words.
const COPIES_AT_MOST: usize = 1 << 24;

#[derive(Clone, Copy, Debug)]
struct Frame {
    next: u32,
    end: u32,
    chosen: u32,
}

/// What to do after a choice.
enum Next {
    /// Every primary item is covered.
    Solved,
    /// Some uncovered primary item has no live option left.
    Dead,
    Branch(usize),
}

impl Counters {
    /// The counters for a problem for which [`super::dancing::applies`] holds.
    pub(super) fn new(problem: &Problem) -> Counters {
        let bounds = problem.raw_bounds();
        let (entries, starts) = problem.raw_entries();
        let options = starts.len() - 1;
        // Primary items first, each kind in the problem's order.
        let mut renumber = vec![0u32; bounds.len()];
        let mut next = 0u32;
        for primary in [true, false] {
            for (i, &b) in bounds.iter().enumerate() {
                if (b == (1, 1)) == primary {
                    renumber[i] = next;
                    next += 1;
                }
            }
        }
        let primaries = bounds.iter().filter(|&&b| b == (1, 1)).count();
        let option_items: Vec<u32> = entries.iter().map(|&(i, _)| renumber[i as usize]).collect();
        let option_start = starts.to_vec();
        // Item -> options by counting sort, each item's options in increasing order.
        let mut item_start = vec![0u32; bounds.len() + 1];
        for &i in &option_items {
            item_start[i as usize + 1] += 1;
        }
        for i in 0..bounds.len() {
            item_start[i + 1] += item_start[i];
        }
        assert!(
            item_start.windows(2).all(|w| w[1] - w[0] < COVERED),
            "an item with 2^30 options or more does not fit the counters"
        );
        let mut fill = item_start.clone();
        let mut item_options = vec![0u32; option_items.len()];
        for o in 0..options {
            for &i in &option_items[option_start[o] as usize..option_start[o + 1] as usize] {
                item_options[fill[i as usize] as usize] = o as u32;
                fill[i as usize] += 1;
            }
        }
        let key = (0..bounds.len())
            .map(|i| {
                let live = item_start[i + 1] - item_start[i];
                if i < primaries { live } else { live + COVERED }
            })
            .collect();
        Counters {
            primaries,
            item_options,
            item_start,
            option_items,
            option_start,
            blocked: vec![0; options],
            key,
            stack: Vec::new(),
            copies: (options + bounds.len()).saturating_mul(primaries + 1) <= COPIES_AT_MOST,
            path: Vec::new(),
            branches: Vec::new(),
            saved: Vec::new(),
            solution: Vec::new(),
            nodes: 0,
            work_limit: u64::MAX,
            solutions: 0,
        }
    }

    /// The same search undoing each choice instead of copying (which every
    /// small problem gets), so that tests reach both ways.
    #[cfg(test)]
    pub(super) fn undoing(mut self) -> Counters {
        self.copies = false;
        self
    }

    pub(super) fn option_count(&self) -> usize {
        self.blocked.len()
    }

    pub(super) fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
    }

    /// Chooses a live option: covers each of its items. Returns the live
    /// count of the item it left with the fewest, and that item, among the
    /// items whose count it changed (`(u32::MAX, 0)` if none): a count of 0
    /// or 1 there is the next step without a scan.
    ///
    /// (The loops walk slices rather than index ranges: one bounds check
    /// per list instead of one per entry; this is the inner loop.)
    fn choose(&mut self, option: usize) -> (u32, usize) {
        let (mut least, mut at) = (u32::MAX, 0);
        let items = &self.option_items[self.option_start[option] as usize..self.option_start[option + 1] as usize];
        let (key, blocked) = (&mut self.key, &mut self.blocked);
        for &item in items {
            key[item as usize] += COVERED;
        }
        for &item in items {
            let item = item as usize;
            for &other in &self.item_options[self.item_start[item] as usize..self.item_start[item + 1] as usize] {
                let other = other as usize;
                blocked[other] += 1;
                if blocked[other] == 1 {
                    let (from, to) = (self.option_start[other] as usize, self.option_start[other + 1] as usize);
                    for &j in &self.option_items[from..to] {
                        let count = &mut key[j as usize];
                        *count -= 1;
                        if *count < least {
                            (least, at) = (*count, j as usize);
                        }
                    }
                }
            }
        }
        (least, at)
    }

    /// Undoes [`Self::choose`] of the same option.
    fn unchoose(&mut self, option: usize) {
        let items = &self.option_items[self.option_start[option] as usize..self.option_start[option + 1] as usize];
        let (key, blocked) = (&mut self.key, &mut self.blocked);
        for &item in items {
            let item = item as usize;
            for &other in &self.item_options[self.item_start[item] as usize..self.item_start[item + 1] as usize] {
                let other = other as usize;
                blocked[other] -= 1;
                if blocked[other] == 0 {
                    let (from, to) = (self.option_start[other] as usize, self.option_start[other + 1] as usize);
                    for &j in &self.option_items[from..to] {
                        key[j as usize] += 1;
                    }
                }
            }
            key[item] -= COVERED;
        }
    }

    /// After a choice whose [`Self::choose`] returned `hint`: the uncovered
    /// primary item with the fewest live options (the first such, unless
    /// the hint already names one with 0 or 1).
    fn next(&self, hint: (u32, usize)) -> Next {
        match hint.0 {
            0 => return Next::Dead,
            1 => return Next::Branch(hint.1),
            _ => {}
        }
        let (mut least, mut at) = (COVERED, 0);
        for (i, &key) in self.key[..self.primaries].iter().enumerate() {
            if key < least {
                (least, at) = (key, i);
                if key <= 1 {
                    break;
                }
            }
        }
        match least {
            COVERED => Next::Solved,
            0 => Next::Dead,
            _ => Next::Branch(at),
        }
    }

    /// Walks every solution that includes the `forced` options, calling `f`
    /// with each (sorted, the forced options among them). Forced options
    /// that share an item (or one named twice) leave no solution. The
    /// stats' time is left to the caller.
    pub(super) fn run(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        self.nodes = 0;
        self.solutions = 0;
        // By copies, the counters from before the forced options are kept
        // (first in `saved`) and put back by one copy at the end.
        self.saved.clear();
        if self.copies {
            self.save();
        }
        let mut taken = 0;
        let mut clash = false;
        for &o in forced {
            assert!(o < self.option_count(), "forced option {o} does not exist");
            if self.blocked[o] != 0 {
                clash = true;
                break;
            }
            self.choose(o);
            taken += 1;
        }
        let flow = match (clash, self.copies) {
            (true, _) => ControlFlow::Continue(()),
            (false, true) => self.search_by_copies(&forced[..taken], f),
            (false, false) => self.search(&forced[..taken], f),
        };
        if self.copies {
            self.restore(0);
        } else {
            for &o in forced[..taken].iter().rev() {
                self.unchoose(o);
            }
        }
        Stats { solutions: self.solutions, nodes: self.nodes, exhausted: flow.is_continue(), ..Stats::default() }
    }

    fn search(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.stack.clear();
        let mut next = self.next((u32::MAX, 0));
        loop {
            match next {
                Next::Solved => {
                    self.solutions += 1;
                    self.solution.clear();
                    self.solution.extend(forced);
                    self.solution.extend(self.stack.iter().map(|frame| frame.chosen as OptionId));
                    self.solution.sort_unstable();
                    if f(&self.solution).is_break() {
                        return self.unwind();
                    }
                }
                Next::Dead => {}
                Next::Branch(item) => {
                    self.stack.push(Frame { next: self.item_start[item], end: self.item_start[item + 1], chosen: NONE })
                }
            }
            // The next live option of the deepest item that has one left.
            let option = loop {
                let Some(&frame) = self.stack.last() else {
                    return ControlFlow::Continue(());
                };
                if frame.chosen != NONE {
                    self.unchoose(frame.chosen as usize);
                }
                let live = (frame.next..frame.end).find(|&m| self.blocked[self.item_options[m as usize] as usize] == 0);
                let top = self.stack.last_mut().expect("the stack was not empty");
                match live {
                    Some(m) => {
                        top.next = m + 1;
                        top.chosen = self.item_options[m as usize];
                        break top.chosen as usize;
                    }
                    None => {
                        self.stack.pop();
                    }
                }
            };
            if self.nodes >= self.work_limit {
                // Not chosen yet: unwind must not undo it.
                self.stack.last_mut().expect("an option was just found").chosen = NONE;
                return self.unwind();
            }
            self.nodes += 1;
            let hint = self.choose(option);
            next = self.next(hint);
        }
    }

    /// The search with no undo: each branch (an item with two live options
    /// or more) keeps a copy of the counters from before its choice, and
    /// going back to it copies them back. A chain of forced choices (items
    /// with one live option, most of the choices on Sudoku) then costs one
    /// [`Self::choose`] each and no [`Self::unchoose`]; a copy of a few
    /// thousand words is cheaper than undoing such a chain. Same order of
    /// choices, hence the same solutions in the same order, as [`Self::search`].
    fn search_by_copies(
        &mut self,
        forced: &[OptionId],
        f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let width = self.blocked.len() + self.key.len();
        self.path.clear();
        self.branches.clear();
        let mut next = self.next((u32::MAX, 0));
        let flow = 'search: loop {
            match next {
                Next::Solved => {
                    self.solutions += 1;
                    self.solution.clear();
                    self.solution.extend(forced);
                    self.solution.extend(self.path.iter().map(|&o| o as OptionId));
                    self.solution.sort_unstable();
                    if f(&self.solution).is_break() {
                        break ControlFlow::Break(());
                    }
                }
                Next::Dead => {}
                Next::Branch(item) if self.key[item] == 1 => {
                    let live = self.options_of(item).iter().copied().find(|&o| self.blocked[o as usize] == 0);
                    let option = live.expect("an item with one live option has one");
                    match self.step(option) {
                        Some(after) => next = after,
                        None => break ControlFlow::Break(()),
                    }
                    continue;
                }
                Next::Branch(item) => {
                    self.save();
                    self.branches.push(Branch {
                        next: self.item_start[item],
                        end: self.item_start[item + 1],
                        path_len: self.path.len() as u32,
                        fresh: true,
                    });
                }
            }
            // The next live option of the deepest branch that has one left.
            let option = loop {
                let Some(&branch) = self.branches.last() else {
                    break 'search ControlFlow::Continue(());
                };
                let copy = self.saved.len() - width;
                if !branch.fresh {
                    self.restore(copy);
                    self.path.truncate(branch.path_len as usize);
                }
                let live =
                    (branch.next..branch.end).find(|&m| self.blocked[self.item_options[m as usize] as usize] == 0);
                let top = self.branches.last_mut().expect("the list was not empty");
                top.fresh = false;
                match live {
                    Some(m) => {
                        top.next = m + 1;
                        break self.item_options[m as usize];
                    }
                    None => {
                        self.branches.pop();
                        self.saved.truncate(copy);
                    }
                }
            };
            match self.step(option) {
                Some(after) => next = after,
                None => break ControlFlow::Break(()),
            }
        };
        // The caller puts back the counters from before the search.
        flow
    }

    /// Chooses `option` as the search's next node and says what comes
    /// next; `None`, choosing nothing, once the work limit is reached.
    fn step(&mut self, option: u32) -> Option<Next> {
        if self.nodes >= self.work_limit {
            return None;
        }
        self.nodes += 1;
        self.path.push(option);
        let hint = self.choose(option as usize);
        Some(self.next(hint))
    }

    /// Appends a copy of the counters to `saved`.
    fn save(&mut self) {
        self.saved.extend_from_slice(&self.blocked);
        self.saved.extend_from_slice(&self.key);
    }

    /// Copies back the counters saved at `saved[at..]`.
    fn restore(&mut self, at: usize) {
        let (options, items) = (self.blocked.len(), self.key.len());
        let (blocked, key) = self.saved[at..at + options + items].split_at(options);
        self.blocked.copy_from_slice(blocked);
        self.key.copy_from_slice(key);
    }

    fn options_of(&self, item: usize) -> &[u32] {
        &self.item_options[self.item_start[item] as usize..self.item_start[item + 1] as usize]
    }

    /// Undoes every choice on the stack, for a search stopped early.
    fn unwind(&mut self) -> ControlFlow<()> {
        while let Some(frame) = self.stack.pop() {
            if frame.chosen != NONE {
                self.unchoose(frame.chosen as usize);
            }
        }
        ControlFlow::Break(())
    }
}
