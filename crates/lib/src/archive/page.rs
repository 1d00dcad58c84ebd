//! A page kept in the archive, whether fetched now or saved to a file
//! before: its bytes as a snapshot with its fetch record, whatever became of
//! it; the puzzle on it judged (form, uniqueness, the site's own answer
//! hash) and stored with its solution in one transaction, exactly as
//! `import` stores a puzzle. A special is stored by its class and date.

use std::path::Path;

use crate::engine::Settings;
use crate::kinds::home::Size;
use crate::site::answer;
use crate::site::extract::{Extracted, warnings};
use crate::site::fetch::{Fetched, read_saved};
use crate::site::markup::EXTRACTOR_VERSION;
use crate::site::url::Request;
use crate::store::{Added, HashCheck, NewPuzzle, SiteFacts, Status, Store, Tries};

use super::error::ArchiveError;
use super::kinds::{self, AnyPuzzle, PuzzleError};
use super::verdict::Verdict;

/// What became of one fetch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A new puzzle with exactly one solution, stored under this id.
    New(i64),
    /// The archive had this puzzle already.
    Present(i64),
    /// The page held a puzzle, but not a good one; stored flagged, with why.
    Rejected { id: i64, status: Status, why: String },
    /// No puzzle: the fetch failed or the page could not be read.
    Failed(String),
}

/// One fetch as reported to the user.
#[derive(Clone, Debug)]
pub struct FetchReport {
    pub url: String,
    pub method: &'static str,
    pub status: Option<u16>,
    /// The requests of the last fetch of the page.
    pub tries: Tries,
    /// Pages fetched before this one that read garbled (each kept as a
    /// snapshot with its record, its puzzle not stored).
    pub garbled_before: u32,
    /// The snapshot's sha256, when any bytes arrived.
    pub snapshot: Option<String>,
    pub extracted: Option<Extracted>,
    pub outcome: Outcome,
    /// The site's answer check of the puzzle judged now (None when the page
    /// gave no puzzle, or the archive had it and it was not solved again).
    pub hash_check: Option<HashCheck>,
    /// What is odd about the puzzle without making it wrong (a tank count
    /// unlike its class's).
    pub warnings: Vec<String>,
    /// The page's hash did not match, and no page ever has: the hash's
    /// formula itself is in doubt, so the puzzle was judged without it.
    pub hash_unconfirmed: bool,
    /// The date of a past special asked for by its date (a catch-up, or
    /// `--date`); None for a page asked for without one.
    pub asked_date: Option<jiff::civil::Date>,
    /// The specials the page offers in its date list (a special's page).
    pub offered: Vec<jiff::civil::Date>,
}

/// Imports a page saved to a file, as if it had just been fetched: kept as
/// a snapshot with a record (method `file`), its puzzle judged and stored.
pub fn import_page(
    store: &mut Store,
    path: &Path,
    bytes: Vec<u8>,
    settings: Settings,
) -> Result<FetchReport, ArchiveError> {
    match keep(store, read_saved(path, bytes), settings, None)? {
        Kept::Report(report) => Ok(*report),
        Kept::Garbled(_) => unreachable!("a saved page is never fetched again"),
    }
}

/// What keeping a fetch came to.
pub(super) enum Kept {
    /// Boxed: a report is large next to a request.
    Report(Box<FetchReport>),
    /// The page's puzzle is not a good one and is worth fetching again:
    /// the page is kept with its record, the puzzle is not stored. Holds
    /// the request for that same puzzle: the one made, or, for a random
    /// puzzle of a class, one for it by its ID (read by `fetch`, which
    /// the `http` feature brings).
    #[cfg_attr(not(feature = "http"), allow(dead_code))]
    Garbled(Request),
}

