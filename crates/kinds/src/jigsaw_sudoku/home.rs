//! Jigsaw sudoku's home: its task, answer, check, solver and drawing behind
//! the family's one interface ([`crate::home`]). The rules and the model are
//! a Latin square's with regions ([`crate::latin`]) as they stand.

use multicover::Settings;

use crate::Solved;
use crate::engine_grade::Model;
use crate::draw::Drawing;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::latin::{LatinSquare, givens_tokens, number_by_first_cell, read_answer, read_givens};
use crate::task::{Numbers, grid_size, numbers, run_length, write_run_length};

pub(crate) static HOME: HomeOf<JigsawSudoku> = HomeOf::new();

impl ReadTask for JigsawSudoku {
    const KIND: Kind = Kind::JigsawSudoku;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<JigsawSudoku, TaskError> {
        JigsawSudoku::read(task, size)
    }
}

/// A jigsaw sudoku: its givens and regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JigsawSudoku {
    square: LatinSquare,
    /// Each cell's region id as the task names it.
    region_ids: Vec<u32>,
}

impl JigsawSudoku {
    /// Reads the site's task (see [`crate::jigsaw_sudoku`]).
    pub fn read(task: &str, size: Option<Size>) -> Result<JigsawSudoku, TaskError> {
        let Some((givens, regions)) = task.split_once(';') else {
            return Err(TaskError::new("no `;` between the givens and the regions"));
        };
        let tokens = run_length(givens, Numbers::Run).map_err(|e| TaskError::new(format!("the givens: {e}")))?;
        let size = grid_size(tokens.len(), size)?;
        if size.width != size.height {
            return Err(TaskError::new(format!("a {size} grid where a jigsaw sudoku is square")));
        }
        let side = size.width;
        let region_ids = numbers(regions, ',', "region ids")?;
        if region_ids.len() != size.cells() {
            return Err(TaskError::new(format!(
                "{} region ids where a {size} grid has {} cells",
                region_ids.len(),
                size.cells()
            )));
        }
        let (regions, _) = number_by_first_cell(&region_ids);
        let square = LatinSquare::new(side, regions, read_givens(&tokens, side)?, "region")?;
        Ok(JigsawSudoku { square, region_ids })
    }
}

impl JigsawSudoku {
    /// The Latin square's model: rows, columns and regions.
    fn latin_model(&self) -> crate::latin::Model {
        self.square.model(|_| |_, _, _: &mut Vec<_>| true)
    }
}

impl Board for JigsawSudoku {
    fn kind(&self) -> Kind {
        Kind::JigsawSudoku
    }

    fn size(&self) -> Size {
        Size::square(self.square.side())
    }

    fn task(&self) -> String {
        let ids: Vec<String> = self.region_ids.iter().map(u32::to_string).collect();
        format!("{};{}", write_run_length(&givens_tokens(self.square.givens()), Numbers::Run), ids.join(","))
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        self.latin_model().solve(self, settings, limit)
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: self.latin_model().problem, whole: true })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        self.square.check(&read_answer(answer, self.square.side())?)
    }

    fn draw(&self, answer: Option<&str>) -> Drawing {
        let side = self.square.side();
        let mut drawing = Drawing::new(side, side);
        drawing.regions = Some(self.square.regions().iter().map(|&r| r as u32).collect());
        self.square.draw_digits(&mut drawing, answer);
        drawing
    }
}
