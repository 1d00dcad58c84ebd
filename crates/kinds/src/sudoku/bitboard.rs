//! A solver made for Sudoku, beside the engine: the candidates as bit sets,
//! one 27-bit set per digit and band (three rows, nine columns), so that one
//! integer operation looks at a whole row, box or band at once.
//!
//! Within a band a digit takes one cell in each row and in each box: its
//! three cells lie in three of the nine row-box segments, one per row and
//! box, a 3x3 permutation. A table keeps the segments that some permutation
//! through the digit's candidates uses, which finds pointing and claiming
//! (locked candidates) and, with rows left with one cell, hidden singles in
//! rows and boxes. A digit fixed in a row leaves the other bands' cells of
//! its column and the other digits' candidates of its cell. Naked singles
//! come from counting, over the nine digits, which cells have one
//! candidate. Only when all of that stops does the search guess, on a cell
//! with two candidates where there is one, else on one with fewest.
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

/// The state of a search: candidates per digit and band, and the cells not
/// yet filled. Copied whole at each guess (228 bytes).
#[derive(Clone, Copy)]
struct Board {
    /// `cand[3 * digit + band]`: where digit (0..9) may go in the band.
    cand: [u32; 27],
    /// Each set as the band rules last left it, so that only sets that
    /// changed since are looked at again.
    seen: [u32; 27],
    /// The cells of each band not yet filled.
    open: [u32; 3],
}

impl Board {
    /// The board of a puzzle's givens, or `Dead` when they clash.
    fn new(puzzle: &Grid) -> Result<Board, Dead> {
        let mut board = Board { cand: [BAND; 27], seen: [0; 27], open: [BAND; 3] };
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                board.place(usize::from(d) - 1, cell / 27, 1 << (cell % 27))?;
            }
        }
        Ok(board)
    }

    /// Puts `digit` in the cell `bit` of `band`: the digit leaves the cell's
    /// row, box and column, the other digits leave the cell.
    fn place(&mut self, digit: usize, band: usize, bit: u32) -> Result<(), Dead> {
        let at = 3 * digit + band;
        if self.cand[at] & bit == 0 {
            return Err(Dead);
        }
        let cell = bit.trailing_zeros() as usize;
        let kept = self.cand[at] & !PEERS_IN_BAND[cell];
        let column = columns(1 << (cell % 9));
        for other in OTHER_BANDS[band] {
            self.cand[3 * digit + other] &= !column;
        }
        for d in 0..9 {
            self.cand[3 * d + band] &= !bit;
        }
        self.cand[at] = kept;
        self.open[band] &= !bit;
        Ok(())
    }

    /// Applies the band rules to one digit's candidates in one band.
    fn band_rules(&mut self, at: usize) -> Result<(), Dead> {
        let (digit, band) = (at / 3, at % 3);
        let cells = self.cand[at];
        let segments = BOXES_OF_ROW[(cells & 0x1ff) as usize]
            | BOXES_OF_ROW[((cells >> 9) & 0x1ff) as usize] << 3
            | BOXES_OF_ROW[(cells >> 18) as usize] << 6;
        let cells = cells & KEPT[segments as usize];
        if cells == 0 {
            return Err(Dead);
        }
        self.cand[at] = cells;
        self.seen[at] = cells;
        let fixed = alone_in_row(cells) & self.open[band];
        if fixed != 0 {
            self.open[band] &= !fixed;
            let column = columns((fixed | fixed >> 9 | fixed >> 18) & 0x1ff);
            for other in OTHER_BANDS[band] {
                self.cand[3 * digit + other] &= !column;
            }
            for d in 0..9 {
                self.cand[3 * d + band] &= !fixed;
            }
            self.cand[at] = cells;
        }
        Ok(())
    }

    /// Fills what the rules force, until nothing changes.
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            loop {
                let mut changed = false;
                for at in 0..27 {
                    if self.cand[at] != self.seen[at] {
                        changed = true;
                        self.band_rules(at)?;
                    }
                }
                if !changed {
                    break;
                }
            }
            if !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    /// Fills the open cells left with one candidate; whether there were any.
    fn naked_singles(&mut self) -> Result<bool, Dead> {
        let mut any = false;
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
            any = true;
            for d in 0..9 {
                let mut cells = single & self.cand[3 * d + band];
                while cells != 0 {
                    let bit = cells & cells.wrapping_neg();
                    self.place(d, band, bit)?;
                    cells ^= bit;
                }
            }
        }
        Ok(any)
    }

    fn solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// The cell to guess on (band, bit) and its candidates (bit per digit):
    /// the first open cell with two candidates, else the first with fewest.
    fn choose(&self) -> (usize, u32, u32) {
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0, 0, 0);
            for d in 0..9 {
                let cells = self.cand[3 * d + band];
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            let pairs = self.open[band] & two & !three;
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                return (band, bit, self.digits(band, bit));
            }
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
                board.cand[3 * d + band] &= !bit;
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