/// Keeps what a fetch gave: the snapshot, the fetch record, and the puzzle;
/// but not the puzzle when it is not a good one and `refetch` names the
/// request that got it, which may be made again.
pub(super) fn keep(
    store: &mut Store,
    fetched: Fetched,
    settings: Settings,
    refetch: Option<Request>,
) -> Result<Kept, ArchiveError> {
    let record = fetched.record;
    // Judge before logging, so that the log says why a page was rejected.
    let judged = match &fetched.result {
        Ok(extracted) => Some(judge(store, extracted, &record.url, settings)?),
        Err(_) => None,
    };
    let mut error = match (&fetched.result, &judged) {
        (Err(e), _) => Some(e.to_string()),
        (Ok(_), Some(Judged::Unreadable(why))) => Some(why.clone()),
        (Ok(_), Some(Judged::Fresh(fresh))) if !fresh.verdict.status.is_kept_good() => {
            Some(fresh.puzzle.note.clone().unwrap_or_else(|| format!("the puzzle is {}", fresh.verdict.status)))
        }
        _ => None,
    };
    let garbled = match (&fetched.result, &judged, refetch) {
        (Ok(extracted), Some(Judged::Fresh(fresh)), Some(made)) if fresh.worth_another_fetch() => {
            let again = match (made, extracted.id) {
                (Request::New(class), Some(id)) if !class.is_special() => Request::Puzzle(class, id),
                _ => made,
            };
            let why = error.take().unwrap_or_else(|| GARBLED_UNCONFIRMED.to_string());
            error = Some(format!("{why}; fetched again"));
            Some(again)
        }
        _ => None,
    };
    let (hash_check, hash_unconfirmed) = match &judged {
        Some(Judged::Fresh(fresh)) => (Some(fresh.facts.hash_check), fresh.hash_unconfirmed),
        _ => (None, false),
    };
    let warnings = match &fetched.result {
        Ok(extracted) => warnings(extracted).iter().map(ToString::to_string).collect(),
        Err(_) => Vec::new(),
    };
    let snapshot = match &fetched.snapshot {
        Some(snapshot) => Some(store.put_snapshot(&snapshot.bytes, Some("text/html"))?),
        None => None,
    };
    store.log_fetch(
        &record.url,
        record.method.as_str(),
        record.status,
        error.as_deref(),
        snapshot.as_deref(),
        record.tries,
    )?;
    tracing::debug!(url = %record.url, snapshot = snapshot.as_deref(), error = error.as_deref(), "fetch logged");
    if let Some(again) = garbled {
        return Ok(Kept::Garbled(again));
    }
    let outcome = match judged {
        None | Some(Judged::Unreadable(_)) => Outcome::Failed(error.unwrap_or_default()),
        Some(Judged::Present(id)) => Outcome::Present(id),
        Some(Judged::Fresh(fresh)) => {
            let status = fresh.puzzle.status;
            let why = fresh.puzzle.note.clone();
            match store_judged(store, *fresh, snapshot.clone())? {
                Added::Present(id) if status.is_kept_good() => Outcome::Present(id),
                Added::New(id) | Added::Replaced(id) if status.is_kept_good() => Outcome::New(id),
                // A flagged page is a failure even when a flagged copy was
                // stored before: the next run must try again, not find
                // nothing new.
                Added::Present(id) | Added::New(id) | Added::Replaced(id) => {
                    Outcome::Rejected { id, status, why: why.unwrap_or_else(|| status.to_string()) }
                }
            }
        }
    };
    Ok(Kept::Report(Box::new(FetchReport {
        url: record.url,
        method: record.method.as_str(),
        status: record.status,
        tries: record.tries,
        garbled_before: 0,
        snapshot,
        extracted: fetched.result.ok(),
        outcome,
        hash_check,
        warnings,
        hash_unconfirmed,
        asked_date: None,
        offered: fetched.offered,
    })))
}

/// Why a page whose puzzle passed every other check is fetched again.
const GARBLED_UNCONFIRMED: &str = "its one solution does not give the page's hashedSolution (md5 of task and \
    answer), and no page in this archive has matched yet";

/// Stores a judged page's puzzle with the snapshot of that page, and the
/// page's site facts when the puzzle is stored now (new, or in the place of
/// a worse copy).
pub(super) fn store_judged(store: &mut Store, fresh: Fresh, snapshot: Option<String>) -> Result<Added, ArchiveError> {
    let Fresh { mut puzzle, verdict, facts, .. } = fresh;
    puzzle.snapshot = snapshot;
    Ok(store.add_fetched(&puzzle, verdict.solution.as_ref(), &facts)?)
}

pub(super) enum Judged {
    Present(i64),
    /// A task its kind's home does not read: the page is kept, the puzzle
    /// is not stored, and the fetch record says why.
    Unreadable(String),
    /// Boxed: a record and a verdict are large next to an id.
    Fresh(Box<Fresh>),
}

