//! A solver made for Sudoku, beside the engine: the candidates as bit sets,
//! one 27-bit set per digit and band (three rows, nine columns), so that one
//! integer operation looks at a whole row, box or band at once.
//!
//! Within a band a digit takes one cell in each row and in each box: its
//! three cells lie in three of the nine row-box segments, one per row and
//! box, a 3x3 permutation. A table keeps the segments that some permutation
//! through the digit's candidates uses, which finds pointing and claiming
//! within the band and, with rows left with one cell, hidden singles in
//! rows and boxes. Across the bands, by the digit's columns: a box whose
//! candidates lie in one column takes that column from the other bands, a
//! column left to one band takes its box's other columns there (which
//! finds hidden singles in columns), and a column with no candidate is a
//! dead end. A cell filled leaves the other digits' sets. Naked singles
//! come from counting, over the nine digits, which cells have one
//! candidate. Only when all of that stops does the search guess: on a cell
//! with two candidates in the band with most open cells, else on a cell
//! with fewest. Only the sets that changed are looked at again.
//!
//! Plain integer code on `u32`s: nothing depends on the processor.

use std::time::Instant;

use multicover::Stats;

use super::{CELLS, Grid, SolveReport, SudokuError, verify};

/// A band's 27 cells.
const BAND: u32 = (1 << 27) - 1;

/// For a row of a band (nine bits), the boxes it has a candidate in (three bits).
const BOXES_OF_ROW: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut b = 0;
        while b < 3 {
            if row & (7 << (3 * b)) != 0 {
                table[row] |= 1 << b;
            }
            b += 1;
        }
        row += 1;
    }
    table
};

/// For the segments a digit has candidates in within a band (bit `3 * row +
/// box`), the cells of the segments that some permutation (one segment per
/// row and per box) uses; 0 when none fits.
const KEPT: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0; 512];
    let mut segments = 0;
    while segments < 512 {
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut cells = 0;
            let mut row = 0;
            while row < 3 {
                if segments & (1 << (3 * row + boxes[row])) == 0 {
                    cells = 0;
                    break;
                }
                cells |= 7 << (9 * row + 3 * boxes[row]);
                row += 1;
            }
            table[segments] |= cells;
            p += 1;
        }
        segments += 1;
    }
    table
};

/// For a cell of a band (0..27), the other cells of its row and box.
const PEERS_IN_BAND: [u32; 27] = {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let mut peers = 0x1ff << (9 * row);
        let mut r = 0;
        while r < 3 {
            peers |= 7 << (9 * r + col / 3 * 3);
            r += 1;
        }
        table[cell] = peers & !(1 << cell);
        cell += 1;
    }
    table
};

/// For a digit's columns in a band (nine bits), the columns it is locked
/// in: the one column of a box that has its candidates in one column.
const LOCKED_COLUMNS: [u32; 512] = {
    let mut table = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut b = 0;
        while b < 3 {
            let within = ((cols >> (3 * b)) & 7) as u32;
            if within.count_ones() == 1 {
                table[cols] |= within << (3 * b);
            }
            b += 1;
        }
        cols += 1;
    }
    table
};

/// For the columns where a digit can go in one band only (nine bits), the
/// columns that band's boxes must leave: the box of such a column keeps
/// only it. `u32::MAX` when two such columns share a box, which cannot hold
/// the digit twice.
const CLAIMED: [u32; 512] = {
    let mut table = [0; 512];
    let mut only = 0;
    while only < 512 {
        let mut b = 0;
        while b < 3 {
            let within = ((only >> (3 * b)) & 7) as u32;
            if within.count_ones() > 1 {
                table[only] = u32::MAX;
                break;
            }
            if within != 0 {
                table[only] |= (7 & !within) << (3 * b);
            }
            b += 1;
        }
        only += 1;
    }
    table
};

/// The columns (nine bits) a band's cells lie in.
fn fold(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & 0x1ff
}

