//! Light Up's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::encode::Encoding;
use super::{Cell, LightUp, rules};
use crate::Solved;
use crate::draw::{Drawing, Fill, Ink, Mark};
use crate::engine_grade::Model;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<LightUp> = HomeOf::new();

impl ReadTask for LightUp {
    const KIND: Kind = Kind::LightUp;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<LightUp, TaskError> {
        LightUp::read(task, size)
    }
}

impl Board for LightUp {
    fn kind(&self) -> Kind {
        Kind::LightUp
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

    fn model(&self) -> Option<Model> {
        Some(Model { problem: Encoding::new(self).problem, whole: true })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        rules::check(self, answer)
    }

    /// Black cells, numbered ones with their number; the answer's bulbs.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (index, cell) in self.cells.iter().enumerate() {
            match *cell {
                Cell::White => {}
                Cell::Black => drawing.cell_mut(index).fill = Fill::Black,
                Cell::Numbered(n) => {
                    drawing.cell_mut(index).fill = Fill::Black;
                    drawing.write(index, n.to_string(), Ink::Given);
                }
            }
        }
        if let Some(bulbs) = answer.and_then(|answer| rules::bulbs(self, answer).ok()) {
            for (cell, _) in bulbs.iter().enumerate().filter(|(_, bulb)| **bulb) {
                drawing.cell_mut(cell).mark = Some(Mark::Bulb);
            }
        }
        drawing
    }
}
