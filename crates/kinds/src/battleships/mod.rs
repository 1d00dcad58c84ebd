//! Battleships (puzzle-battleships.com): place a fleet of straight ships in
//! a grid so that no two ships touch, even diagonally, every row and column
//! holds as many ship cells as its clue says, and the given cells (water,
//! or a ship's piece of a given shape) are as given.
//!
//! The task is the clues, `,`-separated (columns left to right, then rows
//! top to bottom), `;`, then the givens in run-length form: `a`..`z` for
//! 1..26 cells not given, and a digit for a given cell: 0 water,
//! 1 a one-cell ship, 2 a ship's middle, 3 its top end, 4 its right end,
//! 5 its bottom end, 6 its left end. The task does not name the fleet: it
//! is the site's for the grid's size ([`fleet`]). The answer is `y` (ship)
//! or `n` a cell, row-major.

mod encode;
pub(crate) mod home;
mod rules;
mod search;
#[cfg(test)]
mod tests;

pub use home::Method;

use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, check_size, numbers, run_length, write_run_length};

/// What a given cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    Water,
    /// A ship of one cell.
    Submarine,
    /// A piece with ship on two opposite sides.
    Middle,
    /// The top end of an upright ship.
    Top,
    /// The right end of a ship lying across.
    Right,
    /// The bottom end of an upright ship.
    Bottom,
    /// The left end of a ship lying across.
    Left,
}

impl Given {
    /// The task's digit for each given, in order.
    const DIGITS: [Given; 7] =
        [Given::Water, Given::Submarine, Given::Middle, Given::Top, Given::Right, Given::Bottom, Given::Left];

    fn digit(self) -> u32 {
        Given::DIGITS.iter().position(|&g| g == self).expect("every given has a digit") as u32
    }
}

/// The fleet of a grid whose side is `side` and whose clues count
/// `ship_cells` ship cells: how many ships of each length, index 0 for
/// length 1. The site's small grids have their own fleets (read off its
/// answers); the larger ones hold one ship of the longest length n, two of
/// n - 1, ... and n of length 1, which the number of ship cells tells.
pub fn fleet(side: usize, ship_cells: u64) -> Option<Vec<u32>> {
    match side {
        6 => Some(vec![3, 2, 1]),
        8 => Some(vec![3, 3, 2, 1]),
        10 => Some(vec![4, 3, 2, 1]),
        _ => {
            // One ship of n, two of n - 1, ...: n (n + 1) (n + 2) / 6 cells.
            let longest = (1..=side as u64).find(|&n| n * (n + 1) * (n + 2) / 6 == ship_cells)?;
            Some((1..=longest as u32).rev().collect())
        }
    }
}

/// A Battleships puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battleships {
    size: Size,
    col_clues: Vec<u32>,
    row_clues: Vec<u32>,
    /// The given of each cell, row-major.
    givens: Vec<Option<Given>>,
    /// How many ships of each length, index 0 for length 1.
    fleet: Vec<u32>,
}

impl Battleships {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its clues imply (as many columns as rows).
    pub fn read(task: &str, size: Option<Size>) -> Result<Battleships, TaskError> {
        let Some((clues, givens)) = task.split_once(';') else {
            return Err(TaskError::new("no `;` between the clues and the given cells"));
        };
        let clues = numbers(clues, ',', "clues")?;
        let size = match size {
            Some(size) => check_size(size)?,
            None if clues.len() % 2 == 0 => check_size(Size::square(clues.len() / 2))?,
            None => {
                return Err(TaskError::new(format!(
                    "{} clues cannot be one a column and one a row of a square grid, and the page's width and \
                     height are not known",
                    clues.len()
                )));
            }
        };
        if clues.len() != size.width + size.height {
            return Err(TaskError::new(format!(
                "{} clues where a {size} grid has {} (one a column, then one a row)",
                clues.len(),
                size.width + size.height
            )));
        }
        let (col_clues, row_clues) = clues.split_at(size.width);
        let tokens = run_length(givens, Numbers::Digit).map_err(|e| TaskError::new(format!("the givens: {e}")))?;
        if tokens.len() != size.cells() {
            return Err(TaskError::new(format!(
                "the givens span {} cells where a {size} grid has {}",
                tokens.len(),
                size.cells()
            )));
        }
        let place = |i: usize| format!("row {}, column {}", i / size.width + 1, i % size.width + 1);
        let givens = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| match *token {
                Token::Empty => Ok(None),
                Token::Number(n) if (n as usize) < Given::DIGITS.len() => Ok(Some(Given::DIGITS[n as usize])),
                Token::Number(n) => Err(TaskError::new(format!("the given {n} at {} is not from 0 to 6", place(i)))),
                Token::Letter(c) => Err(TaskError::new(format!("`{c}` at {} is not a given (0 to 6)", place(i)))),
            })
            .collect::<Result<_, _>>()?;
        let ship_cells: u64 = row_clues.iter().map(|&c| u64::from(c)).sum();
        let side = size.width.max(size.height);
        let fleet = fleet(side, ship_cells).ok_or_else(|| {
            TaskError::new(format!(
                "no fleet is known for a {size} grid whose rows hold {ship_cells} ship cells in all"
            ))
        })?;
        Ok(Battleships { size, col_clues: col_clues.to_vec(), row_clues: row_clues.to_vec(), givens, fleet })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let clues: Vec<String> = self.col_clues.iter().chain(&self.row_clues).map(u32::to_string).collect();
        let givens: Vec<Token> =
            self.givens.iter().map(|given| given.map_or(Token::Empty, |g| Token::Number(g.digit()))).collect();
        format!("{};{}", clues.join(","), write_run_length(&givens, Numbers::Digit))
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

    /// The given of each cell, row-major.
    pub fn givens(&self) -> &[Option<Given>] {
        &self.givens
    }

    /// How many ships of each length, index 0 for length 1.
    pub fn fleet(&self) -> &[u32] {
        &self.fleet
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }
}

/// A ship: its first cell (leftmost or topmost), its length, and whether
/// it lies across (else upright; a one-cell ship lies across).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ship {
    pub(crate) first: usize,
    pub(crate) length: usize,
    pub(crate) across: bool,
}

impl Ship {
    /// Its cells, first to last.
    pub(crate) fn cells(self, width: usize) -> impl Iterator<Item = usize> {
        let step = if self.across { 1 } else { width };
        (0..self.length).map(move |k| self.first + k * step)
    }

    /// The shape of its `k`th piece, as a given would name it.
    pub(crate) fn piece(self, k: usize) -> Given {
        match (self.length, k, self.across) {
            (1, _, _) => Given::Submarine,
            (_, 0, true) => Given::Left,
            (_, 0, false) => Given::Top,
            (n, k, true) if k + 1 == n => Given::Right,
            (n, k, false) if k + 1 == n => Given::Bottom,
            _ => Given::Middle,
        }
    }
}
