//! The command line as clap sees it. Only parsing lives here.

use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{ArgGroup, Args, CommandFactory, Parser, Subcommand, ValueEnum};

use aquarchive::kinds::Kind;

#[derive(Parser, Debug)]
#[command(
    name = "aquarchive",
    version,
    about = "Fetch, archive and solve Aquarium puzzles with a multi-cover engine",
    long_about = "Fetch, archive and solve Aquarium puzzles (puzzle-aquarium.com) with a multi-cover engine.\n\n\
        Exit status: 0 when everything asked for was done and every puzzle has what its kind must have \
        (an Aquarium or Sudoku exactly one solution, a calendar date or ring instance at least one); \
        1 when some puzzle has not; 2 on bad input, bad arguments or an I/O failure \
        (for fetch: a failed fetch or a page without a good puzzle); 3 when fetch stored nothing new; \
        130 when stopped by Ctrl-C (what was done before is kept; the same command again finishes the job)."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// Parses the command line: clap checks every rule its attributes say,
    /// then [`Cli::check`] those that hang on a value.
    pub fn parse_checked() -> Result<Cli, clap::Error> {
        let cli = Cli::try_parse()?;
        cli.check()?;
        Ok(cli)
    }

    /// The rules that depend on an option's value, which clap's attributes
    /// cannot say (they say which options go together, not which values);
    /// refused with clap's own error, as if the parser had found them.
    fn check(&self) -> Result<(), clap::Error> {
        let aquarium_only = |subcommand: &str, format: &str, kind: Option<Kind>| match kind {
            Some(kind) if kind != Kind::Aquarium => Err(conflict(
                subcommand,
                format!(
                    "--format {format} is for Aquarium, not --kind {kind}; the other kinds have their own text \
                     formats (see README)"
                ),
            )),
            _ => Ok(()),
        };
        match &self.command {
            Command::Solve(args) if args.format == Some(InputFormat::Task) => aquarium_only("solve", "task", args.kind),
            Command::Import(args) if args.format == ImportFormat::Task => aquarium_only("import", "task", args.kind),
            // The groups conflict, but clap lets a required option that
            // conflicts with one given go missing: say the kind's own.
            Command::Generate(args) if args.kind == Some(Kind::Aquarium) && args.sudoku.given() => Err(conflict(
                "generate",
                "--difficulty, --symmetry, --not-minimal and --attempts are for --kind sudoku",
            )),
            Command::Generate(args) if args.kind == Some(Kind::Sudoku) && args.aquarium.given() => {
                Err(conflict("generate", "--size, --tanks, --style and --format are for Aquarium; a Sudoku is 9x9"))
            }
            Command::Generate(args) if args.solutions && args.aquarium.format == Some(OutputFormat::Task) => {
                Err(conflict("generate", "--solutions goes with --format text (task strings have no room for them)"))
            }
            Command::Solve(args) if args.solver.is_some() && args.kind.is_some_and(|kind| kind != Kind::Sudoku) => {
                Err(conflict("solve", "--solver is for --kind sudoku (the other kinds are solved by the engine)"))
            }
            Command::Calendar(args) if args.probing.is_some() && args.solver != Some(CalendarSolver::Engine) => {
                Err(conflict("calendar", "--probing is for --solver engine (the bitboard search does not probe)"))
            }
            _ => Ok(()),
        }
    }
}

/// clap's error for two arguments that do not go together, with the usage
/// of `subcommand`.
fn conflict(subcommand: &str, message: impl std::fmt::Display) -> clap::Error {
    let mut cli = Cli::command();
    cli.build();
    cli.find_subcommand_mut(subcommand).expect("a subcommand of aquarchive").error(ErrorKind::ArgumentConflict, message)
}

