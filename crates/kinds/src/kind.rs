//! The puzzle kinds by name: what the command line's `--kind` takes, what
//! the archive's `kind` column holds, what JSON output says.

use std::fmt;
use std::str::FromStr;

/// A kind of puzzle this crate knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Aquarium,
    Sudoku,
    Calendar,
    Ring,
}

impl Kind {
    /// Every kind, in the order lists and tables show them.
    pub const ALL: [Kind; 4] = [Kind::Aquarium, Kind::Sudoku, Kind::Calendar, Kind::Ring];

    /// The kind's name: lower case, as typed and as stored.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Aquarium => "aquarium",
            Kind::Sudoku => "sudoku",
            Kind::Calendar => "calendar",
            Kind::Ring => "ring",
        }
    }

    /// Whether a good puzzle of this kind has exactly one solution. A
    /// calendar date or a ring instance has several as a rule: for them,
    /// "several" is a fact to keep, not a fault.
    pub const fn expects_unique(self) -> bool {
        matches!(self, Kind::Aquarium | Kind::Sudoku)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of [`Kind::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown puzzle kind '{0}': the kinds are aquarium, sudoku, calendar and ring")]
pub struct UnknownKind(pub String);

impl FromStr for Kind {
    type Err = UnknownKind;

    fn from_str(name: &str) -> Result<Kind, UnknownKind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name).ok_or_else(|| UnknownKind(name.to_string()))
    }
}

#[cfg(feature = "rusqlite")]
mod sql {
    use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

    use super::Kind;

    impl ToSql for Kind {
        fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
            Ok(ToSqlOutput::from(self.name()))
        }
    }

    impl FromSql for Kind {
        fn column_result(value: ValueRef<'_>) -> FromSqlResult<Kind> {
            value.as_str()?.parse().map_err(|err| FromSqlError::Other(Box::new(err)))
        }
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
        let err = "Aquarium".parse::<Kind>().unwrap_err();
        assert!(err.to_string().contains("'Aquarium'"), "{err}");
        assert!(Kind::Aquarium.expects_unique() && !Kind::Ring.expects_unique());
    }
}
