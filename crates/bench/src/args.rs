//! The command line as clap sees it. Only parsing lives here.

use aquarchive::engine::Pairs;
use clap::{Args, Parser, Subcommand};

use crate::compared::{Compared, parse_compared, parse_pairs};

/// The repository's top folder, which the default fixture paths are in: the
/// tool reads the source tree's fixtures wherever it runs from.
const REPOSITORY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");

/// `path` as a table's title names it: relative to the repository when it
/// is in it (the defaults), else as given.
pub fn relative_to_repository(path: &str) -> &str {
    path.strip_prefix(REPOSITORY).unwrap_or(path)
}

#[derive(Parser, Debug)]
#[command(
    name = "aquarchive-bench",
    version,
    about = "Timing tables for aquarchive (each setting side by side in one run)",
    long_about = "Timing tables for aquarchive, each setting side by side in one run: the machine may be \
        shared and noisy, so compare columns, not runs. The figures and the commands behind them are in \
        docs/benchmarks.md.\n\nRun from the source tree: cargo run --release -p aquarchive-bench -- <COMMAND>. \
        Exit status: 0 when the table was printed, 2 on bad input, bad arguments, an I/O failure, or a \
        benchmark puzzle not solved as it must be."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Aquarium solve-and-prove times by size class, on the fixture puzzles and on generated large ones
    Aquarium(AquariumBenchArgs),
    /// Sudoku puzzles per second (first solution plus uniqueness) beside published figures
    Sudoku(SudokuBenchArgs),
    /// Calendar: one tiling for every date, and every tiling of every date, per solver
    Calendar(CalendarBenchArgs),
    /// Ring puzzle: all solutions of the fixture instance, per probing setting
    Ring(RingBenchArgs),
    /// The family's real puzzles solved through each kind's home, per kind: median and worst time, answers confirmed
    #[command(
        after_help = "Examples:\n  aquarchive-bench family\n  aquarchive-bench family --kind star-battle --runs 3"
    )]
    Family(FamilyBenchArgs),
    /// Saved pages stored as `import` stores them: a kind solved beside a kind kept without a solver, per page
    #[command(after_help = "Examples:\n  aquarchive-bench pages\n  aquarchive-bench pages --count 500")]
    Pages(PagesBenchArgs),
    /// The family's real puzzles by aquarchive and by multi-puzzle-solver (OR-Tools CP-SAT, Python), per kind: median and worst time of each, the ratio of the medians, and whether the peer's answers are the sites'
    #[command(
        after_help = "Needs the peer solvers: scripts/peer-solvers/install (once).\n\nExamples:\n  aquarchive-bench peers\n  aquarchive-bench peers --kind tents --kind sudoku --runs 1\n  aquarchive-bench peers --kind shingoki --runs 1 --time-limit 120"
    )]
    Peers(PeersBenchArgs),
    /// Puzzles imported (validated, solved, stored) per second into a fresh database
    #[command(after_help = "Examples:\n  aquarchive-bench import\n  aquarchive-bench import --count 2000 --size 10")]
    Import(ImportBenchArgs),
    /// The HTML export (`aquarchive export --html`) of a large archive (generated and imported first, not timed): wall time, pages and bytes
    #[command(
        after_help = "Examples:\n  aquarchive-bench export\n  aquarchive-bench export --archive archive/aquarchive.sqlite --runs 3"
    )]
    Export(ExportBenchArgs),
    /// Aquarium grades of the real puzzles by the site's size class: mean rank, puzzles per level, grading time
    GradeAquarium(GradeAquariumBenchArgs),
    /// Calendar photos read: the share of generated photos read exactly by the strength of each distortion, the time per photo, and real photos from a folder
    #[command(
        after_help = "Examples:\n  aquarchive-bench photo\n  aquarchive-bench photo --per-level 10 --real ~/calendar-photos\n  aquarchive-bench photo --only hairline,acrylic"
    )]
    Photo(PhotoBenchArgs),
    /// Aquarium puzzles made the naive way (random or grown tanks, random water, not mended) beside mended ones, by size: generating, solve-and-prove median, 90th percentile and worst, and CP-SAT on the same puzzles
    #[command(
        after_help = "Examples:\n  aquarchive-bench aquarium-random --cpsat\n  aquarchive-bench aquarium-random --sizes 30 --count 100 --seed 2\n  aquarchive-bench aquarium-random --sizes 30,40 --count 20,10 --styles random,grown --cpsat"
    )]
    AquariumRandom(AquariumRandomBenchArgs),
    /// The search's restart and pairs settings side by side on the same generated Aquarium puzzles, seed by seed: work (nodes plus probes) median, 90th percentile, worst and total, and time
    #[command(
        after_help = "Examples:\n  aquarchive-bench aquarium-settings\n  aquarchive-bench aquarium-settings --seeds 1 --settings off,geometric:3000/always --per-puzzle"
    )]
    AquariumSettings(AquariumSettingsBenchArgs),
}

