//! Grids of count clues over a `y`/`n` answer: minesweeper's (a clue counts
//! the mines among its eight neighbours, and is no mine itself) and
//! mosaic's (a clue counts the black cells of its 3x3 block, itself
//! included). Both sites write the task as run-length cells with one digit a
//! clue, and both post a `y` or `n` a cell, row-major. Here is what they
//! share: the task both ways, the check, the model on the engine and the
//! drawing; each kind's home says which block a clue counts.

use multicover::{OptionId, Problem, Settings};

use crate::Solved;
use crate::draw::{Drawing, Fill, Ink, Mark};
use crate::engine_grade::Model;
use crate::home::{Board, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;
use crate::task::{Numbers, Token, answer_cells, grid_size, run_length, write_run_length};

/// Which cells a clue counts, and what a `y` cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Minesweeper: the eight neighbours; a `y` is a mine, never on a clue.
    Mines,
    /// Mosaic: the 3x3 block around the clue, the clue's own cell with it;
    /// a `y` is a black cell.
    Shading,
}

impl Rule {
    fn kind(self) -> Kind {
        match self {
            Rule::Mines => Kind::Minesweeper,
            Rule::Shading => Kind::Mosaic,
        }
    }

    /// What a `y` cell is called in a message.
    fn marked(self) -> &'static str {
        match self {
            Rule::Mines => "mines",
            Rule::Shading => "black cells",
        }
    }
}

/// A grid of count clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CountGrid {
    rule: Rule,
    size: Size,
    /// Each cell's clue, row-major.
    clues: Vec<Option<u32>>,
}

impl CountGrid {
    /// Reads the site's task: run-length cells, a digit each clue.
    pub(crate) fn read(rule: Rule, task: &str, size: Option<Size>) -> Result<CountGrid, TaskError> {
        let tokens = run_length(task, Numbers::Digit)?;
        let size = grid_size(tokens.len(), size)?;
        let clues = tokens
            .iter()
            .enumerate()
            .map(|(cell, token)| match *token {
                Token::Empty => Ok(None),
                Token::Number(n) => Ok(Some(n)),
                Token::Letter(c) => Err(TaskError::new(format!(
                    "`{c}` at row {}, column {} is not a clue",
                    cell / size.width + 1,
                    cell % size.width + 1
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let grid = CountGrid { rule, size, clues };
        for (cell, clue) in grid.clues.iter().enumerate() {
            let Some(clue) = *clue else { continue };
            let room = grid.counted(cell).filter(|&c| rule == Rule::Shading || grid.clues[c].is_none()).count();
            if clue as usize > room {
                return Err(TaskError::new(format!(
                    "the clue {clue} at {} counts more {} than the {room} cells it sees",
                    grid.place(cell),
                    rule.marked()
                )));
            }
        }
        Ok(grid)
    }

    /// The cells a clue at `cell` counts.
    fn counted(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (w, h) = (self.size.width as isize, self.size.height as isize);
        let (row, col) = ((cell / self.size.width) as isize, (cell % self.size.width) as isize);
        let with_self = self.rule == Rule::Shading;
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (dr, dc)))
            .filter(move |&(dr, dc)| with_self || (dr, dc) != (0, 0))
            .map(move |(dr, dc)| (row + dr, col + dc))
            .filter(move |&(r, c)| r >= 0 && c >= 0 && r < h && c < w)
            .map(move |(r, c)| (r * w + c) as usize)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// The answer's marks, a flag a cell: `y` a mine or a black cell.
    fn marks(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "ny")?.into_iter().map(|c| c == 1).collect())
    }
}

impl CountGrid {
    /// An item a cell (exactly one of its two options, marked or not) and an
    /// item a clue (exactly its count); a cell's "marked" option adds one to
    /// each clue that counts it. A minesweeper clue cell has only "not".
    /// Beside the problem, whether each option marks its cell.
    fn problem(&self) -> (Problem, Vec<bool>) {
        let cells = self.size.cells();
        let mut problem = Problem::with_capacity(2 * cells, 2 * cells, 12 * cells);
        let cell_items: Vec<_> = (0..cells).map(|_| problem.add_exact(1)).collect();
        let clue_items: Vec<_> = self.clues.iter().map(|c| c.map(|n| problem.add_exact(n))).collect();
        let mut marked = Vec::with_capacity(2 * cells);
        let mut entries = Vec::with_capacity(10);
        for (cell, &cell_item) in cell_items.iter().enumerate() {
            problem.add_option([(cell_item, 1)]);
            marked.push(false);
            if self.rule == Rule::Mines && self.clues[cell].is_some() {
                continue;
            }
            entries.clear();
            entries.push((cell_item, 1));
            // A clue counts the cells around it, so the cells around this one
            // hold the clues that count it.
            entries.extend(self.counted(cell).filter_map(|c| clue_items[c]).map(|item| (item, 1)));
            problem.add_option(entries.iter().copied());
            marked.push(true);
        }
        (problem, marked)
    }
}

impl Board for CountGrid {
    fn kind(&self) -> Kind {
        self.rule.kind()
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        let tokens: Vec<Token> = self.clues.iter().map(|c| c.map_or(Token::Empty, Token::Number)).collect();
        write_run_length(&tokens, Numbers::Digit)
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let cells = self.size.cells();
        let (problem, marked) = self.problem();
        let decode = |chosen: &[OptionId]| {
            let mut answer = vec![b'n'; cells];
            for &option in chosen.iter().filter(|&&o| marked[o]) {
                answer[problem.option(option).next().expect("a cell item").0] = b'y';
            }
            String::from_utf8(answer).expect("ASCII")
        };
        Some(solve_answers(self, &problem, settings, limit, decode))
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: self.problem().0, whole: true })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        let marks = self.marks(answer)?;
        for (cell, clue) in self.clues.iter().enumerate() {
            let Some(clue) = *clue else { continue };
            if self.rule == Rule::Mines && marks[cell] {
                return Err(format!("{} holds the clue {clue}, so it is no mine", self.place(cell)));
            }
            let found = self.counted(cell).filter(|&c| marks[c]).count();
            if found != clue as usize {
                return Err(format!(
                    "the clue {clue} at {} sees {found} {}",
                    self.place(cell),
                    if found == 1 { &self.rule.marked()[..self.rule.marked().len() - 1] } else { self.rule.marked() }
                ));
            }
        }
        Ok(())
    }

    /// The clues in the puzzle's ink; the answer's mines as mine marks, or
    /// its black cells shaded (a clue stays readable on either).
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (cell, clue) in self.clues.iter().enumerate() {
            if let Some(clue) = clue {
                drawing.write(cell, clue.to_string(), Ink::Given);
            }
        }
        if let Some(marks) = answer.and_then(|answer| self.marks(answer).ok()) {
            for (cell, _) in marks.iter().enumerate().filter(|(_, m)| **m) {
                match self.rule {
                    Rule::Mines => drawing.cell_mut(cell).mark = Some(Mark::Mine),
                    Rule::Shading => drawing.cell_mut(cell).fill = Fill::Shaded,
                }
            }
        }
        drawing
    }
}
