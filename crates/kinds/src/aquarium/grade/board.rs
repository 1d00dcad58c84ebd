//! What grading knows of a puzzle: its geometry, worked out once
//! ([`Shape`]), and what is known of its tanks' levels so far ([`Board`]),
//! with what a tank's level gives a line.

use crate::aquarium::Aquarium;

/// What a tank gives a line at each of its levels.
#[derive(Clone, Debug)]
pub(super) struct Part {
    pub(super) tank: usize,
    /// The tank's top row, kept here so that reading the fill needs
    /// nothing else.
    pub(super) top: usize,
    /// Where the part's fill starts in [`Shape::fill`]: `fill[start + k]`
    /// is the tank's cells in the line at or below row `top + k`, that is
    /// its water there when its surface is row `top + k` (`k` up to the
    /// tank's height, where it is empty). One vector for every part: a
    /// puzzle has hundreds of parts, and grading is often quicker than
    /// allocating each its own.
    pub(super) start: usize,
}

/// The puzzle's geometry, worked out once: tanks' rows and cells, and what
/// each tank gives each line.
#[derive(Clone, Debug)]
pub(super) struct Shape {
    pub(super) width: usize,
    pub(super) height: usize,
    /// Top and bottom row of each tank.
    pub(super) top: Vec<usize>,
    pub(super) bottom: Vec<usize>,
    /// Each tank's cells, row by row, left to right.
    pub(super) cells: Vec<Vec<(usize, usize)>>,
    /// Lines: rows `0..height`, then columns; each with its clue and parts.
    pub(super) clues: Vec<u32>,
    pub(super) parts: Vec<Vec<Part>>,
    pub(super) fill: Vec<u32>,
    /// `slot[line * tanks + t]`: the index of tank `t`'s part in
    /// `parts[line]`, `u32::MAX` when it has no cells there; counting two
    /// lines together looks parts up by tank thousands of times a puzzle.
    pub(super) slot: Vec<u32>,
}

impl Shape {
    pub(super) fn new(puzzle: &Aquarium) -> Shape {
        let (width, height) = (puzzle.width(), puzzle.height());
        let tanks = puzzle.tank_count();
        let mut top = vec![usize::MAX; tanks];
        let mut bottom = vec![0; tanks];
        let mut cells = vec![Vec::new(); tanks];
        for r in 0..height {
            for c in 0..width {
                let t = puzzle.tank(r, c) as usize;
                top[t] = top[t].min(r);
                bottom[t] = bottom[t].max(r);
                cells[t].push((r, c));
            }
        }
        let lines = height + width;
        let mut parts: Vec<Vec<Part>> = vec![Vec::new(); lines];
        let mut all_fill = Vec::new();
        for t in 0..tanks {
            let levels = bottom[t] - top[t] + 2;
            let mut per_line: Vec<Option<Vec<u32>>> = vec![None; lines];
            for &(r, c) in &cells[t] {
                for line in [r, height + c] {
                    let fill = per_line[line].get_or_insert_with(|| vec![0; levels]);
                    // The cell is water whenever the surface is at or above it.
                    for f in fill.iter_mut().take(r - top[t] + 1) {
                        *f += 1;
                    }
                }
            }
            for (line, fill) in per_line.into_iter().enumerate() {
                if let Some(fill) = fill {
                    parts[line].push(Part { tank: t, top: top[t], start: all_fill.len() });
                    all_fill.extend(fill);
                }
            }
        }
        let clues = puzzle.row_clues().iter().chain(puzzle.col_clues()).copied().collect();
        let mut slot = vec![u32::MAX; lines * tanks];
        for (line, line_parts) in parts.iter().enumerate() {
            for (k, p) in line_parts.iter().enumerate() {
                slot[line * tanks + p.tank] = k as u32;
            }
        }
        Shape { width, height, top, bottom, cells, clues, parts, fill: all_fill, slot }
    }

    /// Tank `t`'s part of `line`, if it has cells there.
    pub(super) fn part_in(&self, line: usize, t: usize) -> Option<&Part> {
        let k = self.slot[line * self.tanks() + t];
        (k != u32::MAX).then(|| &self.parts[line][k as usize])
    }

    pub(super) fn tanks(&self) -> usize {
        self.top.len()
    }

    pub(super) fn lines(&self) -> usize {
        self.height + self.width
    }

    pub(super) fn line_name(&self, line: usize) -> String {
        if line < self.height { format!("row {}", line + 1) } else { format!("column {}", line - self.height + 1) }
    }

