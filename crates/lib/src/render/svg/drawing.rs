//! Any kind's board, as its kind draws it ([`Drawing`]), as a picture in
//! the look of the Aquarium picture: white cells with thin grey lines,
//! thick black borders around the grid and between regions, clues in bold
//! outside the grid, water in the site's blue; givens in black and what
//! the answer adds in the Sudoku picture's blue.
//!
//! Everything the answer adds is inside a group whose class starts with
//! `solution`, so the HTML archive can hide it until asked: shaded and
//! water cells (`solution shaded`, `solution water`, one `<rect>` a cell),
//! the answer's marks (`solution marks`, one element a mark), texts
//! (`solution texts`, one `<text>` each) and lines (`solution lines`, one
//! `<polyline>` a line, two for a double one). Black cells, given marks
//! (a cell's `given_mark`), texts and lines, thermometers' bulbs, cages,
//! signs between cells and the clues are the puzzle's.
//!
//! A cage is a dashed outline inset inside its cells along its boundary,
//! with its clue small in the top left corner of its first cell in reading
//! order (`cages`, one `<path>` a cage and one `<text>` a clue).
//!
//! A clue above or below a column made of several numbers (a space
//! between them) stands one number a cell, stacked; one left or right of a
//! row, one number a cell side by side.

use std::fmt::Write;

use super::aquarium::{CELL, FONT_SIZE, WATER, wall_path};
use super::sudoku::FILLED;
use super::{escape, open};
use crate::kinds::draw::{Cage, Drawing, Fill, Ink, Mark};

/// Room around the grid where no clues are, for half the outline's width.
const MARGIN: f64 = 2.0;
/// A given black cell, and a cell the answer shades.
const BLACK: &str = "#222";
const SHADED: &str = "#555";
/// The largest size of a cell's text, in cells, and the share of a cell's
/// width a text may take before it is drawn smaller.
const TEXT_SIZE: f64 = 0.6;
const TEXT_ROOM: f64 = 0.9;
/// A character's width, in its font size (DejaVu Sans' digits are 0.64).
const CHAR_WIDTH: f64 = 0.64;
/// A mark's radius, in cells.
const MARK: f64 = 0.32;
/// A thermometer's bulb's radius, in cells: wider than its line (0.24).
const BULB: f64 = 0.3;
/// How far inside its cells a cage's outline runs, and its clue's size and
/// distance from the corner, in cells.
const CAGE_INSET: f64 = 0.1;
const CAGE_CLUE_SIZE: f64 = 0.26;
const CAGE_CLUE_AT: f64 = 0.1;
/// The colour of given lines and bulbs.
const GIVEN_LINE: &str = "#999";

