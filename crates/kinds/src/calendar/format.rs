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
        let mut own_name: Option<(usize, String)> = None;
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            last_line = line;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(given) = name_line(trimmed) {
                if own_name.is_some() {
                    return Err(syntax(line, "a second `name:` line: a board has one name"));
                }
                if given.is_empty() {
                    return Err(syntax(line, "`name:` without a name: write `name: My board`, or leave the line out"));
                }
                own_name = Some((line, given.to_string()));
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
        let named = own_name.is_some();
        let name = own_name.as_ref().map_or(name, |(_, own)| own.as_str()).to_string();
        let variant = Variant { name, named, width, height, cells, pieces, shapes };
        variant.check_labels()?;
        // A built-in board's name on another board would show as that board.
        if let Some((line, own)) = &own_name
            && super::BUILT_IN.iter().any(|(built_in, _)| built_in.eq_ignore_ascii_case(own))
            && variant.built_in_name().is_none_or(|built_in| !built_in.eq_ignore_ascii_case(own))
        {
            return Err(syntax(*line, format!("`{own}` is a built-in board's name: give this board another")));
        }
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

/// The name of a `name: My board` line, trimmed; None for another line.
fn name_line(trimmed: &str) -> Option<&str> {
    trimmed.get(..5).filter(|head| head.eq_ignore_ascii_case("name:")).map(|_| trimmed[5..].trim())
}

/// The name a board file gives its board (its `name:` line), read without
/// the rest of the file: for a list of stored boards, each read as a whole
/// when it is shown.
pub fn board_file_name(text: &str) -> Option<&str> {
    text.lines().map(str::trim).find_map(name_line).filter(|name| !name.is_empty())
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

/// Whether `text` is a board file (its first line that is not blank, a
/// comment or its `name:` is `board:`), as against a line of a built-in
/// board's name and a date.
pub fn is_board_file(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && name_line(l).is_none())
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
    /// This board in its one form: the pieces in the order of their letters,
    /// each drawn in the least of its orientations (turned and flipped, as a
    /// piece may be placed). Two files that draw the same pieces in other
    /// orientations or another order give the same form. A piece keeps its
    /// letter, the one name a stored tiling gives it, so a tiling's letters
    /// read the same on either; only the index behind a letter may move.
    pub fn canonical(&self) -> Variant {
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .zip(&self.shapes)
            .map(|(piece, shapes)| Piece {
                letter: piece.letter,
                cells: shapes.iter().min().expect("a piece has an orientation").clone(),
            })
            .collect();
        pieces.sort_by_key(|p| p.letter);
        let shapes = pieces.iter().map(|p| orientations(&p.cells)).collect();
        Variant { pieces, shapes, ..self.clone() }
    }

    /// The board file of this variant, in one layout and its
    /// [canonical](Variant::canonical) form: what [`Variant::parse`] reads
    /// back into the same board, pieces and name, whatever the file it was
    /// read from looked like, so the same board always has the same text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if let Some(name) = self.own_name() {
            out.push_str(&format!("name: {name}\n"));
        }
        out.push_str("board:\n");
        for row in self.cells.chunks(self.width) {
            let tokens: Vec<String> = row.iter().map(|&cell| format!("{:<3}", token(cell))).collect();
            out.push_str(tokens.join(" ").trim_end());
            out.push('\n');
        }
        out.push_str("pieces:\n");
        for piece in self.canonical().pieces {
            out.push_str(&format!("{} {}\n", piece.letter, shape_text(&piece.cells)));
        }
        out
    }

    /// The built-in variant with this board and piece set (the same letters
    /// on the same shapes, however drawn), whatever this one is called.
    pub fn built_in_name(&self) -> Option<&'static str> {
        let mine = self.canonical();
        super::BUILT_IN.iter().map(|(name, _)| *name).find(|name| {
            Variant::built_in(name)
                .is_some_and(|b| b.cells == self.cells && b.width == self.width && b.canonical().pieces == mine.pieces)
        })
    }
}

