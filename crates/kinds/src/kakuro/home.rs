//! Kakuro's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::{OptionId, Problem, Settings};

use crate::Solved;
use crate::draw::{Drawing, Fill, Ink, SplitClue};
use crate::engine_grade::Model;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;
use crate::task::{Numbers, Token, grid_size, run_length};

pub(crate) static HOME: HomeOf<Kakuro> = HomeOf::new();

impl ReadTask for Kakuro {
    const KIND: Kind = Kind::Kakuro;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Kakuro, TaskError> {
        Kakuro::read(task, size)
    }
}

/// One cell of a kakuro grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Square {
    Black,
    White,
    /// A clue cell: the sums of the runs to its right and below it, 0 where
    /// none.
    Clue {
        right: u32,
        down: u32,
    },
}

/// A run of white cells, across or down, and the sum its clue gives.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Run {
    cells: Vec<usize>,
    /// None where no clue cell heads it (the grid's edge or a black cell).
    sum: Option<u32>,
    /// Its first cell, and whether it runs across: to name it.
    across: bool,
}

/// A kakuro puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kakuro {
    size: Size,
    squares: Vec<Square>,
    runs: Vec<Run>,
    /// Each white cell's run across and run down.
    runs_of: Vec<[usize; 2]>,
}

impl Kakuro {
    /// Reads the site's task (see [`crate::kakuro`]).
    pub fn read(task: &str, size: Option<Size>) -> Result<Kakuro, TaskError> {
        let tokens = run_length(task, Numbers::Run)?;
        let size = grid_size(tokens.len(), size)?;
        let place = |cell: usize| format!("row {}, column {}", cell / size.width + 1, cell % size.width + 1);
        let squares = tokens
            .iter()
            .enumerate()
            .map(|(cell, token)| match *token {
                Token::Empty => Ok(Square::White),
                Token::Letter('B') => Ok(Square::Black),
                Token::Number(n) if n % 100 <= 45 && n / 100 <= 45 => {
                    Ok(Square::Clue { right: n / 100, down: n % 100 })
                }
                Token::Number(n) => Err(TaskError::new(format!(
                    "the clue {n} at {} is no pair of sums (100 * right + down, each at most 45)",
                    place(cell)
                ))),
                Token::Letter(c) => Err(TaskError::new(format!("`{c}` at {} is not a cell", place(cell)))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut board = Kakuro { size, squares, runs: Vec::new(), runs_of: vec![[usize::MAX; 2]; size.cells()] };
        let (width, cells) = (size.width, size.cells());
        for (across, step) in [(true, 1), (false, width)] {
            for cell in 0..cells {
                let next = |at: usize| {
                    let next = at + step;
                    let inside = if across { !next.is_multiple_of(width) } else { next < cells };
                    inside.then_some(next)
                };
                let first = if across { cell % width == 0 } else { cell < width };
                // A run of white cells after a clue cell is that clue's; one
                // after the edge or a black cell has no sum.
                let starts =
                    board.squares[cell] == Square::White && (first || board.squares[cell - step] == Square::Black);
                let heads = matches!(board.squares[cell], Square::Clue { .. });
                if !starts && !heads {
                    continue;
                }
                let mut run = Vec::new();
                let mut at = if heads { next(cell) } else { Some(cell) };
                while let Some(white) = at.filter(|&a| board.squares[a] == Square::White) {
                    run.push(white);
                    at = next(white);
                }
                let sum = match board.squares[cell] {
                    Square::Clue { right, down } => Some(if across { right } else { down }).filter(|&s| s > 0),
                    _ => None,
                };
                let side = if across { "to the right" } else { "below" };
                match (sum, run.len()) {
                    (None, 0) => continue,
                    (Some(sum), 0) => {
                        return Err(TaskError::new(format!(
                            "the clue at {} gives {sum} for a run {side}, but no white cell is there",
                            place(cell)
                        )));
                    }
                    (Some(sum), len) if digits_for(len, sum) == 0 => {
                        return Err(TaskError::new(format!(
                            "the clue at {} gives {sum} for the {len} cells {side}, which no distinct digits make",
                            place(cell)
                        )));
                    }
                    (_, len) if len > 9 => {
                        return Err(TaskError::new(format!(
                            "the run {side} from {} holds {len} cells, more than nine distinct digits fill",
                            place(run[0])
                        )));
                    }
                    _ => {}
                }
                for &white in &run {
                    board.runs_of[white][usize::from(!across)] = board.runs.len();
                }
                board.runs.push(Run { cells: run, sum, across });
            }
        }
        Ok(board)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// A run named for a message: where it starts and which way it goes.
    fn run_name(&self, run: &Run) -> String {
        format!("the run {} from {}", if run.across { "across" } else { "down" }, self.place(run.cells[0]))
    }

    /// The answer's digits, 0 on black and clue cells.
    fn digits(&self, answer: &str) -> Result<Vec<u8>, String> {
        if answer.len() != self.size.cells() {
            return Err(format!(
                "{} characters where a {} grid has {} cells",
                answer.len(),
                self.size,
                self.size.cells()
            ));
        }
        answer
            .chars()
            .zip(&self.squares)
            .enumerate()
            .map(|(cell, (c, square))| match (square, c) {
                (Square::White, '1'..='9') => Ok(c as u8 - b'0'),
                (Square::White, _) => Err(format!("`{c}` at {} is not a digit from 1 to 9", self.place(cell))),
                (_, 'n') => Ok(0),
                (_, _) => Err(format!("`{c}` at {} is not `n`, which black and clue cells take", self.place(cell))),
            })
            .collect()
    }
}

/// The digits (bit `d`) some `len` distinct digits adding up to `sum` may
/// use; 0 where none do.
fn digits_for(len: usize, sum: u32) -> u16 {
    (0u16..512)
        .filter(|set| set.count_ones() as usize == len)
        .filter(|set| (1..=9).filter(|d| set & (1 << (d - 1)) != 0).sum::<u32>() == sum)
        .fold(0, |all, set| all | (set << 1))
}

impl Kakuro {
    /// An item a white cell (one digit), an item a run with a sum (to which
    /// each digit in it adds itself), and a secondary item a run and digit
    /// (the digit once at most). A cell's options are the digits both its
    /// runs' sums allow; each option's cell and digit beside.
    fn problem(&self) -> (Problem, Vec<(usize, u8)>) {
        let cells = self.size.cells();
        let mut problem = Problem::with_capacity(cells + self.runs.len() * 10, cells * 9, cells * 9 * 5);
        let cell_items: Vec<_> =
            self.squares.iter().map(|s| (*s == Square::White).then(|| problem.add_exact(1))).collect();
        let sum_items: Vec<_> = self.runs.iter().map(|run| run.sum.map(|sum| problem.add_exact(sum))).collect();
        let digit_items: Vec<_> = (0..self.runs.len() * 9).map(|_| problem.add_secondary(1)).collect();
        let allowed: Vec<u16> =
            self.runs.iter().map(|run| run.sum.map_or(0x3fe, |s| digits_for(run.cells.len(), s))).collect();
        let mut placements = Vec::with_capacity(cells * 9);
        for (cell, item) in cell_items.iter().enumerate() {
            let Some(item) = *item else { continue };
            let runs = self.runs_of[cell];
            let real = runs.iter().copied().filter(|&r| r != usize::MAX);
            let digits = real.clone().fold(0x3fe, |d, r| d & allowed[r]);
            for d in (1..=9u8).filter(|d| digits & (1 << d) != 0) {
                let mut entries = vec![(item, 1)];
                entries.extend(real.clone().filter_map(|r| sum_items[r]).map(|s| (s, u32::from(d))));
                entries.extend(real.clone().map(|r| (digit_items[r * 9 + usize::from(d) - 1], 1)));
                problem.add_option(entries);
                placements.push((cell, d));
            }
        }
        (problem, placements)
    }
}

impl Board for Kakuro {
    fn kind(&self) -> Kind {
        Kind::Kakuro
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        let mut task = String::new();
        let mut white = 0;
        for square in &self.squares {
            if *square == Square::White {
                white += 1;
                continue;
            }
            let after_white = white > 0;
            while white > 0 {
                let run = white.min(26);
                task.push((b'a' + run as u8 - 1) as char);
                white -= run;
            }
            match *square {
                Square::Black => task.push('B'),
                Square::Clue { right, down } => {
                    if !after_white {
                        task.push('_');
                    }
                    task.push_str(&(100 * right + down).to_string());
                }
                Square::White => unreachable!("white cells are counted above"),
            }
        }
        while white > 0 {
            let run = white.min(26);
            task.push((b'a' + run as u8 - 1) as char);
            white -= run;
        }
        task
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let cells = self.size.cells();
        let (problem, placements) = self.problem();
        let decode = |chosen: &[OptionId]| {
            let mut answer = vec![b'n'; cells];
            for &option in chosen {
                let (cell, d) = placements[option];
                answer[cell] = b'0' + d;
            }
            String::from_utf8(answer).expect("ASCII")
        };
        Some(solve_answers(self, &problem, settings, limit, decode))
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: self.problem().0, whole: true })
    }

    /// Every white cell holds a digit, and every run holds each digit once
    /// at most and adds up to its sum.
    fn check(&self, answer: &str) -> Result<(), String> {
        let digits = self.digits(answer)?;
        for run in &self.runs {
            let mut seen = 0u16;
            for &cell in &run.cells {
                let d = digits[cell];
                if seen & (1 << d) != 0 {
                    return Err(format!("{} holds {d} twice", self.run_name(run)));
                }
                seen |= 1 << d;
            }
            let total: u32 = run.cells.iter().map(|&c| u32::from(digits[c])).sum();
            if let Some(sum) = run.sum.filter(|&sum| sum != total) {
                return Err(format!("{} adds up to {total}, not {sum}", self.run_name(run)));
            }
        }
        Ok(())
    }

    /// Black and clue cells black, each clue cell cut by its diagonal with
    /// its sums; the answer's digits in the white cells.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        let sum = |s: u32| (s > 0).then(|| s.to_string());
        for (cell, square) in self.squares.iter().enumerate() {
            match *square {
                Square::White => {}
                Square::Black => drawing.cell_mut(cell).fill = Fill::Black,
                Square::Clue { right, down } => {
                    drawing.cell_mut(cell).fill = Fill::Black;
                    drawing.split_clues.push(SplitClue { cell, down: sum(down), right: sum(right) });
                }
            }
        }
        if let Some(digits) = answer.and_then(|answer| self.digits(answer).ok()) {
            for (cell, &d) in digits.iter().enumerate().filter(|(_, d)| **d > 0) {
                drawing.write(cell, d.to_string(), Ink::Answer);
            }
        }
        drawing
    }
}
