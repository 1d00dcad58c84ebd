//! The one table of the kinds' homes (see [`crate::home`]): a line a kind
//! whose home is written. Adding a kind is its folder and its line here.

use crate::home::Home;
use crate::kind::Kind;

/// Every kind's home, a line each: what [`home`] finds.
static HOMES: &[&dyn Home] = &[
    &crate::aquarium::home::HOME,
    &crate::battleships::home::HOME,
    &crate::binairo::home::HOME,
    &crate::binairo_plus::home::HOME,
    &crate::dominosa::home::HOME,
    &crate::futoshiki::home::HOME,
    &crate::jigsaw_sudoku::home::HOME,
    &crate::kakurasu::home::HOME,
    &crate::kakuro::home::HOME,
    &crate::killer_sudoku::home::HOME,
    &crate::light_up::home::HOME,
    &crate::minesweeper::home::HOME,
    &crate::mosaic::home::HOME,
    &crate::nonograms::home::HOME,
    &crate::norinori::home::HOME,
    &crate::renzoku::home::HOME,
    &crate::shikaku::home::HOME,
    &crate::skyscrapers::home::HOME,
    &crate::star_battle::home::HOME,
    &crate::stitches::home::HOME,
    &crate::sudoku::home::HOME,
    &crate::tents::home::HOME,
    &crate::thermometers::home::HOME,
];

/// The home of `kind`, where its grammar is written; None for a kind that is
/// kept as it came.
pub fn home(kind: Kind) -> Option<&'static dyn Home> {
    HOMES.iter().copied().find(|home| home.kind() == kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_home_is_found_by_its_kind_once() {
        for home in HOMES {
            assert_eq!(HOMES.iter().filter(|h| h.kind() == home.kind()).count(), 1, "{}", home.kind());
            assert_eq!(super::home(home.kind()).map(|h| h.kind()), Some(home.kind()));
        }
        assert!(super::home(Kind::Words).is_none());
    }
}
