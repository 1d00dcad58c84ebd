//! The grid: 81 cells, row-major, and the units they make.

use super::error::SudokuError;

/// Cells in a grid.
pub const CELLS: usize = 81;

/// A grid, row-major, 0 for a blank. As a puzzle it holds the givens; as a
/// solution every cell is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub(super) cells: [u8; CELLS],
}

impl Grid {
    /// Reads 81 cells: `1`-`9` digits, `.` or `0` blanks.
    pub fn parse(text: &str) -> Result<Grid, SudokuError> {
        // Most lines are 81 plain ASCII cells: read as bytes, without a
        // branch per cell, and only what fails goes through the characters
        // for its error.
        if text.len() == CELLS {
            let mut cells = [0u8; CELLS];
            let mut bad = false;
            for (cell, &b) in cells.iter_mut().zip(text.as_bytes()) {
                let d = b.wrapping_sub(b'0');
                bad |= (d > 9) & (b != b'.');
                *cell = if d > 9 { 0 } else { d };
            }
            if !bad {
                return Ok(Grid { cells });
            }
        }
        let count = text.chars().count();
        if count != CELLS {
            return Err(SudokuError::WrongLength { found: count });
        }
        let mut cells = [0u8; CELLS];
        for (i, ch) in text.chars().enumerate() {
            cells[i] = match ch {
                '1'..='9' => ch as u8 - b'0',
                '.' | '0' => 0,
                found => return Err(SudokuError::BadChar { position: i + 1, found }),
            };
        }
        Ok(Grid { cells })
    }

    /// A grid from 81 values 0..=9 (0 = blank); `None` if any is above 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        cells.iter().all(|&d| d <= 9).then_some(Grid { cells })
    }

    /// The digit at (row, column), 0 for a blank.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * 9 + col]
    }

    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// How many cells are filled.
    pub fn givens(&self) -> usize {
        // Counted in bytes (at most 81), which the compiler adds many at once.
        usize::from(self.cells.iter().fold(0u8, |n, &d| n + u8::from(d != 0)))
    }

    /// Nine strings of nine characters, `.` for a blank: the `--json` form.
    pub fn to_rows(&self) -> Vec<String> {
        self.cells.chunks(9).map(|row| row.iter().map(|&d| cell_char(d)).collect()).collect()
    }
}

/// The box (0..9, row-major) of a cell.
pub fn box_of(row: usize, col: usize) -> usize {
    row / 3 * 3 + col / 3
}

fn cell_char(d: u8) -> char {
    if d == 0 { '.' } else { (b'0' + d) as char }
}

/// The 81-character line form.
impl std::fmt::Display for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line: String = self.cells.iter().map(|&d| cell_char(d)).collect();
        f.write_str(&line)
    }
}
