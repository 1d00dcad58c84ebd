//! The variant file: a `board:` section of cell tokens and a `pieces:`
//! section of one piece per line; `#` starts a comment line.

use std::collections::HashSet;

use super::{CalendarError, Cell, MAX_SIDE, Piece, Variant, date};

fn syntax(line: usize, message: impl Into<String>) -> CalendarError {
    CalendarError::Syntax { line, message: message.into() }
}

fn cell_token(line: usize, token: &str) -> Result<Cell, CalendarError> {
    if token == "-" {
        return Ok(Cell::Blocked);
    }
    if token == "." {
        return Ok(Cell::Plain);
    }
    if let Ok(day) = token.parse::<u8>() {
        return if (1..=31).contains(&day) {
            Ok(Cell::Day(day))
        } else {
            Err(syntax(line, format!("`{token}` is not a day (1 to 31)")))
        };
    }
    if let Some(month) = date::month_named(token) {
        return Ok(Cell::Month(month));
    }
    if let Some(weekday) = date::weekday_named(token) {
        return Ok(Cell::Weekday(weekday));
    }
    Err(syntax(
        line,
        format!(
            "`{token}` is not a cell: use a month (Jan), a day (1-31), a weekday (Sun), `.` for a plain cell or `-` for none"
        ),
    ))
}

/// Reads `X.X/XXX` into cells.
fn piece_shape(line: usize, text: &str) -> Result<Vec<(usize, usize)>, CalendarError> {
    let mut cells = Vec::new();
    for (r, row) in text.split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'X' | 'x' | '#' => cells.push((r, c)),
                '.' => {}
                other => {
                    return Err(syntax(
                        line,
                        format!("`{other}` in a piece: use X for a cell and . for none, rows separated by /"),
                    ));
                }
            }
            if r >= MAX_SIDE || c >= MAX_SIDE {
                return Err(syntax(line, format!("a piece wider or taller than {MAX_SIDE} cells")));
            }
        }
    }
    if cells.is_empty() {
        return Err(syntax(line, "a piece without cells"));
    }
    Ok(cells)
}

