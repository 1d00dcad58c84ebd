//! Taking an archive of an earlier database version to this binary's
//! [`VERSION`]: the promise that an archive made today opens in every later
//! version (docs/archive.md) is kept here.
//!
//! A change to `schema.sql` adds to [`STEPS`] the SQL that takes a file of
//! the version before to it, which raises [`VERSION`]. A file found older when
//! it is opened is upgraded in place, every step in one transaction, so a
//! process killed on the way leaves it as it was. An archive made by the
//! version before is committed under `tests/fixtures/archive/` and opened
//! by `tests/it/archive_format.rs`: that is the step's test.

use std::path::Path;

use rusqlite::{Connection, TransactionBehavior};

use super::StoreError;

/// `STEPS[i]` takes a file of database version `i + 1` to version `i + 2`.
const STEPS: &[&str] = &[
    include_str!("migrations/2-no-solver.sql"),
    include_str!("migrations/3-removed-puzzles.sql"),
    include_str!("migrations/4-progress.sql"),
];

/// The tables a step makes, each with the first version that holds it: a
/// file of an earlier version lacks them until it is upgraded.
pub(super) const TABLES_ADDED: &[(&str, i64)] = &[("removed_puzzles", 3), ("progress", 4)];

/// The database version this binary reads and writes (`PRAGMA
/// user_version`), the one `schema.sql` makes: one more than the steps
/// that lead to it, so that a new version cannot come without its step.
pub const VERSION: i64 = STEPS.len() as i64 + 1;

/// Upgrades the archive at `path` (open as `conn`, found at `version`, older
/// than this binary's) to [`VERSION`], where `may_write`; else says how.
pub(super) fn upgrade(path: &Path, conn: &Connection, version: i64, may_write: bool) -> Result<(), StoreError> {
    if version < 1 {
        // No aquarchive leaves one: a new file gets its tables before it
        // takes its name.
        return Err(StoreError::NotOurs {
            path: path.to_path_buf(),
            why: format!("database version {version}, which no aquarchive writes"),
        });
    }
    if !may_write {
        return Err(StoreError::Older { path: path.to_path_buf(), found: version, known: VERSION });
    }
    tracing::info!(from = version, to = VERSION, "upgrading the archive's database");
    // A step may make a table anew: dropping the old one must not take the
    // rows that point into it (this SQLite turns foreign keys on by
    // default). Only outside a transaction can they be turned off; the
    // archive's opening turns them on again.
    conn.pragma_update(None, "foreign_keys", false).map_err(|e| StoreError::sql(path, e))?;
    apply(conn, STEPS).map_err(|e| StoreError::sql(path, e))
}

/// Runs the steps a file lacks, and sets its version, in one transaction.
/// The version is read again inside it: another process may have upgraded
/// the file since it was opened.
fn apply(conn: &Connection, steps: &[&str]) -> rusqlite::Result<()> {
    let tx = rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let first = usize::try_from(version - 1).unwrap_or(0);
    for step in steps.iter().skip(first) {
        tx.execute_batch(step)?;
    }
    // A step that remade a table must leave every row that points into it
    // pointing at a row.
    let dangling: i64 = tx.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0))?;
    if dangling > 0 {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
            Some(format!("{dangling} rows point to no row after the upgrade")),
        ));
    }
    let last = i64::try_from(steps.len()).expect("few steps") + 1;
    tx.pragma_update(None, "user_version", last.max(version))?;
    tx.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_version(version: i64) -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (a INTEGER)").unwrap();
        conn.pragma_update(None, "user_version", version).unwrap();
        conn
    }

    fn columns(conn: &Connection) -> Vec<String> {
        let mut statement = conn.prepare("SELECT name FROM pragma_table_info('t') ORDER BY cid").unwrap();
        statement.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
    }

    const STEPS: [&str; 2] = ["ALTER TABLE t ADD COLUMN b TEXT", "ALTER TABLE t ADD COLUMN c TEXT"];

    #[test]
    fn a_file_gets_the_steps_it_lacks_and_no_more() {
        let conn = at_version(1);
        apply(&conn, &STEPS).unwrap();
        assert_eq!(columns(&conn), ["a", "b", "c"]);
        let conn = at_version(2);
        conn.execute_batch("ALTER TABLE t ADD COLUMN b TEXT").unwrap();
        apply(&conn, &STEPS).unwrap();
        assert_eq!(columns(&conn), ["a", "b", "c"]);
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(version, 3);
        // Done again (another process was first): nothing more happens.
        apply(&conn, &STEPS).unwrap();
        assert_eq!(columns(&conn), ["a", "b", "c"]);
    }

    #[test]
    fn a_failed_step_leaves_the_file_as_it_was() {
        let conn = at_version(1);
        apply(&conn, &["ALTER TABLE t ADD COLUMN b TEXT", "ALTER TABLE nowhere ADD COLUMN c TEXT"]).unwrap_err();
        assert_eq!(columns(&conn), ["a"]);
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(version, 1);
    }

    #[test]
    fn a_file_this_binary_would_not_write_is_not_upgraded() {
        let conn = at_version(0);
        let err = upgrade(Path::new("a.sqlite"), &conn, 0, true).unwrap_err();
        assert!(matches!(err, StoreError::NotOurs { .. }), "{err}");
    }
}
