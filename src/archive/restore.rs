//! Whole puzzle records from outside the archive (another archive, an
//! export's JSON lines): each checked with the kinds' own code before it is
//! stored, then restored in batches by the store ([`Store::restore`]), and
//! what became of each counted, with every disagreement named.

use crate::store::{Record, sha256_hex};
use crate::store::{RestoreReport, Restored, Snapshot, Store};

use super::error::ArchiveError;
use super::kinds::AnyPuzzle;
use super::verify::{fault, solution_fault};

/// What is wrong with a record, if anything, checked as `verify` checks a
/// stored puzzle and by independent code (the kind's parser and verifier,
/// not the solver): its text read by its kind and of its size, its latest
/// solution agreeing with its status, every stored solution and reading
/// holding by the kind's rules.
pub fn check(record: &Record) -> Result<(), String> {
    let p = &record.puzzle;
    let puzzle =
        AnyPuzzle::from_stored(p.kind, &p.text, p.width, p.height).map_err(|e| format!("text: {}", e.message()))?;
    if puzzle.size() != (p.width, p.height) {
        let (width, height) = puzzle.size();
        return Err(format!("the text is {width}x{height} but the record says {}x{}", p.width, p.height));
    }
    let latest = record.solutions.last().map(|s| (s.found, s.solution.as_deref()));
    if let Some(why) = fault(&puzzle, p.status, latest) {
        return Err(why);
    }
    for s in &record.solutions {
        if let Some(text) = &s.solution
            && let Some(why) = solution_fault(&puzzle, text)
        {
            return Err(format!("solver {}: {why}", s.solver_version));
        }
    }
    for r in &record.readings {
        if !matches!(puzzle, AnyPuzzle::Calendar { .. }) {
            return Err(format!("a photo's reading ({}) of a {} puzzle, not a calendar date", r.photo, p.kind));
        }
        if let Some(why) = solution_fault(&puzzle, &r.tiling) {
            return Err(format!("the reading of {}: {why}", r.photo));
        }
    }
    Ok(())
}

/// What restoring records did, every record counted once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub new: u64,
    pub present: u64,
    /// Held already; what it lacked (solutions of other solver versions,
    /// readings, a grade, page facts) was added.
    pub completed: u64,
    /// Held as a flagged or unconfirmed copy, replaced by the better one:
    /// `place: why` each.
    pub replaced: Vec<String>,
    /// Disagreements where the archive's copy was kept: `place: why` each.
    pub conflicts: Vec<String>,
    /// Records that failed the check (see [`check`]) or could not be read,
    /// not stored: `place: why` each.
    pub refused: Vec<String>,
    /// Puzzles stored without the page snapshot they name, which the
    /// archive does not hold.
    pub snapshots_missing: u64,
}

impl Tally {
    /// Puzzles stored now or changed: new, completed or replaced.
    pub fn stored(&self) -> u64 {
        self.new + self.completed + self.replaced.len() as u64
    }

    /// Counts a restore's outcomes, `places` naming its records in order.
    pub fn count(&mut self, places: &[String], report: RestoreReport) {
        self.snapshots_missing += report.snapshots_missing;
        for (place, outcome) in places.iter().zip(report.outcomes) {
            match outcome {
                Restored::New(_) => self.new += 1,
                Restored::Present(_) => self.present += 1,
                Restored::Completed { .. } => self.completed += 1,
                Restored::Replaced { id, why } => self.replaced.push(format!("{place} (puzzle {id} here): {why}")),
                Restored::Conflict { id: Some(id), why } => {
                    self.conflicts.push(format!("{place} (puzzle {id} here): {why}"))
                }
                Restored::Conflict { id: None, why } => self.conflicts.push(format!("{place}: {why}")),
            }
        }
    }

    /// One line whose numbers add up to the records read.
    pub fn line(&self) -> String {
        format!(
            "{} new, {} completed (what they lacked added), {} replaced (a better copy), {} already present, \
             {} conflicts (the archive's copy kept), {} refused",
            self.new,
            self.completed,
            self.replaced.len(),
            self.present,
            self.conflicts.len(),
            self.refused.len()
        )
    }
}

/// Checks a chunk of records (`place`, record), stores those that pass with
/// the snapshots `source` holds of the pages they name and the archive
/// lacks (`source` None: none to bring), all in one transaction, and counts
/// what it did; returns how many snapshots it stored.
pub fn restore_chunk(
    store: &mut Store,
    source: Option<&Store>,
    chunk: Vec<(String, Record)>,
    tally: &mut Tally,
) -> Result<u64, ArchiveError> {
    let mut places = Vec::with_capacity(chunk.len());
    let mut records = Vec::with_capacity(chunk.len());
    for (place, record) in chunk {
        match check(&record) {
            Ok(()) => {
                places.push(place);
                records.push(record);
            }
            Err(why) => tally.refused.push(format!("{place}: {why}")),
        }
    }
    let mut snapshots: Vec<Snapshot> = Vec::new();
    if let Some(source) = source {
        let mut named: Vec<String> = records.iter().filter_map(|r| r.puzzle.snapshot.clone()).collect();
        named.sort();
        named.dedup();
        snapshots = copy_snapshots(store, source, &named)?;
    }
    let report = store.restore(&snapshots, &records)?;
    let stored = report.snapshots;
    tally.count(&places, report);
    Ok(stored)
}

/// The snapshots among `shas` that `store` lacks, read from `source`, each
/// checked against its name as `verify` checks them: a damaged page is not
/// copied into a sound archive.
pub fn copy_snapshots(store: &Store, source: &Store, shas: &[String]) -> Result<Vec<Snapshot>, ArchiveError> {
    let snapshots = source.snapshots_of(&store.missing_snapshots(shas)?)?;
    if let Some(bad) = snapshots.iter().find(|s| sha256_hex(&s.bytes) != s.sha256) {
        return Err(ArchiveError::Input(format!(
            "{}: snapshot {}: its bytes do not match their sha256; nothing of it was copied past this point \
             (run `aquarchive verify` on it)",
            source.path().display(),
            bad.sha256
        )));
    }
    Ok(snapshots)
}