/// A number in pixels, to two decimals (how it is written in the SVG).
fn px(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// The font size of `text` in a room `room` pixels wide: `largest`, or
/// smaller where the text would not fit.
fn font_size(text: &str, largest: f64, room: f64) -> f64 {
    let chars = text.chars().count().max(1) as f64;
    px(largest.min(room / (chars * CHAR_WIDTH)))
}

/// The numbers of an edge clue, a cell each.
fn parts(clue: Option<&Option<String>>) -> Vec<&str> {
    clue.and_then(Option::as_deref).map_or_else(Vec::new, |clue| clue.split_whitespace().collect())
}

/// How many cells deep the clues along an edge are: the most numbers in
/// one of them.
fn depth(clues: &[Option<String>]) -> usize {
    clues.iter().map(|clue| parts(Some(clue)).len()).max().unwrap_or(0)
}

/// A mark centred on (`x`, `y`), as one element.
fn mark_element(mark: Mark, x: f64, y: f64) -> String {
    let r = MARK * CELL;
    let point = |dx: f64, dy: f64| format!("{} {}", px(x + dx * r), px(y + dy * r));
    let polygon = |points: &[(f64, f64)]| {
        let mut d = String::new();
        for (k, &(dx, dy)) in points.iter().enumerate() {
            let _ = write!(d, "{}{}", if k == 0 { 'M' } else { 'L' }, point(dx, dy));
        }
        d.push('Z');
        d
    };
    let circle = |radius: f64, attrs: &str| {
        format!("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{attrs}/>", px(x), px(y), px(radius * r))
    };
    match mark {
        Mark::Star => {
            // Five points and five dents, from the top, clockwise.
            let points: Vec<(f64, f64)> = (0..10)
                .map(|k| {
                    let angle = k as f64 * std::f64::consts::PI / 5.0;
                    let reach = if k % 2 == 0 { 1.0 } else { 0.4 };
                    (reach * angle.sin(), -reach * angle.cos())
                })
                .collect();
            format!("<path d=\"{}\" fill=\"{BLACK}\"/>", polygon(&points))
        }
        Mark::Tent => format!("<path d=\"{}\" fill=\"#c9772e\"/>", polygon(&[(0.0, -0.9), (1.0, 0.8), (-1.0, 0.8)])),
        Mark::Tree => {
            let fir = [(0.0, -1.0), (0.75, 0.4), (0.15, 0.4), (0.15, 1.0), (-0.15, 1.0), (-0.15, 0.4), (-0.75, 0.4)];
            format!("<path d=\"{}\" fill=\"#2e8b3e\"/>", polygon(&fir))
        }
        Mark::Ship => format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{2}\" height=\"{2}\" rx=\"{3}\" fill=\"{BLACK}\"/>",
            px(x - r),
            px(y - r),
            px(2.0 * r),
            px(0.4 * r)
        ),
        Mark::Bulb => circle(0.9, " fill=\"#ffd84a\" stroke=\"#333\" stroke-width=\"1.5\""),
        Mark::Mine => {
            // A ball, and spikes across, down and both diagonals.
            let ball = px(0.55 * r);
            let mut d = format!(
                "M{} {}a{ball} {ball} 0 1 0 {} 0a{ball} {ball} 0 1 0 {} 0",
                px(x - ball),
                px(y),
                px(2.0 * ball),
                px(-2.0 * ball)
            );
            let diagonal = std::f64::consts::FRAC_1_SQRT_2;
            for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (diagonal, diagonal), (diagonal, -diagonal)] {
                let _ = write!(d, "M{}L{}", point(-dx, -dy), point(dx, dy));
            }
            format!("<path d=\"{d}\" fill=\"{BLACK}\" stroke=\"{BLACK}\" stroke-width=\"2\"/>")
        }
        Mark::Cross => {
            let d = format!("M{}L{}M{}L{}", point(-0.6, -0.6), point(0.6, 0.6), point(0.6, -0.6), point(-0.6, 0.6));
            format!("<path d=\"{d}\" fill=\"none\" stroke=\"#444\" stroke-width=\"2\"/>")
        }
        Mark::Dot => circle(0.3, &format!(" fill=\"{BLACK}\"")),
        Mark::WhiteCircle => circle(0.9, &format!(" fill=\"#fff\" stroke=\"{BLACK}\" stroke-width=\"2\"")),
        Mark::BlackCircle => circle(0.9, &format!(" fill=\"{BLACK}\"")),
    }
}

/// A cage's outline in cell units (a cell `(c, r)` spans `c..c + 1`
/// across and `r..r + 1` down), as segments: each side of a cage's cell
/// with no cell of the cage beyond it, `CAGE_INSET` inside. A segment
/// stops short of the corner where the outline turns round the cell, runs
/// to the cell's edge where it goes straight on into the next cell, and
/// past it where it turns round a notch of the cage, so that the segments
/// meet in one closed line.
fn cage_segments(cage: &Cage, width: usize, height: usize) -> Vec<((f64, f64), (f64, f64))> {
    let (w, h) = (width as isize, height as isize);
    let inside =
        |c: isize, r: isize| (0..w).contains(&c) && (0..h).contains(&r) && cage.cells.contains(&((r * w + c) as usize));
    let mut segments = Vec::new();
    for &k in cage.cells.iter().filter(|&&k| k < width * height) {
        let (c, r) = ((k % width) as isize, (k / width) as isize);
        let (cx, cy) = (c as f64 + 0.5, r as f64 + 0.5);
        // Outwards across each side, and along it.
        for (nx, ny) in [(0isize, -1isize), (1, 0), (0, 1), (-1, 0)] {
            if inside(c + nx, r + ny) {
                continue;
            }
            let (tx, ty) = (ny.abs(), nx.abs());
            let reach = |s: isize| match (inside(c + s * tx, r + s * ty), inside(c + s * tx + nx, r + s * ty + ny)) {
                (false, _) => 0.5 - CAGE_INSET,
                (true, false) => 0.5,
                (true, true) => 0.5 + CAGE_INSET,
            };
            let side = 0.5 - CAGE_INSET;
            let end = |s: isize| {
                let along = s as f64 * reach(s);
                (cx + nx as f64 * side + tx as f64 * along, cy + ny as f64 * side + ty as f64 * along)
            };
            segments.push((end(-1), end(1)));
        }
    }
    segments
}

