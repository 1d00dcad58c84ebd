//! The rules, checked by finding the ships the answer draws: no engine
//! involved.

use super::{Battleships, Given, Ship};
use crate::task::answer_cells;

/// The answer's ship cells, a flag a cell, row-major: `y` ship, `n` water.
pub(crate) fn ship_cells(board: &Battleships, answer: &str) -> Result<Vec<bool>, String> {
    Ok(answer_cells(answer, board.size(), "ny")?.into_iter().map(|c| c == 1).collect())
}

/// The first rule an answer breaks: ships straight and not touching, even
/// diagonally; the fleet exactly; every row and column holding as many ship
/// cells as its clue says; the givens as given.
pub(crate) fn check(board: &Battleships, answer: &str) -> Result<(), String> {
    let ship = ship_cells(board, answer)?;
    let size = board.size();
    let (width, height) = (size.width, size.height);
    // Two ship cells diagonally next to each other belong to two ships that
    // touch, or to one that is not straight.
    for cell in (0..ship.len()).filter(|&c| ship[c] && c / width + 1 < height) {
        let col = cell % width;
        let diagonals = [(col > 0).then(|| cell + width - 1), (col + 1 < width).then_some(cell + width + 1)];
        if let Some(other) = diagonals.into_iter().flatten().find(|&o| ship[o]) {
            return Err(format!(
                "the ship cells at {} and {} touch diagonally: ships are straight and do not touch",
                board.place(cell),
                board.place(other)
            ));
        }
    }
    // With no two ship cells diagonally next to each other, every group of
    // ship cells side by side is a straight line (a bend holds a diagonal
    // pair): the run from its first cell in reading order across (or else
    // down) is one ship.
    let mut ships = Vec::new();
    let mut seen = vec![false; ship.len()];
    for first in 0..ship.len() {
        if !ship[first] || seen[first] {
            continue;
        }
        let right = |c: usize| (c % width + 1 < width).then_some(c + 1).filter(|&n| ship[n]);
        let below = |c: usize| (c + width < ship.len()).then_some(c + width).filter(|&n| ship[n]);
        let across = right(first).is_some();
        let next = |c: usize| if across { right(c) } else { below(c) };
        let mut length = 1;
        let mut cell = first;
        while let Some(n) = next(cell) {
            cell = n;
            length += 1;
        }
        let found = Ship { first, length, across: across || length == 1 };
        for cell in found.cells(width) {
            seen[cell] = true;
        }
        ships.push(found);
    }
    let mut counts = vec![0u32; board.fleet().len()];
    for found in &ships {
        match counts.get_mut(found.length - 1) {
            Some(count) => *count += 1,
            None => {
                return Err(format!(
                    "the ship from {} is {} cells long, where the fleet's longest is {}",
                    board.place(found.first),
                    found.length,
                    board.fleet().len()
                ));
            }
        }
    }
    for (length, (&found, &wanted)) in counts.iter().zip(board.fleet()).enumerate().rev() {
        if found != wanted {
            return Err(format!("{found} ships of length {} where the fleet has {wanted}", length + 1));
        }
    }
    for (row, &clue) in board.row_clues().iter().enumerate() {
        let found = ship[row * width..(row + 1) * width].iter().filter(|&&s| s).count();
        if found != clue as usize {
            return Err(format!("row {} holds {found} ship cells, its clue says {clue}", row + 1));
        }
    }
    for (col, &clue) in board.col_clues().iter().enumerate() {
        let found = ship.iter().skip(col).step_by(width).filter(|&&s| s).count();
        if found != clue as usize {
            return Err(format!("column {} holds {found} ship cells, its clue says {clue}", col + 1));
        }
    }
    let mut pieces = vec![Given::Water; ship.len()];
    for found in &ships {
        for (k, cell) in found.cells(width).enumerate() {
            pieces[cell] = found.piece(k);
        }
    }
    for (cell, given) in board.givens().iter().enumerate() {
        if let Some(given) = *given
            && pieces[cell] != given
        {
            return Err(format!(
                "{} is given as {}, but the answer has {} there",
                board.place(cell),
                name(given),
                name(pieces[cell])
            ));
        }
    }
    Ok(())
}

/// A given's shape in words.
pub(crate) fn name(given: Given) -> &'static str {
    match given {
        Given::Water => "water",
        Given::Submarine => "a one-cell ship",
        Given::Middle => "a ship's middle",
        Given::Top => "a ship's top end",
        Given::Right => "a ship's right end",
        Given::Bottom => "a ship's bottom end",
        Given::Left => "a ship's left end",
    }
}
