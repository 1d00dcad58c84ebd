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
        // The rows each tank spans, bottom first, with its cells per row.
        let mut rows_of: Vec<Vec<(usize, Vec<usize>)>> = vec![Vec::new(); tanks];
        for r in (0..h).rev() {
            for c in 0..w {
                let t = puzzle.tank(r, c) as usize;
                match rows_of[t].last_mut() {
                    Some((row, cols)) if *row == r => cols.push(c),
                    _ => rows_of[t].push((r, vec![c])),
                }
            }
        }
        let mut problem = Problem::new();
        let tank_items: Vec<_> = (0..tanks).map(|_| problem.add_exact(1)).collect();
        let row_items: Vec<_> = puzzle.row_clues().iter().map(|&k| problem.add_exact(k)).collect();
        let col_items: Vec<_> = puzzle.col_clues().iter().map(|&k| problem.add_exact(k)).collect();
        let mut levels = Vec::new();
        for (t, rows) in rows_of.iter().enumerate() {
            problem.add_option([(tank_items[t], 1)]);
            levels.push((t as u32, usize::MAX));
            let mut col_weight = vec![0u32; w];
            let mut weights = vec![(tank_items[t], 1)];
            for (r, cols) in rows {
                // Rows already filled keep their weights; this row adds its own.
                weights.push((row_items[*r], cols.len() as u32));
                for &c in cols {
                    col_weight[c] += 1;
                }
                let mut option = weights.clone();
                option.extend(col_weight.iter().enumerate().filter(|&(_, &k)| k > 0).map(|(c, &k)| (col_items[c], k)));
                problem.add_option(option);
                levels.push((t as u32, *r));
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
