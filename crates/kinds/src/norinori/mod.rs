//! Norinori (puzzle-norinori.com): a grid cut into regions; shade exactly
//! two cells in every region so that the shaded cells fall into dominoes:
//! each shaded cell has exactly one shaded cell beside it (up, down, left or
//! right).
//!
//! The task is the region id of each cell, row-major, comma-separated
//! (`1,1,1,2,2,3,...`); the answer is `y` (shaded) or `n` per cell.

mod encode;
pub(crate) mod home;
mod solver;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use multicover::Settings;

use crate::Solved;
use crate::draw::{Drawing, Fill};
use crate::home::{Board, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::task::{answer_cells, grid_size};

/// A Norinori puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Norinori {
    size: Size,
    /// Each cell's region id as the task writes it, row-major.
    ids: Vec<u32>,
    /// Each cell's region, numbered from 0 in order of first appearance.
    regions: Vec<usize>,
    region_count: usize,
}

impl Norinori {
    /// Reads a task: the region id of every cell. `size` is the page's,
    /// where known; else the grid is square.
    pub fn read(task: &str, size: Option<Size>) -> Result<Norinori, TaskError> {
        let ids = region_ids(task)?;
        let size = grid_size(ids.len(), size)?;
        let regions = dense_regions(&ids);
        let region_count = regions.iter().max().map_or(0, |&r| r + 1);
        Ok(Norinori { size, ids, regions, region_count })
    }

    /// The region of a cell (row-major index), numbered from 0.
    pub fn region(&self, cell: usize) -> usize {
        self.regions[cell]
    }

    /// How many regions the grid is cut into.
    pub fn region_count(&self) -> usize {
        self.region_count
    }

    /// Reads an answer string: which cells are shaded.
    fn shaded_cells(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "ny")?.into_iter().map(|c| c == 1).collect())
    }

    /// The cells beside `cell` (up, left, right, down), in the grid.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> {
        self.size.neighbours(cell)
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

/// Region ids renumbered from 0 in order of first appearance.
fn dense_regions(ids: &[u32]) -> Vec<usize> {
    let mut seen: HashMap<u32, usize> = HashMap::new();
    ids.iter()
        .map(|id| {
            let next = seen.len();
            *seen.entry(*id).or_insert(next)
        })
        .collect()
}

/// Checks a shading by the rules, without the solver: two shaded cells in
/// every region, and one shaded neighbour for every shaded cell.
fn check_shading(puzzle: &Norinori, shaded: &[bool]) -> Result<(), String> {
    let width = puzzle.size.width;
    let at = |cell: usize| format!("row {}, column {}", cell / width + 1, cell % width + 1);
    for cell in (0..shaded.len()).filter(|&cell| shaded[cell]) {
        let beside = puzzle.neighbours(cell).filter(|&other| shaded[other]).count();
        if beside != 1 {
            return Err(format!(
                "the shaded cell at {} has {beside} shaded cells beside it, not 1: shaded cells go in dominoes",
                at(cell)
            ));
        }
    }
    let mut counts = vec![0usize; puzzle.region_count];
    let mut first = vec![usize::MAX; puzzle.region_count];
    for (cell, &region) in puzzle.regions.iter().enumerate() {
        first[region] = first[region].min(cell);
        counts[region] += usize::from(shaded[cell]);
    }
    for (region, &count) in counts.iter().enumerate() {
        if count != 2 {
            return Err(format!("the region holding {} has {count} shaded cells, not 2", at(first[region])));
        }
    }
    Ok(())
}
