//! The site's pace: at least `min_delay` from one request's answer to the
//! next request's start, and no request before a time the site asked for
//! (`Retry-After`) or a retry's backoff.
//!
//! With a pace file the pace holds across processes: the file is locked
//! from a request's start to its answer, so overlapping runs (cron starting
//! `fetch weekly` while `fetch daily` still runs) take turns, one request at
//! a time; and it holds when the last answer came and the time before which
//! no request may start, so a run started right after another still waits
//! its turn (its own delay, which robots.txt's `Crawl-delay` may lengthen),
//! and a `Retry-After` binds every later run too. A killed process leaves
//! the lock to the system, which drops it.

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
    /// When the last answer came, as this run knows it.
    answered: Option<Timestamp>,
    /// No request before this time (a backoff, a `Retry-After`).
    not_before: Option<Timestamp>,
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
        Pacer { min_delay, longest_wait, file: None, answered: None, not_before: None, held: None }
    }

    /// A pace shared through `file` by every process that names it (created
    /// if missing; its folder must exist).
    pub fn shared(min_delay: Duration, longest_wait: Duration, file: &Path) -> Result<Pacer, PaceFileError> {
        open(file).map_err(|source| PaceFileError { path: file.to_path_buf(), source })?;
        Ok(Pacer { file: Some(file.to_path_buf()), ..Pacer::new(min_delay, longest_wait) })
    }

    /// Keeps requests at least `delay` apart, when that is longer than the
    /// delay set.
    pub fn at_least(&mut self, delay: Duration) {
        self.min_delay = self.min_delay.max(delay);
    }

    /// Waits until the next request may start (its turn, and the time the
    /// site or a backoff asked for), and notes that it starts. When that
    /// time is further off than `longest_wait`, waits for nothing and says
    /// until when the site asked to be left alone.
    pub fn wait(&mut self) -> Result<(), HeldOff> {
        if let Some(path) = self.file.clone()
            && let Err(e) = self.lock(&path)
        {
            // The pace within this run still holds; say why the shared one does not.
            tracing::warn!(path = %path.display(), error = %e, "the pace file cannot be used");
        }
        let after_answer = self.answered.and_then(|at| at.checked_add(self.min_delay).ok());
        if let Some(next) = after_answer.max(self.not_before) {
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
        let now = Timestamp::now();
        self.answered = Some(now);
        self.not_before = hold.map(|hold| {
            let hold = SignedDuration::try_from(hold).unwrap_or(SignedDuration::MAX);
            now.saturating_add(hold).unwrap_or(Timestamp::MAX)
        });
        if let Some(mut file) = self.held.take()
            && let Err(e) = write_pace(&mut file, now, self.not_before)
        {
            tracing::warn!(path = ?self.file, error = %e, "the pace file cannot be written");
        }
        // Dropping the file unlocks it.
    }

    /// Opens and locks the pace file (waiting for another run's request to
    /// be answered), and reads when the last answer came and the time
    /// before which no request may start.
    fn lock(&mut self, path: &Path) -> std::io::Result<()> {
        let mut file = open(path)?;
        file.lock()?;
        let mut text = String::new();
        file.read_to_string(&mut text)?;
        let mut times = text.split_whitespace().map(str::parse::<Timestamp>);
        match (times.next(), times.next()) {
            (None, _) => {}
            (Some(Ok(answered)), not_before) => {
                self.answered = self.answered.max(Some(answered));
                if let Some(Ok(not_before)) = not_before {
                    self.not_before = self.not_before.max(Some(not_before));
                }
            }
            (Some(Err(e)), _) => {
                tracing::warn!(path = %path.display(), error = %e, "the pace file holds no time; rewritten");
            }
        }
        self.held = Some(file);
        Ok(())
    }
}

/// The pace file's one line: when the last answer came, and the time
/// before which no request may start, if any.
fn write_pace(file: &mut File, answered: Timestamp, not_before: Option<Timestamp>) -> std::io::Result<()> {
    file.set_len(0)?;
    file.rewind()?;
    match not_before {
        Some(not_before) => writeln!(file, "{answered} {not_before}"),
        None => writeln!(file, "{answered}"),
    }
}

fn open(path: &Path) -> std::io::Result<File> {
    File::options().read(true).write(true).create(true).truncate(false).open(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    const LONG: Duration = Duration::from_secs(60);

    #[test]
    fn requests_are_kept_apart_from_the_answer() {
        // The first request waits for nothing: a pacer that would rather
        // refuse than wait at all lets it go, whatever its delay.
        let mut eager = Pacer::new(LONG, Duration::ZERO);
        assert!(eager.wait().is_ok(), "the first request waits for nothing");
        eager.answered(None);
        assert!(eager.wait().is_err(), "the second request would wait the delay");
        let mut pacer = Pacer::new(Duration::from_millis(60), LONG);
        let start = Instant::now();
        pacer.wait().unwrap();
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
        // Generous for a loaded machine, and still far short of the hour.
        assert!(start.elapsed() < Duration::from_secs(30), "a refused wait is not slept");
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

    #[test]
    fn a_run_with_a_longer_delay_counts_it_from_the_last_answer() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pace");
        let mut first = Pacer::shared(Duration::from_millis(5), LONG, &path).unwrap();
        first.wait().unwrap();
        first.answered(None);
        // Another run whose delay is longer (a Crawl-delay) waits its own.
        let start = Instant::now();
        let mut slower = Pacer::shared(Duration::from_millis(300), LONG, &path).unwrap();
        slower.wait().unwrap();
        assert!(start.elapsed() >= Duration::from_millis(250), "{:?}", start.elapsed());
    }
}
