//! The ring board's home: an instance behind the family's one interface
//! ([`crate::home`]).
//!
//! The ring is not a site's kind, so its "task" is its instance file as the
//! archive keeps it ([`Ring::to_text`]), and its answer the solution's text
//! ([`RingSolution::to_text`]): each sector's triangle row, then where each
//! ball ends. A good instance has several answers as a rule.

use multicover::Settings;

use super::{COLOURS, Ring, RingSolution, solve, verify};
use crate::Solved;
use crate::draw::{Drawing, Fill, Ink};
use crate::home::{Board, Home, Size, SolveError, TaskError};
use crate::kind::Kind;

pub(crate) struct RingHome;

pub(crate) static HOME: RingHome = RingHome;

impl Home for RingHome {
    fn kind(&self) -> Kind {
        Kind::Ring
    }

    /// An instance file; `size` is not needed (its `size` line gives it).
    fn read(&self, task: &str, _size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        Ring::parse(task).map(|ring| Box::new(ring) as Box<dyn Board>).map_err(|e| TaskError::new(e.to_string()))
    }

    fn solves(&self) -> bool {
        true
    }
}

impl Board for Ring {
    fn kind(&self) -> Kind {
        Kind::Ring
    }

    /// Sectors across, rows down: the ring cut open after its last sector.
    fn size(&self) -> Size {
        Size::new(self.sectors(), self.rows())
    }

    fn task(&self) -> String {
        self.to_text()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        // The ring's solver checks each solution by `verify` before it
        // returns it.
        Some(match solve(self, limit, settings) {
            Ok(report) => Ok(Solved {
                solutions: report.solutions.iter().map(RingSolution::to_text).collect(),
                stats: report.stats,
            }),
            Err(err) => Err(SolveError { kind: Kind::Ring, answer: String::new(), why: err.to_string() }),
        })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        let solution = RingSolution::parse(self, answer).map_err(|err| err.to_string())?;
        verify(self, &solution).map_err(|violation| violation.to_string())
    }

    /// The board cut open after its last sector, row 0 (the innermost) on
    /// top: each cell's starting balls by their letters; with an answer,
    /// each sector's triangle shaded and the balls where they end.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let size = Board::size(self);
        let mut drawing = Drawing::new(size.width, size.height);
        let solution = answer.and_then(|answer| RingSolution::parse(self, answer).ok());
        let mut letters = vec![String::new(); size.cells()];
        for colour in COLOURS {
            for (ball, &start) in self.balls(colour).iter().enumerate() {
                let (row, sector) = solution.as_ref().map_or(start, |s| s.end(colour, ball));
                letters[row * size.width + sector].push(colour.letter());
            }
        }
        let ink = if solution.is_some() { Ink::Answer } else { Ink::Given };
        for (index, text) in letters.into_iter().enumerate() {
            if !text.is_empty() {
                drawing.write(index, text, ink);
            }
        }
        if let Some(solution) = &solution {
            for (sector, &row) in solution.triangles.iter().enumerate() {
                if row < size.height && sector < size.width {
                    drawing.cell_mut(row * size.width + sector).fill = Fill::Shaded;
                }
            }
        }
        drawing
    }
}
