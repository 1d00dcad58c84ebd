//! Killer sudoku's home: its task, answer, check, solver and drawing behind
//! the family's one interface ([`crate::home`]). Its rows, columns and boxes
//! are a Latin square's with regions ([`crate::latin`]); the cages are its
//! own, each said to the engine by the sets of digits that make its sum or,
//! where those are too many, by the sum itself (see [`CageModel`]).

use multicover::{ItemId, Settings};

use crate::Solved;
use crate::engine_grade::Model;
use crate::draw::{Cage, Drawing};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::latin::{LatinSquare, givens_tokens, number_by_first_cell, read_answer, read_givens};
use crate::task::{Numbers, Token, grid_size, numbers, run_length, write_run_length};

pub(crate) static HOME: HomeOf<KillerSudoku> = HomeOf::new();

impl ReadTask for KillerSudoku {
    const KIND: Kind = Kind::KillerSudoku;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<KillerSudoku, TaskError> {
        KillerSudoku::read(task, size)
    }
}

/// The boxes of a grid of `side`, as (rows, columns) a box: as near square
/// as the side allows, wider than tall (2x2 on 4x4, 2x3 on 6x6, 3x3 on
/// 9x9). None for a side with no such shape (a prime, or 1).
pub(crate) fn box_shape(side: usize) -> Option<(usize, usize)> {
    let rows = (2..=side).take_while(|r| r * r <= side).filter(|&r| side.is_multiple_of(r)).last()?;
    Some((rows, side / rows))
}

/// How a cage is said to the engine.
///
/// Where the sets of distinct digits that make its sum are few enough to
/// list (every cage of a 9x9 grid: 18 sets at most), the cage is exact
/// cover: an item for the cage and one a digit, all exactly once; an option
/// a set covers the cage's item and the digits it leaves out, and each cell
/// option covers its own digit's item, so the cage holds exactly the set's
/// digits. The whole puzzle is then exact cover, which the engine's
/// exact-cover searches solve in a tenth of the time its multi-cover search
/// takes on the sums (measured on the real 9x9 puzzles: under half a
/// millisecond against several).
///
/// Where the sets are too many, the cage is the sum itself, which is what
/// the engine's weights say: an item whose target is the sum, to which each
/// cell option in the cage adds its digit, and, unless one row, column or
/// box holds the cage (whose items keep its digits apart already), an item
/// a digit taking it once at most.
enum CageModel {
    /// The cage's item is `cage_item`; the items of the digits some set
    /// uses (`digits`) follow it in order of the digits. A digit that no
    /// set uses has none: every set would leave it out, and no cell holds it.
    Sets { cage_item: ItemId, sets: Vec<u128>, digits: u128 },
    /// The sum's item is `sum_item`; where `distinct`, its digits' items
    /// follow it, digit `d`'s at `sum_item + d`.
    Sum { sum_item: ItemId, distinct: bool },
}

/// The item of digit `d` of a cage said by its sets (see [`CageModel::Sets`]).
fn digit_item(cage_item: ItemId, digits: u128, d: usize) -> ItemId {
    cage_item + (digits & ((1 << d) - 1)).count_ones() as usize + 1
}

/// The most sets a cage lists before it is said by its sum instead.
const MOST_SETS: usize = 1000;

