//! Loop, or Slitherlink (puzzle-loop.com): a grid of cells, some numbered,
//! whose corners are joined by the sides of the cells. Draw one closed
//! loop along the sides, never touching or crossing itself, so that each
//! numbered cell has that many of its four sides on the loop.
//!
//! The task is the cells in run-length form: `a`..`z` for 1..26 cells with
//! no number, a digit for a numbered cell. The answer is `y` (on the loop)
//! or `n` a side: first the horizontal sides, row by row of the grid's
//! `height + 1` lines of `width` sides, then the vertical ones, row by row
//! of `height` lines of `width + 1` sides.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, grid_size, run_length, write_run_length};

/// A Loop puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slitherlink {
    size: Size,
    /// Each cell's number, row-major.
    clues: Vec<Option<u8>>,
}

impl Slitherlink {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Slitherlink, TaskError> {
        let tokens = run_length(task, Numbers::Digit)?;
        let size = grid_size(tokens.len(), size)?;
        let place = |i: usize| format!("row {}, column {}", i / size.width + 1, i % size.width + 1);
        let clues = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| match *token {
                Token::Empty => Ok(None),
                Token::Number(n @ 0..=3) => Ok(Some(n as u8)),
                Token::Number(n) => Err(TaskError::new(format!(
                    "the number {n} at {}: a loop passes at most 3 sides of a cell",
                    place(i)
                ))),
                Token::Letter(other) => {
                    Err(TaskError::new(format!("`{other}` at {} is no cell of loop (a digit or a run)", place(i))))
                }
            })
            .collect::<Result<_, _>>()?;
        Ok(Slitherlink { size, clues })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let tokens: Vec<Token> =
            self.clues.iter().map(|clue| clue.map_or(Token::Empty, |n| Token::Number(n.into()))).collect();
        write_run_length(&tokens, Numbers::Digit)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// How many sides the answer lists: the horizontal ones, then the
    /// vertical ones.
    fn side_count(&self) -> usize {
        let Size { width, height } = self.size;
        (height + 1) * width + height * (width + 1)
    }

    /// The corners (row-major on the `(width + 1) x (height + 1)` lattice)
    /// that side `s` joins.
    fn ends(&self, s: usize) -> (usize, usize) {
        let Size { width, height } = self.size;
        let across = (height + 1) * width;
        if s < across {
            let (r, c) = (s / width, s % width);
            (r * (width + 1) + c, r * (width + 1) + c + 1)
        } else {
            let (r, c) = ((s - across) / (width + 1), (s - across) % (width + 1));
            (r * (width + 1) + c, (r + 1) * (width + 1) + c)
        }
    }

    /// The four sides of a cell: top, bottom, left, right.
    fn sides_of(&self, cell: usize) -> [usize; 4] {
        let Size { width, height } = self.size;
        let (r, c) = (cell / width, cell % width);
        let across = (height + 1) * width;
        let v = across + r * (width + 1) + c;
        [r * width + c, (r + 1) * width + c, v, v + 1]
    }

    fn corner_count(&self) -> usize {
        (self.size.width + 1) * (self.size.height + 1)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// The corner at row-major lattice index `v`, 1-based from the top left.
    fn corner(&self, v: usize) -> String {
        format!("the corner at line {}, point {}", v / (self.size.width + 1) + 1, v % (self.size.width + 1) + 1)
    }

    /// Reads an answer string: which sides are on the loop.
    fn sides(&self, answer: &str) -> Result<Vec<bool>, String> {
        let n = self.side_count();
        if answer.len() != n {
            let Size { width, height } = self.size;
            return Err(format!("{} characters where a {width}x{height} grid has {n} sides", answer.len()));
        }
        answer
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                'y' => Ok(true),
                'n' => Ok(false),
                other => Err(format!("`{other}` at character {} is neither `y` nor `n`", i + 1)),
            })
            .collect()
    }

    /// The first rule a set of sides breaks, by the rules alone: each
    /// number's count, two sides or none at each corner, and one loop (a
    /// walk along it from one side reaches every side on it).
    fn check_sides(&self, on: &[bool]) -> Result<(), String> {
        for (cell, clue) in self.clues.iter().enumerate() {
            if let Some(n) = *clue {
                let count = self.sides_of(cell).iter().filter(|&&s| on[s]).count();
                if count != usize::from(n) {
                    return Err(format!("the {n} at {} has {count} sides on the loop", self.place(cell)));
                }
            }
        }
        let mut at: Vec<Vec<usize>> = vec![Vec::new(); self.corner_count()];
        for s in (0..on.len()).filter(|&s| on[s]) {
            let (a, b) = self.ends(s);
            at[a].push(s);
            at[b].push(s);
        }
        if let Some(v) = (0..at.len()).find(|&v| !at[v].is_empty() && at[v].len() != 2) {
            return Err(format!("{} has {} sides of the loop, not two", self.corner(v), at[v].len()));
        }
        let Some(first) = (0..on.len()).find(|&s| on[s]) else { return Err("no loop is drawn".into()) };
        let mut reached = vec![false; on.len()];
        reached[first] = true;
        let mut stack = vec![first];
        while let Some(s) = stack.pop() {
            let (a, b) = self.ends(s);
            for &t in at[a].iter().chain(&at[b]) {
                if !reached[t] {
                    reached[t] = true;
                    stack.push(t);
                }
            }
        }
        if let Some(apart) = (0..on.len()).find(|&s| on[s] && !reached[s]) {
            let (a, _) = self.ends(apart);
            return Err(format!("{} is on a second loop: there must be one", self.corner(a)));
        }
        Ok(())
    }
}
