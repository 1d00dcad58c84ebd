//! The calendar's home: a board and a date behind the family's one interface
//! ([`crate::home`]).
//!
//! The calendar is not a site's kind, so its "task" is the text the archive
//! keeps: a built-in board's name and the date (`standard Mar 14`), or a
//! board file followed by its one `date:` line. Its answer is a tiling's
//! rows joined by newlines, a piece's letter a covered cell, `.` an open
//! one and `-` a cell the board does not have (what [`Tiling::to_rows`]
//! writes).

use multicover::Settings;

use super::{BUILT_IN, Cell, CalendarError, Date, DateError, DatedBoard, MONTHS, Method, Tiling, Variant, WEEKDAYS};
use crate::Solved;
use crate::draw::{Drawing, Fill, Ink};
use crate::home::{Board, Home, Size, SolveError, TaskError};
use crate::kind::Kind;

pub(crate) struct CalendarHome;

pub(crate) static HOME: CalendarHome = CalendarHome;

impl Home for CalendarHome {
    fn kind(&self) -> Kind {
        Kind::Calendar
    }

    /// A board and a date; `size` is not needed (the board gives it).
    fn read(&self, task: &str, _size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        CalendarBoard::read(task).map(|board| Box::new(board) as Box<dyn Board>).map_err(|e| TaskError::new(e.message()))
    }

    fn solves(&self) -> bool {
        true
    }
}

/// What a calendar task may get wrong: its board or its date.
#[derive(Debug, thiserror::Error)]
pub enum CalendarTaskError {
    #[error(transparent)]
    Board(#[from] CalendarError),
    #[error(transparent)]
    Date(#[from] DateError),
    /// A line whose first word is not a built-in board.
    #[error(
        "`{name}` is not a board: a calendar line is a board ({boards}) and a date, or a file is a board file \
         followed by `date:` lines"
    )]
    NotABoard { name: String, boards: String },
    /// A board file with other than one date, where one puzzle is read.
    #[error("a calendar puzzle is a board and one date; this board file has {0} `date:` lines")]
    Dates(usize),
}

impl CalendarTaskError {
    /// What is wrong, without the line it is on (a caller that names the
    /// file gives `FILE:LINE:`).
    pub fn message(&self) -> String {
        match self {
            CalendarTaskError::Board(e) => e.message(),
            other => other.to_string(),
        }
    }
}

/// A `date:` line of a board file: its number, and the puzzle it makes or
/// why it makes none.
pub type DatedLine = (usize, Result<CalendarBoard, CalendarTaskError>);

/// One calendar puzzle: a board and the date its pieces leave open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CalendarBoard {
    pub variant: Variant,
    pub date: Date,
}

impl CalendarBoard {
    /// `standard Mar 14` or `weekday Jan 5 Sun` (or `weekday 2027-01-05`): a
    /// built-in board's name and a date it can show. A weekday board needs
    /// the weekday (or a full date), so a kept puzzle never depends on the
    /// year it was read in.
    pub fn from_line(line: &str) -> Result<CalendarBoard, CalendarTaskError> {
        let line = line.trim();
        let (name, date) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let variant = Variant::built_in(name).ok_or_else(|| CalendarTaskError::NotABoard {
            name: name.to_string(),
            boards: BUILT_IN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(" or "),
        })?;
        let date = variant.fit_typed(Date::parse(date.trim(), None)?, date)?;
        Ok(CalendarBoard { variant, date })
    }

    /// A board file followed by `date:` lines: each date a puzzle on that
    /// board, with its line. The board is taken in its canonical form, so
    /// that any drawing of it is solved as its kept text reads back; it is
    /// shown by its `name:`, else as "custom".
    pub fn from_board_file(text: &str) -> Result<Vec<DatedLine>, CalendarError> {
        let DatedBoard { variant, dates } = DatedBoard::parse("custom", text)?;
        let variant = variant.canonical();
        Ok(dates
            .into_iter()
            .map(|(line, date)| {
                let board = Date::parse(&date, None)
                    .and_then(|parsed| variant.fit_typed(parsed, &date))
                    .map(|date| CalendarBoard { variant: variant.clone(), date })
                    .map_err(CalendarTaskError::from);
                (line, board)
            })
            .collect())
    }

