//! Thermometers (puzzle-thermometers.com, straight and curved): a grid
//! covered by thermometers; each holds mercury from its bulb up to some
//! level without gaps, and every row and column holds as many mercury cells
//! as its clue says.
//!
//! The task is the clues, `_`-separated (columns left to right, then rows
//! top to bottom), then one `;`-separated part per thermometer: `d,len` for
//! a straight one whose first cell is the first cell in reading order that
//! no thermometer before it takes (`d`: 1 bulb on the left, 2 on the
//! right, 3 on top, 4 at the bottom), or `5,c1,c2,...` for any shape, its
//! cells' row-major indices from the bulb. The answer is `y` (mercury) or
//! `n` a cell, row-major.

mod encode;
pub(crate) mod home;
mod rules;
#[cfg(test)]
pub(crate) mod tests;

use crate::home::{Size, TaskError};
use crate::task::{check_size, numbers};

/// How the task wrote a thermometer: kept so that the task writes back as
/// the site wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// `d,len`: the direction digit 1..=4.
    Straight(u8),
    /// `5,c1,c2,...`.
    Cells,
}

/// One thermometer: its cells from the bulb to the tip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermometer {
    /// Row-major cell indices, the bulb first.
    pub cells: Vec<usize>,
    pub written: Written,
}

/// A Thermometers puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermometers {
    size: Size,
    col_clues: Vec<u32>,
    row_clues: Vec<u32>,
    thermometers: Vec<Thermometer>,
}

impl Thermometers {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square the clues imply (as many columns as rows).
    pub fn read(task: &str, size: Option<Size>) -> Result<Thermometers, TaskError> {
        let mut parts = task.split(';');
        let clues = numbers(parts.next().unwrap_or_default(), '_', "clues")?;
        let size = match size {
            Some(size) => check_size(size)?,
            None if clues.len() % 2 == 0 => check_size(Size::square(clues.len() / 2))?,
            None => {
                return Err(TaskError::new(format!(
                    "{} clues cannot be one a column and one a row of a square grid, and the page's width and \
                     height are not known",
                    clues.len()
                )));
            }
        };
        if clues.len() != size.width + size.height {
            return Err(TaskError::new(format!(
                "{} clues where a {size} grid has {} (one a column, then one a row)",
                clues.len(),
                size.width + size.height
            )));
        }
        let (col_clues, row_clues) = clues.split_at(size.width);
        let mut taken = vec![false; size.cells()];
        let mut thermometers = Vec::new();
        for (n, part) in parts.enumerate() {
            let place = format!("thermometer {} (`{part}`)", n + 1);
            let thermometer =
                read_thermometer(part, size, &taken).map_err(|why| TaskError::new(format!("{place}: {why}")))?;
            for &cell in &thermometer.cells {
                taken[cell] = true;
            }
            thermometers.push(thermometer);
        }
        Ok(Thermometers { size, col_clues: col_clues.to_vec(), row_clues: row_clues.to_vec(), thermometers })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let clues: Vec<String> = self.col_clues.iter().chain(&self.row_clues).map(u32::to_string).collect();
        let mut task = clues.join("_");
        for thermometer in &self.thermometers {
            task.push(';');
            match thermometer.written {
                Written::Straight(direction) => task.push_str(&format!("{direction},{}", thermometer.cells.len())),
                Written::Cells => {
                    let cells: Vec<String> = thermometer.cells.iter().map(usize::to_string).collect();
                    task.push_str(&format!("5,{}", cells.join(",")));
                }
            }
        }
        task
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The clue of each column, left to right.
    pub fn col_clues(&self) -> &[u32] {
        &self.col_clues
    }

    /// The clue of each row, top to bottom.
    pub fn row_clues(&self) -> &[u32] {
        &self.row_clues
    }

    /// The thermometers in the task's order.
    pub fn thermometers(&self) -> &[Thermometer] {
        &self.thermometers
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }
}

/// One thermometer's part of the task; `taken` says which cells the ones
/// before it hold.
fn read_thermometer(part: &str, size: Size, taken: &[bool]) -> Result<Thermometer, String> {
    let values = numbers(part, ',', "its numbers").map_err(|e| e.0)?;
    let (&shape, rest) = values.split_first().expect("split gives at least one part");
    let (cells, written) = match shape {
        1..=4 => {
            let &[length] = rest else {
                return Err(format!("a straight thermometer is `direction,length`, not {} numbers", values.len()));
            };
            let length = length as usize;
            if length == 0 {
                return Err("a thermometer of no cells".to_string());
            }
            let first = taken
                .iter()
                .position(|&t| !t)
                .ok_or_else(|| "every cell is already in a thermometer before it".to_string())?;
            let (row, col) = (first / size.width, first % size.width);
            let across = shape <= 2;
            let fits = if across { col + length <= size.width } else { row + length <= size.height };
            if !fits {
                return Err(format!("from row {}, column {}, {length} cells run off the grid", row + 1, col + 1));
            }
            let step = if across { 1 } else { size.width };
            let mut cells: Vec<usize> = (0..length).map(|k| first + k * step).collect();
            // Directions 2 and 4 have the bulb at the far end.
            if shape % 2 == 0 {
                cells.reverse();
            }
            (cells, Written::Straight(shape as u8))
        }
        5 => {
            if rest.is_empty() {
                return Err("a thermometer of no cells".to_string());
            }
            let cells: Vec<usize> = rest.iter().map(|&c| c as usize).collect();
            if let Some(&outside) = cells.iter().find(|&&c| c >= size.cells()) {
                return Err(format!("cell {outside} is outside the {size} grid"));
            }
            for pair in cells.windows(2) {
                let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
                let side_by_side = b == a + 1 && b % size.width != 0;
                if !side_by_side && b != a + size.width {
                    return Err(format!("cells {} and {} are not neighbours", pair[0], pair[1]));
                }
            }
            (cells, Written::Cells)
        }
        other => return Err(format!("`{other}` is no shape (1 to 4 straight, 5 by cells)")),
    };
    let mut seen = vec![false; size.cells()];
    for &cell in &cells {
        let (row, col) = (cell / size.width + 1, cell % size.width + 1);
        if taken[cell] {
            return Err(format!("row {row}, column {col} is in a thermometer before it"));
        }
        if std::mem::replace(&mut seen[cell], true) {
            return Err(format!("row {row}, column {col} comes twice"));
        }
    }
    Ok(Thermometer { cells, written })
}
