//! The open archive ([`Store`]) and opening it: check the file is ours
//! and of this version before SQLite touches it, and not on a network share
//! when it is to be written; create new files atomically; and checking the
//! whole file for damage (`verify`).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use super::StoreError;
use super::drive::{self, DriveWarning, Named, Settled};
use super::migrate::{self, VERSION};
use aquarchive_shared::sha256_hex;

/// `PRAGMA application_id` of our files: "AQUA".
pub const APPLICATION_ID: i32 = 0x4151_5541;

/// The schema of a new file.
pub(super) const SCHEMA: &str = include_str!("../schema.sql");

/// An open archive.
pub struct Store {
    // Declared before `unnamed`, so closed before its files are removed.
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
    /// What the drive could not promise when this process made the file,
    /// and the claims of ended runs it cleared.
    pub(super) warnings: Vec<DriveWarning>,
    /// Set while the file is a new archive not yet given its name (see
    /// [`Store::open_to_keep`]).
    pub(super) unnamed: Option<Unnamed>,
    /// For another archive opened to be read ([`Store::open_other`]): the
    /// private folder holding the copy `conn` reads, removed when this is
    /// dropped (after `conn`, declared before it).
    pub(super) _copy: Option<Scratch>,
}

/// A new archive under a name of its own beside `path`, and the folders
/// made for it: removed when dropped (its connection closed first), unless
/// [`Store::keep`] named it.
pub(super) struct Unnamed {
    file: PathBuf,
    /// The folders above it that were made for it, deepest first.
    folders: Vec<PathBuf>,
}

impl Drop for Unnamed {
    fn drop(&mut self) {
        remove_with_side_files(&self.file);
        // Only empty folders go: anything another program put there stays.
        for folder in &self.folders {
            let _ = std::fs::remove_dir(folder);
        }
    }
}

/// Removes what runs on this machine that have ended (killed before a site
/// answered, where no destructor runs) left of their new archives in
/// `folder`: the files named `prefix` and `PID@HOST` of this machine, with
/// any suffix (the side files, and the file it was made as).
fn remove_unnamed_of_ended_runs(folder: &Path, prefix: &std::ffi::OsStr) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    let prefix = prefix.as_encoded_bytes();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.as_encoded_bytes().strip_prefix(prefix) else { continue };
        let Some(claim) = std::str::from_utf8(rest).ok().and_then(drive::Claim::of_name_here) else { continue };
        if !claim.may_run() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Removes a database file and the side files SQLite may have left beside it.
fn remove_with_side_files(file: &Path) {
    let _ = std::fs::remove_file(file);
    for side in ["-journal", "-wal", "-shm"] {
        let _ = std::fs::remove_file(beside(file, side));
    }
}

impl Store {
    /// Opens the archive at `path` (see [`Access`]). A file that is not
    /// ours, is newer than this binary, or is damaged is refused untouched.
    /// Writing (and making one) is refused on a network share.
    pub fn open(path: &Path, access: Access) -> Result<Store, StoreError> {
        let (conn, warnings) = open(path, access, drive::network_file_system_at(path))?;
        Ok(Store { conn, path: path.to_path_buf(), warnings, unnamed: None, _copy: None })
    }

