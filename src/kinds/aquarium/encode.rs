//! Aquarium as a multi-cover problem: one item per tank (exactly one level),
//! one per row and per column (the clue), and an option per tank level that
//! weighs, on each row and column, the cells it fills there.

use crate::engine::{OptionId, Problem, Settings, Solver, Stats};

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
        let mut problem = Problem::new();
        let tank_items: Vec<_> = (0..tanks).map(|_| problem.add_exact(1)).collect();
        let row_items: Vec<_> = puzzle.row_clues().iter().map(|&k| problem.add_exact(k)).collect();
        let col_items: Vec<_> = puzzle.col_clues().iter().map(|&k| problem.add_exact(k)).collect();
        // Every cell as (tank, rows from the bottom, column): sorted, each
        // tank's cells come bottom row first.
        let mut cells: Vec<(u32, usize, usize)> =
            (0..w * h).map(|i| (puzzle.tank(i / w, i % w), h - 1 - i / w, i % w)).collect();
        cells.sort_unstable();
        let mut levels = Vec::with_capacity(cells.len() + tanks);
        let mut rows: Vec<(usize, u32)> = Vec::new();
        let mut cols: Vec<(usize, u32)> = Vec::new();
        let mut at = 0;
        while at < cells.len() {
            let tank = cells[at].0;
            let t = tank as usize;
            problem.add_option([(tank_items[t], 1)]);
            levels.push((tank, usize::MAX));
            rows.clear();
            cols.clear();
            while at < cells.len() && cells[at].0 == tank {
                // One more row filled: it adds its own cells, and the rows
                // below keep theirs.
                let from_bottom = cells[at].1;
                let mut width = 0;
                while at < cells.len() && cells[at].0 == tank && cells[at].1 == from_bottom {
                    let c = col_items[cells[at].2];
                    match cols.iter_mut().find(|(item, _)| *item == c) {
                        Some(entry) => entry.1 += 1,
                        None => cols.push((c, 1)),
                    }
                    width += 1;
                    at += 1;
                }
                let r = h - 1 - from_bottom;
                rows.push((row_items[r], width));
                problem.add_option(
                    std::iter::once((tank_items[t], 1)).chain(rows.iter().copied()).chain(cols.iter().copied()),
                );
                levels.push((tank, r));
            }
        }
        Encoding { problem, levels }
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
