//! The ring puzzle as exact cover. Items: one per sector ("has one
//! triangle"), one per ball ("ends on one cell"), and one per cell and
//! colour ("gets exactly one ball of this colour, or is no triangle").
//! Options: "the triangle of sector c is in row r", covering the sector and
//! the cell-colour items of every *other* cell of the sector (those cells
//! get no ball), and "ball b ends on cell d", covering the ball and d's item
//! of its colour. A triangle cell's three items can then only be covered by
//! one ball of each colour, and a ball can only end on a triangle.
//!
//! The engine counts ball assignments; the puzzle's solutions are the sets
//! of triangle cells, so assignments with the same triangles are merged.

use std::ops::ControlFlow;

use crate::{Solved, search_checked};
use multicover::{OptionId, Problem, Settings};

use super::{COLOURS, Colour, Ring, RingError, verify};

/// Every item's target and every option's weight: plain exact cover.
const UNIT: u32 = 1;

/// One solution: the triangle row of each sector, and one way to move the
/// balls there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingSolution {
    /// For each sector, the row of its triangle.
    pub triangles: Vec<usize>,
    /// For each colour, each ball's end cell (balls in the instance's order).
    pub ends: [Vec<(usize, usize)>; 3],
    /// How many ball assignments the search found with these triangles
    /// (all of them when the search was exhausted).
    pub assignments: u64,
}

pub type SolveReport = Solved<RingSolution>;

enum Meaning {
    Triangle { sector: usize, row: usize },
    Move { colour: usize, ball: usize, to: (usize, usize) },
}

/// An instance encoded for the engine.
pub struct Encoding {
    pub problem: Problem,
    meanings: Vec<Meaning>,
}

impl Encoding {
    pub fn new(ring: &Ring) -> Encoding {
        let (rows, sectors) = (ring.rows(), ring.sectors());
        let mut problem = Problem::new();
        // Sector and ball items first, so that the engine groups each option
        // under "one triangle per sector" or "one end per ball".
        let sector_items: Vec<usize> = (0..sectors).map(|_| problem.add_exact(UNIT)).collect();
        let ball_items: Vec<Vec<usize>> =
            COLOURS.iter().map(|&c| ring.balls(c).iter().map(|_| problem.add_exact(UNIT)).collect()).collect();
        // cell_items[(r * sectors + c) * 3 + colour]
        let cell_items: Vec<usize> = (0..rows * sectors * 3).map(|_| problem.add_exact(UNIT)).collect();
        let item = |r: usize, c: usize, colour: usize| cell_items[(r * sectors + c) * 3 + colour];
        let mut meanings = Vec::new();
        for (c, &sector_item) in sector_items.iter().enumerate() {
            for row in 0..rows {
                let others = (0..rows).filter(|&r| r != row).flat_map(|r| (0..3).map(move |k| (r, k)));
                problem
                    .add_option(std::iter::once((sector_item, UNIT)).chain(others.map(|(r, k)| (item(r, c, k), UNIT))));
                meanings.push(Meaning::Triangle { sector: c, row });
            }
        }
        for (k, &colour) in COLOURS.iter().enumerate() {
            for (b, &from) in ring.balls(colour).iter().enumerate() {
                for to in ring.destinations(colour, from) {
                    problem.add_option([(ball_items[k][b], UNIT), (item(to.0, to.1, k), UNIT)]);
                    meanings.push(Meaning::Move { colour: k, ball: b, to });
                }
            }
        }
        Encoding { problem, meanings }
    }

    /// The triangles and ball ends a set of options stands for.
    pub fn decode(&self, ring: &Ring, chosen: &[OptionId]) -> RingSolution {
        let mut triangles = vec![usize::MAX; ring.sectors()];
        let mut ends: [Vec<(usize, usize)>; 3] = COLOURS.map(|c| vec![(usize::MAX, usize::MAX); ring.balls(c).len()]);
        for &o in chosen {
            match self.meanings[o] {
                Meaning::Triangle { sector, row } => triangles[sector] = row,
                Meaning::Move { colour, ball, to } => ends[colour][ball] = to,
            }
        }
        RingSolution { triangles, ends, assignments: 1 }
    }
}