    /// Opens the archive at `path` to write, as [`Access::ReadWrite`] does;
    /// where there is none, makes a new one under a name of its own beside
    /// `path` (`.NAME.unnamed-PID@HOST`), which takes `path` only at
    /// [`Store::keep`]. Dropped before that, it is removed with the folders
    /// made for it: a run that kept nothing (a `fetch` on a machine offline)
    /// leaves nothing. Errors and [`Store::path`] name `path` throughout.
    pub fn open_to_keep(path: &Path) -> Result<Store, StoreError> {
        match std::fs::symlink_metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            _ => return Store::open(path, Access::ReadWrite),
        }
        let network = drive::network_file_system_at(path);
        if let Some(file_system) = network {
            return Err(StoreError::NetworkShare { path: path.to_path_buf(), file_system });
        }
        let folders: Vec<PathBuf> = path
            .ancestors()
            .skip(1)
            .take_while(|folder| !folder.as_os_str().is_empty() && std::fs::symlink_metadata(folder).is_err())
            .map(Path::to_path_buf)
            .collect();
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = path.file_name().ok_or_else(|| StoreError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::other("is not a file name"),
        })?;
        let mut prefix = std::ffi::OsString::from(".");
        prefix.push(name);
        prefix.push(".unnamed-");
        remove_unnamed_of_ended_runs(folder, &prefix);
        let mut file_name = prefix;
        file_name.push(drive::Claim::ours().to_string());
        // Owned from here: whatever fails next, it and the folders go.
        let unnamed = Unnamed { file: folder.join(file_name), folders };
        remove_with_side_files(&unnamed.file);
        // What the drive could not promise in making the file under a name
        // of its own is nothing the user need hear: that name is not kept.
        let (conn, _) =
            open(&unnamed.file, Access::ReadWrite, network).map_err(|e| e.with_path(&unnamed.file, path))?;
        Ok(Store { conn, path: path.to_path_buf(), warnings: Vec::new(), unnamed: Some(unnamed), _copy: None })
    }

    /// Gives a new archive made by [`Store::open_to_keep`] its name, never
    /// over a file there (as every new archive is named, on any drive);
    /// nothing to do for any other. Where another process made the archive meanwhile, this one's
    /// is dropped and theirs used: call it before storing what must not be
    /// lost. What the drive could not promise is then in [`Store::drive_warnings`].
    pub fn keep(&mut self) -> Result<(), StoreError> {
        let Some(file) = self.unnamed.as_ref().map(|unnamed| unnamed.file.clone()) else { return Ok(()) };
        let path = self.path.clone();
        // Closed first: SQLite's side files are named after the file, and
        // a connection open under the old name would keep writing to them.
        let stand_in = Connection::open_in_memory().map_err(self.err())?;
        let old = std::mem::replace(&mut self.conn, stand_in);
        old.close().map_err(|(_, e)| StoreError::sql(&path, e))?;
        let named = match drive::name_new(&file, &path) {
            Ok(Named::AtOnce) => None,
            Ok(Named::ByClaim) => Some(DriveWarning::NamedByClaim { path: path.clone() }),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                tracing::info!(path = %path.display(), "another process made the archive meanwhile; using it");
                None
            }
            Err(e) => {
                // Still unnamed, and open again as it was.
                let (conn, _) = open(&file, Access::ReadWrite, None).map_err(|err| err.with_path(&file, &path))?;
                self.conn = conn;
                return Err(StoreError::io(&path, e));
            }
        };
        // Named (or given up for theirs): the name of its own goes, the
        // folders stay.
        if let Some(mut unnamed) = self.unnamed.take() {
            unnamed.folders.clear();
        }
        let (conn, warnings) = open(&path, Access::ReadWrite, None)?;
        self.conn = conn;
        self.warnings = named.into_iter().chain(warnings).collect();
        Ok(())
    }

    /// Whether this is a new archive not yet given its name (see
    /// [`Store::open_to_keep`]).
    pub fn is_unnamed(&self) -> bool {
        self.unnamed.is_some()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What this open could not promise in making the file on its drive,
    /// and the claims of ended runs it cleared (see [`DriveWarning`]).
    pub fn drive_warnings(&self) -> &[DriveWarning] {
        &self.warnings
    }

    pub(super) fn err(&self) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
        |e| StoreError::sql(&self.path, e)
    }

    /// A write transaction that takes the lock at once, so that a second
    /// writer waits (busy timeout) instead of failing on a lock upgrade.
    pub(super) fn write(&mut self) -> Result<(Transaction<'_>, &Path), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| StoreError::sql(&self.path, e))?;
        Ok((tx, &self.path))
    }
}

/// A folder of this process's own beside the archive, removed with all it
/// holds when dropped.
#[derive(Debug)]
pub(super) struct Scratch(PathBuf);

impl Scratch {
    /// Makes the folder `path`, readable by this user only; one of the same
    /// name is a killed merge's of a process with this id, and goes first.
    pub(super) fn make(path: &Path) -> Result<Scratch, StoreError> {
        let _ = std::fs::remove_dir_all(path);
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(path).map_err(|e| StoreError::io(path, e))?;
        Ok(Scratch(path.to_path_buf()))
    }

