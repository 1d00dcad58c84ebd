//! Lits's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::Lits;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Fill};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Lits> = HomeOf::new();

impl ReadTask for Lits {
    const KIND: Kind = Kind::Lits;

    fn read_task(task: &str, size: Option<Size>) -> Result<Lits, TaskError> {
        Lits::read(task, size)
    }
}

impl Board for Lits {
    fn kind(&self) -> Kind {
        Kind::Lits
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
        self.check_shading(&self.shaded_cells(answer)?)
    }

    /// The regions' borders; the answer's shaded cells.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        drawing.regions = Some(self.ids.clone());
        if let Some(shaded) = answer.and_then(|answer| self.shaded_cells(answer).ok()) {
            for cell in (0..shaded.len()).filter(|&c| shaded[c]) {
                drawing.cell_mut(cell).fill = Fill::Shaded;
            }
        }
        drawing
    }
}
