//! Aquarium: a grid cut into tanks; some tanks hold water, each filled from
//! its bottom row up to one level, and every row and column holds as many
//! water cells as its clue says.

mod encode;
mod error;
mod format;
mod generate;
pub mod grade;
pub(crate) mod home;
pub mod puzzlink;
mod verify;

pub use encode::{Encoding, SolveReport, solve};
pub use error::AquariumError;
pub use format::{ParsedBlock, parse_blocks};
pub use generate::{
    GROWN_WORK_LIMIT, GenerateSettings, Generated, RANDOM_TANK_CELLS, Style, generate, random_tank_cells,
};
pub use verify::{Violation, verify};

/// The largest side accepted: far above the site's 30x30 specials, small
/// enough that nothing a file says can make us allocate without bound.
pub const MAX_SIDE: usize = 100;

/// An Aquarium puzzle as given: tanks and clues. It need not be valid (see
/// [`Aquarium::validate`]): a puzzle the site sent wrong is still kept.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Aquarium {
    width: usize,
    height: usize,
    /// Row-major tank numbers, 0-based, in order of first appearance.
    tanks: Vec<u32>,
    row_clues: Vec<u32>,
    col_clues: Vec<u32>,
}

/// Water in a grid: which cells are filled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Water {
    width: usize,
    height: usize,
    cells: Vec<bool>,
}

impl Aquarium {
    /// Builds a puzzle from tank labels (any values; equal labels are one
    /// tank) and clues, checking only the shape. `labels` is row-major.
    pub fn new<L: Eq + std::hash::Hash + Clone>(
        width: usize,
        height: usize,
        labels: &[L],
        row_clues: Vec<u32>,
        col_clues: Vec<u32>,
    ) -> Result<Aquarium, AquariumError> {
        if width == 0 || height == 0 {
            return Err(AquariumError::EmptyGrid);
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(AquariumError::TooLarge { width, height });
        }
        if labels.len() != width * height {
            return Err(AquariumError::CellCount { expected: width * height, found: labels.len() });
        }
        if row_clues.len() != height {
            return Err(AquariumError::RowClueCount { line: None, expected: height, found: row_clues.len() });
        }
        if col_clues.len() != width {
            return Err(AquariumError::ColumnClueCount { line: None, expected: width, found: col_clues.len() });
        }
        let mut numbers = std::collections::HashMap::new();
        let mut tanks: Vec<u32> = Vec::with_capacity(labels.len());
        for (i, l) in labels.iter().enumerate() {
            // Most cells share a tank with the cell to their left or above:
            // look there before hashing.
            let number = if i % width > 0 && labels[i - 1] == *l {
                tanks[i - 1]
            } else if i >= width && labels[i - width] == *l {
                tanks[i - width]
            } else {
                let next = numbers.len() as u32;
                *numbers.entry(l.clone()).or_insert(next)
            };
            tanks.push(number);
        }
        Ok(Aquarium { width, height, tanks, row_clues, col_clues })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The tank of cell (row, column), numbered from 0 in order of first
    /// appearance.
    pub fn tank(&self, row: usize, col: usize) -> u32 {
        self.tanks[row * self.width + col]
    }

    pub fn tank_count(&self) -> usize {
        self.tanks.iter().max().map_or(0, |&t| t as usize + 1)
    }

    pub fn row_clues(&self) -> &[u32] {
        &self.row_clues
    }

    pub fn col_clues(&self) -> &[u32] {
        &self.col_clues
    }

    /// Checks what makes a puzzle well formed: clues within the grid, equal
    /// clue sums, every tank one connected piece. (Having exactly one
    /// solution is the solver's to say.)
    pub fn validate(&self) -> Result<(), AquariumError> {
        for (row, &clue) in self.row_clues.iter().enumerate() {
            if clue as usize > self.width {
                return Err(AquariumError::ClueTooLarge { what: "row", index: row + 1, clue, cells: self.width });
            }
        }
        for (col, &clue) in self.col_clues.iter().enumerate() {
            if clue as usize > self.height {
                return Err(AquariumError::ClueTooLarge { what: "column", index: col + 1, clue, cells: self.height });
            }
        }
        let rows: u32 = self.row_clues.iter().sum();
        let cols: u32 = self.col_clues.iter().sum();
        if rows != cols {
            return Err(AquariumError::ClueSumsDiffer { rows, cols });
        }
        self.check_tanks_connected()
    }

    fn check_tanks_connected(&self) -> Result<(), AquariumError> {
        let (w, h) = (self.width, self.height);
        let mut seen = vec![false; w * h];
        let mut tank_done = vec![false; self.tank_count()];
        let mut stack = Vec::new();
        for start in 0..w * h {
            if seen[start] {
                continue;
            }
            let tank = self.tanks[start];
            if tank_done[tank as usize] {
                return Err(AquariumError::TankInPieces { tank: tank + 1, row: start / w + 1, col: start % w + 1 });
            }
            tank_done[tank as usize] = true;
            seen[start] = true;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                let (r, c) = (cell / w, cell % w);
                let mut visit = |n: usize| {
                    if !seen[n] && self.tanks[n] == tank {
                        seen[n] = true;
                        stack.push(n);
                    }
                };
                if r > 0 {
                    visit(cell - w);
                }
                if r + 1 < h {
                    visit(cell + w);
                }
                if c > 0 {
                    visit(cell - 1);
                }
                if c + 1 < w {
                    visit(cell + 1);
                }
            }
        }
        Ok(())
    }

