//! Hitori (puzzle-hitori.com): a grid of numbers. Shade cells so that no
//! number is left twice in a row or a column among the unshaded cells, no
//! two shaded cells are side by side, and the unshaded cells are all
//! connected (up, down, left, right).
//!
//! The task is one character a cell, row-major: `1`..`9` for 1 to 9 and
//! `a`..`z` for 10 to 35 (the 20x20 specials go up to `k`). The answer is
//! `y` (shaded) or `n` a cell, row-major.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{answer_cells, grid_size};

/// A Hitori puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hitori {
    size: Size,
    /// Each cell's number, row-major.
    numbers: Vec<u8>,
}

impl Hitori {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Hitori, TaskError> {
        let numbers = task
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                '1'..='9' | 'a'..='z' => Ok(c.to_digit(36).expect("a base-36 digit") as u8),
                other => Err(TaskError::new(format!(
                    "`{other}` at character {} is no hitori number (`1`..`9`, `a`..`z` for 10 to 35)",
                    i + 1
                ))),
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let size = grid_size(numbers.len(), size)?;
        Ok(Hitori { size, numbers })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        self.numbers.iter().map(|&n| char::from_digit(n.into(), 36).expect("a number below 36")).collect()
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Each cell's number, row-major.
    pub fn numbers(&self) -> &[u8] {
        &self.numbers
    }

    /// The cells orthogonally next to `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// The rows, then the columns, each as its cells in order.
    fn lines(&self) -> impl Iterator<Item = Vec<usize>> + '_ {
        let Size { width, height } = self.size;
        let rows = (0..height).map(move |r| (r * width..(r + 1) * width).collect());
        let columns = (0..width).map(move |c| (0..height).map(|r| r * width + c).collect());
        rows.chain(columns)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: which cells are shaded.
    fn shaded_cells(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "ny")?.into_iter().map(|c| c == 1).collect())
    }

    /// The first rule a shading breaks, by the rules alone: no two shaded
    /// cells side by side, no number twice unshaded in a line, and the
    /// unshaded cells connected (a walk from the first reaches them all).
    fn check_shading(&self, shaded: &[bool]) -> Result<(), String> {
        for cell in (0..shaded.len()).filter(|&c| shaded[c]) {
            if let Some(other) = self.neighbours(cell).find(|&o| o > cell && shaded[o]) {
                return Err(format!(
                    "the shaded cells at {} and {} are side by side",
                    self.place(cell),
                    self.place(other)
                ));
            }
        }
        for line in self.lines() {
            let mut first_at = [usize::MAX; 36];
            for &cell in line.iter().filter(|&&c| !shaded[c]) {
                let n = usize::from(self.numbers[cell]);
                if first_at[n] != usize::MAX {
                    return Err(format!(
                        "the {n} at {} and the {n} at {} are both unshaded in one line",
                        self.place(first_at[n]),
                        self.place(cell)
                    ));
                }
                first_at[n] = cell;
            }
        }
        let unshaded: Vec<bool> = shaded.iter().map(|&s| !s).collect();
        if let Some((first, apart)) = self.size.apart(&unshaded) {
            return Err(format!(
                "the unshaded cell at {} cannot reach the one at {}: the unshaded cells must be connected",
                self.place(apart),
                self.place(first)
            ));
        }
        Ok(())
    }
}
