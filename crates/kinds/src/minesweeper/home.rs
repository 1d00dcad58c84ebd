//! Minesweeper's home: its task, answer, check, solver and drawing behind
//! the family's one interface ([`crate::home`]).

use crate::clue_counts::{CountGrid, Rule};
use crate::home::{Board, Home, Size, TaskError};
use crate::kind::Kind;

pub(crate) struct MinesweeperHome;

pub(crate) static HOME: MinesweeperHome = MinesweeperHome;

impl Home for MinesweeperHome {
    fn kind(&self) -> Kind {
        Kind::Minesweeper
    }

    fn read(&self, task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        Ok(Box::new(CountGrid::read(Rule::Mines, task, size)?))
    }

    fn solves(&self) -> bool {
        true
    }

    fn grades(&self) -> bool {
        true
    }
}
