//! Nonograms' home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::Settings;

use super::Nonogram;
use super::encode::Encoding;
use crate::Solved;
use crate::draw::{Drawing, Fill};
use crate::engine_grade::Model;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;
use crate::task::answer_cells;

pub(crate) static HOME: HomeOf<Nonogram> = HomeOf::new();

impl ReadTask for Nonogram {
    const KIND: Kind = Kind::Nonograms;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Nonogram, TaskError> {
        Nonogram::read(task, size)
    }
}

impl Nonogram {
    /// The answer's black cells, a flag a cell, row-major.
    fn black(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "ny")?.into_iter().map(|c| c == 1).collect())
    }
}

/// A line's runs as a clue reads (`3.1`, `0` for none).
fn runs_text(runs: &[usize]) -> String {
    if runs.is_empty() { "0".to_string() } else { runs.iter().map(usize::to_string).collect::<Vec<_>>().join(".") }
}

impl Board for Nonogram {
    fn kind(&self) -> Kind {
        Kind::Nonograms
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

    fn model(&self) -> Option<Model> {
        Some(Model { problem: Encoding::new(self).problem, whole: true })
    }

    /// Each line's runs of black cells, read off the answer, are its clue.
    fn check(&self, answer: &str) -> Result<(), String> {
        let black = self.black(answer)?;
        for (n, clue) in self.lines.iter().enumerate() {
            let mut runs = Vec::new();
            let mut run = 0;
            for &cell in &self.line_cells(n) {
                if black[cell] {
                    run += 1;
                } else if run > 0 {
                    runs.push(std::mem::take(&mut run));
                }
            }
            if run > 0 {
                runs.push(run);
            }
            if &runs != clue {
                return Err(format!(
                    "{} reads {}, its clue says {}",
                    self.line_name(n),
                    runs_text(&runs),
                    runs_text(clue)
                ));
            }
        }
        Ok(())
    }

    /// The clues above the columns and left of the rows, a line's runs
    /// space-separated; the answer's black cells shaded.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        let clue = |runs: &Vec<usize>| Some(runs_text(runs).replace('.', " "));
        drawing.top = self.lines[..self.size.width].iter().map(clue).collect();
        drawing.left = self.lines[self.size.width..].iter().map(clue).collect();
        if let Some(black) = answer.and_then(|answer| self.black(answer).ok()) {
            for (cell, _) in black.iter().enumerate().filter(|(_, b)| **b) {
                drawing.cell_mut(cell).fill = Fill::Shaded;
            }
        }
        drawing
    }
}
