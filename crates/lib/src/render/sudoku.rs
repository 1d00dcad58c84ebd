//! A Sudoku grid as framed text, boxes outlined.

use crate::kinds::sudoku::Grid;

/// Draws a grid, `.` for blanks:
///
/// ```text
/// +-------+-------+-------+
/// | 5 3 . | . 7 . | . . . |
/// ...
/// ```
pub fn framed(grid: &Grid) -> String {
    let rule = "+-------+-------+-------+\n";
    let mut out = String::new();
    for (r, row) in grid.to_rows().iter().enumerate() {
        if r % 3 == 0 {
            out.push_str(rule);
        }
        for (c, ch) in row.chars().enumerate() {
            if c % 3 == 0 {
                out.push_str("| ");
            }
            out.push(ch);
            out.push(' ');
        }
        out.push_str("|\n");
    }
    out.push_str(rule);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_boxes_and_blanks() {
        let grid = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
        let text = framed(&grid);
        assert_eq!(text.lines().count(), 13);
        assert_eq!(text.lines().nth(1), Some("| 5 . . | . . . | . . . |"));
    }
}
