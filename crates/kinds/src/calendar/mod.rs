//! The calendar puzzle ("A-Puzzle-A-Day" and its weekday variant): a board
//! of labelled cells (months, days, weekdays); on each date the pieces,
//! turned and flipped as needed, cover every cell except that date's.
//!
//! Boards and piece sets are data: a variant file holds both (see
//! `variants/weekday.txt`), and the two built-in variants are such files.

mod bitboard;
pub mod date;
mod encode;
mod format;
pub mod home;
mod solve;
mod verify;

pub use bitboard::Bitboard;
pub use date::{Date, DateError, MONTHS, WEEKDAYS, today};
pub use encode::{Encoding, Placement, SolveReport, Tiling, for_each_placement, placements};
pub use home::{CalendarBoard, CalendarTaskError};
pub use format::{DatedBoard, board_file_name, is_board_file, orientations};
pub use solve::{
    Method, count, count_every_date, count_every_date_reporting, count_verified, first_of_every_date, solve,
};
pub use verify::{Violation, verify};

use thiserror::Error;

/// The largest side accepted, so that no file can make us allocate without bound.
pub const MAX_SIDE: usize = 32;

/// What can be wrong with a variant file or a date. Line numbers count from 1.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CalendarError {
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Date(#[from] DateError),
    #[error("internal error: the engine returned a tiling that breaks the rules ({0}); please report this")]
    WrongSolution(Violation),
}

impl CalendarError {
    /// The line the fault is on, when it is on one: a caller that names
    /// the file gives `FILE:LINE:` and then the [`CalendarError::message`].
    pub fn line(&self) -> Option<usize> {
        match self {
            CalendarError::Syntax { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// What is wrong, without its line.
    pub fn message(&self) -> String {
        match self {
            CalendarError::Syntax { message, .. } => message.clone(),
            other => other.to_string(),
        }
    }
}

/// What a board cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not part of the board.
    Blocked,
    /// A cell always covered.
    Plain,
    /// Labelled with a month, 1..=12.
    Month(u8),
    /// Labelled with a day, 1..=31.
    Day(u8),
    /// Labelled with a weekday, 0 = Sunday ..= 6 = Saturday.
    Weekday(u8),
}

/// A piece: its letter in drawings and its cells, as given (any orientation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub letter: char,
    pub cells: Vec<(usize, usize)>,
}

/// A board with its piece set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    name: String,
    /// Whether the board file gave `name` (a `name:` line): only then is it
    /// part of the board's text. Otherwise `name` is what the reader called it.
    named: bool,
    width: usize,
    height: usize,
    /// Row-major.
    cells: Vec<Cell>,
    pieces: Vec<Piece>,
    /// Each piece's distinct orientations ([`orientations`]), worked out once.
    shapes: Vec<Vec<Vec<(usize, usize)>>>,
}

/// The built-in variants, by name, as the data files they are.
pub const BUILT_IN: [(&str, &str); 2] =
    [("standard", include_str!("variants/standard.txt")), ("weekday", include_str!("variants/weekday.txt"))];

impl Variant {
    /// A built-in variant by name (`standard` or `weekday`).
    pub fn built_in(name: &str) -> Option<Variant> {
        let (name, text) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Some(Variant::parse(name, text).expect("built-in variants are valid"))
    }

    /// What the board is called in output: the board file's `name:` line,
    /// else what the reader called it (a built-in board's name, a path).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name the board file gives itself, if it has a `name:` line.
    pub fn own_name(&self) -> Option<&str> {
        self.named.then_some(self.name.as_str())
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.width + col]
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The distinct orientations of piece `k`, each normalised and sorted.
    pub fn shapes(&self, k: usize) -> &[Vec<(usize, usize)>] {
        &self.shapes[k]
    }

    /// Whether the board has weekday cells (then every date has a weekday).
    pub fn has_weekdays(&self) -> bool {
        self.cells.iter().any(|c| matches!(c, Cell::Weekday(_)))
    }

    /// For each cell: whether the date leaves it open.
    pub fn open_cells(&self, date: &Date) -> Vec<bool> {
        self.cells
            .iter()
            .map(|&cell| match cell {
                Cell::Month(m) => m == date.month,
                Cell::Day(d) => d == date.day,
                Cell::Weekday(w) => Some(w) == date.weekday,
                Cell::Blocked | Cell::Plain => false,
            })
            .collect()
    }

    /// Every month/day(/weekday) combination the board can show, real dates
    /// or not (Feb 31 too): 12 x 31, times 7 weekdays when it has them.
    pub fn combinations(&self) -> Vec<Date> {
        let weekdays: Vec<Option<u8>> = if self.has_weekdays() { (0..7).map(Some).collect() } else { vec![None] };
        let mut out = Vec::new();
        for month in 1..=12 {
            for day in 1..=31 {
                for &weekday in &weekdays {
                    out.push(Date { month, day, weekday });
                }
            }
        }
        out
    }

    /// A date fit for this board: a weekday when the board has weekday cells
    /// (an error if missing), none when it has not (dropped).
    pub fn fit(&self, date: Date) -> Result<Date, DateError> {
        match (self.has_weekdays(), date.weekday) {
            (true, None) => Err(DateError::NeedWeekday { date: date.to_string() }),
            (true, Some(_)) => Ok(date),
            (false, _) => Ok(Date { weekday: None, ..date }),
        }
    }

    /// [`Variant::fit`] for a date as typed (`text`): a weekday typed where
    /// the board has no weekday cells is refused, not dropped.
    pub fn fit_typed(&self, date: Date, text: &str) -> Result<Date, DateError> {
        if !self.has_weekdays()
            && let Some(w) = date::typed_weekday(text)
        {
            return Err(DateError::NoWeekdayCells {
                board: self.name().to_string(),
                weekday: WEEKDAYS[usize::from(w)],
            });
        }
        self.fit(date)
    }
}

#[cfg(test)]
mod tests;
