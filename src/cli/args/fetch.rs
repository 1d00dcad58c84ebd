//! `fetch`, `reparse` and `log`: the site's pages into the archive, read
//! again, and the record of every fetch.

use clap::Args;

pub(super) const FETCH_EXAMPLES: &str = "\
SIZE is a size class: 6x6-easy, 6x6-normal, 6x6-hard, 10x10-easy ... 15x15-hard, daily,
weekly, monthly, or the site's own number 0..11 (?size=N). A class gives a new random puzzle
(--count N: until N new ones are stored); daily, weekly and monthly give the current special,
which the archive keeps by its class and date (its page has no puzzle ID), so running them
more than once a day stores each special once. Every page fetched is kept as a snapshot with
a record of the fetch, whatever became of it. The puzzle on it is validated (clue sums,
connected tanks, exactly one solution, and the site's own check: the solution found must
hash to the page's hashedSolution) and stored with its solution in one transaction; a bad
one is stored flagged, never as a good puzzle, and a later good page of it takes its place.
A tank count unlike the class's is a warning only. Settings: [site] and [fetch] in config.toml (base_url,
user_agent, min_delay_ms, timeout_secs, retries, backoff_ms; method, chromedriver, chromium,
webdriver_url, board_wait_secs).

Exit status: 0 some new puzzle stored (and nothing failed); 3 nothing new (the archive had
every puzzle fetched: e.g. today's daily fetched twice); 2 some fetch failed or some page held
no good puzzle.

Examples:
  aquarchive fetch daily                      # for cron: 0 stored, 3 nothing new, 2 failed
  aquarchive fetch 10x10-hard --count 5
  aquarchive fetch --id 6,226,616 --size 10x10-easy
  aquarchive fetch --browser 6x6-easy 15x15-hard --json";

#[derive(Args, Debug)]
pub struct FetchArgs {
    /// Size classes to fetch a new puzzle of (see below)
    #[arg(value_name = "SIZE", required_unless_present = "id", conflicts_with = "id")]
    pub sizes: Vec<String>,
    /// One given puzzle by its site ID (commas allowed), with --size
    #[arg(long, value_name = "ID", requires = "size")]
    pub id: Option<String>,
    /// The size class of --id (IDs are unique only within a class)
    #[arg(long, value_name = "SIZE", requires = "id")]
    pub size: Option<String>,
    /// New puzzles to store per size class
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub count: u32,
    /// Fetch through a headless browser (chromedriver + Chromium) instead of plain HTTP
    #[arg(long)]
    pub browser: bool,
    /// Print one JSON object per fetch per line
    #[arg(long)]
    pub json: bool,
}

pub(super) const REPARSE_EXAMPLES: &str = "\
For when the site's markup changed and the extractor with it: every stored puzzle that came
from a fetched page is read again from its snapshot. A puzzle that now reads differently is
validated, solved and replaced with its new solution in one transaction; one whose snapshot
no longer gives a puzzle is kept as it was and reported. Then every page fetched that gave no
puzzle is tried again (its URL says what was asked for); what it gives now is stored.

Exit status: 0 done (changed or not); 2 some snapshot no longer gives a puzzle.

Examples:
  aquarchive reparse
  aquarchive reparse --json";

#[derive(Args, Debug)]
pub struct ReparseArgs {
    /// Print one JSON object per stored puzzle per line
    #[arg(long)]
    pub json: bool,
}

pub(super) const LOG_EXAMPLES: &str = "\
Columns: time (UTC), outcome, HTTP status, the puzzle stored from the page, URL, and the error.
Outcome: ok (the page gave a good puzzle, new or already held), rejected (its puzzle is stored
flagged: invalid, no or several solutions), failed (no puzzle: the fetch failed or the page
could not be read). Every fetch is logged, failed ones too; `stats` counts them.

Examples:
  aquarchive log
  aquarchive log --failed --since 2026-11-01
  aquarchive log --limit 0 --json | jq -r .error";

#[derive(Args, Debug)]
pub struct LogArgs {
    /// Only the fetches that gave no good puzzle (failed or rejected)
    #[arg(long)]
    pub failed: bool,
    /// Only fetches at or after this UTC time (2026-11-30, or 2026-11-30T06:00)
    #[arg(long, value_name = "TIME")]
    pub since: Option<String>,
    /// Show at most the N newest (0: all)
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub limit: u64,
    /// Print one JSON object per fetch per line
    #[arg(long)]
    pub json: bool,
}
