//! Star Battle (puzzle-star-battle.com): a square grid of side n cut into n
//! regions; place stars so that every row, every column and every region
//! holds the same number of them, and no two stars touch, not even
//! diagonally.
//!
//! The task is the region id of each cell, row-major, comma-separated
//! (`1,1,1,2,2,3,...`). The number of stars a line does not appear in it:
//! the page gives it beside the task, and it follows the side
//! ([`stars_for_side`]). The answer is `y` (a star) or `n` per cell.

mod encode;
pub(crate) mod home;
mod solver;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use multicover::Settings;

use crate::Solved;
use crate::draw::{Drawing, Mark};
use crate::home::{Board, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::task::{answer_cells, grid_size};

/// The stars in each row, column and region of a grid of this side, as the
/// site sets them: one below a side of 10 (its 5x5, 6x6 and 8x8 puzzles),
/// then a star for every four cells of side (10x10: 2, 14x14: 3, the
/// specials' 17x17: 4, 21x21: 5, 25x25: 6).
pub fn stars_for_side(side: usize) -> usize {
    if side < 10 { 1 } else { side / 4 }
}

/// A Star Battle puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarBattle {
    side: usize,
    stars: usize,
    /// Each cell's region id as the task writes it, row-major.
    ids: Vec<u32>,
    /// Each cell's region, numbered from 0 in order of first appearance.
    regions: Vec<usize>,
}

impl StarBattle {
    /// Reads a task: the region id of every cell. `size`, where the page
    /// gives it, must be square.
    pub fn read(task: &str, size: Option<Size>) -> Result<StarBattle, TaskError> {
        let ids = region_ids(task)?;
        let size = grid_size(ids.len(), size)?;
        if size.width != size.height {
            return Err(TaskError::new(format!("a star battle grid is square, not {size}")));
        }
        let side = size.width;
        let regions = dense_regions(&ids);
        let count = regions.iter().max().map_or(0, |&r| r + 1);
        if count != side {
            return Err(TaskError::new(format!("a {size} star battle has {side} regions, not {count}")));
        }
        Ok(StarBattle { side, stars: stars_for_side(side), ids, regions })
    }

    /// The side of the square grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The stars every row, column and region must hold.
    pub fn stars(&self) -> usize {
        self.stars
    }

    /// The region of a cell (row-major index), numbered from 0.
    pub fn region(&self, cell: usize) -> usize {
        self.regions[cell]
    }

    /// Reads an answer string: which cells hold a star.
    fn star_cells(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, Size::square(self.side), "ny")?.into_iter().map(|c| c == 1).collect())
    }

    /// The answer string of the stars in `stars`.
    fn answer_of(stars: &[bool]) -> String {
        stars.iter().map(|&star| if star { 'y' } else { 'n' }).collect()
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

/// Where a cell is, as the rules' messages say it.
fn at(cell: usize, side: usize) -> String {
    format!("row {}, column {}", cell / side + 1, cell % side + 1)
}

/// Checks stars by the rules, without the solver: no two touch, and every
/// row, column and region holds the puzzle's number of them.
fn check_stars(puzzle: &StarBattle, stars: &[bool]) -> Result<(), String> {
    let n = puzzle.side;
    for cell in (0..n * n).filter(|&cell| stars[cell]) {
        let (row, col) = (cell / n, cell % n);
        // Each touching pair once: the cell's right neighbour and the three below it.
        let neighbours = [(0, 1), (1, -1), (1, 0), (1, 1)];
        for (dr, dc) in neighbours {
            let (r, c) = (row + dr, col as isize + dc);
            if r < n && (0..n as isize).contains(&c) && stars[r * n + c as usize] {
                return Err(format!("two stars touch, at {} and {}", at(cell, n), at(r * n + c as usize, n)));
            }
        }
    }
    let want = puzzle.stars;
    let plural = |k: usize| if k == 1 { "star" } else { "stars" };
    for row in 0..n {
        let count = (0..n).filter(|&c| stars[row * n + c]).count();
        if count != want {
            return Err(format!("row {} holds {count} {}, not {want}", row + 1, plural(count)));
        }
    }
    for col in 0..n {
        let count = (0..n).filter(|&r| stars[r * n + col]).count();
        if count != want {
            return Err(format!("column {} holds {count} {}, not {want}", col + 1, plural(count)));
        }
    }
    let mut counts = vec![0usize; n];
    let mut first = vec![usize::MAX; n];
    for (cell, &region) in puzzle.regions.iter().enumerate() {
        first[region] = first[region].min(cell);
        counts[region] += usize::from(stars[cell]);
    }
    for (region, &count) in counts.iter().enumerate() {
        if count != want {
            return Err(format!(
                "the region holding {} holds {count} {}, not {want}",
                at(first[region], n),
                plural(count)
            ));
        }
    }
    Ok(())
}
