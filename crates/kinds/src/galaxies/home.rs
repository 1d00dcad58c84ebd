//! Galaxies' home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::Galaxies;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Mark};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Galaxies> = HomeOf::new();

impl ReadTask for Galaxies {
    const KIND: Kind = Kind::Galaxies;

    fn read_task(task: &str, size: Option<Size>) -> Result<Galaxies, TaskError> {
        Galaxies::read(task, size)
    }
}

impl Board for Galaxies {
    fn kind(&self) -> Kind {
        Kind::Galaxies
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let encoding = Encoding::new(self);
        Some(solve_answers(self, &encoding.problem, settings, limit, |chosen| encoding.decode(self, chosen)))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        self.check_walls(&self.walls(answer)?)
    }

    /// A dot in each cell a dot touches (the drawing has no points between
    /// cells); the answer's regions, walled.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for &dot in &self.dots {
            for cell in self.touched(dot) {
                drawing.give_mark(cell, Mark::Dot);
            }
        }
        if let Some(walls) = answer.and_then(|answer| self.walls(answer).ok()) {
            drawing.regions = Some(self.regions(&walls).into_iter().map(|k| k as u32).collect());
        }
        drawing
    }
}
