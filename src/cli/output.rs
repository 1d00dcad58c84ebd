//! Writing to stdout so that `aquarchive ... | head` ends quietly.

use std::io::Write;

use aquarchive::render::count_of;
use aquarchive::shared::Tries;

use super::error::CliError;

/// Writes `text` to stdout; a closed pipe becomes an error that `main`
/// turns into a quiet, successful exit.
pub fn print(text: &str) -> Result<(), CliError> {
    print_bytes(text.as_bytes())
}

/// [`print`] of bytes: a picture, or text kept as bytes.
pub fn print_bytes(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).and_then(|()| out.flush()).map_err(|source| CliError::Io { path: "<stdout>".into(), source })
}

/// Writes `line` and a newline to stderr; the `say!` macro says why
/// a failure to write is dropped.
pub fn say(line: std::fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(line).and_then(|()| err.write_all(b"\n"));
}

/// Reads a file, or stdin for `-`.
pub fn read_input(path: &str) -> Result<String, CliError> {
    Ok(aquarchive::archive::import::read_text(std::path::Path::new(path))?)
}

/// What a fetch's retries were, when there were any (`fetch` says it for
/// each page, `log` for each record): ` (3 requests, 2 answers asking to
/// slow down, waited 4.0 s)`.
pub fn tries_text(tries: Tries) -> String {
    if tries.attempts <= 1 {
        return String::new();
    }
    let busy = match tries.busy {
        0 => String::new(),
        n => format!(", {} asking to slow down", count_of(u64::from(n), "answer", "answers")),
    };
    format!(" ({} requests{busy}, waited {:.1} s)", tries.attempts, tries.waited_ms as f64 / 1000.0)
}

/// Said once a run (`fetch`, or `import` of saved pages), when a page's
/// hash did not match and none ever has.
pub const HASH_UNCONFIRMED: &str = "aquarchive: warning: the site's hashedSolution could not be confirmed: no page in this \
    archive has yet matched md5(task + answer), so the puzzle was judged by its other checks (form, exactly one \
    solution) and its check recorded as `mismatch`. Once one page matches, a mismatch flags a page as garbled.";