/// Draws the board: its cells, borders, cages, lines, bulbs, marks and
/// texts, the signs between cells and the clues around it, under `title`
/// (escaped).
pub fn board(drawing: &Drawing, title: &str) -> String {
    let (w, h) = (drawing.width, drawing.height);
    let cells = if drawing.cells.len() == w * h { &drawing.cells[..] } else { &[] };
    let band = |clues: &[Option<String>]| match depth(clues) {
        0 => MARGIN,
        n => n as f64 * CELL,
    };
    let (x0, y0) = (band(&drawing.left), band(&drawing.top));
    let width = x0 + w as f64 * CELL + band(&drawing.right);
    let height = y0 + h as f64 * CELL + band(&drawing.bottom);
    let x = |c: usize| x0 + c as f64 * CELL;
    let y = |r: usize| y0 + r as f64 * CELL;
    let at = |index: usize| (index / w.max(1), index % w.max(1));
    let centre = |index: usize| {
        let (r, c) = at(index);
        (px(x(c) + CELL / 2.0), px(y(r) + CELL / 2.0))
    };
    let mut out = open("board drawing", px(width), px(height), title);
    let _ = write!(
        out,
        "<rect class=\"cells\" fill=\"#fff\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
        px(x0),
        px(y0),
        w as f64 * CELL,
        h as f64 * CELL
    );

    // The fills, a group each, the answer's marked as its.
    for (fill, class, colour) in [
        (Fill::Black, "black", BLACK),
        (Fill::Shaded, "solution shaded", SHADED),
        (Fill::Water, "solution water", WATER),
    ] {
        let filled: Vec<usize> = (0..cells.len()).filter(|&k| cells[k].fill == fill).collect();
        if filled.is_empty() {
            continue;
        }
        let _ = write!(out, "<g class=\"{class}\" fill=\"{colour}\">");
        for k in filled {
            let (r, c) = at(k);
            let _ = write!(out, "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>", px(x(c)), px(y(r)));
        }
        out.push_str("</g>");
    }

    // Thin lines between all cells, then the borders over them.
    let mut grid = String::new();
    for r in 1..h {
        let _ = write!(grid, "M{} {}H{}", px(x(0)), px(y(r)), px(x(w)));
    }
    for c in 1..w {
        let _ = write!(grid, "M{} {}V{}", px(x(c)), px(y(0)), px(y(h)));
    }
    if !grid.is_empty() {
        let _ = write!(out, "<path class=\"grid\" stroke=\"#b4b4b4\" stroke-width=\"1\" fill=\"none\" d=\"{grid}\"/>");
    }
    let walls = wall_path(
        w,
        h,
        |r, c| drawing.wall_between(r * w + c, r * w + c + 1),
        |r, c| drawing.wall_between(r * w + c, (r + 1) * w + c),
        0.0,
    );
    let _ = write!(
        out,
        "<path class=\"walls\" stroke=\"#000\" stroke-width=\"3\" stroke-linecap=\"square\" fill=\"none\" \
         transform=\"translate({} {})\" d=\"{walls}\"/>",
        px(x0),
        px(y0)
    );

    // Cages: a dashed outline inside their cells, and each clue small in
    // its first cell's corner, ringed in white where it crosses the dashes.
    let cages: Vec<&Cage> = drawing.cages.iter().filter(|cage| cage.cells.iter().any(|&k| k < cells.len())).collect();
    if !cages.is_empty() {
        let _ = write!(
            out,
            "<g class=\"cages\" fill=\"none\" stroke=\"#444\" stroke-width=\"1.2\" stroke-dasharray=\"3 2\">"
        );
        for cage in &cages {
            let mut d = String::new();
            for ((ax, ay), (bx, by)) in cage_segments(cage, w, h) {
                let _ = write!(
                    d,
                    "M{} {}L{} {}",
                    px(x0 + ax * CELL),
                    px(y0 + ay * CELL),
                    px(x0 + bx * CELL),
                    px(y0 + by * CELL)
                );
            }
            let _ = write!(out, "<path d=\"{d}\"/>");
        }
        let size = px(CAGE_CLUE_SIZE * CELL);
        for cage in &cages {
            let (Some(clue), Some(&first)) = (&cage.clue, cage.cells.iter().filter(|&&k| k < cells.len()).min()) else {
                continue;
            };
            let (r, c) = at(first);
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{size}\" fill=\"#222\" stroke=\"#fff\" stroke-width=\"2\" \
                 stroke-dasharray=\"none\" paint-order=\"stroke\">{}</text>",
                px(x(c) + CAGE_CLUE_AT * CELL),
                px(y(r) + CAGE_CLUE_AT * CELL + 0.75 * size),
                escape(clue)
            );
        }
        out.push_str("</g>");
    }

    // Lines through the cells' centres: a given one wide and grey, as a
    // thermometer; the answer's narrower, in blue; a double one as a wide
    // stroke with a white one down its middle.
    for (ink, class, colour, single) in
        [(Ink::Given, "lines", GIVEN_LINE, 0.24 * CELL), (Ink::Answer, "solution lines", FILLED, 0.12 * CELL)]
    {
        let lines: Vec<_> = drawing.lines.iter().filter(|line| line.ink == ink).collect();
        if lines.is_empty() {
            continue;
        }
        let _ = write!(
            out,
            "<g class=\"{class}\" fill=\"none\" stroke=\"{colour}\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        );
        for line in lines {
            let points: Vec<String> = line
                .cells
                .iter()
                .filter(|&&k| k < cells.len())
                .map(|&k| {
                    let (cx, cy) = centre(k);
                    format!("{cx},{cy}")
                })
                .collect();
            let points = points.join(" ");
            if line.double {
                let (outer, inner) = (px(0.24 * CELL), px(0.08 * CELL));
                let _ = write!(
                    out,
                    "<polyline points=\"{points}\" stroke-width=\"{outer}\"/>\
                     <polyline points=\"{points}\" stroke-width=\"{inner}\" stroke=\"#fff\"/>"
                );
            } else {
                let _ = write!(out, "<polyline points=\"{points}\" stroke-width=\"{}\"/>", px(single));
            }
        }
        out.push_str("</g>");
    }

    // Thermometers' bulbs, over their lines' first cells.
    let bulbs: Vec<usize> = drawing.bulbs.iter().copied().filter(|&k| k < cells.len()).collect();
    if !bulbs.is_empty() {
        let _ = write!(out, "<g class=\"bulbs\" fill=\"{GIVEN_LINE}\">");
        for k in bulbs {
            let (cx, cy) = centre(k);
            let _ = write!(out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\"/>", px(BULB * CELL));
        }
        out.push_str("</g>");
    }

    // Clue cells cut by their diagonal (kakuro's): the sum of the run down
    // in the lower left, of the run to the right in the upper right, white
    // on the black cell.
    let splits: Vec<_> = drawing.split_clues.iter().filter(|clue| clue.cell < cells.len()).collect();
    if !splits.is_empty() {
        let size = px(0.36 * CELL);
        let _ = write!(out, "<g class=\"split-clues\" fill=\"white\" stroke=\"white\" font-size=\"{size}\">");
        for clue in splits {
            let (r, c) = (clue.cell / w, clue.cell % w);
            let (left, top) = (x(c), y(r));
            let _ = write!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke-width=\"1\"/>",
                px(left),
                px(top),
                px(left + CELL),
                px(top + CELL)
            );
            let mut sum = |text: &Option<String>, tx: f64, ty: f64| {
                if let Some(text) = text {
                    let _ = write!(
                        out,
                        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" stroke=\"none\">{}</text>",
                        px(tx),
                        px(ty),
                        super::escape(text)
                    );
                }
            };
            sum(&clue.down, left + 0.3 * CELL, top + 0.88 * CELL);
            sum(&clue.right, left + 0.7 * CELL, top + 0.42 * CELL);
        }
        out.push_str("</g>");
    }

    // Marks, the puzzle's then the answer's.
    for (given, class) in [(true, "marks"), (false, "solution marks")] {
        let marked: Vec<(usize, Mark)> = (0..cells.len())
            .filter_map(|k| cells[k].mark.filter(|_| cells[k].given_mark == given).map(|mark| (k, mark)))
            .collect();
        if marked.is_empty() {
            continue;
        }
        let _ = write!(out, "<g class=\"{class}\">");
        for (k, mark) in marked {
            let (cx, cy) = centre(k);
            out.push_str(&mark_element(mark, cx, cy));
        }
        out.push_str("</g>");
    }

    // Texts: the givens in bold black (white on a dark cell), the answer's
    // in blue.
    for (ink, open_group) in [
        (Ink::Given, "<g class=\"givens\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#000\">".to_string()),
        (Ink::Answer, format!("<g class=\"solution texts\" text-anchor=\"middle\" fill=\"{FILLED}\">")),
    ] {
        let written: Vec<(usize, &str)> = (0..cells.len())
            .filter_map(|k| match &cells[k].text {
                Some((text, text_ink)) if *text_ink == ink => Some((k, text.as_str())),
                _ => None,
            })
            .collect();
        if written.is_empty() {
            continue;
        }
        out.push_str(&open_group);
        for (k, text) in written {
            let (cx, cy) = centre(k);
            let size = font_size(text, TEXT_SIZE * CELL, TEXT_ROOM * CELL);
            let on_dark = matches!(cells[k].fill, Fill::Black | Fill::Shaded);
            let _ = write!(
                out,
                "<text x=\"{cx}\" y=\"{}\" font-size=\"{size}\"{}>{}</text>",
                px(cy + size / 3.0),
                if on_dark { " fill=\"#fff\"" } else { "" },
                escape(text)
            );
        }
        out.push_str("</g>");
    }

    // Signs halfway between their cells, ringed in white to stand out of
    // the line under them.
    let signs: Vec<_> = drawing.between.iter().filter(|s| s.a < cells.len() && s.b < cells.len()).collect();
    if !signs.is_empty() {
        let _ = write!(
            out,
            "<g class=\"signs\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#000\" stroke=\"#fff\" \
             stroke-width=\"3\" paint-order=\"stroke\">"
        );
        for sign in signs {
            let ((ax, ay), (bx, by)) = (centre(sign.a), centre(sign.b));
            let size = font_size(&sign.sign, FONT_SIZE * CELL, TEXT_ROOM * CELL);
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{size}\">{}</text>",
                px((ax + bx) / 2.0),
                px((ay + by) / 2.0 + size / 3.0),
                escape(&sign.sign)
            );
        }
        out.push_str("</g>");
    }

    // The clues, each number in a cell of its band: above and left of the
    // grid the numbers end at the grid, below and right they start there.
    let _ = write!(out, "<g class=\"clues\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#222\">");
    let clue = |out: &mut String, text: &str, cx: f64, cy: f64| {
        let size = font_size(text, FONT_SIZE * CELL, TEXT_ROOM * CELL);
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{size}\">{}</text>",
            px(cx),
            px(cy + size / 3.0),
            escape(text)
        );
    };
    let (top, left) = (depth(&drawing.top), depth(&drawing.left));
    for c in 0..w {
        let cx = x(c) + CELL / 2.0;
        let above = parts(drawing.top.get(c));
        for (k, part) in above.iter().enumerate() {
            clue(&mut out, part, cx, (top - above.len() + k) as f64 * CELL + CELL / 2.0);
        }
        for (k, part) in parts(drawing.bottom.get(c)).iter().enumerate() {
            clue(&mut out, part, cx, y(h) + (k as f64 + 0.5) * CELL);
        }
    }
    for r in 0..h {
        let cy = y(r) + CELL / 2.0;
        let before = parts(drawing.left.get(r));
        for (k, part) in before.iter().enumerate() {
            clue(&mut out, part, (left - before.len() + k) as f64 * CELL + CELL / 2.0, cy);
        }
        for (k, part) in parts(drawing.right.get(r)).iter().enumerate() {
            clue(&mut out, part, x(w) + (k as f64 + 0.5) * CELL, cy);
        }
    }
    out.push_str("</g></svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::draw::{Between, Cage, Line, SplitClue};

    #[test]
    fn a_clue_cell_cut_by_its_diagonal_has_its_line_and_both_sums() {
        let mut drawing = Drawing::new(2, 2);
        drawing.cells[0].fill = Fill::Black;
        drawing.split_clues = vec![SplitClue { cell: 0, down: Some("3".into()), right: Some("12".into()) }];
        let svg = board(&drawing, "kakuro");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let group = doc.descendants().find(|n| n.attribute("class") == Some("split-clues")).expect("a group");
        let texts: Vec<&str> =
            group.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
        assert_eq!(texts, ["3", "12"]);
        assert_eq!(group.descendants().filter(|n| n.has_tag_name("line")).count(), 1);
    }

    const MARKS: [Mark; 10] = [
        Mark::Star,
        Mark::Tent,
        Mark::Tree,
        Mark::Ship,
        Mark::Bulb,
        Mark::Mine,
        Mark::Cross,
        Mark::Dot,
        Mark::WhiteCircle,
        Mark::BlackCircle,
    ];

    /// A 5x4 board with a bit of everything: regions, clues on every side,
    /// every fill and mark (trees and circles given), given and answer
    /// texts, a sign, a single line and a double one.
    fn everything() -> Drawing {
        let mut drawing = Drawing::new(5, 4);
        drawing.regions = Some((0..20).map(|k| (k / 10) as u32).collect());
        drawing.top = Drawing::numbers(&[1, 2, 3, 4, 5]);
        drawing.left = vec![Some("1 2".into()), None, Some("3".into()), None];
        drawing.bottom = vec![None, Some("6".into()), None, None, None];
        drawing.right = Drawing::numbers(&[7, 8, 9, 10]);
        for (k, &mark) in MARKS.iter().enumerate() {
            match mark {
                Mark::Tree | Mark::WhiteCircle | Mark::BlackCircle => drawing.give_mark(k, mark),
                _ => drawing.cell_mut(k).mark = Some(mark),
            }
        }
        drawing.cell_mut(10).fill = Fill::Black;
        drawing.write(10, "10\\17", Ink::Given);
        drawing.cell_mut(11).fill = Fill::Shaded;
        drawing.cell_mut(12).fill = Fill::Water;
        drawing.cell_mut(13).fill = Fill::Water;
        drawing.write(14, "<3>", Ink::Given);
        drawing.write(15, "4", Ink::Answer);
        drawing.between = vec![Between { a: 16, b: 17, sign: "<".into() }];
        drawing.lines = vec![
            Line { cells: vec![15, 16, 17], ink: Ink::Given, double: false },
            Line { cells: vec![18, 19], ink: Ink::Answer, double: true },
        ];
        drawing
    }

    /// Whether a node or one of its groups is the answer's.
    fn in_solution(node: roxmltree::Node) -> bool {
        node.ancestors().any(|n| n.attribute("class").is_some_and(|class| class.split(' ').any(|c| c == "solution")))
    }

    #[test]
    fn the_answer_and_only_it_is_in_solution_groups() {
        let drawing = everything();
        let svg = board(&drawing, "a <b> & \"c\"");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(doc.root_element().attribute("class"), Some("board drawing"));
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some("a <b> & \"c\""));
        assert!(svg.contains("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"));
        let drawn = |node: &roxmltree::Node| node.is_element() && !node.has_tag_name("g");
        let answer: Vec<_> = doc.descendants().filter(|n| drawn(n) && in_solution(*n)).collect();
        let group = |class: &str| {
            doc.descendants()
                .find(|n| n.attribute("class") == Some(class))
                .map_or(0, |g| g.children().filter(|n| n.is_element()).count())
        };
        // The shaded cell, two water cells, seven answer marks, one answer
        // text, a double line's two strokes.
        assert_eq!((group("solution shaded"), group("solution water"), group("solution marks")), (1, 2, 7));
        assert_eq!((group("solution texts"), group("solution lines")), (1, 2));
        assert_eq!(answer.len(), 1 + 2 + 7 + 1 + 2);
        // The puzzle's parts are outside: a black cell, three marks, two
        // texts, a line, a sign, and the clues (5 + 2 + 1 + 1 + 4 numbers).
        assert_eq!((group("black"), group("marks"), group("givens")), (1, 3, 2));
        assert_eq!((group("lines"), group("signs"), group("clues")), (1, 1, 13));
        let texts: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
        assert!(texts.contains(&"10\\17") && texts.contains(&"<3>") && texts.contains(&"<"));
        // A given text on a black cell is white.
        let kakuro = doc.descendants().find(|n| n.text() == Some("10\\17")).unwrap();
        assert_eq!(kakuro.attribute("fill"), Some("#fff"));
        // Two clue numbers left of a row take two cells: the grid starts
        // there, the bottom and right bands one cell each.
        let (x0, y0) = (2.0 * CELL, CELL);
        assert_eq!(doc.root_element().attribute("width"), Some(format!("{}", x0 + 6.0 * CELL).as_str()));
        assert_eq!(doc.root_element().attribute("height"), Some(format!("{}", y0 + 5.0 * CELL).as_str()));
    }

    #[test]
    fn borders_run_between_regions() {
        let drawing = everything();
        let svg = board(&drawing, "");
        // The two regions are the top and bottom halves: one border across
        // the middle besides the outline.
        let expected = wall_path(5, 4, |_, _| false, |r, _| r == 1, 0.0);
        assert!(svg.contains(&format!("d=\"{expected}\"")), "{svg}");
        assert_eq!(expected.matches('M').count(), 5);
    }

    #[test]
    fn no_clues_no_bands_and_one_cell() {
        let mut drawing = Drawing::new(1, 1);
        drawing.write(0, "5", Ink::Given);
        let svg = board(&drawing, "");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let side = format!("{}", CELL + 2.0 * MARGIN);
        assert_eq!(doc.root_element().attribute("width"), Some(side.as_str()));
        assert_eq!(doc.root_element().attribute("height"), Some(side.as_str()));
        assert!(doc.descendants().all(|n| n.attribute("class") != Some("grid")));
        assert!(!svg.contains("solution"));
        // Clues on the left only: no band on top.
        let mut drawing = Drawing::new(3, 2);
        drawing.left = Drawing::numbers(&[1, 2]);
        let doc_svg = board(&drawing, "");
        let doc = roxmltree::Document::parse(&doc_svg).unwrap();
        assert_eq!(doc.root_element().attribute("width"), Some(format!("{}", 4.0 * CELL + MARGIN).as_str()));
        assert_eq!(doc.root_element().attribute("height"), Some(format!("{}", 2.0 * CELL + 2.0 * MARGIN).as_str()));
    }

    #[test]
    fn long_texts_are_drawn_smaller() {
        assert_eq!(font_size("7", TEXT_SIZE * CELL, TEXT_ROOM * CELL), px(TEXT_SIZE * CELL));
        assert!(font_size("10\\17", TEXT_SIZE * CELL, TEXT_ROOM * CELL) * 5.0 * CHAR_WIDTH <= TEXT_ROOM * CELL);
    }

    #[test]
    fn aquarium_through_its_home() {
        use crate::kinds::Kind;
        let task = "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4";
        let board_of = crate::kinds::homes::home(Kind::Aquarium).unwrap().read(task, None).unwrap();
        let solved = board_of.solve(multicover::Settings::default(), 2).unwrap().unwrap();
        let answer = &solved.solutions[0];
        let water = answer.chars().filter(|&c| c == 'y').count();
        assert!(water > 0);
        let svg = board(&board_of.draw(Some(answer)), "Aquarium 6x6");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let rects = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("solution water"))
            .map_or(0, |g| g.children().filter(|n| n.has_tag_name("rect")).count());
        assert_eq!(rects, water);
        // The clues of the task, six a side, and nothing of the answer
        // without it.
        assert_eq!(doc.descendants().filter(|n| n.has_tag_name("text")).count(), 12);
        let puzzle = board(&board_of.draw(None), "Aquarium 6x6");
        roxmltree::Document::parse(&puzzle).unwrap();
        assert!(!puzzle.contains("solution"));
        // Laid out as the Aquarium picture: a cell of clues above and left.
        assert!(puzzle.contains(&format!("width=\"{}\"", 7.0 * CELL + MARGIN)));
    }

    /// The elements of the group of class `class`, none if there is none.
    fn group<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
        doc.descendants()
            .find(|n| n.attribute("class") == Some(class))
            .map_or_else(Vec::new, |g| g.children().filter(|n| n.is_element()).collect())
    }

    #[test]
    fn a_mark_is_the_answers_unless_given() {
        // One mark can be either: a ship given and a ship placed.
        let mut drawing = Drawing::new(3, 1);
        drawing.give_mark(0, Mark::Ship);
        drawing.cell_mut(1).mark = Some(Mark::Ship);
        drawing.give_mark(2, Mark::Cross);
        let svg = board(&drawing, "");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let given = group(&doc, "marks");
        assert_eq!(given.iter().map(|n| n.tag_name().name()).collect::<Vec<_>>(), ["rect", "path"]);
        assert!(given.iter().all(|n| !in_solution(*n)));
        let placed = group(&doc, "solution marks");
        assert_eq!(placed.len(), 1);
        assert!(in_solution(placed[0]));
        // Nothing of the answer without it.
        drawing.cell_mut(1).mark = None;
        assert!(!board(&drawing, "").contains("solution"));
    }

    #[test]
    fn a_bulb_is_a_given_circle_wider_than_its_line() {
        let mut drawing = Drawing::new(3, 2);
        drawing.lines = vec![Line { cells: vec![4, 1, 0], ink: Ink::Given, double: false }];
        drawing.bulbs = vec![4];
        let svg = board(&drawing, "");
        assert!(!svg.contains("solution"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let bulbs = group(&doc, "bulbs");
        assert_eq!(bulbs.len(), 1);
        let bulb = bulbs[0];
        assert!(bulb.has_tag_name("circle"));
        // At the centre of row 2, column 2, past the line's half width.
        let number = |node: roxmltree::Node, name: &str| node.attribute(name).unwrap().parse::<f64>().unwrap();
        assert_eq!((number(bulb, "cx"), number(bulb, "cy")), (MARGIN + 1.5 * CELL, MARGIN + 1.5 * CELL));
        let line = group(&doc, "lines")[0];
        assert!(number(bulb, "r") > number(line, "stroke-width") / 2.0);
        // Drawn over the line.
        assert!(svg.find("class=\"bulbs\"") > svg.find("class=\"lines\""));
    }

    #[test]
    fn a_cage_is_a_dashed_outline_inside_its_cells_with_its_clue_in_the_corner() {
        // An L of three cells on a 2x2 board, its clue "12" given out of
        // reading order, and a cage of the last cell without a clue.
        let mut drawing = Drawing::new(2, 2);
        drawing.cages =
            vec![Cage { cells: vec![2, 0, 1], clue: Some("12".into()) }, Cage { cells: vec![3], clue: None }];
        drawing.write(3, "5", Ink::Answer);
        let svg = board(&drawing, "");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let cages = doc.descendants().find(|n| n.attribute("class") == Some("cages")).unwrap();
        assert!(!in_solution(cages));
        assert!(cages.attribute("stroke-dasharray").is_some());
        let paths: Vec<_> = cages.children().filter(|n| n.has_tag_name("path")).collect();
        assert_eq!(paths.len(), 2);
        let clues: Vec<_> = cages.children().filter(|n| n.has_tag_name("text")).collect();
        assert_eq!(clues.len(), 1);
        assert_eq!(clues[0].text(), Some("12"));
        // In the top left corner of cell 0, small.
        let number = |node: roxmltree::Node, name: &str| node.attribute(name).unwrap().parse::<f64>().unwrap();
        assert!(number(clues[0], "x") < MARGIN + 0.25 * CELL && number(clues[0], "y") < MARGIN + 0.4 * CELL);
        assert!(number(clues[0], "font-size") < TEXT_SIZE * CELL);
        // The L's outline: a segment for each of its cells' eight outer
        // sides; the top runs on across two cells, and the two round the
        // notch run past their cells' edges to meet inside the first cell.
        let d = paths[0].attribute("d").unwrap();
        assert_eq!(d.matches('M').count(), 8, "{d}");
        let (inset, notch) = (px(MARGIN + CAGE_INSET * CELL), px(MARGIN + (1.0 - CAGE_INSET) * CELL));
        assert!(d.contains(&format!("M{inset} {inset}L{} {inset}", px(MARGIN + CELL))), "{d}");
        assert_eq!(d.matches(&format!("M{notch} {notch}")).count(), 2, "{d}");
        assert_eq!(paths[1].attribute("d").unwrap().matches('M').count(), 4);
        // The answer's digit stays the only thing in `solution`.
        let answer: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("text") && in_solution(*n)).collect();
        assert_eq!(answer.len(), 1);
    }

    #[test]
    fn segments_of_a_cage_meet_in_one_closed_line() {
        // A plus of five cells on a 3x3 board: every segment's ends are
        // shared with exactly one other segment's.
        let cage = Cage { cells: vec![1, 3, 4, 5, 7], clue: None };
        let segments = cage_segments(&cage, 3, 3);
        assert_eq!(segments.len(), 12);
        let key = |(x, y): (f64, f64)| ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64);
        let mut ends = std::collections::BTreeMap::new();
        for (a, b) in &segments {
            *ends.entry(key(*a)).or_insert(0) += 1;
            *ends.entry(key(*b)).or_insert(0) += 1;
        }
        assert!(ends.values().all(|&n| n == 2), "{ends:?}");
    }

    #[test]
    fn killer_sudoku_and_thermometers_through_their_homes() {
        use crate::kinds::Kind;
        let killer = crate::kinds::homes::home(Kind::KillerSudoku).unwrap();
        let board_of = killer.read("p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3a8a6_4_5d7_7c", None).unwrap();
        let puzzle = board(&board_of.draw(None), "");
        let doc = roxmltree::Document::parse(&puzzle).unwrap();
        let cages = doc.descendants().find(|n| n.attribute("class") == Some("cages")).unwrap();
        assert_eq!(cages.children().filter(|n| n.has_tag_name("path")).count(), 7);
        assert_eq!(cages.children().filter(|n| n.has_tag_name("text")).count(), 7);
        assert!(!puzzle.contains("solution"));
        let thermometers = crate::kinds::homes::home(Kind::Thermometers).unwrap();
        let board_of = thermometers.read("2_1_2_2_2_3_1_1;2,3;3,2;2,3;1,3;4,2;2,3", None).unwrap();
        let drawing = board_of.draw(None);
        let puzzle = board(&drawing, "");
        let doc = roxmltree::Document::parse(&puzzle).unwrap();
        assert!(!drawing.lines.is_empty());
        assert_eq!(group(&doc, "bulbs").len(), drawing.lines.len());
        assert!(!puzzle.contains("solution"));
    }
}
