//! Norinori's own solver, beside the engine's model ([`super::encode`]):
//! the grid's cells themselves, where the engine reads dominoes and every
//! pair of cells side by side, a model that grows large on the 30x30 and
//! 40x40 specials.
//!
//! A cell is unknown, shaded or white. Settling a grid applies, until
//! nothing changes:
//!
//! - a region with two shaded cells has its other cells white, and a
//!   region with just two cells left not white has them shaded;
//! - a shaded cell beside a shaded cell has its other neighbours white,
//!   and a shaded cell with one neighbour left not white has it shaded;
//! - a cell is white when shading it would give it no shaded partner (every
//!   neighbour white) or two (two shaded neighbours beside it), or when a
//!   neighbour is a shaded cell already paired;
//! - a grid fails where a region or a shaded cell can no longer be right.
//!
//! Then it probes: every unknown cell is shaded in a copy of the grid and
//! settled, then made white in another; where one fails the cell is the
//! other. (Shading alone left the 40x40 special to thousands of branches:
//! what forces a cell shaded is mostly a region's count.) Only then does it
//! branch, on a cell of the region with the fewest unknown cells: shaded,
//! else white. The search walks the whole tree (up to the number of answers
//! asked for), so one answer found with the tree walked is proved the only
//! one.

use std::time::Instant;

use multicover::Stats;

use super::Norinori;

const UNKNOWN: u8 = 0;
const SHADED: u8 = 1;
const WHITE: u8 = 2;

/// What does not change while solving one puzzle.
struct Grid {
    /// The cells beside each cell (up, left, right, down).
    neighbours: Vec<Vec<u32>>,
    region_of: Vec<u32>,
    /// The cells of each region, in row-major order.
    region_cells: Vec<Vec<u32>>,
}

/// What the search changes: each cell's state, and per region its shaded
/// and unknown cells.
#[derive(Clone, Default)]
struct State {
    cells: Vec<u8>,
    shaded: Vec<u32>,
    unknown: Vec<u32>,
}

/// The search's scratch: the cells and regions waiting to be looked at
/// again, and the run's counts.
struct Search<'a> {
    grid: &'a Grid,
    cell_queue: Vec<u32>,
    cell_queued: Vec<bool>,
    region_queue: Vec<u32>,
    region_queued: Vec<bool>,
    /// The copy of the grid each probe works on, kept to reuse its memory.
    trial: State,
    stats: Stats,
}

/// The puzzle's solutions, up to `limit`, each as its shaded cells, with
/// what the search did; `stats.exhausted` when the whole tree was walked.
pub(super) fn solve(puzzle: &Norinori, limit: usize) -> (Vec<Vec<bool>>, Stats) {
    let start = Instant::now();
    let grid = Grid::new(puzzle);
    let (cells, regions) = (grid.region_of.len(), grid.region_cells.len());
    let mut search = Search {
        grid: &grid,
        cell_queue: Vec::with_capacity(cells),
        cell_queued: vec![false; cells],
        region_queue: Vec::with_capacity(regions),
        region_queued: vec![false; regions],
        trial: State::default(),
        stats: Stats::default(),
    };
    let mut state = State {
        cells: vec![UNKNOWN; cells],
        shaded: vec![0; regions],
        unknown: grid.region_cells.iter().map(|cells| cells.len() as u32).collect(),
    };
    let mut solutions = Vec::new();
    let exhausted = if limit == 0 {
        false
    } else {
        for cell in 0..cells {
            search.enqueue_cell(cell);
        }
        for region in 0..regions {
            search.enqueue_region(region);
        }
        search.walk(&mut state, limit, &mut solutions)
    };
    search.stats.solutions = solutions.len() as u64;
    search.stats.exhausted = exhausted;
    search.stats.elapsed = start.elapsed();
    (solutions, search.stats)
}

impl Grid {
    fn new(puzzle: &Norinori) -> Grid {
        let cells = puzzle.size.cells();
        let mut region_cells = vec![Vec::new(); puzzle.region_count()];
        for cell in 0..cells {
            region_cells[puzzle.region(cell)].push(cell as u32);
        }
        Grid {
            neighbours: (0..cells).map(|cell| puzzle.neighbours(cell).map(|n| n as u32).collect()).collect(),
            region_of: (0..cells).map(|cell| puzzle.region(cell) as u32).collect(),
            region_cells,
        }
    }
}

