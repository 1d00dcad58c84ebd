//! The instance format:
//!
//! ```text
//! # comment
//! size 8 24
//! green: (1,0) (3,1) ...
//! blue:  (2,2) (4,3) ...
//! red:   (2,0) (3,0) ...
//! ```
//!
//! `size ROWS SECTORS` may be left out (8 x 24). Positions are
//! (row, sector), row 0 innermost; parentheses and commas are optional.

use super::{COLOURS, Colour, MAX_ROWS, MAX_SECTORS, Ring, RingError};

pub(super) fn syntax(line: usize, message: impl Into<String>) -> RingError {
    RingError::Syntax { line, message: message.into() }
}

/// The numbers of a line's value, read leniently: `(1,0) (3,1)` and `1 0 3 1` alike.
pub(super) fn numbers(line: usize, text: &str) -> Result<Vec<usize>, RingError> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ','))
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().map_err(|_| syntax(line, format!("`{t}` is not a row or sector number"))))
        .collect()
}

impl Ring {
    /// Reads and checks an instance: every ball on the board, no two balls
    /// on one cell, as many balls of each colour as there are sectors.
    pub fn parse(text: &str) -> Result<Ring, RingError> {
        let mut size: Option<(usize, usize, usize)> = None;
        let mut lists: [Option<(usize, Vec<usize>)>; 3] = [None, None, None];
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (key, value) = match trimmed.split_once(':') {
                Some((k, v)) => (k.trim(), v),
                None => trimmed.split_once(char::is_whitespace).unwrap_or((trimmed, "")),
            };
            let key = key.to_ascii_lowercase();
            if key == "size" {
                let dims = numbers(line, value)?;
                let [rows, sectors] = dims[..] else {
                    return Err(syntax(line, "`size` takes the rows and the sectors, like `size 8 24`"));
                };
                if !(1..=MAX_ROWS).contains(&rows) || !(3..=MAX_SECTORS).contains(&sectors) {
                    return Err(syntax(
                        line,
                        format!("a board has 1 to {MAX_ROWS} rows and 3 to {MAX_SECTORS} sectors"),
                    ));
                }
                if size.replace((line, rows, sectors)).is_some() {
                    return Err(syntax(line, "a second `size` line"));
                }
                continue;
            }
            let Some(colour) = COLOURS.iter().position(|c| c.name() == key) else {
                return Err(syntax(line, format!("`{key}`: expected `size`, `green:`, `blue:` or `red:`")));
            };
            if lists[colour].is_some() {
                return Err(syntax(line, format!("a second `{}:` line", COLOURS[colour].name())));
            }
            let values = numbers(line, value)?;
            if values.len() % 2 != 0 {
                return Err(syntax(
                    line,
                    "positions come in pairs (row, sector); this line has an odd count of numbers",
                ));
            }
            lists[colour] = Some((line, values));
        }
        let (rows, sectors) = size.map_or((8, 24), |(_, r, s)| (r, s));
        let mut balls: [Vec<(usize, usize)>; 3] = Default::default();
        // Which ball (colour, line) already sits on each cell.
        let mut taken: Vec<Option<(Colour, usize)>> = vec![None; rows * sectors];
        for (k, list) in lists.iter().enumerate() {
            let colour = COLOURS[k];
            let Some((line, values)) = list else {
                return Err(RingError::Invalid(format!(
                    "no `{}:` line: every colour's balls must be listed",
                    colour.name()
                )));
            };
            for pair in values.chunks(2) {
                let (r, c) = (pair[0], pair[1]);
                if r >= rows || c >= sectors {
                    return Err(syntax(
                        *line,
                        format!(
                            "{} ball ({r},{c}) is off the board (rows 0 to {}, sectors 0 to {})",
                            colour.name(),
                            rows - 1,
                            sectors - 1
                        ),
                    ));
                }
                if let Some((other, other_line)) = taken[r * sectors + c] {
                    return Err(syntax(
                        *line,
                        format!(
                            "{} ball ({r},{c}) overlaps the {} ball on that cell (line {other_line})",
                            colour.name(),
                            other.name()
                        ),
                    ));
                }
                taken[r * sectors + c] = Some((colour, *line));
                balls[k].push((r, c));
            }
            if balls[k].len() != sectors {
                return Err(syntax(
                    *line,
                    format!(
                        "{} {} balls; a board of {sectors} sectors needs {sectors} of each colour",
                        balls[k].len(),
                        colour.name()
                    ),
                ));
            }
        }
        Ok(Ring { rows, sectors, balls })
    }

    /// The instance in its own format.
    pub fn to_text(&self) -> String {
        let mut out = format!("size {} {}\n", self.rows, self.sectors);
        for colour in COLOURS {
            let cells: Vec<String> = self.balls(colour).iter().map(|(r, c)| format!("({r},{c})")).collect();
            out.push_str(&format!("{}: {}\n", colour.name(), cells.join(" ")));
        }
        out
    }
}
