//! Binairo (puzzle-binairo.com) and binairo-plus (the same site's "plus"
//! puzzles): fill every cell of a grid of even sides with 0 or 1 so that
//! every row and column holds as many 0s as 1s and no three equal digits
//! side by side. In binairo every row differs from every other row, and
//! every column from every other column; binairo-plus has no such rule (the
//! site's own answers repeat rows) but signs between cells: `=` for two
//! equal digits, `x` for two different ones.
//!
//! The task is the givens in run-length form (`a`..`z` for 1..26 empty
//! cells, `0` or `1` a given digit); binairo-plus adds `|` and the signs in
//! the same run-length form, a digit a cell that is the sign to its right
//! plus 3 times the sign below it (0 none, 1 `=`, 2 `x`). The answer is
//! `1` or `0` a cell, row-major.

mod encode;
pub(crate) mod home;
mod rules;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, grid_size, run_length, write_run_length};

/// A sign between two side-by-side cells of binairo-plus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// `=`: the two cells hold the same digit.
    Same,
    /// `x`: the two cells hold different digits.
    Different,
}

impl Sign {
    fn from_digit(digit: u32) -> Option<Sign> {
        match digit {
            1 => Some(Sign::Same),
            2 => Some(Sign::Different),
            _ => None,
        }
    }

    fn digit(sign: Option<Sign>) -> u32 {
        match sign {
            None => 0,
            Some(Sign::Same) => 1,
            Some(Sign::Different) => 2,
        }
    }

    /// Whether two digits side by side keep this sign.
    pub fn holds(self, a: u8, b: u8) -> bool {
        (a == b) == (self == Sign::Same)
    }

    /// How a drawing writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            Sign::Same => "=",
            Sign::Different => "x",
        }
    }
}

/// A binairo or binairo-plus puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binairo {
    size: Size,
    /// Each cell's given digit, row-major.
    givens: Vec<Option<u8>>,
    /// Binairo-plus's signs: each cell's sign with its right and its lower
    /// neighbour. None for binairo, which has none and wants rows and
    /// columns all different instead.
    signs: Option<Vec<[Option<Sign>; 2]>>,
}

impl Binairo {
    /// Reads a binairo task (givens only).
    pub fn read(task: &str, size: Option<Size>) -> Result<Binairo, TaskError> {
        if task.contains('|') {
            return Err(TaskError::new("a `|` and signs, which only binairo-plus has"));
        }
        let (size, givens) = read_givens(task, size)?;
        Ok(Binairo { size, givens, signs: None })
    }

    /// Reads a binairo-plus task (givens, `|`, signs).
    pub fn read_plus(task: &str, size: Option<Size>) -> Result<Binairo, TaskError> {
        let Some((givens, signs)) = task.split_once('|') else {
            return Err(TaskError::new("no `|` between the givens and the signs"));
        };
        let (size, givens) = read_givens(givens, size)?;
        let tokens = run_length(signs, Numbers::Digit).map_err(|e| TaskError::new(format!("the signs: {e}")))?;
        if tokens.len() != size.cells() {
            return Err(TaskError::new(format!(
                "the signs span {} cells where a {size} grid has {}",
                tokens.len(),
                size.cells()
            )));
        }
        let (w, h) = (size.width, size.height);
        let signs = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| {
                let at = format!("row {}, column {}", i / w + 1, i % w + 1);
                let digit = match *token {
                    Token::Empty => return Ok([None, None]),
                    Token::Number(d) if (1..=8).contains(&d) => d,
                    Token::Number(d) => return Err(TaskError::new(format!("the sign {d} at {at} is not from 1 to 8"))),
                    Token::Letter(c) => return Err(TaskError::new(format!("`{c}` at {at} is not a sign"))),
                };
                let (right, down) = (Sign::from_digit(digit % 3), Sign::from_digit(digit / 3));
                if right.is_some() && i % w == w - 1 {
                    return Err(TaskError::new(format!("a sign right of {at}, on the grid's right edge")));
                }
                if down.is_some() && i / w == h - 1 {
                    return Err(TaskError::new(format!("a sign below {at}, on the grid's bottom edge")));
                }
                Ok([right, down])
            })
            .collect::<Result<_, _>>()?;
        Ok(Binairo { size, givens, signs: Some(signs) })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let givens: Vec<Token> =
            self.givens.iter().map(|g| g.map_or(Token::Empty, |d| Token::Number(u32::from(d)))).collect();
        let mut task = write_run_length(&givens, Numbers::Digit);
        if let Some(signs) = &self.signs {
            let digits: Vec<Token> = signs
                .iter()
                .map(|&[right, down]| match Sign::digit(right) + 3 * Sign::digit(down) {
                    0 => Token::Empty,
                    d => Token::Number(d),
                })
                .collect();
            task.push('|');
            task.push_str(&write_run_length(&digits, Numbers::Digit));
        }
        task
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether this is binairo-plus (signs, and rows may repeat).
    pub fn is_plus(&self) -> bool {
        self.signs.is_some()
    }

    /// Each cell's given digit, row-major.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }

    /// The sign between a cell and its right (`down` false) or lower
    /// neighbour.
    pub fn sign(&self, cell: usize, down: bool) -> Option<Sign> {
        self.signs.as_ref().and_then(|signs| signs[cell][usize::from(down)])
    }
}

/// The givens part: its size (even sides) and digits.
fn read_givens(text: &str, size: Option<Size>) -> Result<(Size, Vec<Option<u8>>), TaskError> {
    let tokens = run_length(text, Numbers::Digit).map_err(|e| TaskError::new(format!("the givens: {e}")))?;
    let size = grid_size(tokens.len(), size)?;
    if size.width % 2 != 0 || size.height % 2 != 0 {
        return Err(TaskError::new(format!("a {size} grid, where a binairo's sides are even")));
    }
    let givens = tokens
        .iter()
        .enumerate()
        .map(|(i, token)| {
            let at = || format!("row {}, column {}", i / size.width + 1, i % size.width + 1);
            match *token {
                Token::Empty => Ok(None),
                Token::Number(d @ (0 | 1)) => Ok(Some(d as u8)),
                Token::Number(d) => Err(TaskError::new(format!("the given {d} at {} is not 0 or 1", at()))),
                Token::Letter(c) => Err(TaskError::new(format!("`{c}` at {} is not 0 or 1", at()))),
            }
        })
        .collect::<Result<_, _>>()?;
    Ok((size, givens))
}
