//! A board laid on the photo and the evidence read off it: what the grid
//! and measuring stages make and the date and pieces stages read.

use aquarchive_kinds::calendar::Variant;

/// A board laid on the photo: its grid, its turn, and the evidence of its
/// cells and cell sides.
pub(super) struct Layout {
    pub(super) variant: Variant,
    /// How well the frame's edges are where this layout puts them.
    pub(super) score: f64,
    /// How far the grid's width over its height is from the outline's in
    /// the photo (the size of the log of their ratio).
    pub(super) skew: f64,
    pub(super) evidence: Evidence,
}

/// What the photo shows at each cell and cell side, in board terms.
pub(crate) struct Evidence {
    /// Per cell, row-major: how open it looks (its label darker than
    /// the wood, as engraved or printed dark).
    pub(crate) open: Vec<f64>,
    /// The same for labels lighter than the wood (printed white).
    pub(crate) open_light: Vec<f64>,
    /// How open it looks by a dark label's marks against the cell's own
    /// level alone, not its darkness beside the board's: pieces of several
    /// colours, some dark all over, leave only the marks to tell.
    pub(crate) open_marks: Vec<f64>,
    /// The same by thin dark strokes alone: a shadow's edge across a cell
    /// darkens its darkest tenth as a label does, but on one side only.
    pub(crate) open_strokes: Vec<f64>,
    /// How much more each cell's hue is the frame's than the pieces',
    /// from 0 to 1: an open cell shows the board's floor.
    pub(crate) open_colour: Vec<f64>,
    /// The gap across the side between cell (r, c) and (r, c + 1).
    pub(crate) across: Vec<f64>,
    /// The gap across the side between cell (r, c) and (r + 1, c).
    pub(crate) down: Vec<f64>,
    /// The light line along the same sides: the face of a wall the light
    /// falls on, where its gap shows no seam.
    pub(crate) across_light: Vec<f64>,
    pub(crate) down_light: Vec<f64>,
    /// The thin dark line along the same sides, in the photo's own finer
    /// detail: a gap between pieces pushed tight together, where lines
    /// printed on the board under translucent pieces are as dark but
    /// wider.
    pub(crate) across_thin: Vec<f64>,
    pub(crate) down_thin: Vec<f64>,
    /// How far apart the colours of the two cells' middles are, for the
    /// same sides: pieces printed in different colours meet where the
    /// colour changes, whether or not a gap shows.
    pub(crate) across_colour: Vec<f64>,
    pub(crate) down_colour: Vec<f64>,
    /// The gap depth of a side where the frame meets a board cell: what a
    /// gap looks like here.
    pub(crate) edge: f64,
}

impl Evidence {
    /// The depth from which a side is seen as a gap when the pieces are cut.
    pub(super) fn seen_gap(&self) -> f64 {
        0.45 * self.edge
    }
}
