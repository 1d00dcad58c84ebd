//! Tapa's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::Tapa;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Fill, Ink};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Tapa> = HomeOf::new();

impl ReadTask for Tapa {
    const KIND: Kind = Kind::Tapa;

    fn read_task(task: &str, size: Option<Size>) -> Result<Tapa, TaskError> {
        Tapa::read(task, size)
    }
}

impl Board for Tapa {
    fn kind(&self) -> Kind {
        Kind::Tapa
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

    /// Each clue's run lengths, apart by spaces; the answer's shaded cells.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (cell, clue) in self.clues.iter().enumerate() {
            if let Some(clue) = clue {
                let text: Vec<String> = clue.iter().map(u8::to_string).collect();
                drawing.write(cell, text.join(" "), Ink::Given);
            }
        }
        if let Some(shaded) = answer.and_then(|answer| self.shaded_cells(answer).ok()) {
            for cell in (0..shaded.len()).filter(|&c| shaded[c]) {
                drawing.cell_mut(cell).fill = Fill::Shaded;
            }
        }
        drawing
    }
}
