//! Grading: solving an Aquarium the way a person does, one deduction at a
//! time, always with the simplest technique that finds something. A
//! puzzle's level is that of the hardest technique it needed; the steps, in
//! words, with the cells each settles, are its hints.
//!
//! What is known of a tank is one range of possible water levels: cells in
//! the same tank and row share their state, water has water below it in its
//! tank and air has air above it. Knowing a cell is water or air is the same
//! as knowing its tank's level is at or above, or below, its row; so every
//! deduction narrows some tanks' ranges, and settles at once the cells of
//! those tanks that the narrowing decides (a person marking a cell air marks
//! the tank above it too).
//!
//! Every technique reads only the board and the clues, and each is a valid
//! argument from the rules: no step assumes the puzzle has one solution.
//! Only a guess, when the techniques run out, reads the solution.

pub mod techniques;

use std::fmt;

use multicover::Settings;

use super::{Aquarium, Water, solve};

/// How hard a puzzle is: the hardest group of techniques it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Finished and full lines, pieces too wide for their row.
    Easy,
    /// Also pieces a row needs, and tank levels a column forces from below
    /// or caps from above.
    Medium,
    /// Also the sums of pieces that can make a line's clue.
    Hard,
    /// Also two lines at once.
    Expert,
    /// Also a contradiction: "if this were water..." followed to a line that
    /// cannot be met.
    Extreme,
    /// The techniques run out: some tank needs a guess.
    Guess,
}

impl Level {
    pub const ALL: [Level; 6] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme, Level::Guess];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::Guess => "guess",
        }
    }

    /// 1 for the easiest level, counting up.
    pub fn rank(self) -> u32 {
        self as u32 + 1
    }

    /// The level of a name [`Level::name`] gives.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The techniques, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A line already holds its clue's water: its open cells are air.
    FinishedLine,
    /// A line's open cells are exactly the water it still needs.
    FullLine,
    /// A tank's piece in a row is wider than the water the row has left.
    TooWide,
    /// A row cannot reach its clue without a tank's piece.
    PieceNeeded,
    /// A tank would bring more water to a column than it has left: its
    /// level is capped from above ("air is upside-down water").
    LevelFromAbove,
    /// A column cannot reach its clue without some of a tank's cells in it:
    /// its level is forced from below.
    LevelFromBelow,
    /// No sum of what the tanks can give a line makes its clue with a tank
    /// at some levels.
    PieceSums,
    /// Two lines sharing tanks, counted together.
    TwoLines,
    /// Supposing a cell water (or air) leads, by the techniques above, to a
    /// line that cannot be met.
    Contradiction,
    /// No technique applies; the solution's level for one tank.
    Guess,
}

impl Technique {
    pub const ALL: [Technique; 10] = [
        Technique::FinishedLine,
        Technique::FullLine,
        Technique::TooWide,
        Technique::PieceNeeded,
        Technique::LevelFromAbove,
        Technique::LevelFromBelow,
        Technique::PieceSums,
        Technique::TwoLines,
        Technique::Contradiction,
        Technique::Guess,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::FinishedLine => "finished line",
            Technique::FullLine => "full line",
            Technique::TooWide => "too wide",
            Technique::PieceNeeded => "piece needed",
            Technique::LevelFromAbove => "level from above",
            Technique::LevelFromBelow => "level from below",
            Technique::PieceSums => "piece sums",
            Technique::TwoLines => "two lines",
            Technique::Contradiction => "contradiction",
            Technique::Guess => "guess",
        }
    }

    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FinishedLine | FullLine | TooWide => Level::Easy,
            PieceNeeded | LevelFromAbove | LevelFromBelow => Level::Medium,
            PieceSums => Level::Hard,
            TwoLines => Level::Expert,
            Contradiction => Level::Extreme,
            Guess => Level::Guess,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: what a person would say, and the cells it settles as
/// (row, column, water), 0-based, in reading order. The text numbers rows,
/// columns and tanks from 1, tanks in order of first appearance (empty from
/// [`grade_without_words`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    pub text: String,
    pub settles: Vec<(usize, usize, bool)>,
}

