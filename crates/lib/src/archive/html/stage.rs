//! Writing a directory all at once: what is written goes into a fresh
//! hidden directory beside it, renamed onto it at the end, so that a failed
//! or killed export leaves the directory as it was. An existing directory
//! is replaced only if it is empty or was written this way (it holds
//! [`MARK`]), and what a killed run left beside it is cleared on the next.

use std::path::{Path, PathBuf};

use super::super::ArchiveError;

/// The file that marks a directory as an export, so that only an earlier
/// export (or an empty directory) is ever replaced.
pub const MARK: &str = ".aquarchive-html";
/// What [`MARK`] holds.
pub(super) const MARK_TEXT: &str = "aquarchive HTML export\n";

/// Puts at `dir` what `write` writes into the directory it is given (a
/// fresh one, holding [`MARK`]), or leaves `dir` as it was when `write`
/// fails. Errors name files as they would be in `dir`.
pub(super) fn stage<T>(dir: &Path, write: impl FnOnce(&Path) -> Result<T, ArchiveError>) -> Result<T, ArchiveError> {
    let staging = sibling(dir, "new")?;
    stage_via(dir, &staging, write).map_err(|err| as_asked(err, &staging, dir))
}

/// An error about a file in the hidden staging directory, told of the
/// directory the user asked for (the staging one is gone by then).
fn as_asked(err: ArchiveError, staging: &Path, dir: &Path) -> ArchiveError {
    match err {
        ArchiveError::Io { path, source } => {
            let path = match Path::new(&path).strip_prefix(staging) {
                Ok(rest) if rest.as_os_str().is_empty() => dir.display().to_string(),
                Ok(rest) => dir.join(rest).display().to_string(),
                Err(_) => path,
            };
            ArchiveError::Io { path, source }
        }
        other => other,
    }
}

fn stage_via<T>(
    dir: &Path,
    staging: &Path,
    write: impl FnOnce(&Path) -> Result<T, ArchiveError>,
) -> Result<T, ArchiveError> {
    check_replaceable(dir)?;
    remove_leftovers(dir)?;
    let staging = staging.to_path_buf();
    remove_dir(&staging)?;
    // The mark first: a staging directory left by a kill is then known as ours.
    std::fs::create_dir_all(&staging).map_err(io(&staging))?;
    std::fs::write(staging.join(MARK), MARK_TEXT).map_err(io(&staging))?;
    let result = write(&staging);
    match result {
        Ok(written) => {
            replace(&staging, dir)?;
            Ok(written)
        }
        Err(err) => {
            let _ = std::fs::remove_dir_all(&staging);
            Err(err)
        }
    }
}

pub(super) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ArchiveError + '_ {
    move |source| ArchiveError::Io { path: path.display().to_string(), source }
}

/// `DIR` must be missing, an empty directory, or an earlier export.
fn check_replaceable(dir: &Path) -> Result<(), ArchiveError> {
    let Ok(meta) = std::fs::symlink_metadata(dir) else { return Ok(()) };
    if !meta.is_dir() {
        return Err(ArchiveError::Input(format!("{}: exists and is not a directory", dir.display())));
    }
    let mut entries = std::fs::read_dir(dir).map_err(io(dir))?;
    if entries.next().is_none() || dir.join(MARK).is_file() {
        return Ok(());
    }
    Err(ArchiveError::Input(format!(
        "{}: not empty and not an earlier HTML export (no {MARK} in it); it is left alone: give a new or empty directory",
        dir.display()
    )))
}

/// A hidden name beside `dir`: `.NAME.new-PID`, on the same file system, so
/// that renaming is atomic.
fn sibling(dir: &Path, what: &str) -> Result<PathBuf, ArchiveError> {
    let name = dir
        .file_name()
        .ok_or_else(|| ArchiveError::Input(format!("{}: give a directory name to export into", dir.display())))?;
    Ok(dir.with_file_name(format!(".{}.{what}-{}", name.to_string_lossy(), std::process::id())))
}

/// Removes what exports killed midway left beside `dir`: hidden siblings
/// named as `sibling` names them, marked as ours, whose process is gone
/// (told by /proc, so only on Linux: elsewhere they stay).
fn remove_leftovers(dir: &Path) -> Result<(), ArchiveError> {
    if !cfg!(target_os = "linux") {
        return Ok(());
    }
    let Some(name) = dir.file_name() else { return Ok(()) };
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let Ok(entries) = std::fs::read_dir(parent) else { return Ok(()) };
    let prefix = format!(".{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else { continue };
        let Some(pid) = rest.strip_prefix("new-").or_else(|| rest.strip_prefix("old-")) else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        let gone = !Path::new(&format!("/proc/{pid}")).exists();
        if gone && entry.path().join(MARK).is_file() {
            remove_dir(&entry.path())?;
        }
    }
    Ok(())
}

fn remove_dir(path: &Path) -> Result<(), ArchiveError> {
    match std::fs::remove_dir_all(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(path)(e)),
        _ => Ok(()),
    }
}

/// Puts the finished site at `dir`: the old one (if any) is moved aside
/// first and removed after, so `dir` is at every moment a whole site or
/// missing for the instant between two renames.
fn replace(staging: &Path, dir: &Path) -> Result<(), ArchiveError> {
    if std::fs::symlink_metadata(dir).is_ok() {
        let old = sibling(dir, "old")?;
        remove_dir(&old)?;
        std::fs::rename(dir, &old).map_err(io(dir))?;
        std::fs::rename(staging, dir).map_err(io(dir))?;
        remove_dir(&old)
    } else {
        if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::rename(staging, dir).map_err(io(dir))
    }
}