    pub(super) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// How long a second process waits for another's write to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(60);
/// How long it sleeps between two tries for the lock.
const BUSY_STEP: Duration = Duration::from_millis(10);

/// SQLite's busy handler, called while another process holds the lock this
/// one needs (`tries`: the calls so far in this wait). It says so once a
/// wait (an event, shown at `-v`: a run that seems stuck says why), then
/// sleeps in short steps for up to [`BUSY_TIMEOUT`] in all; after that
/// SQLite gives up with "database is locked".
pub(super) fn wait_for_lock(tries: i32) -> bool {
    if tries == 0 {
        tracing::info!(up_to_secs = BUSY_TIMEOUT.as_secs(), "the archive is locked by another process; waiting");
    }
    if BUSY_STEP * u32::try_from(tries).unwrap_or(0) >= BUSY_TIMEOUT {
        return false;
    }
    std::thread::sleep(BUSY_STEP);
    true
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Changes nothing stored; works on read-only files; the file must exist.
    /// (Where it could write, the last one to close removes SQLite's side
    /// files, as a writer does.)
    ReadOnly,
    /// Writes; the file must exist. For the commands that work on what is
    /// stored: where there is no archive, nothing was asked of one.
    Update,
    /// Writes, and creates the file if missing. For the commands that bring
    /// puzzles in.
    ReadWrite,
}

impl Access {
    fn writes(self) -> bool {
        self != Access::ReadOnly
    }
}

/// Opens the archive at `path`, which is on the network file system
/// `network` if any (see [`drive::network_file_system_at`]).
pub(super) fn open(
    path: &Path,
    access: Access,
    network: Option<&'static str>,
) -> Result<(Connection, Vec<DriveWarning>), StoreError> {
    let io = |source| StoreError::io(path, source);
    // Before anything is made or opened there. Reading stays allowed: a
    // backup kept on a share is a plain file (no write-ahead log) that
    // `verify` and `list` read.
    if let (true, Some(file_system)) = (access.writes(), network) {
        return Err(StoreError::NetworkShare { path: path.to_path_buf(), file_system });
    }
    let mut warnings = Vec::new();
    // Another process making the archive on a drive without hard links may
    // hold its name by a claim: a reader waits for it as a writer does.
    let settle = |warnings: &mut Vec<DriveWarning>| match drive::settle_claim(path, drive::CLAIM_PATIENCE) {
        Ok(Ok(Settled::Open)) => Ok(()),
        Ok(Ok(Settled::Cleared(claim))) => {
            warnings.push(DriveWarning::ClaimCleared { path: path.to_path_buf(), claim });
            Ok(())
        }
        Ok(Err(still)) => Err(still.refusing(path)),
        Err(e) => Err(io(e)),
    };
    settle(&mut warnings)?;
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match access {
            Access::ReadOnly | Access::Update => {
                let cleared = warnings.iter().find_map(|warning| match warning {
                    DriveWarning::ClaimCleared { claim, .. } => Some(claim.pid),
                    DriveWarning::NamedByClaim { .. } => None,
                });
                return Err(match cleared {
                    Some(pid) => StoreError::MissingClaimCleared { path: path.to_path_buf(), pid },
                    None => StoreError::Missing { path: path.to_path_buf() },
                });
            }
            Access::ReadWrite => {
                warnings.extend(create(path)?);
                // Made by another process meanwhile, it may be its claim.
                settle(&mut warnings)?;
            }
        },
        Err(e) => return Err(io(e)),
        Ok(_) => {}
    }
    // Checked by hand: SQLite run as root would write anyway, and on a
    // read-only file system it fails with "unable to open database file".
    let file_writable = match std::fs::metadata(path) {
        Ok(meta) => !meta.permissions().readonly() && writable(path),
        // Gone since: not read-only, not there.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(StoreError::Missing { path: path.to_path_buf() });
        }
        Err(e) => return Err(io(e)),
    };
    if access.writes() && !file_writable {
        return Err(StoreError::ReadOnly { path: path.to_path_buf() });
    }
    check_header(path)?;
    // A reader that could write opens the file as a writer would, with
    // writes refused (`query_only` below). SQLite makes a log (`-wal`) and a
    // shared-memory file (`-shm`) beside a WAL archive to read it, and only
    // a connection that may write removes them when it is the last to close:
    // read-only, every read would leave them behind.
    let may_write = access.writes() || (file_writable && folder_writable(path));
    let flags = if may_write { OpenFlags::SQLITE_OPEN_READ_WRITE } else { OpenFlags::SQLITE_OPEN_READ_ONLY }
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let sql = |e| StoreError::sql(path, e);
    let mut conn = if !may_write && !shared_memory_usable(path) {
        open_immutable(path, flags)?
    } else {
        Connection::open_with_flags(path, flags).map_err(sql)?
    };
    conn.busy_handler(Some(wait_for_lock)).map_err(sql)?;
    // The header check read the file as last checkpointed; SQLite's answer
    // includes the write-ahead log.
    let version = check_ids(path, &conn)?;
    if version < VERSION {
        // An archive of an earlier version is upgraded by whatever first
        // opens it where it could write, a reader too.
        migrate::upgrade(path, &conn, version, may_write && network.is_none())?;
    }
    if !access.writes() {
        conn.pragma_update(None, "query_only", true).map_err(sql)?;
    }
    if access.writes() {
        // WAL: readers never wait for the writer; NORMAL sync is safe
        // against a killed process (only power loss may drop the last commit).
        conn.pragma_update(None, "journal_mode", "WAL").map_err(sql)?;
        conn.pragma_update(None, "synchronous", "NORMAL").map_err(sql)?;
    }
    conn.pragma_update(None, "foreign_keys", "ON").map_err(sql)?;
    if access.writes() {
        check_written_tables(path, &conn)?;
    }
    Ok((conn, warnings))
}

