//! A consistent copy of the archive while other processes may be writing it:
//! SQLite's online backup, all pages in one step inside one read
//! transaction, so the copy is one moment of the archive (in WAL mode a
//! writer never waits for it, and it never has to start over). The copy is
//! made beside where it goes, checked, synced and only then put in place
//! (on any drive: see `drive.rs`).

use std::path::{Path, PathBuf};

use jiff::Timestamp;
use rusqlite::{Connection, backup::Backup, backup::StepResult};
use serde::Serialize;

use super::drive::{self, DriveWarning, Named};
use super::{Access, Store, StoreError};

/// What a backup copied, counted in the archive at the moment of the copy
/// (and found again in the copy).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BackupReport {
    /// Where the copy is.
    pub path: PathBuf,
    pub puzzles: u64,
    pub solutions: u64,
    pub snapshots: u64,
    pub fetches: u64,
    /// The size of the copy.
    pub bytes: u64,
    /// What the drive could not promise in putting the copy in place.
    #[serde(skip)]
    pub warning: Option<DriveWarning>,
}

/// The rows a copy must hold as many of as the archive did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rows {
    puzzles: u64,
    solutions: u64,
    snapshots: u64,
    fetches: u64,
}

/// Where a backup asked for at `dest` goes: `dest` itself, or, when `dest`
/// is a folder, a file in it named after the archive and the time
/// (`aquarchive-20261130T060000Z.sqlite`; a second backup within the same
/// second, `aquarchive-20261130T060000Z-2.sqlite`). A `dest` that ends in
/// `/` is a folder: it is made (with the folders above it) when it is not
/// there.
pub fn backup_target(dest: &Path, archive: &Path, now: Timestamp) -> Result<PathBuf, StoreError> {
    let names_folder = dest.as_os_str().as_encoded_bytes().last().is_some_and(|&b| std::path::is_separator(b as char));
    if names_folder {
        std::fs::create_dir_all(dest).map_err(|e| StoreError::io(dest, e))?;
    } else if !dest.is_dir() {
        return Ok(dest.to_path_buf());
    }
    let stem = archive.file_stem().map_or_else(|| "archive".into(), |s| s.to_string_lossy());
    let stem = format!("{stem}-{}", now.strftime("%Y%m%dT%H%M%SZ"));
    // A name taken meanwhile by another backup is still refused when the
    // copy is put in place: nothing is ever overwritten.
    let free = (1..)
        .map(|n| dest.join(if n == 1 { format!("{stem}.sqlite") } else { format!("{stem}-{n}.sqlite") }))
        .find(|path| std::fs::symlink_metadata(path).is_err())
        .expect("a free name");
    Ok(free)
}

impl Store {
    /// Copies the archive to `target` (a file path; see [`backup_target`]).
    /// The copy is written to a temporary file beside `target`, opened as an
    /// archive and checked ([`Store::check_integrity`], and its rows counted
    /// against the archive's at the moment of the copy), synced, and then
    /// put in place: a failed or interrupted backup leaves no `target`. An
    /// existing `target` is refused unless `replace`, and the archive itself
    /// always is.
    pub fn backup(&self, target: &Path, replace: bool) -> Result<BackupReport, StoreError> {
        let refuse = |why: &str| StoreError::Io { path: target.to_path_buf(), source: std::io::Error::other(why) };
        if self.is_file(target) {
            return Err(refuse("is the archive itself; a backup must go to another file"));
        }
        if !replace && std::fs::symlink_metadata(target).is_ok() {
            return Err(StoreError::Io {
                path: target.to_path_buf(),
                source: std::io::Error::new(std::io::ErrorKind::AlreadyExists, "already exists; it was left untouched"),
            });
        }
        let folder = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = target.file_name().ok_or_else(|| refuse("is not a file name"))?;
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".partial-{}", std::process::id()));
        let temp = folder.join(temp_name);
        // Made here rather than by SQLite, so that an unwritable folder is
        // named as such (SQLite says only "unable to open database file").
        std::fs::OpenOptions::new().write(true).create_new(true).open(&temp).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => StoreError::Io {
                path: folder.to_path_buf(),
                source: std::io::Error::new(
                    e.kind(),
                    format!(
                        "no such folder; make it first (mkdir -p {}), or end the destination in / \
                         to back up into a folder that backup makes",
                        folder.display()
                    ),
                ),
            },
            _ => StoreError::io(folder, e),
        })?;
        let made = self.copy_to(&temp, target).and_then(|rows| {
            verify_copy(&temp, target, rows)?;
            let file = std::fs::File::open(&temp).map_err(|e| StoreError::io(target, e))?;
            file.sync_all().map_err(|e| StoreError::io(target, e))?;
            let bytes = file.metadata().map_err(|e| StoreError::io(target, e))?.len();
            if crate::interrupt::requested() {
                return Err(StoreError::Io {
                    path: target.to_path_buf(),
                    source: std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped before it was put in place"),
                });
            }
            let warning = put_in_place(&temp, target, replace)?;
            Ok(BackupReport {
                path: target.to_path_buf(),
                puzzles: rows.puzzles,
                solutions: rows.solutions,
                snapshots: rows.snapshots,
                fetches: rows.fetches,
                bytes,
                warning,
            })
        });
        // Linked or renamed into place, or failed: the temporary name goes.
        let _ = std::fs::remove_file(&temp);
        for side in ["-journal", "-wal", "-shm"] {
            let mut name = temp.clone().into_os_string();
            name.push(side);
            let _ = std::fs::remove_file(name);
        }
        made
    }

    /// Copies every page into the (empty) file `temp` in one backup step
    /// inside one read transaction, and counts the rows in that same
    /// transaction. Errors name `target`, the file asked for.
    fn copy_to(&self, temp: &Path, target: &Path) -> Result<Rows, StoreError> {
        let source = |e| StoreError::sql(&self.path, e);
        let dest_err = |e| StoreError::sql(target, e);
        // Nothing is written through it: a read transaction that ends (is
        // rolled back) when it is dropped.
        let read = self.conn.unchecked_transaction().map_err(source)?;
        // The counts' query starts the read transaction: from here the
        // archive is seen as of this moment, whatever others commit.
        let rows = count_rows(&read).map_err(source)?;
        let mut dest = Connection::open(temp).map_err(dest_err)?;
        {
            let backup = Backup::new(&read, &mut dest).map_err(dest_err)?;
            match backup.step(-1).map_err(dest_err)? {
                StepResult::Done => {}
                other => {
                    return Err(StoreError::Io {
                        path: target.to_path_buf(),
                        source: std::io::Error::other(format!("the copy did not finish in one step ({other:?})")),
                    });
                }
            }
        }
        drop(read);
        // A copy of a WAL archive says WAL in its header; as a plain file it
        // opens anywhere without side files (the archive switches it back
        // to WAL when it is restored and written).
        dest.pragma_update(None, "journal_mode", "DELETE").map_err(dest_err)?;
        dest.close().map_err(|(_, e)| dest_err(e))?;
        Ok(rows)
    }
}

