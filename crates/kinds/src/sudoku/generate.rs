//! New puzzles of a chosen level: fill a random grid, take clues away
//! (whole symmetry orbits at a time, in random order) while the solver
//! proves the puzzle still has one solution, grade it, and start again
//! until the grade is the one asked for.

use std::fmt;

use crate::rng::Rng;

use super::grade::{Grading, Level, grade_up_to};
use super::{CELLS, Grid, Method, SudokuError, box_of, solve};

/// Which cells must stay given or blank together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    None,
    /// Half-turn: (r, c) with (8-r, 8-c).
    Rot180,
    /// Quarter-turns: (r, c), (c, 8-r), (8-r, 8-c), (8-c, r).
    Rot90,
    /// Left-right mirror: (r, c) with (r, 8-c).
    Mirror,
}

impl Symmetry {
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The cells a cell's givenness is tied to, itself first, no repeats.
    pub fn orbit(self, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / 9, cell % 9);
        let images: Vec<(usize, usize)> = match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rot180 => vec![(r, c), (8 - r, 8 - c)],
            Symmetry::Rot90 => vec![(r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
            Symmetry::Mirror => vec![(r, c), (r, 8 - c)],
        };
        let mut cells: Vec<usize> = Vec::new();
        for (r, c) in images {
            if !cells.contains(&(r * 9 + c)) {
                cells.push(r * 9 + c);
            }
        }
        cells
    }

    /// Whether the pattern of givens of `grid` has this symmetry.
    pub fn holds_for(self, grid: &Grid) -> bool {
        let given = |cell: usize| grid.cells()[cell] != 0;
        (0..CELLS).all(|cell| self.orbit(cell).iter().all(|&o| given(o) == given(cell)))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, Debug)]
pub struct GenerateSettings {
    pub level: Level,
    pub symmetry: Symmetry,
    /// Every given needed: taking any one away (with a symmetry: any orbit,
    /// since a single clue of a symmetric puzzle almost never can go alone
    /// without breaking the symmetry) leaves more than one solution. Without it, clues are taken away only while the grade stays at or
    /// below the level, so easier levels come at once.
    pub minimal: bool,
    /// Full grids tried before giving up.
    pub attempts: usize,
}

/// A generated puzzle, its solution and its grade.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    pub grading: Grading,
    /// Grids tried until one graded at the level asked for.
    pub attempts: usize,
}

/// No puzzle of the level asked for within the attempts allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelNotReached {
    pub level: Level,
    pub attempts: usize,
    /// How many of the puzzles made graded at each level (easy to guess).
    pub found: [usize; 5],
}

impl fmt::Display for LevelNotReached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let found: Vec<String> = Level::ALL
            .iter()
            .zip(self.found)
            .filter(|&(_, n)| n > 0)
            .map(|(level, n)| format!("{n} {level}"))
            .collect();
        write!(
            f,
            "no {} puzzle in {} attempts (made: {}); allow more with --attempts, or ask for another level",
            self.level,
            self.attempts,
            found.join(", ")
        )
    }
}

/// Makes one puzzle. Deterministic in `rng`'s state.
pub fn generate(rng: &mut Rng, settings: GenerateSettings) -> Result<Generated, LevelNotReached> {
    let mut found = [0; 5];
    for attempt in 1..=settings.attempts {
        let solution = random_full_grid(rng);
        let (puzzle, grading) = remove_clues(rng, &solution, settings);
        found[grading.level as usize] += 1;
        if grading.level == settings.level {
            return Ok(Generated { puzzle, solution, grading, attempts: attempt });
        }
    }
    Err(LevelNotReached { level: settings.level, attempts: settings.attempts, found })
}

/// Whether the puzzle has exactly one solution, by the bitboard solver.
pub fn is_unique(puzzle: &Grid) -> Result<bool, SudokuError> {
    Ok(solve(puzzle, 2, Method::Bitboard)?.is_unique())
}

/// Whether taking away any one given (with a symmetry: the givens of any
/// one orbit) leaves more than one solution.
#[cfg(test)]
pub(crate) fn is_minimal(puzzle: &Grid, symmetry: Symmetry) -> Result<bool, SudokuError> {
    for cell in (0..CELLS).filter(|&c| puzzle.cells()[c] != 0) {
        if is_unique(&without(puzzle, &symmetry.orbit(cell)))? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn without(puzzle: &Grid, cells: &[usize]) -> Grid {
    let mut next = *puzzle.cells();
    for &c in cells {
        next[c] = 0;
    }
    Grid { cells: next }
}

/// The puzzle left after taking clues away from the full grid, and its grade.
fn remove_clues(rng: &mut Rng, solution: &Grid, settings: GenerateSettings) -> (Grid, Grading) {
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    for cell in 0..CELLS {
        let orbit = settings.symmetry.orbit(cell);
        if orbit.iter().min() == Some(&cell) {
            orbits.push(orbit);
        }
    }
    rng.shuffle(&mut orbits);
    let mut puzzle = *solution;
    // Taking an orbit away can only add solutions, so one pass leaves
    // every orbit needed.
    for orbit in &orbits {
        let next = without(&puzzle, orbit);
        // The full grid is a solution, so no search fails on a bug here;
        // a solver error would be a wrong solution, which makes it "not unique".
        if !is_unique(&next).unwrap_or(false) {
            continue;
        }
        if !settings.minimal && grade_up_to(&next, solution, settings.level).level > settings.level {
            continue;
        }
        puzzle = next;
    }
    (puzzle, grade_up_to(&puzzle, solution, settings.level))
}

/// A random complete grid: cells in order, each given a digit in random
/// order that its row, column and box allow, backing up when none does.
/// Ours (not a solver's) so that a seed gives the same grid whatever a
/// solver's search order becomes.
pub fn random_full_grid(rng: &mut Rng) -> Grid {
    let mut cells = [0u8; CELLS];
    let mut used = [[0u16; 9]; 3];
    // For each cell: its digits still to try, in order.
    let mut choices: Vec<Vec<u8>> = Vec::with_capacity(CELLS);
    let units = |cell: usize| [cell / 9, cell % 9, box_of(cell / 9, cell % 9)];
    while choices.len() < CELLS {
        let cell = choices.len();
        let taken = units(cell).iter().enumerate().fold(0u16, |m, (k, &u)| m | used[k][u]);
        let mut digits: Vec<u8> = (1..=9).filter(|&d| taken & (1 << d) == 0).collect();
        rng.shuffle(&mut digits);
        choices.push(digits);
        // Take the next digit of the last cell, backing up past cells with none left.
        loop {
            let cell = choices.len() - 1;
            if cells[cell] != 0 {
                for (k, &u) in units(cell).iter().enumerate() {
                    used[k][u] &= !(1 << cells[cell]);
                }
                cells[cell] = 0;
            }
            if let Some(d) = choices[cell].pop() {
                cells[cell] = d;
                for (k, &u) in units(cell).iter().enumerate() {
                    used[k][u] |= 1 << d;
                }
                break;
            }
            choices.pop();
        }
    }
    Grid { cells }
}