/// A page's puzzle judged, ready to store.
pub(super) struct Fresh {
    pub(super) puzzle: NewPuzzle,
    pub(super) verdict: Verdict,
    pub(super) facts: SiteFacts,
    pub(super) hash_unconfirmed: bool,
}

impl Fresh {
    /// The site's puzzles each have one solution that gives the page's
    /// hash: one that does not is what a garbled page looks like, and
    /// another fetch may get it whole.
    fn worth_another_fetch(&self) -> bool {
        !self.verdict.status.is_kept_good() || self.facts.hash_check == HashCheck::Mismatch
    }
}

/// The puzzle on a page, read by its kind: Aquarium's as the page reader
/// read it (from its task or its rendered board), any other kind's from its
/// task through its home (a kind without one is kept as the task came).
pub(super) fn page_puzzle(extracted: &Extracted) -> Result<AnyPuzzle, PuzzleError> {
    if let Some(aquarium) = &extracted.aquarium {
        return Ok(AnyPuzzle::Aquarium(aquarium.clone()));
    }
    let size = extracted.size.map(|(width, height)| Size::new(width, height));
    let task = extracted.task.as_deref().unwrap_or_default();
    kinds::read_task(extracted.kind, task, size)
}

/// The record to store for a page's puzzle, unless the archive has it. A
/// special is keyed by its date; a normal class's page has none.
pub(super) fn new_puzzle(extracted: &Extracted, puzzle: &AnyPuzzle, source: &str) -> NewPuzzle {
    let (width, height) = match puzzle.size() {
        (0, 0) => extracted.size.map_or((0, 0), |(w, h)| (w as i64, h as i64)),
        size => size,
    };
    NewPuzzle {
        kind: puzzle.kind(),
        source: source.to_string(),
        size_class: Some(i64::from(extracted.class.param())),
        site_id: extracted.id.and_then(|id| i64::try_from(id.0).ok()),
        special_date: extracted.date.clone().filter(|_| extracted.class.is_special()),
        width,
        height,
        text: puzzle.text(),
        snapshot: None,
        extractor_version: Some(i64::from(EXTRACTOR_VERSION)),
        status: Status::Ok,
        note: None,
    }
}

/// The site's answer check of a verdict's solution: md5 of the page's own
/// task string and the answer, against the page's `hashedSolution`. A
/// puzzle kept for a solver to come is checked when it is solved.
pub(super) fn hash_check(extracted: &Extracted, puzzle: &AnyPuzzle, verdict: &Verdict) -> HashCheck {
    let hashed = extracted.hashed_solution.as_deref();
    if verdict.status == Status::NoSolver {
        return if hashed.is_some() { HashCheck::Pending } else { HashCheck::Absent };
    }
    let task = extracted.task.clone().or_else(|| puzzle.task()).unwrap_or_default();
    let answer = verdict.solution.as_ref().and_then(|s| s.solution.as_deref()).and_then(|text| puzzle.answer(text));
    answer::check(hashed, &task, answer.as_deref())
}

pub(super) fn site_facts(extracted: &Extracted, hash_check: HashCheck) -> SiteFacts {
    SiteFacts { hashed_solution: extracted.hashed_solution.clone(), hash_check }
}

