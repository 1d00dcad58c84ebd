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
//!
//! That is the search by undo ([`Counters::search`]). Small problems (all
//! of Sudoku's) get the search by copies ([`Counters::search_by_copies`]),
//! which general techniques make cheaper per choice; measured on Sudoku
//! (callgrind, first solution plus uniqueness) they cut instructions by 30%
//! (17-clue) to 37% (hardest), and time by 1.35x to 1.5x:
//! - **Live options as bits.** A search that copies its state at each
//!   branch never undoes a choice, so it needs only whether an option is
//!   live, not how many of its items are covered: one bit per option (and a
//!   copy is a few words of bits plus the keys, not every counter).
//! - **Conflicts as bitset words.** Each option keeps the options it shares
//!   an item with (itself too) as (word, mask) pairs, its items' pairs
//!   merged by word, so a choice kills live options a word at a time: on
//!   Sudoku about 10 words instead of 36 option lists visited. A first pass
//!   over the words with no branch finds where options died; only those
//!   words are read bit by bit.
//! - **Singles kept on a stack.** An item whose live count drops to 1 is
//!   pushed when it drops; the next choice pops it (a forced move) instead of
//!   scanning every item's count. The scan for the item with the fewest
//!   options runs only at real branch points, where no item is down to one,
//!   and stops at the first with two. A count that drops to 0 ends the
//!   choice at once: the branch is dead, and the copy puts the counters back.
//! - **Options as fixed-length rows.** Each option's items padded to the
//!   longest option's with a sink item, so a dead option's items are one
//!   row of a length the compiler knows (no start lookups, an unrolled
//!   loop): 9% (17-clue) to 12% (se11, hardest) fewer instructions.
//! - **Forced options in one pass.** They kill their conflicts word by word;
//!   the options that died then take 1 off their items' counts with no test.
//!
//! Both searches choose the same items and options in the same order (a
//! test checks it), so the techniques change the cost, not the search.

use std::ops::ControlFlow;

use super::problem::{OptionId, Problem};
use super::solver::Stats;

/// Added to an item's `key` while it is covered. A secondary item starts
/// with it too: it is never a branch item. Keys stay below `2 * COVERED`
/// plus a live count, so `u32` holds them when items have fewer than
/// `COVERED` options.
const COVERED: u32 = 1 << 30;

/// Options with at most this many items get fixed-length rows (one
/// version of [`take_off`] per length).
const ROW_AT_MOST: usize = 8;

