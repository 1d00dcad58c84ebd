//! Killer sudoku's home: its task, answer, check, solver and drawing behind
//! the family's one interface ([`crate::home`]). Its rows, columns and boxes
//! are a Latin square's with regions ([`crate::latin`]); the cages are its
//! own, and the engine's weights say them as they are: an item per cage
//! whose target is the sum, to which each digit in the cage adds itself.

use multicover::Settings;

use crate::Solved;
use crate::draw::{Cage, Drawing};
use crate::home::{Board, Home, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::latin::{LatinSquare, givens_tokens, number_by_first_cell, read_answer, read_givens};
use crate::task::{Numbers, Token, grid_size, numbers, run_length, write_run_length};

pub(crate) struct KillerSudokuHome;

pub(crate) static HOME: KillerSudokuHome = KillerSudokuHome;

impl Home for KillerSudokuHome {
    fn kind(&self) -> Kind {
        Kind::KillerSudoku
    }

    fn read(&self, task: &str, size: Option<Size>) -> Result<Box<dyn Board>, TaskError> {
        Ok(Box::new(KillerSudoku::read(task, size)?))
    }

    fn solves(&self) -> bool {
        true
    }
}

/// The boxes of a grid of `side`, as (rows, columns) a box: as near square
/// as the side allows, wider than tall (2x2 on 4x4, 2x3 on 6x6, 3x3 on
/// 9x9). None for a side with no such shape (a prime, or 1).
pub fn box_shape(side: usize) -> Option<(usize, usize)> {
    let rows = (2..=side).take_while(|r| r * r <= side).filter(|&r| side.is_multiple_of(r)).last()?;
    Some((rows, side / rows))
}

/// A killer sudoku: its givens, boxes and cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerSudoku {
    /// The rows, columns and boxes, with the givens.
    square: LatinSquare,
    /// Each cell's cage id as the task names it.
    cage_ids: Vec<u32>,
    /// Each cell's cage, numbered from 0 by first cell.
    cages: Vec<usize>,
    /// Each cage's sum.
    sums: Vec<u32>,
    /// Each cage's first cell in reading order, where the task writes its sum.
    firsts: Vec<usize>,
}

impl KillerSudoku {
    /// Reads the site's task (see [`crate::killer_sudoku`]).
    pub fn read(task: &str, size: Option<Size>) -> Result<KillerSudoku, TaskError> {
        let parts: Vec<&str> = task.split(';').collect();
        let &[givens, cage_ids, sums] = parts.as_slice() else {
            return Err(TaskError::new(format!(
                "{} parts where a killer sudoku has three (givens, cages and sums) joined by `;`",
                parts.len()
            )));
        };
        let tokens = run_length(givens, Numbers::Run).map_err(|e| TaskError::new(format!("the givens: {e}")))?;
        let size = grid_size(tokens.len(), size)?;
        if size.width != size.height {
            return Err(TaskError::new(format!("a {size} grid where a killer sudoku is square")));
        }
        let side = size.width;
        let Some((box_rows, box_cols)) = box_shape(side) else {
            return Err(TaskError::new(format!("a {size} grid, which has no boxes")));
        };
        let boxes = (0..size.cells()).map(|i| i / side / box_rows * (side / box_cols) + i % side / box_cols).collect();
        let square = LatinSquare::new(side, boxes, read_givens(&tokens, side)?, "box")?;

        let cage_ids = numbers(cage_ids, ',', "cage ids")?;
        if cage_ids.len() != size.cells() {
            return Err(TaskError::new(format!(
                "{} cage ids where a {size} grid has {} cells",
                cage_ids.len(),
                size.cells()
            )));
        }
        let (cages, count) = number_by_first_cell(&cage_ids);
        let mut firsts = vec![usize::MAX; count];
        for (cell, &cage) in cages.iter().enumerate().rev() {
            firsts[cage] = cell;
        }

        let sum_tokens = run_length(sums, Numbers::Run).map_err(|e| TaskError::new(format!("the sums: {e}")))?;
        if sum_tokens.len() != size.cells() {
            return Err(TaskError::new(format!(
                "the sums span {} cells where a {size} grid has {}",
                sum_tokens.len(),
                size.cells()
            )));
        }
        let at = |cell: usize| format!("row {}, column {}", cell / side + 1, cell % side + 1);
        let mut cage_sums = vec![None; count];
        for (cell, token) in sum_tokens.iter().enumerate() {
            match *token {
                Token::Empty => {}
                Token::Number(sum) if firsts[cages[cell]] == cell => cage_sums[cages[cell]] = Some(sum),
                Token::Number(sum) => {
                    return Err(TaskError::new(format!(
                        "the sum {sum} at {} is not at its cage's first cell ({})",
                        at(cell),
                        at(firsts[cages[cell]])
                    )));
                }
                Token::Letter(c) => return Err(TaskError::new(format!("`{c}` at {} is not a sum", at(cell)))),
            }
        }
        let sums = cage_sums
            .iter()
            .enumerate()
            .map(|(cage, sum)| {
                sum.ok_or_else(|| TaskError::new(format!("the cage at {} has no sum", at(firsts[cage]))))
            })
            .collect::<Result<_, _>>()?;
        Ok(KillerSudoku { square, cage_ids, cages, sums, firsts })
    }

