//! Skyscrapers' home: its task, answer, check, solver and drawing behind
//! the family's one interface ([`crate::home`]). Its rows and columns are a
//! Latin square's ([`crate::latin`]). A clue is no sum of cells, so each
//! line with a clue gets an option per way to fill it that its clues allow
//! (and the other lines' fillings and the givens, see [`consistent_fillings`]),
//! joined to the square's cells by items that make the two agree: for each
//! cell of the line and each `k` below N, an item exactly 1 to which the
//! cell's option adds 1 if its height is at most `k`, and the line's option
//! adds 1 if its height there is above `k`.

use multicover::Settings;

use crate::Solved;
use crate::engine_grade::Model;
use crate::draw::Drawing;
use crate::home::{Board, HomeOf, ReadTask, Size, SolveError, TaskError};
use crate::kind::Kind;
use crate::latin::{LatinSquare, givens_tokens, propagating, read_digits, read_givens, write_digits};
use crate::task::{Numbers, grid_size, run_length, write_run_length};

pub(crate) static HOME: HomeOf<Skyscrapers> = HomeOf::new();

impl ReadTask for Skyscrapers {
    const KIND: Kind = Kind::Skyscrapers;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Skyscrapers, TaskError> {
        Skyscrapers::read(task, size)
    }
}

/// The four edges in the task's order.
const EDGES: [&str; 4] = ["above column", "below column", "left of row", "right of row"];

/// A skyscrapers puzzle: its clues and givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skyscrapers {
    side: usize,
    /// The clues in the task's order: above, below, left, right; 0 for none.
    clues: Vec<u8>,
    square: LatinSquare,
    /// Whether the task has its givens part (after `,`).
    givens_written: bool,
}

impl Skyscrapers {
    /// Reads the site's task (see [`crate::skyscrapers`]).
    pub fn read(task: &str, size: Option<Size>) -> Result<Skyscrapers, TaskError> {
        let (edges, givens) = match task.split_once(',') {
            Some((edges, givens)) => (edges, Some(givens)),
            None => (task, None),
        };
        let parts: Vec<&str> = edges.split('/').collect();
        if !parts.len().is_multiple_of(4) {
            return Err(TaskError::new(format!("{} clues, where four edges have as many each", parts.len())));
        }
        let side = parts.len() / 4;
        if let Some(size) = size.filter(|&s| s != Size::square(side)) {
            return Err(TaskError::new(format!("{side} clues an edge where the page's grid is {size}")));
        }
        if !(1..=9).contains(&side) {
            return Err(TaskError::new(format!("a side of {side}, where the sides go from 1 to 9")));
        }
        let clues = parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                if part.is_empty() {
                    return Ok(0);
                }
                part.parse::<u8>().ok().filter(|&c| c >= 1 && usize::from(c) <= side).ok_or_else(|| {
                    TaskError::new(format!(
                        "the clue `{part}` {} {} is not from 1 to {side}",
                        EDGES[i / side],
                        i % side + 1
                    ))
                })
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let givens = match givens {
            Some(text) => {
                let tokens = run_length(text, Numbers::Run).map_err(|e| TaskError::new(format!("the givens: {e}")))?;
                grid_size(tokens.len(), Some(Size::square(side)))?;
                read_givens(&tokens, side)?
            }
            None => vec![0; side * side],
        };
        let square = LatinSquare::plain(side, givens);
        Ok(Skyscrapers { side, clues, square, givens_written: task.contains(',') })
    }

    /// Each line with a clue: its cells as seen from its start (top or
    /// left) and the clues at its start and end (0 for none).
    fn clued_lines(&self) -> Vec<(Vec<usize>, u8, u8)> {
        let n = self.side;
        let mut lines = Vec::new();
        for i in 0..n {
            let (top, bottom, left, right) =
                (self.clues[i], self.clues[n + i], self.clues[2 * n + i], self.clues[3 * n + i]);
            if top != 0 || bottom != 0 {
                lines.push(((0..n).map(|r| r * n + i).collect(), top, bottom));
            }
            if left != 0 || right != 0 {
                lines.push(((i * n..(i + 1) * n).collect(), left, right));
            }
        }
        lines
    }
}

/// How many buildings are seen looking along `heights`.
pub(crate) fn seen(heights: impl Iterator<Item = u8>) -> u8 {
    let mut tallest = 0;
    let mut count = 0;
    for h in heights {
        if h > tallest {
            tallest = h;
            count += 1;
        }
    }
    count
}

