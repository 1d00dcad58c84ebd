//! Masyu's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::links::LoopModel;
use super::{Circle, Masyu, encode};
use crate::Solved;
use crate::draw::{Drawing, Mark};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Masyu> = HomeOf::new();

impl ReadTask for Masyu {
    const KIND: Kind = Kind::Masyu;

    fn read_task(task: &str, size: Option<Size>) -> Result<Masyu, TaskError> {
        Masyu::read(task, size)
    }
}

impl Board for Masyu {
    fn kind(&self) -> Kind {
        Kind::Masyu
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let problem = encode::problem(self);
        let links = self.links().count();
        Some(solve_answers(self, &problem, settings, limit, |chosen| LoopModel::decode(links, chosen)))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        self.check_links(&self.links().read(answer)?)
    }

    /// The circles; the answer's loop, a line a link.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (cell, circle) in self.cells.iter().enumerate() {
            match circle {
                Circle::None => {}
                Circle::White => drawing.give_mark(cell, Mark::WhiteCircle),
                Circle::Black => drawing.give_mark(cell, Mark::BlackCircle),
            }
        }
        self.links().draw(&mut drawing, answer);
        drawing
    }
}
