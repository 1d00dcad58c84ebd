//! Heyawake's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::Heyawake;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Fill, Ink};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;

pub(crate) static HOME: HomeOf<Heyawake> = HomeOf::new();

impl ReadTask for Heyawake {
    const KIND: Kind = Kind::Heyawake;

    fn read_task(task: &str, size: Option<Size>) -> Result<Heyawake, TaskError> {
        Heyawake::read(task, size)
    }
}

impl Board for Heyawake {
    fn kind(&self) -> Kind {
        Kind::Heyawake
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.to_task()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let encoding = Encoding::new(self);
        let cells = self.size.cells();
        Some(solve_answers(self, &encoding.problem, settings, limit, |chosen| encoding.decode(cells, chosen)))
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        self.check_shading(&self.shaded_cells(answer)?)
    }

    /// The rooms' borders, each room's number in its top left cell; the
    /// answer's shaded cells.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        drawing.regions = Some(self.room_of.iter().map(|&room| room as u32).collect());
        let mut numbered = vec![false; self.rooms.len()];
        for (cell, &room) in self.room_of.iter().enumerate() {
            if let Some(n) = self.rooms[room].clue.filter(|_| !numbered[room]) {
                drawing.write(cell, n.to_string(), Ink::Given);
            }
            numbered[room] = true;
        }
        if let Some(shaded) = answer.and_then(|answer| self.shaded_cells(answer).ok()) {
            for cell in (0..shaded.len()).filter(|&c| shaded[c]) {
                drawing.cell_mut(cell).fill = Fill::Shaded;
            }
        }
        drawing
    }
}
