//! The comment lines at the top of a puzzle file that `export --format
//! text` writes, so that `import` gives the puzzle back what its text
//! cannot carry: the site's size class, a special's date, the site ID and
//! where it came from. Every kind's text format skips `#` lines, so the
//! file still reads as a plain puzzle anywhere:
//!
//! ```text
//! # aquarchive class: 9 (special daily)
//! # aquarchive date: 2026-11-30
//! # aquarchive source: https://www.puzzle-aquarium.com/?size=9
//! ```
//!
//! The class is the site's number (`?size=N`), its name only a reminder
//! for people. A key this version does not know is skipped, so that a
//! later version may add one.

use crate::store::NewPuzzle;

use super::site_names;

const PREFIX: &str = "# aquarchive ";

/// What a file's header says of its puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub size_class: Option<i64>,
    pub site_id: Option<i64>,
    pub special_date: Option<String>,
    pub source: Option<String>,
    /// The header's first line (1-based), for messages; 0 when it has none.
    pub line: usize,
}

impl Header {
    pub fn is_empty(&self) -> bool {
        self.line == 0
    }
}

/// The header lines of a stored puzzle, each ending in a newline.
pub fn write(puzzle: &NewPuzzle) -> String {
    let mut out = String::new();
    if let Some(class) = puzzle.size_class {
        out.push_str(&format!("{PREFIX}class: {class} ({})\n", site_names::size_class_name(puzzle.kind, class)));
    }
    if let Some(date) = &puzzle.special_date {
        out.push_str(&format!("{PREFIX}date: {date}\n"));
    }
    if let Some(id) = puzzle.site_id {
        out.push_str(&format!("{PREFIX}site ID: {id}\n"));
    }
    // One line: a line break in a source (a file name may hold one) is
    // written `\n`, and a backslash `\\`.
    out.push_str(&format!("{PREFIX}source: {}\n", puzzle.source.replace('\\', "\\\\").replace('\n', "\\n")));
    out
}

/// Reads the header lines of a text (anywhere among its `#` lines). A line
/// of the header that does not read is an error: (its line, why).
pub fn read(text: &str) -> Result<Header, (usize, String)> {
    let mut header = Header::default();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let Some(rest) = line.trim_start().strip_prefix(PREFIX) else { continue };
        let Some((key, value)) = rest.split_once(':') else {
            return Err((number, format!("an aquarchive header line without `key: value`: {line:?}")));
        };
        let raw = value.strip_prefix(' ').unwrap_or(value);
        let value = value.trim();
        let bad = |what: &str| Err((number, format!("the header's {key} is not {what}: {value:?}")));
        match key.trim() {
            "class" => match value.split_whitespace().next().and_then(|n| n.parse::<i64>().ok()) {
                Some(class) => header.size_class = Some(class),
                None => return bad("a size class number (the site's ?size=N)"),
            },
            "date" => match value.parse::<jiff::civil::Date>() {
                Ok(_) => header.special_date = Some(value.to_string()),
                Err(_) => return bad("a date (YYYY-MM-DD)"),
            },
            "site ID" => match value.replace(',', "").parse::<i64>() {
                Ok(id) if id > 0 => header.site_id = Some(id),
                _ => return bad("a puzzle ID"),
            },
            "source" => header.source = Some(unescape(raw)),
            // A later version's key.
            _ => continue,
        }
        if header.line == 0 {
            header.line = number;
        }
    }
    Ok(header)
}

/// A source as [`write`] escaped it.
fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some('n')) => {
                out.push('\n');
                chars.next();
            }
            ('\\', Some('\\')) => {
                out.push('\\');
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::Kind;
    use crate::store::Status;

    fn special() -> NewPuzzle {
        NewPuzzle {
            kind: Kind::Aquarium,
            source: "https://www.puzzle-aquarium.com/?size=9".into(),
            size_class: Some(9),
            site_id: None,
            special_date: Some("2026-11-30".into()),
            width: 20,
            height: 20,
            text: String::new(),
            snapshot: None,
            extractor_version: None,
            status: Status::Ok,
            note: None,
        }
    }

    #[test]
    fn a_header_reads_back_as_written() {
        let mut puzzle = special();
        let text = write(&puzzle);
        assert_eq!(
            text,
            "# aquarchive class: 9 (special daily)\n# aquarchive date: 2026-11-30\n\
             # aquarchive source: https://www.puzzle-aquarium.com/?size=9\n"
        );
        let header = read(&format!("{text}1 2\n")).unwrap();
        assert_eq!(
            header,
            Header {
                size_class: Some(9),
                site_id: None,
                special_date: Some("2026-11-30".into()),
                source: Some(puzzle.source.clone()),
                line: 1
            }
        );
        puzzle.site_id = Some(5_642_858);
        puzzle.special_date = None;
        puzzle.source = "C:\\new\nname.txt:3".into();
        let header = read(&write(&puzzle)).unwrap();
        assert_eq!((header.site_id, header.source.as_deref()), (Some(5_642_858), Some("C:\\new\nname.txt:3")));
    }

    #[test]
    fn other_comments_and_keys_of_later_versions_are_left_alone() {
        let header = read("# a note\n# aquarchive colour: blue\n1 2\n").unwrap();
        assert!(header.is_empty());
    }

    #[test]
    fn a_bad_value_is_named_with_its_line() {
        let (line, why) = read("# note\n# aquarchive date: yesterday\n").unwrap_err();
        assert_eq!(line, 2);
        assert!(why.contains("date") && why.contains("yesterday"), "{why}");
        assert!(read("# aquarchive class: daily\n").is_err());
        assert!(read("# aquarchive site ID: -4\n").is_err());
        assert!(read("# aquarchive no colon\n").is_err());
    }
}
