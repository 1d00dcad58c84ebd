//! A solver made for Sudoku, beside the engine: the candidates as bit sets,
//! one 27-bit set per digit and band (three rows, nine columns), so that one
//! integer operation looks at a whole row, box or band at once.
//!
//! Within a band a digit takes one cell in each row and in each box: its
//! three cells lie in three of the nine row-box segments, one per row and
//! box, a 3x3 permutation. A table keeps the segments that some permutation
//! through the digit's candidates uses, which finds pointing and claiming
//! within the band and, with rows left with one cell, hidden singles in
//! rows and boxes. A box whose candidates lie in one column takes that
//! column from the other bands (which is also what keeps a column from
//! holding a digit twice). A cell fixed leaves the other digits' sets.
//! These band rules run on every set that changed since they last saw it,
//! until none did; then naked singles, from counting over the nine digits
//! which cells have one candidate (and which two: the cells to guess on).
//! When that stops too, the columns across the bands: a column with no
//! place for a digit is a dead end, and a column left to one band claims
//! its box there (hidden singles in columns). Only when all of that stops
//! does the search guess, on a cell with two candidates in the band with
//! most open cells, else on an open cell with fewest.
//!
//! The search copies the board (a few hundred bytes, no allocation) for
//! every candidate of a guess but the last, which it takes in place. Plain
//! integer code on `u32`s, nothing that depends on the processor: where a
//! branch would be guessed wrong often (which sets changed, which digits a
//! fixed cell leaves) the code does the work for all of them instead.

use std::time::Instant;

use multicover::Stats;

use super::encode::SolveReport;
use super::error::SudokuError;
use super::grid::{CELLS, Grid};
use super::verify;

/// A band's 27 cells.
const BAND: u32 = (1 << 27) - 1;

/// A row of a band: nine cells.
const ROW: u32 = 0x1ff;

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

/// For a cell of a band (0..27), the band's cells a digit placed there
/// leaves: all but the other cells of its row and box.
const AFTER_PLACING: [u32; 27] = {
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
        table[cell] = BAND & !(peers & !(1 << cell));
        cell += 1;
    }
    table
};

/// For a digit's columns in a band (nine bits), the cells it leaves in the
/// other two bands: a box with its candidates in one column holds the
/// digit there, so the other bands lose that column.
const IN_OTHER_BANDS: [u32; 512] = {
    let mut table = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut locked = 0;
        let mut b = 0;
        while b < 3 {
            let within = ((cols >> (3 * b)) & 7) as u32;
            if within.count_ones() == 1 {
                locked |= within << (3 * b);
            }
            b += 1;
        }
        table[cols] = BAND & !columns(locked);
        cols += 1;
    }
    table
};

/// For a row of a band (nine bits), the row itself if it has one cell, else 0.
const ALONE: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        if (row as u32).count_ones() == 1 {
            table[row] = row as u32;
        }
        row += 1;
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
const fn fold(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW
}

