//! The ring-board ball puzzle: a board of rows (rings) by sectors, columns
//! wrapping around, holding green, blue and red balls. Every ball makes at
//! most one move of its colour's kind (green a side step, blue a diagonal
//! step, red a jump of two in a line); at the end every sector has exactly
//! one *triangle*, a cell with one ball of each colour, and every ball is in
//! a triangle.

mod encode;
mod format;
pub mod home;
mod verify;

pub use encode::{Encoding, RingSolution, SolveReport, solve};
pub use verify::{Violation, verify};

use thiserror::Error;

/// The largest board accepted, so that no file can make us allocate without bound.
pub const MAX_ROWS: usize = 64;
pub const MAX_SECTORS: usize = 256;

/// The three colours, in the order the format and the encodings list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Green,
    Blue,
    Red,
}

pub const COLOURS: [Colour; 3] = [Colour::Green, Colour::Blue, Colour::Red];

impl Colour {
    pub fn name(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Red => "red",
        }
    }

    /// The letter drawings use.
    pub fn letter(self) -> char {
        match self {
            Colour::Green => 'g',
            Colour::Blue => 'b',
            Colour::Red => 'r',
        }
    }

    /// The (row, column) steps a ball of this colour may make, staying
    /// first. Columns wrap; rows do not (the caller checks).
    pub fn steps(self) -> &'static [(i64, i64)] {
        match self {
            Colour::Green => &[(0, 0), (0, -1), (0, 1), (-1, 0), (1, 0)],
            Colour::Blue => &[(0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)],
            Colour::Red => &[(0, 0), (0, -2), (0, 2), (-2, 0), (2, 0)],
        }
    }
}

/// What can be wrong with an instance as written.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RingError {
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
    #[error("{0}")]
    Invalid(String),
    #[error("internal error: the engine returned a solution that breaks the rules ({0}); please report this instance")]
    WrongSolution(Violation),
}

/// An instance: the board's size and where each ball starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    rows: usize,
    sectors: usize,
    /// Start cells (row, sector) of the green, blue and red balls.
    balls: [Vec<(usize, usize)>; 3],
}

impl Ring {
    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn sectors(&self) -> usize {
        self.sectors
    }

    /// Start cells of the balls of one colour.
    pub fn balls(&self, colour: Colour) -> &[(usize, usize)] {
        &self.balls[colour as usize]
    }

    /// The cells a ball starting at `from` may end on, each once.
    pub fn destinations(&self, colour: Colour, from: (usize, usize)) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for &(dr, dc) in colour.steps() {
            let r = from.0 as i64 + dr;
            if r < 0 || r >= self.rows as i64 {
                continue;
            }
            let c = (from.1 as i64 + dc).rem_euclid(self.sectors as i64);
            let cell = (r as usize, c as usize);
            if !out.contains(&cell) {
                out.push(cell);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
