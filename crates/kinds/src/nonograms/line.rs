//! One line of a nonogram at a time: which cells can still be black or
//! white given what is known of the line, and every placement of its runs
//! that fits. Both read two tables: whether a prefix of the line can hold
//! the first runs, and whether a suffix can hold the last ones.

/// What is known of a cell.
pub(crate) const UNKNOWN: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;

/// A line's runs against what is known of its cells.
pub(crate) struct Line<'a> {
    runs: &'a [usize],
    known: &'a [u8],
    /// Known white cells before each cell: a stretch can be black when none
    /// lie in it.
    whites_before: Vec<usize>,
    /// `prefix[j * (n + 1) + i]`: cells `0..i` can hold runs `0..j`.
    prefix: Vec<bool>,
    /// `suffix[j * (n + 1) + i]`: cells `i..n` can hold runs `j..`.
    suffix: Vec<bool>,
}

impl<'a> Line<'a> {
    pub(crate) fn new(runs: &'a [usize], known: &'a [u8]) -> Line<'a> {
        let (n, k) = (known.len(), runs.len());
        let mut whites_before = vec![0; n + 1];
        for i in 0..n {
            whites_before[i + 1] = whites_before[i] + usize::from(known[i] == WHITE);
        }
        let mut line = Line {
            runs,
            known,
            whites_before,
            prefix: vec![false; (k + 1) * (n + 1)],
            suffix: vec![false; (k + 1) * (n + 1)],
        };
        let at = |j: usize, i: usize| j * (n + 1) + i;
        line.prefix[at(0, 0)] = true;
        for i in 1..=n {
            for j in 0..=k {
                let by_white = line.can_be_white(i - 1) && line.prefix[at(j, i - 1)];
                let by_run = j > 0 && {
                    let len = runs[j - 1];
                    i >= len
                        && line.can_be_black(i - len, i)
                        && if i == len {
                            line.prefix[at(j - 1, 0)]
                        } else {
                            line.can_be_white(i - len - 1) && line.prefix[at(j - 1, i - len - 1)]
                        }
                };
                line.prefix[at(j, i)] = by_white || by_run;
            }
        }
        line.suffix[at(k, n)] = true;
        for i in (0..n).rev() {
            for j in 0..=k {
                let by_white = line.can_be_white(i) && line.suffix[at(j, i + 1)];
                line.suffix[at(j, i)] = by_white || (j < k && line.run_fits_after(j, i));
            }
        }
        line
    }

    fn at(&self, j: usize, i: usize) -> usize {
        j * (self.known.len() + 1) + i
    }

    fn can_be_white(&self, cell: usize) -> bool {
        self.known[cell] != BLACK
    }

    /// Whether cells `from..to` can all be black.
    fn can_be_black(&self, from: usize, to: usize) -> bool {
        self.whites_before[to] == self.whites_before[from]
    }

    /// Whether run `j` can start at `start` with the runs after it fitting
    /// in the rest of the line.
    fn run_fits_after(&self, j: usize, start: usize) -> bool {
        let (n, end) = (self.known.len(), start + self.runs[j]);
        end <= n
            && self.can_be_black(start, end)
            && if end == n {
                self.suffix[self.at(j + 1, n)]
            } else {
                self.can_be_white(end) && self.suffix[self.at(j + 1, end + 1)]
            }
    }

    /// Whether run `j` can start at `start` with the runs before it fitting
    /// before it.
    fn run_fits_before(&self, j: usize, start: usize) -> bool {
        if start == 0 {
            self.prefix[self.at(j, 0)]
        } else {
            self.can_be_white(start - 1) && self.prefix[self.at(j, start - 1)]
        }
    }

    /// Whether any placement of the runs fits what is known.
    pub(crate) fn fits(&self) -> bool {
        self.suffix[self.at(0, 0)]
    }

    /// What each cell can be: `BLACK | WHITE` where either, one of them
    /// where only it, 0 where neither (then no placement fits).
    pub(crate) fn possible(&self) -> Vec<u8> {
        let (n, k) = (self.known.len(), self.runs.len());
        let mut possible = vec![0u8; n];
        // Black cells as a difference array: +1 where a fitting run starts,
        // -1 where it ends.
        let mut black = vec![0i32; n + 1];
        for j in 0..k {
            for start in 0..n {
                if self.run_fits_before(j, start) && self.run_fits_after(j, start) {
                    black[start] += 1;
                    black[start + self.runs[j]] -= 1;
                }
            }
        }
        let mut covered = 0;
        for (cell, can) in possible.iter_mut().enumerate() {
            covered += black[cell];
            if covered > 0 {
                *can |= BLACK;
            }
            if self.can_be_white(cell)
                && (0..=k).any(|j| self.prefix[self.at(j, cell)] && self.suffix[self.at(j, cell + 1)])
            {
                *can |= WHITE;
            }
        }
        possible
    }

    /// Every placement of the runs that fits, as each run's first cell.
    pub(crate) fn placements(&self) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        let mut starts = Vec::with_capacity(self.runs.len());
        self.place(0, 0, &mut starts, &mut found);
        found
    }

    /// Places run `j` and those after it from cell `from` on.
    fn place(&self, j: usize, from: usize, starts: &mut Vec<usize>, found: &mut Vec<Vec<usize>>) {
        let n = self.known.len();
        if j == self.runs.len() {
            if self.suffix[self.at(j, from)] {
                found.push(starts.clone());
            }
            return;
        }
        for start in from..n {
            if self.run_fits_after(j, start) {
                starts.push(start);
                self.place(j + 1, (start + self.runs[j] + 1).min(n), starts, found);
                starts.pop();
            }
            // The cells skipped before a run are white.
            if !self.can_be_white(start) {
                break;
            }
        }
    }
}
