//! An Aquarium board as the site draws it: white cells with thin grey
//! lines, thick black tank walls, the column clues on top and the row clues
//! on the left, and the water in blue when a solution is given.

use std::fmt::Write;

use super::open;
use crate::kinds::aquarium::{Aquarium, Water};

/// The side of a cell, in pixels.
pub const CELL: f64 = 32.0;
/// The colour of water (the site's blue).
pub const WATER: &str = "#3a8ee6";

/// How the board's layers look, wherever it is drawn: here, and by the
/// HTML archive's script, which the export gives these once. Each layer's
/// SVG attributes, by the layer's name: the cells' ground, the solution's
/// water, the thin lines between cells, the tank walls, the clues.
pub const LAYERS: [(&str, &[(&str, &str)]); 5] = [
    ("cells", &[("class", "cells"), ("fill", "#fff")]),
    ("water", &[("class", "solution water"), ("fill", WATER)]),
    ("grid", &[("class", "grid"), ("stroke", "#b4b4b4"), ("stroke-width", "1"), ("fill", "none")]),
    (
        "walls",
        &[
            ("class", "walls"),
            ("stroke", "#000"),
            ("stroke-width", "3"),
            ("stroke-linecap", "square"),
            ("fill", "none"),
        ],
    ),
    ("clues", &[("class", "clues"), ("font-weight", "bold"), ("text-anchor", "middle"), ("fill", "#222")]),
];

/// Where a board's parts sit, in cells, wherever it is drawn: here (the
/// [`PICTURE`] layout) and by the HTML archive's script (its index pictures
/// in [`PICTURE`], its played boards in [`PLAYED`]), which the export gives
/// these once. The clues take a band of `clues` cells above the grid and
/// to its left; `counters` cells between that band and the grid hold what
/// each column and row still needs (none where it is 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub clues: f64,
    pub counters: f64,
}

/// The layout of `picture`, `solve --svg` and the index's pictures.
pub const PICTURE: Layout = Layout { clues: 1.0, counters: 0.0 };
/// The layout of a played board: the clues, then the counters.
pub const PLAYED: Layout = Layout { clues: 1.0, counters: 1.0 };
/// The clues' font size, in cells.
pub const FONT_SIZE: f64 = 0.5;
/// A digit's baseline below the middle of its place, in cells: a third of
/// the font size centres it.
pub const BASELINE: f64 = FONT_SIZE / 3.0;

impl Layout {
    /// Where the grid starts, right of and below the clues and counters.
    pub fn origin(&self) -> f64 {
        self.clues + self.counters
    }

    /// The middle of the clues' band: the column clues' centre from the
    /// top, the row clues' from the left.
    pub fn clue_at(&self) -> f64 {
        self.clues / 2.0
    }

    /// The middle of the counters' band, if there is one.
    pub fn counter_at(&self) -> Option<f64> {
        (self.counters > 0.0).then(|| self.clues + self.counters / 2.0)
    }
}

/// The tank walls of a `width` x `height` grid, given which sides between
/// cells are walls (`right(r, c)`: the side right of cell (r, c), `below(r,
/// c)`: the side below it): those sides and the grid's outline, as an SVG
/// path in cells from `origin`, each boundary's walls in runs so that a
/// long wall is one segment. The sides between cells are the ones the
/// puzzle's puzz.link address gives, so the HTML archive's script, which
/// reads them from there, draws the same walls.
pub fn wall_path(
    width: usize,
    height: usize,
    right: impl Fn(usize, usize) -> bool,
    below: impl Fn(usize, usize) -> bool,
    origin: f64,
) -> String {
    let x = |c: usize| (origin + c as f64) * CELL;
    let y = |r: usize| (origin + r as f64) * CELL;
    let mut walls = String::new();
    for b in 0..=height {
        for (start, end) in runs(width, |c| b == 0 || b == height || below(b - 1, c)) {
            let _ = write!(walls, "M{} {}H{}", x(start), y(b), x(end));
        }
    }
    for v in 0..=width {
        for (start, end) in runs(height, |r| v == 0 || v == width || right(r, v - 1)) {
            let _ = write!(walls, "M{} {}V{}", x(v), y(start), y(end));
        }
    }
    walls
}

/// The attributes of the layer `name` of [`LAYERS`], each after a space.
fn layer(name: &str) -> String {
    let attrs = LAYERS.iter().find(|(n, _)| *n == name).map_or(&[][..], |(_, attrs)| attrs);
    attrs.iter().map(|(k, v)| format!(" {k}=\"{v}\"")).collect()
}

