//! StarBattle's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::{Algorithm, Learning, Pairs};

use super::*;
use crate::home::{HomeOf, ReadTask};

pub(crate) static HOME: HomeOf<StarBattle> = HomeOf::new();

impl ReadTask for StarBattle {
    const KIND: Kind = Kind::StarBattle;

    fn read_task(task: &str, size: Option<Size>) -> Result<StarBattle, TaskError> {
        StarBattle::read(task, size)
    }
}

impl Board for StarBattle {
    fn kind(&self) -> Kind {
        Kind::StarBattle
    }

    fn size(&self) -> Size {
        Size::square(self.side)
    }

    fn task(&self) -> String {
        self.ids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    }

    /// By the kind's own solver (`solver.rs`), up to its largest side; a
    /// search named in the settings ([`Algorithm`] other than `Auto`)
    /// forces the engine, the independent second solver.
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        if settings.algorithm == Algorithm::Auto && self.side <= solver::MAX_SIDE {
            let (found, stats) = solver::solve(self, limit);
            return Some(crate::home::checked_answers(
                self,
                found.iter().map(|stars| StarBattle::answer_of(stars)),
                stats,
            ));
        }
        let encoding = encode::Encoding::new(self);
        let settings = tuned(settings);
        Some(crate::home::solve_answers(self, &encoding.problem, settings, limit, |chosen| {
            StarBattle::answer_of(&encoding.stars(chosen))
        }))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        check_stars(self, &self.star_cells(answer)?)
    }

    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.side, self.side);
        drawing.regions = Some(self.ids.clone());
        if let Some(stars) = answer.and_then(|answer| self.star_cells(answer).ok()) {
            for cell in (0..stars.len()).filter(|&cell| stars[cell]) {
                drawing.cell_mut(cell).mark = Some(Mark::Star);
            }
        }
        drawing
    }
}

/// The caller's settings, with learning from the root on and no reasoning
/// on pairs where the caller left those at their defaults: a star battle's
/// contradictions lie deep and come back in many branches, so what the
/// search learns pays from the start, and pair reasoning costs more than it
/// finds here (docs/benchmarks-family.md, "Solved and proved unique").
fn tuned(settings: Settings) -> Settings {
    let default = Settings::DEFAULT;
    Settings {
        learning: if settings.learning == default.learning { Learning::Always } else { settings.learning },
        pairs: if settings.pairs == default.pairs { Pairs::Off } else { settings.pairs },
        ..settings
    }
}
