//! `grade`: puzzles rated by the techniques a person needs.

use clap::Args;

pub(super) const GRADE_EXAMPLES: &str = "\
Examples:
  aquarchive grade puzzles.txt
  aquarchive grade --hints tests/fixtures/aquarium/puzzles/6x6_easy_681742.txt
  aquarchive grade --json tests/fixtures/sudoku/se_rated_sample.txt

The guide, docs/guide.md, lists each kind's levels and the techniques each level adds.";

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