/// Flags every subcommand takes.
#[derive(Args, Debug, Clone)]
pub struct GlobalArgs {
    /// Settings file [default: config.toml in the working directory, if there is one]
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<std::path::PathBuf>,
    /// The archive database [default: config.toml's archive.database, else archive/aquarchive.sqlite]
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<std::path::PathBuf>,
    /// Say what is done on the way (each fetch, retry and wait, each chunk imported), on standard error; -vv says more.
    /// RUST_LOG, when set, chooses instead (e.g. RUST_LOG=aquarchive=debug)
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve puzzles from files, prove each solution unique, and print them
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Re-solve stored puzzles and write the verdicts back into the archive
    #[command(after_help = RESOLVE_EXAMPLES)]
    Resolve(ResolveArgs),
    /// Write new Aquarium or Sudoku puzzles, each proved to have exactly one solution
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Rate Sudoku and Aquarium puzzles by the techniques a person needs, with the steps as hints
    #[command(after_help = GRADE_EXAMPLES)]
    Grade(GradeArgs),
    /// Solve the calendar puzzle for a date (today by default), count its tilings, or tabulate every date;
    /// `calendar read PHOTO` reads a photo of a solved board
    #[command(after_help = CALENDAR_EXAMPLES, args_conflicts_with_subcommands = true)]
    Calendar(CalendarArgs),
    /// The benchmarks moved to a tool of the source tree (`cargo run --release -p aquarchive-bench`):
    /// kept only to say so
    #[command(hide = true)]
    Bench(MovedBenchArgs),
    /// Add puzzles to the archive, each validated and solved as it goes in
    #[command(after_help = IMPORT_EXAMPLES)]
    Import(ImportArgs),
    /// List the archive's puzzles, one a line
    #[command(after_help = LIST_EXAMPLES)]
    List(ListArgs),
    /// Show one stored puzzle with its solution
    #[command(after_help = SHOW_EXAMPLES)]
    Show(ShowArgs),
    /// Write stored puzzles out: text files, JSON lines, task strings or a browsable HTML site
    #[command(after_help = EXPORT_EXAMPLES)]
    Export(ExportArgs),
    /// Count the archive's puzzles by size class and status, with solve times
    #[command(after_help = STATS_EXAMPLES)]
    Stats(StatsArgs),
    /// Re-check every stored solution with the independent verifier
    #[command(after_help = VERIFY_EXAMPLES)]
    Verify(VerifyArgs),
    /// Fetch puzzles from the site (HTTP or a headless browser) into the archive
    #[command(after_help = FETCH_EXAMPLES)]
    Fetch(FetchArgs),
    /// Re-extract every stored page snapshot with the current extractor
    #[command(after_help = REPARSE_EXAMPLES)]
    Reparse(ReparseArgs),
    /// The log of fetches (what scheduled fetches did), newest first
    #[command(after_help = LOG_EXAMPLES)]
    Log(LogArgs),
    /// Copy the archive to a file, consistent and checked, even while other runs write to it
    #[command(after_help = BACKUP_EXAMPLES)]
    Backup(BackupArgs),
}

const BACKUP_EXAMPLES: &str = "\
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

const LOG_EXAMPLES: &str = "\
Columns: time (UTC), outcome, HTTP status, the puzzle stored from the page, URL, and the error.
Outcome: ok (the page gave a good puzzle, new or already held), rejected (its puzzle is stored
flagged: invalid, no or several solutions), failed (no puzzle: the fetch failed or the page
could not be read). Every fetch is logged, failed ones too; `stats` counts them.

Examples:
  aquarchive log
  aquarchive log --failed --since 2026-11-01
  aquarchive log --limit 0 --json | jq -r .error";

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

const FETCH_EXAMPLES: &str = "\
SIZE is a size class: 6x6-easy, 6x6-normal, 6x6-hard, 10x10-easy ... 15x15-hard, daily,
weekly, monthly, or the site's own number 0..11 (?size=N). A class gives a new random puzzle
(--count N: until N new ones are stored); daily, weekly and monthly give the current special,
which the archive keeps by its class and date (its page has no puzzle ID), so running them
more than once a day stores each special once. Every page fetched is kept as a snapshot with
a record of the fetch, whatever became of it. The puzzle on it is validated (clue sums,
connected tanks, exactly one solution, and the site's own check: the solution found must
hash to the page's hashedSolution) and stored with its solution in one transaction; a bad
one is stored flagged, never as a good puzzle, and a later good page of it takes its place.
A tank count unlike the class's is a warning only. Settings: [site] and [fetch] in config.toml (base_url,
user_agent, min_delay_ms, timeout_secs, retries, backoff_ms; method, chromedriver, chromium,
webdriver_url, board_wait_secs).

