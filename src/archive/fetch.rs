//! `fetch` and `reparse`: pages from the site into the archive. Every page
//! fetched is kept as a snapshot with its fetch record, whatever became of
//! it; the puzzle on it is judged (form, uniqueness, the site's own answer
//! hash) and stored with its solution in one transaction, exactly as
//! `import` stores a puzzle. A special is stored by its class and date.

use std::path::Path;

use crate::engine::Settings;
use crate::kinds::aquarium::Water;
use crate::site::answer;
use crate::site::extract::{Extracted, warnings};
use crate::site::fetch::{Fetched, PageSource, Request, fetch, process, read_saved};
use crate::site::markup::EXTRACTOR_VERSION;
use crate::site::url::{PuzzleId, SiteUrls, SizeClass, read_url};
use crate::store::{Added, Filter, HashCheck, NewPuzzle, SiteFacts, Status, Store, Tries};

use super::error::ArchiveError;
use super::verdict::{Verdict, assess};
use crate::kinds::Kind;

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

/// How a fetch judges what it gets.
#[derive(Clone, Copy, Debug)]
pub struct FetchOptions {
    pub solve: Settings,
    /// How many more times a page is fetched when the puzzle on it is not
    /// a good one (its hash does not match, it has no or several
    /// solutions): the site garbles some pages it serves, and another
    /// fetch may get the page whole. Only when every page read so is the
    /// puzzle stored flagged.
    pub refetch_garbled: u32,
}

impl Default for FetchOptions {
    fn default() -> FetchOptions {
        FetchOptions { solve: Settings::default(), refetch_garbled: 2 }
    }
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
}

/// Fetches one page and keeps what it gives. A page whose puzzle is not a
/// good one is fetched again, up to `options.refetch_garbled` more times
/// (the same page: a special's URL, or the puzzle's own ID), each page
/// kept as a snapshot with its record; only the last is stored flagged.
pub fn fetch_one(
    store: &mut Store,
    source: &mut dyn PageSource,
    urls: &SiteUrls,
    request: Request,
    options: FetchOptions,
) -> Result<FetchReport, ArchiveError> {
    let mut request = request;
    let mut garbled = 0;
    loop {
        let again = garbled < options.refetch_garbled;
        match keep(store, fetch(source, urls, request), options.solve, again.then_some(request))? {
            Kept::Report(mut report) => {
                report.garbled_before = garbled;
                return Ok(*report);
            }
            Kept::Garbled(again) => {
                garbled += 1;
                tracing::info!(url = %request.url(urls), garbled, "the page read garbled; fetching it again");
                request = again;
            }
        }
    }
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
enum Kept {
    /// Boxed: a report is large next to a request.
    Report(Box<FetchReport>),
    /// The page's puzzle is not a good one and is worth fetching again:
    /// the page is kept with its record, the puzzle is not stored. Holds
    /// the request for that same puzzle: the one made, or, for a random
    /// puzzle of a class, one for it by its ID.
    Garbled(Request),
}

/// Keeps what a fetch gave: the snapshot, the fetch record, and the puzzle;
/// but not the puzzle when it is not a good one and `refetch` names the
/// request that got it, which may be made again.
fn keep(
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
        (Ok(_), Some(Judged::Fresh(fresh))) if fresh.verdict.status != Status::Ok => {
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
        None => Outcome::Failed(error.unwrap_or_default()),
        Some(Judged::Present(id)) => Outcome::Present(id),
        Some(Judged::Fresh(fresh)) => {
            let status = fresh.puzzle.status;
            let why = fresh.puzzle.note.clone();
            match store_judged(store, *fresh, snapshot.clone())? {
                Added::Present(id) if status == Status::Ok => Outcome::Present(id),
                Added::New(id) | Added::Replaced(id) if status == Status::Ok => Outcome::New(id),
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
    })))
}

/// Why a page whose puzzle passed every other check is fetched again.
const GARBLED_UNCONFIRMED: &str = "its one solution does not give the page's hashedSolution (md5 of task and \
    answer), and no page in this archive has matched yet";

/// Stores a judged page's puzzle with the snapshot of that page, and the
/// page's site facts when the puzzle is stored now (new, or in the place of
/// a worse copy).
fn store_judged(store: &mut Store, fresh: Fresh, snapshot: Option<String>) -> Result<Added, ArchiveError> {
    let Fresh { mut puzzle, verdict, facts, .. } = fresh;
    puzzle.snapshot = snapshot;
    Ok(store.add_fetched(&puzzle, verdict.solution.as_ref(), &facts)?)
}

