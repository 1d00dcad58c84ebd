//! Shikaku's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::{OptionId, Problem, Settings};

use crate::Solved;
use crate::disjoint_sets::DisjointSets;
use crate::engine_grade::Model;
use crate::draw::{Drawing, Ink};
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;
use crate::latin::number_by_first_cell;
use crate::task::{Numbers, Token, grid_size, run_length, write_run_length};

pub(crate) static HOME: HomeOf<Shikaku> = HomeOf::new();

impl ReadTask for Shikaku {
    const KIND: Kind = Kind::Shikaku;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Shikaku, TaskError> {
        Shikaku::read(task, size)
    }
}

/// A shikaku puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shikaku {
    size: Size,
    /// Each cell's number, row-major.
    numbers: Vec<Option<u32>>,
}

/// A rectangle of cells: its top row, left column, rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rectangle {
    top: usize,
    left: usize,
    rows: usize,
    cols: usize,
}

impl Shikaku {
    /// Reads the site's task (see [`crate::shikaku`]).
    pub fn read(task: &str, size: Option<Size>) -> Result<Shikaku, TaskError> {
        let tokens = run_length(task, Numbers::Run)?;
        let size = grid_size(tokens.len(), size)?;
        let place = |cell: usize| format!("row {}, column {}", cell / size.width + 1, cell % size.width + 1);
        let numbers = tokens
            .iter()
            .enumerate()
            .map(|(cell, token)| match *token {
                Token::Empty => Ok(None),
                Token::Number(n) if n >= 1 && n as usize <= size.cells() => Ok(Some(n)),
                Token::Number(n) => {
                    Err(TaskError::new(format!("the number {n} at {} is no area in a {size} grid", place(cell))))
                }
                Token::Letter(c) => Err(TaskError::new(format!("`{c}` at {} is not a number", place(cell)))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Shikaku { size, numbers })
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Every rectangle of the number at `cell`'s area that holds it and no
    /// other number.
    fn rectangles(&self, cell: usize) -> Vec<Rectangle> {
        let Size { width, height } = self.size;
        let area = self.numbers[cell].expect("a number") as usize;
        let (row, col) = (cell / width, cell % width);
        let mut found = Vec::new();
        for rows in (1..=height.min(area)).filter(|r| area.is_multiple_of(*r)) {
            let cols = area / rows;
            if cols > width {
                continue;
            }
            for top in (row + 1).saturating_sub(rows)..=row.min(height - rows) {
                for left in (col + 1).saturating_sub(cols)..=col.min(width - cols) {
                    let rectangle = Rectangle { top, left, rows, cols };
                    if self.cells_of(rectangle).all(|c| c == cell || self.numbers[c].is_none()) {
                        found.push(rectangle);
                    }
                }
            }
        }
        found
    }

    fn cells_of(&self, r: Rectangle) -> impl Iterator<Item = usize> + '_ {
        let width = self.size.width;
        (r.top..r.top + r.rows).flat_map(move |row| (r.left..r.left + r.cols).map(move |col| row * width + col))
    }

    /// The answer's pieces: each cell's piece (cells joined where no cut
    /// parts them), numbered from 0 by first cell, and how many there are.
    /// The error says where the answer does not read.
    fn pieces(&self, answer: &str) -> Result<(Vec<usize>, usize), String> {
        let Size { width, height } = self.size;
        let across = height * (width - 1);
        let borders = across + (height - 1) * width;
        if answer.len() != borders {
            return Err(format!(
                "{} characters where a {} grid has {borders} borders between cells",
                answer.len(),
                self.size
            ));
        }
        let mut sets = DisjointSets::new(self.size.cells());
        for (i, c) in answer.bytes().enumerate() {
            let (a, b) = if i < across {
                let cell = i / (width - 1) * width + i % (width - 1);
                (cell, cell + 1)
            } else {
                (i - across, i - across + width)
            };
            match c {
                b'y' => {}
                b'n' => {
                    sets.union(a, b);
                }
                _ => {
                    let side = if i < across { "right of" } else { "below" };
                    return Err(format!("`{}` for the border {side} {} is not `y` or `n`", c as char, self.place(a)));
                }
            }
        }
        let roots: Vec<u32> = (0..self.size.cells()).map(|c| sets.find(c) as u32).collect();
        Ok(number_by_first_cell(&roots))
    }
}

impl Shikaku {
    /// Exact cover: an item a cell, and an option for each rectangle a
    /// number can be (its area, holding it and no other number), with the
    /// options' rectangles beside.
    fn problem(&self) -> (Problem, Vec<Rectangle>) {
        let cells = self.size.cells();
        let mut problem = Problem::with_capacity(cells, 0, 0);
        let cell_items: Vec<_> = (0..cells).map(|_| problem.add_exact(1)).collect();
        let mut rectangles = Vec::new();
        for cell in (0..cells).filter(|&c| self.numbers[c].is_some()) {
            for rectangle in self.rectangles(cell) {
                problem.add_option(self.cells_of(rectangle).map(|c| (cell_items[c], 1)));
                rectangles.push(rectangle);
            }
        }
        (problem, rectangles)
    }
}

impl Board for Shikaku {
    fn kind(&self) -> Kind {
        Kind::Shikaku
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        let tokens: Vec<Token> = self.numbers.iter().map(|n| n.map_or(Token::Empty, Token::Number)).collect();
        write_run_length(&tokens, Numbers::Run)
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let cells = self.size.cells();
        let (problem, rectangles) = self.problem();
        let decode = |chosen: &[OptionId]| {
            let mut piece = vec![usize::MAX; cells];
            for &option in chosen {
                for cell in self.cells_of(rectangles[option]) {
                    piece[cell] = option;
                }
            }
            let width = self.size.width;
            let cut = |a: usize, b: usize| if piece[a] == piece[b] { 'n' } else { 'y' };
            let across = (0..cells).filter(|c| c % width + 1 < width).map(|c| cut(c, c + 1));
            let down = (0..cells - width).map(|c| cut(c, c + width));
            across.chain(down).collect()
        };
        Some(solve_answers(self, &problem, settings, limit, decode))
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: self.problem().0, whole: true })
    }

