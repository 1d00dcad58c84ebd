//! Battleships' own search, the one its home solves with; the engine's model
//! ([`super::encode`]) is kept as the second solver, and the tests hold the
//! two to the same answers.
//!
//! The engine sees a ship only as a whole placement, so it cannot tell that
//! a row whose clue is met holds water everywhere else, or that a cell no
//! ship can reach is water, until it has tried placements one by one: the
//! largest boards took seconds. This search reasons on cells, as a solver by
//! hand does, and places whole ships where a cell must be covered:
//!
//! - a cell is water, ship, or free; a ship cell is *placed* once the ship
//!   it belongs to is;
//! - a row or column whose clue its ship cells meet is water in its free
//!   cells, one whose clue needs all its free cells is ship in them;
//! - the cells diagonally next to a ship cell are water;
//! - a placement *fits* where its cells are free or unplaced ship, the
//!   given pieces under it are its own, no ship cell is next to it, its
//!   rows and columns have room for it, and a ship of its length is left;
//! - an unplaced ship cell no placement covers fails the branch, one that
//!   only one covers gets it; a free cell that none covers is water; a
//!   length with fewer placements than ships left fails the branch, one
//!   with as many fills them all;
//! - the search branches on the unplaced ship cell with fewest placements,
//!   a branch a placement; with none, on a free cell of the tightest line,
//!   ship then water.
//!
//! Each branch splits the answers, so each is found once, and a search that
//! ends short of its limit proves there are no more. Lines are bit sets (a
//! side is at most [`crate::home::MAX_SIDE`], under 128), so a placement
//! fits or not in a few word operations.

use std::time::Instant;

use multicover::Stats;

use super::{Battleships, Ship};
use crate::Solved;
use crate::home::{Board, SolveError};

const FREE: u8 = 0;
const WATER: u8 = 1;
/// A ship cell whose ship is not placed yet.
const SHIP: u8 = 2;
/// A ship cell of a placed ship.
const PLACED: u8 = 3;

/// Rows are lines `0`, columns lines `1`; a cell `(row, col)` is at
/// `col` of row `row` and at `row` of column `col`.
const ROWS: usize = 0;
const COLS: usize = 1;

/// The `n` lowest bits.
fn low_bits(n: usize) -> u128 {
    if n >= 128 { u128::MAX } else { (1u128 << n) - 1 }
}

/// What a branch knows.
#[derive(Clone)]
struct State {
    cells: Vec<u8>,
    /// Per orientation and line, the cells that no ship may newly cover
    /// (water or placed), as bits along the line.
    blocked: [Vec<u128>; 2],
    /// Per orientation and line, its ship cells (placed or not).
    ships: [Vec<u128>; 2],
    /// Per orientation and line, how many ship and free cells it has.
    ship_count: [Vec<u32>; 2],
    free_count: [Vec<u32>; 2],
    /// Per orientation, the lines whose clue their ship cells meet.
    full: [u128; 2],
    /// Index 0 for length 1.
    ships_left: Vec<u32>,
}

/// Finds up to `limit` answers, each checked by the board's own check.
pub(crate) fn solve(board: &Battleships, limit: usize) -> Result<Solved<String>, SolveError> {
    let start = Instant::now();
    if limit == 0 {
        return Ok(Solved { solutions: Vec::new(), stats: Stats::default() });
    }
    let size = board.size();
    let mut given_pieces = [vec![0u128; size.height], vec![0u128; size.width]];
    for (cell, given) in board.givens().iter().enumerate() {
        if given.is_some_and(|g| g != super::Given::Water) {
            let (row, col) = (cell / size.width, cell % size.width);
            given_pieces[ROWS][row] |= 1 << col;
            given_pieces[COLS][col] |= 1 << row;
        }
    }
    let mut search = Search {
        board,
        width: size.width,
        height: size.height,
        clues: [board.row_clues(), board.col_clues()],
        given_pieces,
        limit,
        nodes: 0,
        found: Vec::new(),
    };
    let exhausted = match search.root() {
        Some(root) => search.walk(root)?,
        None => true,
    };
    let stats = Stats {
        solutions: search.found.len() as u64,
        nodes: search.nodes,
        probes: 0,
        elapsed: start.elapsed(),
        exhausted,
    };
    Ok(Solved { solutions: search.found, stats })
}

