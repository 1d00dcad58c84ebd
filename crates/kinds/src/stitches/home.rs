//! Stitches' home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::encode::Encoding;
use super::{Stitches, rules};
use crate::Solved;
use crate::draw::{Drawing, Ink, Line, Mark};
use crate::engine_grade::Model;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Stitches> = HomeOf::new();

impl ReadTask for Stitches {
    const KIND: Kind = Kind::Stitches;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Stitches, TaskError> {
        Stitches::read(task, size)
    }
}

impl Board for Stitches {
    fn kind(&self) -> Kind {
        Kind::Stitches
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

    /// The regions with their borders; each stitch of the answer is a line
    /// between its two holes, each hole a dot.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        drawing.regions = Some(self.regions.clone());
        drawing.top = Drawing::numbers(&self.col_clues);
        drawing.left = Drawing::numbers(&self.row_clues);
        if let Some(stitches) = answer.and_then(|answer| rules::stitches(self, answer).ok()) {
            for (a, b) in stitches.into_iter().filter_map(|stitch| self.cells_of(stitch)) {
                drawing.cell_mut(a).mark = Some(Mark::Dot);
                drawing.cell_mut(b).mark = Some(Mark::Dot);
                drawing.lines.push(Line { cells: vec![a, b], ink: Ink::Answer, double: false });
            }
        }
        drawing
    }
}