/// A band's cells of the columns of a nine-bit set.
const fn columns(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// A board that breaks the rules: no solution below it.
struct Dead;

/// The state of a search: candidates per digit and band, and what the
/// rules last saw of them. Copied for a guess.
#[derive(Clone, Copy)]
struct Board {
    /// `cand[3 * digit + band]`: where digit (0..9) may go in the band.
    cand: [u32; 27],
    /// Each set as the band rules last left it (at first none): a set that
    /// differs has changed since, and is looked at again.
    seen: [u32; 27],
    /// The cells of each band not yet fixed.
    open: [u32; 3],
    /// The open cells of each band with two candidates, as the last count
    /// of naked singles found them.
    pairs: [u32; 3],
    /// Each digit's columns (nine bits per band) when the column rules
    /// last looked at them.
    columns_seen: [u32; 9],
}

impl Board {
    /// The board of a puzzle's givens, or `Dead` when they clash.
    fn new(puzzle: &Grid) -> Result<Board, Dead> {
        let mut board = Board {
            cand: [BAND; 27],
            seen: [u32::MAX; 27],
            open: [BAND; 3],
            pairs: [0; 3],
            columns_seen: [u32::MAX; 9],
        };
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                board.give(3 * (usize::from(d) - 1) + cell / 27, cell % 27)?;
            }
        }
        Ok(board)
    }

    /// Puts a given in the cell (0..27) of the set `at`: every set it
    /// bears on is cleared at once, as a given may clash with a later one.
    fn give(&mut self, at: usize, cell: usize) -> Result<(), Dead> {
        let (digit, band, bit) = (at / 3, at % 3, 1 << cell);
        if self.cand[at] & bit == 0 {
            return Err(Dead);
        }
        for d in 0..9 {
            self.cand[3 * d + band] &= !bit;
        }
        for b in 0..3 {
            self.cand[3 * digit + b] &= !columns(1 << (cell % 9));
        }
        self.cand[at] |= bit;
        self.cand[at] &= AFTER_PLACING[cell];
        self.open[band] &= !bit;
        Ok(())
    }

    /// Puts the digit of set `at` in the cell `bit`, a candidate there:
    /// only its row and box in the band are cleared now, the rest follows
    /// from the band rules, which see the set changed.
    #[inline(always)]
    fn place(&mut self, at: usize, bit: u32) {
        self.cand[at] &= AFTER_PLACING[bit.trailing_zeros() as usize];
    }

    /// The band rules on the set `at`.
    #[inline(always)]
    fn band_rules(&mut self, at: usize) -> Result<(), Dead> {
        let band = at % 3;
        let cells = self.cand[at];
        let segments = BOXES_OF_ROW[(cells & ROW) as usize]
            | BOXES_OF_ROW[((cells >> 9) & ROW) as usize] << 3
            | BOXES_OF_ROW[(cells >> 18) as usize] << 6;
        let kept = cells & KEPT[segments as usize];
        if kept == 0 {
            return Err(Dead);
        }
        // All three of the digit's sets, this one put back below: no
        // branch on which band.
        let others = IN_OTHER_BANDS[fold(kept) as usize];
        let digit = at - band;
        self.cand[digit] &= others;
        self.cand[digit + 1] &= others;
        self.cand[digit + 2] &= others;
        // Rows left with one cell: the cell is the digit's, and every
        // digit leaves it, this one put back below (rows fixed before are
        // cleared again: cheaper than a branch).
        let fixed = ALONE[(kept & ROW) as usize]
            | ALONE[((kept >> 9) & ROW) as usize] << 9
            | ALONE[(kept >> 18) as usize] << 18;
        self.open[band] &= !fixed;
        let sets = &mut self.cand[band..];
        for k in 0..9 {
            sets[3 * k] &= !fixed;
        }
        self.cand[at] = kept;
        self.seen[at] = kept;
        Ok(())
    }

    /// The band rules until no set changes: in rounds, each on the sets
    /// that differ from what the rules last saw of them. The sets are
    /// compared all at once, without a branch per set (which the processor
    /// would often guess wrong), and only those that changed are visited.
    fn band_rules_until_still(&mut self) -> Result<(), Dead> {
        loop {
            let mut changed = 0u32;
            for at in 0..27 {
                changed |= u32::from(self.cand[at] != self.seen[at]) << at;
            }
            if changed == 0 {
                return Ok(());
            }
            while changed != 0 {
                let at = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.band_rules(at)?;
            }
        }
    }

    /// Places the open cells left with one candidate, and notes the cells
    /// with two; whether any was placed.
    fn naked_singles(&mut self) -> Result<bool, Dead> {
        let mut placed = false;
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0, 0, 0);
            let mut at = band;
            while at < 27 {
                let cells = self.cand[at];
                three |= two & cells;
                two |= one & cells;
                one |= cells;
                at += 3;
            }
            if one != BAND {
                return Err(Dead);
            }
            self.pairs[band] = two & !three;
            let mut single = self.open[band] & !two;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single ^= bit;
                // Its one digit, unless a single placed before it in this
                // pass took it from the cell: then none is left.
                let mut at = band;
                while self.cand[at] & bit == 0 {
                    at += 3;
                    if at >= 27 {
                        return Err(Dead);
                    }
                }
                self.place(at, bit);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// For every digit, its columns across the bands: each must have it
    /// somewhere, and a column that has it in one band only claims it for
    /// that band's box. Whether a set changed.
    fn column_rules(&mut self) -> Result<bool, Dead> {
        let mut changed = 0;
        for digit in 0..9 {
            let at = 3 * digit;
            let cols = [fold(self.cand[at]), fold(self.cand[at + 1]), fold(self.cand[at + 2])];
            // Columns as they were when last looked at: nothing new to find.
            let packed = cols[0] | cols[1] << 9 | cols[2] << 18;
            if self.columns_seen[digit] == packed {
                continue;
            }
            self.columns_seen[digit] = packed;
            if cols[0] | cols[1] | cols[2] != ROW {
                return Err(Dead);
            }
            let only = [cols[0] & !(cols[1] | cols[2]), cols[1] & !(cols[0] | cols[2]), cols[2] & !(cols[0] | cols[1])];
            for band in 0..3 {
                let claimed = CLAIMED[only[band] as usize];
                if claimed == u32::MAX {
                    return Err(Dead);
                }
                let old = self.cand[at + band];
                let new = old & !columns(claimed);
                self.cand[at + band] = new;
                changed |= old ^ new;
            }
        }
        Ok(changed != 0)
    }

    /// Fills what the rules force, until nothing changes, the cheaper rules
    /// first.
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            self.band_rules_until_still()?;
            if self.solved() {
                return Ok(());
            }
            if self.naked_singles()? {
                continue;
            }
            if !self.column_rules()? {
                return Ok(());
            }
        }
    }

    fn solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// The cell to guess on (band, bit): the first cell with two candidates
    /// in the band with most open cells (on the benchmark sets, fewer
    /// guesses than the first such cell of the grid), else the first open
    /// cell with fewest.
    fn choose(&self) -> (usize, u32) {
        let mut pick = None;
        let mut most_open = 0;
        for band in 0..3 {
            let pairs = self.pairs[band];
            let open = self.open[band].count_ones();
            if pairs != 0 && open > most_open {
                most_open = open;
                pick = Some((band, pairs & pairs.wrapping_neg()));
            }
        }
        if let Some(pick) = pick {
            return pick;
        }
        let mut best = (0, 0);
        let mut fewest = u32::MAX;
        for band in 0..3 {
            let mut open = self.open[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let count = (0..9).filter(|&d| self.cand[3 * d + band] & bit != 0).count() as u32;
                if count < fewest {
                    fewest = count;
                    best = (band, bit);
                }
            }
        }
        best
    }

    /// The filled grid of a solved board.
    fn grid(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (at, &set) in self.cand.iter().enumerate() {
            let mut set = set;
            while set != 0 {
                cells[27 * (at % 3) + set.trailing_zeros() as usize] = (at / 3) as u8 + 1;
                set &= set - 1;
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

    /// Searches below a board whose rules have run.
    fn run(&mut self, mut board: Board) {
        loop {
            if board.solved() {
                self.solutions.push(board.grid());
                return;
            }
            let (band, bit) = board.choose();
            // Every candidate but the last on a copy; once one is searched
            // through it leaves the cell, and the last is taken in place.
            let mut at = band;
            let mut last = None;
            while at < 27 {
                if board.cand[at] & bit != 0 {
                    if let Some(prev) = last {
                        let mut next = board;
                        next.place(prev, bit);
                        self.guesses += 1;
                        if next.propagate().is_ok() {
                            self.run(next);
                            if self.done() {
                                return;
                            }
                        }
                        board.cand[prev] &= !bit;
                    }
                    last = Some(at);
                }
                at += 3;
            }
            let Some(at) = last else { return };
            board.place(at, bit);
            self.guesses += 1;
            if board.propagate().is_err() {
                return;
            }
        }
    }
}

/// Solves a puzzle, stopping at `limit` solutions (2 proves uniqueness),
/// and checks every solution with the independent [`verify`]. The nodes
/// counted are the guesses. Clashing givens give no solution.
pub(super) fn solve(puzzle: &Grid, limit: usize) -> Result<SolveReport, SudokuError> {
    let start = Instant::now();
    let mut search = Search { limit, solutions: Vec::new(), guesses: 0 };
    if limit > 0
        && let Ok(mut board) = Board::new(puzzle)
        && board.propagate().is_ok()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::sudoku::generate::random_full_grid;

    /// Clues kept from a random full grid, `keep` of them.
    fn clues_of(full: &Grid, keep: usize, rng: &mut Rng) -> Grid {
        let mut order: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut order);
        let mut cells = [0u8; CELLS];
        for &c in &order[..keep] {
            cells[c] = full.cells()[c];
        }
        Grid { cells }
    }

    /// Whether a board still has `grid`'s digit as a candidate in every cell.
    fn keeps(board: &Board, grid: &Grid) -> bool {
        grid.cells()
            .iter()
            .enumerate()
            .all(|(cell, &d)| board.cand[3 * (usize::from(d) - 1) + cell / 27] & (1 << (cell % 27)) != 0)
    }

    #[test]
    fn the_rules_never_take_a_candidate_a_solution_uses() {
        // Every rule only removes what no solution can use: below the clues
        // of a full grid, that grid survives all of them, and a board the
        // rules leave with every cell fixed is that grid.
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let full = random_full_grid(&mut rng);
            let keep = rng.between(17, 45);
            let puzzle = clues_of(&full, keep, &mut rng);
            let Ok(mut board) = Board::new(&puzzle) else { panic!("{puzzle}: clues of a full grid clash") };
            assert!(board.propagate().is_ok(), "{puzzle}: a dead end below a solution");
            assert!(keeps(&board, &full), "{puzzle}: a candidate of {full} taken");
            if board.solved() {
                assert_eq!(board.grid(), full, "{puzzle}");
            }
            // And after placing one more of the grid's digits, as a guess does.
            let open: Vec<usize> = (0..CELLS).filter(|&c| board.open[c / 27] & (1 << (c % 27)) != 0).collect();
            if let Some(&cell) = open.get(rng.below(open.len().max(1))) {
                board.place(3 * (usize::from(full.cells()[cell]) - 1) + cell / 27, 1 << (cell % 27));
                assert!(board.propagate().is_ok(), "{puzzle}: a dead end after a right guess");
                assert!(keeps(&board, &full), "{puzzle}: a candidate of {full} taken after a guess");
            }
        }
    }

    #[test]
    fn it_counts_as_the_engine_does_on_puzzles_with_a_few_solutions() {
        // Few clues kept: tens to hundreds of solutions, every one found and
        // counted by both solvers, the two lists the same.
        let mut rng = Rng::new(11);
        let mut counted = 0;
        for _ in 0..60 {
            let full = random_full_grid(&mut rng);
            let keep = rng.between(22, 28);
            let puzzle = clues_of(&full, keep, &mut rng);
            let fast = solve(&puzzle, 2000).unwrap();
            let slow = crate::sudoku::solve(&puzzle, 2000, crate::sudoku::Method::Engine(Default::default())).unwrap();
            assert_eq!(fast.solutions.len(), slow.solutions.len(), "{puzzle}");
            assert_eq!(fast.stats.exhausted, slow.stats.exhausted, "{puzzle}");
            if fast.stats.exhausted {
                let (mut a, mut b) = (fast.solutions, slow.solutions);
                a.sort_by_key(|g| *g.cells());
                b.sort_by_key(|g| *g.cells());
                assert_eq!(a, b, "{puzzle}");
                assert!(a.contains(&full), "{puzzle}");
                counted += usize::from(a.len() > 2);
            }
        }
        assert!(counted >= 10, "too few puzzles with several solutions: {counted}");
    }

    #[test]
    fn the_tables_agree_with_their_definitions() {
        // A band's segments by brute force: the cells of the segments some
        // permutation (one per row and box) uses.
        for segments in 0..512u32 {
            let mut cells = 0;
            for a in 0..3 {
                for b in 0..3 {
                    for c in 0..3 {
                        let boxes = [a, b, c];
                        if a == b || b == c || a == c || (0..3).any(|r| segments & (1 << (3 * r + boxes[r])) == 0) {
                            continue;
                        }
                        cells |= (0..3).fold(0, |m, r| m | 7 << (9 * r + 3 * boxes[r]));
                    }
                }
            }
            assert_eq!(KEPT[segments as usize], cells, "{segments:09b}");
        }
        for (cell, &after) in AFTER_PLACING.iter().enumerate() {
            let peers = (0..27)
                .filter(|&o| o != cell && (o / 9 == cell / 9 || o % 9 / 3 == cell % 9 / 3))
                .fold(0u32, |m, o| m | 1 << o);
            assert_eq!(after, BAND & !peers, "cell {cell}");
        }
    }
}
