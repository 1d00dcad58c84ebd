//! The rules, checked by direct counting: no engine involved.

use std::collections::BTreeMap;

use super::{Stitch, Stitches};

/// The answer's stitches: the right ones, then the down ones, each in
/// row-major order.
pub(crate) fn stitches(board: &Stitches, answer: &str) -> Result<Vec<Stitch>, String> {
    let cells = board.size().cells();
    if answer.len() != 2 * cells {
        return Err(format!(
            "{} characters where a {} grid takes {} (a cell each for stitches to the right, then a cell each for \
             stitches down)",
            answer.len(),
            board.size(),
            2 * cells
        ));
    }
    let mut stitches = Vec::new();
    for (i, c) in answer.chars().enumerate() {
        let (cell, stitch) = if i < cells { (i, Stitch::Right(i)) } else { (i - cells, Stitch::Down(i - cells)) };
        match c {
            'n' => {}
            'y' => stitches.push(stitch),
            other => {
                let half = if i < cells { "first" } else { "second" };
                return Err(format!("`{other}` for {} in the {half} half is not `y` or `n`", board.place(cell)));
            }
        }
    }
    Ok(stitches)
}

/// The first rule an answer breaks: each stitch joins two cells of
/// different regions, no cell holds two holes, every two neighbouring
/// regions are joined by the same number of stitches, and every row and
/// column holds as many holes as its clue says.
pub(crate) fn check(board: &Stitches, answer: &str) -> Result<(), String> {
    let regions = board.regions();
    let mut holes = vec![0u32; board.size().cells()];
    let mut joined: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    for stitch in stitches(board, answer)? {
        let (a, b) = board.cells_of(stitch).ok_or_else(|| match stitch {
            Stitch::Right(cell) => format!("a stitch from {} to the right leaves the grid", board.place(cell)),
            Stitch::Down(cell) => format!("a stitch from {} down leaves the grid", board.place(cell)),
        })?;
        let (ra, rb) = (regions[a], regions[b]);
        if ra == rb {
            return Err(format!(
                "the stitch from {} to {} stays in region {ra}: a stitch joins two regions",
                board.place(a),
                board.place(b)
            ));
        }
        for cell in [a, b] {
            holes[cell] += 1;
            if holes[cell] > 1 {
                return Err(format!("{} holds the holes of two stitches", board.place(cell)));
            }
        }
        *joined.entry((ra.min(rb), ra.max(rb))).or_default() += 1;
    }
    for &(a, b) in board.borders() {
        let found = joined.get(&(a, b)).copied().unwrap_or(0);
        if found != board.per_border() {
            return Err(format!(
                "regions {a} and {b} are joined by {found} stitches, where every two neighbouring regions take {}",
                board.per_border()
            ));
        }
    }
    let width = board.size().width;
    for (row, &clue) in board.row_clues().iter().enumerate() {
        let found: u32 = holes[row * width..(row + 1) * width].iter().sum();
        if found != clue {
            return Err(format!("row {} holds {found} holes, its clue says {clue}", row + 1));
        }
    }
    for (col, &clue) in board.col_clues().iter().enumerate() {
        let found: u32 = holes.iter().skip(col).step_by(width).sum();
        if found != clue {
            return Err(format!("column {} holds {found} holes, its clue says {clue}", col + 1));
        }
    }
    Ok(())
}
