//! The kinds' homes (see [`crate::home`]), found by their kind: a kind whose
//! line in the table of kinds (`with_kinds!` in the crate's root) names its
//! folder has its home there.

use crate::home::Home;
use crate::kind::Kind;

/// Lists every kind's home from the table of kinds (`with_kinds!` in the
/// crate's root): a kind whose line names its folder has its home there.
macro_rules! home_list {
    ($($variant:ident => $name:literal, $unique:literal $(, $home:ident)?;)*) => {
        /// Every kind's home: what [`home`] finds.
        static HOMES: &[&dyn Home] = &[$($(&crate::$home::home::HOME,)?)*];
    };
}

with_kinds!(home_list);

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