/// Draws the board. The water cells are one `<rect>` each inside
/// `<g class="solution water">`, so a page can hide them until asked and a
/// test can count them.
pub fn board(puzzle: &Aquarium, water: Option<&Water>, title: &str) -> String {
    let (w, h) = (puzzle.width(), puzzle.height());
    let layout = PICTURE;
    let (x0, y0) = (layout.origin() * CELL, layout.origin() * CELL);
    let width = x0 + w as f64 * CELL + 2.0;
    let height = y0 + h as f64 * CELL + 2.0;
    let x = |c: usize| x0 + c as f64 * CELL;
    let y = |r: usize| y0 + r as f64 * CELL;
    let mut out = open("board aquarium", width, height, title);
    let _ = write!(
        out,
        "<rect{} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
        layer("cells"),
        x(0),
        y(0),
        w as f64 * CELL,
        h as f64 * CELL
    );
    if let Some(water) = water {
        let _ = write!(out, "<g{}>", layer("water"));
        for r in 0..h {
            for c in 0..w {
                if water.get(r, c) {
                    let _ = write!(out, "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>", x(c), y(r));
                }
            }
        }
        out.push_str("</g>");
    }
    // Thin lines between all cells, then the walls over them.
    let mut grid = String::new();
    for r in 1..h {
        let _ = write!(grid, "M{} {}H{}", x(0), y(r), x(w));
    }
    for c in 1..w {
        let _ = write!(grid, "M{} {}V{}", x(c), y(0), y(h));
    }
    let _ = write!(out, "<path{} d=\"{grid}\"/>", layer("grid"));
    let walls = wall_path(
        w,
        h,
        |r, c| puzzle.tank(r, c) != puzzle.tank(r, c + 1),
        |r, c| puzzle.tank(r, c) != puzzle.tank(r + 1, c),
        layout.origin(),
    );
    let _ = write!(out, "<path{} d=\"{walls}\"/>", layer("walls"));
    let _ = write!(out, "<g{} font-size=\"{}\">", layer("clues"), FONT_SIZE * CELL);
    let at = layout.clue_at();
    for (c, clue) in puzzle.col_clues().iter().enumerate() {
        let _ = write!(out, "<text x=\"{}\" y=\"{}\">{clue}</text>", x(c) + CELL / 2.0, (at + BASELINE) * CELL);
    }
    for (r, clue) in puzzle.row_clues().iter().enumerate() {
        let _ = write!(out, "<text x=\"{}\" y=\"{}\">{clue}</text>", at * CELL, y(r) + (0.5 + BASELINE) * CELL);
    }
    out.push_str("</g></svg>\n");
    out
}

/// The runs `start..end` of `0..len` where `holds` is true, in order.
fn runs(len: usize, holds: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < len {
        if holds(at) {
            let start = at;
            while at < len && holds(at) {
                at += 1;
            }
            out.push((start, at));
        } else {
            at += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rect_per_water_cell_and_one_text_per_clue() {
        let puzzle = Aquarium::parse_text("1 2\n1 1\n0 2\n1 1\n").unwrap();
        let water = Water::parse("00\n11\n").unwrap();
        let svg = board(&puzzle, Some(&water), "a <test>");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let solution =
            doc.descendants().find(|n| n.has_tag_name("g") && n.attribute("class") == Some("solution water"));
        assert_eq!(solution.unwrap().children().filter(|n| n.has_tag_name("rect")).count(), 2);
        assert_eq!(doc.descendants().filter(|n| n.has_tag_name("text")).count(), 4);
        assert!(svg.contains("<title>a &lt;test&gt;</title>"));
        // Without a solution, no water at all.
        assert!(!board(&puzzle, None, "").contains("solution"));
    }

    #[test]
    fn walls_are_the_outline_and_the_sides_between_tanks_in_runs() {
        // Two tanks side by side, the right one two cells high.
        let walls = wall_path(2, 2, |_, c| c == 0, |_, _| false, PICTURE.origin());
        assert_eq!(walls, "M32 32H96M32 96H96M32 32V96M64 32V96M96 32V96");
        let puzzle = Aquarium::parse_text("1 2\n1 2\n0 2\n1 1\n").unwrap();
        assert!(board(&puzzle, None, "").contains(&format!("d=\"{walls}\"")));
    }

    #[test]
    fn a_played_board_has_room_for_its_counters_between_clues_and_grid() {
        assert_eq!((PICTURE.origin(), PICTURE.counter_at()), (1.0, None));
        assert_eq!((PLAYED.origin(), PLAYED.clue_at(), PLAYED.counter_at()), (2.0, 0.5, Some(1.5)));
    }
}
