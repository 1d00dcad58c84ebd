//! Shingoki's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::{Shingoki, encode};
use crate::masyu::links::LoopModel;
use crate::Solved;
use crate::draw::{Drawing, Ink, Line, Mark};
use crate::home::{Board, Home, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) struct ShingokiHome;

pub(crate) static HOME: ShingokiHome = ShingokiHome;

impl Home for ShingokiHome {
    fn kind(&self) -> Kind {
        Kind::Shingoki
    }

    fn read(&self, task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        Ok(Box::new(Shingoki::read(task, size)?))
    }

    fn solves(&self) -> bool {
        true
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
        let links = self.links();
        if let Some(on) = answer.and_then(|answer| links.read(answer).ok()) {
            for l in (0..on.len()).filter(|&l| on[l]) {
                let (a, b) = links.ends(l);
                drawing.lines.push(Line { cells: vec![a, b], ink: Ink::Answer, double: false });
            }
        }
        drawing
    }
}
