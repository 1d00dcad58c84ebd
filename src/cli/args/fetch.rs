//! `fetch`, `reparse` and `log`: the site's pages into the archive, read
//! again, and the record of every fetch.

use clap::Args;

pub(super) const FETCH_EXAMPLES: &str = "\
Examples:
  aquarchive fetch daily weekly monthly       # for cron: 0 stored, 3 nothing new, 2 failed
  aquarchive fetch daily --date 2026-11-20    # a past special the site still offers
  aquarchive fetch daily weekly monthly --missed
  aquarchive fetch 10x10-hard --count 5
  aquarchive fetch --id 6,226,616 --size 10x10-easy
  aquarchive fetch --browser 6x6-easy 15x15-hard --json
  aquarchive fetch --site star-battle daily   # a sister site; its classes as it names them
  aquarchive fetch daily weekly monthly --site all   # the scheduled job for the whole family

Without --site, fetch is Aquarium's. `aquarchive sites` lists every site of the family with its
address, kinds, specials and the classes known. A special's run also catches up the specials of its class that the site still offers (about
30 days back) and the archive lacks, newer than the oldest it holds.

`aquarchive guide fetching` explains scheduled fetching and the checks on each page, and
`aquarchive guide configuration` the [site] and [fetch] settings of config.toml.";

#[derive(Args, Debug)]
pub struct FetchArgs {
    /// Size classes to fetch a new puzzle of, as the site names them: Aquarium's 6x6-easy ... 15x15-hard, daily, weekly, monthly, or the site's ?size= number (`aquarchive sites` lists every site's)
    #[arg(value_name = "SIZE", required_unless_present = "id", conflicts_with = "id", value_parser = ClassNames, hide_possible_values = true)]
    pub sizes: Vec<String>,
    /// The sites of the family to fetch from (repeatable, or a comma list), or `all`; Aquarium's without it
    #[arg(long = "site", value_name = "SITE", value_delimiter = ',', value_parser = site_names_parser())]
    pub sites: Vec<String>,
    /// One given puzzle by its site ID (commas allowed), with --size
    #[arg(long, value_name = "ID", requires = "size")]
    pub id: Option<String>,
    /// The size class of --id (IDs are unique only within a class)
    #[arg(long, value_name = "SIZE", requires = "id", value_parser = ClassNames, hide_possible_values = true)]
    pub size: Option<String>,
    /// New puzzles to store per size class
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub count: u32,
    /// The special of this day (YYYY-MM-DD) instead of today's; for weekly and monthly, any day of the period
    #[arg(long, value_name = "DATE", value_parser = day, conflicts_with_all = ["id", "missed"])]
    pub date: Option<jiff::civil::Date>,
    /// Every special the site still offers that the archive lacks, however old
    #[arg(long, conflicts_with = "id")]
    pub missed: bool,
    /// Fetch through a headless Chromium instead of plain HTTP
    #[arg(long)]
    pub browser: bool,
    /// Print one JSON object per fetch per line
    #[arg(long)]
    pub json: bool,
}

/// A size class as typed: any word (a class a site's menu taught, a
/// `?size=` number), checked later against the site it is asked of. Its
/// possible values are only for the completion scripts, which then offer
/// every class name the family's table knows.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClassNames;

impl clap::builder::TypedValueParser for ClassNames {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(aquarchive::archive::fetch::class_names().into_iter().map(clap::builder::PossibleValue::new)))
    }
}

/// The names `--site` takes, each offered by the help and the completions.
fn site_names_parser() -> clap::builder::PossibleValuesParser {
    let mut names = vec![clap::builder::PossibleValue::new("all").help("every site of the family")];
    names.extend(aquarchive::archive::fetch::site_names().into_iter().map(clap::builder::PossibleValue::new));
    clap::builder::PossibleValuesParser::new(names)
}

/// A real calendar day, `YYYY-MM-DD`.
fn day(text: &str) -> Result<jiff::civil::Date, String> {
    text.parse().map_err(|e| format!("`{text}` is not a day of the calendar as YYYY-MM-DD ({e})"))
}

pub(super) const REPARSE_EXAMPLES: &str = "\
Examples:
  aquarchive reparse
  aquarchive reparse --json
  aquarchive reparse --removed         # also store back the puzzles `remove` took from pages

`aquarchive guide re-reading` explains when to reparse.";

#[derive(Args, Debug)]
pub struct ReparseArgs {
    /// Print one JSON object per stored puzzle per line
    #[arg(long)]
    pub json: bool,
    /// Also read again the pages of puzzles `remove` took out, and store their puzzles back
    #[arg(long)]
    pub removed: bool,
}

pub(super) const LOG_EXAMPLES: &str = "\
Examples:
  aquarchive log
  aquarchive log --failed --since 2026-11-01
  aquarchive log --limit 0 --json | jq -r .error

`aquarchive guide fetch log` explains the columns and each outcome.";

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

pub(super) const SITES_EXAMPLES: &str = "\
Examples:
  aquarchive sites
  aquarchive sites --json | jq -r '.name'

A class learned from a site's own size menu is listed once a page of the site is in the archive.";

#[derive(Args, Debug)]
pub struct SitesArgs {
    /// Print one JSON object per site per line
    #[arg(long)]
    pub json: bool,
}
