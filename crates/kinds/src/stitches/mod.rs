//! Stitches (puzzle-stitches.com): a grid cut into regions. A stitch joins
//! two side-by-side cells of different regions, a hole in each; no cell
//! holds two holes; every two neighbouring regions are joined by the same
//! number of stitches; every row and column holds as many holes as its
//! clue says.
//!
//! The task is the clues, `_`-separated (columns left to right, then rows
//! top to bottom), `;`, then the region of each cell, `,`-separated and
//! row-major. It does not say how many stitches join two regions: every
//! answer has that many on each border, so the clues' holes (two a stitch)
//! tell it. The answer is `2 * width * height` characters, `y` or `n`: first
//! a cell each, row-major, for a stitch from the cell to its right
//! neighbour, then a cell each for a stitch to the cell below.

mod encode;
pub(crate) mod home;
mod rules;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{grid_size, numbers};

/// A stitch: a cell and the neighbour it is joined to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stitch {
    /// From a cell (row-major index) to the cell on its right.
    Right(usize),
    /// From a cell to the cell below it.
    Down(usize),
}

/// A Stitches puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stitches {
    size: Size,
    col_clues: Vec<u32>,
    row_clues: Vec<u32>,
    /// The region of each cell as the task writes it, row-major.
    regions: Vec<u32>,
    /// Each two regions with side-by-side cells, the smaller id first, in
    /// increasing order.
    borders: Vec<(u32, u32)>,
    /// How many stitches join every two neighbouring regions.
    per_border: u32,
}

impl Stitches {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its regions fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Stitches, TaskError> {
        let Some((clues, regions)) = task.split_once(';') else {
            return Err(TaskError::new("no `;` between the clues and the regions"));
        };
        let clues = numbers(clues, '_', "clues")?;
        let regions = numbers(regions, ',', "regions")?;
        let size = grid_size(regions.len(), size)?;
        if clues.len() != size.width + size.height {
            return Err(TaskError::new(format!(
                "{} clues where a {size} grid has {} (one a column, then one a row)",
                clues.len(),
                size.width + size.height
            )));
        }
        let (col_clues, row_clues) = clues.split_at(size.width);
        let mut borders = Vec::new();
        for cell in 0..size.cells() {
            for neighbour in neighbours(size, cell) {
                let (a, b) = (regions[cell], regions[neighbour]);
                if a != b {
                    borders.push((a.min(b), a.max(b)));
                }
            }
        }
        borders.sort_unstable();
        borders.dedup();
        let holes: u64 = row_clues.iter().map(|&c| u64::from(c)).sum();
        let per_border = match borders.len() as u64 {
            0 if holes == 0 => 0,
            0 => return Err(TaskError::new("the clues count holes, but the grid is one region: no stitch can go in")),
            count if holes.is_multiple_of(2 * count) && holes / (2 * count) <= u64::from(u32::MAX) => {
                (holes / (2 * count)) as u32
            }
            count => {
                return Err(TaskError::new(format!(
                    "the row clues count {holes} holes, which is no number of stitches (two holes each) on each of \
                     the {count} borders between regions"
                )));
            }
        };
        Ok(Stitches {
            size,
            col_clues: col_clues.to_vec(),
            row_clues: row_clues.to_vec(),
            regions,
            borders,
            per_border,
        })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let clues: Vec<String> = self.col_clues.iter().chain(&self.row_clues).map(u32::to_string).collect();
        let regions: Vec<String> = self.regions.iter().map(u32::to_string).collect();
        format!("{};{}", clues.join("_"), regions.join(","))
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

    /// The region of each cell, row-major, as the task writes it.
    pub fn regions(&self) -> &[u32] {
        &self.regions
    }

    /// Each two regions that share a border, the smaller id first.
    pub fn borders(&self) -> &[(u32, u32)] {
        &self.borders
    }

    /// How many stitches join every two neighbouring regions.
    pub fn per_border(&self) -> u32 {
        self.per_border
    }

    /// The two cells a stitch joins, or None where it leaves the grid.
    pub fn cells_of(&self, stitch: Stitch) -> Option<(usize, usize)> {
        let width = self.size.width;
        match stitch {
            Stitch::Right(cell) if cell % width + 1 < width => Some((cell, cell + 1)),
            Stitch::Down(cell) if cell + width < self.size.cells() => Some((cell, cell + width)),
            _ => None,
        }
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }
}

/// The cells right of and below `cell`, where the grid has them.
fn neighbours(size: Size, cell: usize) -> impl Iterator<Item = usize> {
    let right = (cell % size.width + 1 < size.width).then_some(cell + 1);
    let down = (cell + size.width < size.cells()).then_some(cell + size.width);
    right.into_iter().chain(down)
}