    /// A kept calendar puzzle: a built-in board's line, or a board file
    /// with one date.
    pub fn read(text: &str) -> Result<CalendarBoard, CalendarTaskError> {
        if !super::is_board_file(text) {
            return CalendarBoard::from_line(text);
        }
        let mut boards = CalendarBoard::from_board_file(text)?;
        if boards.len() != 1 {
            return Err(CalendarTaskError::Dates(boards.len()));
        }
        boards.remove(0).1
    }

    /// The text [`CalendarBoard::read`] reads back: a built-in board by its
    /// name, any other written out in full.
    pub fn to_text(&self) -> String {
        match self.variant.built_in_name() {
            Some(name) => format!("{name} {}\n", self.date),
            None => format!("{}date: {}\n", self.variant.to_text(), self.date),
        }
    }

    /// The tiling an answer string writes, or why it does not read.
    pub fn tiling(&self, answer: &str) -> Result<Tiling, String> {
        Tiling::parse_rows(&self.variant, answer)
    }

    /// A tiling as an answer string.
    pub fn answer(&self, tiling: &Tiling) -> String {
        tiling.to_rows(&self.variant).join("\n")
    }
}

impl Board for CalendarBoard {
    fn kind(&self) -> Kind {
        Kind::Calendar
    }

    fn size(&self) -> Size {
        Size::new(self.variant.width(), self.variant.height())
    }

    fn task(&self) -> String {
        self.to_text()
    }

    fn solve(&self, _settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        // The bitboard search is the calendar's own and checks every tiling
        // it returns by the rules.
        Some(match super::solve(&self.variant, &self.date, limit, Method::Bitboard) {
            Ok(report) => Ok(Solved {
                solutions: report.solutions.iter().map(|tiling| self.answer(tiling)).collect(),
                stats: report.stats,
            }),
            Err(err) => Err(SolveError { kind: Kind::Calendar, answer: String::new(), why: err.message() }),
        })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        super::verify(&self.variant, &self.date, &self.tiling(answer)?).map_err(|violation| violation.to_string())
    }

    /// The board's labels, its missing cells black and the date's open
    /// cells shaded; with an answer, each piece a region.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let (width, height) = (self.variant.width(), self.variant.height());
        let mut drawing = Drawing::new(width, height);
        for row in 0..height {
            for col in 0..width {
                let index = row * width + col;
                let label = match self.variant.cell(row, col) {
                    Cell::Blocked => {
                        drawing.cell_mut(index).fill = Fill::Black;
                        continue;
                    }
                    Cell::Plain => continue,
                    Cell::Month(month) => MONTHS[usize::from(month) - 1].to_string(),
                    Cell::Day(day) => day.to_string(),
                    Cell::Weekday(weekday) => WEEKDAYS[usize::from(weekday)].to_string(),
                };
                drawing.write(index, label, Ink::Given);
            }
        }
        for (index, is_open) in self.variant.open_cells(&self.date).into_iter().enumerate() {
            if is_open {
                drawing.cell_mut(index).fill = Fill::Shaded;
            }
        }
        if let Some(tiling) = answer.and_then(|answer| self.tiling(answer).ok()) {
            let pieces = self.variant.pieces().len() as u32;
            drawing.regions = Some(
                (0..width * height)
                    .map(|index| {
                        // An open or missing cell is a region of its own, so
                        // every piece is outlined.
                        tiling.piece_at(&self.variant, index / width, index % width).map_or(pieces + index as u32, |k| k as u32)
                    })
                    .collect(),
            );
        }
        drawing
    }
}
