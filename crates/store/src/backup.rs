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

use super::drive::{self, DriveWarning, Named, Settled};
use super::{Access, Store, StoreError, open};

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
    /// What the drive could not promise in putting the copy in place, and
    /// the claim of an ended backup run cleared there.
    #[serde(skip)]
    pub warnings: Vec<DriveWarning>,
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
    /// existing `target` is refused unless `replace`, and then too unless it
    /// is an archive or an empty file (a link to one is followed); the
    /// archive itself always is.
    pub fn backup(&self, target: &Path, replace: bool) -> Result<BackupReport, StoreError> {
        let refuse = |why: &str| StoreError::Io { path: target.to_path_buf(), source: std::io::Error::other(why) };
        if self.is_file(target) {
            return Err(refuse("is the archive itself; a backup must go to another file"));
        }
        // A backup run on a drive without hard links that was killed as it
        // named its copy left its claim: cleared when that run has ended.
        let cleared = match drive::settle_claim(target, drive::CLAIM_PATIENCE).map_err(|e| StoreError::io(target, e))? {
            Ok(Settled::Open) => None,
            Ok(Settled::Cleared(claim)) => Some(DriveWarning::ClaimCleared { path: target.to_path_buf(), claim }),
            Err(still) => return Err(still.refusing(target)),
        };
        let found = match std::fs::symlink_metadata(target) {
            Ok(_) => true,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => return Err(StoreError::io(target, e)),
        };
        if found && !replace {
            return Err(StoreError::Io {
                path: target.to_path_buf(),
                source: std::io::Error::new(std::io::ErrorKind::AlreadyExists, "already exists; it was left untouched"),
            });
        }
        // Checked before anything is written: a refusal leaves nothing behind.
        let replacing = if found { Some(Replaceable::at(target)?) } else { None };
        // The copy goes where the file replaced is (through a link to it),
        // renamed there from beside it.
        let place = replacing.as_ref().map_or(target, |r| r.path.as_path());
        let folder = place.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = place.file_name().ok_or_else(|| refuse("is not a file name"))?;
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
            if aquarchive_shared::interrupt::requested() {
                return Err(StoreError::Io {
                    path: target.to_path_buf(),
                    source: std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped before it was put in place"),
                });
            }
            // Said once for a folder: where a dated backup of this archive
            // already is, the drive's way of naming was said then, and a
            // nightly backup would say it every night.
            let said_before = holds_a_dated_backup(folder, &self.path, place);
            let named = put_in_place(&temp, target, replacing.as_ref())?
                .filter(|warning| !(said_before && matches!(warning, DriveWarning::NamedByClaim { .. })));
            Ok(BackupReport {
                path: target.to_path_buf(),
                puzzles: rows.puzzles,
                solutions: rows.solutions,
                snapshots: rows.snapshots,
                fetches: rows.fetches,
                bytes,
                warnings: cleared.into_iter().chain(named).collect(),
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

/// A file at a backup's destination that `--force` may replace: an
/// archive (of any version, damaged or not: an old backup), or an empty
/// file (a backup killed on a drive without hard links leaves one). Nothing
/// else is replaced, whoever runs the backup: a device, a named pipe, a
/// socket or a folder, nor a file of other data, is left as it is, and a
/// symbolic link counts as what it points to (which is replaced, the link
/// kept).
struct Replaceable {
    /// The file itself, the link followed.
    path: PathBuf,
    /// Which file it was when checked (device and inode), so that another
    /// put there meanwhile is not replaced unchecked.
    #[cfg(unix)]
    id: (u64, u64),
}

impl Replaceable {
    /// Checks what is at `target` (which is there), or says why it may not
    /// be replaced.
    fn at(target: &Path) -> Result<Replaceable, StoreError> {
        let refuse = |why: String| StoreError::Io {
            path: target.to_path_buf(),
            source: std::io::Error::other(format!(
                "{why}; --force replaces only an archive or an empty file, so it was left untouched"
            )),
        };
        let link = std::fs::symlink_metadata(target).map_err(|e| StoreError::io(target, e))?;
        let path = if link.file_type().is_symlink() {
            match std::fs::canonicalize(target) {
                Ok(path) => path,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(refuse("is a symbolic link to nothing".into()));
                }
                Err(e) => return Err(StoreError::io(target, e)),
            }
        } else {
            target.to_path_buf()
        };
        let through = |what: &str| {
            if path == target {
                format!("is {what}")
            } else {
                format!("is a symbolic link to {what} ({})", path.display())
            }
        };
        let meta = std::fs::symlink_metadata(&path).map_err(|e| StoreError::io(target, e))?;
        if !meta.file_type().is_file() {
            return Err(refuse(through(kind_of(meta.file_type()))));
        }
        // Opened without following a link nor waiting (a named pipe put
        // there since would block a plain open), then checked to be the
        // regular file just seen.
        let mut options = std::fs::OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW | libc::O_NONBLOCK);
        let mut file = options.open(&path).map_err(|e| StoreError::io(target, e))?;
        let opened = file.metadata().map_err(|e| StoreError::io(target, e))?;
        if !opened.file_type().is_file() || identity(&opened) != identity(&meta) {
            return Err(refuse("changed while it was checked".into()));
        }
        match open::read_header(&mut file).map_err(|e| StoreError::io(target, e))? {
            open::Header::Ours { .. } | open::Header::Empty => {}
            open::Header::NotOurs(why) => {
                return Err(refuse(through(&format!("a file that is not an archive ({why})"))));
            }
        }
        Ok(Replaceable {
            path,
            #[cfg(unix)]
            id: identity(&meta),
        })
    }

    /// Whether the file checked is still the one there.
    fn still_there(&self) -> bool {
        std::fs::symlink_metadata(&self.path).is_ok_and(|meta| {
            #[cfg(unix)]
            if identity(&meta) != self.id {
                return false;
            }
            meta.file_type().is_file()
        })
    }
}

/// A file's device and inode: which file it is, by any name.
#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

/// Elsewhere every file is taken for itself.
#[cfg(not(unix))]
fn identity(_meta: &std::fs::Metadata) {}

/// Whether `folder` holds a dated backup of `archive` ([`backup_target`]'s
/// `STEM-YYYYMMDDTHHMMSSZ.sqlite`) other than `target`.
fn holds_a_dated_backup(folder: &Path, archive: &Path, target: &Path) -> bool {
    let stem = archive.file_stem().map_or_else(|| "archive".into(), |s| s.to_string_lossy());
    let prefix = format!("{stem}-");
    let Ok(entries) = std::fs::read_dir(folder) else { return false };
    entries.flatten().any(|entry| {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let dated = name.strip_prefix(&prefix).is_some_and(|rest| {
            rest.ends_with(".sqlite")
                && rest.len() >= 16
                && rest.as_bytes()[8] == b'T'
                && rest[..8].bytes().all(|b| b.is_ascii_digit())
        });
        dated && entry.path() != target
    })
}

/// What a file that is not a regular one is, in words ("a named pipe").
fn kind_of(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        return "a folder";
    }
    if file_type.is_symlink() {
        return "a symbolic link";
    }
    "not a regular file"
}

/// Puts the checked copy at `target`: renamed over the file `replacing`
/// (checked again to be the file that was checked), else named without
/// replacing ([`drive::name_new`]), which fails if a file appeared there
/// meanwhile. Then the folder is synced, so that the new name survives a
/// power cut.
fn put_in_place(
    temp: &Path,
    target: &Path,
    replacing: Option<&Replaceable>,
) -> Result<Option<DriveWarning>, StoreError> {
    let io = |e| StoreError::io(target, e);
    let mut warning = None;
    if let Some(replacing) = replacing {
        if !replacing.still_there() {
            return Err(StoreError::Io {
                path: target.to_path_buf(),
                source: std::io::Error::other("was replaced by another file during the backup; it was left untouched"),
            });
        }
        std::fs::rename(temp, &replacing.path).map_err(io)?;
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
    if let Some(folder) = replacing.map_or(target, |r| r.path.as_path()).parent().filter(|p| !p.as_os_str().is_empty())
    {
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
