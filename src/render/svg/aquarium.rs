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
    // The clues take one cell's room above and to the left.
    let (x0, y0) = (CELL, CELL);
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
    let wall_across = |b: usize, c: usize| b == 0 || b == h || puzzle.tank(b - 1, c) != puzzle.tank(b, c);
    let wall_down = |r: usize, v: usize| v == 0 || v == w || puzzle.tank(r, v - 1) != puzzle.tank(r, v);
    let mut walls = String::new();
    // Each boundary's walls as runs, so that a long wall is one segment.
    for b in 0..=h {
        for (start, end) in runs(w, |c| wall_across(b, c)) {
            let _ = write!(walls, "M{} {}H{}", x(start), y(b), x(end));
        }
    }
    for v in 0..=w {
        for (start, end) in runs(h, |r| wall_down(r, v)) {
            let _ = write!(walls, "M{} {}V{}", x(v), y(start), y(end));
        }
    }
    let _ = write!(out, "<path{} d=\"{walls}\"/>", layer("walls"));
    let size = CELL * 0.5;
    let _ = write!(out, "<g{} font-size=\"{size}\">", layer("clues"));
    // Baselines a third of the font size below the middle centre the digits.
    for (c, clue) in puzzle.col_clues().iter().enumerate() {
        let _ = write!(out, "<text x=\"{}\" y=\"{}\">{clue}</text>", x(c) + CELL / 2.0, y0 / 2.0 + size / 3.0 + 2.0);
    }
    for (r, clue) in puzzle.row_clues().iter().enumerate() {
        let _ = write!(out, "<text x=\"{}\" y=\"{}\">{clue}</text>", x0 / 2.0, y(r) + CELL / 2.0 + size / 3.0);
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
}
