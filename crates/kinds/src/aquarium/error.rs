use std::fmt;

use crate::count_of;

/// What can be wrong with an Aquarium puzzle as written or as given.
/// Line numbers count from 1 in the text that was read.
///
/// Shown alone, an error names its line (`line 4: ...`); a caller that
/// names the file as well gives `FILE:LINE:` from [`AquariumError::line`]
/// and then the [`AquariumError::message`], so that one place is named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AquariumError {
    Empty,
    EmptyGrid,
    TooLarge {
        width: usize,
        height: usize,
    },
    NotANumber {
        line: usize,
        token: String,
        what: &'static str,
    },
    RaggedRow {
        line: usize,
        expected: usize,
        found: usize,
    },
    /// The row clues are not one a row: read from a text, `line` is the
    /// line taken as the row clues.
    RowClueCount {
        line: Option<usize>,
        expected: usize,
        found: usize,
    },
    /// The column clues are not one a column: read from a text, `line` is
    /// the line taken as the column clues.
    ColumnClueCount {
        line: Option<usize>,
        expected: usize,
        found: usize,
    },
    /// Every line of the puzzle is as wide as its first, as rows of tanks
    /// are, and they do not make a puzzle: a clue line or both are
    /// missing. `line` is the puzzle's last line.
    MissingClues {
        line: usize,
        lines: usize,
        width: usize,
    },
    TooFewLines {
        line: usize,
        found: usize,
    },
    CellCount {
        expected: usize,
        found: usize,
    },
    BadSolutionChar {
        line: usize,
        found: char,
    },
    ClueTooLarge {
        what: &'static str,
        index: usize,
        clue: u32,
        cells: usize,
    },
    ClueSumsDiffer {
        rows: u32,
        cols: u32,
    },
    TankInPieces {
        tank: u32,
        row: usize,
        col: usize,
    },
    SeveralPuzzles {
        found: usize,
    },
    WrongSolution(String),
    Task(String),
}

/// "3 numbers", "1 number".
fn numbers(n: usize) -> String {
    count_of(n as u64, "number", "numbers")
}

impl AquariumError {
    /// The line the fault is on, when it is on one.
    pub fn line(&self) -> Option<usize> {
        match self {
            AquariumError::NotANumber { line, .. }
            | AquariumError::RaggedRow { line, .. }
            | AquariumError::MissingClues { line, .. }
            | AquariumError::TooFewLines { line, .. }
            | AquariumError::BadSolutionChar { line, .. } => Some(*line),
            AquariumError::RowClueCount { line, .. } | AquariumError::ColumnClueCount { line, .. } => *line,
            _ => None,
        }
    }

    /// What is wrong, without its line.
    pub fn message(&self) -> String {
        match self {
            AquariumError::Empty => "no puzzle: the input is empty".to_string(),
            AquariumError::EmptyGrid => "the grid has no cells".to_string(),
            AquariumError::TooLarge { width, height } => {
                format!("a {width}x{height} grid is too large: at most {} cells a side", super::MAX_SIDE)
            }
            AquariumError::NotANumber { token, what, .. } => format!("`{token}` is not a {what}"),
            AquariumError::RaggedRow { expected, found, .. } => {
                format!("this row has {found} cells, the first row has {expected}")
            }
            AquariumError::RowClueCount { line: Some(_), expected, found } => format!(
                "this line, the second-last of the puzzle, is read as its row clues and has {}, but the puzzle has \
                 {} of tanks above it (one clue a row)",
                numbers(*found),
                count_of(*expected as u64, "row", "rows")
            ),
            AquariumError::RowClueCount { line: None, expected, found } => {
                format!("expected {expected} row clues (one a row), found {found}")
            }
            AquariumError::ColumnClueCount { line: Some(_), expected, found } => format!(
                "this line, the last of the puzzle, is read as its column clues and has {}, but its rows of tanks \
                 have {} (one clue a column)",
                numbers(*found),
                count_of(*expected as u64, "column", "columns")
            ),
            AquariumError::ColumnClueCount { line: None, expected, found } => {
                format!("expected {expected} column clues (one a column), found {found}")
            }
            AquariumError::MissingClues { lines, width, .. } => format!(
                "the puzzle ends here without its clue lines (or one of them): its {lines} lines all have {}, as rows \
                 of tanks do; after them come a line of row clues (one a row) and a line of column clues (one a \
                 column)",
                numbers(*width)
            ),
            AquariumError::TooFewLines { found, .. } => format!(
                "a puzzle is its rows of tanks, then a line of row clues and a line of column clues; this one has \
                 only {}",
                count_of(*found as u64, "line", "lines")
            ),
            AquariumError::CellCount { expected, found } => format!("expected {expected} cells, found {found}"),
            AquariumError::BadSolutionChar { found, .. } => {
                format!("`{found}` is not a solution cell (use 1 or ~ for water, 0 or . for none)")
            }
            AquariumError::ClueTooLarge { what, index, clue, cells } => {
                format!("{what} {index} has clue {clue}, more than its {cells} cells")
            }
            AquariumError::ClueSumsDiffer { rows, cols } => {
                format!("the row clues add up to {rows} but the column clues to {cols}")
            }
            AquariumError::TankInPieces { tank, row, col } => {
                format!("tank {tank} is in separate pieces (one piece starts at row {row}, column {col})")
            }
            AquariumError::SeveralPuzzles { found } => {
                format!("expected one puzzle, found {found} separated by blank lines")
            }
            AquariumError::WrongSolution(why) => format!(
                "internal error: the engine returned water that breaks the rules ({why}); please report this puzzle"
            ),
            AquariumError::Task(why) => format!("task string: {why}"),
        }
    }
}

impl fmt::Display for AquariumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line() {
            write!(f, "line {line}: ")?;
        }
        f.write_str(&self.message())
    }
}

impl std::error::Error for AquariumError {}
