//! `remove`: puzzles taken out of the archive, in one transaction, each
//! with its solutions, grade, page facts, readings and progress. Its page and the
//! fetch records of that page stay (the log of fetches says what happened;
//! `reparse` reads a removed puzzle's page again only when asked to bring
//! it back), and the archive keeps a record of what each removed puzzle
//! was and when it went (see `store::Store::remove`).
//!
//! Nothing goes unnamed or unconfirmed: a filter that names no puzzle is
//! refused rather than taken for all of them, and a removal by a filter, or
//! of more than [`UNCONFIRMED_AT_MOST`] puzzles named by their IDs, is made
//! only when confirmed (the command line's `--yes`).

use super::Archive;
use crate::store::Filter;

use super::error::ArchiveError;

pub use crate::store::{Removal, RemovedPuzzle};

/// How many puzzles named by their IDs a removal may take unconfirmed.
pub const UNCONFIRMED_AT_MOST: u64 = 100;

/// How a removal names its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// By nothing at all: refused, never taken for every puzzle.
    Nothing,
    /// By their IDs alone.
    Ids,
    /// By a filter (with IDs or without).
    Filter,
}

impl Named {
    /// How `filter` names the puzzles it picks.
    pub fn by(filter: &Filter) -> Named {
        // Every field, so that a filter's new field is weighed here too.
        let Filter {
            kind,
            kinds,
            sizes,
            status,
            since,
            until,
            ids,
            unsolved,
            grade,
            special_date,
            newest_first: _,
            limit,
        } = filter;
        let filtered = kind.is_some()
            || !kinds.is_empty()
            || sizes.is_some()
            || status.is_some()
            || since.is_some()
            || until.is_some()
            || *unsolved
            || grade.is_some()
            || special_date.is_some()
            || limit.is_some();
        match (filtered, ids.is_empty()) {
            (true, _) => Named::Filter,
            (false, false) => Named::Ids,
            (false, true) => Named::Nothing,
        }
    }
}

/// Removes the puzzles `filter` picks (as `list` lists them with it), all
/// or none. Unless `confirmed`, a removal by a filter removes nothing and
/// says how many it would take ([`Removal::TooMany`]), and so does one of
/// more than [`UNCONFIRMED_AT_MOST`] puzzles named by their IDs.
pub fn remove(archive: &mut Archive, filter: &Filter, confirmed: bool) -> Result<Removal, ArchiveError> {
    let store = archive.store_mut();
    let at_most = match (Named::by(filter), confirmed) {
        (Named::Nothing, _) => {
            return Err(ArchiveError::Input(
                "name the puzzles to remove, by their IDs or a filter: none named is not all of them".into(),
            ));
        }
        (_, true) => None,
        (Named::Ids, false) => Some(UNCONFIRMED_AT_MOST),
        (Named::Filter, false) => Some(0),
    };
    let removal = store.remove(filter, at_most)?;
    if let Removal::Removed(puzzles) = &removal {
        tracing::info!(puzzles = puzzles.len(), "removed from the archive");
    }
    Ok(removal)
}