#[derive(Args, Debug)]
pub struct GradeAquariumBenchArgs {
    #[command(flatten)]
    pub puzzles: AquariumFixtures,
}

/// The real Aquarium puzzles a bench reads.
#[derive(Args, Debug)]
pub struct AquariumFixtures {
    /// Folder of fixture puzzles (`SIZE_CLASS_ID.txt`, solutions in `*.solution.txt`) [default: the
    /// repository's tests/fixtures/aquarium/puzzles]
    #[arg(
        long,
        value_name = "DIR",
        hide_default_value = true,
        default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/aquarium/puzzles")
    )]
    pub fixtures: std::path::PathBuf,
}

#[derive(Args, Debug)]
pub struct PhotoBenchArgs {
    /// Generated photos per distortion strength (half on each built-in board)
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    pub per_level: u64,
    /// The first seed; photo k of a row has seed SEED + k
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub seed: u64,
    /// A folder of real photos with a README.md giving each one's board and tiling (a `## NAME` heading, a
    /// `- board: NAME` line, the rows in a code block, any letters). Real photos are kept out of the
    /// repository (their licences are unknown), so without it only generated photos are read
    #[arg(long, value_name = "DIR")]
    pub real: Option<std::path::PathBuf>,
    /// Only these distortions' rows (their names in the table, comma-separated), without the phone's row;
    /// real photos only when --real is given
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub only: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ExportBenchArgs {
    // Generated and imported into a fresh database first (not timed).
    #[command(flatten)]
    pub generated: GeneratedPuzzlesArgs,
    /// Export this archive instead of generating one (opened read-only)
    #[arg(long, value_name = "PATH", conflicts_with_all = ["count", "size", "seed"])]
    pub archive: Option<std::path::PathBuf>,
    /// Times the export runs; each is timed
    #[arg(long, value_name = "R", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
    /// Puzzles per index page
    #[arg(long, value_name = "N", default_value_t = 500)]
    pub per_page: usize,
}

#[derive(Args, Debug)]
pub struct SudokuBenchArgs {
    /// Puzzle files (one puzzle a line) [default: the repository's tests/fixtures/sudoku/17_clue_sample.txt,
    /// se11_sample.txt and forum_hardest_1106.txt]
    #[arg(value_name = "FILE", hide_default_value = true, default_values_t = vec![
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/sudoku/17_clue_sample.txt").to_string(),
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/sudoku/se11_sample.txt").to_string(),
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/sudoku/forum_hardest_1106.txt").to_string(),
    ])]
    pub files: Vec<String>,
    /// Use at most this many puzzles of each file
    #[arg(long, value_name = "N", default_value_t = 300)]
    pub sample: usize,
    /// Rounds, each running every search over the sample in turn; the best
    /// round counts (a search taking over a second a round runs once)
    #[arg(long, value_name = "R", default_value_t = 5)]
    pub rounds: usize,
}

#[derive(Args, Debug)]
pub struct CalendarBenchArgs {
    /// Also count every tiling with the engine on this many combinations (it is slow)
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub engine_sample: usize,
    /// Find one tiling with the engine for only this many combinations (the rest is estimated)
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub engine_first: usize,
    /// The built-in boards to time, in this order (repeat the flag for both); counting every tiling of
    /// the weekday board takes the bitboard about 40 s
    #[arg(
        long = "board",
        value_name = "NAME",
        value_parser = ["weekday", "standard"],
        default_values_t = vec!["weekday".to_string(), "standard".to_string()]
    )]
    pub boards: Vec<String>,
}

#[derive(Args, Debug)]
pub struct RingBenchArgs {
    /// The instance file [default: the repository's tests/fixtures/ring/expert.txt]
    #[arg(
        value_name = "FILE",
        hide_default_value = true,
        default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/ring/expert.txt")
    )]
    pub file: String,
    /// Times the instance is solved; the best time counts
    #[arg(long, value_name = "R", default_value_t = 20)]
    pub runs: usize,
}

/// The family's real puzzles a bench reads, and the kinds it takes of them.
#[derive(Args, Debug)]
pub struct FamilyPuzzles {
    /// The family's puzzles, one JSON object a line [default: the repository's tests/fixtures/family/states.jsonl]
    #[arg(
        value_name = "FILE",
        hide_default_value = true,
        default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/family/states.jsonl")
    )]
    pub file: String,
    /// Only these kinds (repeatable)
    #[arg(long = "kind", value_name = "KIND")]
    pub kinds: Vec<String>,
}

