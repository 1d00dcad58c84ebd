//! Bridges, or Hashi (puzzle-bridges.com): islands with numbers on a grid.
//! Join them by bridges, horizontal or vertical, one or two between a pair
//! of islands, never crossing another bridge or an island, so that each
//! island has as many bridges as its number and all islands are connected.
//!
//! The task is the cells in run-length form: `a`..`z` for 1..26 empty
//! cells, a digit for an island. The answer is, for each island in reading
//! order, the bridges to its right and below it (`0`..`2`) as `right,down`,
//! the islands joined by `;`.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::disjoint_sets::DisjointSets;
use crate::home::{Size, TaskError};
use crate::task::{Numbers, Token, grid_size, run_length, write_run_length};

/// A Bridges puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bridges {
    size: Size,
    /// Each cell's island number, row-major; None for water.
    numbers: Vec<Option<u32>>,
}

/// A pair of islands a bridge may join: side by side in a row or a column
/// with only water between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    /// The islands, by their index in reading order: `from` is left of or
    /// above `to`.
    pub(crate) from: usize,
    pub(crate) to: usize,
    /// Whether it runs down (a column) rather than right (a row).
    pub(crate) down: bool,
    /// The water cells between, row-major indices.
    pub(crate) between: Vec<usize>,
}

impl Bridges {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// square its cells fill.
    pub fn read(task: &str, size: Option<Size>) -> Result<Bridges, TaskError> {
        let tokens = run_length(task, Numbers::Digit)?;
        let size = grid_size(tokens.len(), size)?;
        let numbers = tokens
            .iter()
            .enumerate()
            .map(|(i, token)| match *token {
                Token::Empty => Ok(None),
                Token::Number(n) if (1..=8).contains(&n) => Ok(Some(n)),
                Token::Number(n) => Err(TaskError::new(format!(
                    "the island {n} at row {}, column {}: an island has from 1 to 8 bridges",
                    i / size.width + 1,
                    i % size.width + 1
                ))),
                Token::Letter(other) => Err(TaskError::new(format!(
                    "`{other}` at row {}, column {} is no cell of bridges (a digit or water)",
                    i / size.width + 1,
                    i % size.width + 1
                ))),
            })
            .collect::<Result<_, _>>()?;
        Ok(Bridges { size, numbers })
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let tokens: Vec<Token> = self.numbers.iter().map(|n| n.map_or(Token::Empty, Token::Number)).collect();
        write_run_length(&tokens, Numbers::Digit)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The islands' cells, in reading order.
    pub(crate) fn islands(&self) -> Vec<usize> {
        (0..self.numbers.len()).filter(|&c| self.numbers[c].is_some()).collect()
    }

    /// Each island's number, in reading order.
    pub(crate) fn island_numbers(&self) -> Vec<u32> {
        self.numbers.iter().flatten().copied().collect()
    }

    /// Every pair of islands a bridge may join, each island's right span
    /// before its down span, islands in reading order.
    pub(crate) fn spans(&self) -> Vec<Span> {
        let Size { width, height } = self.size;
        let mut index = vec![usize::MAX; self.numbers.len()];
        for (i, &cell) in self.islands().iter().enumerate() {
            index[cell] = i;
        }
        let mut spans = Vec::new();
        for cell in self.islands() {
            let (row, col) = (cell / width, cell % width);
            let right = (col + 1..width).map(|c| row * width + c);
            let down = (row + 1..height).map(|r| r * width + col);
            for (is_down, mut path) in [(false, right.collect::<Vec<_>>()), (true, down.collect::<Vec<_>>())] {
                if let Some(end) = path.iter().position(|&c| self.numbers[c].is_some()) {
                    let to = path[end];
                    path.truncate(end);
                    spans.push(Span { from: index[cell], to: index[to], down: is_down, between: path });
                }
            }
        }
        spans
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Reads an answer string: each island's (right, down) bridges.
    fn counts(&self, answer: &str) -> Result<Vec<[u32; 2]>, String> {
        let islands = self.islands();
        let parts: Vec<&str> = if answer.is_empty() { Vec::new() } else { answer.split(';').collect() };
        if parts.len() != islands.len() {
            return Err(format!("{} islands in the answer where the puzzle has {}", parts.len(), islands.len()));
        }
        parts
            .iter()
            .zip(&islands)
            .map(|(part, &cell)| {
                let bad =
                    || format!("`{part}` for the island at {} is not `right,down` (each 0, 1 or 2)", self.place(cell));
                let (right, down) = part.split_once(',').ok_or_else(bad)?;
                let count = |s: &str| match s {
                    "0" => Ok(0),
                    "1" => Ok(1),
                    "2" => Ok(2),
                    _ => Err(bad()),
                };
                Ok([count(right)?, count(down)?])
            })
            .collect()
    }

    /// The answer string for each island's (right, down) bridges.
    pub(crate) fn write_counts(counts: &[[u32; 2]]) -> String {
        counts.iter().map(|[r, d]| format!("{r},{d}")).collect::<Vec<_>>().join(";")
    }

    /// The first rule the bridges break, by the rules alone: each bridge
    /// joins two islands over water, none crosses another, each island has
    /// its number of bridges, and all islands are joined.
    fn check_counts(&self, counts: &[[u32; 2]]) -> Result<(), String> {
        let Size { width, height } = self.size;
        let islands = self.islands();
        let mut degree = vec![0u32; islands.len()];
        // What runs through each water cell: 1 across, 2 down.
        let mut through = vec![0u8; self.numbers.len()];
        let mut joined = DisjointSets::new(islands.len());
        let mut index = vec![usize::MAX; self.numbers.len()];
        for (i, &cell) in islands.iter().enumerate() {
            index[cell] = i;
        }
        for (i, &cell) in islands.iter().enumerate() {
            let (row, col) = (cell / width, cell % width);
            for (down, n) in [(false, counts[i][0]), (true, counts[i][1])] {
                if n == 0 {
                    continue;
                }
                let mut at = (row, col);
                let end = loop {
                    at = if down { (at.0 + 1, at.1) } else { (at.0, at.1 + 1) };
                    if at.0 >= height || at.1 >= width {
                        return Err(format!(
                            "the bridge {} from the island at {} reaches the edge, no island",
                            if down { "down" } else { "right" },
                            self.place(cell)
                        ));
                    }
                    let here = at.0 * width + at.1;
                    if self.numbers[here].is_some() {
                        break here;
                    }
                    let mark = if down { 2 } else { 1 };
                    if through[here] != 0 {
                        return Err(format!("two bridges cross at {}", self.place(here)));
                    }
                    through[here] = mark;
                };
                degree[i] += n;
                degree[index[end]] += n;
                joined.union(i, index[end]);
            }
        }
        for (i, &cell) in islands.iter().enumerate() {
            let n = self.numbers[cell].expect("an island");
            if degree[i] != n {
                return Err(format!("the island {n} at {} has {} bridges", self.place(cell), degree[i]));
            }
        }
        if let Some(apart) = (1..islands.len()).find(|&i| joined.find(i) != joined.find(0)) {
            return Err(format!(
                "the island at {} cannot reach the one at {}: all islands must be joined",
                self.place(islands[apart]),
                self.place(islands[0])
            ));
        }
        Ok(())
    }
}
