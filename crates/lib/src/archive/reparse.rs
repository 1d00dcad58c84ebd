//! `reparse`: the stored pages read again with the current extractor.

use super::Archive;
use crate::engine::Settings;
use crate::site::family::SiteId;
use crate::site::fetch::{Method, process, process_saved};
use crate::site::markup::EXTRACTOR_VERSION;
use crate::site::url::{PuzzleId, Request, SizeClass, read_request};
use crate::store::{Added, Filter, Status};

use super::error::ArchiveError;
use super::page::{Judged, hash_check, judge, new_puzzle, page_puzzle, site_facts, store_judged};
use super::verdict::Verdict;

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
    /// The page of a removed puzzle (the id it had), read again as asked:
    /// its puzzle is stored again under this id (or was stored already).
    BroughtBack {
        removed: i64,
        status: Status,
        stored: Added,
    },
}

/// Re-extracts every stored puzzle that came from a snapshot with the
/// current extractor; a puzzle that now reads differently is re-judged and
/// replaced, with its solution, in one transaction. Then tries every page
/// fetched that gave no puzzle, and stores what it gives now; the pages of
/// removed puzzles (`remove`) too where `bring_back_removed`, and else not,
/// so that a removed puzzle stays removed.
pub fn reparse(
    archive: &mut Archive,
    settings: Settings,
    bring_back_removed: bool,
    each: &mut dyn FnMut(i64, &Reparsed),
) -> Result<Vec<(i64, Reparsed)>, ArchiveError> {
    let store = archive.store_mut();
    let stored = store.puzzles(&Filter::default())?;
    let mut results = Vec::new();
    for puzzle in stored {
        let record = &puzzle.record;
        // The site is the kind's; a puzzle of no site's kind has no page.
        let Some(site) = SiteId::of_kind(record.kind) else { continue };
        let class = record.size_class.and_then(|c| u8::try_from(c).ok()).and_then(|n| SizeClass::of(site, n));
        let (Some(sha), Some(class)) = (&record.snapshot, class) else {
            continue;
        };
        let Some(bytes) = store.snapshot(sha)? else {
            results.push((puzzle.id, Reparsed::NowFails(format!("snapshot {sha} is missing"))));
            continue;
        };
        // A special asked for by its date is checked against that date again.
        let request = match (read_request(&record.source), record.site_id.and_then(|id| u64::try_from(id).ok())) {
            (Some(asked @ Request::Special(..)), _) => asked,
            (_, Some(id)) => Request::Puzzle(class, PuzzleId(id)),
            (_, None) => Request::New(class),
        };
        let result = match process(&bytes, request) {
            Err(e) => Reparsed::NowFails(e.to_string()),
            Ok(extracted) => {
                let read = match page_puzzle(&extracted) {
                    Ok(read) => read,
                    Err(why) => {
                        let result = Reparsed::NowFails(why.message());
                        each(puzzle.id, &result);
                        results.push((puzzle.id, result));
                        continue;
                    }
                };
                if record.special_date.is_none()
                    && let Some(date) = new_puzzle(&extracted, &read, &record.source).special_date
                {
                    store.put_special_date(puzzle.id, &date)?;
                }
                let after = read.text();
                if after == record.text {
                    let stored = Verdict { status: record.status, note: None, solution: puzzle.solution.clone() };
                    store.put_site_facts(puzzle.id, &site_facts(&extracted, hash_check(&extracted, &read, &stored)))?;
                    Reparsed::Same
                } else {
                    let verdict = read
                        .assess(settings)
                        .map_err(|source| ArchiveError::Solve { place: record.source.clone(), source })?;
                    store
                        .put_site_facts(puzzle.id, &site_facts(&extracted, hash_check(&extracted, &read, &verdict)))?;
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
    for page in store.pages_without_puzzle(bring_back_removed)? {
        let Some(bytes) = store.snapshot(&page.sha256)? else { continue };
        let extracted = match read_request(&page.url) {
            Some(request) => process(&bytes, request),
            // A page saved to a file says itself what it holds.
            None if page.method == Method::File.as_str() => process_saved(&bytes),
            None => continue,
        };
        let Ok(extracted) = extracted else { continue };
        let Judged::Fresh(fresh) = judge(store, &extracted, &page.url, settings)? else {
            continue;
        };
        let status = fresh.puzzle.status;
        let stored = store_judged(store, *fresh, Some(page.sha256))?;
        let (Added::New(id) | Added::Replaced(id) | Added::Present(id)) = stored;
        let result = match page.removed {
            Some(removed) => Reparsed::BroughtBack { removed, status, stored },
            None => Reparsed::Found { status, stored },
        };
        each(id, &result);
        results.push((id, result));
    }
    Ok(results)
}

/// One stored puzzle's line of `reparse --json`: `result` says what its
/// snapshot gave (`same`, `changed`, `fails`, `found`, `brought_back`),
/// with the fields that result has.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReparseRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub already_stored: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub puzzle: i64,
    /// The ID a removed puzzle had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub removed: Option<i64>,
    pub result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
}

impl Reparsed {
    /// What reparsing puzzle `id` gave, as its JSON line.
    pub fn record(&self, id: i64) -> ReparseRecord {
        let empty = ReparseRecord {
            after: None,
            already_stored: None,
            before: None,
            error: None,
            puzzle: id,
            removed: None,
            result: "same",
            status: None,
        };
        let present = |stored: &Added| Some(matches!(stored, Added::Present(_)));
        match self {
            Reparsed::Same => empty,
            Reparsed::Changed { before, after, status } => ReparseRecord {
                result: "changed",
                before: Some(before.clone()),
                after: Some(after.clone()),
                status: Some(*status),
                ..empty
            },
            Reparsed::NowFails(why) => ReparseRecord { result: "fails", error: Some(why.clone()), ..empty },
            Reparsed::Found { status, stored } => {
                ReparseRecord { result: "found", status: Some(*status), already_stored: present(stored), ..empty }
            }
            Reparsed::BroughtBack { removed, status, stored } => ReparseRecord {
                result: "brought_back",
                removed: Some(*removed),
                status: Some(*status),
                already_stored: present(stored),
                ..empty
            },
        }
    }
}