    /// A cage named for a message: its first cell.
    fn cage_name(&self, cage: usize) -> String {
        let (first, side) = (self.firsts[cage], self.square.side());
        format!("the cage at row {}, column {}", first / side + 1, first % side + 1)
    }
}

impl Board for KillerSudoku {
    fn kind(&self) -> Kind {
        Kind::KillerSudoku
    }

    fn size(&self) -> Size {
        Size::square(self.square.side())
    }

    fn task(&self) -> String {
        let ids: Vec<String> = self.cage_ids.iter().map(u32::to_string).collect();
        let mut sums = vec![Token::Empty; self.cages.len()];
        for (&first, &sum) in self.firsts.iter().zip(&self.sums) {
            sums[first] = Token::Number(sum);
        }
        format!(
            "{};{};{}",
            write_run_length(&givens_tokens(self.square.givens()), Numbers::Run),
            ids.join(","),
            write_run_length(&sums, Numbers::Run)
        )
    }

    /// The Latin square's model with two more items a cage: its sum, to
    /// which each option in it adds its digit, and "each digit once at
    /// most", a secondary item per cage and digit.
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let n = self.square.side();
        let model = self.square.model(|problem| {
            let sum_items: Vec<_> = self.sums.iter().map(|&sum| problem.add_exact(sum)).collect();
            let digit_items: Vec<_> = (0..self.sums.len() * n).map(|_| problem.add_secondary(1)).collect();
            move |cell: usize, d: u8, entries: &mut Vec<_>| {
                let cage = self.cages[cell];
                entries.push((sum_items[cage], u32::from(d)));
                entries.push((digit_items[cage * n + usize::from(d) - 1], 1));
            }
        });
        model.solve(self, settings, limit)
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        let digits = read_answer(answer, self.square.side())?;
        self.square.check(&digits)?;
        let mut totals = vec![0u32; self.sums.len()];
        let mut seen = vec![0u128; self.sums.len()];
        for (&cage, &d) in self.cages.iter().zip(&digits) {
            let bit = 1u128 << d;
            if seen[cage] & bit != 0 {
                return Err(format!("{} holds {d} twice", self.cage_name(cage)));
            }
            seen[cage] |= bit;
            totals[cage] += u32::from(d);
        }
        for (cage, (&total, &sum)) in totals.iter().zip(&self.sums).enumerate() {
            if total != sum {
                return Err(format!("{} adds up to {total}, not {sum}", self.cage_name(cage)));
            }
        }
        Ok(())
    }

    fn draw(&self, answer: Option<&str>) -> Drawing {
        let side = self.square.side();
        let mut drawing = Drawing::new(side, side);
        drawing.regions = Some(self.square.regions().iter().map(|&r| r as u32).collect());
        drawing.cages = self.sums.iter().map(|sum| Cage { cells: Vec::new(), clue: Some(sum.to_string()) }).collect();
        for (cell, &cage) in self.cages.iter().enumerate() {
            drawing.cages[cage].cells.push(cell);
        }
        self.square.draw_digits(&mut drawing, answer);
        drawing
    }
}
