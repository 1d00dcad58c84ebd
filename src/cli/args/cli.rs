//! The whole command line: the subcommands, and the rules between options
//! that hang on a value, which clap's attributes cannot say.

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

use aquarchive::archive::Kind;

use super::archive::{
    BACKUP_EXAMPLES, BackupArgs, EXPORT_EXAMPLES, ExportArgs, IMPORT_EXAMPLES, ImportArgs, ImportFormat, ListArgs,
    STATS_EXAMPLES, StatsArgs, VERIFY_EXAMPLES, VerifyArgs, list_help,
};
use super::calendar::{CALENDAR_EXAMPLES, CalendarArgs, CalendarSolver};
use super::fetch::{
    FETCH_EXAMPLES, FetchArgs, LOG_EXAMPLES, LogArgs, REPARSE_EXAMPLES, ReparseArgs, SITES_EXAMPLES, SitesArgs,
};
use super::generate::{GENERATE_EXAMPLES, GenerateArgs, OutputFormat};
use super::global::GlobalArgs;
use super::grade::{GradeArgs, grade_help};
use super::remove::{REMOVE_EXAMPLES, RemoveArgs};
use super::shell::{COMPLETIONS_EXAMPLES, CompletionsArgs, GUIDE_EXAMPLES, GuideArgs, MAN_EXAMPLES, ManArgs};
use super::show::{SHOW_EXAMPLES, ShowArgs};
use super::solve::{InputFormat, RESOLVE_EXAMPLES, ResolveArgs, SOLVE_EXAMPLES, SolveArgs};

#[derive(Parser, Debug)]
#[command(
    name = "aquarchive",
    version,
    about = "Fetch, archive and solve Aquarium puzzles with a multi-cover engine",
    long_about = "Fetch, archive and solve Aquarium puzzles (puzzle-aquarium.com) with a multi-cover engine.\n\n\
        Exit status: 0 done; 1 some puzzle lacks the solutions its kind must have; 2 an error; \
        3 fetch or import stored nothing new (remove: nothing matched); 130 stopped by Ctrl-C (143 by SIGTERM, 129 by SIGHUP).",
    after_help = "Examples:
  aquarchive fetch daily
  aquarchive solve puzzle.txt
  aquarchive export --html archive/site

`aquarchive guide` prints the user's guide: each command, the settings of config.toml and the exit status
(`aquarchive guide TOPIC`: its sections on a topic)."
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
                     formats (see `aquarchive guide formats`)"
                ),
            )),
            _ => Ok(()),
        };
        match &self.command {
            // FILE is required but for --all, so that `solve --all` alone is
            // told which command re-solves the stored puzzles.
            Command::Solve(args) if args.files.is_empty() => Err(refused(
                "solve",
                ErrorKind::MissingRequiredArgument,
                "`solve --all` prints every solution of the puzzles in FILE: give FILE; \
                 to re-solve every stored puzzle, run `aquarchive resolve --all`",
            )),
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
                Err(conflict("solve", "--solver is for --kind sudoku (no other kind offers a choice of solver here)"))
            }
            Command::Calendar(args) if args.probing.is_some() && args.solver != Some(CalendarSolver::Engine) => {
                Err(conflict("calendar", "--probing is for --solver engine (the bitboard search does not probe)"))
            }
            // Nothing named is refused, never taken for every puzzle.
            Command::Remove(args) if !args.names_puzzles() => Err(refused(
                "remove",
                ErrorKind::MissingRequiredArgument,
                "name the puzzles to remove: their IDs (see `aquarchive list`) or a filter (--kind, --site, \
                 --size, --status, --since, --until, --grade, --date, --limit); without one nothing is removed",
            )),
            _ => self.check_global(),
        }
    }

    /// `--db` and `--config` are every command's to take (they may come
    /// before its name), but only the commands that read the archive or the
    /// settings may be given them: elsewhere they would do nothing.
    fn check_global(&self) -> Result<(), clap::Error> {
        let name = match &self.command {
            Command::Solve(_) => "solve",
            Command::Generate(_) => "generate",
            Command::Grade(_) => "grade",
            Command::Calendar(args) if args.read.is_none() => "calendar",
            Command::Completions(_) => "completions",
            Command::Man(_) => "man",
            Command::Guide(_) => "guide",
            _ => return Ok(()),
        };
        let given: Vec<&str> = [("--db", self.global.db.is_some()), ("--config", self.global.config.is_some())]
            .into_iter()
            .filter_map(|(flag, given)| given.then_some(flag))
            .collect();
        if given.is_empty() {
            return Ok(());
        }
        Err(conflict(
            name,
            format!(
                "`aquarchive {name}` reads neither the archive nor the settings, so {} would do nothing; \
                 {} for the commands that do (import, fetch, list, show, export, ..., calendar read)",
                given.join(" and "),
                if given.len() == 1 { "it is" } else { "they are" }
            ),
        ))
    }
}

