//! The rules, checked directly: no engine, no search.

use super::error::{SudokuError, Violation};
use super::grid::{Grid, box_of};

impl Grid {
    /// Checks that no two givens share a row, column or box.
    pub fn validate(&self) -> Result<(), SudokuError> {
        check_units(self, false).map_err(SudokuError::Clash)
    }
}

/// No digit twice in a row, column or box; with `full`, no blank either.
pub(crate) fn check_units(grid: &Grid, full: bool) -> Result<(), Violation> {
    if units_hold(grid, full) {
        return Ok(());
    }
    first_violation(grid, full)
}

/// Whether [`check_units`] passes, in one pass of bit sets: each digit seen
/// once in its row, column and box (counted, so that no test branches per
/// cell), and with `full` no blank. Grids that fail it are few, and
/// [`first_violation`] names what they break.
pub(super) fn units_hold(grid: &Grid, full: bool) -> bool {
    let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
    let (mut distinct, mut placed) = (0, 0);
    for (r, row) in grid.cells().chunks_exact(9).enumerate() {
        let mut in_row = 0u16;
        for (c, &d) in row.iter().enumerate() {
            // Bit 0 for a blank, which is not counted.
            let bit = (1u16 << d) & !1;
            in_row |= bit;
            cols[c] |= bit;
            boxes[r / 3 * 3 + c / 3] |= bit;
            placed += u32::from(d != 0);
        }
        distinct += in_row.count_ones();
    }
    distinct += cols.iter().chain(&boxes).map(|set| set.count_ones()).sum::<u32>();
    // Every digit placed adds one to its row's, column's and box's count
    // unless one of them has it already.
    distinct == 3 * placed && (!full || placed == 81)
}

/// The first broken rule, cell by cell, row before column before box.
pub(super) fn first_violation(grid: &Grid, full: bool) -> Result<(), Violation> {
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
    if solves(puzzle, solution) {
        return Ok(());
    }
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

/// Whether [`verify`] passes, in one pass without a branch per cell: the
/// digits of each row, column and box as bit sets, and whether a given
/// changed. A unit's nine cells hold every digit exactly when its set has
/// all nine bits (a blank is bit 0, so it leaves a digit out): the 27 sets
/// are checked at once by what they all share. A grid that fails it (a
/// solver's bug) goes through the cell-by-cell checks, which name the rule.
pub(super) fn solves(puzzle: &Grid, solution: &Grid) -> bool {
    const DIGITS: u16 = 0b11_1111_1110;
    let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
    let mut all_rows = DIGITS;
    for (r, found) in solution.cells().chunks_exact(9).enumerate() {
        let mut row = 0u16;
        for (c, &d) in found.iter().enumerate() {
            let bit = 1u16 << d;
            row |= bit;
            cols[c] |= bit;
            boxes[r / 3 * 3 + c / 3] |= bit;
        }
        all_rows &= row;
    }
    // Apart, so that the compiler compares many cells at once.
    let changed =
        puzzle.cells().iter().zip(solution.cells()).fold(false, |changed, (&g, &d)| changed | ((g != 0) & (g != d)));
    let shared = cols.iter().chain(&boxes).fold(all_rows, |shared, &set| shared & set);
    shared & DIGITS == DIGITS && !changed
}