    /// The cuts part the grid into rectangles, each holding one number,
    /// its area; no cut lies inside a piece.
    fn check(&self, answer: &str) -> Result<(), String> {
        let (pieces, count) = self.pieces(answer)?;
        let Size { width, .. } = self.size;
        for (i, _) in answer.bytes().enumerate().filter(|&(_, c)| c == b'y') {
            let across = self.size.height * (width - 1);
            let (a, b) = if i < across { (i / (width - 1) * width + i % (width - 1), 0) } else { (i - across, 1) };
            let other = if b == 0 { a + 1 } else { a + width };
            if pieces[a] == pieces[other] {
                return Err(format!(
                    "the cut {} {} lies inside one piece",
                    if b == 0 { "right of" } else { "below" },
                    self.place(a)
                ));
            }
        }
        // Each piece's cells, its bounds and its numbers.
        let mut cells_in = vec![0usize; count];
        let mut bounds = vec![(usize::MAX, usize::MAX, 0, 0); count];
        let mut numbers: Vec<Vec<(usize, u32)>> = vec![Vec::new(); count];
        for (cell, &piece) in pieces.iter().enumerate() {
            let (row, col) = (cell / width, cell % width);
            cells_in[piece] += 1;
            let b = &mut bounds[piece];
            *b = (b.0.min(row), b.1.min(col), b.2.max(row), b.3.max(col));
            if let Some(n) = self.numbers[cell] {
                numbers[piece].push((cell, n));
            }
        }
        for piece in 0..count {
            let (top, left, bottom, right) = bounds[piece];
            let first = self.place(top * width + left);
            let area = cells_in[piece];
            if (bottom - top + 1) * (right - left + 1) != area {
                let first = pieces.iter().position(|&p| p == piece).expect("a piece has a cell");
                return Err(format!("the piece from {} is no rectangle", self.place(first)));
            }
            match numbers[piece].as_slice() {
                [] => return Err(format!("the rectangle from {first} holds no number")),
                [(_, n)] if *n as usize == area => {}
                [(cell, n)] => {
                    return Err(format!(
                        "the rectangle from {first} has {} where its number at {} says {n}",
                        crate::count_of(area as u64, "cell", "cells"),
                        self.place(*cell)
                    ));
                }
                [(a, _), (b, _), ..] => {
                    return Err(format!(
                        "the rectangle from {first} holds two numbers, at {} and {}",
                        self.place(*a),
                        self.place(*b)
                    ));
                }
            }
        }
        Ok(())
    }

    /// The numbers, and the answer's rectangles as regions.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (cell, number) in self.numbers.iter().enumerate() {
            if let Some(n) = number {
                drawing.write(cell, n.to_string(), Ink::Given);
            }
        }
        if let Some((pieces, _)) = answer.and_then(|answer| self.pieces(answer).ok()) {
            drawing.regions = Some(pieces.iter().map(|&p| p as u32).collect());
        }
        drawing
    }
}