/// Every set of `count` distinct digits from 1 to `side` that adds up to
/// `sum`, as bits (`1 << d`); None where they are more than `most`.
pub(crate) fn digit_sets(count: usize, sum: u32, side: usize, most: usize) -> Option<Vec<u128>> {
    /// Adds to `found` the sets of `count` digits from `from` up adding up to
    /// `sum`, with `chosen` before them; false once they are too many.
    fn walk(
        from: usize,
        count: usize,
        sum: usize,
        (side, most): (usize, usize),
        chosen: u128,
        found: &mut Vec<u128>,
    ) -> bool {
        if count == 0 {
            if sum == 0 {
                found.push(chosen);
            }
            return found.len() <= most;
        }
        for d in from..=side {
            // Too few digits left, or the least `count` digits from `d` up
            // add up to more than the sum: so do any from a larger `d`.
            if count > side + 1 - d || sum < count * d + count * (count - 1) / 2 {
                break;
            }
            // No `count` digits up to `side` add up to as much as the sum.
            // Past these two tests some set is always found (the sums of
            // `count` digits from a run of digits make a run), so the walk
            // takes time in proportion to the sets it finds.
            if sum > count * side - count * (count - 1) / 2 {
                return true;
            }
            if !walk(d + 1, count - 1, sum - d, (side, most), chosen | 1 << d, found) {
                return false;
            }
        }
        true
    }
    let mut found = Vec::new();
    walk(1, count, sum as usize, (side, most), 0, &mut found).then_some(found)
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

    /// Solves with cages of up to `most_sets` sets of digits listed, the
    /// others said by their sums (see [`CageModel`]): the board's
    /// [`Board::solve`] with [`MOST_SETS`]; the tests try both ways.
    pub(crate) fn solve_listing(
        &self,
        settings: Settings,
        limit: usize,
        most_sets: usize,
    ) -> Option<Result<Solved<String>, SolveError>> {
        self.latin_model(most_sets).solve(self, settings, limit)
    }

    /// The Latin square's model with the cages' own items, cages of up to
    /// `most_sets` sets of digits listed, the others said by their sums.
    fn latin_model(&self, most_sets: usize) -> crate::latin::Model {
        let n = self.square.side();
        let mut cells = vec![Vec::new(); self.sums.len()];
        for (cell, &cage) in self.cages.iter().enumerate() {
            cells[cage].push(cell);
        }
        let regions = self.square.regions();
        let in_one_unit = |cells: &[usize]| {
            let same = |unit: &dyn Fn(usize) -> usize| cells.iter().all(|&cell| unit(cell) == unit(cells[0]));
            same(&|cell| cell / n) || same(&|cell| cell % n) || same(&|cell| regions[cell])
        };
        let mut cage_models = Vec::with_capacity(self.sums.len());
        let mut model = self.square.model(|problem| {
            for (cells, &sum) in cells.iter().zip(&self.sums) {
                let cage_model = match digit_sets(cells.len(), sum, n, most_sets) {
                    Some(sets) => {
                        let cage_item = problem.add_exact(1);
                        let digits = sets.iter().fold(0, |all, set| all | set);
                        for _ in 0..digits.count_ones() {
                            problem.add_exact(1);
                        }
                        CageModel::Sets { cage_item, sets, digits }
                    }
                    None => {
                        let sum_item = problem.add_exact(sum);
                        let distinct = !in_one_unit(cells);
                        if distinct {
                            for _ in 0..n {
                                problem.add_secondary(1);
                            }
                        }
                        CageModel::Sum { sum_item, distinct }
                    }
                };
                cage_models.push(cage_model);
            }
            let cage_models = &cage_models;
            move |cell: usize, d: u8, entries: &mut Vec<_>| {
                let digit = usize::from(d);
                match &cage_models[self.cages[cell]] {
                    CageModel::Sets { cage_item, digits, .. } => {
                        if digits & 1 << d == 0 {
                            return false;
                        }
                        entries.push((digit_item(*cage_item, *digits, digit), 1));
                    }
                    CageModel::Sum { sum_item, distinct } => {
                        entries.push((*sum_item, u32::from(d)));
                        if *distinct {
                            entries.push((sum_item + digit, 1));
                        }
                    }
                }
                true
            }
        });
        for cage_model in &cage_models {
            if let CageModel::Sets { cage_item, sets, digits } = cage_model {
                for set in sets {
                    let left_out = (1..=n)
                        .filter(|&d| digits & !set & 1 << d != 0)
                        .map(|d| (digit_item(*cage_item, *digits, d), 1));
                    model.problem.add_option(std::iter::once((*cage_item, 1)).chain(left_out));
                }
            }
        }
        model
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

    /// The Latin square's model with the cages' own items, each cage's
    /// sets of digits or its sum (see `CageModel` in the source).
    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        self.solve_listing(settings, limit, MOST_SETS)
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: self.latin_model(MOST_SETS).problem, whole: true })
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
