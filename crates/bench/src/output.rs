//! Writing to stdout so that `aquarchive-bench ... | head` ends quietly.

use std::io::Write;

use crate::BenchError;

/// Writes `text` to stdout; a closed pipe becomes an error that `main`
/// turns into a quiet, successful exit.
pub fn print(text: &str) -> Result<(), BenchError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|source| BenchError::Io { path: "<stdout>".into(), source })
}

pub fn is_broken_pipe(err: &BenchError) -> bool {
    matches!(err, BenchError::Io { source, .. } if source.kind() == std::io::ErrorKind::BrokenPipe)
}

/// Reads a file, or stdin for `-`.
pub fn read_input(path: &str) -> Result<String, BenchError> {
    Ok(aquarchive::archive::import::read_text(std::path::Path::new(path))?)
}
