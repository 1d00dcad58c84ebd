//! The grader's levels and techniques: their names, what each says in one
//! line, and which level each technique belongs to. Every place that names
//! them (the command line, the archive's pages, the documents) reads them
//! from here.

use std::fmt;

/// How hard a puzzle is: the hardest group of techniques it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Finished and full lines, pieces too wide for their row.
    Easy,
    /// Also pieces a row needs, and tank levels a column forces from below
    /// or caps from above.
    Medium,
    /// Also the sums of pieces that can make a line's clue.
    Hard,
    /// Also two lines at once.
    Expert,
    /// Also a contradiction: "if this were water..." followed to a line that
    /// cannot be met.
    Extreme,
    /// The techniques run out: some tank needs a guess.
    Guess,
}

impl Level {
    pub const ALL: [Level; 6] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme, Level::Guess];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::Guess => "guess",
        }
    }

    /// 1 for the easiest level, counting up.
    pub fn rank(self) -> u32 {
        self as u32 + 1
    }

    /// The level of a name [`Level::name`] gives.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// What the level adds to the one before it (a puzzle of a level may
    /// need the techniques of every easier level too), in one line.
    pub fn about(self) -> &'static str {
        match self {
            Level::Easy => "finished and full lines, pieces too wide for what their row has left",
            Level::Medium => "pieces a row needs, tank levels a column forces from below or caps from above",
            Level::Hard => "sums of the pieces that can make a line's clue",
            Level::Expert => "two lines counted together",
            Level::Extreme => "contradiction: if this cell were water (or air), some line could not be met",
            Level::Guess => "the techniques run out: some tank needs trial and error",
        }
    }

    /// The techniques of this level, in the order they are tried.
    pub fn techniques(self) -> impl Iterator<Item = Technique> {
        Technique::ALL.into_iter().filter(move |t| t.level() == self)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The techniques, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A line already holds its clue's water: its open cells are air.
    FinishedLine,
    /// A line's open cells are exactly the water it still needs.
    FullLine,
    /// A tank's piece in a row is wider than the water the row has left.
    TooWide,
    /// A row cannot reach its clue without a tank's piece.
    PieceNeeded,
    /// A tank would bring more water to a column than it has left: its
    /// level is capped from above ("air is upside-down water").
    LevelFromAbove,
    /// A column cannot reach its clue without some of a tank's cells in it:
    /// its level is forced from below.
    LevelFromBelow,
    /// No sum of what the tanks can give a line makes its clue with a tank
    /// at some levels.
    PieceSums,
    /// Two lines sharing tanks, counted together.
    TwoLines,
    /// Supposing a cell water (or air) leads, by the techniques above, to a
    /// line that cannot be met.
    Contradiction,
    /// No technique applies; the solution's level for one tank.
    Guess,
}

impl Technique {
    pub const ALL: [Technique; 10] = [
        Technique::FinishedLine,
        Technique::FullLine,
        Technique::TooWide,
        Technique::PieceNeeded,
        Technique::LevelFromAbove,
        Technique::LevelFromBelow,
        Technique::PieceSums,
        Technique::TwoLines,
        Technique::Contradiction,
        Technique::Guess,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::FinishedLine => "finished line",
            Technique::FullLine => "full line",
            Technique::TooWide => "too wide",
            Technique::PieceNeeded => "piece needed",
            Technique::LevelFromAbove => "level from above",
            Technique::LevelFromBelow => "level from below",
            Technique::PieceSums => "piece sums",
            Technique::TwoLines => "two lines",
            Technique::Contradiction => "contradiction",
            Technique::Guess => "guess",
        }
    }

    /// The technique of a name [`Technique::name`] gives.
    pub fn from_name(name: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.name() == name)
    }

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

    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FinishedLine | FullLine | TooWide => Level::Easy,
            PieceNeeded | LevelFromAbove | LevelFromBelow => Level::Medium,
            PieceSums => Level::Hard,
            TwoLines => Level::Expert,
            Contradiction => Level::Extreme,
            Guess => Level::Guess,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