Exit status: 0 some new puzzle stored (and nothing failed); 3 nothing new (the archive had
every puzzle fetched: e.g. today's daily fetched twice); 2 some fetch failed or some page held
no good puzzle.

Examples:
  aquarchive fetch daily                      # for cron: 0 stored, 3 nothing new, 2 failed
  aquarchive fetch 10x10-hard --count 5
  aquarchive fetch --id 6,226,616 --size 10x10-easy
  aquarchive fetch --browser 6x6-easy 15x15-hard --json";

const REPARSE_EXAMPLES: &str = "\
For when the site's markup changed and the extractor with it: every stored puzzle that came
from a fetched page is read again from its snapshot. A puzzle that now reads differently is
validated, solved and replaced with its new solution in one transaction; one whose snapshot
no longer gives a puzzle is kept as it was and reported. Then every page fetched that gave no
puzzle is tried again (its URL says what was asked for); what it gives now is stored.

Exit status: 0 done (changed or not); 2 some snapshot no longer gives a puzzle.

Examples:
  aquarchive reparse
  aquarchive reparse --json";

#[derive(Args, Debug)]
pub struct FetchArgs {
    /// Size classes to fetch a new puzzle of (see below)
    #[arg(value_name = "SIZE", required_unless_present = "id", conflicts_with = "id")]
    pub sizes: Vec<String>,
    /// One given puzzle by its site ID (commas allowed), with --size
    #[arg(long, value_name = "ID", requires = "size")]
    pub id: Option<String>,
    /// The size class of --id (IDs are unique only within a class)
    #[arg(long, value_name = "SIZE", requires = "id")]
    pub size: Option<String>,
    /// New puzzles to store per size class
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub count: u32,
    /// Fetch through a headless browser (chromedriver + Chromium) instead of plain HTTP
    #[arg(long)]
    pub browser: bool,
    /// Print one JSON object per fetch per line
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct ReparseArgs {
    /// Print one JSON object per stored puzzle per line
    #[arg(long)]
    pub json: bool,
}

const IMPORT_EXAMPLES: &str = "\
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

const LIST_EXAMPLES: &str = "\
Columns: id, class (the site's size class, else the grid), status, created (UTC), source.

Examples:
  aquarchive list --status several
  aquarchive list --size 15x15-hard --since 2026-11-01 --json | jq .id";

const SHOW_EXAMPLES: &str = "\
Examples:
  aquarchive show 12
  aquarchive show 12 --format task
  aquarchive show 12 --format link   # only for puzzles with a known site ID and size class
  aquarchive show 12 --svg board.svg # the board with its solution (--no-solution without)
  aquarchive show 12 --png board.png";

const EXPORT_EXAMPLES: &str = "\
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

const STATS_EXAMPLES: &str = "\
Solve times are those of each puzzle's latest solution, in microseconds, per class.

Examples:
  aquarchive stats
  aquarchive stats --json";

const VERIFY_EXAMPLES: &str = "\
Checks each stored solution against its puzzle with code that does not use the engine, and
that each puzzle's status agrees with what the solver found. Prints one line per mismatch and
exits 2 if there is any.

Examples:
  aquarchive verify";

/// Which stored puzzles a command works on; every filter given must match.
#[derive(Args, Debug, Clone, Default)]
pub struct FilterArgs {
    /// Only puzzles of this kind
    #[arg(long, value_name = "KIND", value_parser = kind_of(Kind::ALL.map(|kind| (kind, ""))))]
    pub kind: Option<Kind>,
    /// Only this size class: the site's number (0-11) or a name like 15x15-hard or special-daily
    #[arg(long, value_name = "CLASS")]
    pub size: Option<String>,
    /// Only puzzles with this status
    #[arg(long, value_enum)]
    pub status: Option<StatusArg>,
    /// Only puzzles stored at or after this UTC time (2026-11-30, or 2026-11-30T06:00)
    #[arg(long, value_name = "TIME")]
    pub since: Option<String>,
    /// Only puzzles stored up to this UTC time, inclusive at the precision given (2026-11-30 takes all that day)
    #[arg(long, value_name = "TIME")]
    pub until: Option<String>,
    /// Only Aquarium and Sudoku puzzles graded at this level (see `aquarchive help grade`)
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(GRADE_LEVELS))]
    pub grade: Option<String>,
}

