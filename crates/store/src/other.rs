//! Another archive opened to be read (`import OTHER.sqlite`): a file from
//! elsewhere, so input to distrust like a page from the network.
//!
//! Its pages are copied once, in one read transaction, into a private copy
//! beside this archive (SQLite's online backup), and everything after reads
//! the copy: the other file is never written, never upgraded, and never
//! locked for longer than that one read (in WAL mode its writer does not
//! wait at all). Where SQLite would leave `-wal` and `-shm` files beside it
//! (a WAL archive no process has open), it is read as an immutable file,
//! and read again should a writer have opened it meanwhile.
//!
//! The copy is then checked before a row of it is read: every object in it
//! one of our tables or their indexes (a view or a trigger would run its
//! own SQL), each table with our columns, and the whole file sound (`PRAGMA
//! integrity_check`); its schema's SQL is never trusted to call functions
//! (`trusted_schema` off, SQLite's defensive mode on) and no value it
//! holds may be larger than [`MAX_ROW_BYTES`]. An archive of an earlier
//! version is upgraded in the copy.

use std::path::Path;

use rusqlite::backup::{Backup, StepResult};
use rusqlite::config::DbConfig;
use rusqlite::limits::Limit;
use rusqlite::{Connection, OpenFlags};

use super::migrate::{self, VERSION};
use super::open::{
    SCHEMA, Scratch, beside, check_header, check_ids, open_immutable, shared_memory_usable, wait_for_lock,
};
use super::record::MAX_ROW_BYTES;
use super::{Store, StoreError};

/// How often a copy read without locks is tried again when the other
/// archive changed under it.
const COPY_TRIES: u32 = 3;

/// SQLite's own tables a sound archive may hold besides ours: the
/// statistics `ANALYZE` keeps.
const SQLITE_TABLES: [&str; 3] = ["sqlite_stat1", "sqlite_stat4", "sqlite_sequence"];

impl Store {
    /// Opens the archive at `other` to be read into this one (see the
    /// module's comment): a copy of it, checked, beside this archive and
    /// removed when the returned store is dropped. Errors name `other`. A
    /// file that is not ours, is newer than this binary, is damaged or
    /// holds what our schema does not is refused, and it is left untouched
    /// whatever happens.
    pub fn open_other(&self, other: &Path) -> Result<Store, StoreError> {
        check_header(other)?;
        let folder = self.path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = self.path.file_name().map_or_else(|| "archive".into(), |n| n.to_string_lossy());
        let scratch = Scratch::make(&folder.join(format!(".{name}.merge-{}", std::process::id())))?;
        let copy = scratch.path().join("copy.sqlite");
        copy_pages(other, &copy)?;
        let conn = open_copy(other, &copy)?;
        Ok(Store { conn, path: other.to_path_buf(), warnings: Vec::new(), unnamed: None, _copy: Some(scratch) })
    }
}

/// What tells that a file changed: its length, its modification time and
/// its header's change counter.
fn stamp(path: &Path) -> Result<(u64, Option<std::time::SystemTime>, [u8; 4]), StoreError> {
    let io = |e| StoreError::io(path, e);
    let meta = std::fs::metadata(path).map_err(io)?;
    let mut header = [0u8; 28];
    std::io::Read::read_exact(&mut std::fs::File::open(path).map_err(io)?, &mut header).map_err(io)?;
    Ok((meta.len(), meta.modified().ok(), header[24..28].try_into().expect("4 bytes")))
}

/// Whether SQLite, reading `path` read-only, would make `-wal` and `-shm`
/// files beside it and leave them there: a WAL file (byte 18 of its header
/// is 2) that no process has open (neither is there).
fn would_leave_side_files(path: &Path) -> Result<bool, StoreError> {
    let io = |e| StoreError::io(path, e);
    let mut header = [0u8; 19];
    std::io::Read::read_exact(&mut std::fs::File::open(path).map_err(io)?, &mut header).map_err(io)?;
    Ok(header[18] == 2 && !beside(path, "-wal").exists() && !beside(path, "-shm").exists())
}