/// A puzzle's grade: its level and every step of the solution.
#[derive(Clone, Debug)]
pub struct Grading {
    pub level: Level,
    pub steps: Vec<Step>,
    /// Whether the steps settle every cell. Only a puzzle with no solution
    /// or several stops short: a guess needs the one solution.
    pub complete: bool,
}

impl Grading {
    /// How often each technique was used, in the order they are tried.
    pub fn counts(&self) -> Vec<(Technique, usize)> {
        Technique::ALL
            .iter()
            .map(|&t| (t, self.steps.iter().filter(|s| s.technique == t).count()))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// "finished line 12, too wide 5, piece needed 3".
    pub fn summary(&self) -> String {
        self.counts().iter().map(|(t, n)| format!("{t} {n}")).collect::<Vec<_>>().join(", ")
    }
}

/// Grades a puzzle. When the techniques run out, the engine solves the
/// puzzle (checked by the verifier) for the guess; a puzzle without exactly
/// one solution then stops there, graded [`Level::Guess`] and not complete.
pub fn grade(puzzle: &Aquarium) -> Grading {
    grade_inner(puzzle, None, true)
}

/// Like [`grade`], for a puzzle whose one solution the caller already has
/// (proved unique): a guess reads it instead of solving again.
pub fn grade_knowing(puzzle: &Aquarium, solution: &Water) -> Grading {
    grade_inner(puzzle, Some(solution), true)
}

/// Like [`grade_knowing`], with the same level and steps, but every step's
/// [`Step::text`] left empty: for a caller that keeps only the technique
/// and the cells of each step (an archive's stored hints), as putting the
/// steps into words costs about a tenth of the grading.
pub fn grade_without_words(puzzle: &Aquarium, solution: &Water) -> Grading {
    grade_inner(puzzle, Some(solution), false)
}

fn grade_inner(puzzle: &Aquarium, known: Option<&Water>, words: bool) -> Grading {
    let shape = Shape::new(puzzle);
    let mut board = Board::new(&shape);
    let mut steps = Vec::new();
    let mut level = Level::Easy;
    let mut solution: Option<Option<Water>> = known.map(|w| Some(w.clone()));
    let mut memo = techniques::Memo::new(&shape, words);
    // What may have broken since the last check: at first everything, then
    // the tanks a step narrowed and their lines (the others are as they were).
    let (mut tanks, mut lines): (Vec<usize>, Vec<usize>) = ((0..shape.tanks()).collect(), (0..shape.lines()).collect());
    while !board.is_solved() {
        if !board.consistent(&shape, &tanks, &lines) {
            break;
        }
        let found = techniques::next_step(&shape, &board, &mut memo);
        let (technique, text, next) = match found {
            Some(found) => found,
            None => {
                let water = solution.get_or_insert_with(|| unique_solution(puzzle));
                match water {
                    Some(water) if water.width() == shape.width && water.height() == shape.height => {
                        techniques::guess(&shape, &board, water, words)
                    }
                    _ => {
                        level = Level::Guess;
                        break;
                    }
                }
            }
        };
        let settles = board.settles(&shape, &next);
        if settles.is_empty() {
            break; // a step that settles nothing would repeat forever
        }
        level = level.max(technique.level());
        steps.push(Step { technique, text, settles });
        memo.moved(&board, &next, &mut tanks, &mut lines);
        board = next;
    }
    let complete = board.is_solved();
    if !complete {
        level = Level::Guess;
    }
    Grading { level, steps, complete }
}

fn unique_solution(puzzle: &Aquarium) -> Option<Water> {
    let report = solve(puzzle, 2, Settings::default()).ok()?;
    report.is_unique().then(|| report.solutions.into_iter().next()).flatten()
}

/// What a tank gives a line at each of its levels.
#[derive(Clone, Debug)]
struct Part {
    tank: usize,
    /// The tank's top row, kept here so that reading the fill needs
    /// nothing else.
    top: usize,
    /// Where the part's fill starts in [`Shape::fill`]: `fill[start + k]`
    /// is the tank's cells in the line at or below row `top + k`, that is
    /// its water there when its surface is row `top + k` (`k` up to the
    /// tank's height, where it is empty). One vector for every part: a
    /// puzzle has hundreds of parts, and grading is often quicker than
    /// allocating each its own.
    start: usize,
}

/// The puzzle's geometry, worked out once: tanks' rows and cells, and what
/// each tank gives each line.
#[derive(Clone, Debug)]
struct Shape {
    width: usize,
    height: usize,
    /// Top and bottom row of each tank.
    top: Vec<usize>,
    bottom: Vec<usize>,
    /// Each tank's cells, row by row, left to right.
    cells: Vec<Vec<(usize, usize)>>,
    /// Lines: rows `0..height`, then columns; each with its clue and parts.
    clues: Vec<u32>,
    parts: Vec<Vec<Part>>,
    fill: Vec<u32>,
    /// `slot[line * tanks + t]`: the index of tank `t`'s part in
    /// `parts[line]`, `u32::MAX` when it has no cells there; counting two
    /// lines together looks parts up by tank thousands of times a puzzle.
    slot: Vec<u32>,
}

impl Shape {
    fn new(puzzle: &Aquarium) -> Shape {
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
    fn part_in(&self, line: usize, t: usize) -> Option<&Part> {
        let k = self.slot[line * self.tanks() + t];
        (k != u32::MAX).then(|| &self.parts[line][k as usize])
    }

    fn tanks(&self) -> usize {
        self.top.len()
    }

    fn lines(&self) -> usize {
        self.height + self.width
    }

    fn line_name(&self, line: usize) -> String {
        if line < self.height { format!("row {}", line + 1) } else { format!("column {}", line - self.height + 1) }
    }

    fn is_row(&self, line: usize) -> bool {
        line < self.height
    }

    /// What `part`'s tank gives its line with its surface at row `s`.
    fn gives(&self, part: &Part, s: usize) -> u32 {
        self.fill[part.start + s - part.top]
    }
}

/// What is known: each tank's surface (its top water row; one past its
/// bottom when empty) lies in `lo..=hi`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Board {
    lo: Vec<usize>,
    hi: Vec<usize>,
}

impl Board {
    fn new(shape: &Shape) -> Board {
        Board { lo: shape.top.clone(), hi: shape.bottom.iter().map(|b| b + 1).collect() }
    }

