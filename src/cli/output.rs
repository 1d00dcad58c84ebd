//! Writing to stdout so that `aquarchive ... | head` ends quietly.

use std::io::Write;

use super::error::CliError;

/// Writes `text` to stdout; a closed pipe becomes an error that `main`
/// turns into a quiet, successful exit.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|source| CliError::Io { path: "<stdout>".into(), source })
}

/// Reads a file, or stdin for `-`.
pub fn read_input(path: &str) -> Result<String, CliError> {
    Ok(aquarchive::archive::import::read_text(std::path::Path::new(path))?)
}