/// Every way to fill a line of `allowed.len()` cells with heights 1 to N
/// once each, each cell's height one its mask allows (bit `h` for height
/// `h`), seeing `start` buildings from its start and `end` from its end (0
/// for no clue).
fn line_fillings(allowed: &[u16], start: u8, end: u8) -> Vec<Vec<u8>> {
    struct Search<'a> {
        allowed: &'a [u16],
        start: u8,
        end: u8,
        line: Vec<u8>,
        out: Vec<Vec<u8>>,
    }
    impl Search<'_> {
        fn extend(&mut self, used: u32, tallest: u8, seen_so_far: u8) {
            let n = self.allowed.len();
            let at = self.line.len();
            if at == n {
                if (self.start == 0 || seen_so_far == self.start)
                    && (self.end == 0 || seen(self.line.iter().rev().copied()) == self.end)
                {
                    self.out.push(self.line.clone());
                }
                return;
            }
            // Seen from the end, the tallest building hides all before it:
            // it stands no further from the end than the clue there allows.
            if self.end != 0 && usize::from(tallest) < n && at + usize::from(self.end) > n {
                return;
            }
            for h in 1..=n as u8 {
                if used >> h & 1 == 1 || self.allowed[at] >> h & 1 == 0 {
                    continue;
                }
                let seen_now = seen_so_far + u8::from(h > tallest);
                let tallest_now = tallest.max(h);
                // Every building still to come that is taller than the
                // tallest yet could add one.
                let taller_left = (tallest_now + 1..=n as u8).count() as u8;
                if self.start != 0 && (seen_now > self.start || seen_now + taller_left < self.start) {
                    continue;
                }
                self.line.push(h);
                self.extend(used | 1 << h, tallest_now, seen_now);
                self.line.pop();
            }
        }
    }
    // Searched from a clued end, where the count prunes as it goes.
    if start == 0 && end != 0 {
        let reversed: Vec<u16> = allowed.iter().rev().copied().collect();
        let mut fillings = line_fillings(&reversed, end, 0);
        fillings.iter_mut().for_each(|filling| filling.reverse());
        return fillings;
    }
    let mut search = Search { allowed, start, end, line: Vec::with_capacity(allowed.len()), out: Vec::new() };
    search.extend(0, 0, 0);
    search.out
}

/// The fillings of each clued line that an answer may use, before they
/// become options. Each cell keeps the heights it may still have (bit `h`
/// for height `h`): its given, else every height, less those a cell of its
/// row or column left one height has taken, less those no filling of a
/// clued line through it puts there. Each line's fillings are made within
/// its cells' heights as they are when its turn comes, then all are
/// sifted until nothing changes. An 8x8 board's lines have thousands of
/// fillings each: as options, the engine's setup and root reasoning over
/// them took tens of milliseconds, where most fall here at once.
fn consistent_fillings(n: usize, lines: &[(Vec<usize>, u8, u8)], givens: &[u8]) -> Vec<Vec<Vec<u8>>> {
    let all: u16 = ((1 << n) - 1) << 1;
    let mut heights: Vec<u16> = givens.iter().map(|&g| if g == 0 { all } else { 1 << g }).collect();
    take_singles(n, &mut heights);
    let mut fillings = Vec::with_capacity(lines.len());
    for (cells, start, end) in lines {
        let allowed: Vec<u16> = cells.iter().map(|&c| heights[c]).collect();
        let line = line_fillings(&allowed, *start, *end);
        narrow_to(&mut heights, cells, &line);
        take_singles(n, &mut heights);
        fillings.push(line);
    }
    loop {
        let mut changed = false;
        for ((cells, _, _), line) in lines.iter().zip(fillings.iter_mut()) {
            let before = line.len();
            line.retain(|filling| filling.iter().zip(cells).all(|(&h, &c)| heights[c] >> h & 1 == 1));
            changed |= line.len() != before;
            changed |= narrow_to(&mut heights, cells, line);
        }
        changed |= take_singles(n, &mut heights);
        if !changed {
            return fillings;
        }
    }
}

/// Keeps in each cell of a line only the heights some filling puts there;
/// whether any went.
fn narrow_to(heights: &mut [u16], cells: &[usize], fillings: &[Vec<u8>]) -> bool {
    let mut seen = vec![0u16; cells.len()];
    for filling in fillings {
        for (at, &h) in filling.iter().enumerate() {
            seen[at] |= 1 << h;
        }
    }
    let mut changed = false;
    for (&cell, &seen) in cells.iter().zip(&seen) {
        changed |= heights[cell] & seen != heights[cell];
        heights[cell] &= seen;
    }
    changed
}

