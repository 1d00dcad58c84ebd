//! What grading keeps from one step to the next so as not to search again
//! what cannot have changed, and the buffers the searches reuse.

use std::collections::VecDeque;

use super::board::{Board, Shape, extra};
use super::sums::Sums;

/// What the searches so far found nothing in. A technique's verdict on a
/// line (or a pair of lines) depends only on the ranges of the tanks in it,
/// so after each step only the lines whose tanks it narrowed are looked at
/// again: the same steps, found without searching the whole grid each time.
pub(super) struct Memo {
    /// Steps taken so far.
    pub(super) now: u64,
    /// For each line, the step that last narrowed one of its tanks.
    pub(super) changed: Vec<u64>,
    /// For each technique of one line (`line_techniques` of them) and each line, one past the step at
    /// which it last found nothing there (0: not looked at yet).
    pub(super) quiet: Vec<Vec<u64>>,
    /// The pairs of lines two-line counting may look at (worked out when
    /// first needed: most puzzles never need them), and for each the same
    /// as `quiet`.
    pub(super) pairs: Option<Pairs>,
    pub(super) quiet_pairs: Vec<u64>,
    /// The lines each tank has cells in.
    pub(super) tank_lines: Vec<Vec<usize>>,
    pub(super) scratch: Scratch,
}

/// Buffers the line sums and their propagation reuse from one call to the
/// next: grading calls them thousands of times a puzzle, and allocating
/// them afresh each time cost more than the sums.
#[derive(Default)]
pub(super) struct Scratch {
    /// Whether the steps' words are wanted: without them a step is only
    /// the board it leaves, and the formatting (a tenth of the grading)
    /// is skipped.
    pub(super) words: bool,
    /// Indices, in the line's parts, of those that can still add water.
    pub(super) parts: Vec<usize>,
    pub(super) sets: Vec<Sums>,
    pub(super) prefix: Vec<Sums>,
    pub(super) suffix: Vec<Sums>,
    /// What the last `line_sums` narrowed: (tank, lo, hi).
    pub(super) changes: Vec<(usize, usize, usize)>,
    pub(super) queued: Vec<bool>,
    pub(super) queue: VecDeque<usize>,
    pub(super) pair: PairScratch,
    /// Each line's known and most water on the board being searched, with
    /// the search it was summed in: the techniques of one line all start
    /// from these sums.
    pub(super) sums: Vec<(u64, u32, u32)>,
    pub(super) search: u64,
}

impl Scratch {
    /// Starts a search of another board: the sums kept are stale.
    pub(super) fn new_board(&mut self) {
        self.search += 1;
    }

    /// `Board::known_most` of a line of the board being searched.
    pub(super) fn known_most(&mut self, shape: &Shape, board: &Board, line: usize) -> (u32, u32) {
        if self.sums.len() < shape.lines() {
            self.sums.resize(shape.lines(), (u64::MAX, 0, 0)); // summed in no search
        }
        let (search, known, most) = self.sums[line];
        if search == self.search {
            return (known, most);
        }
        let (known, most) = board.known_most(shape, line);
        self.sums[line] = (self.search, known, most);
        (known, most)
    }
}

impl Memo {
    pub(super) fn new(shape: &Shape, words: bool, line_techniques: usize) -> Memo {
        let mut tank_lines = vec![Vec::new(); shape.tanks()];
        for line in 0..shape.lines() {
            for p in &shape.parts[line] {
                tank_lines[p.tank].push(line);
            }
        }
        Memo {
            now: 0,
            changed: vec![0; shape.lines()],
            quiet: vec![vec![0; shape.lines()]; line_techniques],
            pairs: None,
            quiet_pairs: Vec::new(),
            tank_lines,
            scratch: Scratch { words, ..Scratch::default() },
        }
    }

