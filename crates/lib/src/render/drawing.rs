//! Any kind's board, as its kind draws it ([`Drawing`]), as framed text in
//! the look of the Aquarium and Sudoku drawings: `+`, `-` and `|` for the
//! grid's outline and the thick borders between regions (no line between
//! two cells of one region), clues outside the frame, one line of text for
//! each row of cells and one for each border between rows.
//!
//! A cell is a blank, its text or its mark in the middle (centred, leaning
//! right, so that numbers of one and two digits end in the same column)
//! with a space either side. Every cell is as wide as the widest text in a
//! cell or above or below a column. What shows in a cell, first found:
//!
//! - its text, given or the answer's, as it is, or else the clue of the
//!   cage it is the first cell of;
//! - its mark, given or the answer's, as one character ([`LEGEND`]);
//! - a thermometer's bulb ([`BULB`]);
//! - a line's piece where a line passes through an empty cell (`-`, `|`,
//!   `+` where it turns; `=`, `‖` for a double line);
//! - `.` in an empty cell.
//!
//! A filled cell (black, shaded, water) is its fill's character across its
//! whole width around that, and two side-by-side cells with one fill and no
//! border between them are joined by it, so that a pool of water or a
//! shaded wall reads as one block. A sign between two cells stands in the
//! gap between them; a line joins the cells it passes through with `-` or
//! `=` across and `|` or `‖` down. A clue above or below a column made of
//! several numbers (a space between them) stands one number a line.
//!
//! A cage's boundary is dotted where no border runs: `:` between cells
//! side by side, `·` between cells one above the other. Its clue stands in
//! its first cell in reading order where that cell shows nothing else;
//! the clues that cannot (a cell with a text or a mark, as every cell of a
//! solved killer sudoku) are listed under the board a line a row, `cages
//! in row 1: 12 at column 1, 7 at column 3`. The text shows no ink: a
//! given text or mark looks as the answer's.
//!
//! Texts are counted in characters: a character a terminal shows twice as
//! wide would push its row out of line. Signs between cells that are not
//! side by side and line steps that are neither across nor down are left
//! out (the picture, `svg::drawing`, draws them).

use crate::kinds::draw::{Drawing, Fill, Mark};

/// What stands in a thermometer's bulb's cell.
pub const BULB: &str = "◉";
/// A cage's boundary between cells side by side, one above the other, and
/// where boundaries meet.
const CAGE_ACROSS: char = ':';
const CAGE_DOWN: char = '·';

/// The symbols the text draws for fills, marks and lines, with what each
/// means; the `.` of an empty cell, texts and signs stand for themselves.
pub const LEGEND: &[(&str, &str)] = &[
    ("~", "water"),
    ("#", "shaded"),
    ("█", "a black cell"),
    ("*", "a star"),
    ("^", "a tent"),
    ("T", "a tree"),
    ("o", "a ship"),
    ("@", "a bulb"),
    ("M", "a mine"),
    ("x", "a cross"),
    ("•", "a dot"),
    ("○", "a white circle"),
    ("●", "a black circle"),
    (BULB, "a thermometer's bulb"),
    (LINE, "a line"),
    (DOUBLE_LINE, "a double line"),
];

/// The legend's keys for lines: what joins cells across and down.
const LINE: &str = "- |";
const DOUBLE_LINE: &str = "= ‖";

/// The character a fill spreads across its cell; None for a blank cell.
fn fill_symbol(fill: Fill) -> Option<char> {
    match fill {
        Fill::Blank => None,
        Fill::Black => Some('█'),
        Fill::Shaded => Some('#'),
        Fill::Water => Some('~'),
    }
}

fn mark_symbol(mark: Mark) -> char {
    match mark {
        Mark::Star => '*',
        Mark::Tent => '^',
        Mark::Tree => 'T',
        Mark::Ship => 'o',
        Mark::Bulb => '@',
        Mark::Mine => 'M',
        Mark::Cross => 'x',
        Mark::Dot => '•',
        Mark::WhiteCircle => '○',
        Mark::BlackCircle => '●',
    }
}

