//! `show`: one stored puzzle, named by its ID or, for a special, by its
//! name and date.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, ValueEnum};

use aquarchive::archive::fetch::site_names;

pub(super) const SHOW_EXAMPLES: &str = "\
Examples:
  aquarchive show 12                   # the grid with its solution (--no-solution: the bare puzzle)
  aquarchive show 12 --format task
  aquarchive show 12 --svg board.svg   # the board with its solution (--no-solution without)
  aquarchive show daily                # the newest daily held (weekly, monthly too)
  aquarchive show daily --date 2026-11-20
  aquarchive show weekly --site star-battle --date 2026-11-20   # a sister site's, of the week of that day";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    /// The framed grid, with the solution as `~`
    Grid,
    /// The puzzle in the text format
    Text,
    /// The site's task string
    Task,
    /// The site's link that opens the puzzle
    Link,
    /// Aquarium: the puzz.link address that plays the puzzle in a browser
    Puzzlink,
    /// Aquarium: the solution as the site's answer form writes it (`y` water, `n` air)
    Answer,
}

/// The puzzle `show` is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Its ID in the archive.
    Id(i64),
    /// A special's name as `fetch` takes it (`daily`, `weekly`,
    /// `monthly`, `daily-binairo-plus`).
    Special(String),
}

/// An ID (a number from 1) or a special's name.
fn shown(text: &str) -> Result<Shown, String> {
    if text.bytes().all(|b| b.is_ascii_digit()) && !text.is_empty() {
        return match text.parse::<i64>() {
            Ok(id) if id >= 1 => Ok(Shown::Id(id)),
            Ok(_) => Err(format!("{text}: not a puzzle's ID (IDs run from 1)")),
            Err(_) => Err(format!("{text}: number too large for a puzzle's ID")),
        };
    }
    if text.trim().is_empty() || text.starts_with('-') {
        return Err(format!("{text:?}: give a puzzle's ID or a special's name (daily, weekly, monthly)"));
    }
    Ok(Shown::Special(text.to_string()))
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The puzzle's ID in the archive (see `aquarchive list`), or a special's name as fetch takes it (daily, weekly, monthly, or a site's own): the newest held, or with --date that day's
    #[arg(value_name = "ID|SPECIAL", value_parser = shown)]
    pub what: Shown,
    /// With a special's name: the special of this date, the site's (2026-11-20; for a weekly or monthly, any day of its week or month)
    #[arg(long, value_name = "DATE")]
    pub date: Option<jiff::civil::Date>,
    /// With a special's name: the special of this site of the family [default: aquarium] (`aquarchive sites` lists them)
    #[arg(long, value_name = "SITE", value_parser = PossibleValuesParser::new(site_names()))]
    pub site: Option<String>,
    /// What to print
    #[arg(long, value_enum, default_value_t = ShowFormat::Grid)]
    pub format: ShowFormat,
    /// One JSON object: the stored record, its link and solution
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Draw the puzzle (with its solution) as SVG into FILE; without FILE, or with `-`, to standard output
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", conflicts_with_all = ["format", "json"])]
    pub svg: Option<PathBuf>,
    /// Draw the puzzle (with its solution) as PNG into FILE
    #[arg(long, value_name = "FILE", conflicts_with_all = ["format", "json"])]
    pub png: Option<PathBuf>,
    /// The bare puzzle: leave the solution out of the grid and the pictures
    #[arg(long, conflicts_with = "json")]
    pub no_solution: bool,
}
