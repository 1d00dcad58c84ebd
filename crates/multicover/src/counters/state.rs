//! What the counters' search reads and keeps: the problem as two static lists (the
//! [`Matrix`]), the live counts of the items with the singles waiting to be
//! taken ([`Counts`]), and what a run counts and hands out ([`Tally`]).

use std::ops::ControlFlow;

use crate::lists::lists_by_key;
use crate::problem::{OptionId, Problem};
use crate::settings::Stats;

/// Added to an item's count while it is covered. A secondary item starts
/// with it too: it is never a branch item. Counts stay below `2 * COVERED`
/// plus a live count, so `u32` holds them when items have fewer than
/// `COVERED` options.
pub(super) const COVERED: u32 = 1 << 30;

/// The problem's item -> options and option -> items lists, which no search
/// changes.
pub(super) struct Matrix {
    /// The items, renumbered so that the primary ones are `0..primaries`:
    /// the branch scan then reads one run of the counts.
    pub(super) primaries: usize,
    /// Item `i`'s options are `item_options[item_start[i]..item_start[i + 1]]`,
    /// in increasing order.
    pub(super) item_options: Vec<u32>,
    pub(super) item_start: Vec<u32>,
    /// Option `o`'s items (renumbered) are `option_items[option_start[o]..option_start[o + 1]]`.
    pub(super) option_items: Vec<u32>,
    pub(super) option_start: Vec<u32>,
    /// Some primary item has no option at all: no solution.
    pub(super) hopeless: bool,
}

impl Matrix {
    /// The lists of a problem for which [`crate::dancing::applies`] holds.
    pub(super) fn new(problem: &Problem) -> Matrix {
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
        let item_options = (0..options).flat_map(|o| {
            option_items[option_start[o] as usize..option_start[o + 1] as usize].iter().map(move |&i| (i, o as u32))
        });
        let (item_start, item_options) = lists_by_key(bounds.len(), item_options);
        assert!(
            item_start.windows(2).all(|w| w[1] - w[0] < COVERED),
            "an item with 2^30 options or more does not fit the counters"
        );
        let hopeless = (0..primaries).any(|i| item_start[i] == item_start[i + 1]);
        Matrix { primaries, item_options, item_start, option_items, option_start, hopeless }
    }

    pub(super) fn item_count(&self) -> usize {
        self.item_start.len() - 1
    }

    pub(super) fn option_count(&self) -> usize {
        self.option_start.len() - 1
    }

    /// Option `o`'s items.
    #[inline(always)]
    pub(super) fn items_of(&self, option: usize) -> &[u32] {
        &self.option_items[self.option_start[option] as usize..self.option_start[option + 1] as usize]
    }

    /// Item `i`'s options.
    #[inline(always)]
    pub(super) fn options_of(&self, item: usize) -> &[u32] {
        &self.item_options[self.item_start[item] as usize..self.item_start[item + 1] as usize]
    }

    /// # Panics
    /// If a forced option is not an option of the problem.
    pub(super) fn check_forced(&self, forced: &[OptionId]) {
        if let Some(o) = forced.iter().find(|&&o| o >= self.option_count()) {
            panic!("forced option {o} does not exist");
        }
    }
}

/// Per item, how many live options it has, plus [`COVERED`] while it is
/// covered (a secondary item starts covered: it is never a branch item);
/// and the items whose count dropped to 1.
pub(super) struct Counts {
    /// The primary items are `key[..primaries]`.
    pub(super) primaries: usize,
    pub(super) key: Vec<u32>,
    /// Items whose live count dropped to 1 since the last branch point, to
    /// be taken next (some may be covered since): `pending[..pending_len]`.
    /// Counts only drop between branch points, so each item is there once
    /// at most.
    pub(super) pending: Vec<u32>,
    pub(super) pending_len: usize,
}

/// What to do after a choice.
pub(super) enum Next {
    /// Every primary item is covered.
    Solved,
    /// Some uncovered primary item has no live option left.
    Dead,
    Branch(usize),
}

impl Counts {
    /// Every option live, nothing covered but the secondary items.
    pub(super) fn new(matrix: &Matrix) -> Counts {
        let key = (0..matrix.item_count())
            .map(|i| {
                let live = matrix.item_start[i + 1] - matrix.item_start[i];
                if i < matrix.primaries { live } else { live + COVERED }
            })
            .collect();
        Counts { primaries: matrix.primaries, key, pending: vec![0; matrix.item_count()], pending_len: 0 }
    }

    /// Pends every primary item down to one live option: what a search
    /// takes first.
    pub(super) fn pend_singles(&mut self) {
        self.pending_len = 0;
        for a in 0..self.primaries {
            if self.key[a] == 1 {
                self.pending[self.pending_len] = a as u32;
                self.pending_len += 1;
            }
        }
    }

    /// After a choice that left every uncovered primary item a live
    /// option: the last pushed item still down to one live option, else
    /// [`Self::scan`].
    #[inline]
    pub(super) fn next(&mut self) -> Next {
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
}

/// What a run counts (nodes and solutions, against the work limit) and the
/// solution it hands out.
pub(super) struct Tally {
    pub(super) nodes: u64,
    pub(super) work_limit: u64,
    pub(super) solutions: u64,
    /// A solution being handed out, sorted, and scratch bits to sort it:
    /// `words` words of 64 options.
    solution: Vec<OptionId>,
    marks: Vec<u64>,
    words: usize,
}

impl Tally {
    pub(super) fn new(matrix: &Matrix) -> Tally {
        Tally {
            nodes: 0,
            work_limit: u64::MAX,
            solutions: 0,
            solution: Vec::new(),
            marks: Vec::new(),
            words: matrix.option_count().div_ceil(64),
        }
    }

    /// Zero counts for a new run.
    pub(super) fn start(&mut self) {
        self.nodes = 0;
        self.solutions = 0;
    }

    /// Counts a node, or says false, counting nothing, once the work limit
    /// is reached.
    #[inline(always)]
    pub(super) fn take_node(&mut self) -> bool {
        if self.nodes >= self.work_limit {
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Hands `f` the solution made of the `forced` and the `chosen` options,
    /// sorted.
    pub(super) fn report(
        &mut self,
        forced: &[OptionId],
        chosen: impl Iterator<Item = OptionId>,
        f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.solutions += 1;
        self.solution.clear();
        self.solution.extend(forced);
        self.solution.extend(chosen);
        self.sort_solution();
        f(&self.solution)
    }

    /// The stats of a run that ended with `flow` (its time is the caller's).
    pub(super) fn stats(&self, flow: ControlFlow<()>) -> Stats {
        Stats { solutions: self.solutions, nodes: self.nodes, exhausted: flow.is_continue(), ..Stats::default() }
    }

    /// Sorts `solution` (distinct options): by marking them in a bitset
    /// and reading it back when it has few words for the options there
    /// (Sudoku: 81 options in 12 words, a tenth of a sort's work), else by
    /// a sort.
    fn sort_solution(&mut self) {
        if self.words > 2 * self.solution.len() {
            self.solution.sort_unstable();
            return;
        }
        self.marks.clear();
        self.marks.resize(self.words, 0);
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
}
