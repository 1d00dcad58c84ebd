//! The calendar board: labelled cells, each piece of a tiling in its own
//! colour with its letter, the date's cells left open with their labels.

use std::fmt::Write;

use super::{escape, open};
use crate::kinds::calendar::{Cell, MONTHS, Tiling, Variant, WEEKDAYS};

pub const CELL: f64 = 44.0;

/// Piece colours, light enough for black letters, told apart side by side.
pub const COLOURS: [&str; 12] = [
    "#f4a6a6", "#a6d8f4", "#b9e4a0", "#f7d58b", "#cdb4f0", "#f2b8dc", "#9fe0d3", "#e3c9a0", "#c4c9f7", "#e8e88a",
    "#f0b48c", "#b8d8b8",
];

fn label(cell: Cell) -> Option<String> {
    match cell {
        Cell::Month(m) => Some(MONTHS[m as usize - 1].to_string()),
        Cell::Day(d) => Some(d.to_string()),
        Cell::Weekday(w) => Some(WEEKDAYS[w as usize].to_string()),
        Cell::Blocked | Cell::Plain => None,
    }
}

/// Draws the board; with a tiling, each piece's cells in its colour inside
/// `<g class="solution pieces">`, its letter on its first cell, and thick
/// lines where pieces meet.
pub fn board(variant: &Variant, tiling: Option<&Tiling>, title: &str) -> String {
    let (w, h) = (variant.width(), variant.height());
    let m = 2.0;
    let at = |k: usize| m + k as f64 * CELL;
    let mut out = open("board calendar", w as f64 * CELL + 2.0 * m, h as f64 * CELL + 2.0 * m, title);
    let on_board = |r: usize, c: usize| variant.cell(r, c) != Cell::Blocked;
    let piece = |r: usize, c: usize| tiling.and_then(|t| t.piece_at(variant, r, c));
    out.push_str("<g class=\"cells\" fill=\"#fafafa\" stroke=\"#aaa\" stroke-width=\"1\">");
    for r in 0..h {
        for c in 0..w {
            if on_board(r, c) {
                let _ = write!(out, "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>", at(c), at(r));
            }
        }
    }
    out.push_str("</g>");
    let size = CELL * 0.34;
    let _ = write!(out, "<g class=\"labels\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"#333\">");
    for r in 0..h {
        for c in 0..w {
            if let Some(text) = label(variant.cell(r, c)).filter(|_| piece(r, c).is_none()) {
                let _ = write!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    at(c) + CELL / 2.0,
                    at(r) + CELL / 2.0 + size * 0.36,
                    escape(&text)
                );
            }
        }
    }
    out.push_str("</g>");
    if let Some(tiling) = tiling {
        out.push_str("<g class=\"solution pieces\">");
        let mut lettered = vec![false; variant.pieces().len()];
        let mut letters = String::new();
        for r in 0..h {
            for c in 0..w {
                let Some(k) = tiling.piece_at(variant, r, c) else { continue };
                let colour = COLOURS[k % COLOURS.len()];
                let _ = write!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{colour}\"/>",
                    at(c),
                    at(r)
                );
                if !std::mem::replace(&mut lettered[k], true) {
                    let _ = write!(
                        letters,
                        "<text x=\"{}\" y=\"{}\">{}</text>",
                        at(c) + CELL / 2.0,
                        at(r) + CELL / 2.0 + CELL * 0.16,
                        escape(&variant.pieces()[k].letter.to_string())
                    );
                }
            }
        }
        // Lines where the piece (or board, or hole) changes across a side.
        let mut edges = String::new();
        for r in 0..=h {
            for c in 0..w {
                let above = (r > 0).then(|| piece(r - 1, c)).flatten();
                let below = (r < h).then(|| piece(r, c)).flatten();
                if above != below {
                    let _ = write!(edges, "M{} {}H{}", at(c), at(r), at(c + 1));
                }
            }
        }
        for r in 0..h {
            for c in 0..=w {
                let left = (c > 0).then(|| piece(r, c - 1)).flatten();
                let right = (c < w).then(|| piece(r, c)).flatten();
                if left != right {
                    let _ = write!(edges, "M{} {}V{}", at(c), at(r), at(r + 1));
                }
            }
        }
        let _ = write!(
            out,
            "<path d=\"{edges}\" stroke=\"#222\" stroke-width=\"3\" stroke-linecap=\"square\" fill=\"none\"/>\
             <g font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#222\">{letters}</g></g>",
            CELL * 0.45
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A photo's reading for a person to check: the board read (as [`board`]
/// draws it) beside the photo, `photo_jpeg` being `width` x `height`, with
/// the board's outline found (`outline`, in that photo's pixels) over it.
pub fn reading(
    variant: &Variant,
    tiling: &Tiling,
    title: &str,
    photo_jpeg: &[u8],
    (width, height): (f64, f64),
    outline: &[(f64, f64)],
) -> String {
    use base64::Engine;
    let drawn = board(variant, Some(tiling), "");
    let board_width = variant.width() as f64 * CELL + 4.0;
    let board_height = variant.height() as f64 * CELL + 4.0;
    let gap = 16.0;
    let total_width = width + gap + board_width;
    let total_height = height.max(board_height);
    let mut out = open("calendar reading", total_width, total_height, title);
    let data = base64::engine::general_purpose::STANDARD.encode(photo_jpeg);
    let _ = write!(
        out,
        "<image class=\"photo\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" href=\"data:image/jpeg;base64,{data}\"/>"
    );
    let points: Vec<String> = outline.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
    let _ = write!(
        out,
        "<polygon class=\"outline\" points=\"{}\" fill=\"none\" stroke=\"#e0007a\" stroke-width=\"3\"/>",
        points.join(" ")
    );
    // The board's drawing, nested and moved right of the photo.
    let nested = drawn.trim_end().replacen("<svg ", &format!("<svg x=\"{}\" y=\"0\" ", width + gap), 1);
    out.push_str(&nested);
    out.push_str("</svg>\n");
    out
}
