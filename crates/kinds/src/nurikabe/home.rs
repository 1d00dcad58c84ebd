//! Nurikabe's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::Nurikabe;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Fill, Ink};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Nurikabe> = HomeOf::new();

impl ReadTask for Nurikabe {
    const KIND: Kind = Kind::Nurikabe;

    fn read_task(task: &str, size: Option<Size>) -> Result<Nurikabe, TaskError> {
        Nurikabe::read(task, size)
    }
}

impl Board for Nurikabe {
    fn kind(&self) -> Kind {
        Kind::Nurikabe
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let encoding = Encoding::new(self);
        let cells = self.size.cells();
        Some(solve_answers(self, &encoding.problem, settings, limit, |chosen| encoding.decode(cells, chosen)))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        self.check_walls(&self.walls(answer)?)
    }

    /// The numbers; the answer's walls, shaded.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (cell, n) in self.numbers.iter().enumerate() {
            if let Some(n) = n {
                drawing.write(cell, n.to_string(), Ink::Given);
            }
        }
        if let Some(shaded) = answer.and_then(|answer| self.walls(answer).ok()) {
            for cell in (0..shaded.len()).filter(|&c| shaded[c]) {
                drawing.cell_mut(cell).fill = Fill::Shaded;
            }
        }
        drawing
    }
}
