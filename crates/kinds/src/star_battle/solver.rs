//! Star Battle's own solver, beside the engine's model ([`super::encode`]):
//! the reasoning its human solvers do, which the engine cannot state. On
//! the engine a 14x14 puzzle of 3 stars took tens of milliseconds and a
//! 25x25 of 6 stars most of a second; this solver settles the 25x25 without
//! branching (docs/benchmarks-family.md, "Solved and proved unique").
//!
//! A cell is unknown, a star or empty. A *unit* is a row, a column or a
//! region; each must end with exactly the puzzle's stars. Settling a grid
//! applies, until nothing changes:
//!
//! - a star empties the eight cells around it;
//! - a unit holding its stars empties its other cells, and a unit with just
//!   as many unknown cells as stars to place stars them all;
//! - no 2x2 block holds two stars, so along a *strip* (one line, or two
//!   neighbouring rows or columns) a run of `k` positions with an unknown
//!   cell holds at most `k / 2` rounded up: a strip fails when its runs
//!   cannot hold the stars its lines lack, and when they can just hold
//!   them, each run of odd length has its stars at every other position
//!   from its first (the positions between are empty);
//! - a region holds at most what the slabs of two rows (or two columns)
//!   its unknown cells fall in can hold, counted as strips are;
//! - counting across units (*bands*): the regions whose stars can only lie
//!   within `k` neighbouring rows hold `k` rows' worth of stars, so when
//!   there are `k` of them the rest of those rows is empty; when only `k`
//!   regions reach into the `k` rows at all, those regions' cells outside
//!   them are empty. The same for columns, and for columns against rows.
//!
//! Then it probes: each unknown cell, unit by unit, the tightest unit of
//! those left first (weighed again after each unit, as the failed probes
//! tighten them), is given a star in a copy of the grid and settled (bands
//! left out: they cost more than the rest), and the cells where that fails
//! are empty. A
//! unit that lacks a star will have it in one of its unknown cells, so
//! whatever a star in each of them empties is empty. Once a round of probes
//! finds nothing, the units with few ways left to place their stars try
//! each way; what all the ways that fit agree on is so. A cell is probed
//! again only where its units moved since.
//!
//! Only then does it branch: in the unit with the fewest unknown cells for
//! the stars it lacks, on the cell whose star empties the fewest others; a
//! star there, else empty there. The search walks the whole tree (up to the
//! number of answers asked for), so one answer found with the tree walked
//! is proved the only one.

use std::time::Instant;

use multicover::Stats;

use super::StarBattle;

/// A line's cells as a bit set, bit `i` its `i`-th cell: the solver takes
/// grids of a side up to its bits ([`MAX_SIDE`]).
type Line = u64;
const BITS: usize = Line::BITS as usize;

/// The largest side the solver takes; the engine solves the others.
pub(super) const MAX_SIDE: usize = BITS;

const UNKNOWN: u8 = 0;
const STAR: u8 = 1;
const EMPTY: u8 = 2;

/// What does not change while solving one puzzle: its units and which
/// cells touch. Units are numbered rows `0..n`, columns `n..2n`, regions
/// `2n..3n`.
struct Grid {
    side: usize,
    stars: u16,
    /// The cells of each unit, in row-major order.
    unit_cells: Vec<Vec<u16>>,
    /// The row, column and region of each cell.
    units_of: Vec<[u16; 3]>,
    /// Each region's cells as `(row, the columns' bit set)`, one entry a
    /// row it has cells in, by row; and the same by column.
    region_rows: Vec<Vec<(usize, Line)>>,
    region_cols: Vec<Vec<(usize, Line)>>,
}

/// What the search changes: each cell's state, and per unit its stars and
/// unknown cells.
#[derive(Clone, Default)]
struct State {
    cells: Vec<u8>,
    stars: Vec<u16>,
    unknown: Vec<u16>,
    /// The unknown cells of each line (rows, then columns) as a bit set:
    /// bit `c` of a row is its cell in column `c`, bit `r` of a column its
    /// cell in row `r`.
    open: Vec<Line>,
}

