//! The rules, checked directly: no engine, no search.

use std::fmt;

use super::{Grid, box_of};

/// A broken rule, with the cells that break it (1-based for people).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    Blank { row: usize, col: usize },
    Repeated { unit: &'static str, index: usize, digit: u8 },
    ChangedGiven { row: usize, col: usize, given: u8, found: u8 },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Blank { row, col } => write!(f, "row {row}, column {col} is blank"),
            Violation::Repeated { unit, index, digit } => write!(f, "{unit} {index} holds {digit} twice"),
            Violation::ChangedGiven { row, col, given, found } => {
                write!(f, "row {row}, column {col} was given as {given} but holds {found}")
            }
        }
    }
}

/// No digit twice in a row, column or box; with `full`, no blank either.
pub(crate) fn check_units(grid: &Grid, full: bool) -> Result<(), Violation> {
    // seen[unit kind][unit index] is a bit set of digits.
    let mut seen = [[0u16; 9]; 3];
    const UNITS: [&str; 3] = ["row", "column", "box"];
    for r in 0..9 {
        for c in 0..9 {
            let d = grid.get(r, c);
            if d == 0 {
                if full {
                    return Err(Violation::Blank { row: r + 1, col: c + 1 });
                }
                continue;
            }
            for (kind, index) in [r, c, box_of(r, c)].into_iter().enumerate() {
                let bit = 1u16 << d;
                if seen[kind][index] & bit != 0 {
                    return Err(Violation::Repeated { unit: UNITS[kind], index: index + 1, digit: d });
                }
                seen[kind][index] |= bit;
            }
        }
    }
    Ok(())
}

/// Whether `solution` solves `puzzle`: every cell filled, every row, column
/// and box holding each digit once, every given kept.
pub fn verify(puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    check_units(solution, true)?;
    for r in 0..9 {
        for c in 0..9 {
            let (given, found) = (puzzle.get(r, c), solution.get(r, c));
            if given != 0 && given != found {
                return Err(Violation::ChangedGiven { row: r + 1, col: c + 1, given, found });
            }
        }
    }
    Ok(())
}
