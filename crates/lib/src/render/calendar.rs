//! A calendar board as text: each cell three characters wide, covered
//! cells as their piece's letter three times (so pieces read as blocks),
//! open cells as their label, cells off the board blank.

use crate::kinds::calendar::{Cell, MONTHS, Tiling, Variant, WEEKDAYS};

fn label(cell: Cell) -> String {
    match cell {
        Cell::Blocked => "   ".into(),
        Cell::Plain => " . ".into(),
        Cell::Month(m) => MONTHS[m as usize - 1].into(),
        Cell::Day(d) => format!("{d:>3}"),
        Cell::Weekday(w) => WEEKDAYS[w as usize].into(),
    }
}

/// Draws the board, with the pieces when a tiling is given:
///
/// ```text
/// Jan AAA AAA BBB ...
/// ```
pub fn board(variant: &Variant, tiling: Option<&Tiling>) -> String {
    let mut out = String::new();
    for r in 0..variant.height() {
        let cells: Vec<String> = (0..variant.width())
            .map(|c| match tiling.and_then(|t| t.piece_at(variant, r, c)) {
                Some(k) => variant.pieces()[k].letter.to_string().repeat(3),
                None => label(variant.cell(r, c)),
            })
            .collect();
        out.push_str(cells.join(" ").trim_end());
        out.push('\n');
    }
    out
}