/// What probing found below a node, true of every grid below it: the
/// grid it last probed, and the cells a star in each cell empties (a bit
/// set of `cells / 64` words rounded up per cell; none where not probed).
#[derive(Clone, Default)]
struct Probed {
    before: Vec<u8>,
    emptied_by: Vec<u64>,
}

/// The search's scratch: the units waiting to be settled, and the run's
/// counts.
struct Search<'a> {
    grid: &'a Grid,
    queue: Vec<u16>,
    queued: Vec<bool>,
    /// The cells emptied since it was last cleared (each probe clears it).
    emptied: Vec<u16>,
    /// The copy of the grid each probe works on, kept to reuse its memory.
    trial: State,
    stats: Stats,
}

/// The puzzle's solutions, up to `limit`, each as its stars, with what the
/// search did; `stats.exhausted` when the whole tree was walked.
pub(super) fn solve(puzzle: &StarBattle, limit: usize) -> (Vec<Vec<bool>>, Stats) {
    let start = Instant::now();
    let grid = Grid::new(puzzle);
    let units = grid.unit_cells.len();
    // Rows, columns and regions, then the strips of two rows and of two columns.
    let queued = units + 2 * grid.side.saturating_sub(1);
    let mut search = Search {
        grid: &grid,
        queue: Vec::with_capacity(queued),
        queued: vec![false; queued],
        emptied: Vec::new(),
        trial: State::default(),
        stats: Stats::default(),
    };
    let mut state = State {
        cells: vec![UNKNOWN; grid.side * grid.side],
        stars: vec![0; units],
        unknown: grid.unit_cells.iter().map(|cells| cells.len() as u16).collect(),
        open: vec![Line::MAX >> (BITS - grid.side); 2 * grid.side],
    };
    let mut solutions = Vec::new();
    let exhausted = if limit == 0 {
        false
    } else {
        for unit in 0..queued {
            search.enqueue(unit);
        }
        search.walk(&mut state, &mut Probed::default(), limit, &mut solutions)
    };
    search.stats.solutions = solutions.len() as u64;
    search.stats.exhausted = exhausted;
    search.stats.elapsed = start.elapsed();
    (solutions, search.stats)
}

impl Grid {
    fn new(puzzle: &StarBattle) -> Grid {
        let n = puzzle.side();
        let mut unit_cells = vec![Vec::with_capacity(n); 3 * n];
        let mut units_of = Vec::with_capacity(n * n);
        // Each region's bit set of columns in each row, and of rows in each column.
        let mut by_row: Vec<Line> = vec![0; n * n];
        let mut by_col: Vec<Line> = vec![0; n * n];
        for cell in 0..n * n {
            let (row, col, region) = (cell / n, cell % n, puzzle.region(cell));
            let units = [row, n + col, 2 * n + region];
            for unit in units {
                unit_cells[unit].push(cell as u16);
            }
            units_of.push(units.map(|u| u as u16));
            by_row[region * n + row] |= 1 << col;
            by_col[region * n + col] |= 1 << row;
        }
        let lines = |masks: &[Line]| -> Vec<Vec<(usize, Line)>> {
            masks
                .chunks(n)
                .map(|lines| lines.iter().copied().enumerate().filter(|&(_, cells)| cells != 0).collect())
                .collect()
        };
        Grid {
            side: n,
            stars: puzzle.stars() as u16,
            unit_cells,
            units_of,
            region_rows: lines(&by_row),
            region_cols: lines(&by_col),
        }
    }

    /// The strips of two rows or two columns a cell is in, numbered after
    /// the units: `3n + r` for rows `r` and `r + 1`, `4n - 1 + c` for
    /// columns `c` and `c + 1`.
    fn strips_of(&self, cell: usize) -> impl Iterator<Item = usize> {
        let n = self.side;
        let (row, col) = (cell / n, cell % n);
        let pairs = move |line: usize| line.saturating_sub(1)..(line + 1).min(n - 1);
        pairs(row).map(move |pair| 3 * n + pair).chain(pairs(col).map(move |pair| 4 * n - 1 + pair))
    }
}

