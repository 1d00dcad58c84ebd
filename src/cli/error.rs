//! The one error a command ends with: its cause, kept as the library's own
//! error, and what the command was doing when the cause does not say it.

use std::error::Error;

use aquarchive::archive::ArchiveError;
use aquarchive::archive::calendar::CalendarOpError;
use aquarchive::archive::{CalendarError, DateError, SiteError, StoreError};
use aquarchive::config::ConfigError;

/// Why a command failed. Its Display is the first part of the message; the
/// rest comes from its `source()` chain (see [`message`]).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// An argument or an input the command refuses, said in full (naming
    /// the flag, the file or the line at fault).
    #[error("{0}")]
    Message(String),
    /// Reading or writing a file (or `<stdout>`) failed.
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Site(#[from] SiteError),
    #[error(transparent)]
    Calendar(#[from] CalendarError),
    #[error(transparent)]
    Date(#[from] DateError),
    #[error(transparent)]
    CalendarOp(#[from] CalendarOpError),
    /// `source` failed while the command was `doing` something its message
    /// does not name (e.g. "starting the browser").
    #[error("{doing}")]
    While { doing: String, source: Box<CliError> },
}

impl CliError {
    /// Whether the error is standard output closed under us (`| head`),
    /// which ends a command quietly and successfully.
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            CliError::Io { source, .. } => source.kind() == std::io::ErrorKind::BrokenPipe,
            CliError::While { source, .. } => source.is_broken_pipe(),
            _ => false,
        }
    }
}

/// The whole message of an error, with its causes (see [`aquarchive::shared::error_chain`]).
pub fn message(err: &dyn Error) -> String {
    aquarchive::shared::error_chain(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_says_what_was_being_done_and_each_cause_once() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let err = CliError::Io { path: "a.txt".into(), source: io };
        let err = CliError::While { doing: "reading the board".into(), source: Box::new(err) };
        assert_eq!(message(&err), "reading the board: a.txt: no such file");
        assert!(!err.is_broken_pipe());
        let pipe = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "closed");
        let err = CliError::Io { path: "<stdout>".into(), source: pipe };
        assert!(CliError::While { doing: "printing".into(), source: Box::new(err) }.is_broken_pipe());
    }
}