/// Takes the height of each cell left one from the rest of its row and
/// column, until none is left to take; whether any went.
fn take_singles(n: usize, heights: &mut [u16]) -> bool {
    let mut changed = false;
    loop {
        let mut took = false;
        for cell in 0..n * n {
            if heights[cell].count_ones() != 1 {
                continue;
            }
            let (row, col) = (cell / n, cell % n);
            let others = (0..n).map(|k| row * n + k).chain((0..n).map(|k| k * n + col)).filter(|&o| o != cell);
            for other in others {
                took |= heights[other] & heights[cell] != 0;
                heights[other] &= !heights[cell];
            }
        }
        if !took {
            return changed;
        }
        changed = true;
    }
}

impl Skyscrapers {
    /// The Latin square's model with an option a clued line's filling, and the items that make its cells agree with it.
    fn latin_model(&self) -> crate::latin::Model {
        let n = self.side;
        let lines = self.clued_lines();
        let fillings = consistent_fillings(n, &lines, self.square.givens());
        // agree[line][k][at - 1]: the item that makes the cell at `at` in
        // the line agree with the line's filling about "height at most k".
        let mut line_items = Vec::new();
        let mut agree: Vec<Vec<Vec<usize>>> = Vec::new();
        let mut model = self.square.model(|problem| {
            for (cells, _, _) in &lines {
                line_items.push(problem.add_exact(1));
                agree.push(cells.iter().map(|_| (1..n).map(|_| problem.add_exact(1)).collect()).collect());
            }
            // For each cell, the lines through it and its place in each.
            let mut through: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n * n];
            for (l, (cells, _, _)) in lines.iter().enumerate() {
                for (at, &cell) in cells.iter().enumerate() {
                    through[cell].push((l, at));
                }
            }
            let agree = agree.clone();
            move |cell: usize, d: u8, entries: &mut Vec<_>| {
                for &(l, at) in &through[cell] {
                    entries.extend((usize::from(d)..n).map(|k| (agree[l][at][k - 1], 1)));
                }
                true
            }
        });
        for (l, line_fillings) in fillings.iter().enumerate() {
            let agree = &agree[l];
            for filling in line_fillings {
                let above = filling
                    .iter()
                    .zip(agree)
                    .flat_map(|(&h, items)| items[..usize::from(h) - 1].iter().map(|&i| (i, 1)));
                model.problem.add_option(std::iter::once((line_items[l], 1)).chain(above));
            }
        }
        model
    }
}

impl Board for Skyscrapers {
    fn kind(&self) -> Kind {
        Kind::Skyscrapers
    }

    fn size(&self) -> Size {
        Size::square(self.side)
    }

    fn task(&self) -> String {
        let clues: Vec<String> =
            self.clues.iter().map(|&c| if c == 0 { String::new() } else { c.to_string() }).collect();
        let mut task = clues.join("/");
        if self.givens_written {
            task.push(',');
            task.push_str(&write_run_length(&givens_tokens(self.square.givens()), Numbers::Run));
        }
        task
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        self.latin_model().solve_as(self, propagating(settings), limit, write_digits)
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: self.latin_model().problem, whole: true })
    }

    fn check(&self, answer: &str) -> Result<(), String> {
        let n = self.side;
        let heights = read_digits(answer, n)?;
        self.square.check(&heights)?;
        for (i, &clue) in self.clues.iter().enumerate().filter(|(_, c)| **c != 0) {
            let (edge, line) = (i / n, i % n);
            let cells: Vec<usize> = match edge {
                0 => (0..n).map(|r| r * n + line).collect(),
                1 => (0..n).rev().map(|r| r * n + line).collect(),
                2 => (0..n).map(|c| line * n + c).collect(),
                _ => (0..n).rev().map(|c| line * n + c).collect(),
            };
            let count = seen(cells.iter().map(|&c| heights[c]));
            if count != clue {
                return Err(format!("{count} seen from {} {}, where the clue says {clue}", EDGES[edge], line + 1));
            }
        }
        Ok(())
    }

    /// The clues around the grid, the givens and the answer's heights.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let n = self.side;
        let mut drawing = Drawing::new(n, n);
        let edge = |e: usize| -> Vec<Option<String>> {
            self.clues[e * n..(e + 1) * n].iter().map(|&c| (c != 0).then(|| c.to_string())).collect()
        };
        drawing.top = edge(0);
        drawing.bottom = edge(1);
        drawing.left = edge(2);
        drawing.right = edge(3);
        self.square.draw_answer(&mut drawing, answer.and_then(|answer| read_digits(answer, n).ok()));
        drawing
    }
}