enum Judged {
    Present(i64),
    /// Boxed: a record and a verdict are large next to an id.
    Fresh(Box<Fresh>),
}

/// A page's puzzle judged, ready to store.
struct Fresh {
    puzzle: NewPuzzle,
    verdict: Verdict,
    facts: SiteFacts,
    hash_unconfirmed: bool,
}

impl Fresh {
    /// The site's puzzles each have one solution that gives the page's
    /// hash: one that does not is what a garbled page looks like, and
    /// another fetch may get it whole.
    fn worth_another_fetch(&self) -> bool {
        self.verdict.status != Status::Ok || self.facts.hash_check == HashCheck::Mismatch
    }
}

/// The record to store for a page's puzzle, unless the archive has it. A
/// special is keyed by its date; a normal class's page has none.
fn new_puzzle(extracted: &Extracted, source: &str) -> NewPuzzle {
    NewPuzzle {
        kind: Kind::Aquarium,
        source: source.to_string(),
        size_class: Some(i64::from(extracted.class.param())),
        site_id: extracted.id.and_then(|id| i64::try_from(id.0).ok()),
        special_date: extracted.date.clone().filter(|_| extracted.class.is_special()),
        width: extracted.puzzle.width() as i64,
        height: extracted.puzzle.height() as i64,
        text: extracted.puzzle.to_string(),
        snapshot: None,
        extractor_version: Some(i64::from(EXTRACTOR_VERSION)),
        status: Status::Ok,
        note: None,
    }
}

/// The site's answer check of a verdict's solution: md5 of the page's own
/// task string and the answer, against the page's `hashedSolution`.
fn hash_check(extracted: &Extracted, verdict: &Verdict) -> HashCheck {
    let task = extracted.task.clone().unwrap_or_else(|| extracted.puzzle.to_task());
    let answer = verdict
        .solution
        .as_ref()
        .and_then(|s| s.solution.as_deref())
        .and_then(|rows| Water::parse(rows).ok())
        .map(|water| water.to_answer());
    answer::check(extracted.hashed_solution.as_deref(), &task, answer.as_deref())
}

fn site_facts(extracted: &Extracted, hash_check: HashCheck) -> SiteFacts {
    SiteFacts { hashed_solution: extracted.hashed_solution.clone(), hash_check }
}

/// Form and uniqueness (the archive's checks, as for any imported puzzle).
fn verdict(extracted: &Extracted, settings: Settings, place: &str) -> Result<Verdict, ArchiveError> {
    assess(&extracted.puzzle, settings)
        .map_err(|source| ArchiveError::Solve { place: place.to_string(), source: source.into() })
}

/// Judges a page's puzzle: form, uniqueness, then the site's own hash. A
/// unique puzzle whose solution does not give the page's hash is what a
/// garbled task looks like, and is flagged; unless no page has ever
/// matched, in which case the formula is what is in doubt, and the puzzle
/// is judged by its other checks.
fn judge(store: &Store, extracted: &Extracted, source: &str, settings: Settings) -> Result<Judged, ArchiveError> {
    let mut puzzle = new_puzzle(extracted, source);
    // Solving is the expensive part: skip what is stored already.
    if let Some(id) = store.find(&puzzle)? {
        return Ok(Judged::Present(id));
    }
    let mut verdict = verdict(extracted, settings, source)?;
    let hash_check = hash_check(extracted, &verdict);
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

/// Fetches until `count` new puzzles of a class are stored. A random page
/// may repeat one the archive has: that costs another request, up to
/// `count * 3` in all. A failure stops (the fetcher has already retried
/// what a retry can mend). A special has one puzzle per period: asked once.
pub fn fetch_new(
    store: &mut Store,
    source: &mut dyn PageSource,
    urls: &SiteUrls,
    class: SizeClass,
    count: usize,
    options: FetchOptions,
    each: &mut dyn FnMut(&FetchReport),
) -> Result<Vec<FetchReport>, ArchiveError> {
    let (wanted, tries) = if class.is_special() { (1, 1) } else { (count, count * 3) };
    let mut reports = Vec::new();
    let mut new = 0;
    while new < wanted && reports.len() < tries {
        let report = fetch_one(store, source, urls, Request::New(class), options)?;
        each(&report);
        new += usize::from(matches!(report.outcome, Outcome::New(_)));
        let failed = matches!(report.outcome, Outcome::Failed(_) | Outcome::Rejected { .. });
        reports.push(report);
        if failed {
            break;
        }
    }
    Ok(reports)
}

/// One given puzzle by class and ID.
pub fn fetch_id(
    store: &mut Store,
    source: &mut dyn PageSource,
    urls: &SiteUrls,
    class: SizeClass,
    id: PuzzleId,
    options: FetchOptions,
) -> Result<FetchReport, ArchiveError> {
    fetch_one(store, source, urls, Request::Puzzle(class, id), options)
}

/// What re-extracting one stored puzzle's snapshot gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reparsed {
    Same,
    /// The extractor now reads another puzzle; the archive is updated.
    Changed {
        before: String,
        after: String,
        status: Status,
    },
    /// The snapshot no longer gives a puzzle; the stored one is kept.
    NowFails(String),
    /// A page that gave no puzzle when fetched gives one now: stored under
    /// this id (or, when the archive had it already, found there).
    Found {
        status: Status,
        stored: Added,
    },
}

