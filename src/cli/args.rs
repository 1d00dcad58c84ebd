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
    /// Benchmarks that print tables (each setting side by side in one run)
    #[command(subcommand)]
    Bench(BenchCommand),
}

const SOLVE_EXAMPLES: &str = "\
Input: the text format (rows of tank numbers, then the row clues, then the column clues;
several puzzles in one file are separated by blank lines, `#` starts a comment), or with
--format task one site `task` string per line.

Examples:
  aquarchive solve puzzle.txt
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
    /// Probe at every node
    Fixpoint,
    /// Probe at the root, below nodes where probing paid, and every 4 levels (the default)
    #[default]
    Adaptive,
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
}

#[derive(Args, Debug)]
pub struct AquariumBenchArgs {
    /// Folder of fixture puzzles (`*.txt`, solutions in `*.solution.txt`)
    #[arg(long, value_name = "DIR", default_value = "tests/fixtures/aquarium/puzzles")]
    pub fixtures: std::path::PathBuf,
    /// Times each puzzle is solved; the best time counts
    #[arg(long, value_name = "R", default_value_t = 5)]
    pub runs: usize,
    /// Generated puzzles per large size (0 skips them)
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub large: usize,
    /// Sides of the generated puzzles (30 and up take minutes to generate today)
    #[arg(long, value_name = "N", value_delimiter = ',', default_values_t = vec![20])]
    pub sizes: Vec<usize>,
}
