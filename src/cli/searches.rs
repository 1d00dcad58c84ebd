//! The engine's searches the benchmarks of exact-cover kinds set side by
//! side: Dancing Links (what `Algorithm::Auto` runs on them) and the
//! multi-cover search with each probing setting.

use aquarchive::engine::{Algorithm, Probing, Settings};

const fn multi_cover(probing: Probing) -> Settings {
    Settings { probing, algorithm: Algorithm::MultiCover }
}

/// The first is the default on plain exact cover.
pub const SEARCHES: [(&str, Settings); 4] = [
    ("dancing links", Settings { probing: Probing::Adaptive, algorithm: Algorithm::Auto }),
    ("multi-cover off", multi_cover(Probing::Off)),
    ("multi-cover root", multi_cover(Probing::Root)),
    ("multi-cover fixpoint", multi_cover(Probing::Fixpoint)),
];
