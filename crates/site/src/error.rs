use thiserror::Error;

use aquarchive_kinds::aquarium::AquariumError;

/// Asking the site for something that cannot be asked.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SiteError {
    #[error("`{0}` is not a size class (use 6x6-easy ... 15x15-hard, daily, weekly, monthly, or 0..11)")]
    UnknownSize(String),
    #[error("`{0}` is not a site of the family; the sites are: {sites}", sites = super::family::site_names().join(", "))]
    UnknownSite(String),
    #[error("`{class}` is not a size class of the {site} site; it knows {known}")]
    UnknownClass { site: &'static str, class: String, known: String },
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
    /// The site's host name has no address: the machine is offline, or the
    /// name is wrong. Not tried again: no wait of seconds mends it.
    #[error("the site's name {host} could not be resolved (is this machine offline?): {why}")]
    Unresolved { host: String, why: String },
    #[error("the body was cut off after {received} bytes: {why}")]
    Truncated { received: usize, why: String },
    #[error("HTTP status {0}")]
    Status(u16),
    #[error("browser: {0}")]
    Browser(String),
    /// The site asked for no request before `until` (a `Retry-After`, in
    /// this answer or an earlier run's), further off than this tool waits.
    #[error(
        "{}the site asked for no request before {until}, which is more than {longest_secs} s away \
         (site.retry_after_max_secs); not asked again now: the next run after that time asks",
        status.map(|s| format!("HTTP status {s}: ")).unwrap_or_default()
    )]
    HeldOff { status: Option<u16>, until: jiff::Timestamp, longest_secs: u64 },
    /// The site's robots.txt forbids the page to this tool: no request was
    /// made. `path` is the path and query of the page, `agent` the product
    /// token the rules were read for.
    #[error("robots.txt at {robots} forbids {path} to {agent}; {agent} honours it and did not ask for the page")]
    Forbidden { robots: String, path: String, agent: String },
}

impl FetchFailure {
    /// Whether the site answered, if not with the page: an HTTP status, or
    /// a body cut off. Otherwise no answer came, or no request was made.
    pub fn is_an_answer(&self) -> bool {
        matches!(self, FetchFailure::Status(_) | FetchFailure::Truncated { .. })
    }

    /// Worth another try: the network or the server failed, or the site
    /// asked to slow down (429), not the request. Any other 4xx says the
    /// request itself is wrong, so it is never retried.
    pub fn is_transient(&self) -> bool {
        match self {
            FetchFailure::Timeout(_) | FetchFailure::Connection(_) | FetchFailure::Truncated { .. } => true,
            FetchFailure::Status(code) => *code >= 500 || *code == 429,
            FetchFailure::Unresolved { .. }
            | FetchFailure::Browser(_)
            | FetchFailure::HeldOff { .. }
            | FetchFailure::Forbidden { .. } => false,
        }
    }
}

/// Why a fetched page did not give a puzzle.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ExtractError {
    #[error("the site says there is no puzzle with this ID")]
    NotFound,
    #[error(
        "there is no puzzle on the page: no `var task = '...'` in its scripts and no board of cells \
         (`#game div.cell.selectable`); the site's pages may have changed shape. The page is kept: \
         `aquarchive reparse` reads it again once the extractor knows the new shape"
    )]
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
    /// A special asked for by its date came back as another date's, or
    /// naming none.
    #[error("{}", match page {
        Some(page) => format!("the page is the special of {page}, not of {asked} as asked"),
        None => format!("the page names no date, so it cannot be the special of {asked} that was asked for"),
    })]
    WrongDate { page: Option<String>, asked: String },
    #[error("the page does not say its size class (no `Game.plSize`) and none was asked for")]
    NoClass,
    /// The game's `ident` names a kind this tool does not know.
    #[error(
        "the page's game is of kind `{0}`, which this version of aquarchive does not know; the page is kept: \
         a later version reads it with `aquarchive reparse`"
    )]
    UnknownKind(String),
    /// A page of a site that serves several kinds, whose kind neither its
    /// `ident` nor its class tells.
    #[error(
        "the page does not say its kind (no `ident: 'KIND.N'` in its game's options), and the {site} site's \
         class {class} does not tell it; the page is kept"
    )]
    NoKind { site: &'static str, class: String },
    #[error("the page is not UTF-8 text")]
    NotText,
}

/// Something odd about a page's puzzle that is worth saying but is no
/// reason to turn the puzzle away (docs/site.md: tank counts are not fixed
/// per class; real 10x10 puzzles have 20 and 21 tanks).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Warning {
    #[error("{found} tanks, where the {class} puzzles seen so far have {lo} to {hi}")]
    TankCount { found: usize, class: String, lo: usize, hi: usize },
}