/// Judges a page's puzzle: form, uniqueness, then the site's own hash. A
/// unique puzzle whose solution does not give the page's hash is what a
/// garbled task looks like, and is flagged; unless no page has ever
/// matched, in which case the formula is what is in doubt, and the puzzle
/// is judged by its other checks. A task its kind's home cannot read is
/// named with the page's site, class and date, and not stored.
pub(super) fn judge(
    store: &Store,
    extracted: &Extracted,
    source: &str,
    settings: Settings,
) -> Result<Judged, ArchiveError> {
    let read = match page_puzzle(extracted) {
        Ok(read) => read,
        Err(why) => {
            let date = extracted.date.as_deref().map(|d| format!(" of {d}")).unwrap_or_default();
            let site = extracted.site();
            let why = match why {
                PuzzleError::Task { source, .. } => source.to_string(),
                other => other.message(),
            };
            return Ok(Judged::Unreadable(format!(
                "the {} task of {site} {}{date} does not read: {why}",
                extracted.kind, extracted.class
            )));
        }
    };
    let mut puzzle = new_puzzle(extracted, &read, source);
    // Solving is the expensive part: skip what is stored already.
    if let Some(id) = store.find(&puzzle)? {
        return Ok(Judged::Present(id));
    }
    let mut verdict = read
        .assess(settings)
        .map_err(|source_error| ArchiveError::Solve { place: source.to_string(), source: source_error })?;
    let hash_check = hash_check(extracted, &read, &verdict);
    let mut hash_unconfirmed = false;
    if hash_check == HashCheck::Mismatch && verdict.status == Status::Ok {
        if store.has_hash_match()? {
            verdict = Verdict {
                status: Status::Invalid,
                note: Some(
                    "its one solution does not give the page's hashedSolution (md5 of task and answer): \
                     the site sent a garbled task"
                        .into(),
                ),
                solution: None,
            };
        } else {
            hash_unconfirmed = true;
        }
    }
    puzzle.status = verdict.status;
    puzzle.note = verdict.note.clone();
    let facts = site_facts(extracted, hash_check);
    Ok(Judged::Fresh(Box::new(Fresh { puzzle, verdict, facts, hash_unconfirmed })))
}

impl Outcome {
    /// The outcome's word (`new`, `present`, `rejected`, `failed`), the
    /// archive's puzzle it names, and why it failed or was flagged.
    pub fn parts(&self) -> (&'static str, Option<i64>, Option<String>) {
        match self {
            Outcome::New(id) => ("new", Some(*id), None),
            Outcome::Present(id) => ("present", Some(*id), None),
            Outcome::Rejected { id, why, .. } => ("rejected", Some(*id), Some(why.clone())),
            Outcome::Failed(why) => ("failed", None, Some(why.clone())),
        }
    }
}

/// One page fetched, as `fetch --json` writes it: the request, what came of
/// it, and what the page said of its puzzle (`null` where it gave none).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FetchedRecord {
    /// A past special asked for by its date (a catch-up, or `--date`).
    pub asked_date: Option<String>,
    pub attempts: u32,
    pub busy_answers: u32,
    pub caught_up: bool,
    pub date: Option<String>,
    pub error: Option<String>,
    pub garbled_before: u32,
    pub hash_check: Option<HashCheck>,
    pub hashed_solution: Option<String>,
    pub http_status: Option<u16>,
    pub kind: Option<&'static str>,
    pub method: &'static str,
    pub outcome: &'static str,
    pub puzzle: Option<i64>,
    pub site: Option<&'static str>,
    pub site_id: Option<String>,
    pub size_class: Option<&'static str>,
    pub snapshot: Option<String>,
    pub source: Option<&'static str>,
    pub task: Option<String>,
    pub url: String,
    pub waited_ms: u64,
    pub warnings: Vec<String>,
}

impl FetchReport {
    /// The fetch as its JSON line.
    pub fn record(&self) -> FetchedRecord {
        let (outcome, puzzle, error) = self.outcome.parts();
        let extracted = self.extracted.as_ref();
        FetchedRecord {
            asked_date: self.asked_date.map(|d| d.to_string()),
            attempts: self.tries.attempts,
            busy_answers: self.tries.busy,
            caught_up: self.asked_date.is_some(),
            date: extracted.and_then(|e| e.date.clone()),
            error,
            garbled_before: self.garbled_before,
            hash_check: self.hash_check,
            hashed_solution: extracted.and_then(|e| e.hashed_solution.clone()),
            http_status: self.status,
            kind: extracted.map(|e| e.kind.name()),
            method: self.method,
            outcome,
            puzzle,
            site: extracted.map(|e| e.site().name()),
            site_id: extracted.and_then(|e| e.id).map(|id| id.to_string()),
            size_class: extracted.map(|e| e.class.name()),
            snapshot: self.snapshot.clone(),
            source: extracted.map(|e| e.source.as_str()),
            task: extracted.and_then(|e| e.aquarium.as_ref().map(|a| a.to_task()).or_else(|| e.task.clone())),
            url: self.url.clone(),
            waited_ms: self.tries.waited_ms,
            warnings: self.warnings.clone(),
        }
    }
}
