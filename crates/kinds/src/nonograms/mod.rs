//! Nonograms (puzzle-nonograms.com): shade cells so that each row and
//! column reads as its clue, the lengths of its runs of black cells in
//! order, with at least one white cell between two runs.
//!
//! The task is the clues, `/`-separated, the columns left to right first,
//! then the rows top to bottom; a line's run lengths are `.`-separated
//! (`3.1`), and `0` is a line with no run. The answer is `y` (black) or
//! `n` a cell, row-major.

mod encode;
pub(crate) mod home;
mod line;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::check_size;

/// A nonogram as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    size: Size,
    /// Each column's runs, left to right, then each row's, top to bottom:
    /// the task's order. A line with no run has none (the task's `0`).
    lines: Vec<Vec<usize>>,
}

impl Nonogram {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square the clues imply (as many columns as rows).
    pub fn read(task: &str, size: Option<Size>) -> Result<Nonogram, TaskError> {
        let parts: Vec<&str> = task.split('/').collect();
        let size = match size {
            Some(size) => check_size(size)?,
            None if parts.len().is_multiple_of(2) => check_size(Size::square(parts.len() / 2))?,
            None => {
                return Err(TaskError::new(format!(
                    "{} clues cannot be one a column and one a row of a square grid, and the page's width and \
                     height are not known",
                    parts.len()
                )));
            }
        };
        if parts.len() != size.width + size.height {
            return Err(TaskError::new(format!(
                "{} clues where a {size} grid has {} (one a column, then one a row)",
                parts.len(),
                size.width + size.height
            )));
        }
        let mut lines = Vec::with_capacity(parts.len());
        for (n, part) in parts.iter().enumerate() {
            let nonogram = Nonogram { size, lines: Vec::new() };
            let name = nonogram.line_name(n);
            let mut runs = Vec::new();
            for piece in part.split('.') {
                let run: usize = piece
                    .parse()
                    .ok()
                    .filter(|_| piece.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| TaskError::new(format!("{name}'s clue `{part}`: `{piece}` is not a number")))?;
                runs.push(run);
            }
            if runs == [0] {
                runs.clear();
            } else if runs.contains(&0) {
                return Err(TaskError::new(format!("{name}'s clue `{part}` holds a run of no cells")));
            }
            let length = if n < size.width { size.height } else { size.width };
            let needed = runs.iter().sum::<usize>() + runs.len().saturating_sub(1);
            if needed > length {
                return Err(TaskError::new(format!(
                    "{name}'s clue `{part}` takes {needed} cells, more than its {length}"
                )));
            }
            lines.push(runs);
        }
        Ok(Nonogram { size, lines })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let clue = |runs: &Vec<usize>| {
            if runs.is_empty() {
                "0".to_string()
            } else {
                runs.iter().map(usize::to_string).collect::<Vec<_>>().join(".")
            }
        };
        self.lines.iter().map(clue).collect::<Vec<_>>().join("/")
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Each column's runs then each row's, as the task orders them.
    pub fn lines(&self) -> &[Vec<usize>] {
        &self.lines
    }

    /// The cells of line `n` (a column below `width`, then the rows), in
    /// order along it, as row-major indices.
    pub fn line_cells(&self, n: usize) -> Vec<usize> {
        let Size { width, height } = self.size;
        if n < width {
            (0..height).map(|r| r * width + n).collect()
        } else {
            ((n - width) * width..(n - width + 1) * width).collect()
        }
    }

    /// `column C` or `row R` (1-based) of line `n`.
    fn line_name(&self, n: usize) -> String {
        if n < self.size.width { format!("column {}", n + 1) } else { format!("row {}", n - self.size.width + 1) }
    }
}
