//! Binairo-plus's home: its task read into binairo's board
//! ([`crate::binairo::Binairo`]), which checks, solves and draws it.

use crate::binairo::Binairo;
use crate::home::{Board, Home, Size, TaskError};
use crate::kind::Kind;

pub(crate) struct BinairoPlusHome;

pub(crate) static HOME: BinairoPlusHome = BinairoPlusHome;

impl Home for BinairoPlusHome {
    fn kind(&self) -> Kind {
        Kind::BinairoPlus
    }

    fn read(&self, task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        Ok(Box::new(Binairo::read_plus(task, size)?))
    }

    fn solves(&self) -> bool {
        true
    }

    fn grades(&self) -> bool {
        true
    }
}
