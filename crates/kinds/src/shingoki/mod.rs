//! Shingoki (puzzle-shingoki.com): a grid with white and black circles in
//! some cells, most of them numbered. Draw one closed loop through the
//! centres of cells, side to side, never touching or crossing itself,
//! through every circle: straight through each white circle, turning in
//! each black one; a circle's number is the sum of the lengths (in links)
//! of the two straight lines leaving it.
//!
//! The task is the cells in run-length form: `a`..`z` for 1..26 empty
//! cells, `W` or `B` a white or black circle, followed by its number. The
//! answer is `y` or `n` a link between two cells side by side, as Masyu's
//! (masyu's `links.rs`).

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::home::{MAX_SIDE, Size, TaskError};
use crate::masyu::links::{DIRECTIONS, Links, is_straight};
use crate::task::grid_size;

/// A circle: white or black, and its number where it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Circle {
    pub black: bool,
    pub number: Option<u32>,
}

/// A Shingoki puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shingoki {
    size: Size,
    /// Row-major.
    cells: Vec<Option<Circle>>,
}

impl Shingoki {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Shingoki, TaskError> {
        let mut cells: Vec<Option<Circle>> = Vec::new();
        let mut chars = task.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            match c {
                'a'..='z' => cells.extend(std::iter::repeat_n(None, (c as u8 - b'a' + 1).into())),
                'W' | 'B' => {
                    let mut digits = String::new();
                    while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                        digits.push(d);
                        chars.next();
                    }
                    let number = if digits.is_empty() {
                        None
                    } else {
                        Some(digits.parse::<u32>().ok().filter(|&n| n <= 4 * MAX_SIDE as u32).ok_or_else(|| {
                            TaskError::new(format!("the number {digits} at character {} is too large", at + 2))
                        })?)
                    };
                    cells.push(Some(Circle { black: c == 'B', number }));
                }
                other => {
                    return Err(TaskError::new(format!(
                        "`{other}` at character {} is no cell of shingoki (a run, `W` or `B` and a number)",
                        at + 1
                    )));
                }
            }
            if cells.len() > MAX_SIDE * MAX_SIDE {
                return Err(TaskError::new("more cells than any grid has"));
            }
        }
        let size = grid_size(cells.len(), size)?;
        if size.width < 2 || size.height < 2 {
            return Err(TaskError::new(format!("a {}x{} grid holds no loop", size.width, size.height)));
        }
        Ok(Shingoki { size, cells })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let mut out = String::new();
        let mut empty = 0usize;
        let flush = |out: &mut String, empty: &mut usize| {
            while *empty > 0 {
                let run = (*empty).min(26);
                out.push((b'a' + run as u8 - 1) as char);
                *empty -= run;
            }
        };
        for cell in &self.cells {
            match cell {
                None => empty += 1,
                Some(circle) => {
                    flush(&mut out, &mut empty);
                    out.push(if circle.black { 'B' } else { 'W' });
                    if let Some(n) = circle.number {
                        out.push_str(&n.to_string());
                    }
                }
            }
        }
        flush(&mut out, &mut empty);
        out
    }

    pub fn size(&self) -> Size {
        self.size
    }

    fn links(&self) -> Links {
        Links { size: self.size }
    }

    /// The first rule a set of links breaks, by the rules alone: one loop,
    /// through every circle, straight through the white ones, turning in
    /// the black ones, and each number the length of the two lines out.
    fn check_links(&self, on: &[bool]) -> Result<(), String> {
        let links = self.links();
        links.check_loop(on)?;
        let shapes = links.shapes(on);
        for (cell, circle) in self.cells.iter().enumerate() {
            let Some(circle) = circle else { continue };
            let shape = shapes[cell];
            let place = links.place(cell);
            if shape == 0 {
                return Err(format!("the loop misses the circle at {place}"));
            }
            if circle.black && is_straight(shape) {
                return Err(format!("the loop goes straight through the black circle at {place}"));
            }
            if !circle.black && !is_straight(shape) {
                return Err(format!("the loop turns in the white circle at {place}"));
            }
            if let Some(n) = circle.number {
                let mut length = 0;
                for &d in DIRECTIONS.iter().filter(|&&d| shape & d != 0) {
                    let mut at = cell;
                    while let Some(next) = links.link(at, d).filter(|&l| on[l]).and_then(|_| links.step(at, d)) {
                        length += 1;
                        at = next;
                    }
                }
                if length != n {
                    return Err(format!("the lines out of the circle at {place} are {length} long, not {n}"));
                }
            }
        }
        Ok(())
    }
}