/// clap's error for two arguments that do not go together, with the usage
/// of `subcommand`.
fn conflict(subcommand: &str, message: impl std::fmt::Display) -> clap::Error {
    refused(subcommand, ErrorKind::ArgumentConflict, message)
}

/// clap's error of `kind`, with the usage of `subcommand`.
fn refused(subcommand: &str, kind: ErrorKind, message: impl std::fmt::Display) -> clap::Error {
    let mut cli = Cli::command();
    cli.build();
    cli.find_subcommand_mut(subcommand).expect("a subcommand of aquarchive").error(kind, message)
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve puzzles from files, prove each solution unique, and print them
    #[command(after_help = SOLVE_EXAMPLES, override_usage = "aquarchive solve [OPTIONS] <FILE>...")]
    Solve(SolveArgs),
    /// Re-solve stored puzzles and write the verdicts back into the archive
    #[command(after_help = RESOLVE_EXAMPLES)]
    Resolve(ResolveArgs),
    /// Write new Aquarium or Sudoku puzzles, each proved to have exactly one solution
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Rate Sudoku and Aquarium puzzles by the techniques a person needs, with the steps as hints
    #[command(after_help = grade_help())]
    Grade(GradeArgs),
    /// Solve the calendar puzzle for a date (today by default), count its tilings, or tabulate every date;
    /// `calendar read PHOTO` reads a photo of a solved board
    #[command(after_help = CALENDAR_EXAMPLES, args_conflicts_with_subcommands = true)]
    Calendar(CalendarArgs),
    /// Add puzzles to the archive, each validated and solved as it goes in
    #[command(after_help = IMPORT_EXAMPLES)]
    Import(ImportArgs),
    /// List the archive's puzzles, one a line
    #[command(after_help = list_help())]
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
    /// Remove stored puzzles, by ID or by the filters of list; their pages and the fetch log stay
    #[command(after_help = REMOVE_EXAMPLES)]
    Remove(RemoveArgs),
    /// Fetch puzzles from the site (HTTP or a headless browser) into the archive
    #[command(after_help = FETCH_EXAMPLES)]
    Fetch(FetchArgs),
    /// The publisher's sites that fetch asks: each one's address, kinds, specials and known classes
    #[command(after_help = SITES_EXAMPLES)]
    Sites(SitesArgs),
    /// Re-extract every stored page snapshot with the current extractor
    #[command(after_help = REPARSE_EXAMPLES)]
    Reparse(ReparseArgs),
    /// The log of fetches (what scheduled fetches did), newest first
    #[command(after_help = LOG_EXAMPLES)]
    Log(LogArgs),
    /// Copy the archive to a file, consistent and checked, even while other runs write to it
    #[command(after_help = BACKUP_EXAMPLES)]
    Backup(BackupArgs),
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell)
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),
    /// Print the manual page (roff), of aquarchive or of one of its commands
    #[command(after_help = MAN_EXAMPLES)]
    Man(ManArgs),
    /// Print the user's guide, or its sections on a topic (the guide is built into the binary)
    #[command(after_help = GUIDE_EXAMPLES)]
    Guide(GuideArgs),
}
