//! Whole puzzle records from outside the archive (another archive, an
//! export's JSON lines): each checked with the kinds' own code before it is
//! stored, then restored in batches by the store ([`Store::restore`]), and
//! what became of each counted, with every disagreement named.

use crate::store::{MAX_ROW_BYTES, READ_BUDGET, Record, sha256_hex, too_large};
use crate::store::{RestoreReport, Restored, Store};

use super::error::ArchiveError;
use super::kinds::AnyPuzzle;
use super::verify::{fault, kept_as_given, solution_fault};

/// What is wrong with a record, if anything, checked as `verify` checks a
/// stored puzzle and by independent code (the kind's parser and verifier,
/// not the solver): no larger than [`MAX_ROW_BYTES`], its text read by its
/// kind and of its size, its latest solution agreeing with its status, every
/// stored solution and reading holding by the kind's rules. A text this
/// version cannot read passes when the record keeps it as the site gave it
/// (see `kept_as_given`).
pub fn check(record: &Record) -> Result<(), String> {
    let bytes = record.bytes();
    if bytes > MAX_ROW_BYTES {
        return Err(too_large(bytes));
    }
    let p = &record.puzzle;
    let puzzle = match AnyPuzzle::from_stored(p.kind, &p.text, p.width, p.height) {
        Ok(puzzle) => puzzle,
        Err(_) if kept_as_given(p.status) && record.solutions.is_empty() && record.readings.is_empty() => {
            return Ok(());
        }
        Err(e) => return Err(format!("text: {}", e.message())),
    };
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

/// Checks a chunk of records (`place`, record), stores those that pass in
/// one transaction, and counts what it did. The pages they name must be in
/// the archive by then (see [`copy_snapshots`]); one that is not is left
/// out of its record (counted).
pub fn restore_chunk(store: &mut Store, chunk: Vec<(String, Record)>, tally: &mut Tally) -> Result<(), ArchiveError> {
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
    if records.is_empty() {
        return Ok(());
    }
    // A new archive takes its name before its first record (see `Store::open_to_keep`).
    store.keep()?;
    let report = store.restore(&[], &records)?;
    tally.count(&places, report);
    Ok(())
}

/// Copies the snapshots among `shas` that `store` lacks from `source`, a
/// transaction per [`READ_BUDGET`] of bytes, and returns how many it
/// stored. Each is checked against its name as `verify` checks them: one
/// whose bytes do not match, or that cannot be read (of the wrong type,
/// more than [`MAX_ROW_BYTES`]), is refused (its sha256 and why added to
/// `refused`) and the others are copied.
pub fn copy_snapshots(
    store: &mut Store,
    source: &Store,
    shas: &[String],
    refused: &mut Vec<(String, String)>,
) -> Result<u64, ArchiveError> {
    let mut stored = 0;
    let mut group: Vec<String> = Vec::new();
    let mut bytes = 0;
    let sizes = source.snapshot_sizes(&store.missing_snapshots(shas)?)?;
    for (i, (sha, size)) in sizes.iter().enumerate() {
        if *size > MAX_ROW_BYTES {
            refused.push((sha.clone(), too_large(*size)));
        } else {
            group.push(sha.clone());
            bytes += size;
        }
        let next = sizes.get(i + 1).map_or(u64::MAX, |(_, size)| *size);
        if !group.is_empty() && bytes.saturating_add(next) > READ_BUDGET {
            let mut good = Vec::with_capacity(group.len());
            for (sha, read) in source.snapshots_of(&group)? {
                match read {
                    Ok(s) if sha256_hex(&s.bytes) == s.sha256 => good.push(s),
                    Ok(_) => refused.push((sha, "its bytes do not match their sha256".into())),
                    Err(why) => refused.push((sha, why)),
                }
            }
            if !good.is_empty() {
                store.keep()?;
                stored += store.restore(&good, &[])?.snapshots;
            }
            group.clear();
            bytes = 0;
        }
    }
    Ok(stored)
}