/// A piece's cells as a board file draws them (`X.X/XXX`), from row 0 and
/// column 0 as [`piece_shape`] reads them, so the cells come back as they are.
fn shape_text(cells: &[(usize, usize)]) -> String {
    let rows = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let cols = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    let shape: Vec<String> =
        (0..rows).map(|r| (0..cols).map(|c| if cells.contains(&(r, c)) { 'X' } else { '.' }).collect()).collect();
    shape.join("/")
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
            assert_eq!(Variant::parse(name, &text).unwrap(), variant.canonical(), "{text}");
            assert_eq!(Variant::parse("copy", &text).unwrap().built_in_name(), Some(name));
        }
        // A piece drawn with an empty first column is the same piece.
        let odd = BUILT_IN[0].1.replace("X.X/XXX", ".X.X/.XXX");
        let variant = Variant::parse("odd", &odd).unwrap();
        assert_eq!(Variant::parse("odd", &variant.to_text()).unwrap(), variant.canonical());
        assert_eq!(variant.to_text(), Variant::built_in("standard").unwrap().to_text());
        assert_eq!(variant.built_in_name(), Some("standard"));
    }

    /// `text` with its pieces drawn again: each in another of the
    /// orientations it may take (the `turn`th), in the reverse order.
    fn redrawn(text: &str, turn: usize) -> String {
        let (board, pieces) = text.split_once("pieces:\n").unwrap();
        let mut lines: Vec<String> = pieces
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let (letter, shape) = l.split_once(' ').unwrap();
                let shapes = orientations(&piece_shape(1, shape).unwrap());
                format!("{letter} {}", shape_text(&shapes[turn % shapes.len()]))
            })
            .collect();
        lines.reverse();
        format!("{board}pieces:\n{}\n", lines.join("\n"))
    }

    #[test]
    fn a_built_in_board_with_its_pieces_turned_flipped_or_reordered_is_that_board() {
        for (name, text) in BUILT_IN {
            let built_in = Variant::built_in(name).unwrap();
            for turn in 1..8 {
                let drawn = Variant::parse("mine", &redrawn(text, turn)).unwrap();
                let moved = drawn.pieces().iter().zip(built_in.pieces().iter().rev()).any(|(a, b)| a.cells != b.cells);
                assert!(moved, "{name}, turn {turn}: no piece was drawn otherwise");
                assert_eq!(drawn.built_in_name(), Some(name), "{name}, turn {turn}");
                assert_eq!(drawn.to_text(), built_in.to_text(), "{name}, turn {turn}");
            }
        }
        // The same letters on another shape (Z drawn as a second U), or the
        // same shapes under another letter, are another piece set.
        let other = BUILT_IN[0].1.replace("Z XX./.X./.XX", "Z XX./.X./XX.");
        assert_eq!(Variant::parse("mine", &other).unwrap().built_in_name(), None);
        let relettered = BUILT_IN[0].1.replace("O XXX/XXX", "Q XXX/XXX");
        assert_eq!(Variant::parse("mine", &relettered).unwrap().built_in_name(), None);
    }

    #[test]
    fn two_drawings_of_a_board_give_one_text_and_its_tilings_read_the_same() {
        let mine = BUILT_IN[1].1.replacen("Jan Feb", "Feb Jan", 1);
        let first = Variant::parse("mine", &mine).unwrap();
        let second = Variant::parse("mine", &redrawn(&mine, 5)).unwrap();
        assert_ne!(first.pieces(), second.pieces());
        assert_eq!(first.to_text(), second.to_text());
        assert_eq!(first.built_in_name(), None);
        // A tiling found on either drawing reads back, letter for letter, on
        // the board its text gives; so does one stored with the text as it
        // was written before (the pieces as drawn, in the file's order).
        let stored = Variant::parse("custom", &first.to_text()).unwrap();
        let date = date::Date::parse("Mar 14 Sat", None).unwrap();
        for drawing in [&first, &second] {
            let found = crate::calendar::solve(drawing, &date, 1, crate::calendar::Method::Bitboard).unwrap();
            let rows = found.solutions[0].to_rows(drawing);
            let tiling = crate::calendar::Tiling::parse_rows(&stored, &rows.join("\n")).unwrap();
            assert_eq!(crate::calendar::verify(&stored, &date, &tiling), Ok(()));
            assert_eq!(tiling.to_rows(&stored), rows);
            let before = Variant::parse("custom", &mine).unwrap();
            let tiling = crate::calendar::Tiling::parse_rows(&before, &rows.join("\n")).unwrap();
            assert_eq!(crate::calendar::verify(&before, &date, &tiling), Ok(()));
        }
    }

    #[test]
    fn a_board_file_may_name_its_board_and_keeps_the_name_in_its_text() {
        let mine = BUILT_IN[1].1.replacen("Jan Feb", "Feb Jan", 1);
        let named = format!("# my clone\nName:  Czech clone \n{mine}");
        assert!(is_board_file(&named));
        let variant = Variant::parse("mine.txt", &named).unwrap();
        assert_eq!((variant.name(), variant.own_name()), ("Czech clone", Some("Czech clone")));
        let text = variant.to_text();
        assert!(text.starts_with("name: Czech clone\nboard:\n"), "{text}");
        assert_eq!(board_file_name(&format!("{text}date: Mar 14 Sat\n")), Some("Czech clone"));
        assert_eq!(board_file_name(&mine), None);
        assert_eq!(Variant::parse("custom", &text).unwrap(), variant.canonical());
        // The name goes with the dates of a dated board, wherever its line is.
        let dated = DatedBoard::parse("custom", &format!("{mine}date: Mar 14 Sat\nname: Czech clone\n")).unwrap();
        assert_eq!(dated.variant.to_text(), text);
        // Without a name: what the reader calls it, and no name in its text.
        let unnamed = Variant::parse("mine.txt", &mine).unwrap();
        assert_eq!((unnamed.name(), unnamed.own_name()), ("mine.txt", None));
        assert!(unnamed.to_text().starts_with("board:\n"));
        // A built-in board may carry its own name, but no other board.
        let weekday = format!("name: weekday\n{}", BUILT_IN[1].1);
        assert_eq!(Variant::parse("w", &weekday).unwrap().built_in_name(), Some("weekday"));
        let cases = [
            (format!("name: Standard\n{mine}"), 1, "`Standard` is a built-in board's name"),
            (format!("name: a\n{mine}name: b\n"), mine.lines().count() + 2, "a second `name:` line"),
            (format!("name:\n{mine}"), 1, "`name:` without a name"),
        ];
        for (text, line, expected) in cases {
            let err = Variant::parse("bad", &text).unwrap_err();
            assert!(matches!(err, CalendarError::Syntax { line: l, .. } if l == line), "{err}");
            assert!(err.to_string().contains(expected), "expected `{expected}` in `{err}`");
        }
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
