//! Bridges' home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::Bridges;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Ink, Line};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Bridges> = HomeOf::new();

impl ReadTask for Bridges {
    const KIND: Kind = Kind::Bridges;

    fn read_task(task: &str, size: Option<Size>) -> Result<Bridges, TaskError> {
        Bridges::read(task, size)
    }
}

impl Board for Bridges {
    fn kind(&self) -> Kind {
        Kind::Bridges
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let encoding = Encoding::new(self);
        Some(solve_answers(self, &encoding.problem, settings, limit, |chosen| encoding.decode(chosen)))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        self.check_counts(&self.counts(answer)?)
    }

    /// The islands' numbers; the answer's bridges, as
    /// lines from island to island (double for two).
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        let islands = self.islands();
        for &cell in &islands {
            drawing.write(cell, self.numbers[cell].expect("an island").to_string(), Ink::Given);
        }
        if let Some(counts) = answer.and_then(|answer| self.counts(answer).ok()) {
            for span in self.spans() {
                let bridges = counts[span.from][usize::from(span.down)];
                if bridges > 0 {
                    let cells = std::iter::once(islands[span.from])
                        .chain(span.between.iter().copied())
                        .chain(std::iter::once(islands[span.to]))
                        .collect();
                    drawing.lines.push(Line { cells, ink: Ink::Answer, double: bridges == 2 });
                }
            }
        }
        drawing
    }
}
