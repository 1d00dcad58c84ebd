//! The error every table's run returns.

/// An error shown to the user: its Display is the whole message.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("{0}")]
    Message(String),
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error(transparent)]
    Archive(#[from] aquarchive::archive::ArchiveError),
    #[error(transparent)]
    Store(#[from] aquarchive_store::StoreError),
}
