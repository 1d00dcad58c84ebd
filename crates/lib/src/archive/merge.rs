//! `import OTHER.sqlite`: another archive merged into this one, every
//! puzzle with its solutions, grade, page facts and calendar readings, every
//! page snapshot once, every fetch record once, and the player's progress
//! on its puzzles (kept by [`super::progress`]'s rule).
//!
//! The other is untrusted input: it is read from a checked private copy
//! ([`Store::open_other`]: never written, upgraded or held locked, refused
//! whole when it is not ours, newer, damaged or holds what our schema does
//! not), and each of its rows is read on its own. A row that cannot be
//! stored faithfully (a kind this version does not know, a value of the
//! wrong type, more than [`crate::store::MAX_ROW_BYTES`], a record failing
//! the kinds' checks, a page not matching its sha256) is refused by its id
//! with the reason, and the rest is merged: a merge run again refuses it
//! again and stops at nothing. Work goes in chunks, each one transaction
//! carrying its puzzles with all their rows, after the snapshots they name:
//! a merge stopped by Ctrl-C (between chunks) or killed leaves the target
//! with a consistent part of the other, and running it again does the rest.
//! Each puzzle is kept once as `import` keeps puzzles (see
//! [`Store::restore`]); where the two archives disagree the report says
//! what was kept and why.

use std::collections::HashSet;
use std::path::Path;

use crate::render::count_of;
use crate::store::{Filter, Record, Store};

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
    /// Puzzles' progress records kept now (see [`super::progress::keep`]).
    pub progress: u64,
    /// Page snapshots and fetch records of the other that were not stored:
    /// `place: why` each (puzzles refused are in `puzzles`).
    pub refused: Vec<String>,
    /// Ctrl-C stopped it between chunks: what is counted is stored.
    pub interrupted: bool,
}

impl MergeReport {
    /// Whether the merge added nothing at all (the same archive merged again).
    pub fn stored_nothing(&self) -> bool {
        self.puzzles.stored() == 0 && self.snapshots == 0 && self.fetches == 0 && self.progress == 0
    }

    /// Rows of the other refused, puzzles, pages and fetch records together.
    pub fn refused(&self) -> usize {
        self.puzzles.refused.len() + self.refused.len()
    }

    /// One line: puzzles, pages, fetches, and what was refused of them.
    pub fn line(&self) -> String {
        let mut line = format!(
            "puzzles: {}; {} page snapshots and {} fetch records added ({} fetch records already logged)",
            self.puzzles.line(),
            self.snapshots,
            self.fetches,
            self.fetches_present
        );
        if self.progress > 0 {
            line.push_str(&format!("; {} of a player's progress kept", count_of(self.progress, "record", "records")));
        }
        if !self.refused.is_empty() {
            line.push_str(&format!("; {} page snapshots or fetch records refused", self.refused.len()));
        }
        line
    }
}

