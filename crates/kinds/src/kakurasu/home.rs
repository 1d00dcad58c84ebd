//! Kakurasu's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use super::*;
use crate::home::{HomeOf, ReadTask};
use crate::engine_grade::Model;

pub(crate) static HOME: HomeOf<Kakurasu> = HomeOf::new();

impl ReadTask for Kakurasu {
    const KIND: Kind = Kind::Kakurasu;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Kakurasu, TaskError> {
        Kakurasu::read(task, size)
    }
}

impl Board for Kakurasu {
    fn kind(&self) -> Kind {
        Kind::Kakurasu
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        let clues: Vec<String> = self.col_clues.iter().chain(&self.row_clues).map(u32::to_string).collect();
        clues.join("/")
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let problem = encode::problem(self);
        Some(crate::home::solve_answers(self, &problem, settings, limit, |chosen| {
            encode::shaded(self, chosen).iter().map(|&shaded| if shaded { '1' } else { '0' }).collect()
        }))
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: encode::problem(self), whole: true })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        check_shading(self, &self.shaded_cells(answer)?)
    }

    /// The weights (column and row numbers) above and left of the grid, as
    /// the page shows them, the clues below and right of it.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let Size { width, height } = self.size;
        let mut drawing = Drawing::new(width, height);
        drawing.top = (1..=width).map(|col| Some(col.to_string())).collect();
        drawing.left = (1..=height).map(|row| Some(row.to_string())).collect();
        drawing.bottom = Drawing::numbers(&self.col_clues);
        drawing.right = Drawing::numbers(&self.row_clues);
        if let Some(shaded) = answer.and_then(|answer| self.shaded_cells(answer).ok()) {
            for cell in (0..shaded.len()).filter(|&cell| shaded[cell]) {
                drawing.cell_mut(cell).fill = Fill::Shaded;
            }
        }
        drawing
    }
}
