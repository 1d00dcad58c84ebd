//! The counters' search by copies: each branch point keeps a copy of the
//! counters from before its choice, and going back copies them back, so no
//! choice is ever undone. The solver picks it when a copy for every level
//! of the deepest search fits in [`super::COPIES_AT_MOST`] words (every
//! Sudoku, the ring puzzle, a calendar date), else Dancing Links.
//!
//! Never undoing lets general techniques make each choice cheaper; measured
//! on Sudoku (callgrind, first solution plus uniqueness) they cut
//! instructions by 30% (17-clue) to 37% (hardest) against a search that
//! undid each choice counter by counter (since deleted), and time by 1.35x
//! to 1.5x:
//! - **Live options as bits.** A search that never undoes a choice needs
//!   only whether an option is live, not how many of its items are covered:
//!   one bit per option (and a copy is a few words of bits plus the counts,
//!   not every counter).
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
//! A chain of forced choices (items with one live option, most of the
//! choices on Sudoku) then costs one [`ByCopies::choose`] each and no undo,
//! and a dead end may stop a choice halfway; a copy of a few hundred words
//! is cheaper than undoing such a chain.

use std::ops::ControlFlow;

use super::state::{COVERED, Counts, Matrix, Next, Tally};
use crate::problem::OptionId;
use crate::settings::Stats;

/// Options with at most this many items get fixed-length rows (one
/// version of [`take_off`] per length).
const ROW_AT_MOST: usize = 8;

/// Where the padding of `rows` counts down: far from 1 and 0, and a
/// search puts it back with the rest of the counters.
const SINK: u32 = u32::MAX / 2;

pub(super) struct ByCopies {
    pub(super) matrix: Matrix,
    /// The counts, with one more item at the end: the sink of `rows`.
    counts: Counts,
    pub(super) tally: Tally,
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
    /// (the counts' last, which no search reads) as rows of one length:
    /// `rows[o * width..(o + 1) * width]`, so that a dead option's items
    /// are found with one multiplication and the compiler, knowing the
    /// length, unrolls the loop and checks the row once (see
    /// [`take_off`]). Empty, `width` 0, when the longest option has more
    /// than [`ROW_AT_MOST`] items.
    rows: Vec<u32>,
    width: usize,
    /// Scratch for a choice: the words where options died, and their bits.
    killed: Vec<(u32, u64)>,
    /// The live options, one bit each.
    live: Vec<u64>,
    /// The options chosen so far, and per branch where it stands and the
    /// copy of the counters (`live` and the counts) from before it chose.
    /// Copy 0 is from before the forced options.
    path: Vec<u32>,
    branches: Vec<Branch>,
    saved_live: Vec<u64>,
    saved_key: Vec<u32>,
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

impl ByCopies {
    pub(super) fn new(matrix: Matrix) -> ByCopies {
        let (item_words, item_word_start) = item_words(&matrix);
        let (option_words, option_word_start) = option_words(&matrix, &item_words, &item_word_start);
        let (rows, width) = rows(&matrix);
        let widest = option_word_start.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0);
        let mut counts = Counts::new(&matrix);
        counts.key.push(SINK);
        ByCopies {
            counts,
            tally: Tally::new(&matrix),
            item_words,
            item_word_start,
            option_words,
            option_word_start,
            rows,
            width,
            killed: vec![(0, 0); widest],
            live: all_live(matrix.option_count()),
            path: Vec::new(),
            branches: Vec::new(),
            saved_live: Vec::new(),
            saved_key: Vec::new(),
            matrix,
        }
    }

    /// Walks every solution that includes the `forced` options, calling `f`
    /// with each (sorted, the forced options among them). Forced options
    /// that share an item (or one named twice) leave no solution. The
    /// counters from before the forced options are the first copy, put
    /// back at the end.
    pub(super) fn run(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        self.tally.start();
        self.saved_live.clear();
        self.saved_key.clear();
        self.save();
        self.matrix.check_forced(forced);
        let dead = self.matrix.hopeless || !self.choose_all(forced);
        self.counts.pend_singles();
        let flow = if dead { ControlFlow::Continue(()) } else { self.search(forced, f) };
        self.restore(0);
        self.tally.stats(flow)
    }