impl Store {
    /// Reads the whole file (`PRAGMA integrity_check`) and every snapshot's
    /// bytes against their sha256: damage that no query has touched yet
    /// shows here. It reads everything, so `verify` runs it, not every command.
    pub fn check_integrity(&self) -> Result<(), StoreError> {
        let corrupt = |why: String| StoreError::Corrupt { path: self.path.clone(), why };
        let mut statement = self.conn.prepare("PRAGMA integrity_check(5)").map_err(self.err())?;
        let problems: Vec<String> =
            statement.query_map([], |r| r.get(0)).map_err(self.err())?.collect::<Result<_, _>>().map_err(self.err())?;
        if problems != ["ok"] {
            return Err(corrupt(format!("integrity check: {}", problems.join("; "))));
        }
        let mut statement = self.conn.prepare("SELECT sha256, bytes FROM snapshots").map_err(self.err())?;
        let mut rows = statement.query([]).map_err(self.err())?;
        while let Some(row) = rows.next().map_err(self.err())? {
            let sha: String = row.get(0).map_err(self.err())?;
            let bytes: Vec<u8> = row.get(1).map_err(self.err())?;
            if sha256_hex(&bytes) != sha {
                return Err(corrupt(format!("snapshot {sha}: its bytes no longer match their sha256")));
            }
        }
        Ok(())
    }
}

/// Whether the file can be opened for writing (opening changes nothing).
fn writable(path: &Path) -> bool {
    !matches!(write_error(path), Some(std::io::ErrorKind::ReadOnlyFilesystem | std::io::ErrorKind::PermissionDenied))
}

/// What opening the file for writing says, if it fails.
fn write_error(path: &Path) -> Option<std::io::ErrorKind> {
    std::fs::OpenOptions::new().write(true).open(path).err().map(|e| e.kind())
}

/// Whether SQLite can keep the shared-memory index (`-shm`) that reading a
/// WAL database needs: it makes the index and the log (`-wal`) itself where
/// the folder can be written, and elsewhere uses them read-only if both are
/// there (an archive shared read-only, last read by its owner).
pub(super) fn shared_memory_usable(path: &Path) -> bool {
    folder_writable(path) || (beside(path, "-shm").exists() && beside(path, "-wal").exists())
}

