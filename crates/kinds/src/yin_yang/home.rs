//! YinYang's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::YinYang;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Fill, Mark};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<YinYang> = HomeOf::new();

impl ReadTask for YinYang {
    const KIND: Kind = Kind::YinYang;

    fn read_task(task: &str, size: Option<Size>) -> Result<YinYang, TaskError> {
        YinYang::read(task, size)
    }
}

impl Board for YinYang {
    fn kind(&self) -> Kind {
        Kind::YinYang
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
        self.check_colours(&self.blacks(answer)?)
    }

    /// The given cells as circles (black or white); the answer's black
    /// cells shaded.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (cell, given) in self.given.iter().enumerate() {
            if let Some(black) = *given {
                drawing.give_mark(cell, if black { Mark::BlackCircle } else { Mark::WhiteCircle });
            }
        }
        if let Some(black) = answer.and_then(|answer| self.blacks(answer).ok()) {
            for cell in (0..black.len()).filter(|&c| black[c]) {
                drawing.cell_mut(cell).fill = Fill::Shaded;
            }
        }
        drawing
    }
}
