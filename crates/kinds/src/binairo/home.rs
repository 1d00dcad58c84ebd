//! Binairo's home (and binairo-plus's board): its task, answer, check,
//! solver and drawing behind the family's one interface ([`crate::home`]).

use std::ops::ControlFlow;

use multicover::{Pairs, Settings, Stats};

use super::encode::Encoding;
use super::{Binairo, rules};
use crate::Solved;
use crate::draw::{Between, Drawing, Ink};
use crate::engine_grade::Model;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Binairo> = HomeOf::new();

impl ReadTask for Binairo {
    const KIND: Kind = Kind::Binairo;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Binairo, TaskError> {
        Binairo::read(task, size)
    }
}

impl Board for Binairo {
    fn kind(&self) -> Kind {
        if self.is_plus() { Kind::BinairoPlus } else { Kind::Binairo }
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    /// The engine's answers keep every rule but "lines differ" (binairo's,
    /// which is no sum of cells); those that repeat a line are passed over
    /// and not counted, and the rest checked by [`Board::check`].
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let encoding = Encoding::new(self);
        let settings = tuned(settings);
        let mut solutions = Vec::new();
        if limit == 0 {
            return Some(Ok(Solved { solutions, stats: Stats::default() }));
        }
        let searched = crate::search_checked(&encoding.problem, settings, |chosen| {
            let digits = encoding.digits(self.size.cells(), chosen);
            if !self.is_plus() && rules::repeated_line(self, &digits).is_some() {
                return Ok(ControlFlow::Continue(()));
            }
            let answer: String = digits.iter().map(|&d| char::from(b'0' + d)).collect();
            if let Err(why) = self.check(&answer) {
                return Err(SolveError { kind: self.kind(), answer, why });
            }
            solutions.push(answer);
            Ok(if solutions.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) })
        });
        Some(searched.map(|mut stats| {
            stats.solutions = solutions.len() as u64;
            Solved { solutions, stats }
        }))
    }

    /// Binairo's model leaves out that lines differ (see [`Board::solve`]);
    /// binairo-plus has no such rule.
    fn model(&self) -> Option<Model> {
        Some(Model { problem: Encoding::new(self).problem, whole: self.is_plus() })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        rules::check(self, answer)
    }

    /// The givens and the answer's digits as text; binairo-plus's signs
    /// between their cells.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let (w, h) = (self.size.width, self.size.height);
        let mut drawing = Drawing::new(w, h);
        let digits = answer.and_then(|answer| rules::digits(self, answer).ok());
        for (cell, given) in self.givens.iter().enumerate() {
            match (given, &digits) {
                (Some(d), _) => drawing.write(cell, d.to_string(), Ink::Given),
                (None, Some(digits)) => drawing.write(cell, digits[cell].to_string(), Ink::Answer),
                (None, None) => {}
            }
        }
        for cell in 0..w * h {
            for (down, next) in [(false, cell + 1), (true, cell + w)] {
                if let Some(sign) = self.sign(cell, down) {
                    drawing.between.push(Between { a: cell, b: next, sign: sign.symbol().to_string() });
                }
            }
        }
        drawing
    }
}

/// The caller's settings, with no reasoning on pairs of items where the
/// caller left it at its default: a binairo's items meet in pairs at every
/// cell (its row's and column's counts, its triples), so the reasoning
/// costs at every probe, and on the real puzzles it found nothing the
/// probes did not (the same nodes and probes): the 30x40 binairo-plus took
/// 19 ms without it against 41 ms with, side by side, and the others the
/// same either way.
fn tuned(settings: Settings) -> Settings {
    let pairs = if settings.pairs == Settings::DEFAULT.pairs { Pairs::Off } else { settings.pairs };
    Settings { pairs, ..settings }
}
