//! The rules, checked directly: no engine, no search.

use std::fmt;

use super::{Cell, Date, Tiling, Variant};

/// A broken rule. Rows and columns count from 1 for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    WrongSize { expected: usize, found: usize },
    CoveredOffBoard { row: usize, col: usize },
    CoveredDate { row: usize, col: usize },
    Uncovered { row: usize, col: usize },
    NoSuchPiece { index: usize },
    WrongShape { piece: char },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::WrongSize { expected, found } => write!(f, "{found} cells, the board has {expected}"),
            Violation::CoveredOffBoard { row, col } => {
                write!(f, "row {row}, column {col} is off the board but covered")
            }
            Violation::CoveredDate { row, col } => write!(f, "row {row}, column {col} shows the date but is covered"),
            Violation::Uncovered { row, col } => write!(f, "row {row}, column {col} is not covered"),
            Violation::NoSuchPiece { index } => write!(f, "a cell is covered by piece {index}, which does not exist"),
            Violation::WrongShape { piece } => write!(f, "piece {piece}'s cells are not its shape (or it is missing)"),
        }
    }
}

/// Whether `tiling` solves `date` on `variant`: the date's cells and the
/// cells off the board are bare, every other cell is covered, and each
/// piece covers exactly one turned or flipped copy of its shape.
pub fn verify(variant: &Variant, date: &Date, tiling: &Tiling) -> Result<(), Violation> {
    let (w, h) = (variant.width(), variant.height());
    if tiling.cells.len() != w * h {
        return Err(Violation::WrongSize { expected: w * h, found: tiling.cells.len() });
    }
    let open = variant.open_cells(date);
    let mut by_piece: Vec<Vec<(usize, usize)>> = vec![Vec::new(); variant.pieces().len()];
    for (i, &covered) in tiling.cells.iter().enumerate() {
        let (row, col) = (i / w, i % w);
        let at = (row + 1, col + 1);
        match (covered, variant.cell(row, col), open[i]) {
            (Some(_), Cell::Blocked, _) => return Err(Violation::CoveredOffBoard { row: at.0, col: at.1 }),
            (Some(_), _, true) => return Err(Violation::CoveredDate { row: at.0, col: at.1 }),
            (None, Cell::Blocked, _) | (None, _, true) => {}
            (None, _, false) => return Err(Violation::Uncovered { row: at.0, col: at.1 }),
            (Some(k), _, false) => {
                let cells = by_piece.get_mut(k as usize).ok_or(Violation::NoSuchPiece { index: k as usize })?;
                cells.push((row, col));
            }
        }
    }
    for (k, cells) in by_piece.iter_mut().enumerate() {
        // Cells arrive in row-major order, so shifting keeps them sorted.
        let r0 = cells.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|p| p.1).min().unwrap_or(0);
        for p in cells.iter_mut() {
            *p = (p.0 - r0, p.1 - c0);
        }
        if !variant.shapes(k).contains(cells) {
            return Err(Violation::WrongShape { piece: variant.pieces()[k].letter });
        }
    }
    Ok(())
}
