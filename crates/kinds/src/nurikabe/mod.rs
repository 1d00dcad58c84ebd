//! Nurikabe (puzzle-nurikabe.com): a grid with numbered cells. Shade cells
//! (walls) so that each number is in an island of unshaded cells of that
//! many cells, each island holds exactly one number, the walls are all
//! connected (up, down, left, right), and no two-by-two square is all wall.
//!
//! The task is the cells in run-length form: `a`..`z` for 1..26 blank cells,
//! a number for a numbered cell (`_` between two numbers side by side). The
//! answer is `y` (wall) or `n` a cell, row-major.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, answer_cells, grid_size, run_length, write_run_length};

/// A Nurikabe puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nurikabe {
    size: Size,
    /// Each cell's number, row-major; None for a blank cell.
    numbers: Vec<Option<u32>>,
}

impl Nurikabe {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Nurikabe, TaskError> {
        let tokens = run_length(task, Numbers::Run)?;
        let size = grid_size(tokens.len(), size)?;
        let place = |i: usize| format!("row {}, column {}", i / size.width + 1, i % size.width + 1);
        let numbers = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| match *token {
                Token::Empty => Ok(None),
                Token::Number(n) if n >= 1 && n as usize <= size.cells() => Ok(Some(n)),
                Token::Number(n) => Err(TaskError::new(format!(
                    "the number {n} at {}: an island has from 1 to {} cells",
                    place(i),
                    size.cells()
                ))),
                Token::Letter(other) => {
                    Err(TaskError::new(format!("`{other}` at {} is no cell of nurikabe (a number or a blank)", place(i))))
                }
            })
            .collect::<Result<_, _>>()?;
        Ok(Nurikabe { size, numbers })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let tokens: Vec<Token> = self.numbers.iter().map(|n| n.map_or(Token::Empty, Token::Number)).collect();
        write_run_length(&tokens, Numbers::Run)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Each cell's number, row-major; None for a blank cell.
    pub fn numbers(&self) -> &[Option<u32>] {
        &self.numbers
    }

    /// The cells orthogonally next to `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: which cells are walls.
    fn walls(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "ny")?.into_iter().map(|c| c == 1).collect())
    }

    /// The cells of `cell`'s part (walls or not, as `cell` is), by a walk.
    fn part_of(&self, walls: &[bool], cell: usize, seen: &mut [bool]) -> Vec<usize> {
        let mut part = vec![cell];
        seen[cell] = true;
        let mut at = 0;
        while at < part.len() {
            let here = part[at];
            at += 1;
            for next in self.neighbours(here) {
                if walls[next] == walls[cell] && !seen[next] {
                    seen[next] = true;
                    part.push(next);
                }
            }
        }
        part
    }

    /// The first rule a shading breaks, by the rules alone: no numbered
    /// cell a wall, no two-by-two wall, every island one number of its
    /// size, and the walls connected.
    fn check_walls(&self, walls: &[bool]) -> Result<(), String> {
        if let Some(cell) = (0..walls.len()).find(|&c| walls[c] && self.numbers[c].is_some()) {
            return Err(format!("the numbered cell at {} is a wall", self.place(cell)));
        }
        if let Some(cell) = self.size.full_square(walls) {
            return Err(format!("the two-by-two square from {} is all wall", self.place(cell)));
        }
        let mut seen = vec![false; walls.len()];
        for cell in 0..walls.len() {
            if walls[cell] || seen[cell] {
                continue;
            }
            let island = self.part_of(walls, cell, &mut seen);
            let numbered: Vec<usize> = island.iter().copied().filter(|&c| self.numbers[c].is_some()).collect();
            match numbered[..] {
                [] => return Err(format!("the island at {} has no number", self.place(cell))),
                [one] => {
                    let n = self.numbers[one].expect("a numbered cell");
                    if island.len() != n as usize {
                        return Err(format!(
                            "the island of the {n} at {} has {} cells, not {n}",
                            self.place(one),
                            island.len()
                        ));
                    }
                }
                [one, two, ..] => {
                    return Err(format!(
                        "the island at {} holds two numbers, at {} and {}",
                        self.place(cell),
                        self.place(one),
                        self.place(two)
                    ));
                }
            }
        }
        if let Some(first) = (0..walls.len()).find(|&c| walls[c]) {
            let mut seen = vec![false; walls.len()];
            self.part_of(walls, first, &mut seen);
            if let Some(apart) = (0..walls.len()).find(|&c| walls[c] && !seen[c]) {
                return Err(format!(
                    "the wall at {} cannot reach the one at {}: the walls must be connected",
                    self.place(apart),
                    self.place(first)
                ));
            }
        }
        Ok(())
    }
}