/// The levels of the Aquarium and Sudoku graders, easiest first.
const GRADE_LEVELS: [&str; 6] = ["easy", "medium", "hard", "expert", "extreme", "guess"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatusArg {
    /// Exactly one solution
    Ok,
    /// Breaks the rules of form (e.g. clue sums differ)
    Invalid,
    /// No solution
    Unsolvable,
    /// More than one solution
    Several,
}

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
    pub paths: Vec<std::path::PathBuf>,
    /// How the puzzles are written
    #[arg(long, value_enum, default_value_t)]
    pub format: ImportFormat,
    /// The kind of puzzle in every file [default: found from each file's first line]
    #[arg(long, value_name = "KIND", value_parser = kind_of(KINDS_IN_FILES))]
    pub kind: Option<Kind>,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    #[command(flatten)]
    pub filter: FilterArgs,
    /// One JSON object per puzzle per line (with its solution)
    #[arg(long)]
    pub json: bool,
}

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
    pub svg: Option<std::path::PathBuf>,
    /// Draw the puzzle (with its solution) as PNG into FILE
    #[arg(long, value_name = "FILE", conflicts_with_all = ["format", "json"])]
    pub png: Option<std::path::PathBuf>,
    /// Leave the solution out of the picture
    #[arg(long)]
    pub no_solution: bool,
}

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
    pub out: Option<std::path::PathBuf>,
    /// Write a browsable static site (index with filters, a page per puzzle) into DIR
    #[arg(long, value_name = "DIR")]
    pub html: Option<std::path::PathBuf>,
    /// With --html: puzzles per index page
    #[arg(long, value_name = "N", default_value_t = 500, requires = "html", value_parser = clap::value_parser!(u32).range(1..))]
    pub per_page: u32,
}

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// One JSON object instead of tables
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub filter: FilterArgs,
}

const CALENDAR_EXAMPLES: &str = "\
Boards: the standard A-Puzzle-A-Day board (7x7, 8 pieces, month and day) by default; --weekday
for the 8x7 board with weekdays (10 pieces); --board FILE for your own variant, written like
the built-in ones (print one with --print-board), and a `name: My board` line to name it in
output and in the archive. Pieces may be turned and flipped, and drawn in any orientation.

A date is `Jan 5`, `5 January`, `1/5` (month first), `Jan 5 Sun` or `2027-01-05`; on the weekday
board a date without a weekday takes this year's.

Examples:
  aquarchive calendar
  aquarchive calendar Mar 14 --weekday
  aquarchive calendar 2027-01-05 --weekday --count --json
  aquarchive calendar Oct 6 --all
  aquarchive calendar --every-date --weekday
  aquarchive calendar --print-board weekday > my-board.txt
  aquarchive calendar --board my-board.txt Jan 1 Sun
  aquarchive calendar Mar 14 --weekday --svg board.svg   # or --png board.png";

const SOLVE_EXAMPLES: &str = "\
Every kind that `import` reads, found the same way from each file's first line (or say --kind):
Aquarium in the text format (rows of tank numbers, then the row clues, then the column clues;
several puzzles in one file are separated by blank lines, `#` starts a comment) or as site
`task` strings one per line (found by the `;`, or say --format task); Sudoku one puzzle per
line, 81 characters row-major, `.` or `0` for a blank (other fields on the line, like an id or
a rating, are skipped); calendar dates one a line (`standard Mar 14`, `weekday Jan 5 Sun`);
ring instances one a file (see README).

Exit status 1 when an Aquarium or Sudoku has no solution or several, or a calendar date or
ring instance none: several solutions are what those two kinds have as a rule.

Stored puzzles are re-solved by `aquarchive resolve`. Its old form, `solve --all`, `--unsolved`
or `--id ID...` without FILE, still does that and says the new command on standard error.

Examples:
  aquarchive solve puzzle.txt
  aquarchive solve sudokus.txt
  aquarchive solve --all ring.txt
  aquarchive generate --size 10 --count 3 | aquarchive solve -
  aquarchive solve --format task --json tasks.txt
  aquarchive solve --count --limit 100 puzzle.txt
  aquarchive solve puzzle.txt --svg board.svg   # or --png board.png, or --svg - > board.svg
  aquarchive solve sudokus.txt --svg sudoku.svg   # sudoku-1.svg, sudoku-2.svg, ...";

const RESOLVE_EXAMPLES: &str = "\
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

