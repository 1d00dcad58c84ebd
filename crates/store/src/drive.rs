//! What the drive under a file allows: naming a finished file without ever
//! replacing another, on any file system; and telling a network file system
//! apart, where the archive is not written.
//!
//! A new archive and a backup are made under a temporary name and put under
//! their own only when whole, and never over a file already there. A hard
//! link does that in one step, but exFAT and FAT32 (USB sticks, SD cards)
//! and many SMB shares have none. Linux's `renameat2` with
//! `RENAME_NOREPLACE` does it too, and the kernel's exFAT, FAT and SMB
//! drivers take it; exFAT through FUSE (libfuse 2, as Debian's `exfat-fuse`)
//! does not. Where neither works, the name is taken by creating an empty
//! file there exclusively (`O_EXCL`: it fails if anything is there, and every
//! file system honours it), and the finished file is renamed over that
//! claim. No file is replaced and nothing half-written ever has the name, but
//! for that instant the name holds the claim, and a run killed just then
//! leaves it: so that way warns ([`DriveWarning`]). The claim says who made
//! it, the process and the machine ([`Claim`]), and whoever opens the archive
//! and finds one waits for a maker that still runs, and clears the claim of
//! one on this machine that has ended ([`settle_claim`]).
//!
//! SQLite's write-ahead log needs shared memory (an `mmap` of the `-shm` file)
//! and working locks, which NFS and SMB do not give between machines: an
//! archive written there can be damaged. So an archive on a network file
//! system is read but not written ([`network_file_system`]).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::StoreError;

/// A guarantee a drive could not give in full, or what was done about a
/// run that could not keep one. The library reports it as a `tracing`
/// warning and hands it back; the command line says it on standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DriveWarning {
    /// The drive has neither hard links nor a rename that refuses to
    /// replace, so `path` was first taken by a claim.
    NamedByClaim { path: PathBuf },
    /// `path` held the claim of a run on this machine that ended before it
    /// had renamed its archive over it; the claim was removed.
    ClaimCleared { path: PathBuf, claim: Claim },
}

impl fmt::Display for DriveWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriveWarning::NamedByClaim { path } => write!(
                f,
                "{}: this drive has no hard links, so the name was taken by a small file that says who claimed \
                 it, and the finished file renamed over it; a run killed between the two leaves that claim, which \
                 the next run on this machine clears",
                path.display()
            ),
            DriveWarning::ClaimCleared { path, claim } => write!(
                f,
                "{}: removed the claim of process {} on this machine, which ended before it had made the archive \
                 there (killed between claiming the name and renaming the file)",
                path.display(),
                claim.pid
            ),
        }
    }
}

/// Who took a name by a claim (the last way a finished file is named, where
/// a drive has no hard links): what the claim file holds, one line,
/// `aquarchive claim: process PID on HOST`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub pid: u32,
    pub host: String,
}

/// How a claim file begins; nothing else does (an archive begins with
/// SQLite's header).
const CLAIM_TAG: &str = "aquarchive claim: process ";

/// `PID@HOST`, as a file of the process is named by it.
impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.pid, self.host)
    }
}

impl Claim {
    /// This process's claim.
    pub(super) fn ours() -> Claim {
        Claim { pid: std::process::id(), host: this_host() }
    }

    /// The claim of a process on this machine that a file name ends in
    /// (`PID@HOST`, then nothing, one of SQLite's side files' suffixes, or
    /// the `.new-PID` of a file being made), if it ends in one.
    pub(super) fn of_name_here(tail: &str) -> Option<Claim> {
        let (pid, after) = tail.split_once('@')?;
        let host = this_host();
        let suffix = after.strip_prefix(host.as_str())?;
        let made_as =
            suffix.strip_prefix(".new-").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !(made_as || ["", "-wal", "-shm", "-journal"].contains(&suffix)) {
            return None;
        }
        Some(Claim { pid: pid.parse().ok()?, host })
    }

    fn text(&self) -> String {
        format!("{CLAIM_TAG}{} on {}\n", self.pid, self.host)
    }

