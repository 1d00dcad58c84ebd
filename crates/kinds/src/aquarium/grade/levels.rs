//! The grader's levels and techniques: their names, what each says in one
//! line, and which level each technique belongs to. Every place that names
//! them (the command line, the archive's pages, the documents) reads them
//! from here.

use crate::grading::{levels, techniques};

levels! {
    /// How hard a puzzle is: the hardest group of techniques it needs.
    pub enum Level, with techniques Technique {
        /// Finished and full lines, pieces too wide for their row.
        Easy = "easy", about "finished and full lines, pieces too wide for what their row has left";
        /// Also pieces a row needs, and tank levels a column forces from below
        /// or caps from above.
        Medium = "medium",
            about "pieces a row needs, tank levels a column forces from below or caps from above";
        /// Also the sums of pieces that can make a line's clue.
        Hard = "hard", about "sums of the pieces that can make a line's clue";
        /// Also two lines at once.
        Expert = "expert", about "two lines counted together";
        /// Also a contradiction: "if this were water..." followed to a line that
        /// cannot be met.
        Extreme = "extreme",
            about "contradiction: if this cell were water (or air), some line could not be met";
        /// The techniques run out: some tank needs a guess.
        Guess = "guess", about "the techniques run out: some tank needs trial and error";
    }
}

techniques! {
    /// The techniques, in the order they are tried.
    pub enum Technique, of levels Level {
        /// A line already holds its clue's water: its open cells are air.
        FinishedLine = "finished line", Easy;
        /// A line's open cells are exactly the water it still needs.
        FullLine = "full line", Easy;
        /// A tank's piece in a row is wider than the water the row has left.
        TooWide = "too wide", Easy;
        /// A row cannot reach its clue without a tank's piece.
        PieceNeeded = "piece needed", Medium;
        /// A tank would bring more water to a column than it has left: its
        /// level is capped from above ("air is upside-down water").
        LevelFromAbove = "level from above", Medium;
        /// A column cannot reach its clue without some of a tank's cells in it:
        /// its level is forced from below.
        LevelFromBelow = "level from below", Medium;
        /// No sum of what the tanks can give a line makes its clue with a tank
        /// at some levels.
        PieceSums = "piece sums", Hard;
        /// Two lines sharing tanks, counted together.
        TwoLines = "two lines", Expert;
        /// Supposing a cell water (or air) leads, by the techniques above, to a
        /// line that cannot be met.
        Contradiction = "contradiction", Extreme;
        /// No technique applies; the solution's level for one tank.
        Guess = "guess", Guess;
    }
}

impl Technique {
    /// What the technique says, in one line (a hint gives it beside the
    /// technique's name).
    pub fn about(self) -> &'static str {
        match self {
            Technique::FinishedLine => "a row or column already holds its clue's water, so its open cells are air",
            Technique::FullLine => "a line's open cells are exactly the water it still needs",
            Technique::TooWide => "a tank's piece in a row is wider than the water the row has left, so it is air",
            Technique::PieceNeeded => "a row cannot reach its clue without a tank's piece",
            Technique::LevelFromAbove => {
                "a tank would bring more water to a column than the column has left, so its level is capped \
                 (\"air is upside-down water\")"
            }
            Technique::LevelFromBelow => {
                "a column cannot reach its clue without some of a tank's cells in it, so the tank's level is forced \
                 up to them"
            }
            Technique::PieceSums => {
                "no sum of what the tanks can give a line makes its clue with a tank at some levels"
            }
            Technique::TwoLines => "two lines that share tanks, counted together",
            Technique::Contradiction => {
                "supposing a cell water (or air) leads, by the techniques above, to a line that cannot be met"
            }
            Technique::Guess => "the techniques run out; some tank's level is taken from the solution",
        }
    }
}
