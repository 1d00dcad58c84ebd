//! LITS (puzzle-lits.com): a grid cut into regions. Shade exactly four
//! cells in every region, side by side as one tetromino: an L, I, T or S
//! (turned or mirrored; the square is never one, see below). Two tetrominoes
//! of one shape never touch along a side across regions; all the shaded
//! cells are connected (up, down, left, right); and no two-by-two square is
//! all shaded.
//!
//! The task is the region id of each cell, row-major, comma-separated
//! (`1,2,3,3,3,3,1,2,...`); the answer is `y` (shaded) or `n` per cell.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use crate::home::{Size, TaskError};
use crate::task::{answer_cells, grid_size};

/// The four shapes a region's cells may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    L,
    I,
    T,
    S,
}

impl Shape {
    pub const ALL: [Shape; 4] = [Shape::L, Shape::I, Shape::T, Shape::S];

    fn letter(self) -> char {
        match self {
            Shape::L => 'L',
            Shape::I => 'I',
            Shape::T => 'T',
            Shape::S => 'S',
        }
    }
}

/// A LITS puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lits {
    size: Size,
    /// Each cell's region id as the task writes it, row-major.
    ids: Vec<u32>,
    /// Each cell's region, numbered from 0 in order of first appearance.
    regions: Vec<usize>,
    region_count: usize,
}

impl Lits {
    /// Reads a task: the region id of every cell. `size` is the page's,
    /// where known; else the grid is square.
    pub fn read(task: &str, size: Option<Size>) -> Result<Lits, TaskError> {
        let ids = region_ids(task)?;
        let size = grid_size(ids.len(), size)?;
        let mut seen: HashMap<u32, usize> = HashMap::new();
        let regions: Vec<usize> = ids
            .iter()
            .map(|id| {
                let next = seen.len();
                *seen.entry(*id).or_insert(next)
            })
            .collect();
        let region_count = seen.len();
        Ok(Lits { size, ids, regions, region_count })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        self.ids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Each cell's region, numbered from 0 in order of first appearance.
    pub fn regions(&self) -> &[usize] {
        &self.regions
    }

    pub fn region_count(&self) -> usize {
        self.region_count
    }

    /// The cells orthogonally next to `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: which cells are shaded.
    fn shaded_cells(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "ny")?.into_iter().map(|c| c == 1).collect())
    }

    /// The shape of four cells by what it looks like, not by a list of
    /// placements: all in one line is an I; a cell with three of the others
    /// beside it makes a T; three in one row or column (and no such cell)
    /// an L; otherwise, joined side by side and not a square, an S. Err
    /// names what they are instead.
    fn shape_of(&self, cells: &[usize]) -> Result<Shape, &'static str> {
        let width = self.size.width;
        let rows: Vec<usize> = cells.iter().map(|&c| c / width).collect();
        let cols: Vec<usize> = cells.iter().map(|&c| c % width).collect();
        let span = |v: &[usize]| v.iter().max().unwrap() - v.iter().min().unwrap() + 1;
        let beside = |c: usize| self.neighbours(c).filter(|n| cells.contains(n)).count();
        // Four cells are joined when a walk along sides within them reaches
        // all four.
        let mut reached = vec![cells[0]];
        let mut at = 0;
        while at < reached.len() {
            for n in self.neighbours(reached[at]) {
                if cells.contains(&n) && !reached.contains(&n) {
                    reached.push(n);
                }
            }
            at += 1;
        }
        if reached.len() < cells.len() {
            return Err("not joined side by side");
        }
        let in_one = |v: &[usize], k: usize| v.iter().filter(|&&x| x == k).count();
        Ok(match (span(&rows), span(&cols)) {
            (1, 4) | (4, 1) => Shape::I,
            (2, 2) => return Err("a square"),
            _ if cells.iter().any(|&c| beside(c) == 3) => Shape::T,
            _ if rows.iter().any(|&r| in_one(&rows, r) == 3) || cols.iter().any(|&c| in_one(&cols, c) == 3) => {
                Shape::L
            }
            _ => Shape::S,
        })
    }

    /// The first rule a shading breaks, by the rules alone.
    fn check_shading(&self, shaded: &[bool]) -> Result<(), String> {
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); self.region_count];
        for cell in (0..shaded.len()).filter(|&c| shaded[c]) {
            members[self.regions[cell]].push(cell);
        }
        let mut shapes = Vec::with_capacity(self.region_count);
        for (region, cells) in members.iter().enumerate() {
            let first = self.regions.iter().position(|&r| r == region).expect("a region has a cell");
            if cells.len() != 4 {
                return Err(format!(
                    "the region holding {} has {} shaded cells, not 4",
                    self.place(first),
                    cells.len()
                ));
            }
            shapes.push(self.shape_of(cells).map_err(|what| {
                format!("the shaded cells of the region holding {} are {what}, not an L, I, T or S", self.place(first))
            })?);
        }
        for cell in (0..shaded.len()).filter(|&c| shaded[c]) {
            let here = self.regions[cell];
            if let Some(other) = self
                .neighbours(cell)
                .find(|&o| o > cell && shaded[o] && self.regions[o] != here && shapes[self.regions[o]] == shapes[here])
            {
                return Err(format!(
                    "two {}s touch at {} and {}",
                    shapes[here].letter(),
                    self.place(cell),
                    self.place(other)
                ));
            }
        }
        if let Some(cell) = self.size.full_square(shaded) {
            return Err(format!("the two-by-two square from {} is all shaded", self.place(cell)));
        }
        if let Some((first, apart)) = self.size.apart(shaded) {
            return Err(format!(
                "the shaded cell at {} cannot reach the one at {}: the shaded cells must be connected",
                self.place(apart),
                self.place(first)
            ));
        }
        Ok(())
    }
}

/// The region ids of a task, each written as the site writes it (digits, no
/// leading zero), so that the task writes back exactly.
fn region_ids(task: &str) -> Result<Vec<u32>, TaskError> {
    task.split(',')
        .enumerate()
        .map(|(i, part)| {
            let plain = !part.is_empty()
                && part.bytes().all(|b| b.is_ascii_digit())
                && (part.len() == 1 || !part.starts_with('0'));
            part.parse::<u32>().ok().filter(|_| plain).ok_or_else(|| {
                TaskError::new(format!("region id number {} is `{part}`, not a number as the site writes it", i + 1))
            })
        })
        .collect()
}