/// Up to `limit` solutions (distinct sets of triangles), each with the
/// first ball assignment found for it, every assignment checked by
/// [`verify`]. `limit` 2 proves uniqueness.
pub fn solve(ring: &Ring, limit: usize, settings: Settings) -> Result<SolveReport, RingError> {
    let encoding = Encoding::new(ring);
    let mut solutions: Vec<RingSolution> = Vec::new();
    if limit == 0 {
        return Ok(Solved { solutions, stats: Default::default() });
    }
    let mut stats = search_checked(&encoding.problem, settings, |chosen| {
        let found = encoding.decode(ring, chosen);
        verify(ring, &found).map_err(RingError::WrongSolution)?;
        if let Some(known) = solutions.iter_mut().find(|s| s.triangles == found.triangles) {
            known.assignments += 1;
            return Ok(ControlFlow::Continue(()));
        }
        // One more set of triangles than asked for is where to stop; the
        // extra one is dropped, and the count is not exhausted.
        if solutions.len() == limit {
            return Ok(ControlFlow::Break(()));
        }
        solutions.push(found);
        Ok(ControlFlow::Continue(()))
    })?;
    // The engine counts assignments; a solution here is a set of triangles.
    stats.solutions = solutions.len() as u64;
    Ok(Solved { solutions, stats })
}

impl RingSolution {
    /// Where a ball of `colour`, the `ball`-th of its list, ends.
    pub fn end(&self, colour: Colour, ball: usize) -> (usize, usize) {
        self.ends[colour as usize][ball]
    }

    /// One string per row: `*` on a triangle cell, `.` elsewhere.
    pub fn to_rows(&self, rows: usize) -> Vec<String> {
        (0..rows).map(|r| self.triangles.iter().map(|&t| if t == r { '*' } else { '.' }).collect()).collect()
    }
}

impl RingSolution {
    /// The solution in the archive's text: the triangle row of each sector,
    /// then each colour's ball ends in the instance's ball order.
    ///
    /// ```text
    /// triangles: 4 3 3 ...
    /// green: (4,0) (3,1) ...
    /// ```
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = self.triangles.iter().map(ToString::to_string).collect();
        let mut out = format!("triangles: {}\n", rows.join(" "));
        for (k, colour) in COLOURS.iter().enumerate() {
            let ends: Vec<String> = self.ends[k].iter().map(|(r, c)| format!("({r},{c})")).collect();
            out.push_str(&format!("{}: {}\n", colour.name(), ends.join(" ")));
        }
        out
    }

    /// Reads [`RingSolution::to_text`] back (one ball assignment); whether
    /// it solves the instance is for [`verify`] to say.
    pub fn parse(ring: &Ring, text: &str) -> Result<RingSolution, RingError> {
        let mut triangles = None;
        let mut ends: [Option<Vec<(usize, usize)>>; 3] = [None, None, None];
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(super::format::syntax(n + 1, "expected `triangles:`, `green:`, `blue:` or `red:`"));
            };
            let numbers = super::format::numbers(n + 1, value)?;
            match key.trim() {
                "triangles" => triangles = Some(numbers),
                key => {
                    let Some(k) = COLOURS.iter().position(|c| c.name() == key) else {
                        return Err(super::format::syntax(n + 1, format!("`{key}` is not a colour")));
                    };
                    if numbers.len() % 2 != 0 {
                        return Err(super::format::syntax(n + 1, "ends come in pairs (row, sector)"));
                    }
                    ends[k] = Some(numbers.chunks(2).map(|p| (p[0], p[1])).collect());
                }
            }
        }
        let missing = |what: &str| RingError::Invalid(format!("the solution has no `{what}:` line"));
        let triangles = triangles.ok_or_else(|| missing("triangles"))?;
        let mut all: [Vec<(usize, usize)>; 3] = Default::default();
        for (k, colour) in COLOURS.iter().enumerate() {
            all[k] = ends[k].take().ok_or_else(|| missing(colour.name()))?;
            if all[k].len() != ring.balls(*colour).len() {
                return Err(RingError::Invalid(format!(
                    "the solution moves {} {} balls, the instance has {}",
                    all[k].len(),
                    colour.name(),
                    ring.balls(*colour).len()
                )));
            }
        }
        Ok(RingSolution { triangles, ends: all, assignments: 1 })
    }
}
