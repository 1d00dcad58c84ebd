//! `generate`: new Aquarium or Sudoku puzzles, each kind with its own
//! options.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};

use aquarchive::archive::generate::{Kind, Style, SudokuLevel as Level, Symmetry};

use super::kind::kind_of;

pub(super) const GENERATE_EXAMPLES: &str = "\
The same --seed gives the same puzzles; the seed is printed on standard error.

Examples:
  aquarchive generate --size 15
  aquarchive generate --size 30 --style random --count 20 --seed 1 --format task > hard-30.txt
  aquarchive generate --size 30 --style grown --count 20 --seed 1 --solutions
  aquarchive generate --kind sudoku --difficulty hard --symmetry rot180 --count 3
  aquarchive generate --kind sudoku --difficulty easy --not-minimal | aquarchive grade --hints -

`aquarchive guide generating` explains how each kind is made and what the levels mean.";

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
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
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
    /// Tanks in the first map (the seed cells of a grown one; repairs for uniqueness merge a few) [default: size*size/5; with --style grown size*size/12; with --style random size*size/12 up to size 42, then tanks of (size-17)/2 cells (16 at 50, 26 at 70, 41 at 100)]
    #[arg(long, value_name = "T", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=10_000))]
    pub tanks: Option<usize>,
    /// How uniqueness is reached [default: mended]
    #[arg(long, value_enum)]
    pub style: Option<StyleArg>,
    /// How to write the puzzles [default: text]
    #[arg(long, value_enum)]
    pub format: Option<OutputFormat>,
}

impl GenerateAquariumArgs {
    pub(super) fn given(&self) -> bool {
        self.size.is_some() || self.tanks.is_some() || self.style.is_some() || self.format.is_some()
    }
}

/// How `generate` makes an Aquarium unique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StyleArg {
    /// Join neighbouring tanks until reasoning settles the map: puzzles logic solves
    Mended,
    /// Random tanks of about 12 cells (more from size 43 on) and random levels, kept only when unique: the hard ones a search meets
    Random,
    /// As random, on maps grown from size*size/12 random seed cells (tanks from 1 cell to several times 12), also thrown away when the engine has not settled them within a million nodes plus probes
    Grown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// The text format, puzzles separated by blank lines
    Text,
    /// One site `task` string per line
    Task,
}

/// What only Sudoku puzzles take.
#[derive(Args, Debug)]
#[group(id = "sudoku", multiple = true, requires = "kind", conflicts_with = "aquarium")]
#[command(next_help_heading = "Sudoku (--kind sudoku)")]
pub struct GenerateSudokuArgs {
    /// The level the puzzles must grade at
    #[arg(long, value_name = "LEVEL", value_parser = sudoku_level())]
    pub difficulty: Option<Level>,
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
    pub(super) fn given(&self) -> bool {
        self.difficulty.is_some() || self.symmetry.is_some() || self.not_minimal || self.attempts.is_some()
    }
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

impl From<StyleArg> for Style {
    fn from(style: StyleArg) -> Style {
        match style {
            StyleArg::Mended => Style::Mended,
            StyleArg::Random => Style::Random,
            StyleArg::Grown => Style::Grown,
        }
    }
}

impl From<SymmetryArg> for Symmetry {
    fn from(symmetry: SymmetryArg) -> Symmetry {
        match symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Rot90 => Symmetry::Rot90,
            SymmetryArg::Mirror => Symmetry::Mirror,
        }
    }
}

/// `--difficulty` takes the Sudoku grader's own level names.
fn sudoku_level() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(Level::name))
        .map(|name| Level::from_name(&name).expect("the parser takes only the grader's level names"))
}
