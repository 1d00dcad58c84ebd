//! Galaxies (puzzle-galaxies.com): a grid with dots, each in a cell, on a
//! side between two cells, or on a corner between four. Divide the grid
//! into regions, each holding exactly one dot and the same when turned half
//! way round it, and each connected.
//!
//! The task places the dots on the half-cell lattice, the (2W-1) x (2H-1)
//! points that are the cells' centres, their sides' middles and their inner
//! corners, row-major: `a`..`y` are 0..24 points without a dot and then a
//! dot, `z` is 25 points without one (and no dot); the points after the
//! last dot are not written. The answer is `y` or `n` for each side between
//! two cells (`y` where it parts two regions): first the sides below each
//! cell of all rows but the last, row-major, then the sides right of each
//! cell but the last of each row, row-major.

mod encode;
pub(crate) mod home;
#[cfg(test)]
mod tests;

use crate::home::{Size, TaskError};
use crate::task::check_size;

/// A Galaxies puzzle, read from its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Galaxies {
    size: Size,
    /// The dots, as (row, column) on the half-cell lattice: twice the
    /// cell's row and column at a cell's centre, odd between cells.
    dots: Vec<(usize, usize)>,
}

impl Galaxies {
    /// Reads a task; `size` is the page's where known, else the grid is the
    /// smallest square whose lattice holds the dots.
    pub fn read(task: &str, size: Option<Size>) -> Result<Galaxies, TaskError> {
        let mut positions = Vec::new();
        let mut at = 0usize;
        for (i, c) in task.chars().enumerate() {
            match c {
                'z' => at += 25,
                'a'..='y' => {
                    at += (c as u8 - b'a') as usize;
                    positions.push(at);
                    at += 1;
                }
                other => return Err(TaskError::new(format!("`{other}` at character {} is no galaxies run", i + 1))),
            }
            if at > 4 * crate::home::MAX_SIDE * crate::home::MAX_SIDE {
                return Err(TaskError::new("more points than any grid has"));
            }
        }
        if task.ends_with('z') {
            return Err(TaskError::new("the task ends with `z`: the points after the last dot are not written"));
        }
        let size = match size {
            Some(size) => check_size(size)?,
            None => Self::square_for(positions.last().map_or(0, |&p| p + 1), task)?,
        };
        let columns = 2 * size.width - 1;
        let points = columns * (2 * size.height - 1);
        if let Some(&last) = positions.last().filter(|&&p| p >= points) {
            return Err(TaskError::new(format!(
                "a dot at point {} where a {size} grid has {points} points",
                last + 1
            )));
        }
        let dots = positions.iter().map(|&p| (p / columns, p % columns)).collect();
        Ok(Galaxies { size, dots })
    }

    /// The square grid of a task read without the page's size: the
    /// smallest whose lattice holds every dot (`points_used` points). Its trailing empty points
    /// are not written, so a larger square would read the same; the site's
    /// tasks end near the last point (its last dot is in the last rows).
    fn square_for(points_used: usize, task: &str) -> Result<Size, TaskError> {
        if points_used == 0 {
            return Err(TaskError::new(format!(
                "`{task}` has no dot, and the page's width and height are not known"
            )));
        }
        let mut side = 1;
        while (2 * side - 1) * (2 * side - 1) < points_used {
            side += 1;
        }
        check_size(Size::square(side))
    }

