//! Loop's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::Slitherlink;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Fill, Ink};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Slitherlink> = HomeOf::new();

impl ReadTask for Slitherlink {
    const KIND: Kind = Kind::Loop;

    fn read_task(task: &str, size: Option<Size>) -> Result<Slitherlink, TaskError> {
        Slitherlink::read(task, size)
    }
}

impl Board for Slitherlink {
    fn kind(&self) -> Kind {
        Kind::Loop
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let encoding = Encoding::new(self);
        let sides = self.side_count();
        Some(solve_answers(self, &encoding.problem, settings, limit, |chosen| encoding.decode(sides, chosen)))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        self.check_sides(&self.sides(answer)?)
    }

    /// Every cell's number; the cells inside the answer's loop shaded (a
    /// cell is inside when an odd number of the loop's vertical sides lie
    /// to its left in its row).
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let Size { width, height } = self.size;
        let mut drawing = Drawing::new(width, height);
        for (cell, clue) in self.clues.iter().enumerate() {
            if let Some(n) = clue {
                drawing.write(cell, n.to_string(), Ink::Given);
            }
        }
        if let Some(on) = answer.and_then(|answer| self.sides(answer).ok()) {
            for cell in 0..width * height {
                let [.., left, _] = self.sides_of(cell);
                let row_start = left - cell % width;
                if (row_start..=left).filter(|&s| on[s]).count() % 2 == 1 {
                    drawing.cell_mut(cell).fill = Fill::Shaded;
                }
            }
        }
        drawing
    }
}