impl Search<'_> {
    fn enqueue(&mut self, unit: usize) {
        if !self.queued[unit] {
            self.queued[unit] = true;
            self.queue.push(unit as u16);
        }
    }

    fn clear_queue(&mut self) {
        for &unit in &self.queue {
            self.queued[unit as usize] = false;
        }
        self.queue.clear();
    }

    /// Takes a cell that was unknown out of its lines' bit sets.
    fn close(&self, state: &mut State, cell: usize) {
        let n = self.grid.side;
        let (row, col) = (cell / n, cell % n);
        state.open[row] &= !(1 << col);
        state.open[n + col] &= !(1 << row);
    }

    /// Puts a star in a cell and empties the cells around it. False when
    /// that breaks a rule.
    fn star(&mut self, state: &mut State, cell: usize) -> bool {
        match state.cells[cell] {
            STAR => return true,
            EMPTY => return false,
            _ => {}
        }
        state.cells[cell] = STAR;
        self.close(state, cell);
        for unit in self.grid.units_of[cell] {
            let unit = unit as usize;
            state.stars[unit] += 1;
            state.unknown[unit] -= 1;
            if state.stars[unit] > self.grid.stars {
                return false;
            }
            self.enqueue(unit);
        }
        self.enqueue_strips(cell);
        // The cells touching it, diagonals included.
        let n = self.grid.side;
        let (row, col) = (cell / n, cell % n);
        for r in row.saturating_sub(1)..(row + 2).min(n) {
            for c in col.saturating_sub(1)..(col + 2).min(n) {
                if (r, c) != (row, col) && !self.empty(state, r * n + c) {
                    return false;
                }
            }
        }
        true
    }

    /// Empties a cell. False when it held a star, or its units can no
    /// longer be filled.
    fn empty(&mut self, state: &mut State, cell: usize) -> bool {
        match state.cells[cell] {
            EMPTY => return true,
            STAR => return false,
            _ => {}
        }
        state.cells[cell] = EMPTY;
        self.close(state, cell);
        self.emptied.push(cell as u16);
        for unit in self.grid.units_of[cell] {
            let unit = unit as usize;
            state.unknown[unit] -= 1;
            if state.stars[unit] + state.unknown[unit] < self.grid.stars {
                return false;
            }
            self.enqueue(unit);
        }
        self.enqueue_strips(cell);
        true
    }

    /// Applies every rule until nothing changes; with `bands`, the
    /// counting across units too. False when a rule breaks; the queue is
    /// empty either way.
    fn settle(&mut self, state: &mut State, bands: bool) -> bool {
        loop {
            while let Some(unit) = self.queue.pop() {
                self.queued[unit as usize] = false;
                if !self.settle_unit(state, unit as usize) {
                    self.clear_queue();
                    return false;
                }
            }
            if !bands {
                return true;
            }
            match self.bands(state) {
                None => {
                    self.clear_queue();
                    return false;
                }
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    fn settle_unit(&mut self, state: &mut State, unit: usize) -> bool {
        let grid = self.grid;
        if unit >= 3 * grid.side {
            return self.settle_pair(state, unit - 3 * grid.side);
        }
        let cells = &grid.unit_cells[unit];
        let need = grid.stars - state.stars[unit];
        let unknown = state.unknown[unit];
        if unknown == 0 {
            return need == 0;
        }
        if need == 0 {
            return cells.iter().all(|&cell| state.cells[cell as usize] != UNKNOWN || self.empty(state, cell as usize));
        }
        if unknown == need {
            return cells.iter().all(|&cell| state.cells[cell as usize] != UNKNOWN || self.star(state, cell as usize));
        }
        let n = grid.side;
        if unit < 2 * n {
            self.settle_strip(state, unit, 1, need)
        } else {
            // A 2x2 block holds four cells: no need to count.
            unknown >= 4 * need || self.region_most(state, unit) >= need
        }
    }

    /// Queues the strips of two lines a cell's change may move.
    fn enqueue_strips(&mut self, cell: usize) {
        let grid = self.grid;
        for strip in grid.strips_of(cell) {
            self.enqueue(strip);
        }
    }

    /// Settles a strip of `width` neighbouring lines from line unit `first`
    /// (one line, or two side by side) that lacks `need` stars. Along the
    /// strip, a position (the strip's cells across it) holds at most one
    /// star, and so do two neighbouring positions (a 2x2 block when the
    /// strip is two wide): a run of `k` positions with an unknown cell holds
    /// at most `k / 2` rounded up. When the runs can hold no more than the
    /// strip lacks, each run of odd length has its stars at every other
    /// position from its first: the positions between are empty, and a
    /// position left with one unknown cell stars it.
    fn settle_strip(&mut self, state: &mut State, first: usize, width: usize, need: u16) -> bool {
        let open = state.open[first..first + width].iter().fold(0, |open: Line, &line| open | line);
        // Each run holds at least half its positions: no need to count.
        if (open.count_ones() as u16).div_ceil(2) > need {
            return true;
        }
        let from_first = every_other(open);
        let most = from_first.count_ones() as u16;
        if most != need {
            return most > need;
        }
        // Every other position from each run's last: in a run of odd length
        // the same positions as from its first, in one of even length the
        // others.
        let from_last = every_other(open.reverse_bits() >> (BITS - self.grid.side)).reverse_bits()
            >> (BITS - self.grid.side);
        let between = open & !(from_first | from_last);
        let stars = from_first & from_last;
        let n = self.grid.side;
        let cell = |line: usize, position: usize| if line < n { line * n + position } else { position * n + line - n };
        for position in bits(between) {
            for line in first..first + width {
                if !self.empty(state, cell(line, position)) {
                    return false;
                }
            }
        }
        for position in bits(stars) {
            let mut unknown = (first..first + width).map(|line| cell(line, position)).filter(|&c| state.cells[c] == UNKNOWN);
            if let (Some(cell), None) = (unknown.next(), unknown.next())
                && !self.star(state, cell)
            {
                return false;
            }
        }
        true
    }

    /// Settles the strip of two lines `pair` (rows `pair` and `pair + 1`,
    /// or after the rows' pairs, two columns).
    fn settle_pair(&mut self, state: &mut State, pair: usize) -> bool {
        let n = self.grid.side;
        let first = if pair < n - 1 { pair } else { n + pair - (n - 1) };
        let need = 2 * self.grid.stars - state.stars[first] - state.stars[first + 1];
        need == 0 || self.settle_strip(state, first, 2, need)
    }

    /// The most stars a region's unknown cells can hold. Cut the grid into
    /// slabs of two rows: in a slab, as in a strip, a run of `k` columns
    /// where the region has an unknown cell holds at most `k / 2` rounded
    /// up. The least of the four ways to cut (rows or columns, from the
    /// first line or the second) bounds the region.
    fn region_most(&self, state: &State, region: usize) -> u16 {
        let grid = self.grid;
        let n = grid.side;
        let region = region - 2 * n;
        let mut best = u16::MAX;
        for (lines, first) in [(&grid.region_rows[region], 0), (&grid.region_cols[region], n)] {
            for shift in 0..2 {
                let (mut most, mut slab, mut open): (u16, usize, Line) = (0, usize::MAX, 0);
                for &(line, cells) in lines {
                    if (line + shift) / 2 != slab {
                        most += most_apart(open);
                        (slab, open) = ((line + shift) / 2, 0);
                    }
                    open |= state.open[first + line] & cells;
                }
                best = best.min(most + most_apart(open));
            }
        }
        best
    }

    /// The counting across units: bands of rows against regions, of
    /// columns against regions, of columns against rows. `Some(whether it
    /// emptied a cell)`, or None when some band cannot be filled.
    fn bands(&mut self, state: &mut State) -> Option<bool> {
        let n = self.grid.side;
        // For each unit, the lines of each direction where it can still
        // hold a star.
        let mut rows_of: Vec<Line> = vec![0; 3 * n];
        let mut cols_of: Vec<Line> = vec![0; 3 * n];
        for (cell, &at) in state.cells.iter().enumerate() {
            if at != EMPTY {
                for unit in self.grid.units_of[cell] {
                    rows_of[unit as usize] |= 1 << (cell / n);
                    cols_of[unit as usize] |= 1 << (cell % n);
                }
            }
        }
        let regions = 2 * n..3 * n;
        let columns = n..2 * n;
        for (lines, others, by_row) in
            [(&rows_of, regions.clone(), true), (&cols_of, regions, false), (&rows_of, columns, true)]
        {
            let counts = BandCounts::new(n, others.clone().map(|unit| lines[unit]));
            for first in 0..n {
                // Every band but the whole grid.
                for last in (first..n).filter(|&last| last - first + 1 < n) {
                    let k = last - first + 1;
                    let (inside, reaching) = counts.at(first, last);
                    if inside > k || reaching < k {
                        return None;
                    }
                    if inside < k && reaching > k {
                        continue;
                    }
                    let band: Line = (Line::MAX >> ((BITS - 1) - last)) & (Line::MAX << first);
                    let mut changed = false;
                    if inside == k {
                        // The rest of the band is empty.
                        for line in first..=last {
                            for at in 0..n {
                                let cell = if by_row { line * n + at } else { at * n + line };
                                if state.cells[cell] == UNKNOWN {
                                    let unit = self.unit_against(cell, &others);
                                    if lines[unit] & !band != 0 {
                                        changed = true;
                                        if !self.empty(state, cell) {
                                            return None;
                                        }
                                    }
                                }
                            }
                        }
                    }
                    if reaching == k {
                        // The reaching units' cells outside the band are empty.
                        for unit in others.clone().filter(|&u| lines[u] & band != 0 && lines[u] & !band != 0) {
                            for &cell in &self.grid.unit_cells[unit] {
                                let cell = cell as usize;
                                let line = if by_row { cell / n } else { cell % n };
                                if state.cells[cell] == UNKNOWN && !(first..=last).contains(&line) {
                                    changed = true;
                                    if !self.empty(state, cell) {
                                        return None;
                                    }
                                }
                            }
                        }
                    }
                    if changed {
                        // The masks are stale: settle what moved, then count again.
                        return Some(true);
                    }
                }
            }
        }
        Some(false)
    }

    /// The unit of `others`' kind (regions or columns) a cell is in.
    fn unit_against(&self, cell: usize, others: &std::ops::Range<usize>) -> usize {
        let [_, column, region] = self.grid.units_of[cell];
        if others.start == 2 * self.grid.side { region as usize } else { column as usize }
    }

    /// Settles, probes and branches below `state`, adding the solutions it
    /// finds to `solutions` until there are `limit`. True when the subtree
    /// was walked to its end.
    fn walk(&mut self, state: &mut State, known: &mut Probed, limit: usize, solutions: &mut Vec<Vec<bool>>) -> bool {
        if !self.settle(state, true) || !self.probe(state, known) {
            self.clear_queue();
            return true;
        }
        let Some(cell) = self.branch_cell(state, known) else {
            solutions.push(state.cells.iter().map(|&at| at == STAR).collect());
            return solutions.len() < limit;
        };
        self.stats.nodes += 1;
        let mut with_star = state.clone();
        if self.star(&mut with_star, cell) {
            if !self.walk(&mut with_star, &mut known.clone(), limit, solutions) {
                return false;
            }
        } else {
            self.clear_queue();
        }
        if !self.empty(state, cell) {
            self.clear_queue();
            return true;
        }
        self.walk(state, known, limit, solutions)
    }

    /// Gives each unknown cell a star in a copy and settles it; where that
    /// fails the cell is empty. Until no probe fails. False when the grid
    /// fails.
    fn probe(&mut self, state: &mut State, known: &mut Probed) -> bool {
        let cells = state.cells.len();
        let words = cells.div_ceil(64);
        let units = self.grid.unit_cells.len();
        known.emptied_by.resize(cells * words, 0);
        let mut moved = vec![false; units];
        loop {
            let mut emptied = false;
            // Only the cells whose units moved since they were last probed
            // (all of them the first time): the others' probes would find
            // what they found then.
            moved.fill(known.before.is_empty());
            for (cell, &then) in known.before.iter().enumerate() {
                if then != state.cells[cell] {
                    for unit in self.grid.units_of[cell] {
                        moved[unit as usize] = true;
                    }
                }
            }
            known.before.clone_from(&state.cells);
            // The cells of the tightest unit first, the units weighed again
            // after each: what their probes find spares the probes of the rest.
            let pending: Vec<bool> = (0..cells)
                .map(|cell| {
                    state.cells[cell] == UNKNOWN && self.grid.units_of[cell].iter().any(|&u| moved[u as usize])
                })
                .collect();
            let mut pending_in = vec![0u16; units];
            for cell in (0..cells).filter(|&cell| pending[cell]) {
                for unit in self.grid.units_of[cell] {
                    pending_in[unit as usize] += 1;
                }
            }
            let mut pending = pending;
            while let Some(unit) = (0..units).filter(|&u| pending_in[u] > 0).min_by_key(|&u| {
                u32::from(state.unknown[u]) * 64 / u32::from(self.grid.stars - state.stars[u]).max(1)
            }) {
                for &cell in &self.grid.unit_cells[unit] {
                    let cell = cell as usize;
                    if !pending[cell] {
                        continue;
                    }
                    pending[cell] = false;
                    for unit in self.grid.units_of[cell] {
                        pending_in[unit as usize] -= 1;
                    }
                    if state.cells[cell] != UNKNOWN {
                        continue;
                    }
                    self.stats.probes += 1;
                    let mut trial = std::mem::take(&mut self.trial);
                    trial.clone_from(state);
                    self.emptied.clear();
                    let fits = self.star(&mut trial, cell) && self.settle(&mut trial, false);
                    self.trial = trial;
                    self.clear_queue();
                    if fits {
                        let by = &mut known.emptied_by[cell * words..(cell + 1) * words];
                        by.fill(0);
                        for &other in &self.emptied {
                            by[other as usize / 64] |= 1 << (other % 64);
                        }
                    } else {
                        emptied = true;
                        if !self.empty(state, cell) || !self.settle(state, false) {
                            return false;
                        }
                    }
                }
            }
            // A unit that lacks a star will have one of its unknown cells:
            // what a star in each of them empties is empty.
            let mut common = vec![0u64; words];
            for unit in 0..self.grid.unit_cells.len() {
                if state.stars[unit] == self.grid.stars || state.unknown[unit] == 0 {
                    continue;
                }
                common.fill(u64::MAX);
                for &cell in &self.grid.unit_cells[unit] {
                    let cell = cell as usize;
                    if state.cells[cell] == UNKNOWN {
                        for (word, by) in common.iter_mut().zip(&known.emptied_by[cell * words..(cell + 1) * words]) {
                            *word &= by;
                        }
                    }
                }
                for (w, &word) in common.iter().enumerate() {
                    let mut rest = word;
                    while rest != 0 {
                        let cell = w * 64 + rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        if state.cells[cell] == UNKNOWN {
                            emptied = true;
                            if !self.empty(state, cell) {
                                self.clear_queue();
                                return false;
                            }
                        }
                    }
                }
            }
            // The counting across units once a round: it costs more than
            // all the rest of a settling.
            let unknown = state.unknown[..self.grid.side].iter().sum::<u16>();
            if !self.settle(state, true) {
                return false;
            }
            if emptied || unknown != state.unknown[..self.grid.side].iter().sum::<u16>() {
                continue;
            }
            match self.probe_placements(state) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Probes whole placements: for each unit with few ways left to place
    /// the stars it lacks, each way is tried in a copy and settled; what
    /// every way that fits agrees on is so. `Some(whether that decided a
    /// cell)`, None when some unit has no way that fits.
    fn probe_placements(&mut self, state: &mut State) -> Option<bool> {
        let grid = self.grid;
        let n = grid.side;
        let mut decided = false;
        let mut ways = Vec::new();
        for unit in 0..grid.unit_cells.len() {
            let need = usize::from(grid.stars - state.stars[unit]);
            if need < 2 || state.unknown[unit] == 0 {
                continue;
            }
            let open: Vec<usize> =
                grid.unit_cells[unit].iter().map(|&c| c as usize).filter(|&c| state.cells[c] == UNKNOWN).collect();
            ways.clear();
            if !placements(&open, need, n, &mut Vec::new(), &mut ways, MAX_PLACEMENTS) {
                continue;
            }
            let mut agreed: Option<Vec<u8>> = None;
            for way in ways.chunks(need) {
                self.stats.probes += 1;
                let mut trial = state.clone();
                let fits = way.iter().all(|&cell| self.star(&mut trial, cell)) && self.settle(&mut trial, false);
                self.clear_queue();
                if !fits {
                    continue;
                }
                match &mut agreed {
                    None => agreed = Some(trial.cells),
                    Some(agreed) => {
                        for (at, &now) in agreed.iter_mut().zip(&trial.cells) {
                            if *at != now {
                                *at = UNKNOWN;
                            }
                        }
                    }
                }
            }
            let agreed = agreed?;
            for (cell, &at) in agreed.iter().enumerate() {
                if at != UNKNOWN && state.cells[cell] == UNKNOWN {
                    decided = true;
                    let fits = if at == STAR { self.star(state, cell) } else { self.empty(state, cell) };
                    if !fits || !self.settle(state, false) {
                        self.clear_queue();
                        return None;
                    }
                }
            }
            if decided {
                // Back to the cheaper probes.
                return Some(true);
            }
        }
        Some(decided)
    }

    /// The cell to branch on: the first unknown cell of the unit with the
    /// fewest unknown cells for each star it lacks. None when no cell is
    /// unknown.
    fn branch_cell(&self, state: &State, known: &Probed) -> Option<usize> {
        let unit = (0..self.grid.unit_cells.len()).filter(|&unit| state.unknown[unit] > 0).min_by_key(|&unit| {
            let need = u32::from(self.grid.stars - state.stars[unit]);
            (u32::from(state.unknown[unit]) * 64) / need.max(1)
        })?;
        let words = state.cells.len().div_ceil(64);
        let weight = |cell: usize| -> u32 {
            known.emptied_by[cell * words..(cell + 1) * words].iter().map(|w| w.count_ones()).sum()
        };
        self.grid.unit_cells[unit]
            .iter()
            .map(|&cell| cell as usize)
            .filter(|&cell| state.cells[cell] == UNKNOWN)
            .min_by_key(|&cell| weight(cell))
    }
}

/// The most positions of a bit set that can be taken with no two side by
/// side: the first of each run, then every other one (half the run rounded
/// up), all runs at once ([`every_other`]).
fn most_apart(open: Line) -> u16 {
    every_other(open).count_ones() as u16
}

/// The positions of a bit set at an even distance from the first of their
/// run, without walking the runs: adding a run's first bit to the set
/// carries through the run and clears it, so the runs that start at an
/// even position are those that adding the even first bits clears; their
/// even positions and the other runs' odd ones are taken.
fn every_other(open: Line) -> Line {
    const EVEN: Line = Line::MAX / 3;
    let firsts = open & !(open << 1);
    let from_even = open & !open.wrapping_add(firsts & EVEN);
    (from_even & EVEN) | (open & !from_even & !EVEN)
}

/// The positions of a bit set, lowest first.
fn bits(mut set: Line) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let position = (set != 0).then(|| set.trailing_zeros() as usize)?;
        set &= set - 1;
        Some(position)
    })
}

/// For every band of lines `first..=last`, how many of a family of units
/// lie inside it and how many reach into it, from each unit's lines (a bit
/// set): each read in constant time from two tables of sums, built in time
/// proportional to the square of the side.
struct BandCounts {
    side: usize,
    /// `inside[first * side + last]`: the units whose lines all lie in the band.
    inside: Vec<u16>,
    /// `missing[first * side + last]`: the units none of whose lines do.
    missing: Vec<u16>,
    units: usize,
}

impl BandCounts {
    fn new(side: usize, masks: impl Iterator<Item = Line>) -> BandCounts {
        let n = side;
        // Each unit counts at its span (first and last line), and each gap
        // in its lines (a band of lines it misses, the grid's edges
        // included) at that gap.
        let mut spans = vec![0u16; n * n];
        let mut gaps = vec![0u16; n * n];
        let mut units = 0;
        for mask in masks {
            units += 1;
            let (low, high) = (mask.trailing_zeros() as usize, (BITS - 1) - mask.leading_zeros() as usize);
            spans[low * n + high] += 1;
            let mut from = 0;
            let mut rest = mask;
            while from < n {
                let next = if rest == 0 { n } else { rest.trailing_zeros() as usize };
                if next > from {
                    gaps[from * n + next - 1] += 1;
                }
                rest &= rest.wrapping_sub(1);
                from = next + 1;
            }
        }
        // inside(f, l): spans with f <= low and high <= l, summed from the
        // bottom-left; missing(f, l): gaps with from <= f and l <= to.
        let mut inside = vec![0u16; n * n];
        for f in (0..n).rev() {
            for l in f..n {
                let below = if f + 1 < n { inside[(f + 1) * n + l] } else { 0 };
                let left = if l > f { inside[f * n + l - 1] } else { 0 };
                let both = if f + 1 < n && l > f { inside[(f + 1) * n + l - 1] } else { 0 };
                inside[f * n + l] = below + left - both + spans[f * n + l];
            }
        }
        let mut missing = vec![0u16; n * n];
        for f in 0..n {
            for l in (f..n).rev() {
                let above = if f > 0 { missing[(f - 1) * n + l] } else { 0 };
                let right = if l + 1 < n { missing[f * n + l + 1] } else { 0 };
                let both = if f > 0 && l + 1 < n { missing[(f - 1) * n + l + 1] } else { 0 };
                missing[f * n + l] = above + right - both + gaps[f * n + l];
            }
        }
        BandCounts { side, inside, missing, units }
    }

    /// How many units lie inside the band `first..=last`, and how many
    /// reach into it.
    fn at(&self, first: usize, last: usize) -> (usize, usize) {
        let at = first * self.side + last;
        (usize::from(self.inside[at]), self.units - usize::from(self.missing[at]))
    }
}

/// Units with more ways than this to place their stars are not probed by
/// placement.
const MAX_PLACEMENTS: usize = 8;

/// Adds to `ways` (`need` cells a way) every way to take `need` of the
/// cells `open` (of a grid of this side) with no two touching, each
/// extending `taken`. False, with `ways` cut short, when there are more
/// than `max`.
fn placements(
    open: &[usize],
    need: usize,
    side: usize,
    taken: &mut Vec<usize>,
    ways: &mut Vec<usize>,
    max: usize,
) -> bool {
    if need == 0 {
        if ways.len() / taken.len().max(1) >= max {
            return false;
        }
        ways.extend_from_slice(taken);
        return true;
    }
    for (at, &cell) in open.iter().enumerate() {
        if open.len() - at < need {
            break;
        }
        let touches = taken
            .iter()
            .any(|&other| (other / side).abs_diff(cell / side) <= 1 && (other % side).abs_diff(cell % side) <= 1);
        if touches {
            continue;
        }
        taken.push(cell);
        let more = placements(&open[at + 1..], need - 1, side, taken, ways, max);
        taken.pop();
        if !more {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{BITS, Line, every_other, most_apart};

    /// Every other position of each run from its first, run by run, as the
    /// rule says it.
    fn plain_every_other(set: Line) -> Line {
        let mut taken = 0;
        let mut run = 0;
        for bit in 0..BITS {
            if set >> bit & 1 == 1 {
                if run % 2 == 0 {
                    taken |= 1 << bit;
                }
                run += 1;
            } else {
                run = 0;
            }
        }
        taken
    }

    #[test]
    fn most_apart_takes_half_of_each_run_rounded_up() {
        for set in 0..1 << 14 as Line {
            let mut plain = 0u16;
            let mut run = 0u16;
            for bit in 0..=14 {
                if set >> bit & 1 == 1 {
                    run += 1;
                } else {
                    plain += run.div_ceil(2);
                    run = 0;
                }
            }
            assert_eq!(most_apart(set), plain, "{set:b}");
            assert_eq!(every_other(set), plain_every_other(set), "{set:b}");
        }
        // Runs reaching the top of the set, where a carry could go astray,
        // and sets spread over all the bits.
        assert_eq!(most_apart(Line::MAX >> 28), 18);
        assert_eq!(most_apart((Line::MAX >> 29) & !1), 17);
        let mut rng = crate::rng::Rng::for_item(128, 0);
        for _ in 0..10_000 {
            let set = (0..BITS).filter(|_| rng.below(3) > 0).fold(0, |set: Line, bit| set | 1 << bit);
            for set in [set, set >> 1, set | 1 << (BITS - 1), Line::MAX, Line::MAX << 1] {
                assert_eq!(every_other(set), plain_every_other(set), "{set:b}");
            }
        }
    }
}