/// Merges the archive at `other` into `store` (see the module's comment).
/// The target itself is refused, as is any file [`Store::open_other`] refuses.
pub fn merge(store: &mut Store, other: &Path) -> Result<MergeReport, ArchiveError> {
    if store.is_file(other) {
        return Err(ArchiveError::Input(format!(
            "{}: this is the archive itself; name another archive to merge into it",
            other.display()
        )));
    }
    let source = store.open_other(other)?;
    let mut report = MergeReport::default();
    // Pages refused, each told once however many rows name it.
    let mut pages_refused: HashSet<String> = HashSet::new();
    let mut copy_pages = |store: &mut Store, shas: &[String], report: &mut MergeReport| {
        let mut refused = Vec::new();
        report.snapshots += copy_snapshots(store, &source, shas, &mut refused)?;
        for (sha, why) in refused {
            if pages_refused.insert(sha.clone()) {
                report.refused.push(format!("{} snapshot {sha}: {why}", other.display()));
            }
        }
        Ok::<_, ArchiveError>(())
    };
    let place = |id: i64| format!("{} puzzle {id}", other.display());
    let mut after = 0;
    loop {
        let read = source.records_after(&Filter::default(), after, CHUNK)?;
        let Some((last, _)) = read.last() else { break };
        after = *last;
        let mut chunk: Vec<(String, Record)> = Vec::with_capacity(read.len());
        for (id, record) in read {
            match record {
                Ok(record) => chunk.push((place(id), record)),
                Err(why) => report.puzzles.refused.push(format!("{}: {why}", place(id))),
            }
        }
        let mut named: Vec<String> = chunk.iter().filter_map(|(_, r)| r.puzzle.snapshot.clone()).collect();
        named.sort();
        named.dedup();
        copy_pages(store, &named, &mut report)?;
        let records = chunk.len();
        restore_chunk(store, chunk, &mut report.puzzles)?;
        tracing::info!(puzzles = records, "chunk merged");
        if crate::interrupt::requested() {
            return Ok(MergeReport { interrupted: true, ..report });
        }
    }
    // The player's progress, once every puzzle it may be of is here.
    let records = super::progress::by_key(&source, None)?;
    report.progress = super::progress::keep(store, &records)?.changed;
    // The fetch log, a chunk at a time after the pages it names.
    let mut after = 0;
    loop {
        let fetches = source.fetch_records(after, FETCH_CHUNK)?;
        let Some((last, _)) = fetches.last() else { break };
        after = *last;
        let mut named: Vec<String> =
            fetches.iter().filter_map(|(_, f)| f.as_ref().ok().and_then(|f| f.snapshot.clone())).collect();
        named.sort();
        named.dedup();
        copy_pages(store, &named, &mut report)?;
        // A record is kept with the page it names or not at all: the same
        // record stored without it would be another one, stored again by
        // every merge.
        let absent: HashSet<String> = store.missing_snapshots(&named)?.into_iter().collect();
        let mut records = Vec::with_capacity(fetches.len());
        for (id, fetch) in fetches {
            let place = format!("{} fetch {id}", other.display());
            match fetch {
                Err(why) => report.refused.push(format!("{place}: {why}")),
                Ok(f) if f.snapshot.as_ref().is_some_and(|sha| absent.contains(sha)) => report.refused.push(format!(
                    "{place}: the page snapshot it names, {}, is not there to store with it",
                    f.snapshot.unwrap_or_default()
                )),
                Ok(f) => records.push(f),
            }
        }
        if !records.is_empty() {
            // A new archive takes its name before its first row (see `Store::open_to_keep`).
            store.keep()?;
        }
        let done = store.restore_fetches(&[], &records)?;
        report.fetches += done.added;
        report.fetches_present += done.present;
        if crate::interrupt::requested() {
            return Ok(MergeReport { interrupted: true, ..report });
        }
    }
    // Pages neither a puzzle nor a fetch names (an archive keeps every page it
    // was given), so that the merged archive holds every snapshot.
    for (row, name) in source.misnamed_snapshots()? {
        report.refused.push(format!("{} snapshot row {row}: its name is {name}, not a sha256", other.display()));
    }
    let rest = store.missing_snapshots(&source.snapshot_shas()?)?;
    for shas in rest.chunks(SNAPSHOT_CHUNK) {
        copy_pages(store, shas, &mut report)?;
        if crate::interrupt::requested() {
            return Ok(MergeReport { interrupted: true, ..report });
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Access;

    const FIXTURE: &[u8] = include_bytes!("../../../../tests/fixtures/archive/v1/archive.sqlite");

    /// The version 1 fixture with a few bytes changed, as the fuzz target
    /// `other_archive` changes it, a hundred times over: every merge is
    /// refused or merges what it can, the other file is never changed, and
    /// what was merged is sound and verifies.
    #[test]
    fn archives_with_bytes_changed_are_refused_or_merged_soundly_and_never_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            // xorshift64*: the same changes on every run.
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        let (mut refused, mut merged) = (0, 0);
        for case in 0..100 {
            let mut bytes = FIXTURE.to_vec();
            for _ in 0..1 + next() % 4 {
                let at = (next() % bytes.len() as u64) as usize;
                bytes[at] = next() as u8;
            }
            let other = dir.path().join(format!("other-{case}.sqlite"));
            std::fs::write(&other, &bytes).unwrap();
            let mut store = Store::open(&dir.path().join(format!("a-{case}.sqlite")), Access::ReadWrite).unwrap();
            match merge(&mut store, &other) {
                Ok(_) => merged += 1,
                Err(_) => refused += 1,
            }
            assert!(std::fs::read(&other).unwrap() == bytes, "case {case}: the other archive was changed");
            let report = crate::archive::verify::verify(&store.into(), &Filter::default()).unwrap();
            assert!(report.mismatches.is_empty(), "case {case}: {:?}", report.mismatches);
        }
        // Most changes land in pages a merge reads past or refuses a row of.
        assert!(merged > 0 && refused > 0, "{merged} merged, {refused} refused");
    }
}