    /// Walks the choices from the counters as `run` left them: an item
    /// down to one live option first, else one with the fewest.
    fn search(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.path.clear();
        self.branches.clear();
        let mut next = self.counts.next();
        // The caller puts back the counters from before the search.
        'search: loop {
            match next {
                Next::Solved => {
                    let chosen = self.path.iter().map(|&o| o as OptionId);
                    if self.tally.report(forced, chosen, f).is_break() {
                        return ControlFlow::Break(());
                    }
                }
                Next::Dead => {}
                // A forced move: nothing to come back to.
                Next::Branch(item) if self.counts.key[item] == 1 => {
                    let option = self.only_live_option(item);
                    match self.step(option) {
                        Some(after) => next = after,
                        None => return ControlFlow::Break(()),
                    }
                    continue;
                }
                Next::Branch(item) => {
                    self.save();
                    self.branches.push(Branch {
                        next: self.matrix.item_start[item],
                        end: self.matrix.item_start[item + 1],
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
                let copy = self.branches.len();
                if !branch.fresh {
                    self.restore(copy);
                    self.path.truncate(branch.path_len as usize);
                }
                let item_options = &self.matrix.item_options;
                let live = (branch.next..branch.end).find(|&m| self.is_live(item_options[m as usize] as usize));
                let top = self.branches.last_mut().expect("the list was not empty");
                top.fresh = false;
                match live {
                    Some(m) => {
                        top.next = m + 1;
                        break item_options[m as usize];
                    }
                    None => {
                        self.branches.pop();
                        self.saved_live.truncate(copy * self.live.len());
                        self.saved_key.truncate(copy * self.counts.key.len());
                    }
                }
            };
            match self.step(option) {
                Some(after) => next = after,
                None => return ControlFlow::Break(()),
            }
        }
    }

    fn is_live(&self, option: usize) -> bool {
        self.live[option / 64] >> (option % 64) & 1 == 1
    }

    /// The one live option of an item down to one.
    fn only_live_option(&self, item: usize) -> u32 {
        let words = &self.item_words[self.item_word_start[item] as usize..self.item_word_start[item + 1] as usize];
        let (w, bits) = words
            .iter()
            .map(|&(w, mask)| (w, self.live[w as usize] & mask))
            .find(|&(_, bits)| bits != 0)
            .expect("an item with one live option has one");
        w * 64 + bits.trailing_zeros()
    }

    /// Chooses `option` as the search's next node and says what comes
    /// next; `None`, choosing nothing, once the work limit is reached.
    #[inline]
    fn step(&mut self, option: u32) -> Option<Next> {
        if !self.tally.take_node() {
            return None;
        }
        self.path.push(option);
        Some(if self.choose(option as usize) { self.counts.next() } else { Next::Dead })
    }

    /// Chooses a live option: covers each of its items, killing their live
    /// options a word of `live` at a time. Pushes onto `pending` each item
    /// whose live count drops to 1, in the order of its items;
    /// returns false, at once, when an uncovered primary item is left with
    /// no live option: the counters are then half done, and the search
    /// copies them back.
    ///
    /// (The fields are taken apart into slices first, so that the compiler
    /// keeps their addresses in registers through the loops.)
    fn choose(&mut self, option: usize) -> bool {
        let ByCopies {
            matrix: Matrix { option_items, option_start, .. },
            counts: Counts { key, pending, pending_len, .. },
            option_words,
            option_word_start,
            live,
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

    /// Chooses the forced options all at once: each must be live when its
    /// turn comes. Their conflicts die a word at a time; then each option
    /// that died (live in the first copy, saved before) takes 1 off its
    /// items' counts with no test, and one pass over the counts finds an
    /// uncovered primary item with none left. (Choosing them one by one
    /// tests every count as it drops and pushes the singles, which the
    /// search's first scan finds anyway: on Sudoku, a 17-clue puzzle's
    /// givens took a quarter of its time that way.) Returns false when
    /// they clash or leave such an item.
    fn choose_all(&mut self, forced: &[OptionId]) -> bool {
        for &o in forced {
            if !self.is_live(o) {
                return false;
            }
            for &item in self.matrix.items_of(o) {
                self.counts.key[item as usize] += COVERED;
            }
            for at in self.option_word_start[o]..self.option_word_start[o + 1] {
                let (w, mask) = self.option_words[at as usize];
                self.live[w as usize] &= !mask;
            }
        }
        let ByCopies { matrix, counts, live, saved_live, .. } = self;
        for (w, (&before, &now)) in saved_live.iter().zip(live.iter()).enumerate() {
            let mut dead = before & !now;
            while dead != 0 {
                let other = w * 64 + dead.trailing_zeros() as usize;
                dead &= dead - 1;
                for &j in matrix.items_of(other) {
                    counts.key[j as usize] -= 1;
                }
            }
        }
        !counts.key[..counts.primaries].contains(&0)
    }

    /// Appends a copy of the counters to the saved ones.
    fn save(&mut self) {
        self.saved_live.extend_from_slice(&self.live);
        self.saved_key.extend_from_slice(&self.counts.key);
    }

    /// Copies back the `copy`th counters saved (0: those from before the
    /// forced options), and forgets what was pending.
    fn restore(&mut self, copy: usize) {
        let (words, items) = (self.live.len(), self.counts.key.len());
        self.live.copy_from_slice(&self.saved_live[copy * words..(copy + 1) * words]);
        self.counts.key.copy_from_slice(&self.saved_key[copy * items..(copy + 1) * items]);
        self.counts.pending_len = 0;
    }
}

/// Every option live: `options` bits set.
fn all_live(options: usize) -> Vec<u64> {
    let words = options.div_ceil(64);
    let mut live = vec![u64::MAX; words];
    if !options.is_multiple_of(64) {
        live[words - 1] = (1u64 << (options % 64)) - 1;
    }
    live
}

/// Each item's options as (word, mask) pairs, and where each item's start:
/// increasing options fall into increasing words.
fn item_words(matrix: &Matrix) -> (Vec<(u32, u64)>, Vec<u32>) {
    let mut item_words: Vec<(u32, u64)> = Vec::new();
    let mut item_word_start = vec![0u32];
    for i in 0..matrix.item_count() {
        for &o in matrix.options_of(i) {
            let (word, bit) = (o / 64, 1u64 << (o % 64));
            let started = item_words.len() > item_word_start[i] as usize;
            match item_words.last_mut() {
                Some((w, mask)) if started && *w == word => *mask |= bit,
                _ => item_words.push((word, bit)),
            }
        }
        item_word_start.push(item_words.len() as u32);
    }
    (item_words, item_word_start)
}

/// Each option's conflicts as (word, mask) pairs, its items' pairs merged
/// by word, and where each option's start.
fn option_words(matrix: &Matrix, item_words: &[(u32, u64)], item_word_start: &[u32]) -> (Vec<(u32, u64)>, Vec<u32>) {
    let mut option_words: Vec<(u32, u64)> = Vec::new();
    let mut option_word_start = vec![0u32];
    let mut merged: Vec<(u32, u64)> = Vec::new();
    for o in 0..matrix.option_count() {
        merged.clear();
        for &i in matrix.items_of(o) {
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
    (option_words, option_word_start)
}

/// The options' items as rows of one width, padded with the sink item (the
/// one after the last), and that width; none, width 0, when some option has
/// more than [`ROW_AT_MOST`] items.
fn rows(matrix: &Matrix) -> (Vec<u32>, usize) {
    let options = matrix.option_count();
    let longest = (0..options).map(|o| matrix.items_of(o).len()).max().unwrap_or(0);
    let width = if longest <= ROW_AT_MOST { longest } else { 0 };
    let sink = matrix.item_count() as u32;
    let mut rows = Vec::with_capacity(options * width);
    if width > 0 {
        for o in 0..options {
            let items = matrix.items_of(o);
            rows.extend_from_slice(items);
            rows.extend(std::iter::repeat_n(sink, width - items.len()));
        }
    }
    (rows, width)
}

/// Takes 1 off the live count of item `j` for an option that died,
/// pushing the item onto `pending` when it drops to 1; false when it drops
/// to 0.
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

/// The deaths of a choice with options as rows of `W` items: see
/// [`take_off_each`].
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

/// The deaths of a choice: each option dead in `killed` takes 1 off the
/// counts of its items (`items_of`, see [`take_one`]); false at the first
/// count to reach 0.
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