/// Copies every page of `other` into the new file `copy` in one backup
/// step: read-only at SQLite's level, as an immutable file where SQLite
/// would otherwise leave side files (then the file must not have changed
/// during the copy, else it is read again).
fn copy_pages(other: &Path, copy: &Path) -> Result<(), StoreError> {
    let sql = |e| StoreError::sql(other, e);
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    for _ in 0..COPY_TRIES {
        let unlocked = would_leave_side_files(other)?;
        let before = stamp(other)?;
        let mut source = if unlocked {
            open_immutable(other, flags)?
        } else if !shared_memory_usable(other) && beside(other, "-shm").exists() != beside(other, "-wal").exists() {
            // A log without its index (or the reverse) in a folder this
            // process cannot write: SQLite could not read the log.
            return Err(StoreError::UnmergedLog { path: other.to_path_buf(), log: beside(other, "-wal") });
        } else {
            Connection::open_with_flags(other, flags).map_err(sql)?
        };
        source.busy_handler(Some(wait_for_lock)).map_err(sql)?;
        let _ = std::fs::remove_file(copy);
        let mut dest = Connection::open(copy).map_err(|e| StoreError::sql(copy, e))?;
        {
            let backup = Backup::new(&source, &mut dest).map_err(sql)?;
            match backup.step(-1).map_err(sql)? {
                StepResult::Done => {}
                other_result => {
                    return Err(StoreError::Io {
                        path: other.to_path_buf(),
                        source: std::io::Error::other(format!(
                            "its copy did not finish in one step ({other_result:?})"
                        )),
                    });
                }
            }
        }
        drop(source);
        // Read without locks: a writer may have opened it meanwhile.
        if unlocked && (stamp(other)? != before || !would_leave_side_files(other)?) {
            tracing::info!(path = %other.display(), "the other archive changed while it was copied; copying it again");
            continue;
        }
        // The copy is a plain file: nothing but this process reads it.
        dest.pragma_update(None, "journal_mode", "DELETE").map_err(|e| StoreError::sql(copy, e))?;
        return dest.close().map_err(|(_, e)| StoreError::sql(copy, e));
    }
    Err(StoreError::Io {
        path: other.to_path_buf(),
        source: std::io::Error::other(format!(
            "it changed while it was read, {COPY_TRIES} times; run the import again once its own run has ended"
        )),
    })
}

