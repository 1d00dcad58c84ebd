//! The rules, checked directly: no engine, no search.

use std::fmt;

use super::{COLOURS, Colour, Ring, RingSolution};

/// A broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    NoTriangle { sector: usize },
    IllegalMove { colour: &'static str, from: (usize, usize), to: (usize, usize) },
    NotOnTriangle { colour: &'static str, at: (usize, usize) },
    Crowded { colour: &'static str, at: (usize, usize), count: usize },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::NoTriangle { sector } => write!(f, "sector {sector} has no triangle on the board"),
            Violation::IllegalMove { colour, from, to } => {
                write!(f, "a {colour} ball cannot move from {from:?} to {to:?}")
            }
            Violation::NotOnTriangle { colour, at } => {
                write!(f, "a {colour} ball ends on {at:?}, which is no triangle")
            }
            Violation::Crowded { colour, at, count } => write!(f, "the triangle {at:?} gets {count} {colour} balls"),
        }
    }
}

/// Whether a ball of `colour` may go from `from` to `to` on a board of
/// `rows` x `sectors`: by the rules' distances, sectors measured around.
fn legal(colour: Colour, from: (usize, usize), to: (usize, usize), rows: usize, sectors: usize) -> bool {
    if to.0 >= rows || to.1 >= sectors {
        return false;
    }
    let dr = from.0.abs_diff(to.0);
    let around = from.1.abs_diff(to.1);
    let dc = around.min(sectors - around);
    match colour {
        Colour::Green => dr + dc <= 1,
        Colour::Blue => (dr, dc) == (0, 0) || (dr, dc) == (1, 1),
        Colour::Red => matches!((dr, dc), (0, 0) | (2, 0) | (0, 2)),
    }
}

/// Whether `solution` solves `ring`: one triangle in every sector, every
/// ball moved legally onto a triangle, every triangle holding exactly one
/// ball of each colour.
pub fn verify(ring: &Ring, solution: &RingSolution) -> Result<(), Violation> {
    let (rows, sectors) = (ring.rows(), ring.sectors());
    if solution.triangles.len() != sectors {
        return Err(Violation::NoTriangle { sector: solution.triangles.len().min(sectors) });
    }
    if let Some(sector) = solution.triangles.iter().position(|&r| r >= rows) {
        return Err(Violation::NoTriangle { sector });
    }
    for colour in COLOURS {
        let mut arrivals = vec![0usize; sectors];
        let ends = &solution.ends[colour as usize];
        for (b, &from) in ring.balls(colour).iter().enumerate() {
            let to = ends.get(b).copied().unwrap_or((usize::MAX, usize::MAX));
            if !legal(colour, from, to, rows, sectors) {
                return Err(Violation::IllegalMove { colour: colour.name(), from, to });
            }
            if solution.triangles[to.1] != to.0 {
                return Err(Violation::NotOnTriangle { colour: colour.name(), at: to });
            }
            arrivals[to.1] += 1;
        }
        if let Some(c) = arrivals.iter().position(|&n| n != 1) {
            return Err(Violation::Crowded {
                colour: colour.name(),
                at: (solution.triangles[c], c),
                count: arrivals[c],
            });
        }
    }
    Ok(())
}