#[derive(Args, Debug)]
pub struct FamilyBenchArgs {
    #[command(flatten)]
    pub puzzles: FamilyPuzzles,
    /// Times each puzzle is solved; the best time counts
    #[arg(long, value_name = "R", default_value_t = 5)]
    pub runs: usize,
}

#[derive(Args, Debug)]
pub struct PagesBenchArgs {
    /// Pages stored of each kind
    #[arg(long, value_name = "K", default_value_t = 300)]
    pub count: usize,
    /// Seed of the generated Aquarium puzzles
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

/// The square Aquarium puzzles a benchmark generates for its archive.
#[derive(Args, Debug)]
pub struct GeneratedPuzzlesArgs {
    /// Puzzles to generate (seeded, so every run has the same ones)
    #[arg(long, value_name = "K", default_value_t = 20_000)]
    pub count: usize,
    /// Grid side of the generated puzzles
    #[arg(long, value_name = "N", default_value_t = 15, value_parser = clap::value_parser!(u16).range(2..=100))]
    pub size: u16,
    /// Seed of the generator
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct ImportBenchArgs {
    #[command(flatten)]
    pub generated: GeneratedPuzzlesArgs,
    /// Import the puzzles of this file (text or task strings) instead of generating
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "size", "seed"])]
    pub from: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct AquariumRandomBenchArgs {
    /// Sides of the puzzles, comma-separated
    #[arg(long, value_name = "N", value_delimiter = ',', default_values_t = vec![25, 30, 40, 50])]
    pub sizes: Vec<usize>,
    /// Puzzles of each style per size: one count for every size, or one per size in the order of --sizes
    /// (comma-separated)
    #[arg(long, value_name = "K", value_delimiter = ',', default_values_t = vec![20])]
    pub count: Vec<usize>,
    /// The styles of `aquarchive generate` to make puzzles in, comma-separated, a row each per size:
    /// `random`, `grown`, `mended` (grown puzzles take about a minute each to make at 40x40; at 50x50
    /// none was made in ten minutes from N*N/12 seeds nor in fifteen from N*N/16: give `--seed-cells
    /// 18` there)
    #[arg(
        long,
        value_name = "STYLE",
        value_delimiter = ',',
        value_parser = generate_style(),
        default_value = "random,mended"
    )]
    pub styles: Vec<aquarchive::kinds::aquarium::Style>,
    /// Seed of the first puzzle; puzzle i of a size uses the seed's i-th stream
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Times each puzzle is solved; the best time counts
    #[arg(long, value_name = "R", default_value_t = 3)]
    pub runs: usize,
    /// Mean cells of a tank in the random rows (`aquarchive generate --style random --tanks` gets
    /// N*N/C; grown maps take `--seed-cells`) [default: the generator's for each size, 12 up to 42x42,
    /// 16 at 50x50]; at 50x50 hardly one map of twelve-cell tanks in a hundred is unique, one in two of 16
    #[arg(long, value_name = "C", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub tank_cells: Option<usize>,
    /// Cells per seed of the grown rows (`aquarchive generate --style grown --tanks` gets N*N/C)
    #[arg(long, value_name = "C", default_value_t = aquarchive::kinds::aquarium::RANDOM_TANK_CELLS,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub seed_cells: usize,
    /// Solve (not generate) with restarts that record what was walked as nogoods: the first after W
    /// nodes plus probes, each next one after twice as much work
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u64).range(1..))]
    pub restart_after: Option<u64>,
    /// When to solve (not generate) with the reasoning on pairs of items that undecided groups move
    /// together: `off`, `always`, or once a search has done this many nodes plus probes [default: the
    /// engine's default]
    #[arg(long, value_name = "WHEN", value_parser = parse_pairs)]
    pub pairs: Option<Pairs>,
    /// Also solve every puzzle with OR-Tools CP-SAT by this script (one worker, first solution plus
    /// uniqueness), after the engine, and give the ratio puzzle by puzzle [default script:
    /// the repository's scripts/aquarium-cpsat, run by --python]
    #[arg(
        long,
        value_name = "SCRIPT",
        num_args = 0..=1,
        default_missing_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/aquarium-cpsat")
    )]
    pub cpsat: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub peer: PeerPython,
}

