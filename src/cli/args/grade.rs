//! `grade`: puzzles rated by the techniques a person needs.

use clap::Args;

use aquarchive::archive::grade;

/// The levels come from the graders themselves, so the help cannot drift from them.
pub(super) fn grade_help() -> String {
    format!(
        "Levels, easiest first (a puzzle's level is the hardest technique it needs):
{}
Examples:
  aquarchive grade puzzles.txt
  aquarchive grade --hints tests/fixtures/aquarium/puzzles/6x6_easy_681742.txt
  aquarchive grade --json tests/fixtures/sudoku/se_rated_sample.txt
  aquarchive grade family.txt   (task lines, `KIND TASK`, as `export --format task` writes them)

`aquarchive guide grades` lists the techniques each level adds and what each one means.",
        grade::levels_text()
    )
}

#[derive(Args, Debug)]
pub struct GradeArgs {
    /// Sudoku or Aquarium puzzle files, or the family's task lines (`KIND TASK`); `-` reads standard input
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Print the step-by-step logical solution
    #[arg(long)]
    pub hints: bool,
    /// Print one JSON object per puzzle per line
    #[arg(long)]
    pub json: bool,
}
