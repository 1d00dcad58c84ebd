//! The command line as clap sees it. Only parsing lives here.

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "aquarchive",
    version,
    about = "Fetch, archive and solve Aquarium puzzles with a multi-cover engine",
    long_about = "Fetch, archive and solve Aquarium puzzles (puzzle-aquarium.com) with a multi-cover engine.\n\n\
        Exit status: 0 when everything asked for was done and every puzzle has exactly one solution; \
        1 when some puzzle has no solution or several; 2 on bad input, bad arguments or an I/O failure."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve puzzles from files, prove each solution unique, and print them
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Write new Aquarium puzzles, each proved to have exactly one solution
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Solve the calendar puzzle for a date (today by default), count its tilings, or tabulate every date
    #[command(after_help = CALENDAR_EXAMPLES)]
    Calendar(CalendarArgs),
    /// Benchmarks that print tables (each setting side by side in one run)
    #[command(subcommand)]
    Bench(BenchCommand),
}

const CALENDAR_EXAMPLES: &str = "\
Boards: the standard A-Puzzle-A-Day board (7x7, 8 pieces, month and day) by default; --weekday
for the 8x7 board with weekdays (10 pieces); --board FILE for your own variant, written like
the built-in ones (print one with --print-board). Pieces may be turned and flipped.

A date is `Jan 5`, `5 January`, `1/5` (month first), `Jan 5 Sun` or `2027-01-05`; on the weekday
board a date without a weekday takes this year's.

Examples:
  aquarchive calendar
  aquarchive calendar Mar 14 --weekday
  aquarchive calendar 2027-01-05 --weekday --count --json
  aquarchive calendar Oct 6 --all
  aquarchive calendar --every-date --weekday
  aquarchive calendar --print-board weekday > my-board.txt
  aquarchive calendar --board my-board.txt Jan 1 Sun";

const SOLVE_EXAMPLES: &str = "\
Input: the text format (rows of tank numbers, then the row clues, then the column clues;
several puzzles in one file are separated by blank lines, `#` starts a comment), or with
--format task one site `task` string per line.

Sudoku (--kind sudoku): one puzzle per line, 81 characters row-major, `.` or `0` for a blank
(other fields on the line, like an id or a rating, are skipped). Ring (--kind ring): see README.

Examples:
  aquarchive solve puzzle.txt
  aquarchive solve --kind sudoku sudokus.txt
  aquarchive solve --kind ring --all ring.txt
  aquarchive generate --size 10 --count 3 | aquarchive solve -
  aquarchive solve --format task --json tasks.txt
  aquarchive solve --count --limit 100 puzzle.txt";

const GENERATE_EXAMPLES: &str = "\
The same --seed always gives the same puzzles; without one a seed is picked and printed
in each puzzle's comment line, so any puzzle can be made again.

Examples:
  aquarchive generate --size 15
  aquarchive generate --size 30 --count 5 --seed 7 > big.txt";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    Aquarium,
    /// 81 characters a line, `.` or `0` blank
    Sudoku,
    /// The ring-board ball puzzle: `size`, `green:`, `blue:`, `red:` lines
    Ring,
}

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
    /// Probe at every node (the default)
    #[default]
    Fixpoint,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle files; `-` reads standard input
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// The kind of puzzle in the files
    #[arg(long, value_enum, default_value_t = Kind::Aquarium)]
    pub kind: Kind,
    /// How the puzzles are written
    #[arg(long, value_enum, default_value_t = InputFormat::Text)]
    pub format: InputFormat,
    /// Count the solutions (up to --limit) instead of printing one
    #[arg(long, conflicts_with = "all")]
    pub count: bool,
    /// Print every solution (up to --limit)
    #[arg(long)]
    pub all: bool,
    /// Stop after this many solutions [default: 2, which proves uniqueness; 1000 with --count or --all]
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Print one JSON object per puzzle per line
    #[arg(long)]
    pub json: bool,
    /// How much lookahead the engine does at each node
    #[arg(long, value_enum, default_value_t)]
    pub probing: ProbingArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// The text format, puzzles separated by blank lines
    Text,
    /// One site `task` string per line
    Task,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Grid side (the site uses 6, 10, 15, and up to 30 for specials)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(2..=100))]
    pub size: u16,
    /// How many puzzles
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: usize,
    /// Seed for the random choices
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Tanks in the first map (repairs for uniqueness merge a few) [default: size*size/5]
    #[arg(long, value_name = "T")]
    pub tanks: Option<usize>,
    /// How to write the puzzles
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Also write each puzzle's solution (text format only)
    #[arg(long)]
    pub solutions: bool,
}

