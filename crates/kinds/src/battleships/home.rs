//! Battleships's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::encode::Encoding;
use super::{Battleships, Given, rules};
use crate::Solved;
use crate::draw::{Drawing, Ink, Mark};
use crate::home::{Board, Home, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) struct BattleshipsHome;

pub(crate) static HOME: BattleshipsHome = BattleshipsHome;

impl Home for BattleshipsHome {
    fn kind(&self) -> Kind {
        Kind::Battleships
    }

    fn read(&self, task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        Ok(Box::new(Battleships::read(task, size)?))
    }

    fn solves(&self) -> bool {
        true
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

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let encoding = Encoding::new(self);
        Some(solve_answers(self, &encoding.problem, settings, limit, |chosen| encoding.decode(self, chosen)))
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