    fn parse(text: &str) -> Option<Claim> {
        let (pid, host) = text.strip_prefix(CLAIM_TAG)?.strip_suffix('\n')?.split_once(" on ")?;
        Some(Claim { pid: pid.parse().ok()?, host: host.to_string() })
    }

    /// Whether the process that made it still runs, or may: one on
    /// another machine cannot be asked.
    pub(super) fn may_run(&self) -> bool {
        self.host != this_host() || process_runs(self.pid)
    }
}

/// This machine's name, as a claim gives it.
fn this_host() -> String {
    #[cfg(unix)]
    return rustix::system::uname().nodename().to_string_lossy().into_owned();
    #[cfg(not(unix))]
    std::env::var("COMPUTERNAME").unwrap_or_default()
}

/// Whether process `pid` runs on this machine (another user's too).
#[cfg(unix)]
fn process_runs(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) else { return false };
    // Signal 0 asks without sending; EPERM: it runs as another user.
    match rustix::process::test_kill_process(pid) {
        Ok(()) => true,
        Err(e) => e == rustix::io::Errno::PERM,
    }
}

/// Elsewhere it cannot be asked: taken to run, so its claim is waited for.
#[cfg(not(unix))]
fn process_runs(_pid: u32) -> bool {
    true
}

/// How a finished file got its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Named {
    /// A hard link, or a rename that refuses to replace: one step.
    AtOnce,
    /// The name taken by a claim, then the file renamed over it.
    ByClaim,
}

/// Gives the finished file `temp` the name `path`, which must be free: an
/// error of kind `AlreadyExists` if anything is there, which is left
/// untouched. `temp` is linked (then still there: the caller removes it)
/// or renamed. Each way is tried in turn when the one before fails for any
/// other reason: file systems disagree on the error that says "not here"
/// (EPERM, EOPNOTSUPP, ENOSYS, EINVAL, EACCES), and a real failure fails
/// the last way too, which then reports it.
pub(super) fn name_new(temp: &Path, path: &Path) -> io::Result<Named> {
    let taken = |e: &io::Error| e.kind() == io::ErrorKind::AlreadyExists;
    match std::fs::hard_link(temp, path) {
        Ok(()) => return Ok(Named::AtOnce),
        Err(e) if taken(&e) => return Err(e),
        Err(e) => tracing::debug!(path = %path.display(), error = %e, "no hard link here"),
    }
    match rename_no_replace(temp, path) {
        Ok(()) => return Ok(Named::AtOnce),
        Err(e) if taken(&e) => return Err(e),
        Err(e) => tracing::debug!(path = %path.display(), error = %e, "no rename that refuses to replace here"),
    }
    let ours = Claim::ours();
    {
        use std::io::Write;
        let mut claim = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
        // Unwritten (a full drive), the claim is an empty file: still a claim,
        // of no one known, which readers wait a moment for.
        let _ = claim.write_all(ours.text().as_bytes());
    }
    tracing::warn!(path = %path.display(), "no hard links on this drive: the name taken by a claim first");
    if let Err(e) = std::fs::rename(temp, path) {
        // Still the claim made above, unless another program replaced it.
        if read_claim(path).is_ok_and(|found| found == Found::Claim(ours) || found == Found::Empty) {
            let _ = std::fs::remove_file(path);
        }
        return Err(e);
    }
    Ok(Named::ByClaim)
}

/// `rename(temp, path)` that fails with `AlreadyExists` rather than replace.
#[cfg(target_os = "linux")]
fn rename_no_replace(temp: &Path, path: &Path) -> io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    Ok(renameat_with(CWD, temp, CWD, path, RenameFlags::NOREPLACE)?)
}