struct Search<'a> {
    board: &'a Battleships,
    width: usize,
    height: usize,
    /// Per orientation, each line's clue.
    clues: [&'a [u32]; 2],
    /// Per orientation and line, the cells given as a ship's piece.
    given_pieces: [Vec<u128>; 2],
    limit: usize,
    nodes: u64,
    found: Vec<String>,
}

impl Search<'_> {
    /// The state the givens make, propagated; None if they contradict.
    fn root(&self) -> Option<State> {
        let (w, h) = (self.width, self.height);
        let mut state = State {
            cells: vec![FREE; w * h],
            blocked: [vec![0; h], vec![0; w]],
            ships: [vec![0; h], vec![0; w]],
            ship_count: [vec![0; h], vec![0; w]],
            free_count: [vec![w as u32; h], vec![h as u32; w]],
            full: [0; 2],
            ships_left: self.board.fleet().to_vec(),
        };
        // The fleet's cells are counted once by the rows and once by the
        // columns.
        let fleet_cells: u64 = self.board.fleet().iter().enumerate().map(|(i, &n)| (i as u64 + 1) * u64::from(n)).sum();
        let clue_cells = |clues: &[u32]| clues.iter().map(|&c| u64::from(c)).sum::<u64>();
        if clue_cells(self.clues[ROWS]) != fleet_cells || clue_cells(self.clues[COLS]) != fleet_cells {
            return None;
        }
        for o in [ROWS, COLS] {
            for (line, &clue) in self.clues[o].iter().enumerate() {
                if clue == 0 {
                    state.full[o] |= 1 << line;
                }
            }
        }
        for (cell, given) in self.board.givens().iter().enumerate() {
            let fits = match given {
                None => true,
                Some(super::Given::Water) => self.make_water(&mut state, cell),
                Some(_) => self.make_ship(&mut state, cell),
            };
            if !fits {
                return None;
            }
        }
        self.propagate(&mut state).then_some(state)
    }

    /// Walks the answers below `state` (propagated); false once the limit
    /// stopped it.
    fn walk(&mut self, mut state: State) -> Result<bool, SolveError> {
        // The unplaced ship cell with fewest placements.
        let mut fewest: Option<(usize, usize)> = None;
        for cell in (0..state.cells.len()).filter(|&c| self.first_unplaced(&state, c)) {
            // Counted only as far as the fewest yet.
            let most = fewest.map_or(usize::MAX, |(_, n)| n);
            let mut count = 0;
            self.placements_covering(&state, cell, |_| {
                count += 1;
                count < most
            });
            if count < most {
                fewest = Some((cell, count));
            }
        }
        if let Some((cell, _)) = fewest {
            let mut ships = Vec::new();
            self.placements_covering(&state, cell, |ship| {
                ships.push(ship);
                true
            });
            return self.branch_on_ships(&state, &ships);
        }
        if state.ships_left.iter().all(|&n| n == 0) {
            // Every ship placed: the free cells are water.
            for cell in 0..state.cells.len() {
                if state.cells[cell] == FREE && !self.make_water(&mut state, cell) {
                    return Ok(true);
                }
            }
            if state.full[ROWS] == low_bits(self.height) && state.full[COLS] == low_bits(self.width) {
                return self.found(&state);
            }
            return Ok(true);
        }
        let Some(cell) = self.tightest_free_cell(&state) else { return Ok(true) };
        for ship in [true, false] {
            self.nodes += 1;
            let mut next = state.clone();
            let fits = if ship { self.make_ship(&mut next, cell) } else { self.make_water(&mut next, cell) };
            if fits && self.propagate(&mut next) && !self.walk(next)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn branch_on_ships(&mut self, state: &State, ships: &[Ship]) -> Result<bool, SolveError> {
        for &ship in ships {
            self.nodes += 1;
            let mut next = state.clone();
            if self.place(&mut next, ship) && self.propagate(&mut next) && !self.walk(next)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Keeps a complete state's answer, checked; false once the limit is
    /// reached.
    fn found(&mut self, state: &State) -> Result<bool, SolveError> {
        let answer: String = state.cells.iter().map(|&c| if c == PLACED { 'y' } else { 'n' }).collect();
        if let Err(why) = self.board.check(&answer) {
            return Err(SolveError { kind: self.board.kind(), answer, why });
        }
        self.found.push(answer);
        Ok(self.found.len() < self.limit)
    }

    /// Whether a cell is an unplaced ship cell with no unplaced ship cell
    /// before it, to its left or above. One with such a neighbour has the
    /// neighbour's placements: a ship covering either runs through both
    /// (a ship cell beside it would touch it, one just beyond its end
    /// would lengthen it), so only the first of each run is asked.
    fn first_unplaced(&self, state: &State, cell: usize) -> bool {
        let w = self.width;
        state.cells[cell] == SHIP
            && (cell.is_multiple_of(w) || state.cells[cell - 1] != SHIP)
            && (cell < w || state.cells[cell - w] != SHIP)
    }

    /// A free cell of the line with least room to spare: its free cells
    /// less the ship cells it still needs.
    fn tightest_free_cell(&self, state: &State) -> Option<usize> {
        let lines = [ROWS, COLS].into_iter().flat_map(|o| (0..self.clues[o].len()).map(move |line| (o, line)));
        let (o, line) = lines
            .filter(|&(o, line)| state.ship_count[o][line] < self.clues[o][line])
            .min_by_key(|&(o, line)| state.free_count[o][line] - (self.clues[o][line] - state.ship_count[o][line]))?;
        let len = if o == ROWS { self.width } else { self.height };
        (0..len).map(|k| self.cell(o, line, k)).find(|&cell| state.cells[cell] == FREE)
    }

    /// The cell at `at` along line `line` of orientation `o`.
    fn cell(&self, o: usize, line: usize, at: usize) -> usize {
        if o == ROWS { line * self.width + at } else { at * self.width + line }
    }

    /// A ship's orientation, line and first place along it.
    fn line_of(&self, ship: Ship) -> (usize, usize, usize) {
        let (row, col) = (ship.first / self.width, ship.first % self.width);
        if ship.across { (ROWS, row, col) } else { (COLS, col, row) }
    }

    /// Each placement of a ship of `length` that fits.
    fn placements_of(&self, state: &State, length: usize, mut visit: impl FnMut(Ship)) {
        if state.ships_left[length - 1] == 0 {
            return;
        }
        for o in [ROWS, COLS] {
            if length == 1 && o == COLS {
                continue;
            }
            let len = if o == ROWS { self.width } else { self.height };
            if length > len {
                continue;
            }
            for line in 0..self.clues[o].len() {
                // The starts of `length` cells in a row that are open: none
                // water or placed, none free on a full line across, none
                // beside a ship cell of the lines either side, and no ship
                // cell just before or after them: `fits` but for its last
                // two questions, for a whole line at once.
                let own = state.ships[o][line];
                let beside = line.checked_sub(1).map_or(0, |l| state.ships[o][l])
                    | state.ships[o].get(line + 1).copied().unwrap_or(0);
                let open = !(state.blocked[o][line] | (state.full[1 - o] & !own) | beside | beside << 1 | beside >> 1)
                    & low_bits(len);
                let mut starts = open & !(own << 1) & !(own >> length);
                for k in 1..length {
                    starts &= open >> k;
                }
                while starts != 0 {
                    let at = starts.trailing_zeros() as usize;
                    starts &= starts - 1;
                    let ship = Ship { first: self.cell(o, line, at), length, across: o == ROWS };
                    if self.fits_its_line_and_givens(state, ship, o, line, low_bits(length) << at) {
                        visit(ship);
                    }
                }
            }
        }
    }

    /// Each placement that fits and covers `cell`, until `visit` says stop.
    fn placements_covering(&self, state: &State, cell: usize, mut visit: impl FnMut(Ship) -> bool) {
        let (row, col) = (cell / self.width, cell % self.width);
        for length in (1..=state.ships_left.len()).filter(|&l| state.ships_left[l - 1] > 0) {
            for (o, line, at) in [(ROWS, row, col), (COLS, col, row)] {
                if length == 1 && o == COLS {
                    continue;
                }
                let len = if o == ROWS { self.width } else { self.height };
                for k in 0..length.min(at + 1) {
                    if at - k + length <= len {
                        let ship = Ship { first: self.cell(o, line, at - k), length, across: o == ROWS };
                        if self.fits(state, ship) && !visit(ship) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Whether a ship of a length still to place can go there (see the
    /// module comment).
    fn fits(&self, state: &State, ship: Ship) -> bool {
        if state.ships_left[ship.length - 1] == 0 {
            return false;
        }
        let (o, line, at) = self.line_of(ship);
        let span = low_bits(ship.length) << at;
        if state.blocked[o][line] & span != 0 {
            return false;
        }
        // Its free cells add one each to the lines across it.
        if span & !state.ships[o][line] & state.full[1 - o] != 0 {
            return false;
        }
        // No ship cell next to it: on the lines either side from one
        // before it to one after, and on its own just before and after.
        let halo = (low_bits(ship.length + 2) << at) >> 1;
        let beside = |l: Option<usize>| l.and_then(|l| state.ships[o].get(l)).is_some_and(|&s| s & halo != 0);
        if beside(line.checked_sub(1)) || beside(Some(line + 1)) || state.ships[o][line] & halo & !span != 0 {
            return false;
        }
        self.fits_its_line_and_givens(state, ship, o, line, span)
    }

    /// What [`Search::fits`] asks last, and all that `placements_of`'s
    /// filter leaves to ask: room on its own line for its free cells, and
    /// its pieces on the given ones.
    fn fits_its_line_and_givens(&self, state: &State, ship: Ship, o: usize, line: usize, span: u128) -> bool {
        let free = span & !state.ships[o][line];
        if state.ship_count[o][line] + free.count_ones() > self.clues[o][line] {
            return false;
        }
        if self.given_pieces[o][line] & span != 0 {
            let givens = self.board.givens();
            return ship.cells(self.width).enumerate().all(|(k, cell)| givens[cell].is_none_or(|g| g == ship.piece(k)));
        }
        true
    }

    /// The cells next to a ship, even diagonally.
    fn around(&self, ship: Ship) -> impl Iterator<Item = usize> + use<> {
        let (w, h) = (self.width, self.height);
        let (row, col) = (ship.first / w, ship.first % w);
        let (rows, cols) = if ship.across { (1, ship.length) } else { (ship.length, 1) };
        let (top, bottom) = (row.saturating_sub(1), (row + rows).min(h - 1));
        let (left, right) = (col.saturating_sub(1), (col + cols).min(w - 1));
        (top..=bottom).flat_map(move |r| (left..=right).map(move |c| (r, c))).filter_map(move |(r, c)| {
            let inside = (row..row + rows).contains(&r) && (col..col + cols).contains(&c);
            (!inside).then_some(r * w + c)
        })
    }

    /// Places a ship that fits: its cells placed, the cells around it water.
    fn place(&self, state: &mut State, ship: Ship) -> bool {
        for cell in ship.cells(self.width) {
            if !self.make_ship(state, cell) {
                return false;
            }
            state.cells[cell] = PLACED;
            let (row, col) = (cell / self.width, cell % self.width);
            state.blocked[ROWS][row] |= 1 << col;
            state.blocked[COLS][col] |= 1 << row;
        }
        state.ships_left[ship.length - 1] -= 1;
        self.around(ship).all(|cell| self.make_water(state, cell))
    }

    /// Makes a cell ship, and the cells diagonally next to it water.
    fn make_ship(&self, state: &mut State, cell: usize) -> bool {
        let (w, h) = (self.width, self.height);
        let (row, col) = (cell / w, cell % w);
        match state.cells[cell] {
            WATER => return false,
            FREE => {
                state.cells[cell] = SHIP;
                for (o, line, at) in [(ROWS, row, col), (COLS, col, row)] {
                    state.ships[o][line] |= 1 << at;
                    state.free_count[o][line] -= 1;
                    state.ship_count[o][line] += 1;
                    if state.ship_count[o][line] > self.clues[o][line] {
                        return false;
                    }
                    if state.ship_count[o][line] == self.clues[o][line] {
                        state.full[o] |= 1 << line;
                    }
                }
            }
            _ => return true,
        }
        for (r, c) in [
            (row.wrapping_sub(1), col.wrapping_sub(1)),
            (row.wrapping_sub(1), col + 1),
            (row + 1, col.wrapping_sub(1)),
            (row + 1, col + 1),
        ] {
            if r < h && c < w && !self.make_water(state, r * w + c) {
                return false;
            }
        }
        true
    }

    /// Makes a cell water.
    fn make_water(&self, state: &mut State, cell: usize) -> bool {
        match state.cells[cell] {
            FREE => {
                let (row, col) = (cell / self.width, cell % self.width);
                state.cells[cell] = WATER;
                for (o, line, at) in [(ROWS, row, col), (COLS, col, row)] {
                    state.blocked[o][line] |= 1 << at;
                    state.free_count[o][line] -= 1;
                }
                true
            }
            WATER => true,
            _ => false,
        }
    }

    /// Applies the module comment's rules until nothing changes; false on
    /// a contradiction.
    fn propagate(&self, state: &mut State) -> bool {
        loop {
            if !self.propagate_lines_and_ship_cells(state) {
                return false;
            }
            match self.water_where_no_ship_fits(state) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// The lines' clues and the unplaced ship cells' placements, until
    /// nothing changes; false on a contradiction.
    fn propagate_lines_and_ship_cells(&self, state: &mut State) -> bool {
        loop {
            let mut changed = false;
            for o in [ROWS, COLS] {
                let len = if o == ROWS { self.width } else { self.height };
                for line in 0..self.clues[o].len() {
                    let (clue, ships, free) =
                        (self.clues[o][line], state.ship_count[o][line], state.free_count[o][line]);
                    if ships > clue || ships + free < clue {
                        return false;
                    }
                    if free == 0 || (ships != clue && ships + free != clue) {
                        continue;
                    }
                    changed = true;
                    for at in 0..len {
                        let cell = self.cell(o, line, at);
                        if state.cells[cell] != FREE {
                            continue;
                        }
                        let fits =
                            if ships == clue { self.make_water(state, cell) } else { self.make_ship(state, cell) };
                        if !fits {
                            return false;
                        }
                    }
                }
            }
            for cell in 0..state.cells.len() {
                if !self.first_unplaced(state, cell) {
                    continue;
                }
                // Counted as far as two: none, one or more.
                let (mut count, mut only) = (0, None);
                self.placements_covering(state, cell, |ship| {
                    count += 1;
                    only = Some(ship);
                    count < 2
                });
                match (count, only) {
                    (0, _) => return false,
                    (1, Some(ship)) => {
                        if !self.place(state, ship) {
                            return false;
                        }
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Every placement that fits, once: a length with fewer than its ships
    /// left fails (None), and the free cells none covers become water
    /// (Some(true) if there were any).
    fn water_where_no_ship_fits(&self, state: &mut State) -> Option<bool> {
        let mut covered = vec![0u128; self.height];
        let mut forced = Vec::new();
        for length in (1..=state.ships_left.len()).filter(|&l| state.ships_left[l - 1] > 0) {
            let mut count = 0;
            let mut all = Vec::new();
            self.placements_of(state, length, |ship| {
                count += 1;
                if all.len() <= state.ships_left[length - 1] as usize {
                    all.push(ship);
                }
                let (o, line, at) = self.line_of(ship);
                if o == ROWS {
                    covered[line] |= low_bits(length) << at;
                } else {
                    for k in 0..length {
                        covered[at + k] |= 1 << line;
                    }
                }
            });
            if count < state.ships_left[length - 1] {
                return None;
            }
            if count == state.ships_left[length - 1] {
                forced.extend(all);
            }
        }
        // A length with as many places as ships left fills them all.
        let mut changed = !forced.is_empty();
        for ship in forced {
            if !self.fits(state, ship) || !self.place(state, ship) {
                return None;
            }
        }
        for (row, &covered) in covered.iter().enumerate() {
            let mut uncovered = !state.blocked[ROWS][row] & !state.ships[ROWS][row] & !covered & low_bits(self.width);
            while uncovered != 0 {
                let col = uncovered.trailing_zeros() as usize;
                uncovered &= uncovered - 1;
                self.make_water(state, row * self.width + col);
                changed = true;
            }
        }
        Some(changed)
    }
}
