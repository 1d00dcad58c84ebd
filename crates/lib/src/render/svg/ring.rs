//! The ring board as rings and sectors: row 0 is the innermost ring,
//! sectors go clockwise from the top. Balls are dots in their colour; a
//! solution (in `<g class="solution">`) shades the triangle cells and draws
//! each ball's move as a line to a ringed dot where it ends. A legend
//! under the rings says so, in the words of the text drawing's legend (its
//! lines about the solution in the `solution` group too).

use std::f64::consts::TAU;
use std::fmt::Write;

use super::{escape, open};
use crate::kinds::ring::{COLOURS, Colour, Ring, RingSolution};
use crate::render::ring::{BALL, RED_MOVE, TRIANGLE};

/// The radius of the hole in the middle and the width of a ring.
const HOLE: f64 = 90.0;
const RING: f64 = 26.0;
/// The height of a line of the legend.
const LEGEND_LINE: f64 = 20.0;

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::Green => "#2e9e3e",
        Colour::Blue => "#2466c8",
        Colour::Red => "#d22f2f",
    }
}

pub fn board(ring: &Ring, solution: Option<&RingSolution>, title: &str) -> String {
    let (rows, sectors) = (ring.rows(), ring.sectors());
    let outer = HOLE + rows as f64 * RING;
    let half = outer + 24.0;
    // The legend's lines: the triangle and the moves only with a solution.
    let legend_lines = if solution.is_some() { 3.0 } else { 1.0 };
    let mut out = open("board ring", 2.0 * half, 2.0 * half + legend_lines * LEGEND_LINE + 8.0, title);
    // Angle 0 is straight up, growing clockwise.
    let point = |radius: f64, turn: f64| {
        let a = turn * TAU;
        (half + radius * a.sin(), half - radius * a.cos())
    };
    let sector_turn = |s: f64| s / sectors as f64;
    let cell_path = |r: usize, c: usize| {
        let (r0, r1) = (HOLE + r as f64 * RING, HOLE + (r + 1) as f64 * RING);
        let (t0, t1) = (sector_turn(c as f64), sector_turn(c as f64 + 1.0));
        let (a, b, cc, d) = (point(r1, t0), point(r1, t1), point(r0, t1), point(r0, t0));
        format!(
            "M{:.2} {:.2}A{r1} {r1} 0 0 1 {:.2} {:.2}L{:.2} {:.2}A{r0} {r0} 0 0 0 {:.2} {:.2}Z",
            a.0, a.1, b.0, b.1, cc.0, cc.1, d.0, d.1
        )
    };
    // A ball's place in a cell: the three colours side by side around it.
    let slot = |colour: Colour, (r, c): (usize, usize)| {
        let k = COLOURS.iter().position(|&x| x == colour).unwrap_or(0) as f64;
        point(HOLE + (r as f64 + 0.5) * RING, sector_turn(c as f64 + 0.25 + 0.25 * k))
    };
    let dot = (RING * 0.16).min(TAU * HOLE / sectors as f64 * 0.1);
    let mut cells = String::new();
    for r in 0..rows {
        for c in 0..sectors {
            cells.push_str(&cell_path(r, c));
        }
    }
    let _ = write!(out, "<path class=\"cells\" d=\"{cells}\" fill=\"#fff\" stroke=\"#999\" stroke-width=\"1\"/>");
    if let Some(s) = solution {
        let triangles: String = s.triangles.iter().enumerate().map(|(c, &r)| cell_path(r, c)).collect();
        let _ = write!(
            out,
            "<path class=\"solution triangles\" d=\"{triangles}\" fill=\"#ffe27a\" stroke=\"#b08a00\" stroke-width=\"2\"/>"
        );
    }
    let _ = write!(
        out,
        "<circle cx=\"{half}\" cy=\"{half}\" r=\"{HOLE}\" fill=\"none\" stroke=\"#333\" stroke-width=\"2\"/>\
         <circle cx=\"{half}\" cy=\"{half}\" r=\"{outer}\" fill=\"none\" stroke=\"#333\" stroke-width=\"2\"/>"
    );
    out.push_str("<g class=\"balls\">");
    for colour_of in COLOURS {
        for &start in ring.balls(colour_of) {
            let (x, y) = slot(colour_of, start);
            let _ = write!(out, "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{dot:.2}\" fill=\"{}\"/>", colour(colour_of));
        }
    }
    out.push_str("</g>");
    if let Some(s) = solution {
        out.push_str("<g class=\"solution moves\" stroke-width=\"1.5\">");
        for colour_of in COLOURS {
            for (b, &start) in ring.balls(colour_of).iter().enumerate() {
                let (x0, y0) = slot(colour_of, start);
                let (x1, y1) = slot(colour_of, s.end(colour_of, b));
                let stroke = colour(colour_of);
                let _ = write!(
                    out,
                    "<line x1=\"{x0:.2}\" y1=\"{y0:.2}\" x2=\"{x1:.2}\" y2=\"{y1:.2}\" stroke=\"{stroke}\"/>\
                     <circle class=\"end\" cx=\"{x1:.2}\" cy=\"{y1:.2}\" r=\"{:.2}\" fill=\"#fff\" stroke=\"{stroke}\" stroke-width=\"2\"/>",
                    dot * 0.8
                );
            }
        }
        out.push_str("</g>");
    }
    let _ = write!(out, "<g class=\"sectors\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">");
    for c in 0..sectors {
        let (x, y) = point(outer + 12.0, sector_turn(c as f64 + 0.5));
        let _ = write!(out, "<text x=\"{x:.2}\" y=\"{:.2}\">{c}</text>", y + 4.0);
    }
    out.push_str("</g>");
    legend(&mut out, 2.0 * half, solution.is_some(), dot);
    out.push_str("</svg>\n");
    out
}

/// The legend under the rings, from `top`: a ball's dots, and with a
/// solution a triangle's shade and a move's line.
fn legend(out: &mut String, top: f64, solved: bool, dot: f64) {
    let (x, text_x) = (12.0, 40.0);
    let line = |k: f64| top + k * LEGEND_LINE + 14.0;
    let _ = write!(out, "<g class=\"legend\" font-size=\"12\" fill=\"#333\">");
    let mut k = 0.0;
    if solved {
        let y = line(k);
        let _ = write!(
            out,
            "<g class=\"solution\"><rect x=\"{x}\" y=\"{:.2}\" width=\"22\" height=\"12\" fill=\"#ffe27a\" \
             stroke=\"#b08a00\" stroke-width=\"2\"/><text x=\"{text_x}\" y=\"{y:.2}\">{}</text></g>",
            y - 10.0,
            escape(TRIANGLE)
        );
        k += 1.0;
    }
    let y = line(k);
    for (i, colour_of) in COLOURS.into_iter().enumerate() {
        let _ = write!(
            out,
            "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{dot:.2}\" fill=\"{}\"/>",
            x + 3.0 + 8.0 * i as f64,
            y - 4.0,
            colour(colour_of)
        );
    }
    let _ = write!(out, "<text x=\"{text_x}\" y=\"{y:.2}\">{}</text>", escape(BALL));
    k += 1.0;
    if solved {
        let y = line(k);
        let stroke = colour(COLOURS[0]);
        let _ = write!(
            out,
            "<g class=\"solution\"><line x1=\"{x}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"{stroke}\" \
             stroke-width=\"1.5\"/><circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" fill=\"#fff\" stroke=\"{stroke}\" \
             stroke-width=\"2\"/><text x=\"{text_x}\" y=\"{y:.2}\">{}</text></g>",
            y - 4.0,
            x + 19.0,
            y - 4.0,
            x + 19.0,
            y - 4.0,
            dot * 0.8,
            escape(&format!("its move, to the ringed dot where it ends ({RED_MOVE})"))
        );
    }
    out.push_str("</g>");
}
