//! Pipes' home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::encode::Encoding;
use super::{Edges, Pipes, turned};
use crate::Solved;
use crate::draw::{Drawing, Ink, Line};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Pipes> = HomeOf::new();

impl ReadTask for Pipes {
    const KIND: Kind = Kind::Pipes;

    fn read_task(task: &str, size: Option<Size>) -> Result<Pipes, TaskError> {
        Pipes::read(task, size)
    }
}

impl Board for Pipes {
    fn kind(&self) -> Kind {
        Kind::Pipes
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    /// By the plain rules, and where they have no answer (or the grid is
    /// known to wrap) by the wrapping ones.
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let cells = self.size.cells();
        let run = |wrap: bool| {
            let encoding = Encoding::new(self, wrap);
            solve_answers(self, &encoding.problem, settings, limit, |chosen| encoding.decode(cells, chosen))
        };
        Some(match self.edges {
            Edges::Plain => run(false),
            Edges::Wrap => run(true),
            Edges::Either => match run(false) {
                Ok(plain) if plain.solutions.is_empty() && plain.stats.exhausted => run(true),
                other => other,
            },
        })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        let turns = self.turns(answer)?;
        match self.edges {
            Edges::Plain => self.check_turns(&turns, false),
            Edges::Wrap => self.check_turns(&turns, true),
            Edges::Either => self.check_turns(&turns, false).or_else(|plain| {
                self.check_turns(&turns, true).map_err(|wrap| format!("{plain}; across the edges, {wrap}"))
            }),
        }
    }

    /// The pipes that meet, as lines between the centres of the cells
    /// they join: as scrambled without an answer, as solved with one (a
    /// pipe across the grid's edge is not drawn).
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let Size { width, height } = self.size;
        let mut drawing = Drawing::new(width, height);
        let turns = answer.and_then(|answer| self.turns(answer).ok());
        let ink = if turns.is_some() { Ink::Answer } else { Ink::Given };
        let shape = |cell: usize| turned(self.tiles[cell], turns.as_ref().map_or(0, |t| t[cell]));
        for cell in 0..self.size.cells() {
            for d in [0, 3] {
                if let Some(other) = self.next(cell, d, false)
                    && shape(cell) >> d & 1 == 1
                    && shape(other) >> ((d + 2) % 4) & 1 == 1
                {
                    drawing.lines.push(Line { cells: vec![cell, other], ink, double: false });
                }
            }
        }
        drawing
    }
}