/// The legend of what [`text`] drew for `drawing`, the entries of
/// [`LEGEND`] it used in that order, `; ` between them and a newline after
/// them: a line to print under the board. Empty when it used none (a board
/// of texts only).
pub fn legend(drawing: &Drawing) -> String {
    let mut used: Vec<String> = Vec::new();
    for cell in &drawing.cells {
        used.extend(fill_symbol(cell.fill).map(String::from));
        used.extend(cell.mark.map(|mark| mark_symbol(mark).to_string()));
    }
    for line in &drawing.lines {
        used.push(if line.double { DOUBLE_LINE } else { LINE }.to_string());
    }
    if drawing.bulbs.iter().any(|&k| k < drawing.cells.len()) {
        used.push(BULB.to_string());
    }
    let entries: Vec<String> = LEGEND
        .iter()
        .filter(|(symbol, _)| used.iter().any(|u| u == symbol))
        .map(|(symbol, meaning)| format!("{symbol} {meaning}"))
        .collect();
    if entries.is_empty() { String::new() } else { format!("{}\n", entries.join("; ")) }
}

/// The numbers of an edge clue, one a line above or below a column.
fn parts(clue: Option<&Option<String>>) -> Vec<&str> {
    clue.and_then(Option::as_deref).map_or_else(Vec::new, |clue| clue.split_whitespace().collect())
}

fn width_of(text: &str) -> usize {
    text.chars().count()
}

/// Where columns of the frame are. Boundary `v` (0..=width) is one
/// character, `|` where a border runs; a cell between two boundaries is
/// `pad` characters, `content` characters for its text, `pad` characters.
struct Columns {
    content: usize,
    pad: usize,
}

impl Columns {
    fn boundary(&self, v: usize) -> usize {
        v * (self.content + 2 * self.pad + 1)
    }

    /// The characters inside cell `c`, between its two boundaries.
    fn inner(&self, c: usize) -> std::ops::Range<usize> {
        self.boundary(c) + 1..self.boundary(c + 1)
    }

    /// Where a text of `len` characters starts in column `c`: centred,
    /// the odd space on its left (a sign wider than a text takes the
    /// padding too).
    fn text_at(&self, c: usize, len: usize) -> usize {
        let inner = self.content + 2 * self.pad;
        self.boundary(c) + 1 + inner.saturating_sub(len).div_ceil(2)
    }

    /// The middle of column `c`, where a one-character symbol stands.
    fn middle(&self, c: usize) -> usize {
        self.text_at(c, 1)
    }
}

/// Which ways lines leave a cell, for the piece drawn in an empty one.
#[derive(Clone, Copy, Default)]
struct Through {
    across: bool,
    down: bool,
    double: bool,
}

/// The cage of each cell, None outside every cage.
fn cage_of(drawing: &Drawing) -> Vec<Option<usize>> {
    let mut cage_of = vec![None; drawing.cells.len()];
    for (n, cage) in drawing.cages.iter().enumerate() {
        for &k in cage.cells.iter().filter(|&&k| k < drawing.cells.len()) {
            cage_of[k] = Some(n);
        }
    }
    cage_of
}

/// Each cage's clue with its first cell in reading order, those cages that
/// have a clue and a cell on the board.
fn cage_clues(drawing: &Drawing) -> Vec<(usize, &str)> {
    drawing
        .cages
        .iter()
        .filter_map(|cage| {
            let first = cage.cells.iter().copied().filter(|&k| k < drawing.cells.len()).min()?;
            Some((first, cage.clue.as_deref()?))
        })
        .collect()
}

