//! Aquarium's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::{Aquarium, Water, solve, verify};
use crate::Solved;
use crate::draw::{Drawing, Fill};
use crate::home::{Board, Home, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::task::answer_cells;

pub(crate) struct AquariumHome;

pub(crate) static HOME: AquariumHome = AquariumHome;

impl Home for AquariumHome {
    fn kind(&self) -> Kind {
        Kind::Aquarium
    }

    fn read(&self, task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        let puzzle = Aquarium::parse_task_sized(task, size.map(|s| (s.width, s.height)))
            .map_err(|e| TaskError::new(e.message()))?;
        Ok(Box::new(puzzle))
    }

    fn solves(&self) -> bool {
        true
    }
}

/// The answer string as water: `y` a water cell, `n` air.
fn water(puzzle: &Aquarium, answer: &str) -> Result<Water, String> {
    let size = Size::new(puzzle.width(), puzzle.height());
    let cells = answer_cells(answer, size, "ny")?;
    Ok(Water::new(size.width, size.height, cells.into_iter().map(|c| c == 1).collect()))
}

impl Board for Aquarium {
    fn kind(&self) -> Kind {
        Kind::Aquarium
    }

    fn size(&self) -> Size {
        Size::new(self.width(), self.height())
    }

    fn task(&self) -> String {
        self.to_task()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let solved = match solve(self, limit, settings) {
            Ok(report) => report,
            Err(err) => {
                return Some(Err(SolveError { kind: Kind::Aquarium, answer: String::new(), why: err.message() }));
            }
        };
        let solutions = solved.solutions.iter().map(Water::to_answer).collect();
        Some(Ok(Solved { solutions, stats: solved.stats }))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        verify(self, &water(self, answer)?).map_err(|violation| violation.to_string())
    }

    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.width(), self.height());
        drawing.regions =
            Some((0..self.width() * self.height()).map(|i| self.tank(i / self.width(), i % self.width())).collect());
        drawing.top = Drawing::numbers(self.col_clues());
        drawing.left = Drawing::numbers(self.row_clues());
        if let Some(water) = answer.and_then(|answer| water(self, answer).ok()) {
            for row in 0..self.height() {
                for col in 0..self.width() {
                    if water.get(row, col) {
                        drawing.cell_mut(row * self.width() + col).fill = Fill::Water;
                    }
                }
            }
        }
        drawing
    }
}