/// Elsewhere there is no such call to make.
#[cfg(not(target_os = "linux"))]
fn rename_no_replace(_temp: &Path, _path: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// How long an archive found empty is waited for: an earlier version's
/// claim, or one that could not be written, says nobody, so nothing can
/// tell a maker at work from one killed. A file still empty after that is
/// refused as not ours.
const EMPTY_WAIT: Duration = Duration::from_secs(2);

/// How long a claim of a process that still runs (or one on another
/// machine) is waited for. Its maker renames the finished file over it at
/// once; one that has not in this long is stopped, or its id was taken by
/// another program, and a person must judge.
pub(super) const CLAIM_PATIENCE: Duration = Duration::from_secs(60);

/// What a name holds, as far as claims go.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    Nothing,
    Empty,
    Claim(Claim),
    /// Anything else: the archive, or what its header check judges.
    Other,
}

/// Reads what `path` holds. Only a regular file is opened (a device is
/// never), and without waiting on a named pipe put there since.
fn read_claim(path: &Path) -> io::Result<Found> {
    use std::io::Read;
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => return Ok(Found::Other),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(e),
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(e),
    };
    if !file.metadata()?.is_file() {
        return Ok(Found::Other);
    }
    let mut text = String::new();
    // A claim is one short line; an archive's first bytes are not text.
    match file.take(300).read_to_string(&mut text) {
        Ok(0) => Ok(Found::Empty),
        Ok(_) => Ok(Claim::parse(&text).map_or(Found::Other, Found::Claim)),
        Err(e) if e.kind() == io::ErrorKind::InvalidData => Ok(Found::Other),
        Err(e) => Err(e),
    }
}

/// What [`settle_claim`] left at the name.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Settled {
    /// Whatever is there (or nothing) is no claim: open it as it is.
    Open,
    /// The claim of a process on this machine that had ended was removed:
    /// the name is free.
    Cleared(Claim),
}

/// A claim still there after [`CLAIM_PATIENCE`]: its maker may still run.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct StillClaimed {
    pub claim: Claim,
    pub elsewhere: bool,
}

impl StillClaimed {
    /// The error that refuses the claimed `path`.
    pub(super) fn refusing(self, path: &Path) -> StoreError {
        let StillClaimed { claim, elsewhere } = self;
        StoreError::Claimed { path: path.to_path_buf(), pid: claim.pid, host: claim.host, elsewhere }
    }
}