impl Variant {
    /// Reads a variant file. `name` is what the variant is called in output.
    pub fn parse(name: &str, text: &str) -> Result<Variant, CalendarError> {
        #[derive(PartialEq)]
        enum Section {
            None,
            Board,
            Pieces,
        }
        let mut section = Section::None;
        let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
        let mut pieces: Vec<Piece> = Vec::new();
        let mut last_line = 0;
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            last_line = line;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            match trimmed.to_ascii_lowercase().as_str() {
                "board:" => {
                    section = Section::Board;
                    continue;
                }
                "pieces:" => {
                    section = Section::Pieces;
                    continue;
                }
                _ => {}
            }
            match section {
                Section::None => return Err(syntax(line, "expected `board:` before the board's rows")),
                Section::Board => {
                    let row = trimmed.split_whitespace().map(|t| cell_token(line, t)).collect::<Result<Vec<_>, _>>()?;
                    if let Some((_, first)) = rows.first().filter(|(_, first)| first.len() != row.len()) {
                        return Err(syntax(
                            line,
                            format!("this row has {} cells, the first row has {}", row.len(), first.len()),
                        ));
                    }
                    if row.len() > MAX_SIDE || rows.len() >= MAX_SIDE {
                        return Err(syntax(line, format!("the board is larger than {MAX_SIDE} cells a side")));
                    }
                    rows.push((line, row));
                }
                Section::Pieces => {
                    let mut fields = trimmed.split_whitespace();
                    let (Some(letter), Some(shape), None) = (fields.next(), fields.next(), fields.next()) else {
                        return Err(syntax(line, "a piece is a letter and its rows, like `U X.X/XXX`"));
                    };
                    let mut chars = letter.chars();
                    let (Some(letter), None) = (chars.next(), chars.next()) else {
                        return Err(syntax(line, format!("`{letter}`: a piece's name is one letter")));
                    };
                    if !letter.is_ascii_alphabetic() {
                        return Err(syntax(line, format!("`{letter}`: a piece's name is one letter")));
                    }
                    if pieces.iter().any(|p| p.letter == letter) {
                        return Err(syntax(line, format!("two pieces are called {letter}")));
                    }
                    pieces.push(Piece { letter, cells: piece_shape(line, shape)? });
                }
            }
        }
        if rows.is_empty() {
            return Err(syntax(last_line.max(1), "no board: expected a `board:` section with its rows"));
        }
        if pieces.is_empty() {
            return Err(syntax(last_line.max(1), "no pieces: expected a `pieces:` section with one piece a line"));
        }
        let width = rows[0].1.len();
        let height = rows.len();
        let mut seen = HashSet::new();
        for (line, row) in &rows {
            for &cell in row {
                if !matches!(cell, Cell::Blocked | Cell::Plain) && !seen.insert(cell) {
                    return Err(syntax(*line, format!("{} has a second cell", label(cell))));
                }
            }
        }
        let cells: Vec<Cell> = rows.into_iter().flat_map(|(_, row)| row).collect();
        let shapes = pieces.iter().map(|p| orientations(&p.cells)).collect();
        let variant = Variant { name: name.to_string(), width, height, cells, pieces, shapes };
        variant.check_labels()?;
        Ok(variant)
    }

    /// Every month and day has a cell, weekdays all or none, and the pieces
    /// cover exactly the cells a date leaves.
    fn check_labels(&self) -> Result<(), CalendarError> {
        let has = |cell: Cell| self.cells.contains(&cell);
        let missing: Vec<String> =
            (1..=12).map(Cell::Month).chain((1..=31).map(Cell::Day)).filter(|&c| !has(c)).map(label).collect();
        if !missing.is_empty() {
            return Err(CalendarError::Invalid(format!("the board has no cell for {}", missing.join(", "))));
        }
        let weekdays = (0..7).filter(|&w| has(Cell::Weekday(w))).count();
        if weekdays != 0 && weekdays != 7 {
            return Err(CalendarError::Invalid(format!(
                "the board has {weekdays} weekday cells: it needs all 7 or none"
            )));
        }
        let usable = self.cells.iter().filter(|&&c| c != Cell::Blocked).count();
        let open = if weekdays == 7 { 3 } else { 2 };
        let area: usize = self.pieces.iter().map(|p| p.cells.len()).sum();
        if area != usable - open {
            return Err(CalendarError::Invalid(format!(
                "the pieces have {area} cells but each date leaves {} to cover ({usable} cells, {open} of them open)",
                usable - open
            )));
        }
        Ok(())
    }
}

/// How a labelled cell is named in messages.
fn label(cell: Cell) -> String {
    match cell {
        Cell::Month(m) => date::MONTHS[m as usize - 1].to_string(),
        Cell::Day(d) => format!("day {d}"),
        Cell::Weekday(w) => date::WEEKDAYS[w as usize].to_string(),
        Cell::Blocked | Cell::Plain => "a plain cell".to_string(),
    }
}

/// A piece's distinct orientations (turned and flipped), each as its cells
/// shifted to row 0 and column 0 and sorted.
pub fn orientations(cells: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut out: Vec<Vec<(usize, usize)>> = Vec::new();
    for k in 0..8 {
        let moved: Vec<(i64, i64)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = (r as i64, c as i64);
                let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
                (if k & 1 != 0 { -r } else { r }, if k & 2 != 0 { -c } else { c })
            })
            .collect();
        let r0 = moved.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = moved.iter().map(|p| p.1).min().unwrap_or(0);
        let mut shape: Vec<(usize, usize)> =
            moved.iter().map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize)).collect();
        shape.sort_unstable();
        if !out.contains(&shape) {
            out.push(shape);
        }
    }
    out
}

/// A board file followed by `date:` lines (`date: Mar 14 Sat`): dates on a
/// board of its own, as `import` reads them and the archive stores them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatedBoard {
    pub variant: Variant,
    /// Each `date:` line's date text, with its line number.
    pub dates: Vec<(usize, String)>,
}

/// Whether `text` is a board file (its first line that is not blank or a
/// comment is `board:`), as against a line of a built-in board's name and
/// a date.
pub fn is_board_file(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.eq_ignore_ascii_case("board:"))
}