    /// Notes a step from `board` to `next`, and puts in `tanks` and `lines`
    /// the tanks it narrowed and the lines they are in (each once).
    pub(super) fn moved(&mut self, board: &Board, next: &Board, tanks: &mut Vec<usize>, lines: &mut Vec<usize>) {
        self.now += 1;
        tanks.clear();
        lines.clear();
        for t in 0..board.lo.len() {
            if (board.lo[t], board.hi[t]) != (next.lo[t], next.hi[t]) {
                tanks.push(t);
                for &line in &self.tank_lines[t] {
                    if self.changed[line] != self.now {
                        self.changed[line] = self.now;
                        lines.push(line);
                    }
                }
            }
        }
    }

    pub(super) fn unchanged_since(&self, quiet: u64, line: usize) -> bool {
        self.changed[line] < quiet
    }
}

/// Every pair of lines that share a tank, in the order a person looks at
/// them (two rows, then two columns, then a row with a column; neighbours
/// first), with the tanks each pair shares. Worked out once: at each search
/// only the pairs still sharing a tank that can add water to both are
/// counted.
pub(super) struct Pairs {
    pub(super) lines: Vec<(usize, usize)>,
    /// The tanks of pair `k` are `tanks[starts[k]..starts[k + 1]]`.
    pub(super) starts: Vec<usize>,
    pub(super) tanks: Vec<usize>,
}

impl Pairs {
    pub(super) fn new(shape: &Shape) -> Pairs {
        let (rows, lines) = (shape.height, shape.lines());
        // Two rows, two columns, then a row with a column; each by the
        // distance between the lines' numbers, then by the first.
        let mut order = Vec::new();
        for (from, to) in [(0, rows), (rows, lines)] {
            for d in 1..to - from {
                order.extend((from..to - d).map(|a| (a, a + d)));
            }
        }
        for d in 1..lines {
            order.extend((0..rows).filter(|&a| a + d >= rows && a + d < lines).map(|a| (a, a + d)));
        }
        let mut pairs = Pairs { lines: Vec::new(), starts: vec![0], tanks: Vec::new() };
        for (a, b) in order {
            let before = pairs.tanks.len();
            pairs.tanks.extend(shape.parts[a].iter().map(|p| p.tank).filter(|&t| shape.part_in(b, t).is_some()));
            if pairs.tanks.len() > before {
                pairs.lines.push((a, b));
                pairs.starts.push(pairs.tanks.len());
            }
        }
        pairs
    }

    /// Whether pair `k` shares a tank that can still add water to both.
    pub(super) fn worth_counting(&self, shape: &Shape, board: &Board, k: usize) -> bool {
        let (a, b) = self.lines[k];
        self.tanks[self.starts[k]..self.starts[k + 1]].iter().any(|&t| {
            let adds = |line| shape.part_in(line, t).is_some_and(|p| extra(shape, board, p, board.lo[t]) > 0);
            board.open(t) && adds(a) && adds(b)
        })
    }
}

/// Buffers `two_lines_at` reuses from one pair to the next.
#[derive(Default)]
pub(super) struct PairScratch {
    /// The open tanks of the two lines, and those adding to the first
    /// only, the second only, or both.
    pub(super) tanks: Vec<usize>,
    pub(super) only_a: Vec<usize>,
    pub(super) only_b: Vec<usize>,
    pub(super) shared: Vec<usize>,
    /// One line's tanks' sets of sums, and their prefixes and suffixes.
    pub(super) sets: Vec<Sums>,
    pub(super) prefix_a: Vec<Sums>,
    pub(super) suffix_a: Vec<Sums>,
    pub(super) prefix_b: Vec<Sums>,
    pub(super) suffix_b: Vec<Sums>,
    /// What shared tank `i` adds to both lines at each of its levels is
    /// `options[starts[i]..starts[i + 1]]`.
    pub(super) options: Vec<(u32, u32)>,
    pub(super) starts: Vec<usize>,
    pub(super) prefix: Vec<Sums>,
    pub(super) suffix: Vec<Sums>,
    pub(super) set: Vec<Sums>,
    pub(super) reversed: Vec<Sums>,
    pub(super) changes: Vec<(usize, usize, usize)>,
}
