//! Stored values read back into their types: a kind, a verdict's word, a
//! time. A value this version cannot take is an error that names the row
//! it is in ([`BadValue`]), not a panic and not SQLite's bare conversion
//! message.
//!
//! Row readers run inside rusqlite's callbacks, which return
//! `rusqlite::Error`; a bad value travels in one as the boxed cause of a
//! conversion failure and comes out as [`StoreError::BadValue`] at the
//! store's boundary ([`StoreError::sql`]).

use std::fmt::Display;

use jiff::Timestamp;
use rusqlite::Row;
use rusqlite::types::Type;

#[cfg(doc)]
use super::StoreError;
use super::error::{BadValue, ValueError};
use super::model::Status;
use aquarchive_kinds::Kind;
use aquarchive_shared::HashCheck;

/// The error a row reader returns for a value it cannot take in `place`
/// (e.g. `puzzle 7`).
fn bad(index: usize, place: impl Display, source: ValueError) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        index,
        Type::Text,
        Box::new(BadValue { place: place.to_string(), source }),
    )
}

pub(super) fn kind(row: &Row, index: usize, place: impl Display) -> rusqlite::Result<Kind> {
    let text: String = row.get(index)?;
    text.parse().map_err(|e| bad(index, place, ValueError::Kind(e)))
}

pub(super) fn status(row: &Row, index: usize, place: impl Display) -> rusqlite::Result<Status> {
    let text: String = row.get(index)?;
    Status::parse(&text).ok_or_else(|| bad(index, place, ValueError::Word { what: "status", text }))
}

pub(super) fn hash_check(row: &Row, index: usize, place: impl Display) -> rusqlite::Result<Option<HashCheck>> {
    let Some(text) = row.get::<_, Option<String>>(index)? else { return Ok(None) };
    HashCheck::parse(&text).map(Some).ok_or_else(|| bad(index, place, ValueError::Word { what: "hash check", text }))
}

/// A time the schema's defaults wrote (`strftime('%Y-%m-%dT%H:%M:%fZ')`);
/// `what` names the column in the error.
pub(super) fn time(row: &Row, index: usize, what: &'static str, place: impl Display) -> rusqlite::Result<Timestamp> {
    let text: String = row.get(index)?;
    text.parse().map_err(|source| bad(index, place, ValueError::Time { what, text, source }))
}

pub(super) fn maybe_time(
    row: &Row,
    index: usize,
    what: &'static str,
    place: impl Display,
) -> rusqlite::Result<Option<Timestamp>> {
    match row.get_ref(index)? {
        rusqlite::types::ValueRef::Null => Ok(None),
        _ => time(row, index, what, place).map(Some),
    }
}
