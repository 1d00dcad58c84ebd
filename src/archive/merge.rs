//! `import OTHER.sqlite`: another archive merged into this one, every
//! puzzle with its solutions, grade, page facts and calendar readings, every
//! page snapshot once, every fetch record once.
//!
//! The other is opened read-only with every check an open makes (ours, not
//! newer, not damaged). Work goes in chunks, each one transaction carrying
//! its puzzles with all their rows and the snapshots they name: a merge
//! stopped by Ctrl-C (between chunks) or killed leaves the target with a
//! consistent part of the other, and running it again does the rest. Each
//! puzzle is kept once as `import` keeps puzzles (see [`Store::restore`]);
//! where the two archives disagree the report says what was kept and why.

use std::path::Path;

use crate::store::{Access, Filter, Record, Store, StoreError};

use super::error::ArchiveError;
use super::restore::{Tally, copy_snapshots, restore_chunk};

/// Puzzle records per transaction (with their pages, a few MB at most).
const CHUNK: usize = 256;
/// Fetch records per transaction.
const FETCH_CHUNK: usize = 1024;
/// Snapshots without a puzzle or a fetch per transaction.
const SNAPSHOT_CHUNK: usize = 64;

/// What a merge did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MergeReport {
    /// The other archive's puzzles, each counted once.
    pub puzzles: Tally,
    /// Page snapshots stored now.
    pub snapshots: u64,
    /// Fetch records stored now, and those the log had identically.
    pub fetches: u64,
    pub fetches_present: u64,
    /// Ctrl-C stopped it between chunks: what is counted is stored.
    pub interrupted: bool,
}

impl MergeReport {
    /// Whether the merge added nothing at all (the same archive merged again).
    pub fn stored_nothing(&self) -> bool {
        self.puzzles.stored() == 0 && self.snapshots == 0 && self.fetches == 0
    }

    /// One line: puzzles, pages, fetches.
    pub fn line(&self) -> String {
        format!(
            "puzzles: {}; {} page snapshots and {} fetch records added ({} fetch records already logged)",
            self.puzzles.line(),
            self.snapshots,
            self.fetches,
            self.fetches_present
        )
    }
}

/// Why the record stream stopped early.
enum Stop {
    Interrupted,
    Failed(ArchiveError),
}

impl From<StoreError> for Stop {
    fn from(e: StoreError) -> Stop {
        Stop::Failed(e.into())
    }
}

impl From<ArchiveError> for Stop {
    fn from(e: ArchiveError) -> Stop {
        Stop::Failed(e)
    }
}

/// Merges the archive at `other` into `store` (see the module's comment).
/// The target itself is refused, as is any file `Store::open` refuses.
pub fn merge(store: &mut Store, other: &Path) -> Result<MergeReport, ArchiveError> {
    if store.is_file(other) {
        return Err(ArchiveError::Input(format!(
            "{}: this is the archive itself; name another archive to merge into it",
            other.display()
        )));
    }
    let source = Store::open(other, Access::ReadOnly)?;
    let mut report = MergeReport::default();
    let place = |id: i64| format!("{} puzzle {id}", other.display());
    let mut chunk: Vec<(String, Record)> = Vec::with_capacity(CHUNK);
    let streamed = source.records(&Filter::default(), |id, record| {
        chunk.push((place(id), record));
        if chunk.len() == CHUNK {
            report.snapshots += restore_chunk(store, Some(&source), std::mem::take(&mut chunk), &mut report.puzzles)?;
            tracing::info!(puzzles = CHUNK, "chunk merged");
            if crate::interrupt::requested() {
                return Err(Stop::Interrupted);
            }
        }
        Ok(())
    });
    match streamed {
        Ok(()) => report.snapshots += restore_chunk(store, Some(&source), chunk, &mut report.puzzles)?,
        Err(Stop::Interrupted) => return Ok(MergeReport { interrupted: true, ..report }),
        Err(Stop::Failed(e)) => return Err(e),
    }
    if crate::interrupt::requested() {
        return Ok(MergeReport { interrupted: true, ..report });
    }
    // The fetch log, a chunk at a time with the pages it names.
    let mut after = 0;
    loop {
        let fetches = source.fetch_records(after, FETCH_CHUNK)?;
        let Some((last, _)) = fetches.last() else { break };
        after = *last;
        let mut named: Vec<String> = fetches.iter().filter_map(|(_, f)| f.snapshot.clone()).collect();
        named.sort();
        named.dedup();
        let snapshots = copy_snapshots(store, &source, &named)?;
        let records: Vec<_> = fetches.into_iter().map(|(_, f)| f).collect();
        let done = store.restore_fetches(&snapshots, &records)?;
        report.snapshots += done.snapshots;
        report.fetches += done.added;
        report.fetches_present += done.present;
        if crate::interrupt::requested() {
            return Ok(MergeReport { interrupted: true, ..report });
        }
    }
    // Pages neither a puzzle nor a fetch names (an archive keeps every page it
    // was given), so that the merged archive holds every snapshot.
    let rest = store.missing_snapshots(&source.snapshot_shas()?)?;
    for shas in rest.chunks(SNAPSHOT_CHUNK) {
        let snapshots = copy_snapshots(store, &source, shas)?;
        report.snapshots += store.restore(&snapshots, &[])?.snapshots;
        if crate::interrupt::requested() {
            return Ok(MergeReport { interrupted: true, ..report });
        }
    }
    Ok(report)
}
