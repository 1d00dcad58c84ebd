//! Battleships's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::encode::Encoding;
use super::{Battleships, Given, rules, search};
use crate::Solved;
use crate::draw::{Drawing, Ink, Mark};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Battleships> = HomeOf::new();

impl ReadTask for Battleships {
    const KIND: Kind = Kind::Battleships;

    fn read_task(task: &str, size: Option<Size>) -> Result<Battleships, TaskError> {
        Battleships::read(task, size)
    }
}

/// Which solver does the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Battleships' own search (cells and whole ships), the fast one.
    #[default]
    Search,
    /// The multi-cover engine on its model (a placement of a ship an
    /// option), kept as the independent second solver.
    Engine(Settings),
}

impl Battleships {
    /// Finds up to `limit` answers with either solver, each checked by
    /// [`Board::check`]; `stats.exhausted` with one answer proves it the
    /// only one.
    pub fn solve_by(&self, method: Method, limit: usize) -> Result<Solved<String>, SolveError> {
        match method {
            Method::Search => search::solve(self, limit),
            Method::Engine(settings) => {
                let encoding = Encoding::new(self);
                solve_answers(self, &encoding.problem, settings, limit, |chosen| encoding.decode(self, chosen))
            }
        }
    }
}

impl Board for Battleships {
    fn kind(&self) -> Kind {
        Kind::Battleships
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    /// By battleships' own search ([`Method::Search`]): the settings are
    /// the engine's, which it does not use.
    fn solve(&self, _settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        Some(self.solve_by(Method::Search, limit))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        rules::check(self, answer)
    }

    /// The clues; given water as a cross, a given piece as its shape
    /// (`●` a one-cell ship, `■` a middle, `▲` `▶` `▼` `◀` the top, right,
    /// bottom and left ends); the answer's ship cells.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        drawing.top = Drawing::numbers(&self.col_clues);
        drawing.left = Drawing::numbers(&self.row_clues);
        for (cell, given) in self.givens.iter().enumerate() {
            let shape = match given {
                None => continue,
                Some(Given::Water) => {
                    drawing.give_mark(cell, Mark::Cross);
                    continue;
                }
                Some(Given::Submarine) => "●",
                Some(Given::Middle) => "■",
                Some(Given::Top) => "▲",
                Some(Given::Right) => "▶",
                Some(Given::Bottom) => "▼",
                Some(Given::Left) => "◀",
            };
            drawing.write(cell, shape, Ink::Given);
        }
        if let Some(ships) = answer.and_then(|answer| rules::ship_cells(self, answer).ok()) {
            for (cell, _) in ships.iter().enumerate().filter(|(_, ship)| **ship) {
                if drawing.cells[cell].text.is_none() {
                    drawing.cell_mut(cell).mark = Some(Mark::Ship);
                }
            }
        }
        drawing
    }
}
