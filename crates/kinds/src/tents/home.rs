//! Tents' home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use std::ops::ControlFlow;

use multicover::Settings;

use super::encode::Encoding;
use super::{Tents, rules};
use crate::Solved;
use crate::draw::{Drawing, Mark};
use crate::engine_grade::Model;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Tents> = HomeOf::new();

impl ReadTask for Tents {
    const KIND: Kind = Kind::Tents;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Tents, TaskError> {
        Tents::read(task, size)
    }
}

impl Board for Tents {
    fn kind(&self) -> Kind {
        Kind::Tents
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    /// The engine pairs each tree with its tent; the answer only places the
    /// tents, so pairings of the same tents count once: the search goes on
    /// until `limit` different answers (or the end).
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let encoding = Encoding::new(self);
        let mut solutions: Vec<String> = Vec::new();
        if limit == 0 {
            return Some(Ok(Solved { solutions, stats: Default::default() }));
        }
        let searched = crate::search_checked(&encoding.problem, settings, |chosen| {
            let answer = encoding.decode(self, chosen);
            if solutions.contains(&answer) {
                return Ok(ControlFlow::Continue(()));
            }
            if let Err(why) = self.check(&answer) {
                return Err(SolveError { kind: Kind::Tents, answer, why });
            }
            solutions.push(answer);
            Ok(if solutions.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) })
        });
        Some(searched.map(|mut stats| {
            stats.solutions = solutions.len() as u64;
            Solved { solutions, stats }
        }))
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: Encoding::new(self).problem, whole: true })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        rules::check(self, answer)
    }

    /// Trees and the clues; the answer's tents.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        drawing.top = Drawing::numbers(&self.col_clues);
        drawing.left = Drawing::numbers(&self.row_clues);
        for (cell, _) in self.trees.iter().enumerate().filter(|(_, tree)| **tree) {
            drawing.give_mark(cell, Mark::Tree);
        }
        if let Some(tents) = answer.and_then(|answer| rules::tents(self, answer).ok()) {
            for (cell, _) in tents.iter().enumerate().filter(|(_, tent)| **tent) {
                drawing.cell_mut(cell).mark.get_or_insert(Mark::Tent);
            }
        }
        drawing
    }
}
