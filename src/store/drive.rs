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
//! file system honours it), and the finished file is renamed over that empty
//! one. No file is replaced and nothing half-written ever has the name, but
//! for that instant the name holds an empty file, and a run killed just then
//! leaves it: so that way warns ([`DriveWarning`]), and whoever opens an
//! archive it finds empty waits a moment for the rename ([`wait_while_empty`]).
//!
//! SQLite's write-ahead log needs shared memory (an `mmap` of the `-shm` file)
//! and working locks, which NFS and SMB do not give between machines: an
//! archive written there can be damaged. So an archive on a network file
//! system is read but not written ([`network_file_system`]).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A guarantee a drive could not give in full. The library reports it as a
/// `tracing` warning and hands it back; the command line says it on
/// standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DriveWarning {
    /// The drive has neither hard links nor a rename that refuses to
    /// replace, so `path` was first taken by an empty file.
    NamedByClaim { path: PathBuf },
}

impl fmt::Display for DriveWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriveWarning::NamedByClaim { path } => write!(
                f,
                "{}: this drive has no hard links, so the name was taken by an empty file first and the finished \
                 file renamed over it; a run killed between the two leaves that empty file (remove it)",
                path.display()
            ),
        }
    }
}

/// How a finished file got its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Named {
    /// A hard link, or a rename that refuses to replace: one step.
    AtOnce,
    /// The name taken by an empty file, then the file renamed over it.
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
    std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    tracing::warn!(path = %path.display(), "no hard links on this drive: the name taken by an empty file first");
    if let Err(e) = std::fs::rename(temp, path) {
        // Still the empty file made above, unless another program replaced it.
        if std::fs::metadata(path).is_ok_and(|m| m.len() == 0) {
            let _ = std::fs::remove_file(path);
        }
        return Err(e);
    }
    Ok(Named::ByClaim)
}

/// `rename(temp, path)` that fails with `AlreadyExists` rather than replace.
#[cfg(target_os = "linux")]
fn rename_no_replace(temp: &Path, path: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| std::ffi::CString::new(p.as_os_str().as_bytes()).map_err(io::Error::other);
    let (from, to) = (c(temp)?, c(path)?);
    // SAFETY: both are NUL-terminated paths that outlive the call.
    let done =
        unsafe { libc::renameat2(libc::AT_FDCWD, from.as_ptr(), libc::AT_FDCWD, to.as_ptr(), libc::RENAME_NOREPLACE) };
    if done == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// Elsewhere there is no such call to make.
#[cfg(not(target_os = "linux"))]
fn rename_no_replace(_temp: &Path, _path: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// How long an archive found empty is waited for: another process making
/// it on a drive without hard links has taken its name with an empty file
/// and is about to rename the new archive over it (see [`name_new`]). A
/// file still empty after that was left so, and is refused as not ours.
const CLAIM_WAIT: Duration = Duration::from_secs(2);

/// Waits while `path` is an empty file, up to [`CLAIM_WAIT`].
pub(super) fn wait_while_empty(path: &Path) {
    let start = Instant::now();
    while std::fs::metadata(path).is_ok_and(|m| m.len() == 0) && start.elapsed() < CLAIM_WAIT {
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
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    let mut info = std::mem::MaybeUninit::<libc::statfs>::uninit();
    // SAFETY: `path` is NUL-terminated and `info` is large enough; it is
    // read only when the call succeeded and filled it.
    let info = unsafe {
        if libc::statfs(path.as_ptr(), info.as_mut_ptr()) != 0 {
            return None;
        }
        info.assume_init()
    };
    // The magic numbers are 32 bits; `f_type` is wider on some targets,
    // and signed on others.
    Some(info.f_type as u32)
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
    /// made yet below folders not made yet.
    #[test]
    fn a_local_folder_is_not_a_network_one_and_a_missing_path_is_judged_by_its_folder() {
        let dir = tempfile::tempdir().unwrap();
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

    /// Another process making the archive on a drive without hard links
    /// took the name with an empty file: the archive renamed over it soon
    /// after is the one opened.
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
        let store = Store::open(&path, Access::ReadWrite).unwrap();
        maker.join().unwrap();
        assert!(store.drive_warning().is_none());
        assert!(!made.exists());
        // Left empty, it is refused untouched once the wait is over.
        drop(store);
        let empty = dir.path().join("empty.sqlite");
        std::fs::write(&empty, "").unwrap();
        let start = Instant::now();
        let err = Store::open(&empty, Access::ReadWrite).err().unwrap();
        assert!(start.elapsed() >= CLAIM_WAIT, "{:?}", start.elapsed());
        assert!(err.to_string().contains("(0 bytes: empty, as a run killed while making an archive"), "{err}");
        assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0);
    }
}