/// Before an archive at `path` is opened or made: waits while it holds the
/// claim of a maker that may still run (up to `patience`), and while its
/// name is gone in the middle of the maker's rename, and clears the claim
/// of a process on this machine that has ended. An empty file (a claim of
/// no one known) is waited for [`EMPTY_WAIT`] at most, then left to the
/// header check.
pub(super) fn settle_claim(path: &Path, patience: Duration) -> io::Result<Result<Settled, StillClaimed>> {
    let start = Instant::now();
    let mut claimed = false;
    loop {
        let waited = start.elapsed();
        match read_claim(path)? {
            Found::Other => return Ok(Ok(Settled::Open)),
            // Gone between the claim and the rename (a drive whose rename
            // removes the old file first): the file is coming.
            Found::Nothing if claimed && waited < EMPTY_WAIT => {}
            Found::Nothing => return Ok(Ok(Settled::Open)),
            Found::Empty if waited < EMPTY_WAIT => claimed = true,
            Found::Empty => return Ok(Ok(Settled::Open)),
            Found::Claim(claim) if !claim.may_run() => {
                // Removed only while it is still that claim.
                if read_claim(path)? == Found::Claim(claim.clone()) {
                    std::fs::remove_file(path)
                        .or_else(|e| if e.kind() == io::ErrorKind::NotFound { Ok(()) } else { Err(e) })?;
                }
                tracing::warn!(path = %path.display(), pid = claim.pid, "removed the claim of a run that had ended");
                return Ok(Ok(Settled::Cleared(claim)));
            }
            Found::Claim(claim) if waited >= patience => {
                let elsewhere = claim.host != this_host();
                return Ok(Err(StillClaimed { claim, elsewhere }));
            }
            Found::Claim(claim) => {
                if !claimed {
                    tracing::info!(path = %path.display(), pid = claim.pid, host = claim.host, "the archive is being made by another process; waiting");
                }
                claimed = true;
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The network file system a Linux `statfs` type (`f_type`) names, if it is
/// one. The numbers are the kernel's, from `include/uapi/linux/magic.h`
/// (and, for CIFS and SMB2, `fs/smb/client/cifsglob.h`), as statfs(2) lists
/// them. FUSE (0x65735546) is not judged: it carries exFAT and NTFS drives
/// as well as sshfs, and cannot tell which.
pub(super) fn network_file_system(f_type: u32) -> Option<&'static str> {
    Some(match f_type {
        0x6969 => "NFS",             // NFS_SUPER_MAGIC
        0x517B => "SMB",             // SMB_SUPER_MAGIC
        0xFF53_4D42 => "SMB (CIFS)", // CIFS_SUPER_MAGIC
        0xFE53_4D42 => "SMB2",       // SMB2_SUPER_MAGIC
        0x564C => "NCP",             // NCP_SUPER_MAGIC
        0x7375_7245 => "Coda",       // CODA_SUPER_MAGIC
        0x5346_414F => "AFS",        // AFS_SUPER_MAGIC (OpenAFS)
        0x6B41_4653 => "AFS",        // AFS_FS_MAGIC (the kernel's kAFS)
        0x00C3_6400 => "CephFS",     // CEPH_SUPER_MAGIC
        0x0102_1997 => "9P",         // V9FS_MAGIC (also WSL2's Windows drives)
        0x0BD0_0BD0 => "Lustre",     // LL_SUPER_MAGIC (Lustre's lustre_user.h)
        0x4750_4653 => "GPFS",       // GPFS_SUPER_MAGIC (IBM Storage Scale)
        _ => return None,
    })
}

/// The network file system holding `path`, or, for a file not there yet,
/// the nearest folder above it that is. `None` on a local one, where it
/// cannot be told, and outside Linux.
pub(super) fn network_file_system_at(path: &Path) -> Option<&'static str> {
    let mut there = path.ancestors().map(|p| if p.as_os_str().is_empty() { Path::new(".") } else { p });
    there.find_map(file_system_type).and_then(network_file_system)
}

/// `statfs(path).f_type`, if `path` is there.
#[cfg(target_os = "linux")]
fn file_system_type(path: &Path) -> Option<u32> {
    // The magic numbers are 32 bits; `f_type` is wider on some targets,
    // and signed on others.
    rustix::fs::statfs(path).ok().map(|info| info.f_type as u32)
}

#[cfg(not(target_os = "linux"))]
fn file_system_type(_path: &Path) -> Option<u32> {
    None
}

#[cfg(test)]
mod tests {
    use super::super::open::open;
    use super::super::{Access, Store, StoreError};
    use super::*;

    #[test]
    fn network_file_systems_are_told_from_local_ones_and_fuse_is_not_judged() {
        for (magic, name) in [
            (0x6969, "NFS"),
            (0x517B, "SMB"),
            (0xFF53_4D42, "SMB (CIFS)"),
            (0xFE53_4D42, "SMB2"),
            (0x00C3_6400, "CephFS"),
            (0x0102_1997, "9P"),
        ] {
            assert_eq!(network_file_system(magic), Some(name), "{magic:#x}");
        }
        // ext4, btrfs, xfs, tmpfs, vfat, the kernel's exFAT, FUSE (exFAT
        // through FUSE, and sshfs too), overlayfs.
        for local in [0xEF53, 0x9123_683E, 0x5846_5342, 0x0102_1994, 0x4d44, 0x2011_BAB0, 0x6573_5546, 0x794C_7630] {
            assert_eq!(network_file_system(local), None, "{local:#x}");
        }
    }

    /// The temp dir is on a local file system here, and so is a file not
    /// made yet below folders not made yet. Its type is read (a `None` from
    /// a `statfs` that failed would pass for local too) and is no network
    /// file system's.
    #[test]
    fn a_local_folder_is_not_a_network_one_and_a_missing_path_is_judged_by_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        #[cfg(target_os = "linux")]
        {
            let local = file_system_type(dir.path()).expect("statfs of the temp dir");
            assert_eq!(network_file_system(local), None, "{local:#x}");
            let nested = dir.path().join("a/b/c.sqlite");
            let found = nested.ancestors().find_map(file_system_type);
            assert_eq!(found, Some(local), "judged by the nearest folder that is there");
        }
        assert_eq!(network_file_system_at(dir.path()), None);
        assert_eq!(network_file_system_at(&dir.path().join("a/b/c.sqlite")), None);
        assert_eq!(network_file_system_at(Path::new("relative/none.sqlite")), None);
        #[cfg(target_os = "linux")]
        assert!(file_system_type(&dir.path().join("a/b/c.sqlite")).is_none());
    }

    #[test]
    fn a_free_name_is_given_and_a_taken_one_refused_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let temp = dir.path().join("x.new");
        std::fs::write(&temp, "whole").unwrap();
        let path = dir.path().join("x");
        assert_eq!(name_new(&temp, &path).unwrap(), Named::AtOnce);
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        // Linked, the temporary name is still there: callers remove it.
        std::fs::remove_file(&temp).unwrap();
        std::fs::write(&path, "theirs").unwrap();
        std::fs::write(&temp, "ours").unwrap();
        assert_eq!(name_new(&temp, &path).unwrap_err().kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"theirs");
    }

    /// The second way, which the drives these tests run on all have.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_rename_that_refuses_to_replace_names_a_free_name_and_refuses_a_taken_one() {
        let dir = tempfile::tempdir().unwrap();
        let (temp, path) = (dir.path().join("x.new"), dir.path().join("x"));
        std::fs::write(&temp, "whole").unwrap();
        rename_no_replace(&temp, &path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert!(!temp.exists());
        std::fs::write(&temp, "ours").unwrap();
        assert_eq!(rename_no_replace(&temp, &path).unwrap_err().kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert_eq!(std::fs::read(&temp).unwrap(), b"ours");
    }

    /// The refusal through the code that opens every archive, given the
    /// verdict a share would get (none can be mounted in a test).
    #[test]
    fn writing_an_archive_on_a_network_share_is_refused_untouched_and_reading_works() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sqlite");
        drop(Store::open(&path, Access::ReadWrite).unwrap());
        let before = std::fs::read(&path).unwrap();
        for access in [Access::Update, Access::ReadWrite] {
            let err = open(&path, access, Some("NFS")).err().unwrap();
            assert!(matches!(err, StoreError::NetworkShare { file_system: "NFS", .. }), "{err:?}");
            assert_eq!(
                err.to_string(),
                format!(
                    "{}: this is on a network share (NFS), where SQLite's locks and shared memory cannot be \
                     trusted, so the archive is not written there (reading works); keep the archive on a local \
                     disk and back it up to the share (aquarchive backup /the/share/)",
                    path.display()
                )
            );
        }
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let names = || std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect::<Vec<_>>();
        assert_eq!(names(), ["a.sqlite"], "nothing made beside it");
        // Reading works: a backup kept on a share is listed and verified there.
        let (conn, _) = open(&path, Access::ReadOnly, Some("NFS")).unwrap();
        assert_eq!(conn.query_row("SELECT count(*) FROM puzzles", [], |r| r.get::<_, i64>(0)).unwrap(), 0);
        drop(conn);
        // None is made there, nor the folders above it.
        let err = open(&dir.path().join("sub/new.sqlite"), Access::ReadWrite, Some("SMB2")).err().unwrap();
        assert!(matches!(err, StoreError::NetworkShare { file_system: "SMB2", .. }), "{err:?}");
        assert_eq!(names(), ["a.sqlite"]);
    }

    /// An earlier version's claim, an empty file: the archive renamed over
    /// it soon after is the one opened.
    #[test]
    fn an_archive_found_empty_is_waited_for_until_its_maker_renames_it_in() {
        let dir = tempfile::tempdir().unwrap();
        let made = dir.path().join("made.sqlite");
        drop(Store::open(&made, Access::ReadWrite).unwrap());
        let path = dir.path().join("a.sqlite");
        std::fs::write(&path, "").unwrap();
        let maker = {
            let (made, path) = (made.clone(), path.clone());
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                std::fs::rename(made, path).unwrap();
            })
        };
        let store = Store::open(&path, Access::ReadOnly).unwrap();
        maker.join().unwrap();
        assert!(store.drive_warnings().is_empty());
        assert!(!made.exists());
        // Left empty, it is refused untouched once the wait is over.
        drop(store);
        let empty = dir.path().join("empty.sqlite");
        std::fs::write(&empty, "").unwrap();
        let start = Instant::now();
        let err = Store::open(&empty, Access::ReadWrite).err().unwrap();
        assert!(start.elapsed() >= EMPTY_WAIT, "{:?}", start.elapsed());
        assert!(err.to_string().contains("(0 bytes: empty, as a run killed while making an archive"), "{err}");
        assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0);
    }

    /// A finished archive at `made`, copied to `to`.
    fn archive_copy(made: &Path, to: &Path) {
        if !made.exists() {
            drop(Store::open(made, Access::ReadWrite).unwrap());
        }
        std::fs::copy(made, to).unwrap();
    }

    /// Renames `from` over `to` after `delay`, as a maker does once its
    /// archive is whole; with `gone_for`, the name is first removed for that
    /// long, as a drive whose rename removes the old file first shows it.
    fn rename_later(
        from: &Path,
        to: &Path,
        delay: Duration,
        gone_for: Option<Duration>,
    ) -> std::thread::JoinHandle<()> {
        let (from, to) = (from.to_path_buf(), to.to_path_buf());
        std::thread::spawn(move || {
            std::thread::sleep(delay);
            if let Some(gone_for) = gone_for {
                std::fs::remove_file(&to).unwrap();
                std::thread::sleep(gone_for);
            }
            std::fs::rename(from, to).unwrap();
        })
    }

    /// A run on this machine that is making the archive (a process that
    /// runs: a child that sleeps) holds the name by its claim: a reader (a
    /// `list` at that moment) and a writer both wait for it, also while the
    /// name is gone in the middle of the rename, and open the archive then.
    #[test]
    fn a_claim_of_a_maker_that_runs_is_waited_for_by_readers_and_writers() {
        let dir = tempfile::tempdir().unwrap();
        let (made, path) = (dir.path().join("made.sqlite"), dir.path().join("a.sqlite"));
        let mut maker = std::process::Command::new("sleep").arg("60").spawn().unwrap();
        let claim = Claim { pid: maker.id(), host: this_host() };
        for (access, gone_for) in [(Access::ReadOnly, None), (Access::ReadWrite, None), (Access::ReadOnly, Some(200))] {
            let whole = dir.path().join("whole.sqlite");
            archive_copy(&made, &whole);
            std::fs::write(&path, claim.text()).unwrap();
            let renamed = rename_later(&whole, &path, Duration::from_millis(300), gone_for.map(Duration::from_millis));
            let store = Store::open(&path, access).unwrap_or_else(|e| panic!("{access:?}: {e}"));
            renamed.join().unwrap();
            assert!(store.drive_warnings().is_empty());
            let count: i64 = store.conn.query_row("SELECT count(*) FROM puzzles", [], |r| r.get(0)).unwrap();
            assert_eq!(count, 0);
            drop(store);
            std::fs::remove_file(&path).unwrap();
        }
        // Still there once the patience given is over: said, and untouched.
        std::fs::write(&path, claim.text()).unwrap();
        let still = settle_claim(&path, Duration::from_millis(300)).unwrap();
        assert_eq!(still, Err(StillClaimed { claim: claim.clone(), elsewhere: false }));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("aquarchive claim: process {} on {}\n", claim.pid, claim.host)
        );
        let said =
            StoreError::Claimed { path: path.clone(), pid: claim.pid, host: claim.host.clone(), elsewhere: false };
        assert!(
            said.to_string().ends_with(&format!(
                "a.sqlite: being made by process {} on this machine, which still runs but has not finished in 60 s; if \
                 it is not an aquarchive run making this archive (its id may have been taken by another program), \
                 remove this file (it holds only that claim)",
                claim.pid
            )),
            "{said}"
        );
        maker.kill().unwrap();
        maker.wait().unwrap();
    }

    /// The claim of a run on this machine that has ended (killed between
    /// claiming the name and renaming its file) is cleared and said: a
    /// reader then finds no archive, a writer makes one.
    #[test]
    fn a_claim_of_a_run_that_ended_on_this_machine_is_cleared_and_said() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sqlite");
        let mut ended = std::process::Command::new("true").spawn().unwrap();
        ended.wait().unwrap();
        let claim = Claim { pid: ended.id(), host: this_host() };
        std::fs::write(&path, claim.text()).unwrap();
        let err = Store::open(&path, Access::ReadOnly).err().unwrap();
        assert_eq!(
            err.to_string(),
            format!(
                "{}: no archive here yet (import or fetch makes one): the name held only the claim of process {} on \
                 this machine, which ended before it had made the archive there; the claim was removed",
                path.display(),
                claim.pid
            )
        );
        assert!(!path.exists());
        std::fs::write(&path, claim.text()).unwrap();
        let store = Store::open(&path, Access::ReadWrite).unwrap();
        let cleared = DriveWarning::ClaimCleared { path: path.clone(), claim: claim.clone() };
        assert_eq!(store.drive_warnings(), std::slice::from_ref(&cleared));
        assert_eq!(
            cleared.to_string(),
            format!(
                "{}: removed the claim of process {} on this machine, which ended before it had made the archive \
                 there (killed between claiming the name and renaming the file)",
                path.display(),
                claim.pid
            )
        );
        let count: i64 = store.conn.query_row("SELECT count(*) FROM puzzles", [], |r| r.get(0)).unwrap();
        assert_eq!(count, 0);
    }

    /// Whether a process on another machine runs cannot be asked: its
    /// claim is waited for, then refused untouched, naming the machine.
    #[test]
    fn a_claim_from_another_machine_is_waited_for_and_never_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sqlite");
        let claim = Claim { pid: 4_000_000, host: "elsewhere.invalid".into() };
        std::fs::write(&path, claim.text()).unwrap();
        let still = settle_claim(&path, Duration::from_millis(300)).unwrap();
        assert_eq!(still, Err(StillClaimed { claim: claim.clone(), elsewhere: true }));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), claim.text());
        let said = StoreError::Claimed { path, pid: claim.pid, host: claim.host, elsewhere: true };
        assert!(said.to_string().contains(": being made by process 4000000 on elsewhere.invalid, which has not finished in 60 s; if no aquarchive run there is making this archive, remove this file"), "{said}");
    }

    /// What a claim says is read back as it was written, and nothing else
    /// passes for one.
    #[test]
    fn a_claim_reads_back_and_nothing_else_is_one() {
        let claim = Claim { pid: 42, host: "box".into() };
        assert_eq!(claim.text(), "aquarchive claim: process 42 on box\n");
        assert_eq!(Claim::parse(&claim.text()), Some(claim));
        for other in ["", "aquarchive claim: process x on box\n", "SQLite format 3", "aquarchive claim: process 42\n"] {
            assert_eq!(Claim::parse(other), None, "{other:?}");
        }
        // In a file's name: this machine's, with a side file's suffix or none.
        let here = Claim { pid: 42, host: this_host() };
        assert_eq!(here.to_string(), format!("42@{}", this_host()));
        for tail in ["", "-wal", "-shm", ".new-7"] {
            assert_eq!(Claim::of_name_here(&format!("{here}{tail}")), Some(here.clone()), "{tail:?}");
        }
        for other in
            [format!("{here}x"), format!("{here}-2"), "42@elsewhere.invalid".into(), format!("x@{}", this_host())]
        {
            assert_eq!(Claim::of_name_here(&other), None, "{other:?}");
        }
    }
}