impl DatedBoard {
    /// Reads a board file with `date:` lines anywhere in it; the rest is
    /// read by [`Variant::parse`], with the line numbers of the whole text.
    pub fn parse(name: &str, text: &str) -> Result<DatedBoard, CalendarError> {
        let mut dates = Vec::new();
        let board: Vec<&str> = text
            .lines()
            .enumerate()
            .map(|(n, raw)| {
                let trimmed = raw.trim();
                match trimmed.get(..5).filter(|head| head.eq_ignore_ascii_case("date:")) {
                    Some(_) => {
                        dates.push((n + 1, trimmed[5..].trim().to_string()));
                        ""
                    }
                    None => raw,
                }
            })
            .collect();
        let variant = Variant::parse(name, &board.join("\n"))?;
        Ok(DatedBoard { variant, dates })
    }
}

impl Variant {
    /// The board file of this variant, in one layout: what [`Variant::parse`]
    /// reads back into the same board and pieces, whatever the file it was
    /// read from looked like, so the same board always has the same text.
    pub fn to_text(&self) -> String {
        let mut out = String::from("board:\n");
        for row in self.cells.chunks(self.width) {
            let tokens: Vec<String> = row.iter().map(|&cell| format!("{:<3}", token(cell))).collect();
            out.push_str(tokens.join(" ").trim_end());
            out.push('\n');
        }
        out.push_str("pieces:\n");
        for piece in &self.pieces {
            // From row 0 and column 0, as piece_shape reads it, so the cells come back as they are.
            let rows = piece.cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            let cols = piece.cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
            let shape: Vec<String> = (0..rows)
                .map(|r| (0..cols).map(|c| if piece.cells.contains(&(r, c)) { 'X' } else { '.' }).collect())
                .collect();
            out.push_str(&format!("{} {}\n", piece.letter, shape.join("/")));
        }
        out
    }

    /// The built-in variant with this board and piece set, whatever this
    /// one is called.
    pub fn built_in_name(&self) -> Option<&'static str> {
        super::BUILT_IN.iter().map(|(name, _)| *name).find(|name| {
            Variant::built_in(name)
                .is_some_and(|b| b.cells == self.cells && b.width == self.width && b.pieces == self.pieces)
        })
    }
}

/// A cell as a board file writes it.
fn token(cell: Cell) -> String {
    match cell {
        Cell::Blocked => "-".to_string(),
        Cell::Plain => ".".to_string(),
        Cell::Month(m) => date::MONTHS[m as usize - 1].to_string(),
        Cell::Day(d) => d.to_string(),
        Cell::Weekday(w) => date::WEEKDAYS[w as usize].to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar::BUILT_IN;

    #[test]
    fn a_board_written_out_reads_back_as_the_same_board() {
        for (name, _) in BUILT_IN {
            let variant = Variant::built_in(name).unwrap();
            let text = variant.to_text();
            assert_eq!(Variant::parse(name, &text).unwrap(), variant, "{text}");
            assert_eq!(Variant::parse("copy", &text).unwrap().built_in_name(), Some(name));
        }
        // A piece drawn with an empty first column keeps its cells.
        let odd = BUILT_IN[0].1.replace("X.X/XXX", ".X.X/.XXX");
        let variant = Variant::parse("odd", &odd).unwrap();
        assert_eq!(Variant::parse("odd", &variant.to_text()).unwrap(), variant);
        assert_eq!(variant.built_in_name(), None);
    }

    #[test]
    fn date_lines_are_taken_from_a_board_file_with_their_line_numbers() {
        let text = format!("{}date: Mar 14 Sat\n\nDATE:  Jan 5 Sun\n", Variant::built_in("weekday").unwrap().to_text());
        let dated = DatedBoard::parse("mine", &text).unwrap();
        let lines = text.lines().count();
        assert_eq!(dated.dates, vec![(lines - 2, "Mar 14 Sat".to_string()), (lines, "Jan 5 Sun".to_string())]);
        assert_eq!(dated.variant.built_in_name(), Some("weekday"));
        assert!(is_board_file(&format!("# mine\n\n{text}")));
        assert!(!is_board_file("weekday Mar 14 Sat"));
        // An error in the board keeps the line it is on in the whole text.
        let broken = text.replacen("Jan", "Jen", 1);
        let err = DatedBoard::parse("mine", &broken).unwrap_err();
        assert!(matches!(err, CalendarError::Syntax { line: 2, .. }), "{err}");
    }
}
