//! Light Up (puzzle-light-up.com): a grid of white and black cells, some
//! black ones numbered. Put bulbs on white cells so that every white cell is
//! lit (a bulb lights its own cell and its row and column as far as the
//! next black cell), no bulb lights another, and each numbered cell has
//! exactly that many bulbs orthogonally next to it.
//!
//! The task is the cells in run-length form: `a`..`z` for 1..26 white cells,
//! `B` for a black cell, a digit for a numbered black cell (one cell a
//! digit). The answer is `y` (a bulb) or `n` a cell, row-major.

mod encode;
pub(crate) mod home;
mod rules;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, grid_size, run_length, write_run_length};

/// One cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    White,
    Black,
    /// A black cell with the number of bulbs next to it.
    Numbered(u8),
}

/// A Light Up puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightUp {
    size: Size,
    /// Row-major.
    cells: Vec<Cell>,
}

impl LightUp {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<LightUp, TaskError> {
        let tokens = run_length(task, Numbers::Digit)?;
        let size = grid_size(tokens.len(), size)?;
        let place = |i: usize| format!("row {}, column {}", i / size.width + 1, i % size.width + 1);
        let cells = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| match *token {
                Token::Empty => Ok(Cell::White),
                Token::Letter('B') => Ok(Cell::Black),
                Token::Number(n @ 0..=4) => Ok(Cell::Numbered(n as u8)),
                Token::Number(n) => {
                    Err(TaskError::new(format!("the number {n} at {}: a cell has at most 4 neighbours", place(i))))
                }
                Token::Letter(other) => Err(TaskError::new(format!(
                    "`{other}` at {} is no cell of light up (`B` black, a digit numbered)",
                    place(i)
                ))),
            })
            .collect::<Result<_, _>>()?;
        Ok(LightUp { size, cells })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let tokens: Vec<Token> = self
            .cells
            .iter()
            .map(|cell| match *cell {
                Cell::White => Token::Empty,
                Cell::Black => Token::Letter('B'),
                Cell::Numbered(n) => Token::Number(n.into()),
            })
            .collect();
        write_run_length(&tokens, Numbers::Digit)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cells orthogonally next to `cell`.
    pub(crate) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// The runs of white cells, across then down: each a row's or column's
    /// white cells between two black cells (or the edge). A bulb lights
    /// exactly the runs it is in.
    pub(crate) fn runs(&self) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        let (width, height) = (self.size.width, self.size.height);
        let collect = |lines: &mut dyn Iterator<Item = Vec<usize>>| {
            let mut runs = Vec::new();
            for line in lines {
                let mut run = Vec::new();
                for cell in line {
                    if self.cells[cell] == Cell::White {
                        run.push(cell);
                    } else if !run.is_empty() {
                        runs.push(std::mem::take(&mut run));
                    }
                }
                if !run.is_empty() {
                    runs.push(run);
                }
            }
            runs
        };
        let across = collect(&mut (0..height).map(|r| (r * width..(r + 1) * width).collect()));
        let down = collect(&mut (0..width).map(|c| (0..height).map(|r| r * width + c).collect()));
        (across, down)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }
}
