//! The site's pace: at least `min_delay` from one request's answer to the
//! next request's start, and no request before a time the site asked for
//! (`Retry-After`) or a retry's backoff.
//!
//! With a pace file the pace holds across processes: the file is locked
//! from a request's start to its answer, so overlapping runs (cron starting
//! `fetch weekly` while `fetch daily` still runs) take turns, one request at
//! a time; and it holds the time before which the next request may not
//! start, so a run started right after another still waits its turn, and a
//! `Retry-After` binds every later run too. A killed process leaves the lock
//! to the system, which drops it.

use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};

/// Keeps requests apart; see the module's comment.
#[derive(Debug)]
pub struct Pacer {
    min_delay: Duration,
    /// The longest wait taken for a time the site asked for; a longer one
    /// fails the request instead (`wait`).
    longest_wait: Duration,
    file: Option<PathBuf>,
    /// Without a file: when the next request may start.
    next: Option<Timestamp>,
    /// The pace file, open and locked, from a request's start to its answer.
    held: Option<File>,
}

/// The site asked for no request before `until`, further off than the
/// longest wait this run takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeldOff {
    pub until: Timestamp,
}

/// A pace file that could not be used: the pace then holds within this run
/// only, and the run says so.
#[derive(Debug, thiserror::Error)]
#[error("{path}: cannot use it to keep the site's pace between runs: {source}")]
pub struct PaceFileError {
    pub path: PathBuf,
    pub source: std::io::Error,
}

impl Pacer {
    /// A pace within this process only.
    pub fn new(min_delay: Duration, longest_wait: Duration) -> Pacer {
        Pacer { min_delay, longest_wait, file: None, next: None, held: None }
    }

    /// A pace shared through `file` by every process that names it (created
    /// if missing; its folder must exist).
    pub fn shared(min_delay: Duration, longest_wait: Duration, file: &Path) -> Result<Pacer, PaceFileError> {
        open(file).map_err(|source| PaceFileError { path: file.to_path_buf(), source })?;
        Ok(Pacer { file: Some(file.to_path_buf()), ..Pacer::new(min_delay, longest_wait) })
    }

    /// Waits until the next request may start (its turn, and the time the
    /// site or a backoff asked for), and notes that it starts. When that
    /// time is further off than `longest_wait`, waits for nothing and says
    /// until when the site asked to be left alone.
    pub fn wait(&mut self) -> Result<(), HeldOff> {
        let next = match self.file.clone() {
            None => self.next,
            Some(path) => match self.lock(&path) {
                Ok(next) => next,
                Err(e) => {
                    // The pace within this run still holds; say why the shared one does not.
                    tracing::warn!(path = %path.display(), error = %e, "the pace file cannot be used");
                    self.next
                }
            },
        };
        if let Some(next) = next {
            let left = next.duration_since(Timestamp::now());
            if left > SignedDuration::ZERO {
                let left = left.unsigned_abs();
                if left > self.longest_wait {
                    self.held = None;
                    return Err(HeldOff { until: next });
                }
                tracing::debug!(wait_ms = left.as_millis() as u64, "waiting for the site's pace");
                std::thread::sleep(left);
            }
        }
        Ok(())
    }

    /// Notes that the request's answer has come: the next may start
    /// `min_delay` from now, or after `hold` (a backoff, or the site's
    /// `Retry-After`) if that is longer. Lets other runs have their turn.
    pub fn answered(&mut self, hold: Option<Duration>) {
        let gap = hold.map_or(self.min_delay, |hold| hold.max(self.min_delay));
        let next = Timestamp::now().saturating_add(SignedDuration::try_from(gap).unwrap_or(SignedDuration::MAX));
        let next = next.unwrap_or(Timestamp::MAX);
        self.next = Some(next);
        if let Some(mut file) = self.held.take()
            && let Err(e) = write_next(&mut file, next)
        {
            tracing::warn!(path = ?self.file, error = %e, "the pace file cannot be written");
        }
        // Dropping the file unlocks it.
    }

