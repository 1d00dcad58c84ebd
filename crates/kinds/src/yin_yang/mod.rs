//! Yin-Yang (puzzle-yin-yang.com): colour every cell black or white so that
//! the black cells are all connected (up, down, left, right), the white
//! cells too, and no two-by-two square is all one colour. Some cells are
//! given.
//!
//! The task is the cells in run-length form: `a`..`z` for 1..26 cells not
//! given, `B` and `W` for a given black or white cell. The answer is `1`
//! (black) or `0` (white) a cell, row-major.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, answer_cells, grid_size, run_length, write_run_length};

/// A Yin-Yang puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YinYang {
    size: Size,
    /// Each cell's given colour, row-major: Some(true) black, Some(false)
    /// white, None not given.
    given: Vec<Option<bool>>,
}

impl YinYang {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<YinYang, TaskError> {
        let tokens = run_length(task, Numbers::Digit)?;
        let size = grid_size(tokens.len(), size)?;
        let place = |i: usize| format!("row {}, column {}", i / size.width + 1, i % size.width + 1);
        let given = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| match *token {
                Token::Empty => Ok(None),
                Token::Letter('B') => Ok(Some(true)),
                Token::Letter('W') => Ok(Some(false)),
                Token::Letter(other) => Err(TaskError::new(format!(
                    "`{other}` at {} is no cell of yin-yang (`B` black, `W` white)",
                    place(i)
                ))),
                Token::Number(n) => Err(TaskError::new(format!(
                    "the number {n} at {} is no cell of yin-yang (`B` black, `W` white)",
                    place(i)
                ))),
            })
            .collect::<Result<_, _>>()?;
        Ok(YinYang { size, given })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let tokens: Vec<Token> = self
            .given
            .iter()
            .map(|given| match given {
                None => Token::Empty,
                Some(true) => Token::Letter('B'),
                Some(false) => Token::Letter('W'),
            })
            .collect();
        write_run_length(&tokens, Numbers::Digit)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Each cell's given colour (Some(true) black), row-major.
    pub fn given(&self) -> &[Option<bool>] {
        &self.given
    }

    /// The cells orthogonally next to `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// The two-by-two squares, each as its cells: top left, top right,
    /// bottom left, bottom right.
    fn squares(&self) -> impl Iterator<Item = [usize; 4]> + use<> {
        let Size { width, height } = self.size;
        (0..width * height)
            .filter(move |&c| c % width + 1 < width && c / width + 1 < height)
            .map(move |c| [c, c + 1, c + width, c + width + 1])
    }

    /// The cells of the grid's outer ring in order round it (along the top
    /// row, down the right column, back along the bottom row and up the
    /// left column), each once; empty for a grid one cell thin, which has
    /// no ring.
    fn ring(&self) -> Vec<usize> {
        let Size { width, height } = self.size;
        if width < 2 || height < 2 {
            return Vec::new();
        }
        let mut ring: Vec<usize> = (0..width).collect();
        ring.extend((1..height).map(|r| r * width + width - 1));
        ring.extend((0..width - 1).rev().map(|c| (height - 1) * width + c));
        ring.extend((1..height - 1).rev().map(|r| r * width));
        ring
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: which cells are black.
    fn blacks(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "01")?.into_iter().map(|c| c == 1).collect())
    }

    /// The first rule a colouring breaks, by the rules alone: the givens
    /// kept, no two-by-two square of one colour, and each colour connected.
    fn check_colours(&self, black: &[bool]) -> Result<(), String> {
        let name = |b: bool| if b { "black" } else { "white" };
        for (cell, given) in self.given.iter().enumerate() {
            if let Some(colour) = *given
                && black[cell] != colour
            {
                return Err(format!("the cell at {} is given {}, not {}", self.place(cell), name(colour), name(!colour)));
            }
        }
        for colour in [true, false] {
            let set: Vec<bool> = black.iter().map(|&b| b == colour).collect();
            if let Some(cell) = self.size.full_square(&set) {
                return Err(format!("the two-by-two square from {} is all {}", self.place(cell), name(colour)));
            }
        }
        for colour in [true, false] {
            let set: Vec<bool> = black.iter().map(|&b| b == colour).collect();
            if let Some((first, apart)) = self.size.apart(&set) {
                return Err(format!(
                    "the {} cell at {} cannot reach the one at {}: each colour must be connected",
                    name(colour),
                    self.place(apart),
                    self.place(first)
                ));
            }
        }
        Ok(())
    }
}