/// A band's cells of the columns of a nine-bit set.
fn columns(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// The two bands other than `band`.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The cells of a band's candidates of one digit that are alone in their row.
fn alone_in_row(cells: u32) -> u32 {
    let mut alone = 0;
    let mut row = 0;
    while row < 3 {
        let bits = (cells >> (9 * row)) & 0x1ff;
        if bits & bits.wrapping_sub(1) == 0 {
            alone |= bits << (9 * row);
        }
        row += 1;
    }
    alone
}

/// A board that breaks the rules: no solution below it.
struct Dead;

/// All 27 sets of [`Board::cand`].
const EVERY_SET: u32 = (1 << 27) - 1;

/// The state of a search: candidates per digit and band, and the cells not
/// yet filled. Copied whole at each guess (124 bytes).
#[derive(Clone, Copy)]
struct Board {
    /// `cand[3 * digit + band]`: where digit (0..9) may go in the band.
    cand: [u32; 27],
    /// The cells of each band not yet filled.
    open: [u32; 3],
    /// The sets of `cand` (bit `3 * digit + band`) changed since
    /// [`Board::propagate`] last ran: by the givens, or by a guess.
    dirty: u32,
}

impl Board {
    /// The board of a puzzle's givens, or `Dead` when they clash.
    fn new(puzzle: &Grid) -> Result<Board, Dead> {
        let mut board = Board { cand: [BAND; 27], open: [BAND; 3], dirty: EVERY_SET };
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                board.place(usize::from(d) - 1, cell / 27, 1 << (cell % 27))?;
            }
        }
        Ok(board)
    }

    /// Takes `cells` out of one set; its bit if it changed. Callers gather
    /// the bits in a local word: noting each in the board would make one
    /// long chain of updates of the same memory.
    #[inline(always)]
    fn clear(&mut self, at: usize, cells: u32) -> u32 {
        let old = self.cand[at];
        let new = old & !cells;
        self.cand[at] = new;
        u32::from(new != old) << at
    }

    /// A guess (or a given): [`Board::fill`], with the sets it changed noted
    /// for the next [`Board::propagate`].
    fn place(&mut self, digit: usize, band: usize, bit: u32) -> Result<(), Dead> {
        let changed = self.fill(digit, band, bit)?;
        self.dirty |= changed;
        Ok(())
    }

    /// Puts `digit` in the cell `bit` of `band`: the digit leaves the cell's
    /// row, box and column, the other digits leave the cell. The sets it
    /// changed.
    #[inline(always)]
    fn fill(&mut self, digit: usize, band: usize, bit: u32) -> Result<u32, Dead> {
        let at = 3 * digit + band;
        if self.cand[at] & bit == 0 {
            return Err(Dead);
        }
        let cell = bit.trailing_zeros() as usize;
        let column = columns(1 << (cell % 9));
        let mut changed = 0;
        for other in OTHER_BANDS[band] {
            changed |= self.clear(3 * digit + other, column);
        }
        for d in 0..9 {
            if d != digit {
                changed |= self.clear(3 * d + band, bit);
            }
        }
        changed |= self.clear(at, PEERS_IN_BAND[cell]);
        self.open[band] &= !bit;
        Ok(changed)
    }

    /// Applies the band rules to one digit's candidates in one band; the
    /// sets changed (this one among them if it did).
    #[inline(always)]
    fn band_rules(&mut self, at: usize) -> Result<u32, Dead> {
        let (digit, band) = (at / 3, at % 3);
        let cells = self.cand[at];
        let segments = BOXES_OF_ROW[(cells & 0x1ff) as usize]
            | BOXES_OF_ROW[((cells >> 9) & 0x1ff) as usize] << 3
            | BOXES_OF_ROW[(cells >> 18) as usize] << 6;
        let kept = cells & KEPT[segments as usize];
        if kept == 0 {
            return Err(Dead);
        }
        let mut changed = u32::from(kept != cells) << at;
        self.cand[at] = kept;
        // A box whose candidates lie in one column (a cell fixed, or
        // pointing): the digit leaves that column in the other bands.
        let locked = columns(LOCKED_COLUMNS[fold(kept) as usize]);
        for other in OTHER_BANDS[band] {
            changed |= self.clear(3 * digit + other, locked);
        }
        let fixed = alone_in_row(kept) & self.open[band];
        if fixed != 0 {
            self.open[band] &= !fixed;
            for d in 0..9 {
                if d != digit {
                    changed |= self.clear(3 * d + band, fixed);
                }
            }
        }
        Ok(changed)
    }

    /// Fills what the rules force, until nothing changes: the band rules
    /// on every set that changed, then naked singles, then the column
    /// rules on the digits whose sets changed, the cheaper first.
    fn propagate(&mut self) -> Result<(), Dead> {
        // Kept in registers, not in the board, while the rules run.
        let mut dirty = self.dirty;
        let mut touched = dirty;
        loop {
            while dirty != 0 {
                let at = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let changed = self.band_rules(at)?;
                // The band rules leave their own set as they want it.
                dirty |= changed & !(1 << at);
                touched |= changed;
            }
            let mut changed = self.naked_singles()?;
            if changed == 0 {
                changed = self.column_rules(touched)?;
                touched = 0;
                if changed == 0 {
                    self.dirty = 0;
                    return Ok(());
                }
            }
            dirty |= changed;
            touched |= changed;
        }
    }

    /// For each digit with a set in `touched`, its columns across the
    /// bands: every column must have it somewhere, and a column that has it
    /// in one band only claims it for that band's box (which finds hidden
    /// singles in columns). The sets changed.
    fn column_rules(&mut self, touched: u32) -> Result<u32, Dead> {
        let mut changed = 0;
        let mut digits = touched;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize / 3;
            digits &= !(7 << (3 * digit));
            let cols = [0, 1, 2].map(|band| fold(self.cand[3 * digit + band]));
            if cols[0] | cols[1] | cols[2] != 0x1ff {
                return Err(Dead);
            }
            for band in 0..3 {
                let [a, b] = OTHER_BANDS[band];
                let claimed = CLAIMED[(cols[band] & !cols[a] & !cols[b]) as usize];
                if claimed == u32::MAX {
                    return Err(Dead);
                }
                changed |= self.clear(3 * digit + band, columns(claimed));
            }
        }
        Ok(changed)
    }

    /// Fills the open cells left with one candidate; the sets changed.
    fn naked_singles(&mut self) -> Result<u32, Dead> {
        let mut changed = 0;
        for band in 0..3 {
            let open = self.open[band];
            if open == 0 {
                continue;
            }
            let (mut one, mut two) = (0, 0);
            for d in 0..9 {
                let cells = self.cand[3 * d + band];
                two |= one & cells;
                one |= cells;
            }
            if open & !one != 0 {
                return Err(Dead);
            }
            let single = open & !two;
            if single == 0 {
                continue;
            }
            for d in 0..9 {
                let mut cells = single & self.cand[3 * d + band];
                while cells != 0 {
                    let bit = cells & cells.wrapping_neg();
                    changed |= self.fill(d, band, bit)?;
                    cells ^= bit;
                }
            }
        }
        Ok(changed)
    }

    fn solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// The cell to guess on (band, bit) and its candidates (bit per digit):
    /// the first cell with two candidates in the band with most open cells
    /// (on the benchmark sets, fewer guesses than the first such cell of
    /// the grid), else the first open cell with fewest.
    fn choose(&self) -> (usize, u32, u32) {
        let mut pick = None;
        let mut most_open = 0;
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0, 0, 0);
            for d in 0..9 {
                let cells = self.cand[3 * d + band];
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            let pairs = self.open[band] & two & !three;
            let open = self.open[band].count_ones();
            if pairs != 0 && open > most_open {
                most_open = open;
                pick = Some((band, pairs & pairs.wrapping_neg()));
            }
        }
        if let Some((band, bit)) = pick {
            return (band, bit, self.digits(band, bit));
        }
        let mut best = (0, 0, 0);
        let mut fewest = u32::MAX;
        for band in 0..3 {
            let mut open = self.open[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let digits = self.digits(band, bit);
                if digits.count_ones() < fewest {
                    fewest = digits.count_ones();
                    best = (band, bit, digits);
                }
            }
        }
        best
    }

    /// The candidates of a cell, bit `d` for digit `d` (0..9).
    fn digits(&self, band: usize, bit: u32) -> u32 {
        (0..9).filter(|&d| self.cand[3 * d + band] & bit != 0).fold(0, |m, d| m | 1 << d)
    }

    /// The filled grid of a solved board.
    fn grid(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for d in 0..9 {
            for band in 0..3 {
                let mut set = self.cand[3 * d + band];
                while set != 0 {
                    cells[27 * band + set.trailing_zeros() as usize] = d as u8 + 1;
                    set &= set - 1;
                }
            }
        }
        Grid { cells }
    }
}