/// Whether this process may make files in the folder holding `path` (false
/// on a read-only file system, and for a user without write permission).
#[cfg(unix)]
fn folder_writable(path: &Path) -> bool {
    use rustix::fs::{Access, AtFlags, CWD, accessat};
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    // The effective user's rights, as the kernel will judge a write.
    accessat(CWD, folder, Access::WRITE_OK, AtFlags::EACCESS).is_ok()
}

/// Elsewhere the folder's read-only attribute is what there is to ask.
#[cfg(not(unix))]
fn folder_writable(path: &Path) -> bool {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::metadata(folder).is_ok_and(|m| !m.permissions().readonly())
}

/// `archive.sqlite` with `suffix` appended, as SQLite names its side files.
pub(super) fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Opens a file whose shared-memory index cannot be made (see
/// [`shared_memory_usable`]). Since this process cannot write beside the
/// file, it reads the file as immutable. A write-ahead log left with commits
/// in it would be ignored that way, so that case is refused instead.
pub(super) fn open_immutable(path: &Path, flags: OpenFlags) -> Result<Connection, StoreError> {
    let log = beside(path, "-wal");
    if std::fs::metadata(&log).is_ok_and(|m| m.len() > 0) {
        return Err(StoreError::UnmergedLog { path: path.to_path_buf(), log });
    }
    let mut uri = String::from("file:");
    for &b in path.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    Connection::open_with_flags(&uri, flags | OpenFlags::SQLITE_OPEN_URI).map_err(|e| StoreError::sql(path, e))
}

/// Before writing, checks the tables a write may touch (all but the
/// snapshots' bytes, which `verify` checks): SQLite notices damage only in
/// the pages it reads, and writing beside unnoticed damage would spread it.
/// The tables are small (texts and numbers), so this stays quick.
fn check_written_tables(path: &Path, conn: &Connection) -> Result<(), StoreError> {
    for table in ["puzzles", "solutions", "fetches", "site_facts"] {
        let mut statement =
            conn.prepare(&format!("PRAGMA integrity_check({table})")).map_err(|e| StoreError::sql(path, e))?;
        let problems: Vec<String> = statement
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect())
            .map_err(|e| StoreError::sql(path, e))?;
        if problems != ["ok"] {
            return Err(StoreError::Corrupt {
                path: path.to_path_buf(),
                why: format!("table {table}: {}", problems.join("; ")),
            });
        }
    }
    Ok(())
}

/// Makes a new database beside `path` and gives it the name only when it is
/// whole, never over a file there ([`drive::name_new`]), so that a killed
/// process never leaves a half-made file and two processes creating the
/// same archive at once end up sharing one.
fn create(path: &Path) -> Result<Option<DriveWarning>, StoreError> {
    let io = |source| StoreError::io(path, source);
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    let mut temp = path.as_os_str().to_owned();
    temp.push(format!(".new-{}", std::process::id()));
    let temp = PathBuf::from(temp);
    let _ = std::fs::remove_file(&temp);
    // Errors name the file asked for: the temporary name means nothing to the user.
    let made = (|| {
        let conn = Connection::open(&temp).map_err(|e| StoreError::sql(path, e))?;
        conn.pragma_update(None, "application_id", APPLICATION_ID).map_err(|e| StoreError::sql(path, e))?;
        // Born in WAL mode: switching a linked file over later goes through a
        // rollback journal, and a process killed then leaves a hot journal
        // that read-only commands cannot roll back.
        conn.pragma_update(None, "journal_mode", "WAL").map_err(|e| StoreError::sql(path, e))?;
        create_tables(path, &conn)
    })();
    let named = made.and_then(|()| match drive::name_new(&temp, path) {
        Ok(Named::AtOnce) => Ok(None),
        Ok(Named::ByClaim) => Ok(Some(DriveWarning::NamedByClaim { path: path.to_path_buf() })),
        // Another process made it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(None),
        Err(e) => Err(io(e)),
    });
    let _ = std::fs::remove_file(&temp);
    named
}