    fn is_solved(&self) -> bool {
        self.lo == self.hi
    }

    fn open(&self, tank: usize) -> bool {
        self.lo[tank] < self.hi[tank]
    }

    /// Water already in a line (every tank as low as it may be).
    fn known(&self, shape: &Shape, line: usize) -> u32 {
        shape.parts[line].iter().map(|p| shape.gives(p, self.hi[p.tank])).sum()
    }

    /// Water a line holds with every tank as high as it may be.
    fn most(&self, shape: &Shape, line: usize) -> u32 {
        shape.parts[line].iter().map(|p| shape.gives(p, self.lo[p.tank])).sum()
    }

    /// [`Board::known`] and [`Board::most`] of a line in one pass.
    fn known_most(&self, shape: &Shape, line: usize) -> (u32, u32) {
        shape.parts[line].iter().fold((0, 0), |(known, most), p| {
            (known + shape.gives(p, self.hi[p.tank]), most + shape.gives(p, self.lo[p.tank]))
        })
    }

    /// None of `lines` is already over its clue or short of it with every
    /// tank full, and none of `tanks` has an empty range.
    fn consistent(&self, shape: &Shape, tanks: &[usize], lines: &[usize]) -> bool {
        tanks.iter().all(|&t| self.lo[t] <= self.hi[t])
            && lines.iter().all(|&l| {
                let clue = shape.clues[l];
                let (known, most) = self.known_most(shape, l);
                known <= clue && most >= clue
            })
    }

    /// The cells `next` settles that `self` left open, in reading order.
    fn settles(&self, shape: &Shape, next: &Board) -> Vec<(usize, usize, bool)> {
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

#[cfg(test)]
mod tests;
