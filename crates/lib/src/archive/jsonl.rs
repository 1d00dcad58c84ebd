//! The archive as JSON lines (`export --format jsonl`), one
//! [`PuzzleRecord`] per line, and such a file read back (`import
//! FILE.jsonl`): the one record both ways, the one `list --json` and
//! `show --json` write too.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use serde_json::error::Category;

use crate::store::{MAX_ROW_BYTES, READ_BUDGET, Store};

use super::error::ArchiveError;
use super::record::PuzzleRecord;
use super::restore::{Tally, restore_chunk};

/// Lines restored per transaction.
const CHUNK: usize = 512;

/// What importing JSON lines did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JsonReport {
    /// Each line's puzzle counted once; lines that are not a record, or
    /// whose record fails the check, among `refused` as `FILE:LINE: why`.
    pub puzzles: Tally,
    /// Ctrl-C stopped it between chunks: what is counted is stored.
    pub interrupted: bool,
}

/// The longest line read: a record of [`MAX_ROW_BYTES`] as an export writes
/// it, with the fields that follow from it and JSON's escapes. A longer
/// line is refused by its number without being held in memory.
pub const MAX_LINE_BYTES: u64 = 4 * MAX_ROW_BYTES;

/// Imports the JSON lines of `path` (`-`: standard input) into `store`, read
/// as a stream, a chunk per transaction through [`Store::restore`]. A line
/// that is not a record (not JSON, not UTF-8, longer than
/// [`MAX_LINE_BYTES`]), or whose record fails the check, is refused by its
/// line with the reason and not stored; the rest are. Snapshots are named
/// but not carried: a puzzle whose page the archive lacks is stored without
/// it (counted in `snapshots_missing`).
pub fn import(store: &mut Store, path: &Path) -> Result<JsonReport, ArchiveError> {
    let shown = path.display().to_string();
    let io = |source| ArchiveError::Io { path: shown.clone(), source };
    let mut input: Box<dyn BufRead> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(BufReader::new(std::fs::File::open(path).map_err(io)?))
    };
    let mut report = JsonReport::default();
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut chunk_bytes = 0;
    let mut raw = Vec::new();
    for n in 1.. {
        let Some(whole) = read_line(&mut input, &mut raw, MAX_LINE_BYTES).map_err(io)? else { break };
        let place = format!("{shown}:{n}");
        if !whole {
            let most = MAX_LINE_BYTES >> 20;
            report.puzzles.refused.push(format!("{place}: the line is longer than the {most} MiB a line may hold"));
            continue;
        }
        // Windows editors put a byte-order mark first ("UTF-8 with BOM").
        let bytes = if n == 1 { raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&raw) } else { &raw[..] };
        let line = match std::str::from_utf8(bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => line,
            Err(e) => {
                let at = e.valid_up_to() + 1;
                report.puzzles.refused.push(format!("{place}: not UTF-8 text from byte {at} of the line on"));
                continue;
            }
        };
        match read_line_record(line).and_then(PuzzleRecord::record) {
            Ok(record) => {
                chunk_bytes += record.bytes();
                chunk.push((place, record));
            }
            Err(why) => report.puzzles.refused.push(format!("{place}: {why}")),
        }
        if chunk.len() == CHUNK || chunk_bytes >= READ_BUDGET {
            restore_chunk(store, std::mem::take(&mut chunk), &mut report.puzzles)?;
            chunk_bytes = 0;
            if crate::interrupt::requested() {
                report.interrupted = true;
                return Ok(report);
            }
        }
    }
    restore_chunk(store, chunk, &mut report.puzzles)?;
    Ok(report)
}

/// The [`PuzzleRecord`] a line of text holds, or why it holds none, in words that
/// do not say the line again (the caller names it): where its JSON breaks,
/// or which field does not read and why.
fn read_line_record(text: &str) -> Result<PuzzleRecord, String> {
    if !text.trim_start().starts_with('{') {
        return Err("not a record: each line of an export is one JSON object, `{...}`".into());
    }
    let mut json = serde_json::Deserializer::from_str(text);
    let read = serde_path_to_error::deserialize(&mut json)
        .map_err(|e| (e.path().to_string(), e.into_inner()))
        .and_then(|line| json.end().map(|()| line).map_err(|e| (".".to_string(), e)));
    read.map_err(|(path, e)| {
        // serde's own words, without the line and column it ends them with.
        let said = e.to_string();
        let words = said.strip_suffix(&format!(" at line {} column {}", e.line(), e.column())).unwrap_or(&said);
        match e.classify() {
            Category::Eof => format!("the line ends inside its JSON, at column {} (cut short?)", e.column()),
            Category::Syntax => format!("not JSON from column {} on: {words}", e.column()),
            Category::Data | Category::Io if path != "." => format!("field `{path}`: {words}"),
            Category::Data | Category::Io => words.to_string(),
        }
    })
}

/// Reads one line of `input` into `line` (without its end), at most `most`
/// bytes of it: `Some(true)` for a whole line, `Some(false)` for a longer
/// one (the rest read past, never held), `None` at the end.
fn read_line<R: BufRead + ?Sized>(input: &mut R, line: &mut Vec<u8>, most: u64) -> std::io::Result<Option<bool>> {
    line.clear();
    let read = Read::take(&mut *input, most + 1).read_until(b'\n', line)?;
    if read == 0 {
        return Ok(None);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        return Ok(Some(true));
    }
    if (line.len() as u64) <= most {
        // The last line, without an end.
        return Ok(Some(true));
    }
    line.clear();
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(Some(false));
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(Some(false));
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_longer_than_allowed_is_read_past_and_the_next_read_whole() {
        let text = format!("short\r\n{}\nnext\nlast", "x".repeat(100));
        let mut input = std::io::Cursor::new(text.into_bytes());
        let mut line = Vec::new();
        let mut lines = Vec::new();
        while let Some(whole) = read_line(&mut input, &mut line, 10).unwrap() {
            lines.push((whole, String::from_utf8(line.clone()).unwrap()));
        }
        let expected = [(true, "short"), (false, ""), (true, "next"), (true, "last")];
        assert_eq!(lines, expected.map(|(w, l)| (w, l.to_string())));
    }
}