impl Search<'_> {
    fn enqueue_cell(&mut self, cell: usize) {
        if !self.cell_queued[cell] {
            self.cell_queued[cell] = true;
            self.cell_queue.push(cell as u32);
        }
    }

    fn enqueue_region(&mut self, region: usize) {
        if !self.region_queued[region] {
            self.region_queued[region] = true;
            self.region_queue.push(region as u32);
        }
    }

    fn clear_queues(&mut self) {
        for &cell in &self.cell_queue {
            self.cell_queued[cell as usize] = false;
        }
        self.cell_queue.clear();
        for &region in &self.region_queue {
            self.region_queued[region as usize] = false;
        }
        self.region_queue.clear();
    }

    /// Sets an unknown cell shaded or white, and queues what that may move.
    /// False when the cell was already the other.
    fn set(&mut self, state: &mut State, cell: usize, to: u8) -> bool {
        match state.cells[cell] {
            UNKNOWN => {}
            now => return now == to,
        }
        state.cells[cell] = to;
        let region = self.grid.region_of[cell] as usize;
        state.unknown[region] -= 1;
        if to == SHADED {
            state.shaded[region] += 1;
        }
        self.enqueue_region(region);
        self.enqueue_cell(cell);
        let grid = self.grid;
        for &other in &grid.neighbours[cell] {
            self.enqueue_cell(other as usize);
        }
        true
    }

    /// Applies every rule until nothing changes. False when a rule breaks;
    /// the queues are empty either way.
    fn settle(&mut self, state: &mut State) -> bool {
        loop {
            let fits = if let Some(region) = self.region_queue.pop() {
                self.region_queued[region as usize] = false;
                self.settle_region(state, region as usize)
            } else if let Some(cell) = self.cell_queue.pop() {
                self.cell_queued[cell as usize] = false;
                self.settle_cell(state, cell as usize)
            } else {
                return true;
            };
            if !fits {
                self.clear_queues();
                return false;
            }
        }
    }

    fn settle_region(&mut self, state: &mut State, region: usize) -> bool {
        let (shaded, unknown) = (state.shaded[region], state.unknown[region]);
        if shaded > 2 || shaded + unknown < 2 {
            return false;
        }
        if unknown == 0 {
            return true;
        }
        let to = match shaded + unknown {
            _ if shaded == 2 => WHITE,
            2 => SHADED,
            _ => return true,
        };
        let grid = self.grid;
        grid.region_cells[region].iter().all(|&cell| {
            let cell = cell as usize;
            state.cells[cell] != UNKNOWN || self.set(state, cell, to)
        })
    }

    fn settle_cell(&mut self, state: &mut State, cell: usize) -> bool {
        let grid = self.grid;
        let around = &grid.neighbours[cell];
        let count = |of: u8| around.iter().filter(|&&other| state.cells[other as usize] == of).count();
        match state.cells[cell] {
            SHADED => match (count(SHADED), count(UNKNOWN)) {
                (0, 0) => false,
                (0, 1) => {
                    let other = around.iter().find(|&&other| state.cells[other as usize] == UNKNOWN);
                    self.set(state, *other.expect("one unknown neighbour") as usize, SHADED)
                }
                (1, unknown) if unknown > 0 => around.iter().all(|&other| {
                    let other = other as usize;
                    state.cells[other] != UNKNOWN || self.set(state, other, WHITE)
                }),
                (shaded, _) => shaded <= 1,
            },
            UNKNOWN => {
                // Shading it would leave it without a partner, or with two.
                let shaded = count(SHADED);
                let lone = shaded == 0 && count(UNKNOWN) == 0;
                let paired = around.iter().any(|&other| {
                    state.cells[other as usize] == SHADED
                        && grid.neighbours[other as usize].iter().any(|&o| state.cells[o as usize] == SHADED)
                });
                if lone || shaded >= 2 || paired { self.set(state, cell, WHITE) } else { true }
            }
            _ => true,
        }
    }

    /// Settles, probes and branches below `state`, adding the solutions it
    /// finds to `solutions` until there are `limit`. True when the subtree
    /// was walked to its end.
    fn walk(&mut self, state: &mut State, limit: usize, solutions: &mut Vec<Vec<bool>>) -> bool {
        if !self.settle(state) || !self.probe(state) {
            self.clear_queues();
            return true;
        }
        let Some(cell) = self.branch_cell(state) else {
            solutions.push(state.cells.iter().map(|&at| at == SHADED).collect());
            return solutions.len() < limit;
        };
        self.stats.nodes += 1;
        let mut shaded = state.clone();
        self.set(&mut shaded, cell, SHADED);
        if !self.walk(&mut shaded, limit, solutions) {
            return false;
        }
        self.set(state, cell, WHITE);
        self.walk(state, limit, solutions)
    }

    /// Shades each unknown cell in a copy and settles it, then whitens it
    /// in another; where one fails the cell is the other. Until no probe
    /// fails. False when the grid fails.
    fn probe(&mut self, state: &mut State) -> bool {
        loop {
            let mut decided = false;
            for cell in 0..state.cells.len() {
                if state.cells[cell] != UNKNOWN {
                    continue;
                }
                for (to, other) in [(SHADED, WHITE), (WHITE, SHADED)] {
                    if state.cells[cell] != UNKNOWN {
                        break;
                    }
                    self.stats.probes += 1;
                    let mut trial = std::mem::take(&mut self.trial);
                    trial.clone_from(state);
                    self.set(&mut trial, cell, to);
                    let fits = self.settle(&mut trial);
                    self.trial = trial;
                    if !fits {
                        decided = true;
                        self.set(state, cell, other);
                        if !self.settle(state) {
                            return false;
                        }
                    }
                }
            }
            if !decided {
                return true;
            }
        }
    }

    /// The cell to branch on: the first unknown cell of the region with the
    /// fewest unknown cells. None when no cell is unknown.
    fn branch_cell(&self, state: &State) -> Option<usize> {
        let region =
            (0..self.grid.region_cells.len()).filter(|&r| state.unknown[r] > 0).min_by_key(|&r| state.unknown[r])?;
        self.grid.region_cells[region].iter().map(|&cell| cell as usize).find(|&cell| state.cells[cell] == UNKNOWN)
    }
}
