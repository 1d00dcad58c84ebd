//! Masyu (puzzle-masyu.com): a grid with white and black circles in some
//! cells. Draw one closed loop through the centres of cells, side to side,
//! never touching or crossing itself, through every circle: straight
//! through each white circle, turning in the cell before it or after it
//! (or both); turning in each black circle, and going straight through
//! the cell after it on both sides.
//!
//! The task is the cells in run-length form: `a`..`z` for 1..26 empty
//! cells, `W` a white circle, `B` a black one. The answer is `y` or `n` a
//! link between two cells side by side (see `links.rs`).

mod encode;
pub(crate) mod home;
pub(crate) mod links;
#[cfg(test)]
mod tests;

use self::links::{DIRECTIONS, Links, is_straight, opposite};
use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, grid_size, run_length, write_run_length};

/// One cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Circle {
    None,
    White,
    Black,
}

/// A Masyu puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Masyu {
    size: Size,
    /// Row-major.
    cells: Vec<Circle>,
}

impl Masyu {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Masyu, TaskError> {
        let tokens = run_length(task, Numbers::Run)?;
        let size = grid_size(tokens.len(), size)?;
        if size.width < 2 || size.height < 2 {
            return Err(TaskError::new(format!("a {}x{} grid holds no loop", size.width, size.height)));
        }
        let place = |i: usize| format!("row {}, column {}", i / size.width + 1, i % size.width + 1);
        let cells = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| match *token {
                Token::Empty => Ok(Circle::None),
                Token::Letter('W') => Ok(Circle::White),
                Token::Letter('B') => Ok(Circle::Black),
                Token::Number(n) => Err(TaskError::new(format!("the number {n} at {}: masyu has no numbers", place(i)))),
                Token::Letter(other) => Err(TaskError::new(format!(
                    "`{other}` at {} is no cell of masyu (`W` white, `B` black)",
                    place(i)
                ))),
            })
            .collect::<Result<_, _>>()?;
        Ok(Masyu { size, cells })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let tokens: Vec<Token> = self
            .cells
            .iter()
            .map(|cell| match cell {
                Circle::None => Token::Empty,
                Circle::White => Token::Letter('W'),
                Circle::Black => Token::Letter('B'),
            })
            .collect();
        write_run_length(&tokens, Numbers::Run)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    fn links(&self) -> Links {
        Links { size: self.size }
    }

    /// The first rule a set of links breaks, by the rules alone: one loop,
    /// through every circle, each as its colour says.
    fn check_links(&self, on: &[bool]) -> Result<(), String> {
        let links = self.links();
        links.check_loop(on)?;
        let shapes = links.shapes(on);
        // The shape of the cell next to `cell` in direction `d`.
        let beyond = |cell: usize, d: u8| shapes[links.step(cell, d).expect("a link leads to a cell")];
        for (cell, &circle) in self.cells.iter().enumerate() {
            let shape = shapes[cell];
            let place = links.place(cell);
            match circle {
                Circle::None => {}
                _ if shape == 0 => return Err(format!("the loop misses the circle at {place}")),
                Circle::White if !is_straight(shape) => {
                    return Err(format!("the loop turns in the white circle at {place}"));
                }
                Circle::White => {
                    if DIRECTIONS.iter().filter(|&&d| shape & d != 0).all(|&d| is_straight(beyond(cell, d))) {
                        return Err(format!("the loop turns on neither side of the white circle at {place}"));
                    }
                }
                Circle::Black if is_straight(shape) => {
                    return Err(format!("the loop goes straight through the black circle at {place}"));
                }
                Circle::Black => {
                    for &d in DIRECTIONS.iter().filter(|&&d| shape & d != 0) {
                        if beyond(cell, d) != d | opposite(d) {
                            return Err(format!(
                                "the loop turns right after the black circle at {place}, where it must go straight"
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