    /// Opens and locks the pace file (waiting for another run's request to
    /// be answered), and reads when the next request may start.
    fn lock(&mut self, path: &Path) -> std::io::Result<Option<Timestamp>> {
        let mut file = open(path)?;
        file.lock()?;
        let mut text = String::new();
        file.read_to_string(&mut text)?;
        let stored = match text.trim() {
            "" => None,
            written => match written.parse::<Timestamp>() {
                Ok(next) => Some(next),
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "the pace file holds no time; rewritten");
                    None
                }
            },
        };
        self.held = Some(file);
        // This run's own next time counts too (the file may be new).
        Ok(stored.max(self.next))
    }
}

fn open(path: &Path) -> std::io::Result<File> {
    File::options().read(true).write(true).create(true).truncate(false).open(path)
}

fn write_next(file: &mut File, next: Timestamp) -> std::io::Result<()> {
    file.set_len(0)?;
    file.rewind()?;
    writeln!(file, "{next}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    const LONG: Duration = Duration::from_secs(60);

    #[test]
    fn requests_are_kept_apart_from_the_answer() {
        let mut pacer = Pacer::new(Duration::from_millis(60), LONG);
        let start = Instant::now();
        pacer.wait().unwrap();
        assert!(start.elapsed() < Duration::from_millis(50), "the first request waits for nothing");
        pacer.answered(None);
        pacer.wait().unwrap();
        pacer.answered(None);
        pacer.wait().unwrap();
        assert!(start.elapsed() >= Duration::from_millis(120));
    }

    #[test]
    fn a_hold_longer_than_the_delay_is_kept_and_one_too_long_is_refused() {
        let mut pacer = Pacer::new(Duration::from_millis(10), Duration::from_millis(500));
        pacer.wait().unwrap();
        pacer.answered(Some(Duration::from_millis(150)));
        let start = Instant::now();
        pacer.wait().unwrap();
        assert!(start.elapsed() >= Duration::from_millis(140));
        pacer.answered(Some(Duration::from_secs(3600)));
        let start = Instant::now();
        let held = pacer.wait().unwrap_err();
        assert!(start.elapsed() < Duration::from_millis(400), "a refused wait is not slept");
        assert!(held.until > Timestamp::now() + SignedDuration::from_secs(3500));
    }

    #[test]
    fn a_shared_pace_binds_the_next_pacer_on_the_same_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pace");
        let mut first = Pacer::shared(Duration::from_millis(200), LONG, &path).unwrap();
        first.wait().unwrap();
        first.answered(None);
        let start = Instant::now();
        let mut second = Pacer::shared(Duration::from_millis(200), LONG, &path).unwrap();
        second.wait().unwrap();
        assert!(start.elapsed() >= Duration::from_millis(150), "a new run waits for the last one's pace");
        second.answered(Some(Duration::from_secs(3600)));
        let mut third = Pacer::shared(Duration::from_millis(200), LONG, &path).unwrap();
        assert!(third.wait().is_err(), "a Retry-After binds later runs");
    }

    #[test]
    fn a_request_in_flight_holds_the_others_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pace");
        let mut first = Pacer::shared(Duration::ZERO, LONG, &path).unwrap();
        first.wait().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let other = path.clone();
        let waiter = std::thread::spawn(move || {
            let mut second = Pacer::shared(Duration::ZERO, LONG, &other).unwrap();
            second.wait().unwrap();
            tx.send(Instant::now()).unwrap();
            second.answered(None);
        });
        std::thread::sleep(Duration::from_millis(200));
        let answered = Instant::now();
        first.answered(None);
        let started = rx.recv().unwrap();
        waiter.join().unwrap();
        assert!(started >= answered, "the second request started before the first was answered");
    }

    #[test]
    fn a_damaged_pace_file_is_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pace");
        std::fs::write(&path, "not a time").unwrap();
        let mut pacer = Pacer::shared(Duration::from_millis(5), LONG, &path).unwrap();
        pacer.wait().unwrap();
        pacer.answered(None);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.trim().parse::<Timestamp>().is_ok(), "{text}");
    }
}