/// What a file's first bytes say it is.
pub(super) enum Header {
    /// Ours, of some version, whole or not (the rest of [`check_header`]
    /// tells): its first 100 bytes, and the file's length.
    Ours { header: [u8; 100], length: u64 },
    /// No bytes at all.
    Empty,
    /// Something else, and what.
    NotOurs(String),
}

/// Reads the header of the open file `file` (from its start), without SQLite.
pub(super) fn read_header(file: &mut std::fs::File) -> std::io::Result<Header> {
    let length = file.metadata()?.len();
    let mut header = [0u8; 100];
    if length == 0 {
        return Ok(Header::Empty);
    }
    if length < header.len() as u64 {
        return Ok(Header::NotOurs(format!("{length} bytes, too short for an SQLite file")));
    }
    file.read_exact(&mut header)?;
    if &header[..16] != b"SQLite format 3\0" {
        return Ok(Header::NotOurs("not an SQLite file".into()));
    }
    let application_id = header_word(&header, 68) as i32;
    if application_id != APPLICATION_ID {
        return Ok(Header::NotOurs(format!("an SQLite file of another program, application_id {application_id:#x}")));
    }
    Ok(Header::Ours { header, length })
}

/// The big-endian 32-bit number at byte `at` of an SQLite header.
fn header_word(header: &[u8; 100], at: usize) -> u32 {
    u32::from_be_bytes(header[at..at + 4].try_into().expect("4 bytes"))
}

/// Rejects, from the raw header and without SQLite, what is not ours, is
/// newer than us, or has been cut short.
pub(super) fn check_header(path: &Path) -> Result<(), StoreError> {
    let not_ours = |why: &str| StoreError::NotOurs { path: path.to_path_buf(), why: why.into() };
    let io = |source| StoreError::io(path, source);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let (header, length) = match read_header(&mut file).map_err(io)? {
        Header::Ours { header, length } => (header, length),
        Header::Empty => {
            return Err(not_ours(
                "0 bytes: empty, as a run killed while making an archive on a drive without hard links leaves it; \
                 remove it and run again",
            ));
        }
        Header::NotOurs(why) => return Err(not_ours(&why)),
    };
    let word = |at: usize| header_word(&header, at);
    let version = i64::from(word(60));
    if version > VERSION {
        return Err(StoreError::Newer { path: path.to_path_buf(), found: version, known: VERSION });
    }
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65536,
        n => u64::from(n),
    };
    // The size in the header counts only when the two counters agree. A
    // process killed inside a checkpoint may leave page 1 written before
    // the pages that grow the file; its write-ahead log still holds them,
    // so with a log present SQLite is the judge.
    let pages = u64::from(word(28));
    let has_log = std::fs::metadata(beside(path, "-wal")).is_ok_and(|m| m.len() > 0);
    if word(24) == word(92) && pages * page_size > length && !has_log {
        return Err(StoreError::Corrupt {
            path: path.to_path_buf(),
            why: format!("cut short: {length} bytes where the header says {}", pages * page_size),
        });
    }
    Ok(())
}

/// Checks the ids SQLite reads (the log included) and returns the
/// database version: this binary's, or an earlier one to upgrade.
pub(super) fn check_ids(path: &Path, conn: &Connection) -> Result<i64, StoreError> {
    let sql = |e| StoreError::sql(path, e);
    let application_id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0)).map_err(sql)?;
    if application_id != APPLICATION_ID {
        return Err(StoreError::NotOurs {
            path: path.to_path_buf(),
            why: format!("application_id {application_id:#x}"),
        });
    }
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(sql)?;
    if version > VERSION {
        return Err(StoreError::Newer { path: path.to_path_buf(), found: version, known: VERSION });
    }
    // Reading the schema touches the first pages: damage there shows now.
    conn.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get::<_, i64>(0)).map_err(sql)?;
    Ok(version)
}

/// Makes the tables of a new file and sets its version, in one transaction.
fn create_tables(path: &Path, conn: &Connection) -> Result<(), StoreError> {
    let sql = |e| StoreError::sql(path, e);
    let tx = rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Immediate).map_err(sql)?;
    tx.execute_batch(SCHEMA).map_err(sql)?;
    tx.pragma_update(None, "user_version", VERSION).map_err(sql)?;
    tx.commit().map_err(sql)
}
