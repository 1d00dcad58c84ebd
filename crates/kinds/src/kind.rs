//! The puzzle kinds by name: what the command line's `--kind` takes, what
//! the archive's `kind` column holds, what JSON output says.
//!
//! The one list of kinds is the table in the crate's root (`with_kinds!`). A
//! kind of the publisher's family is named as its site names it
//! (`star-battle`, `binairo-plus`); what is particular to a kind lives in its
//! home (see [`crate::home`]), which [`crate::homes::home`] finds by the kind.

use std::fmt;
use std::str::FromStr;

/// Writes [`Kind`], its [`Kind::ALL`] and its names from the table of
/// kinds (`with_kinds!` in the crate's root).
macro_rules! kind_enum {
    ($($variant:ident => $name:literal, $unique:literal $(, $home:ident)?;)*) => {
        /// A kind of puzzle this crate knows by name. Knowing the name is
        /// enough to keep a puzzle of the kind: reading its task, solving it
        /// and drawing it are its home's (see [`crate::homes::home`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Kind {
            $($variant,)*
        }

        impl Kind {
            /// Every kind, in the order lists and tables show them.
            pub const ALL: [Kind; [$($name),*].len()] = [$(Kind::$variant),*];

            /// The kind's name: lower case, as typed and as stored.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }

            /// Whether a good puzzle of this kind has exactly one solution. A
            /// calendar date or a ring instance has several as a rule: for
            /// them, "several" is a fact to keep, not a fault.
            pub const fn expects_unique(self) -> bool {
                match self {
                    $(Kind::$variant => $unique,)*
                }
            }
        }
    };
}

with_kinds!(kind_enum);

impl Kind {
    /// Whether the kind is one of the publisher's sites' (every kind but the
    /// calendar and the ring, which come from files only).
    pub const fn is_family(self) -> bool {
        !matches!(self, Kind::Calendar | Kind::Ring)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of [`Kind::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown puzzle kind '{name}': `aquarchive sites` lists the kinds ({known})", name = .0, known = known_kinds())]
pub struct UnknownKind(pub String);

/// The first kinds' names and how many more there are, for a message.
fn known_kinds() -> String {
    let first: Vec<&str> = Kind::ALL.iter().take(4).map(|kind| kind.name()).collect();
    format!("{}, and {} more of the family", first.join(", "), Kind::ALL.len() - 4)
}

impl FromStr for Kind {
    type Err = UnknownKind;

    /// A kind's name; `_` or a space may stand for `-`, and case does not
    /// matter (`Star_Battle` is `star-battle`).
    fn from_str(name: &str) -> Result<Kind, UnknownKind> {
        let wanted = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Kind::ALL.into_iter().find(|kind| kind.name() == wanted).ok_or_else(|| UnknownKind(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_strangers_are_named() {
        for kind in Kind::ALL {
            assert_eq!(kind.to_string().parse::<Kind>(), Ok(kind));
        }
        assert_eq!("Star_Battle".parse::<Kind>(), Ok(Kind::StarBattle));
        let err = "aquariums".parse::<Kind>().unwrap_err();
        assert!(err.to_string().contains("'aquariums'"), "{err}");
        assert!(err.to_string().contains("aquarium, sudoku, calendar, ring"), "{err}");
        assert!(Kind::Aquarium.expects_unique() && !Kind::Ring.expects_unique());
        assert!(Kind::Nurikabe.is_family() && !Kind::Calendar.is_family());
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Kind::ALL.len());
    }
}
