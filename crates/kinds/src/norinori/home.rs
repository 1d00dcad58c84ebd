//! Norinori's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Algorithm;

use super::*;
use crate::home::{HomeOf, ReadTask};

pub(crate) static HOME: HomeOf<Norinori> = HomeOf::new();

impl ReadTask for Norinori {
    const KIND: Kind = Kind::Norinori;

    fn read_task(task: &str, size: Option<Size>) -> Result<Norinori, TaskError> {
        Norinori::read(task, size)
    }
}

impl Board for Norinori {
    fn kind(&self) -> Kind {
        Kind::Norinori
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.ids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    }

    /// By the kind's own solver (`solver.rs`); a search named in the
    /// settings ([`Algorithm`] other than `Auto`) forces the engine, the
    /// independent second solver.
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let answer_of = |shaded: &[bool]| shaded.iter().map(|&shaded| if shaded { 'y' } else { 'n' }).collect();
        if settings.algorithm == Algorithm::Auto {
            let (found, stats) = solver::solve(self, limit);
            return Some(crate::home::checked_answers(self, found.iter().map(|shaded| answer_of(shaded)), stats));
        }
        let encoding = encode::Encoding::new(self);
        Some(crate::home::solve_answers(self, &encoding.problem, settings, limit, |chosen| {
            answer_of(&encoding.shaded(chosen))
        }))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        check_shading(self, &self.shaded_cells(answer)?)
    }

    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        drawing.regions = Some(self.ids.clone());
        if let Some(shaded) = answer.and_then(|answer| self.shaded_cells(answer).ok()) {
            for cell in (0..shaded.len()).filter(|&cell| shaded[cell]) {
                drawing.cell_mut(cell).fill = Fill::Shaded;
            }
        }
        drawing
    }
}
