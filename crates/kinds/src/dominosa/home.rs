//! Dominosa's home: its task, answer, check, solver and drawing behind the
//! family's one interface ([`crate::home`]).

use multicover::{OptionId, Problem, Settings};

use crate::Solved;
use crate::engine_grade::Model;
use crate::draw::{Drawing, Ink};
use crate::home::{Board, HomeOf, MAX_SIDE, ReadTask, Size, SolveError, TaskError, solve_answers};
use crate::kind::Kind;
use crate::task::check_size;

pub(crate) static HOME: HomeOf<Dominosa> = HomeOf::new();

impl ReadTask for Dominosa {
    const KIND: Kind = Kind::Dominosa;
    const GRADES: bool = true;

    fn read_task(task: &str, size: Option<Size>) -> Result<Dominosa, TaskError> {
        Dominosa::read(task, size)
    }
}

/// A dominosa puzzle as its task gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dominosa {
    size: Size,
    /// The largest number, N.
    top: u32,
    /// Each cell's number, row-major.
    numbers: Vec<u32>,
}

impl Dominosa {
    /// Reads the site's task (see [`crate::dominosa`]); without the page's
    /// size, the grid is the one of N + 1 rows of N + 2 its cells make.
    pub fn read(task: &str, size: Option<Size>) -> Result<Dominosa, TaskError> {
        let mut numbers = Vec::new();
        let mut chars = task.char_indices();
        while let Some((at, c)) = chars.next() {
            let number = match c {
                '0'..='9' => c as u32 - '0' as u32,
                '[' => {
                    let digits: String = chars.by_ref().map(|(_, d)| d).take_while(|&d| d != ']').collect();
                    digits
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| {
                            n >= 10 && digits.bytes().all(|b| b.is_ascii_digit()) && digits.len() == n.to_string().len()
                        })
                        .ok_or_else(|| {
                            TaskError::new(format!(
                                "`[{digits}` at character {} is no number from 10 up in brackets",
                                at + 1
                            ))
                        })?
                }
                other => return Err(TaskError::new(format!("`{other}` at character {} is not a number", at + 1))),
            };
            numbers.push(number);
            if numbers.len() > MAX_SIDE * MAX_SIDE {
                return Err(TaskError::new("more cells than any grid has"));
            }
        }
        let cells = numbers.len();
        let top = (0..MAX_SIDE as u32).find(|n| ((n + 1) * (n + 2)) as usize >= cells).unwrap_or(0);
        let size = match size {
            Some(size) => check_size(size)?,
            None if ((top + 1) * (top + 2)) as usize == cells => {
                check_size(Size::new(top as usize + 2, top as usize + 1))?
            }
            None => {
                return Err(TaskError::new(format!(
                    "{cells} numbers make no grid of N + 1 rows of N + 2, and the page's width and height are not known"
                )));
            }
        };
        if size.cells() != cells || ((top + 1) * (top + 2)) as usize != cells {
            return Err(TaskError::new(format!(
                "{cells} numbers where a {size} grid of the numbers 0 to {top} has {}",
                size.cells()
            )));
        }
        if let Some(cell) = numbers.iter().position(|&n| n > top) {
            return Err(TaskError::new(format!(
                "the number {} at row {}, column {} is above {top}, the largest of a {size} grid",
                numbers[cell],
                cell / size.width + 1,
                cell % size.width + 1
            )));
        }
        Ok(Dominosa { size, top, numbers })
    }

    /// `row R, column C` (1-based) of a row-major cell index.
    fn place(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.size.width + 1, cell % self.size.width + 1)
    }

    /// Each pair of numbers' place in a list of them all, the smaller first.
    fn pair(&self, a: usize, b: usize) -> usize {
        let (x, y) = (self.numbers[a].min(self.numbers[b]) as usize, self.numbers[a].max(self.numbers[b]) as usize);
        x * (self.top as usize + 1) + y
    }

    /// The answer's dominoes as pairs of cells, read and tiled: every cell
    /// on exactly one domino. The error says where that breaks.
    fn dominoes(&self, answer: &str) -> Result<Vec<(usize, usize)>, String> {
        let cells = self.size.cells();
        let width = self.size.width;
        if answer.len() != cells {
            return Err(format!("{} characters where a {} grid has {cells} cells", answer.len(), self.size));
        }
        let mut covered = vec![false; cells];
        let mut dominoes = Vec::new();
        for (cell, c) in answer.chars().enumerate() {
            let other = match c {
                'h' if cell % width + 1 < width => cell + 1,
                'v' if cell + width < cells => cell + width,
                'h' | 'v' => return Err(format!("the domino from {} leaves the grid", self.place(cell))),
                'n' => continue,
                other => return Err(format!("`{other}` at {} is not `h`, `v` or `n`", self.place(cell))),
            };
            for end in [cell, other] {
                if std::mem::replace(&mut covered[end], true) {
                    return Err(format!("{} lies on two dominoes", self.place(end)));
                }
            }
            dominoes.push((cell, other));
        }
        if let Some(cell) = covered.iter().position(|&c| !c) {
            return Err(format!("{} lies on no domino", self.place(cell)));
        }
        Ok(dominoes)
    }
}

