//! The rules, checked by direct counting: no engine involved.

use super::Thermometers;
use crate::task::answer_cells;

/// The answer's mercury, a flag a cell, row-major: `y` mercury, `n` none.
pub(crate) fn mercury(board: &Thermometers, answer: &str) -> Result<Vec<bool>, String> {
    Ok(answer_cells(answer, board.size(), "ny")?.into_iter().map(|c| c == 1).collect())
}

/// The first rule an answer breaks: mercury only in thermometers, each
/// filled from its bulb without a gap, and every row and column holding as
/// much mercury as its clue says.
pub(crate) fn check(board: &Thermometers, answer: &str) -> Result<(), String> {
    let mercury = mercury(board, answer)?;
    let mut in_thermometer = vec![false; mercury.len()];
    for (n, thermometer) in board.thermometers().iter().enumerate() {
        let bulb = board.place(thermometer.cells[0]);
        let mut empty_below = None;
        for &cell in &thermometer.cells {
            in_thermometer[cell] = true;
            match (mercury[cell], empty_below) {
                (false, None) => empty_below = Some(cell),
                (true, Some(gap)) => {
                    return Err(format!(
                        "thermometer {} (bulb at {bulb}) is not filled from its bulb: {} holds mercury past the \
                         empty {}",
                        n + 1,
                        board.place(cell),
                        board.place(gap)
                    ));
                }
                _ => {}
            }
        }
    }
    if let Some(cell) = (0..mercury.len()).find(|&c| mercury[c] && !in_thermometer[c]) {
        return Err(format!("{} holds mercury but is in no thermometer", board.place(cell)));
    }
    let width = board.size().width;
    for (row, &clue) in board.row_clues().iter().enumerate() {
        let found = mercury[row * width..(row + 1) * width].iter().filter(|&&m| m).count();
        if found != clue as usize {
            return Err(format!("row {} holds {found} mercury cells, its clue says {clue}", row + 1));
        }
    }
    for (col, &clue) in board.col_clues().iter().enumerate() {
        let found = mercury.iter().skip(col).step_by(width).filter(|&&m| m).count();
        if found != clue as usize {
            return Err(format!("column {} holds {found} mercury cells, its clue says {clue}", col + 1));
        }
    }
    Ok(())
}