    /// The clues a water grid gives: (row counts, column counts).
    pub fn clues_of(water: &Water) -> (Vec<u32>, Vec<u32>) {
        let rows = (0..water.height).map(|r| (0..water.width).filter(|&c| water.get(r, c)).count() as u32).collect();
        let cols = (0..water.width).map(|c| (0..water.height).filter(|&r| water.get(r, c)).count() as u32).collect();
        (rows, cols)
    }
}

impl Water {
    pub fn new(width: usize, height: usize, cells: Vec<bool>) -> Water {
        assert_eq!(cells.len(), width * height, "water grid of the wrong size");
        Water { width, height, cells }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn get(&self, row: usize, col: usize) -> bool {
        self.cells[row * self.width + col]
    }

    /// One string of `0` and `1` per row, 1 = water: the solution format of
    /// the fixtures and of `--json`.
    pub fn to_rows(&self) -> Vec<String> {
        self.cells.chunks(self.width).map(|row| row.iter().map(|&b| if b { '1' } else { '0' }).collect()).collect()
    }

    /// The answer as the site's answer form writes it (its hidden `ansH`
    /// field): every cell row by row, `y` for water and `n` for air, no
    /// separators. The site's `hashedSolution` is the md5 of the page's
    /// `task` followed by this string (docs/site.md).
    pub fn to_answer(&self) -> String {
        self.cells.iter().map(|&b| if b { 'y' } else { 'n' }).collect()
    }

    /// Reads rows of `0`/`1` (spaces between them allowed), the format of
    /// the fixtures' `.solution.txt` files.
    pub fn parse(text: &str) -> Result<Water, AquariumError> {
        let mut cells = Vec::new();
        let mut width = None;
        let mut height = 0;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let row: Vec<bool> = line
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| match c {
                    '1' | '~' | '*' => Ok(true),
                    '0' | '.' => Ok(false),
                    other => Err(AquariumError::BadSolutionChar { line: n + 1, found: other }),
                })
                .collect::<Result<_, _>>()?;
            match width {
                None => width = Some(row.len()),
                Some(w) if w != row.len() => {
                    return Err(AquariumError::RaggedRow { line: n + 1, expected: w, found: row.len() });
                }
                Some(_) => {}
            }
            cells.extend(row);
            height += 1;
        }
        let width = width.ok_or(AquariumError::Empty)?;
        Ok(Water { width, height, cells })
    }
}

#[cfg(test)]
mod tests;
