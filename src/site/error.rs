use thiserror::Error;

use crate::kinds::aquarium::AquariumError;

/// Asking the site for something that cannot be asked.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SiteError {
    #[error("`{0}` is not a size class (use 6x6-easy ... 15x15-hard, daily, weekly, monthly, or 0..11)")]
    UnknownSize(String),
    #[error("`{0}` is not a puzzle ID (digits, commas allowed)")]
    BadId(String),
    #[error("`{0}` is not a ?e= link value (base64 of SIZE:ID)")]
    BadLink(String),
    #[error("{0}")]
    Setup(String),
}

/// Why fetching a page gave no usable bytes. The URL is shown by whoever
/// holds the fetch record.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FetchFailure {
    #[error("no answer within {0:?}")]
    Timeout(std::time::Duration),
    #[error("connection failed: {0}")]
    Connection(String),
    #[error("the body was cut off after {received} bytes: {why}")]
    Truncated { received: usize, why: String },
    #[error("HTTP status {0}")]
    Status(u16),
    #[error("browser: {0}")]
    Browser(String),
}

impl FetchFailure {
    /// Worth another try: the network or the server failed, not the request.
    /// A 4xx says the request itself is wrong, so it is never retried.
    pub fn is_transient(&self) -> bool {
        match self {
            FetchFailure::Timeout(_) | FetchFailure::Connection(_) | FetchFailure::Truncated { .. } => true,
            FetchFailure::Status(code) => *code >= 500,
            FetchFailure::Browser(_) => false,
        }
    }
}

/// Why a fetched page did not give a puzzle.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ExtractError {
    #[error("the site says there is no puzzle with this ID")]
    NotFound,
    #[error("no puzzle on the page: neither a `var task` script nor a board of cells")]
    NoPuzzle,
    #[error("the page's `task` string is malformed: {0}")]
    BadTask(AquariumError),
    #[error("the rendered board is malformed: {0}")]
    BadBoard(String),
    #[error("the page is inconsistent: its script says `{script}` but its board shows `{board}`")]
    Inconsistent { script: String, board: String },
    #[error("the page is size class {page} but {asked} was asked for")]
    WrongClass { page: String, asked: String },
    #[error("the page is puzzle {page}, not {asked}")]
    WrongId { page: String, asked: String },
    #[error("the page does not say its size class (no `Game.plSize`) and none was asked for")]
    NoClass,
    #[error("the page is not UTF-8 text")]
    NotText,
}

/// Why an extracted puzzle cannot be one of its class (SITE.md: the site
/// serves randomised invalid tasks to clients it takes for scrapers).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Invalid {
    #[error("invalid puzzle: {found} tanks, but a {class} puzzle has {lo} to {hi}")]
    TankCount { found: usize, class: String, lo: usize, hi: usize },
}