/// Where the padding of `rows` counts down: far from 1 and 0, and a
/// search puts it back with the rest of the counters.
const SINK: u32 = u32::MAX / 2;

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
    /// Item `i`'s options as bits: `item_words[item_word_start[i]..item_word_start[i + 1]]`
    /// are the words of an option bitset (word index, mask) in which it has
    /// options, in increasing order.
    item_words: Vec<(u32, u64)>,
    item_word_start: Vec<u32>,
    /// Option `o`'s conflicts as bits: every option that shares an item
    /// with it (itself too), as (word, mask) pairs in increasing order,
    /// `option_words[option_word_start[o]..option_word_start[o + 1]]`: the
    /// union of its items' pairs, merged by word, so that a choice visits
    /// each word once (Sudoku: about 11 words instead of 15.6).
    option_words: Vec<(u32, u64)>,
    option_word_start: Vec<u32>,
    /// Option `o`'s items again, padded to `width` with the sink item
    /// (`key`'s last, which no search reads) as rows of one length:
    /// `rows[o * width..(o + 1) * width]`, so that a dead option's items
    /// are found with one multiplication and the compiler, knowing the
    /// length, unrolls the loop and checks the row once (see
    /// [`take_off`]). Empty, `width` 0, when the longest option has more
    /// than [`ROW_AT_MOST`] items.
    rows: Vec<u32>,
    width: usize,
    /// Scratch for a choice: the words where options died, and their bits.
    killed: Vec<(u32, u64)>,
    /// By undo: per option, how many of its items are covered.
    blocked: Vec<u32>,
    /// By copies: the live options, one bit each.
    live: Vec<u64>,
    key: Vec<u32>,
    /// Items whose live count dropped to 1 since the last branch point, to
    /// be taken next (some may be covered since): `pending[..pending_len]`.
    /// Counts only drop between branch points, so each item is there once
    /// at most.
    pending: Vec<u32>,
    pending_len: usize,
    /// Some primary item has no option at all: no solution.
    hopeless: bool,
    /// The search's stack: per level the item branched on, where its
    /// option list is read next, and the option chosen now (or [`NONE`]).
    stack: Vec<Frame>,
    /// A solution being handed out, sorted, and scratch bits to sort it.
    solution: Vec<OptionId>,
    marks: Vec<u64>,
    /// Whether the search keeps copies of the counters at its branches
    /// (see [`Counters::search_by_copies`]) rather than undoing each choice.
    copies: bool,
    /// The options chosen so far, and per branch where it stands and the
    /// copy of the counters (`live` and `key`) from before it chose.
    path: Vec<u32>,
    branches: Vec<Branch>,
    saved_live: Vec<u64>,
    saved_key: Vec<u32>,
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
        // Each item's options as (word, mask) pairs: increasing options
        // fall into increasing words.
        let mut item_words: Vec<(u32, u64)> = Vec::new();
        let mut item_word_start = vec![0u32];
        for i in 0..bounds.len() {
            for &o in &item_options[item_start[i] as usize..item_start[i + 1] as usize] {
                let (word, bit) = (o / 64, 1u64 << (o % 64));
                let started = item_words.len() > item_word_start[i] as usize;
                match item_words.last_mut() {
                    Some((w, mask)) if started && *w == word => *mask |= bit,
                    _ => item_words.push((word, bit)),
                }
            }
            item_word_start.push(item_words.len() as u32);
        }
        let mut option_words: Vec<(u32, u64)> = Vec::new();
        let mut option_word_start = vec![0u32];
        let mut merged: Vec<(u32, u64)> = Vec::new();
        for o in 0..options {
            merged.clear();
            for &i in &option_items[option_start[o] as usize..option_start[o + 1] as usize] {
                merged.extend_from_slice(
                    &item_words[item_word_start[i as usize] as usize..item_word_start[i as usize + 1] as usize],
                );
            }
            merged.sort_unstable_by_key(|&(w, _)| w);
            for &(w, mask) in &merged {
                let started = option_words.len() > option_word_start[o] as usize;
                match option_words.last_mut() {
                    Some((last, bits)) if started && *last == w => *bits |= mask,
                    _ => option_words.push((w, mask)),
                }
            }
            option_word_start.push(option_words.len() as u32);
        }
        let longest = option_start.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0);
        let width = if longest <= ROW_AT_MOST { longest } else { 0 };
        let sink = bounds.len() as u32;
        let mut rows = Vec::with_capacity(options * width);
        if width > 0 {
            for o in 0..options {
                let items = &option_items[option_start[o] as usize..option_start[o + 1] as usize];
                rows.extend_from_slice(items);
                rows.extend(std::iter::repeat_n(sink, width - items.len()));
            }
        }
        let words = options.div_ceil(64);
        let mut live = vec![u64::MAX; words];
        if options % 64 != 0 {
            live[words - 1] = (1u64 << (options % 64)) - 1;
        }
        let key = (0..bounds.len())
            .map(|i| {
                let live = item_start[i + 1] - item_start[i];
                if i < primaries { live } else { live + COVERED }
            })
            .chain([SINK])
            .collect();
        let hopeless = (0..primaries).any(|i| item_start[i] == item_start[i + 1]);
        Counters {
            primaries,
            item_options,
            item_start,
            option_items,
            option_start,
            rows,
            width,
            item_words,
            item_word_start,
            killed: vec![(0, 0); option_word_start.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0)],
            option_words,
            option_word_start,
            blocked: vec![0; options],
            live,
            key,
            pending: vec![0; bounds.len()],
            pending_len: 0,
            hopeless,
            stack: Vec::new(),
            copies: (words + bounds.len()).saturating_mul(primaries + 1) <= COPIES_AT_MOST,
            path: Vec::new(),
            branches: Vec::new(),
            saved_live: Vec::new(),
            saved_key: Vec::new(),
            solution: Vec::new(),
            marks: Vec::new(),
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

    fn is_live(&self, option: usize) -> bool {
        if self.copies { self.live[option / 64] >> (option % 64) & 1 == 1 } else { self.blocked[option] == 0 }
    }

    /// Chooses a live option (by undo): covers each of its items, counting
    /// in `blocked`. Pushes onto `pending` each item whose live count drops
    /// to 1; returns false if some uncovered primary item is left with no
    /// live option (every change is made all the same, for the undo).
    ///
    /// (The loops walk slices rather than index ranges: one bounds check
    /// per list instead of one per entry; this is the inner loop.)
    fn choose_counting(&mut self, option: usize) -> bool {
        let mut alive = true;
        let items = &self.option_items[self.option_start[option] as usize..self.option_start[option + 1] as usize];
        let (key, blocked, pending, pending_len) =
            (&mut self.key, &mut self.blocked, &mut self.pending, &mut self.pending_len);
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

    /// Chooses a live option (by copies): covers each of its items, killing
    /// their live options a word of `live` at a time. Pushes onto `pending`
    /// each item whose live count drops to 1, in the order
    /// [`Self::choose_counting`] does; returns false, at once, when an
    /// uncovered primary item is left with no live option: the counters
    /// are then half done, and the search copies them back.
    ///
    /// (The fields are taken apart into slices first, so that the compiler
    /// keeps their addresses in registers through the loops.)
    fn choose_bits(&mut self, option: usize) -> bool {
        let Counters {
            option_items,
            option_start,
            option_words,
            option_word_start,
            key,
            live,
            pending,
            pending_len,
            killed,
            rows,
            width,
            ..
        } = self;
        let (option_items, option_start) = (&option_items[..], &option_start[..]);
        let (key, live, pending) = (&mut key[..], &mut live[..], &mut pending[..]);
        for &item in &option_items[option_start[option] as usize..option_start[option + 1] as usize] {
            key[item as usize] += COVERED;
        }
        // First the words, with no branch: the dead bits of each, kept
        // where some died; then the deaths, which are fewer.
        let words = &option_words[option_word_start[option] as usize..option_word_start[option + 1] as usize];
        let killed = &mut killed[..words.len()];
        let mut n = 0;
        for &(w, mask) in words {
            let word = &mut live[w as usize];
            let dead = *word & mask;
            *word &= !mask;
            killed[n] = (w, dead);
            n += usize::from(dead != 0);
        }
        let killed = &killed[..n];
        match *width {
            1 => take_off::<1>(rows, killed, key, pending, pending_len),
            2 => take_off::<2>(rows, killed, key, pending, pending_len),
            3 => take_off::<3>(rows, killed, key, pending, pending_len),
            4 => take_off::<4>(rows, killed, key, pending, pending_len),
            5 => take_off::<5>(rows, killed, key, pending, pending_len),
            6 => take_off::<6>(rows, killed, key, pending, pending_len),
            7 => take_off::<7>(rows, killed, key, pending, pending_len),
            8 => take_off::<8>(rows, killed, key, pending, pending_len),
            _ => take_off_each(
                killed,
                |other| &option_items[option_start[other] as usize..option_start[other + 1] as usize],
                key,
                pending,
                pending_len,
            ),
        }
    }

    /// Chooses the forced options all at once (by copies): each must be
    /// live when its turn comes. Their conflicts die a word at a time;
    /// then each option that died (live in the first copy, saved before)
    /// takes 1 off its items' counts with no test, and one pass over the
    /// counts finds an uncovered primary item with none left. (Choosing
    /// them one by one tests every count as it drops and pushes the
    /// singles, which the search's first scan finds anyway: on Sudoku, a
    /// 17-clue puzzle's givens took a quarter of its time that way.)
    /// Returns false when they clash or leave such an item.
    fn choose_all(&mut self, forced: &[OptionId]) -> bool {
        for &o in forced {
            if !self.is_live(o) {
                return false;
            }
            for at in self.option_start[o]..self.option_start[o + 1] {
                self.key[self.option_items[at as usize] as usize] += COVERED;
            }
            for at in self.option_word_start[o]..self.option_word_start[o + 1] {
                let (w, mask) = self.option_words[at as usize];
                self.live[w as usize] &= !mask;
            }
        }
        let Counters { option_items, option_start, key, live, saved_live, .. } = self;
        for (w, (&before, &now)) in saved_live.iter().zip(live.iter()).enumerate() {
            let mut dead = before & !now;
            while dead != 0 {
                let other = w * 64 + dead.trailing_zeros() as usize;
                dead &= dead - 1;
                for &j in &option_items[option_start[other] as usize..option_start[other + 1] as usize] {
                    key[j as usize] -= 1;
                }
            }
        }
        !self.key[..self.primaries].contains(&0)
    }

    /// An item's (word, mask) pairs of `live`.
    fn words_of(&self, item: usize) -> &[(u32, u64)] {
        &self.item_words[self.item_word_start[item] as usize..self.item_word_start[item + 1] as usize]
    }

    /// Undoes [`Self::choose_counting`] of the same option.
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

    /// After a choice that left every uncovered primary item a live
    /// option: the last pushed item still down to one live option, else
    /// [`Self::scan`].
    fn next(&mut self) -> Next {
        while self.pending_len > 0 {
            self.pending_len -= 1;
            let item = self.pending[self.pending_len] as usize;
            if self.key[item] == 1 {
                return Next::Branch(item);
            }
        }
        self.scan()
    }

    /// The uncovered primary item with the fewest live options (the first
    /// such), when none is down to one: every such item is pending, so the
    /// first with two will do.
    fn scan(&self) -> Next {
        let (mut least, mut at) = (COVERED, 0);
        for (i, &key) in self.key[..self.primaries].iter().enumerate() {
            if key < least {
                (least, at) = (key, i);
                if key <= 2 {
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
        // (the first copy) and put back by one copy at the end.
        self.saved_live.clear();
        self.saved_key.clear();
        if self.copies {
            self.save();
        }
        if let Some(o) = forced.iter().find(|&&o| o >= self.option_count()) {
            panic!("forced option {o} does not exist");
        }
        let mut taken = 0;
        let mut dead = self.hopeless;
        if !dead && self.copies {
            dead = !self.choose_all(forced);
            taken = forced.len();
        } else if !dead {
            for &o in forced {
                if !self.is_live(o) {
                    dead = true;
                    break;
                }
                taken += 1;
                if !self.choose_counting(o) {
                    dead = true;
                    break;
                }
            }
        }
        // What the search takes first: every item down to one option.
        self.pending_len = 0;
        for a in 0..self.primaries {
            if self.key[a] == 1 {
                self.pending[self.pending_len] = a as u32;
                self.pending_len += 1;
            }
        }
        let flow = match (dead, self.copies) {
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
        self.pending_len = 0;
        Stats { solutions: self.solutions, nodes: self.nodes, exhausted: flow.is_continue(), ..Stats::default() }
    }

    fn search(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.stack.clear();
        let mut next = self.next();
        loop {
            match next {
                Next::Solved => {
                    self.solutions += 1;
                    self.solution.clear();
                    self.solution.extend(forced);
                    self.solution.extend(self.stack.iter().map(|frame| frame.chosen as OptionId));
                    self.sort_solution();
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
            // Back at a branch, nothing is pending: a branch is taken only
            // when nothing was (or at the root).
            let option = loop {
                let Some(&frame) = self.stack.last() else {
                    return ControlFlow::Continue(());
                };
                if frame.chosen != NONE {
                    self.unchoose(frame.chosen as usize);
                    self.pending_len = 0;
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
            next = if self.choose_counting(option) { self.next() } else { Next::Dead };
        }
    }

    /// The search with no undo: each branch (an item with two live options
    /// or more) keeps a copy of the counters from before its choice, and
    /// going back to it copies them back. A chain of forced choices (items
    /// with one live option, most of the choices on Sudoku) then costs one
    /// [`Self::choose_bits`] each and no undo, and a dead end may stop a
    /// choice halfway; a copy of a few hundred words is cheaper than
    /// undoing such a chain. Same order of choices, hence the same
    /// solutions in the same order, as [`Self::search`].
    fn search_by_copies(
        &mut self,
        forced: &[OptionId],
        f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.path.clear();
        self.branches.clear();
        let mut next = self.next();
        let flow = 'search: loop {
            match next {
                Next::Solved => {
                    self.solutions += 1;
                    self.solution.clear();
                    self.solution.extend(forced);
                    self.solution.extend(self.path.iter().map(|&o| o as OptionId));
                    self.sort_solution();
                    if f(&self.solution).is_break() {
                        break ControlFlow::Break(());
                    }
                }
                Next::Dead => {}
                Next::Branch(item) if self.key[item] == 1 => {
                    let option = self.only_live_option(item);
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
                // Copy 0 is from before the forced options.
                let copy = self.branches.len();
                if !branch.fresh {
                    self.restore(copy);
                    self.path.truncate(branch.path_len as usize);
                }
                let live = (branch.next..branch.end).find(|&m| self.is_live(self.item_options[m as usize] as usize));
                let top = self.branches.last_mut().expect("the list was not empty");
                top.fresh = false;
                match live {
                    Some(m) => {
                        top.next = m + 1;
                        break self.item_options[m as usize];
                    }
                    None => {
                        self.branches.pop();
                        self.saved_live.truncate(copy * self.live.len());
                        self.saved_key.truncate(copy * self.key.len());
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

    /// Sorts `solution` (distinct options): by marking them in a bitset
    /// and reading it back when it has few words for the options there
    /// (Sudoku: 81 options in 12 words, a tenth of a sort's work), else by
    /// a sort.
    fn sort_solution(&mut self) {
        let words = self.live.len();
        if words > 2 * self.solution.len() {
            self.solution.sort_unstable();
            return;
        }
        self.marks.clear();
        self.marks.resize(words, 0);
        for &o in &self.solution {
            self.marks[o / 64] |= 1 << (o % 64);
        }
        self.solution.clear();
        for (w, &word) in self.marks.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                self.solution.push(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// The one live option of an item down to one (by copies).
    fn only_live_option(&self, item: usize) -> u32 {
        let (w, bits) = self
            .words_of(item)
            .iter()
            .map(|&(w, mask)| (w, self.live[w as usize] & mask))
            .find(|&(_, bits)| bits != 0)
            .expect("an item with one live option has one");
        w * 64 + bits.trailing_zeros()
    }

    /// Chooses `option` as the search's next node (by copies) and says what
    /// comes next; `None`, choosing nothing, once the work limit is reached.
    fn step(&mut self, option: u32) -> Option<Next> {
        if self.nodes >= self.work_limit {
            return None;
        }
        self.nodes += 1;
        self.path.push(option);
        Some(if self.choose_bits(option as usize) { self.next() } else { Next::Dead })
    }

    /// Appends a copy of the counters (by copies) to the saved ones.
    fn save(&mut self) {
        self.saved_live.extend_from_slice(&self.live);
        self.saved_key.extend_from_slice(&self.key);
    }

    /// Copies back the `copy`th counters saved (0: those from before the
    /// forced options), and forgets what was pending.
    fn restore(&mut self, copy: usize) {
        let (words, items) = (self.live.len(), self.key.len());
        self.live.copy_from_slice(&self.saved_live[copy * words..(copy + 1) * words]);
        self.key.copy_from_slice(&self.saved_key[copy * items..(copy + 1) * items]);
        self.pending_len = 0;
    }

    /// Undoes every choice on the stack, for a search stopped early.
    fn unwind(&mut self) -> ControlFlow<()> {
        while let Some(frame) = self.stack.pop() {
            if frame.chosen != NONE {
                self.unchoose(frame.chosen as usize);
            }
        }
        self.pending_len = 0;
        ControlFlow::Break(())
    }
}

/// Takes 1 off the live count of item `j` for an option that died (by
/// copies), pushing the item onto `pending` when it drops to 1; false when
/// it drops to 0.
#[inline(always)]
fn take_one(key: &mut [u32], j: u32, pending: &mut [u32], pending_len: &mut usize) -> bool {
    let count = &mut key[j as usize];
    *count -= 1;
    if *count <= 1 {
        if *count == 0 {
            return false;
        }
        pending[*pending_len] = j;
        *pending_len += 1;
    }
    true
}

/// The deaths of a choice (by copies) with options as rows of `W` items:
/// see [`take_off_each`].
fn take_off<const W: usize>(
    rows: &[u32],
    killed: &[(u32, u64)],
    key: &mut [u32],
    pending: &mut [u32],
    pending_len: &mut usize,
) -> bool {
    let (rows, _) = rows.as_chunks::<W>();
    take_off_each(killed, |other| &rows[other], key, pending, pending_len)
}

/// The deaths of a choice (by copies): each option dead in `killed` takes 1
/// off the counts of its items (`items_of`, see [`take_one`]); false at the
/// first count to reach 0.
#[inline(always)]
fn take_off_each<'a>(
    killed: &[(u32, u64)],
    items_of: impl Fn(usize) -> &'a [u32],
    key: &mut [u32],
    pending: &mut [u32],
    pending_len: &mut usize,
) -> bool {
    for &(w, mut dead) in killed {
        while dead != 0 {
            let other = w as usize * 64 + dead.trailing_zeros() as usize;
            dead &= dead - 1;
            for &j in items_of(other) {
                if !take_one(key, j, pending, pending_len) {
                    return false;
                }
            }
        }
    }
    true
}
