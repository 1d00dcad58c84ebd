//! The Sudoku grader's levels and techniques: their names, what each level
//! adds in one line, and which level each technique belongs to. Every place
//! that names them (the command line, the archive, the documents) reads
//! them from here.

use crate::grading::{levels, techniques};

levels! {
    /// How hard a puzzle is: the hardest group of techniques it needs.
    pub enum Level, with techniques Technique {
        /// Hidden and naked singles.
        Easy = "easy", about "hidden and naked singles";
        /// Also locked candidates and naked/hidden pairs and triples.
        Medium = "medium", about "locked candidates, naked and hidden pairs and triples";
        /// Also X-wings, swordfish, XY-wings and XYZ-wings.
        Hard = "hard", about "X-wing, swordfish, XY-wing, XYZ-wing";
        /// Also chains: simple colouring, X-chains, XY-chains.
        Expert = "expert", about "simple coloring, X-chains, XY-chains";
        /// The techniques run out: some cell needs a guess (trial and error).
        Guess = "guess", about "the techniques run out: some cell needs trial and error";
    }
}

techniques! {
    /// The techniques, in the order they are tried.
    pub enum Technique, of levels Level {
        HiddenSingle = "hidden single", Easy;
        NakedSingle = "naked single", Easy;
        LockedCandidates = "locked candidates", Medium;
        NakedPair = "naked pair", Medium;
        HiddenPair = "hidden pair", Medium;
        NakedTriple = "naked triple", Medium;
        HiddenTriple = "hidden triple", Medium;
        XWing = "X-wing", Hard;
        Swordfish = "swordfish", Hard;
        XyWing = "XY-wing", Hard;
        XyzWing = "XYZ-wing", Hard;
        SimpleColoring = "simple coloring", Expert;
        XChain = "X-chain", Expert;
        XyChain = "XY-chain", Expert;
        Guess = "guess", Guess;
    }
}