const GENERATE_EXAMPLES: &str = "\
The same --seed always gives the same puzzles; without one a seed is picked. The seed is
printed on standard error (and in each puzzle's comment line), so any puzzle can be made again.

Sudoku (--kind sudoku): a random full grid loses clues (whole symmetry orbits at a time)
while the engine proves one solution remains, so every puzzle is minimal (no clue can go)
unless --not-minimal; it is kept only if its grade (see `aquarchive help grade`) is the
--difficulty asked for, else another grid is tried, up to --attempts. Each puzzle is one
81-character line after a comment line with its level and techniques.

Aquarium --style random cuts random maps and levels with no mending and keeps only those
whose water is the one solution: slower to make (most maps are thrown away), and hard for
search, which makes them the benchmark of the solver's worst cases. Each puzzle's
comment line says how many maps were cut for it, the kept one included.

Examples:
  aquarchive generate --size 15
  aquarchive generate --size 30 --count 5 --seed 7 > big.txt
  aquarchive generate --size 30 --style random --count 20 --seed 1 --format task > hard-30.txt
  aquarchive generate --kind sudoku --difficulty hard --symmetry rot180 --count 3 --seed 1
  aquarchive generate --kind sudoku --difficulty easy --not-minimal | aquarchive grade --hints -";

const GRADE_EXAMPLES: &str = "\
Input: Sudoku (one puzzle a line, 81 characters, `.` or `0` blank) or Aquarium (as for
`solve`: rows of tank numbers and the clues, or site `task` strings), told apart as `import`
does. Each puzzle is proved unique with the engine, then solved the way a person does,
always with the simplest technique that makes progress. Its level is the hardest group used
(--json gives it as \"level\" and \"rank\", 1 the easiest, with the count of each technique).
Sudoku:
  easy     hidden and naked singles
  medium   + locked candidates, naked and hidden pairs and triples
  hard     + X-wing, swordfish, XY-wing, XYZ-wing
  expert   + simple coloring, X-chains, XY-chains
  guess    the techniques run out: some cell needs trial and error
Aquarium:
  easy     finished and full lines, pieces too wide for what their row has left
  medium   + pieces a row needs, tank levels a column forces from below or caps from above
  hard     + sums of the pieces that can make a line's clue
  expert   + two lines counted together
  extreme  + contradiction: if this cell were water (or air), some line could not be met
  guess    the techniques run out: some tank needs trial and error
Exit status 1 when some puzzle has no solution or several (it is not graded).

Examples:
  aquarchive grade puzzles.txt
  aquarchive grade --hints tests/fixtures/aquarium/puzzles/6x6_easy_681742.txt
  aquarchive grade --json tests/fixtures/sudoku/se_rated_sample.txt";

/// Every kind, with what a file of it holds (`solve` and `import` read them all).
const KINDS_IN_FILES: [(Kind, &str); 4] = [
    (Kind::Aquarium, "Rows of tank numbers, then the row and column clues; or site `task` strings"),
    (Kind::Sudoku, "81 characters a line, `.` or `0` blank"),
    (
        Kind::Calendar,
        "One date a line on a built-in board: `standard Mar 14`, `weekday Jan 5 Sun`; or a board file followed by \
         `date:` lines",
    ),
    (Kind::Ring, "One ring-board instance a file: `size`, `green:`, `blue:`, `red:` lines"),
];

/// `--kind` as one of `kinds` (each shown in `--help` with its text, if
/// any), read by [`Kind`]'s own `FromStr`.
fn kind_of(kinds: impl IntoIterator<Item = (Kind, &'static str)>) -> impl TypedValueParser<Value = Kind> {
    let values = kinds.into_iter().map(|(kind, help)| {
        let value = PossibleValue::new(kind.name());
        if help.is_empty() { value } else { value.help(help) }
    });
    PossibleValuesParser::new(values).map(|name| name.parse::<Kind>().expect("every possible value is a kind's name"))
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
    #[arg(value_name = "FILE", required_unless_present_any = ["all", "unsolved", "id"])]
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
    /// The old form of `resolve --unsolved` (without FILE)
    #[arg(long, hide = true, conflicts_with_all = ["files", "all", "id"])]
    pub unsolved: bool,
    /// The old form of `resolve --id` (without FILE)
    #[arg(long, hide = true, value_name = "ID", num_args = 1.., conflicts_with_all = ["files", "all"])]
    pub id: Vec<i64>,
}

impl SolveArgs {
    /// `solve` without FILE, the old form of `resolve`: what it asks for as
    /// `resolve` arguments (what else it was given never applied to it).
    pub fn stored(&self) -> Option<ResolveArgs> {
        self.files.is_empty().then(|| ResolveArgs {
            all: self.all,
            unsolved: self.unsolved,
            id: self.id.clone(),
            kind: self.kind,
            probing: self.probing,
        })
    }
}

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

impl ResolveArgs {
    /// The whole command line of these arguments, as a shell reads it.
    pub fn command_line(&self, global: &GlobalArgs) -> String {
        let mut words = vec!["aquarchive".to_string()];
        for (flag, path) in [("--config", &global.config), ("--db", &global.db)] {
            if let Some(path) = path {
                words.extend([flag.to_string(), shell_word(path)]);
            }
        }
        words.push("resolve".into());
        if self.all {
            words.push("--all".into());
        } else if self.unsolved {
            words.push("--unsolved".into());
        } else {
            words.push("--id".into());
            words.extend(self.id.iter().map(i64::to_string));
        }
        if let Some(kind) = self.kind {
            words.extend(["--kind".to_string(), kind.name().to_string()]);
        }
        if self.probing != ProbingArg::default() {
            let probing = self.probing.to_possible_value().expect("every setting has a name");
            words.extend(["--probing".to_string(), probing.get_name().to_string()]);
        }
        words.join(" ")
    }
}

/// A path as one shell word: as it is when that is safe, else quoted.
fn shell_word(path: &Path) -> String {
    let text = path.display().to_string();
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./,:=+@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) { text } else { format!("'{}'", text.replace('\'', r"'\''")) }
}

#[derive(Args, Debug)]
pub struct GradeArgs {
    /// Sudoku or Aquarium puzzle files; `-` reads standard input
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Print the step-by-step logical solution
    #[arg(long)]
    pub hints: bool,
    /// Print one JSON object per puzzle per line
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// The text format, puzzles separated by blank lines
    Text,
    /// One site `task` string per line
    Task,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Singles only
    Easy,
    /// Locked candidates, pairs and triples
    Medium,
    /// Fish and wings
    Hard,
    /// Chains
    Expert,
    /// Beyond the techniques: a guess is needed
    Guess,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    #[default]
    None,
    /// Half-turn symmetry of the givens
    Rot180,
    /// Quarter-turn symmetry of the givens
    Rot90,
    /// Left-right mirror symmetry of the givens
    Mirror,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// The kind of puzzle to make [default: aquarium]
    #[arg(
        long,
        value_name = "KIND",
        value_parser = kind_of([(Kind::Aquarium, ""), (Kind::Sudoku, "")]),
        requires_ifs = [("aquarium", "size"), ("sudoku", "difficulty")],
    )]
    pub kind: Option<Kind>,
    /// How many puzzles
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: usize,
    /// Seed for the random choices
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Also write each puzzle's solution (Aquarium: text format only)
    #[arg(long)]
    pub solutions: bool,
    #[command(flatten)]
    pub aquarium: GenerateAquariumArgs,
    #[command(flatten)]
    pub sudoku: GenerateSudokuArgs,
}

