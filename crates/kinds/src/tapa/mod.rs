//! Tapa (puzzle-tapa.com): a grid with clue cells. Shade cells so that each
//! clue lists the lengths of the runs of shaded cells among the (up to
//! eight) cells around it, read round the ring, in any order; clue cells
//! stay unshaded; the shaded cells are all connected (up, down, left,
//! right); and no two-by-two square is all shaded.
//!
//! The task is the cells in run-length form: `a`..`z` for 1..26 blank
//! cells, a clue cell as its run lengths' digits together (`113` is runs of
//! 1, 1 and 3; `0` none), `_` between two clue cells side by side. The
//! answer is `y` (shaded) or `n` a cell, row-major, `n` on clue cells.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, answer_cells, grid_size, run_length, write_run_length};

/// The eight cells round a cell, in order round the ring, as (row, column)
/// steps: up left, up, up right, right, down right, down, down left, left.
pub(crate) const RING: [(isize, isize); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)];

/// A Tapa puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tapa {
    size: Size,
    /// Each cell's clue, its run lengths as the task writes them (digits in
    /// order), row-major; None for a blank cell.
    clues: Vec<Option<Vec<u8>>>,
}

impl Tapa {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Tapa, TaskError> {
        let tokens = run_length(task, Numbers::Run)?;
        let size = grid_size(tokens.len(), size)?;
        let place = |i: usize| format!("row {}, column {}", i / size.width + 1, i % size.width + 1);
        let clues = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| match *token {
                Token::Empty => Ok(None),
                Token::Number(n) => {
                    let digits: Vec<u8> = n.to_string().bytes().map(|b| b - b'0').collect();
                    // Runs round a ring of eight are apart by one cell at
                    // least: their lengths and gaps fit in eight.
                    let fits = digits == [0]
                        || (digits.iter().all(|&d| d >= 1)
                            && digits.iter().map(|&d| usize::from(d) + 1).sum::<usize>() <= 8 + usize::from(digits.len() == 1));
                    if fits {
                        Ok(Some(digits))
                    } else {
                        Err(TaskError::new(format!("the clue {n} at {}: no ring of eight cells has such runs", place(i))))
                    }
                }
                Token::Letter(other) => {
                    Err(TaskError::new(format!("`{other}` at {} is no cell of tapa (a clue or a blank)", place(i))))
                }
            })
            .collect::<Result<_, _>>()?;
        Ok(Tapa { size, clues })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let number = |digits: &Vec<u8>| digits.iter().fold(0u32, |n, &d| 10 * n + u32::from(d));
        let tokens: Vec<Token> =
            self.clues.iter().map(|c| c.as_ref().map_or(Token::Empty, |d| Token::Number(number(d)))).collect();
        write_run_length(&tokens, Numbers::Run)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Each cell's clue, its run lengths, row-major; None for a blank cell.
    pub fn clues(&self) -> &[Option<Vec<u8>>] {
        &self.clues
    }

    /// The cells orthogonally next to `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// The ring round `cell`, in [`RING`]'s order: each place's cell, None
    /// off the grid.
    fn ring(&self, cell: usize) -> [Option<usize>; 8] {
        let Size { width, height } = self.size;
        let (row, col) = ((cell / width) as isize, (cell % width) as isize);
        RING.map(|(dr, dc)| {
            let (r, c) = (row + dr, col + dc);
            (r >= 0 && c >= 0 && (r as usize) < height && (c as usize) < width).then(|| r as usize * width + c as usize)
        })
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: which cells are shaded.
    fn shaded_cells(&self, answer: &str) -> Result<Vec<bool>, String> {
        Ok(answer_cells(answer, self.size, "ny")?.into_iter().map(|c| c == 1).collect())
    }

    /// The first rule a shading breaks, by the rules alone.
    fn check_shading(&self, shaded: &[bool]) -> Result<(), String> {
        for (cell, clue) in self.clues.iter().enumerate() {
            let Some(clue) = clue else { continue };
            if shaded[cell] {
                return Err(format!("the clue cell at {} is shaded", self.place(cell)));
            }
            // Walk the ring from a place that is not shaded, counting runs.
            let on: Vec<bool> = self.ring(cell).iter().map(|c| c.is_some_and(|c| shaded[c])).collect();
            let mut runs: Vec<u8> = match on.iter().position(|&s| !s) {
                None => vec![8],
                Some(start) => {
                    let mut runs = Vec::new();
                    let mut length = 0;
                    for step in 1..=8 {
                        if on[(start + step) % 8] {
                            length += 1;
                        } else if length > 0 {
                            runs.push(length);
                            length = 0;
                        }
                    }
                    if runs.is_empty() { vec![0] } else { runs }
                }
            };
            let mut wanted = clue.clone();
            runs.sort_unstable();
            wanted.sort_unstable();
            if runs != wanted {
                let text = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
                return Err(format!(
                    "the clue {} at {} sees runs of {} round it",
                    text(clue),
                    self.place(cell),
                    text(&runs)
                ));
            }
        }
        if let Some(cell) = self.size.full_square(shaded) {
            return Err(format!("the two-by-two square from {} is all shaded", self.place(cell)));
        }
        if let Some((first, apart)) = self.size.apart(shaded) {
            return Err(format!(
                "the shaded cell at {} cannot reach the one at {}: the shaded cells must be connected",
                self.place(apart),
                self.place(first)
            ));
        }
        Ok(())
    }
}