impl Dominosa {
    /// Exact cover: an item a cell and an item a pair of numbers, and an
    /// option a place for a domino, two side-by-side cells, covering both
    /// and their numbers' pair; each option's first cell and direction
    /// beside.
    fn problem(&self) -> (Problem, Vec<(usize, u8)>) {
        let (cells, width) = (self.size.cells(), self.size.width);
        let pairs = (self.top as usize + 1).pow(2);
        let mut problem = Problem::with_capacity(cells + pairs, 2 * cells, 6 * cells);
        let cell_items: Vec<_> = (0..cells).map(|_| problem.add_exact(1)).collect();
        // Pairs the smaller number first only; the others are never used.
        let pair_items: Vec<_> = (0..pairs)
            .map(|p| (p / (self.top as usize + 1) <= p % (self.top as usize + 1)).then(|| problem.add_exact(1)))
            .collect();
        let mut places = Vec::with_capacity(2 * cells);
        for cell in 0..cells {
            let right = (cell % width + 1 < width).then_some((cell + 1, b'h'));
            let down = (cell + width < cells).then_some((cell + width, b'v'));
            for (other, letter) in right.into_iter().chain(down) {
                let pair = pair_items[self.pair(cell, other)].expect("the smaller number first");
                problem.add_option([(cell_items[cell], 1), (cell_items[other], 1), (pair, 1)]);
                places.push((cell, letter));
            }
        }
        (problem, places)
    }
}

impl Board for Dominosa {
    fn kind(&self) -> Kind {
        Kind::Dominosa
    }

    fn size(&self) -> Size {
        self.size
    }

    fn task(&self) -> String {
        self.numbers.iter().map(|&n| if n < 10 { n.to_string() } else { format!("[{n}]") }).collect()
    }

    fn solve(&self, settings: Settings, limit: usize) -> Option<Result<Solved<String>, SolveError>> {
        let cells = self.size.cells();
        let (problem, places) = self.problem();
        let decode = |chosen: &[OptionId]| {
            let mut answer = vec![b'n'; cells];
            for &option in chosen {
                let (cell, letter) = places[option];
                answer[cell] = letter;
            }
            String::from_utf8(answer).expect("ASCII")
        };
        Some(solve_answers(self, &problem, settings, limit, decode))
    }

    fn model(&self) -> Option<Model> {
        Some(Model { problem: self.problem().0, whole: true })
    }

    /// The dominoes tile the grid, and no two hold the same pair.
    fn check(&self, answer: &str) -> Result<(), String> {
        let dominoes = self.dominoes(answer)?;
        let mut first_at = vec![None; (self.top as usize + 1).pow(2)];
        for (a, b) in dominoes {
            if let Some(earlier) = first_at[self.pair(a, b)].replace(a) {
                let (x, y) = (self.numbers[a].min(self.numbers[b]), self.numbers[a].max(self.numbers[b]));
                return Err(format!(
                    "the dominoes from {} and from {} both hold {x} and {y}",
                    self.place(earlier),
                    self.place(a)
                ));
            }
        }
        Ok(())
    }

    /// The numbers, and the answer's dominoes as regions.
    fn draw(&self, answer: Option<&str>) -> Drawing {
        let mut drawing = Drawing::new(self.size.width, self.size.height);
        for (cell, n) in self.numbers.iter().enumerate() {
            drawing.write(cell, n.to_string(), Ink::Given);
        }
        if let Some(dominoes) = answer.and_then(|answer| self.dominoes(answer).ok()) {
            let mut regions = vec![0; self.size.cells()];
            for (n, (a, b)) in dominoes.into_iter().enumerate() {
                regions[a] = n as u32;
                regions[b] = n as u32;
            }
            drawing.regions = Some(regions);
        }
        drawing
    }
}
