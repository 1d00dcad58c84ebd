use thiserror::Error;

/// What can be wrong with an Aquarium puzzle as written or as given.
/// Line numbers count from 1 in the text that was read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum AquariumError {
    #[error("no puzzle: the input is empty")]
    Empty,
    #[error("the grid has no cells")]
    EmptyGrid,
    #[error("a {width}x{height} grid is too large: at most {max} cells a side", max = super::MAX_SIDE)]
    TooLarge { width: usize, height: usize },
    #[error("line {line}: `{token}` is not a {what}")]
    NotANumber { line: usize, token: String, what: &'static str },
    #[error("line {line}: this row has {found} cells, the first row has {expected}")]
    RaggedRow { line: usize, expected: usize, found: usize },
    #[error("{}expected {expected} row clues (one per row), found {found}", at(.line))]
    RowClueCount { line: Option<usize>, expected: usize, found: usize },
    #[error("{}expected {expected} column clues (one per column), found {found}", at(.line))]
    ColumnClueCount { line: Option<usize>, expected: usize, found: usize },
    #[error(
        "line {line}: a puzzle is its rows of tanks, then a line of row clues and a line of column clues; this one has only {}", crate::count_of(*.found as u64, "line", "lines")
    )]
    TooFewLines { line: usize, found: usize },
    #[error("expected {expected} cells, found {found}")]
    CellCount { expected: usize, found: usize },
    #[error("line {line}: `{found}` is not a solution cell (use 1 or ~ for water, 0 or . for none)")]
    BadSolutionChar { line: usize, found: char },
    #[error("{what} {index} has clue {clue}, more than its {cells} cells")]
    ClueTooLarge { what: &'static str, index: usize, clue: u32, cells: usize },
    #[error("the row clues add up to {rows} but the column clues to {cols}")]
    ClueSumsDiffer { rows: u32, cols: u32 },
    #[error("tank {tank} is in separate pieces (one piece starts at row {row}, column {col})")]
    TankInPieces { tank: u32, row: usize, col: usize },
    #[error("expected one puzzle, found {found} separated by blank lines")]
    SeveralPuzzles { found: usize },
    #[error("internal error: the engine returned water that breaks the rules ({0}); please report this puzzle")]
    WrongSolution(String),
    #[error("task string: {0}")]
    Task(String),
}

fn at(line: &Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
}
