//! Aquarium as a multi-cover problem: one item per tank (exactly one level),
//! one per row and per column (the clue), and an option per tank level that
//! weighs, on each row and column, the cells it fills there.

use multicover::{OptionId, Problem, Settings, Solver, Stats};

use super::{Aquarium, AquariumError, Water, verify};

/// What solving found.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// Up to the limit asked for, each checked by [`verify`].
    pub solutions: Vec<Water>,
    pub stats: Stats,
}

impl SolveReport {
    /// Exactly one solution, and the search proved there is no other.
    pub fn is_unique(&self) -> bool {
        self.solutions.len() == 1 && self.stats.exhausted
    }
}

/// A puzzle encoded for the engine, with what it takes to read answers back.
pub struct Encoding {
    pub problem: Problem,
    /// For each option: its tank and the top row its water reaches
    /// (`usize::MAX` for an empty tank).
    levels: Vec<(u32, usize)>,
}

impl Encoding {
    pub fn new(puzzle: &Aquarium) -> Encoding {
        let (w, h) = (puzzle.width(), puzzle.height());
        let tanks = puzzle.tank_count();
        // Each tank's cells, bottom row first and left to right in a row
        // (a counting sort by tank): the order in which levels fill them.
        let mut tank_start = vec![0usize; tanks + 1];
        for i in 0..w * h {
            tank_start[puzzle.tank(i / w, i % w) as usize + 1] += 1;
        }
        for t in 0..tanks {
            tank_start[t + 1] += tank_start[t];
        }
        let mut fill = tank_start.clone();
        let mut cells = vec![(0usize, 0usize); w * h];
        for r in (0..h).rev() {
            for c in 0..w {
                let t = puzzle.tank(r, c) as usize;
                cells[fill[t]] = (r, c);
                fill[t] += 1;
            }
        }
        // Items: tanks, then rows top to bottom, then columns left to right.
        // An option lists them in that order, so it needs no sorting.
        let max_entries = (1 + h + w) * (w * h + tanks);
        let mut problem = Problem::with_capacity(tanks + h + w, w * h + tanks, max_entries.min(1 << 20));
        let tank_items: Vec<_> = (0..tanks).map(|_| problem.add_exact(1)).collect();
        let row_items: Vec<_> = puzzle.row_clues().iter().map(|&k| problem.add_exact(k)).collect();
        let col_items: Vec<_> = puzzle.col_clues().iter().map(|&k| problem.add_exact(k)).collect();
        let mut levels = Vec::with_capacity(cells.len() + tanks);
        // The rows filled so far, bottom first, with the cells in each, and
        // the cells filled in each column, by column.
        let mut rows: Vec<(usize, u32)> = Vec::with_capacity(h);
        let mut cols: Vec<(usize, u32)> = Vec::with_capacity(w);
        let mut entries: Vec<(usize, u32)> = Vec::with_capacity(1 + h + w);
        for t in 0..tanks {
            problem.add_option([(tank_items[t], 1)]);
            levels.push((t as u32, usize::MAX));
            rows.clear();
            cols.clear();
            let tank_cells = &cells[tank_start[t]..tank_start[t + 1]];
            let mut at = 0;
            while at < tank_cells.len() {
                // One more row filled: it adds its own cells, and the rows
                // below keep theirs.
                let r = tank_cells[at].0;
                let mut width = 0;
                while at < tank_cells.len() && tank_cells[at].0 == r {
                    let c = col_items[tank_cells[at].1];
                    match cols.binary_search_by_key(&c, |&(item, _)| item) {
                        Ok(k) => cols[k].1 += 1,
                        Err(k) => cols.insert(k, (c, 1)),
                    }
                    width += 1;
                    at += 1;
                }
                rows.push((row_items[r], width));
                // Items in increasing order: the tank, rows top down, columns.
                entries.clear();
                entries.push((tank_items[t], 1));
                entries.extend(rows.iter().rev());
                entries.extend_from_slice(&cols);
                problem.add_option(entries.iter().copied());
                levels.push((t as u32, r));
            }
        }
        Encoding { problem, levels }
    }

    /// The tank whose level option `o` sets.
    pub fn tank_of(&self, o: OptionId) -> usize {
        self.levels[o].0 as usize
    }

    /// The options (one per tank) that stand for `water`: the inverse of
    /// [`Encoding::decode`] on water that is level in every tank.
    pub fn options_of(&self, puzzle: &Aquarium, water: &Water) -> Vec<OptionId> {
        let mut top = vec![usize::MAX; puzzle.tank_count()];
        for r in 0..puzzle.height() {
            for c in 0..puzzle.width() {
                let t = puzzle.tank(r, c) as usize;
                if water.get(r, c) {
                    top[t] = top[t].min(r);
                }
            }
        }
        (0..self.levels.len()).filter(|&o| top[self.levels[o].0 as usize] == self.levels[o].1).collect()
    }

    /// The water a set of options (one per tank) stands for.
    pub fn decode(&self, puzzle: &Aquarium, chosen: &[OptionId]) -> Water {
        let mut top = vec![usize::MAX; puzzle.tank_count()];
        for &o in chosen {
            let (t, row) = self.levels[o];
            top[t as usize] = row;
        }
        let (w, h) = (puzzle.width(), puzzle.height());
        let cells = (0..h * w).map(|i| i / w >= top[puzzle.tank(i / w, i % w) as usize]).collect();
        Water::new(w, h, cells)
    }
}

/// Solves a puzzle, stopping at `limit` solutions (2 proves uniqueness),
/// and checks every solution with the independent [`verify`].
///
/// The puzzle should have passed [`Aquarium::validate`]. An error means the
/// engine returned water that breaks the rules: a bug, never bad input.
pub fn solve(puzzle: &Aquarium, limit: usize, settings: Settings) -> Result<SolveReport, AquariumError> {
    let encoding = Encoding::new(puzzle);
    let outcome = Solver::new(&encoding.problem, settings).solve(limit);
    let mut solutions = Vec::with_capacity(outcome.solutions.len());
    for chosen in &outcome.solutions {
        let water = encoding.decode(puzzle, chosen);
        if let Err(violation) = verify(puzzle, &water) {
            return Err(AquariumError::WrongSolution(violation.to_string()));
        }
        solutions.push(water);
    }
    Ok(SolveReport { solutions, stats: outcome.stats })
}
