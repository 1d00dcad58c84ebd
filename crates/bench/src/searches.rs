//! The engine's searches the benchmarks of exact-cover kinds set side by
//! side: the two exact-cover searches (counters and Dancing Links, one of
//! which `Algorithm::Auto` runs on them: counters on Sudoku and the ring
//! puzzle, Dancing Links on the calendar) and the multi-cover search with
//! each probing setting.

use aquarchive::engine::{Algorithm, Learning, Pairs, Probing, Restarts, Settings};

/// One search with this probing, without restarts, pairs or learning
/// (the multi-cover search's reasoning for hard searches, which these
/// problems never are), else the engine's defaults.
const fn with(algorithm: Algorithm, probing: Probing) -> Settings {
    Settings {
        probing,
        algorithm,
        restarts: Restarts::Off,
        pairs: Pairs::Off,
        learning: Learning::Off,
        ..Settings::DEFAULT
    }
}

/// The exact-cover searches first.
pub const SEARCHES: [(&str, Settings); 5] = [
    ("counters", with(Algorithm::Counters, Probing::Adaptive)),
    ("dancing links", with(Algorithm::DancingLinks, Probing::Adaptive)),
    ("multi-cover off", with(Algorithm::MultiCover, Probing::Off)),
    ("multi-cover root", with(Algorithm::MultiCover, Probing::Root)),
    ("multi-cover fixpoint", with(Algorithm::MultiCover, Probing::Fixpoint)),
];
