//! `calendar` (a date's tilings, or every date's) and `calendar read`
//! (photos of solved boards).

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::solve::ProbingArg;

pub(super) const CALENDAR_EXAMPLES: &str = "\
A date is `Jan 5`, `5 January`, `1/5`, `Jan 5 Sun` or `2027-01-05`. A date typed with its weekday
(`Mar 14 Sat`) is solved on the weekday board, as --weekday asks.

Examples:
  aquarchive calendar
  aquarchive calendar Mar 14 Sat
  aquarchive calendar Mar 14 --weekday --svg board.svg
  aquarchive calendar --every-date --weekday
  aquarchive calendar --print-board weekday > my-board.txt

`aquarchive guide calendar puzzle` explains the boards, variant files and the forms of a date.";

#[derive(Args, Debug)]
pub struct CalendarArgs {
    #[command(subcommand)]
    pub read: Option<CalendarCommand>,
    /// The date, like `Jan 5`, `1/5`, `Jan 5 Sun` or `2027-01-05` [default: today]
    #[arg(value_name = "DATE", conflicts_with_all = ["every_date", "print_board"])]
    pub date: Vec<String>,
    /// Use the weekday board (8x7, 10 pieces) instead of the standard one [default: with a date typed with its weekday]
    #[arg(long, conflicts_with = "board")]
    pub weekday: bool,
    /// Use the board and pieces of a variant file
    #[arg(long, value_name = "FILE")]
    pub board: Option<String>,
    /// Count the tilings instead of drawing one
    #[arg(long, conflicts_with = "all")]
    pub count: bool,
    /// Draw every tiling (up to --limit)
    #[arg(long)]
    pub all: bool,
    /// With --all, stop after this many tilings
    #[arg(long, value_name = "N", requires = "all", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Count the tilings of every month/day(/weekday) combination of the board
    #[arg(long, conflicts_with_all = ["count", "all"])]
    pub every_date: bool,
    /// Print a built-in variant file (`standard` or `weekday`) to start your own from
    #[arg(long, value_name = "NAME", conflicts_with_all = ["count", "all", "every_date", "board", "weekday"])]
    pub print_board: Option<String>,
    /// Which solver searches [default: bitboard]
    #[arg(long, value_enum)]
    pub solver: Option<CalendarSolver>,
    /// With --solver engine: how much lookahead the engine does at each node [default: adaptive]
    #[arg(long, value_enum, requires = "solver")]
    pub probing: Option<ProbingArg>,
    /// Print JSON (one object): `count` is the number of tilings of the date (all of them, counted); `shown` how many are printed, in `solution` (the first) and, with --all, `all`
    #[arg(long)]
    pub json: bool,
    /// Also draw the board with the (first) tiling as SVG into OUT (`-`: standard output, which then holds the picture alone)
    #[arg(long, value_name = "OUT", conflicts_with_all = ["count", "all", "every_date", "print_board"])]
    pub svg: Option<PathBuf>,
    /// Also draw the board with the (first) tiling as PNG into OUT (`-`: standard output)
    #[arg(long, value_name = "OUT", conflicts_with_all = ["count", "all", "every_date", "print_board"])]
    pub png: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CalendarSolver {
    /// The bitboard search made for the calendar (fast)
    #[default]
    Bitboard,
    /// The general multi-cover engine (slow on counts)
    Engine,
}

#[derive(Subcommand, Debug)]
pub enum CalendarCommand {
    /// Read photos of solved boards (JPEG or PNG): the board, the tiling (lettered as `calendar` letters
    /// it) and the date the open cells show
    #[command(after_help = CALENDAR_READ_EXAMPLES)]
    Read(CalendarReadArgs),
}

pub(super) const CALENDAR_READ_EXAMPLES: &str = "\
Examples:
  aquarchive calendar read tests/fixtures/calendar/board-standard.jpg   # a generated photo, in a checkout
  aquarchive calendar read --json *.jpg
  aquarchive calendar read board.jpg --import

`aquarchive guide photos` explains how a photo is read and what makes one readable.";

#[derive(Args, Debug)]
pub struct CalendarReadArgs {
    /// Photos of solved boards, one board each
    #[arg(value_name = "PHOTO", required = true)]
    pub photos: Vec<PathBuf>,
    /// Read the weekday board only [default: whichever built-in board the photo shows]
    #[arg(long, conflicts_with = "board")]
    pub weekday: bool,
    /// Read the standard board only
    #[arg(long, conflicts_with_all = ["board", "weekday"])]
    pub standard: bool,
    /// The board and pieces of a variant file
    #[arg(long, value_name = "FILE")]
    pub board: Option<String>,
    /// Print one JSON object a line per photo (a photo not read has `error`)
    #[arg(long)]
    pub json: bool,
    /// Draw the board read beside the photo as SVG into OUT (`-`: standard output; several photos: OUT-1.svg, ...)
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// The same drawing as PNG into OUT
    #[arg(long, value_name = "OUT")]
    pub png: Option<PathBuf>,
    /// Store each reading in the archive: its date's puzzle and, beside it, the tiling read
    #[arg(long)]
    pub import: bool,
}
