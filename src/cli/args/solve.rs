//! `solve` (puzzles from files) and `resolve` (stored puzzles again), and
//! the engine's options they share.

use std::path::PathBuf;

use clap::{ArgGroup, Args, ValueEnum};

use aquarchive::archive::import::Format;
use aquarchive::engine::Probing;
use aquarchive::kinds::Kind;

use super::kind::{KINDS_IN_FILES, kind_of};

pub(super) const SOLVE_EXAMPLES: &str = "\
Every kind that `import` reads, found the same way from each file's first line (or say --kind):
Aquarium in the text format (rows of tank numbers, then the row clues, then the column clues;
several puzzles in one file are separated by blank lines, `#` starts a comment) or as site
`task` strings one per line (found by the `;`, or say --format task); Sudoku one puzzle per
line, 81 characters row-major, `.` or `0` for a blank (other fields on the line, like an id or
a rating, are skipped); calendar dates one a line (`standard Mar 14`, `weekday Jan 5 Sun`);
ring instances one a file (see README).

Exit status 1 when an Aquarium or Sudoku has no solution or several, or a calendar date or
ring instance none: several solutions are what those two kinds have as a rule.

Stored puzzles are re-solved by `aquarchive resolve`.

Examples:
  aquarchive solve puzzle.txt
  aquarchive solve sudokus.txt
  aquarchive solve --all ring.txt
  aquarchive generate --size 10 --count 3 | aquarchive solve -
  aquarchive solve --format task --json tasks.txt
  aquarchive solve --count --limit 100 puzzle.txt
  aquarchive solve puzzle.txt --svg board.svg   # or --png board.png, or --svg - > board.svg
  aquarchive solve sudokus.txt --svg sudoku.svg   # sudoku-1.svg, sudoku-2.svg, ...";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// The text format (see below)
    Text,
    /// One site `task` string per line
    Task,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ProbingArg {
    /// Branch at once
    Off,
    /// Probe every option one level deep at the start only
    Root,
    /// Probe at every node
    Fixpoint,
    /// Probe at the root, below nodes where probing paid, and every 4 levels, every 2 once a search is hard (the default)
    #[default]
    Adaptive,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SudokuSolver {
    /// The bitboard solver made for Sudoku (fast)
    #[default]
    Bitboard,
    /// The general multi-cover engine, with --probing
    Engine,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle files; `-` reads standard input
    #[arg(value_name = "FILE", required_unless_present = "all")]
    pub files: Vec<String>,
    /// The kind of puzzle in the files [default: found from each file's first line, as `import` does]
    #[arg(long, value_name = "KIND", value_parser = kind_of(KINDS_IN_FILES))]
    pub kind: Option<Kind>,
    /// Count the solutions (up to --limit) instead of printing one
    #[arg(long, conflicts_with = "all")]
    pub count: bool,
    /// Print every solution (up to --limit)
    #[arg(long)]
    pub all: bool,
    /// Stop after this many solutions [default: 2 for Aquarium and Sudoku, which proves uniqueness; 1000 with --count or --all, and for calendar dates and ring instances]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Print one JSON object per puzzle per line
    #[arg(long)]
    pub json: bool,
    /// How much lookahead the engine does at each node
    #[arg(long, value_enum, default_value_t)]
    pub probing: ProbingArg,
    /// Learn from each failed probe below a choice (conflict analysis) from the start of each search,
    /// not only once it has passed 2,000 nodes plus probes, as by default (which leaves the quick
    /// searches of the site's puzzles as they are and halves the time of the hardest large ones)
    #[arg(long)]
    pub learn: bool,
    /// Which solver searches a Sudoku [default: bitboard]
    #[arg(long, value_enum, help_heading = "Sudoku")]
    pub solver: Option<SudokuSolver>,
    /// Also draw each puzzle with its first solution as SVG into OUT (`-`: standard output, which then holds the pictures alone); several puzzles go to OUT-1.svg, OUT-2.svg, ...
    #[arg(long, value_name = "OUT", requires = "files")]
    pub svg: Option<PathBuf>,
    /// Also draw each puzzle with its first solution as PNG into OUT (`-` and numbering as for --svg: OUT-1.png, ...)
    #[arg(long, value_name = "OUT", requires = "files")]
    pub png: Option<PathBuf>,
    /// How Aquarium puzzles are written [default: task strings if the first puzzle line holds a `;`, else the text format]
    #[arg(long, value_enum, help_heading = "Aquarium")]
    pub format: Option<InputFormat>,
}

pub(super) const RESOLVE_EXAMPLES: &str = "\
Solves stored puzzles again with the current engine (after a new version, or for puzzles
stored without a solution): --all every one (of --kind, if given), --unsolved those without
a solution, --id the ones given. They are solved in parallel and written back in batched
transactions; a line for each puzzle whose status changed, then a summary.

Exit status 1 when some puzzle has no solution or several where its kind must have one; 2
when some could not be solved or the archive could not be read or written; 130 when stopped
by Ctrl-C (every batch written before is kept; the same command again finishes the job).

Examples:
  aquarchive resolve --unsolved
  aquarchive resolve --id 12 40
  aquarchive resolve --all --kind sudoku";

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("stored").args(["all", "unsolved", "id"]).required(true)))]
pub struct ResolveArgs {
    /// Every stored puzzle
    #[arg(long)]
    pub all: bool,
    /// The stored puzzles that have no solution
    #[arg(long)]
    pub unsolved: bool,
    /// These stored puzzles (see `aquarchive list`)
    #[arg(long, value_name = "ID", num_args = 1..)]
    pub id: Vec<i64>,
    /// Only puzzles of this kind
    #[arg(long, value_name = "KIND", value_parser = kind_of(Kind::ALL.map(|kind| (kind, ""))))]
    pub kind: Option<Kind>,
    /// How much lookahead the engine does at each node
    #[arg(long, value_enum, default_value_t)]
    pub probing: ProbingArg,
}

impl From<ProbingArg> for Probing {
    fn from(probing: ProbingArg) -> Probing {
        match probing {
            ProbingArg::Off => Probing::Off,
            ProbingArg::Root => Probing::Root,
            ProbingArg::Fixpoint => Probing::Fixpoint,
            ProbingArg::Adaptive => Probing::Adaptive,
        }
    }
}

impl From<InputFormat> for Format {
    fn from(format: InputFormat) -> Format {
        match format {
            InputFormat::Text => Format::Text,
            InputFormat::Task => Format::Task,
        }
    }
}
