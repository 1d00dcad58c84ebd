//! `import`, `list`, `show`, `export`, `stats`, `verify` and `backup`: the
//! commands that fill the archive, read it and keep it.

use std::path::PathBuf;

use clap::{ArgGroup, Args, ValueEnum};

use aquarchive::archive::Kind;
use aquarchive::archive::import::Format;

use super::filter::{FilterArgs, OrderArgs};
use super::kind::{kind_of, kinds_in_files};

pub(super) const IMPORT_EXAMPLES: &str = "\
Examples:
  aquarchive import tests/fixtures/aquarium/puzzles
  aquarchive generate --size 15 --count 1000 | aquarchive import -
  aquarchive --db /tmp/other.sqlite import puzzle.txt
  aquarchive import laptop.sqlite      # merge another archive into this one
  aquarchive import puzzles.jsonl      # restore what export --format jsonl wrote

Exit status: 0 stored; 1 some puzzle stored flagged (each named on standard error, with why); 2 some
input not read; 3 nothing new stored (the archive had all of it, or there was nothing to read).

`aquarchive guide importing` explains the formats, what is stored, and the summary's counts.";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ImportFormat {
    /// Task strings if the first puzzle line holds a `;`, else the text format
    #[default]
    Auto,
    /// The text format
    Text,
    /// One site `task` string per line
    Task,
}

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// Puzzle files and directories of them, saved pages, another archive to merge, an export's JSON lines; `-` reads standard input
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// How the puzzles are written
    #[arg(long, value_enum, default_value_t)]
    pub format: ImportFormat,
    /// The kind of puzzle in every file [default: found from each file's first line]
    #[arg(long, value_name = "KIND", value_parser = kind_of(kinds_in_files()))]
    pub kind: Option<Kind>,
}

/// The columns `list` prints, as its header names them, and what each
/// holds: the header and `list --help` are made from this one list.
pub const LIST_COLUMNS: [(&str, &str); 7] = [
    ("id", "the puzzle's number in the archive, for show and resolve --id"),
    ("class", "its kind and the site's size class, else its size"),
    ("status", "ok, invalid, unsolvable or several"),
    ("grade", "the level --grade picks (the kinds with a grader); - for none"),
    ("special", "a special's date; - for none"),
    ("created (UTC)", "when it was stored"),
    ("source", "where it came from: a file (and line), a page's address or a photo"),
];

pub(super) fn list_help() -> String {
    let width = LIST_COLUMNS.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let columns: String = LIST_COLUMNS.iter().map(|(name, what)| format!("  {name:<width$}  {what}\n")).collect();
    format!(
        "Columns, under a header, one puzzle a line:
{columns}A calendar puzzle's line ends with its date and board (`, Mar 14 Sat on the weekday board`).

Examples:
  aquarchive list --status several
  aquarchive list --size 15x15-hard --since 2026-11-01 --json | jq .id
  aquarchive list --newest --limit 5                # the five last stored
  aquarchive list --size special-daily --date 2026-11-20   # that day's daily"
    )
}

#[derive(Args, Debug)]
pub struct ListArgs {
    #[command(flatten)]
    pub filter: FilterArgs,
    /// One JSON object per puzzle per line (with its solution)
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub order: OrderArgs,
}

pub(super) const EXPORT_EXAMPLES: &str = "\
Examples:
  aquarchive export --html archive/site && xdg-open archive/site/today.html
  aquarchive export --format text --out archive/export
  aquarchive export --format jsonl --status ok > puzzles.jsonl

`aquarchive guide exporting` and `aquarchive guide html` explain each format and the HTML site.";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// A directory of text files (needs --out DIR)
    Text,
    /// One JSON object per puzzle per line
    Jsonl,
    /// One site task string per line (Aquarium puzzles)
    Task,
}

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("output").args(["format", "html"]).required(true)))]
pub struct ExportArgs {
    #[command(flatten)]
    pub filter: FilterArgs,
    /// How to write the puzzles
    #[arg(long, value_enum, conflicts_with = "html")]
    pub format: Option<ExportFormat>,
    /// The directory (text: needed) or file (jsonl, task) to write; jsonl and task default to standard output
    #[arg(long, value_name = "PATH", conflicts_with = "html", required_if_eq("format", "text"))]
    pub out: Option<PathBuf>,
    /// Write a browsable static site (index with filters, a page per puzzle) into DIR
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// With --html: puzzles per index page
    #[arg(long, value_name = "N", default_value_t = 500, requires = "html", value_parser = clap::value_parser!(u32).range(1..))]
    pub per_page: u32,
}

pub(super) const STATS_EXAMPLES: &str = "\
Examples:
  aquarchive stats
  aquarchive stats --json";

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// One JSON object instead of tables
    #[arg(long)]
    pub json: bool,
}

pub(super) const VERIFY_EXAMPLES: &str = "\
Exits with 2 if some stored solution does not hold.

Examples:
  aquarchive verify
  aquarchive verify --kind sudoku";

#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub filter: FilterArgs,
}

pub(super) const BACKUP_EXAMPLES: &str = "\
Examples:
  aquarchive backup backups/                  # backups/aquarchive-20261130T060000Z.sqlite (backups/ made if missing)
  aquarchive backup /mnt/usb/aquarchive.sqlite --force

`aquarchive guide backups` explains how the copy is checked and how to restore it.";

#[derive(Args, Debug)]
pub struct BackupArgs {
    /// The file to write; a folder gets a file named after the archive and the UTC time, and a DEST ending in / is a folder, made if missing
    #[arg(value_name = "DEST")]
    pub dest: PathBuf,
    /// Replace DEST if it is an archive (an older backup) or an empty file; anything else there is refused
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object: path, puzzles, solutions, snapshots, fetches, bytes
    #[arg(long)]
    pub json: bool,
}

impl From<ImportFormat> for Format {
    fn from(format: ImportFormat) -> Format {
        match format {
            ImportFormat::Auto => Format::Auto,
            ImportFormat::Text => Format::Text,
            ImportFormat::Task => Format::Task,
        }
    }
}
