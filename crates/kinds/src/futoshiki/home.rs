//! Futoshiki's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]). Its rows and columns are a
//! Latin square's ([`crate::latin`]); each sign is a set of exclusions on
//! the engine ([`Exclusion::less`]).

use multicover::Settings;

use crate::Solved;
use crate::engine_grade::Model;
use crate::draw::{Between, Drawing};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::latin::{Exclusion, LatinSquare, MarkedCells, Side, propagating, read_digits, write_digits};

pub(crate) static HOME: HomeOf<Futoshiki> = HomeOf::new();

impl ReadTask for Futoshiki {
    const KIND: Kind = Kind::Futoshiki;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Futoshiki, TaskError> {
        Futoshiki::read(task, size)
    }
}

/// A futoshiki: its givens and signs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Futoshiki {
    cells: MarkedCells,
    square: LatinSquare,
}

impl Futoshiki {
    /// Reads the site's task (see [`crate::futoshiki`]).
    pub fn read(task: &str, size: Option<Size>) -> Result<Futoshiki, TaskError> {
        let cells = MarkedCells::read(task, size)?;
        if cells.side > 9 {
            return Err(TaskError::new(format!("a side of {}, where an answer has a digit a cell", cells.side)));
        }
        let square = LatinSquare::plain(cells.side, cells.givens.clone());
        Ok(Futoshiki { cells, square })
    }

    /// Each sign as (greater cell, side, lesser cell).
    fn signs(&self) -> impl Iterator<Item = (usize, Side, usize)> + '_ {
        self.cells.signs()
    }
}

impl Futoshiki {
    /// The Latin square's model with an item a sign's exclusions.
    fn latin_model(&self) -> crate::latin::Model {
        let n = self.cells.side;
        let exclusions: Vec<Exclusion> =
            self.signs().flat_map(|(greater, _, lesser)| Exclusion::less(lesser, greater, n)).collect();
        self.square.model(|problem| Exclusion::items(problem, &exclusions, n * n))
    }
}

impl Board for Futoshiki {
    fn kind(&self) -> Kind {
        Kind::Futoshiki
    }

    fn size(&self) -> Size {
        Size::square(self.cells.side)
    }

    fn task(&self) -> String {
        self.cells.write()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        self.latin_model().solve_as(self, propagating(settings), limit, write_digits)
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: self.latin_model().problem, whole: true })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        let n = self.cells.side;
        let digits = read_digits(answer, n)?;
        self.square.check(&digits)?;
        for (greater, side, lesser) in self.signs() {
            if digits[greater] <= digits[lesser] {
                return Err(format!(
                    "row {}, column {} holds {}, not more than the {} {} it",
                    greater / n + 1,
                    greater % n + 1,
                    digits[greater],
                    digits[lesser],
                    side.word()
                ));
            }
        }
        Ok(())
    }

    /// The givens and the answer's digits; each sign between its cells,
    /// `<` or `>` read from the upper or left cell to the other.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let n = self.cells.side;
        let mut drawing = Drawing::new(n, n);
        self.square.draw_answer(&mut drawing, answer.and_then(|answer| read_digits(answer, n).ok()));
        for (greater, _, lesser) in self.signs() {
            let (a, b, sign) = if greater < lesser { (greater, lesser, ">") } else { (lesser, greater, "<") };
            drawing.between.push(Between { a, b, sign: sign.to_string() });
        }
        drawing
    }
}
