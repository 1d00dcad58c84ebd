//! The calendar as exact cover: an item per piece ("placed once") and per
//! cell to cover; an option per placement of a piece (any orientation) on
//! cells that are all to be covered.

use crate::Solved;
use multicover::Problem;

use super::{Cell, Date, Variant};

/// A tiling: for each cell (row-major), the index of the piece covering it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    pub(super) cells: Vec<Option<u8>>,
}

pub type SolveReport = Solved<Tiling>;

/// One piece in one orientation at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub piece: usize,
    /// Row-major cell indices.
    pub cells: Vec<usize>,
}

/// Calls `f(piece, cells)` for every placement of every piece (each
/// distinct orientation at each place) on the cells where `coverable` is
/// true; cells are row-major indices. One buffer serves every call, so the
/// bitboard solver can build its masks without an allocation a placement.
pub fn for_each_placement(variant: &Variant, coverable: &[bool], mut f: impl FnMut(usize, &[usize])) {
    let (w, h) = (variant.width(), variant.height());
    let mut cells = Vec::new();
    for k in 0..variant.pieces().len() {
        for shape in variant.shapes(k) {
            let rows = shape.iter().map(|p| p.0).max().unwrap_or(0) + 1;
            let cols = shape.iter().map(|p| p.1).max().unwrap_or(0) + 1;
            for r0 in 0..(h + 1).saturating_sub(rows) {
                for c0 in 0..(w + 1).saturating_sub(cols) {
                    cells.clear();
                    cells.extend(shape.iter().map(|&(r, c)| (r0 + r) * w + c0 + c));
                    if cells.iter().all(|&i| coverable[i]) {
                        f(k, &cells);
                    }
                }
            }
        }
    }
}

/// Every placement of every piece on the cells where `coverable` is true.
pub fn placements(variant: &Variant, coverable: &[bool]) -> Vec<Placement> {
    let mut out = Vec::new();
    for_each_placement(variant, coverable, |piece, cells| out.push(Placement { piece, cells: cells.to_vec() }));
    out
}

/// A date's puzzle encoded for the engine.
pub struct Encoding {
    pub problem: Problem,
    pub placements: Vec<Placement>,
    cell_count: usize,
}

impl Encoding {
    pub fn new(variant: &Variant, date: &Date) -> Encoding {
        let open = variant.open_cells(date);
        let coverable: Vec<bool> = (0..variant.width() * variant.height())
            .map(|i| !open[i] && variant.cell(i / variant.width(), i % variant.width()) != Cell::Blocked)
            .collect();
        let mut problem = Problem::new();
        let piece_items: Vec<usize> = variant.pieces().iter().map(|_| problem.add_exact(1)).collect();
        let cell_items: Vec<Option<usize>> = coverable.iter().map(|&c| c.then(|| problem.add_exact(1))).collect();
        let placements = placements(variant, &coverable);
        for p in &placements {
            let cells = p.cells.iter().map(|&i| (cell_items[i].expect("placements cover coverable cells"), 1));
            problem.add_option(std::iter::once((piece_items[p.piece], 1)).chain(cells));
        }
        Encoding { problem, placements, cell_count: coverable.len() }
    }

    pub fn decode(&self, chosen: &[usize]) -> Tiling {
        let mut cells = vec![None; self.cell_count];
        for &o in chosen {
            let p = &self.placements[o];
            for &i in &p.cells {
                cells[i] = Some(p.piece as u8);
            }
        }
        Tiling { cells }
    }
}

impl Tiling {
    /// One string per row: the covering piece's letter, `.` for an open
    /// (date) cell, `-` where the board has no cell.
    pub fn to_rows(&self, variant: &Variant) -> Vec<String> {
        (0..variant.height())
            .map(|r| {
                (0..variant.width())
                    .map(|c| match (self.cells[r * variant.width() + c], variant.cell(r, c)) {
                        (Some(k), _) => variant.pieces().get(k as usize).map_or('?', |p| p.letter),
                        (None, Cell::Blocked) => '-',
                        (None, _) => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Reads [`Tiling::to_rows`] back (rows joined by newlines): each
    /// letter is the piece of that letter, `.` and `-` are bare cells.
    /// Whether it tiles the board is for [`super::verify`] to say.
    pub fn parse_rows(variant: &Variant, text: &str) -> Result<Tiling, String> {
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if rows.len() != variant.height() || rows.iter().any(|r| r.chars().count() != variant.width()) {
            return Err(format!("a tiling of this board is {} rows of {} cells", variant.height(), variant.width()));
        }
        let mut cells = Vec::with_capacity(variant.width() * variant.height());
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                cells.push(match ch {
                    '.' | '-' => None,
                    letter => {
                        Some(variant.pieces().iter().position(|p| p.letter == letter).ok_or_else(|| {
                            format!("row {}, column {}: no piece is lettered `{letter}`", r + 1, c + 1)
                        })? as u8)
                    }
                });
            }
        }
        Ok(Tiling { cells })
    }

    /// The piece index covering cell (row, column), if any.
    pub fn piece_at(&self, variant: &Variant, row: usize, col: usize) -> Option<usize> {
        self.cells[row * variant.width() + col].map(usize::from)
    }
}
