//! What the benchmarks write: their tables to stdout, so that
//! `aquarchive-bench ... | head` ends quietly, and their progress to stderr.

use std::io::{IsTerminal, Write};

use crate::error::BenchError;

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

/// Puzzles done so far, on standard error: a line rewritten in place on a
/// terminal (a large random puzzle may take minutes to generate), a line
/// at the start and one at the end otherwise.
pub struct Progress {
    label: String,
    total: usize,
    terminal: bool,
}

impl Progress {
    pub fn new(label: String, total: usize) -> Progress {
        let progress = Progress { label, total, terminal: std::io::stderr().is_terminal() };
        progress.done(0);
        progress
    }

    pub fn done(&self, count: usize) {
        let line = format!("aquarchive-bench: {}: {count} of {} puzzles generated and solved", self.label, self.total);
        if self.terminal {
            eprint!("\r{line}{}", if count == self.total { "\n" } else { "" });
        } else if count == 0 || count == self.total {
            eprintln!("{line}");
        }
    }
}
