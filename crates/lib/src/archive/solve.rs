//! Re-solving stored puzzles (after a solver improves, or to finish what a
//! crash left): in parallel, written back in batched transactions.

use super::Archive;
use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::engine::Settings;
use crate::shared::HashCheck;
use crate::site::answer;
use crate::store::{Filter, Status};

use super::error::ArchiveError;
use super::import::CHUNK;
use super::kinds::AnyPuzzle;
use super::stored::stored;
use super::verdict::{Tally, Verdict};

/// What a re-solve found.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub solved: u64,
    /// Puzzles by their new status, several solutions where the kind has
    /// them as a rule apart (see [`Tally`]).
    pub by_status: BTreeMap<Tally, u64>,
    /// Puzzles now invalid, unsolvable, or several where their kind expects
    /// one solution (several is no fault for calendar dates and rings).
    pub faults: u64,
    /// Puzzles whose status is not what was stored before.
    pub changed: Vec<(i64, Status, Status)>,
    /// Puzzles that could not be re-solved: `puzzle N: why`.
    pub failed: Vec<String>,
    /// Ctrl-C stopped the work after a chunk (see [`crate::interrupt`]):
    /// the puzzles counted are re-solved and stored, the rest untouched.
    pub interrupted: bool,
}

/// The site's answer check of a puzzle judged again, against its page's
/// hash: a puzzle kept for a solver to come is checked once it is solved.
fn site_check(puzzle: &AnyPuzzle, verdict: &Verdict, hashed: &str) -> HashCheck {
    if verdict.status == Status::NoSolver {
        return HashCheck::Pending;
    }
    let answer = verdict.solution.as_ref().and_then(|s| s.solution.as_deref()).and_then(|text| puzzle.answer(text));
    match puzzle.task() {
        Some(task) => answer::check(Some(hashed), &task, answer.as_deref()),
        None => HashCheck::Absent,
    }
}

/// The ids of the puzzles a filter picks, so a re-solve can start (and
/// size its progress bar) before reading any puzzle.
pub fn pick(archive: &Archive, filter: &Filter) -> Result<Vec<i64>, ArchiveError> {
    let store = archive.store();
    let mut ids = Vec::new();
    store.each(filter, |p| {
        ids.push(p.id);
        Ok::<_, ArchiveError>(())
    })?;
    Ok(ids)
}

/// Re-solves the puzzles `ids`, `progress` hearing the count done; after
/// Ctrl-C it stops at the end of the chunk at hand.
pub fn resolve(
    archive: &mut Archive,
    ids: &[i64],
    settings: Settings,
    progress: &dyn Fn(u64),
) -> Result<Summary, ArchiveError> {
    let store = archive.store_mut();
    let mut summary = Summary::default();
    let mut done = 0;
    for chunk in ids.chunks(CHUNK) {
        if crate::interrupt::requested() {
            summary.interrupted = true;
            break;
        }
        let puzzles = store.puzzles(&Filter { ids: chunk.to_vec(), ..Filter::default() })?;
        let hashed = store.hashed_solutions(chunk)?;
        let results: Vec<_> = puzzles
            .par_iter()
            .map(|record| {
                let puzzle = stored(record)?;
                let verdict = puzzle
                    .assess(settings)
                    .map_err(|source| ArchiveError::Solve { place: format!("puzzle {}", record.id), source })?;
                let tally = Tally::of(puzzle.kind(), verdict.status);
                let check = hashed.get(&record.id).map(|hash| site_check(&puzzle, &verdict, hash));
                Ok::<_, ArchiveError>((record.id, record.record.status, verdict, tally, check))
            })
            .collect();
        let mut batch = Vec::with_capacity(results.len());
        let mut checks = Vec::new();
        for result in results {
            match result {
                Ok((id, before, verdict, tally, check)) => {
                    checks.extend(check.map(|check| (id, check)));
                    summary.faults += u64::from(tally.is_fault());
                    if before != verdict.status {
                        summary.changed.push((id, before, verdict.status));
                    }
                    *summary.by_status.entry(tally).or_default() += 1;
                    batch.push((id, verdict.status, verdict.note, verdict.solution));
                }
                Err(err) => summary.failed.push(err.to_string()),
            }
        }
        store.update(&batch)?;
        store.put_hash_checks(&checks)?;
        summary.solved += batch.len() as u64;
        done += chunk.len() as u64;
        progress(done);
        tracing::info!(puzzles = batch.len(), done, "batch re-solved");
    }
    Ok(summary)
}