fn count_rows(conn: &Connection) -> rusqlite::Result<Rows> {
    conn.query_row(
        "SELECT (SELECT count(*) FROM puzzles), (SELECT count(*) FROM solutions), \
         (SELECT count(*) FROM snapshots), (SELECT count(*) FROM fetches)",
        [],
        |r| {
            Ok(Rows {
                puzzles: r.get::<_, i64>(0)? as u64,
                solutions: r.get::<_, i64>(1)? as u64,
                snapshots: r.get::<_, i64>(2)? as u64,
                fetches: r.get::<_, i64>(3)? as u64,
            })
        },
    )
}

/// Opens the copy as any archive is opened (read-only), checks every page
/// and snapshot, and counts its rows against the archive's.
fn verify_copy(temp: &Path, target: &Path, expected: Rows) -> Result<(), StoreError> {
    let failed = |why: String| StoreError::Io {
        path: target.to_path_buf(),
        source: std::io::Error::other(format!("the copy did not verify ({why}); it was deleted")),
    };
    let copy = Store::open(temp, Access::ReadOnly).map_err(|e| failed(without_path(&e, temp)))?;
    copy.check_integrity().map_err(|e| failed(without_path(&e, temp)))?;
    let found = count_rows(&copy.conn).map_err(|e| failed(e.to_string()))?;
    if found != expected {
        return Err(failed(format!(
            "it holds {} puzzles, {} solutions, {} snapshots and {} fetch records where the archive held {}, {}, {} and {}",
            found.puzzles,
            found.solutions,
            found.snapshots,
            found.fetches,
            expected.puzzles,
            expected.solutions,
            expected.snapshots,
            expected.fetches
        )));
    }
    Ok(())
}

/// An error's message without the temporary file's name in front.
fn without_path(err: &StoreError, temp: &Path) -> String {
    let text = err.to_string();
    let prefix = format!("{}: ", temp.display());
    text.strip_prefix(&prefix).map(str::to_string).unwrap_or(text)
}

/// Puts the checked copy at `target`: renamed over it when `replace`, else
/// named without replacing ([`drive::name_new`]), which fails if a file
/// appeared there meanwhile. Then the folder is synced, so that the new
/// name survives a power cut.
fn put_in_place(temp: &Path, target: &Path, replace: bool) -> Result<Option<DriveWarning>, StoreError> {
    let io = |e| StoreError::io(target, e);
    let mut warning = None;
    if replace {
        std::fs::rename(temp, target).map_err(io)?;
    } else {
        match drive::name_new(temp, target) {
            Ok(Named::AtOnce) => {}
            Ok(Named::ByClaim) => warning = Some(DriveWarning::NamedByClaim { path: target.to_path_buf() }),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(StoreError::Io {
                    path: target.to_path_buf(),
                    source: std::io::Error::new(e.kind(), "already exists; it was left untouched"),
                });
            }
            Err(e) => return Err(io(e)),
        }
    }
    #[cfg(unix)]
    if let Some(folder) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::File::open(folder).and_then(|f| f.sync_all()).map_err(|e| StoreError::io(folder, e))?;
    }
    Ok(warning)
}

impl Store {
    /// Whether `path` names this archive's file, by any link or spelling:
    /// what a backup must not overwrite and a merge must not read.
    pub fn is_file(&self, path: &Path) -> bool {
        same_file(path, &self.path)
    }
}

/// Whether two paths name one file (by any link to it).
#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Whether two paths name one file.
#[cfg(not(unix))]
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
