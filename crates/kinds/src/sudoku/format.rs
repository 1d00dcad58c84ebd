//! The line format: one puzzle per line, `#` lines are comments.

use super::error::SudokuError;
use super::grid::{CELLS, Grid};

/// One puzzle line of a text, with its line number (from 1).
#[derive(Clone, Debug)]
pub struct ParsedLine {
    pub line: usize,
    pub puzzle: Result<Grid, SudokuError>,
}

/// Reads every puzzle line of a text. Blank lines and lines starting with
/// `#` are skipped. A line may carry other fields separated by spaces (an
/// id before, a rating after, as rated collections do): the puzzle is its
/// first 81-character field, or, when none has 81, the line's first field,
/// which then fails with its length. An empty text is one [`SudokuError::Empty`].
pub fn parse_lines(text: &str) -> Vec<ParsedLine> {
    let mut out: Vec<ParsedLine> = text
        .lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            // Most lines are the puzzle alone: read as they are, with no
            // need to split them into fields. A line of 81 bytes that is not
            // a puzzle has either one field (its error is the same) or
            // several, none of 81 characters.
            if line.len() == CELLS
                && let Ok(grid) = Grid::parse(line)
            {
                return Some(ParsedLine { line: n + 1, puzzle: Ok(grid) });
            }
            let mut fields = line.split_whitespace();
            let field = fields.clone().find(|f| f.chars().count() == CELLS).or_else(|| fields.next())?;
            Some(ParsedLine { line: n + 1, puzzle: Grid::parse(field) })
        })
        .collect();
    if out.is_empty() {
        out.push(ParsedLine { line: 1, puzzle: Err(SudokuError::Empty) });
    }
    out
}
