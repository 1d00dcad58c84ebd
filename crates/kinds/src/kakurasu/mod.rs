//! Kakurasu (puzzle-kakurasu.com): shade cells so that, in every row, the
//! column numbers (1 from the left) of its shaded cells add up to the row's
//! clue, and in every column the row numbers (1 from the top) of its shaded
//! cells add up to the column's clue.
//!
//! The task is the clues, `/`-separated: the columns' left to right, then
//! the rows' top to bottom (`3/6/3/1/5/3/3/2` for 4x4). The answer is `1`
//! (shaded) or `0` per cell: that is what the site hashes, though the page
//! keeps `n` for an unshaded cell in some of its saved states.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use multicover::Settings;

use crate::Solved;
use crate::draw::{Drawing, Fill};
use crate::home::{Board, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::task::{answer_cells, check_size};

/// A Kakurasu puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kakurasu {
    size: Size,
    /// The columns' clues, left to right.
    col_clues: Vec<u32>,
    /// The rows' clues, top to bottom.
    row_clues: Vec<u32>,
}

impl Kakurasu {
    /// Reads a task: the columns' clues then the rows', `/`-separated.
    /// `size` is the page's, where known; else the grid is square.
    pub fn read(task: &str, size: Option<Size>) -> Result<Kakurasu, TaskError> {
        let clues = task
            .split('/')
            .enumerate()
            .map(|(i, part)| {
                let plain = !part.is_empty()
                    && part.bytes().all(|b| b.is_ascii_digit())
                    && (part.len() == 1 || !part.starts_with('0'));
                part.parse::<u32>().ok().filter(|_| plain).ok_or_else(|| {
                    TaskError::new(format!("clue number {} is `{part}`, not a number as the site writes it", i + 1))
                })
            })
            .collect::<Result<Vec<u32>, TaskError>>()?;
        let size = match size {
            Some(size) => size,
            None if clues.len() % 2 == 0 => Size::square(clues.len() / 2),
            None => {
                return Err(TaskError::new(format!(
                    "{} clues: a square grid has as many rows as columns, and the page's width and height are not known",
                    clues.len()
                )));
            }
        };
        check_size(size)?;
        if clues.len() != size.width + size.height {
            return Err(TaskError::new(format!(
                "{} clues where a {size} grid has {}, one a column and one a row",
                clues.len(),
                size.width + size.height
            )));
        }
        let (col_clues, row_clues) = clues.split_at(size.width);
        Ok(Kakurasu { size, col_clues: col_clues.to_vec(), row_clues: row_clues.to_vec() })
    }

    /// The columns' clues, left to right.
    pub fn col_clues(&self) -> &[u32] {
        &self.col_clues
    }

    /// The rows' clues, top to bottom.
    pub fn row_clues(&self) -> &[u32] {
        &self.row_clues
    }

    /// Reads an answer string: which cells are shaded.
    fn shaded_cells(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "01")?.into_iter().map(|c| c == 1).collect())
    }
}

/// Checks a shading by the rules, without the solver: every row's and
/// column's shaded cells add up to its clue.
fn check_shading(puzzle: &Kakurasu, shaded: &[bool]) -> Result<(), String> {
    let Size { width, height } = puzzle.size;
    for (row, &clue) in puzzle.row_clues.iter().enumerate() {
        let sum: usize = (0..width).filter(|&col| shaded[row * width + col]).map(|col| col + 1).sum();
        if sum != clue as usize {
            return Err(format!("row {}: its shaded cells' column numbers add up to {sum}, not {clue}", row + 1));
        }
    }
    for (col, &clue) in puzzle.col_clues.iter().enumerate() {
        let sum: usize = (0..height).filter(|&row| shaded[row * width + col]).map(|row| row + 1).sum();
        if sum != clue as usize {
            return Err(format!("column {}: its shaded cells' row numbers add up to {sum}, not {clue}", col + 1));
        }
    }
    Ok(())
}