    pub(super) fn is_row(&self, line: usize) -> bool {
        line < self.height
    }

    /// What `part`'s tank gives its line with its surface at row `s`.
    pub(super) fn gives(&self, part: &Part, s: usize) -> u32 {
        self.fill[part.start + s - part.top]
    }
}

/// What is known: each tank's surface (its top water row; one past its
/// bottom when empty) lies in `lo..=hi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub(super) lo: Vec<usize>,
    pub(super) hi: Vec<usize>,
}

impl Board {
    pub(super) fn new(shape: &Shape) -> Board {
        Board { lo: shape.top.clone(), hi: shape.bottom.iter().map(|b| b + 1).collect() }
    }

    pub(super) fn is_solved(&self) -> bool {
        self.lo == self.hi
    }

    pub(super) fn open(&self, tank: usize) -> bool {
        self.lo[tank] < self.hi[tank]
    }

    /// Water already in a line (every tank as low as it may be).
    pub(super) fn known(&self, shape: &Shape, line: usize) -> u32 {
        shape.parts[line].iter().map(|p| shape.gives(p, self.hi[p.tank])).sum()
    }

    /// Water a line holds with every tank as high as it may be.
    pub(super) fn most(&self, shape: &Shape, line: usize) -> u32 {
        shape.parts[line].iter().map(|p| shape.gives(p, self.lo[p.tank])).sum()
    }

    /// [`Board::known`] and [`Board::most`] of a line in one pass.
    pub(super) fn known_most(&self, shape: &Shape, line: usize) -> (u32, u32) {
        shape.parts[line].iter().fold((0, 0), |(known, most), p| {
            (known + shape.gives(p, self.hi[p.tank]), most + shape.gives(p, self.lo[p.tank]))
        })
    }

    /// None of `lines` is already over its clue or short of it with every
    /// tank full, and none of `tanks` has an empty range.
    pub(super) fn consistent(&self, shape: &Shape, tanks: &[usize], lines: &[usize]) -> bool {
        tanks.iter().all(|&t| self.lo[t] <= self.hi[t])
            && lines.iter().all(|&l| {
                let clue = shape.clues[l];
                let (known, most) = self.known_most(shape, l);
                known <= clue && most >= clue
            })
    }

    /// The cells `next` settles that `self` left open, in reading order.
    pub(super) fn settles(&self, shape: &Shape, next: &Board) -> Vec<(usize, usize, bool)> {
        let mut out = Vec::new();
        for t in 0..shape.tanks() {
            if (self.lo[t], self.hi[t]) == (next.lo[t], next.hi[t]) {
                continue;
            }
            for &(r, c) in &shape.cells[t] {
                if r >= self.lo[t] && r < self.hi[t] {
                    if r < next.lo[t] {
                        out.push((r, c, false));
                    } else if r >= next.hi[t] {
                        out.push((r, c, true));
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }
}

/// The extra water `part`'s tank adds to its line at surface `s`.
pub(super) fn extra(shape: &Shape, board: &Board, part: &Part, s: usize) -> u32 {
    shape.gives(part, s) - shape.gives(part, board.hi[part.tank])
}

/// The parts of a line whose tank can still add water to it.
pub(super) fn open_parts<'a>(shape: &'a Shape, board: &'a Board, line: usize) -> impl Iterator<Item = &'a Part> + 'a {
    shape.parts[line].iter().filter(move |p| extra(shape, board, p, board.lo[p.tank]) > 0)
}

/// The water a line still needs, if it is not already over its clue.
pub(super) fn left(shape: &Shape, board: &Board, line: usize) -> Option<u32> {
    shape.clues[line].checked_sub(board.known(shape, line))
}

/// The surfaces `lo..=hi` of `part`'s tank that `keep` allows, as the
/// narrowest range holding them all; `None` if it allows none.
pub(super) fn narrowed(board: &Board, tank: usize, keep: impl Fn(usize) -> bool) -> Option<(usize, usize)> {
    let (lo, hi) = (board.lo[tank], board.hi[tank]);
    let new_lo = (lo..=hi).find(|&s| keep(s))?;
    let new_hi = (lo..=hi).rev().find(|&s| keep(s))?;
    Some((new_lo, new_hi))
}

/// `board` with the ranges of `changes` (tank, lo, hi) put in.
pub(super) fn with(board: &Board, changes: &[(usize, usize, usize)]) -> Board {
    let mut next = board.clone();
    for &(t, lo, hi) in changes {
        next.lo[t] = lo;
        next.hi[t] = hi;
    }
    next
}