/// What only Aquarium puzzles take (the default kind).
#[derive(Args, Debug)]
#[group(id = "aquarium", multiple = true, conflicts_with = "sudoku")]
#[command(next_help_heading = "Aquarium (the default kind)")]
pub struct GenerateAquariumArgs {
    /// Grid side (the site uses 6, 10, 15, and up to 30 for specials)
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(2..=100),
        required_unless_present_any = ["kind", "sudoku"],
    )]
    pub size: Option<u16>,
    /// Tanks in the first map (repairs for uniqueness merge a few) [default: size*size/5, or size*size/12 with --style random]
    #[arg(long, value_name = "T")]
    pub tanks: Option<usize>,
    /// How uniqueness is reached [default: mended]
    #[arg(long, value_enum)]
    pub style: Option<StyleArg>,
    /// How to write the puzzles [default: text]
    #[arg(long, value_enum)]
    pub format: Option<OutputFormat>,
}

impl GenerateAquariumArgs {
    fn given(&self) -> bool {
        self.size.is_some() || self.tanks.is_some() || self.style.is_some() || self.format.is_some()
    }
}

/// How `generate` makes an Aquarium unique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StyleArg {
    /// Join neighbouring tanks until reasoning settles the map: puzzles logic solves
    Mended,
    /// Random tanks of about 12 cells and random levels, kept only when unique: the hard ones a search meets
    Random,
}

