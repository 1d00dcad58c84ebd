//! Pipes (puzzle-pipes.com): a grid of pipe tiles, each turned at random.
//! Turn each tile so that all pipes join into one network with no open end
//! and no loop. The larger classes of the site's "wrap" variant let a pipe
//! leave the grid at one edge and come back at the opposite one.
//!
//! The task is one hex digit a cell, row-major: the tile's connections as
//! scrambled, bit 0 right, bit 1 up, bit 2 left, bit 3 down. The answer is
//! a digit a cell: how many quarter turns anticlockwise (0..3) give the
//! tile its solved shape, the smallest where several do (a straight tile
//! has two, a cross one).
//!
//! The task does not say whether its class wraps. Every answer by the plain
//! rules is one by the wrapping rules too (it simply crosses no edge), so
//! the plain rules are tried first, and the wrapping ones where they have
//! no answer.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::disjoint_sets::DisjointSets;
use crate::home::{Size, TaskError};
use crate::task::grid_size;

/// Right, up, left, down: the bits of a tile's connections, in the order a
/// quarter turn anticlockwise moves each to the next.
pub(crate) const SIDES: [(isize, isize); 4] = [(0, 1), (-1, 0), (0, -1), (1, 0)];

/// Whether pipes may cross the grid's edges to the opposite side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edges {
    Plain,
    Wrap,
    /// Not known from the task: plain where that has an answer, else wrap.
    Either,
}

/// A Pipes puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pipes {
    size: Size,
    /// Each cell's tile as scrambled: its connections, bit `d` toward
    /// `SIDES[d]`.
    tiles: Vec<u8>,
    edges: Edges,
}

/// A tile's connections turned `turns` quarter turns anticlockwise.
pub(crate) fn turned(tile: u8, turns: u8) -> u8 {
    let t = turns % 4;
    ((tile << t) | (tile >> ((4 - t) % 4))) & 15
}

impl Pipes {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Pipes, TaskError> {
        let size = grid_size(task.chars().count(), size)?;
        let tiles = task
            .chars()
            .enumerate()
            .map(|(i, c)| match c.to_digit(16) {
                Some(t) if t > 0 && !c.is_ascii_uppercase() => Ok(t as u8),
                _ => Err(TaskError::new(format!(
                    "`{c}` at row {}, column {} is no pipe tile (a hex digit `1`..`f`)",
                    i / size.width + 1,
                    i % size.width + 1
                ))),
            })
            .collect::<Result<_, _>>()?;
        Ok(Pipes { size, tiles, edges: Edges::Either })
    }

    /// The same puzzle where its class is known: wrapping (`true`) or plain
    /// (`false`). Its answers are then sought and checked by those rules
    /// alone.
    pub fn with_wrap(self, wrap: bool) -> Pipes {
        Pipes { edges: if wrap { Edges::Wrap } else { Edges::Plain }, ..self }
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        self.tiles.iter().map(|&t| char::from_digit(u32::from(t), 16).expect("a hex digit")).collect()
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The cell a pipe of `cell` toward side `d` reaches: by the wrapping
    /// rules across an edge, by the plain ones None there.
    pub(crate) fn next(&self, cell: usize, d: usize, wrap: bool) -> Option<usize> {
        let Size { width, height } = self.size;
        let (row, col) = ((cell / width) as isize, (cell % width) as isize);
        let (dr, dc) = SIDES[d];
        let (mut r, mut c) = (row + dr, col + dc);
        if wrap {
            r = r.rem_euclid(height as isize);
            c = c.rem_euclid(width as isize);
        } else if r < 0 || c < 0 || r >= height as isize || c >= width as isize {
            return None;
        }
        Some(r as usize * width + c as usize)
    }

    /// Each cell's distinct solved shapes: (turns, connections), the
    /// smallest turns for each shape.
    pub(crate) fn shapes(&self, cell: usize) -> Vec<(u8, u8)> {
        let mut shapes: Vec<(u8, u8)> = Vec::new();
        for turns in 0..4 {
            let shape = turned(self.tiles[cell], turns);
            if shapes.iter().all(|&(_, s)| s != shape) {
                shapes.push((turns, shape));
            }
        }
        shapes
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: each cell's quarter turns.
    fn turns(&self, answer: &str) -> Result<Vec<u8>, String> {
        if answer.chars().count() != self.size.cells() {
            return Err(format!(
                "{} characters where a {} grid has {} cells",
                answer.chars().count(),
                self.size,
                self.size.cells()
            ));
        }
        answer
            .chars()
            .enumerate()
            .map(|(i, c)| match c.to_digit(4) {
                Some(t) => Ok(t as u8),
                None => Err(format!("`{c}` at {} is not a number of turns (0..3)", self.place(i))),
            })
            .collect()
    }

    /// The first rule the turns break, by the rules alone: each tile's
    /// turns the smallest for its shape, every pipe meets one of the cell
    /// it points to, and the pipes form one network without a loop.
    fn check_turns(&self, turns: &[u8], wrap: bool) -> Result<(), String> {
        let cells = self.size.cells();
        let shape: Vec<u8> = (0..cells).map(|c| turned(self.tiles[c], turns[c])).collect();
        for cell in 0..cells {
            if let Some(fewer) = (0..turns[cell]).find(|&t| turned(self.tiles[cell], t) == shape[cell]) {
                return Err(format!(
                    "the tile at {} is turned {} times where {fewer} gives the same shape",
                    self.place(cell),
                    turns[cell]
                ));
            }
        }
        let mut joined = DisjointSets::new(cells);
        let mut links = 0;
        for cell in 0..cells {
            for d in (0..4).filter(|&d| shape[cell] >> d & 1 == 1) {
                let open = || format!("the pipe of the tile at {} toward {} ends open", self.place(cell), side_name(d));
                let other = self.next(cell, d, wrap).ok_or_else(open)?;
                if shape[other] >> ((d + 2) % 4) & 1 == 0 {
                    return Err(open());
                }
                // Each link is seen from both ends; count it from one.
                if (cell, d) < (other, (d + 2) % 4) {
                    links += 1;
                    if !joined.union(cell, other) {
                        return Err(format!("the pipes make a loop through {}", self.place(cell)));
                    }
                }
            }
        }
        if links + 1 != cells {
            let apart = (1..cells).find(|&c| joined.find(c) != joined.find(0)).unwrap_or(0);
            return Err(format!(
                "the tile at {} is not joined to the one at {}: the pipes must make one network",
                self.place(apart),
                self.place(0)
            ));
        }
        Ok(())
    }
}

fn side_name(d: usize) -> &'static str {
    ["the right", "above", "the left", "below"][d]
}
