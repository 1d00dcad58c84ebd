//! The rules, checked by walking the rows and columns: no engine involved.

use super::{Cell, LightUp};
use crate::task::answer_cells;

/// The answer's bulbs, a flag a cell, row-major: `y` a bulb, `n` none.
pub(crate) fn bulbs(board: &LightUp, answer: &str) -> Result<Vec<bool>, String> {
    Ok(answer_cells(answer, board.size(), "ny")?.into_iter().map(|c| c == 1).collect())
}

/// The first rule an answer breaks: bulbs only on white cells, no bulb lit
/// by another, every numbered cell with that many bulbs next to it, and
/// every white cell lit.
pub(crate) fn check(board: &LightUp, answer: &str) -> Result<(), String> {
    let bulbs = bulbs(board, answer)?;
    let cells = board.cells();
    if let Some(cell) = (0..cells.len()).find(|&c| bulbs[c] && cells[c] != Cell::White) {
        return Err(format!("a bulb at {}, which is a black cell", board.place(cell)));
    }
    let (width, height) = (board.size().width, board.size().height);
    let mut lit = vec![false; cells.len()];
    for bulb in (0..cells.len()).filter(|&c| bulbs[c]) {
        lit[bulb] = true;
        let (row, col) = (bulb / width, bulb % width);
        // Walk out of the bulb each way until a black cell or the edge.
        let ways: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        for (dr, dc) in ways {
            let (mut r, mut c) = (row as isize + dr, col as isize + dc);
            while r >= 0 && c >= 0 && (r as usize) < height && (c as usize) < width {
                let cell = r as usize * width + c as usize;
                if cells[cell] != Cell::White {
                    break;
                }
                if bulbs[cell] {
                    return Err(format!(
                        "the bulbs at {} and {} light each other",
                        board.place(bulb),
                        board.place(cell)
                    ));
                }
                lit[cell] = true;
                r += dr;
                c += dc;
            }
        }
    }
    for (cell, &kind) in cells.iter().enumerate() {
        if let Cell::Numbered(n) = kind {
            let found = board.neighbours(cell).filter(|&c| bulbs[c]).count();
            if found != usize::from(n) {
                return Err(format!("the {n} at {} has {found} bulbs next to it", board.place(cell)));
            }
        }
    }
    if let Some(cell) = (0..cells.len()).find(|&c| cells[c] == Cell::White && !lit[c]) {
        return Err(format!("{} is not lit", board.place(cell)));
    }
    Ok(())
}