/// What only Sudoku puzzles take.
#[derive(Args, Debug)]
#[group(id = "sudoku", multiple = true, requires = "kind", conflicts_with = "aquarium")]
#[command(next_help_heading = "Sudoku (--kind sudoku)")]
pub struct GenerateSudokuArgs {
    /// The level the puzzles must grade at
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub difficulty: Option<LevelArg>,
    /// The symmetry of the givens [default: none]
    #[arg(long, value_enum)]
    pub symmetry: Option<SymmetryArg>,
    /// Keep clues that could go (clues are then taken only while the level holds)
    #[arg(long)]
    pub not_minimal: bool,
    /// Full grids tried per puzzle before giving up on the level [default: 2000]
    #[arg(long, value_name = "A", value_parser = clap::value_parser!(u32).range(1..))]
    pub attempts: Option<u32>,
}

impl GenerateSudokuArgs {
    fn given(&self) -> bool {
        self.difficulty.is_some() || self.symmetry.is_some() || self.not_minimal || self.attempts.is_some()
    }
}

/// Whatever followed `bench`, taken as it is so that the message can name
/// the new command line.
#[derive(Args, Debug)]
pub struct MovedBenchArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    pub rest: Vec<String>,
}

#[derive(Subcommand, Debug)]
pub enum CalendarCommand {
    /// Read photos of solved boards (JPEG or PNG): the board, the tiling (lettered as `calendar` letters
    /// it) and the date the open cells show
    #[command(after_help = CALENDAR_READ_EXAMPLES)]
    Read(CalendarReadArgs),
}

const CALENDAR_READ_EXAMPLES: &str = "Examples:
  aquarchive calendar read board.jpg
  aquarchive calendar read --json *.jpg
  aquarchive calendar read board.jpg --svg check.svg
  aquarchive calendar read board.jpg --import

The board is found from the photo (any turn, tilted, on a table or cloth), the grid from its gaps and
walls, the pieces from the gaps between them (not their colour) and matched to the piece set by shape,
the date from the open cells. When the pieces seen do not fit the piece set, the nearest of the date's
tilings is taken and the reading says it was corrected. A photo that cannot be read is said so with
what was seen, and the exit status is 2; no tiling is printed that the calendar's verifier rejects.";

#[derive(Args, Debug)]
pub struct CalendarReadArgs {
    /// Photos of solved boards, one board each
    #[arg(value_name = "PHOTO", required = true)]
    pub photos: Vec<std::path::PathBuf>,
    /// Read the weekday board only [default: whichever built-in board the photo shows]
    #[arg(long, conflicts_with = "board")]
    pub weekday: bool,
    /// Read the standard board only
    #[arg(long, conflicts_with_all = ["board", "weekday"])]
    pub standard: bool,
    /// The board and pieces of a variant file
    #[arg(long, value_name = "FILE")]
    pub board: Option<String>,
    /// Print JSON, one object a line per photo: `photo`, `board`, `date`, `tiling` (rows), `valid`,
    /// `corrected` (cell sides changed, or 0), `tilings` (the date's count), `outline` (the board's corners
    /// in the photo); a photo not read has `error` instead
    #[arg(long)]
    pub json: bool,
    /// Draw the board read beside the photo with the outline found, as SVG into OUT (`-`: standard output);
    /// several photos make OUT-1.svg, OUT-2.svg, ...
    #[arg(long, value_name = "OUT")]
    pub svg: Option<std::path::PathBuf>,
    /// The same drawing as PNG into OUT
    #[arg(long, value_name = "OUT")]
    pub png: Option<std::path::PathBuf>,
    /// Store each reading in the archive: its date's puzzle (solved and counted as any calendar date is; on a
    /// --board file's board, with the board's definition) and, beside it, the tiling read (once per photo)
    #[arg(long)]
    pub import: bool,
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
    #[command(subcommand)]
    pub read: Option<CalendarCommand>,
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
    pub svg: Option<std::path::PathBuf>,
    /// Also draw the board with the (first) tiling as PNG into OUT (`-`: standard output)
    #[arg(long, value_name = "OUT", conflicts_with_all = ["count", "all", "every_date", "print_board"])]
    pub png: Option<std::path::PathBuf>,
}
