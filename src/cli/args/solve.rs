//! `solve` (puzzles from files) and `resolve` (stored puzzles again), and
//! the engine's options they share.

use std::path::PathBuf;

use clap::{ArgGroup, Args, ValueEnum};

use aquarchive::archive::import::Format;
use aquarchive::archive::solving::{Kind, Probing};

use super::kind::{kind_of, kinds_in_files};

pub(super) const SOLVE_EXAMPLES: &str = "\
Examples:
  aquarchive solve puzzle.txt
  aquarchive solve --count --limit 100 puzzle.txt
  aquarchive generate --size 10 --count 3 | aquarchive solve -
  aquarchive solve sudokus.txt --svg sudoku.svg   # sudoku-1.svg, sudoku-2.svg, ...

Stored puzzles are re-solved by `aquarchive resolve`. `aquarchive guide formats` gives each kind's
file format, and `aquarchive guide exit codes` what the exit status says.";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// The text format
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
    #[arg(long, value_name = "KIND", value_parser = kind_of(kinds_in_files()))]
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
    /// How much lookahead the engine does at each node, for the Aquarium and ring puzzles it solves, and
    /// Sudoku with --solver engine (calendar dates have a solver of their own, which does not probe)
    #[arg(long, value_enum, default_value_t)]
    pub probing: ProbingArg,
    /// Learn from failed probes (conflict analysis) from the start of each search, not only once it
    /// has passed 2,000 nodes plus probes
    #[arg(long)]
    pub learn: bool,
    /// Which solver searches a Sudoku [default: bitboard]
    #[arg(long, value_enum, help_heading = "Sudoku")]
    pub solver: Option<SudokuSolver>,
    /// Also draw each puzzle with its first solution as SVG into OUT (`-`: standard output); several make OUT-1.svg, ...
    #[arg(long, value_name = "OUT", requires = "files")]
    pub svg: Option<PathBuf>,
    /// The same drawing as PNG into OUT
    #[arg(long, value_name = "OUT", requires = "files")]
    pub png: Option<PathBuf>,
    /// How Aquarium puzzles are written [default: task strings if the first puzzle line holds a `;`, else the text format]
    #[arg(long, value_enum, help_heading = "Aquarium")]
    pub format: Option<InputFormat>,
}

pub(super) const RESOLVE_EXAMPLES: &str = "\
Examples:
  aquarchive resolve --unsolved
  aquarchive resolve --id 12 40
  aquarchive resolve --all --kind sudoku

`aquarchive guide re-solving` explains when to re-solve and what Ctrl-C keeps.";

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
    #[arg(long, value_name = "ID", num_args = 1.., value_parser = clap::value_parser!(i64).range(1..))]
    pub id: Vec<i64>,
    /// Only puzzles of this kind
    #[arg(long, value_name = "KIND", value_parser = kind_of(Kind::ALL.map(|kind| (kind, ""))))]
    pub kind: Option<Kind>,
    /// How much lookahead the engine does at each node, for the Aquarium and ring puzzles it solves
    /// (Sudoku and calendar dates have solvers of their own, which do not probe)
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
