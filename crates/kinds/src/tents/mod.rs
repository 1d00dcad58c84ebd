//! Tents (puzzle-tents.com): a grid with trees. Put tents in empty cells so
//! that each tree has a tent of its own orthogonally next to it (trees and
//! tents paired one to one), no two tents touch, even diagonally, and every
//! row and column holds as many tents as its clue says.
//!
//! The task is the gaps between trees in reading order, a character each
//! (`_` for none, `a`..`z` for 1..26 empty cells), a tree after every gap
//! but the last; then `,` and the clues, `,`-separated: columns left to
//! right, then rows top to bottom. The answer is `y` (tent) or `n` a cell,
//! row-major.

mod encode;
pub(crate) mod home;
mod rules;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{grid_size, numbers};

/// A Tents puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tents {
    size: Size,
    /// Whether each cell holds a tree, row-major.
    trees: Vec<bool>,
    col_clues: Vec<u32>,
    row_clues: Vec<u32>,
}

impl Tents {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Tents, TaskError> {
        let Some((gaps, clues)) = task.split_once(',') else {
            return Err(TaskError::new("no `,` between the trees and the clues"));
        };
        let mut trees = Vec::new();
        for (at, c) in gaps.char_indices() {
            let gap = match c {
                '_' => 0,
                'a'..='z' => (c as u8 - b'a' + 1) as usize,
                other => {
                    return Err(TaskError::new(format!(
                        "`{other}` at character {} is not a gap between trees (`_` or `a` to `z`)",
                        at + 1
                    )));
                }
            };
            if trees.len() > crate::home::MAX_SIDE * crate::home::MAX_SIDE {
                return Err(TaskError::new("more cells than any grid has"));
            }
            // Every gap but the first is preceded by a tree.
            if at > 0 {
                trees.push(true);
            }
            trees.extend(std::iter::repeat_n(false, gap));
        }
        if gaps.is_empty() {
            return Err(TaskError::new("no gaps between trees before the `,`"));
        }
        let size = grid_size(trees.len(), size)?;
        let clues = numbers(clues, ',', "clues")?;
        if clues.len() != size.width + size.height {
            return Err(TaskError::new(format!(
                "{} clues where a {size} grid has {} (one a column, then one a row)",
                clues.len(),
                size.width + size.height
            )));
        }
        let (col_clues, row_clues) = clues.split_at(size.width);
        Ok(Tents { size, trees, col_clues: col_clues.to_vec(), row_clues: row_clues.to_vec() })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let mut task = String::new();
        let mut gap = 0;
        let push_gap = |task: &mut String, gap: usize| {
            task.push(if gap == 0 { '_' } else { (b'a' + gap as u8 - 1) as char });
        };
        for &tree in &self.trees {
            if tree {
                push_gap(&mut task, gap);
                gap = 0;
            } else {
                gap += 1;
            }
        }
        push_gap(&mut task, gap);
        let clues: Vec<String> = self.col_clues.iter().chain(&self.row_clues).map(u32::to_string).collect();
        format!("{task},{}", clues.join(","))
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether each cell holds a tree, row-major.
    pub fn trees(&self) -> &[bool] {
        &self.trees
    }

    /// The clue of each column, left to right.
    pub fn col_clues(&self) -> &[u32] {
        &self.col_clues
    }

    /// The clue of each row, top to bottom.
    pub fn row_clues(&self) -> &[u32] {
        &self.row_clues
    }

    /// The cells orthogonally next to `cell`.
    pub(crate) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }
}
