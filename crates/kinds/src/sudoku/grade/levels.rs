//! The Sudoku grader's levels and techniques: their names, what each level
//! adds in one line, and which level each technique belongs to. Every place
//! that names them (the command line, the archive, the documents) reads
//! them from here.

use std::fmt;

/// How hard a puzzle is: the hardest group of techniques it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Hidden and naked singles.
    Easy,
    /// Also locked candidates and naked/hidden pairs and triples.
    Medium,
    /// Also X-wings, swordfish, XY-wings and XYZ-wings.
    Hard,
    /// Also chains: simple colouring, X-chains, XY-chains.
    Expert,
    /// The techniques run out: some cell needs a guess (trial and error).
    Guess,
}

impl Level {
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Guess];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
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
            Level::Easy => "hidden and naked singles",
            Level::Medium => "locked candidates, naked and hidden pairs and triples",
            Level::Hard => "X-wing, swordfish, XY-wing, XYZ-wing",
            Level::Expert => "simple coloring, X-chains, XY-chains",
            Level::Guess => "the techniques run out: some cell needs trial and error",
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
    HiddenSingle,
    NakedSingle,
    LockedCandidates,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    XWing,
    Swordfish,
    XyWing,
    XyzWing,
    SimpleColoring,
    XChain,
    XyChain,
    Guess,
}

impl Technique {
    pub const ALL: [Technique; 15] = [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::SimpleColoring,
        Technique::XChain,
        Technique::XyChain,
        Technique::Guess,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::LockedCandidates => "locked candidates",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-wing",
            Technique::Swordfish => "swordfish",
            Technique::XyWing => "XY-wing",
            Technique::XyzWing => "XYZ-wing",
            Technique::SimpleColoring => "simple coloring",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::Guess => "guess",
        }
    }

    /// The technique of a name [`Technique::name`] gives.
    pub fn from_name(name: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.name() == name)
    }

    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            HiddenSingle | NakedSingle => Level::Easy,
            LockedCandidates | NakedPair | HiddenPair | NakedTriple | HiddenTriple => Level::Medium,
            XWing | Swordfish | XyWing | XyzWing => Level::Hard,
            SimpleColoring | XChain | XyChain => Level::Expert,
            Guess => Level::Guess,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
