//! `import`, `list`, `show`, `export`, `stats`, `verify` and `backup`: the
//! commands that fill the archive, read it and keep it.

use std::path::PathBuf;

use clap::{ArgGroup, Args, ValueEnum};

use aquarchive::archive::import::Format;
use aquarchive::kinds::Kind;

use super::filter::FilterArgs;
use super::kind::{KINDS_IN_FILES, kind_of};

pub(super) const IMPORT_EXAMPLES: &str = "\
Reads puzzle text files (several puzzles in one file separated by blank lines), directories
of them (every *.txt, skipping *.solution.txt), and files of site `task` strings one per line
(found by the `;` in the first line, or say --format task). Every puzzle is validated and
solved (two solutions are searched for, which proves uniqueness) and stored with its solution
in one transaction. A puzzle already in the archive (same site ID, else same canonical text)
is not solved again. Invalid puzzles and puzzles without exactly one solution are stored too,
flagged with their status. A file named like the fixtures (15x15_hard_5642858.txt) gives its
puzzle the size class and site ID of its name.

Every kind goes in the same way (found from each file's first line, or say --kind): Sudoku
files of one 81-character puzzle a line, calendar dates one a line (`standard Mar 14`,
`weekday Jan 5 Sun`: a built-in board and a date; every tiling is counted and the first
stored), and ring instances one a file (all their solutions are counted, the first stored).
Several solutions are what a calendar date or a ring instance has as a rule, so for them
they are counted apart and are no fault.

The summary counts each puzzle read once; exit status 1 when some were invalid or not unique,
2 when some input could not be read as puzzles (the rest is still imported).

Examples:
  aquarchive import tests/fixtures/aquarium/puzzles
  aquarchive import tests/fixtures/sudoku/se_rated_sample.txt tests/fixtures/ring/expert.txt
  aquarchive generate --kind sudoku --difficulty hard --count 10 | aquarchive import -
  aquarchive generate --size 15 --count 1000 | aquarchive import -
  aquarchive --db /tmp/other.sqlite import puzzle.txt";

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
    /// Puzzle files and directories of them; `-` reads standard input
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// How the puzzles are written
    #[arg(long, value_enum, default_value_t)]
    pub format: ImportFormat,
    /// The kind of puzzle in every file [default: found from each file's first line]
    #[arg(long, value_name = "KIND", value_parser = kind_of(KINDS_IN_FILES))]
    pub kind: Option<Kind>,
}

pub(super) const LIST_EXAMPLES: &str = "\
Columns: id, class (the site's size class, else the grid), status, created (UTC), source.

Examples:
  aquarchive list --status several
  aquarchive list --size 15x15-hard --since 2026-11-01 --json | jq .id";

#[derive(Args, Debug)]
pub struct ListArgs {
    #[command(flatten)]
    pub filter: FilterArgs,
    /// One JSON object per puzzle per line (with its solution)
    #[arg(long)]
    pub json: bool,
}

pub(super) const SHOW_EXAMPLES: &str = "\
Examples:
  aquarchive show 12
  aquarchive show 12 --format task
  aquarchive show 12 --format link   # only for puzzles with a known site ID and size class
  aquarchive show 12 --svg board.svg # the board with its solution (--no-solution without)
  aquarchive show 12 --png board.png";

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
    /// Aquarium: the puzz.link address that plays the puzzle in a browser (with the site's rule of one
    /// water level per tank)
    Puzzlink,
    /// Aquarium: the solution as the site's answer form writes it (`y` water, `n` air, row by row), to
    /// check by hand what you solved on the site (aquarchive never sends answers itself)
    Answer,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The puzzle's id in the archive (see `aquarchive list`)
    #[arg(value_name = "ID")]
    pub id: i64,
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
    /// Leave the solution out of the picture
    #[arg(long)]
    pub no_solution: bool,
}

pub(super) const EXPORT_EXAMPLES: &str = "\
--format text writes NAME.txt (and NAME.solution.txt) per puzzle into --out DIR, named like
the fixtures when the site ID is known, so the directory imports back as it was.
--format jsonl and --format task write to standard output (or --out FILE).

--html DIR writes a static site that opens from disk (nothing loads from the internet):
index.html (and index-2.html, ... with --per-page puzzles each) with filters by kind, size
class, status and date, and p/ID.html per puzzle with its picture, the solution revealed on
click, its source, site link and fetch history. It is written beside DIR and renamed onto it
at the end; an existing DIR is replaced only if it is empty or an earlier export.

Examples:
  aquarchive export --html archive/site && xdg-open archive/site/index.html
  aquarchive export --format text --out archive/export
  aquarchive export --format jsonl --status ok > puzzles.jsonl
  aquarchive export --format task --size 6x6-easy";

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
Solve times are those of each puzzle's latest solution, in microseconds, per class.

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
Checks each stored solution against its puzzle with code that does not use the engine, and
that each puzzle's status agrees with what the solver found. Prints one line per mismatch and
exits 2 if there is any.

Examples:
  aquarchive verify";

#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub filter: FilterArgs,
}

pub(super) const BACKUP_EXAMPLES: &str = "\
The copy is one moment of the archive, taken with SQLite's online backup: it is safe while a
fetch or an import in another process is writing (they neither wait for it nor disturb it).
It is written to a temporary file beside DEST, opened and checked (every page, every
snapshot's sha256, and as many puzzles, solutions, snapshots and fetch records as the archive
held at that moment), synced, and only then given its name: a failed or interrupted backup
leaves no DEST. An existing DEST file is refused unless --force; the archive itself always is.

To restore: stop whatever runs aquarchive (the cron jobs), remove <archive>-wal and
<archive>-shm beside the archive if they are there (a stale write-ahead log would be replayed
over the restored file), then copy the backup to the archive's path.

Examples:
  aquarchive backup backups/                  # backups/aquarchive-20261130T060000Z.sqlite
  aquarchive backup /mnt/usb/aquarchive.sqlite --force
  aquarchive backup backups/ --json";

#[derive(Args, Debug)]
pub struct BackupArgs {
    /// The file to write; a folder gets a file named after the archive and the UTC time
    #[arg(value_name = "DEST")]
    pub dest: PathBuf,
    /// Replace DEST if it is an existing file
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