/// Re-extracts every stored puzzle that came from a snapshot with the
/// current extractor; a puzzle that now reads differently is re-judged and
/// replaced, with its solution, in one transaction. Then tries every page
/// fetched that gave no puzzle, and stores what it gives now.
pub fn reparse(
    store: &mut Store,
    settings: Settings,
    each: &mut dyn FnMut(i64, &Reparsed),
) -> Result<Vec<(i64, Reparsed)>, ArchiveError> {
    let stored = store.puzzles(&Filter { kind: Some(Kind::Aquarium), ..Filter::default() })?;
    let mut results = Vec::new();
    for puzzle in stored {
        let record = &puzzle.record;
        let class = record.size_class.and_then(|c| u8::try_from(c).ok()).and_then(SizeClass::from_param);
        let (Some(sha), Some(class)) = (&record.snapshot, class) else {
            continue;
        };
        let Some(bytes) = store.snapshot(sha)? else {
            results.push((puzzle.id, Reparsed::NowFails(format!("snapshot {sha} is missing"))));
            continue;
        };
        let request = match record.site_id.and_then(|id| u64::try_from(id).ok()) {
            Some(id) => Request::Puzzle(class, PuzzleId(id)),
            None => Request::New(class),
        };
        let result = match process(&bytes, request) {
            Err(e) => Reparsed::NowFails(e.to_string()),
            Ok(extracted) => {
                if record.special_date.is_none()
                    && let Some(date) = new_puzzle(&extracted, &record.source).special_date
                {
                    store.put_special_date(puzzle.id, &date)?;
                }
                let after = extracted.puzzle.to_string();
                if after == record.text {
                    let stored = Verdict { status: record.status, note: None, solution: puzzle.solution.clone() };
                    store.put_site_facts(puzzle.id, &site_facts(&extracted, hash_check(&extracted, &stored)))?;
                    Reparsed::Same
                } else {
                    let verdict = verdict(&extracted, settings, &record.source)?;
                    store.put_site_facts(puzzle.id, &site_facts(&extracted, hash_check(&extracted, &verdict)))?;
                    let status = verdict.status;
                    store.replace_text(
                        puzzle.id,
                        &after,
                        i64::from(EXTRACTOR_VERSION),
                        status,
                        verdict.note.as_deref(),
                        verdict.solution.as_ref(),
                    )?;
                    Reparsed::Changed { before: record.text.clone(), after, status }
                }
            }
        };
        each(puzzle.id, &result);
        results.push((puzzle.id, result));
    }
    // Pages that gave no puzzle when fetched: the extractor may read them now.
    for (url, sha) in store.snapshots_without_puzzle()? {
        let Some((class, id)) = read_url(&url) else { continue };
        let Some(bytes) = store.snapshot(&sha)? else { continue };
        let request = id.map_or(Request::New(class), |id| Request::Puzzle(class, id));
        let Ok(extracted) = process(&bytes, request) else { continue };
        let Judged::Fresh(fresh) = judge(store, &extracted, &url, settings)? else {
            continue;
        };
        let status = fresh.puzzle.status;
        let stored = store_judged(store, *fresh, Some(sha))?;
        let (Added::New(id) | Added::Replaced(id) | Added::Present(id)) = stored;
        let result = Reparsed::Found { status, stored };
        each(id, &result);
        results.push((id, result));
    }
    Ok(results)
}
