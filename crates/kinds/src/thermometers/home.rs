//! Thermometers' home: its task, answer, check, solver and drawing behind
//! the family's one interface ([`crate::home`]).

use multicover::Settings;

use super::encode::Encoding;
use super::{Thermometers, rules};
use crate::Solved;
use crate::draw::{Drawing, Fill, Ink, Line};
use crate::engine_grade::Model;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Thermometers> = HomeOf::new();

impl ReadTask for Thermometers {
    const KIND: Kind = Kind::Thermometers;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Thermometers, TaskError> {
        Thermometers::read(task, size)
    }
}

impl Board for Thermometers {
    fn kind(&self) -> Kind {
        Kind::Thermometers
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

    /// Each thermometer is a line from its bulb to its tip;
    /// the answer's mercury fills its cells.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        drawing.top = Drawing::numbers(&self.col_clues);
        drawing.left = Drawing::numbers(&self.row_clues);
        for thermometer in &self.thermometers {
            drawing.bulbs.push(thermometer.cells[0]);
            drawing.lines.push(Line { cells: thermometer.cells.clone(), ink: Ink::Given, double: false });
        }
        if let Some(mercury) = answer.and_then(|answer| rules::mercury(self, answer).ok()) {
            for (cell, _) in mercury.iter().enumerate().filter(|(_, m)| **m) {
                drawing.cell_mut(cell).fill = Fill::Water;
            }
        }
        drawing
    }
}
