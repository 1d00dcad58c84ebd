//! Shingoki's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::{Shingoki, encode};
use crate::masyu::links::LoopModel;
use crate::Solved;
use crate::draw::{Drawing, Ink, Mark};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Shingoki> = HomeOf::new();

impl ReadTask for Shingoki {
    const KIND: Kind = Kind::Shingoki;

    fn read_task(task: &str, size: Option<Size>) -> Result<Shingoki, TaskError> {
        Shingoki::read(task, size)
    }
}

impl Board for Shingoki {
    fn kind(&self) -> Kind {
        Kind::Shingoki
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

    /// The circles with their numbers; the answer's loop, a line a link.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (cell, circle) in self.cells.iter().enumerate() {
            let Some(circle) = circle else { continue };
            drawing.give_mark(cell, if circle.black { Mark::BlackCircle } else { Mark::WhiteCircle });
            if let Some(n) = circle.number {
                drawing.write(cell, n.to_string(), Ink::Given);
            }
        }
        self.links().draw(&mut drawing, answer);
        drawing
    }
}