/// Draws the board: the frame and what is in and between its cells, with
/// the clues above, left of, below and right of it, each line without
/// trailing spaces and ending in a newline. A 2x2 board with clues on top
/// and left, two tanks and water in the bottom row:
///
/// ```text
///     1   1
///   +---+---+
/// 0 | . | . |
///   |   +---+
/// 2 |~~~~~~~|
///   +-------+
/// ```
pub fn text(drawing: &Drawing) -> String {
    let (w, h) = (drawing.width, drawing.height);
    if w == 0 || h == 0 || drawing.cells.len() != w * h {
        return String::new();
    }
    let at = |index: usize| (index / w, index % w);
    let side_by_side = |a: usize, b: usize| {
        let ((ra, ca), (rb, cb)) = (at(a), at(b));
        ra == rb && ca.abs_diff(cb) == 1
    };
    let one_above_other = |a: usize, b: usize| {
        let ((ra, ca), (rb, cb)) = (at(a), at(b));
        ca == cb && ra.abs_diff(rb) == 1
    };
    let signs: Vec<_> = drawing.between.iter().filter(|s| s.a < w * h && s.b < w * h).collect();
    let widest = |across: bool| {
        signs
            .iter()
            .filter(|s| if across { side_by_side(s.a, s.b) } else { one_above_other(s.a, s.b) })
            .map(|s| width_of(&s.sign))
            .max()
            .unwrap_or(0)
    };
    // A sign across stands on the boundary and spills into the cells'
    // padding either side; one down stands in the border under a cell.
    let pad = (widest(true) / 2).max(1);
    // A cage's clue stands in its first cell where that shows nothing
    // else; the others wait for the list under the board.
    let mut slots: Vec<Option<&str>> =
        drawing.cells.iter().map(|cell| cell.text.as_ref().map(|(t, _)| t.as_str())).collect();
    // A clue cell cut by its diagonal (kakuro's) shows its sums as
    // `down\right`, a side without a run left empty.
    let split: Vec<(usize, String)> = drawing
        .split_clues
        .iter()
        .filter(|clue| clue.cell < w * h)
        .map(|clue| {
            (clue.cell, format!("{}\\{}", clue.down.as_deref().unwrap_or(""), clue.right.as_deref().unwrap_or("")))
        })
        .collect();
    for (cell, text) in &split {
        if slots[*cell].is_none() {
            slots[*cell] = Some(text);
        }
    }
    let bulb = |k: usize| drawing.bulbs.contains(&k);
    let mut listed: Vec<(usize, &str)> = Vec::new();
    for (first, clue) in cage_clues(drawing) {
        if slots[first].is_none() && drawing.cells[first].mark.is_none() && !bulb(first) {
            slots[first] = Some(clue);
        } else {
            listed.push((first, clue));
        }
    }
    let texts = slots.iter().flatten().map(|text| width_of(text));
    let clue_parts = drawing.top.iter().chain(&drawing.bottom).flat_map(|clue| parts(Some(clue))).map(width_of);
    let content = texts.chain(clue_parts).max().unwrap_or(1).max(1).max(widest(false).saturating_sub(2 * pad));
    let columns = Columns { content, pad };
    let mut canvas = vec![vec![' '; columns.boundary(w) + 1]; 2 * h + 1];
    let index = |r: usize, c: usize| r * w + c;

    // Borders: the outline, and between cells of different regions.
    let wall_across = |b: usize, c: usize| b == 0 || b == h || drawing.wall_between(index(b - 1, c), index(b, c));
    let wall_down = |r: usize, v: usize| v == 0 || v == w || drawing.wall_between(index(r, v - 1), index(r, v));
    for b in 0..=h {
        for v in 0..=w {
            // `+` where borders meet or turn, the border itself where one
            // runs straight on.
            let across = (v > 0 && wall_across(b, v - 1)) || (v < w && wall_across(b, v));
            let down = (b > 0 && wall_down(b - 1, v)) || (b < h && wall_down(b, v));
            canvas[2 * b][columns.boundary(v)] = match (across, down) {
                (true, true) => '+',
                (true, false) => '-',
                (false, true) => '|',
                (false, false) => ' ',
            };
            if v < w && wall_across(b, v) {
                canvas[2 * b][columns.inner(v)].fill('-');
            }
        }
    }
    for r in 0..h {
        for v in 0..=w {
            if wall_down(r, v) {
                canvas[2 * r + 1][columns.boundary(v)] = '|';
            }
        }
    }

    // Cages' boundaries where no border runs.
    let cage_of = cage_of(drawing);
    let cage_across =
        |r: usize, v: usize| 0 < v && v < w && cage_of[index(r, v - 1)] != cage_of[index(r, v)] && !wall_down(r, v);
    let cage_down =
        |b: usize, c: usize| 0 < b && b < h && cage_of[index(b - 1, c)] != cage_of[index(b, c)] && !wall_across(b, c);
    for r in 0..h {
        for v in 1..w {
            if cage_across(r, v) {
                canvas[2 * r + 1][columns.boundary(v)] = CAGE_ACROSS;
            }
        }
    }
    for b in 1..h {
        for c in 0..w {
            if cage_down(b, c) {
                canvas[2 * b][columns.inner(c)].fill(CAGE_DOWN);
            }
        }
        for v in 1..w {
            let meet = cage_across(b - 1, v) || cage_across(b, v) || cage_down(b, v - 1) || cage_down(b, v);
            let spot = &mut canvas[2 * b][columns.boundary(v)];
            if meet && *spot == ' ' {
                *spot = CAGE_DOWN;
            }
        }
    }

    // The lines' steps, each across or down between neighbours (a step
    // over several cells passes through those between).
    let mut through = vec![Through::default(); w * h];
    let mut steps_across = Vec::new();
    let mut steps_down = Vec::new();
    for line in &drawing.lines {
        for pair in line.cells.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if a >= w * h || b >= w * h {
                continue;
            }
            let ((ra, ca), (rb, cb)) = (at(a), at(b));
            if ra == rb && ca != cb {
                for c in ca.min(cb)..ca.max(cb) {
                    steps_across.push((ra, c, line.double));
                    for cell in [index(ra, c), index(ra, c + 1)] {
                        through[cell].across = true;
                        through[cell].double |= line.double;
                    }
                }
            } else if ca == cb && ra != rb {
                for r in ra.min(rb)..ra.max(rb) {
                    steps_down.push((r, ca, line.double));
                    for cell in [index(r, ca), index(r + 1, ca)] {
                        through[cell].down = true;
                        through[cell].double |= line.double;
                    }
                }
            }
        }
    }

    // The cells, each its fill across its width and its text in the
    // middle; `spans` keeps where each text is, for the lines' joins.
    let mut spans = vec![(0, 0); w * h];
    for r in 0..h {
        for c in 0..w {
            let cell = &drawing.cells[index(r, c)];
            let row = &mut canvas[2 * r + 1];
            let fill = fill_symbol(cell.fill);
            if let Some(fill) = fill {
                row[columns.inner(c)].fill(fill);
            }
            let piece = through[index(r, c)];
            let shown: String = match (slots[index(r, c)], cell.mark, fill) {
                (Some(text), _, _) => text.to_string(),
                (None, Some(mark), _) => mark_symbol(mark).to_string(),
                _ if bulb(index(r, c)) => BULB.to_string(),
                (None, None, Some(fill)) => fill.to_string(),
                (None, None, None) => match (piece.across, piece.down, piece.double) {
                    (true, true, _) => "+".into(),
                    (true, false, false) => "-".into(),
                    (true, false, true) => "=".into(),
                    (false, true, false) => "|".into(),
                    (false, true, true) => "‖".into(),
                    (false, false, _) => ".".into(),
                },
            };
            let start = columns.text_at(c, width_of(&shown));
            for (k, ch) in shown.chars().enumerate() {
                row[start + k] = ch;
            }
            spans[index(r, c)] = (start, start + width_of(&shown));
        }
    }

    // One fill on both sides of a border-less boundary joins the cells.
    let same_fill = |cells: &[(usize, usize)]| {
        let fill = drawing.cells[index(cells[0].0, cells[0].1)].fill;
        cells.iter().all(|&(r, c)| drawing.cells[index(r, c)].fill == fill).then(|| fill_symbol(fill)).flatten()
    };
    for r in 0..h {
        for v in 1..w {
            if let Some(fill) = same_fill(&[(r, v - 1), (r, v)]) {
                let spot = &mut canvas[2 * r + 1][columns.boundary(v)];
                if *spot == ' ' {
                    *spot = fill;
                }
            }
        }
    }
    for b in 1..h {
        for c in 0..w {
            if let Some(fill) = same_fill(&[(b - 1, c), (b, c)]) {
                for spot in &mut canvas[2 * b][columns.inner(c)] {
                    if *spot == ' ' {
                        *spot = fill;
                    }
                }
            }
        }
        for v in 1..w {
            if let Some(fill) = same_fill(&[(b - 1, v - 1), (b - 1, v), (b, v - 1), (b, v)]) {
                let spot = &mut canvas[2 * b][columns.boundary(v)];
                if *spot == ' ' {
                    *spot = fill;
                }
            }
        }
    }

    // Lines: across, from one cell's text to the next one's, leaving a
    // border standing; down, through the border's middle.
    for &(r, c, double) in &steps_across {
        let (from, to) = (spans[index(r, c)].1, spans[index(r, c + 1)].0);
        for spot in &mut canvas[2 * r + 1][from..to] {
            if *spot != '|' {
                *spot = if double { '=' } else { '-' };
            }
        }
    }
    for &(r, c, double) in &steps_down {
        canvas[2 * r + 2][columns.middle(c)] = if double { '‖' } else { '|' };
    }

    // Signs between side-by-side cells, centred on what parts them, over
    // any line between the two.
    for sign in &signs {
        let ((ra, ca), (rb, cb)) = (at(sign.a), at(sign.b));
        let len = width_of(&sign.sign);
        let (y, start) = if side_by_side(sign.a, sign.b) {
            (2 * ra + 1, columns.boundary(ca.max(cb)) - (len.saturating_sub(1)) / 2)
        } else if one_above_other(sign.a, sign.b) {
            (2 * ra.max(rb), columns.text_at(ca, len))
        } else {
            continue;
        };
        for (k, ch) in sign.sign.chars().enumerate() {
            canvas[y][start + k] = ch;
        }
    }

    // The clues around the frame.
    let left_width = drawing.left.iter().flatten().map(|clue| width_of(clue)).max().unwrap_or(0);
    let margin = if left_width > 0 { " ".repeat(left_width + 1) } else { String::new() };
    let edge_lines = |clues: &[Option<String>], from_grid: bool| {
        let stacks: Vec<Vec<&str>> = (0..w).map(|c| parts(clues.get(c))).collect();
        let count = stacks.iter().map(Vec::len).max().unwrap_or(0);
        (0..count)
            .map(|k| {
                let mut row = vec![' '; columns.boundary(w) + 1];
                for (c, stack) in stacks.iter().enumerate() {
                    // Above the grid, a short stack sits on the grid; below
                    // it, it hangs from the grid.
                    let slot = if from_grid { Some(k) } else { (k + stack.len()).checked_sub(count) };
                    if let Some(part) = slot.and_then(|k| stack.get(k)) {
                        let start = columns.text_at(c, width_of(part));
                        for (j, ch) in part.chars().enumerate() {
                            row[start + j] = ch;
                        }
                    }
                }
                format!("{margin}{}", row.into_iter().collect::<String>())
            })
            .collect::<Vec<_>>()
    };
    let mut lines = edge_lines(&drawing.top, false);
    for (y, row) in canvas.into_iter().enumerate() {
        let row: String = row.into_iter().collect();
        let clue = |clues: &[Option<String>]| {
            if y % 2 == 1 { clues.get(y / 2).cloned().flatten().unwrap_or_default() } else { String::new() }
        };
        if left_width > 0 {
            lines.push(format!("{:>left_width$} {row} {}", clue(&drawing.left), clue(&drawing.right)));
        } else {
            lines.push(format!("{row} {}", clue(&drawing.right)));
        }
    }
    lines.extend(edge_lines(&drawing.bottom, true));
    listed.sort_unstable();
    for row in listed.chunk_by(|a, b| a.0 / w == b.0 / w) {
        let clues: Vec<String> = row.iter().map(|&(k, clue)| format!("{clue} at column {}", k % w + 1)).collect();
        lines.push(format!("cages in row {}: {}", row[0].0 / w + 1, clues.join(", ")));
    }
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::draw::{Between, Cage, Ink, Line, SplitClue};

    fn widths(text: &str) -> Vec<usize> {
        text.lines().map(width_of).collect()
    }

    #[test]
    fn a_clue_cell_cut_by_its_diagonal_shows_both_sums() {
        let mut drawing = Drawing::new(3, 1);
        drawing.cells[0].fill = Fill::Black;
        drawing.cells[1].fill = Fill::Black;
        drawing.split_clues = vec![
            SplitClue { cell: 0, down: Some("16".into()), right: Some("7".into()) },
            SplitClue { cell: 1, down: None, right: Some("4".into()) },
        ];
        let drawn = text(&drawing);
        assert!(drawn.contains("16\\7") && drawn.contains("\\4"), "\n{drawn}");
    }

    #[test]
    fn one_cell() {
        let mut drawing = Drawing::new(1, 1);
        assert_eq!(text(&drawing), "+---+\n| . |\n+---+\n");
        drawing.write(0, "5", Ink::Given);
        assert_eq!(text(&drawing), "+---+\n| 5 |\n+---+\n");
        assert_eq!(legend(&drawing), "");
    }

    #[test]
    fn borders_stand_exactly_between_regions() {
        // 3 wide, 2 high: a tank of the left two cells on top, the right
        // column, and the bottom row's left two cells.
        let mut drawing = Drawing::new(3, 2);
        drawing.regions = Some(vec![0, 0, 1, 2, 2, 1]);
        let drawn = text(&drawing);
        let rows: Vec<&str> = drawn.lines().collect();
        assert_eq!(rows.len(), 5, "\n{drawn}");
        assert_eq!(widths(&drawn), vec![13; 5], "\n{drawn}");
        assert_eq!(rows[0], "+-------+---+");
        assert_eq!(rows[1], "| .   . | . |");
        assert_eq!(rows[2], "+-------+   |");
        assert_eq!(rows[3], "| .   . | . |");
        assert_eq!(rows[4], "+-------+---+");
        // No regions: only the outline.
        let plain = text(&Drawing::new(3, 2));
        assert_eq!(plain, "+-----------+\n| .   .   . |\n|           |\n| .   .   . |\n+-----------+\n");
    }

    #[test]
    fn clues_on_all_four_sides() {
        let mut drawing = Drawing::new(2, 3);
        drawing.top = vec![Some("1 2".into()), Some("3".into())];
        drawing.left = vec![Some("10".into()), None, Some("4".into())];
        drawing.bottom = vec![None, Some("5".into())];
        drawing.right = Drawing::numbers(&[6, 7, 8]);
        let drawn = text(&drawing);
        let rows: Vec<&str> = drawn.lines().collect();
        // Two lines of stacked clues on top, the frame, one line below.
        assert_eq!(rows.len(), 2 + 7 + 1, "\n{drawn}");
        assert_eq!(rows[0], "     1", "\n{drawn}");
        assert_eq!(rows[1], "     2   3", "\n{drawn}");
        assert_eq!(rows[2], "   +-------+");
        assert_eq!(rows[3], "10 | .   . | 6");
        assert_eq!(rows[5], "   | .   . | 7");
        assert_eq!(rows[7], " 4 | .   . | 8");
        assert_eq!(rows[9], "         5");
        // Without clues on top the frame comes first.
        drawing.top = Vec::new();
        assert!(text(&drawing).starts_with("   +-------+\n"));
    }

    #[test]
    fn fills_marks_and_texts() {
        let marks = [
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
        let mut drawing = Drawing::new(5, 3);
        for (k, &mark) in marks.iter().enumerate() {
            drawing.cell_mut(k).mark = Some(mark);
        }
        drawing.cell_mut(10).fill = Fill::Black;
        drawing.write(10, "12", Ink::Given);
        drawing.cell_mut(11).fill = Fill::Shaded;
        drawing.cell_mut(12).fill = Fill::Water;
        drawing.write(13, "7", Ink::Answer);
        let drawn = text(&drawing);
        let rows: Vec<&str> = drawn.lines().collect();
        // Two-digit texts make every cell two wide, one-digit ones right.
        assert_eq!(rows[1], "|  *    ^    T    o    @ |", "\n{drawn}");
        assert_eq!(rows[3], "|  M    x    •    ○    ● |", "\n{drawn}");
        assert_eq!(rows[5], "|█12█ #### ~~~~   7    . |", "\n{drawn}");
        assert_eq!(widths(&drawn), vec![26; 7]);
        let legend = legend(&drawing);
        for (symbol, _) in LEGEND.iter().filter(|(symbol, _)| ![LINE, DOUBLE_LINE, BULB].contains(symbol)) {
            assert!(legend.contains(&format!("{symbol} ")), "{symbol} missing from {legend}");
        }
        assert!(!legend.contains("line"));
    }

    #[test]
    fn one_fill_joins_cells_across_and_down() {
        let mut drawing = Drawing::new(2, 2);
        for cell in &mut drawing.cells {
            cell.fill = Fill::Water;
        }
        assert_eq!(text(&drawing), "+-------+\n|~~~~~~~|\n|~~~~~~~|\n|~~~~~~~|\n+-------+\n");
    }

    #[test]
    fn signs_stand_between_their_cells() {
        let mut drawing = Drawing::new(2, 2);
        drawing.between = vec![
            Between { a: 0, b: 1, sign: "<".into() },
            Between { a: 1, b: 3, sign: "v".into() },
            // Not neighbours: left out.
            Between { a: 0, b: 3, sign: "?".into() },
        ];
        let drawn = text(&drawing);
        assert_eq!(drawn, "+-------+\n| . < . |\n|     v |\n| .   . |\n+-------+\n");
        // A wider sign across widens the padding to make room.
        drawing.between = vec![Between { a: 2, b: 3, sign: "<=>".into() }];
        assert_eq!(text(&drawing).lines().nth(3), Some("| .<=>. |"));
        // A sign stands over a line between the same cells.
        drawing.between = vec![Between { a: 0, b: 1, sign: "<".into() }];
        drawing.lines = vec![Line { cells: vec![0, 1], ink: Ink::Given, double: false }];
        assert_eq!(text(&drawing).lines().nth(1), Some("| --<-- |"));
    }

    #[test]
    fn lines_join_the_cells_they_pass_through() {
        // A thermometer down the left and along the bottom, over a border
        // and through water, and a double bridge over the top row.
        let mut drawing = Drawing::new(3, 3);
        drawing.regions = Some(vec![0, 0, 0, 1, 1, 1, 1, 2, 2]);
        drawing.cell_mut(6).fill = Fill::Water;
        drawing.write(0, "2", Ink::Given);
        drawing.write(2, "3", Ink::Given);
        drawing.lines = vec![
            Line { cells: vec![3, 6, 7, 8], ink: Ink::Given, double: false },
            Line { cells: vec![0, 2], ink: Ink::Answer, double: true },
        ];
        let drawn = text(&drawing);
        let rows: Vec<&str> = drawn.lines().collect();
        assert_eq!(rows[1], "| 2=======3 |", "\n{drawn}");
        assert_eq!(rows[3], "| |   .   . |", "\n{drawn}");
        assert_eq!(rows[4], "| | +-------+", "\n{drawn}");
        assert_eq!(rows[5], "|~~-|------ |", "\n{drawn}");
        assert_eq!(legend(&drawing), "~ water; - | a line; = ‖ a double line\n");
    }

    #[test]
    fn a_long_text_widens_every_cell() {
        let mut drawing = Drawing::new(3, 2);
        drawing.cell_mut(0).fill = Fill::Black;
        drawing.write(0, "10\\17", Ink::Given);
        drawing.write(4, "9", Ink::Answer);
        drawing.top = vec![None, Some("100".into()), None];
        let drawn = text(&drawing);
        assert_eq!(widths(&drawn)[1..], [25; 5], "\n{drawn}");
        assert_eq!(drawn.lines().nth(2), Some("|█10\\17█    .       .   |"));
        assert_eq!(drawn.lines().nth(4), Some("|   .       9       .   |"));
    }

    #[test]
    fn aquarium_through_its_home() {
        use crate::kinds::Kind;
        let task = "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4";
        let board = crate::kinds::homes::home(Kind::Aquarium).unwrap().read(task, None).unwrap();
        let solved = board.solve(multicover::Settings::default(), 2).unwrap().unwrap();
        let answer = &solved.solutions[0];
        let puzzle = text(&board.draw(None));
        let solution = text(&board.draw(Some(answer)));
        // Clues on top, then the frame: six rows and their borders.
        assert_eq!(puzzle.lines().count(), 1 + 13, "\n{puzzle}");
        assert_eq!(solution.lines().count(), 1 + 13, "\n{solution}");
        assert!(!puzzle.contains('~'));
        // Each row shows as many water cells as its answer has.
        for r in 0..6 {
            let row = solution.lines().nth(2 + 2 * r).unwrap();
            let cells: Vec<char> = row.chars().skip(4).step_by(4).take(6).collect();
            let water = answer.chars().skip(6 * r).take(6).filter(|&c| c == 'y').count();
            assert_eq!(cells.iter().filter(|&&c| c == '~').count(), water, "{row}\n{solution}");
        }
        assert_eq!(legend(&board.draw(Some(answer))), "~ water\n");
    }

    #[test]
    fn cages_are_dotted_with_their_clues_in_their_first_cells() {
        // An L of three cells, its cells out of reading order, and the
        // last cell alone.
        let mut drawing = Drawing::new(2, 2);
        drawing.cages = vec![
            Cage { cells: vec![2, 1, 0], clue: Some("12".into()) },
            Cage { cells: vec![3], clue: Some("5".into()) },
        ];
        let drawn = text(&drawing);
        assert_eq!(drawn, "+---------+\n| 12    . |\n|    ·····|\n|  . :  5 |\n+---------+\n", "\n{drawn}");
        // A clue whose cell shows something else is listed under the board.
        drawing.write(0, "1", Ink::Answer);
        drawing.give_mark(3, Mark::Cross);
        let drawn = text(&drawing);
        let rows: Vec<&str> = drawn.lines().collect();
        assert_eq!(rows[1], "| 1   . |", "\n{drawn}");
        assert_eq!(rows[3], "| . : x |", "\n{drawn}");
        assert_eq!(rows[5..], ["cages in row 1: 12 at column 1", "cages in row 2: 5 at column 2"], "\n{drawn}");
        // A border stands where a cage's boundary runs along one.
        drawing.regions = Some(vec![0, 1, 0, 1]);
        let drawn = text(&drawing);
        assert_eq!(drawn.lines().nth(2), Some("|   |···|"), "\n{drawn}");
        assert_eq!(drawn.lines().nth(3), Some("| . | x |"), "\n{drawn}");
    }

    #[test]
    fn a_bulb_stands_in_its_cell_and_in_the_legend() {
        let mut drawing = Drawing::new(3, 1);
        drawing.lines = vec![Line { cells: vec![0, 1, 2], ink: Ink::Given, double: false }];
        drawing.bulbs = vec![0];
        drawing.cell_mut(0).fill = Fill::Water;
        let drawn = text(&drawing);
        // The line runs on from the bulb, over the water.
        assert_eq!(drawn.lines().nth(1), Some("|~◉-------- |"), "\n{drawn}");
        assert_eq!(legend(&drawing), "~ water; ◉ a thermometer's bulb; - | a line\n");
    }

    #[test]
    fn killer_sudoku_and_thermometers_through_their_homes() {
        use crate::kinds::Kind;
        let killer = crate::kinds::homes::home(Kind::KillerSudoku).unwrap();
        let board = killer.read("p;1,1,2,2,3,4,5,2,3,4,5,6,7,7,6,6;3a8a6_4_5d7_7c", None).unwrap();
        let puzzle = text(&board.draw(None));
        // Seven cages, each clue in its first cell; none listed.
        assert!(puzzle.contains(':') && puzzle.contains('·'), "\n{puzzle}");
        assert!(!puzzle.contains("cages in"), "\n{puzzle}");
        let solution = text(&board.draw(Some("1,2,4,3,4,3,2,1,2,1,3,4,3,4,1,2")));
        let listed: usize = solution.lines().filter(|l| l.starts_with("cages in")).map(|l| l.split(", ").count()).sum();
        assert_eq!(listed, 7, "\n{solution}");
        let thermometers = crate::kinds::homes::home(Kind::Thermometers).unwrap();
        let board = thermometers.read("2_1_2_2_2_3_1_1;2,3;3,2;2,3;1,3;4,2;2,3", None).unwrap();
        let drawing = board.draw(None);
        assert!(!drawing.lines.is_empty());
        assert_eq!(text(&drawing).matches(BULB).count(), drawing.lines.len());
    }
}