    /// The task string, as the site writes it.
    pub fn to_task(&self) -> String {
        let columns = 2 * self.size.width - 1;
        let mut out = String::new();
        let mut next = 0;
        for &(r, c) in &self.dots {
            let mut gap = r * columns + c - next;
            while gap >= 25 {
                out.push('z');
                gap -= 25;
            }
            out.push((b'a' + gap as u8) as char);
            next = r * columns + c + 1;
        }
        out
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The cells a dot touches: the one it is in, the two it is between,
    /// or the four at its corner.
    pub(crate) fn touched(&self, (r, c): (usize, usize)) -> Vec<usize> {
        let rows = if r % 2 == 0 { vec![r / 2] } else { vec![r / 2, r / 2 + 1] };
        let cols = if c % 2 == 0 { vec![c / 2] } else { vec![c / 2, c / 2 + 1] };
        rows.iter().flat_map(|&y| cols.iter().map(move |&x| y * self.size.width + x)).collect()
    }

    /// The cell a half turn round `dot` takes `cell` to, where it is on the
    /// grid.
    pub(crate) fn mirror(&self, dot: (usize, usize), cell: usize) -> Option<usize> {
        let Size { width, height } = self.size;
        let (y, x) = (cell / width, cell % width);
        let (my, mx) = (dot.0.checked_sub(y)?, dot.1.checked_sub(x)?);
        (my < height && mx < width).then(|| my * width + mx)
    }

    /// The cells orthogonally next to `cell`.
    pub(crate) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        self.size.neighbours(cell)
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// The answer string for each cell's region (any numbering).
    pub(crate) fn write_regions(size: Size, region: &[usize]) -> String {
        let Size { width, height } = size;
        let below = (0..width * (height - 1)).map(|c| region[c] != region[c + width]);
        let right = (0..height).flat_map(|y| (0..width - 1).map(move |x| y * width + x)).map(|c| region[c] != region[c + 1]);
        below.chain(right).map(|wall| if wall { 'y' } else { 'n' }).collect()
    }

    /// Reads an answer string: which sides are walls, as (below, right)
    /// per cell.
    fn walls(&self, answer: &str) -> Result<Vec<[bool; 2]>, String> {
        let Size { width, height } = self.size;
        let (below, right) = (width * (height - 1), height * (width - 1));
        if answer.chars().count() != below + right {
            return Err(format!(
                "{} characters where a {} grid has {} sides between cells",
                answer.chars().count(),
                self.size,
                below + right
            ));
        }
        let marks: Vec<bool> = answer
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                'y' => Ok(true),
                'n' => Ok(false),
                other => Err(format!("`{other}` at character {} is not `y` or `n`", i + 1)),
            })
            .collect::<Result<_, _>>()?;
        let mut walls = vec![[true, true]; self.size.cells()];
        for (cell, wall) in walls.iter_mut().enumerate() {
            let (y, x) = (cell / width, cell % width);
            if y + 1 < height {
                wall[0] = marks[cell];
            }
            if x + 1 < width {
                wall[1] = marks[below + y * (width - 1) + x];
            }
        }
        Ok(walls)
    }

    /// Whether no wall parts two cells side by side.
    fn open(walls: &[[bool; 2]], a: usize, b: usize) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        if b == a + 1 { !walls[a][1] } else { !walls[a][0] }
    }

    /// Each cell's region: the cells the walls leave joined, numbered from
    /// 0 in reading order of their first cells.
    fn regions(&self, walls: &[[bool; 2]]) -> Vec<usize> {
        let cells = self.size.cells();
        let mut region = vec![usize::MAX; cells];
        let mut count = 0;
        for start in 0..cells {
            if region[start] != usize::MAX {
                continue;
            }
            region[start] = count;
            let mut part = vec![start];
            while let Some(here) = part.pop() {
                for next in self.neighbours(here) {
                    if region[next] == usize::MAX && Self::open(walls, here, next) {
                        region[next] = count;
                        part.push(next);
                    }
                }
            }
            count += 1;
        }
        region
    }

    /// The first rule the walls break, by the rules alone: each region
    /// (the cells the walls leave joined) holds exactly one dot, all of
    /// whose cells it holds, it is the same turned half way round the dot,
    /// and no wall stands inside a region.
    fn check_walls(&self, walls: &[[bool; 2]]) -> Result<(), String> {
        let cells = self.size.cells();
        let open = |a: usize, b: usize| Self::open(walls, a, b);
        let region = self.regions(walls);
        let mut parts: Vec<Vec<usize>> = Vec::new();
        for cell in 0..cells {
            if region[cell] == parts.len() {
                parts.push(Vec::new());
            }
            parts[region[cell]].push(cell);
        }
        for cell in 0..cells {
            for next in self.neighbours(cell).filter(|&n| n > cell) {
                if !open(cell, next) && region[cell] == region[next] {
                    return Err(format!(
                        "the wall between {} and {} stands inside a region",
                        self.place(cell),
                        self.place(next)
                    ));
                }
            }
        }
        let mut dot_of: Vec<Option<usize>> = vec![None; parts.len()];
        for (d, &dot) in self.dots.iter().enumerate() {
            let touched = self.touched(dot);
            let k = region[touched[0]];
            if touched.iter().any(|&c| region[c] != k) {
                return Err(format!("a wall runs through the dot at {}", self.place(touched[0])));
            }
            if let Some(other) = dot_of[k] {
                return Err(format!(
                    "the region at {} holds two dots, at {} and {}",
                    self.place(parts[k][0]),
                    self.place(self.touched(self.dots[other])[0]),
                    self.place(touched[0])
                ));
            }
            dot_of[k] = Some(d);
        }
        for (k, part) in parts.iter().enumerate() {
            let Some(d) = dot_of[k] else {
                return Err(format!("the region at {} holds no dot", self.place(part[0])));
            };
            if let Some(&odd) = part.iter().find(|&&c| self.mirror(self.dots[d], c).is_none_or(|m| region[m] != k)) {
                return Err(format!(
                    "the region of the dot at {} is not the same turned round it: it holds {} but not its opposite",
                    self.place(self.touched(self.dots[d])[0]),
                    self.place(odd)
                ));
            }
        }
        Ok(())
    }
}