/// Opens the copy of `other` (errors name `other`), checks it as the
/// module's comment says, and upgrades it if it is of an earlier version.
fn open_copy(other: &Path, copy: &Path) -> Result<Connection, StoreError> {
    let sql = |e| StoreError::sql(other, e);
    let conn = Connection::open_with_flags(copy, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(sql)?;
    // Before its schema is read: the SQL in it (defaults, checks, index
    // expressions) may call only functions SQLite calls harmless, and no
    // statement may write the file's structure directly.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false).map_err(sql)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true).map_err(sql)?;
    // No value larger than a row may hold is ever brought into memory
    // (the row readers check sizes first and refuse such a row by its id).
    let most = i32::try_from(MAX_ROW_BYTES).expect("a row's limit fits SQLite's");
    conn.set_limit(Limit::SQLITE_LIMIT_LENGTH, most).map_err(sql)?;
    let version = check_ids(other, &conn)?;
    check_schema(other, &conn, version)?;
    check_whole(other, &conn)?;
    if version < VERSION {
        migrate::upgrade(other, &conn, version, true)?;
    }
    conn.pragma_update(None, "query_only", true).map_err(sql)?;
    Ok(conn)
}

/// One object of a schema: its type, name, table and, for a table, its
/// columns (name, declared type, primary key place, hidden).
#[derive(Debug, PartialEq, Eq)]
struct Object {
    kind: String,
    name: String,
    table: String,
    columns: Vec<(String, String, i64, i64)>,
}

fn objects(conn: &Connection) -> rusqlite::Result<Vec<Object>> {
    let mut statement =
        conn.prepare("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY type, name")?;
    let rows = statement.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, String>(3)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let (kind, name, table, sql): (String, String, String, String) = row?;
        // A virtual table is a table by its type: its module runs code of its own.
        let kind = if kind == "table" && sql.trim_start().to_ascii_uppercase().starts_with("CREATE VIRTUAL") {
            "virtual table".to_string()
        } else {
            kind
        };
        let columns = if kind == "table" {
            let mut statement =
                conn.prepare("SELECT name, upper(type), pk, hidden FROM pragma_table_xinfo(?1) ORDER BY cid")?;
            statement
                .query_map([&name], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                .collect::<rusqlite::Result<_>>()?
        } else {
            Vec::new()
        };
        out.push(Object { kind, name, table, columns });
    }
    Ok(out)
}

/// Checks that the file holds our tables with our columns and nothing that
/// runs SQL of its own: no view, trigger or virtual table, and indexes only
/// on our tables. An earlier version's tables have the same columns (its
/// steps change constraints, which the row readers do not rely on), and it
/// lacks only the tables later steps make (`version` is the file's).
fn check_schema(other: &Path, conn: &Connection, version: i64) -> Result<(), StoreError> {
    let not_ours = |why: String| StoreError::NotOurs { path: other.to_path_buf(), why };
    let ours = Connection::open_in_memory()
        .and_then(|c| c.execute_batch(SCHEMA).map(|()| c))
        .and_then(|c| objects(&c))
        .expect("our schema reads");
    let theirs = objects(conn).map_err(|e| StoreError::sql(other, e))?;
    for object in &theirs {
        match object.kind.as_str() {
            "table" if SQLITE_TABLES.contains(&object.name.as_str()) => {}
            "table" => match ours.iter().find(|o| o.kind == "table" && o.name == object.name) {
                None => return Err(not_ours(format!("it holds a table `{}` that no aquarchive makes", object.name))),
                Some(table) if table.columns != object.columns => {
                    let names = |o: &Object| o.columns.iter().map(|c| format!("{} {}", c.0, c.1)).collect::<Vec<_>>();
                    return Err(not_ours(format!(
                        "its table `{}` has the columns ({}) where ours has ({})",
                        object.name,
                        names(object).join(", "),
                        names(table).join(", ")
                    )));
                }
                Some(_) => {}
            },
            "index" if ours.iter().any(|o| o.kind == "table" && o.name == object.table) => {}
            kind => {
                return Err(not_ours(format!(
                    "it holds a {kind} `{}`, which no aquarchive makes and which would run SQL of its own when read",
                    object.name
                )));
            }
        }
    }
    for table in ours.iter().filter(|o| o.kind == "table") {
        let made_later = migrate::TABLES_ADDED.iter().any(|&(name, first)| name == table.name && version < first);
        if !made_later && !theirs.iter().any(|o| o.kind == "table" && o.name == table.name) {
            return Err(not_ours(format!("it has no table `{}`", table.name)));
        }
    }
    Ok(())
}

/// Reads the whole file (`PRAGMA integrity_check`): damage anywhere in it
/// is found before anything of it is merged.
fn check_whole(other: &Path, conn: &Connection) -> Result<(), StoreError> {
    let failed = |e: rusqlite::Error| match e.sqlite_error_code() {
        // The check reads keys and checked columns whole.
        Some(rusqlite::ErrorCode::TooBig) => StoreError::NotOurs {
            path: other.to_path_buf(),
            why: format!(
                "a key or a checked value holds more than the {} MiB one row may hold, which no archive of ours does",
                MAX_ROW_BYTES >> 20
            ),
        },
        _ => StoreError::sql(other, e),
    };
    let mut statement = conn.prepare("PRAGMA integrity_check(5)").map_err(failed)?;
    let problems: Vec<String> =
        statement.query_map([], |r| r.get(0)).and_then(|rows| rows.collect()).map_err(failed)?;
    if problems != ["ok"] {
        return Err(StoreError::Corrupt {
            path: other.to_path_buf(),
            why: format!("integrity check: {}", problems.join("; ")),
        });
    }
    Ok(())
}