#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Aquarium solve-and-prove times by size class, on the fixture puzzles and on generated large ones
    Aquarium(AquariumBenchArgs),
    /// Sudoku puzzles per second (first solution plus uniqueness) beside published figures
    Sudoku(SudokuBenchArgs),
    /// Calendar: one tiling for every date, and every tiling of every date, per solver
    Calendar(CalendarBenchArgs),
    /// Ring puzzle: all solutions of the fixture instance, per probing setting
    Ring(RingBenchArgs),
}

#[derive(Args, Debug)]
pub struct SudokuBenchArgs {
    /// Puzzle files (one puzzle a line)
    #[arg(value_name = "FILE", default_values_t = vec![
        "tests/fixtures/sudoku/17_clue_sample.txt".to_string(),
        "tests/fixtures/sudoku/se11_sample.txt".to_string(),
        "tests/fixtures/sudoku/forum_hardest_1106.txt".to_string(),
    ])]
    pub files: Vec<String>,
    /// Use at most this many puzzles of each file
    #[arg(long, value_name = "N", default_value_t = 300)]
    pub sample: usize,
}

#[derive(Args, Debug)]
pub struct CalendarBenchArgs {
    /// Also count every tiling with the engine on this many combinations (it is slow)
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub engine_sample: usize,
    /// Find one tiling with the engine for only this many combinations (the rest is estimated)
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub engine_first: usize,
}

#[derive(Args, Debug)]
pub struct RingBenchArgs {
    /// The instance file
    #[arg(value_name = "FILE", default_value = "tests/fixtures/ring/expert.txt")]
    pub file: String,
    /// Times the instance is solved; the best time counts
    #[arg(long, value_name = "R", default_value_t = 20)]
    pub runs: usize,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CalendarSolver {
    /// The bitboard search made for the calendar (fast)
    #[default]
    Bitboard,
    /// The general multi-cover engine (slow on counts)
    Engine,
}

#[derive(Args, Debug)]
pub struct CalendarArgs {
    /// The date, like `Jan 5`, `1/5`, `Jan 5 Sun` or `2027-01-05` [default: today]
    #[arg(value_name = "DATE", conflicts_with_all = ["every_date", "print_board"])]
    pub date: Vec<String>,
    /// Use the weekday board (8x7, 10 pieces) instead of the standard one
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
    #[arg(long, value_name = "N", requires = "all")]
    pub limit: Option<u64>,
    /// Count the tilings of every month/day(/weekday) combination of the board
    #[arg(long, conflicts_with_all = ["count", "all"])]
    pub every_date: bool,
    /// Print a built-in variant file (`standard` or `weekday`) to start your own from
    #[arg(long, value_name = "NAME", conflicts_with_all = ["count", "all", "every_date", "board", "weekday"])]
    pub print_board: Option<String>,
    /// Which solver searches
    #[arg(long, value_enum, default_value_t)]
    pub solver: CalendarSolver,
    /// With --solver engine: how much lookahead the engine does at each node
    #[arg(long, value_enum, default_value_t)]
    pub probing: ProbingArg,
    /// Print JSON (one object)
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct AquariumBenchArgs {
    /// Folder of fixture puzzles (`*.txt`, solutions in `*.solution.txt`)
    #[arg(long, value_name = "DIR", default_value = "tests/fixtures/aquarium/puzzles")]
    pub fixtures: std::path::PathBuf,
    /// Times each puzzle is solved; the best time counts
    #[arg(long, value_name = "R", default_value_t = 5)]
    pub runs: usize,
    /// Generated puzzles per large size
    #[arg(long, value_name = "K", default_value_t = 5)]
    pub large: usize,
    /// Sides of the generated puzzles
    #[arg(long, value_name = "N", value_delimiter = ',', default_values_t = vec![20, 30, 50])]
    pub sizes: Vec<usize>,
}
