//! A Sudoku grid: thin cell lines, thick box lines, the givens in black and
//! the digits a solution fills in blue (in `<g class="solution">`).

use std::fmt::Write;

use super::open;
use crate::kinds::sudoku::Grid;

pub const CELL: f64 = 36.0;
/// The colour of the digits the solver filled in.
pub const FILLED: &str = "#1f5fbf";

/// Draws the puzzle's givens, and the solution's other digits when given.
pub fn board(puzzle: &Grid, solution: Option<&Grid>, title: &str) -> String {
    let m = 2.0;
    let side = 9.0 * CELL + 2.0 * m;
    let at = |k: usize| m + k as f64 * CELL;
    let mut out = open("board sudoku", side, side, title);
    let _ = write!(out, "<rect x=\"{m}\" y=\"{m}\" width=\"{0}\" height=\"{0}\" fill=\"#fff\"/>", 9.0 * CELL);
    let size = CELL * 0.6;
    let digit = |out: &mut String, r: usize, c: usize, d: u8| {
        let _ = write!(out, "<text x=\"{}\" y=\"{}\">{d}</text>", at(c) + CELL / 2.0, at(r) + CELL / 2.0 + size * 0.36);
    };
    let _ = write!(
        out,
        "<g class=\"givens\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#000\">"
    );
    for r in 0..9 {
        for c in 0..9 {
            if puzzle.get(r, c) != 0 {
                digit(&mut out, r, c, puzzle.get(r, c));
            }
        }
    }
    out.push_str("</g>");
    if let Some(solution) = solution {
        let _ =
            write!(out, "<g class=\"solution filled\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{FILLED}\">");
        for r in 0..9 {
            for c in 0..9 {
                if puzzle.get(r, c) == 0 && solution.get(r, c) != 0 {
                    digit(&mut out, r, c, solution.get(r, c));
                }
            }
        }
        out.push_str("</g>");
    }
    let (mut thin, mut thick) = (String::new(), String::new());
    for k in 0..=9 {
        let path = if k % 3 == 0 { &mut thick } else { &mut thin };
        let _ = write!(path, "M{} {}H{}M{} {}V{}", at(0), at(k), at(9), at(k), at(0), at(9));
    }
    let _ = write!(out, "<path d=\"{thin}\" stroke=\"#999\" stroke-width=\"1\" fill=\"none\"/>");
    let _ = writeln!(
        out,
        "<path d=\"{thick}\" stroke=\"#000\" stroke-width=\"3\" stroke-linecap=\"square\" fill=\"none\"/></svg>"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_and_filled_digits_apart() {
        let puzzle = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
        let mut cells = [1u8; 81];
        cells[0] = 5;
        let solution = Grid::from_cells(cells).unwrap();
        let svg = board(&puzzle, Some(&solution), "");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let count = |class: &str| {
            doc.descendants()
                .find(|n| n.attribute("class") == Some(class))
                .map_or(0, |g| g.children().filter(|n| n.has_tag_name("text")).count())
        };
        assert_eq!(count("givens"), 1);
        assert_eq!(count("solution filled"), 80);
    }
}
