//! The text format (tank rows, row clues, column clues) and the site's
//! `task` string.

use std::fmt;

use super::{Aquarium, AquariumError};

const TANK_NUMBER: &str = "tank number (a whole number)";
const CLUE: &str = "clue (a whole number)";

/// One puzzle of a text that may hold several, with its line.
#[derive(Clone, Debug)]
pub struct ParsedBlock {
    /// The line the puzzle starts on; for one that cannot be read, the
    /// line of the fault when it is on one (see [`AquariumError::line`]).
    pub line: usize,
    pub puzzle: Result<Aquarium, AquariumError>,
}

/// Splits a text into puzzles: blocks separated by blank lines, `#` lines
/// being comments. An empty text is one block that is [`AquariumError::Empty`].
pub fn parse_blocks(text: &str) -> Vec<ParsedBlock> {
    let mut blocks = Vec::new();
    let mut current: Vec<(usize, &str)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('#') {
            continue;
        }
        if trimmed.is_empty() {
            if !current.is_empty() {
                blocks.push(block(&current));
                current.clear();
            }
            continue;
        }
        current.push((n + 1, trimmed));
    }
    if !current.is_empty() {
        blocks.push(block(&current));
    }
    if blocks.is_empty() {
        blocks.push(ParsedBlock { line: 1, puzzle: Err(AquariumError::Empty) });
    }
    blocks
}

fn block(lines: &[(usize, &str)]) -> ParsedBlock {
    let puzzle = parse_lines(lines);
    let line = puzzle.as_ref().err().and_then(AquariumError::line).unwrap_or(lines[0].0);
    ParsedBlock { line, puzzle }
}

fn numbers<T: std::str::FromStr>(line: usize, text: &str, what: &'static str) -> Result<Vec<T>, AquariumError> {
    text.split_whitespace()
        .map(|token| token.parse().map_err(|_| AquariumError::NotANumber { line, token: token.into(), what }))
        .collect()
}

fn parse_lines(lines: &[(usize, &str)]) -> Result<Aquarium, AquariumError> {
    if lines.len() < 3 {
        return Err(AquariumError::TooFewLines { line: lines[0].0, found: lines.len() });
    }
    let (grid, clues) = lines.split_at(lines.len() - 2);
    let height = grid.len();
    let mut labels: Vec<i64> = Vec::new();
    let mut width = 0;
    for (i, &(line, text)) in grid.iter().enumerate() {
        let row: Vec<i64> = numbers(line, text, TANK_NUMBER)?;
        if i == 0 {
            width = row.len();
            if width > super::MAX_SIDE || height > super::MAX_SIDE {
                return Err(AquariumError::TooLarge { width, height });
            }
        } else if row.len() != width {
            return Err(AquariumError::RaggedRow { line, expected: width, found: row.len() });
        }
        labels.extend(row);
    }
    let (row_line, row_text) = clues[0];
    let (col_line, col_text) = clues[1];
    let row_clues: Vec<u32> = numbers(row_line, row_text, CLUE)?;
    let col_clues: Vec<u32> = numbers(col_line, col_text, CLUE)?;
    // Every line as wide as the rows of tanks, and no puzzle: a clue line
    // (or both) is not there.
    if row_clues.len() != height && row_clues.len() == width && col_clues.len() == width {
        let (last, _) = lines[lines.len() - 1];
        return Err(AquariumError::MissingClues { line: last, lines: lines.len(), width });
    }
    if row_clues.len() != height {
        return Err(AquariumError::RowClueCount { line: Some(row_line), expected: height, found: row_clues.len() });
    }
    if col_clues.len() != width {
        return Err(AquariumError::ColumnClueCount { line: Some(col_line), expected: width, found: col_clues.len() });
    }
    Aquarium::new(width, height, &labels, row_clues, col_clues)
}

impl Aquarium {
    /// Reads one puzzle in the text format.
    pub fn parse_text(text: &str) -> Result<Aquarium, AquariumError> {
        let mut blocks = parse_blocks(text);
        match blocks.len() {
            1 => blocks.pop().expect("one block").puzzle,
            found => Err(AquariumError::SeveralPuzzles { found }),
        }
    }

    /// The site's `task` string: the column clues then the row clues joined
    /// by `_`, a `;`, then the tank of every cell row-major, numbered from 1
    /// in order of first appearance, joined by `,`.
    pub fn to_task(&self) -> String {
        let clues: Vec<String> = self.col_clues.iter().chain(&self.row_clues).map(u32::to_string).collect();
        let tanks: Vec<String> = self.tanks.iter().map(|t| (t + 1).to_string()).collect();
        format!("{};{}", clues.join("_"), tanks.join(","))
    }

    /// Reads a square puzzle's `task` string (see [`Aquarium::to_task`]).
    pub fn parse_task(task: &str) -> Result<Aquarium, AquariumError> {
        Self::parse_task_sized(task, None)
    }

    /// Reads a `task` string of a grid whose width and height are known
    /// (the site's page gives them); `None` means square.
    pub fn parse_task_sized(task: &str, size: Option<(usize, usize)>) -> Result<Aquarium, AquariumError> {
        let bad = |why: String| AquariumError::Task(why);
        let task = task.trim();
        if task.is_empty() {
            return Err(AquariumError::Empty);
        }
        let (clue_text, tank_text) =
            task.split_once(';').ok_or_else(|| bad("no `;` between the clues and the tanks".into()))?;
        let clues: Vec<u32> = clue_text
            .split('_')
            .map(|t| t.trim().parse().map_err(|_| bad(format!("clue `{t}` is not a whole number"))))
            .collect::<Result<_, _>>()?;
        let tanks: Vec<u64> = tank_text
            .split(',')
            .map(|t| t.trim().parse().map_err(|_| bad(format!("tank `{t}` is not a whole number"))))
            .collect::<Result<_, _>>()?;
        let (width, height) = match size {
            Some(size) => size,
            None => {
                let n = clues.len() / 2;
                if !clues.len().is_multiple_of(2) || n * n != tanks.len() {
                    return Err(bad(format!(
                        "{} clues and {} cells do not make a square grid (a square of side N has 2N clues and N*N cells)",
                        clues.len(),
                        tanks.len()
                    )));
                }
                (n, n)
            }
        };
        // A page's sizes are outside input: beyond MAX_SIDE their sum or
        // product could overflow.
        if width > super::MAX_SIDE || height > super::MAX_SIDE {
            return Err(AquariumError::TooLarge { width, height });
        }
        if clues.len() != width + height || tanks.len() != width * height {
            return Err(bad(format!(
                "a {width}x{height} grid needs {} clues and {} cells, found {} and {}",
                width + height,
                width * height,
                clues.len(),
                tanks.len()
            )));
        }
        let col_clues = clues[..width].to_vec();
        let row_clues = clues[width..].to_vec();
        Aquarium::new(width, height, &tanks, row_clues, col_clues)
    }
}

/// The text format: one line of tank numbers (from 1) per row, the row
/// clues, the column clues.
impl fmt::Display for Aquarium {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = |f: &mut fmt::Formatter<'_>, values: &mut dyn Iterator<Item = u32>| {
            for (k, v) in values.enumerate() {
                if k > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{v}")?;
            }
            f.write_str("\n")
        };
        for row in self.tanks.chunks(self.width) {
            line(f, &mut row.iter().map(|t| t + 1))?;
        }
        line(f, &mut self.row_clues.iter().copied())?;
        line(f, &mut self.col_clues.iter().copied())
    }
}
