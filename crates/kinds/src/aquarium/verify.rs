//! Checks water against the rules, by direct counting: no engine involved.

use std::fmt;

use super::{Aquarium, Water};

/// The first rule a water grid breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    Size {
        expected: (usize, usize),
        found: (usize, usize),
    },
    RowCount {
        row: usize,
        clue: u32,
        found: u32,
    },
    ColumnCount {
        col: usize,
        clue: u32,
        found: u32,
    },
    /// A dry cell at or below the water level of its tank.
    NotLevel {
        tank: u32,
        row: usize,
        col: usize,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Size { expected, found } => {
                write!(f, "the water grid is {}x{}, the puzzle {}x{}", found.0, found.1, expected.0, expected.1)
            }
            Violation::RowCount { row, clue, found } => {
                write!(f, "row {} holds {found} water cells, its clue says {clue}", row + 1)
            }
            Violation::ColumnCount { col, clue, found } => {
                write!(f, "column {} holds {found} water cells, its clue says {clue}", col + 1)
            }
            Violation::NotLevel { tank, row, col } => write!(
                f,
                "tank {} is not level: row {}, column {} is dry at or below the tank's water",
                tank + 1,
                row + 1,
                col + 1
            ),
        }
    }
}

/// Whether `water` solves `puzzle`: every tank filled from its bottom up to
/// one level across its whole width, and every row and column count equal
/// to its clue.
pub fn verify(puzzle: &Aquarium, water: &Water) -> Result<(), Violation> {
    let (w, h) = (puzzle.width(), puzzle.height());
    if (water.width(), water.height()) != (w, h) {
        return Err(Violation::Size { expected: (w, h), found: (water.width(), water.height()) });
    }
    // The top water row of each tank; level means: a cell is wet exactly
    // when it is at or below that row.
    let mut top = vec![usize::MAX; puzzle.tank_count()];
    for r in 0..h {
        for c in 0..w {
            let t = puzzle.tank(r, c) as usize;
            if water.get(r, c) && r < top[t] {
                top[t] = r;
            }
        }
    }
    for r in 0..h {
        for c in 0..w {
            let t = puzzle.tank(r, c);
            if !water.get(r, c) && r >= top[t as usize] {
                return Err(Violation::NotLevel { tank: t, row: r, col: c });
            }
        }
    }
    let (rows, cols) = Aquarium::clues_of(water);
    for (row, (&clue, &found)) in puzzle.row_clues().iter().zip(&rows).enumerate() {
        if clue != found {
            return Err(Violation::RowCount { row, clue, found });
        }
    }
    for (col, (&clue, &found)) in puzzle.col_clues().iter().zip(&cols).enumerate() {
        if clue != found {
            return Err(Violation::ColumnCount { col, clue, found });
        }
    }
    Ok(())
}