/// The Python that runs a peer's script.
#[derive(Args, Debug)]
pub struct PeerPython {
    /// The Python that runs the peer's script [default: the repository's .peer-solvers/bin/python, the
    /// virtualenv with multi-puzzle-solver and OR-Tools that scripts/peer-solvers/install makes]
    #[arg(
        long,
        value_name = "PYTHON",
        hide_default_value = true,
        default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../.peer-solvers/bin/python")
    )]
    pub python: std::path::PathBuf,
}

#[derive(Args, Debug)]
pub struct PeersBenchArgs {
    #[command(flatten)]
    pub puzzles: FamilyPuzzles,
    /// Times each puzzle is solved by each solver; the best time counts
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
    /// The script that solves the puzzles with multi-puzzle-solver [default: the repository's
    /// scripts/peer-solvers/family]
    #[arg(
        long,
        value_name = "SCRIPT",
        hide_default_value = true,
        default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/peer-solvers/family")
    )]
    pub script: std::path::PathBuf,
    /// Stop the peer's search on a puzzle after this many seconds of wall time; such a puzzle is left out
    /// of both solvers' figures and counted as unfinished [default: no limit]
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..))]
    pub time_limit: Option<u32>,
    #[command(flatten)]
    pub peer: PeerPython,
}

/// `--styles` takes the generator's own style names.
fn generate_style() -> impl clap::builder::TypedValueParser<Value = aquarchive::kinds::aquarium::Style> {
    use aquarchive::kinds::aquarium::Style;
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Style::ALL.map(Style::name))
        .map(|name| Style::ALL.into_iter().find(|s| s.name() == name).expect("the parser takes only the styles' names"))
}

#[derive(Args, Debug)]
pub struct AquariumSettingsBenchArgs {
    /// Side of the puzzles
    #[arg(long, value_name = "N", default_value_t = 40)]
    pub size: usize,
    /// Mean cells of a tank in the random style (as `aquarium-random --tank-cells`) [default: the
    /// generator's for the size, 12 up to 42x42, 16 at 50x50]
    #[arg(long, value_name = "C", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub tank_cells: Option<usize>,
    /// How the puzzles are made: `random` (random tanks and water, kept when unique), `grown` (the
    /// same on maps grown from seed cells; about a minute a puzzle at 40x40) or `mended` (the
    /// generator's default)
    #[arg(long, value_enum, default_value_t = StyleArg::Random)]
    pub style: StyleArg,
    /// Puzzles per seed
    #[arg(long, value_name = "K", default_value_t = 20)]
    pub count: usize,
    /// Seeds, comma-separated; puzzle i of a seed uses the seed's i-th stream
    #[arg(long, value_name = "S", value_delimiter = ',', default_values_t = vec![1, 2, 3])]
    pub seeds: Vec<u64>,
    /// Settings to compare, comma-separated, each `RESTARTS` or `RESTARTS/PAIRS`: RESTARTS is `off`,
    /// `default` or `geometric:W` (first after W nodes plus probes, then doubling); PAIRS is `off`,
    /// `always` (from the root, as 0) or a number of nodes plus probes (when the reasoning on pairs of
    /// items starts), the engine's default when left out; `+learn` at the end
    /// learns from failed probes from the root, `+learn:W` once the work reaches W (e.g.
    /// `default+learn:100000`), `+learn:off` never; the engine's default when left out
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        value_parser = parse_compared,
        default_value = "off,geometric:3000,geometric:5000,geometric:10000,geometric:20000"
    )]
    pub settings: Vec<Compared>,
    /// Times each puzzle is solved with each setting; the best time counts (the work repeats exactly)
    #[arg(long, value_name = "R", default_value_t = 1)]
    pub runs: usize,
    /// Also print each puzzle's work under each setting
    #[arg(long)]
    pub per_puzzle: bool,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum StyleArg {
    /// Random tanks and random water, kept when unique (`generate --style random`)
    Random,
    /// Mended until reasoning settles them (`generate`'s default)
    Mended,
    /// Random water on maps grown from seed cells, kept when the engine proves it unique within a
    /// million nodes plus probes (`generate --style grown`)
    Grown,
}

#[derive(Args, Debug)]
pub struct AquariumBenchArgs {
    #[command(flatten)]
    pub puzzles: AquariumFixtures,
    /// Times each puzzle is solved; the best time counts
    #[arg(long, value_name = "R", default_value_t = 5)]
    pub runs: usize,
    /// Generated puzzles per large size (0 skips them)
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub large: usize,
    /// Sides of the generated puzzles, comma-separated (generating one takes about 0.15 s at 30, 0.4 s at 40, 0.9 s at 50 on a quiet machine)
    #[arg(long, value_name = "N", value_delimiter = ',', default_values_t = vec![20, 30, 40, 50])]
    pub sizes: Vec<usize>,
}
