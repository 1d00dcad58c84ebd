//! `grade`: puzzles rated by the techniques a person needs.

use clap::Args;

pub(super) const GRADE_EXAMPLES: &str = "\
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