/// A depth-first search that stops at its limit.
struct Search {
    limit: usize,
    solutions: Vec<Grid>,
    guesses: u64,
}

impl Search {
    fn done(&self) -> bool {
        self.solutions.len() >= self.limit
    }

    fn run(&mut self, mut board: Board) {
        loop {
            if board.propagate().is_err() {
                return;
            }
            if board.solved() {
                self.solutions.push(board.grid());
                return;
            }
            let (band, bit, mut digits) = board.choose();
            // Every candidate but the last on a copy; once one is searched
            // through it leaves the cell, and the last is taken in place.
            while digits.count_ones() > 1 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut next = board;
                self.guesses += 1;
                if next.place(d, band, bit).is_ok() {
                    self.run(next);
                    if self.done() {
                        return;
                    }
                }
                board.dirty |= board.clear(3 * d + band, bit);
            }
            self.guesses += 1;
            if board.place(digits.trailing_zeros() as usize, band, bit).is_err() {
                return;
            }
        }
    }
}

/// Solves a puzzle, stopping at `limit` solutions (2 proves uniqueness),
/// and checks every solution with the independent [`verify`]. The nodes
/// counted are the guesses. Clashing givens give no solution.
pub fn solve(puzzle: &Grid, limit: usize) -> Result<SolveReport, SudokuError> {
    let start = Instant::now();
    let mut search = Search { limit, solutions: Vec::new(), guesses: 0 };
    if limit > 0
        && let Ok(board) = Board::new(puzzle)
    {
        search.run(board);
    }
    for solution in &search.solutions {
        verify(puzzle, solution).map_err(SudokuError::WrongSolution)?;
    }
    let stats = Stats {
        solutions: search.solutions.len() as u64,
        nodes: search.guesses,
        probes: 0,
        elapsed: start.elapsed(),
        exhausted: !search.done(),
    };
    Ok(SolveReport { solutions: search.solutions, stats })
}
