//! Renzoku's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]). Its rows and columns are a
//! Latin square's ([`crate::latin`]); each pair of side-by-side cells is a
//! set of exclusions on the engine, consecutive where a dot joins them and
//! apart where none does.

use multicover::Settings;

use crate::Solved;
use crate::engine_grade::Model;
use crate::draw::{Between, Drawing};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::latin::{Exclusion, LatinSquare, MarkedCells, Side, propagating, read_digits, write_digits};

pub(crate) static HOME: HomeOf<Renzoku> = HomeOf::new();

impl ReadTask for Renzoku {
    const KIND: Kind = Kind::Renzoku;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Renzoku, TaskError> {
        Renzoku::read(task, size)
    }
}

/// A renzoku: its givens and dots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renzoku {
    cells: MarkedCells,
    square: LatinSquare,
}

impl Renzoku {
    /// Reads the site's task (see [`crate::renzoku`]); each dot must be
    /// written on both its cells.
    pub fn read(task: &str, size: Option<Size>) -> Result<Renzoku, TaskError> {
        let cells = MarkedCells::read(task, size)?;
        let n = cells.side;
        if n > 9 {
            return Err(TaskError::new(format!("a side of {n}, where an answer has a digit a cell")));
        }
        for (cell, side, next) in cells.signs() {
            let back = match side {
                Side::Up => Side::Down,
                Side::Down => Side::Up,
                Side::Left => Side::Right,
                Side::Right => Side::Left,
            };
            if !cells.marks[next].contains(&back) {
                return Err(TaskError::new(format!(
                    "a dot {} row {}, column {} is not written on row {}, column {} too",
                    side.word(),
                    cell / n + 1,
                    cell % n + 1,
                    next / n + 1,
                    next % n + 1
                )));
            }
        }
        let square = LatinSquare::plain(n, cells.givens.clone());
        Ok(Renzoku { cells, square })
    }

    /// Every pair of side-by-side cells (the first above or left of the
    /// second), and whether a dot joins them.
    fn pairs(&self) -> impl Iterator<Item = (usize, usize, bool)> + '_ {
        let n = self.cells.side;
        (0..n * n).flat_map(move |cell| {
            [Side::Right, Side::Down].into_iter().filter_map(move |side| {
                side.neighbour(cell, n).map(|next| (cell, next, self.cells.marks[cell].contains(&side)))
            })
        })
    }
}

impl Renzoku {
    /// The Latin square's model with an item a pair's exclusions (dot or none).
    fn latin_model(&self) -> crate::latin::Model {
        let n = self.cells.side;
        let mut exclusions = Vec::new();
        for (a, b, dot) in self.pairs() {
            if dot {
                exclusions.extend(Exclusion::consecutive(a, b, n));
            } else {
                exclusions.extend(Exclusion::apart(a, b, n));
            }
        }
        self.square.model(|problem| Exclusion::items(problem, &exclusions, n * n))
    }
}

impl Board for Renzoku {
    fn kind(&self) -> Kind {
        Kind::Renzoku
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
        for (a, b, dot) in self.pairs() {
            if digits[a].abs_diff(digits[b]) == 1 && !dot || digits[a].abs_diff(digits[b]) != 1 && dot {
                return Err(format!(
                    "row {}, column {} holds {} and row {}, column {} holds {}: {} but {}",
                    a / n + 1,
                    a % n + 1,
                    digits[a],
                    b / n + 1,
                    b % n + 1,
                    digits[b],
                    if dot { "not consecutive" } else { "consecutive" },
                    if dot { "a dot joins them" } else { "no dot joins them" }
                ));
            }
        }
        Ok(())
    }

    /// The givens and the answer's digits; a `•` between each two cells a
    /// dot joins.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let n = self.cells.side;
        let mut drawing = Drawing::new(n, n);
        self.square.draw_answer(&mut drawing, answer.and_then(|answer| read_digits(answer, n).ok()));
        for (a, b, _) in self.pairs().filter(|&(_, _, dot)| dot) {
            drawing.between.push(Between { a, b, sign: "•".to_string() });
        }
        drawing
    }
}
